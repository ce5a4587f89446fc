"""Messina 1347 round and turn structure (MS-5.8, MS-7): turns cycle in turn order, a seat with
no lieutenant left is skipped, every lieutenant is used exactly once, and the round ends."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.state import CITY

from .helpers import ESTATE, blank, keys, kind, new, only, start_turns


def recall_all(s, round_=None):
    """Recall every lieutenant until the round changes; returns the seats in the order they moved."""
    start = s.round if round_ is None else round_
    seats = []
    while s.round == start and s.to_act is not None:
        if kind(s) == "ChooseLieutenant":
            s.apply(keys(s)[0])
        seats.append(s.to_act)
        s.apply("recall")
    return seats


def test_round_one_three_turns_each_in_turn_order():
    """MS-5.8, MS-7.1, MS-7.2, MS-7.3, MS-7.4: with 3 lieutenants each, turns go P1, P2, P3 three
    times; every lieutenant is used once; then the round ends."""
    s = new(3, 5)
    order = list(s.turn_order)
    assert s.to_act == order[0]
    seats = recall_all(s)
    assert seats == order * 3
    assert s.round == 2


def test_seat_without_lieutenants_is_skipped():
    """MS-7.3 (AMB-5), MS-7.1: with 4, 2 and 3 lieutenants, seats cycle while they have one left; the
    one with 4 takes the last turn alone."""
    s = blank(3, 1)
    s.turn_order = [2, 0, 1]
    only(s, 0, ESTATE, ESTATE, ESTATE, ESTATE)
    only(s, 1, ESTATE, ESTATE)
    only(s, 2, ESTATE, ESTATE, ESTATE)
    start_turns(s)
    assert recall_all(s, 1) == [2, 0, 1, 2, 0, 1, 2, 0, 0]


def test_lieutenant_gained_mid_round_is_used_this_round():
    """MS-25.9, MS-25.10, MS-8.14, MS-8.15: a figure gained on the city book in a turn goes to the
    estate and gives its owner one more turn this round, after the others in Messina."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    only(s, 0, ESTATE)
    only(s, 1, ESTATE)
    s.books[CITY] = 1
    s.coins[0] = 1
    start_turns(s)
    s.apply("hex:NW")
    s.apply("done")
    s.apply("pay:city")
    assert s.owned_lieutenants(0) == 2
    s.apply("end_turn")
    assert s.to_act == 1
    s.apply("recall")
    assert s.to_act == 0 and s.round == 1 and kind(s) == "ChooseDestination"
    s.apply("recall")
    assert s.round == 2


def test_each_lieutenant_once():
    """MS-7.4, MS-10.2: a used or recalled lieutenant is not offered again in the round."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    s.round = 2
    only(s, 0, 0, 1)
    only(s, 1, ESTATE)
    start_turns(s)
    assert keys(s) == ["lt:0", "lt:1"]
    s.apply("lt:0")
    s.apply("recall")
    s.apply("recall")
    assert s.to_act == 0 and kind(s) == "ChooseDestination" and s.top()[2] == 1
