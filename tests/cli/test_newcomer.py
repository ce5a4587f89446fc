"""What a newcomer met in `ludoteka play`, `agents`, `arena` and `replay`: a declined
irreversible option is answered once, Messina 1347's log calls the player "you", the printed
resume command keeps the opponents, an unknown agent names the levels, every agent's description
is whole, and the texts read right ("1 game", "City hexes", "2 artisans", capitals)."""
from __future__ import annotations

import io
import json
import sys

import pytest

import ludoteka
from ludoteka.cli import play as play_module
from ludoteka.cli.main import main
from ludoteka.cli.play import personal


@pytest.fixture(autouse=True)
def scratch(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)          # autosaves go to ./saves/ of a scratch directory


def play(monkeypatch, capsys, argv, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_declined_irreversible_option_is_answered_once(monkeypatch, capsys):
    """Answering "n" to "Go ahead? [y/N]" says "Not taken; choose again." and nothing else: no
    "Please type a number" as if the number had been bad input."""
    monkeypatch.setattr(play_module.Session, "confirmed", lambda self, action: False)
    code, out, _ = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3",
                                              "--agents", "human,random"], ["1", "q"])
    assert code == 0
    after = out.split("Not taken; choose again.\n", 1)[1]
    assert not after.startswith("Please type a number"), after[:80]


def test_messina_log_lines_call_the_players_own_seat_you(monkeypatch, capsys):
    """Messina 1347's texts start a sentence with "Seat 0" while the seat's name is "seat 0"."""
    assert personal("Seat 0 chooses hex A05.", "seat 0") == "You choose hex A05."
    assert personal("Seat 0's book actions from production are lost.", "seat 0") == \
        "Your book actions from production are lost."
    assert personal("Seat 1 chooses hex A05.", "seat 0") == "Seat 1 chooses hex A05."
    assert personal("Seat 10 passes", "seat 1") == "Seat 10 passes"
    # In a game: the solo player's first hex is "You choose hex ...", not "Seat 0 chooses hex ...".
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", "messina-1347", "--players", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "  · You choose hex " in out and "Seat 0 chooses" not in out


def test_the_printed_resume_command_keeps_the_seats(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3",
                                              "--agents", "human,random", "--save", "kb.json"], ["q"])
    assert code == 0
    assert "play --resume kb.json --agents human,random)" in out
    # The default seats need no --agents.
    code, out, _ = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "3",
                                              "--save", "kb2.json"], ["q"])
    assert code == 0 and "play --resume kb2.json)" in out
    # The printed command resumes with the same seats.
    code, out, _ = play(monkeypatch, capsys, ["--resume", "kb.json", "--agents", "human,random"], ["q"])
    assert code == 0 and "seat 0: human, seat 1: random" in out


def test_an_unknown_agent_in_play_names_the_levels_and_human(monkeypatch, capsys):
    code, out, err = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--agents", "human,foo"], [])
    assert code == 2 and out == ""
    assert "unknown agent 'foo'" in err and "levels: easy, medium, hard" in err and "human" in err
    assert len(err.strip().splitlines()) == 1


def test_agents_lists_each_description_whole(capsys):
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert "truncated after `depth` decisions and scored by the game's `evaluate`." in out
    assert "Levels, usable wherever a spec is: easy = greedy, medium = ismcts, hard = " in out
    for line in out.splitlines():
        if line and not line.startswith((" ", "Levels")):
            assert line.rstrip().endswith((".", ")")), line


def test_arena_text_reads_right_for_one_game_and_negative_scores(capsys):
    """"1 game", not "1 games"; a score interval below 0 is not written "-12.00--12.00"."""
    assert main(["arena", "messina-1347", "--players", "1", "--agents", "random", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert ", 1 player, 1 game in " in out
    assert "--" not in out and "(95% CI " in out and " to " in out


def test_replay_lines_begin_with_a_capital(tmp_path, capsys):
    """Kingsburg's log lines "seat 0 defeats the enemy..." read "Seat 0 defeats..." in the replay
    text, as in the terminal game; the JSON keeps the texts as they are."""
    assert main(["simulate", "kingsburg", "--players", "2", "--games", "1", "--seed", "1",
                 "--save", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "kingsburg-2p-1.json")]) == 0
    lines = capsys.readouterr().out.splitlines()[:-3]      # the log, without the summary lines
    assert lines and any(line.startswith("Seat 0 ") for line in lines)
    assert not [line for line in lines if line[:1].islower()]


def test_i_alone_names_the_kinds_in_plural(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, ["messina-1347", "--players", "1", "--seed", "1"], ["i", "q"])
    assert code == 0 and "  City hexes: Hex A01;" in out and "hexs" not in out
    assert "  Ships: " in out and "  Workshops: " in out


def test_a_messina_hex_counts_the_citizens_its_repopulation_takes():
    """`i A05` said "give up an artisan, an artisan"; equal citizens are counted together."""
    game = ludoteka.game("messina-1347")
    hexes = [c for c in game.components() if c["kind"] == "city_hex"]
    for c in hexes:
        citizens = [tuple(x) for x in c["repopulation"]["citizens"]]
        text = c["text"].split("give up ", 1)[1]
        for cls, up in set(citizens):
            n = citizens.count((cls, up))
            if n > 1:
                assert f"{n} {'upgraded ' if up else ''}{cls}s" in text, c["text"]
        said = text.split(";")[0].replace(" and a lieutenant", "").split(", ")
        assert len(said) == len(set(said)), c["text"]
    assert any(len(c["repopulation"]["citizens"]) > len({tuple(x) for x in c["repopulation"]["citizens"]})
               for c in hexes)


def test_play_json_of_an_unfinished_game_gives_no_scores(monkeypatch, capsys):
    # Notre Dame's prestige is hidden until the end (ND-10.3): the scores of an unfinished game
    # would show every seat's, beside the seed this output already withholds
    code, out, _ = play(monkeypatch, capsys, ["notre-dame", "--players", "2", "--seed", "3",
                                              "--agents", "human,random", "--json"], ["q"])
    data = json.loads(out)
    assert code == 0 and data["finished"] is False
    assert data["seed"] is None and data["scores"] is None and data["winners"] == []
