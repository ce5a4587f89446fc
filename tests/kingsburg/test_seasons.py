"""Phases 1-6: King's Aid, the productive seasons (roll, influence, help, build), Reward and Envoy."""
import pytest


from .helpers import (ANN, BRIAN, BUILD, CHOOSE_ADVISOR, CHOOSE_DICE, CINDY, DAVID, ENVOY_BUILD, GOODS, REROLL, STEP_AID,
                     STEP_BUILD, STEP_CLEAN_SEASON, STEP_END_OF_SEASON, STEP_ENVOY, STEP_HELP,
                     STEP_PRODUCTION, STEP_REWARD, T, TAKE_HELP, TOWN_HALL, blank, goods, goto, has,
                     helping, play, run_step, set_buildings, set_dice, set_goods, start_influence)


def nbuild(s, seat, k):
    """Give `seat` k buildings, filled row by row from the left (only the count matters)."""
    ids = [b.id for b in sorted(T.data.buildings, key=lambda b: (b.column, b.row))][:k]
    set_buildings(s, seat, *ids)


# ---------------------------------------------------------------------- King's Aid
@pytest.mark.rule("KB-EX-8", "KB-5.1", "KB-5.2", "KB-5.5", "KB-6.6")
def test_ex8_aid_die_for_spring_only(dice):
    s = blank(4, order=[ANN, BRIAN, CINDY, DAVID])
    for seat, k, g in ((ANN, 6, 0), (BRIAN, 5, 2), (CINDY, 5, 0), (DAVID, 6, 1)):
        nbuild(s, seat, k)
        set_goods(s, seat, 0, g, 0)
    goto(s, STEP_AID, 1, 3)
    assert s.kings_aid_seat == CINDY and s.pending() not in GOODS       # nobody takes a good
    assert s.phase == 2
    b = 5 * CINDY
    assert s.dice_values[b + 3] != 0                        # her white die in Spring
    assert all(s.dice_values[5 * p + 3] == 0 for p in (ANN, BRIAN, DAVID))
    s.kings_aid_seat = CINDY
    s.dice_values = [0] * 20
    goto(s, STEP_PRODUCTION, 4)                            # Summer: the die went back after Spring
    s2 = blank(4)
    s2.kings_aid_seat = CINDY
    run_step(s2, STEP_CLEAN_SEASON, 2)
    assert s2.kings_aid_seat == -1


@pytest.mark.rule("KB-5.3", "KB-5.6", "KB-AMB-18", "KB-AMB-40")
def test_aid_tie_on_both_counts(dice):
    s = blank(4, order=[DAVID, CINDY, BRIAN, ANN])
    nbuild(s, ANN, 2)
    nbuild(s, BRIAN, 2)
    nbuild(s, CINDY, 2)
    nbuild(s, DAVID, 3)
    set_goods(s, ANN, 1, 0, 0)
    set_goods(s, BRIAN, 1, 0, 0)
    set_goods(s, CINDY, 0, 1, 1)
    s.tokens[BRIAN] = 4                              # +2 tokens are not goods
    goto(s, STEP_AID, 1, 2)
    assert s.kings_aid_seat == -1
    assert s.to_act == BRIAN                      # Brian and Ann tied on both; turn order
    play(s, "take:s")
    assert s.to_act == ANN
    play(s, "take:w")
    assert goods(s, BRIAN) == (1, 0, 1) and goods(s, ANN) == (1, 1, 0) and goods(s, CINDY) == (0, 1, 1)


# ---------------------------------------------------------------------- rolling
@pytest.mark.rule("KB-7.1", "KB-6.1", "KB-6.2", "KB-4.5")
def test_everyone_rolls_three_dice_each_season(dice):
    for phase in (2, 4, 6):
        s = blank(3)
        goto(s, STEP_PRODUCTION, phase)
        for p in range(3):
            assert all(1 <= v <= 6 for v in s.dice_values[5 * p:5 * p + 3]) and s.dice_values[5 * p + 3:5 * p + 5] == [0, 0]
        totals = [sum(s.dice_values[5 * p:5 * p + 5]) for p in range(3)]
        assert [totals[p] for p in s.turn_order] == sorted(totals)
        assert s.pending() is CHOOSE_DICE                         # then influence (step b)


