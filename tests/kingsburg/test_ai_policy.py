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
    (5, {"reinforcements": "dice_difference", "negative_vp": False}),
    (3, {"one_token_per_season": False})])
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


def _blank(**options):
    from .helpers import blank
    return blank(2, order=[0, 1], **options)


def _live(**options):
    """A game in progress (a decision pending) whose fields a test then sets."""
    state = GAME.new_state(2, 0, options)
    assert state.to_act is not None
    return state


@pytest.mark.rule("KB-8.7")
def test_tokens_beyond_one_a_season_are_worth_little_under_the_ruling():
    def gain(**options):
        s = _live(**options)
        s.year, s.phase = 5, 6                         # the last production season
        s.tokens[0] = 1
        one = ev._value(s, 0, 0)
        s.tokens[0] = 5
        return ev._value(s, 0, 0) - one
    use = 0.7                                           # what goods and tokens are worth in the last season
    assert gain(one_token_per_season=False) == pytest.approx(4 * ev.TOKEN_VALUE * use)
    assert gain() == pytest.approx(4 * 0.2 * ev.TOKEN_VALUE * use)    # 4 tokens no season can take


@pytest.mark.rule("KB-AMB-8", "KB-AMB-24")
def test_a_battle_loss_below_zero_counts_in_full_only_with_negative_vp():
    from .helpers import card_index
    def outlook(**options):
        s = _live(**options)
        s.vp[0] = 0
        s.enemy_seen = (1, 0)                           # seat 0 knows this year's card
        deck = list(s.enemy_deck)
        deck[0] = card_index(3)                         # goblins: lose 1 gold and 1 building
        s.enemy_deck = tuple(deck)
        return ev._value(s, 0, 0)
    # a loss of VP that a seat at 0 VP cannot pay costs nothing with the floor, 3 VP without it
    assert outlook(negative_vp=False) > outlook()


@pytest.mark.rule("KB-8.7")
def test_the_playout_keeps_the_seasons_token_for_a_better_group():
    def token_cost(**options):
        s = _blank(**options)
        from .helpers import set_dice, start_influence
        set_dice(s, 0, (1, 2, 3))
        set_dice(s, 1, (6, 6, 6))
        s.tokens[0] = 1
        start_influence(s)
        s.apply("dice:1")
        return (policy.option_value(s, 0, "choose_advisor", "adv:1")
                - policy.option_value(s, 0, "choose_advisor", "adv:3+token")
                - (policy.advisor_values(s.T)[1] - policy.advisor_values(s.T)[3]))
    assert token_cost(one_token_per_season=False) == pytest.approx(policy.TOKEN)
    assert token_cost() == pytest.approx(policy.TOKEN + policy.SEASON_TOKEN)


def _last_season(tokens: int, **options):
    """Year 5, Autumn (the last productive season), 2 players influencing: seat 0 holds `tokens`
    +2 tokens and the dice (1, 2) and (5, 5), seat 1 the dice (6, 6)."""
    from .helpers import set_dice, start_influence
    s = _blank(**options)
    s.year = 5
    set_dice(s, 0, (1, 2))
    set_dice(s, 1, (6, 6))
    s.tokens[0] = tokens
    start_influence(s, phase=6)
    assert s.to_act == 0 and s.pending().name == "choose_dice"
    return s


@pytest.mark.rule("KB-8.7")
def test_a_token_counts_for_this_season_only_while_its_influencing_is_open():
    # one token, the last season: usable while seat 0 may still influence, not once it has
    # passed nor after the influencing (the help step pending), where only the tie-break is left
    s = _last_season(1)
    assert s.usable_tokens(0) == 1
    s.apply("pass")
    assert s.usable_tokens(0) == 0
    s = _last_season(1)
    s.apply("dice:12")
    s.apply("adv:3")                                    # the Carpenter, without the token
    s.apply("pass")                                     # seat 1 passes; seat 0 has no dice left
    assert s.pending().name == "take_help" and s.token_used == 0
    assert s.usable_tokens(0) == 0
    worth = ev._value(s, 0, 0)
    s.tokens[0] = 0
    assert worth - ev._value(s, 0, 0) == pytest.approx(ev.SURPLUS_TOKEN * ev.TOKEN_VALUE * 0.7)


@pytest.mark.rule("KB-8.7")
def test_without_the_ruling_every_token_stays_usable():
    s = _last_season(3, one_token_per_season=False)
    s.apply("pass")
    assert s.usable_tokens(0) is None


@pytest.mark.rule("KB-8.7", "KB-11.2")
def test_the_playout_values_a_token_the_seasons_left_cannot_take_low():
    s = _last_season(1)
    assert policy.token_worth(s, 0) == policy.TOKEN             # this season can take it
    assert policy.token_worth(s, 0, extra=1) == policy.SURPLUS_TOKEN    # a second one: no season left
    from .helpers import set_buildings
    set_buildings(s, 0, "town_hall")                            # one more a season at the Town Hall
    assert policy.token_worth(s, 0, extra=1) == policy.TOKEN
    assert policy.token_worth(s, 0, extra=2) == policy.SURPLUS_TOKEN
    rev1 = _last_season(5, one_token_per_season=False)
    assert policy.token_worth(rev1, 0, extra=1) == policy.TOKEN


@pytest.mark.rule("KB-11.2")
def test_the_playout_pays_at_the_town_hall_with_what_is_worth_least():
    s = _last_season(3)
    from .helpers import set_goods
    set_goods(s, 0, gold=1)
    # spare tokens (the last season takes one): paying one is worth more than paying the gold
    token = policy.option_value(s, 0, "town_hall", "townhall:token")
    gold = policy.option_value(s, 0, "town_hall", "townhall:g")
    assert token == pytest.approx(1 - policy.SURPLUS_TOKEN)
    assert token > gold > policy.option_value(s, 0, "town_hall", "skip") == 0.0


@pytest.mark.rule("KB-8.7", "KB-17.9")
def test_a_token_counts_for_this_season_while_its_influencing_is_still_to_come():
    # the Merchants' Guild's good of one's choice is chosen before the roll: the season's
    # influencing is still to come, so the token held counts for it
    from .helpers import STEP_PRODUCTION, goto, set_buildings
    s = _blank(merchants_guild_any_good=True)
    set_buildings(s, 0, "inn", "market", "farms", "merchants_guild")
    s.year = 5
    s.tokens[0] = 1
    goto(s, STEP_PRODUCTION, 6)
    assert s.pending().name == "take_goods"
    assert s.usable_tokens(0) == 1
