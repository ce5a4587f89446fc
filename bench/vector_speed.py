"""Throughput of the batched environments: decisions per second of random legal play through the
raw engine, VectorEnv (one process), SubprocVectorEnv (2 worker processes) and Gymnasium's
AsyncVectorEnv over GymEnv (2 worker processes, solo Messina or one learner against `random`).

    python bench/vector_speed.py [--seconds 3] [--envs 32] [--json]

Actions are drawn in one numpy call per batch (a random legal index per row of the masks), as a
learner's policy would return them. "per core" divides by the processes doing the stepping
(the parent only draws actions and gathers). A script, not a test; on a shared machine the
numbers move with the load.
"""
from __future__ import annotations

import argparse
import json
import random
import time

import gymnasium
import numpy as np

from ludoteka import registry
from ludoteka.envs.gym import GymEnv
from ludoteka.envs.vector import SubprocVectorEnv, VectorEnv

CONFIGS = [("notre-dame", 4), ("kingsburg", 4), ("messina-1347", 4), ("messina-1347", 1)]


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def engine(name: str, players: int, seconds: float) -> float:
    """Random legal decisions per second of the bare engine."""
    game, rng = registry.game(name), random.Random(0)
    count, end, seed = 0, time.perf_counter() + seconds, 0
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = game.new_state(players, seed, None)
        seed += 1
        while state.to_act is not None:
            keys = state.legal_keys()
            state.apply(keys[rng.randrange(len(keys))])
            count += 1
    return count / (time.perf_counter() - start)


def batched(v, seconds: float) -> float:
    """Decisions per second (one per game per step) of a VectorEnv-like object."""
    rng = np.random.default_rng(0)
    _, info = v.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, _, info = v.step(pick(info["action_mask"], rng))
        steps += 1
    return steps * v.num_envs / (time.perf_counter() - start)


def gym_async(name: str, players: int, envs: int, seconds: float) -> float:
    """Learner decisions per second through gymnasium's AsyncVectorEnv over GymEnv (2 workers
    each holding envs/2 games, the opponents' moves inside the workers)."""
    opponents = "random" if players > 1 else None

    def make():
        return GymEnv(name, players=players, opponents=opponents, skip_forced=True)

    v = gymnasium.vector.AsyncVectorEnv([make] * envs, context="spawn", shared_memory=True)
    try:
        rng = np.random.default_rng(0)
        obs, info = v.reset(seed=0)
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            obs, _, _, _, info = v.step(pick(obs["action_mask"], rng))
            steps += 1
        return steps * envs / (time.perf_counter() - start)
    finally:
        v.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, players in CONFIGS:
        row = {"game": name, "players": players, "engine": engine(name, players, args.seconds),
               "vector": batched(VectorEnv(name, args.envs, players), args.seconds),
               "vector_skip": batched(VectorEnv(name, args.envs, players, skip_forced=True), args.seconds)}
        split = SubprocVectorEnv(name, args.envs, players, workers=2)
        try:
            row["subproc2"] = batched(split, args.seconds)
        finally:
            split.close()
        row["gym_async2"] = gym_async(name, players, args.envs, args.seconds)
        rows.append(row)
        if not args.json:
            print(f"{name:13} {players}p  engine {row['engine']:8.0f}/s  VectorEnv {row['vector']:7.0f}/s "
                  f"(skip_forced {row['vector_skip']:7.0f}/s)  SubprocVectorEnv×2 {row['subproc2']:7.0f}/s "
                  f"({row['subproc2'] / 2:6.0f}/core)  AsyncVectorEnv(GymEnv)×2 {row['gym_async2']:7.0f}/s",
                  flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
