"""The terminal game teaches itself (issue 23 §5): `h` shows the rules help with the current
phase first, options show their previews, the resume hint is a command that works where the
player started (`make play` or a virtual environment's script), and `make play` can resume the
last game."""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from toy_game import PreviewToyGame, PreviewToyState

import ludoteka
from ludoteka.cli.main import main
from ludoteka.cli.play import Session
from ludoteka.cli.resume import resume_command

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def scratch(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)          # saves go to ./saves/
    monkeypatch.delenv("MAKELEVEL", raising=False)


def play(monkeypatch, capsys, argv, lines, tty=False):
    class Keyboard(io.StringIO):
        def isatty(self):
            return tty
    monkeypatch.setattr(sys, "stdin", Keyboard("".join(line + "\n" for line in lines)))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.rule("ND-3.2", "ND-5.2", "ND-20.5")
def test_h_shows_the_rules_help_with_the_current_phase_first(monkeypatch, capsys):
    help_data = ludoteka.game("notre-dame").rules_help("en")
    sections = {s["id"]: s for s in help_data["sections"]}
    out = play(monkeypatch, capsys, ["notre-dame", "--players", "3", "--seed", "8", "--agents",
                                     "human,random,random"], ["h", "h all", "h plague", "q"])
    flat = " ".join(out.split())
    now = flat.index(f"== {sections['draft']['title']} (now) ==")
    parts = flat.index("Parts of the rules (type h NAME for one, h all for all)")
    commands = flat.index("r show the full table")
    # `h`: the draft (the pending decision's phase) whole, then the parts and the commands.
    assert now < parts < commands
    assert " ".join(sections["draft"]["text"].split()) in flat[now:parts]
    assert "goal, rounds, " + ", ".join(sections) in flat[parts:commands]
    # `h all`: every part, the current phase first; `h plague`: that part alone.
    titles = re.findall(r"^== (.*?) ==$", out.split(help_data["title"] + "\n", 1)[1], re.M)
    whole = titles[:2 + len(help_data["sections"])]
    assert whole[0] == sections["draft"]["title"] + " (now)"
    assert set(whole[1:]) == {"Goal of the game", "How the game runs"} | {
        s["title"] for s in help_data["sections"] if s["id"] != "draft"}
    alone = flat.rindex(f"> == {sections['plague']['title']} ==")      # typed after the prompt
    assert flat[alone:].split("==", 2)[2].strip().startswith(" ".join(sections["plague"]["text"].split()))


def test_the_options_show_their_previews(tmp_path):
    state = PreviewToyGame().new_state(2, 4)
    out = io.StringIO()
    session = Session(state, ["human", "random"], tmp_path / "toy.json", out, iter(["q\n"]).__next__)
    assert session.run() is False
    lines = out.getvalue().splitlines()
    takes = [line for line in lines if "Take" in line or "take" in line]
    assert takes and all(re.search(r"\[gain \d+ points\]$", line) for line in takes), takes
    assert any(line.endswith("[1 to 6 points]") for line in lines), lines


class ConfirmToyState(PreviewToyState):
    """The toy game whose roll is irreversible: its preview asks for a confirmation."""

    def describe_key(self, key):
        action = super().describe_key(key)
        if key == "roll":
            action.data["preview"]["confirm"] = "die"
        return action


class ConfirmToyGame(PreviewToyGame):
    state_class = ConfirmToyState


def test_an_irreversible_option_asks_once_before_it_is_taken(tmp_path):
    """Issue 23 §1: the terminal asks as the browser does (it has no undo, so always); "n" or
    anything else leaves the state as it was, "y" takes the option."""
    state = ConfirmToyGame().new_state(2, 4)
    keys = state.legal_keys()
    roll = str(keys.index("roll") + 1)
    take = next(key for key in keys if key.startswith("take:"))
    out = io.StringIO()
    answers = iter([roll + "\n", "n\n", str(keys.index(take) + 1) + "\n", "q\n"])
    session = Session(state, ["human", "random"], tmp_path / "toy.json", out, answers.__next__)
    assert session.run() is False
    said = out.getvalue()
    assert said.count("This cannot be taken back. Go ahead? [y/N]") == 1     # the take did not ask
    assert "1 to 6 points. This cannot be taken back" in said                 # the note says why
    assert "Not taken; choose again." in said
    assert state.history()[0][1] == take                                  # not the roll
    state = ConfirmToyGame().new_state(2, 4)
    answers = iter([roll + "\n", "y\n", "q\n"])
    Session(state, ["human", "random"], tmp_path / "toy2.json", io.StringIO(), answers.__next__).run()
    assert state.history()[0][1] == "roll"


