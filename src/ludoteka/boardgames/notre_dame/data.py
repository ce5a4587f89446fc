"""Notre Dame component data: loaded once from TOML files, validated, then shared by every state.

Replace a file in `data/` (or pass another directory) to change the game without code changes.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

from ...kernel.data import check, field, load_toml

DATA_DIR = Path(__file__).parent / "data"

SECTOR_COUNT = 7
NOTRE_DAME_CARD = 7
TRUSTED_FRIEND_CARD = 8
CARD_TYPES = 9
PERSON_EFFECTS = ("barmaid", "monk", "moneylender", "minstrel", "juggler", "physician",
                  "city_guard", "night_watchman", "bishop", "guild_master", "king_of_beggars",
                  "lawyer", "lady_in_waiting", "mayor", "carpenter")
GRAY_LETTERS = ("A", "B", "C")


@dataclass(frozen=True)
class Person:
    """One person card."""

    index: int
    id: str
    deck: str          # "brown", "A", "B" or "C"
    name: str
    effect: str
    rats: int
    text: str = ""     # the effect in English, for players


@dataclass(frozen=True)
class MessageKind:
    """One kind of message and its reward."""

    id: str
    prestige: int
    coins: int
    stones: int
    rat_back: int


@dataclass(frozen=True)
class Layout:
    """The market graph for one number of boroughs."""

    boroughs: int
    names: tuple[str, ...]                  # market index -> "q.X"
    start: tuple[int, ...]                  # borough -> start market
    message_markets: tuple[tuple[int, ...], ...]   # borough -> its 4 edge markets
    within: tuple[tuple[tuple[int, ...], ...], ...]  # [market][distance] -> markets at <= distance
    distance: tuple[tuple[int, ...], ...]
    move_keys: tuple[tuple[str, str], ...]  # market -> ("to:q.X", "to:q.X:take")
    move_index: dict[str, tuple[int, bool]]  # key -> (market, take the message)
    roads: tuple[tuple[str, str], ...] = ()  # as the data file lists them (views draw the map)


@dataclass(frozen=True)
class Components:
    """Everything the rules need that is printed on components."""

    stones_per_colour: int
    start_personal_stones: int
    coins_total: int
    start_coins: int
    messages_per_colour: int
    plague_max: int
    rounds: int
    rounds_per_period: int
    colours: tuple[str, ...]
    sectors: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    card_effects: tuple[str, ...]            # the effect in English; "{n}" is the sector's count
    tile_points: dict[int, int]
    messages: tuple[MessageKind, ...]
    persons: tuple[Person, ...]
    layouts: dict[int, Layout]
    rats_reconstructed: bool
    map_reconstructed: bool
    bribe_keys: tuple[str, ...]              # person index -> "bribe:<id>"
    person_index: dict[str, int]             # "bribe:<id>" -> person index


def load_components(directory: Path | str = DATA_DIR) -> Components:
    """Load and validate every data file in `directory`; problems raise DataError naming the file."""
    directory = Path(directory)
    comp_path = directory / "components.toml"
    raw = load_toml(comp_path)
    where = str(comp_path)
    c = field(raw, "components", dict, where)
    ints = {name: field(c, name, int, f"{where} [components]") for name in (
        "stones_per_colour", "start_personal_stones", "coins_total", "start_coins",
        "messages_per_colour", "action_cards_per_colour", "plague_track_max", "rounds",
        "rounds_per_period")}
    check(ints["action_cards_per_colour"] == CARD_TYPES, where,
          f"action_cards_per_colour must be {CARD_TYPES} (one card of each type)")
    check(0 < ints["start_personal_stones"] <= ints["stones_per_colour"], where,
          "start_personal_stones must be between 1 and stones_per_colour")
    check(ints["start_coins"] * 5 <= ints["coins_total"], where, "not enough coins for 5 players")
    check(ints["rounds"] % ints["rounds_per_period"] == 0 and ints["rounds"] > 0, where,
          "rounds must be a positive multiple of rounds_per_period")
    colours = field(c, "colours", list, where)
    check(len(colours) == 5 and all(isinstance(x, str) for x in colours), where, "colours must list 5 names")
    sectors = field(c, "sectors", list, where)
    check(len(sectors) == SECTOR_COUNT, where, f"sectors must list {SECTOR_COUNT} sectors")
    actions = field(raw, "action", list, where)
    check(len(actions) == CARD_TYPES, where, f"there must be {CARD_TYPES} [[action]] entries")
    card_ids = tuple(field(a, "id", str, f"{where} [[action]] {i}") for i, a in enumerate(actions))
    check(card_ids[:SECTOR_COUNT] == tuple(sectors), where,
          "the first seven action cards must be the seven sectors, in order")
    check(card_ids[NOTRE_DAME_CARD:] == ("notre_dame", "trusted_friend"), where,
          "the last two action cards must be notre_dame and trusted_friend")
    card_names = tuple(field(a, "name", str, f"{where} [[action]] {i}") for i, a in enumerate(actions))
    card_effects = tuple(field(a, "effect", str, f"{where} [[action]] {i}") for i, a in enumerate(actions))

    tiles_path = directory / "tiles.toml"
    tiles = field(load_toml(tiles_path), "tiles", dict, str(tiles_path))
    points_raw = field(tiles, "points", dict, str(tiles_path))
    tile_points = {}
    for n in range(2, 6):
        value = points_raw.get(str(n))
        check(isinstance(value, int) and not isinstance(value, bool) and value > 0, str(tiles_path),
              f"points for {n} players must be a positive integer, found {value!r}")
        tile_points[n] = value

    msg_path = directory / "messages.toml"
    msg_raw = load_toml(msg_path)
    messages = []
    for i, m in enumerate(field(msg_raw, "message", list, str(msg_path))):
        w = f"{msg_path} [[message]] {i}"
        kind = MessageKind(field(m, "id", str, w), *(field(m, k, int, w) for k in
                                                     ("prestige", "coins", "stones", "rat_back")))
        check(min(kind.prestige, kind.coins, kind.stones, kind.rat_back) >= 0, w, "rewards cannot be negative")
        messages.append(kind)
    check(len(messages) == ints["messages_per_colour"], str(msg_path),
          f"there must be {ints['messages_per_colour']} message kinds (one of each per colour)")

    persons = _load_persons(directory / "persons.toml")
    layouts, map_recon = _load_board(directory / "board.toml")
    return Components(
        stones_per_colour=ints["stones_per_colour"], start_personal_stones=ints["start_personal_stones"],
        coins_total=ints["coins_total"], start_coins=ints["start_coins"],
        messages_per_colour=ints["messages_per_colour"], plague_max=ints["plague_track_max"],
        rounds=ints["rounds"], rounds_per_period=ints["rounds_per_period"], colours=tuple(colours),
        sectors=tuple(sectors), card_ids=card_ids, card_names=card_names, card_effects=card_effects, tile_points=tile_points,
        messages=tuple(messages), persons=persons[0], layouts=layouts,
        rats_reconstructed=persons[1], map_reconstructed=map_recon,
        bribe_keys=tuple(f"bribe:{p.id}" for p in persons[0]),
        person_index={f"bribe:{p.id}": p.index for p in persons[0]})


def _load_persons(path: Path) -> tuple[tuple[Person, ...], bool]:
    raw = load_toml(path)
    where = str(path)
    header = field(raw, "persons", dict, where)
    entries = field(raw, "person", list, where)
    persons = []
    for i, p in enumerate(entries):
        w = f"{where} [[person]] {i}"
        person = Person(i, field(p, "id", str, w), field(p, "deck", str, w), field(p, "name", str, w),
                        field(p, "effect", str, w), field(p, "rats", int, w), str(p.get("text", "")))
        check(person.deck in ("brown",) + GRAY_LETTERS, w, f"deck must be brown, A, B or C, not {person.deck!r}")
        check(person.effect in PERSON_EFFECTS, w,
              f"unknown effect {person.effect!r}; known: {', '.join(PERSON_EFFECTS)}")
        check(0 <= person.rats <= 3, w, f"rats must be 0 to 3 (ND-20.1), found {person.rats}")
        persons.append(person)
    decks = [p.deck for p in persons]
    check(decks.count("brown") == 6, where, f"there must be 6 brown persons, found {decks.count('brown')}")
    for letter in GRAY_LETTERS:
        check(decks.count(letter) == 3, where, f"there must be 3 gray persons {letter}, found {decks.count(letter)}")
    check(len({p.id for p in persons}) == len(persons), where, "person ids must be unique")
    check(len({p.effect for p in persons}) == len(persons), where, "each effect must appear once")
    totals = header.get("period_rat_totals")
    if totals is not None:
        brown = sum(p.rats for p in persons if p.deck == "brown")
        for letter in GRAY_LETTERS:
            expected = totals.get(letter)
            found = brown + sum(p.rats for p in persons if p.deck == letter)
            check(found == expected, where,
                  f"rats revealed in period {letter} total {found}, but period_rat_totals says {expected}")
    return tuple(persons), header.get("rats_provenance") == "reconstructed"


def _load_board(path: Path) -> tuple[dict[int, Layout], bool]:
    raw = load_toml(path)
    where = str(path)
    board = field(raw, "board", dict, where)
    kinds = field(board, "markets_per_borough", list, where)
    start_kind = field(board, "start_market", str, where)
    msg_kinds = field(board, "message_markets", list, where)
    check(start_kind in kinds and all(k in kinds for k in msg_kinds), where,
          "start_market and message_markets must be among markets_per_borough")
    check(len(msg_kinds) == 4, where, "each borough has 4 message markets (ND-2.9)")
    layouts_raw = field(raw, "layout", dict, where)
    layouts = {}
    for n in (3, 4, 5):
        w = f"{where} [layout.{n}]"
        lay = field(layouts_raw, str(n), dict, w)
        check(field(lay, "boroughs", int, w) == n, w, f"boroughs must be {n}")
        names = tuple(f"{q}.{k}" for q in range(n) for k in kinds)
        index = {name: i for i, name in enumerate(names)}
        adjacency: list[set[int]] = [set() for _ in names]
        roads = field(lay, "roads", list, w)
        for road in roads:
            check(isinstance(road, list) and len(road) == 2 and all(r in index for r in road), w,
                  f"road {road!r} must join two known markets such as '0.C'")
            a, b = index[road[0]], index[road[1]]
            check(a != b, w, f"road {road!r} joins a market to itself")
            adjacency[a].add(b)
            adjacency[b].add(a)
        distance = []
        for source in range(len(names)):
            dist = [-1] * len(names)
            dist[source] = 0
            queue = deque([source])
            while queue:
                here = queue.popleft()
                for nxt in adjacency[here]:
                    if dist[nxt] < 0:
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
            check(min(dist) >= 0, w, f"market {names[source]} cannot reach every market: the map must be connected")
            distance.append(tuple(dist))
        limit = 15  # the carriage house holds at most 14 stones and the friend
        within = tuple(tuple(tuple(m for m in range(len(names)) if distance[s][m] <= d) for d in range(limit + 1))
                       for s in range(len(names)))
        per = len(kinds)
        start = tuple(q * per + kinds.index(start_kind) for q in range(n))
        message_markets = tuple(tuple(q * per + kinds.index(k) for k in msg_kinds) for q in range(n))
        move_keys = tuple((f"to:{name}", f"to:{name}:take") for name in names)
        move_index = {key: (m, j == 1) for m, pair in enumerate(move_keys) for j, key in enumerate(pair)}
        layouts[n] = Layout(n, names, start, message_markets, within, tuple(distance), move_keys, move_index,
                            tuple((a, b) for a, b in roads))
    return layouts, board.get("provenance") == "reconstructed"
