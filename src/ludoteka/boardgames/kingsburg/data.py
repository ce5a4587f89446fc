"""Kingsburg component data: loading the TOML files of a data directory and validating them.

`load_data(directory)` reads `advisors.toml`, `buildings.toml` and `enemies.toml` from the
directory, checks every constraint the rules and the data notes state, and returns an
immutable `KingsburgData`. Any problem raises `ludoteka.kernel.DataError` naming the file and
the record. Replacing a data file changes the game with no code change.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ludoteka.kernel.data import check, field, load_toml

DATA_DIR = Path(__file__).resolve().parent / "data"

CONFIDENCE = ("high", "medium", "low")
ADVISOR_FIELDS = {"gold", "wood", "stone", "choice", "vp", "pay_vp", "soldiers", "tokens", "peek", "trade"}
GAIN_FIELDS = ("gold", "wood", "stone", "choice", "vp")
LOSE_FIELDS = ("gold", "wood", "stone", "choice", "buildings", "vp")
EFFECTS = ("statue", "chapel", "cathedral", "inn", "market", "farms", "merchants_guild", "barracks",
           "stable", "stone_wall", "fortress", "crane", "town_hall", "embassy")
ROWS, COLUMNS = 5, 4
BUILDING_VP_TOTAL = 59  # the top of the VP track (KB-2.4); the building points add up to it
YEARS = 5
CARDS_PER_YEAR = 5


class Alternative(NamedTuple):
    """One form of an advisor's help (KB-9.3)."""
    gold: int
    wood: int
    stone: int
    choice: int
    vp: int
    pay_vp: int
    soldiers: int
    tokens: int
    peek: bool
    trade: bool


class Advisor(NamedTuple):
    number: int
    id: str
    name: str
    czech: str
    german: str
    alternatives: tuple[Alternative, ...]
    provenance: str
    confidence: str


class Building(NamedTuple):
    index: int          # (row - 1) * 4 + (column - 1): the bit of the building mask
    id: str
    name: str
    czech: str
    german: str
    row: int
    column: int
    cost: tuple[int, int, int]
    vp: int
    battle: int
    vs: tuple[tuple[str, int], ...]
    effect: str
    text: str
    provenance: str
    confidence: str


class Enemy(NamedTuple):
    number: int
    year: int
    type: str
    name: str
    strength: int
    lose: tuple[int, int, int, int, int, int]   # gold, wood, stone, choice, buildings, vp
    gain: tuple[int, int, int, int, int]        # gold, wood, stone, choice, vp
    provenance: str
    confidence: str
    verify: bool
    note: str


class KingsburgData(NamedTuple):
    directory: str
    advisors: tuple[Advisor, ...]        # index 0 is None, 1..18 the advisors
    buildings: tuple[Building, ...]      # by index (row-major)
    enemies: tuple[Enemy, ...]           # by number - 1
    year_ranges: tuple[tuple[int, int], ...]   # by year - 1
    cards_of_year: tuple[tuple[int, ...], ...]  # card indices (number - 1) per year - 1
    effect_bit: dict[str, int]          # effect name -> building index (absent: no such building)
    enemy_types: tuple[str, ...]


def _int(record: dict, name: str, where: str, default: int | None = None, minimum: int | None = 0) -> int:
    if default is not None and name not in record:
        return default
    value = field(record, name, int, where)
    if minimum is not None:
        check(value >= minimum, where, f"field {name!r} must be >= {minimum}, found {value}")
    return value


def _str(record: dict, name: str, where: str, default: str | None = None) -> str:
    if default is not None and name not in record:
        return default
    return field(record, name, str, where)


def _provenance(record: dict, where: str) -> tuple[str, str]:
    provenance = _str(record, "provenance", where)
    check(provenance.strip() != "", where, "field 'provenance' is empty")
    confidence = _str(record, "confidence", where)
    check(confidence in CONFIDENCE, where, f"confidence must be one of {', '.join(CONFIDENCE)}, found {confidence!r}")
    return provenance, confidence


def _table_list(doc: dict, name: str, where: str) -> list:
    records = doc.get(name)
    check(isinstance(records, list) and all(isinstance(r, dict) for r in records), where,
          f"expected an array of tables [[{name}]]")
    return records


