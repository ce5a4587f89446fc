"""Previews (issue 23 §1): every option that changes a seat's supplies says so before it is chosen,
matching what applying it does, never reading what the seat may not see (tests/preview_kit.py);
and a few positions whose previews are checked against the rulebook's numbers."""
from __future__ import annotations

import pytest
from preview_kit import preview_problems, random_decisions

from .helpers import (DATA, GAME, STEP_BUILD, STEP_END_OF_SEASON, STEP_HELP, STEP_RECRUIT, blank, goto, play,
                      set_buildings, set_dice, set_goods, start_influence)

# Every player count, the soldier-token variant, and the options that change costs or gains.
SETUPS = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (3, {"reinforcements": "soldier_tokens"}),
    (2, {"reinforcements": "dice_difference", "token_supply_limit": True, "negative_vp": False,
         "one_token_per_season": False}),
    (3, {"three_player_dummy": True, "merchants_guild_any_good": True, "market_with_token": False}),
    (5, {"reinforcements": "soldier_tokens", "building_token_limit": False, "reward_without_buildings": False}),
]


def preview(state, key: str, seat: int | None = None) -> dict:
    seat = state.to_act if seat is None else seat
    action = next(a for a in state.legal_actions(seat) if a.key == key)
    return action.data.get("preview") or {}


def note_keys(p: dict) -> list[str]:
    return [n["key"] for n in p.get("notes", ())]


def test_the_supplies_are_the_public_counters_of_a_seat():
    assert list(GAME.supply_items) == ["gold", "wood", "stone", "vp", "plus_two_tokens", "soldiers", "envoy"]
    s = blank(2)
    set_goods(s, 1, 1, 2, 3)
    s.tokens[1], s.soldiers[1], s.vp[1], s.envoy_holder = 2, 4, 5, 1
    assert GAME.supplies(s, 1) == {"gold": 1, "wood": 2, "stone": 3, "vp": 5, "plus_two_tokens": 2,
                                   "soldiers": 4, "envoy": 1}
    assert GAME.supplies(s, 0)["envoy"] == 0


@pytest.mark.parametrize("players,options", SETUPS)
def test_previews_of_random_games_match_play_and_never_leak(players, options):
    states = gains = 0
    for seed in range(4):
        for state in random_decisions(GAME, players, seed, options, every=2):
            states += 1
            found = preview_problems(GAME, state, seed)
            assert not found, found[:3]
            gains += sum(1 for a in state.legal_actions(state.acting_seats()[0])
                         if (a.data.get("preview") or {}).get("gain"))
    assert states > 250 and gains > 100     # about 400 states per setup, 3400 in all


@pytest.mark.rule("KB-8.6", "KB-8.7")
def test_a_dice_group_says_which_advisor_needs_a_token_and_the_advisor_that_the_token_is_spent():
    s = blank(2, order=[0, 1])
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 2
    start_influence(s)
    p = preview(s, "dice:1")
    assert "gain" not in p                                           # nothing is spent yet
    assert note_keys(p) == ["advisor_1", "advisor_3", "needs_token"]
    assert p["notes"][2]["args"] == {"advisor": 3}
    assert preview(s, "pass")["confirm"] == "pass_dice_left"         # dice are left: ask once
    play(s, "dice:1")
    p = preview(s, "adv:3+token")
    assert p["gain"] == {"plus_two_tokens": -1}
    assert note_keys(p) == ["advisor_3", "token_once"] and p["notes"][1]["args"] == {"left": 1}
    assert "gain" not in preview(s, "adv:1")
    s = blank(2, order=[0, 1], one_token_per_season=False)           # the literal reading: no such limit
    set_dice(s, 0, (1, 2, 3))
    set_dice(s, 1, (6, 6, 6))
    s.tokens[0] = 2
    start_influence(s)
    play(s, "dice:1")
    assert note_keys(preview(s, "adv:3+token")) == ["advisor_3", "spend_token"]


@pytest.mark.rule("KB-13.3")
def test_influencing_a_taken_advisor_with_the_envoy_spends_it_and_asks_first():
    s = blank(2, order=[0, 1])
    set_dice(s, 0, (4, 5, 6))
    set_dice(s, 1, (6, 6, 6))
    s.court[2 * 4] = 1                                               # seat 1 is on the Merchant (4)
    s.advisors_taken |= 1 << 4
    s.envoy_holder = 0
    start_influence(s)
    play(s, "dice:4")
    p = preview(s, "adv:4+envoy")
    assert p["gain"] == {"envoy": -1} and p["confirm"] == "spend_envoy"
    assert note_keys(p) == ["advisor_4", "spend_envoy"]


