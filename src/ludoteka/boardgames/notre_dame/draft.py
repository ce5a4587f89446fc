"""Phase 2, the draft (ND-5, ND-24.4): two simultaneous, hidden passes.

Every seat keeps 1 of its 3 cards and passes the other 2 face down to the left; then keeps 1 of
the 2 received and passes the last one on. Each pass is one `Simultaneous` frame pending for
every seat at once; a seat's pick is stored in its own hidden fields (`hand`, `outgoing`), and
the passing happens when the last seat has picked (it reveals cards to neighbours: a barrier).
"""
from __future__ import annotations

from ...kernel import Action
from ...kernel.flow import Simultaneous
from ...kernel.preview import attach, make_preview, note
from .data import CARD_TYPES, SECTOR_COUNT
from .frames import FLOW
from .keys import KEEP_INDEX, KEEP_KEYS
from .outlook import effect_note


@FLOW.kind
class DraftPick(Simultaneous):
    """ND-5.2, ND-5.4: keep one card of the offer; the rest go face down to the left.
    `frame = (DRAFT_PICK, pending_seats, pass_number)`, the seats in order from the start player."""

    args = ("seats", "pass_number")
    over = ("begin_actions",)
    once = True
    phase = "draft"

    def title(self, state, frame) -> str:
        return "draft: keep 1 of 3" if frame[2] == 1 else "draft: keep 1 of 2"

    def keys(self, state, frame, seat):
        return [KEEP_KEYS[c % CARD_TYPES] for c in state.offer[seat]]

    def describe(self, state, frame, seat, key):
        card = KEEP_INDEX[key]
        data = state.data
        rest = len(state.offer[seat]) - 1
        effect = data.card_effects[card].replace("{n}", "N")
        if "N" in effect.split():
            effect += ", N = your pieces there after placing"
        action = Action(key, f"Keep {data.card_names[card]} ({effect})",
                        {"kind": "keep", "card": data.card_ids[card], "pass": frame[2], "passing": rest})
        # Keeping changes no supply (the numbers say nothing); the note says what the card would
        # do now. That the cards passed on are not lost (ND-5.2, ND-5.4) the guide says once.
        n = state.count(seat, card) + 1 if card < SECTOR_COUNT else 0
        return attach(action, make_preview(notes=[effect_note(state, seat, card, n)]))

    def choose(self, state, frame, seat, key):
        card_type = KEEP_INDEX[key]
        offer = state.offer[seat]
        for card in offer:
            if card % CARD_TYPES == card_type:
                break
        state.hand[seat] += (card,)
        rest = tuple([c for c in offer if c != card])
        state.outgoing[seat] = rest
        state.offer[seat] = ()
        if frame[2] == 1:
            for c in rest:
                state.known[seat] &= ~(1 << c)
                state.passed[seat] |= 1 << c

    def resolve(self, state, frame):
        """Everyone has chosen: the passing is simultaneous (ND-5.3)."""
        state._mark_barrier()
        n = state.players
        names = state.data.card_names
        ids = state.data.card_ids
        for s in range(n):                      # each seat learns what it kept, in seat order
            kept = state.hand[s][-1]
            rest = state.outgoing[s]
            state.event("draft_pick", f"You keep {names[kept % CARD_TYPES]} and pass "
                        + " and ".join([names[c % CARD_TYPES] for c in rest]) + " to the left.",
                        {"seat": s, "kept": ids[kept % CARD_TYPES], "passed": [ids[c % CARD_TYPES] for c in rest]},
                        (s,), visible_to=s)
        outgoing = state.outgoing
        if frame[2] == 1:
            for s in range(n):
                received = outgoing[(s - 1) % n]
                state.offer[s] = received
                state.known[s] |= (1 << received[0]) | (1 << received[1])
            state.outgoing = [()] * n
            state.event("draft_pass", "Each player passes two cards face down to the left.", {"cards": 2})
            state.push(DRAFT_PICK(tuple((state.start + i) % n for i in range(n)), 2))
            return
        for s in range(n):                                        # ND-5.5, ND-5.6
            card = outgoing[(s - 1) % n][0]
            state.hand[s] += (card,)
            state.known[s] |= 1 << card
            if n == 2:                                            # ND-24.4: one came back, the other is
                state.known[s] |= state.passed[s]                 # in the opponent's hand
                state.passed[s] = 0
        state.outgoing = [()] * n
        state.event("draft_pass", "Each player passes the last card to the left; every hand holds 3 cards.",
                    {"cards": 1})


DRAFT_PICK = DraftPick