@pytest.mark.rule("KB-EX-19", "KB-17.1", "KB-17.2", "KB-17.3", "KB-17.4", "KB-AMB-19", "KB-AMB-20")
def test_ex19_statue_then_chapel(dice):
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "statue", "chapel", "inn", "market", "farms")
    dice.script(6, 6, 6, 6, 6, 2, 2, 2, 2, 4, 5, 6)   # dummies 18 and 12; seat 0: 2,2,2 + Farms white 2; seat 1: 4,5,6
    goto(s, STEP_PRODUCTION, 2)
    assert s.to_act == 0 and s.pending() is REROLL
    assert s.legal_keys() == ["statue", "statue-white", "keep"]     # total 8: no Chapel
    # each reroll says what it does to the total on average (8 - 2 + 3.5); keeping says nothing
    averages = {a.key: [n["args"] for n in a.data.get("preview", {}).get("notes", []) if n["key"] == "reroll_average"]
                for a in s.legal_actions()}
    assert averages == {"statue": [{"total": 8, "average": 9.5}], "statue-white": [{"total": 8, "average": 9.5}],
                        "keep": []}
    dice.script(1)
    play(s, "statue")
    assert sorted(v for v in s.dice_values[0:5] if v) == [1, 2, 2, 2]
    assert s.legal_keys() == ["chapel", "keep"]                    # total 7 now
    chapel = next(a for a in s.legal_actions() if a.key == "chapel")
    assert [n["args"] for n in chapel.data["preview"]["notes"] if n["key"] == "reroll_average"] == \
        [{"total": 7, "average": 14.0}]                            # all four dice: 4 x 3.5
    dice.script(1, 1, 1, 1)                                         # all four dice again: all equal, <= 7
    play(s, "chapel")
    assert s.dice_values[0:5] == [1, 1, 1, 0, 1]
    assert s.pending() is CHOOSE_DICE                                             # no further reroll this season


@pytest.mark.rule("KB-7.2", "KB-AMB-34")
def test_rerolls_in_previous_turn_order(dice):
    s = blank(2, order=[1, 0])
    set_buildings(s, 0, "statue", "chapel")
    set_buildings(s, 1, "statue", "chapel")
    dice.script(6, 6, 6, 6, 6, 1, 1, 1, 2, 2, 2)   # dummy dice first (2 players)
    goto(s, STEP_PRODUCTION, 2)
    assert s.to_act == 1                 # seat 1 was first in the previous order
    play(s, "keep")
    assert s.to_act == 0
    play(s, "keep")
    assert s.turn_order == [0, 1]             # the new order: 3 before 6


# ---------------------------------------------------------------------- influence
def court_of(s):
    return {a: s.court[2 * a] for a in range(1, 19) if s.court[2 * a] != -1}


@pytest.mark.rule("KB-8.4", "KB-8.5", "KB-8.6", "KB-8.8", "KB-8.9")
def test_influence_sums_and_closed_advisors():
    s = blank(2, order=[0, 1])
    set_dice(s, 0, (1, 2, 6), white=(3,))
    set_dice(s, 1, (5, 5, 6))
    start_influence(s)
    assert s.to_act == 0
    keys = s.legal_keys()
    # every group holds a coloured die; the white 3 alone is not a group
    assert "dice:+w3" not in keys and "dice:1+w3" in keys and "dice:126+w3" in keys
    play(s, "dice:12")
    assert s.legal_keys() == ["adv:3"]           # exactly the sum, no splitting of dice
    play(s, "adv:3")
    assert s.dice_values[0:5] == [0, 0, 6, 3, 0]          # used dice are gone
    # seat 1 cannot use 3 (taken) ...
    assert all(not k.startswith("dice:") or k != "dice:3" for k in s.legal_keys())
    play(s, "dice:56", "adv:11")
    # ... and neither can seat 0 itself: its white 3 + 6 = 9 is free, but 6 alone on 6 is fine
    assert "dice:6" in s.legal_keys()
    play(s, "dice:6+w3", "adv:9")
    assert court_of(s) == {3: 0, 9: 0, 11: 1}
    assert s.placements[-1][2] == (6, 3)


