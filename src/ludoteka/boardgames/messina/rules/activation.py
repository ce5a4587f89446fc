"""Citizen activation (MS-17): after an overseer lands on a path space, or on a church book's
"activate N" space, the player activates eligible sector citizens one at a time, each square's
action carried out in full before the next (MS-17.14), never the same citizen twice (MS-17.2).

What a space allows is written as *groups*: `((squares...), quota)` pairs. A square belongs to at
most one group; activating a citizen there uses 1 of that group's quota:
  pair       (the 2 squares, 1), upgraded (the 2 squares, 2)                 MS-17.3 / 17.7
  area       (its 3 squares, 1), upgraded (3 squares, rules.upgraded_area)   MS-17.4 / 17.8, D-8
  two_areas  (area 1, 1) + (area 2, 1); upgraded: the area of the overseer's class 2   MS-17.5 / 17.9
  centre     (all 18 squares, count)                                         MS-17.6 / 17.10
  activate N (all 18 squares, N)                                             MS-17.11
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Automatic, Decision

from .citizens import PER_SECTOR, square_name
from ..model.texts import citizen_name
from ..model.flow import FLOW, ON_EFFECT, atom, perform, step
from ..model.texts import action_text
from ..model.sides import board_of
from ..model.state import OVERSEERS, SQUARES

ALL = tuple(range(SQUARES))


def one_time_note(state, seat: int, square: int) -> str:
    """' (one-time square: ...)' for a side b one-time square of the seat's board (MS-33.5), else ''."""
    board = board_of(state, seat)
    if not board.one_time[square]:
        return ""
    used = state.one_time_used[seat * SQUARES + square]
    return f" (one-time square{', used up' if used else ''}: {action_text(board.squares[square])})"


def path_space(state, seat: int, cls: int):
    """The Activation of the space the overseer stands on (step 1: `first`, 2..6: its branch)."""
    return space_at(state, seat, cls, state.overseer_step[seat * 3 + cls])


def space_at(state, seat: int, cls: int, step: int):
    """The Activation of the overseer's path space at `step` (1-6; 2-6 along its chosen branch)."""
    path = board_of(state, seat).paths[OVERSEERS[cls]]
    if step == 1:
        return path.first
    branch = path.left if state.overseer_branch[seat * 3 + cls] == 1 else path.right
    return branch[step - 2]


def groups_for(state, seat: int, space, cls: int, upgraded: bool) -> tuple:
    """The (squares, quota) groups one path space allows (module docstring)."""
    board = board_of(state, seat)

    def area(a: int) -> tuple:
        return tuple(sq for sq in ALL if board.square_area[sq] == a)

    kind = space.kind
    if kind == "pair":
        return ((tuple(space.squares), 2 if upgraded else 1),)
    if kind == "area":
        return ((area(space.areas[0]), state.rules.upgraded_area if upgraded else 1),)
    if kind == "two_areas":
        out = []
        for a in space.areas:
            # MS-17.9: the area of the overseer's own class gets 2 with an upgraded overseer.
            out.append((area(a), 2 if upgraded and a // 2 == cls else 1))
        return tuple(out)
    return ((ALL, space.count or 3),)


def start_path_activation(state, seat: int, cls: int) -> None:
    """MS-16.8: the activation of the space the seat's overseer `cls` has just landed on."""
    space = path_space(state, seat, cls)
    groups = groups_for(state, seat, space, cls, state.overseer_upgraded[seat * 3 + cls])
    start(state, seat, groups, ())


def eligible(state, seat: int, groups: tuple, used: tuple) -> list[int]:
    """Sector squares with a citizen, not yet activated in this advance, in a group with quota
    left (MS-17.2, MS-17.13); side b one-time squares only once per game (MS-17.15)."""
    base = seat * SQUARES
    one_time = board_of(state, seat).one_time
    out = []
    for squares, quota in groups:
        if quota <= 0:
            continue
        for sq in squares:
            if state.squares[base + sq] and sq not in used and sq not in out \
                    and not (one_time[sq] and state.one_time_used[base + sq]):
                out.append(sq)
    return sorted(out)


def start(state, seat: int, groups: tuple, used: tuple) -> None:
    """Offer the next activation if any citizen is eligible (never a decision with no choice)."""
    if eligible(state, seat, groups, used):
        state.push(Activate(seat, groups, used))


@FLOW.kind
class Activate(Decision):
    """DEC-16: activate one eligible citizen (its square's action), or stop (MS-17.12)."""

    args = ("seat", "groups", "used")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"square:{sq}" for sq in eligible(state, seat, frame[2], frame[3])] + ["stop"]

    def describe(self, state, frame, seat, key):
        if key == "stop":
            return Action(key, "Stop activating citizens", {"stop": True})
        sq = int(key[7:])
        upgraded = state.squares[seat * SQUARES + sq] == 2
        action = board_of(state, seat).squares[sq]
        what = action_text(action)
        once = board_of(state, seat).one_time[sq]
        return Action(key, f"Activate {citizen_name(sq // PER_SECTOR, upgraded)} on {square_name(sq)}: {what}"
                      + (" (one-time square: used up after this)" if once else ""), {"square": sq, "one_time": once})

    def apply(self, state, frame, seat, key):
        if key == "stop":
            return
        sq = int(key[7:])
        groups = list(frame[2])
        for g, (squares, quota) in enumerate(groups):
            if sq in squares and quota > 0:
                groups[g] = (squares, quota - 1)
                break
        board = board_of(state, seat)
        once = board.one_time[sq]
        if once:
            state.one_time_used[seat * SQUARES + sq] = True       # MS-33.6, AMB-37: the square
        state.event("activate", f"Seat {seat} activates the citizen on {square_name(sq)}"
                    + (", a one-time square, now used up." if once else "."),
                    {"seat": seat, "square": sq, "one_time": once}, (seat,))
        # The next activation is offered only after this one's action is done (MS-17.14).
        state.push(NextActivation(seat, tuple(groups), frame[3] + (sq,)))
        action = board.squares[sq]
        if len(action) > 1:
            state.push(step("choose_option")(seat, action))
        elif action:
            perform(state, seat, action[0])


@FLOW.kind
class NextActivation(Automatic):
    """After an activated action is done: offer the next one if any citizen is still eligible."""

    args = ("seat", "groups", "used")
    over = ON_EFFECT

    def run(self, state, frame):
        start(state, frame[1], frame[2], frame[3])


@atom("activate")
def _activate(state, seat: int, amount: int, arg: str) -> None:
    """MS-17.11 (MS-15.15): activate up to `amount` citizens anywhere on the estate."""
    start(state, seat, ((ALL, amount),), ())