def _advisors(path: Path) -> tuple:
    doc = load_toml(path)
    records = _table_list(doc, "advisor", str(path))
    check(len(records) == 18, str(path), f"expected 18 advisors, found {len(records)}")
    advisors: list = [None] * 19
    for i, rec in enumerate(records):
        where = f"{path}: advisor record {i + 1}"
        number = _int(rec, "number", where)
        check(1 <= number <= 18, where, f"advisor number must be 1..18, found {number}")
        check(advisors[number] is None, where, f"advisor number {number} appears twice")
        where = f"{path}: advisor {number}"
        alts_raw = field(rec, "alternative", list, where)
        check(len(alts_raw) >= 1, where, "needs at least one alternative")
        alts = []
        for k, alt in enumerate(alts_raw):
            w = f"{where}, alternative {k + 1}"
            check(isinstance(alt, dict), w, "must be a table")
            unknown = set(alt) - ADVISOR_FIELDS
            check(not unknown, w, f"unknown field(s) {sorted(unknown)}; known: {sorted(ADVISOR_FIELDS)}")
            a = Alternative(*(_int(alt, f, w, 0) for f in ("gold", "wood", "stone", "choice", "vp", "pay_vp",
                                                             "soldiers", "tokens")),
                            bool(field(alt, "peek", bool, w)) if "peek" in alt else False,
                            bool(field(alt, "trade", bool, w)) if "trade" in alt else False)
            check(a.choice <= 6, w, f"choice must be at most 6, found {a.choice}")
            check(not (a.trade and (a.gold or a.wood or a.stone or a.choice)), w,
                  "a trade alternative cannot also give goods")
            check(any(a[:8]) or a.peek or a.trade, w, "gives nothing")
            alts.append(a)
        prov, conf = _provenance(rec, where)
        advisors[number] = Advisor(number, _str(rec, "id", where), _str(rec, "name", where),
                                   _str(rec, "czech", where, ""), _str(rec, "german", where, ""),
                                   tuple(alts), prov, conf)
    return tuple(advisors)


def _enemies(path: Path) -> tuple:
    doc = load_toml(path)
    years = _table_list(doc, "year", str(path))
    check(len(years) == YEARS, str(path), f"expected {YEARS} [[year]] ranges, found {len(years)}")
    ranges: list = [None] * YEARS
    for rec in years:
        where = f"{path}: year range"
        y = _int(rec, "year", where)
        check(1 <= y <= YEARS, where, f"year must be 1..{YEARS}, found {y}")
        where = f"{path}: year {y} range"
        check(ranges[y - 1] is None, where, "appears twice")
        lo, hi = _int(rec, "min", where), _int(rec, "max", where)
        check(lo <= hi, where, f"min {lo} is above max {hi}")
        _provenance(rec, where)
        ranges[y - 1] = (lo, hi)
    records = _table_list(doc, "enemy", str(path))
    check(len(records) == YEARS * CARDS_PER_YEAR, str(path),
          f"expected {YEARS * CARDS_PER_YEAR} enemy cards ({CARDS_PER_YEAR} per year), found {len(records)}")
    cards: list = [None] * len(records)
    for i, rec in enumerate(records):
        where = f"{path}: enemy record {i + 1}"
        n = _int(rec, "number", where)
        check(1 <= n <= len(records), where, f"card number must be 1..{len(records)}, found {n}")
        check(cards[n - 1] is None, where, f"card number {n} appears twice")
        where = f"{path}: enemy #{n}"
        y = _int(rec, "year", where)
        check(1 <= y <= YEARS, where, f"year must be 1..{YEARS}, found {y}")
        kind = _str(rec, "type", where)
        check(kind.isidentifier() and kind == kind.lower(), where, f"type must be a lower-case name, found {kind!r}")
        strength = _int(rec, "strength", where)
        lo, hi = ranges[y - 1]
        check(lo <= strength <= hi, where,
              f"strength {strength} is outside year {y}'s printed range {lo}-{hi}")
        lose, gain = field(rec, "lose", dict, where), field(rec, "gain", dict, where)
        bad = set(lose) - set(LOSE_FIELDS)
        check(not bad, where, f"unknown loss field(s) {sorted(bad)}; known: {', '.join(LOSE_FIELDS)}")
        bad = set(gain) - set(GAIN_FIELDS)
        check(not bad, where, f"unknown reward field(s) {sorted(bad)}; known: {', '.join(GAIN_FIELDS)}")
        lose_t = tuple(_int(lose, f, f"{where} lose", 0) for f in LOSE_FIELDS)
        gain_t = tuple(_int(gain, f, f"{where} gain", 0) for f in GAIN_FIELDS)
        check(lose_t[3] <= 6 and gain_t[3] <= 6, where, "goods of choice must be at most 6")
        check(lose_t[4] <= ROWS * COLUMNS, where, "cannot destroy more than 20 buildings")
        prov, conf = _provenance(rec, where)
        verify = field(rec, "verify", bool, where)
        cards[n - 1] = Enemy(n, y, kind, _str(rec, "name", where, kind.title()), strength, lose_t, gain_t,
                             prov, conf, verify, _str(rec, "note", where, ""))
    per_year = tuple(tuple(c.number - 1 for c in cards if c.year == y) for y in range(1, YEARS + 1))
    for y, ids in enumerate(per_year, 1):
        check(len(ids) == CARDS_PER_YEAR, str(path),
              f"year {y} has {len(ids)} enemy cards, expected {CARDS_PER_YEAR}")
    for y, (lo, hi) in enumerate(ranges, 1):
        strengths = [cards[i].strength for i in per_year[y - 1]]
        check(min(strengths) == lo and max(strengths) == hi, str(path),
              f"year {y} range {lo}-{hi} does not match its cards' strengths {min(strengths)}-{max(strengths)}")
    return tuple(cards), tuple(ranges), per_year


