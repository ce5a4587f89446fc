"""scripts/compare_evaluations.py: one seat with the game's evaluation, the rest with a file's."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import ludoteka

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("compare_evaluations", ROOT / "scripts" / "compare_evaluations.py")
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)
GAME = ludoteka.game("kingsburg")
OWN = ROOT / "src" / "ludoteka" / "boardgames" / "kingsburg" / "evaluate.py"


def test_other_seats_search_with_the_files_evaluation(tmp_path, capsys):
    calls = tmp_path / "counting_evaluate.py"
    calls.write_text(OWN.read_text() + "\nCALLS = []\n_real = evaluate_all\n\n"
                     "def evaluate_all(state):\n    CALLS.append(state.to_act)\n    return _real(state)\n")
    other = compare.load_evaluation(GAME, str(calls))
    state = compare.play(GAME, other, "ismcts:iterations=4", 4, 11, measured=2)
    assert state.is_terminal()
    assert other.CALLS and GAME.evaluate_all.__self__ is GAME      # restored after each choice
    assert compare.main(["kingsburg", str(OWN), "--agent", "ismcts:iterations=2", "--games", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["measured_seat"] for line in lines[:2]] == [0, 1] and lines[2]["games"] == 2


def test_a_file_without_the_functions_is_refused(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\n")
    with pytest.raises(SystemExit, match="defines no function evaluate"):
        compare.load_evaluation(GAME, str(bad))


def test_parallel_searches_are_refused(capsys):
    with pytest.raises(SystemExit):
        compare.main(["kingsburg", str(OWN), "--agent", "ismcts_parallel:iterations=2"])
    assert "worker processes" in capsys.readouterr().err
