"""Phase 7 (recruiting), phase 8 (the battle), the end of the year and of the game."""
import pytest

from .helpers import (ANN, BRIAN, CINDY, DAVID, GOODS, STEP_RECRUIT, battle, blank, goods, goto, has, play, set_buildings,
                     set_goods)


def goblin_table():
    s = blank(4, order=[ANN, BRIAN, CINDY, DAVID])
    set_buildings(s, ANN, "statue", "palisade", "barricade")
    set_buildings(s, BRIAN, "inn", "guard_tower")
    set_goods(s, BRIAN, 0, 1, 1)
    s.soldiers[BRIAN] = 1
    set_buildings(s, CINDY, "guard_tower", "blacksmith", "barricade")
    set_buildings(s, DAVID, "inn", "barricade", "crane")
    set_goods(s, DAVID, 0, 1, 0)
    s.vp = [3, 1, 3, 1]
    return s


@pytest.mark.rule("KB-EX-12", "KB-15.1", "KB-15.4", "KB-15.5", "KB-15.6", "KB-15.7", "KB-15.8", "KB-15.9",
                  "KB-15.10", "KB-15.12", "KB-15.13", "KB-15.14", "KB-15.16", "KB-15.17", "KB-17.16",
                  "KB-17.17", "KB-17.13")
def test_ex12_goblin_battle(dice):
    s = goblin_table()
    battle(s, dice, die=1, card=3)          # card 3: the goblin army of the example, strength 3
    assert s.enemies_revealed == 1                  # KB-15.1: the card is face up now
    assert s.kings_soldiers == 1
    assert list(s.battle_strength) == [3, 3, 4, 2]     # Ann 1+1+1, Brian 2+1, Cindy 1+1+1+1, David 1+0+1
    assert list(s.battle_result) == [0, 0, 1, -1]
    assert goods(s, ANN) == (0, 0, 0) and s.vp[ANN] == 3          # tie: nothing
    assert goods(s, BRIAN) == (0, 1, 1) and s.vp[BRIAN] == 1
    assert goods(s, CINDY) == (0, 0, 1) and s.vp[CINDY] == 3 + 1  # 1 stone, +1 VP strongest winner
    # David: 1 gold lost but he has none; the Crane (column II) goes before column I; its VP go
    assert goods(s, DAVID) == (0, 1, 0)
    assert not has(s, DAVID, "crane") and has(s, DAVID, "inn") and has(s, DAVID, "barricade")
    assert s.vp[DAVID] == 0
    assert s.soldiers == [0, 0, 0, 0]           # KB-15.17
    assert s.year == 2 and s.phase == 2     # next year began (the Aid needed no decision... or did)


@pytest.mark.rule("KB-EX-12", "KB-15.13")
def test_ex12_market_would_be_destroyed_before_the_crane(dice):
    s = goblin_table()
    set_buildings(s, DAVID, "inn", "market", "barricade", "crane")
    battle(s, dice, die=1, card=3)
    assert not has(s, DAVID, "market") and has(s, DAVID, "crane")


@pytest.mark.rule("KB-EX-13", "KB-15.11", "KB-15.10")
def test_ex13_strength_above_nine(dice):
    s = blank(3)
    s.soldiers = [9, 10, 0]
    battle(s, dice, die=1, card=2)          # year-1 goblins, strength 2
    assert list(s.battle_strength) == [10, 11, 1]
    vp_bonus = [s.vp[0], s.vp[1]]
    # both won 1 wood; only the 11 gets the bonus VP
    assert goods(s, 0)[1] == 1 and goods(s, 1)[1] == 1
    assert vp_bonus == [0, 1]


@pytest.mark.rule("KB-EX-14", "KB-17.19")
def test_ex14_fortress_adds_a_vp_to_a_won_battle(dice):
    s = blank(2)
    set_buildings(s, 0, "palisade", "stable", "stone_wall", "fortress")
    set_buildings(s, 1, "palisade", "stable", "stone_wall", "fortress")
    s.soldiers = [0, 1]
    battle(s, dice, die=1, card=1)          # barbarians 2, reward 1 gold
    # strengths 1+1+1+1 = 4 and 5; both win: gold + Fortress VP; seat 1 also the strongest
    assert goods(s, 0)[0] == 1 and goods(s, 1)[0] == 1
    assert s.vp == [1, 1 + 1]     # (the building VP were not counted when setting up)


