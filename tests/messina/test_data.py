"""Messina 1347 component data: the shipped (reconstructed) data set, the text vocabulary, and the
validator rejecting a corrupted copy with a message naming file, record and constraint (DATA-1 ...
DATA-20 of the rules digest, section 5)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ludoteka.boardgames.messina.data.components import Components
from ludoteka.boardgames.messina.data.loader import (DATA_DIR, check_directory, load_components, parse_action,
                                              parse_cost, read_components)
from ludoteka.cli.main import main
from ludoteka.kernel import DataError


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A private copy of the shipped data directory, to corrupt."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def corrupt(directory: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = directory / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, count))


def problems_after(directory: Path, file: str, old: str, new: str, count: int = 1) -> list[str]:
    corrupt(directory, file, old, new, count)
    components, problems = check_directory(directory)
    return problems


def assert_named(problems: list[str], *parts: str) -> None:
    assert any(all(p in line for p in parts) for line in problems), (parts, problems)


# ------------------------------------------------------------------ the shipped data
@pytest.mark.rule("MS-1.1", "MS-1.2", "MS-1.3", "MS-1.9")
def test_shipped_data_counts():
    """MS-1.1: 20 city hexes + 4 harbours; MS-1.2: 4 docking tiles (one per harbour) and 9 ships;
    MS-1.3: 15 hut upgrades, 33 workshops, 10 carts; MS-1.9: 14 solo tiles (DATA-1 ... DATA-15)."""
    c = load_components()
    assert isinstance(c, Components)
    assert c.data_set == "reconstructed-default-v2" and c.reconstructed
    assert len(c.hexes) == 20 and [h.id for h in c.harbours] == ["NW", "NE", "SE", "SW"]
    assert len(c.ships) == 9 and sum(s.goods == "gems" for s in c.ships) == 3
    assert (len(c.hut_upgrades), len(c.workshops), len(c.carts), len(c.solo_tiles)) == (15, 33, 10, 14)
    assert len(c.wheel) == 12 and sorted(c.layouts) == [2, 3, 4]
    assert set(c.boards) == {"a", "b1", "b2", "b3", "b4"} and set(c.scroll_boards) == {"a", "b1", "b2", "b3", "b4"}
    assert check_directory(None)[1] == []


@pytest.mark.rule("MS-2.2", "MS-2.3", "MS-1.25")
def test_shipped_layouts():
    """MS-2.2/MS-2.3 (DATA-3): the start city holds the matching A hexes + 1 B; MS-1.25: 6 expansions."""
    c = load_components()
    for n, lay in c.layouts.items():
        a = [h for h in c.hexes if h.hex_class == "A" and n in h.player_counts]
        assert len(lay.start) == len(a) + 1
        assert len(lay.expansions) == 6 and all(sorted(o) == list(range(6)) for o in lay.clockwise.values())
    assert c.layouts[4].clockwise["NE"] == (0, 1, 2, 3, 4, 5)


@pytest.mark.rule("MS-6.2", "MS-28.13", "MS-30.2", "MS-1.15", "MS-5.7", "MS-EX-13", "MS-1.17")
def test_shipped_tables_and_round_overview():
    """MS-6.2: 1 ship in round I; MS-28.13: late workshops in round V; MS-30.2 rat penalty;
    MS-1.15 plague cubes; MS-5.7 compensation; MS-EX-13: ship track level 3 = 4 points;
    MS-1.17: 2 lieutenant spaces on the city book (DATA-10, DATA-14)."""
    c = load_components()
    t = c.tables
    assert t.plague_cubes == {1: 16, 2: 16, 3: 18, 4: 24}
    assert t.rat_penalty == (0, 0, 1, 2, 4, 7, 10, 13, 16, 18, 21)
    assert t.compensation == ((0, 0), (1, 0), (0, 1), (1, 1))
    for side in c.sides.values():
        assert side.rounds[0].ships == 1 and side.rounds[0].priority == "random"
        assert [r.late_workshops for r in side.rounds] == [False] * 4 + [True, False]
        city = side.books["city"]
        assert sum(a[0] == "lieutenant" for spec in city.spaces for alt in spec for a in alt) == 2
    assert sum(r.ships for r in c.sides["2p"].rounds) == 6
    assert c.scroll_boards["a"].tracks[1].kind == "ships" and c.scroll_boards["a"].tracks[1].values[3] == 4


def test_examples_from_the_rulebook_are_in_the_data():
    """MS-15.2 (DATA-1): the 'build / 1 large_fire' example; DATA-8: the upgraded-nun workshop."""
    c = load_components()
    a10 = next(h for h in c.hexes if h.id == "A10")
    assert a10.action == ((("build", 1, ""),), (("large_fire", 1, ""),)) and a10.provenance.startswith("rulebook de:")
    a03 = next(h for h in c.hexes if h.id == "A03")
    assert a03.repop_cost == (("coin", 2),) and a03.repop_citizens == (("nun", False), ("nun", False))
    assert a03.repop_lieutenant
    w = next(w for w in c.workshops if w.provenance == "rulebook de:637")
    assert w.requires_upgraded and w.production == () and w.production_upgraded == (("large_fire", 1, ""), ("coin", 1, ""))


def test_loading_is_cached_per_directory(data_copy):
    assert load_components() is load_components(DATA_DIR)
    assert load_components(data_copy) is load_components(str(data_copy))
    assert load_components(data_copy) is not load_components()


# ------------------------------------------------------------------ the vocabulary
@pytest.mark.rule("MS-15.2", "MS-15.15")
def test_parse_action_and_cost():
    """MS-15.2: a slash is a choice; '+' joins atoms; MS-15.15: activate N."""
    assert parse_action("") == ()
    assert parse_action("1 timber + 1 coin") == ((("timber", 1, ""), ("coin", 1, "")),)
    assert parse_action("overseer nun") == ((("overseer", 1, "nun"),),)
    assert parse_action("overseer any / 2 points") == ((("overseer", 1, "any"),), (("points", 2, ""),))
    assert parse_action("activate 2") == ((("activate", 2, ""),),)
    assert parse_action("build") == ((("build", 1, ""),),)
    assert parse_cost("1 timber + 2 coin") == (("timber", 1), ("coin", 2))
    assert parse_cost("") == ()
    for bad in ("2 wood", "0 coin", "x coin", "overseer monk", "overseer", "activate", "1 coin +", "coin coin"):
        with pytest.raises(ValueError):
            parse_action(bad)
    for bad in ("2 wood", "coin", "1 coin + 1 coin", "1 points", "-1 coin"):
        with pytest.raises(ValueError):
            parse_cost(bad)


@pytest.mark.parametrize("file, old, new, parts", [
    ("city_hexes.toml", 'action = "2 coin"', 'action = "2 wood"', ("city_hexes.toml", "A03", "'action'", "wood")),
    ("city_hexes.toml", '"upgraded artisan"', '"upgraded craftsman"', ("city_hexes.toml", "A02", "repop_citizens")),
    ("carts.toml", 'cost = "1 coin"', 'cost = "one coin"', ("carts.toml", "K1a", "'cost'")),
    ("player_boards.toml", 'action = "1 timber"', 'action = "1 lumber"', ("player_boards.toml", "board a square 1")),
    ("scoring_board.toml", '"activate 1"', '"activate"', ("scoring_board.toml", "book church", "space 3")),
    ("ships.toml", "number = 1", 'number = "1"', ("ships.toml", "S1-gems", "'number'")),
    ("city_hexes.toml", "repop_lieutenant = true", "repop_lieutnant = true", ("city_hexes.toml", "A03", "unknown field")),
    ("player_boards.toml", "{ area = 0,", "{ area = 0, once = true,", ("player_boards.toml", "board a square 0", "'once'")),
])
def test_bad_text_names_file_record_and_field(data_copy, file, old, new, parts):
    corrupt(data_copy, file, old, new)
    with pytest.raises(DataError) as info:
        read_components(data_copy)
    for part in parts:
        assert part in str(info.value)


def test_missing_file_and_directory(data_copy):
    (data_copy / "ships.toml").unlink()
    with pytest.raises(DataError, match="ships.toml"):
        load_components(data_copy)
    with pytest.raises(DataError, match="does not exist"):
        load_components(data_copy / "nowhere")


# ------------------------------------------------------------------ one corruption per constraint family
CORRUPTIONS = [
    # DATA-1 city hexes
    ("city_hexes.toml", 'id = "C08"', 'id = "C07"', 1, ("city_hexes.toml", "C07", "DATA-1", "more than one")),
    ("city_hexes.toml", 'class = "B"', 'class = "C"', 1, ("city_hexes.toml", "all", "DATA-1", "exactly 2 B")),
    ("city_hexes.toml", 'players = "4"', 'players = "3-4"', 2, ("city_hexes.toml", "all", "DATA-1", "4 players only")),
    ("city_hexes.toml", 'colour = "orange"', 'colour = "green"', 1, ("city_hexes.toml", "A01", "DATA-1", "colour")),
    ("city_hexes.toml", 'rat = "left"', 'rat = "sitting"', 1, ("city_hexes.toml", "A01", "DATA-1", "rat")),
    ("city_hexes.toml", 'repop_citizens = ["aristocrat", "aristocrat"]', "repop_citizens = []", 1,
     ("city_hexes.toml", "A01", "DATA-1", "repop citizens")),
    # DATA-2 harbours
    ("harbours.toml", 'id = "SW"', 'id = "S"', 1, ("harbours.toml", "all", "DATA-2")),
    # DATA-3 layouts
    ("layouts.toml", "expansions = [[2, 1], ", "expansions = [", 1, ("layouts.toml", "players 2", "DATA-3", "6 expansion")),
    ("layouts.toml", "expansions = [[2, 1]", "expansions = [[5, 5]", 1, ("layouts.toml", "players 2", "DATA-3", "expansion 0")),
    ("layouts.toml", "NW = [4, 5, 0, 1, 2, 3]", "NW = [4, 4, 0, 1, 2, 3]", 1,
     ("layouts.toml", "players 2", "DATA-3", "clockwise.NW")),
    ("layouts.toml", "start = [[0, 0], ", "start = [", 1, ("layouts.toml", "players 2", "DATA-3", "|A(2)| + 1")),
    # DATA-12 wheel
    ('population_wheel.toml', 'aristocrat = "blue"', 'aristocrat = "orange"', 1,
     ("population_wheel.toml", "window 0", "DATA-12", "injective")),
    # DATA-10 round overview and books, DATA-11 priority tile
    ("scoring_board.toml", "ships = 2", "ships = 5", 1, ("scoring_board.toml", "side 3-4p", "DATA-10", "at most 9 ships")),
    ("scoring_board.toml", 'priority = "score"', 'priority = "city"', 1, ("scoring_board.toml", "side 3-4p", "DATA-10", "score track")),
    ("scoring_board.toml", "wheel_steps = 2", "wheel_steps = 1", 1, ("scoring_board.toml", "round 4", "DATA-10", "twice")),
    ("scoring_board.toml", "late_workshops = true", "late_workshops = false", 1, ("scoring_board.toml", "round 5", "DATA-10", "late")),
    ("scoring_board.toml", '"", "", "lieutenant"', '"", "", "any_hex"', 1,
     ("scoring_board.toml", "book city", "DATA-10", "lieutenant")),
    ("scoring_board.toml", "double_bar = 11", "double_bar = 14", 1, ("scoring_board.toml", "book popularity", "DATA-10", "bars")),
    ("scoring_board.toml", "points = [0, 0, 0, 0, 2,", "points = [0, 0, 0, 0, 0,", 1, ()),  # still valid
    ("scoring_board.toml", "points = [0, 0, 1, 2, 3,", "points = [0, 0, 3, 2, 3,", 1,
     ("scoring_board.toml", "book city", "DATA-10", "non-decreasing")),
    ("scoring_board.toml", 'priority_tile = ["random", "church", "popularity", "score"',
     'priority_tile = ["random", "church", "popularity", "city"', 1, ("scoring_board.toml", "priority_tile", "DATA-11")),
    # DATA-6 ships, DATA-9 carts, DATA-7 hut upgrades, DATA-8 workshops
    ("ships.toml", 'goods = "spices"', 'goods = "gems"', 1, ("ships.toml", "all", "DATA-6", "gem ships")),
    ("ships.toml", "coins = 0\npoints = 2", "coins = 0\npoints = 0", 1, ("ships.toml", "S1-gems", "DATA-6", "coins or points")),
    ("carts.toml", "number = 5", "number = 4", 1, ("carts.toml", "all", "DATA-9", "two carts of each number")),
    ("hut_upgrades.toml", '[[upgrade]]\nid = "U15"', '[[ignored]]\nid = "U15"', 1, ("hut_upgrades.toml", "all", "DATA-7", "15")),
    ("workshops.toml", 'period = "late"\ncitizen = "nun"', 'period = "early"\ncitizen = "nun"', 5,
     ("workshops.toml", "late nun", "DATA-8", "6 stacks")),
    ("workshops.toml", 'reward = "6 points"', 'reward = ""', 1, ("workshops.toml", "W29", "DATA-8", "one-time reward")),
    # DATA-13 player boards
    ("player_boards.toml", '{ area = 0, action = "build"', '{ area = 1, action = "build"', 1,
     ("player_boards.toml", "board a area 0", "DATA-13", "3 squares")),
    ("player_boards.toml", '{ area = 0, action = "build"', '{ area = 2, action = "build"', 1,
     ("player_boards.toml", "board a square 2", "DATA-13", "sector artisan")),
    ("player_boards.toml", 'first = { kind = "pair", squares = [2, 3] }', 'first = { kind = "pair", squares = [5, 6] }', 1,
     ("player_boards.toml", "board a path artisan step 1", "DATA-13", "own sector")),
    ("player_boards.toml", '  { kind = "centre", count = 3 },\n]', "]", 1,
     ("player_boards.toml", "board a path artisan left", "DATA-13", "steps 2..6")),
    ("player_boards.toml", '{ kind = "two_areas", areas = [0, 3] }', '{ kind = "two_areas", areas = [3, 0] }', 1,
     ("player_boards.toml", "path artisan left step 4", "DATA-13", "own class first")),
    ("player_boards.toml", '{ kind = "area", areas = [0] }', '{ kind = "area", areas = [7] }', 1,
     ("player_boards.toml", "path artisan left step 2", "DATA-13", "area")),
    ("player_boards.toml", '"3 points + 1 large_fire", one_time = true', '"3 points + 1 large_fire"', 1,
     ("player_boards.toml", "board b1 sector artisan", "DATA-13", "exactly one one-time")),
    # DATA-14 scroll boards
    ("scroll_boards.toml", "values = [1, 2, 3, 4, 5, 6]", "values = [1, 2, 3, 3, 5, 6]", 1,
     ("scroll_boards.toml", "board a ships", "DATA-14", "4 points per ship")),
    ("scroll_boards.toml", "cap = 6", "cap = 7", 1, ("scroll_boards.toml", "board a track 1", "DATA-14", "cap")),
    ("scroll_boards.toml", 'book = "city"', 'book = ""', 1, ("scroll_boards.toml", "board b2 track 3", "DATA-14", "name their book")),
    # DATA-15 solo tiles
    ("solo_tiles.toml", 'hex = "C02"', 'hex = "C99"', 1, ("solo_tiles.toml", "T10", "DATA-15", "C99")),
    ("solo_tiles.toml", 'action = "workshop"\ncitizen = "nun"', 'action = "workshop"', 1,
     ("solo_tiles.toml", "T02", "DATA-15", "citizen class")),
    # tables, DATA-16
    ("tables.toml", "rat_penalty = [0, 0, 1, 2, 4, 7,", "rat_penalty = [0, 0, 1, 2, 4, 3,", 1,
     ("tables.toml", "rat_penalty", "MS-30.2")),
    ("tables.toml", "compensation = [[0, 0], ", "compensation = [", 1, ("tables.toml", "compensation", "MS-5.7")),
    ("tables.toml", "repopulated_tiles = 5", "repopulated_tiles = 4", 1, ("tables.toml", "repopulated_tiles", "DATA-16")),
]


@pytest.mark.parametrize("file, old, new, count, parts", CORRUPTIONS,
                         ids=[f"{c[0]}-{i}-{c[4][2] if len(c[4]) > 2 else 'valid'}" for i, c in enumerate(CORRUPTIONS)])
@pytest.mark.rule("MS-1.1", "MS-1.2", "MS-1.3", "MS-1.21", "MS-1.24", "MS-1.25", "MS-2.2", "MS-6.2", "MS-16.5",
                  "MS-33.5", "MS-EX-13")
def test_corrupted_copy_is_rejected(data_copy, file, old, new, count, parts):
    """DATA-1 ... DATA-16: a corrupted copy fails with a message naming file, record and constraint."""
    problems = problems_after(data_copy, file, old, new, count)
    if not parts:
        assert problems == []
        return
    assert_named(problems, *parts)
    with pytest.raises(DataError) as info:
        load_components(data_copy)
    assert parts[2] in str(info.value) and f"{len(problems)} check(s)" in str(info.value)


def test_all_failures_are_listed_at_once(data_copy):
    corrupt(data_copy, "ships.toml", 'goods = "spices"', 'goods = "gems"')
    corrupt(data_copy, "carts.toml", "number = 5", "number = 4")
    _, problems = check_directory(data_copy)
    assert_named(problems, "ships.toml", "DATA-6")
    assert_named(problems, "carts.toml", "DATA-9")


@pytest.mark.rule("MS-17.3", "MS-EX-6")
def test_side_a_nun_step_1_must_touch_the_fire_and_build_squares_of_the_rulebook(data_copy):
    """DE 531-533: the pair space of the book's example touches the nun square giving 1 fire and
    the one with the build action; data whose nun step 1 touches other squares fails DATA-13."""
    corrupt(data_copy, "player_boards.toml", 'first = { kind = "pair", squares = [12, 13] }',
            'first = { kind = "pair", squares = [14, 15] }')
    _, problems = check_directory(data_copy)
    assert_named(problems, "player_boards.toml", "board a path nun step 1", "DATA-13", "'1 fire'")


@pytest.mark.rule("MS-17.3")
def test_games_of_rules_revision_2_or_earlier_keep_data_set_v1():
    """Data set v2 moved side a's nun step 1 to the rulebook's squares (rules revision 3). A game
    saved under revision 1 or 2 names data '' (the shipped set then): it resolves to v1, whose
    nun step 1 is still the pair 14, 15, and replays as it was played (the golden records)."""
    from ludoteka.boardgames.messina import GAME
    assert GAME.rules_revision == 3 and GAME.data_sets() == ["reconstructed-default-v2", "reconstructed-default-v1"]
    for revision in (1, 2):
        assert GAME.resolve({}, revision)["data"] == "reconstructed-default-v1"
        assert GAME.resolve({"data": ""}, revision)["data"] == "reconstructed-default-v1"
    assert GAME.resolve({}, 3)["data"] == "" and GAME.resolve({})["data"] == ""
    old, new = GAME.new_state(2, 5, {}, 2), GAME.new_state(2, 5)
    assert old.data.data_set == "reconstructed-default-v1" and old.revision == 2
    assert old.data.boards["a"].paths["nun"].first.squares == (14, 15)
    assert new.data.data_set == "reconstructed-default-v2"
    assert new.data.boards["a"].paths["nun"].first.squares == (12, 13)
    # everything else is the shipped set's, and v1 stays playable by its name today
    assert old.data.boards["a"].squares == new.data.boards["a"].squares and old.data.hexes == new.data.hexes
    named = GAME.new_state(2, 5, {"data": "reconstructed-default-v1"})
    assert named.data is old.data and named.revision == 3
    # a snapshot saved before: the shipped data named '' and no revision (1)
    saved = new.to_json()
    saved["options"] = {**saved["options"], "data": ""}
    del saved["revision"]
    loaded = GAME.state_from_json(saved)
    assert loaded.data is old.data and loaded.revision == 1 and loaded.legal_keys() == new.legal_keys()
    # the explained components are the shipped set's: a table on v1 says which spaces reach a square
    reach = GAME.view(old, 0)["reached_by"]["a"]
    assert ["nun", "", 1] in reach[14] and ["nun", "", 1] not in reach[12]
    assert "reached_by" not in GAME.view(new, 0)


def test_a_replaced_shipped_data_set_has_no_earlier_set():
    """Data set v1 is kept as a change of v2: with the shipped data replaced by its owner (another
    id), '' means that data for every revision and v1 is not offered."""
    from dataclasses import replace
    from ludoteka.boardgames.messina.game import MessinaGame
    game = MessinaGame()
    game.data = replace(game.data, data_set="published-2021")
    assert game.data_sets() == ["published-2021"]
    assert game.resolve({}, 1)["data"] == "" and game.shipped_data_set(2) is None


# ------------------------------------------------------------------ the command line
def test_cli_validate_shipped_and_copy(data_copy, capsys):
    assert main(["data", "validate", "messina-1347"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: reconstructed-default-v2, ") and "reconstructed: yes" in out
    assert main(["data", "validate", "messina-1347", str(data_copy), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    corrupt(data_copy, "carts.toml", "number = 5", "number = 4")
    assert main(["data", "validate", "messina-1347", str(data_copy)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "carts.toml: all: DATA-9" in out


def test_cli_game_without_validator(capsys):
    assert main(["data", "validate", "kingsburg"]) == 2
    assert "no data validator" in capsys.readouterr().err
    assert main(["data", "validate", "no-such-game"]) == 2
