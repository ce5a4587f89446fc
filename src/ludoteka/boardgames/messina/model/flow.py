"""The frame kinds of Messina 1347 are registered on this flow; action atoms on `ATOMS`.

An action printed on a hex, a square, a book space or a tile is a tuple of atoms (components.py).
`perform(state, seat, atoms)` carries them out in order: each atom's handler, registered with
`@atom(verb)` by the rule module that owns it, either changes the state at once or pushes the
decision it needs. Rule modules reach each other's kinds through `step(name)`, so none of them
imports another's frames (no import cycles).
"""
from __future__ import annotations

from typing import Callable

from ludoteka.kernel.flow import Automatic, Flow

FLOW = Flow()
# An 'at any time' action may take away what a pending decision offered (AMB-14: then it is lost).
FLOW.drop_empty = True
ATOMS: dict[str, Callable] = {}


def step(name: str):
    """The kind registered under `name`."""
    return FLOW.kinds[name]


def atom(*verbs: str):
    """Decorator: the handler `fn(state, seat, amount, arg)` of action atoms with these verbs."""
    def register(fn: Callable) -> Callable:
        for verb in verbs:
            ATOMS[verb] = fn
        return fn
    return register


@FLOW.kind
class Perform(Automatic):
    """Carry out the atoms of one action in order; each may push its own decisions first."""

    args = ("seat", "atoms")

    def run(self, state, frame):
        seat, atoms = frame[1], frame[2]
        verb, amount, arg = atoms[0]
        if len(atoms) > 1:
            state.push((self, seat, atoms[1:]))
        ATOMS[verb](state, seat, amount, arg)


def perform(state, seat: int, atoms: tuple) -> None:
    """Push the atoms of one alternative of an action (nothing when there are none)."""
    if atoms:
        state.push((Perform, seat, tuple(atoms)))
