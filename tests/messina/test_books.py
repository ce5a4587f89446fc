"""Messina 1347 books (MS-25) and the simple actions (MS-15, MS-37): marker, points, book, scroll,
lieutenant and any-hex atoms, the slash choice, the hex action step (MS-14) and paid advances."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.messina.rules import books
from ludoteka.boardgames.messina.model.flow import perform
from ludoteka.boardgames.messina.model.state import BOX, CHURCH, CITY, POPULARITY

from .helpers import (ESTATE, SUPPLY, at_action_step, blank, keys, kind, labels, lt, node, only, place,
                      points, start_turns)

CITY_LT, CITY_ANY_HEX = 2, 4                  # city-book spaces (reconstructed data): a figure, any hex


def do(s, seat, *atoms):
    """Carry out one alternative's atoms on a state with nothing else pending."""
    s._stack = None
    s._legal = None
    perform(s, seat, tuple(atoms))
    s._settle()


def position(players=3):
    s = blank(players, 1)
    s.turn_order = list(range(players))
    for seat in range(players):
        only(s, seat, ESTATE, ESTATE, ESTATE)
    return s


def action_step(s, hex_id="NW"):
    """Seat 0 sends an estate lieutenant to `hex_id` and reaches step 4."""
    start_turns(s)
    at_action_step(s, 0, hex_id)
    assert kind(s) == "Turn"


# ---------------------------------------------------------------------------- atoms (MS-15, MS-37)
@pytest.mark.parametrize("verb,field", [("coin", "coins"), ("timber", "timber"), ("fire", "fire"),
                                        ("large_fire", "large_fire")])
def test_marker_atoms(verb, field):
    """MS-15.1, MS-37, MS-1.14: take the markers shown, any number."""
    s = position()
    before = getattr(s, field)[1]
    do(s, 1, (verb, 2, ""), (verb, 1, ""))
    assert getattr(s, field)[1] == before + 3


def test_points_atom():
    """MS-15.11, MS-37: points at once (category actions)."""
    s = position()
    do(s, 2, ("points", 3, ""))
    assert points(s, 2, "actions") == 3


def test_city_or_church_book_atom():
    """MS-15.3, MS-25.7, MS-37: advance 1 space on the city or the church book, free."""
    s = position()
    s.coins[0] = 0
    do(s, 0, ("book", 1, ""))
    assert kind(s) == "ChooseBook" and keys(s) == ["book:city", "book:church"]
    s.apply("book:church")
    assert s.books[CHURCH] == 1 and s.coins[0] == 0


def test_single_book_atoms():
    """MS-15.4, MS-37: the city-book and church-book icons advance that book, free."""
    s = position()
    do(s, 0, ("city_book", 1, ""), ("church_book", 1, ""))
    assert s.books[CITY] == 1 and s.books[CHURCH] == 1


def test_book_at_last_space():
    """MS-25.18, MS-15.16 (AMB-14): a disc on the last space cannot advance: the free advance goes to
    the other book, or is lost; no paid advance is offered."""
    s = position()
    last = len(books.book_data(s, CITY).spaces) - 1
    s.books[CITY] = last
    do(s, 0, ("book", 1, ""))
    assert s.books[CHURCH] == 1 and s.books[CITY] == last          # no choice left
    s.books[CHURCH] = len(books.book_data(s, CHURCH).spaces) - 1
    do(s, 0, ("book", 1, ""), ("city_book", 1, ""))
    assert s.top() is None and s.books[CITY] == last
    s.coins[0] = 50
    assert books.paid_keys(s, 0) == []


def test_scroll_atom():
    """MS-15.5, MS-37, MS-15.16, MS-4.6 (side a scroll boards): move the cube of a scroll track of your choice up 1; a track at the
    top is not offered; with all at the top the action is lost."""
    s = position()
    do(s, 0, ("scroll", 1, ""))
    assert kind(s) == "ChooseScroll" and keys(s) == ["scroll:0", "scroll:1", "scroll:2"]
    s.apply("scroll:1")
    assert s.scroll[:3] == [0, 1, 0]
    tracks = s.data.scroll_boards["a"].tracks
    s.scroll[0] = len(tracks[0].values) - 1
    do(s, 0, ("scroll", 1, ""))
    assert keys(s) == ["scroll:1", "scroll:2"]
    s.scroll[:3] = [len(t.values) - 1 for t in tracks]
    do(s, 0, ("scroll", 1, ""))
    assert s.top() is None


def test_lieutenant_atom():
    """MS-15.12, MS-25.9, MS-8.14, MS-1.17 (AMB-13): a figure from the supply goes to the estate,
    unused; with none left in the supply nothing happens."""
    s = position()
    assert s.owned_lieutenants(0) == 3
    do(s, 0, ("lieutenant", 1, ""))
    assert s.owned_lieutenants(0) == 4
    fresh = [i for i in s.lieutenants(0) if s.lt_at[i] == ESTATE and not s.lt_used[i]]
    assert len(fresh) == 4
    do(s, 0, ("lieutenant", 2, ""))
    assert s.owned_lieutenants(0) == 5 and SUPPLY not in s.lt_at[:5]


