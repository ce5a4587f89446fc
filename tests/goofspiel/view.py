"""What a seat sees of Goofspiel (`view`) and a full state it cannot tell from the real one
(`determinize`). Hidden: the order of the prize pile (GS-1) and the other seats' bids until all
are revealed (GS-3): a bid card stays in its hand until then. The hands are public: every card
played was seen.
"""
from __future__ import annotations

from typing import Any

from ludoteka.kernel.rng import below, seed_state, shuffle

from .state import NO_BID


def view(state, seat: int | None) -> dict[str, Any]:
    """JSON-ready: only what `seat` may see (None: a spectator)."""
    ranks = state.cards.ranks
    return {
        "round": state.round,
        "at_stake": [ranks[c] for c in state.at_stake],
        "prize_pile": len(state.prize_pile),
        "hands": [[ranks[c] for c in hand] for hand in state.hands],
        "bid": [ranks[c] if s == seat and c != NO_BID else None for s, c in enumerate(state.bid)],
        "has_bid": [c != NO_BID for c in state.bid],
        "points": list(state.points),
    }


def determinize(state, seat: int, seed: int):
    """The prize pile reshuffled, and each other seat's hidden bid redrawn from the cards it could
    have bid, from `seed` alone."""
    d = state._determinized(seat, seed)
    rng = seed_state(seed)
    pile = sorted(d.prize_pile)                    # sorted: nothing of the real order leaks
    rng = shuffle(rng, pile)
    d.prize_pile = tuple(pile)
    for s, card in enumerate(d.bid):
        if s != seat and card != NO_BID:
            rng, k = below(rng, len(d.hands[s]))
            d.bid[s] = d.hands[s][k]
    return d
