"""Bad inputs give clear errors; the component data is validated when loaded."""
import re
import shutil

import pytest

from ludoteka.boardgames.kingsburg import GAME, KingsburgGame, load_data
from ludoteka.boardgames.kingsburg.data import DATA_DIR
from ludoteka.kernel import BadOption, BadRecord, DataError, GameOver, IllegalAction, WrongSeat
from ludoteka.registry import game

from .helpers import new


def test_registered():
    assert game("kingsburg") is GAME
    d = GAME.describe()
    assert d["min_players"] == 2 and d["max_players"] == 5
    assert {o["name"] for o in d["options"]} == set(GAME.options)


def test_illegal_key_wrong_seat_and_game_over():
    s = new(3)
    with pytest.raises(IllegalAction, match="allowed: take:g"):
        s.apply("build:statue")
    other = (s.to_act + 1) % 3
    with pytest.raises(WrongSeat):
        s.apply(s.legal_keys()[0], seat=other)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("take:x")
    assert s.to_json() == before
    import random
    r = random.Random(0)
    while not s.is_terminal():
        k = s.legal_keys()
        s.apply(k[r.randrange(len(k))])
    with pytest.raises(GameOver):
        s.apply("pass")


def test_bad_options():
    with pytest.raises(BadOption, match="unknown option"):
        new(3, nope=True)
    with pytest.raises(BadOption, match="reinforcements"):
        new(3, reinforcements="dragons")
    with pytest.raises(BadOption):
        new(3, negative_vp=1)


def test_corrupt_state_records():
    s = new(3)
    data = s.to_json()
    for field, value in (("goods", [1]), ("year", 9), ("court", "x"), ("to_act", 7), ("enemy_deck", [0, 0, 0, 0, 0])):
        bad = dict(data, state=dict(data["state"], **{field: value}))
        with pytest.raises(BadRecord):
            GAME.state_from_json(bad)
    bad = dict(data, state=dict(data["state"]))
    del bad["state"]["vp"]
    with pytest.raises(BadRecord, match="vp"):
        GAME.state_from_json(bad)
    bad = dict(data, state=dict(data["state"], goods=[-1] + data["state"]["goods"][1:]))
    with pytest.raises(BadRecord, match="'goods' holds -1, outside 0.."):
        GAME.state_from_json(bad)


# ---------------------------------------------------------------------- data
@pytest.mark.rule("KB-DATA-1", "KB-DATA-2", "KB-DATA-3")
def test_shipped_data():
    d = load_data()
    assert len(d.advisors) == 19 and d.advisors[0] is None and len(d.buildings) == 20 and len(d.enemies) == 25
    assert sum(b.vp for b in d.buildings) == 59
    assert [e.number for e in d.enemies if e.verify] == [21, 22, 24]
    assert all(e.confidence == "medium" for e in d.enemies)
    assert d.year_ranges == ((2, 4), (3, 5), (4, 6), (5, 7), (7, 9))
    assert all(b.provenance and a.provenance for b in d.buildings for a in d.advisors[1:])


@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path, old, new, count=1):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def test_replacing_a_data_file_changes_the_game(data_copy):
    edit(data_copy / "advisors.toml", "alternative = [{ gold = 4 }]", "alternative = [{ gold = 5 }]")
    g = KingsburgGame(data_copy)
    assert g.tables.help[16][0][:2] == ("take:ggggg", 5)
    edit(data_copy / "enemies.toml", "lose = { buildings = 1 }\ngain = { vp = 1 }",
         "lose = { buildings = 3 }\ngain = { vp = 1 }")
    g = KingsburgGame(data_copy)
    assert g.data.enemies[21].lose[4] == 3          # a loss may destroy more than one building
    s = g.new_state(2, 0)
    assert s.T is g.tables and GAME.new_state(2, 0).T is GAME.tables


CORRUPTIONS = [
    ("buildings.toml", "vp = 9\n", "vp = 10\n", "add up to 60"),
    ("buildings.toml", 'effect = "market"', 'effect = "teleport"', "unknown effect 'teleport'"),
    ("buildings.toml", "row = 1\ncolumn = 2", "row = 1\ncolumn = 1", "already taken"),
    ("buildings.toml", "vs = { demons = 1 }", "vs = { dinosaurs = 1 }", "dinosaurs"),
    ("buildings.toml", "gold = 2\nwood = 0", "gold = -2\nwood = 0", "must be >= 0"),
    ("enemies.toml", "strength = 2\n", "strength = 6\n", "outside year 1's printed range"),
    ("enemies.toml", "number = 5\nyear = 1", "number = 5\nyear = 2", "year 1 has 4 enemy cards"),
    ("enemies.toml", "verify = false", "verify = 3", "'verify' must be bool"),
    ("enemies.toml", 'confidence = "medium"\nverify', 'confidence = "sure"\nverify', "confidence must be one of"),
    ("enemies.toml", "lose = { vp = 2 }", "lose = { kittens = 2 }", "unknown loss field"),
    ("advisors.toml", "number = 18", "number = 17", "appears twice"),
    ("advisors.toml", "alternative = [{ gold = 4 }]", "alternative = [{ gold = 4, mana = 1 }]", "unknown field"),
    ("advisors.toml", "[[advisor]]\nnumber = 1", "[[advisor]\nnumber = 1", "not valid TOML"),
]


@pytest.mark.parametrize("name,old,new_,message", CORRUPTIONS, ids=[c[3][:24] for c in CORRUPTIONS])
def test_corrupt_data_gives_a_clear_error(data_copy, name, old, new_, message):
    edit(data_copy / name, old, new_)
    with pytest.raises(DataError) as info:
        load_data(data_copy)
    assert name in str(info.value) and re.search(re.escape(message), str(info.value)), str(info.value)


def test_missing_data_file(data_copy):
    (data_copy / "enemies.toml").unlink()
    with pytest.raises(DataError, match="enemies.toml is missing"):
        KingsburgGame(data_copy)


def test_states_and_games_pickle(data_copy):
    import pickle
    s = new(3, 4)
    s.apply(s.legal_keys()[0])
    t = pickle.loads(pickle.dumps(s))
    assert t.to_json() == s.to_json() and t.game is GAME
    assert pickle.loads(pickle.dumps(GAME)) is GAME
    g = KingsburgGame(data_copy)
    u = pickle.loads(pickle.dumps(g.new_state(2, 1)))
    assert u.game.data.directory == str(data_copy)
