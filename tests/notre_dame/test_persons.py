"""Phase 4: bribing persons (ND-17 to ND-19), worked examples 4 (step 3), 9, 11, 12, 13."""
from __future__ import annotations

import pytest

from .helpers import (DATA, S_BRIBE, bribe_state, count, ok, put_message, set_counts, stage)

rule = pytest.mark.rule
NEXT = lambda s: s.to_act != 0 or stage(s) != S_BRIBE       # noqa: E731  seat 0's bribe is over


def bribed(persons, person, **counts):
    """Seat 0 (3 players) bribes `person` with the given counts; returns the state."""
    s = bribe_state(3, 0, persons)
    if counts:
        set_counts(s, 0, **counts)
    s.apply(f"bribe:{person}")
    return s


# ----------------------------------------------------------------------------- ND-17 general
@rule("ND-17.1", "ND-17.4", "ND-17.6", "ND-17.5")
def test_each_player_bribes_at_most_one_displayed_person_once():
    s = bribe_state(3, 0, ("monk", "minstrel", "city_guard"))
    assert s.legal_keys() == ["bribe:monk", "bribe:minstrel", "bribe:city_guard", "pass"]
    s.apply("bribe:monk")
    assert s.to_act == 1 and stage(s) == S_BRIBE and s.bribed[0]
    s.apply("bribe:monk")                                    # the same person again, by another
    assert s.to_act == 2 and s.bribed[1]
    assert s.prestige[0] == s.prestige[1] == 1 and s.coins[:2] == [2, 2]
    s.apply("pass")
    assert stage(s) != S_BRIBE                                # nobody is asked a second time


@rule("ND-17.2")
def test_pay_first_then_benefit():
    s = bribe_state(3, 0, ("moneylender", "minstrel", "city_guard"))
    set_counts(s, 0, coins=1)
    set_counts(s, 1, coins=0)
    set_counts(s, 2, coins=0)
    assert s.supply == 24
    s.apply("bribe:moneylender")
    assert s.coins[0] == 2 and s.supply == 23 and s.prestige[0] == 1    # -1 paid, +2 received


@rule("ND-17.3")
def test_who_cannot_pay_is_passed_over_and_bribing_is_optional():
    s = bribe_state(3, 0, ("monk", "minstrel", "city_guard"))
    set_counts(s, 1, coins=0)
    assert "pass" in s.legal_keys()
    coins = s.coins[:]
    s.apply("pass")
    assert s.to_act == 2 and s.coins == coins               # seat 1 has no coin: not asked
    assert any("has no coin and cannot bribe" in x for x in s.log())


# ----------------------------------------------------------------------------- ND-18 brown persons
@rule("ND-18.1", "ND-19.11")
def test_barmaid_three_prestige_and_one_option():
    s = bribed(("barmaid", "minstrel", "city_guard"), "barmaid", sectors={"park": 2}, rat=2, pp=0)
    assert s.prestige[0] == 4                                      # 3 + park bonus
    assert s.legal_keys() == ["barmaid:coin", "barmaid:stone", "barmaid:rat", "barmaid:none"]
    s.apply("barmaid:rat")
    assert s.rat[0] == 1 and s.coins[0] == 2 and NEXT(s)
    t = bribed(("barmaid", "minstrel", "city_guard"), "barmaid", rat=0)
    assert "barmaid:rat" not in t.legal_keys()
    t.apply("barmaid:coin")
    assert t.coins[0] == 3                                   # paid 1, got 1
    u = bribed(("barmaid", "minstrel", "city_guard"), "barmaid", rat=0)
    personal = u.personal[0]
    u.apply("barmaid:stone")
    assert u.personal[0] == personal + 1


@rule("ND-18.2", "ND-AMB-10")
@pytest.mark.parametrize("general,gain", [(10, 2), (1, 1), (0, 0)])
def test_monk_one_prestige_two_stones(general, gain):
    s = bribe_state(3, 0, ("monk", "minstrel", "city_guard"))
    set_counts(s, 0, general=general, pp=0)
    personal = s.personal[0]
    s.apply("bribe:monk")
    assert s.prestige[0] == 1 and s.personal[0] == personal + gain and s.coins[0] == 2