def test_the_resume_hint_works_where_the_player_started(monkeypatch, tmp_path):
    saved = Path("saves/notre-dame-1.json")
    monkeypatch.setenv("MAKELEVEL", "1")                       # make play, in ludoteka's directory
    Path("Makefile").write_text((ROOT / "Makefile").read_text())
    assert resume_command(saved) == "make play RESUME=saves/notre-dame-1.json"
    Path("Makefile").write_text("all:\n\techo another project\n")   # make, but another Makefile
    assert "make" not in resume_command(saved)
    monkeypatch.delenv("MAKELEVEL")
    script = tmp_path / ".venv" / "bin" / "ludoteka"           # the venv's script, not on the PATH
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert resume_command(saved) == ".venv/bin/ludoteka play --resume saves/notre-dame-1.json"
    monkeypatch.setattr(sys, "argv", ["/somewhere/ludoteka/__main__.py", "play"])   # python -m ludoteka
    assert resume_command(Path("my game.json")) == f"{sys.executable} -m ludoteka play --resume 'my game.json'"


def test_make_play_can_resume_the_last_game(monkeypatch, capsys):
    assert main(["play", "--resume", "last"]) == 2
    assert "--resume last: ./saves holds no unfinished game" in capsys.readouterr().err
    first = ["notre-dame", "--players", "3", "--agents", "human,random,random"]
    play(monkeypatch, capsys, first + ["--seed", "1", "--save", "saves/a.json"], ["1", "q"])
    out = play(monkeypatch, capsys, first + ["--seed", "2", "--save", "saves/b.json"], ["1", "1", "q"])
    assert "resume with:" in out
    out = play(monkeypatch, capsys, ["--resume", "last"], ["q"])
    assert "Resumed from saves/b.json" in out
    # `make play` asks on a terminal; no: a new game; yes (or Enter): the newest save.
    out = play(monkeypatch, capsys, ["notre-dame", "--ask-resume"], ["n", "q"], tty=True)
    assert "You have an unfinished Notre Dame game (saves/b.json" in out and "Resumed" not in out
    newest = re.search(r"Saved to (saves/\S+\.json)", out).group(1)       # the new game, saved by q
    out = play(monkeypatch, capsys, ["notre-dame", "--ask-resume"], ["", "q"], tty=True)
    assert f"You have an unfinished Notre Dame game ({newest}" in out and f"Resumed from {newest}" in out
    out = play(monkeypatch, capsys, ["kingsburg", "--ask-resume", "--players", "2", "--agents", "human,random"],
               ["q"], tty=True)
    assert "You have an unfinished" not in out                # only a save of the same game is offered
    out = play(monkeypatch, capsys, ["notre-dame", "--ask-resume"], ["q"], tty=False)
    assert "You have an unfinished" not in out                # piped input is never asked
    finished = json.loads(Path("saves/b.json").read_text())
    assert finished["finished"] is False


def test_the_makefile_passes_resume_and_asks_by_default():
    def recipe(*args):
        lines = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(ROOT), "play", *args], capture_output=True,
                               text=True, check=True).stdout.splitlines()
        return lines[-1]
    assert recipe("RESUME=last").endswith("ludoteka play --resume last")
    assert recipe("RESUME=saves/x.json").endswith("ludoteka play --resume saves/x.json")
    assert recipe().endswith("ludoteka play notre-dame --ask-resume")
    assert recipe("GAME=kingsburg").endswith("ludoteka play kingsburg --ask-resume")