@pytest.mark.rule("KB-8.3", "KB-8.12", "KB-AMB-5")
def test_voluntary_pass_ends_the_step_for_that_player():
    s = blank(3, order=[0, 1, 2])
    set_dice(s, 0, (1, 1, 1))
    set_dice(s, 1, (1, 2, 2))
    set_dice(s, 2, (2, 2, 3))
    start_influence(s)
    assert s.turn_order == [0, 1, 2] and s.to_act == 0
    assert "pass" in s.legal_keys()                 # although 1 is free
    play(s, "pass")
    play(s, "dice:1", "adv:1")                      # seat 1
    play(s, "dice:2", "adv:2")                      # seat 2
    assert s.to_act == 1                            # seat 0 is skipped from now on
    play(s, "dice:22", "adv:4")
    play(s, "dice:23", "adv:5")
    assert s.pending() is TAKE_HELP                             # all out of dice or passed: help


@pytest.mark.rule("KB-8.7", "KB-AMB-36")
def test_plus_two_token():
    s = blank(2, order=[0, 1])
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 2
    start_influence(s)
    play(s, "dice:12")
    assert s.legal_keys() == ["adv:3", "adv:5+token"]        # one token per group, exactly +2
    play(s, "adv:5+token")
    assert s.tokens[0] == 1
    s2 = blank(2, order=[0, 1])
    set_dice(s2, 0, (4, 4, 4), white=(1,))
    set_dice(s2, 1, (6, 6, 6))
    s2.tokens[0] = 1
    start_influence(s2)
    assert not any(k.startswith("dice:+w") for k in s2.legal_keys())   # a token never replaces a coloured die


@pytest.mark.rule("KB-EX-17", "KB-17.6", "KB-17.6a", "KB-8.13", "KB-AMB-11", "KB-AMB-12")
def test_ex17_market(dice):
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "inn", "market")
    set_dice(s, 0, (4, 5, 1))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 1
    start_influence(s)
    play(s, "dice:45")
    keys = s.legal_keys()
    assert {"adv:8+market", "adv:9", "adv:10+market"} <= set(keys)
    assert {"adv:10+token+market", "adv:11+token", "adv:12+token+market"} <= set(keys)
    play(s, "adv:8+market")
    assert s.placements[-1][:3] == (8, 0, (4, 5))       # the dice keep their faces
    play(s, "dice:666", "adv:18")
    play(s, "dice:1")
    assert s.legal_keys() == ["adv:1", "adv:3+token"]   # the Market was used this season
    s2 = blank(2, order=[0, 1])
    set_buildings(s2, 0, "inn", "market")
    set_dice(s2, 0, (4, 5, 1))
    set_dice(s2, 1, (6, 6, 6))
    s2.tokens[0] = 1
    s2.rules.market_with_token = False
    start_influence(s2)
    play(s2, "dice:45")
    assert not any("+token+market" in k for k in s2.legal_keys())
    s2.rules.market_with_token = True


@pytest.mark.rule("KB-17.7", "KB-17.8", "KB-6.6")
def test_farms_white_die(dice):
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "inn", "market", "farms")
    dice.script(6, 6, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6)   # dummies; seat 0 coloured 1,1,1, Farms white 6, seat 1
    goto(s, STEP_PRODUCTION, 2)
    assert s.dice_values[0:5] == [1, 1, 1, 0, 6]
    assert not any(k.startswith("dice:+") for k in s.legal_keys())
    assert "dice:1+w6" in s.legal_keys()


# ---------------------------------------------------------------------- help
def help_state(n, seat=0, options=None, **fields):
    s = blank(2, order=[0, 1], **(options or {}))
    for k, v in fields.items():
        setattr(s, k, v)
    s.court[2 * n] = seat
    s.advisors_taken |= 1 << n
    goto(s, STEP_HELP, 4)       # Summer: what follows (Envoy, Autumn roll) changes no goods or VP
    return s