def test_slash_choice_book_space():
    """MS-15.2, MS-37: a slash means exactly one of the options."""
    s = position()
    spec = ((("fire", 1, ""),), (("coin", 2, ""),))
    s._stack = None
    books.do_action(s, 0, spec)
    s._settle()
    assert kind(s) == "ChooseOption" and keys(s) == ["option:0", "option:1"]
    assert labels(s) == {"option:0": "Gain 1 fire", "option:1": "Gain 2 coins"}
    coins = s.coins[0]
    s.apply("option:1")
    assert s.coins[0] == coins + 2 and s.fire[0] == 0


# ---------------------------------------------------------------------------- any hex (MS-15.13, MS-25.11)
def test_any_hex_includes_blocked_and_harbours_not_docks():
    """MS-15.13, MS-25.11, MS-25.12 (AMB-22, AMB-55): any hex in Messina, blocked ones (your own
    included) and harbours, but not docks nor hexes still in the stack; it copies the printed
    action only: no visit points to the repopulator."""
    s = position()
    place(s, 0, 0, 0, used=True)
    place(s, 1, 0, 3, used=True)
    s.repopulated_by[3] = 2
    do(s, 0, ("any_hex", 1, ""))
    assert kind(s) == "AnyHex"
    in_city = {f"hex:{s.data.hexes[t].id}" for t in s.hex_at if t >= 0}
    assert set(keys(s)) == in_city | {"hex:NW", "hex:NE", "hex:SE", "hex:SW", "decline"}
    assert not any(k.startswith("ship") for k in keys(s))
    hid = s.data.hexes[s.hex_at[3]].id
    spec = s.data.hexes[s.hex_at[3]].action
    assert spec == ((("fire", 1, ""),),)
    s.apply(f"hex:{hid}")
    assert s.fire[0] == 1 and points(s, 2, "visits") == 0


def test_any_hex_slash_and_decline():
    """MS-15.13, MS-15.2, MS-EX-17: copying a hex with a slash asks which option; declining does nothing."""
    s = position(4)
    do(s, 0, ("any_hex", 1, ""))
    s.apply("hex:A10")
    assert kind(s) == "ChooseOption"
    s.apply("option:1")
    assert s.large_fire[0] == 1
    do(s, 0, ("any_hex", 1, ""))
    s.apply("decline")
    assert s.top() is None and s.large_fire[0] == 1


# ---------------------------------------------------------------------------- step 4 (MS-14)
def test_hex_action_optional_and_once():
    """MS-14.1, MS-14.4 (AMB-12), MS-7.6: the hex action is offered in step 4, may be declined with
    end_turn, and is done at most once."""
    s = position()
    action_step(s, "NW")
    assert "action" in keys(s) and "end_turn" in keys(s)
    assert labels(s)["action"] == "Hex action: gain 1 coin and gain 1 fire"
    coins, fire = s.coins[0], s.fire[0]
    s.apply("action")
    assert (s.coins[0], s.fire[0]) == (coins + 1, fire + 1)
    assert "action" not in keys(s)
    s.apply("end_turn")
    assert s.to_act == 1
    t = position()
    action_step(t, "NW")
    t.apply("end_turn")
    assert t.coins[0] == 0 and t.fire[0] == 0


def test_hex_slash_choice():
    """MS-EX-17, MS-15.2, MS-14.1: a hex showing 'Build / 1 large fire' offers exactly one of the two."""
    s = position(4)
    action_step(s, "A10")
    assert [k for k in keys(s) if k.startswith("action")] == ["action:0", "action:1"]
    assert "build" in labels(s)["action:0"] and "large fire" in labels(s)["action:1"]
    s.apply("action:1")
    assert s.large_fire[0] == 1
    assert not [k for k in keys(s) if k.startswith("action")]


def test_no_repopulation_on_a_harbour():
    """MS-9.13, MS-24 (harbours): a harbour hex cannot be repopulated: its step 4 offers no repopulation."""
    s = position()
    action_step(s, "SE")
    assert "repopulate" not in keys(s)


