"""The set-up (ND-2) and the steps of a round (ND-3): the automatic frames that reveal the
persons and deal the draft, open and close each phase, and end the round, the period and the game.

A round's frames, top first: DraftPick (pass 1; pass 2 follows), BeginActions, EndActions,
EndBribes, EndRound; each phase's decisions are pushed above the frame that closes it.
"""
from __future__ import annotations

from typing import Any

from ...kernel import rng as rnd
from ...kernel.errors import BadOption
from ...kernel.flow import BOTTOM, Automatic, in_order
from .actions import PLAY_CARD
from .bribes import OFFER_BRIBE
from .data import CARD_TYPES
from .draft import DRAFT_PICK
from .frames import FLOW
from .keys import CATEGORY_COUNT, OFF_BOARD
from .plague import plague, score_notre_dame


def setup(state, players: int, seed: int, options: dict[str, Any]) -> None:
    """ND-2: the board, supplies, messages, decks and persons; then the first round."""
    data = state.data
    rng = state.rng
    n = players
    state.round = 1
    start = options["start_player"]
    if start == "random":                                        # ND-2.15, ND-AMB-26
        rng, start = rnd.below(rng, n)
    elif start >= n:
        raise BadOption(f"notre-dame: start_player {start} does not exist with {n} players; "
                        f"allowed: 'random' or 0 to {n - 1}")
    state.start = start
    layout = data.layouts[state.boroughs]
    state.sector_stones = [0] * (n * 7)
    state.friend = [OFF_BOARD] * n                               # ND-2.5
    state.personal = [data.start_personal_stones] * n            # ND-2.7
    state.general = [data.stones_per_colour - data.start_personal_stones] * n  # ND-2.8
    state.notre_dame_stones = [0] * n
    state.coins = [data.start_coins] * n                         # ND-2.11
    state.supply = data.coins_total - data.start_coins * n
    state.prestige = [0] * n                                           # ND-2.16
    state.points = [0] * (n * CATEGORY_COUNT)
    state.rat = [0] * n                                          # ND-2.12
    state.carriage = [layout.start[state.seat_borough[s]] for s in range(n)]  # ND-2.6
    b = state.boroughs
    state.held = [0] * (n * b)
    state.msg_at = [-1] * len(layout.names)
    kinds = len(data.messages)
    for q in range(b):                                           # ND-2.9, ND-24.3
        order = list(range(kinds))
        rng = rnd.shuffle(rng, order)
        for market, kind in zip(layout.message_markets[q], order):
            state.msg_at[market] = q * kinds + kind
    state.on_board = [kinds] * b
    state.deck = []
    for s in range(n):                                           # ND-2.10
        cards = [s * CARD_TYPES + t for t in range(CARD_TYPES)]
        rng = rnd.shuffle(rng, cards)
        state.deck.append(tuple(cards))
    state.offer = [()] * n
    state.outgoing = [()] * n
    state.hand = [()] * n
    state.played = [()] * n
    state.discard = ()
    state.unused = ()
    state.known = [0] * n
    state.passed = [0] * n
    persons = data.persons
    brown = [p.index for p in persons if p.deck == "brown"]      # ND-2.13
    rng = rnd.shuffle(rng, brown)
    state.brown = tuple(brown)                                   # top of a deck = end of its tuple
    gray = []
    for letter in ("C", "B", "A"):                               # ND-2.14: A on top, then B, then C
        pile = [p.index for p in persons if p.deck == letter]
        rng = rnd.shuffle(rng, pile)
        gray.extend(pile)
    state.gray = tuple(gray)
    state.display = ()
    state.bribed = [False] * n
    state.physician = [False] * n
    state.rng = rng
    state.event("start", f"Start player: {state.name(start)} holds the bell-ringer.",
                {"start_player": start, "players": n}, (start,))
    state.push(START_ROUND())


