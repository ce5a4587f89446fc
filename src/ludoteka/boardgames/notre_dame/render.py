"""The terminal picture of the table (labels live with each decision, views in hidden.py).

`render(state, seat)` is the compact picture a player needs before each decision; with
`full=True` it is the whole table. Neither shows raw codes (market codes, card ids, rule IDs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MARKET_PLACES, message_reward
from .hidden import reconstructed_note, view

if TYPE_CHECKING:
    from .state import NotreDameState

PHASES = {"draft": "2 draft", "actions": "3 action cards", "bribes": "4 bribes", "plague": "5 plague",
          "over": "game over"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _who(state: "NotreDameState", seat: int, viewer: int | None) -> str:
    """The seat as the table names it: "You" for the viewing seat."""
    return "You" if seat == viewer else state.name(seat)


def _market(data, code: str) -> str:
    """'0.IL' as a short place: 'red inner-left'."""
    borough, _, place = code.partition(".")
    return f"{data.colours[int(borough)]} {MARKET_PLACES.get(place, place)}"


def _card_name(data, card_id: str) -> str:
    return data.card_names[data.card_ids.index(card_id)]


def _persons(state: "NotreDameState", v, seat: int | None) -> str:
    return (f"Bell-ringer: {_who(state, v['start_player'], seat)} | persons: " + ", ".join(f"{p['name']} ({_plural(p['rats'], 'rat')})" for p in v["persons"])
            + f" | plague value {v['plague_value']}")


def _header(state: "NotreDameState", v, seat: int | None) -> str:
    decision = v["decision"]
    acting = v["acting_seats"]
    if acting:
        if acting == [seat]:
            who = "you"
        elif len(acting) == state.players and len(acting) > 1:
            who = "everyone"
        else:
            who = ", ".join(_who(state, s, seat) for s in acting)
        decision = f"{decision} ({who})"
    return (f"NOTRE DAME  round {v['round']}/9 (period {v['period']})  phase {PHASES.get(v['phase'], v['phase'])}"
            f"  |  now: {decision}")


def _guide(v) -> str:
    """The view's guide in a line: what happens next, then the warnings ("!")."""
    guide = v["guide"]
    text = guide["next"]["text"]
    return "Next: " + text[0].upper() + text[1:] + "".join(f"\n! {w['text'][0].upper()}{w['text'][1:]}"
                                                         for w in guide["warnings"])


def render(state: "NotreDameState", seat: int | None, full: bool = False) -> str:
    """A text picture of the table as `seat` sees it: compact, or the whole table if `full`."""
    return render_full(state, seat) if full else render_compact(state, seat)


def _closing_lines(data, v, seat: int | None) -> list[str]:
    """The seat's hand and draft offer, then the reconstructed-data note: the end of both tables."""
    lines = []
    if seat is not None:
        if v["hand"]:
            lines.append("Your hand: " + ", ".join(_card_name(data, c) for c in v["hand"]))
        if v["draft_offer"]:
            lines.append("Choose from: " + ", ".join(_card_name(data, c) for c in v["draft_offer"]))
    note = reconstructed_note(data)
    if note:
        lines.append(note)
    return lines