ADVISOR_CASES = [
    ("KB-9.5", 1, ["take"], "take", dict(vp=1)),
    ("KB-9.6", 2, ["take:g"], "take:g", dict(g=(1, 0, 1))),
    ("KB-9.7", 3, ["take:w"], "take:w", dict(g=(0, 1, 1))),
    ("KB-9.8", 4, ["take:g", "take:w"], "take:w", dict(g=(0, 1, 1))),
    ("KB-9.9", 5, ["take"], "take", dict(sold=1)),
    ("KB-9.10", 6, ["trade:s"], "trade:s", dict(g=(1, 1, 0))),
    ("KB-9.11", 7, ["take:g", "take:w", "take:s"], "take:s", dict(g=(0, 0, 2), tok=1)),
    ("KB-9.12", 8, ["take:gg"], "take:gg", dict(g=(2, 0, 1))),
    ("KB-9.13", 9, ["take:gw", "take:ws"], "take:ws", dict(g=(0, 1, 2))),
    ("KB-9.14", 10, ["take"], "take", dict(sold=2, peek=True)),
    ("KB-9.15", 11, ["take:ws", "take:gs"], "take:gs", dict(g=(1, 0, 2))),
    ("KB-9.16", 12, ["take:gg", "take:gw", "take:gs", "take:ww", "take:ws", "take:ss"], "take:gs",
     dict(g=(1, 0, 2), tok=1)),
    ("KB-9.17", 13, ["take:sss"], "take:sss", dict(g=(0, 0, 4))),
    ("KB-9.18", 14, None, "take:www", dict(g=(0, 3, 1), vp=-1)),
    ("KB-9.19", 15, ["take:gws"], "take:gws", dict(g=(1, 1, 2))),
    ("KB-9.20", 16, ["take:gggg"], "take:gggg", dict(g=(4, 0, 1))),
    ("KB-9.21", 17, None, "take:gg", dict(g=(2, 0, 1), vp=3, peek=True)),
    ("KB-9.22", 18, ["take:gws"], "take:gws", dict(g=(1, 1, 2), sold=1)),
]


@pytest.mark.parametrize("rule,n,keys,key,expect", ADVISOR_CASES, ids=[c[0] for c in ADVISOR_CASES])
@pytest.mark.rule("KB-9.3", "KB-9.4", "KB-9.25", "KB-2.1")
def test_each_advisor_helps(rule, n, keys, key, expect):
    s = help_state(n, goods=[0, 0, 1, 0, 0, 0], vp=[1, 0])
    assert s.to_act == 0 and helping(s) == n
    legal = s.legal_keys()
    assert legal[-1] == "decline"
    if keys is not None:
        assert legal[:-1] == keys
    if n in (14, 17):      # goods of choice: any mix, duplicates included
        assert len(legal) - 1 == {14: 10, 17: 6}[n]
    play(s, key)
    assert goods(s, 0) == expect.get("g", (0, 0, 1))
    assert s.vp[0] == 1 + expect.get("vp", 0)
    assert s.tokens[0] == expect.get("tok", 0)
    assert bool(s.enemy_seen[0] & 1) == expect.get("peek", False)
    assert s.soldiers[0] == expect.get("sold", 0)


@pytest.mark.rule("KB-9.4", "KB-AMB-28", "KB-AMB-8", "KB-AMB-44")
def test_declining_and_impossible_help():
    s = help_state(8)
    play(s, "decline")
    assert goods(s, 0) == (0, 0, 0)
    s = help_state(6)                                 # Alchemist without goods: nothing to decide
    assert s.pending() is not TAKE_HELP or helping(s) != 6
    # ... and the log says so (a browser audit saw dice on the Alchemist and no word of its help)
    told = [e["data"] for e in s.events(1) if e["kind"] == "help_unavailable"]
    assert told == [{"seat": 0, "advisor": 6}]
    s = help_state(14, vp=[0, 0], options={"negative_vp": False})   # Smuggler at 0 VP, floor at 0
    assert s.pending() is not TAKE_HELP or helping(s) != 14
    s = help_state(14, vp=[0, 0])                                 # by default (negative VP) it helps
    assert s.pending() is TAKE_HELP and helping(s) == 14


@pytest.mark.rule("KB-17.12", "KB-EX-18", "KB-AMB-13")
def test_ex18_stable_soldiers():
    for n, soldiers in ((10, 3), (5, 2), (18, 2)):
        s = help_state(n)
        set_buildings(s, 0, "palisade", "stable")
        play(s, "take" if n != 18 else "take:gws")
        assert s.soldiers[0] == soldiers
    s = help_state(5)
    set_buildings(s, 0, "palisade", "stable")
    play(s, "decline")
    assert s.soldiers[0] == 0


@pytest.mark.rule("KB-9.24", "KB-1.6")
def test_goods_supply_is_unlimited():
    s = help_state(16, goods=[40, 0, 0, 0, 0, 0])
    play(s, "take:gggg")
    assert goods(s, 0)[0] == 44


