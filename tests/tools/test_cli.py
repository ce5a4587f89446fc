"""The command line, run in-process with `main([...])` on the toy game."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from ludoteka import registry
from ludoteka.cli.main import main, split_agents
from toy_game import GAME


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch, tmp_path):
    # Only the toy game: these tests must not depend on the games being built alongside.
    monkeypatch.setattr(registry, "_GAMES", {"toy": GAME})
    monkeypatch.chdir(tmp_path)          # `play` autosaves to ./saves/: keep it out of the checkout


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def run_error(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_games(capsys):
    code, data, _ = run_json(capsys, "games")
    assert code == 0
    (toy,) = data["games"]
    assert toy["name"] == "toy" and toy["min_players"] == 2 and toy["max_players"] == 4
    assert {o["name"] for o in toy["options"]} == {"rounds", "roll", "wager"}
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out
    # Values are shown as they are typed: --option roll=false, never False.
    assert "--option roll=false/true  (default true)" in out and "True" not in out


def test_agents(capsys):
    code, data, _ = run_json(capsys, "agents")
    assert code == 0 and {a["name"] for a in data["agents"]} == {"random", "greedy", "ismcts", "ismcts_parallel",
                                                                 "policy"}    # the reference learner (research extra)


def test_simulate(capsys, tmp_path):
    code, data, err = run_json(capsys, "simulate", "toy", "--players", "3", "--games", "4", "--seed", "2",
                               "--agents", "random,greedy,ismcts:iterations=20,depth=5",
                               "--option", "rounds=2", "--save", str(tmp_path))
    assert code == 0 and err == ""
    for field in ("games", "completed", "decisions", "seconds", "violations", "scores", "wins", "mean_scores"):
        assert field in data
    assert data["games"] == data["completed"] == 4 and data["violations"] == []
    assert data["agents"] == ["random", "greedy", "ismcts:iterations=20,depth=5"]
    assert data["options"] == {"rounds": 2, "roll": True, "wager": False} and data["decisions"] == 4 * 12
    assert len(list(tmp_path.glob("*.json"))) == 4
    assert main(["simulate", "toy", "--players", "2", "--games", "2"]) == 0
    assert "2/2 games completed" in capsys.readouterr().out


def test_replay(capsys, tmp_path):
    assert main(["simulate", "toy", "--players", "2", "--games", "1", "--seed", "9",
                 "--save", str(tmp_path), "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)
    path = tmp_path / "toy-2p-9.json"
    code, data, _ = run_json(capsys, "replay", str(path))
    assert code == 0
    assert data["game"] == "toy" and data["scores"] == sim["scores"][0]
    assert data["decisions"] == 12 and data["winners"]
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "The game is over" in text and "scores:" in text and "Your secret" not in text

    record = json.loads(path.read_text())
    record["actions"][0] = "take:2" if record["actions"][0] != "take:2" else "take:1"
    path.write_text(json.dumps(record))
    err = run_error(capsys, "replay", str(path), "--json")
    assert "does not replay" in err or "differ" in err or "digest" in err

    # Rewrite the genuine record, then change only its scores.
    main(["simulate", "toy", "--players", "2", "--games", "1", "--seed", "9", "--save", str(tmp_path), "--json"])
    capsys.readouterr()
    record = json.loads(path.read_text())
    assert main(["replay", str(path), "--json"]) == 0
    capsys.readouterr()
    record["scores"][0] += 1
    path.write_text(json.dumps(record))
    assert "scores" in run_error(capsys, "replay", str(path))


def test_bench(capsys):
    code, data, _ = run_json(capsys, "bench", "toy", "--players", "2", "--seconds", "0.2")
    assert code == 0
    for field in ("decisions_per_second", "games_per_second", "clone_microseconds",
                  "mean_decisions_per_game", "games", "seconds"):
        assert data[field] > 0


def test_arena(capsys):
    code, data, _ = run_json(capsys, "arena", "toy", "--players", "2", "--games", "4",
                             "--agents", "greedy,random", "--seed", "1")
    assert code == 0 and data["games"] == 4
    assert [a["agent"] for a in data["agents"]] == ["greedy", "random"]
    for a in data["agents"]:
        for field in ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95",
                      "mean_seconds_per_decision", "max_seconds_per_decision"):
            assert field in a
    assert sum(a["wins"] for a in data["agents"]) == pytest.approx(4)


def test_split_agents():
    assert split_agents("ismcts:iterations=200,depth=40,random") == ["ismcts:iterations=200,depth=40", "random"]
    assert split_agents("a, b ,c") == ["a", "b", "c"]


@pytest.mark.parametrize("argv,message", [
    (["simulate", "chess"], "unknown game 'chess'; known games: toy"),
    (["simulate", "toy", "--players", "9"], "9 players is not allowed"),
    (["bench", "toy", "--players", "0"], "0 players is not allowed"),
    (["simulate", "toy", "--option", "speed=3"], "unknown option 'speed'"),
    (["simulate", "toy", "--option", "rounds=9"], "allowed: 2, 3, 4"),
    (["simulate", "toy", "--option", "rounds"], "name=value"),
    (["simulate", "toy", "--agents", "wizard"], "unknown agent 'wizard'"),
    (["arena", "toy", "--players", "2", "--agents", "ismcts:speed=3,random"], "no parameter 'speed'"),
    (["arena", "toy", "--players", "3", "--agents", "random,random"], "one per seat"),
    (["bench", "toy", "--seconds", "0"], "seconds"),
    (["replay", "/nonexistent/game.json"], "cannot read game record"),
    (["play", "toy", "--seat", "7=random"], "seats are 0 to"),
    (["play", "toy", "--seat", "1=wizard"], "unknown agent"),
    (["play"], "needs a GAME"),
    (["simulate"], "required"),
    (["frobnicate"], "invalid choice"),
    (["simulate", "toy", "--games", "many"], "invalid int"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    assert message in run_error(capsys, *argv)


def test_bad_record_file(capsys, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("not json")
    assert "not valid JSON" in run_error(capsys, "replay", str(path))
    path.write_text(json.dumps({"format": "something"}))
    assert "not a ludoteka game record" in run_error(capsys, "replay", str(path))


# ------------------------------------------------------------------ play
def play(monkeypatch, capsys, argv, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *argv])
    return code, *capsys.readouterr()


def test_play_without_input_stops_cleanly(monkeypatch, capsys):
    code, out, err = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "1"], [])
    assert code == 0 and "No more input" in out and "Traceback" not in err


def test_play_a_whole_game_and_json(monkeypatch, capsys):
    code, out, err = play(monkeypatch, capsys,
                          ["toy", "--players", "2", "--seed", "3", "--seat", "1=random", "--json"],
                          ["h", "x", "99", "l", "r"] + ["1"] * 20)
    assert code == 0
    data = json.loads(out)
    assert data["finished"] is True and data["decisions"] == 12 and data["seats"] == ["human", "random"]
    assert data["winners"] and len(data["scores"]) == 2
    assert "Type the number" in err and "Please type a number from 1 to 4" in err
    assert "You, choose:" in err and "The game is over" in err
    assert "Seat 1 " in err                      # the agent's moves were shown


def test_play_shows_only_what_the_human_may_see(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "3", "--agents",
                                              "random,human"], ["1", "2"] * 10)
    assert code == 0
    # Seat 1 is the human: it is told its own secret, never seat 0's.
    assert out.count("Your secret card") == 1
    before_end = out.split("The game is over")[0]
    assert "secret ?" in before_end


def test_play_save_quit_and_resume(monkeypatch, capsys, tmp_path):
    save = tmp_path / "saved.json"
    code, out, _ = play(monkeypatch, capsys, ["toy", "--players", "3", "--seed", "4", "--agents",
                                              "human,greedy,random", "--save", str(save)],
                        ["1", "2", "s", "q", "n"])
    assert code == 0 and f"Saved to {save}" in out and "You left the game" in out
    record = json.loads(save.read_text())
    assert record["finished"] is False and len(record["actions"]) >= 2
    code, out, err = play(monkeypatch, capsys, ["--resume", str(save), "--agents", "greedy,greedy,random", "--json"], [])
    assert code == 0
    data = json.loads(out)
    assert data["finished"] is True and data["seed"] == 4 and data["decisions"] == 18
    assert "Resumed from" in err


def test_play_eof_saves_to_the_named_file(monkeypatch, capsys, tmp_path):
    save = tmp_path / "eof.json"
    code, out, _ = play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "4", "--save", str(save)],
                        ["1"])
    assert code == 0 and save.exists() and "No more input" in out
    assert json.loads(save.read_text())["actions"][0] == "take:0"


def test_play_resume_of_another_game_is_refused(monkeypatch, capsys, tmp_path):
    save = tmp_path / "s.json"
    play(monkeypatch, capsys, ["toy", "--players", "2", "--seed", "4", "--save", str(save)], ["1", "s", "q", "n"])
    assert "not other" in run_error(capsys, "play", "other", "--resume", str(save))


def test_console_script_entry_point():
    result = subprocess.run([sys.executable, "-m", "ludoteka", "agents", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert {a["name"] for a in json.loads(result.stdout)["agents"]} == {"random", "greedy", "ismcts", "ismcts_parallel",
                                                                        "policy"}


def test_play_applies_a_single_choice_without_asking(monkeypatch, capsys):
    """A decision with one option is applied and announced, never asked as '[1-1]'."""
    import toy_game
    # Make the toy's second step of every turn a forced one.
    monkeypatch.setattr(type(toy_game.SECRET), "keys", lambda self, state, frame, seat: ["keep"])
    code, out, err = play(monkeypatch, capsys,
                          ["toy", "--players", "2", "--seed", "3", "--seat", "1=random", "--json"],
                          ["1"] * 20)
    assert code == 0 and json.loads(out)["finished"] is True
    assert "(the only choice)" in err and "[1-1," not in err
