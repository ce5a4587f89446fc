"""The frame kinds of Kingsburg are registered on this flow; dice are rolled here."""
from __future__ import annotations

from ludoteka.kernel.checks import int_in, one_of
from ludoteka.kernel.flow import EachSeat, Flow
from ludoteka.kernel.rng import next_u64

FLOW = Flow()
# The type of each frame argument beyond the kernel's (seat, seats, position, frames): the
# production phase a season starts, goods to take or lose (the goods tables go up to 6,
# KB-15, KB-17), why they are taken, the dice chosen (a bitmask of the 5 dice) and their total
# (an advisor, 1..18), a court slot (2 per advisor 1..18).
FLOW.declare_args(phase=one_of(2, 4, 6), count=int_in(1, 6),
                  reason=one_of("kings_aid", "merchants_guild", "battle"),
                  dice_mask=int_in(1, 31), total=int_in(1, 18), slot=int_in(2, 37))


def roll(rng: int) -> tuple[int, int]:
    """One die from the state's generator: (new generator state, face 1..6)."""
    rng, z = next_u64(rng)
    return rng, z % 6 + 1


class InTurnOrder(EachSeat):
    """Each seat in the current turn order (KB-4)."""

    def order(self, state):
        return state.turn_order


def step(name: str):
    """The kind registered under `name`: the rule modules reach the next phase's kinds through
    the flow's registry, so none of them imports another (no import cycles)."""
    return FLOW.kinds[name]
