"""Rewards a learner can learn from and seeds that advance only when asked (issue 27, §3): a solo
game rewards its final score (or reaching the rulebook's good result), OpenSpiel's solo returns
are the score within the game's utility bounds, and OpenSpiel's seed sequence moves only on the
user's `new_initial_state()`."""
from __future__ import annotations

import random

import pyspiel
import pytest

from ludoteka import registry
from ludoteka.envs import openspiel as ludoteka_openspiel
from ludoteka.envs.pettingzoo import env


def play_out(e, seed: int) -> float:
    """A whole PettingZoo game by a seeded random agent; the solo seat's final reward."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    final = None
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            final = reward
            e.step(None)
            continue
        legal = [i for i, m in enumerate(observation["action_mask"]) if m]
        e.step(legal[rng.randrange(len(legal))])
    return final


def load(name: str, **params) -> pyspiel.Game:
    return pyspiel.load_game(ludoteka_openspiel.short_name(registry.game(name)), params)


def test_solo_reward_is_the_final_score_and_varies_with_play():
    e = env("messina-1347", players=1)
    rewards = []
    for seed in range(3):
        rewards.append(play_out(e, seed))
        assert rewards[-1] == float(e.state.scores()[0])
    assert len(set(rewards)) > 1, "a solo terminal reward that never varies teaches nothing"


@pytest.mark.rule("MS-35.24")
def test_solo_target_reward_is_one_for_the_books_good_result():
    assert env("messina-1347", players=1, reward="target").target == 130
    assert env("messina-1347", players=1, reward="target", options={"advanced": True}).target == 140
    e = env("messina-1347", players=1, reward="target")
    reward = play_out(e, 0)
    assert reward == (1.0 if e.state.scores()[0] >= 130 else 0.0)
    e.target = e.state.scores()[0]          # the same game judged against its own score: reached
    e.state = e.state.clone()
    e._finish()
    assert e.rewards["player_0"] == 1.0


def test_solo_rewards_without_meaning_are_refused():
    with pytest.raises(ValueError, match="solo game has no winner"):
        env("messina-1347", players=1, reward="win")
    with pytest.raises(ValueError, match="target"):
        env("kingsburg", players=2, reward="target")


def test_openspiel_solo_returns_are_the_score_within_the_utility_bounds():
    game = load("messina-1347", players=1)
    assert (game.min_utility(), game.max_utility()) == registry.game("messina-1347").score_bounds
    returns = set()
    for k in range(3):
        state = game.new_initial_state()
        rng = random.Random(k)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        (value,) = state.returns()
        assert value == float(state.ludoteka.scores()[0])
        assert game.min_utility() <= value <= game.max_utility()
        returns.add(value)
    assert len(returns) > 1


def test_openspiel_seeds_advance_only_on_new_initial_state():
    game = load("kingsburg", players=2, seed=70)
    first = game.new_initial_state()
    first.apply_action(first.legal_actions()[0])
    first.observation_tensor(0)
    first.information_state_tensor(1)
    game.observation_tensor_size()
    game.information_state_tensor_shape()
    clone = first.clone()
    again = game.deserialize_state(first.serialize())
    assert str(clone) == str(again) == str(first) and clone.history() == first.history()
    assert game.new_initial_state().ludoteka.seed == 71


def test_openspiel_observers_are_built_once_and_clones_set_up_no_game(monkeypatch):
    game = load("notre-dame", players=3)
    assert game.make_py_observer() is game.make_py_observer()
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    assert game.make_py_observer(recall) is game.make_py_observer(recall)
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    setups = []
    original = game.ludoteka.new_state
    monkeypatch.setattr(game.ludoteka, "new_state", lambda *a, **k: setups.append(a) or original(*a, **k))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    state.observation_tensor(1)
    assert setups == [] and str(state) != str(clone)
