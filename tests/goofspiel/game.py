"""Goofspiel as a ludoteka Game: options, the data, creation, rendering and invariants; the state
class is joined here, on top, with what the layers above the state give (the setup, the view)."""
from __future__ import annotations

from typing import Any

from ludoteka.kernel import Game, GameState, Option

from .components import Cards, load_cards
from .rules import setup
from .state import NO_BID, GoofspielState
from .view import determinize, view

OPTIONS = {
    "ties": Option("ties", "discard",
                   "A tied highest bid: 'discard' the prize (GS-4) or 'carry' it to the next round (GS-7).",
                   ("discard", "carry")),
}


class PlayedState(GoofspielState):
    """The declared state joined with its hidden-information filter (view.py)."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def determinize(self, seat: int, seed: int) -> "PlayedState":
        return determinize(self, seat, seed)


class Goofspiel(Game):
    """Goofspiel (traditional), 2 or 3 players: one suit each."""

    name = "goofspiel"
    title = "Goofspiel"
    min_players = 2
    max_players = 3
    options = OPTIONS

    def __init__(self) -> None:
        self.cards: Cards = load_cards()
        self.state_class = type("GoofspielState", (PlayedState,), {"__slots__": (), "game": self})

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self.state_class.__new__(self.state_class)
        state.cards = self.cards
        return state

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = self._empty(players, seed, options)
        state._begin(players, seed, options)
        setup(state)
        state._settle()
        return state

    def action_keys(self, players: int, options: dict[str, Any]) -> list[str]:
        return [f"bid:{rank}" for rank in self.cards.ranks]

    def check_invariants(self, state: GameState) -> list[str]:
        """GS-1, GS-5: a seat holds one card fewer per round played, its bid among them; one prize
        card is turned a round."""
        problems = []
        cards = len(self.cards.ranks)
        played = state.round - (0 if state.to_act is None else 1)      # the rounds already over
        for seat, hand in enumerate(state.hands):
            if len(hand) != cards - played:
                problems.append(f"seat {seat} holds {len(hand)} cards after {played} rounds")
            if state.bid[seat] != NO_BID and state.bid[seat] not in hand:
                problems.append(f"seat {seat} bids a card it does not hold")
        if len(state.prize_pile) + state.round != cards:
            problems.append(f"{len(state.prize_pile)} prize cards left after {state.round} rounds")
        return problems

    def render(self, state: GameState, seat: int | None, full: bool = False) -> str:
        v = state.view(seat)
        lines = [f"Round {v['round']}: at stake {', '.join(v['at_stake']) or 'nothing'}; "
                 f"{v['prize_pile']} prize cards face down"]
        for s in range(state.players):
            bid = v["bid"][s] or ("chosen" if v["has_bid"][s] else "-")
            lines.append(f"  seat {s}: {v['points'][s]} points, bid {bid}, hand {' '.join(v['hands'][s])}")
        return "\n".join(lines)


GAME = Goofspiel()

__all__ = ["GAME", "Goofspiel", "OPTIONS", "PlayedState"]
