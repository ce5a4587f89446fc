"""Action cards: placing influence and the nine actions (ND-7 to ND-16), worked examples 1 to 4, 6, 15."""
from __future__ import annotations

import pytest

from .helpers import (DATA, S_PLAY, advance_passive, count, market, ok, play_state, put_message,
                      set_counts, stage)

rule = pytest.mark.rule
LAYOUT4 = DATA.layouts[4]


def acted(s, seat=0):
    """True once `seat`'s action is over and the next seat is to play."""
    return stage(s) == S_PLAY and s.to_act != seat


# ----------------------------------------------------------------------------- ND-7 placing
@rule("ND-7.1", "ND-7.7", "ND-10.1", "ND-10.2")
def test_place_from_personal_supply_in_own_borough():
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"residence": 2})
    others = s.sector_stones[7:]
    s.apply("play:residence")
    assert s.legal_keys() == ["place", "decline"]
    s.apply("place")
    assert count(s, 0, "residence") == 3 and s.personal[0] == 3 and s.prestige[0] == 3
    assert s.sector_stones[7:] == others                                         # only the own borough changes
    assert acted(s)
    ok(s)


@rule("ND-7.2", "ND-7.3", "ND-7.4", "ND-AMB-12", "ND-AMB-13")
def test_move_a_stone_only_when_personal_supply_is_empty_not_from_the_target():
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"residence": 2, "bank": 1, "park": 1}, personal=1)
    s.apply("play:residence")
    assert s.legal_keys() == ["place", "decline"]                      # ND-7.3 / FAQ 3: no moving
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"residence": 2, "bank": 1, "park": 1}, nd=1, personal=0)
    s.apply("play:residence")
    assert s.legal_keys() == ["from:bank", "from:park", "from:notre_dame", "decline"]   # not from:residence
    s.apply("from:notre_dame")
    assert s.notre_dame_stones[0] == 0 and count(s, 0, "residence") == 3 and s.prestige[0] == 3
    ok(s)


@rule("ND-7.5")
def test_no_stone_anywhere_the_action_is_not_carried_out():
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={}, nd=0, personal=0, friend="bank")
    s.apply("play:residence")
    assert acted(s) and s.prestige[0] == 0 and count(s, 0, "residence") == 0
    assert len(s.played[0]) == 1
    assert any("no stone to place" in x for x in s.log())


@rule("ND-7.8", "ND-13.5")
def test_the_trusted_friend_is_never_moved_as_a_stone_but_counts():
    s = play_state(3, 0, ("bank",))
    set_counts(s, 0, sectors={"residence": 1}, personal=0, friend="bank")
    s.apply("play:bank")
    assert s.legal_keys() == ["from:residence", "decline"]            # not from:bank (only the friend)
    s.apply("from:residence")
    assert count(s, 0, "bank") == 2 and s.friend[0] == 1 and s.coins[0] == 3 + 2


@rule("ND-7.6")
def test_count_now_includes_the_new_stone_and_the_friend():
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"residence": 1}, friend="residence")
    s.apply("play:residence")
    s.apply("place")
    assert s.prestige[0] == 3                                               # 1 + 1 new + friend


# ----------------------------------------------------------------------------- ND-8 cloister school
@rule("ND-EX-1", "ND-8.1", "ND-8.2")
def test_ex1_cloister_school_pavla():
    s = play_state(3, 0, ("cloister_school", "cloister_school"))
    set_counts(s, 0, sectors={"cloister_school": 2}, personal=2)
    assert s.general[0] >= 3
    s.apply("play:cloister_school")
    s.apply("place")
    assert count(s, 0, "cloister_school") == 3 and s.personal[0] == 2 - 1 + 3
    advance_passive(s, stop=lambda x: x.to_act == 0 and stage(x) == S_PLAY)
    general = s.general[0]
    s.apply("play:cloister_school")
    s.apply("place")
    assert count(s, 0, "cloister_school") == 4 and s.personal[0] == 4 - 1 + 4 and s.general[0] == general - 4
    ok(s)


