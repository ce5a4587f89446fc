"""The baseline agents: uniform random and a one-ply greedy player."""
from __future__ import annotations

from ..kernel import GameState
from .base import Agent, Param, register

# Forced (single-option) steps a greedy follow-up takes at most, so a long forced run ends.
FORCED_CAP = 16


def follow_greedily(state: GameState, seat: int, evaluate, lookahead: int) -> None:
    """Play `seat`'s own next decisions in place: forced ones (up to FORCED_CAP steps), and up to
    `lookahead` real choices, each the best `evaluate` one step ahead."""
    choices = steps = 0
    while state.to_act == seat and steps < FORCED_CAP:
        keys = state.legal_keys()
        steps += 1
        if len(keys) == 1:
            state.apply(keys[0])
            continue
        if choices >= lookahead:
            return
        choices += 1
        best_key, best_value = keys[0], float("-inf")
        for key in keys:
            child = state.clone()
            child.apply(key)
            value = evaluate(child, seat)
            if value > best_value:
                best_key, best_value = key, value
        state.apply(best_key)


def best_greedy(state: GameState, keys: list[str], value, lookahead: int, rng) -> list[tuple[str, GameState]]:
    """The options of `keys` whose states, after `lookahead` greedy follow-ups of the same seat,
    `value` rates best (ties all kept), each with that state. Searched on a determinization:
    cloning the real state would leak hidden cards and chance."""
    seat = state.to_act
    base = state.determinize(seat, rng.getrandbits(63))
    best: list[tuple[str, GameState]] = []
    best_value = float("-inf")
    for key in keys:
        child = base.clone()
        child.apply(key)
        follow_greedily(child, seat, value, lookahead)
        v = value(child, seat)
        if v > best_value:
            best_value, best = v, [(key, child)]
        elif v == best_value:
            best.append((key, child))
    return best


@register
class RandomAgent(Agent):
    """Uniform over the legal keys of the pending decision."""

    kind = "random"

    def choose(self, state: GameState) -> str:
        keys = state.legal_keys()
        return keys[self.rng.randrange(len(keys))]


@register
class GreedyAgent(Agent):
    """One ply on `game.evaluate`, following its own next decisions for a few steps.

    Games split a turn into several small decisions of the same seat (choose a card, then a
    target...), so the value of the first choice often shows only after the follow-ups. For each
    legal key the agent applies it to a copy and, while the same seat is still to act, keeps
    choosing greedily (up to `lookahead` real choices; forced single-option steps are free, up to
    a cap), then evaluates. It searches a determinization of the state, so it never sees hidden
    cards or future chance that the seat could not know.
    """

    kind = "greedy"
    params = {"lookahead": Param(int, 2, "follow-up decisions of the same seat chosen greedily before "
                                         "evaluating", 0, 16)}

    def choose(self, state: GameState) -> str:
        keys = state.legal_keys()
        if len(keys) == 1:
            return keys[0]
        best = best_greedy(state, keys, state.game.evaluate, self.lookahead, self.rng)
        return best[0][0] if len(best) == 1 else best[self.rng.randrange(len(best))][0]