@rule("ND-18.3")
def test_moneylender_two_coins_one_prestige():
    s = bribed(("moneylender", "minstrel", "city_guard"), "moneylender", pp=0)
    assert s.coins[0] == 3 - 1 + 2 and s.prestige[0] == 1 and NEXT(s)


@rule("ND-18.4", "ND-18.5", "ND-18.6", "ND-18.9")
def test_minstrel_moves_one_to_three_between_own_sectors_no_action():
    s = bribed(("minstrel", "monk", "city_guard"), "minstrel",
               sectors={"bank": 4}, friend="bank", pp=0)
    keys = s.legal_keys()
    assert "minstrel:bank>residence" in keys and not any("notre_dame" in k for k in keys)
    assert all(k.startswith("minstrel:bank>") for k in keys)          # only from occupied sectors
    s.apply("minstrel:bank>residence")
    assert s.legal_keys() == ["move:1", "move:2", "move:3", "move:0+friend", "move:1+friend",
                              "move:2+friend"]                         # at most 3 pieces in all
    s.apply("move:2+friend")
    assert count(s, 0, "residence") == 3 and s.friend[0] == 2 and s.sector_stones[1] == 2
    assert s.prestige[0] == 0 and NEXT(s)                                      # no residence action
    ok(s)


@rule("ND-18.4", "ND-AMB-18")
def test_minstrel_notre_dame_is_not_a_source():
    s = bribed(("minstrel", "monk", "city_guard"), "minstrel", sectors={}, nd=2)
    assert NEXT(s) and s.notre_dame_stones[0] == 2                                      # nothing to move


@rule("ND-EX-9", "ND-18.7", "ND-18.8", "ND-11.2")
def test_ex9_juggler_bank_to_carriage_house():
    s = bribed(("juggler", "monk", "city_guard"), "juggler", sectors={"bank": 1, "carriage_house": 2})
    assert s.coins[0] == 2
    assert set(s.legal_keys()) == {"juggle:bank:stone", "juggle:carriage_house:stone"}
    s.apply("juggle:bank:stone")
    assert "juggle-to:bank" not in s.legal_keys() and not any("notre_dame" in k for k in s.legal_keys())
    s.apply("juggle-to:carriage_house")
    assert s.sector_stones[1] == 0 and count(s, 0, "carriage_house") == 3
    layout = DATA.layouts[3]
    reach = {k.split(":")[1] for k in s.legal_keys()}
    assert reach == {layout.names[m] for m in range(15) if layout.distance[s.carriage[0]][m] <= 3}
    assert s.view(None)["phase"] == "bribes"                           # triggered in phase 4 (ND-3.2)
    put_message(s, "1.IL", 1, "4pp")
    s.apply("to:1.IL:take")
    assert s.prestige[0] == 4 and NEXT(s)


@rule("ND-18.7", "ND-18.8", "ND-18.9", "ND-AMB-32")
def test_juggler_moves_friend_or_a_notre_dame_stone():
    s = bribed(("juggler", "monk", "city_guard"), "juggler", sectors={}, nd=1, friend="park")
    assert set(s.legal_keys()) == {"juggle:park:friend", "juggle:notre_dame:stone"}
    s.apply("juggle:notre_dame:stone")
    assert len(s.legal_keys()) == 7                                      # any sector, never Notre Dame
    s.apply("juggle-to:residence")
    assert s.notre_dame_stones[0] == 0 and count(s, 0, "residence") == 1 and s.prestige[0] == 1   # residence action
    t = bribed(("juggler", "monk", "city_guard"), "juggler", sectors={"bank": 1}, friend="park")
    t.apply("juggle:park:friend")
    assert "juggle-to:park" not in t.legal_keys()
    t.apply("juggle-to:bank")
    assert t.friend[0] == 1 and t.coins[0] == 2 + 2                       # bank now 1 + friend


