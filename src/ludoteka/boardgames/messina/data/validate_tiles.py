"""Messina 1347 data validation, part 2: tiles (DATA-6 ... DATA-9, DATA-15) and the player and
scroll boards (DATA-13, DATA-14). Messages: "file: record: DATA-n what is wrong"."""
from __future__ import annotations

from .components import CLASSES, CORNERS, GOODS, Activation, Components, Path, PlayerBoard
from .problems import Problems

SHIPS, GEM_SHIPS, CARTS, HUT_UPGRADES, WORKSHOPS, SOLO_TILES = 9, 3, 10, 15, 33, 14
SIDE_A_TRACKS = ("buildings", "ships", "repopulated")
SCROLL_KINDS = SIDE_A_TRACKS + ("goods_one_type", "workshops", "timber", "hut_upgrades", "coins", "book", "overseers")
SCROLL_CAPS = {"buildings": 6, "workshops": 5, "timber": 6, "coins": 9}      # MS-33.11-33.14
SOLO_ACTIONS = ("none", "ship", "cart", "workshop", "huts")
STEPS = 5                                                                    # steps 2..6 of a branch
FIRE_1 = ((("fire", 1, ""),),)                 # "1 fire" and "build", parsed (loader.parse_action)
BUILD = ((("build", 1, ""),),)


def check_tiles(c: Components, p: Problems) -> None:
    for check in (check_ships, check_carts, check_upgrades, check_workshops, check_boards, check_scroll_boards,
                  check_solo):
        check(c, p)


def _ids(p: Problems, f: str, cid: str, ids: list[str]) -> None:
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        p.check(False, f, dup, cid, "id used by more than one record")


# ------------------------------------------------------------------ DATA-6
def check_ships(c: Components, p: Problems) -> None:
    f = "ships.toml"
    p.check(len(c.ships) == SHIPS, f, "all", "DATA-6", f"there must be {SHIPS} ships (MS-1.3), found {len(c.ships)}")
    _ids(p, f, "DATA-6", [s.id for s in c.ships])
    gems = sum(s.goods == "gems" for s in c.ships)
    p.check(gems == GEM_SHIPS, f, "all", "DATA-6", f"exactly {GEM_SHIPS} gem ships (removed with 2 players, MS-3.4), found {gems}")
    p.check({s.number for s in c.ships} == {1, 2, 3}, f, "all", "DATA-6", "the ship numbers must be 1, 2 and 3 (MS-3.3)")
    for s in c.ships:
        p.check(s.number in (1, 2, 3), f, s.id, "DATA-6", f"number must be 1, 2 or 3, found {s.number}")
        p.check(s.goods in GOODS, f, s.id, "DATA-6", f"goods must be one of {', '.join(GOODS)}, found {s.goods!r}")
        p.check(s.coins >= 0 and s.points >= 0 and (s.coins > 0) != (s.points > 0), f, s.id, "DATA-6",
                "a ship shows coins or points (one of them positive, MS-9.10)")
        p.check(s.cargo >= 1, f, s.id, "DATA-6", "cargo must be at least 1")
    for name, side in c.sides.items():
        total = sum(r.ships for r in side.rounds)
        usable = len(c.ships) - (gems if name == "2p" else 0)
        p.check(total <= usable, "scoring_board.toml", f"side {name}", "DATA-6",
                f"{total} ships arrive but only {usable} ship tiles are used")


# ------------------------------------------------------------------ DATA-9
def check_carts(c: Components, p: Problems) -> None:
    f = "carts.toml"
    p.check(len(c.carts) == CARTS, f, "all", "DATA-9", f"there must be {CARTS} carts (MS-1.3), found {len(c.carts)}")
    _ids(p, f, "DATA-9", [k.id for k in c.carts])
    numbers = sorted(k.number for k in c.carts)
    p.check(numbers == [n for n in range(1, 6) for _ in range(2)], f, "all", "DATA-9",
            f"two carts of each number 1..5 (MS-3.6), found {numbers}")
    for k in c.carts:
        p.check(k.points >= 0, f, k.id, "DATA-9", "points must not be negative")


# ------------------------------------------------------------------ DATA-7
def check_upgrades(c: Components, p: Problems) -> None:
    f = "hut_upgrades.toml"
    p.check(len(c.hut_upgrades) == HUT_UPGRADES, f, "all", "DATA-7",
            f"there must be {HUT_UPGRADES} hut upgrades, 3 stacks of 5 (MS-3.5), found {len(c.hut_upgrades)}")
    _ids(p, f, "DATA-7", [u.id for u in c.hut_upgrades])
    for u in c.hut_upgrades:
        p.check(bool(u.production), f, u.id, "DATA-7", "the upgrade must produce something (MS-26.3)")


