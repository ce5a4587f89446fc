"""Raw engine speed: uniform random playouts on one core, and the cost of `clone()`."""
from __future__ import annotations

import math
import random
import time
from typing import Any, Mapping

from ..kernel import Game

MAX_SECONDS = 3600.0


def bench(game: Game, players: int, seconds: float = 5.0, seed: int = 0,
          options: Mapping[str, Any] | None = None, clone_states: int = 20,
          clone_repeats: int = 200) -> dict[str, Any]:
    """Play uniform random games for about `seconds` and time `clone()` on mid-game states.

    The playout loop is deliberately bare (`legal_keys()` then `apply()` with a local
    `random.Random`), so it measures the engine, not the harness. Game g is seeded `seed + g`;
    at least one game is played. `clone_microseconds` is the mean over `clone_repeats` clones of
    each of `clone_states` states taken at random points of random games (timed separately).
    """
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise ValueError(f"seconds must be positive and at most {MAX_SECONDS:g}, not {seconds!r:.40}")
    game.new_state(players, seed, options)      # bad players or options fail before timing
    rnd = random.Random(seed).random
    perf = time.perf_counter
    decisions = games = 0
    start = perf()
    deadline = start + seconds
    while True:
        state = game.new_state(players, seed + games, options)
        legal = state.legal_keys
        apply = state.apply
        while state.to_act is not None:
            keys = legal()
            apply(keys[int(rnd() * len(keys))])
        decisions += len(state.actions())
        games += 1
        if perf() >= deadline:
            break
    elapsed = perf() - start
    mean_decisions = decisions / games

    # Clone timing on states sampled mid-game (outside the timed loop above).
    pick = random.Random(seed + 1)
    samples = []
    for i in range(clone_states):
        state = game.new_state(players, seed + 7919 + i, options)
        stop = pick.randrange(max(1, int(mean_decisions)))
        for _ in range(stop):
            if state.to_act is None:
                break
            keys = state.legal_keys()
            state.apply(keys[pick.randrange(len(keys))])
        samples.append(state)
    clone_total = 0.0
    for state in samples:
        clone = state.clone
        t0 = perf()
        for _ in range(clone_repeats):
            clone()
        clone_total += perf() - t0
    clone_us = clone_total / (len(samples) * clone_repeats) * 1e6

    return {
        "game": game.name, "players": players, "seed": seed, "options": dict(state.options),
        "seconds": round(elapsed, 4), "games": games, "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "games_per_second": round(games / elapsed, 3),
        "mean_decisions_per_game": round(mean_decisions, 2),
        "clone_microseconds": round(clone_us, 3),
    }