def render_compact(state: "NotreDameState", seat: int | None) -> str:
    """What a player needs before a decision: round and phase, persons and plague value, the own
    seat in detail, one short line per other seat."""
    v = view(state, seat)
    data = state.data
    top = data.plague_max
    lines = [_header(state, v, seat), _persons(state, v, seat), _guide(v)]
    mine = [p for p in v["players"] if p["seat"] == seat]
    for p in mine + [p for p in v["players"] if p["seat"] != seat]:
        s = p["seat"]
        pp = "?" if p["prestige"] is None else p["prestige"]
        msgs = sum(p["messages"].values())
        pieces = sum(p["sectors"].values()) + (p["trusted_friend"] is not None)
        played = ", ".join(_card_name(data, c) for c in p["played"])
        if s == seat:
            lines.append(f"You ({p['colour']}): {_plural(p['coins'], 'coin')}, {_plural(p['personal_supply'], 'stone')} "
                         f"to place ({p['general_supply']} in the general supply), prestige {pp}, "
                         f"rats {p['rat_marker']}/{top}, {_plural(msgs, 'message')}")
            lines.append(f"  carriage on the "
                         f"{_market(data, p['carriage']).split(' ', 1)[1]} market of "
                         f"{'your' if _market(data, p['carriage']).startswith(p['colour'] + ' ') else 'the ' + _market(data, p['carriage']).split(' ')[0]} borough")
            sectors = ", ".join(f"{name} {p['sectors'][sid]}{'+friend' if p['trusted_friend'] == sid else ''}"
                                for sid, name in zip(data.sectors, data.card_names))
            lines.append(f"  sectors: {sectors}; Notre Dame {p['notre_dame']}")
            if played:
                lines.append(f"  played this round: {played}")
        else:
            line = (f"{state.name(s)}: {_plural(p['coins'], 'coin')}, {_plural(p['personal_supply'], 'stone')} to place, "
                    f"prestige {pp}, rats {p['rat_marker']}/{top}, sectors {pieces}, "
                    f"Notre Dame {p['notre_dame']}")
            if played:
                line += f"; played {played}"
            lines.append(line)
    return "\n".join(lines + _closing_lines(data, v, seat))


def render_full(state: "NotreDameState", seat: int | None) -> str:
    """The whole table as `seat` sees it."""
    v = view(state, seat)
    data = state.data
    short = ("School", "Bank", "Resid", "Carria", "Hotel", "Park", "Hosp")
    lines = [_header(state, v, seat), _persons(state, v, seat)
             + f"  |  Notre Dame pays {v['notre_dame_points']}  |  coins in supply {v['coin_supply']}",
             _guide(v), ""]
    head = f"{'seat':<17}" + "".join(f"{s:>7}" for s in short) + f"{'ND':>4}{'pers':>5}{'gen':>4}{'coin':>5}" \
           f"{'rat':>4}{'PP':>5}  {'carriage':<20} messages"
    lines.append(head)
    for p in v["players"]:
        cells = []
        for sector in data.sectors:
            mark = "+F" if p["trusted_friend"] == sector else ""
            cells.append(f"{str(p['sectors'][sector]) + mark:>7}")
        bell = "*" if p["seat"] == v["start_player"] else " "
        pp = "?" if p["prestige"] is None else p["prestige"]
        msgs = " ".join(f"{c}:{k}" for c, k in p["messages"].items() if k)
        name = _who(state, p["seat"], seat)
        lines.append(f"{bell}{name:<16}" + "".join(cells)
                     + f"{p['notre_dame']:>4}{p['personal_supply']:>5}{p['general_supply']:>4}"
                     f"{p['coins']:>5}{p['rat_marker']:>4}{pp!s:>5}  {_market(data, p['carriage']):<20} "
                     f"{msgs or '-'}")
    lines.append(f"(* bell-ringer; +F trusted friend there; ND stones on Notre Dame; pers/gen stones in the "
                 f"personal/general supply; rat marker 0-{data.plague_max}; PP prestige, hidden from others)")
    kinds = {m.id: m for m in data.messages}
    board = v["messages_on_board"]
    lines.append("Messages on the board:")
    by_colour: dict[str, list[str]] = {}
    for market, d in sorted(board.items()):
        by_colour.setdefault(d["colour"], []).append(
            f"{_market(data, market).split(' ', 1)[1]} {message_reward(kinds[d['kind']])}")
    for colour, items in by_colour.items():
        lines.append(f"  {colour} borough: " + "; ".join(items))
    if not board:
        lines.append("  none")
    played = [f"{_who(state, p['seat'], seat)}: {', '.join(_card_name(data, c) for c in p['played'])}"
              for p in v["players"] if p["played"]]
    if played:
        lines.append("Played this round: " + "; ".join(played))
    return "\n".join(lines + _closing_lines(data, v, seat))
