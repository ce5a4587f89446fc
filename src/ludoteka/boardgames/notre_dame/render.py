"""The terminal picture of the table (labels live with each decision, views in hidden.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .hidden import reconstructed_note, view

if TYPE_CHECKING:
    from .state import NotreDameState


def render(state: "NotreDameState", seat: int | None) -> str:
    """A text picture of the whole table as `seat` sees it."""
    v = view(state, seat)
    data = state.data
    short = ("School", "Bank", "Resid", "Carria", "Hotel", "Park", "Hosp")
    lines = [f"NOTRE DAME  round {v['round']}/9  period {v['period']}  phase: {v['phase']}  "
             f"decision: {v['decision']}",
             "Persons: " + ", ".join(f"{p['name']} ({p['rats']} rat{'' if p['rats'] == 1 else 's'})" for p in v["persons"])
             + f"  |  plague value {v['plague_value']}  |  Notre Dame pays {v['notre_dame_points']}"
             f"  |  coins in supply {v['coin_supply']}",
             ""]
    head = f"{'seat':<14}" + "".join(f"{s:>7}" for s in short) + f"{'ND':>4}{'pers':>5}{'gen':>4}{'coin':>5}" \
           f"{'rat':>4}{'PP':>5}  carriage  messages"
    lines.append(head)
    for p in v["players"]:
        cells = []
        for i, sector in enumerate(data.sectors):
            mark = "+F" if p["trusted_friend"] == sector else ""
            cells.append(f"{str(p['sectors'][sector]) + mark:>7}")
        bell = "*" if p["seat"] == v["start_player"] else " "
        pp = "?" if p["prestige"] is None else p["prestige"]
        msgs = " ".join(f"{c[:1]}{k}" for c, k in p["messages"].items() if k)
        lines.append(f"{bell}{p['seat']} {p['colour']:<11}" + "".join(cells)
                     + f"{p['notre_dame']:>4}{p['personal_supply']:>5}{p['general_supply']:>4}"
                     f"{p['coins']:>5}{p['rat_marker']:>4}{pp!s:>5}  {p['carriage']:<9} {msgs or '-'}")
    lines.append("(* start player, +F trusted friend there; rat marker 0-9; PP hidden from others)")
    board = v["messages_on_board"]
    lines.append("Messages on the board: " + (", ".join(
        f"{m}={d['colour'][:1]}:{d['kind']}" for m, d in sorted(board.items())) or "none"))
    played = [f"{p['seat']}: {', '.join(p['played'])}" for p in v["players"] if p["played"]]
    if played:
        lines.append("Played this round: " + "; ".join(played))
    if seat is not None:
        if v["hand"]:
            lines.append("Your hand: " + ", ".join(data.card_names[data.card_ids.index(c)] for c in v["hand"]))
        if v["draft_offer"]:
            lines.append("Choose from: " + ", ".join(data.card_names[data.card_ids.index(c)]
                                                      for c in v["draft_offer"]))
    note = reconstructed_note(data)
    if note:
        lines.append(note)
    return "\n".join(lines)
