"""Kingsburg's search heuristics (policy.py, evaluate.py): the playout policy is legal in every
variant and reads only what the acting seat sees; evaluate_all is evaluate for every seat."""
from __future__ import annotations

import random

import pytest

import ludoteka
from ludoteka.boardgames.kingsburg import evaluate as ev, policy
from ludoteka.boardgames.kingsburg.evaluate import evaluate, evaluate_all

GAME = ludoteka.game("kingsburg")


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"three_player_dummy": True}), (4, {"reinforcements": "soldier_tokens"}),
    (5, {"reinforcements": "dice_difference", "negative_vp": True})])
def test_playout_policy_is_legal_and_sees_only_the_acting_seat(players, options):
    state = GAME.new_state(players, 7 + players, options)
    rnd = random.Random(players)
    n = 0
    while not state.is_terminal():
        seat = state.to_act
        key = policy.playout_key(state, random.Random(n).random)
        assert key in state.legal_keys()
        if n % 4 == 0:
            assert policy.playout_key(state.determinize(seat, n), random.Random(n).random) == key
            assert evaluate_all(state) == [evaluate(state, s) for s in range(players)]
        state.apply(policy.playout_key(state, rnd.random))
        n += 1
    assert evaluate_all(state) == [evaluate(state, s) for s in range(players)]


def test_policy_beats_the_uniform_one():
    wins = 0.0
    for g in range(40):
        state = GAME.new_state(4, 300 + g)
        rnd = random.Random(g)
        me = g % 4
        while not state.is_terminal():
            if state.to_act == me:
                state.apply(policy.playout_key(state, rnd.random))
            else:
                keys = state.legal_keys()
                state.apply(keys[rnd.randrange(len(keys))])
        winners = state.winners()
        wins += (me in winners) / len(winners)
    assert wins / 40 > 0.5                                # a fair share is 0.25


def test_abilities_that_pay_every_season_count_the_seasons_left():
    state = GAME.new_state(4, 3)
    embassy = state.T.B_EMBASSY          # its bit
    worth = []
    for year, phase in ((2, 3), (4, 3), (5, 7)):        # 11, 5 and 0 productive seasons to come
        state.year, state.phase = year, phase
        state.buildings[0] = 0
        without = ev._value(state, 0, 0)
        state.buildings[0] = embassy
        worth.append(ev._value(state, 0, 0) - without)
    assert worth == pytest.approx([11 * ev.PER_SEASON["embassy"], 5 * ev.PER_SEASON["embassy"], 0.0])
