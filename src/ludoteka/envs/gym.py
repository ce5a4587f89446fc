"""A Gymnasium single-agent environment: solo games, or one learner against fixed agents.

    from ludoteka.envs.gym import GymEnv
    e = GymEnv("messina-1347", players=1)                                  # solo, the automa inside
    e = GymEnv("kingsburg", players=3, opponents=["medium", "random"])   # a learner at seat 0
    observation, info = e.reset(seed=1)
    while True:
        action = e.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = e.step(action)
        if terminated:
            break

The learner sits at `seat` (default 0); the other seats are played by `opponents`, one agent
spec or AI level (`random`, `greedy`, `easy`, `medium`, `ismcts:iterations=50`, ...) per other
seat, or one for all of them. Their moves are applied inside `reset` and `step`, so every
observation is the learner's, at a decision of its own. A solo game needs no opponents (Messina
1347's automa is part of the game). The observation is the PettingZoo one (a dict of the seat's
`observation` vector and its `action_mask`); the mask is also `info["action_mask"]`. Rewards,
`observation` and `skip_forced` are the PettingZoo environment's (ludoteka.envs.pettingzoo):
0 until the end, then the learner's share of the win, its score, or (solo) the target reward.

An illegal action raises IllegalAction (nothing changes) by default. With `illegal="penalty"`
(for learners without masking, and Gymnasium's `check_env`, which samples unmasked actions) it
is not applied: the step returns the same observation, reward `penalty` (default -1) and
`info["illegal"] = True`, and the learner decides again.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import gymnasium
import numpy as np

from ..ai import make_agent
from ..ai.base import Agent
from ..ai.levels import decision_seed, level_spec
from ..kernel import GameState
from .pettingzoo import LudotekaEnv

ILLEGAL = ("raise", "penalty")


class GymEnv(gymnasium.Env):
    """One seat of a ludoteka game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: str, players: int | None = None, opponents: Sequence[str] | str | None = None,
                 seat: int = 0, options: Mapping[str, Any] | None = None, reward: str | None = None,
                 observation: str = "direct", skip_forced: bool = False, render_mode: str | None = None,
                 illegal: str = "raise", penalty: float = -1.0):
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r:.40}")
        self.illegal = illegal
        self.penalty = float(penalty)
        self.env = LudotekaEnv(game, players, options, reward, render_mode, observation, skip_forced)
        players = self.env.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r:.40}")
        if isinstance(opponents, str):
            opponents = [opponents] * (players - 1)
        opponents = list(opponents or [])
        if len(opponents) != players - 1:
            raise ValueError(f"{len(opponents)} opponents given for {players} players: "
                             f"give one agent spec or level for each of the {players - 1} other seats")
        others = [s for s in range(players) if s != seat]
        # checked now, so a bad spec fails here and not at the first opponent move
        self.opponents = dict(zip(others, [level_spec(spec, self.env.game) for spec in opponents]))
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.render_mode = render_mode
        self._agents: dict[int, Agent] = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game (seeded by `seed`, or the next seed of the sequence) and play the
        opponents up to the learner's first decision. `options` are not game options: ignored."""
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        # each opponent is seeded by the game, so a seed gives the same game against the same moves
        self._agents = {s: make_agent(spec, decision_seed(self.env.seed, s, 0))
                        for s, spec in self.opponents.items()}
        self._forced = self.env.forced_by_seat[self.seat]
        self._play_opponents()
        return self._observe()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        """Apply the learner's action (an index into the action space; an illegal one raises
        IllegalAction and changes nothing), then the opponents' moves up to its next decision."""
        if self.env.state is None or self.env.state.to_act is None:
            raise gymnasium.error.ResetNeeded("the game is over (or not started): call reset()")
        if self.illegal == "penalty":
            index = int(action)
            if not 0 <= index < len(self.env.space) or self.env.space.key(index) not in self.env.state.legal_keys():
                observation, info = self._observe()
                return observation, self.penalty, False, False, dict(info, illegal=True)
        self.env.step(int(action))
        self._play_opponents()
        observation, info = self._observe()
        over = self.env.state.to_act is None
        reward = float(self.env.rewards[self.agent]) if over else 0.0
        return observation, reward, over, False, info

    def _play_opponents(self) -> None:
        env, state = self.env, self.env.state
        while state.to_act is not None and state.to_act != self.seat:
            key = self._agents[state.to_act].choose(state)
            env.step(env.space.index(key))

    def _observe(self) -> tuple[dict, dict]:
        observation = self.env.observe(self.agent)
        # the learner's own forced decisions only: an opponent's would tell its hidden hand
        mine = self.env.forced_by_seat[self.seat]
        info = {"action_mask": observation["action_mask"], "forced": mine - self._forced}
        self._forced = mine
        if self.env.state.to_act is None:
            info.update(scores=list(self.env.state.scores()), winners=list(self.env.state.winners()))
        return observation, info

    def key(self, action: int) -> str:
        """The game's key for an action index."""
        return self.env.key(action)

    @property
    def state(self) -> GameState | None:
        """The game being played (read it, do not change it)."""
        return self.env.state

    def render(self) -> str | None:
        """The table as a spectator sees it (see LudotekaEnv.render)."""
        return self.env.render()

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
        self.env.close()