# ------------------------------------------------------------------ DATA-8
def check_workshops(c: Components, p: Problems) -> None:
    f = "workshops.toml"
    p.check(len(c.workshops) == WORKSHOPS, f, "all", "DATA-8",
            f"there must be {WORKSHOPS} workshops (MS-1.3), found {len(c.workshops)}")
    _ids(p, f, "DATA-8", [w.id for w in c.workshops])
    for period in ("early", "late"):
        for cls in CLASSES:
            p.check(any(w.period == period and w.citizen == cls for w in c.workshops), f, f"{period} {cls}", "DATA-8",
                    "each of the 6 stacks (period x class, MS-3.10) needs at least one tile")
    for w in c.workshops:
        p.check(w.period in ("early", "late"), f, w.id, "DATA-8", f"period must be early or late, found {w.period!r}")
        p.check(w.citizen in CLASSES, f, w.id, "DATA-8", f"citizen must be one of {', '.join(CLASSES)}, found {w.citizen!r}")
        if w.period == "early":
            p.check(bool(w.production_upgraded) and not w.reward, f, w.id, "DATA-8",
                    "an early workshop produces (production_upgraded) and has no reward")
            p.check(bool(w.production) != w.requires_upgraded, f, w.id, "DATA-8",
                    "production with a normal citizen is empty exactly when an upgraded one is required")
        elif w.period == "late":
            p.check(bool(w.reward) and not w.production and not w.production_upgraded, f, w.id, "DATA-8",
                    "a late workshop has a one-time reward and no production (MS-21)")


# ------------------------------------------------------------------ DATA-13
def check_boards(c: Components, p: Problems) -> None:
    f = "player_boards.toml"
    p.check("a" in c.boards, f, "all", "DATA-13", "side a of the player board is required (MS-4.6)")
    for board in c.boards.values():
        check_board(c, board, p)


def check_board(c: Components, b: PlayerBoard, p: Problems) -> None:
    f, r = "player_boards.toml", f"board {b.id}"
    per = c.tables.squares_per_sector
    n = per * len(CLASSES)
    if not p.check(len(b.squares) == len(b.square_area) == len(b.one_time) == n, f, r, "DATA-13",
                   f"a board has {n} squares (3 sectors of {per}, MS-1.21), found {len(b.squares)}"):
        return
    for i, (action, area) in enumerate(zip(b.squares, b.square_area)):
        p.check(bool(action), f, f"{r} square {i}", "DATA-13", "every square needs an action")
        p.check(area // 2 == i // per and 0 <= area < 6, f, f"{r} square {i}", "DATA-13",
                f"square {i} lies in sector {CLASSES[i // per]}: its area must be {2 * (i // per)} or {2 * (i // per) + 1}")
    for area in range(6):
        count = b.square_area.count(area)
        p.check(count == 3, f, f"{r} area {area}", "DATA-13", f"an area has 3 squares (MS-17.4), found {count}")
    for s, cls in enumerate(CLASSES):
        once = sum(b.one_time[s * per:(s + 1) * per])
        want = 0 if b.id == "a" else 1
        p.check(once == want, f, f"{r} sector {cls}", "DATA-13",
                f"{'side a has no' if want == 0 else 'a side-b sector has exactly one'} one-time square "
                f"(MS-33.5), found {once}")
    p.check(sorted(b.paths) == sorted(CLASSES), f, r, "DATA-13", f"one path per overseer ({', '.join(CLASSES)})")
    for ov, path in b.paths.items():
        if ov in CLASSES:
            check_path(path, CLASSES.index(ov), per, p, f, f"{r} path {ov}")
    if b.id == "a" and "nun" in b.paths:
        touched = {b.squares[s] for s in b.paths["nun"].first.squares if 0 <= s < n}
        p.check(touched == {FIRE_1, BUILD}, f, f"{r} path nun step 1", "DATA-13",
                "the rulebook's example (DE 531-533, MS-17.3) has the nun overseer's step 1 touch a "
                "'1 fire' square and a 'build' square of side a")


def check_path(path: Path, sector: int, per: int, p: Problems, f: str, r: str) -> None:
    first = path.first
    p.check(first.kind == "pair" and len(set(first.squares)) == 2
            and all(sector * per <= s < (sector + 1) * per for s in first.squares)
            and abs(first.squares[0] - first.squares[1]) == 1, f, f"{r} step 1", "DATA-13",
            "step 1 activates a pair of two adjacent squares of the overseer's own sector (MS-17.3)")
    for side, steps in (("left", path.left), ("right", path.right)):
        if not p.check(len(steps) == STEPS, f, f"{r} {side}", "DATA-13",
                       f"a branch has steps 2..6 ({STEPS} steps, MS-16.5), found {len(steps)}"):
            continue
        for i, a in enumerate(steps):
            rid = f"{r} {side} step {i + 2}"
            last = i == STEPS - 1
            p.check((a.kind == "centre") == last, f, rid, "DATA-13", "a path ends in the centre, and only there (MS-16.5)")
            p.check(i not in (2, 3) or a.kind == "two_areas", f, rid, "DATA-13",
                    "steps 4 and 5 are the hexagonal two-areas spaces on a sector border (MS-16.6)")
            check_activation(a, sector, p, f, rid)


