"""Messina 1347 steps 2 and 3 of a hex turn: rescuing citizens (MS-11), fighting the plague with
fire and large fire (MS-12) and the rats it leaves (MS-13)."""
from __future__ import annotations

from ludoteka.boardgames.messina.model.state import POPULARITY, citizen_code

from .helpers import ESTATE, blank, keys, kind, labels, only, points, start_turns

ARTISAN, ARISTOCRAT, NUN = 0, 1, 2
TARGET = 3                      # seed 1, 3 players: hex A01, next to 0, 1, 4, 6, 7 (and expansions)


def turn(round_=1, players=3, **options):
    """Seat 0 to move, one lieutenant in its estate (free to any hex); the others have one too."""
    s = blank(players, 1, **options)
    s.turn_order = list(range(players))
    s.round = round_
    for seat in range(players):
        only(s, seat, ESTATE)
    return s


def choose(s, n: int = TARGET) -> None:
    start_turns(s)
    s.apply(f"hex:{hid(s, n)}")


def hid(s, n: int) -> str:
    return s.data.hexes[s.hex_at[n]].id


def pop(s, seat=0) -> int:
    return s.books[seat * 3 + POPULARITY]


# ---------------------------------------------------------------------------- rescue
def test_rescue_to_sector_square():
    """MS-EX-2 (a), MS-11.1, MS-11.3, MS-11.4, MS-11.7: a nun from a hex without plague goes to a
    free square of the nun sector that the player chooses; no hut is used."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    choose(s)
    assert kind(s) == "Rescue"
    assert keys(s) == [f"square:{12 + i}" for i in range(6)]
    assert "nun sector" in labels(s)["square:14"]
    s.apply("square:14")
    assert s.squares[14] == 1 and sum(s.squares) == 1
    assert s.huts == [0] * len(s.huts)
    assert s.city_citizens[TARGET * 3:TARGET * 3 + 3] == [0, 0, 0]


def test_rescue_by_class_sector():
    """MS-11.3, MS-11.4: an artisan goes to the artisan sector, an aristocrat to the aristocrat one."""
    s = turn()
    s.city_citizens[TARGET * 3 + ARTISAN] = 1
    s.city_citizens[TARGET * 3 + ARISTOCRAT] = 1
    choose(s)
    assert keys(s) == [f"square:{i}" for i in range(6)]
    s.apply("square:2")
    assert keys(s) == [f"square:{6 + i}" for i in range(6)]
    s.apply("square:6")
    assert s.squares[2] == 1 and s.squares[6] == 1


def test_rescue_into_quarantine_even_if_fought():
    """MS-EX-2 (b), MS-11.2, MS-11.8, MS-11.11: a nun from a hex with a plague cube goes on space I
    of an empty hut of the player's choice, and stays there though the cube is then removed."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    s.cubes[TARGET] = 1
    s.cube_supply -= 1
    s.fire[0] = 1
    choose(s)
    assert keys(s) == ["hut:0", "hut:1", "hut:2", "hut:3"]
    # empty huts alike (no upgrade) can do no better than the first: a client may take it
    # without asking; a hut with an upgrade is its own choice
    assert [a.data.get("dominated_by") for a in s.legal_actions()] == [None, "hut:0", "hut:0", "hut:0"]
    upgraded = s.clone()
    upgraded.hut_upgrade[1] = 0
    assert [a.data.get("dominated_by") for a in upgraded.legal_actions()] == [None, None, "hut:0", "hut:0"]
    s.apply("hut:2")
    assert s.huts[2] == citizen_code(NUN, False) and s.hut_space[2] == 1
    assert kind(s) == "Fight"
    s.apply("fight:fire")
    assert s.cubes[TARGET] == 0 and s.huts[2] == citizen_code(NUN, False) and sum(s.squares) == 0


