"""Goofspiel's state: its fields, declared once (the kernel generates clone, save and restore).

Cards are indexes into the data's ranks (0 = ace). A seat's hand is a tuple of its cards.
"""
from __future__ import annotations

from ludoteka.kernel import GameState
from ludoteka.kernel.fields import Const, Int, Ints, Tuple, Tuples, slots

from .flow import FLOW

NO_BID = -1


class GoofspielState(GameState):
    """A game of Goofspiel in progress."""

    FLOW = FLOW
    FIELDS = (
        Const("cards", doc="the component data (components.Cards)"),
        Tuples("hands", lo=0, doc="per seat: the cards still in hand (GS-1, GS-5)"),
        Tuple("prize_pile", lo=0, hidden="all", doc="the face-down prize cards, top first (GS-1)"),
        Tuple("at_stake", lo=0, doc="the face-up prize cards the round's winner takes (GS-2, GS-7)"),
        Ints("bid", per_seat=1, lo=NO_BID, hidden="owner", doc="the card bid this round, -1 none yet (GS-3)"),
        Ints("points", per_seat=1, lo=0, doc="the values of the prize cards taken (GS-4)"),
        Int("round", lo=0, doc="the rounds begun"),
    )
    __slots__ = slots(FIELDS)

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def card_name(self, card: int) -> str:
        """'the 10', 'the K' ... of the card index."""
        return f"the {self.cards.ranks[card]}"
