"""Phase 5: the plague (ND-20), worked examples 7, 8 and 10."""
from __future__ import annotations

import pytest

from .helpers import (DATA, S_PLAGUE, advance_passive, bribe_state, ok, set_counts, stage)

rule = pytest.mark.rule
RATS = {p.id: p.rats for p in DATA.persons}
VALUE3 = ("monk", "minstrel", "city_guard")          # 2 + 0 + 1 (the book's first example)
VALUE7 = ("monk", "physician", "night_watchman")     # 2 + 3 + 2
VALUE6 = ("monk", "physician", "city_guard")         # 2 + 3 + 1 (the Physician example)


def plague(s):
    """Everyone still to bribe passes; stop at a plague choice or the next round."""
    rnd = s.round
    advance_passive(s, stop=lambda x: stage(x) == S_PLAGUE or x.round != rnd)


@rule("ND-20.1")
def test_plague_value_is_the_rats_on_the_three_persons():
    assert all(0 <= p.rats <= 3 for p in DATA.persons)
    for persons, value in ((VALUE3, 3), (VALUE7, 7), (VALUE6, 6)):
        s = bribe_state(3, 0, persons)
        assert s.plague_value() == value == sum(RATS[p] for p in persons)
        assert s.view(1)["plague_value"] == value


@rule("ND-EX-7", "ND-20.2", "ND-20.3", "ND-20.4", "ND-20.12", "ND-15.3")
def test_ex7_three_players_value_3():
    s = bribe_state(3, 0, VALUE3)
    set_counts(s, 0, sectors={"hospital": 2}, rat=4, pp=5)        # Vlasta
    set_counts(s, 1, sectors={"bank": 3}, rat=6, pp=5)            # Bára
    set_counts(s, 2, sectors={"hospital": 3}, friend="hospital", rat=5, pp=5)   # Michal
    s.apply("bribe:monk")                                          # bribing or not: all are affected
    plague(s)
    assert s.round == 2
    assert s.rat == [5, 9, 4]
    assert s.prestige == [5 + 1, 5, 5] and s.sector_stones[7 + 1] == 3             # exactly 9: no penalty
    ok(s)


@rule("ND-20.4")
def test_negative_movement_stops_at_zero():
    s = bribe_state(3, 0, VALUE3)
    set_counts(s, 0, sectors={"hospital": 6}, rat=1)
    plague(s)
    assert s.rat[0] == 0


@rule("ND-EX-8", "ND-20.5", "ND-20.6", "ND-20.7", "ND-20.9", "ND-20.11", "ND-20.12")
def test_ex8_overflow_value_7():
    s = bribe_state(3, 0, VALUE7)
    set_counts(s, 0, sectors={"hospital": 2, "bank": 2, "park": 1}, rat=5, pp=10)   # Vlasta: 10
    set_counts(s, 1, sectors={"residence": 3, "bank": 1}, rat=9, pp=10)             # Bára: 16
    set_counts(s, 2, sectors={"hospital": 1}, friend="hospital", rat=4, pp=10)      # Michal: 9
    general = s.general[:]
    plague(s)
    # Vlasta's fullest sectors tie (hospital 2, bank 2): she chooses.
    assert stage(s) == S_PLAGUE and s.to_act == 0
    assert s.legal_keys() == ["lose:bank", "lose:hospital"]
    assert s.rat == [9, 9, 9] and s.prestige == [8, 8, 10]
    assert s.sector_stones[7 + 2] == 2 and s.general[1] == general[1] + 1    # Bára: same penalty, from residence
    s.apply("lose:bank")
    assert s.round == 2 and s.sector_stones[1] == 1 and s.sector_stones[6] == 2 and s.general[0] == general[0] + 1
    assert s.sector_stones[14 + 6] == 1 and s.general[2] == general[2]       # Michal: exactly 9, no penalty
    ok(s)


@rule("ND-20.6", "ND-AMB-19")
@pytest.mark.parametrize("pp,after", [(1, 0), (0, 0), (2, 0), (7, 5)])
def test_overflow_loses_two_prestige_at_most_what_there_is(pp, after):
    s = bribe_state(3, 0, VALUE7)
    set_counts(s, 0, sectors={"bank": 1}, rat=9, pp=pp)
    plague(s)
    assert s.prestige[0] == after and s.rat[0] == 9 and s.sector_stones[1] == 0


@rule("ND-20.8")
def test_friend_counts_for_the_fullest_sector_but_is_never_removed():
    s = bribe_state(3, 0, VALUE7)
    set_counts(s, 0, sectors={"bank": 1, "park": 1}, friend="bank", rat=9)
    plague(s)
    assert s.sector_stones[1] == 0 and s.sector_stones[5] == 1 and s.friend[0] == 1     # bank (1 + friend) is fullest
    t = bribe_state(3, 0, VALUE7)
    set_counts(t, 0, sectors={}, friend="park", rat=9)
    plague(t)
    assert t.friend[0] == 5 and t.round == 2                          # only the friend: nothing lost
    u = bribe_state(3, 0, VALUE7)
    set_counts(u, 0, sectors={"bank": 2, "park": 1}, friend="park", rat=9)
    plague(u)
    assert u.legal_keys() == ["lose:bank", "lose:park"]               # 2 vs 1 + friend: a tie
    u.apply("lose:park")
    assert u.sector_stones[5] == 0 and u.friend[0] == 5


@rule("ND-20.10")
def test_notre_dame_stones_never_lost_to_the_plague():
    s = bribe_state(3, 0, VALUE7)
    set_counts(s, 0, sectors={}, nd=4, rat=9)
    plague(s)
    assert s.notre_dame_stones[0] == 4 and s.round == 2
    ok(s)


@rule("ND-EX-10", "ND-18.10", "ND-18.11")
def test_ex10_physician_michal():
    s = bribe_state(3, 0, VALUE6)
    assert s.plague_value() == 6
    set_counts(s, 0, sectors={"hospital": 1, "bank": 2}, friend="hospital", rat=7, pp=4)
    set_counts(s, 1, sectors={"hospital": 1, "bank": 3}, friend="hospital", rat=7, pp=4)
    s.apply("bribe:physician")
    assert s.coins[0] == 2
    plague(s)
    assert s.rat[0] == 5 and s.prestige[0] == 4 and s.sector_stones[1] == 2          # 0 - 2: back to 5
    # Seat 1 did not bribe: 7 + 6 - 2 = 11 > 9: marker 9, -2 PP, -1 stone.
    assert s.rat[1] == 9 and s.prestige[1] == 2 and s.sector_stones[7 + 1] == 2 and s.round == 2
    ok(s)


@rule("ND-18.11")
def test_physician_with_empty_hospital_leaves_marker():
    s = bribe_state(3, 0, VALUE6)
    set_counts(s, 0, sectors={}, rat=8)
    s.apply("bribe:physician")
    plague(s)
    assert s.rat[0] == 8


@rule("ND-20.8", "ND-AMB-19")
def test_overflow_log_says_no_stone_is_lost_when_only_the_friend_stands():
    s = bribe_state(3, 0, VALUE7)
    set_counts(s, 0, sectors={}, friend="park", rat=9, pp=5)
    plague(s)
    line = [t for t in s.log(None) if "would pass" in t][-1]
    assert "a stone" not in line and "no stone" in line
    t = bribe_state(3, 0, VALUE7)
    set_counts(t, 0, sectors={"bank": 1}, rat=9, pp=5)
    plague(t)
    assert "loses 2 prestige and a stone" in [x for x in t.log(None) if "would pass" in x][-1]