@rule("ND-18.10", "ND-18.11")
def test_physician_flag_set():
    s = bribed(("physician", "monk", "city_guard"), "physician")
    assert s.physician[0] and not s.physician[1] and s.coins[0] == 2 and NEXT(s)


# ----------------------------------------------------------------------------- ND-19 gray persons
@rule("ND-19.1", "ND-AMB-16")
def test_city_guard_every_stone_on_sectors_and_notre_dame_friend_counts():
    s = bribed(("city_guard", "monk", "minstrel"), "city_guard",
               sectors={"bank": 2, "park": 1}, nd=2, friend="hotel", pp=0)
    assert s.prestige[0] == 2 + 1 + 2 + 1 + 0                                   # park 1: no bonus


@rule("ND-19.2", "ND-AMB-4")
def test_night_watchman_empty_sectors():
    s = bribed(("night_watchman", "monk", "minstrel"), "night_watchman",
               sectors={"bank": 2, "park": 1}, nd=3, friend="hotel", pp=0)
    assert s.prestige[0] == 7 - 3
    t = bribed(("night_watchman", "monk", "minstrel"), "night_watchman",
               sectors={name: 1 for name in DATA.sectors[:6]}, friend="hospital", pp=0)
    assert t.prestige[0] == 0                                                    # 0 PP: no park bonus either


@rule("ND-19.3", "ND-19.4")
def test_bishop_general_supply_stone_on_unoccupied_sector_and_its_action():
    s = bribed(("bishop", "monk", "minstrel"), "bishop",
               sectors={"bank": 1, "park": 1}, friend="hotel", pp=0)
    assert s.legal_keys() == ["bishop:cloister_school", "bishop:residence", "bishop:carriage_house",
                              "bishop:hospital"]
    general, personal = s.general[0], s.personal[0]
    s.apply("bishop:residence")
    assert s.general[0] == general - 1 and s.personal[0] == personal    # from the general supply
    assert count(s, 0, "residence") == 1 and s.prestige[0] == 1 and NEXT(s)


@rule("ND-19.3", "ND-AMB-17")
def test_bishop_without_effect_still_costs_a_coin():
    s = bribed(("bishop", "monk", "minstrel"), "bishop", general=0)
    assert s.coins[0] == 2 and NEXT(s) and sum(s.sector_stones[:7]) == 0


@rule("ND-19.5")
def test_guild_master_two_per_sector_with_two():
    s = bribed(("guild_master", "monk", "minstrel"), "guild_master",
               sectors={"bank": 2, "park": 1, "hotel": 1, "residence": 5}, friend="park", pp=0)
    assert s.prestige[0] == 2 * 3 + 1                                            # bank, park (1 + friend), residence


@rule("ND-EX-11", "ND-19.6", "ND-AMB-29")
def test_ex11_king_of_beggars_bara_marker_4():
    s = bribed(("king_of_beggars", "monk", "minstrel"), "king_of_beggars", rat=4, pp=0)
    assert s.prestige[0] == 5 and s.coins[0] == 2
    t = bribed(("king_of_beggars", "monk", "minstrel"), "king_of_beggars", rat=4, pp=0,
               sectors={"park": 3})
    assert t.prestige[0] == 6


@rule("ND-EX-12", "ND-19.7")
@pytest.mark.parametrize("held,gain", [({0: 2, 1: 2, 2: 1}, 6), ({0: 1}, 0), ({0: 2, 1: 2}, 6), ({0: 3, 1: 3}, 9)])
def test_ex12_lawyer_three_per_pair_of_messages(held, gain):
    s = bribed(("lawyer", "monk", "minstrel"), "lawyer", held=held, pp=0)
    assert s.prestige[0] == gain


@rule("ND-EX-4", "ND-19.7", "ND-19.11", "ND-14.3")
def test_ex4_step3_lawyer_five_messages_park_two():
    s = bribed(("lawyer", "monk", "minstrel"), "lawyer", held={0: 2, 1: 2, 2: 1}, sectors={"park": 2}, pp=0)
    assert s.prestige[0] == 7 and s.coins[0] == 2


