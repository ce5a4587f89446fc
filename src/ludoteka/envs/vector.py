"""N games stepped together, for self-play learners: stacked observations, masks and rewards.

    from ludoteka.envs.vector import VectorEnv, SubprocVectorEnv
    v = VectorEnv("kingsburg", num_envs=64, players=2)          # in this process
    v = SubprocVectorEnv("kingsburg", num_envs=64, players=2, workers=2)   # shards in 2 processes
    observations, info = v.reset(seed=0)
    actions = policy(observations, info["action_mask"], info["seat"])
    observations, rewards, terminated, info = v.step(actions)

Each game waits for one decision, of the seat `info["seat"][i]`: `observations[i]` is that seat's
observation (the PettingZoo vector: egocentric with the direct encoder, so one policy plays every
seat), `info["action_mask"][i]` its legal actions in the game's fixed action space, and
`actions[i]` its choice. `rewards` is `(num_envs, players)`: 0 until a game ends, then every
seat's final reward under the PettingZoo reward modes. A game that ends is started again at once
(auto-reset): `terminated[i]` is True, `rewards[i]` and `info["scores"][i]` are the finished
game's, and the observation, mask and seat are already the new game's first decision. Game seeds
come from one sequence seeded by `reset(seed=...)`, so a seed gives the same games.
With `skip_forced`, single-option decisions are applied inside; `info["forced"][i]` counts them.
"""
from __future__ import annotations

import multiprocessing
import random
from typing import Any, Mapping

import numpy as np

from ..kernel import IllegalAction
from .pettingzoo import LudotekaEnv, final_rewards