@pytest.mark.rule("KB-9.18", "KB-10.5")
def test_the_smugglers_help_costs_1_vp_for_3_goods():
    s = blank(2, order=[0, 1])
    s.court[2 * 14] = 0
    s.advisors_taken |= 1 << 14
    s.vp[0] = 3
    goto(s, STEP_HELP, 2)
    assert preview(s, "take:ggg")["gain"] == {"gold": 3, "vp": -1}
    assert preview(s, "take:gws")["gain"] == {"gold": 1, "wood": 1, "stone": 1, "vp": -1}
    assert preview(s, "decline")["confirm"] == "decline_help"
    # each mix of goods says which buildings it would pay for (a browser audit chose among the 11
    # blind), by row and column: with no goods and none built, the first of each row (KB-10.5):
    # Statue 2 gold, Inn 1 gold 1 wood, Guard Tower 1 gold 1 stone, Palisade 2 wood, Barricade 1 wood
    builds = {key: [n["args"]["buildings"] for n in preview(s, key).get("notes", []) if n["key"] == "builds_then"]
              for key in ("take:ggg", "take:gws", "take:www")}
    assert builds == {"take:ggg": [[[1, 1]]], "take:gws": [[[2, 1], [3, 1], [5, 1]]],
                      "take:www": [[[4, 1], [5, 1]]]}
    set_goods(s, 0, 1, 0, 0)                 # what the seat can build already is not said again
    assert [n["args"] for n in preview(s, "take:ggg").get("notes", []) if n["key"] == "builds_then"] == \
        [{"buildings": [[1, 1]]}]
    set_goods(s, 0, 2, 0, 0)
    assert "builds_then" not in note_keys(preview(s, "take:ggg"))


@pytest.mark.rule("KB-10.2", "KB-10.4", "KB-12.1", "KB-12.2")
def test_building_in_spring_shows_its_cost_its_vp_and_the_kings_reward_that_follows():
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "statue")
    set_goods(s, 1, 2, 0, 0)
    goto(s, STEP_BUILD, 2)
    assert s.to_act == 1
    statue = DATA.buildings[0]
    assert (statue.id, statue.cost, statue.vp) == ("statue", (2, 0, 0), 3)        # KB-DATA-1
    p = preview(s, "build:statue")
    # 2 gold for the Statue's 3 VP; then both have 1 building: the King's Reward to both (KB-12.2)
    assert p["gain"] == {"gold": -2, "vp": 4} and p["others"] == {"0": {"vp": 1}}
    assert "effect_statue" in note_keys(p)
    # the 1 VP beyond the Statue's 3 is said to be the reward, with the count it was given for
    reward = [n for n in p["notes"] if n["key"] == "kings_reward_follows"]
    assert [n["args"] for n in reward] == [{"buildings": 1}]
    p = preview(s, "pass")
    assert p["others"] == {"0": {"vp": 1}} and "gain" not in p and p["confirm"] == "pass_build"
    assert "kings_reward_follows" not in note_keys(p)            # the reward is seat 0's alone


def test_a_building_option_reads_cost_vp_and_effect_without_a_full_stop_inside_its_brackets():
    s = blank(2, order=[0, 1])
    set_goods(s, 1, 0, 1, 0)
    goto(s, STEP_BUILD, 2)
    labels = {a.key: a.label for a in s.legal_actions(1)}
    assert labels["build:barricade"] == "Build the Barricade for 1 wood (+0 VP; +0 in battle (+1 against goblins))"


@pytest.mark.rule("KB-17.20", "KB-13.1")
def test_the_town_hall_turns_a_token_into_1_vp_and_the_envoy_that_follows_shows():
    s = blank(2, order=[0, 1])
    set_buildings(s, 0, "barricade", "crane", "town_hall")
    s.tokens[0] = 1
    goto(s, STEP_END_OF_SEASON, 4)
    p = preview(s, "townhall:token")
    assert p["gain"] == {"plus_two_tokens": -1, "vp": 1}
    assert p["others"] == {"1": {"envoy": 1}}                  # the fewest buildings get the Envoy


