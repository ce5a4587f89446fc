"""Notre Dame's search heuristics (policy.py): the playout policy is legal, reads only what the
acting seat sees, heads off a plague overflow; the evaluation counts the overflow to come."""
from __future__ import annotations

import random

import pytest

from ludoteka.boardgames.notre_dame import policy

from .helpers import GAME, bribe_state, set_counts

rule = pytest.mark.rule


def positions(players: int, seed: int, every: int = 3):
    state = GAME.new_state(players, seed)
    rnd = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply(policy.playout_key(state, rnd.random))
        step += 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playout_policy_is_legal_and_sees_only_the_acting_seat(players):
    for n, state in enumerate(positions(players, 10 + players)):
        seat = state.to_act
        key = policy.playout_key(state, random.Random(n).random)
        assert key in state.legal_keys()
        # A determinization for the acting seat hides nothing it may see: the same choice.
        other = state.determinize(seat, 99 + n)
        assert policy.playout_key(other, random.Random(n).random) == key


@rule("ND-20.3", "ND-20.5", "ND-20.6", "ND-18.10")
def test_the_policy_and_the_evaluation_see_the_coming_overflow():
    s = bribe_state(3, 0, ("monk", "physician", "night_watchman"))      # plague value 7
    set_counts(s, 0, rat=5, coins=2, pp=10)
    assert policy.projected_rat(s, 0) == 12 and policy.plague_pending(s)
    before = policy.worth(s, 0)
    picks = {policy.playout_key(s, random.Random(i).random) for i in range(30)}
    assert picks == {"bribe:physician"}                                 # it prevents the overflow
    s.apply("bribe:physician")
    assert policy.projected_rat(s, 0) == 5
    # 1 coin paid, an overflow (2 prestige, a stone, and more) avoided
    assert policy.worth(s, 0) - before > policy.OVERFLOW - 2