@pytest.mark.rule("KB-17.14", "KB-15.8")
def test_stone_wall_wins_a_tie(dice):
    s = blank(2)
    set_buildings(s, 0, "palisade", "stable", "stone_wall")    # +1 (palisade) +1 (wall)
    set_buildings(s, 1, "guard_tower", "blacksmith")           # +2
    battle(s, dice, die=2, card=7, year_=2)                     # goblins 4, win 1 stone
    assert list(s.battle_strength) == [4, 4]
    assert list(s.battle_result) == [1, 0]
    assert goods(s, 0)[2] == 1 and goods(s, 1) == (0, 0, 0)
    assert s.vp == [1, 0]   # strongest winner; the tied seat 1 did not win


@pytest.mark.rule("KB-EX-15", "KB-17.11", "KB-14.1", "KB-14.2", "KB-14.3")
def test_ex15_barracks_recruiting(dice):
    s = blank(2, order=[1, 0])
    set_goods(s, 0, 3, 0, 0)
    set_goods(s, 1, 3, 3, 0)
    set_buildings(s, 0, "guard_tower", "blacksmith", "barracks")
    goto(s, STEP_RECRUIT, 7)
    assert s.to_act == 1                                 # turn order
    assert sorted(s.legal_keys()) == ["done", "recruit:gg", "recruit:gw", "recruit:ww"]
    play(s, "recruit:gw", "recruit:gw", "recruit:gw")   # 6 goods -> 3 soldiers
    assert s.soldiers[1] == 3 and goods(s, 1) == (0, 0, 0)
    assert s.to_act == 0
    assert sorted(s.legal_keys()) == ["done", "recruit:g"]
    play(s, "recruit:g", "recruit:g")        # Barracks: 1 good per soldier
    assert s.soldiers[0] == 2 and goods(s, 0) == (1, 0, 0)
    dice.script(1)
    play(s, "recruit:g")                     # 3 goods -> 3 soldiers; Winter follows
    assert goods(s, 0) == (0, 0, 0)
    assert list(s.battle_strength) == [3 + 1 + 2, 3 + 1]


@pytest.mark.rule("KB-14.4", "KB-9.9", "KB-17.12", "KB-EX-18")
def test_soldiers_accumulate_and_reach_the_battle(dice):
    s = blank(2, order=[0, 1])
    s.soldiers = [3, 0]     # e.g. Sergeant 1 + Stable 1 + 1 recruited
    set_goods(s, 0, 2, 0, 0)
    goto(s, STEP_RECRUIT, 7)
    dice.script(1)
    play(s, "recruit:gg")
    # seat 1 has nothing to pay with: Winter follows at once
    assert list(s.battle_strength) == [5, 1]


@pytest.mark.rule("KB-15.9", "KB-15.12", "KB-15.15", "KB-AMB-25")
def test_losses_top_to_bottom_with_choice(dice):
    s = blank(2, order=[0, 1])
    set_goods(s, 0, 3, 2, 2)
    set_goods(s, 1, 0, 1, 0)
    set_buildings(s, 0, "statue", "chapel")
    s.vp = [10, 3]
    battle(s, dice, die=1, card=14, year_=3)        # demons 6: lose 1 VP, 2 gold, 1 wood, 1 stone
    assert goods(s, 0) == (1, 1, 1) and s.vp[0] == 9
    assert goods(s, 1) == (0, 0, 0) and s.vp[1] == 2    # only what he has; no substitute loss
    s = blank(2, order=[0, 1])
    set_goods(s, 0, 3, 2, 0)
    set_goods(s, 1, 1, 0, 0)
    s.vp = [4, 4]
    battle(s, dice, die=1, card=9, year_=2)         # barbarians 5: lose 1 VP + 2 goods of choice
    assert s.to_act == 0 and s.pending() in GOODS
    assert sorted(s.legal_keys()) == ["lose:gg", "lose:gw", "lose:ww"]
    play(s, "lose:gw")
    assert goods(s, 0) == (2, 1, 0) and s.vp[0] == 3
    assert goods(s, 1) == (0, 0, 0) and s.vp[1] == 3    # fewer than 2: all lost, no decision


