"""Messina 1347, bad inputs: illegal keys, wrong seats, a finished game, tampered records, corrupt
saved states, unknown options and corrupt data directories. Each is a clear error naming what is
wrong, and the state is left as it was."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys

import pytest

import ludoteka
from ludoteka.boardgames.messina.data.loader import DATA_DIR
from ludoteka.boardgames.messina.model.options import OPTIONS
from ludoteka.cli.main import main
from ludoteka.kernel import (BadOption, BadRecord, GameOver, IllegalAction, TamperedRecord, WrongSeat,
                             load_record, record_of, replay, save_record)

from .helpers import GAME


def frozen(s) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def played(players: int = 3, seed: int = 1, steps: int | None = None):
    """A game played at random for `steps` actions (None: to the end)."""
    s = GAME.new_state(players, seed)
    r = random.Random(seed)
    while not s.is_terminal() and (steps is None or s.version < steps):
        s.apply(r.choice(s.legal_keys()))
    return s


# ----------------------------------------------------------------------------- keys and seats
@pytest.mark.parametrize("players", [2, 3, 4])
def test_illegal_keys_and_wrong_seats_change_nothing(players):
    """At every step of a game: keys that are not legal, and any key from a seat that is not acting,
    are refused with the allowed keys or the acting seat named; nothing changes."""
    s = GAME.new_state(players, players)
    r = random.Random(players)
    bad = ["", "hex:Z99", "square:18", "hut:4", "workshop:W99", "overseer:monk", "scroll:3", "book:moon",
           "lt:99", "fight", "end_turn:now", "HEX:A01", " done", 7, None, ("done",)]
    while not s.is_terminal():
        before = frozen(s)
        keys = list(s.legal_keys())
        for key in bad:
            if key in keys:
                continue
            with pytest.raises(IllegalAction) as info:
                s.apply(key)
            message = str(info.value)
            assert "illegal action" in message and f"allowed: {keys[0]}" in message, message
            assert info.value.allowed == keys
        for seat in range(players):
            if seat != s.to_act:
                with pytest.raises(WrongSeat, match=f"seat {seat} cannot act now: seat {s.to_act} is to act"):
                    s.apply(keys[0], seat=seat)
        for seat in (players, -1, "0"):
            with pytest.raises(WrongSeat):
                s.apply(keys[0], seat=seat)
        assert frozen(s) == before and s.legal_keys() == keys
        s.apply(r.choice(keys))
    before = frozen(s)
    for key in ("end_turn", "done", ""):
        with pytest.raises(GameOver, match="the game is over"):
            s.apply(key)
    with pytest.raises(GameOver):
        s.apply("done", seat=0)
    assert frozen(s) == before and s.legal_keys() == [] and s.round == 6


def test_a_long_illegal_key_is_cut_in_the_message():
    s = GAME.new_state(3, 1)
    with pytest.raises(IllegalAction) as info:
        s.apply("hex:" + "A" * 10000)
    assert len(str(info.value)) < 1000


# ----------------------------------------------------------------------------- options
def test_unknown_options_and_values():
    """Every option refuses a value outside its choices, naming the option and the allowed values."""
    for name, opt in OPTIONS.items():
        for bad in ("nonsense", 1, None, ["one_cube"]):
            if name == "data" and isinstance(bad, str):
                continue                            # any text names a directory (tested below)
            with pytest.raises(BadOption) as info:
                GAME.new_state(3, 1, {name: bad})
            assert repr(name) in str(info.value) and "allowed" in str(info.value)
            for choice in opt.choices:          # a true/false option is named as it is written
                assert (json.dumps(choice) if isinstance(choice, bool) else repr(choice)) in str(info.value)
    with pytest.raises(BadOption, match="option 'data' cannot be 5; allowed: a text"):
        GAME.new_state(3, 1, {"data": 5})
    with pytest.raises(BadOption, match="cannot be 1; allowed: false, true"):
        GAME.new_state(3, 1, {"priority_tile": 1})
    with pytest.raises(BadOption, match="unknown option 'large_fires'; known options: advanced, after_reshuffle"):
        GAME.new_state(3, 1, {"large_fires": "two_cubes"})
    with pytest.raises(BadOption, match="options must be a mapping"):
        GAME.new_state(3, 1, ["large_fire"])
    for players in (0, 5, "3", True, 3.0):
        with pytest.raises(BadOption, match="players"):
            GAME.new_state(players, 1)
    with pytest.raises(BadOption, match="seed"):
        GAME.new_state(3, "1")


# ----------------------------------------------------------------------------- game records
@pytest.fixture(scope="module")
def finished():
    return played(3, 4)


def test_a_saved_record_loads_and_replays(finished, tmp_path):
    path = tmp_path / "game.json"
    save_record(path, record_of(finished))
    again = replay(load_record(path), ludoteka.game)
    assert again.to_json() == finished.to_json()


def tampered(record: dict, **changes) -> dict:
    out = json.loads(json.dumps(record))
    out.update(changes)
    return out


def test_tampered_records_are_refused(finished):
    """A changed action, seat, score, seed, finish flag or digest, or a cut action list, does not
    replay as recorded."""
    record = json.loads(json.dumps(record_of(finished)))
    actions, seats = record["actions"], record["seats"]
    i = next(k for k, key in enumerate(actions) if key.startswith("hex:"))
    others = [k for k in GAME.replayed(3, record["seed"], {}, list(zip(seats[:i], actions[:i]))).legal_keys()
              if k != actions[i]]
    cases = {
        "an action no longer legal": (tampered(record, actions=actions[:i] + ["hex:Z99"] + actions[i + 1:]),
                                      re.escape(f"action {i} ('hex:Z99') does not replay")),
        "a legal but different action": (tampered(record, actions=actions[:i] + [others[0]] + actions[i + 1:]),
                                         "does not replay|differ|digest"),
        "another seat": (tampered(record, seats=seats[:i] + [(seats[i] + 1) % 3] + seats[i + 1:]),
                         f"action {i} .* does not replay: seat"),
        "a changed score": (tampered(record, scores=[record["scores"][0] + 1] + record["scores"][1:]),
                            "scores .* differ from the replayed scores"),
        "cut short": (tampered(record, actions=actions[:-5], seats=seats[:-5]), "finished=True"),
        "another seed": (tampered(record, seed=record["seed"] + 1), "does not replay|differ|digest"),
        "not finished": (tampered(record, finished=False), "finished=False"),
        "a changed digest": (tampered(record, digest="0" * 64), "digest does not match"),
    }
    for what, (bad, message) in cases.items():
        with pytest.raises(TamperedRecord, match=message):
            replay(bad, ludoteka.game)


def test_malformed_records_are_refused(finished):
    record = json.loads(json.dumps(record_of(finished)))
    cases = [
        (tampered(record, format="ludoteka-record/9"), "format"),
        (tampered(record, game="messina"), "unknown game|messina"),
        (tampered(record, players="3"), "'players'"),
        (tampered(record, players=5), "5 players"),
        (tampered(record, seed=1.5), "'seed'"),
        (tampered(record, actions="hex:A01"), "'actions'"),
        (tampered(record, actions=[7] + record["actions"][1:]), "action 0 is 7"),
        (tampered(record, seats=record["seats"][:-1]), "'seats'"),
        (tampered(record, seats=["0"] + record["seats"][1:]), "'seats'"),
        (tampered(record, options={"large_fire": "three_cubes"}), "large_fire"),
        (tampered(record, options=["large_fire"]), "'options'"),
        (tampered(record, finished="yes"), "'finished'"),
        (tampered(record, scores=7), "'scores'"),
        ([record], "JSON object"),
    ]
    for bad, message in cases:
        with pytest.raises(BadRecord, match=message):
            replay(bad, ludoteka.game)


def test_bad_record_files(finished, tmp_path):
    """A truncated file, a file that is not JSON or not UTF-8, or is missing, names the file."""
    path = tmp_path / "game.json"
    save_record(path, record_of(finished))
    text = path.read_text()
    path.write_text(text[:len(text) // 2])
    with pytest.raises(BadRecord, match="game.json is not valid JSON"):
        load_record(path)
    path.write_bytes(b"\xff\xfe" + text.encode())
    with pytest.raises(BadRecord, match="not UTF-8"):
        load_record(path)
    path.write_text("[1, 2]")
    with pytest.raises(BadRecord, match="must hold a JSON object"):
        load_record(path)
    with pytest.raises(BadRecord, match="cannot read game record .*nowhere.json"):
        load_record(tmp_path / "nowhere.json")
    path.write_text(text.replace('"finished": true', '"finished": false'))
    with pytest.raises(TamperedRecord):
        replay(load_record(path), ludoteka.game)


# ----------------------------------------------------------------------------- saved states
@pytest.fixture(scope="module")
def saved():
    """A position in round I with citizens in quarantine huts, and its JSON."""
    s = played(3, 1, steps=30)
    assert any(s.huts) and s.to_act is not None
    return s, s.to_json()


def without_history(good: dict, **state) -> dict:
    """The saved state with some fields changed and no history (read field by field)."""
    d = json.loads(json.dumps(good))
    d["history"] = []
    d["state"].update(state)
    return d


def test_a_saved_state_round_trips(saved):
    s, good = saved
    for data in (good, json.loads(json.dumps(good)), without_history(good)):
        restored = GAME.state_from_json(data)
        assert restored.legal_keys() == s.legal_keys() and restored.scores() == s.scores()


def test_corrupt_saved_states_are_refused(saved):
    """Fields out of range, of a wrong length or type, and stacks of frames that no game reaches."""
    s, good = saved
    st = good["state"]
    top = st["stack"][-1]
    assert top["kind"] == "turn"
    below = st["stack"][:-1]
    hut = next(i for i, code in enumerate(st["huts"]) if code)
    cases = [
        ({"round": 7}, "'round' holds 7, outside 1..6"),
        ({"coins": [0, 0]}, "'coins' must have 3 entries, not 2"),
        ({"coins": [-1, 0, 0]}, "'coins' holds -1"),
        ({"timber": "x"}, "'timber' must be a list"),
        ({"squares": st["squares"][:-1]}, "'squares' must have 54 entries"),
        ({"squares": [3] + st["squares"][1:]}, "'squares' holds 3, outside 0..2"),
        ({"overseer_step": [7] + st["overseer_step"][1:]}, "'overseer_step' holds 7"),
        ({"hut_space": st["hut_space"][:hut] + [0] + st["hut_space"][hut + 1:]},
         f"hut {hut % 4} holds citizen {st['huts'][hut]} on space 0"),
        ({"hex_stack": st["hex_stack"] + st["hex_stack"][:1]}, "is in 2 places"),
        ({"cube_supply": st["cube_supply"] + 1}, "plague cubes"),
        ({"stack": below + [{"kind": "harbour", "args": []}]}, "unknown frame kind 'harbour'"),
        ({"stack": below + [{"kind": "turn", "args": top["args"][:2]}]}, "frame 'turn' takes 4 args"),
        ({"stack": below + [{"kind": "turn"}]}, "a frame must be"),
        ({"stack": below}, "is not a decision"),
        ({"stack": []}, "'to_act' is 0, but the pending decision is seat None's"),
        ({"stack": below + [{"kind": "turn", "args": [(top["args"][0] + 1) % 3] + top["args"][1:]}]},
         "'to_act' is .*, but the pending decision is seat"),
        ({"stack": "turn"}, "'stack' must be a list of frames"),
        ({"to_act": 5}, "'to_act' is 5"),
        ({"rng": "x"}, "'rng' must be a 64-bit generator state"),
    ]
    for changes, message in cases:
        with pytest.raises(BadRecord, match=message):
            GAME.state_from_json(without_history(good, **changes))
    missing = without_history(good)
    del missing["state"]["rats"]
    with pytest.raises(BadRecord, match="missing fields: rats"):
        GAME.state_from_json(missing)
    for key, value, message in (("game", "kingsburg", "of game 'kingsburg'"), ("players", 5, "5 players"),
                                ("format", 9, "format 9 is not known"), ("events", "x", "'events'"),
                                ("options", {"rat_table": "de"}, "rat_table")):
        bad = json.loads(json.dumps(good))
        bad[key] = value
        with pytest.raises(BadRecord, match=message):
            GAME.state_from_json(bad)
    with pytest.raises(BadRecord, match="JSON object"):
        GAME.state_from_json([good])


def test_a_saved_state_must_be_what_its_history_gives(saved):
    """With its history, a state whose fields, history or version were edited is refused."""
    _, good = saved
    cases = []
    d = json.loads(json.dumps(good))
    d["state"]["coins"][0] += 5
    cases.append((d, "field 'coins' is not what its history gives"))
    d = json.loads(json.dumps(good))
    d["history"][3][1] = "hex:Z99"
    cases.append((d, "history entry 3 does not replay: illegal action 'hex:Z99'"))
    d = json.loads(json.dumps(good))
    d["history"] = d["history"][:-1]
    cases.append((d, "version 30 does not match its 29 history entries"))
    d = json.loads(json.dumps(good))
    d["events"] = d["events"][:-1]
    cases.append((d, "events are not what its history gives"))
    for bad, message in cases:
        with pytest.raises(BadRecord, match=message):
            GAME.state_from_json(bad)


def test_a_saved_state_worded_by_an_earlier_release_loads_with_the_current_words(saved):
    """Event texts are a release's English wording, not what happened: a state saved before a
    rewording (issue 23's grammar fixes) still loads, and reads with the current words; an
    event whose data or kind was edited is still refused."""
    _, good = saved
    old = json.loads(json.dumps(good))
    for row in old["events"]:
        row[4] = "worded by an earlier release"
    state = GAME.state_from_json(old)
    assert json.dumps(state.to_json()["events"]) == json.dumps(good["events"])
    edited = json.loads(json.dumps(good))
    edited["events"][-1][1] = "another_kind"
    with pytest.raises(BadRecord, match="events are not what its history gives"):
        GAME.state_from_json(edited)


def test_component_indexes_and_shapes_of_a_saved_state_are_checked(saved):
    """A saved state naming a tile the data does not have, or with stacks, orders or lengths no
    game has, is refused when read (before, several were accepted and crashed later in play)."""
    _, good = saved
    st = good["state"]
    cases = [
        ({"hex_stack": st["hex_stack"] + [99]}, "hex index 99 is not one of the 20 hexes"),
        ({"hut_upgrade": [99] + st["hut_upgrade"][1:]}, "hut upgrade index 99"),
        ({"hut_stacks": [[99] + st["hut_stacks"][0]] + st["hut_stacks"][1:]}, "hut upgrade index 99"),
        ({"late_stacks": [[99] + st["late_stacks"][0]] + st["late_stacks"][1:]}, "workshop index 99"),
        ({"carts": [[99, 0], [], []]}, "cart index 99 is not one of the 10 carts"),
        ({"hut_stacks": st["hut_stacks"] + [[]]}, "hut_stacks holds 4 stacks"),
        ({"workshop_stacks": st["workshop_stacks"][:2]}, "workshop_stacks holds 2 stacks"),
        ({"turn_order": [0, 0, 2]}, r"turn order \[0, 0, 2\] is not an order of the 3 seats"),
        ({"wheel": 99}, "the wheel shows window 99"),
        ({"pending": [999]}, "a book action 999 waits for no book space"),
        ({"deferred": [[999], [], []]}, "a book action 999 waits for no book space"),
        ({"scroll": [99] + st["scroll"][1:]}, "scroll track 0 at level 99"),
        ({"city_citizens": st["city_citizens"][:-3]}, "city_citizens has"),
    ]
    for changes, message in cases:
        with pytest.raises(BadRecord, match=message):
            GAME.state_from_json(without_history(good, **changes))


# ----------------------------------------------------------------------------- data directories
@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


DATA_CORRUPTIONS = [
    # file, old text, new text, what the error names (file, record, constraint or field)
    ("carts.toml", "number = 5", "number = 4", ("carts.toml", "all", "DATA-9")),
    ("ships.toml", 'goods = "spices"', 'goods = "gems"', ("ships.toml", "all", "DATA-6")),
    ("city_hexes.toml", 'id = "C08"', 'id = "C07"', ("city_hexes.toml", "C07", "DATA-1")),
    ("city_hexes.toml", 'action = "2 coin"', 'action = "2 wood"', ("city_hexes.toml", "A03", "'action'")),
    ("tables.toml", "repopulated_tiles = 5", "repopulated_tiles = 4", ("tables.toml", "repopulated_tiles", "DATA-16")),
    ("workshops.toml", "[[workshop]]", "[[workshop]", ("workshops.toml",)),
]


def corrupt(directory, file, old, new):
    path = directory / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,parts", DATA_CORRUPTIONS, ids=[f"{c[0]}-{c[3][-1]}" for c in DATA_CORRUPTIONS])
def test_a_corrupt_data_directory_is_refused_by_the_option_and_the_validator(data_copy, capsys, file, old, new, parts):
    """A corrupt or inconsistent data directory: the `data` option raises BadOption naming the
    file (and record and constraint); `ludoteka data validate` exits 1 naming them."""
    corrupt(data_copy, file, old, new)
    with pytest.raises(BadOption) as info:
        GAME.new_state(3, 1, {"data": str(data_copy)})
    message = str(info.value)
    assert message.startswith("messina-1347: option 'data': ")
    for part in parts:
        assert part in message, (part, message)
    assert main(["data", "validate", "messina-1347", str(data_copy)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAILED: messina-1347 data in ")
    for part in parts:
        assert part in out, (part, out)
    assert main(["data", "validate", "messina-1347", str(data_copy), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["problems"] and all(p in " ".join(report["problems"]) for p in parts)


def test_missing_data_file_or_directory(data_copy, tmp_path, capsys):
    (data_copy / "ships.toml").unlink()
    with pytest.raises(BadOption, match="ships.toml"):
        GAME.new_state(2, 1, {"data": str(data_copy)})
    assert main(["data", "validate", "messina-1347", str(data_copy)]) == 1
    assert "ships.toml" in capsys.readouterr().out
    with pytest.raises(BadOption, match="nowhere"):
        GAME.new_state(2, 1, {"data": str(tmp_path / "nowhere")})


def test_the_validator_command_line(data_copy):
    """The installed command: exit 0 on the shipped data, 1 on a corrupt copy, naming file and record."""
    ok = subprocess.run([sys.executable, "-m", "ludoteka", "data", "validate", "messina-1347"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("OK: ")
    corrupt(data_copy, "carts.toml", "number = 5", "number = 4")
    bad = subprocess.run([sys.executable, "-m", "ludoteka", "data", "validate", "messina-1347", str(data_copy)],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "carts.toml: all: DATA-9" in bad.stdout, bad.stdout + bad.stderr
