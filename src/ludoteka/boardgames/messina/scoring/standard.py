"""The end of the game (MS-29 - MS-32): the rat penalty, the final scoring in the printed order,
the winners with their tie-breaks, and the score breakdown (its categories sum to the score).

Seats are scored in the current turn order within each step (AMB-25), which fixes the stacking
of score discs (AMB-47).
"""
from __future__ import annotations

from typing import Any

from . import solo as scoring_solo
from .advanced import score_repopulation_bonus, side_b_items, tier_track, track_key
from .common import place_awards, repopulated
from ..model.sides import scroll_board_of, side_name
from ..model.state import BOOKS, CATEGORIES, HUTS, POPULARITY
from ..model.texts import amount_text, count_text



def rat_penalty(rats: int, table: tuple[int, ...]) -> int:
    """MS-30.2 (D-9): the points lost for `rats` rats; more rats than the table lists lose its last value."""
    if not table or rats <= 0:
        return 0
    return table[min(rats, len(table) - 1)]


def final_scoring(state) -> None:
    """MS-29.2, MS-30, MS-31.1: the rat penalty, then books (with the popularity ranking),
    repopulated city hexes, the scroll board and the remaining markers."""
    state.event("game_end", "Round VI is over: the rat penalty and the final scoring.", {})
    apply_rat_penalty(state)
    score_books(state)
    solo = state.players == 1
    if solo:
        scoring_solo.score_popularity_bonus(state)
    else:
        score_popularity_ranking(state)
    score_repopulated_hexes(state)
    if solo:
        scoring_solo.score_repopulation_bonus(state)
    else:
        score_repopulation_bonus(state)                 # advanced only (MS-33.7)
    score_scroll_boards(state)
    score_remaining_markers(state)
    scores = list(state.score)
    if solo:
        good = scoring_solo.good_result(state)
        state.event("final_scores", f"Final score: {scores[0]} (the rulebook calls {good} a good result).",
                    {"scores": scores, "winners": [0], "good_result": good})
        return
    state.event("final_scores", "Final scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(scores))
                + f". Winner: {', '.join(f'seat {s}' for s in winners(state))}.",
                {"scores": scores, "winners": winners(state)})


def as_if_ended(state):
    """What the final scoring would make of the game if round VI ended now: a scored copy, or the
    state itself once the game is over (AI hints compare it, players see it in the view)."""
    if state.top() is None:
        return state
    end = state.clone()
    final_scoring(end)
    return end


def apply_rat_penalty(state) -> None:
    """MS-30.1-30.6: each rat moves the popularity disc back 1 space (never past the first, no
    side effects, AMB-34), and the rat count costs points (the score may go negative)."""
    table = state.rules.rat_penalty
    for seat in state.turn_order:
        rats = state.rats[seat]
        if not rats:
            continue
        i = seat * 3 + POPULARITY
        back = min(rats, state.books[i])
        state.books[i] -= back
        lost = rat_penalty(rats, table)
        state.add_points(seat, -lost, "rat_penalty")
        state.event("rat_penalty", f"Seat {seat} has {count_text(rats, 'rat')}: "
                    f"{count_text(back, 'popularity space')} back and {amount_text('points', lost)} lost.",
                    {"seat": seat, "rats": rats, "spaces_back": back, "points": -lost}, seats=(seat,))


def score_books(state) -> None:
    """MS-31.2: the points printed on each book's space the disc is on."""
    books = state.data.sides[side_name(state.players)].books
    for seat in state.turn_order:
        got = {}
        for b, name in enumerate(BOOKS):
            table = books[name].points
            got[name] = table[min(state.books[seat * 3 + b], len(table) - 1)] if table else 0
        total = sum(got.values())
        state.add_points(seat, total, "books")
        state.event("book_points", f"Seat {seat} scores {amount_text('points', total)} from the books "
                    f"(popularity {got['popularity']}, city {got['city']}, church {got['church']}).",
                    {"seat": seat, "points": got, "total": total}, seats=(seat,))


def fire_count(state, seat: int) -> int:
    """MS-31.5: fire markers for the popularity tie-break; a large fire counts as 2."""
    return state.fire[seat] + 2 * state.large_fire[seat]


def popularity_awards(state) -> list[int]:
    """MS-31.3-31.7 (D-5, AMB-35): points per seat for the popularity ranking. Every seat is
    ranked by its space, ties by fire (large fire = 2); seats still tied share the points of the
    places they take, rounded down. The stack order is not used."""
    n = state.players
    table = state.data.tables.popularity_ranking.get(n, ())
    place_points = [table[k] if k < len(table) else 0 for k in range(n)]

    def rank(s: int) -> tuple[int, int]:
        return (state.books[s * 3 + POPULARITY], fire_count(state, s))

    return place_awards(n, range(n), rank, place_points)


def score_popularity_ranking(state) -> None:
    """MS-31.3-31.7: the popularity ranking's points."""
    awards = popularity_awards(state)
    for seat in state.turn_order:
        state.add_points(seat, awards[seat], "popularity_ranking")
    state.event("popularity_ranking", "Popularity ranking: " + ", ".join(
        f"seat {s} {awards[s]}" for s in state.turn_order) + ".",
        {"points": awards, "positions": [state.books[s * 3 + POPULARITY] for s in range(state.players)],
         "fire": [fire_count(state, s) for s in range(state.players)]})