# ---------------------------------------------------------------------- building
def build_state(seat_goods, *ids, envoy=-1, players=2):
    s = blank(players, order=list(range(players)))
    set_goods(s, 0, *seat_goods)
    set_buildings(s, 0, *ids)
    s.envoy_holder = envoy
    goto(s, STEP_BUILD, 4)     # Summer: what follows (Inn, Envoy, Autumn roll) changes no goods or VP
    return s


@pytest.mark.rule("KB-10.2", "KB-10.5", "KB-10.6", "KB-10.7", "KB-10.9", "KB-AMB-37")
def test_leftmost_building_of_any_row():
    s = build_state((9, 9, 9))
    assert sorted(s.legal_keys()) == sorted(["build:statue", "build:inn", "build:guard_tower", "build:palisade",
                                             "build:barricade", "pass"])
    s = build_state((9, 9, 9), "statue")
    assert "build:chapel" in s.legal_keys() and "build:church" not in s.legal_keys()
    s = build_state((9, 9, 9), "statue", "chapel")
    assert "build:church" in s.legal_keys()
    play(s, "build:church")
    assert goods(s, 0) == (6, 8, 7) and s.vp[0] == 7
    s = build_state((1, 0, 0))
    assert not (s.pending() is BUILD and s.to_act == 0)           # cannot afford anything: no decision
    layout = [[T.data.buildings[r * 4 + c].id for c in range(4)] for r in range(5)]
    assert layout == [["statue", "chapel", "church", "cathedral"], ["inn", "market", "farms", "merchants_guild"],
                      ["guard_tower", "blacksmith", "barracks", "wizards_guild"],
                      ["palisade", "stable", "stone_wall", "fortress"], ["barricade", "crane", "town_hall", "embassy"]]


@pytest.mark.rule("KB-10.10", "KB-15.14", "KB-10.8")
def test_one_building_per_space_and_rebuilding():
    s = build_state((9, 9, 9), "statue")
    assert "build:statue" not in s.legal_keys()
    s.destroy(0, 1)
    s2 = build_state((9, 9, 9))
    s2.vp[0] = 0
    play(s2, "build:statue")
    assert s2.vp[0] == 3
    s2.destroy(0, 1)
    assert s2.vp[0] == 0 and not has(s2, 0, "statue")


@pytest.mark.rule("KB-EX-27", "KB-17.10", "KB-10.11")
def test_ex27_crane_discount():
    s = build_state((2, 1, 2), "statue", "chapel", "barricade", "crane")
    assert "build:church" in s.legal_keys()               # 2 gold + 1 wood + 2 stone
    play(s, "build:church")
    assert goods(s, 0) == (0, 0, 0)
    s = build_state((9, 9, 9), "barricade", "crane", "inn")
    play(s, "build:market")                                # column II: no discount
    assert goods(s, 0) == (7, 7, 9)


# ---------------------------------------------------------------------- envoy
@pytest.mark.rule("KB-EX-10", "KB-13.4", "KB-13.5", "KB-AMB-23")
def test_ex10_envoy_second_build():
    s = build_state((1, 3, 0), "guard_tower", envoy=0)
    play(s, "build:barricade")
    assert s.pending() is ENVOY_BUILD and "envoy-build:blacksmith" in s.legal_keys() and s.legal_keys()[-1] == "done"
    play(s, "envoy-build:blacksmith")
    assert goods(s, 0) == (0, 0, 0) and s.envoy_holder != 0
    assert "seat 0 uses the King's Envoy for a second building" in s.log()
    assert has(s, 0, "barricade") and has(s, 0, "blacksmith") and s.vp[0] == 2
    # Crane built first discounts the second build
    s = build_state((4, 2, 4), "statue", "chapel", "barricade", envoy=0)
    play(s, "build:crane")
    assert "envoy-build:church" in s.legal_keys()