@rule("ND-8.3", "ND-9.4")
def test_personal_supply_and_coins_visible_to_all():
    s = play_state(3, 0, ("cloister_school",))
    s.apply("play:cloister_school")
    s.apply("place")
    for seat in (None, 1, 2):
        p = s.view(seat)["players"][0]
        assert p["personal_supply"] == s.personal[0] == 4 and p["coins"] == s.coins[0]
        assert p["general_supply"] == s.general[0]


@rule("ND-8.4", "ND-AMB-9")
@pytest.mark.parametrize("general,gain", [(0, 0), (2, 2), (5, 3)])
def test_cloister_school_lapses_or_takes_what_is_left(general, gain):
    s = play_state(3, 0, ("cloister_school",))
    set_counts(s, 0, sectors={"cloister_school": 2}, general=general)
    personal = s.personal[0]
    s.apply("play:cloister_school")
    s.apply("place")
    assert count(s, 0, "cloister_school") == 3                       # the stone is still placed
    assert s.personal[0] == personal - 1 + gain and s.general[0] == general - gain
    ok(s)


# ----------------------------------------------------------------------------- ND-9 bank
@rule("ND-9.1", "ND-9.2")
def test_bank_coins_equal_bank_count():
    s = play_state(3, 0, ("bank",))
    set_counts(s, 0, sectors={"bank": 1})
    supply = s.supply
    s.apply("play:bank")
    s.apply("place")
    assert count(s, 0, "bank") == 2 and s.coins[0] == 5 and s.supply == supply - 2


@rule("ND-9.3", "ND-1.10", "ND-AMB-33")
def test_bank_short_supply_richest_other_pays_acting_player_breaks_ties():
    s = play_state(3, 0, ("bank",))
    set_counts(s, 0, sectors={"bank": 2}, coins=3)
    set_counts(s, 1, coins=10)
    set_counts(s, 2, coins=11)
    assert s.supply == 1
    s.apply("play:bank")
    s.apply("place")
    # 1 from the supply, 1 from seat 2 (11 coins); then seats 1 and 2 tie on 10: seat 0 chooses.
    assert s.legal_keys() == ["payer:1", "payer:2"] and s.to_act == 0
    s.apply("payer:1")
    assert s.coins == [6, 9, 10] and s.supply == 0 and acted(s)
    ok(s)


@rule("ND-9.3")
def test_bank_with_no_coin_anywhere_else_receives_fewer():
    s = play_state(3, 0, ("bank",))
    set_counts(s, 1, coins=0)
    set_counts(s, 2, coins=0)
    set_counts(s, 0, sectors={"bank": 2}, coins=24)
    s.apply("play:bank")
    s.apply("place")
    assert s.coins == [25, 0, 0] and s.supply == 0 and acted(s)
    ok(s)


# ----------------------------------------------------------------------------- ND-10 residence
@rule("ND-10.3")
def test_prestige_hidden_from_others_unless_option():
    s = play_state(3, 0, ("residence",))
    s.apply("play:residence")
    s.apply("place")
    assert s.view(0)["players"][0]["prestige"] == 1
    assert s.view(1)["players"][0]["prestige"] is None and s.view(None)["players"][0]["prestige"] is None
    assert not any("prestige" in x and "gains" in x for x in s.log(1))
    assert any("gains 1 prestige" in x for x in s.log(0))
    o = play_state(3, 0, ("residence",), open_prestige=True)
    o.apply("play:residence")
    o.apply("place")
    assert o.view(1)["players"][0]["prestige"] == 1


# ----------------------------------------------------------------------------- ND-11 carriage house
def carriage_state(players=3, house=0, **counts):
    s = play_state(players, 0, ("carriage_house",))
    counts.setdefault("sectors", {"carriage_house": house})
    set_counts(s, 0, **counts)
    s.apply("play:carriage_house")
    s.apply("place")
    return s


def destinations(s):
    return {k.split(":")[1] for k in s.legal_keys() if k.startswith("to:")}


