"""The rulebook's year-1 example with Ann, Brian, Cindy and David, played key by key (KB-EX-1..7)."""
import pytest

from .helpers import (ANN, BRIAN, BUILD, CINDY, DAVID, STEP_AID, TAKE_HELP, blank, goods, goto, has, helping, play)


@pytest.fixture
def book(dice):
    # KB-EX-1: Cindy, Ann, David, Brian "in this order" -> turn order 1 Cindy, 2 Ann, 3 David, 4 Brian
    s = blank(4, order=[CINDY, ANN, DAVID, BRIAN])
    goto(s, STEP_AID, 1, 1)
    return s, dice


@pytest.mark.rule("KB-EX-1", "KB-3.12", "KB-EX-2", "KB-5.4")
def test_ex1_ex2_setup_and_first_aid(book):
    s, _ = book
    assert s.turn_order == [CINDY, ANN, DAVID, BRIAN]
    assert s.vp == [0] * 4 and s.soldiers == [0] * 4 and s.goods == [0] * 12 and s.buildings == [0] * 4
    # KB-5.4: everyone is tied at 0/0: every player takes a good, in turn order, nobody gets the die
    seen = []
    for key in ("take:g", "take:w", "take:g", "take:s"):   # Cindy gold, Ann wood, David gold, Brian stone
        assert sorted(s.legal_keys()) == ["take:g", "take:s", "take:w"]
        seen.append(s.to_act)
        s.apply(key)
    assert seen == [CINDY, ANN, DAVID, BRIAN]
    assert s.kings_aid_seat == -1
    assert goods(s, ANN) == (0, 1, 0) and goods(s, BRIAN) == (0, 0, 1)
    assert goods(s, CINDY) == (1, 0, 0) and goods(s, DAVID) == (1, 0, 0)


def _to_spring(s, dice):
    dice.script(1, 3, 5, 4, 4, 5, 2, 2, 6, 2, 3, 5)   # rolls of seats 0..3 (Ann, Brian, Cindy, David)
    play(s, "take:g", "take:w", "take:g", "take:s")


@pytest.mark.rule("KB-EX-3", "KB-7.3", "KB-7.4", "KB-7.5")
def test_ex3_turn_order(book):
    s, dice = book
    _to_spring(s, dice)
    # Ann 9, Brian 13, Cindy 10, David 10: Cindy stays ahead of David (higher previous position)
    assert s.turn_order == [ANN, CINDY, DAVID, BRIAN]
    assert s.phase == 2 and s.to_act == ANN


def _influence(s):
    play(s, "dice:35", "adv:8",      # Ann 5+3 on the Treasurer
         "dice:22", "adv:4",         # Cindy cannot use 8: 2+2 on the Merchant
         "dice:25", "adv:7")         # David 2+5 on the Astronomer
    # Brian could use 4+4+5 on 13; 4+4 (8) is taken
    assert "dice:445" in s.legal_keys() and "dice:44" not in s.legal_keys()
    play(s, "dice:45", "adv:9",      # Brian 4+5 on the Master Hunter
         "dice:1", "adv:1",          # Ann
         "dice:6", "adv:6",          # Cindy
         "dice:3", "adv:3")          # David; Brian's 4 cannot go on 4: he must pass, and the step ends


@pytest.mark.rule("KB-EX-4", "KB-8.1", "KB-8.2", "KB-8.10", "KB-8.11")
def test_ex4_influence(book):
    s, dice = book
    _to_spring(s, dice)
    _influence(s)
    court = {a: s.court[2 * a] for a in range(1, 19) if s.court[2 * a] != -1}
    assert court == {1: ANN, 3: DAVID, 4: CINDY, 6: CINDY, 7: DAVID, 8: ANN, 9: BRIAN}
    assert [v for v in s.dice_values[5 * BRIAN:5 * BRIAN + 5] if v] == [4]    # Brian had to pass with his 4
    assert s.pending() is TAKE_HELP and helping(s) == 1 and s.to_act == ANN    # help begins with the Jester


def _help(s):
    play(s, "take",        # 1 Jester: Ann +1 VP
         "take:w",         # 3 Architect: David +1 wood (2 Squire skipped)
         "take:w",         # 4 Merchant: Cindy chooses wood
         "trade:w",        # 6 Alchemist: Cindy returns that wood for gold + stone
         "take:w",         # 7 Astronomer: David a +2 token and wood
         "take:gg",        # 8 Treasurer: Ann +2 gold
         "take:gw")        # 9 Master Hunter: Brian wood + gold


@pytest.mark.rule("KB-EX-5", "KB-9.1", "KB-9.2", "KB-9.23")
def test_ex5_help(book):
    s, dice = book
    _to_spring(s, dice)
    _influence(s)
    order = []
    for key in ("take", "take:w", "take:w", "trade:w", "take:w", "take:gg", "take:gw"):
        order.append((helping(s), s.to_act))
        play(s, key)
    assert order == [(1, ANN), (3, DAVID), (4, CINDY), (6, CINDY), (7, DAVID), (8, ANN), (9, BRIAN)]
    assert goods(s, ANN) == (2, 1, 0) and s.vp[ANN] == 1
    assert goods(s, BRIAN) == (1, 1, 1)
    assert goods(s, CINDY) == (2, 0, 1)
    assert goods(s, DAVID) == (1, 2, 0) and s.tokens[DAVID] == 1
    # KB-9.23: the dice are back, the court is empty, building starts
    assert s.dice_values == [0] * 20 and s.advisors_taken == 0 and s.pending() is BUILD


@pytest.mark.rule("KB-EX-6", "KB-EX-7", "KB-10.1", "KB-10.3", "KB-10.4", "KB-12.2")
def test_ex6_ex7_building_and_reward(book):
    s, dice = book
    _to_spring(s, dice)
    _influence(s)
    _help(s)
    builders = []
    for key in ("build:statue", "build:guard_tower", "build:palisade", "build:inn"):
        builders.append(s.to_act)
        play(s, key)
    assert builders == [ANN, CINDY, DAVID, BRIAN]     # in turn order
    assert has(s, ANN, "statue") and goods(s, ANN) == (0, 1, 0)
    assert has(s, BRIAN, "inn") and goods(s, BRIAN) == (0, 0, 1)
    assert has(s, CINDY, "guard_tower") and goods(s, CINDY) == (1, 0, 0)
    assert has(s, DAVID, "palisade") and goods(s, DAVID) == (1, 0, 0) and s.tokens[DAVID] == 1
    # KB-EX-7: after the King's Reward (everyone 1 building) and into Summer
    assert s.phase == 4
    assert s.vp == [5, 1, 2, 1]
