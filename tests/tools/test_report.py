"""`ludoteka report`: the balance report's page, plots and summary, and its errors."""
from __future__ import annotations

import copy
import json
import re
import sys

import pytest

from ludoteka import registry
from ludoteka.cli.main import main
from ludoteka.tools.report import report
from ludoteka.tools.report_html import page

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"
GAMES = 6


def kingsburg():
    return registry.game("kingsburg")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    summary = report(kingsburg(), 2, games=GAMES, seed=3, agents=["random"], compare={"negative_vp": False},
                     out_dir=out)
    return out, summary


def without_run(summary):
    return {k: v for k, v in summary.items() if k != "run"}


def test_page_links_every_plot(made):
    out, summary = made
    html = (out / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'src="([^"]+)"', html))
    assert linked == {"wins.png", "scores.png", "length.png", "decisions.png"}
    for name in linked:
        assert (out / name).read_bytes()[:8] == PNG
        assert f'href="{name}"' in html
    assert {p.name for p in out.iterdir()} == linked | {"index.html"}
    assert sorted(summary["run"]["files"]) == sorted(str(out / n) for n in linked | {"index.html"})
    for text in ("Kingsburg", "not rotated", "negative_vp=false", "What changes with", "Time taken",
                 "ludoteka version", "Seeds"):
        assert text in html
    assert "<script" not in html and "Reconstructed component data" not in html   # Kingsburg: none


def test_summary_is_consistent_with_the_games(made):
    _, summary = made
    json.dumps(summary)                                      # JSON-ready
    assert summary["seeds"] == [3, 3 + GAMES - 1] and summary["agents"] == ["random", "random"]
    base, other = summary["sets"]
    assert base["options"]["negative_vp"] is True and other["options"]["negative_vp"] is False
    assert other["changed"] == {"negative_vp": False}
    for s in summary["sets"]:
        assert s["games"] == len(s["results"]) == GAMES
        assert [r["seed"] for r in s["results"]] == list(range(3, 3 + GAMES))
        assert sum(s["seat_wins"]["wins"]) == pytest.approx(GAMES)
        assert sum(s["position_wins"]["wins"]) == pytest.approx(GAMES)
        for rate, (low, high) in zip(s["seat_wins"]["rate"], s["seat_wins"]["ci95"]):
            assert 0 <= low <= rate <= high <= 1
        total = sum(r["decisions"] for r in s["results"])
        assert s["decisions"]["total"] == total
        assert sum(k["taken"] for k in s["kinds"]) == total
        assert sum(k["taken_per_game"] for k in s["kinds"]) == pytest.approx(total / GAMES)
        assert all(k["taken_per_game"] <= k["offered_per_game"] and k["distinct_offered"] >= 1 for k in s["kinds"])
        assert s["rounds"]["name"] == "year"
    measures = [d["measure"] for d in summary["differences"]]
    assert measures[0] == "mean score" and "decisions per game" in measures and "win rate first to move" in measures
    assert all(d["sentence"].startswith("With negative_vp=false") for d in summary["differences"])
    assert 0 <= summary["games_differing"] <= GAMES


def test_same_seed_same_summary_with_or_without_plots(made):
    _, summary = made
    again = report(kingsburg(), 2, games=GAMES, seed=3, agents=["random"], compare={"negative_vp": False})
    assert without_run(again) == without_run(summary)
    assert again["run"]["files"] == []


def test_workers_give_the_same_summary():
    one = report(kingsburg(), 2, games=4, seed=9, agents=["random", "greedy"])
    two = report(kingsburg(), 2, games=4, seed=9, agents=["random", "greedy"], workers=2)
    assert without_run(one) == without_run(two)
    assert one["differences"] == [] and one["games_differing"] is None


def test_solo_game_has_no_win_plot(tmp_path):
    summary = report(registry.game("messina-1347"), 1, games=2, agents=["random"], out_dir=tmp_path)
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "wins.png" not in html and (tmp_path / "scores.png").exists()
    assert summary["reconstructed"] and "Reconstructed component data" in html


def test_page_escapes_text(made):
    _, summary = made
    hostile = copy.deepcopy(summary)
    hostile["sets"][1]["label"] = "<img src=x onerror=alert(1)>"
    hostile["run"]["command"] = "ludoteka report '<b>'"
    html = page(hostile, {"wins": 'a"b.png'})
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "&lt;b&gt;" in html and 'src="a&quot;b.png"' in html


def test_cli_writes_and_reports(capsys, tmp_path):
    out = tmp_path / "r"
    assert main(["report", "kingsburg", "--players", "2", "--games", "2", "--agents", "random",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"report written to {out / 'index.html'}" in text and "first to move wins" in text
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "ludoteka report kingsburg --players 2 --games 2 --seed 0 --agents random --out" in html
    assert main(["report", "kingsburg", "--players", "2", "--games", "2", "--agents", "random",
                 "--option", "negative_vp=false", "--out", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sets"][0]["label"] == "base: negative_vp=false" and len(data["sets"]) == 1


def error(capsys, *argv):
    assert main(["report", "kingsburg", "--players", "2", "--games", "2", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_bad_input_gives_one_line(capsys, tmp_path, monkeypatch):
    out = str(tmp_path / "r")
    assert "unknown option 'nope'" in error(capsys, "--option", "nope=1", "--out", out)
    assert "cannot compare 'nope'" in error(capsys, "--compare", "nope=1", "--out", out)
    assert "--compare expects name=value" in error(capsys, "--compare", "nope", "--out", out)
    assert "nothing to compare" in error(capsys, "--compare", "negative_vp=true", "--out", out)
    assert "cannot be 3" in error(capsys, "--compare", "negative_vp=3", "--out", out)
    assert "unknown agent" in error(capsys, "--agents", "wizard", "--out", out)
    assert "3 agents given for 2 players" in error(capsys, "--agents", "random,random,random", "--out", out)
    assert "--out" in error(capsys)                                       # required
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "cannot write the report into" in error(capsys, "--out", str(blocker / "sub"))
    assert "cannot write the report into" in error(capsys, "--out", str(blocker))
    monkeypatch.setitem(sys.modules, "matplotlib", None)                  # as if not installed
    assert "pip install 'ludoteka[research]'" in error(capsys, "--out", out)
    assert not (tmp_path / "r" / "index.html").exists()