@rule("ND-11.1", "ND-11.2", "ND-11.3", "ND-11.5")
@pytest.mark.parametrize("house", [0, 1, 2, 3])
def test_carriage_moves_at_most_house_count_along_roads(house):
    s = carriage_state(4, house)
    layout = DATA.layouts[4]
    here = s.carriage[0]
    assert count(s, 0, "carriage_house") == house + 1
    expected = {layout.names[m] for m in range(len(layout.names)) if layout.distance[here][m] <= house + 1}
    assert destinations(s) == expected                                  # every market up to the limit
    if house >= 1:
        assert "1.IL" in expected                                        # other players' markets too
    far = [layout.names[m] for m in range(len(layout.names)) if layout.distance[here][m] == house + 2]
    assert far and not set(far) & destinations(s)


@rule("ND-11.4")
def test_carriages_may_share_a_market():
    s = carriage_state(3, 2)
    s.apply("to:1.C")
    assert s.carriage[0] == s.carriage[1] == market(s, "1.C")
    ok(s)


@rule("ND-11.6", "ND-11.7", "ND-AMB-3")
def test_take_the_message_where_the_carriage_ends_reward_at_once():
    s = carriage_state(3, 1, sectors={"carriage_house": 1, "park": 2}, rat=3)
    put_message(s, "0.IL", 1, "2pp_stone")
    put_message(s, "0.OL", 2, "4pp")
    # 0.OL also holds a message within reach; ending on 0.IL takes only the one there.
    s.apply("to:0.IL:take")
    assert s.msg_at[market(s, "0.IL")] == -1 and s.held[0 * 3 + 1] == 1
    assert s.prestige[0] == 2 + 1 and s.personal[0] == 4 - 1 + 1             # 2 PP + park bonus, 1 stone
    assert s.msg_at[market(s, "0.OL")] >= 0
    assert s.view(2)["players"][0]["messages"]["blue"] == 1             # colour visible to all
    assert "0.IL" not in s.view(2)["messages_on_board"]
    ok(s)


@rule("ND-11.6", "ND-AMB-15")
def test_message_is_optional_and_passing_over_does_not_take():
    s = carriage_state(3, 1)
    put_message(s, "0.IL", 0, "4pp")
    put_message(s, "0.OL", 1, "4pp")
    assert "to:0.IL" in s.legal_keys() and "to:0.IL:take" in s.legal_keys()
    s.apply("to:0.OL")                                                 # ends there without taking
    assert s.msg_at[market(s, "0.OL")] >= 0 and s.prestige[0] == 0 and sum(s.held) == 0


@rule("ND-EX-15", "ND-11.8", "ND-11.9")
def test_ex15_message_colour_rule():
    s = carriage_state(3, 3, held={0: 1, 1: 1})                      # R:1, G:1 (colours 0, 1), B:0
    for q, m in ((0, "0.IL"), (1, "0.IR"), (2, "0.OL")):
        put_message(s, m, q, "4pp")
    keys = s.legal_keys()
    assert "to:0.OL:take" in keys                                      # colour 2 (held 0): allowed
    assert "to:0.IL:take" not in keys and "to:0.IR:take" not in keys
    # All colour-2 messages leave the board: then 0 and 1 may be taken.
    s2 = carriage_state(3, 3, held={0: 1, 1: 1})
    put_message(s2, "0.IL", 0, "4pp")
    put_message(s2, "0.IR", 1, "4pp")
    set_counts(s2, 1, held={2: 4})
    assert s2.on_board[2] == 0
    keys = s2.legal_keys()
    assert "to:0.IL:take" in keys and "to:0.IR:take" in keys
    s2.apply("to:0.IL:take")                                           # now R:2, G:1
    assert s2.held[0:3] == [2, 1, 0]
    assert s2.may_take(0, 1) and not s2.may_take(0, 0)


@rule("ND-11.9", "ND-24.3", "ND-AMB-34")
def test_two_players_need_a_set_of_four_colours():
    s = carriage_state(2, 3, held={0: 1, 1: 1, 2: 1})
    assert s.boroughs == 4
    assert s.may_take(0, 3) and not any(s.may_take(0, c) for c in (0, 1, 2))
    set_counts(s, 0, held={0: 1, 1: 1, 2: 1, 3: 1})
    assert all(s.may_take(0, c) for c in range(4))


