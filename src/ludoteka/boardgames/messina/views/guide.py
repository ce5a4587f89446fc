"""Messina 1347: the guide of a view, `{"next": note, "warnings": [note, ...]}` (kernel/preview.py
note format): what happens next in this round (the round overview row, DATA-10) and the warnings a
player needs before it is too late (the rats before the end-of-game penalty, MS-30). Built from
public information only (AMB-52): the same for every seat but for the seat's own warnings.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel.preview import note

from ..model.sides import side_name
from ..model.texts import count_text
from ..rules.production import LAST_ROUND
from ..scoring.standard import rat_penalty


def guide(state, seat: int | None) -> dict[str, Any]:
    """The "what happens next" line and the warnings of `seat` (None: a spectator, no warnings)."""
    return {"next": _next(state), "warnings": _warnings(state, seat)}


def _next(state) -> dict[str, Any]:
    if state.is_terminal():
        return note("game_over", "The game is over: the rat penalty and the final scoring are done.")
    # read from what a view shows: the round is ending once production is under way (a
    # lieutenant gained then is next round's, MS-25.17) or no lieutenant is left
    turns = 0 if state.producing else sum(len(state.available_lieutenants(s)) for s in range(state.players))
    if not turns:
        if state.round >= LAST_ROUND:
            return note("production_last", "Round VI ends: production, then the rat penalty and the final "
                        "scoring.", round=state.round)
        return note("production", f"Round {state.round} ends: production, then round {state.round + 1} "
                    "is prepared.", round=state.round, next=state.round + 1)
    if state.round >= LAST_ROUND:
        return note("last_round", f"Round VI, the last: {count_text(turns, 'lieutenant turn')} left, then production, "
                    "the rat penalty and the final scoring.", round=state.round, turns=turns)
    row = state.data.sides[side_name(state.players)].rounds[state.round]
    return note("round_next", f"Round {state.round}: {count_text(turns, 'lieutenant turn')} left, then production; in "
                f"round {state.round + 1} {row.ships} ship{'s arrive' if row.ships != 1 else ' arrives'} and a plague "
                f"cube costs {row.fire_cost} fire.",
                round=state.round, turns=turns, next=state.round + 1, ships=row.ships, fire=row.fire_cost)


def _warnings(state, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat >= state.players or state.is_terminal():
        return []
    rats = state.rats[seat]
    if not rats:
        return []
    table = state.rules.rat_penalty
    lost = rat_penalty(rats, table)
    more = rat_penalty(rats + 1, table) - lost
    plural = "s" if rats != 1 else ""
    return [note("rats", f"You hold {rats} rat{plural}: at the end {'they put' if plural else 'it puts'} you "
                 f"{rats} popularity space{plural} back, and the rat penalty is {lost}; the next rat adds {more}.",
                 n=rats, lost=lost, more=more)]


__all__ = ["guide"]
