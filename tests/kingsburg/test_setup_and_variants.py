"""Components and setup (KB-1 to KB-3), the 2-player rules (KB-18) and the variants (KB-19)."""
import pytest

from ludoteka.boardgames.kingsburg.building import build_keys
from ludoteka.boardgames.kingsburg.tables import Placement

from .helpers import (CHOOSE_ADVISOR, CHOOSE_DICE, DATA, GAME, SOLDIER_TOKENS, STEP_CLEAN_SEASON, STEP_PRODUCTION,
                     STEP_WINTER, T, TAKE_HELP, blank, goto, helping, new, play, run_step,
                     set_buildings)


# ---------------------------------------------------------------------- components and setup
@pytest.mark.rule("KB-1.1", "KB-3.6", "KB-3.7", "KB-20", "KB-1.4", "KB-3.8")
def test_two_to_five_players_each_with_own_tracks():
    from ludoteka.kernel import BadOption
    for n in range(2, 6):
        s = new(n)
        assert len(s.vp) == len(s.soldiers) == len(s.buildings) == len(s.turn_order) == n      # VP, army, turn-order markers
        assert len(s.goods) == 3 * n and len(s.dice_values) == 5 * n
    for n in (1, 6):
        with pytest.raises(BadOption):
            new(n)


@pytest.mark.rule("KB-1.2", "KB-AMB-1")
def test_dice_three_coloured_per_player_and_white_dice(dice):
    s = blank(5)
    set_buildings(s, 0, "inn", "market", "farms")
    s.kings_aid_seat = 0
    goto(s, STEP_PRODUCTION, 2)
    counts = [sum(1 for v in s.dice_values[5 * p:5 * p + 3] if v) for p in range(5)]
    whites = sum(1 for p in range(5) for v in s.dice_values[5 * p + 3:5 * p + 5] if v)
    assert counts == [3] * 5 and whites == 2          # 15 coloured; white dice from the supply of 6


@pytest.mark.rule("KB-1.3", "KB-AMB-6")
def test_plus_two_tokens_supply_option():
    s = blank(2, token_supply_limit=True)
    s.tokens = [19, 0]
    s.gain_tokens(1, 3)
    assert s.tokens == [19, 1]
    s = blank(2)
    s.tokens = [19, 0]
    s.gain_tokens(1, 3)
    assert s.tokens == [19, 3]


@pytest.mark.rule("KB-1.5", "KB-3.3", "KB-13.5")
def test_one_envoy_starting_on_the_board():
    s = new(4)
    assert s.envoy_holder == -1 and s.view(None)["envoy"] is None


@pytest.mark.rule("KB-1.7", "KB-AMB-7")
def test_seventeen_building_tokens():
    s = blank(2)
    ids = [b.id for b in DATA.buildings][:17]
    set_buildings(s, 0, *ids)
    s.goods[0:3] = [20, 20, 20]
    assert build_keys(s, 0, T.build_key) == []
    s2 = blank(2, building_token_limit=False)
    set_buildings(s2, 0, *ids)
    s2.goods[0:3] = [20, 20, 20]
    assert build_keys(s2, 0, T.build_key) == ["build:crane"]


@pytest.mark.rule("KB-1.8", "KB-3.1", "KB-2.3", "KB-2.4", "KB-2.2")
def test_season_and_year_markers_start_on_one():
    s = new(3, 7)
    v = s.view(None)
    assert (v["year"], v["phase"], v["phase_name"]) == (1, 1, "King's Aid")
    assert [e["strength_range"] for e in v["enemies"]] == [list(r) for r in DATA.year_ranges]
    assert all(p["vp"] == 0 and p["soldiers"] == 0 for p in v["players"])
    assert sorted(v["turn_order"]) == [0, 1, 2]


@pytest.mark.rule("KB-1.9", "KB-3.10", "KB-3.11", "KB-AMB-2")
def test_enemy_deck_one_card_per_year():
    assert len(DATA.enemies) == 25 and [len(c) for c in DATA.cards_of_year] == [5] * 5
    seen = [set() for _ in range(5)]
    for seed in range(200):
        s = new(2, seed)
        for y, c in enumerate(s.enemy_deck, 1):
            assert DATA.enemies[c].year == y       # I on top ... V at the bottom
            seen[y - 1].add(c)
        assert all(e["card"] is None for e in s.view(0)["enemies"])
    assert all(len(x) == 5 for x in seen)          # every card of a year can be drawn


@pytest.mark.rule("KB-3.9")
def test_initial_turn_order_is_random():
    orders = {tuple(new(4, seed).turn_order) for seed in range(100)}
    assert len(orders) > 10


