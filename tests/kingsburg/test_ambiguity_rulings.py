"""Rulings of the digest's ambiguities that no other test named (docs/games/kingsburg.md, Rulings):
unbounded VP and soldiers, the strongest-winner bonus among winners, the Autumn turn order for
phases 7 and 8, negative battle strength, enemy-specific bonuses by card type, the Envoy at the end."""
import pytest

from .helpers import (ANN, BRIAN, CINDY, STEP_END_OF_SEASON, STEP_RECRUIT, STEP_WINTER, battle, blank, card_index, goto,
                      play, set_buildings, set_goods)


@pytest.mark.rule("KB-AMB-9", "KB-AMB-42", "KB-11.5")
def test_vp_above_the_track_are_kept():
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "barricade", "crane", "town_hall", "embassy")
    s.vp = [59, 0]
    goto(s, STEP_END_OF_SEASON, 4)       # the Embassy's VP at the end of Summer (the Envoy follows)
    assert s.vp[0] == 60


@pytest.mark.rule("KB-AMB-10", "KB-15.11", "KB-AMB-27", "KB-15.10", "KB-17.14")
def test_soldiers_above_nine_and_the_strongest_bonus_among_winners(dice):
    s = blank(3, order=[CINDY, ANN, BRIAN])
    s.soldiers = [12, 6, 8]
    set_buildings(s, BRIAN, "palisade", "stable", "stone_wall")     # +2, and a tie is a win
    battle(s, dice, die=1, card=25, year_=5)                           # dragons, strength 9: 3 VP
    assert list(s.battle_strength) == [13, 9, 9] and list(s.battle_result) == [1, 1, 0]
    assert s.vp[ANN] == 3 + 1                  # the strongest winner
    assert s.vp[BRIAN] == 3                    # the Stone Wall's tie wins the reward, not the bonus
    assert s.vp[CINDY] == 0                    # a tie without the Stone Wall: nothing


@pytest.mark.rule("KB-AMB-33", "KB-4.5", "KB-14.1", "KB-15.5")
def test_recruiting_and_the_kings_die_follow_the_autumn_order(dice):
    s = blank(3, order=[CINDY, ANN, BRIAN])
    for seat in (ANN, BRIAN, CINDY):
        set_goods(s, seat, 2, 0, 0)
    goto(s, STEP_RECRUIT, 7)
    order = []
    for _ in range(3):
        order.append(s.to_act)
        if len(order) == 3:
            dice.script(2)
        play(s, "done")
    assert order == [CINDY, ANN, BRIAN]
    rolled = [e for e in s.events() if e["kind"] == "kings_reinforcements"][-1]
    assert rolled["data"]["seat"] == CINDY and rolled["data"]["soldiers"] == 2


@pytest.mark.rule("KB-AMB-38", "KB-17.7", "KB-19.6")
def test_battle_strength_may_be_negative():
    s = blank(2, order=[1, 0], reinforcements="soldier_tokens")
    set_buildings(s, 0, "inn", "market", "farms")                     # -1 in battle
    deck = list(s.enemy_deck)
    deck[0] = card_index(1)
    s.enemy_deck = tuple(deck)
    goto(s, STEP_WINTER, 8, 1)
    play(s, "token:0", "token:0")
    assert list(s.battle_strength) == [-1, 0] and list(s.battle_result) == [-1, -1]


@pytest.mark.rule("KB-AMB-39", "KB-17.16", "KB-17.17", "KB-17.18")
@pytest.mark.parametrize("card,year,bonus", [(3, 1, 1 + 1 + 0), (4, 1, 0 + 1 + 0), (5, 1, 0 + 2 + 0),
                                             (14, 3, 0 + 1 + 1), (13, 3, 0 + 1 + 0)])
def test_enemy_specific_bonuses_follow_the_card_type(dice, card, year, bonus):
    # Barricade +1 against goblins (3), Palisade +2 against zombies (5), Church +1 against demons (14)
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "statue", "chapel", "church", "palisade", "barricade")
    battle(s, dice, die=1, card=card, year_=year)
    assert s.battle_strength[0] - s.battle_strength[1] == bonus


@pytest.mark.rule("KB-AMB-41")
def test_the_envoy_held_at_the_end_scores_nothing(dice):
    scores = []
    for holder in (-1, 0):
        s = blank(2, order=[0, 1])
        s.vp = [7, 7]
        s.envoy_holder = holder
        battle(s, dice, die=1, card=21, year_=5)                       # both lose
        assert s.is_terminal()
        scores.append((s.scores(), s.winners()))
    assert scores[0] == scores[1]