def test_rescue_discarded_when_huts_full():
    """MS-EX-2 (c), MS-11.9, MS-11.10: every hut holds a citizen (space I or II): the quarantined
    nun is discarded, no decision asked."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    s.cubes[TARGET] = 1
    for h in range(4):
        s.huts[h] = citizen_code(ARTISAN, False)
        s.hut_space[h] = 1 + h % 2
    choose(s)
    assert kind(s) == "Fight"
    assert s.huts[:4] == [citizen_code(ARTISAN, False)] * 4
    assert s.city_citizens[TARGET * 3 + NUN] == 0
    assert any(e["kind"] == "rescue" and e["data"]["to"] == "discard" for e in s.events(0))


def test_hut_with_citizen_on_space_two_is_not_empty():
    """MS-11.9, MS-11.13: a hut with a citizen on space II takes no other; an upgraded empty hut
    takes one like any empty hut."""
    s = turn()
    s.city_citizens[TARGET * 3 + ARTISAN] = 1
    s.cubes[TARGET] = 1
    s.huts[0], s.hut_space[0] = citizen_code(NUN, True), 2
    s.huts[1], s.hut_space[1] = citizen_code(NUN, False), 1
    s.hut_upgrade[2] = 4
    choose(s)
    assert keys(s) == ["hut:2", "hut:3"]
    s.apply("hut:2")
    assert s.huts[2] == citizen_code(ARTISAN, False)


def test_several_citizens_each_need_a_hut():
    """MS-11.12: citizens on one plagued hex are rescued one by one, each into its own empty hut;
    with no hut left the rest are discarded."""
    s = turn()
    s.city_citizens[TARGET * 3 + ARTISAN] = 2
    s.city_citizens[TARGET * 3 + NUN] = 1
    s.cubes[TARGET] = 1
    s.huts[0], s.hut_space[0] = citizen_code(NUN, False), 1
    s.huts[1], s.hut_space[1] = citizen_code(NUN, False), 1
    choose(s)
    assert keys(s) == ["hut:2", "hut:3"]
    s.apply("hut:3")
    # one hut left: the second artisan goes there at once; the nun is discarded
    assert kind(s) == "Fight"
    assert s.huts[:4] == [5, 5, 1, 1]


def test_rescue_discarded_when_sector_full():
    """MS-EX-2 (d) without a workshop, MS-11.5: all 6 nun squares are full and no workshop can take
    a nun: the rescued nun is discarded."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    for i in range(12, 18):
        s.squares[i] = 1
    choose(s)
    assert kind(s) == "Fight"
    assert sum(s.squares) == 6 and s.city_citizens[TARGET * 3 + NUN] == 0


def test_one_free_square_is_taken_at_once():
    """MS-11.3: with one free square there is nothing to choose."""
    s = turn()
    s.city_citizens[TARGET * 3 + NUN] = 1
    for i in range(12, 17):
        s.squares[i] = 2
    choose(s)
    assert kind(s) == "Fight" and s.squares[17] == 1


# ---------------------------------------------------------------------------- fight
def test_fight_some_cubes_rats_for_the_rest():
    """MS-12.1, MS-12.2, MS-12.4, MS-12.5, MS-12.15, MS-12.17, MS-13.1, MS-25.3, MS-1.16: 3 cubes, 2 fire: pay
    1 fire per cube for 2 of them (popularity +2, cubes back to the supply), then 1 rat for the
    cube left, which stays on the hex."""
    s = turn()
    s.cubes[TARGET] = 3
    s.cube_supply -= 3
    s.fire[0] = 2
    supply = s.cube_supply
    choose(s)
    assert keys(s) == ["fight:fire", "done"]
    s.apply("fight:fire")
    s.apply("fight:fire")
    assert keys(s) == ["done"]
    assert "take 1 rat" in labels(s)["done"]
    s.apply("done")
    assert s.fire[0] == 0 and s.rats[0] == 1 and s.cubes[TARGET] == 1
    assert pop(s) == 2 and s.cube_supply == supply + 2
    assert s.score[0] == points(s, 0, "start")          # no points in cost-1 rounds


def test_fighting_is_optional():
    """MS-12.16, MS-13.1: you may pay for no cube and take 1 rat per cube."""
    s = turn()
    s.cubes[TARGET] = 2
    s.fire[0] = 5
    choose(s)
    s.apply("done")
    assert s.rats[0] == 2 and s.cubes[TARGET] == 2 and s.fire[0] == 5


def test_no_cube_no_rat():
    """MS-13.1: a hex without cubes gives no rat."""
    s = turn()
    choose(s)
    assert keys(s) == ["done"]
    s.apply("done")
    assert s.rats[0] == 0 and kind(s) == "Turn"


def test_cost_two_rounds():
    """MS-12.3, MS-12.11: in a round with cost 2, a cube costs 2 fire and gives 2 points; 1 fire is
    not enough."""
    s = turn(round_=5)
    s.cubes[TARGET] = 2
    s.fire[0] = 3
    choose(s)
    assert keys(s) == ["fight:fire+fire", "done"]
    s.apply("fight:fire+fire")
    assert keys(s) == ["done"]
    s.apply("done")
    assert points(s, 0, "plague") == 2 and pop(s) == 1 and s.rats[0] == 1 and s.fire[0] == 1


def test_large_fire_adjacent_removal():
    """MS-EX-5 (a), MS-12.7, MS-12.13, MS-36: cost 1, the chosen hex 1 cube, an adjacent hex 2: one
    large fire removes the cube and may remove 1 adjacent cube; popularity +2, no rats."""
    s = turn()
    s.cubes[TARGET] = 1
    s.cubes[4] = 2
    s.large_fire[0] = 1
    choose(s)
    assert keys(s) == ["fight:large_fire", "done"]
    s.apply("fight:large_fire")
    assert kind(s) == "AdjacentCube" and keys(s) == [f"hex:{hid(s, 4)}", "skip"]
    s.apply(f"hex:{hid(s, 4)}")
    assert s.cubes[4] == 1 and s.cubes[TARGET] == 0
    s.apply("done")
    assert pop(s) == 2 and s.rats[0] == 0 and s.large_fire[0] == 0