@FLOW.kind
class StartRound(Automatic):
    """Phase 1 (ND-4.1) and the deal of phase 2 (ND-5.1); then the round's frames."""

    over = ()

    def run(self, state, frame):
        state._mark_barrier()             # new persons and new hidden hands: the decision before stays done
        brown, gray = state.brown, state.gray
        state.display = (brown[-1], brown[-2], gray[-1])
        state.brown = brown[:-2]
        state.gray = gray[:-1]
        data = state.data
        names = ", ".join(data.persons[p].name for p in state.display)
        period = "ABC"[(state.round - 1) // data.rounds_per_period]
        state.event("round", f"Round {state.round} (period {period}): persons {names}; "
                    f"plague value {state.plague_value()}.",
                    {"round": state.round, "period": period, "persons": [data.persons[p].id for p in state.display],
                     "plague_value": state.plague_value()})
        n = state.players
        for s in range(n):
            state.bribed[s] = False
            state.physician[s] = False
            deck = state.deck[s]
            offer = (deck[-1], deck[-2], deck[-3])
            state.deck[s] = deck[:-3]
            state.offer[s] = offer
            state.known[s] |= (1 << offer[0]) | (1 << offer[1]) | (1 << offer[2])
        order = tuple((state.start + i) % n for i in range(n))
        state.push(END_ROUND())
        state.push(END_BRIBES())
        state.push(END_ACTIONS())
        state.push(BEGIN_ACTIONS())
        state.push(DRAFT_PICK(order, 1))


def _turn_order(state) -> list[int]:
    n = state.players
    return [(state.start + i) % n for i in range(n)]


@FLOW.kind
class BeginActions(Automatic):
    """Phase 3 (ND-6.2): two passes around the table from the start player, one card each."""

    over = ("end_actions",)
    once = True
    phase = "actions"

    def run(self, state, frame):
        order = _turn_order(state)
        state.push(in_order([PLAY_CARD(seat) for seat in order + order]))


@FLOW.kind
class EndActions(Automatic):
    """ND-6.3, ND-6.4: the unused third card goes face down; phase 4 begins."""

    over = ("end_bribes",)
    once = True
    phase = "actions"

    def run(self, state, frame):
        for s in range(state.players):
            state.unused += state.hand[s]
            state.hand[s] = ()
        state.event("unused", "Each player puts the unused third card face down.", {})
        state.push(in_order([OFFER_BRIBE(seat) for seat in _turn_order(state)]))


@FLOW.kind
class EndBribes(Automatic):
    """Phase 5: the plague (ND-20)."""

    over = ("end_round",)
    once = True
    phase = "bribes"

    def run(self, state, frame):
        plague(state)


@FLOW.kind
class EndRound(Automatic):
    """ND-21, ND-AMB-27: Notre Dame scoring, persons under the decks, reshuffles, bell-ringer."""

    over = (BOTTOM,)
    once = True
    phase = "plague"

    def run(self, state, frame):
        n = state.players
        data = state.data
        for s in range(n):
            state.discard += state.played[s]
            state.played[s] = ()
            # The cards a seat passed that were not played lie face down in the discard now.
            state.known[s] |= state.passed[s]
            state.passed[s] = 0
        end_of_period = state.round % data.rounds_per_period == 0
        if end_of_period:
            score_notre_dame(state)
        display = state.display
        state.brown = (display[1], display[0]) + state.brown     # ND-3.3: under the decks
        state.gray = (display[2],) + state.gray
        state.display = ()
        if state.round == data.rounds:                           # ND-23.1
            ranking = ", ".join(f"{state.name(s)} {state.prestige[s]}" for s in range(n))
            winners = state.winners()
            state.event("game_over", f"Game over. Prestige: {ranking}. Winner: "
                        + " and ".join(state.name(s) for s in winners) + ".",
                        {"scores": list(state.prestige), "winners": winners})
            return
        rng = state.rng
        if end_of_period:
            brown = list(state.brown)
            rng = rnd.shuffle(rng, brown)                        # ND-3.6
            state.brown = tuple(brown)
            for s in range(n):                                   # ND-3.7
                cards = [s * CARD_TYPES + t for t in range(CARD_TYPES)]
                rng = rnd.shuffle(rng, cards)
                state.deck[s] = tuple(cards)
            state.discard = ()
            state.unused = ()
            state.known = [0] * n
            state.passed = [0] * n
            state.event("period_end", "End of the period: brown persons and action cards are reshuffled.", {})
        state.rng = rng
        state.start = (state.start + 1) % n                      # ND-3.4
        state.event("bell_ringer", f"The bell-ringer passes to {state.name(state.start)}.",
                    {"start_player": state.start}, (state.start,))
        state.round += 1
        state.push(START_ROUND())


START_ROUND, BEGIN_ACTIONS, END_ACTIONS, END_BRIBES, END_ROUND = (
    StartRound, BeginActions, EndActions, EndBribes, EndRound)
