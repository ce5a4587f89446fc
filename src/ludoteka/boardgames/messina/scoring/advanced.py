"""The final scoring of the advanced variant (MS-33): the side-b scroll tracks (MS-33.10 - 33.19)
and the extra points for repopulating (MS-33.7 - 33.9).

A scroll track is scored at its cube's level. The counting tracks (goods of one type, workshops,
timber, hut upgrades, coins) give `values[level]` per counted item, capped, divided by `divisor`
(the coin track is written in half points: its first level gives 1/2 point per coin, rounded down,
MS-33.15). The book tracks give `tiers[level]` = (single-bar value, double-bar value) by how far the
disc is, read at scoring time, after the rat penalty (MS-33.18). The overseer track gives
`tiers[level]` = (first hexagonal space, second, centre) for the 2 most advanced overseers.
"""
from __future__ import annotations

from ..data.components import GOODS
from ..model.state import BOOKS, HUTS, OVERSEERS, SHIP_OWNED
from .common import place_awards, repopulated
from ..model.sides import side_name

HEX_STEPS = (4, 5, 6)        # MS-16.6: steps 4 and 5 are the hexagonal spaces, step 6 the centre
COUNTED = {"goods_one_type": "cargo of one goods type", "workshops": "workshops", "timber": "timber",
           "hut_upgrades": "hut upgrades", "coins": "coins"}
TRACK_NAMES = {"buildings": "buildings", "ships": "ships", "repopulated": "repopulated hexes",
               **COUNTED, "overseers": "overseer positions"}


def track_name(track) -> str:
    """'coins', 'popularity book' ... (labels, events and the view)."""
    return f"{track.book} book" if track.kind == "book" else TRACK_NAMES.get(track.kind, track.kind)


def track_key(track) -> str:
    """The view's key of a track: its kind, or 'popularity_book' ... for a book track."""
    return f"{track.book}_book" if track.kind == "book" else track.kind


def goods_counts(state, seat: int) -> dict[str, int]:
    """The cargo the seat owns per goods type (MS-33.10)."""
    counts = dict.fromkeys(GOODS, 0)
    for i, at in enumerate(state.ship_at):
        if at == SHIP_OWNED + seat:
            ship = state.data.ships[i]
            counts[ship.goods] = counts.get(ship.goods, 0) + ship.cargo
    return counts


def side_b_items(state, seat: int, kind: str) -> int:
    """What a side-b counting track counts, before its cap (MS-33.10 - 33.14); 0 for other kinds."""
    if kind == "goods_one_type":
        return max(goods_counts(state, seat).values())      # the type held most of (AMB-51)
    if kind == "workshops":
        return len(state.workshops[seat]) // 3
    if kind == "timber":
        return state.timber[seat]                           # held at game end (MS-33.16)
    if kind == "hut_upgrades":
        return sum(1 for h in range(HUTS) if state.hut_upgrade[seat * HUTS + h] >= 0)
    if kind == "coins":
        return state.coins[seat]
    return 0


def bars_passed(state, seat: int, book: str) -> int:
    """MS-33.17: 2 past the book's double bar, 1 past its single bar only, else 0."""
    data = state.data.sides[side_name(state.players)].books[book]
    at = state.books[seat * 3 + BOOKS.index(book)]
    return 2 if at > data.double_bar else 1 if at > data.single_bar else 0


def overseer_values(state, seat: int, tier: tuple[int, ...]) -> list[int]:
    """MS-33.19: the values of the 2 most advanced overseers on a hexagonal space or the centre."""
    values = [tier[HEX_STEPS.index(step)] for step in
              (state.overseer_step[seat * 3 + k] for k in range(len(OVERSEERS))) if step in HEX_STEPS]
    return sorted(values, reverse=True)[:2]


def tier_track(state, seat: int, track, level: int) -> tuple[int, int]:
    """(items, points) of a book track (bars passed) or the overseer track (overseers counted)."""
    tier = track.tiers[level]
    if track.kind == "book":
        passed = bars_passed(state, seat, track.book)
        return passed, tier[passed - 1] if passed else 0
    values = overseer_values(state, seat, tier)
    return len(values), sum(values)


def level_text(track, level: int) -> str:
    """What a track pays at a level, in words (the scroll advance's label)."""
    if track.kind == "book":
        single, double = track.tiers[level]
        return (f"{single} points past the single bar of the {track.book} book, {double} past the "
                "double bar")
    if track.kind == "overseers":
        first, second, centre = track.tiers[level]
        return (f"{first}/{second}/{centre} points for each of your 2 most advanced overseers on the "
                "first/second hexagonal space/centre")
    value, divisor = track.values[level], track.divisor
    each = str(value // divisor) if value % divisor == 0 else f"{value}/{divisor}"
    return f"{each} point{'' if value <= divisor else 's'} per {_singular(track.kind)}" + (
        f", at most {track.cap}" if track.cap else "")


def _singular(kind: str) -> str:
    return {"goods_one_type": "cargo of the goods type you have most of", "workshops": "workshop",
            "timber": "timber", "hut_upgrades": "hut upgrade", "coins": "coin", "buildings": "building",
            "ships": "ship cargo", "repopulated": "repopulated hex"}.get(kind, kind)


# ---------------------------------------------------------------------- extra repopulation points
def repopulation_places(state) -> list[int]:
    """MS-33.7 - 33.9 (AMB-38): the extra points per seat for the most repopulated city hexes.
    Seats that repopulated none get nothing and take no place; the others are ranked by the
    number of hexes, ties by the hexes' printed points (step 2 of the final scoring); seats
    still tied share the points of the places they take, rounded down."""
    n = state.players
    hexes = [repopulated(state, s) for s in range(n)]
    rank = {s: (len(hexes[s]), sum(hexes[s])) for s in range(n) if hexes[s]}
    return place_awards(n, rank, rank.get, state.data.tables.repop_majority.get(n, ()))


def score_repopulation_bonus(state) -> None:
    """MS-33.7 - 33.9: the advanced game's extra repopulation points (not the solo game's)."""
    if not state.rules.advanced or state.players < 2:
        return
    awards = repopulation_places(state)
    for seat in state.turn_order:
        state.add_points(seat, awards[seat], "repopulation_bonus")
    state.event("repopulation_bonus", "Extra points for repopulating: " + ", ".join(
        f"seat {s} {awards[s]}" for s in state.turn_order) + ".",
        {"points": awards})
