"""Every ludoteka game as a PettingZoo AEC environment.

    from ludoteka.envs.pettingzoo import env
    e = env("notre-dame", players=4, options={"carriage_may_stay": False})
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are `player_0` ... `player_{N-1}` (the seats). An observation is a dict: `observation`, the
seat's observation as a float32 vector, and `action_mask`, 1 at the index of
each key the seat may choose now in the game's fixed action space (all 0 while another seat
decides). Rewards come at the end: each seat's share of the win (1, 1/k in a k-way tie, else 0),
or its final score with `reward="score"`. A solo game has no winner to share: its reward is the
final score (the default), or with `reward="target"` 1 for reaching the rulebook's good result
(`Game.solo_target`, e.g. 130 points in Messina 1347) and 0 below it. The final scores are in
every agent's info.

The vector is the game's direct encoder (ludoteka.envs.direct: written from the state's fields,
egocentric) when it has one, else, or with `observation="view"`, the generic encoding of the
seat's view (ludoteka.envs.observation).

With `skip_forced=True` a decision with a single legal option (20% of Kingsburg's decisions, 27%
of Messina's) is applied inside the environment instead of being handed to an agent: after
`reset` and every `step`, every agent's info holds `forced`, the number of its own such decisions
just applied (not another seat's: whether that seat had a choice can depend on its hidden hand);
the env's `forced` attribute counts all of them since the reset, `forced_by_seat` per seat.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..kernel import IllegalAction
from ..registry import game as lookup_game
from .direct import direct_encoder
from .observation import encoder_for

REWARDS = ("win", "score", "target")
OBSERVATIONS = ("direct", "view")


def env(game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
        reward: str | None = None, render_mode: str | None = None,
        observation: str = "direct", skip_forced: bool = False) -> "LudotekaEnv":
    """The AEC environment of a registered game (by name) for `players` seats (default: the
    smallest count above one the game allows), game `options`, `reward` (default "win", solo
    "score"), `observation` ("direct", or "view" for the generic view encoding) and
    `skip_forced` (apply single-option decisions inside the environment)."""
    return LudotekaEnv(game, players, options, reward, render_mode, observation, skip_forced)


def final_rewards(state, reward: str, target: float | None = None) -> list[float]:
    """Every seat's reward for a finished game under a reward mode (see the module docstring):
    its share of the win, its score, or (solo, `target` given) 1 for reaching the target."""
    scores = state.scores()
    if reward == "score":
        return [float(s) for s in scores]
    if reward == "target":
        return [1.0 if scores[0] >= target else 0.0]
    winners = state.winners()
    values = [0.0] * len(scores)
    for seat in winners:
        values[seat] = 1.0 / len(winners)
    return values


class MaskCache:
    """Action masks of an action space remembered by their legal keys: the same sets of options
    come back all game long (a draft, a choice of dice...), and building a mask from the keys
    (their indices, then numpy's fancy indexing) costs more than copying a remembered one."""

    LIMIT = 4096                      # masks kept at most (each is one action space long)

    def __init__(self, space) -> None:
        self.space = space
        self.saved: dict[tuple[str, ...], np.ndarray] = {}

    def mask(self, keys) -> np.ndarray:
        """A new int8 array, 1 at the index of each of `keys`; an unknown key raises UnknownKey."""
        found = self.saved.get(tuple(keys))
        if found is None:
            found = np.zeros(len(self.space), dtype=np.int8)
            found[self.space.indices(keys)] = 1
            if len(self.saved) >= self.LIMIT:
                self.saved.clear()
            self.saved[tuple(keys)] = found
        return found.copy()


class LudotekaEnv(AECEnv):
    """A ludoteka game for PettingZoo's agent-environment cycle (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "ludoteka", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 reward: str | None = None, render_mode: str | None = None,
                 observation: str = "direct", skip_forced: bool = False):
        super().__init__()
        if not isinstance(skip_forced, bool):
            raise ValueError(f"skip_forced must be True or False, not {skip_forced!r:.40}")
        self.skip_forced = skip_forced
        self.forced_by_seat: list[int] = []
        self.game = lookup_game(game)
        if players is None:
            players = max(self.game.min_players, min(2, self.game.max_players))
        self.space = self.game.action_space(players, options)      # bad players or options fail here
        resolved = self.game.new_state(players, 0, options).options
        if reward is None:
            reward = "score" if players == 1 else "win"
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r:.40}")
        # one seat always "wins", so a win reward would teach a solo learner nothing
        if players == 1 and reward == "win":
            raise ValueError("a solo game has no winner to reward: use reward='score' or 'target'")
        self.target = self.game.solo_target(resolved) if players == 1 else None
        if reward == "target" and self.target is None:
            raise ValueError(f"reward='target' needs a solo game with a target score; "
                             f"{self.game.name} with {players} players has none")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {', '.join(self.metadata['render_modes'])} "
                             f"or None, not {render_mode!r:.40}")
        self.metadata = dict(self.metadata, name=f"ludoteka_{self.game.name.replace('-', '_')}_v0")
        self.players = players
        self.options = dict(options or {})
        self.reward = reward
        self.render_mode = render_mode
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r:.40}")
        self.direct = direct_encoder(self.game, players, resolved) if observation == "direct" else None
        self.encoder = encoder_for(self.game.name) if self.direct is None else None
        size = self.encoder.size if self.direct is None else self.direct.size
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
        })
        act_space = spaces.Discrete(len(self.space))
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: act_space for a in self.possible_agents}
        self._seeds = random.Random()
        self.masks = MaskCache(self.space)
        self.state = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    @property
    def forced(self) -> int:
        """The single-option decisions applied inside since the reset, every seat's."""
        return sum(self.forced_by_seat)

    # ------------------------------------------------------------------ the cycle
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game. `seed` seeds it (and the seeds of later resets without one); the
        game options are the environment's (PettingZoo's reset `options` are not game options)."""
        if seed is not None:
            self._seeds.seed(seed)
        self.seed = self._seeds.getrandbits(31) if seed is None else seed
        self._seeds.seed(self.seed + 1)
        self.state = self.game.new_state(self.players, self.seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.forced_by_seat = [0] * self.players
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: its vector, and its action mask (zeros unless it acts)."""
        seat = self._seat[agent]
        state = self.state
        if self.direct is not None:
            vector = self.direct.encode(state, seat)
        else:
            vector = np.asarray(self.encoder.encode(state.view(seat)), dtype=np.float32)
        if state.to_act != seat:
            return {"observation": vector, "action_mask": np.zeros(len(self.space), dtype=np.int8)}
        return {"observation": vector, "action_mask": self.masks.mask(state.legal_keys())}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index into the action space). An illegal index
        raises IllegalAction naming the key and the legal ones; nothing changes then."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction("None", list(self.state.legal_keys()), self._seat[agent])
        key = self.space.key(int(action))
        state = self.state
        state.apply(key, self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        if self.skip_forced or state.to_act is None:
            self._settle()
        else:                     # the common case of `_settle`, inline: the next seat decides
            self.agent_selection = self.possible_agents[state.to_act]
        # rewards come only at the end (`_finish`); until then they are all 0, nothing to add
        if state.to_act is None:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a reset or an action: apply forced decisions (with `skip_forced`), then select
        the next agent or finish the game."""
        state = self.state
        if self.skip_forced:
            mine = [0] * self.players
            while state.to_act is not None and len(keys := state.legal_keys()) == 1:
                mine[state.to_act] += 1
                state.apply(keys[0])
            for agent in self.agents:
                seat = self._seat[agent]
                self.forced_by_seat[seat] += mine[seat]
                self.infos[agent] = {"forced": mine[seat]}
        if state.to_act is None:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[state.to_act]

    def _finish(self) -> None:
        scores = self.state.scores()
        values = final_rewards(self.state, self.reward, self.target)
        for agent, seat in self._seat.items():
            self.rewards[agent] = values[seat]
            self.terminations[agent] = True
            self.infos[agent] = dict(self.infos.get(agent, {}), scores=list(scores), winners=list(self.state.winners()))

    def key(self, action: int) -> str:
        """The game's key for an action index (to read or log an agent's choice)."""
        return self.space.key(int(action))

    def render(self) -> str | None:
        """The table as a spectator sees it: returned as text (`ansi`) or printed (`human`)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.game.render(self.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
        self.state = None
