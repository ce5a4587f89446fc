"""Messina 1347 set-up (MS-1 - MS-6): the city per player count, the stacks, the players, the
start compensation and the preparation of round I; city.py's ships, hexes and wheel (MS-28)."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.messina.model import city
from ludoteka.boardgames.messina.data.components import CLASSES, CORNERS
from ludoteka.boardgames.messina.model.sides import side_name
from ludoteka.boardgames.messina.model.state import ESTATE, LIEUTENANTS, SUPPLY

from .helpers import GAME, blank, new, node, points

DATA = GAME.data
SHIP_BOX = -2                                            # ship_at: in the box


def hexes_in_city(s) -> list[str]:
    return [DATA.hexes[t].id for t in s.hex_at if t >= 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_city_per_player_count(players):
    """MS-2.1, MS-2.2, MS-2.3, MS-2.4, MS-2.6, MS-36: every A hex of the player count plus exactly one B hex fill the
    starting slots; the other A hexes are out of the game."""
    for seed in range(5):
        s = new(players, seed)
        ids = hexes_in_city(s)
        wanted = {h.id for h in DATA.hexes if h.hex_class == "A" and players in h.player_counts}
        assert len(ids) == len(s.board.layout.start) == len(wanted) + 1
        assert wanted <= set(ids)
        assert [i for i in ids if i.startswith("B")] and len([i for i in ids if i.startswith("B")]) == 1
        assert not [i for i in ids if i.startswith("C")]
        # only starting slots are filled, expansions empty
        assert all(s.hex_at[n] >= 0 for n in range(s.board.starts))
        assert all(s.hex_at[n] < 0 for n in range(s.board.first_expansion, s.board.first_harbour))
        removed = {h.id for h in DATA.hexes if h.hex_class == "A"} - wanted
        assert not removed & {DATA.hexes[t].id for t in s.hex_stack}


def test_four_player_only_hex():
    """MS-2.2: an A hex marked for 4 players only is used with 4 players and not with 3 or 2."""
    only4 = [h.id for h in DATA.hexes if h.hex_class == "A" and h.player_counts & {2, 3, 4} == {4}]
    assert only4
    assert set(only4) <= set(hexes_in_city(new(4, 0)))
    assert not set(only4) & set(hexes_in_city(new(3, 0)))
    assert not set(only4) & set(hexes_in_city(new(2, 0)))


def test_hex_stack_b_on_top_of_c():
    """MS-2.6, MS-2.7: the remaining B hex lies on top of the shuffled C hexes."""
    for seed in range(4):
        s = new(3, seed)
        stack = [DATA.hexes[t] for t in s.hex_stack]
        assert stack[0].hex_class == "B"
        assert [h.hex_class for h in stack[1:]] == ["C"] * sum(1 for h in DATA.hexes if h.hex_class == "C")
    orders = {tuple(new(3, seed).hex_stack[1:]) for seed in range(6)}
    assert len(orders) > 1                               # the C hexes are shuffled


def test_harbours_and_docks_are_in_the_city():
    """MS-2.5, MS-9.2: 4 harbours at the corners, each dock adjacent only to its harbour."""
    s = new(3)
    b = s.board
    for k, corner in enumerate(CORNERS):
        assert node(s, corner) == b.harbour(k)
        assert b.neighbours[b.dock(k)] == [b.harbour(k)]


@pytest.mark.parametrize("players,cubes", [(2, 16), (3, 18), (4, 24)])
def test_cube_supply_per_player_count(players, cubes):
    """MS-1.15, MS-2.9, MS-36: 16 / 18 / 24 plague cubes; placed cubes come from that supply."""
    s = new(players, 2)
    on_ships = sum(s.ship_cube)
    assert s.cube_supply + sum(s.cubes) + on_ships == cubes


def test_wheel_start_is_seeded_and_random():
    """MS-2.10 (AMB-3): the wheel's start position is drawn from the seeded generator; every
    window shows a rat symbol."""
    assert all(w.rat in ("left", "right", "standing") for w in DATA.wheel)
    assert len({new(3, seed).wheel for seed in range(12)}) > 1
    assert new(3, 5).wheel == new(3, 5).wheel


def test_docking_stack():
    """MS-1.2, MS-3.1, MS-6.3: 4 docking tiles shuffled; round I used the top one."""
    s = new(3, 1)
    docked = [at for at in s.ship_at if 0 <= at < 4]
    assert len(docked) == 1
    assert sorted(s.docking_stack + tuple(docked)) == [0, 1, 2, 3]


@pytest.mark.parametrize("players", [3, 4])
def test_ship_stack_by_number(players):
    """MS-1.2, MS-3.3: all 9 ships, the '1' ships on top, then '2', then '3'; each number group shuffled."""
    s = new(players, 1)
    order = [i for i, at in enumerate(s.ship_at) if 0 <= at < 4] + list(s.ship_stack)
    assert len(order) == 9
    numbers = [DATA.ships[i].number for i in order]
    assert numbers == sorted(numbers)
    groups = {tuple(new(players, seed).ship_stack[-3:]) for seed in range(10)}
    assert len(groups) > 1


def test_two_players_no_gem_ships():
    """MS-3.4: with 2 players the gem ships stay in the box: only 6 ships are used."""
    s = new(2, 1)
    used = [i for i, at in enumerate(s.ship_at) if at != SHIP_BOX]
    assert len(used) == 6
    assert all(DATA.ships[i].goods != "gems" for i in used)
    assert all(DATA.ships[i].goods != "gems" for i in s.ship_stack)


def test_hut_upgrade_stacks():
    """MS-1.3, MS-3.5: the 15 hut upgrades in 3 random stacks of 5."""
    s = new(3, 1)
    assert [len(st) for st in s.hut_stacks] == [5, 5, 5]
    assert sorted(sum(s.hut_stacks, ())) == list(range(15))
    assert len({new(3, seed).hut_stacks for seed in range(5)}) > 1


@pytest.mark.parametrize("players,stacks", [(2, 1), (3, 2), (4, 2)])
def test_cart_stacks(players, stacks):
    """MS-1.3, MS-3.6, MS-3.7, MS-3.8, MS-3.9: each cart stack holds one cart of each number, cart 1 face up on top,
    cart 5 at the bottom; one stack with 2 players (the other back to the box unseen)."""
    s = new(players, 1)
    assert len(s.cart_stacks) == stacks
    for st in s.cart_stacks:
        assert [DATA.carts[c].number for c in st] == [1, 2, 3, 4, 5]
    if stacks == 2:
        assert sorted(sum(s.cart_stacks, ())) == list(range(10))


def test_workshop_stacks():
    """MS-1.3, MS-3.10, MS-3.11, MS-3.12: 6 workshop stacks by period and class; the early ones on the board,
    the late ones aside."""
    s = new(3, 1)
    assert len(s.workshop_stacks) == len(s.late_stacks) == 3
    for cls, name in enumerate(CLASSES):
        assert {DATA.workshops[w].period for w in s.workshop_stacks[cls]} == {"early"}
        assert {DATA.workshops[w].citizen for w in s.workshop_stacks[cls]} == {name}
        assert {DATA.workshops[w].period for w in s.late_stacks[cls]} == {"late"}
        assert {DATA.workshops[w].citizen for w in s.late_stacks[cls]} == {name}
    assert sum(len(st) for st in s.workshop_stacks + s.late_stacks) == 33


def test_scoring_board_side():
    """MS-3.13, MS-3.14: the 2-player side with 2 players, the 3-4-player side otherwise; round I."""
    assert side_name(2) == "2p" and side_name(3) == side_name(4) == "3-4p"
    assert new(4).round == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_setup(players):
    """MS-1.8, MS-1.17, MS-4.2, MS-4.3, MS-4.4, MS-4.5, MS-4.7: 3 lieutenants in the estate, 2 in the supply; scroll
    cubes at 0; overseers on their start spaces, unupgraded; no markers but the compensation;
    an empty estate."""
    s = new(players, 4)
    for seat in range(players):
        at = s.lt_at[seat * LIEUTENANTS:(seat + 1) * LIEUTENANTS]
        assert sorted(at) == sorted([ESTATE] * 3 + [SUPPLY] * 2)
        assert s.owned_lieutenants(seat) == 3
        assert s.scroll[seat * 3:seat * 3 + 3] == [0, 0, 0]
        assert s.overseer_step[seat * 3:seat * 3 + 3] == [0, 0, 0]
        assert not any(s.overseer_upgraded[seat * 3:seat * 3 + 3])
        assert s.fire[seat] == s.large_fire[seat] == s.timber[seat] == s.rats[seat] == 0
        assert not any(s.squares[seat * 18:seat * 18 + 18]) and not any(s.huts[seat * 4:seat * 4 + 4])
        assert s.workshops[seat] == () and s.carts[seat] == ()
        assert s.books[seat * 3:seat * 3 + 3] == [0, 0, 0]
        assert 10 + seat not in s.ship_at


def test_turn_order_random():
    """MS-5.1: the round-I turn order is random (seeded)."""
    assert len({tuple(new(4, seed).turn_order) for seed in range(10)}) > 1
    assert sorted(new(4, 3).turn_order) == [0, 1, 2, 3]


def test_start_compensation_four_players():
    """MS-EX-20, MS-5.4, MS-5.5, MS-5.6, MS-5.7: P1 0, P2 1 point, P3 1 coin, P4 1 point and 1 coin; the score
    stacks P3 over P1 and P4 over P2."""
    s = new(4, 7)
    p1, p2, p3, p4 = s.turn_order
    assert [s.score[p] for p in (p1, p2, p3, p4)] == [0, 1, 0, 1]
    assert [s.coins[p] for p in (p1, p2, p3, p4)] == [0, 0, 1, 1]
    assert points(s, p2, "start") == points(s, p4, "start") == 1
    assert s.score_stamp[p3] > s.score_stamp[p1]
    assert s.score_stamp[p4] > s.score_stamp[p2]


def test_book_stacks_player_one_at_the_bottom():
    """MS-EX-20, MS-5.2, MS-5.3 (AMB-56): on every book the stack reads P4, P3, P2, P1 from the top."""
    s = new(4, 7)
    for book in range(3):
        by_height = sorted(range(4), key=lambda seat: -s.book_stamp[seat * 3 + book])
        assert by_height == list(reversed(s.turn_order))


@pytest.mark.parametrize("players,expected", [(3, [(0, 0), (1, 0), (0, 1)]), (2, [(0, 0), (1, 0)])])
def test_start_compensation_fewer_players(players, expected):
    """MS-EX-20, MS-5.7: 3 players: P2 1 point, P3 1 coin; 2 players: P2 1 point."""
    s = new(players, 3)
    assert [(s.score[p], s.coins[p]) for p in s.turn_order] == expected


def test_round_one_preparation():
    """MS-6.1, MS-6.2, MS-6.3, MS-6.4, MS-6.5, MS-6.12: exactly 1 ship arrives at the drawn dock with a cube; no new hex."""
    s = new(3, 1)
    docked = [i for i, at in enumerate(s.ship_at) if 0 <= at < 4]
    assert len(docked) == 1 and s.ship_cube[docked[0]]
    assert DATA.ships[docked[0]].number == 1
    assert len(s.ship_stack) == 8
    assert sum(1 for t in s.hex_at if t >= 0) == s.board.starts


def test_population_wheel_example():
    """MS-EX-1, MS-6.6, MS-6.7, MS-6.8, MS-6.9, MS-6.10: turning to the left-rat window (nun orange, artisan white, aristocrat
    blue) puts 1 cube on each left-rat hex and one citizen by colour; red hexes, harbours and
    docks get none."""
    s = blank(4, 1)
    window = next(k for k, w in enumerate(DATA.wheel)
                  if w.rat == "left" and w.classes == {"artisan": "white", "aristocrat": "blue", "nun": "orange"})
    s.wheel = (window - 1) % len(DATA.wheel)
    supply = s.cube_supply
    city.turn_wheel_and_place_cubes(s)
    city.place_citizens(s)
    assert s.wheel == window
    colour_class = {"white": 0, "blue": 1, "orange": 2}
    for n in range(s.board.size):
        cit = s.city_citizens[n * 3:n * 3 + 3]
        if s.hex_at[n] < 0:
            assert s.cubes[n] == 0 and cit == [0, 0, 0]
            continue
        h = DATA.hexes[s.hex_at[n]]
        assert s.cubes[n] == (1 if h.rat == "left" else 0)
        want = [0, 0, 0]
        if h.colour in colour_class:
            want[colour_class[h.colour]] = 1
        assert cit == want, h.id
    assert supply - s.cube_supply == sum(1 for n, h in city.city_hexes(s) if h.rat == "left")


def test_round_one_cube_shortage():
    """MS-6.11, MS-28.17, MS-EX-18 (a): too few cubes for every hex of the rat: none is placed, no
    repopulation rat; the citizens still come."""
    s = blank(3, 1)
    s.wheel = 0                                          # the next window: right rat
    targets = [n for n, h in city.city_hexes(s) if h.rat == DATA.wheel[1].rat]
    assert len(targets) >= 2
    s.repopulated_by[targets[0]] = 1
    s.cube_supply = len(targets) - 1
    city.turn_wheel_and_place_cubes(s)
    assert sum(s.cubes) == 0 and s.cube_supply == len(targets) - 1 and s.rats == [0, 0, 0]
    city.place_citizens(s)
    assert sum(s.city_citizens) > 0


def test_double_placement_separate():
    """MS-EX-18 (b), MS-28.16, MS-28.18: two placements in a double round are separate: the first
    is made if it can be, the second skipped when too few cubes are left."""
    s = blank(3, 1)
    s.wheel = 0
    first = sum(1 for _, h in city.city_hexes(s) if h.rat == DATA.wheel[1].rat)
    second = sum(1 for _, h in city.city_hexes(s) if h.rat == DATA.wheel[2].rat)
    s.cube_supply = first + second - 1
    city.turn_wheel_and_place_cubes(s)
    assert sum(s.cubes) == first and s.cube_supply == second - 1
    city.turn_wheel_and_place_cubes(s)
    assert sum(s.cubes) == first and s.wheel == 2


def test_repopulated_hex_rat():
    """MS-28.19, MS-13.4, MS-36: each cube placed on a repopulated hex gives its repopulator a rat."""
    s = blank(3, 1)
    s.wheel = 0
    targets = [n for n, h in city.city_hexes(s) if h.rat == DATA.wheel[1].rat]
    s.repopulated_by[targets[0]] = 2
    city.turn_wheel_and_place_cubes(s)
    assert s.rats == [0, 0, 1]
    assert s.cubes[targets[0]] == 1


def test_ships_arrive_and_overflow_clockwise():
    """MS-28.8, MS-28.9, MS-28.11 (AMB-30, AMB-46), MS-EX-22: ships go to the tile's dock with a
    cube each; a full dock sends each ship on clockwise, past a full next dock too."""
    s = blank(3, 1)
    s.docking_stack = (1, 0, 2, 3)                       # NE first
    s.ship_stack = tuple(range(9))
    city.arrive_ships(s, 2)
    assert s.ship_at[0] == s.ship_at[1] == 1 and s.ship_cube[0] and s.ship_cube[1]
    s.ship_at[2] = 1                                     # NE full
    s.ship_at[3] = s.ship_at[4] = s.ship_at[5] = 2       # SE full too
    s.ship_stack = (6, 7)
    s.docking_stack = (1,)
    corner = city.arrive_ships(s, 2)
    assert corner == 1
    assert s.ship_at[6] == s.ship_at[7] == 3             # on to SW
    # MS-EX-22 / AMB-31: the new hex starts its search from the tile's harbour (NE), not SW
    city.add_hex(s, corner)
    first = s.board.layout.clockwise["NE"][0]
    assert s.hex_at[s.board.first_expansion + first] >= 0


def test_overflow_past_full_docks(monkeypatch):
    """MS-28.11 (AMB-30, AMB-46), MS-1.24, MS-28.25: from a full dock each ship goes on
    clockwise past every full dock; with all berths full it returns to the box; with no ship left
    in the stack nothing arrives. (9 ships never fill 12 berths: the test uses 2 berths a dock.)"""
    s = blank(4, 1)
    s.ship_at = [1, 1, 3, -1, -1, -1, -1, 2, 2]          # NE, SE, SW full, NW empty
    s.ship_stack = (3, 4, 5)
    s.docking_stack = (1,)
    monkeypatch.setattr(city, "BERTHS", 2)
    assert city.arrive_ships(s, 1) == 1
    assert s.ship_at[3] == 3                             # SW had one berth left
    s.docking_stack = (1,)
    city.arrive_ships(s, 2)
    assert s.ship_at[4] == s.ship_at[5] == 0             # on round to NW, each ship separately
    s.ship_stack = (6,)
    s.docking_stack = (2,)
    city.arrive_ships(s, 1)
    assert s.ship_at[6] == -2                            # every berth full: back to the box
    s.ship_stack = ()
    before = list(s.ship_at)
    city.arrive_ships(s, 1)
    assert s.ship_at == before


def test_ship_without_cube_when_supply_empty():
    """MS-28.25 (AMB-9): a ship arriving with the cube supply empty has no cube."""
    s = blank(3, 1)
    s.cube_supply = 0
    s.ship_stack = (4,)
    city.arrive_ships(s, 1)
    assert 0 <= s.ship_at[4] < 4 and not s.ship_cube[4] and s.cube_supply == 0


def test_docking_tiles_reshuffled():
    """MS-3.2, MS-28.10: after the last docking tile all 4 are shuffled into a new stack."""
    s = blank(3, 1)
    s.docking_stack = ()
    corner = city.draw_docking_tile(s)
    assert sorted(s.docking_stack + (corner,)) == [0, 1, 2, 3]


def test_new_hex_clockwise_from_docking_harbour():
    """MS-EX-14, MS-28.12, MS-28.26 (AMB-31): the new hex goes to the first free expansion met
    clockwise from the lower-left (SW) harbour; nothing when the stack is empty or all are full."""
    s = blank(3, 1)
    sw = CORNERS.index("SW")
    order = s.board.layout.clockwise["SW"]
    top = s.hex_stack[0]
    city.add_hex(s, sw)
    assert s.hex_at[s.board.first_expansion + order[0]] == top
    city.add_hex(s, sw)
    assert s.hex_at[s.board.first_expansion + order[1]] >= 0
    for _ in range(4):
        city.add_hex(s, sw)
    left = len(s.hex_stack)
    city.add_hex(s, sw)                                  # no free location
    assert len(s.hex_stack) == left
    t = blank(3, 1)
    t.hex_stack = ()
    city.add_hex(t, sw)
    assert all(t.hex_at[n] < 0 for n in range(t.board.first_expansion, t.board.first_harbour))


def test_state_per_seat():
    """MS-1.7, MS-1.10, MS-1.19, MS-1.20, MS-1.21, MS-1.23, MS-1.26: 24 cubes at most; per seat 3
    overseers, a turn-order place, a score and 3 book positions, 4 huts and 3 sectors of 6
    squares; 3 goods types; 6 rounds."""
    s = new(4, 1)
    assert max(DATA.tables.plague_cubes.values()) == 24
    assert len(s.overseer_step) == len(s.books) == 4 * 3
    assert len(s.turn_order) == len(s.score) == 4
    assert len(s.huts) == 4 * 4 and len(s.squares) == 4 * 18
    assert {sh.goods for sh in DATA.ships} == {"gems", "spices", "silk"}
    assert len(DATA.sides["3-4p"].rounds) == len(DATA.sides["2p"].rounds) == 6


def test_markers_unlimited():
    """MS-1.12, MS-1.13, MS-1.14, MS-2.8: fire, large fire, timber and rats have no supply limit and a
    player may hold any number; coins are one integer value."""
    s = new(3, 1)
    for verb in ("fire", "large_fire", "timber", "coin"):
        s.gain(0, verb, 40)
    s.rats[0] = 30
    assert (s.fire[0], s.large_fire[0], s.timber[0]) == (40, 40, 40) and s.coins[0] >= 40
    assert s.can_pay(0, (("fire", 40), ("large_fire", 40), ("timber", 40)))


def test_priority_tile_off_by_default():
    """MS-3.15: the book priority tile is not used unless chosen."""
    assert new(3).rules.priority_tile is False
    assert new(3, 1, priority_tile=True).rules.priority_tile is True


def test_preparation_wheel_and_citizens_later_rounds():
    """MS-28.15, MS-28.20, MS-28.24: a later preparation turns the wheel one window and places cubes as
    in round I, then citizens from the window showing; a hex added just before gets both."""
    s = blank(3, 1)
    sw = CORNERS.index("SW")
    new_node = s.board.first_expansion + s.board.layout.clockwise["SW"][0]
    tile = s.hex_stack[0]
    h = DATA.hexes[tile]
    # the window after the current one shows this hex's rat
    s.wheel = next(k for k in range(len(DATA.wheel)) if DATA.wheel[(k + 1) % len(DATA.wheel)].rat == h.rat)
    city.add_hex(s, sw)
    assert s.hex_at[new_node] == tile
    city.turn_wheel_and_place_cubes(s)
    assert s.cubes[new_node] == 1
    window = DATA.wheel[s.wheel]
    city.place_citizens(s)
    want = sum(1 for cls in CLASSES if window.classes.get(cls) == h.colour)
    assert sum(s.city_citizens[new_node * 3:new_node * 3 + 3]) == want
    # citizens build up on hexes without plague (placed twice without removal)
    before = list(s.city_citizens)
    city.place_citizens(s)
    assert all(b2 >= b1 for b1, b2 in zip(before, s.city_citizens))


def test_docks_and_harbours_get_no_cubes():
    """MS-9.15, MS-6.10: the wheel never puts a cube or a citizen on a harbour or a dock."""
    s = blank(4, 2)
    for _ in range(len(DATA.wheel)):
        city.turn_wheel_and_place_cubes(s)
        city.place_citizens(s)
    for n in range(s.board.first_harbour, s.board.size):
        assert s.cubes[n] == 0 and s.city_citizens[n * 3:n * 3 + 3] == [0, 0, 0]
