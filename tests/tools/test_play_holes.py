"""`ludoteka play`: the seed stays hidden, bad input is asked again, failed saves go on, and a
resumed game with agents plays on exactly as the uninterrupted one."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteka import registry
from ludoteka.cli import play as play_module
from ludoteka.cli.main import main
from ludoteka.cli.play import Session
from ludoteka.kernel import record_of, replay, save_record
from toy_game import GAME

SEED = 987654321


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch, tmp_path):
    monkeypatch.setattr(registry, "_GAMES", {"toy": GAME})
    monkeypatch.chdir(tmp_path)          # the autosaves go to ./saves/ of a scratch directory


def play(monkeypatch, capsys, argv, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------ 1: the seed stays hidden
def test_the_seed_is_not_shown_while_the_game_is_on(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play_module, "new_seed", lambda: SEED)
    code, out, err = play(monkeypatch, capsys, ["toy", "--players", "2", "--seat", "1=random", "--json"],
                          ["1", "h", "s", "l", "r", "q", "y"])
    assert code == 0 and "Saved to" in err
    assert str(SEED) not in out + err
    data = json.loads(out)
    assert data["finished"] is False and data["seed"] is None
    (saved,) = Path(tmp_path, "saves").glob("*.json")
    assert str(SEED) not in saved.name
    assert json.loads(saved.read_text())["seed"] == SEED          # the record keeps it

    code, out, err = play(monkeypatch, capsys, ["--resume", str(saved), "--json"], ["1"] * 3)
    assert code == 0 and str(SEED) not in out + err and json.loads(out)["seed"] is None


def test_the_seed_is_shown_once_the_game_is_over(monkeypatch, capsys):
    code, out, err = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", str(SEED),
                                                "--seat", "1=random", "--json"], ["1"] * 20)
    data = json.loads(out)
    assert data["finished"] is True and data["seed"] == SEED
    before_end = err.split("The game is over")[0]
    assert str(SEED) not in before_end and str(SEED) in err


# ------------------------------------------------------------ 2: bad input and failed saves
@pytest.mark.parametrize("bad", ["²", "٣", "1²", "-1", "1.0", "+1", "0", "9" * 5000, "\x00", "ｓ"])
def test_bad_answers_are_asked_again(monkeypatch, capsys, bad):
    code, out, err = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "3", "--seat",
                                                "1=random", "--json"], [bad] + ["1"] * 20)
    assert code == 0, err
    assert json.loads(out)["finished"] is True
    assert "Please type a number from 1 to" in err and "Traceback" not in err


def test_undecodable_input_is_asked_again(tmp_path):
    """Bytes that are not UTF-8 on a real stdin are bad input, not the end of the game."""
    result = subprocess.run([sys.executable, "-m", "ludoteka", "play", "notre-dame", "--players", "2",
                             "--seed", "1", "--agents", "human,random"],
                            input=b"\xff\xfe\n\xc3\n", capture_output=True, timeout=60, cwd=tmp_path)
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0, result.stderr[-2000:]
    assert out.count("Please type a number") == 2 and "No more input" in out


@pytest.mark.parametrize("where", ["directory", "under_a_file"])
def test_a_failed_save_is_reported_and_the_game_goes_on(monkeypatch, capsys, tmp_path, where):
    if where == "directory":
        target = tmp_path / "adir"
        target.mkdir()
    else:
        (tmp_path / "afile").write_text("x")
        target = tmp_path / "afile" / "game.json"
    code, out, err = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "3", "--seat",
                                                "1=random", "--save", str(target), "--json"],
                          ["1", "s", "q", "n"] + ["1"] * 20)
    assert code == 0, err
    # The autosave after the first decision reports its failure once; then `s` and `q` do.
    assert err.count("Could not save to") == 3 and "the game goes on" in err and "Quit anyway?" in err
    data = json.loads(out)
    assert data["finished"] is True and data["saved"] is None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["adir"] if where == "directory" else ["afile"])


def test_save_record_leaves_no_tmp_file(tmp_path):
    target = tmp_path / "adir"
    target.mkdir()
    with pytest.raises(OSError):
        save_record(target, record_of(GAME.new_state(2, 1)))
    assert [p.name for p in tmp_path.iterdir()] == ["adir"]


# ------------------------------------------------------------ 3: resume plays on the same way
def run_session(state, seats, lines):
    feed = iter(lines)
    session = Session(state, seats, Path("unused.json"), io.StringIO(), lambda: next(feed, ""))
    session.run()
    return state


@pytest.mark.parametrize("seats", [["human", "random", "greedy"], ["random", "human", "random"],
                                   ["greedy", "greedy", "human"]])
def test_a_resumed_game_plays_on_as_the_uninterrupted_one(seats):
    choices = ["2", "1", "3", "2", "1", "1", "2"] * 10
    whole = run_session(GAME.new_state(3, 11, {"roll": True}), seats, choices).actions()
    assert len(whole) == 18
    for stop in (1, 2, 4):
        first = run_session(GAME.new_state(3, 11, {"roll": True}), seats, choices[:stop])
        assert 0 < len(first.actions()) < len(whole)
        resumed = replay(json.loads(json.dumps(record_of(first))), lambda name: GAME)
        rest = run_session(resumed, seats, choices[stop:]).actions()
        assert rest == whole, f"stopped after {stop} human answers"
