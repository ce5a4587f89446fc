"""The direct encoders' incremental parts (ludoteka.envs.direct.base.Memo) and the environment's
remembered action masks: what they give is exactly what a from-scratch computation gives, over
random games of every game and player count, the seats observed in a shuffled order."""
from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteka import registry
from ludoteka.envs.direct import direct_encoder
from ludoteka.envs.pettingzoo import MaskCache, env

VARIANTS = {"kingsburg": {"reinforcements": "soldier_tokens"}, "notre-dame": {"open_prestige": True},
            "messina-1347": {"advanced": True}}
CONFIGS = [(name, players, variant) for name in registry.games()
           for players in range(registry.game(name).min_players, registry.game(name).max_players + 1)
           for variant in (False, True)]


@pytest.mark.parametrize("name,players,variant", CONFIGS)
def test_the_incremental_vector_is_the_from_scratch_one(name, players, variant):
    """One encoder keeps its parts across states, games and seats; another forgets them before
    every call. Their vectors are equal at every decision of two random games, every seat."""
    game = registry.game(name)
    options = VARIANTS[name] if variant else {}
    probe = game.new_state(players, 0, options)
    incremental = direct_encoder(game, players, probe.options)
    scratch = direct_encoder(game, players, probe.options)
    assert incremental.memos, "the encoder has incremental parts"
    rng = random.Random(players)
    reused = 0
    for seed in range(2):
        state = game.new_state(players, seed, options)
        while True:
            seats = list(range(players))
            rng.shuffle(seats)
            for seat in seats:
                before = sum(len(m.saved) for m in incremental.memos)
                vector = incremental.encode(state, seat)
                reused += sum(len(m.saved) for m in incremental.memos) == before
                scratch.forget()
                assert all(not m.saved for m in scratch.memos)
                expected = scratch.encode(state, seat)
                assert np.array_equal(vector, expected), (
                    f"seed {seed}, version {state.version}, seat {seat}: slots "
                    f"{np.flatnonzero(vector != expected)[:10].tolist()} differ")
            if state.to_act is None:
                break
            keys = state.legal_keys()
            state.apply(keys[rng.randrange(len(keys))])
    assert reused > 0


def test_a_remembered_mask_is_the_space_mask_and_a_copy():
    """The environment's masks equal `ActionSpace.mask` of the legal keys; changing a returned
    mask changes no later one."""
    e = env("kingsburg", players=3)
    e.reset(seed=3)
    cache = MaskCache(e.space)
    rng = random.Random(3)
    for _ in range(200):
        if e.terminations[e.agent_selection]:
            e.reset()
        keys = e.state.legal_keys()
        first = cache.mask(keys)
        assert first.dtype == np.int8 and first.tolist() == e.space.mask(keys)
        first[:] = 1
        assert cache.mask(keys).tolist() == e.space.mask(keys)
        assert e.observe(e.agent_selection)["action_mask"].tolist() == e.space.mask(keys)
        e.step(e.space.index(keys[rng.randrange(len(keys))]))
    assert len(cache.saved) < 200
