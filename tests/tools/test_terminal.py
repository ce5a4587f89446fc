"""The terminal game as a player sees it, on the real games: compact and full tables without raw
codes, `i NAME`, "You" for the human seat, the end screen's score breakdown, the autosave after
every decision, Ctrl-C and Ctrl-D leaving a resumable save, and the finished record replaying."""
from __future__ import annotations

import io
import json
import random
import re
import sys
from itertools import cycle
from pathlib import Path

import pytest

import ludoteka
from ludoteka.cli.main import main
from ludoteka.cli.play import Session, personal
from ludoteka.cli.resume import resume_command
from ludoteka.kernel import load_record, replay

# A rule ID, a snake_case id (component ids, frame kinds, score categories) or a market code.
RAW = re.compile(r"\b(ND|KB)-\d|\b[a-z]+_[a-z_]+\b|\b\d\.(C|IL|IR|OL|OR)\b")
GAMES = ("notre-dame", "kingsburg")


@pytest.fixture(autouse=True)
def scratch(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)          # autosaves go to ./saves/ or a relative --save file


def play(monkeypatch, capsys, argv, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def states_along_a_game(name, players=3, seed=5, every=7):
    game = ludoteka.game(name)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        seat = state.acting_seats()[0]
        keys = state.legal_keys(seat)
        state.apply(keys[rng.randrange(len(keys))], seat)
        step += 1
    yield state


# ------------------------------------------------------------------ the tables
@pytest.mark.parametrize("name", GAMES)
def test_compact_and_full_tables_differ_and_show_no_raw_codes(name):
    game = ludoteka.game(name)
    checked = 0
    for state in states_along_a_game(name):
        seat = state.to_act if state.to_act is not None else 0
        compact, full = game.render(state, seat), game.render(state, seat, full=True)
        assert compact != full and len(compact) < len(full)
        for text in (compact, full):
            bad = [line for line in text.splitlines() if RAW.search(line)]
            assert not bad, bad[:3]
        assert "You" in compact and "You" in full
        checked += 1
    assert checked > 10


def test_the_kingsburg_dice_menu_names_the_advisor_each_sum_reaches():
    for state in states_along_a_game("kingsburg", every=1):
        top = state.top()
        if top is not None and top[0].name == "choose_dice":
            labels = [a.label for a in state.legal_actions()]
            dice = [label for label in labels if label.startswith(("Dice ", "Die "))]
            # a group's faces and total, a single die its face alone, then the advisor it reaches
            assert dice and all(re.match(r"(Dice [\d+]+(?: \(white [\d+]+\))? = \d+|Die \d) → the [A-Z][\w' ]+ \(\d+\)",
                                         label) for label in dice), dice
            return
    pytest.fail("no dice choice in the game")


# ------------------------------------------------------------------ "You"
def test_the_human_seat_is_called_you_in_the_log_lines():
    assert personal("Red (seat 0) plays Bank.", "Red (seat 0)") == "You play Bank."
    assert personal("The bell-ringer passes to Red (seat 0).", "Red (seat 0)") == "The bell-ringer passes to you."
    assert personal("Plague: Red (seat 0) loses 2 prestige", "Red (seat 0)") == "Plague: you lose 2 prestige"
    assert personal("seat 0's Inn gives 1 +2 token", "seat 0") == "Your Inn gives 1 +2 token"
    assert personal("seat 1 passes", "seat 0") == "Seat 1 passes"
    assert personal("seat 10 passes", "seat 1") == "Seat 10 passes"
    assert personal("seat 0 is defeated", "seat 0") == "You are defeated"


# ------------------------------------------------------------------ i NAME
def test_i_name_explains_a_component(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["notre-dame", "--players", "3", "--seed", "2", "--agents",
                                     "human,random,random"], ["i", "i JUGG", "i c", "i zzz", "i bank", "q"])
    texts = {c["name"]: c["text"] for c in ludoteka.game("notre-dame").components()}
    assert f"Juggler: {texts['Juggler']}" in out
    assert f"Bank: {texts['Bank']}" in out                     # an exact name beats the prefix "Bank"
    assert "components match: Cloister School, Carriage House" in out
    assert "No component is called" in out
    assert "Persons: " in out and "Barmaid" in out             # `i` alone lists them by kind


def test_i_name_in_kingsburg_finds_an_advisor_and_a_building(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["kingsburg", "--players", "2", "--seed", "2", "--agents", "human,random"],
               ["i alchemist", "i guard tower", "i goblins", "q"])
    components = ludoteka.game("kingsburg").components()
    texts = {c["name"]: c["text"] for c in components}
    assert f"Alchemist: {texts['Alchemist']}" in out and f"Guard Tower: {texts['Guard Tower']}" in out
    goblins = [c["text"] for c in components if c["name"] == "Goblins"]
    assert len(goblins) > 1 and all(f"Goblins: {text}" in out for text in goblins)   # every card of that name


# ------------------------------------------------------------------ a whole game
@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_shows_no_raw_codes_and_ends_with_the_breakdown(monkeypatch, capsys, name):
    answers = cycle(["1", "2", "r", "3", "1", "l", "2"])
    lines = [next(answers) for _ in range(3000)]
    out = play(monkeypatch, capsys, [name, "--players", "3", "--seed", "4", "--agents", "human,random,random",
                                     "--save", "game.json"], lines)
    assert "The game is over" in out
    bad = [line for line in out.splitlines() if RAW.search(line)]
    assert not bad, bad[:5]
    if name == "notre-dame":
        assert "Red (seat 0)" not in out and "You play" in out
    record = load_record(Path("game.json"))
    assert record["finished"] is True
    scores = record["scores"]
    # The breakdown: a header of names, the category rows, a rule, the total, the tie-breaks.
    end = out.split("The game is over (it was seed")[1].splitlines()
    total = next(i for i, line in enumerate(end) if line.startswith("Total"))
    header = max(i for i in range(total) if end[i].strip().startswith("You"))
    rows = [[int(x) for x in line.split()[-3:]] for line in end[header + 1:total - 1]]
    assert rows and [sum(column) for column in zip(*rows)] == scores
    assert [int(x) for x in end[total].split()[-3:]] == scores
    assert end[total + 1].startswith("Tie-break")
    assert "You win!" in out or "Winner: " in out or "Winners: " in out or "You share the win" in out
    # The finished record replays with `ludoteka replay`.
    assert main(["replay", "game.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] is True and data["scores"] == scores
    # Why the human lost (or won): the gap to the winner (runner-up) and where it was made.
    winners = data["winners"]
    rival = max((s for s in range(1, 3) if (s in winners) != (0 in winners)), key=lambda s: scores[s], default=None)
    if rival is not None and scores[rival] != scores[0]:
        gap = abs(scores[0] - scores[rival])
        head = "runner-up" if 0 in winners else "winner"
        assert re.search(rf"The {head} \(.+\) has {gap} points? (less|more) than you\. The biggest differences: ", out), out[-600:]


# ------------------------------------------------------------------ autosave, Ctrl-C, Ctrl-D
@pytest.mark.parametrize("name", GAMES)
def test_the_game_is_saved_after_every_decision(tmp_path, name):
    state = ludoteka.game(name).new_state(2, 3)
    path = tmp_path / "auto.json"
    checked = []

    def read_line():
        # Before each answer the save holds exactly the decisions made so far.
        if state.actions():
            assert load_record(path)["actions"] == list(state.actions())
            checked.append(len(state.actions()))
        return "1\n" if len(checked) < 12 else ""

    session = Session(state, ["human", "random"], path, io.StringIO(), read_line, autosave=True)
    assert session.run() is False
    assert len(checked) >= 11 and len(set(checked)) == len(checked)


@pytest.mark.parametrize("how", ["eof", "interrupt"])
def test_ctrl_d_or_ctrl_c_mid_game_leaves_a_resumable_save(monkeypatch, capsys, how):
    answers = iter(["1", "2", "1", "1", "2", "1", "1", "1", "2", "1"])

    class Keyboard(io.StringIO):
        def readline(self, *args):
            answer = next(answers, None)
            if answer is None:
                if how == "interrupt":
                    raise KeyboardInterrupt
                return ""
            return answer + "\n"

    monkeypatch.setattr(sys, "stdin", Keyboard())
    assert main(["play", "notre-dame", "--players", "3", "--seed", "8", "--agents", "human,random,random"]) == 0
    out = capsys.readouterr().out
    (saved,) = Path("saves").glob("*.json")
    assert f"saved to {saved}, resume with: {resume_command(saved)}" in out
    assert "Traceback" not in out
    record = load_record(saved)
    assert record["finished"] is False and len(record["actions"]) >= 3
    state = replay(record, ludoteka.game)
    # Resumed with the human: only the recent log lines are shown again.
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--resume", str(saved), "--save", "again.json"]) == 0
    out = capsys.readouterr().out
    shown = out.split("Resumed from")[1].split("NOTRE DAME")[0]
    assert "earlier lines: type l" in shown and shown.count("\n  · ") <= 16
    assert main(["play", "--resume", str(saved), "--agents", "random,random,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] is True and data["decisions"] > len(state.actions())
