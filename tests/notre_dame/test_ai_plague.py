"""The default search agent heads off its own plague overflow when a card in its hand can.

The states come from seeded random games: the first moment a seat is to play an action card
(phase 3) while this round's plague would push its rat marker past the end (ND-20.3, ND-20.5:
rat marker + plague value - hospital pieces > 9) and one of the cards in its hand, played now
with the right follow-up choices, keeps it on the track: the hospital (ND-15.2, ND-15.3), the
park (ND-14.2), the hotel's rat step (ND-12.2), the trusted friend in the hospital or park
(ND-13.4), or the carriage to a message that moves the marker back (ND-11.10). From there the
seat is played by the default `ismcts` (its default iteration budget, seeded, without the time
cap so the test does not depend on the machine) and the others at random to the round's
plague: the seat must not overflow (ND-20.6, ND-20.7: it would lose 2 prestige and a stone).
"""
from __future__ import annotations

import random

import pytest

from ludoteka.ai import DEFAULT_ITERATIONS, make_agent
from ludoteka.boardgames.notre_dame.keys import HOSPITAL

from .helpers import GAME

STATES = 24
AGENT = f"ismcts:iterations={DEFAULT_ITERATIONS}"
# The decisions a seat makes in a row when it plays a card (and what the card then asks).
OWN_TURN = ("play_card", "place_stone", "place_friend", "hotel_reward", "donate", "move_carriage")

rule = pytest.mark.rule


def projected(state, seat: int) -> int:
    """The seat's rat marker after this round's plague if nothing changes (ND-20.3)."""
    value = 0 if state.physician[seat] else state.plague_value()
    return state.rat[seat] + value - state.count(seat, HOSPITAL)


def card_prevents(state, seat: int) -> bool:
    """Whether some way of playing one card now (with its follow-up choices) keeps the marker
    on the track at this round's plague; an exhaustive search over the seat's turn."""
    todo = [state]
    while todo:
        s = todo.pop()
        top = s.top()
        if s.to_act == seat and top[0].name in OWN_TURN and (s is state or top[0].name != "play_card"):
            for key in s.legal_keys():
                nxt = s.clone()
                nxt.apply(key)
                todo.append(nxt)
        elif s is not state and s.round == state.round and projected(s, seat) <= s.data.plague_max:
            return True
    return False


def threatened_states(count: int):
    """(game seed, state) pairs: a seat to play a card, about to overflow, holding the cure."""
    found = []
    seed = 0
    while len(found) < count:
        state = GAME.new_state(4, seed)
        rnd = random.Random(seed)
        while state.to_act is not None:
            seat = state.to_act
            if (state.top()[0].name == "play_card" and projected(state, seat) > state.data.plague_max
                    and card_prevents(state, seat)):
                found.append((seed, state))
                break
            keys = state.legal_keys()
            state.apply(keys[rnd.randrange(len(keys))])
        seed += 1
    return found


def overflows(state, seat: int, choose, others: random.Random) -> bool:
    """Play to the end of this round's plague; whether `seat`'s marker overflowed."""
    state = state.clone()
    current = state.round
    seen = len(state.events(seat=seat))
    while state.to_act is not None and state.round == current:
        if state.to_act == seat:
            key = choose(state)
        else:
            keys = state.legal_keys()
            key = keys[others.randrange(len(keys))]
        state.apply(key)
    events = state.events(seat=seat)[seen:]
    return any(e["kind"] == "plague_overflow" and e["data"]["seat"] == seat for e in events)


@pytest.fixture(scope="module")
def threatened():
    return threatened_states(STATES)


@rule("ND-20.3", "ND-20.5")
def test_the_states_are_real_threats(threatened):
    """Each state overflows if the seat does nothing about it, and can be saved by one card."""
    assert len(threatened) == STATES and len({seed for seed, _ in threatened}) == STATES
    for seed, state in threatened:
        seat = state.to_act
        assert projected(state, seat) > state.data.plague_max
        assert card_prevents(state, seat)
        # Declining every action and bribe lets the plague run over (ND-20.4: no one else moves it).
        passive = lambda s: next((k for k in ("decline", "pass") if k in s.legal_keys()), s.legal_keys()[-1])  # noqa: E731
        assert overflows(state, seat, passive, random.Random(seed)), seed


@rule("ND-20.5", "ND-20.6", "ND-20.7", "ND-15.2", "ND-15.3", "ND-14.2", "ND-12.2", "ND-12.3", "ND-13.4",
      "ND-11.10", "ND-18.10")
def test_default_ismcts_never_lets_its_plague_overflow_when_a_held_card_prevents_it(threatened):
    failures = []
    for seed, state in threatened:
        seat = state.to_act
        agent = make_agent(AGENT, 1000 + seed)
        if overflows(state, seat, agent.choose, random.Random(seed)):
            failures.append((seed, state.round, state.rat[seat], state.plague_value(),
                             sorted(state.data.card_ids[c % 9] for c in state.hand[seat])))
    assert failures == [], f"overflowed (seed, round, rat, plague value, hand): {failures}"
