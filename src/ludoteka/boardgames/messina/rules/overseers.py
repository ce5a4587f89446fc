"""The overseers (MS-15.6-15.9, MS-16): advancing one along its path, the skip option, the branch
at the second advance, upgrading, and the church book's upgrade-and-advance.

Per seat and overseer (OVERSEERS order): `overseer_step` counts the steps made (0 at the start,
6 = the centre, MS-16.5), `overseer_branch` the branch (0 not chosen, 1 left, 2 right, MS-16.3)
and `overseer_upgraded`. Landing on a space starts its activation (activation.py, MS-16.8).
An advance with no overseer that can move is lost (AMB-14).
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Decision

from .activation import start_path_activation
from ..model.flow import FLOW, ON_EFFECT, atom, perform
from ..model.state import OVERSEERS

CENTRE = 6
BRANCHES = ("", "left", "right")


def can_advance(state, seat: int, cls: int) -> bool:
    """MS-16.5: an overseer in the centre cannot be advanced again."""
    return state.overseer_step[seat * 3 + cls] < CENTRE


def can_skip(state, seat: int, cls: int) -> bool:
    """MS-16.10: a skip cannot go beyond the centre (from step 5 only a normal move)."""
    return state.overseer_step[seat * 3 + cls] + 2 <= CENTRE


def advance(state, seat: int, cls: int, steps: int) -> None:
    """Move an overseer 1 (or 2 with a skip) steps; ask the branch first if the move reaches
    step 2 or beyond and none is chosen yet (MS-16.3, AMB-15)."""
    i = seat * 3 + cls
    # The overseer may have moved since this advance was offered (a side action in between):
    # never past the centre; at the centre the advance is lost (MS-16.5, AMB-14).
    steps = min(steps, CENTRE - state.overseer_step[i])
    if steps <= 0:
        return
    if state.overseer_step[i] + steps >= 2 and not state.overseer_branch[i]:
        state.push(Branch(seat, cls, steps))
        return
    move(state, seat, cls, steps)


def move(state, seat: int, cls: int, steps: int) -> None:
    """The move itself, then the landing space's activation (the skipped space gives none, MS-16.9)."""
    i = seat * 3 + cls
    state.overseer_step[i] += steps
    at = state.overseer_step[i]
    skipped = " skipping a space" if steps > 1 else ""
    state.event("overseer", f"Seat {seat} advances the {OVERSEERS[cls]} overseer to step {at}{skipped}.",
                {"seat": seat, "overseer": OVERSEERS[cls], "step": at, "skipped": steps > 1,
                 "branch": BRANCHES[state.overseer_branch[i]]}, (seat,))
    start_path_activation(state, seat, cls)


@FLOW.kind
class Branch(Decision):
    """MS-16.3 (DEC-15): the left or right branch, chosen once at the overseer's 2nd advance."""

    args = ("seat", "overseer", "steps")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        chosen = state.overseer_branch[seat * 3 + frame[2]]
        # an "at any time" advance may have chosen the branch meanwhile: it stays (MS-16.3)
        return [BRANCHES[chosen]] if chosen else ["left", "right"]

    def describe(self, state, frame, seat, key):
        return Action(key, f"Send the {OVERSEERS[frame[2]]} overseer along the {key} branch (for good)",
                      {"overseer": OVERSEERS[frame[2]], "branch": key})

    def apply(self, state, frame, seat, key):
        i = seat * 3 + frame[2]
        state.overseer_branch[i] = BRANCHES.index(key)
        steps = min(frame[3], CENTRE - state.overseer_step[i])     # it may have moved meanwhile
        if steps > 0:
            move(state, seat, frame[2], steps)


@FLOW.kind
class SkipOption(Decision):
    """MS-15.8, MS-16.9: advance normally, or skip the next space first (landing 2 steps on)."""

    args = ("seat", "overseer")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return ["advance", "skip"] if can_skip(state, seat, frame[2]) else ["advance"]

    def describe(self, state, frame, seat, key):
        name = OVERSEERS[frame[2]]
        if key == "skip":
            return Action(key, f"Skip a space: the {name} overseer lands 2 steps on", {"overseer": name, "skip": True})
        return Action(key, f"Advance the {name} overseer 1 space", {"overseer": name, "skip": False})

    def apply(self, state, frame, seat, key):
        advance(state, seat, frame[2], 2 if key == "skip" else 1)