@rule("ND-EX-13", "ND-19.8")
def test_ex13_lady_in_waiting_vlasta_five():
    s = bribed(("lady_in_waiting", "monk", "minstrel"), "lady_in_waiting",
               sectors={"carriage_house": 5, "hotel": 4, "bank": 1}, friend="hotel", personal=0, pp=0)
    assert s.prestige[0] == 5


@rule("ND-19.9")
def test_mayor_three_per_sector_with_three():
    s = bribed(("mayor", "monk", "minstrel"), "mayor",
               sectors={"bank": 3, "park": 2, "hotel": 5}, friend="park", pp=0)
    assert s.prestige[0] == 9 + 1                                                # 3 sectors; park 3 -> bonus 1


@rule("ND-19.10")
def test_carpenter_one_per_occupied_sector_friend_counts():
    s = bribed(("carpenter", "monk", "minstrel"), "carpenter",
               sectors={"bank": 3, "hotel": 1}, nd=2, friend="residence", pp=0)
    assert s.prestige[0] == 3


@rule("ND-9.3", "ND-1.10", "ND-AMB-7")
@pytest.mark.parametrize("shortage,coins", [("richest_pays", [5, 9, 11]), ("bank_only", [4, 9, 12])])
def test_coin_shortage_option_for_gains_other_than_the_bank(shortage, coins):
    s = bribe_state(3, 0, ("moneylender", "monk", "minstrel"), coin_shortage=shortage)
    set_counts(s, 0, coins=4)
    set_counts(s, 1, coins=9)
    set_counts(s, 2, coins=12)
    assert s.supply == 0
    s.apply("bribe:moneylender")          # pays 1 (supply 1), gains 2: 1 from the supply, 1 short
    # richest_pays: the missing coin comes from the richest other player (seat 2, 12 coins);
    # bank_only: the Moneylender gets only what the supply holds.
    assert NEXT(s) and s.coins == coins and s.supply == 0 and s.prestige[0] == 1
    ok(s)


@rule("ND-18.5")
def test_minstrel_moving_only_the_friend_is_logged_as_the_friend_alone():
    s = bribed(("minstrel", "monk", "city_guard"), "minstrel", sectors={"bank": 1}, friend="bank")
    s.apply("minstrel:bank>residence")
    s.apply("move:0+friend")
    line = [t for t in s.log(None) if "(Minstrel" in t][-1]
    assert "moves the trusted friend from the Bank to the Residence" in line and "0 stones" not in line


@rule("ND-18.4", "ND-18.5", "ND-9.2", "ND-10.2")
def test_the_minstrels_moves_say_what_the_two_sectors_will_give_afterwards():
    """The Minstrel's moves trigger no action (ND-18.6), but they change what the two sectors'
    actions give when their cards are played: each count option says how many pieces stay and
    arrive, then the two actions with those counts and the piece a card places first (the Bank:
    1 coin a piece, ND-9.2; the Residence: 1 prestige a piece, ND-10.2)."""
    s = bribed(("minstrel", "monk", "city_guard"), "minstrel",
               sectors={"bank": 4}, friend="bank", pp=0)
    s.apply("minstrel:bank>residence")
    notes = {a.key: [(n["key"], n["args"]) for n in a.data["preview"]["notes"]] for a in s.legal_actions(0)}
    # 4 stones and the friend on the Bank (5 pieces); moving 2 stones and the friend leaves 2
    assert notes["move:2+friend"] == [("no_action", {}), ("pieces_after", {"left": 2, "there": 3}),
                                      ("effect_bank", {"n": 3}), ("effect_residence", {"n": 4})]
    assert notes["move:1"][1:] == [("pieces_after", {"left": 4, "there": 1}),
                                   ("effect_bank", {"n": 5}), ("effect_residence", {"n": 2})]
    before = count(s, 0, "bank")
    s.apply("move:1")
    assert (count(s, 0, "bank"), count(s, 0, "residence")) == (before - 1, 1)


def bribe_note_keys(s, person) -> list[str]:
    action = next(a for a in s.legal_actions(0) if a.key == f"bribe:{person}")
    return [n["key"] for n in (action.data.get("preview") or {}).get("notes", [])]


