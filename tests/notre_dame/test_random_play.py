"""Whole random games for 2 to 5 players: invariants after every action, clones, JSON, replay."""
from __future__ import annotations

import json
import random

import pytest

import ludoteka
from ludoteka.kernel import record_of, replay, state_digest

from .helpers import (GAME, S_OVER, random_game, stage)

rule = pytest.mark.rule
OPTION_SETS = [None, {"open_prestige": True, "carriage_may_stay": False},
               {"coin_shortage": "bank_only", "start_player": 1}]


@rule("ND-1.5", "ND-1.9", "ND-1.10", "ND-3.1", "ND-20.5", "ND-23.1")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_keep_every_invariant(players, seed):
    options = OPTION_SETS[seed]
    rounds = set()
    clones = []
    rng = random.Random(seed)

    def each(s):
        assert GAME.check_invariants(s) == []
        assert (s.to_act is None) == s.is_terminal()
        assert s.to_act is None or 0 <= s.to_act < players          # one seat, or none, to act
        assert all(0 <= r <= 9 for r in s.rat)
        assert sum(s.coins) + s.supply == 25
        rounds.add(s.round)
        if rng.random() < 0.03 or not clones:
            clones.append((s.clone(), json.dumps(s.to_json(), sort_keys=True)))

    s = random_game(players, seed, options, each)
    assert stage(s) == S_OVER and s.round == 9 and rounds == set(range(1, 10))
    assert s.legal_keys() == [] and s.winners()
    assert clones
    for clone, frozen in clones:                                    # later moves never touched it
        assert json.dumps(clone.to_json(), sort_keys=True) == frozen


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_clone_is_independent(players):
    s = GAME.new_state(players, 3)
    rng = random.Random(1)
    for _ in range(60):
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))])
    c = s.clone()
    before = json.dumps(s.to_json(), sort_keys=True)
    while not c.is_terminal():
        keys = c.legal_keys()
        c.apply(keys[rng.randrange(len(keys))])
    assert json.dumps(s.to_json(), sort_keys=True) == before
    s.apply(s.legal_keys()[0])
    assert c.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_json_round_trip_every_few_steps(players):
    s = GAME.new_state(players, 5 + players)
    rng = random.Random(players)
    step = 0
    while not s.is_terminal():
        if step % 17 == 0:
            data = json.loads(json.dumps(s.to_json()))
            back = GAME.state_from_json(data)
            assert back.to_json() == s.to_json()
            assert back.legal_keys() == s.legal_keys() and back.to_act == s.to_act
            assert back.view(s.to_act) == s.view(s.to_act)
            if step % 34 == 0:                                       # the copy plays on identically
                k = s.legal_keys()[0]
                a, b = s.clone(), back
                a.apply(k)
                b.apply(k)
                assert a.to_json() == b.to_json()
        keys = s.legal_keys()
        s.apply(keys[rng.randrange(len(keys))])
        step += 1
    back = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.is_terminal() and back.scores() == s.scores()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_replay_is_deterministic(players):
    s = random_game(players, 40 + players)
    record = json.loads(json.dumps(record_of(s)))
    again = replay(record, ludoteka.game)
    assert state_digest(again) == state_digest(s) and again.to_json() == s.to_json()
    t = GAME.new_state(players, 40 + players)
    for key in s.actions():
        t.apply(key)
    assert t.to_json() == s.to_json()
    other = random_game(players, 41 + players)
    assert state_digest(other) != state_digest(s)


def test_evaluate_all_equals_evaluate_for_every_seat():
    """The shared-work `evaluate_all` used by search gives exactly the per-seat `evaluate`."""
    for players in (2, 3, 4, 5):
        s = GAME.new_state(players, 5)
        rnd = random.Random(players)
        while not s.is_terminal():
            assert GAME.evaluate_all(s) == [GAME.evaluate(s, seat) for seat in range(players)]
            keys = s.legal_keys()
            s.apply(keys[rnd.randrange(len(keys))])
