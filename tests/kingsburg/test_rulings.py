"""The co-designer's rulings (L. Iennaco, "Kingsburg: Official Clarifications"), the defaults since
rules revision 2: negative scores (1 Scoring) and one +2 token per season on the advisors
(2 +2 Tokens); each option restores the earlier reading."""
import pytest

from ludoteka.boardgames.kingsburg.building import INN_ORDER

from .helpers import (BIDX, CHOOSE_DICE, DAVID, GAME, STEP_END_OF_SEASON, TAKE_HELP, TOWN_HALL, battle, blank, goto, helping,
                      play, set_buildings, set_dice, set_goods, start_influence)


def smuggler_at_zero(**options):
    """Seat 0 at 0 VP influences the Smuggler (advisor 14) with 2+6+6; seat 1 passes."""
    s = blank(2, order=[0, 1], **options)
    set_dice(s, 0, (2, 6, 6))
    set_dice(s, 1, (1, 1, 1))
    s.vp = [0, 0]
    start_influence(s)
    play(s, "pass")                                   # seat 1 (total 3) is first
    play(s, "dice:266", "adv:14")
    return s


@pytest.mark.rule("KB-AMB-8", "KB-AMB-44", "KB-9.18")
def test_smuggler_at_zero_vp_goes_below_zero_by_default():
    s = smuggler_at_zero()
    assert s.pending() is TAKE_HELP and helping(s) == 14
    play(s, "take:www")
    assert s.vp[0] == -1 and s.view(None)["players"][0]["vp"] == -1
    assert s.score_breakdown()[0]["points"] == {"losses": -1}
    s = smuggler_at_zero(negative_vp=False)           # the floor-at-0 reading: it needs 1 VP
    assert s.pending() is not TAKE_HELP or helping(s) != 14
    assert not [e for e in s.events() if e["kind"] == "advisor_help" and e["data"]["advisor"] == 14]


def goblins_take_a_building(**options):
    s = blank(4, order=[0, 1, 2, 3], **options)
    set_buildings(s, DAVID, "inn", "barricade", "crane")
    s.vp = [3, 1, 3, 0]
    return s


@pytest.mark.rule("KB-AMB-8", "KB-AMB-24", "KB-15.14", "KB-15.15")
def test_a_lost_battle_takes_the_score_below_zero_by_default(dice):
    s = goblins_take_a_building()
    battle(s, dice, die=1, card=3)                    # goblins, strength 3: David loses (1 + 1 < 3)
    assert s.battle_result[DAVID] == -1 and s.vp[DAVID] == -1       # the Crane's 1 VP
    s = goblins_take_a_building(negative_vp=False)
    battle(s, dice, die=1, card=3)
    assert s.battle_result[DAVID] == -1 and s.vp[DAVID] == 0


def two_groups(**options):
    """Seat 0 with 2 tokens and dice 1, 2, 3 puts a +2 token on its first group (1 -> 3)."""
    s = blank(2, order=[0, 1], **options)
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 2
    start_influence(s)
    play(s, "dice:1", "adv:3+token")
    play(s, "dice:6", "adv:6")                        # seat 1
    return s


@pytest.mark.rule("KB-8.7")
def test_one_token_per_season_by_default():
    s = two_groups()
    assert s.token_used == 1 and s.view(0)["players"][0]["token_used"]
    assert s.tokens[0] == 1 and not GAME.check_invariants(s)
    s.token_used = 0
    assert any("1 +2 tokens on the court this season, marked unused" in p for p in GAME.check_invariants(s))
    s.token_used = 1
    play(s, "dice:2")
    assert s.legal_keys() == ["adv:2"]               # no second token this season
    s = two_groups(one_token_per_season=False)       # the literal reading: one per group
    assert s.token_used == 0 and not s.view(0)["players"][0]["token_used"]
    play(s, "dice:2")
    assert s.legal_keys() == ["adv:2", "adv:4+token"]


def envoy_after_a_token(**options):
    """Seat 0 (holding the Envoy and 2 tokens) has put a token on advisor 3, seat 1 took advisor 4,
    and seat 0 now picks its last die: the Envoy could put it on advisor 4 as well."""
    s = blank(2, order=[0, 1], **options)
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (4, 6, 6))
    s.tokens[0] = 2
    s.envoy_holder = 0
    start_influence(s)
    play(s, "dice:1", "adv:3+token")
    play(s, "dice:4", "adv:4")                        # seat 1 takes advisor 4
    play(s, "dice:2")
    return s


@pytest.mark.rule("KB-8.7", "KB-13.3")
def test_the_envoys_placement_takes_no_second_token():
    assert envoy_after_a_token().legal_keys() == ["adv:2"]      # not "adv:4+token+envoy"
    assert "adv:4+token+envoy" in envoy_after_a_token(one_token_per_season=False).legal_keys()