def score_repopulated_hexes(state) -> None:
    """MS-31.8: the printed points of each city hex repopulated (not the 2 of the tile)."""
    for seat in state.turn_order:
        values = repopulated(state, seat)
        if not values:
            continue
        state.add_points(seat, sum(values), "repopulated_hexes")
        state.event("repopulated_points", f"Seat {seat} scores {amount_text('points', sum(values))} for "
                    f"{count_text(len(values), 'repopulated city hex', 'repopulated city hexes')}.",
                    {"seat": seat, "hexes": len(values), "points": sum(values)}, seats=(seat,))


def scroll_items(state, seat: int, kind: str) -> int:
    """What a counting scroll track counts: side a (MS-31.10-31.12) or side b (MS-33.10-33.14)."""
    if kind == "buildings":
        huts = sum(1 for h in range(HUTS) if state.hut_upgrade[seat * HUTS + h] >= 0)
        return huts + len(state.workshops[seat]) // 3
    if kind == "ships":
        return state.ships_owned(seat)
    if kind == "repopulated":
        return sum(1 for node, tile in enumerate(state.hex_at)
                   if tile >= 0 and state.repopulated_by[node] == seat)
    return side_b_items(state, seat, kind)


def scroll_points(state, seat: int) -> list[tuple[str, int, int, int]]:
    """MS-31.9-31.12, MS-33.10-33.19: (track key, level, items counted, points) of the seat's 3
    scroll tracks, side a or b; the key is the kind, or 'city_book' ... (book tracks count the
    bars passed, the overseer track the overseers scored)."""
    out = []
    for k, track in enumerate(scroll_board_of(state, seat).tracks):
        level = min(state.scroll[seat * 3 + k], len(track.values) - 1)
        if track.kind in ("book", "overseers"):
            items, points = tier_track(state, seat, track, level)
        else:
            items = scroll_items(state, seat, track.kind)
            if track.cap:
                items = min(items, track.cap)
            points = track.values[level] * items // track.divisor
        out.append((track_key(track), level, items, points))
    return out


def score_scroll_boards(state) -> None:
    """MS-31.9: each scroll track at its cube's level."""
    for seat in state.turn_order:
        tracks = scroll_points(state, seat)
        total = sum(t[3] for t in tracks)
        state.add_points(seat, total, "scroll_board")
        state.event("scroll_points", f"Seat {seat} scores {amount_text('points', total)} on the scroll board ("
                    + ", ".join(f"{kind.replace('_', ' ')} {items} x level {level + 1}: {points}"
                                for kind, level, items, points in tracks) + ").",
                    {"seat": seat, "total": total,
                     "tracks": [{"kind": kind, "level": level, "items": items, "points": points}
                                for kind, level, items, points in tracks]}, seats=(seat,))


def score_remaining_markers(state) -> None:
    """MS-31.13/31.14 (AMB-1): coins, fire, large fire and timber together, divided by 3, rounded down."""
    divisor = state.data.tables.remaining_markers_divisor
    for seat in state.turn_order:
        markers = state.coins[seat] + state.fire[seat] + state.large_fire[seat] + state.timber[seat]
        points = markers // divisor
        state.add_points(seat, points, "remaining_markers")
        state.event("remaining_markers", f"Seat {seat} scores {amount_text('points', points)} for "
                    f"{count_text(markers, 'remaining marker')}.",
                    {"seat": seat, "markers": markers, "points": points}, seats=(seat,))


# ---------------------------------------------------------------------- winners and breakdown
def tiebreak(state, seat: int) -> dict[str, int]:
    """MS-32.2-32.4: the repopulated hexes, their printed points and the best one."""
    values = repopulated(state, seat)
    return {"repopulated_hexes": len(values), "repopulated_points": sum(values),
            "best_repopulated_hex": max(values, default=0)}


def winners(state) -> list[int]:
    """MS-32 (D-6, AMB-36): the most points; then the most repopulated city hexes; then their
    printed points' sum (unless the 'single' option); then the best single hex; else shared."""
    def key(s: int) -> tuple[int, ...]:
        t = tiebreak(state, s)
        if state.rules.tiebreak_sum:
            return (state.score[s], t["repopulated_hexes"], t["repopulated_points"], t["best_repopulated_hex"])
        return (state.score[s], t["repopulated_hexes"], t["best_repopulated_hex"])

    keys = [key(s) for s in range(state.players)]
    best = max(keys)
    return [s for s in range(state.players) if keys[s] == best]


def breakdown(state) -> list[dict[str, dict[str, Any]]]:
    """Per seat: the points per category (non-zero ones; they sum to the score) and the tie-breaks."""
    out = []
    for s in range(state.players):
        pts = state.category_points(s)
        out.append({"points": {name: pts[i] for i, name in enumerate(CATEGORIES) if pts[i]},
                    "tiebreak": tiebreak(state, s)})
    return out