@pytest.mark.rule("KB-EX-26", "KB-15.13", "KB-15.18", "KB-AMB-24")
def test_ex26_destruction_order():
    s = blank(2)
    set_buildings(s, 0, "statue", "chapel", "church", "inn", "market", "guard_tower")
    s.vp[0] = 30
    s.destroy(0, 2)
    assert not has(s, 0, "church") and not has(s, 0, "chapel")
    assert has(s, 0, "market") and has(s, 0, "statue")
    assert s.vp[0] == 30 - 7 - 5
    assert not GAME_INV(s)
    s.vp[0] = 2
    s.destroy(0, 10)          # more than it has: all of them, VP below 0 (negative_vp, the default)
    assert s.buildings[0] == 0 and s.vp[0] == 2 - 3 - 0 - 1 - 1   # Statue, Inn, Market, Guard Tower
    s = blank(2, negative_vp=False)
    set_buildings(s, 0, "statue", "inn", "market", "guard_tower")
    s.vp[0] = 2
    s.destroy(0, 10)          # the floor-at-0 reading: VP stop at 0
    assert s.buildings[0] == 0 and s.vp[0] == 0


def GAME_INV(s):
    from ludoteka.boardgames.kingsburg import GAME
    return [p for p in GAME.check_invariants(s) if "stands without" in p]


@pytest.mark.rule("KB-15.2", "KB-15.3", "KB-DATA-2")
def test_card_shape_and_ranges_are_public():
    from .helpers import DATA
    s = blank(2)
    v = s.view(0)
    assert [e["strength_range"] for e in v["enemies"]] == [[2, 4], [3, 5], [4, 6], [5, 7], [7, 9]]
    assert all(e["card"] is None for e in v["enemies"])
    goblin = DATA.enemies[2]
    assert (goblin.type, goblin.strength, goblin.lose, goblin.gain) == ("goblins", 3, (1, 0, 0, 0, 1, 0),
                                                                        (0, 0, 1, 0, 0))


@pytest.mark.rule("KB-15.16")
def test_all_players_defeated_nothing_more(dice):
    s = blank(2)
    s.vp = [5, 5]
    battle(s, dice, die=1, card=25, year_=5)   # dragons 9: both lose 5 VP, nobody gets a bonus
    assert s.vp == [0, 0] and list(s.battle_result) == [-1, -1]
    assert s.is_terminal()


@pytest.mark.rule("KB-16.1", "KB-16.2", "KB-4.1")
def test_year_advances_and_game_ends_after_year_five(dice):
    s = blank(2)
    battle(s, dice, die=6, card=6, year_=2)
    assert s.year == 3 and not s.is_terminal()
    s = blank(2)
    battle(s, dice, die=6, card=21, year_=5)
    assert s.year == 5 and s.is_terminal() and s.to_act is None and s.legal_keys() == []


@pytest.mark.rule("KB-16.3", "KB-17.15", "KB-EX-16", "KB-AMB-26")
def test_ex16_cathedral_at_the_end(dice):
    s = blank(2)
    set_buildings(s, 0, "statue", "chapel", "church", "cathedral")
    set_goods(s, 0, 3, 2, 2)          # 7 goods -> 3 VP, the goods stay
    s.vp = [24, 0]
    s.soldiers = [20, 20]
    battle(s, dice, die=1, card=25, year_=5)
    assert s.is_terminal()
    assert s.vp[0] == 24 + 3 + 1 + 3      # dragons won: +3 VP, strongest... both 21 -> both +1; cathedral 3
    assert goods(s, 0) == (3, 2, 2)


@pytest.mark.rule("KB-16.4", "KB-16.5")
def test_winner_and_tie_breaks(dice):
    s = blank(3)
    s.vp = [10, 10, 10]
    set_goods(s, 0, 1, 0, 0)
    set_goods(s, 1, 1, 0, 0)
    set_buildings(s, 1, "statue")
    s.vp[1] = 10
    battle(s, dice, die=6, card=25, year_=5)     # everybody wins 3 VP + tied strongest
    assert s.is_terminal()
    assert s.winners() == [1]                    # same VP and goods, more buildings
    s.vp[0] += 1
    assert s.winners() == [0]
    s.vp[0] -= 1
    set_buildings(s, 1)
    assert s.winners() == [0, 1]                 # still tied: shared win