def _buildings(path: Path, enemy_types: set[str]) -> tuple:
    doc = load_toml(path)
    records = _table_list(doc, "building", str(path))
    check(len(records) == ROWS * COLUMNS, str(path), f"expected {ROWS * COLUMNS} buildings, found {len(records)}")
    out: list = [None] * (ROWS * COLUMNS)
    ids: set[str] = set()
    effects: dict[str, int] = {}
    for i, rec in enumerate(records):
        where = f"{path}: building record {i + 1}"
        bid = _str(rec, "id", where)
        check(bid.isidentifier(), where, f"id must be an identifier, found {bid!r}")
        check(bid not in ids, where, f"building id {bid!r} appears twice")
        ids.add(bid)
        where = f"{path}: building {bid!r}"
        row, col = _int(rec, "row", where), _int(rec, "column", where)
        check(1 <= row <= ROWS and 1 <= col <= COLUMNS, where, f"position row {row}, column {col} is off the sheet")
        index = (row - 1) * COLUMNS + col - 1
        check(out[index] is None, where, f"row {row}, column {col} is already taken by {out[index] and out[index].id!r}")
        cost = (_int(rec, "gold", where), _int(rec, "wood", where), _int(rec, "stone", where))
        vp = _int(rec, "vp", where)
        battle = _int(rec, "battle", where, minimum=None)
        vs_raw = field(rec, "vs", dict, where) if "vs" in rec else {}
        vs = []
        for kind, value in vs_raw.items():
            check(kind in enemy_types, where, f"'vs' names enemy type {kind!r}, which no enemy card has; "
                  f"known: {', '.join(sorted(enemy_types))}")
            check(isinstance(value, int) and not isinstance(value, bool), where, f"'vs.{kind}' must be an integer")
            vs.append((kind, value))
        effect = _str(rec, "effect", where, "")
        check(effect == "" or effect in EFFECTS, where, f"unknown effect {effect!r}; known: {', '.join(EFFECTS)}")
        if effect:
            check(effect not in effects, where, f"effect {effect!r} is given to two buildings")
            effects[effect] = index
        prov, conf = _provenance(rec, where)
        out[index] = Building(index, bid, _str(rec, "name", where), _str(rec, "czech", where, ""),
                              _str(rec, "german", where, ""), row, col, cost, vp, battle, tuple(vs), effect,
                              _str(rec, "text", where, ""), prov, conf)
    total = sum(b.vp for b in out)
    check(total == BUILDING_VP_TOTAL, str(path),
          f"the buildings' points add up to {total}, expected {BUILDING_VP_TOTAL} (the top of the VP track)")
    return tuple(out), effects


def load_data(directory: Path | str | None = None) -> KingsburgData:
    """Load and validate the Kingsburg data files of `directory` (default: the shipped ones)."""
    directory = Path(directory) if directory is not None else DATA_DIR
    advisors = _advisors(directory / "advisors.toml")
    enemies, ranges, per_year = _enemies(directory / "enemies.toml")
    types = tuple(sorted({e.type for e in enemies}))
    buildings, effects = _buildings(directory / "buildings.toml", set(types))
    return KingsburgData(str(directory), advisors, buildings, enemies, ranges, per_year, effects, types)