@pytest.mark.rule("KB-3.2", "KB-3.4", "KB-3.5", "KB-AMB-35")
def test_supply_and_public_goods():
    s = blank(3)
    s.goods[3:6] = [1, 2, 3]
    s.tokens[1] = 2
    for viewer in (None, 0, 2):
        p = s.view(viewer)["players"][1]
        assert p["goods"] == {"gold": 1, "wood": 2, "stone": 3} and p["plus_two_tokens"] == 2


@pytest.mark.rule("KB-17.22", "KB-17.13")
def test_battle_only_buildings_have_no_other_effect():
    for bid in ("guard_tower", "blacksmith", "wizards_guild", "palisade", "barricade", "church"):
        b = next(x for x in DATA.buildings if x.id == bid)
        assert b.effect == ""
    mods = {b.id: b.battle for b in DATA.buildings if b.battle}
    assert mods == {"farms": -1, "guard_tower": 1, "blacksmith": 1, "wizards_guild": 2, "palisade": 1,
                    "stone_wall": 1, "fortress": 1}


# ---------------------------------------------------------------------- two players
@pytest.mark.rule("KB-EX-23", "KB-18.1", "KB-18.2", "KB-18.6", "KB-AMB-30", "KB-AMB-31", "KB-6.3")
@pytest.mark.parametrize("rolls,blocked", [((3, 3, 4, 4, 6), {10, 4, 6}), ((1, 2, 3, 3, 3), {6, 3}),
                                           ((4, 4, 4, 3, 3), {12, 6})])
def test_ex23_dummy_dice(dice, rolls, blocked):
    s = blank(2)
    dice.script(*rolls)
    goto(s, STEP_PRODUCTION, 2)
    assert {a for a in range(1, 19) if s.court[2 * a] == -2} == blocked
    assert s.dummy_dice == rolls
    s2 = blank(3)
    dice.script(1, 1, 1)
    goto(s2, STEP_PRODUCTION, 2)
    assert all(x != -2 for x in s2.court)        # no dummy dice with 3 players (default)


@pytest.mark.rule("KB-18.3", "KB-18.4", "KB-13.7", "KB-18.5")
def test_dummy_advisors_closed_except_with_the_envoy(dice):
    s = blank(2, order=[0, 1])
    dice.script(3, 3, 4, 4, 6, 1, 2, 1, 6, 6, 6)     # dummies on 10, 4, 6; seat 0: 1,2,1; seat 1: 6,6,6
    goto(s, STEP_PRODUCTION, 2)
    assert s.to_act == 0
    assert "dice:112" not in s.legal_keys()        # 4 is blocked by dummy dice
    s.envoy_holder = 0
    s._legal = None
    play(s, "dice:112")
    assert s.legal_keys() == ["adv:4+envoy"]
    play(s, "adv:4+envoy")
    while s.pending() in (CHOOSE_DICE, CHOOSE_ADVISOR):
        play(s, "pass")
    helped = []
    while s.pending() is TAKE_HELP:
        helped.append((helping(s), s.to_act))
        play(s, s.legal_keys()[0])
    assert (4, 0) in helped and all(a not in (6, 10) for a, _ in helped)
    if s.phase == 2:
        assert all(x == -1 for x in s.court)         # the dice, dummies included, leave the court
    t = blank(2)
    t.dummy_dice = (1, 2, 3, 4, 5)
    run_step(t, STEP_CLEAN_SEASON, 4)
    assert t.dummy_dice == ()


@pytest.mark.rule("KB-AMB-32")
def test_three_player_dummy_option(dice):
    s = blank(3, three_player_dummy=True)
    dice.script(2, 3, 4)
    goto(s, STEP_PRODUCTION, 2)
    assert {a for a in range(1, 19) if s.court[2 * a] == -2} == {9}


# ---------------------------------------------------------------------- variants
@pytest.mark.rule("KB-EX-24", "KB-19.1", "KB-19.2")
@pytest.mark.parametrize("d1,d2,soldiers", [(5, 2, 4), (3, 3, 1), (6, 1, 6)])
def test_ex24_alternative_reinforcements(dice, d1, d2, soldiers):
    s = blank(2, reinforcements="dice_difference")
    dice.script(d1, d2)
    goto(s, STEP_WINTER, 8, 1)
    assert s.kings_soldiers == soldiers and list(s.battle_strength) == [soldiers, soldiers]