@rule("ND-11.10")
def test_rat_message_on_zero_gives_only_the_prestige():
    s = carriage_state(3, 1, rat=0)
    put_message(s, "0.IL", 0, "3pp_rat")
    s.apply("to:0.IL:take")
    assert s.rat[0] == 0 and s.prestige[0] == 3
    t = carriage_state(3, 1, rat=4)
    put_message(t, "0.IL", 0, "3pp_rat")
    t.apply("to:0.IL:take")
    assert t.rat[0] == 3 and t.prestige[0] == 3


@rule("ND-11.2")
def test_carriage_may_stay_option():
    s = carriage_state(3, 0)
    assert "0.C" in destinations(s)                                    # ND-AMB-14: 0 markets allowed
    s = play_state(3, 0, ("carriage_house",), carriage_may_stay=False)
    s.apply("play:carriage_house")
    s.apply("place")
    assert "0.C" not in destinations(s) and destinations(s) == {"0.IL", "0.IR", "0.OL", "0.OR"}


# ----------------------------------------------------------------------------- ND-12 hotel
@rule("ND-EX-2", "ND-12.1", "ND-12.2", "ND-12.4")
def test_ex2_hotel_michal():
    s = play_state(3, 0, ("hotel", "hotel"))
    set_counts(s, 0, sectors={"hotel": 2}, rat=3)
    s.apply("play:hotel")
    s.apply("place")
    assert count(s, 0, "hotel") == 3
    assert s.legal_keys() == ["hotel:coin", "hotel:stone", "hotel:rat", "hotel:none"]
    s.apply("hotel:coin")
    assert s.coins[0] == 4
    advance_passive(s, stop=lambda x: x.to_act == 0 and stage(x) == S_PLAY)
    s.apply("play:hotel")
    s.apply("place")
    assert count(s, 0, "hotel") == 4
    keys = s.legal_keys()
    assert {"hotel:coin+coin", "hotel:coin+stone", "hotel:coin+rat", "hotel:stone+stone", "hotel:stone+rat",
            "hotel:rat+rat", "hotel:none"} == set(keys)
    personal = s.personal[0]
    s.apply("hotel:coin+stone")
    assert s.coins[0] == 5 and s.personal[0] == personal + 1


@rule("ND-12.4", "ND-AMB-11", "ND-AMB-30")
def test_hotel_same_option_twice():
    s = play_state(3, 0, ("hotel",))
    set_counts(s, 0, sectors={"hotel": 3}, rat=5)
    s.apply("play:hotel")
    s.apply("place")
    s.apply("hotel:rat+rat")
    assert s.rat[0] == 3
    t = play_state(3, 0, ("hotel",))
    set_counts(t, 0, sectors={"hotel": 3}, rat=1)
    t.apply("play:hotel")
    t.apply("place")
    assert "hotel:rat+rat" not in t.legal_keys() and "hotel:coin+rat" in t.legal_keys()
    t.apply("hotel:coin+coin")
    assert t.coins[0] == 5


@rule("ND-12.3", "ND-AMB-30")
def test_hotel_rat_option_lost_on_zero():
    s = play_state(3, 0, ("hotel",))
    set_counts(s, 0, rat=0)
    s.apply("play:hotel")
    s.apply("place")
    assert s.legal_keys() == ["hotel:coin", "hotel:stone", "hotel:none"]


@rule("ND-12.2")
def test_hotel_friend_counts_toward_the_fourth_stone():
    s = play_state(3, 0, ("hotel",))
    set_counts(s, 0, sectors={"hotel": 2}, friend="hotel")
    s.apply("play:hotel")
    s.apply("place")
    assert "hotel:coin+coin" in s.legal_keys()


# ----------------------------------------------------------------------------- ND-13 trusted friend
@rule("ND-EX-3", "ND-13.1", "ND-13.4", "ND-9.2")
def test_ex3_trusted_friend_bara_bank():
    s = play_state(3, 0, ("trusted_friend",))
    set_counts(s, 0, sectors={"bank": 2})
    stones = (s.sector_stones[:], s.personal[:], s.general[:])
    s.apply("play:trusted_friend")
    assert s.legal_keys() == [f"friend:{x}" for x in DATA.sectors] + ["decline"]
    s.apply("friend:bank")
    assert s.friend[0] == 1 and count(s, 0, "bank") == 3 and s.coins[0] == 6
    assert (s.sector_stones, s.personal, s.general) == stones                     # no stone placed