@pytest.mark.rule("KB-8.7", "KB-11.2", "KB-17.20")
def test_the_town_hall_still_takes_a_token_and_the_next_season_allows_one_again():
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "barricade", "crane", "town_hall")
    set_goods(s, 0, 0, 0, 0)
    s.tokens[0] = 1
    s.token_used = 1                                  # seat 0 used its token on an advisor
    goto(s, STEP_END_OF_SEASON, 4)                  # Summer: the Envoy that follows gives no VP
    assert s.pending() is TOWN_HALL and s.legal_keys() == ["townhall:token", "skip"]
    play(s, "townhall:token")
    assert s.tokens[0] == 0 and s.vp[0] == 1 and s.token_used == 0     # reset with the season


@pytest.mark.rule("KB-8.7")
def test_the_token_is_free_again_next_season():
    s = blank(2, order=[0, 1])
    s.token_used = 1
    goto(s, "clean", 2)
    assert s.token_used == 0
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 1
    start_influence(s, 4)
    assert s.pending() is CHOOSE_DICE
    play(s, "dice:1")
    assert "adv:3+token" in s.legal_keys()


# ---------------------------------------------------------------------- simultaneous building effects
# Iennaco's ruling 4: the owner orders effects that apply at once. The only moment where two of
# one seat's building effects apply together and the order can change anything is the end of a
# season (KB-6.5): the Inn (Summer), the Embassy and the Town Hall.

def summer_end(tokens, goods=(1, 0, 0), other_tokens=0, **options):
    s = blank(2, order=[0, 1], **options)
    set_buildings(s, 0, "inn", "barricade", "crane", "town_hall", "embassy")
    s.tokens[0], s.tokens[1] = tokens, other_tokens
    set_goods(s, 0, *goods)
    return s


def outcomes(s, inn_first: bool) -> set:
    """What seat 0 can end the season with (tokens, goods, VP), the Inn before or after the Town
    Hall; 'after' is played as the same position without the Inn, its token added at the end."""
    if not inn_first:
        s.buildings[0] &= ~(1 << BIDX["inn"])
    goto(s, STEP_END_OF_SEASON, 4)
    out = set()
    for key in (s.legal_keys() if s.pending() is TOWN_HALL and s.to_act == 0 else [None]):
        c = s.clone()
        if key is not None:
            c.apply(key)
        if not inn_first:
            c.gain_tokens(0, 1)
        out.add((c.tokens[0], tuple(c.goods[:3]), c.vp[0]))
    return out


@pytest.mark.rule("KB-11.1", "KB-11.4", "KB-11.5", "KB-AMB-22", "KB-EX-21")
def test_the_inn_first_gives_every_outcome_of_any_order_with_an_unlimited_supply():
    # so the engine resolves the Inn, then the Embassy, then the Town Hall, without asking; the
    # Embassy's VP changes no choice (nothing at the Town Hall depends on VP)
    for tokens in (0, 1, 2):
        for goods in ((0, 0, 0), (1, 0, 0)):
            after = outcomes(summer_end(tokens, goods, effect_order_choice=False), False)
            first = outcomes(summer_end(tokens, goods, effect_order_choice=False), True)
            assert after <= first, (tokens, goods)
    assert outcomes(summer_end(0, (0, 0, 0)), True) == {(1, (0, 0, 0), 1), (0, (0, 0, 0), 2)}


@pytest.mark.rule("KB-11.1", "KB-11.4", "KB-AMB-6", "KB-AMB-22")
def test_with_an_empty_supply_the_seat_chooses_the_inns_order(dice):
    # 20 tokens held: the Inn first gives nothing; a token paid at the Town Hall first comes back
    assert not outcomes(summer_end(1, other_tokens=19, token_supply_limit=True, effect_order_choice=False),
                        False) <= outcomes(summer_end(1, other_tokens=19, token_supply_limit=True,
                                                      effect_order_choice=False), True)
    s = summer_end(1, other_tokens=19, token_supply_limit=True)
    goto(s, STEP_END_OF_SEASON, 4)
    assert s.pending() is INN_ORDER and s.legal_keys() == ["inn:first", "inn:after-town-hall"]
    after = s.clone()
    play(after, "inn:after-town-hall", "townhall:token")
    assert after.tokens[0] == 1 and after.vp[0] == 2 and after.inn_pending == 0     # Embassy + Town Hall
    play(s, "inn:first")
    assert s.tokens[0] == 1 and s.pending() is TOWN_HALL                           # the Inn gave none
    play(s, "townhall:token")
    assert s.tokens[0] == 0 and s.vp[0] == 2
    s = summer_end(1, other_tokens=18, token_supply_limit=True)                    # one in the supply
    goto(s, STEP_END_OF_SEASON, 4)
    assert s.pending() is TOWN_HALL and s.tokens[0] == 2                           # no order to choose
    s = summer_end(1, other_tokens=19, token_supply_limit=True, effect_order_choice=False)
    goto(s, STEP_END_OF_SEASON, 4)
    assert s.pending() is TOWN_HALL and s.tokens[0] == 1                           # the Inn first