# ---------------------------------------------------------------------------- paid advances (MS-25)
def test_paid_advance_cost_is_lieutenants_owned():
    """MS-EX-15, MS-7.8, MS-25.4, MS-25.5, MS-25.6, MS-36: with 3 lieutenants an advance costs 3 coins; reaching the
    figure space gives a 4th lieutenant and the next advance costs 4; with 5 owned and one boxed
    for repopulation it costs 5."""
    s = position()
    s.books[CITY] = CITY_LT - 1
    s.coins[0] = 7
    action_step(s)
    assert labels(s)["pay:city"] == "Pay 3 coins to advance on the city book"
    s.apply("pay:city")
    assert s.coins[0] == 4 and s.books[CITY] == CITY_LT and s.owned_lieutenants(0) == 4
    assert labels(s)["pay:church"] == "Pay 4 coins to advance on the church book"
    s.apply("pay:church")
    assert s.coins[0] == 0 and "pay:church" not in keys(s) and "pay:city" not in keys(s)
    place(s, 0, 4, BOX)
    place(s, 0, 3, ESTATE)
    assert s.owned_lieutenants(0) == 5 and books.paid_cost(s, 0) == 5


def test_paid_advances_only_in_the_action_step():
    """MS-25.19 (AMB-10), MS-25.4: no paid advance during rescue or fight, nor in a recall."""
    s = position()
    s.coins[0] = 10
    s.cubes[3] = 1
    start_turns(s)
    assert not [k for k in keys(s) if k.startswith("pay:")]        # choosing a hex
    s.apply(f"hex:{s.data.hexes[s.hex_at[3]].id}")
    assert kind(s) == "Fight" and not [k for k in keys(s) if k.startswith("pay:")]
    s.apply("done")
    assert "pay:city" in keys(s)


def test_city_actions_at_once_popularity_actions_wait():
    """MS-25.8, MS-25.9, MS-25.11: a city-book space acts at once (any hex asked now); popularity
    actions wait as book actions of this action step."""
    s = position()
    s.books[CITY] = CITY_ANY_HEX - 1
    s.coins[0] = 3
    action_step(s)
    s.apply("pay:city")
    assert kind(s) == "AnyHex"
    s.apply("decline")
    assert kind(s) == "Turn"


def test_popularity_actions_lost_at_end_of_turn():
    """MS-25.8 (AMB-23): popularity actions unused in the action step of their turn are lost."""
    s = position()
    s.books[POPULARITY] = 1
    s.cubes[3] = 1
    s.fire[0] = 1
    start_turns(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[3]].id}")
    s.apply("fight:fire")
    s.apply("done")
    assert "book_action:2" in keys(s)
    s.apply("end_turn")
    assert s.pending == ()
    while s.to_act != 0:
        s.apply("recall")
    assert kind(s) == "ChooseDestination"
    s.apply("hex:NW")
    s.apply("done")
    assert not [k for k in keys(s) if k.startswith("book_action:")]


def test_popularity_action_used_in_step_four():
    """MS-25.8, MS-14.3, MS-7.7: a popularity action is used any time in step 4, before or after
    the hex action, once."""
    s = position()
    s.books[POPULARITY] = 3
    s.cubes[3] = 1
    s.fire[0] = 1
    start_turns(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[3]].id}")
    s.apply("fight:fire")
    s.apply("done")
    assert labels(s)["book_action:4"] == "Popularity book, space 4: gain 1 fire"
    s.apply("action")
    s.apply("book_action:4")
    assert s.fire[0] == 2 and "book_action:4" not in keys(s)


def test_book_stacking_on_top():
    """MS-25.15: a disc reaching a space where discs are goes on top of them."""
    s = position()
    s.books[1 * 3 + CITY] = 1
    s.book_stamp[1 * 3 + CITY] = s.stamp + 5
    s.stamp += 5
    do(s, 0, ("city_book", 1, ""))
    assert s.books[CITY] == 1 and s.book_stamp[CITY] > s.book_stamp[3 + CITY]


def test_advance_during_production_waits():
    """MS-25.16, MS-25.17 (AMB-24): during production the disc moves at once; its action waits for
    the next action step; a figure is taken at once."""
    s = position()
    s.books[CITY] = CITY_LT - 1
    books.advance(s, 0, CITY, during_production=True)
    assert s.owned_lieutenants(0) == 4 and s.deferred[0] == ()
    books.advance(s, 0, CITY, during_production=True)
    books.advance(s, 0, CITY, during_production=True)
    assert s.books[CITY] == CITY_ANY_HEX and s.deferred[0] == (CITY * 64 + CITY_ANY_HEX,)
    books.start_action_step(s, 0)
    assert s.pending == (CITY * 64 + CITY_ANY_HEX,) and s.deferred[0] == ()


