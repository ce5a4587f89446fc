"""The guide in every view (issue 23 §5): what happens next in the year, and the battle forecast
against this year's enemy, from what the seat may see only."""
from __future__ import annotations

import random

import pytest

from .helpers import DATA, GAME, STEP_HELP, STEP_RECRUIT, blank, goto, play


@pytest.mark.rule("KB-4.1")
def test_the_next_line_follows_the_year_step_by_step():
    s = GAME.new_state(3, 4)
    rng = random.Random(4)
    seen = []
    while not s.is_terminal() and s.year == 1:
        key = s.view(s.to_act)["guide"]["next"]["key"]
        if not seen or seen[-1] != key:
            seen.append(key)
        s.apply(rng.choice(s.legal_keys()))
    order = ["influence_spring", "help_spring", "build_spring", "influence_summer", "help_summer", "build_summer",
             "influence_autumn", "help_autumn", "build_autumn", "recruit"]
    assert [k for k in seen if k in order] == [k for k in order if k in seen]
    assert {"influence_spring", "help_spring", "influence_summer", "influence_autumn"} <= set(seen)
    finished = GAME.new_state(2, 1)
    while not finished.is_terminal():
        finished.apply(rng.choice(finished.legal_keys()))
    assert finished.view(0)["guide"] == {"next": {"key": "over", "text": "The game is over", "args": {}},
                                         "warnings": []}


@pytest.mark.rule("KB-9.14", "KB-15.5", "KB-15.7")
def test_the_battle_warning_uses_the_card_only_for_the_seat_that_saw_it():
    s = blank(3, order=[0, 1, 2])
    s.court[2 * 10] = 1                        # seat 1 on the General (10): 2 soldiers and a look
    s.advisors_taken |= 1 << 10
    goto(s, STEP_HELP, 4)
    play(s, s.legal_keys()[0])
    card = DATA.enemies[s.enemy_deck[0]]
    mine = s.view(1)["guide"]["warnings"][0]
    assert mine["key"] == "battle_odds_known"
    assert (mine["args"]["low"], mine["args"]["high"]) == (card.strength, card.strength)
    assert mine["args"]["strength"] == s.soldiers[1]
    low, high = DATA.year_ranges[0]
    for seat in (0, 2):
        theirs = s.view(seat)["guide"]["warnings"][0]
        assert theirs["key"] == "battle_odds"
        assert (theirs["args"]["low"], theirs["args"]["high"], theirs["args"]["strength"]) == (low, high, 0)
    assert s.view(None)["guide"]["warnings"] == []          # a spectator gets the next line only


@pytest.mark.rule("KB-19.5")
def test_the_soldier_token_variant_shows_the_tokens_range_instead_of_odds():
    s = blank(2, order=[0, 1], reinforcements="soldier_tokens")
    goto(s, STEP_RECRUIT, 7)
    warning = s.view(0)["guide"]["warnings"][0]
    assert warning["key"] == "battle_tokens_known"                 # Winter has revealed the enemy
    assert warning["args"]["low"] == DATA.enemies[s.enemy_deck[0]].strength
    assert (warning["args"]["king_low"], warning["args"]["king_high"]) == (0, 4)