def check_activation(a: Activation, sector: int, p: Problems, f: str, r: str) -> None:
    if a.kind == "centre":
        p.check(a.count >= 1, f, r, "DATA-13", "the centre activates up to count (3) citizens (MS-17.6)")
    elif a.kind == "area":
        p.check(len(a.areas) == 1 and 0 <= a.areas[0] < 6, f, r, "DATA-13", "an area space names one area 0..5")
    elif a.kind == "two_areas":
        ok = len(a.areas) == 2 and all(0 <= x < 6 for x in a.areas) and a.areas[0] // 2 != a.areas[1] // 2
        if p.check(ok, f, r, "DATA-13", "a two-areas space names two areas 0..5 of different sectors (MS-17.5)"):
            p.check(a.areas[1] // 2 != sector, f, r, "DATA-13",
                    "list the area of the overseer's own class first (MS-17.9)")
    elif a.kind == "pair":
        p.check(len(set(a.squares)) == 2 and all(0 <= s < 18 for s in a.squares), f, r, "DATA-13",
                "a pair space names two squares")
    else:
        p.check(False, f, r, "DATA-13", f"kind must be pair, area, two_areas or centre, found {a.kind!r}")


# ------------------------------------------------------------------ DATA-14
def check_scroll_boards(c: Components, p: Problems) -> None:
    f = "scroll_boards.toml"
    p.check("a" in c.scroll_boards, f, "all", "DATA-14", "side a of the scroll board is required (MS-4.6)")
    for board in c.scroll_boards.values():
        r = f"board {board.id}"
        p.check(len(board.tracks) == 3, f, r, "DATA-14", f"a scroll board has 3 tracks, found {len(board.tracks)}")
        if board.id == "a":
            kinds = tuple(t.kind for t in board.tracks)
            p.check(kinds == SIDE_A_TRACKS, f, r, "DATA-14", f"side a tracks are {', '.join(SIDE_A_TRACKS)}, found {kinds}")
            ships = [t for t in board.tracks if t.kind == "ships"]
            p.check(bool(ships) and len(ships[0].values) > 3 and ships[0].values[3] == 4, f, f"{r} ships", "DATA-14",
                    "3 advances on the ship track give 4 points per ship (MS-EX-13)")
        for i, t in enumerate(board.tracks):
            rid = f"{r} track {i + 1} ({t.kind})"
            p.check(t.kind in SCROLL_KINDS, f, rid, "DATA-14", f"kind must be one of {', '.join(SCROLL_KINDS)}")
            p.check(len(t.values) >= 2 and min(t.values) >= 0 and list(t.values) == sorted(t.values), f, rid,
                    "DATA-14", "a track has at least 2 levels with non-negative, non-decreasing values")
            p.check(t.cap == SCROLL_CAPS.get(t.kind, 0), f, rid, "DATA-14",
                    f"cap must be {SCROLL_CAPS.get(t.kind, 0)} for {t.kind} (MS-33.11-33.14)")
            p.check(t.divisor == (2 if t.kind == "coins" else 1), f, rid, "DATA-14",
                    "divisor is 2 on the coin track (half points, MS-33.15) and 1 elsewhere")
            width = {"book": 2, "overseers": 3}.get(t.kind, 0)
            p.check(len(t.tiers) == (len(t.values) if width else 0)
                    and all(len(x) == width and list(x) == sorted(x) and x[0] == v for x, v in zip(t.tiers, t.values)),
                    f, rid, "DATA-14", f"tiers: {width or 'no'} values per level for {t.kind} tracks, smallest first "
                    "and equal to values (MS-33.17, MS-33.19)")
            p.check((t.kind == "book") == bool(t.book) and (not t.book or t.book in ("popularity", "city", "church")),
                    f, rid, "DATA-14", "book tracks name their book (popularity, city or church), others none")


# ------------------------------------------------------------------ DATA-15
def check_solo(c: Components, p: Problems) -> None:
    f = "solo_tiles.toml"
    p.check(len(c.solo_tiles) == SOLO_TILES, f, "all", "DATA-15",
            f"there must be {SOLO_TILES} solo tiles (MS-1.9), found {len(c.solo_tiles)}")
    _ids(p, f, "DATA-15", [t.id for t in c.solo_tiles])
    places = {h.id for h in c.hexes} | set(CORNERS)
    for t in c.solo_tiles:
        p.check(t.hex in places, f, t.id, "DATA-15", f"hex {t.hex!r} is neither a city hex nor a harbour")
        p.check(t.action in SOLO_ACTIONS, f, t.id, "DATA-15", f"action must be one of {', '.join(SOLO_ACTIONS)}")
        p.check((t.action == "workshop") == (t.citizen in CLASSES) and (t.action == "workshop" or not t.citizen),
                f, t.id, "DATA-15", "a workshop tile names its citizen class; other tiles none")
