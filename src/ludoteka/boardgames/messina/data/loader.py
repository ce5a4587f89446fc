"""Messina 1347 component data: reading the TOML files of a data directory into `Components`.

`load_components(directory)` reads the files (None: the shipped `data/` directory), parses the
action and cost texts strictly, runs the validator (validate.py, DATA-1 ... DATA-20) and returns
one immutable `Components`, cached per directory. Any problem raises `ludoteka.kernel.DataError`:
a parse error names the file, the record and the field; failed constraints are all listed, each
with its file, record and constraint id. `read_components` reads without validating.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ludoteka.kernel.data import load_toml
from ludoteka.kernel.errors import DataError, short

from .components import (CLASSES, CORNERS, RESOURCES, VERBS, Activation, ActionSpec, Alternative,
                         Book, Cart, CityHex, Components, Cost, Harbour, HutUpgrade, Layout, Path as
                         OverseerPath, PlayerBoard, RoundRow, ScoringSide, ScrollBoard, ScrollTrack,
                         Ship, SoloTile, Tables, WheelWindow, Workshop)
from .validate import validate

DATA_DIR = Path(__file__).resolve().parent
FILES = ("dataset.toml", "city_hexes.toml", "harbours.toml", "layouts.toml", "population_wheel.toml",
         "scoring_board.toml", "ships.toml", "carts.toml", "hut_upgrades.toml", "workshops.toml",
         "player_boards.toml", "scroll_boards.toml", "solo_tiles.toml", "tables.toml")
# Verbs written "N verb" (N defaults to 1); "overseer ARG" and "activate N" have their own form.
COUNTED = tuple(v for v in VERBS if v not in ("overseer", "activate"))
OVERSEER_ARGS = CLASSES + ("any",)
_MISSING = object()
# The fields each record may have: a misspelt field is an error, not silently ignored.
FIELDS = {
    "hex": {"id", "class", "players", "action", "colour", "rat", "repop_cost", "repop_citizens",
            "repop_lieutenant", "points", "provenance"},
    "harbour": {"id", "action", "provenance"},
    "layout": {"players", "start", "harbours", "expansions", "clockwise", "provenance"},
    "window": {"rat", *CLASSES, "provenance"},
    "ship": {"id", "number", "goods", "coins", "points", "cargo", "provenance"},
    "cart": {"id", "number", "cost", "points", "provenance"},
    "upgrade": {"id", "cost", "production", "provenance"},
    "workshop": {"id", "period", "citizen", "cost", "requires_upgraded", "production", "production_upgraded",
                 "reward", "provenance"},
    "board": {"id", "track", "provenance"},
    "track": {"kind", "values", "tiers", "cap", "divisor", "book", "provenance"},
    "tile": {"id", "hex", "action", "citizen", "provenance"},
    "round": {"round", "priority", "ships", "wheel_steps", "fire_cost", "points_per_cube", "citizens",
              "city_plague", "late_workshops", "provenance"},
    "side": {"round", "books", "priority_tile", "provenance"},
    "book": {"spaces", "points", "single_bar", "double_bar", "provenance"},
    "square": {"area", "action", "one_time", "provenance"},
    "player_board": {"squares", "paths", "provenance"},
    "path": {"first", "left", "right"},
    "activation": {"kind", "squares", "areas", "count"},
}


# ------------------------------------------------------------------ the text vocabulary
def _amount(token: str, text: str) -> int:
    if not token.isdigit() or int(token) < 1:
        raise ValueError(f"bad amount {token!r} in {text!r} (a whole number from 1)")
    return int(token)


def _atom(words: list[str], text: str) -> tuple[str, int, str]:
    if not words:
        raise ValueError(f"empty part in {text!r}")
    if words[0] == "overseer":
        if len(words) != 2 or words[1] not in OVERSEER_ARGS:
            raise ValueError(f"{text!r}: write 'overseer CLASS' with CLASS one of {', '.join(OVERSEER_ARGS)}")
        return ("overseer", 1, words[1])
    if words[0] == "activate":
        if len(words) != 2:
            raise ValueError(f"{text!r}: write 'activate N'")
        return ("activate", _amount(words[1], text), "")
    amount = 1
    if words[0][:1].isdigit() or words[0][:1] == "-":
        amount = _amount(words[0], text)
        words = words[1:]
    if len(words) != 1:
        raise ValueError(f"cannot read {' '.join(words)!r} in {text!r} (expected '[N] verb')")
    if words[0] not in COUNTED:
        raise ValueError(f"unknown verb {words[0]!r} in {text!r} (verbs: {', '.join(VERBS)})")
    return (words[0], amount, "")


def parse_action(text: str) -> ActionSpec:
    """'build / 1 large_fire' -> ((("build", 1, ""),), (("large_fire", 1, ""),)); '' -> ().

    ValueError (with the reason) on an unknown verb, a bad amount or a bad overseer class.
    """
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, found {text!r}")
    if not text.strip():
        return ()
    return tuple(tuple(_atom(part.split(), text) for part in alt.split("+")) for alt in text.split("/"))


def parse_production(text: str) -> Alternative:
    """An action with no slash (a production or reward line): one alternative; '' -> ()."""
    spec = parse_action(text)
    if len(spec) > 1:
        raise ValueError(f"{text!r}: a production has no '/' choice")
    return spec[0] if spec else ()


def parse_cost(text: str) -> Cost:
    """'1 timber + 2 coin' -> (("timber", 1), ("coin", 2)); '' -> (). ValueError when malformed."""
    if not isinstance(text, str):
        raise ValueError(f"a cost must be text, found {text!r}")
    if not text.strip():
        return ()
    cost: list[tuple[str, int]] = []
    for part in text.split("+"):
        words = part.split()
        if len(words) != 2:
            raise ValueError(f"cannot read {part.strip()!r} in cost {text!r} (expected 'N resource')")
        if words[1] not in RESOURCES:
            raise ValueError(f"unknown resource {words[1]!r} in cost {text!r} ({', '.join(RESOURCES)})")
        if any(r == words[1] for r, _ in cost):
            raise ValueError(f"resource {words[1]!r} twice in cost {text!r}")
        cost.append((words[1], _amount(words[0], text)))
    return tuple(cost)


def parse_citizen(text: str) -> tuple[str, bool]:
    """'upgraded artisan' -> ("artisan", True); 'nun' -> ("nun", False)."""
    words = text.split() if isinstance(text, str) else []
    upgraded = len(words) == 2 and words[0] == "upgraded"
    cls = words[-1] if words and (len(words) == 1 or upgraded) else ""
    if cls not in CLASSES:
        raise ValueError(f"bad citizen {text!r} (CLASS or 'upgraded CLASS'; classes {', '.join(CLASSES)})")
    return (cls, upgraded)


def parse_players(text: str) -> frozenset[int]:
    """'all' -> {1, 2, 3, 4}; '3-4' -> {3, 4}; '4' -> {4}. Solo (1) goes with 2 players."""
    if text == "all":
        return frozenset({1, 2, 3, 4})
    low, _, high = str(text).partition("-")
    if not low.isdigit() or (high and not high.isdigit()):
        raise ValueError(f"bad player counts {text!r} ('all', 'N' or 'N-M')")
    counts = set(range(int(low), int(high or low) + 1))
    if not counts or not counts <= {2, 3, 4}:
        raise ValueError(f"bad player counts {text!r} (2 to 4)")
    return frozenset(counts | ({1} if 2 in counts else set()))


# ------------------------------------------------------------------ reading records
class _Record:
    """One TOML table of one file: typed field access with errors naming file, record and field."""

    def __init__(self, file: str, rid: str, data: Any, kind: str = ""):
        self.file, self.rid = file, rid
        if not isinstance(data, dict):
            raise DataError(f"{file}: {rid}: expected a table, found {type(data).__name__}")
        self.data = data
        unknown = sorted(set(data) - FIELDS[kind]) if kind else []
        if unknown:
            raise DataError(f"{file}: {rid}: unknown field(s) {', '.join(map(repr, unknown))} "
                            f"(allowed: {', '.join(sorted(FIELDS[kind]))})")

    def fail(self, name: str, message: str) -> DataError:
        return DataError(f"{self.file}: {self.rid}: field {name!r}: {message}")

    def get(self, name: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if name not in self.data:
            if default is _MISSING:
                raise self.fail(name, "missing")
            return default
        value = self.data[name]
        if (isinstance(value, bool) and kind in (int, str, list)) or not isinstance(value, kind):
            kind_name = getattr(kind, "__name__", None) or "/".join(k.__name__ for k in kind)
            raise self.fail(name, f"must be {kind_name}, found {value!r}")
        return value

    def parsed(self, name: str, parser: Any, default: Any = _MISSING) -> Any:
        value = self.get(name, str, default)
        try:
            return parser(value)
        except ValueError as exc:
            raise self.fail(name, str(exc)) from None

    def ints(self, name: str, length: int | None = None, default: Any = _MISSING) -> tuple[int, ...]:
        value = self.get(name, list, default)
        if any(isinstance(x, bool) or not isinstance(x, int) for x in value):
            raise self.fail(name, f"must be a list of whole numbers, found {value!r}")
        if length is not None and len(value) != length:
            raise self.fail(name, f"must have {length} numbers, found {value!r}")
        return tuple(value)

    def provenance(self) -> str:
        return self.get("provenance", str, "reconstructed")


def _records(doc: dict, file: str, key: str, id_field: str | None = "id") -> list[_Record]:
    items = doc.get(key)
    if not isinstance(items, list):
        raise DataError(f"{file}: missing [[{key}]] records")
    out = []
    for i, item in enumerate(items):
        rid = item.get(id_field) if isinstance(item, dict) and id_field else None
        out.append(_Record(file, str(rid) if rid is not None else f"{key} #{i + 1}", item, key))
    return out


def _point(rec: _Record, name: str, value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in value)):
        raise rec.fail(name, f"coordinates must be [q, r], found {value!r}")
    return (value[0], value[1])


# ------------------------------------------------------------------ one reader per family
def _hexes(doc: dict) -> tuple[CityHex, ...]:
    out = []
    for r in _records(doc, "city_hexes.toml", "hex"):
        citizens = r.get("repop_citizens", list)
        try:
            needs = tuple(parse_citizen(c) for c in citizens)
        except ValueError as exc:
            raise r.fail("repop_citizens", str(exc)) from None
        out.append(CityHex(id=r.get("id", str), hex_class=r.get("class", str),
                           player_counts=r.parsed("players", parse_players, "all"),
                           action=r.parsed("action", parse_action), colour=r.get("colour", str),
                           rat=r.get("rat", str, ""), repop_cost=r.parsed("repop_cost", parse_cost, ""),
                           repop_citizens=needs, repop_lieutenant=r.get("repop_lieutenant", bool, False),
                           points=r.get("points", int), provenance=r.provenance()))
    return tuple(out)


def _harbours(doc: dict) -> tuple[Harbour, ...]:
    found = {r.get("id", str): Harbour(r.get("id", str), r.parsed("action", parse_action), r.provenance())
             for r in _records(doc, "harbours.toml", "harbour")}
    # CORNERS order first (clockwise); unknown ids are kept for the validator to name
    return tuple(found[c] for c in CORNERS if c in found) + tuple(h for k, h in found.items() if k not in CORNERS)


def _layouts(doc: dict) -> dict[int, Layout]:
    out: dict[int, Layout] = {}
    for r in _records(doc, "layouts.toml", "layout", "players"):
        r.rid = f"players {r.get('players', int)}"
        harbours = {k: _point(r, "harbours", v) for k, v in r.get("harbours", dict).items()}
        clockwise = {}
        for k, v in r.get("clockwise", dict).items():
            if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
                raise r.fail("clockwise", f"{k}: must be a list of expansion indexes, found {v!r}")
            clockwise[k] = tuple(v)
        out[r.get("players", int)] = Layout(
            players=r.get("players", int), start=tuple(_point(r, "start", p) for p in r.get("start", list)),
            harbours=harbours, expansions=tuple(_point(r, "expansions", p) for p in r.get("expansions", list)),
            clockwise=clockwise, provenance=r.provenance())
    return out


def _wheel(doc: dict) -> tuple[WheelWindow, ...]:
    return tuple(WheelWindow(rat=r.get("rat", str), classes={c: r.get(c, str) for c in CLASSES},
                             provenance=r.provenance())
                 for r in _records(doc, "population_wheel.toml", "window", None))


def _sides(doc: dict) -> dict[str, ScoringSide]:
    file = "scoring_board.toml"
    sides = doc.get("side")
    if not isinstance(sides, dict):
        raise DataError(f"{file}: missing [side.NAME] tables")
    out = {}
    for name, raw in sides.items():
        side = _Record(file, f"side {name}", raw, "side")
        rows = []
        for i, row in enumerate(side.get("round", list)):
            r = _Record(file, f"side {name} round #{i + 1}", row, "round")
            rows.append(RoundRow(round=r.get("round", int), priority=r.get("priority", str), ships=r.get("ships", int),
                                 wheel_steps=r.get("wheel_steps", int), fire_cost=r.get("fire_cost", int),
                                 points_per_cube=r.get("points_per_cube", int), citizens=r.get("citizens", bool),
                                 city_plague=r.get("city_plague", bool),
                                 late_workshops=r.get("late_workshops", bool, False), provenance=r.provenance()))
        books = {}
        for bname, braw in side.get("books", dict).items():
            b = _Record(file, f"side {name} book {bname}", braw, "book")
            spaces = []
            for j, text in enumerate(b.get("spaces", list)):
                try:
                    spaces.append(parse_action(text))
                except ValueError as exc:
                    raise b.fail("spaces", f"space {j}: {exc}") from None
            books[bname] = Book(name=bname, spaces=tuple(spaces), points=b.ints("points"),
                                single_bar=b.get("single_bar", int), double_bar=b.get("double_bar", int),
                                provenance=b.provenance())
        tile = side.get("priority_tile", list, [])
        if any(not isinstance(x, str) for x in tile):
            raise side.fail("priority_tile", f"must be a list of priorities, found {tile!r}")
        out[name] = ScoringSide(name=name, rounds=tuple(rows), books=books, priority_tile=tuple(tile),
                                provenance=side.provenance())
    return out


def _ships(doc: dict) -> tuple[Ship, ...]:
    return tuple(Ship(id=r.get("id", str), number=r.get("number", int), goods=r.get("goods", str),
                      coins=r.get("coins", int, 0), points=r.get("points", int, 0), cargo=r.get("cargo", int, 1),
                      provenance=r.provenance()) for r in _records(doc, "ships.toml", "ship"))


def _carts(doc: dict) -> tuple[Cart, ...]:
    return tuple(Cart(id=r.get("id", str), number=r.get("number", int), cost=r.parsed("cost", parse_cost),
                      points=r.get("points", int), provenance=r.provenance())
                 for r in _records(doc, "carts.toml", "cart"))


def _upgrades(doc: dict) -> tuple[HutUpgrade, ...]:
    return tuple(HutUpgrade(id=r.get("id", str), cost=r.parsed("cost", parse_cost),
                            production=r.parsed("production", parse_production), provenance=r.provenance())
                 for r in _records(doc, "hut_upgrades.toml", "upgrade"))


def _workshops(doc: dict) -> tuple[Workshop, ...]:
    return tuple(Workshop(id=r.get("id", str), period=r.get("period", str), citizen=r.get("citizen", str),
                          cost=r.parsed("cost", parse_cost), requires_upgraded=r.get("requires_upgraded", bool, False),
                          production=r.parsed("production", parse_production, ""),
                          production_upgraded=r.parsed("production_upgraded", parse_production, ""),
                          reward=r.parsed("reward", parse_action, ""), provenance=r.provenance())
                 for r in _records(doc, "workshops.toml", "workshop"))


def _activation(rec: _Record, name: str, raw: Any) -> Activation:
    a = _Record(rec.file, f"{rec.rid} {name}", raw, "activation")
    return Activation(kind=a.get("kind", str), squares=a.ints("squares", default=[]),
                      areas=a.ints("areas", default=[]), count=a.get("count", int, 0))


def _boards(doc: dict) -> dict[str, PlayerBoard]:
    file = "player_boards.toml"
    boards = doc.get("board")
    if not isinstance(boards, dict):
        raise DataError(f"{file}: missing [board.ID] tables")
    out = {}
    for bid, raw in boards.items():
        b = _Record(file, f"board {bid}", raw, "player_board")
        actions, areas, once = [], [], []
        for i, sq in enumerate(b.get("squares", list)):
            s = _Record(file, f"board {bid} square {i}", sq, "square")
            actions.append(s.parsed("action", parse_action))
            areas.append(s.get("area", int))
            once.append(s.get("one_time", bool, False))
        paths = {}
        for ov, praw in b.get("paths", dict).items():
            p = _Record(file, f"board {bid} path {ov}", praw, "path")
            paths[ov] = OverseerPath(
                overseer=ov, first=_activation(p, "first", p.get("first", dict)),
                left=tuple(_activation(p, f"left step {i + 2}", x) for i, x in enumerate(p.get("left", list))),
                right=tuple(_activation(p, f"right step {i + 2}", x) for i, x in enumerate(p.get("right", list))))
        out[bid] = PlayerBoard(id=bid, squares=tuple(actions), square_area=tuple(areas), one_time=tuple(once),
                               paths=paths, provenance=b.provenance())
    return out


def _scroll_boards(doc: dict) -> dict[str, ScrollBoard]:
    out = {}
    for b in _records(doc, "scroll_boards.toml", "board"):
        tracks = []
        for i, raw in enumerate(b.get("track", list)):
            t = _Record(b.file, f"{b.rid} track #{i + 1}", raw, "track")
            tiers = t.get("tiers", list, [])
            if any(not isinstance(x, list) or any(isinstance(y, bool) or not isinstance(y, int) for y in x)
                   for x in tiers):
                raise t.fail("tiers", f"must be a list of lists of whole numbers, found {tiers!r}")
            tracks.append(ScrollTrack(kind=t.get("kind", str), values=t.ints("values"), cap=t.get("cap", int, 0),
                                      book=t.get("book", str, ""), provenance=t.provenance(),
                                      tiers=tuple(tuple(x) for x in tiers), divisor=t.get("divisor", int, 1)))
        out[b.get("id", str)] = ScrollBoard(id=b.get("id", str), tracks=tuple(tracks), provenance=b.provenance())
    return out


def _solo(doc: dict) -> tuple[SoloTile, ...]:
    return tuple(SoloTile(id=r.get("id", str), hex=r.get("hex", str), action=r.get("action", str),
                          citizen=r.get("citizen", str, ""), provenance=r.provenance())
                 for r in _records(doc, "solo_tiles.toml", "tile"))


def _by_players(rec: _Record, name: str, listed: bool) -> dict:
    out = {}
    for key, value in rec.get(name, dict).items():
        if not str(key).isdigit():
            raise rec.fail(name, f"key {key!r} is not a player count")
        if listed:
            if not isinstance(value, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in value):
                raise rec.fail(name, f"{key}: must be a list of whole numbers, found {value!r}")
            value = tuple(value)
        elif isinstance(value, bool) or not isinstance(value, int):
            raise rec.fail(name, f"{key}: must be a whole number, found {value!r}")
        out[int(key)] = value
    return out


def _tables(doc: dict) -> Tables:
    r = _Record("tables.toml", "tables", doc)
    comp = r.get("compensation", list)
    if any(not isinstance(x, list) or len(x) != 2 for x in comp):
        raise r.fail("compensation", f"must be a list of [points, coins], found {comp!r}")
    defaults = Tables(plague_cubes={}, rat_penalty=(), popularity_ranking={}, compensation=())
    ints = {k: r.get(k, int, getattr(defaults, k)) for k in (
        "start_lieutenants", "max_lieutenants", "repopulated_tiles", "visit_points", "huts", "squares_per_sector",
        "remaining_markers_divisor", "solo_popularity_bonus", "workshop_places", "berths")}
    return Tables(plague_cubes=_by_players(r, "plague_cubes", False), rat_penalty=r.ints("rat_penalty"),
                  popularity_ranking=_by_players(r, "popularity_ranking", True),
                  compensation=tuple((x[0], x[1]) for x in comp),
                  repop_majority=_by_players(r, "repop_majority", True) if "repop_majority" in doc else {},
                  solo_repop_bonus=r.ints("solo_repop_bonus", default=[]), provenance=r.provenance(), **ints)


# ------------------------------------------------------------------ the public entry points
def read_components(directory: str | Path | None = None) -> Components:
    """Read and parse a data directory WITHOUT checking the constraints (see validate.py)."""
    root = _root(directory)
    if not root.is_dir():
        raise DataError(f"data directory {root} does not exist")
    docs = {name: load_toml(root / name) for name in FILES}
    meta = _Record("dataset.toml", "dataset", docs["dataset.toml"])
    c = Components(directory=str(root), data_set=meta.get("id", str), reconstructed=False,
                   hexes=_hexes(docs["city_hexes.toml"]), harbours=_harbours(docs["harbours.toml"]),
                   layouts=_layouts(docs["layouts.toml"]), wheel=_wheel(docs["population_wheel.toml"]),
                   sides=_sides(docs["scoring_board.toml"]), ships=_ships(docs["ships.toml"]),
                   carts=_carts(docs["carts.toml"]), hut_upgrades=_upgrades(docs["hut_upgrades.toml"]),
                   workshops=_workshops(docs["workshops.toml"]), boards=_boards(docs["player_boards.toml"]),
                   scroll_boards=_scroll_boards(docs["scroll_boards.toml"]), solo_tiles=_solo(docs["solo_tiles.toml"]),
                   tables=_tables(docs["tables.toml"]),
                   extra={"title": meta.get("title", str, ""), "source": meta.get("source", str, "")})
    reconstructed = meta.get("reconstructed", bool, False) or any(
        p == "reconstructed" for p in provenances(c))
    return Components(**{**c.__dict__, "reconstructed": reconstructed})


def provenances(c: Components) -> list[str]:
    """The provenance of every record (for the reconstructed banner and the record count)."""
    items: list[Any] = [*c.hexes, *c.harbours, *c.layouts.values(), *c.wheel, *c.ships, *c.carts,
                        *c.hut_upgrades, *c.workshops, *c.boards.values(), *c.scroll_boards.values(),
                        *c.solo_tiles, c.tables]
    for side in c.sides.values():
        items += [side, *side.rounds, *side.books.values()]
    return [x.provenance for x in items]


def check_directory(directory: str | Path | None = None) -> tuple[Components | None, list[str]]:
    """(components, problems): a parse error is the single problem, with components None."""
    try:
        c = read_components(directory)
    except DataError as exc:
        return None, [str(exc)]
    return c, validate(c)


@functools.lru_cache(maxsize=16)
def _load(path: str) -> Components:
    c, problems = check_directory(path)
    if problems:
        raise DataError(f"Messina 1347 data in {path} fails {len(problems)} check(s):\n  " + "\n  ".join(problems))
    assert c is not None
    return c


def load_components(directory: str | Path | None = None) -> Components:
    """The validated components of a data directory (None: the shipped data), cached per directory."""
    return _load(str(_root(directory)))


def _root(directory: str | Path | None) -> Path:
    """The absolute data directory (None: the shipped one); a path the system cannot even look
    up (a NUL character, a name too long) is a DataError, not an OSError or ValueError."""
    if directory is None:
        return DATA_DIR
    try:
        root = Path(directory).resolve()
        root.is_dir()                   # is_dir() swallows some errors, not ENAMETOOLONG
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DataError(f"data directory {short(str(directory))} is not a usable path: {reason}") from None
    return root
