"""Every ludoteka game as a PettingZoo ParallelEnv: the seats with a decision pending act at once.

    from ludoteka.envs.parallel import parallel_env
    e = parallel_env("notre-dame", players=4)
    observations, infos = e.reset(seed=1)
    while e.agents:
        actions = {a: e.action_space(a).sample(observations[a]["action_mask"]) for a in e.agents}
        observations, rewards, terminations, truncations, infos = e.step(actions)

The kernel declares simultaneous decisions (`kernel.flow.Simultaneous`: Notre Dame's two draft
passes, ND-5; Kingsburg's soldier tokens with the token reinforcements variant, KB-19.5/19.6):
every pending seat chooses from what it sees before anyone has chosen, and the outcome does not
depend on the order. There, every pending seat's mask has ones and `step` applies all their
actions. Elsewhere one seat decides at a time (the rules are turn-based), so one agent's mask has
ones; the others' masks are all zero, `info["acting"]` is False and their actions are ignored
(any value, e.g. what `sample` gives for an all-zero mask). Each step's actions are checked before
any is applied: a missing or illegal action of an acting seat raises (IllegalAction names it) and
nothing changes. Observations, rewards and `skip_forced` are the AEC environment's
(ludoteka.envs.pettingzoo); every agent terminates at the end, and `agents` empties.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..kernel import IllegalAction
from .pettingzoo import LudotekaEnv, final_rewards


def parallel_env(game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 reward: str | None = None, observation: str = "direct",
                 skip_forced: bool = False) -> "LudotekaParallelEnv":
    """The ParallelEnv of a registered game; the arguments are those of `pettingzoo.env`."""
    return LudotekaParallelEnv(game, players, options, reward, observation, skip_forced)


class LudotekaParallelEnv(ParallelEnv):
    """A ludoteka game for PettingZoo's parallel API (see the module docstring)."""

    metadata = {"render_modes": [], "name": "ludoteka_parallel"}

    def __init__(self, game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 reward: str | None = None, observation: str = "direct", skip_forced: bool = False):
        self.aec = LudotekaEnv(game, players, options, reward, None, observation, skip_forced)
        self.metadata = dict(self.metadata, name=self.aec.metadata["name"].replace("_v0", "_parallel_v0"))
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.state = None
        self.forced = 0
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game, seeded as the AEC environment's reset (options are not game options)."""
        if seed is not None:
            self._seeds.seed(seed)
        self.seed = self._seeds.getrandbits(31) if seed is None else seed
        self._seeds.seed(self.seed + 1)
        a = self.aec
        self.state = a.game.new_state(a.players, self.seed, a.options)
        self.agents = self.possible_agents[:]
        self.forced = 0
        forced = self._skip()
        return self._observations(), self._infos(forced)

    def step(self, actions: Mapping[str, int]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the actions of every acting seat (checked first, then applied in seat order)."""
        state, space = self.state, self.aec.space
        if state is None or state.to_act is None:
            raise ValueError("the game is over (or not started): call reset()")
        chosen = []
        for seat in state.acting_seats():
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise IllegalAction(f"no action for {agent}", list(state.legal_keys(seat)), seat)
            index = int(actions[agent])
            key = space.key(index) if 0 <= index < len(space) else str(index)
            if key not in state.legal_keys(seat):
                raise IllegalAction(key, list(state.legal_keys(seat)), seat)
            chosen.append((seat, key))
        # A simultaneous decision's outcome does not depend on the order (kernel.flow.Simultaneous)
        for seat, key in chosen:
            state.apply(key, seat)
        forced = self._skip()
        observations, infos = self._observations(), self._infos(forced)
        rewards = {agent: 0.0 for agent in self.agents}
        over = state.to_act is None
        if over:
            values = final_rewards(state, self.aec.reward, self.aec.target)
            rewards = {agent: values[seat] for seat, agent in enumerate(self.possible_agents)}
            for agent in self.agents:
                infos[agent].update(scores=list(state.scores()), winners=list(state.winners()))
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _skip(self) -> list[int]:
        """Apply the single-option decisions (with skip_forced); how many of each seat."""
        state, forced = self.state, [0] * len(self.possible_agents)
        if self.aec.skip_forced:
            while state.to_act is not None and len(keys := state.legal_keys()) == 1 and len(state.acting_seats()) == 1:
                forced[state.to_act] += 1
                state.apply(keys[0])
        self.forced += sum(forced)
        return forced

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state, a = self.state, self.aec
        acting = state.acting_seats()
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            if a.direct is not None:
                vector = a.direct.encode(state, seat)
            else:
                vector = np.asarray(a.encoder.encode(state.view(seat)), dtype=np.float32)
            mask = np.zeros(len(a.space), dtype=np.int8)
            if seat in acting:
                mask[a.space.indices(state.legal_keys(seat))] = 1
            out[agent] = {"observation": vector, "action_mask": mask}
        return out

    def _infos(self, forced: list[int]) -> dict[str, dict]:
        # each agent's own forced decisions only: another seat's can tell its hidden hand
        acting = self.state.acting_seats()
        return {agent: {"acting": seat in acting, "forced": forced[seat]}
                for seat, agent in enumerate(self.possible_agents)}

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
        self.state = None
