"""Messina 1347 data validation: every constraint the rulebooks put on the component data.

`validate(components)` returns one message per failed constraint, "file: record: DATA-n what is
wrong" (an empty list: the data is valid). The constraints are those of the rules digest
(section 5, DATA-1 ... DATA-20) and of the reference's list (§7.5). This module checks the city
(hexes, harbours, layouts), the population wheel, the scoring board and the tables;
validate_tiles.py checks the tiles and the player and scroll boards.
"""
from __future__ import annotations

from .components import CLASSES, CORNERS, RATS, Components
from .problems import Problems
from .validate_tiles import check_tiles

COLOURS = ("orange", "white", "blue", "red")
PRIORITIES = ("random", "popularity", "city", "church", "score")
BOOKS = ("popularity", "city", "church")
SIDES = ("2p", "3-4p")
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
HEXES = 20                     # MS-1.1
EXPANSIONS = 6                 # MS-1.25
ROUNDS = 6                     # MS-1.26
MAX_SHIPS = {"3-4p": 9, "2p": 6}


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Axial-coordinate hex adjacency."""
    return (a[0] - b[0], a[1] - b[1]) in NEIGHBOURS


def a_hexes(c: Components, players: int) -> list:
    return [h for h in c.hexes if h.hex_class == "A" and players in h.player_counts]


def validate(components: Components) -> list[str]:
    """Every failed constraint of the data (empty: valid)."""
    p = Problems()
    for check in (check_hexes, check_harbours, check_layouts, check_wheel, check_scoring_board,
                  check_tables, check_tiles):
        check(components, p)
    return list(p)


# ------------------------------------------------------------------ DATA-1
def check_hexes(c: Components, p: Problems) -> None:
    f = "city_hexes.toml"
    p.check(len(c.hexes) == HEXES, f, "all", "DATA-1", f"there must be {HEXES} city hexes (MS-1.1), found {len(c.hexes)}")
    ids = [h.id for h in c.hexes]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        p.check(False, f, dup, "DATA-1", "id used by more than one hex")
    for h in c.hexes:
        p.check(h.hex_class in ("A", "B", "C"), f, h.id, "DATA-1", f"class must be A, B or C, found {h.hex_class!r}")
        if h.hex_class in ("B", "C"):
            p.check(h.player_counts == frozenset({1, 2, 3, 4}), f, h.id, "DATA-1",
                    "B and C hexes are used at every player count (MS-2.6): players must be \"all\"")
        p.check(bool(h.action), f, h.id, "DATA-1", "the hex needs an action")
        p.check(h.colour in COLOURS, f, h.id, "DATA-1", f"colour must be one of {', '.join(COLOURS)}, found {h.colour!r}")
        p.check(h.rat in RATS, f, h.id, "DATA-1", f"rat must be one of {', '.join(RATS)}, found {h.rat!r}")
        p.check(bool(h.repop_citizens), f, h.id, "DATA-1", "repop citizens must name at least one class")
        p.check(all(cls in CLASSES for cls, _ in h.repop_citizens), f, h.id, "DATA-1",
                f"repop citizens must name a class ({', '.join(CLASSES)})")
        p.check(all(r in ("coin", "timber") for r, _ in h.repop_cost), f, h.id, "DATA-1",
                "a repopulation cost is paid in coin and timber")
        p.check(h.points >= 0, f, h.id, "DATA-1", "points must not be negative")
    by_class = {k: [h for h in c.hexes if h.hex_class == k] for k in "ABC"}
    p.check(len(by_class["B"]) == 2, f, "all", "DATA-1", f"exactly 2 B hexes (MS-2.3, MS-2.7), found {len(by_class['B'])}")
    p.check(len(by_class["C"]) >= 4, f, "all", "DATA-1",
            f"at least 4 C hexes (5 hexes join in rounds II-VI, 1 of them B), found {len(by_class['C'])}")
    p.check(any(h.player_counts >= {2, 3, 4} for h in by_class["A"]), f, "all", "DATA-1",
            "at least one A hex must be for all player counts (MS-2.2)")
    p.check(any(h.player_counts == frozenset({4}) for h in by_class["A"]), f, "all", "DATA-1",
            "at least one A hex must be for 4 players only (MS-2.2)")
    sizes = [len(a_hexes(c, n)) for n in (2, 3, 4)]
    p.check(sizes == sorted(sizes), f, "all", "DATA-1", f"A hexes per player count must not shrink: {sizes}")


# ------------------------------------------------------------------ DATA-2, DATA-4, DATA-5
def check_harbours(c: Components, p: Problems) -> None:
    f = "harbours.toml"
    ids = [h.id for h in c.harbours]
    p.check(sorted(ids) == sorted(CORNERS), f, "all", "DATA-2",
            f"exactly 4 harbours, one per corner {', '.join(CORNERS)} (one dock and one docking tile each, "
            f"DATA-4, DATA-5), found {ids}")
    for h in c.harbours:
        p.check(bool(h.action), f, h.id, "DATA-2", "the harbour needs an action (MS-25.11)")
    p.check(c.tables.berths == 3, "tables.toml", "berths", "DATA-5", "each dock has 3 berths (MS-1.24)")


# ------------------------------------------------------------------ DATA-3
def check_layouts(c: Components, p: Problems) -> None:
    f = "layouts.toml"
    p.check(sorted(c.layouts) == [2, 3, 4], f, "all", "DATA-3",
            f"one layout for each of 2, 3 and 4 players, found {sorted(c.layouts)}")
    for n, lay in sorted(c.layouts.items()):
        r = f"players {n}"
        want = len(a_hexes(c, n)) + 1
        p.check(len(lay.start) == want, f, r, "DATA-3",
                f"the start city must have |A({n})| + 1 = {want} slots (MS-2.3), found {len(lay.start)}")
        if not p.check(sorted(lay.harbours) == sorted(CORNERS), f, r, "DATA-3",
                       f"harbours must be placed at the corners {', '.join(CORNERS)}"):
            continue
        cells = list(lay.start) + list(lay.harbours.values()) + list(lay.expansions)
        p.check(len(set(cells)) == len(cells), f, r, "DATA-3", "two slots share coordinates")
        start = set(lay.start)
        seen, todo = set(), list(lay.start[:1])
        while todo:
            cell = todo.pop()
            if cell not in seen:
                seen.add(cell)
                todo += [x for x in start if adjacent(cell, x)]
        p.check(seen == start, f, r, "DATA-3", "the start city must be connected")
        for corner, cell in lay.harbours.items():
            p.check(any(adjacent(cell, x) for x in start), f, r, "DATA-3",
                    f"harbour {corner} must touch the start city")
        p.check(len(lay.expansions) == EXPANSIONS, f, r, "DATA-3",
                f"exactly {EXPANSIONS} expansion locations (MS-1.25), found {len(lay.expansions)}")
        anchors = start | set(lay.harbours.values())
        for i, cell in enumerate(lay.expansions):
            p.check(any(adjacent(cell, x) for x in anchors), f, r, "DATA-3",
                    f"expansion {i} {list(cell)} must touch a start hex or a harbour (the city stays connected)")
        p.check(sorted(lay.clockwise) == sorted(CORNERS), f, r, "DATA-3",
                "clockwise must give the expansion order for every harbour")
        for corner, order in lay.clockwise.items():
            p.check(sorted(order) == list(range(len(lay.expansions))), f, r, "DATA-3",
                    f"clockwise.{corner} must be a permutation of 0..{len(lay.expansions) - 1}, found {list(order)}")


# ------------------------------------------------------------------ DATA-12
def check_wheel(c: Components, p: Problems) -> None:
    f = "population_wheel.toml"
    p.check(len(c.wheel) >= 3, f, "all", "DATA-12", f"the wheel needs windows, found {len(c.wheel)}")
    p.check({w.rat for w in c.wheel} == set(RATS), f, "all", "DATA-12",
            "every rat symbol (left, right, standing) must appear on the wheel")
    for i, w in enumerate(c.wheel):
        r = f"window {i}"
        p.check(w.rat in RATS, f, r, "DATA-12", f"rat must be one of {', '.join(RATS)}, found {w.rat!r}")
        colours = list(w.classes.values())
        p.check(all(x in COLOURS for x in colours), f, r, "DATA-12",
                f"colours must be among {', '.join(COLOURS)}, found {colours}")
        p.check(len(set(colours)) == len(CLASSES), f, r, "DATA-12",
                "each class needs its own colour (an injective class -> colour map)")


# ------------------------------------------------------------------ DATA-10, DATA-11
def check_scoring_board(c: Components, p: Problems) -> None:
    f = "scoring_board.toml"
    p.check(sorted(c.sides) == sorted(SIDES), f, "all", "DATA-10", f"the sides must be {', '.join(SIDES)}, found {sorted(c.sides)}")
    for name, side in c.sides.items():
        s = f"side {name}"
        rows = side.rounds
        if not p.check([r.round for r in rows] == list(range(1, ROUNDS + 1)), f, s, "DATA-10",
                       f"the round overview needs rows 1..{ROUNDS} in order (MS-1.26)"):
            continue
        for r in rows:
            rid = f"{s} round {r.round}"
            p.check(r.priority in PRIORITIES, f, rid, "DATA-10", f"priority must be one of {', '.join(PRIORITIES)}")
            p.check((r.priority == "random") == (r.round == 1), f, rid, "DATA-10",
                    "round I (and only round I) uses the random setup order (MS-5.1)")
            p.check(r.ships >= 0 and r.wheel_steps in (0, 1, 2), f, rid, "DATA-10", "ships >= 0 and wheel_steps 0, 1 or 2")
            p.check(r.fire_cost in (1, 2) and r.points_per_cube == (2 if r.fire_cost == 2 else 0), f, rid, "DATA-10",
                    "fire_cost 1 gives 0 points per cube, fire_cost 2 gives 2 (MS-12)")
            p.check(r.fire_cost == (2 if r.round >= 5 else 1), f, rid, "DATA-10", "rounds V-VI cost 2 fire per cube, I-IV 1")
            last = r.round == ROUNDS
            p.check(r.citizens != last and r.city_plague != last, f, rid, "DATA-10",
                    "citizens and city plague in rounds I-V, none in round VI")
            p.check((r.wheel_steps == 0) == last, f, rid, "DATA-10", "the wheel turns in rounds I-V, not in round VI")
            p.check(r.late_workshops == (r.round == 5), f, rid, "DATA-10", "late workshops come in round V (MS-28.13)")
        p.check(rows[0].ships == 1, f, f"{s} round 1", "DATA-10", "exactly 1 ship arrives in round I (MS-6.2)")
        p.check(rows[3].wheel_steps == 2, f, f"{s} round 4", "DATA-10", "round IV turns the wheel twice (review)")
        p.check(rows[1].priority == "city" and rows[2].priority == "church", f, s, "DATA-10",
                "round II uses the city book, round III the church book (review)")
        p.check(sum(r.priority == "score" for r in rows) == 1, f, s, "DATA-10",
                "exactly one round uses the score track for turn order (MS-28.7)")
        total, limit = sum(r.ships for r in rows), MAX_SHIPS.get(name, 9)
        p.check(total <= limit, f, s, "DATA-10", f"at most {limit} ships arrive in a game, found {total}")
        tile = side.priority_tile
        p.check(len(tile) == ROUNDS and all(x in PRIORITIES for x in tile) and tile[:1] == ("random",)
                and "random" not in tile[1:] and "score" in tile, f, f"{s} priority_tile", "DATA-11",
                f"the priority tile needs {ROUNDS} priorities from {', '.join(PRIORITIES)}: random in round I "
                f"only and the score track at least once, found {list(tile)}")
        check_books(c, side, p)


def check_books(c: Components, side, p: Problems) -> None:
    f = "scoring_board.toml"
    p.check(sorted(side.books) == sorted(BOOKS), f, f"side {side.name}", "DATA-10",
            f"the books must be {', '.join(BOOKS)}, found {sorted(side.books)}")
    for book in side.books.values():
        r = f"side {side.name} book {book.name}"
        n = len(book.spaces)
        p.check(n >= 2 and len(book.points) == n, f, r, "DATA-10",
                f"spaces and points must have the same length (>= 2), found {n} and {len(book.points)}")
        p.check(not book.spaces or not book.spaces[0], f, r, "DATA-10", "space 0 is the start space: no action")
        p.check(all(x >= 0 for x in book.points) and list(book.points) == sorted(book.points), f, r, "DATA-10",
                "points must be non-negative and non-decreasing")
        p.check(0 <= book.single_bar < book.double_bar < n - 1, f, r, "DATA-10",
                f"the bars must lie inside the book, single before double (MS-33.17): "
                f"{book.single_bar}, {book.double_bar} in 0..{n - 1}")
        atoms = [a for spec in book.spaces for alt in spec for a in alt]
        lieutenants = sum(a[1] for a in atoms if a[0] == "lieutenant")
        extra = c.tables.max_lieutenants - c.tables.start_lieutenants
        if book.name == "city":
            p.check(lieutenants == extra, f, r, "DATA-10",
                    f"the city book needs exactly {extra} lieutenant spaces (MS-1.17, MS-25.9), found {lieutenants}")
        else:
            p.check(lieutenants == 0, f, r, "DATA-10", "only the city book gives lieutenants (MS-25.9)")


# ------------------------------------------------------------------ tables, DATA-16
def check_tables(c: Components, p: Problems) -> None:
    f, t = "tables.toml", c.tables
    p.check(sorted(t.plague_cubes) == [1, 2, 3, 4] and all(0 < v <= 24 for v in t.plague_cubes.values()),
            f, "plague_cubes", "MS-1.15", "cubes for 1..4 players, each 1 to 24 (MS-1.7)")
    rp = list(t.rat_penalty)
    p.check(len(rp) >= 2 and rp[0] == 0 and rp == sorted(rp) and rp[-1] == 21, f, "rat_penalty", "MS-30.2",
            "the rat penalty starts at 0, never decreases and tops out at 21")
    rank = t.popularity_ranking
    p.check(sorted(rank) == [2, 3, 4] and all(list(v) == sorted(v, reverse=True) and v for v in rank.values()),
            f, "popularity_ranking", "MS-31.3", "points by place for 2, 3 and 4 players, best place first")
    p.check(len(t.compensation) == 4 and all(a >= 0 and b >= 0 for a, b in t.compensation), f, "compensation",
            "MS-5.7", "one (points, coins) pair per turn position 1..4")
    p.check(0 < t.start_lieutenants <= t.max_lieutenants, f, "lieutenants", "MS-1.17",
            "start_lieutenants must be between 1 and max_lieutenants")
    p.check(t.repopulated_tiles == 5 and t.visit_points == 2, f, "repopulated_tiles", "DATA-16",
            "5 repopulated tiles per player with a visit bonus of 2 points (MS-1.18, MS-24.12)")
    p.check(t.huts == 4 and t.squares_per_sector == 6 and t.workshop_places == 6, f, "board sizes", "DATA-13",
            "4 huts, 6 squares per sector and 6 workshop places (MS-1.20-1.22)")
    p.check(t.remaining_markers_divisor > 0, f, "remaining_markers_divisor", "MS-31.13", "must be positive")
