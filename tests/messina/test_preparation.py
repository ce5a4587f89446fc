"""The preparation of rounds II-VI (MS-28, steps I-VIII)."""
from __future__ import annotations

from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.rules import preparation
from ludoteka.boardgames.messina.data.components import CORNERS
from ludoteka.boardgames.messina.model.state import ESTATE


def fresh(players: int = 3, seed: int = 1, **options):
    """A new game with an empty flow (round I is being left)."""
    s = GAME.new_state(players, seed, options)
    s._stack = None
    return s


def kinds(s) -> list[str]:
    return [e["kind"] for e in s.events()]


def test_round_marker_lieutenants_and_carts():
    """MS-28.1, MS-28.2, MS-28.23: the round marker moves on; every lieutenant is unused again,
    those in the estate stay there; used carts are turned face up."""
    s = fresh()
    s.lt_at[0:3] = [0, 1, ESTATE]
    s.lt_used[0:3] = [True, True, True]
    s.carts[1] = (0, 1, 1, 0)
    preparation.prepare_round(s)
    assert s.round == 2
    assert not any(s.lt_used)
    assert s.lt_at[0:3] == [0, 1, ESTATE]
    assert s.carts[1] == (0, 0, 1, 0)
    assert s._barrier                       # new tiles revealed: not undoable


def test_citizens_leave_plagued_hexes_only():
    """MS-28.3, MS-28.4: citizens leave hexes with plague cubes; others keep theirs."""
    s = fresh()
    s.cubes[0], s.cubes[1] = 1, 0
    s.city_citizens[0:6] = [1, 2, 0, 1, 0, 1]
    preparation.clear_plagued_citizens(s)
    assert s.city_citizens[0:6] == [0, 0, 0, 1, 0, 1]
    assert "citizens_removed" in kinds(s)


def test_turn_order_by_book_with_stacking():
    """MS-28.5, MS-28.6, MS-25.15, MS-EX-21: priority popularity; A and B share a space, B on top;
    C is ahead: C, B, A."""
    s = fresh()
    a, b, c = 0, 1, 2
    s.books[a * 3], s.books[b * 3], s.books[c * 3] = 3, 3, 5
    s.book_stamp[a * 3], s.book_stamp[b * 3], s.book_stamp[c * 3] = 50, 51, 10
    preparation.set_turn_order(s, "popularity")
    assert s.turn_order == [c, b, a]


def test_round_two_order_from_the_start_stacks():
    """MS-28.5, MS-EX-20: if nobody advanced on the book with priority in round II, the discs'
    start stacking (player 1 at the bottom) gives the order P4, P3, P2, P1."""
    s = fresh(players=4)
    start = list(s.turn_order)
    preparation.prepare_round(s)
    assert preparation.priority(s) == "city"
    assert s.turn_order == start[::-1]


def test_score_round_orders_by_score():
    """MS-28.7 (D-7), AMB-47: in the score-track round the highest score goes first, ties to the
    disc on top."""
    s = fresh()
    s.round = 4
    s.score = [5, 7, 5]
    s.score_stamp = [30, 10, 31]
    preparation.prepare_round(s)
    assert preparation.priority(s) == "score"
    assert s.turn_order == [1, 2, 0]


def test_priority_tile():
    """MS-34.1: with the book priority tile its column decides (round II: church on this data)."""
    s = fresh(priority_tile=True)
    s.books[1 * 3 + 2] = 2
    preparation.prepare_round(s)
    assert preparation.priority(s) == s.data.sides["3-4p"].priority_tile[1]
    assert s.turn_order[0] == 1


def test_ship_and_new_hex_from_the_docking_tile():
    """MS-28.8, MS-28.12, MS-EX-14, AMB-31: a ship docks at the drawn tile's dock with a cube, and
    the new hex goes to the first free expansion location clockwise from that harbour."""
    s = fresh()
    sw = CORNERS.index("SW")
    s.docking_stack = (sw,)
    first = s.board.layout.clockwise["SW"]
    s.hex_at[s.board.first_expansion + first[0]] = s.hex_stack[-1]      # the first one is taken
    s.hex_stack = s.hex_stack[:-1]
    top = s.hex_stack[0]
    ships_before = sum(1 for at in s.ship_at if at == sw)
    preparation.prepare_round(s)
    assert sum(1 for at in s.ship_at if at == sw) == ships_before + 1
    assert s.hex_at[s.board.first_expansion + first[1]] == top