@rule("ND-19.3", "ND-AMB-17", "ND-19.7", "ND-19.9", "ND-18.4")
def test_a_bribe_that_gives_nothing_now_says_so_and_the_bishop_counts_the_empty_sectors():
    """A coin spent for nothing is warned of (the Bishop says why), and the Bishop's option says
    among how many empty sectors the free stone goes; each note agrees with what bribing does."""
    persons = ("bishop", "lawyer", "mayor")
    cases = [  # counts, person, the note expected, what bribing then does
        (dict(sectors={"bank": 1, "park": 1}, friend="hotel"), "bishop", "bishop_sectors"),
        (dict(general=0), "bishop", "bishop_no_stone"),
        (dict(sectors={name: 1 for name in DATA.sectors[:6]}, friend="hospital"), "bishop", "bishop_no_sector"),
        (dict(held={0: 1}), "lawyer", "bribe_nothing"),
        (dict(held={0: 2}), "lawyer", None),
        (dict(sectors={"bank": 2}), "mayor", "bribe_nothing"),
        (dict(sectors={"bank": 3}), "mayor", None),
    ]
    for counts, person, expected in cases:
        s = bribe_state(3, 0, persons)
        set_counts(s, 0, pp=0, **counts)
        keys = bribe_note_keys(s, person)
        assert (expected in keys if expected else not {"bribe_nothing"} & set(keys)), (counts, person, keys)
        action = next(a for a in s.legal_actions(0) if a.key == f"bribe:{person}")
        prestige = s.prestige[0]
        s.apply(f"bribe:{person}")
        if expected == "bishop_sectors":          # the sectors counted are the ones then offered
            [n] = [n["args"]["n"] for n in action.data["preview"]["notes"] if n["key"] == expected]
            assert n == len(s.legal_keys()) == 4
        elif person == "bishop" or expected == "bribe_nothing":
            assert NEXT(s) and s.prestige[0] == prestige, (counts, person)
        else:
            assert s.prestige[0] > prestige


@rule("ND-18.4", "ND-18.7", "ND-18.8")
def test_the_minstrel_and_the_juggler_say_which_move_follows_the_coin():
    """Their bribe rows said only "pay 1 coin" (a browser audit): the move is a decision after
    the coin, so the row's note names it; with nothing to move, the row says it gives nothing, and
    the note agrees with whether bribing then asks for the move."""
    for counts, expected in ((dict(sectors={"bank": 2}, friend="off"), True),
                             (dict(sectors={}, friend="off", nd=0), False)):
        for person, key in (("minstrel", "minstrel_moves"), ("juggler", "juggler_moves")):
            s = bribe_state(3, 0, ("minstrel", "juggler", "monk"))
            set_counts(s, 0, **counts)
            s._legal = None
            keys = bribe_note_keys(s, person)
            assert (key in keys) == expected and ("bribe_nothing" in keys) != expected, (person, counts, keys)
            s.apply(f"bribe:{person}")
            assert (s.to_act == 0 and s.top()[0].name.startswith(person)) == expected, \
                (person, counts, s.top()[0].name)


@rule("ND-18.7", "ND-18.8")
def test_the_jugglers_destinations_name_the_piece_moved():
    """A browser audit met "Move it to your Cloister School" without knowing what "it" was: each
    destination names the piece chosen just before (a stone or the trusted friend)."""
    for piece, text in (("stone", "a stone"), ("friend", "the trusted friend")):
        s = bribe_state(3, 0, ("juggler", "monk", "mayor"))
        set_counts(s, 0, sectors={"bank": 1}, friend="bank")
        s._legal = None
        s.apply("bribe:juggler")
        [key] = [a.key for a in s.legal_actions(0) if a.data.get("piece") == piece]
        s.apply(key)
        targets = s.legal_actions(0)
        assert targets and all(a.label.startswith(f"Juggler: move {text} to your ") and a.data["piece"] == piece
                               for a in targets), [a.label for a in targets]