def test_yellow_example_turn_without_estate():
    """MS-EX-4 (the parts without overseers and builds), MS-8.4, MS-8.5, MS-8.6, MS-8.7, MS-8.12, MS-11.8, MS-12.7,
    MS-12.13, MS-25.5, MS-25.6, MS-25.9, MS-8.15: Yellow moves 2 hexes past Red's lying figure for
    1 coin, quarantines the artisan, pays a large fire for the cube and an adjacent one (popularity
    +2, no rat; the overseer action waits for step 4), pays 3 coins on the city book for a 4th
    lieutenant; the next advance costs 4."""
    s = position()
    s.round = 2
    yellow, red = 0, 1
    h0, h2, hadj = 0, 4, 5                   # distance 2 from h0 to h2; hadj next to h2
    assert s.board.distances(0)[h0][h2] == 2 and hadj in s.board.neighbours[h2]
    only(s, yellow, h0, node(s, "SE"), node(s, "SW"))
    place(s, red, 0, h2)
    s.coins[yellow] = 4
    s.large_fire[yellow] = 1
    s.cubes[h2], s.cubes[hadj] = 1, 1
    s.city_citizens[h2 * 3 + 0] = 1
    s.books[yellow * 3 + CITY] = CITY_LT - 1
    start_turns(s)
    s.apply("lt:0")
    h2_id = s.data.hexes[s.hex_at[h2]].id
    assert labels(s)[f"hex:{h2_id}"].endswith("(pay 1 coin)")
    s.apply(f"hex:{h2_id}")
    assert s.coins[yellow] == 3 and h2 in s.standing_nodes()
    assert keys(s) == ["hut:0", "hut:1", "hut:2", "hut:3"]
    s.apply("hut:0")
    s.apply("fight:large_fire")
    s.apply(f"hex:{s.data.hexes[s.hex_at[hadj]].id}")
    s.apply("done")
    assert s.rats[yellow] == 0 and s.cubes[h2] == 0 and s.cubes[hadj] == 0 and s.large_fire[yellow] == 0
    assert s.books[yellow * 3 + POPULARITY] == 2 and "book_action:2" in keys(s)
    s.apply("pay:city")
    assert s.coins[yellow] == 0 and s.owned_lieutenants(yellow) == 4
    new = [i for i in s.lieutenants(yellow) if s.lt_at[i] == ESTATE]
    assert len(new) == 1 and not s.lt_used[new[0]]
    assert books.paid_cost(s, yellow) == 4
    s.apply("end_turn")
    # MS-8.15: Yellow's next turn uses a lieutenant in Messina, not the new one
    while s.to_act != yellow:
        s.apply("recall")
    assert kind(s) == "ChooseLieutenant" and keys(s) == ["lt:1", "lt:2"]
    assert lt(yellow, 0) == 0


def test_repopulate_instead_of_the_action(monkeypatch):
    """MS-14.2: where repopulation is possible it is offered instead of the hex action; doing the
    action takes the repopulation away (not both). (The repopulation itself: the estate tests.)"""
    from ludoteka.boardgames.messina.rules import turns
    monkeypatch.setattr(turns, "can_repopulate", lambda state, seat, node, lt: True)
    s = position()
    hid = s.data.hexes[s.hex_at[3]].id
    action_step(s, hid)
    assert "action" in keys(s) and "repopulate" in keys(s)
    assert labels(s)["repopulate"] == f"Repopulate hex {hid} instead of its action"
    s.apply("action")
    assert "repopulate" not in keys(s) and "action" not in keys(s)


def test_repopulated_hex_keeps_its_action():
    """MS-14.5: a repopulated hex still offers its printed action."""
    s = position()
    s.repopulated_by[3] = 1
    action_step(s, s.data.hexes[s.hex_at[3]].id)
    assert "action" in keys(s)
    s.apply("action")
    assert s.fire[0] == 1


def test_two_scroll_advances_one_by_one():
    """MS-15.5, MS-15.16 (AMB-14): '2 scroll' is two advances chosen one after the other; when the
    first fills the last track the second is lost (never a choice with nothing to choose)."""
    s = position()
    tracks = s.data.scroll_boards["a"].tracks
    s.scroll[:3] = [len(tracks[0].values) - 1, len(tracks[1].values) - 1, len(tracks[2].values) - 2]
    do(s, 0, ("scroll", 2, ""))
    assert keys(s) == ["scroll:2"]
    s.apply("scroll:2")
    assert s.top() is None and s.scroll[2] == len(tracks[2].values) - 1
    t = position()
    do(t, 0, ("scroll", 2, ""))
    t.apply("scroll:0")
    assert keys(t) == ["scroll:0", "scroll:1", "scroll:2"]
    t.apply("scroll:0")
    assert t.scroll[:3] == [2, 0, 0]


def test_two_free_book_advances():
    """MS-15.3, MS-25.7: a book action with amount 2 gives two free advances, each on the city or
    the church book."""
    s = position()
    do(s, 0, ("book", 2, ""))
    s.apply("book:city")
    assert kind(s) == "ChooseBook"
    s.apply("book:church")
    assert s.books[CITY] == 1 and s.books[CHURCH] == 1
    # nothing else is pending but the church space's own action (upgrade an overseer)
    assert [f[0].name for f in s.frames()] == ["choose_overseer"]
