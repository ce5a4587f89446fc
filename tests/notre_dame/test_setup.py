"""Components and setup (ND-1, ND-2), player counts and the two-player game (ND-24, ND-25)."""
from __future__ import annotations

from collections import Counter

import pytest

from .helpers import (DATA, GAME, S_DRAFT_FIRST, draft_all, new, ok, random_game, stage)

rule = pytest.mark.rule
KINDS = len(DATA.messages)


def all_cards(s):
    piles = [s.discard, s.unused] + s.deck + s.offer + s.outgoing + s.hand + s.played
    return sorted(c for p in piles for c in p)


@rule("ND-1.1", "ND-2.2")
@pytest.mark.parametrize("players,boroughs", [(2, 4), (3, 3), (4, 4), (5, 5)])
def test_one_borough_per_player_five_at_most(players, boroughs):
    s = new(players)
    assert s.boroughs == boroughs
    assert len(DATA.colours) == 5 and sorted(DATA.layouts) == [3, 4, 5]
    layout = DATA.layouts[boroughs]
    assert len(layout.start) == boroughs and len(layout.names) == 5 * boroughs
    assert len(set(s.seat_borough)) == players          # each player owns a different borough


@rule("ND-1.2", "ND-2.1", "ND-24.1")
def test_notre_dame_tile_per_player_count():
    assert DATA.tile_points == {2: 6, 3: 8, 4: 10, 5: 12}
    for n, points in DATA.tile_points.items():
        assert new(n).view(0)["notre_dame_points"] == points