@pytest.mark.rule("KB-EX-11", "KB-13.3", "KB-AMB-14", "KB-AMB-15", "KB-AMB-16")
def test_ex11_envoy_on_an_occupied_advisor():
    s = blank(4, order=[BRIAN, DAVID, ANN, CINDY])
    set_dice(s, BRIAN, (1, 1, 3))
    set_dice(s, DAVID, (1, 2, 3))
    set_dice(s, ANN, (6, 6, 6))
    set_dice(s, CINDY, (6, 6, 5))
    s.envoy_holder = DAVID
    start_influence(s)
    play(s, "dice:3", "adv:3")                           # Brian on the Architect
    play(s, "dice:3")
    assert "adv:3+envoy" in s.legal_keys()               # David with the Envoy
    play(s, "adv:3+envoy")
    assert s.envoy_holder == -1 and s.court[6] == BRIAN and s.court[7] == DAVID
    assert s.turn_order == [BRIAN, DAVID, CINDY, ANN]
    play(s, "dice:566", "adv:17", "dice:666", "adv:18")
    play(s, "dice:11", "adv:2")                          # Brian
    assert all("+envoy" not in k for k in s.legal_keys())   # David: one use only
    while s.pending() in (CHOOSE_DICE, CHOOSE_ADVISOR):
        play(s, "pass")
    seen = []
    while s.pending() is TAKE_HELP:
        seen.append((helping(s), s.to_act))
        k = s.legal_keys()
        play(s, "take:w" if helping(s) == 3 else k[0])
    assert (3, BRIAN) in seen and (3, DAVID) in seen
    assert seen.index((3, BRIAN)) + 1 == seen.index((3, DAVID))
    assert goods(s, BRIAN)[1] >= 1 and goods(s, DAVID)[1] >= 1


@pytest.mark.rule("KB-EX-9", "KB-13.1", "KB-13.6")
def test_ex9_envoy_award():
    s = blank(4, order=[ANN, BRIAN, CINDY, DAVID])
    for seat, k, g in ((ANN, 5, 0), (BRIAN, 4, 2), (CINDY, 4, 1), (DAVID, 4, 0)):
        nbuild(s, seat, k)
        set_goods(s, seat, g, 0, 0)
    s.envoy_holder = ANN                                           # unused from last year: returns first
    goto(s, STEP_ENVOY, 5, 2)
    assert s.envoy_holder == DAVID
    s = blank(4, order=[ANN, BRIAN, CINDY, DAVID])
    for seat, k, g in ((ANN, 5, 0), (BRIAN, 4, 2), (CINDY, 4, 0), (DAVID, 4, 0)):
        nbuild(s, seat, k)
        set_goods(s, seat, g, 0, 0)
    s.envoy_holder = DAVID
    goto(s, STEP_ENVOY, 5, 2)
    assert s.envoy_holder == -1                                    # tie on both: nobody this year


@pytest.mark.rule("KB-13.2")
def test_envoy_lasts_three_production_phases(dice):
    s = blank(2, order=[0, 1])
    nbuild(s, 1, 1)
    goto(s, STEP_ENVOY, 5, 1)
    assert s.envoy_holder == 0
    for _ in range(200):                      # play on without using it until next year's phase 5
        if s.year == 2 and s.phase == 6:
            break
        keys = [k for k in s.legal_keys() if "envoy" not in k]
        play(s, "pass" if "pass" in keys else keys[-1] if s.pending() not in GOODS else keys[0])
    assert s.year == 2 and s.phase == 6
    assert s.envoy_holder in (-1, 0, 1)


# ---------------------------------------------------------------------- end of a season
def end_state(phase, *ids, tok=0, goods_=(0, 0, 0)):
    """The end of a production phase, after step d); seat 1 waits with a Town Hall decision."""
    s = blank(2, order=[0, 1])
    set_buildings(s, 1, "barricade", "crane", "town_hall")
    s.tokens[1] = 1
    set_buildings(s, 0, *ids)
    s.tokens[0] = tok
    set_goods(s, 0, *goods_)
    goto(s, STEP_END_OF_SEASON, phase)
    return s


@pytest.mark.rule("KB-EX-21", "KB-11.1", "KB-11.4", "KB-17.5", "KB-AMB-22")
def test_ex21_inn_token_pays_the_town_hall():
    s = end_state(4, "inn", "barricade", "crane", "town_hall")
    assert s.tokens[0] == 1 and s.to_act == 0 and s.legal_keys() == ["townhall:token", "skip"]
    play(s, "townhall:token")
    assert s.tokens[0] == 0 and s.vp[0] == 1
    s = end_state(2, "inn")
    assert s.tokens[0] == 0                                  # only at the end of Summer


