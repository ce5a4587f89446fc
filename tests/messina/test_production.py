"""The end of a round: production (MS-26) and the quarantine advance (MS-27)."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.messina.rules import citizens, production
from ludoteka.boardgames.messina.model.flow import perform, step
from ludoteka.boardgames.messina.model.state import CATEGORY, SQUARES, citizen_code

from .helpers import emptied

ARTISAN, ARISTOCRAT, NUN = 0, 1, 2


def fresh(players: int = 3, seed: int = 1, **options):
    """A new game with an empty flow, no markers and no points, in round II."""
    s = emptied(players, seed, 2, **options)
    return s


def tile(s, kind: str, tile_id: str) -> int:
    records = s.data.hut_upgrades if kind == "hut" else s.data.workshops
    return next(i for i, r in enumerate(records) if r.id == tile_id)


def production_points(s, seat: int) -> int:
    return s.category_points(seat)[CATEGORY["production"]]


def run(s, frame):
    s.push(frame)
    s._settle()


@pytest.fixture
def estate(monkeypatch):
    """Plain stand-ins for the estate helper's functions (free squares of a sector, empty workshops
    of a class, placing a citizen in a workshop), so these tests do not depend on that module."""
    placed = []

    def free_squares(state, seat, cls):
        return [cls * 6 + i for i in range(6) if not state.squares[seat * SQUARES + cls * 6 + i]]

    def empty_workshops(state, seat, cls):
        t = state.workshops[seat]
        return [k for k in range(len(t) // 3)
                if not t[k * 3 + 1] and state.data.workshops[t[k * 3]].citizen == ("artisan", "aristocrat", "nun")[cls]]

    def place_in_workshop(state, seat, slot, code):
        t = list(state.workshops[seat])
        t[slot * 3 + 1] = code
        state.workshops[seat] = tuple(t)
        placed.append((seat, slot, code))

    monkeypatch.setattr(citizens, "free_squares", free_squares)
    monkeypatch.setattr(citizens, "empty_workshops", empty_workshops)
    monkeypatch.setattr(citizens, "place_in_workshop", place_in_workshop)
    monkeypatch.setattr(citizens, "workshop_move_keys", lambda state, seat: [])
    return placed


# ---------------------------------------------------------------------- production
def test_hut_production_example():
    """MS-26.3, MS-EX-9: an upgraded hut with a citizen produces its tile; an upgraded empty hut
    and a hut without upgrade produce nothing."""
    s = fresh()
    s.hut_upgrade[0:3] = [tile(s, "hut", "U02"), tile(s, "hut", "U01"), -1]
    s.huts[0:3] = [citizen_code(ARTISAN, False), 0, citizen_code(ARISTOCRAT, False)]
    s.hut_space[0:3] = [1, 0, 1]
    production.produce(s, 0)
    assert s.fire[0] == 1 and production_points(s, 0) == 1 and s.score[0] == 1
    assert s.coins[0] == 0 and s.timber[0] == 0


def test_upgraded_citizen_in_hut_gets_no_point():
    """MS-26.9 (AMB-26): an upgraded citizen in an upgraded hut produces only the tile."""
    s = fresh()
    s.hut_upgrade[0] = tile(s, "hut", "U01")
    s.huts[0] = citizen_code(NUN, True)
    s.hut_space[0] = 2
    production.produce(s, 0)
    assert s.fire[0] == 1 and s.score[0] == 0


def test_two_level_workshop_example():
    """MS-26.5, MS-26.6, MS-EX-10: an upgraded nun produces the upgraded level (2 fire) and 1
    point; a normal nun 1 fire and no point."""
    s = fresh()
    s.workshops[0] = (tile(s, "workshop", "W01"), citizen_code(NUN, True), 0)
    production.produce(s, 0)
    assert (s.fire[0], production_points(s, 0)) == (2, 1)
    s = fresh()
    s.workshops[0] = (tile(s, "workshop", "W01"), citizen_code(NUN, False), 0)
    production.produce(s, 0)
    assert (s.fire[0], production_points(s, 0)) == (1, 0)


def test_workshop_needing_upgraded_citizen():
    """MS-26.4, MS-26.7, MS-21.8, MS-EX-7: the nun workshop '1 large fire + 1 coin if upgraded'
    gives that plus 1 point with an upgraded nun, nothing with a normal one; an empty workshop
    gives nothing."""
    s = fresh()
    w02 = tile(s, "workshop", "W02")
    s.workshops[0] = (w02, citizen_code(NUN, True), 0)
    s.workshops[1] = (w02, citizen_code(NUN, False), 0, tile(s, "workshop", "W03"), 0, 0)
    production.produce(s, 0)
    production.produce(s, 1)
    assert (s.large_fire[0], s.coins[0], s.score[0]) == (1, 1, 1)
    assert (s.large_fire[1], s.coins[1], s.score[1]) == (0, 0, 0)


def test_late_workshop_produces_only_the_point():
    """MS-26.8, MS-EX-11: a late workshop with an upgraded citizen produces 1 point only; with a
    normal citizen nothing."""
    s = fresh()
    s.workshops[0] = (tile(s, "workshop", "W19"), citizen_code(NUN, True), 1,
                      tile(s, "workshop", "W24"), citizen_code(ARTISAN, False), 1)
    production.produce(s, 0)
    assert s.score[0] == 1 and production_points(s, 0) == 1
    assert s.fire[0] == 0 and s.timber[0] == 0


def test_book_advance_in_production_defers_the_action():
    """MS-25.16, MS-26.10 (AMB-24): a city-book advance produced moves the disc at once; the
    space's action waits for the next turn."""
    s = fresh()
    s.workshops[0] = (tile(s, "workshop", "W18"), citizen_code(ARISTOCRAT, False), 0)
    book = s.data.sides["3-4p"].books["city"]
    space = next(k for k in range(1, len(book.spaces)) if book.spaces[k] and book.spaces[k] != ((("lieutenant", 1, ""),),))
    s.books[0 * 3 + 1] = space - 1
    s.producing = True                          # the end of round is under way
    production.produce(s, 0)
    s._settle()
    assert s.books[1] == space
    assert s.deferred[0] == (1 * 64 + space,)
    assert s.top() is None                      # nothing to do now


