"""The Gymnasium single-agent environment: Gymnasium's env checker, opponents played inside the
environment, solo rewards, determinism and bad arguments."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteka.ai import AgentSpecError
from ludoteka.kernel import IllegalAction, state_digest
from ludoteka.envs.gym import GymEnv


def play(e: GymEnv, seed: int, rng: random.Random) -> tuple[int, float, dict]:
    """A whole game by a learner choosing uniformly among the masked actions."""
    observation, info = e.reset(seed=seed)
    steps = 0
    while True:
        assert e.state.to_act == e.seat                     # the learner's own decision
        assert (observation["action_mask"] == info["action_mask"]).all()
        legal = np.flatnonzero(info["action_mask"])
        observation, reward, terminated, truncated, info = e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        assert not truncated
        if terminated:
            return steps, reward, info
        assert reward == 0.0


@pytest.mark.parametrize("name,players,opponents", [("messina-1347", 1, None), ("kingsburg", 2, "random"),
                                                    ("notre-dame", 3, ["random", "greedy"])])
def test_gymnasium_env_checker_passes(name, players, opponents):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # unbounded Box observations are warned about
        check_env(GymEnv(name, players=players, opponents=opponents, illegal="penalty"), skip_render_check=True)


def test_one_learner_against_fixed_agents_gets_its_share_of_the_win():
    e = GymEnv("kingsburg", players=3, opponents=["random", "greedy"], seat=1)
    steps, reward, info = play(e, 3, random.Random(0))
    learner_steps = sum(1 for entry in e.state.history() if entry[0] == 1)
    assert steps == learner_steps < len(e.state.history())     # the opponents moved inside
    winners = e.state.winners()
    assert reward == pytest.approx(1 / len(winners) if 1 in winners else 0.0)
    assert info["winners"] == winners and info["scores"] == list(e.state.scores())


def test_solo_messina_rewards_the_final_score_and_it_varies_with_play():
    e = GymEnv("messina-1347", players=1, skip_forced=True)
    rewards = set()
    for seed in range(3):
        _, reward, info = play(e, seed, random.Random(seed))
        assert reward == info["scores"][0]
        rewards.add(reward)
    assert len(rewards) > 1


def test_the_same_seed_gives_the_same_game_against_the_same_opponent_moves():
    a = GymEnv("notre-dame", players=3, opponents="greedy")
    b = GymEnv("notre-dame", players=3, opponents="greedy")
    play(a, 11, random.Random(2))
    play(b, 11, random.Random(2))
    assert state_digest(a.state) == state_digest(b.state)


def test_bad_arguments_and_actions_are_named():
    with pytest.raises(ValueError, match="opponents given for 3 players"):
        GymEnv("kingsburg", players=3, opponents=["random"])
    with pytest.raises(AgentSpecError):
        GymEnv("kingsburg", players=2, opponents=["nobody"])
    with pytest.raises(ValueError, match="seat must be"):
        GymEnv("kingsburg", players=2, opponents="random", seat=2)
    e = GymEnv("kingsburg", players=2, opponents="random")
    _, info = e.reset(seed=1)
    before = state_digest(e.state)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert state_digest(e.state) == before


def test_an_illegal_action_under_the_penalty_setting_changes_nothing_and_costs_the_penalty():
    e = GymEnv("messina-1347", players=1, illegal="penalty", penalty=-2)
    observation, info = e.reset(seed=4)
    before = state_digest(e.state)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-2.0, False, True)
    assert state_digest(e.state) == before
    assert (again["observation"] == observation["observation"]).all()
    with pytest.raises(ValueError, match="illegal must be"):
        GymEnv("messina-1347", players=1, illegal="ignore")