@pytest.mark.rule("KB-EX-20", "KB-11.2", "KB-11.3", "KB-17.20")
def test_ex20_town_hall_once_per_season():
    s = end_state(6, "barricade", "crane", "town_hall", tok=2, goods_=(1, 1, 0))
    assert s.legal_keys() == ["townhall:token", "townhall:g", "townhall:w", "skip"]
    play(s, "townhall:w")
    assert s.vp[0] == 1 and goods(s, 0) == (1, 0, 0) and s.tokens[0] == 2
    assert s.to_act == 1 and s.pending() is TOWN_HALL            # no second payment for seat 0


@pytest.mark.rule("KB-EX-22", "KB-11.5", "KB-17.21", "KB-AMB-21", "KB-6.5")
def test_ex22_embassy_in_the_season_it_is_built():
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "barricade", "crane", "town_hall")
    set_goods(s, 0, 2, 2, 2)
    goto(s, STEP_BUILD, 6)
    play(s, "build:embassy")
    assert s.vp[0] == 4 + 1


@pytest.mark.rule("KB-17.9", "KB-6.4", "KB-AMB-4")
def test_merchants_guild_before_rolling(dice):
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "inn", "market", "farms", "merchants_guild")
    goto(s, STEP_PRODUCTION, 4)
    assert goods(s, 0) == (1, 0, 0)
    s = blank(2, order=[0, 1], merchants_guild_any_good=True)
    set_buildings(s, 0, "inn", "market", "farms", "merchants_guild")
    goto(s, STEP_PRODUCTION, 4)
    assert s.pending() in GOODS and s.dice_values == [0] * 10           # the good is chosen before the dice are rolled
    play(s, "take:s")
    assert goods(s, 0) == (0, 0, 1) and s.dice_values[0] != 0


# ---------------------------------------------------------------------- King's Reward
@pytest.mark.rule("KB-12.1", "KB-12.2", "KB-AMB-17", "KB-AMB-3")
def test_kings_reward():
    s = blank(3, order=[0, 1, 2])
    nbuild(s, 0, 3)
    nbuild(s, 1, 2)
    nbuild(s, 2, 3)
    goto(s, STEP_REWARD, 3)
    assert s.vp == [1, 0, 1]
    s = blank(3)
    goto(s, STEP_REWARD, 3)
    assert s.vp == [1, 1, 1]                 # literal reading: all tied at 0
    s = blank(3, reward_without_buildings=False)
    goto(s, STEP_REWARD, 3)
    assert s.vp == [0, 0, 0]


@pytest.mark.rule("KB-4.2", "KB-4.3", "KB-4.4")
def test_phases_follow_the_calendar(dice):
    import random
    from .helpers import new
    s = new(3)
    phases = []
    r = random.Random(5)
    while s.year == 1:
        if not phases or phases[-1] != s.phase:
            phases.append(s.phase)
        k = s.legal_keys()
        s.apply(k[r.randrange(len(k))])
    # decisions happen in phases 1, 2, 4, 6, 7, (8 with variants); 3 and 5 are automatic
    assert phases == sorted(phases) and set(phases) <= {1, 2, 4, 6, 7, 8}
    assert {2, 4, 6} <= set(phases)


@pytest.mark.rule("KB-9.4", "KB-9.3")
def test_declining_a_free_lone_help_is_marked_as_never_better():
    """Declining (KB-9.4) is always offered; where the advisor's only form of help costs nothing
    (goods, VP, soldiers or tokens gained), the decline's data names that help as one it can
    never beat (`dominated_by`: a client may take it without asking). Not where there is a real
    choice (several forms, KB-9.3), a cost (the Smuggler's VP, the Alchemist's goods), or a look
    at the enemy card."""
    def dominated(n, **kw):
        s = help_state(n, **kw)
        assert s.to_act == 0 and helping(s) == n
        [decline] = [a for a in s.legal_actions(0) if a.key == "decline"]
        return decline.data.get("dominated_by")

    for n in (1, 2, 3, 5, 8, 13, 15, 16, 18):       # one free form each
        s = help_state(n)
        [only] = [k for k in s.legal_keys() if k != "decline"]
        assert dominated(n) == only, n
    assert dominated(4) is None                        # Merchant: gold or wood
    assert dominated(10) is None                       # General: soldiers and a look at the enemy
    assert dominated(14, vp=[3, 0]) is None            # Smuggler: pays a VP
    assert dominated(6, goods=[1, 0, 0, 0, 0, 0]) is None   # Alchemist: gives a good away