def test_large_fire_as_plain_fire():
    """MS-EX-5 (e), MS-12.9: a large fire may be spent as a fire, declining the adjacent removal."""
    s = turn()
    s.cubes[TARGET] = 1
    s.cubes[4] = 1
    s.large_fire[0] = 1
    choose(s)
    s.apply("fight:large_fire")
    s.apply("skip")
    s.apply("done")
    assert s.cubes[4] == 1 and pop(s) == 1 and s.large_fire[0] == 0


def test_large_fire_pays_for_one_cube():
    """MS-12.8 (D-2 'one_cube'): a large fire pays for exactly 1 cube of the chosen hex."""
    s = turn()
    s.cubes[TARGET] = 2
    s.large_fire[0] = 1
    choose(s)
    s.apply("fight:large_fire")
    assert s.cubes[TARGET] == 1


def test_large_fire_two_cubes_option():
    """D-2 'two_cubes' (the CZ reading): a large fire pays for up to 2 cubes on the hex."""
    s = turn(large_fire="two_cubes")
    s.cubes[TARGET] = 2
    s.large_fire[0] = 1
    choose(s)
    s.apply("fight:large_fire")
    assert s.cubes[TARGET] == 0 and pop(s) == 2


def test_cost_two_one_large_one_fire_no_option():
    """MS-EX-5 (c), MS-12.11: cost 2, 1 large fire + 1 fire removes the cube (+2 points, popularity
    +1) without the adjacent option."""
    s = turn(round_=5)
    s.cubes[TARGET] = 1
    s.cubes[4] = 1
    s.large_fire[0] = 1
    s.fire[0] = 1
    choose(s)
    assert keys(s) == ["fight:large_fire+fire", "done"]
    s.apply("fight:large_fire+fire")
    assert kind(s) == "Fight" and keys(s) == ["done"]
    assert points(s, 0, "plague") == 2 and pop(s) == 1 and s.cubes[4] == 1


def test_cost_two_two_large_fires_adjacent():
    """MS-EX-5 (d), MS-12.11, MS-12.13 (AMB-11): cost 2, 2 large fires: the cube is removed and 1
    adjacent cube may be; +4 points and popularity +2."""
    s = turn(round_=5)
    s.cubes[TARGET] = 1
    s.cubes[4] = 1
    s.large_fire[0] = 2
    choose(s)
    assert keys(s) == ["fight:large_fire+large_fire", "done"]
    s.apply("fight:large_fire+large_fire")
    s.apply(f"hex:{hid(s, 4)}")
    assert points(s, 0, "plague") == 4 and pop(s) == 2 and s.cubes[4] == 0 and s.large_fire[0] == 0


def test_each_large_fire_payment_one_adjacent_removal():
    """MS-12.12 (AMB-11): each qualifying payment gives one adjacent removal; targets may repeat."""
    s = turn()
    s.cubes[TARGET] = 2
    s.cubes[4] = 2
    s.cubes[7] = 1
    s.large_fire[0] = 2
    choose(s)
    s.apply("fight:large_fire")
    assert keys(s) == [f"hex:{hid(s, 4)}", f"hex:{hid(s, 7)}", "skip"]
    s.apply(f"hex:{hid(s, 4)}")
    s.apply("fight:large_fire")
    s.apply(f"hex:{hid(s, 4)}")
    assert s.cubes[4] == 0 and s.cubes[7] == 1 and pop(s) == 4


def test_adjacent_removal_gives_no_rats_and_leaves_the_repopulator_alone():
    """MS-12.14 (AMB-11): removing an adjacent cube gives no rat to anyone and nothing to that hex's
    repopulator; rats come only from cubes left on the chosen hex."""
    s = turn()
    s.cubes[TARGET] = 1
    s.cubes[4] = 2
    s.repopulated_by[4] = 1
    s.large_fire[0] = 1
    choose(s)
    s.apply("fight:large_fire")
    s.apply(f"hex:{hid(s, 4)}")
    s.apply("done")
    assert s.rats == [0, 0, 0] and points(s, 1, "visits") == 0


def test_no_adjacent_option_without_adjacent_cubes():
    """MS-12.7, MS-12.10: with no cube on an adjacent hex (ships and docks never count) there is no
    adjacent choice."""
    s = turn()
    s.cubes[TARGET] = 1
    s.large_fire[0] = 1
    choose(s)
    s.apply("fight:large_fire")
    assert kind(s) == "Fight" and keys(s) == ["done"]


def test_popularity_actions_wait_for_step_four():
    """MS-12.6, MS-7.7, MS-14.3: popularity actions reached while fighting are offered in step 4,
    not during the fight."""
    s = turn()
    s.cubes[TARGET] = 2
    s.fire[0] = 2
    choose(s)
    s.apply("fight:fire")
    s.apply("fight:fire")
    assert pop(s) == 2
    assert not [k for k in keys(s) if k.startswith("book_action:")]
    s.apply("done")
    assert "book_action:2" in keys(s)
    assert "overseer" in labels(s)["book_action:2"]
