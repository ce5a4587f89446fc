"""Messina 1347 ship turns (MS-9): the ship's plague cube, the ship reward, the
even-ship overseer advance and the action window of a ship turn."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.state import CITY, POPULARITY

from .helpers import ESTATE, blank, dock_ship, keys, kind, labels, lt, node, only, points, ship, start_turns

NW, NE, SE, SW = 0, 1, 2, 3


def ship_turn(round_=1, cube=True, ship_id="S1-spices"):
    s = blank(3, 1)
    s.turn_order = [0, 1, 2]
    s.round = round_
    for seat in range(3):
        only(s, seat, ESTATE)
    i = dock_ship(s, ship_id, NE, cube)
    start_turns(s)
    s.apply(f"ship:{ship_id}")
    return s, i


def test_decline_the_cube_take_a_rat():
    """MS-9.7, MS-13.2, MS-9.10, MS-9.16: declining the ship's cube gives 1 rat; the cube goes back
    to the supply; the ship joins the estate with its coins; the lieutenant stands on the dock."""
    s, i = ship_turn()
    supply = s.cube_supply
    assert kind(s) == "ShipFight" and keys(s)[-1] == "decline" and "pay:city" not in keys(s)
    assert "take 1 rat" in labels(s)["decline"]
    coins = s.coins[0]
    s.apply("decline")
    assert s.rats[0] == 1 and s.cube_supply == supply + 1 and not s.ship_cube[i]
    assert s.ship_at[i] == 10 and s.coins[0] == coins + s.data.ships[i].coins
    assert s.lt_at[lt(0, 0)] == s.board.dock(NE) and s.lt_used[lt(0, 0)]


def test_fight_the_ship_cube():
    """MS-9.7, MS-9.8 (AMB-8), MS-25.3: paying the round's fire cost discards the cube and advances
    popularity 1; no rat; no points in a cost-1 round."""
    s, i = ship_turn()
    s.fire[0] = 1
    s.legal_keys()
    assert "fight:fire" in keys(s)
    s.apply("fight:fire")
    assert s.rats[0] == 0 and s.books[POPULARITY] == 1 and s.fire[0] == 0 and points(s, 0, "plague") == 0
    assert s.ship_at[i] == 10


def test_fight_ship_cube_cost_two():
    """MS-9.7, MS-9.8 (AMB-8), MS-12.3: in a cost-2 round the ship's cube costs 2 fire and gives 2 points."""
    s, i = ship_turn(round_=5)
    s.fire[0] = 2
    assert "fight:fire+fire" in keys(s) and "fight:fire" not in keys(s)
    s.apply("fight:fire+fire")
    assert points(s, 0, "plague") == 2 and s.books[POPULARITY] == 1


def test_large_fire_on_a_ship_no_adjacent_removal():
    """MS-EX-5 (b), MS-12.10: a large fire on the ship's cube discards it, popularity +1, and gives
    no adjacent removal even with cubes on the harbour's neighbours."""
    s, i = ship_turn()
    s.large_fire[0] = 1
    for m in s.board.neighbours[node(s, "NE")]:
        s.cubes[m] += 1
    s._legal = None                                 # the fields above were written by hand
    s.apply("fight:large_fire")
    assert kind(s) == "Turn" and s.books[POPULARITY] == 1 and s.large_fire[0] == 0
    assert not [k for k in keys(s) if k.startswith("hex:")]


def test_ship_without_cube():
    """MS-9.9 (AMB-9): a ship with no cube gives no fight and no rat."""
    s, i = ship_turn(cube=False)
    assert kind(s) == "Turn"
    assert s.rats[0] == 0 and s.ship_at[i] == 10


def test_ship_points_reward():
    """MS-9.10: a ship printing points scores them (category ships)."""
    s, i = ship_turn(cube=False, ship_id="S2-silk")
    assert points(s, 0, "ships") == s.data.ships[i].points == 2


def test_no_hex_action_or_repopulation_on_a_ship_turn():
    """MS-9.13: a ship turn has no rescue and no hex action (nor repopulation)."""
    s, i = ship_turn(cube=False)
    assert not [k for k in keys(s) if k.startswith("action") or k == "repopulate"]


def test_even_ship_overseer_advance():
    """MS-9.11 (AMB-48): owning an even number of ships after taking one offers one overseer advance
    of your choice in that ship turn, optional and lost at its end; an odd number offers none."""
    s, i = ship_turn(cube=False)
    assert "ship_bonus" not in keys(s)
    t = blank(3, 1)
    t.turn_order = [0, 1, 2]
    for seat in range(3):
        only(t, seat, ESTATE)
    t.ship_at[ship(t, "S1-gems")] = 10                    # seat 0 already owns one ship
    dock_ship(t, "S1-spices", NE, False)
    start_turns(t)
    t.apply("ship:S1-spices")
    assert "ship_bonus" in keys(t)
    assert "advance an overseer" in labels(t)["ship_bonus"]
    t.apply("ship_bonus")
    assert "ship_bonus" not in keys(t)                    # once per ship turn
    t.apply("overseer:artisan")
    assert t.overseer_step[0] == 1
    while "end_turn" not in keys(t):                      # its activations are optional
        t.apply("stop")
    assert "ship_bonus" not in keys(t)
    t.apply("end_turn")
    assert t.turn_done == 0


def test_paid_advances_and_book_actions_in_a_ship_turn():
    """MS-9.12, MS-25.4, MS-25.19: in a ship turn, once the cube is fought (or a rat taken) and the
    ship taken (DE: „während dieses Schritts“, after the fight), you may pay for city and church
    advances and use popularity actions gained by the ship fight, in any order."""
    s = blank(3, 1)
    s.turn_order = [0, 1, 2]
    for seat in range(3):
        only(s, seat, ESTATE)
    only(s, 0, ESTATE, ESTATE, ESTATE)                            # 3 lieutenants: 3 coins an advance
    dock_ship(s, "S1-spices", NE, True)
    s.books[POPULARITY] = 1
    s.coins[0] = 3
    s.fire[0] = 1
    start_turns(s)
    s.apply("ship:S1-spices")
    assert keys(s) == ["fight:fire", "decline"]                   # not before the fight
    s.apply("fight:fire")
    assert "book_action:2" in keys(s)                              # popularity space 2
    s.apply("pay:city")
    assert s.books[CITY] == 1 and s.coins[0] == 3 + 1 - 3
    s.apply("book_action:2")
    assert "book_action:2" not in keys(s)


def test_two_lieutenants_take_two_ships_at_one_dock():
    """MS-9.4, MS-9.5: each ship is taken once; a second lieutenant may take the other ship at the
    same dock in the same round."""
    s = blank(2, 1)
    s.turn_order = [0, 1]
    for seat in range(2):
        only(s, seat, ESTATE)
    dock_ship(s, "S1-spices", NE, False)
    dock_ship(s, "S1-silk", NE, False)
    start_turns(s)
    s.apply("ship:S1-spices")
    s.apply("end_turn")
    assert s.to_act == 1
    assert "ship:S1-silk" in keys(s) and "ship:S1-spices" not in keys(s)
    s.apply("ship:S1-silk")
    assert s.ship_at[ship(s, "S1-silk")] == 11