@pytest.mark.rule("KB-14.1", "KB-15.5", "KB-15.7")
def test_recruiting_shows_the_cost_and_the_battle_odds_and_the_last_one_the_battle_that_follows():
    s = blank(2, order=[0, 1])
    set_goods(s, 0, 4, 0, 0)
    set_goods(s, 1, 0, 2, 0)
    s.soldiers[0] = 2
    deck = list(s.enemy_deck)
    card = next(i for i in DATA.cards_of_year[0] if DATA.enemies[i].strength == 4)
    deck[0] = card
    s.enemy_deck = tuple(deck)
    s.enemy_seen = (1, 0)                                      # seat 0 has looked at year 1's card
    goto(s, STEP_RECRUIT, 7)
    p = preview(s, "recruit:gg")
    assert p["gain"] == {"gold": -2, "soldiers": 1} and "uncertain" not in p
    odds = p["notes"][0]
    assert odds["key"] == "battle_odds_known"
    # 2 soldiers + 1 recruited + the King's die against strength 4: 2..6 win, 1 ties (KB-15.7-15.9)
    assert odds["args"] == {"strength": 3, "low": 4, "high": 4, "king_low": 1, "king_high": 6,
                            "win": 83, "tie": 17, "lose": 0}
    play(s, "done")
    p = preview(s, "recruit:ww")                               # seat 1 has not seen the card
    # the battle follows: the option's own part (its cost, its soldier), exact, not an estimate
    # (a browser audit read "≈2 gold"); the battle's items come `then`, and that every soldier
    # then goes home (KB-15.17) is the note's, not a cost of the option
    assert p["then"] == ["gold", "soldiers", "stone", "vp", "wood"] and "uncertain" not in p
    assert p["gain"] == {"wood": -2, "soldiers": 1} and "others" not in p
    low, high = DATA.year_ranges[0]
    assert note_keys(p) == ["battle_odds", "battle_follows"]
    assert (p["notes"][0]["args"]["low"], p["notes"][0]["args"]["high"]) == (low, high)


@pytest.mark.rule("KB-15.17", "KB-10.1")
def test_a_build_just_before_the_battle_costs_its_goods_not_the_soldiers_that_go_home():
    """A browser audit: the last build of Autumn, with the battle before the next decision, read
    "Pay: 1 soldier, ≈2 gold": the soldier was the one going home after the battle (KB-15.17). The
    preview keeps the build's own part (2 gold for the Statue's 3 VP), lists the battle's items
    under `then`, and the note says what follows."""
    s = blank(2, order=[0, 1])
    set_goods(s, 1, 2, 0, 0)
    s.soldiers[1] = 1
    goto(s, STEP_BUILD, 6)
    assert s.to_act == 1
    p = preview(s, "build:statue")
    assert p["gain"] == {"gold": -2, "vp": 3} and "others" not in p
    assert p["then"] == ["gold", "soldiers", "stone", "vp", "wood"] and "uncertain" not in p
    assert "battle_follows" in note_keys(p)
    play(s, "build:statue")
    assert s.year == 2 and s.soldiers[1] == 0              # the battle came first, the soldier went home


@pytest.mark.rule("KB-13.1", "KB-13.6")
def test_a_preview_that_runs_into_the_kings_envoy_says_where_it_goes():
    """The King's Envoy is handed out (KB-13.1; an unused one first goes back, KB-13.6) as soon as
    the last building decision of Summer is made, so that option's preview moves the Envoy: its
    note says why, "comes to you" exactly when the seat gets it, and no other preview has one."""
    found = {"envoy_follows_you": 0, "envoy_follows": 0}
    for seed in range(6):
        for state in random_decisions(GAME, 3, seed):
            seat = state.acting_seats()[0]
            for action in state.legal_actions(seat):
                world = state.clone()
                mark = world.event_mark()
                world.apply(action.key, seat)
                given = [e["data"]["seat"] for e in world.events(seat, since=mark) if e["kind"] == "kings_envoy"]
                keys = [k for k in note_keys(action.data.get("preview") or {}) if k.startswith("envoy_follows")]
                expected = [] if not given else ["envoy_follows_you" if given[0] == seat else "envoy_follows"]
                assert keys == expected, (seed, action.key, given, keys)
                for k in keys:
                    found[k] += 1
    assert found["envoy_follows_you"] and found["envoy_follows"]