def test_late_workshops_replace_early_ones_in_round_five():
    """MS-28.13, MS-28.14, MS-21.11: the late stacks replace the workshops when round V is prepared."""
    s = fresh()
    s.round = 4
    late = s.late_stacks
    preparation.prepare_round(s)
    assert s.workshop_stacks == late and s.late_stacks == ()
    assert all(s.data.workshops[t].period == "late" for stack in s.workshop_stacks for t in stack)


def test_double_wheel_round_places_twice():
    """MS-28.15, MS-28.16, MS-28.20 (AMB-32): round IV turns the wheel twice, placing cubes each
    time, then places citizens once with the last window."""
    s = fresh()
    s.round = 3
    wheel = s.wheel
    preparation.prepare_round(s)
    assert s.wheel == (wheel + 2) % len(s.data.wheel)
    plagues = [e for e in s.events() if e["kind"] in ("plague", "cube_shortage")]
    citizens = [e for e in s.events() if e["kind"] == "citizens"]
    assert len(plagues) == 3                # round I's, then two
    assert citizens[-1]["data"]["window"] == s.wheel


def test_double_wheel_shortage_is_per_placement():
    """MS-28.17, MS-28.18, MS-EX-18(b): each placement of a double round checks the supply on its
    own: the first is made, the second (too few cubes left) places none."""
    probe = fresh()
    probe.round = 3
    probe.cube_supply = 99
    preparation.prepare_round(probe)
    needs = [len(e["data"]["nodes"]) for e in probe.events() if e["kind"] == "plague"][1:]
    assert len(needs) == 2 and needs[1] > 0
    s = fresh()
    s.round = 3
    s.ship_stack = ()                       # no ship takes a cube in step V
    s.cube_supply = needs[0] + needs[1] - 1
    preparation.prepare_round(s)
    assert [e["kind"] for e in s.events() if e["kind"] in ("plague", "cube_shortage")][1:] == ["plague", "cube_shortage"]
    assert s.cube_supply == needs[1] - 1


def test_round_six_adds_a_hex_but_no_plague_or_citizens():
    """MS-28.21, MS-28.22 (AMB-33), MS-28.24: round VI: a ship and a new hex, no wheel turn, no
    cubes on city hexes, no citizens."""
    s = fresh()
    s.round = 5
    wheel, cubes, citizens = s.wheel, list(s.cubes), list(s.city_citizens)
    free_before = sum(1 for n in range(s.board.first_expansion, s.board.first_harbour) if s.hex_at[n] < 0)
    preparation.prepare_round(s)
    assert s.round == 6 and s.wheel == wheel
    free_after = sum(1 for n in range(s.board.first_expansion, s.board.first_harbour) if s.hex_at[n] < 0)
    assert free_after == free_before - 1
    hexes = range(s.board.hex_nodes)
    assert [s.cubes[n] for n in hexes] == [cubes[n] for n in hexes]
    assert sum(s.city_citizens) <= sum(citizens)


def test_no_hex_when_the_stack_is_empty():
    """MS-28.26 (AMB-31), MS-28.25 (AMB-9): no hex when the stack is empty; no ship when none is left."""
    s = fresh()
    s.hex_stack = ()
    s.ship_stack = ()
    before = list(s.hex_at)
    preparation.prepare_round(s)
    assert s.hex_at == before
    assert "no_ship" in kinds(s)


def test_cubes_on_repopulated_hexes_give_rats():
    """MS-28.19, MS-24.13: each cube placed on a repopulated hex gives its repopulator 1 rat; a
    placement skipped for shortage gives none."""
    s = fresh()
    for node in range(s.board.hex_nodes):
        s.repopulated_by[node] = 2
    preparation.prepare_round(s)
    placed = [e for e in s.events() if e["kind"] == "plague"][-1]["data"]["nodes"]
    assert s.rats[2] == len(placed) > 0
    short = fresh()
    for node in range(short.board.hex_nodes):
        short.repopulated_by[node] = 2
    short.ship_stack = ()
    short.cube_supply = 0
    preparation.prepare_round(short)
    assert short.rats[2] == 0 and "cube_shortage" in kinds(short)