def _candidates(state, seat: int, mode: str) -> list[int]:
    if mode == "upgrade":
        return [c for c in range(3) if not state.overseer_upgraded[seat * 3 + c]]
    if mode == "upgrade_advance":
        return [c for c in range(3) if not state.overseer_upgraded[seat * 3 + c] or can_advance(state, seat, c)]
    return [c for c in range(3) if can_advance(state, seat, c)]


def upgrade(state, seat: int, cls: int) -> None:
    """MS-16.11: flip the disc; it does not move."""
    state.overseer_upgraded[seat * 3 + cls] = True
    state.event("upgrade_overseer", f"Seat {seat} upgrades the {OVERSEERS[cls]} overseer.",
                {"seat": seat, "overseer": OVERSEERS[cls]}, (seat,))


def _carry_out(state, seat: int, cls: int, mode: str) -> None:
    if mode == "upgrade":
        upgrade(state, seat, cls)
        return
    if mode == "upgrade_advance":
        # MS-16.13: upgrade it if not yet upgraded, then advance it (lost at the centre).
        if not state.overseer_upgraded[seat * 3 + cls]:
            upgrade(state, seat, cls)
        if can_advance(state, seat, cls):
            advance(state, seat, cls, 1)
        return
    if mode == "skip" and can_skip(state, seat, cls):
        state.push(SkipOption(seat, cls))
        return
    advance(state, seat, cls, 1)


@FLOW.kind
class ChooseOverseer(Decision):
    """DEC-15: which overseer to advance ('advance', 'skip'), upgrade ('upgrade') or upgrade and
    advance ('upgrade_advance')."""

    args = ("seat", "mode")
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return [f"overseer:{OVERSEERS[c]}" for c in _candidates(state, seat, frame[2])]

    def describe(self, state, frame, seat, key):
        name, mode = key[9:], frame[2]
        label = {"advance": f"Advance the {name} overseer",
                 "skip": f"Advance the {name} overseer (you may skip a space)",
                 "upgrade": f"Upgrade the {name} overseer",
                 "upgrade_advance": f"Upgrade (if not yet) and advance the {name} overseer"}[mode]
        return Action(key, label, {"overseer": name, "mode": mode})

    def apply(self, state, frame, seat, key):
        _carry_out(state, seat, OVERSEERS.index(key[9:]), frame[2])


def choose(state, seat: int, mode: str) -> None:
    """Ask which overseer (none possible: lost, AMB-14; only one: no question)."""
    options = _candidates(state, seat, mode)
    if len(options) == 1:
        _carry_out(state, seat, options[0], mode)
    elif options:
        state.push(ChooseOverseer(seat, mode))


def _repeat(state, seat: int, verb: str, amount: int, arg: str) -> None:
    # An amount above 1: the remaining ones follow this one, each resolved in full (MS-17.14).
    if amount > 1:
        perform(state, seat, ((verb, amount - 1, arg),))


@atom("overseer")
def _overseer(state, seat: int, amount: int, arg: str) -> None:
    """MS-15.6 (arg: a class) or MS-15.7 (arg 'any'): advance an overseer 1 space."""
    _repeat(state, seat, "overseer", amount, arg)
    if arg in OVERSEERS:
        cls = OVERSEERS.index(arg)
        if can_advance(state, seat, cls):
            advance(state, seat, cls, 1)
    else:
        choose(state, seat, "advance")


@atom("overseer_skip")
def _overseer_skip(state, seat: int, amount: int, arg: str) -> None:
    """MS-15.8: advance any overseer, with the option to skip 1 path space first."""
    _repeat(state, seat, "overseer_skip", amount, arg)
    choose(state, seat, "skip")


@atom("upgrade_overseer")
def _upgrade_overseer(state, seat: int, amount: int, arg: str) -> None:
    """MS-15.9, MS-16.11: upgrade 1 overseer of your choice (all upgraded: lost)."""
    _repeat(state, seat, "upgrade_overseer", amount, arg)
    choose(state, seat, "upgrade")


@atom("upgrade_and_advance")
def _upgrade_and_advance(state, seat: int, amount: int, arg: str) -> None:
    """MS-16.13: choose an overseer, upgrade it if not yet upgraded, then advance it."""
    _repeat(state, seat, "upgrade_and_advance", amount, arg)
    choose(state, seat, "upgrade_advance")
