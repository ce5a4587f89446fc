"""The frame kinds of Notre Dame are registered on this flow (one module per phase:
draft.py, actions.py, coins.py, bribes.py, plague.py, rounds.py).

Each kind may name the `phase` of the round it belongs to (ND-3.2); a kind shared by several
phases (the hotel, the carriage, the payer of a missing coin, which a bribe can trigger) leaves
it empty, and the phase is the one of the nearest frame below that names one.
"""
from __future__ import annotations

from typing import Any

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


# The range of each frame argument, by its name in the kinds' `args`.
_ARG_RANGES = {"target": range(0, 8), "origin": range(0, 8), "dest": range(0, 7),
               "count": range(0, 16), "owed": range(1, 26), "pass_number": range(1, 3)}


def frame_problems(state: Any, frame: tuple) -> list[str]:
    """Arguments of a pending frame that are out of range (a corrupt saved state)."""
    kind = frame[0]
    problems = []
    for name, value in zip(kind.args, frame[1:]):
        if name == "frames":
            if not isinstance(value, tuple) or not all(isinstance(f, tuple) and f for f in value):
                problems.append(f"frame {kind.name!r}: malformed frames")
                continue
            for inner in value:
                problems.extend(frame_problems(state, inner))
        elif name == "seat":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < state.players:
                problems.append(f"frame {kind.name!r}: seat {value!r} does not exist")
        elif name == "seats":
            if not isinstance(value, tuple) or not value or len(set(value)) != len(value) or not all(
                    isinstance(s, int) and not isinstance(s, bool) and 0 <= s < state.players for s in value):
                problems.append(f"frame {kind.name!r}: seats {value!r} are not distinct existing seats")
        elif name == "friend":
            if not isinstance(value, bool):
                problems.append(f"frame {kind.name!r}: friend must be true or false, not {value!r}")
        elif name in _ARG_RANGES:
            if not isinstance(value, int) or isinstance(value, bool) or value not in _ARG_RANGES[name]:
                problems.append(f"frame {kind.name!r}: {name} {value!r} is out of range")
    return problems
