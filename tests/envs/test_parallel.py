"""The PettingZoo ParallelEnv: PettingZoo's parallel API test, simultaneous decisions taken at once
(Notre Dame's draft, Kingsburg's soldier tokens), the same games as the AEC env, bad actions."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from ludoteka.kernel import IllegalAction, state_digest
from ludoteka.envs.parallel import parallel_env

TOKENS = {"reinforcements": "soldier_tokens"}


def play(e, seed: int, rng: random.Random) -> tuple[int, int, dict]:
    """A whole game by random masked agents: (steps, steps where several seats acted, rewards)."""
    observations, infos = e.reset(seed=seed)
    steps = together = 0
    while e.agents:
        acting = [a for a in e.agents if infos[a]["acting"]]
        assert acting == [a for a in e.agents if observations[a]["action_mask"].any()]
        together += len(acting) > 1
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in acting}
        observations, rewards, terminations, truncations, infos = e.step(actions)
        steps += 1
    return steps, together, rewards


@pytest.mark.parametrize("name,players,options", [("notre-dame", 4, None), ("kingsburg", 3, TOKENS),
                                                  ("messina-1347", 2, None), ("messina-1347", 1, None)])
def test_pettingzoo_parallel_api_test_passes(name, players, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(name, players=players, options=options), num_cycles=300)


@pytest.mark.rule("ND-5.2")
def test_notre_dame_draft_picks_are_taken_at_once_and_the_game_is_the_aec_one():
    e = parallel_env("notre-dame", players=3)
    steps, together, rewards = play(e, 3, random.Random(0))
    history = e.state.history()
    assert together == 2 * 9 and steps == len(history) - together * 2       # 2 passes a round, 9 rounds
    winners = e.state.winners()
    assert rewards == {f"player_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(3)}
    # the same keys replayed one at a time give the same game
    replay = e.aec.game.new_state(3, 3, None)
    for entry in history:
        replay.apply(entry[1], entry[0])
    assert state_digest(replay) == state_digest(e.state)


@pytest.mark.rule("KB-19.5")
def test_kingsburg_soldier_tokens_are_put_down_at_once():
    e = parallel_env("kingsburg", players=3, options=TOKENS, skip_forced=True)
    _, together, _ = play(e, 1, random.Random(1))
    assert together >= 1


def test_every_acting_seat_must_act_legally_and_nothing_changes_otherwise():
    e = parallel_env("notre-dame", players=2)
    observations, infos = e.reset(seed=2)
    while not all(infos[a]["acting"] for a in e.agents):
        acting = [a for a in e.agents if infos[a]["acting"]]
        observations, _, _, _, infos = e.step(
            {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in acting})
    before = state_digest(e.state)
    good = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in e.agents}
    with pytest.raises(IllegalAction, match="no action for player_1"):
        e.step({"player_0": good["player_0"]})
    bad = dict(good, player_1=int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0]))
    with pytest.raises(IllegalAction, match="seat 1"):
        e.step(bad)
    assert state_digest(e.state) == before
