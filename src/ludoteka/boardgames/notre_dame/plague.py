"""Phase 5, the plague (ND-20), and Notre Dame scoring at the end of a period (ND-22)."""
from __future__ import annotations

from ...kernel import Action
from ...kernel.flow import Decision, in_order
from ...kernel.preview import attach, note
from .data import SECTOR_COUNT
from .frames import FLOW
from .keys import HOSPITAL, LOSE_INDEX, LOSE_KEYS, NOTRE_DAME_POINTS, PLAGUE_POINTS
from .outlook import preview


def plague(state) -> None:
    """ND-20: every rat marker moves by the plague value less the hospital count; a marker that
    would pass the end costs 2 prestige and a stone from a fullest sector (tied: the seat chooses,
    in order from the start player, ND-AMB-20)."""
    value = state.plague_value()
    top = state.data.plague_max
    choosers = []
    n = state.players
    for i in range(n):
        seat = (state.start + i) % n
        move = (0 if state.physician[seat] else value) - state.count(seat, HOSPITAL)   # ND-20.3, ND-18.10
        new = state.rat[seat] + move
        if new > top:                                             # ND-20.5 to ND-20.11
            state.rat[seat] = top
            lost = state.lose_pp(seat, 2, PLAGUE_POINTS)
            choices = state.plague_sectors(seat)
            stone = "a stone" if choices else "no stone, as none can be removed"
            state.event("plague_overflow", f"Plague: {state.name(seat)} loses {lost} prestige and {stone} "
                        f"(the rat marker would pass {top}; it stays on {top}).",
                        {"seat": seat, "prestige": lost, "stone": bool(choices)}, (seat,))
            if len(choices) == 1:
                lose_stone(state, seat, choices[0])
            elif choices:
                choosers.append(PLAGUE_LOSS(seat))
        else:
            state.rat[seat] = max(0, new)                         # ND-20.4, ND-20.12
    state.event("plague", f"Plague (value {value}): the rat markers now stand at " + ", ".join(
        f"{state.rat[s]} for {state.name(s)}" for s in range(n)) + ".",
        {"value": value, "rats": list(state.rat)}, tuple(range(n)))
    state.push(in_order(choosers))


def lose_stone(state, seat: int, sector: int) -> None:
    state.sector_stones[seat * SECTOR_COUNT + sector] -= 1
    state.general[seat] += 1
    state.event("plague_stone", f"{state.name(seat)} returns a stone from the {state.data.card_names[sector]} "
                f"to the general supply.", {"seat": seat, "sector": state.data.card_ids[sector]}, (seat,))


@FLOW.kind
class PlagueLoss(Decision):
    """ND-20.7 to ND-20.9: which of the tied fullest sectors loses a stone."""

    args = ("seat",)
    over = ("end_round",)
    phase = "plague"
    title = "plague: which sector loses a stone"

    def keys(self, state, frame, seat):
        return [LOSE_KEYS[s] for s in state.plague_sectors(seat)]

    def describe(self, state, frame, seat, key):
        sector = LOSE_INDEX[key]
        action = Action(key, f"Lose a stone from your {state.data.card_names[sector]} (plague)",
                        {"kind": "lose", "sector": state.data.card_ids[sector]})
        left = state.count(seat, sector) - 1
        return attach(action, preview(state, seat, key, [note(
            "lose_stone", f"{left} piece{'s' if left != 1 else ''} stay there; the stone goes back to "
            f"the general supply", n=left)]))

    def apply(self, state, frame, seat, key):
        lose_stone(state, seat, LOSE_INDEX[key])


def score_notre_dame(state) -> None:
    """ND-22: tile value ÷ stones on Notre Dame, floored, per stone, plus one park bonus."""
    total = sum(state.notre_dame_stones)
    if total == 0:                                                # ND-22.5
        return
    per_stone = state.data.tile_points[state.players] // total
    owners = list(state.notre_dame_stones)          # whose stones scored: public, on the board
    for s in range(state.players):
        if state.notre_dame_stones[s]:
            state.gain_pp(s, per_stone * state.notre_dame_stones[s], NOTRE_DAME_POINTS, f"Notre Dame, {state.notre_dame_stones[s]} × {per_stone}")
            state.general[s] += state.notre_dame_stones[s]                       # ND-22.4
            state.notre_dame_stones[s] = 0
    whose = ", ".join(f"{state.name(s)} {n}" for s, n in enumerate(owners) if n)
    state.event("notre_dame_scoring", f"Notre Dame scoring: {total} stone{'s' if total > 1 else ''} ({whose}), "
                f"{per_stone} prestige each; the stones return to the general supply.",
                {"stones": total, "per_stone": per_stone, "owners": owners})


PLAGUE_LOSS = PlagueLoss