def test_free_book_choice_in_production():
    """MS-25.7, MS-25.16, DEC-23: a free 'city or church' advance during production asks which book."""
    s = fresh()
    s.producing = True                          # the end of round is under way
    s.workshops[0] = ()
    perform(s, 0, (("book", 1, ""),))
    s._settle()
    assert s.legal_keys() == ["book:city", "book:church"]
    s.apply("book:church")
    assert s.books[2] == 1 and s.books[1] == 0
    spec = s.data.sides["3-4p"].books["church"].spaces[1]
    assert s.deferred[0] == ((2 * 64 + 1,) if spec else ())    # the space's action waits (MS-25.16)


def test_scroll_output_is_done_at_once():
    """MS-26.10 (AMB-24): a scroll step produced is carried out during production (a choice of track)."""
    s = fresh()
    s.workshops[0] = (tile(s, "workshop", "W14"), citizen_code(ARISTOCRAT, False), 0)
    production.produce(s, 0)
    s._settle()
    assert s.legal_keys() and all(k.startswith("scroll:") for k in s.legal_keys())
    s.apply(s.legal_keys()[1])
    assert s.scroll[1] == 1


def test_seats_produce_in_turn_order(estate):
    """MS-26.2 (AMB-25): seats produce one after another in the current turn order."""
    s = fresh()
    s.turn_order = [2, 0, 1]
    for seat in range(3):
        s.workshops[seat] = (tile(s, "workshop", "W04"), citizen_code(NUN, False), 0)
    run(s, step("end_of_round")())
    seats = [e["data"]["seat"] for e in s.events() if e["kind"] == "production"]
    assert seats == [2, 0, 1]
    assert s.score_stamp[1] > s.score_stamp[0] > s.score_stamp[2]


def test_move_into_workshop_before_producing(monkeypatch):
    """AMB-21, MS-23.6, DEC-23: before its outputs are computed a seat may move a sector citizen
    into an empty workshop; the moved citizen then produces."""
    s = fresh()
    s.turn_order = [0, 1, 2]
    s.workshops[0] = (tile(s, "workshop", "W03"), 0, 0)
    s.squares[NUN * 6] = 1
    moved = []

    def keys(state, seat):
        return ["move:12"] if seat == 0 and state.squares[NUN * 6] else []

    def apply(state, seat, key):
        state.squares[NUN * 6] = 0
        state.workshops[0] = (state.workshops[0][0], citizen_code(NUN, False), 0)
        moved.append(key)

    monkeypatch.setattr(citizens, "workshop_move_keys", keys)
    monkeypatch.setattr(citizens, "apply_workshop_move", apply)
    s.round = 6                                 # the game ends after production: nothing else asks
    s.push(production.PRODUCTION(0))
    s._settle()
    assert s.legal_keys() == ["move:12", "produce"]
    s.apply("move:12")
    assert moved == ["move:12"] and s.coins[0] == 1


