"""The frame kinds of Notre Dame are registered on this flow (one module per phase:
draft.py, actions.py, coins.py, bribes.py, plague.py, rounds.py).

Each kind may name the `phase` of the round it belongs to (ND-3.2); a kind shared by several
phases (the hotel, the carriage, the payer of a missing coin, which a bribe can trigger) leaves
it empty, and the phase is the one of the nearest frame below that names one.
"""
from __future__ import annotations

from typing import Any

from ...kernel.checks import int_in, is_flag
from ...kernel.flow import Flow, frames_of

FLOW = Flow()


def phase_of(state: Any) -> str:
    """The phase now (ND-3.2), read from the pending frames: 'draft', 'actions', 'bribes',
    'plague', or 'over' when the game is over."""
    for frame in frames_of(state._stack):
        phase = getattr(frame[0], "phase", "")
        if phase:
            return phase
    return "over"


def decision_title(state: Any) -> str:
    """What the pending decision is about, in a few words ('game over' at the end)."""
    top = state.top()
    if top is None:
        return "game over"
    title = top[0].title
    return title(state, top) if callable(title) else title


# The type of each frame argument the kinds name beyond the kernel's (seat, seats, frames):
# sectors 0..6 and Notre Dame 7, pieces counted in a sector, coins owed, the draft pass.
FLOW.declare_args(target=int_in(0, 7), origin=int_in(0, 7), dest=int_in(0, 6), count=int_in(0, 15),
                  owed=int_in(1, 25), pass_number=int_in(1, 2), friend=is_flag)