class VectorEnv:
    """`num_envs` games of one configuration in this process (see the module docstring)."""

    def __init__(self, game: str, num_envs: int, players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str | None = None,
                 observation: str = "direct", skip_forced: bool = False):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, not {num_envs!r:.40}")
        # one AEC environment checks the arguments and holds the encoder and action space
        self.template = LudotekaEnv(game, players, options, reward, None, observation, skip_forced)
        t = self.template
        self.game, self.players, self.options = t.game, t.players, t.options
        self.space, self.reward, self.target, self.skip_forced = t.space, t.reward, t.target, skip_forced
        self.num_envs = num_envs
        self.size = t.observation_space(t.possible_agents[0])["observation"].shape[0]
        self.states: list = [None] * num_envs
        self.seeds: list[int] = [0] * num_envs       # each slot's current game seed
        self._seeds = random.Random()
        self._obs = np.zeros((num_envs, self.size), np.float32)
        self._mask = np.zeros((num_envs, len(self.space)), np.int8)
        self._seat = np.zeros(num_envs, np.int64)
        # one seat-order canvas per slot: each follows its own game (direct/canvas.py)
        self._canvases = [t.direct.new_canvas() if t.direct is not None and t.direct.sections else None
                          for _ in range(num_envs)]

    def _encode(self, i: int) -> None:
        state, seat = self.states[i], self.states[i].to_act
        t = self.template
        if t.direct is not None:
            t.direct.encode(state, seat, self._obs[i], self._canvases[i])
        else:
            self._obs[i] = t.encoder.encode(state.view(seat))
        mask = self._mask[i]
        mask[:] = 0
        mask[self.space.indices(state.legal_keys())] = 1
        self._seat[i] = seat

    def _start(self, i: int) -> int:
        """A new game in slot i, forced decisions applied; the number applied."""
        self.seeds[i] = self._seeds.getrandbits(31)
        self.states[i] = self.game.new_state(self.players, self.seeds[i], self.options)
        return self._skip(i)

    def _skip(self, i: int) -> int:
        state, forced = self.states[i], 0
        if self.skip_forced:
            while state.to_act is not None and len(keys := state.legal_keys()) == 1:
                state.apply(keys[0])
                forced += 1
        return forced

    def _info(self, forced: np.ndarray, scores: list) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self._seat.copy(), "forced": forced, "scores": scores}

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start every game (seeded from `seed`, or go on with the sequence)."""
        if seed is not None:
            self._seeds.seed(seed)
        forced = np.zeros(self.num_envs, np.int64)
        for i in range(self.num_envs):
            forced[i] = self._start(i)
            while self.states[i].to_act is None:        # a game forced to its end: start again
                forced[i] += self._start(i)
            self._encode(i)
        return self._obs.copy(), self._info(forced, [None] * self.num_envs)

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply one action per game (indices into the action space), for its acting seat.

        Every action is checked before any is applied: an illegal one raises IllegalAction
        naming the game, and no game changes."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs one action per game: shape ({self.num_envs},), not {actions.shape}")
        keys = []
        for i, a in enumerate(actions.tolist()):
            if not 0 <= a < len(self.space) or not self._mask[i, a]:
                legal = self.states[i].legal_keys()
                key = self.space.key(a) if 0 <= a < len(self.space) else str(a)
                raise _illegal(i, key, list(legal), self.states[i].to_act)
            keys.append(self.space.key(a))
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminated = np.zeros(self.num_envs, bool)
        forced = np.zeros(self.num_envs, np.int64)
        scores: list = [None] * self.num_envs
        for i, key in enumerate(keys):
            state = self.states[i]
            state.apply(key)
            forced[i] = self._skip(i)
            while state.to_act is None:
                rewards[i] = final_rewards(state, self.reward, self.target)
                terminated[i] = True
                scores[i] = list(state.scores())
                forced[i] += self._start(i)
                state = self.states[i]
            self._encode(i)
        return self._obs.copy(), rewards, terminated, self._info(forced, scores)

    def close(self) -> None:
        """Nothing to release: the games live in this process."""
        self.states = [None] * self.num_envs


def _illegal(i: int, key: str, allowed: list[str], seat: int | None) -> IllegalAction:
    exc = IllegalAction(f"{key} (game {i} of the batch)", allowed, seat)
    exc.game, exc.seat = i, seat          # kept so a process split env can renumber the game
    return exc


def _worker(conn, args: tuple, kwargs: dict) -> None:
    # A shard's loop: (command, argument) in, its arrays out; an error goes back to be raised.
    env = VectorEnv(*args, **kwargs)
    while True:
        command, argument = conn.recv()
        try:
            if command == "reset":
                conn.send(("ok", env.reset(argument)))
            elif command == "step":
                conn.send(("ok", env.step(argument)))
            else:
                conn.send(("ok", None))
                break
        except IllegalAction as exc:     # kernel errors do not pickle: sent as their parts
            conn.send(("illegal", (exc.game, exc.key, exc.allowed, exc.seat)))
        except Exception as exc:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
    conn.close()


class SubprocVectorEnv:
    """The games of a VectorEnv split over `workers` processes (for more games than one core
    steps fast enough); the same interface and results as VectorEnv with the same games."""

    def __init__(self, game: str, num_envs: int, players: int | None = None, workers: int = 2,
                 options: Mapping[str, Any] | None = None, reward: str | None = None,
                 observation: str = "direct", skip_forced: bool = False, context: str = "spawn"):
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= num_envs:
            raise ValueError(f"workers must be from 1 to num_envs ({num_envs}), not {workers!r:.40}")
        # checks the arguments here, before any process starts
        probe = VectorEnv(game, num_envs, players, options, reward, observation, skip_forced)
        self.num_envs, self.players, self.space, self.size = num_envs, probe.players, probe.space, probe.size
        sizes = [num_envs // workers + (w < num_envs % workers) for w in range(workers)]
        self.bounds = np.cumsum([0] + sizes)
        ctx = multiprocessing.get_context(context)
        self.conns, self.processes = [], []
        for n in sizes:
            parent, child = ctx.Pipe()
            p = ctx.Process(target=_worker, args=(child, (game, n, players),
                                                  dict(options=options, reward=reward, observation=observation,
                                                       skip_forced=skip_forced)), daemon=True)
            p.start()
            child.close()
            self.conns.append(parent)
            self.processes.append(p)

    def _gather(self) -> list:
        out, error = [], None
        for w, conn in enumerate(self.conns):
            status, value = conn.recv()          # every shard answers, so the pipes stay in step
            if status == "illegal" and error is None:
                i, key, allowed, seat = value
                error = _illegal(int(self.bounds[w]) + i, str(key).split(" (game")[0], allowed, seat)
            elif status == "error" and error is None:
                error = RuntimeError(f"worker {w}: {value}")
            out.append(value)
        if error is not None:
            raise error
        return out

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start every game; worker w's games are seeded from `seed + w` (or go on)."""
        for w, conn in enumerate(self.conns):
            conn.send(("reset", None if seed is None else seed + w))
        parts = self._gather()
        return np.concatenate([p[0] for p in parts]), _merge([p[1] for p in parts])

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per game, as VectorEnv.step. An illegal action raises IllegalAction; the
        other shards' games have moved on then (each shard checks only its own)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs one action per game: shape ({self.num_envs},), not {actions.shape}")
        for w, conn in enumerate(self.conns):
            conn.send(("step", actions[self.bounds[w]:self.bounds[w + 1]]))
        parts = self._gather()
        return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
                np.concatenate([p[2] for p in parts]), _merge([p[3] for p in parts]))

    def close(self) -> None:
        """Stop the worker processes."""
        for conn in self.conns:
            try:
                conn.send(("close", None))
            except (BrokenPipeError, OSError):
                pass
        for p in self.processes:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
        self.conns, self.processes = [], []

    def __del__(self) -> None:
        if getattr(self, "processes", None):
            self.close()


def _merge(infos: list[dict[str, Any]]) -> dict[str, Any]:
    return {"action_mask": np.concatenate([i["action_mask"] for i in infos]),
            "seat": np.concatenate([i["seat"] for i in infos]),
            "forced": np.concatenate([i["forced"] for i in infos]),
            "scores": [s for i in infos for s in i["scores"]]}