# ---------------------------------------------------------------------- quarantine advance
def test_quarantine_advance(estate):
    """MS-27.1, MS-27.2, MS-27.3, MS-27.5: after production space I moves to space II; a citizen on space II
    leaves to its only free square, keeping its upgrade."""
    s = fresh()
    s.squares[0:SQUARES] = [1] * SQUARES
    s.squares[NUN * 6 + 4] = 0
    s.huts[0:2] = [citizen_code(ARTISAN, False), citizen_code(NUN, True)]
    s.hut_space[0:2] = [1, 2]
    run(s, production.QUARANTINE(0))
    assert s.huts[0:2] == [citizen_code(ARTISAN, False), 0]
    assert s.hut_space[0:2] == [2, 0]
    assert s.squares[NUN * 6 + 4] == 2


def test_quarantine_exit_choice_and_late_reward(estate):
    """MS-27.3, DEC-24, MS-21.17: with free squares and an empty workshop of its class, the
    player chooses; a workshop placement goes through the workshop rules (late reward)."""
    s = fresh()
    s.turn_order = [0, 1, 2]
    w = tile(s, "workshop", "W24")
    s.workshops[0] = (w, 0, 0)
    s.huts[0] = citizen_code(ARTISAN, False)
    s.hut_space[0] = 2
    run(s, production.QUARANTINE(0))
    keys = s.legal_keys()
    assert keys == [f"square:{i}" for i in range(6)] + ["workshop:0"]
    assert "W24" in s.legal_actions()[-1].label
    estate.clear()                  # the labels' previews tried each option on a copy of the state
    s.apply("workshop:0")
    assert estate == [(0, 0, citizen_code(ARTISAN, False))]
    assert s.huts[0] == 0 and s.hut_space[0] == 0


def test_quarantine_exit_without_room_discards(estate):
    """MS-27.4 (AMB-28): no free square and no empty workshop of its class: the citizen is discarded."""
    s = fresh()
    s.squares[0:SQUARES] = [1] * SQUARES
    s.huts[3] = citizen_code(ARISTOCRAT, False)
    s.hut_space[3] = 2
    run(s, production.QUARANTINE(0))
    assert s.huts[3] == 0 and s.squares[0:SQUARES] == [1] * SQUARES
    assert "citizen_discarded" in [e["kind"] for e in s.events()]


def test_quarantine_timing_example(estate):
    """MS-EX-19, MS-23.2, MS-26.3, MS-27.1, MS-27.2, MS-27.3: a citizen rescued into an upgraded hut produces at
    the end of its rescue round, moves to space II, produces again next round, then leaves."""
    s = fresh()
    s.turn_order = [0, 1, 2]
    s.hut_upgrade[0] = tile(s, "hut", "U01")
    s.huts[0] = citizen_code(NUN, False)
    s.hut_space[0] = 1
    s.push(production.PRODUCTION(0))
    s._settle()
    assert (s.fire[0], s.huts[0], s.hut_space[0]) == (1, citizen_code(NUN, False), 2)
    assert s.round == 3
    s._stack = None
    s.push(production.PRODUCTION(0))
    s._settle()
    assert s.fire[0] == 2 and s.huts[0] == 0
    assert s.legal_keys() == [f"square:{NUN * 6 + i}" for i in range(6)]
    s.apply(f"square:{NUN * 6 + 1}")
    assert s.squares[NUN * 6 + 1] == 1 and s.round == 4


def test_no_quarantine_advance_after_round_six(estate):
    """MS-27.6 (AMB-29), MS-29.1: after round VI's production the game ends: no quarantine advance,
    and the flow is empty (final scoring done)."""
    s = fresh()
    s.round = 6
    s.huts[0:2] = [citizen_code(ARTISAN, False), citizen_code(NUN, False)]
    s.hut_space[0:2] = [1, 2]
    run(s, step("end_of_round")())
    assert s.hut_space[0:2] == [1, 2] and s.huts[1] == citizen_code(NUN, False)
    assert s.top() is None and s.is_terminal()
    assert any(e["kind"] == "final_scores" for e in s.events())


def test_end_of_round_prepares_the_next_round(estate):
    """MS-26.1, MS-28: after production and the quarantine advance the next round is prepared and
    its turns start."""
    s = fresh()
    run(s, step("end_of_round")())
    assert s.round == 3
    kinds = [e["kind"] for e in s.events()]
    assert kinds.index("end_of_round") < kinds.index("round")
    assert "final_scores" not in kinds
