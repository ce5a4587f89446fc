"""The frame kinds of Kingsburg are registered on this flow; dice are rolled here."""
from __future__ import annotations

from ludoteka.kernel.flow import EachSeat, Flow
from ludoteka.kernel.rng import next_u64

FLOW = Flow()


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
