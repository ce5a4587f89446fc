"""The steps of a turn (MS-8): the phase numbers of the `Turn` frame, the flags of what a turn has
done, and the start of the action step (step 4 of a hex turn, or a ship turn's window after the
ship is taken). Both the turns and the plague module (a fight or a ship ends in the action step)
start it; it sits below them both.
"""
from __future__ import annotations

from . import books
from ..model.flow import step

STEPS, HEX_ACTION_STEP, SHIP_STEP = 0, 4, 5
DONE, SHIP_BONUS = 1, 2


def begin_action_step(state, phase: int) -> None:
    """Step 4 of a hex turn, or the ship turn's window after the ship is taken, begins: the turn
    reopens with the action step's options."""
    Turn = step("turn")                   # the turns module's frame kind (it imports this one)
    turn = next(f for f in state.frames() if f[0] is Turn)
    state.remove(Turn)
    books.start_action_step(state, turn[1])
    state.push(Turn(turn[1], turn[2], turn[3], phase))
