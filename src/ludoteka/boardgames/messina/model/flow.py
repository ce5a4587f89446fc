"""The frame kinds of Messina 1347 are registered on this flow; action atoms on `ATOMS`.

An action printed on a hex, a square, a book space or a tile is a tuple of atoms (components.py).
`perform(state, seat, atoms)` carries them out in order: each atom's handler, registered with
`@atom(verb)` by the rule module that owns it, either changes the state at once or pushes the
decision it needs. Rule modules reach each other's kinds through `step(name)`, so none of them
imports another's frames (no import cycles).
"""
from __future__ import annotations

from typing import Callable

from ludoteka.kernel.checks import int_in, is_flag, one_of, tuple_of
from ludoteka.kernel.flow import Automatic, Flow

FLOW = Flow()
# An 'at any time' action may take away what a pending decision offered (AMB-14: then it is lost).
FLOW.drop_empty = True
ATOMS: dict[str, Callable] = {}

# The kinds that carry out an action's effects. Their frames wait (`over`, checked when a saved
# state is loaded) on the turn, on a seat's production or quarantine step, or on another effect:
# an action's decisions nest (an activation's option asks for an overseer, which asks a branch).
# The plague of a hex turn is fought on the turn itself (plague.py says where exactly).
EFFECTS = ("activate", "next_activation", "choose_option", "choose_book", "choose_scroll", "any_hex",
           "place_hut_upgrade", "build", "upgrade_citizen", "perform", "branch", "skip_option",
           "choose_overseer", "rescue", "fight", "adjacent_cube", "ship_fight", "repopulate",
           "repopulate_choice")
MAX_ROUNDS = 6             # a hex gets at most 1 citizen of each class a round (MS-6.8, MS-28.20)
ON_EFFECT = ("turn", "production", "production_start", "quarantine", "quarantine_exit_next") + EFFECTS


def _atom(state, value) -> bool:
    return (type(value) is tuple and len(value) == 3 and value[0] in ATOMS and type(value[1]) is int
            and 0 <= value[1] <= 30 and type(value[2]) is str and len(value[2]) <= 40)


_atoms = tuple_of(_atom, 0, 12)
_square = int_in(0, 17)
_lieutenant = int_in(0, lambda state: 5 * state.players - 1)


def _groups(state, value) -> bool:
    return type(value) is tuple and 0 < len(value) <= 6 and all(
        type(g) is tuple and len(g) == 2 and tuple_of(_square, 1, 18)(state, g[0]) and int_in(0, 18)(state, g[1])
        for g in value)


# The type of each frame argument beyond the kernel's (seat, seats, position, frames): nodes of the
# city graph, lieutenants (5 a seat), an action's atoms and alternatives (components.py), the
# squares an advance activates, the steps of a turn (turns.py: STEPS .. SHIP_STEP), what a
# repopulation has answered (repopulation.py: -1 unanswered, -2 not needed), citizen codes 1..6;
# a position in the turn order, which in the solo game says who is next (turns.py, 0..2).
FLOW.declare_args(
    position=int_in(0, lambda state: max(state.players, 2)),
    node=int_in(0, lambda state: state.board.size - 1),
    lieutenant=_lieutenant, chooser=_lieutenant,
    lt=int_in(-2, lambda state: 5 * state.players - 1),
    cart=int_in(-1, lambda state: len(state.data.carts) - 1),
    picked=tuple_of(lambda state, v: type(v) is str and len(v) <= 40, 0, 8),
    phase=int_in(0, 5), removed=int_in(0, 40), plague=is_flag,
    classes=tuple_of(int_in(0, 2), 1, 3 * MAX_ROUNDS),
    codes=tuple_of(int_in(1, 6), 1, 4), ship=int_in(0, lambda state: len(state.data.ships) - 1),
    tile=int_in(0, lambda state: len(state.data.hut_upgrades) - 1),
    overseer=int_in(0, 2), steps=int_in(1, 2), mode=one_of("advance", "upgrade", "skip", "upgrade_advance"),
    after=one_of("", "huts", "workshops"), atoms=tuple_of(_atom, 1, 12), spec=tuple_of(_atoms, 1, 8),
    groups=_groups, used=tuple_of(_square, 0, 18))


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
    over = ON_EFFECT

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