@rule("ND-13.2", "ND-16.7")
def test_friend_never_on_notre_dame_or_the_harbor():
    s = play_state(3, 0, ("trusted_friend",))
    s.apply("play:trusted_friend")
    keys = s.legal_keys()
    assert len(keys) == 8 and not any("notre_dame" in k or "harbo" in k for k in keys)


@rule("ND-13.3", "ND-AMB-31")
def test_friend_moves_to_another_sector():
    s = play_state(3, 0, ("trusted_friend",))
    set_counts(s, 0, friend="park", rat=2)
    s.apply("play:trusted_friend")
    assert "friend:park" not in s.legal_keys() and len(s.legal_keys()) == 7
    s.apply("friend:hospital")
    assert s.friend[0] == 6 and count(s, 0, "park") == 0 and s.rat[0] == 1


# ----------------------------------------------------------------------------- ND-14 park, ND-15 hospital
@rule("ND-EX-4", "ND-14.1", "ND-14.2", "ND-14.3", "ND-14.5", "ND-16.3")
def test_ex4_park_vlasta_steps_1_2_and_4():
    s = play_state(3, 0, ("park", "residence"))
    set_counts(s, 0, sectors={"park": 1, "residence": 2}, rat=2)
    s.apply("play:park")
    s.apply("place")
    assert count(s, 0, "park") == 2 and s.rat[0] == 1 and s.prestige[0] == 0      # step 1: no PP
    advance_passive(s, stop=lambda x: x.to_act == 0 and stage(x) == S_PLAY)
    s.apply("play:residence")
    s.apply("place")
    assert s.prestige[0] == 4                                                      # step 2: 3 + 1
    # Step 4: park 5, Notre Dame card with 2 coins: 3 + 2 = 5.
    t = play_state(3, 0, ("notre_dame",))
    set_counts(t, 0, sectors={"park": 5}, coins=3, pp=0)
    t.apply("play:notre_dame")
    t.apply("place")
    t.apply("donate:2")
    assert t.prestige[0] == 5 and t.coins[0] == 1 and t.notre_dame_stones[0] == 1


@rule("ND-14.2", "ND-15.1", "ND-15.2")
@pytest.mark.parametrize("card", ["park", "hospital"])
@pytest.mark.parametrize("stones,rat,after", [(0, 3, 2), (4, 3, 2), (0, 0, 0)])
def test_park_and_hospital_rat_back_one_whatever_the_count(card, stones, rat, after):
    s = play_state(3, 0, (card,))
    set_counts(s, 0, sectors={card: stones}, rat=rat)
    s.apply(f"play:{card}")
    s.apply("place")
    assert count(s, 0, card) == stones + 1 and s.rat[0] == after and s.prestige[0] == 0


@rule("ND-14.3", "ND-AMB-6")
@pytest.mark.parametrize("park,friend,bonus", [(1, False, 0), (2, False, 1), (3, False, 1), (3, True, 2), (5, False, 2)])
def test_park_bonus_per_pair_friend_included(park, friend, bonus):
    s = play_state(3, 0, ("residence",))
    set_counts(s, 0, sectors={"park": park}, friend="park" if friend else "off")
    s.apply("play:residence")
    s.apply("place")
    assert s.prestige[0] == 1 + bonus


# ----------------------------------------------------------------------------- ND-16 Notre Dame card
@rule("ND-16.1", "ND-16.2", "ND-16.3", "ND-16.5")
@pytest.mark.parametrize("coins,paid,gain", [(3, 1, 1), (3, 2, 3), (3, 3, 6), (5, 3, 6)])
def test_notre_dame_donation(coins, paid, gain):
    s = play_state(3, 0, ("notre_dame",))
    set_counts(s, 0, coins=coins)
    supply = s.supply
    s.apply("play:notre_dame")
    s.apply("place")
    assert s.legal_keys() == ["donate:1", "donate:2", "donate:3"]       # at least 1, at most 3
    s.apply(f"donate:{paid}")
    assert s.notre_dame_stones[0] == 1 and s.personal[0] == 3 and s.coins[0] == coins - paid
    assert s.supply == supply + paid and s.prestige[0] == gain and acted(s)


