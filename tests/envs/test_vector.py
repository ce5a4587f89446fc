"""Vectorised environments: each slot is a real game (replayed from its seed and actions), auto-reset
with the finished game's rewards, the process-split version gives the same games, bad actions."""
from __future__ import annotations

import numpy as np
import pytest

from ludoteka.kernel import IllegalAction
from ludoteka.envs.pettingzoo import final_rewards
from ludoteka.envs.vector import SubprocVectorEnv, VectorEnv


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of masks."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


@pytest.mark.parametrize("name,players,skip", [("kingsburg", 2, True), ("notre-dame", 3, False),
                                               ("messina-1347", 1, True)])
def test_every_slot_is_a_real_game_that_restarts_when_it_ends(name, players, skip):
    v = VectorEnv(name, num_envs=3, players=players, skip_forced=skip)
    rng = np.random.default_rng(0)
    observations, info = v.reset(seed=1)
    played = [[] for _ in range(3)]          # (seat, key) per slot since its game began
    seeds = list(v.seeds)
    finished = 0
    for _ in range(400):
        actions = random_actions(info["action_mask"], rng)
        for i, a in enumerate(actions):
            played[i].append((int(info["seat"][i]), v.space.key(int(a))))
        observations, rewards, terminated, info = v.step(actions)
        for i in range(3):
            if terminated[i]:
                # replay the finished game from its seed: the same end and the rewards given
                state = v.game.new_state(players, seeds[i], v.options)
                for seat, key in played[i]:
                    while skip and len(state.legal_keys()) == 1 and state.to_act != seat or (
                            skip and len(state.legal_keys()) == 1 and state.legal_keys()[0] != key):
                        state.apply(state.legal_keys()[0])
                    state.apply(key, seat)
                while skip and state.to_act is not None and len(state.legal_keys()) == 1:
                    state.apply(state.legal_keys()[0])
                assert state.to_act is None
                assert list(rewards[i]) == pytest.approx(final_rewards(state, v.reward, v.target))
                assert info["scores"][i] == list(state.scores())
                played[i], seeds[i] = [], v.seeds[i]
                finished += 1
            else:
                assert not rewards[i].any() and info["scores"][i] is None
            state = v.states[i]
            assert info["seat"][i] == state.to_act
            assert (observations[i] == v.template.direct.encode(state, state.to_act)).all()
            assert (np.flatnonzero(info["action_mask"][i]) == sorted(v.space.indices(state.legal_keys()))).all()
            if skip:
                assert info["action_mask"][i].sum() > 1
    assert finished >= 1


def test_the_process_split_env_plays_the_same_games_as_in_process_shards():
    split = SubprocVectorEnv("kingsburg", num_envs=4, players=2, workers=2, skip_forced=True)
    try:
        shards = [VectorEnv("kingsburg", num_envs=2, players=2, skip_forced=True) for _ in range(2)]
        obs, info = split.reset(seed=5)
        parts = [s.reset(seed=5 + w) for w, s in enumerate(shards)]
        assert (obs == np.concatenate([p[0] for p in parts])).all()
        rng = np.random.default_rng(1)
        for _ in range(60):
            actions = random_actions(info["action_mask"], rng)
            obs, rewards, terminated, info = split.step(actions)
            parts = [s.step(actions[2 * w:2 * w + 2]) for w, s in enumerate(shards)]
            assert (obs == np.concatenate([p[0] for p in parts])).all()
            assert (rewards == np.concatenate([p[1] for p in parts])).all()
            assert (info["seat"] == np.concatenate([p[3]["seat"] for p in parts])).all()
        bad = random_actions(info["action_mask"], rng)
        bad[3] = int(np.flatnonzero(info["action_mask"][3] == 0)[0])
        with pytest.raises(IllegalAction, match="game 3 of the batch"):
            split.step(bad)
    finally:
        split.close()
    assert not split.processes


def test_an_illegal_action_changes_no_game_and_bad_arguments_are_named():
    v = VectorEnv("notre-dame", num_envs=3, players=2)
    obs, info = v.reset(seed=2)
    actions = np.argmax(info["action_mask"], axis=1)
    actions[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    versions = [s.version for s in v.states]
    with pytest.raises(IllegalAction, match="game 2 of the batch"):
        v.step(actions)
    assert [s.version for s in v.states] == versions
    with pytest.raises(ValueError, match="one action per game"):
        v.step(actions[:2])
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv("notre-dame", num_envs=0)
    with pytest.raises(ValueError, match="workers"):
        SubprocVectorEnv("notre-dame", num_envs=2, workers=3)
