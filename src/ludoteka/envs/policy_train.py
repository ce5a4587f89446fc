"""Training the reference learner (ludoteka.envs.policy): approximate policy iteration with a
linear afterstate value, on CPU, in numpy.

Each iteration plays `games` games of the current policy against a fixed opponent (`greedy` by
default), the learner's seat alternating. At each real decision (more than one option) the
policy values the positions its options lead to (see policy.py) and plays the best one, or with
probability `explore` a random option. The valued position it chose is recorded with its direct
observation x and the game's evaluation e; when the game ends, its target is the final score
difference d (the game's evaluation of the final position: the seat's score minus the best
other score). The correction is then refitted on every recorded position so far by ridge
regression of d - e on x (so w = 0, the greedy player, is where it starts and what the penalty
pulls towards), and the next iteration plays with it.

    from ludoteka.envs.policy_train import train
    history = train("kingsburg", players=2, iterations=20, games=40, out="kb.json")
"""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..ai.base import make_agent
from ..registry import game as lookup_game
from .direct import direct_encoder
from .policy import FORMAT, Policy, choose_with, save_checkpoint


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (ties counted as half a win)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((p * (1 - p) + z * z / (4 * games)) / games) ** 0.5 / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(policy: Policy, opponent: str, seed: int, learner: int, explore: float,
         rng: random.Random) -> tuple[list[np.ndarray], list[float], float, float]:
    """One game of `policy` at seat `learner` against `opponent` agents: the observations and
    evaluations of the positions the learner chose, its final score difference and its share
    of the win."""
    game = policy.game
    state = game.new_state(policy.players, seed, dict(policy.options))
    others = {s: make_agent(opponent, seed * 7 + s) for s in range(policy.players) if s != learner}
    encode = policy.correction.encoder.encode
    xs: list[np.ndarray] = []
    es: list[float] = []
    while state.to_act is not None:
        seat = state.to_act
        if seat != learner:
            state.apply(others[seat].choose(state))
            continue
        key, valued = choose_with(policy, state, rng, explore)
        if valued is not None and valued.to_act is not None:
            xs.append(encode(valued, learner))
            es.append(game.evaluate(valued, learner))
        state.apply(key)
    winners = state.winners()
    share = 1.0 / len(winners) if learner in winners else 0.0
    return xs, es, game.evaluate(state, learner), share


def fit(xs: np.ndarray, residuals: np.ndarray, ridge: float) -> tuple[np.ndarray, float]:
    """Ridge regression of `residuals` on `xs` (an intercept left unpenalised)."""
    mean_x = xs.mean(axis=0)
    mean_r = float(residuals.mean())
    xc = xs - mean_x
    gram = xc.T @ xc + ridge * np.eye(xs.shape[1])
    w = np.linalg.solve(gram, xc.T @ (residuals - mean_r))
    return w, mean_r - float(mean_x @ w)


def train(game: str = "kingsburg", players: int = 2, iterations: int = 20, games: int = 40,
          opponent: str = "greedy", explore: float = 0.05, ridge: float = 30.0, lookahead: int = 2,
          seed: int = 0, out: str | Path | None = None, minutes: float | None = None,
          log: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Train for `iterations` of `games` games each (fewer when `minutes` of wall time have
    passed at the end of one; see the module docstring); after each
    iteration write the checkpoint to `out` (when given) and call `log` with the iteration's
    row: games played, win rate and mean final difference of that iteration (with exploration),
    seconds so far. Returns the rows (the learning curve)."""
    g = lookup_game(game)
    options = g.new_state(players, 0).options
    encoder = direct_encoder(g, players, options)
    weights, bias = np.zeros(encoder.size), 0.0
    rng = random.Random(seed)
    all_x: list[np.ndarray] = []
    all_r: list[float] = []
    history: list[dict[str, Any]] = []
    start = time.perf_counter()
    for it in range(iterations):
        data = {"format": FORMAT, "game": g.name, "players": players, "options": dict(options),
                "lookahead": lookahead, "weights": weights.tolist(), "bias": bias}
        policy = Policy(data)
        wins = diff = 0.0
        for k in range(games):
            game_seed = seed * 1_000_003 + it * games + k
            xs, es, final, share = play(policy, opponent, game_seed, k % players, explore, rng)
            all_x += xs
            all_r += [final - e for e in es]
            wins += share
            diff += final
        low, high = wilson(wins, games)
        weights, bias = fit(np.asarray(all_x, np.float64), np.asarray(all_r), ridge)
        row = {"iteration": it + 1, "games": (it + 1) * games, "win_rate": wins / games,
               "low": low, "high": high, "mean_difference": diff / games, "positions": len(all_x),
               "seconds": round(time.perf_counter() - start, 1)}
        history.append(row)
        if out is not None:
            save_checkpoint(out, g.name, players, options, weights.tolist(), bias, lookahead,
                            {"opponent": opponent, "iterations": it + 1, "games": (it + 1) * games,
                             "explore": explore, "ridge": ridge, "seed": seed})
        if log is not None:
            log(row)
        if minutes is not None and time.perf_counter() - start > 60 * minutes:
            break
    return history