@rule("ND-16.2")
def test_notre_dame_donation_limited_by_coins():
    s = play_state(3, 0, ("notre_dame",))
    set_counts(s, 0, coins=2)
    s.apply("play:notre_dame")
    s.apply("place")
    assert s.legal_keys() == ["donate:1", "donate:2"]
    t = play_state(3, 0, ("notre_dame",))
    set_counts(t, 0, coins=1)
    t.apply("play:notre_dame")
    t.apply("place")                                                    # the only donation: 1 coin
    assert t.notre_dame_stones[0] == 1 and t.coins[0] == 0 and t.prestige[0] == 1 and acted(t)


@rule("ND-16.4", "ND-AMB-23")
def test_notre_dame_without_coins_places_nothing():
    s = play_state(3, 0, ("notre_dame",))
    set_counts(s, 0, coins=0)
    s.apply("play:notre_dame")
    assert acted(s) and s.notre_dame_stones[0] == 0 and s.personal[0] == 4 and s.prestige[0] == 0
    assert s.played[0][-1] % 9 == 7
    u = play_state(3, 0, ("notre_dame",))                                # will not donate: decline
    u.apply("play:notre_dame")
    u.apply("decline")
    assert acted(u) and u.notre_dame_stones[0] == 0 and u.coins[0] == 3


@rule("ND-EX-6", "ND-7.2", "ND-16.1")
def test_ex6_pavla_moves_a_hospital_stone_to_notre_dame():
    s = play_state(3, 0, ("notre_dame",))
    set_counts(s, 0, sectors={"hospital": 2, "bank": 1}, personal=0, coins=2)
    s.apply("play:notre_dame")
    assert "place" not in s.legal_keys() and "from:hospital" in s.legal_keys()
    s.apply("from:hospital")
    s.apply("donate:1")
    assert count(s, 0, "hospital") == 1 and s.notre_dame_stones[0] == 1 and s.coins[0] == 1 and s.prestige[0] == 1
    ok(s)


@rule("ND-16.6")
def test_notre_dame_twice_in_a_round():
    s = play_state(3, 0, ("notre_dame", "notre_dame"))
    s.apply("play:notre_dame")
    s.apply("place")
    s.apply("donate:1")
    advance_passive(s, stop=lambda x: x.to_act == 0 and stage(x) == S_PLAY)
    assert "play:notre_dame" in s.legal_keys()
    s.apply("play:notre_dame")
    s.apply("place")
    s.apply("donate:1")
    assert s.notre_dame_stones[0] == 2 and s.prestige[0] == 2


@rule("ND-12.4", "ND-9.3")
def test_hotel_offers_two_coins_only_when_they_can_be_had():
    """ND-AMB-7 with coin_shortage=bank_only: a supply of 1 coin cannot pay coin+coin."""
    s = play_state(3, 0, ("hotel",), coin_shortage="bank_only")
    set_counts(s, 0, sectors={"hotel": 3}, coins=3)
    set_counts(s, 1, coins=18)
    set_counts(s, 2, coins=3)
    assert s.supply == 1
    s.apply("play:hotel")
    s.apply("place")
    keys = s.legal_keys()
    assert "hotel:coin+coin" not in keys and "hotel:coin+stone" in keys
    t = play_state(3, 0, ("hotel",))          # richest_pays: the second coin comes from seat 1
    set_counts(t, 0, sectors={"hotel": 3}, coins=3)
    set_counts(t, 1, coins=18)
    set_counts(t, 2, coins=3)
    t.apply("play:hotel")
    t.apply("place")
    t.apply("hotel:coin+coin")
    assert t.coins[0] == 5 and t.coins[1] == 17 and t.supply == 0