@rule("ND-1.3", "ND-2.10")
def test_45_action_cards_nine_types_per_colour():
    s = new(5)
    cards = all_cards(s)
    assert cards == list(range(45))
    assert Counter(c // 9 for c in cards) == {c: 9 for c in range(5)}
    assert Counter(c % 9 for c in cards) == {t: 5 for t in range(9)}
    assert len(DATA.card_ids) == 9 and DATA.card_ids[7:] == ("notre_dame", "trusted_friend")
    # Each deck holds the owner's own nine cards, shuffled: different seeds give different orders.
    s0 = GAME.new_state(3, 1, {"start_player": 0})
    assert sorted(s0.deck[1] + s0.offer[1]) == list(range(9, 18))
    orders = {GAME.new_state(3, seed).offer[0] for seed in range(12)}
    assert len(orders) > 3


@rule("ND-1.4")
def test_15_persons_6_brown_9_gray():
    decks = Counter(p.deck for p in DATA.persons)
    assert len(DATA.persons) == 15 and decks == {"brown": 6, "A": 3, "B": 3, "C": 3}
    s = new(4)
    assert len(s.brown) + len(s.gray) + len(s.display) == 15


@rule("ND-1.5", "ND-2.7", "ND-2.8")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_14_stones_4_personal_10_general(players):
    s = new(players)
    for seat in range(players):
        assert s.personal[seat] == 4 and s.general[seat] == 10 and s.notre_dame_stones[seat] == 0
        assert sum(s.sector_stones[seat * 7:seat * 7 + 7]) == 0
    assert DATA.stones_per_colour == 14


@rule("ND-1.6", "ND-2.12", "ND-1.7", "ND-2.5", "ND-2.6")
def test_rat_markers_friends_and_carriages():
    s = new(5)
    layout = DATA.layouts[5]
    assert s.rat == [0] * 5                                # one rat marker per player, on 0
    assert s.friend == [-1] * 5                            # the trusted friend starts off the board
    for seat in range(5):                                  # carriage on the own centre market
        assert layout.names[s.carriage[seat]] == f"{seat}.C"
    s2 = new(2)
    assert [DATA.layouts[4].names[m] for m in s2.carriage] == ["0.C", "2.C"]


@rule("ND-1.8", "ND-2.15")
def test_bell_ringer_start_player_chosen_by_seed_or_option():
    starts = {GAME.new_state(4, seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}                          # ND-AMB-26: random, seeded
    assert GAME.new_state(4, 5).start == GAME.new_state(4, 5).start
    for seat in range(4):
        s = GAME.new_state(4, 3, {"start_player": seat})
        assert s.start == seat and s.to_act == seat and s.view(None)["start_player"] == seat


@rule("ND-1.9", "ND-2.9")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_messages_four_per_colour_one_of_each_kind_public(players):
    s = new(players)
    layout = DATA.layouts[players]
    codes = [c for c in s.msg_at if c >= 0]
    assert len(codes) == 4 * players
    for q in range(players):
        here = [s.msg_at[m] for m in layout.message_markets[q]]
        assert sorted(c % KINDS for c in here) == [0, 1, 2, 3]       # ND-DATA-3
        assert all(c // KINDS == q for c in here)                    # own colour, own borough edge
        assert s.msg_at[layout.start[q]] == -1                       # not on the centre market
    view = s.view(None)["messages_on_board"]
    assert len(view) == 4 * players                                  # face up: public
    arrangements = {tuple(GAME.new_state(players, seed).msg_at) for seed in range(10)}
    assert len(arrangements) > 1                                     # shuffled


@rule("ND-1.10", "ND-2.11", "ND-2.4")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_25_coins_3_each(players):
    s = new(players)
    assert s.coins == [3] * players and s.supply == 25 - 3 * players
    assert s.view(None)["coin_supply"] == s.supply
    assert all(p["coins"] == 3 for p in s.view(None)["players"])      # coins are public


@rule("ND-1.11")
def test_prestige_is_not_limited_by_tokens():
    from .helpers import play_state, set_counts
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"residence": 2}, pp=309)
    s.apply("play:residence")
    s.apply("place")
    assert s.prestige[0] == 312                                            # beyond the 309 printed on tokens


@rule("ND-2.3")
def test_unused_material_is_not_in_a_three_player_game():
    s = new(3)
    assert all_cards(s) == list(range(27))                           # only 3 colours of cards
    assert len(s.held) == 9 and len(s.on_board) == 3                 # 3 message colours
    assert len(s.msg_at) == 15


@rule("ND-2.13", "ND-2.14")
def test_person_decks_brown_and_gray_a_b_c():
    s = new(4, 7)
    persons = DATA.persons
    assert len(s.brown) == 4 and all(persons[p].deck == "brown" for p in s.brown)
    assert [persons[p].deck for p in s.display] == ["brown", "brown", "A"]
    assert [persons[p].deck for p in reversed(s.gray)] == ["A", "A", "B", "B", "B", "C", "C", "C"]
    orders = {GAME.new_state(4, seed).gray for seed in range(10)}
    assert len(orders) > 1                                           # each letter shuffled


@rule("ND-2.16")
def test_start_with_nothing():
    s = new(4)
    assert s.prestige == [0] * 4 and s.held == [0] * 16 and s.notre_dame_stones == [0] * 4 and s.sector_stones == [0] * 28
    ok(s)


@rule("ND-24.1", "ND-24.2", "ND-24.3")
def test_two_players_use_four_boroughs_opposite_with_four_message_colours():
    s = new(2)
    assert s.boroughs == 4 and s.seat_borough == (0, 2)
    assert DATA.tile_points[2] == 6
    codes = [c for c in s.msg_at if c >= 0]
    assert len(codes) == 16 and Counter(c // KINDS for c in codes) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert [p["colour"] for p in s.view(None)["players"]] == [DATA.colours[0], DATA.colours[2]]


@rule("ND-24.4", "ND-5.6")
@pytest.mark.parametrize("seed", range(4))
def test_two_player_draft_two_own_one_opponent(seed):
    s = GAME.new_state(2, seed)
    assert stage(s) == S_DRAFT_FIRST
    draft_all(s)
    for seat in (0, 1):
        owners = sorted(c // 9 for c in s.hand[seat])
        assert owners == sorted([seat, seat, 1 - seat])


@rule("ND-24.5")
def test_two_player_game_otherwise_unchanged():
    s = random_game(2, 11)
    assert s.round == 9 and s.is_terminal() and len(s.scores()) == 2
    ok(s)
