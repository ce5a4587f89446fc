"""Goofspiel's rules: the setup (GS-1) and the frame kinds of a round (GS-2 - GS-7).

Keys name what they act on and never depend on menu order: `bid:K` bids the king.
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Automatic, Simultaneous
from ludoteka.kernel.rng import shuffle

from .flow import FLOW
from .state import NO_BID


def setup(state) -> None:
    """GS-1: every seat holds all the ranks of its suit; the prize pile is shuffled (seeded)."""
    ranks = range(len(state.cards.ranks))
    state.hands = [tuple(ranks) for _ in range(state.players)]
    pile = list(ranks)
    state.rng = shuffle(state.rng, pile)
    state.prize_pile = tuple(pile)
    state.at_stake = ()
    state.bid = [NO_BID] * state.players
    state.points = [0] * state.players
    state.round = 0
    state.push(NEXT_ROUND())


@FLOW.kind
class NextRound(Automatic):
    """GS-2: the top prize card is turned face up and every seat bids; GS-6: no card left, the
    game is over."""

    def run(self, state, frame):
        if not state.prize_pile:
            state.event("game_over", "The game is over. Points: " + ", ".join(
                f"seat {s} {p}" for s, p in enumerate(state.points)) + ".", {"points": list(state.points)})
            return
        card, state.prize_pile = state.prize_pile[0], state.prize_pile[1:]
        state.at_stake = state.at_stake + (card,)
        state.round += 1
        state._mark_barrier()                          # a face-down card is revealed
        state.event("prize", f"Round {state.round}: the prize is {state.card_name(card)}.",
                    {"round": state.round, "card": state.cards.ranks[card]})
        state.push(BID(tuple(range(state.players))))


@FLOW.kind
class Bid(Simultaneous):
    """GS-3: every seat bids a card of its hand at the same time; the bids are revealed together
    and the highest takes the prize (GS-4, GS-7); the bid cards are discarded (GS-5)."""

    args = ("seats",)

    def keys(self, state, frame, seat):
        return [f"bid:{state.cards.ranks[card]}" for card in state.hands[seat]]    # GS-3: a card of its hand

    def describe(self, state, frame, seat, key):
        card = state.cards.ranks.index(key[4:])
        value = state.cards.values[card]
        return Action(key, f"Bid {state.card_name(card)} (worth {value})", {"card": key[4:], "value": value})

    def choose(self, state, frame, seat, key):
        state.bid[seat] = state.cards.ranks.index(key[4:])        # the card stays in hand, face down

    def resolve(self, state, frame):
        state._mark_barrier()                          # the bids are revealed
        values = [state.cards.values[card] for card in state.bid]
        best = max(values)
        winners = [s for s, v in enumerate(values) if v == best]
        prize = sum(state.cards.values[card] for card in state.at_stake)
        text = "Bids: " + ", ".join(f"seat {s} {state.card_name(c)}" for s, c in enumerate(state.bid)) + ". "
        if len(winners) == 1:
            state.points[winners[0]] += prize
            state.at_stake = ()
            text += f"Seat {winners[0]} takes {prize} points."
        elif state.options["ties"] == "carry" and state.prize_pile:
            text += "A tie: the prize stays for the next round (GS-7)."
        else:
            state.at_stake = ()
            text += "A tie: the prize is discarded."
        state.event("bids", text, {"bids": [state.cards.ranks[c] for c in state.bid], "winners": winners})
        state.hands = [tuple(c for c in hand if c != card) for hand, card in zip(state.hands, state.bid)]
        state.bid = [NO_BID] * state.players
        state.push(NEXT_ROUND())


NEXT_ROUND, BID = NextRound, Bid       # the kinds' instances (the decorator returns them)