@pytest.mark.rule("KB-19.3", "KB-19.4", "KB-19.5", "KB-19.6", "KB-19.7", "KB-AMB-43")
def test_soldier_tokens_secret_then_revealed():
    s = blank(3, order=[2, 0, 1], reinforcements="soldier_tokens")
    s.soldiers = [1, 1, 1]
    goto(s, STEP_WINTER, 8, 1)
    assert s.to_act == 2 and s.legal_keys() == ["token:0", "token:1", "token:2", "token:3", "token:4"]
    play(s, "token:4")
    assert s.to_act == 0
    # seat 2's choice is hidden from the others until all have chosen
    assert s.view(0)["players"][2]["soldier_token_chosen"] is True
    assert "soldier_token" not in s.view(0)["players"][2] and s.view(2)["players"][2]["soldier_token"] == 4
    assert s.view(0)["players"][2]["soldier_tokens_left"] == [0, 1, 1, 2, 3, 4]
    assert not any("4" in line for line in s.log(0) if "token" in line)
    play(s, "token:1", "token:0")
    assert list(s.battle_strength) == [2, 1, 5]               # revealed together: 1+1, 1+0, 1+4
    assert s.view(0)["players"][2]["soldier_tokens_left"] == [0, 1, 1, 2, 3]    # used token removed
    assert s.year == 2


@pytest.mark.rule("KB-EX-25", "KB-19.8")
def test_ex25_last_token_scores():
    s = blank(2, order=[0, 1], reinforcements="soldier_tokens")
    # counts per token value 0..4: seat 0 used 0,1,1,2 and holds 3 and 4; seat 1 holds 0 and 4
    s.soldier_tokens = (0, 0, 0, 1, 1) + (1, 0, 0, 0, 1)
    s.vp = [10, 10]
    s.soldiers = [20, 20]
    deck = list(s.enemy_deck)
    deck[4] = 24                                   # dragons: win 3 VP
    s.enemy_deck = tuple(deck)
    goto(s, STEP_WINTER, 8, 5)
    play(s, "token:3", "token:4")                  # seat 0 keeps its 4, seat 1 keeps its 0
    assert s.is_terminal()
    # both win (+3); seat 1 (20+4) is the strongest (+1); then the kept token's value is added
    assert list(s.battle_strength) == [23, 24]
    assert s.vp == [10 + 3 + 4, 10 + 3 + 1 + 0]


@pytest.mark.rule("KB-9.23", "KB-AMB-6", "KB-1.3")
def test_tokens_on_the_court_are_not_in_the_supply_until_the_help_is_over():
    """With only 20 tokens, a token placed on an advisor returns to the supply only after step c)."""
    from .helpers import goods, set_dice, start_influence
    s = blank(3, order=[0, 1, 2], token_supply_limit=True)
    s.tokens = [19, 1, 0]                       # all 20 tokens are held: the supply is empty
    set_dice(s, 0, (3, 4, 5))
    set_dice(s, 1, (1, 2, 2))
    set_dice(s, 2, (6, 6, 6))
    start_influence(s)
    assert s.turn_order == [1, 0, 2]
    play(s, "dice:1", "adv:3+token")         # seat 1's token now lies on the Architect
    play(s, "dice:34", "adv:7")              # seat 0 on the Astronomer
    while s.pending() in (CHOOSE_DICE, CHOOSE_ADVISOR):
        play(s, "pass")
    play(s, "take:w")                        # Architect: seat 1 takes its wood
    assert s.to_act == 0 and helping(s) == 7
    play(s, "take:g")                        # Astronomer: 1 gold, and a token only if the supply has one
    assert goods(s, 0) == (1, 0, 0)
    assert s.tokens == [19, 0, 0]               # the supply was empty: no token
    s2 = blank(3, order=[0, 1, 2], token_supply_limit=True)
    s2.tokens = [18, 0, 0]
    s2.placements = (Placement(3, 1, (1,), 1, 0, 0),)     # one token on the court: 1 left in the supply
    s2.gain_tokens(0, 2)
    assert s2.tokens == [19, 0, 0]


@pytest.mark.rule("KB-15.1", "KB-19.1", "KB-19.5")
def test_soldier_tokens_are_picked_after_the_enemy_is_revealed():
    """Winter first turns the enemy card face up (KB-15.1); the variant changes only the reinforcements,
    so every seat picks its token knowing the enemy."""
    s = blank(3, order=[2, 0, 1], reinforcements="soldier_tokens")
    goto(s, STEP_WINTER, 8, 1)
    assert s.pending() is SOLDIER_TOKENS and s.to_act == 2                  # the first token pick
    card = DATA.enemies[s.enemy_deck[0]]
    for seat in (None, 0, 1, 2):
        enemy = s.view(seat)["enemies"][0]
        assert enemy["revealed"] and enemy["card"]["number"] == card.number
    assert any(line.startswith("Winter of year 1") and card.name in line for line in s.log(None))
    assert s.determinize(0, 3).enemy_deck[0] == s.enemy_deck[0]         # nothing left to resample
    assert not GAME.check_invariants(s)
    play(s, "token:4", "token:1")
    assert not GAME.check_invariants(s)
    play(s, "token:0")
    assert s.year == 2 and s.view(None)["last_battle"]["year"] == 1
