"""A random walk that checks every acting seat's legal keys against the game's fixed action space."""
from __future__ import annotations

import random
from typing import Callable

from ludoteka.kernel import Game, GameState


def walk(game: Game, players: int, options: dict, seed: int, seen: set[str],
         choose: Callable[[random.Random, GameState, int, list[str]], str]) -> int:
    """Play one game, each key picked by `choose(rng, state, seat, keys)`, checking at every
    state that each acting seat's legal keys are in the space and masked exactly. Adds the keys
    to `seen`; returns the number of states."""
    space = game.action_space(players, options)
    r = random.Random(seed)
    state = game.new_state(players, seed, options)
    states = 0
    while not state.is_terminal():
        acting = state.acting_seats()
        for seat in acting:
            keys = state.legal_keys(seat)
            indices = space.indices(keys)                     # UnknownKey names a missing key
            mask = space.mask(keys)
            assert mask.count(1) == len(keys) and all(mask[i] for i in indices)
            assert [space.key(i) for i in indices] == keys
            seen.update(keys)
        states += 1
        seat = r.choice(acting)
        state.apply(choose(r, state, seat, state.legal_keys(seat)), seat)
    return states
