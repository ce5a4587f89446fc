"""`ludoteka ladder`: a rated round robin (tools/ladder.py, cli/ladder.py), on Kingsburg with 2
players (random against greedy: quick, and greedy is clearly the better)."""
from __future__ import annotations

import builtins
import json

import pytest

import ludoteka
from ludoteka.cli.main import main
from ludoteka.tools import ladder as ladder_module
from ludoteka.tools.ladder import LadderError, OpenskillMissing, head_to_head, ladder, ranks_of, schedule

KINGSBURG = ludoteka.game("kingsburg")


def ratings(result):
    return [(a["agent"], round(a["rating"]["mu"], 9), round(a["rating"]["sigma"], 9)) for a in result["agents"]]


@pytest.fixture(scope="module")
def two_player():
    return ladder(KINGSBURG, 2, ["random", "greedy"], games=6, seed=3)


def test_greedy_is_rated_above_random(two_player):
    best, worst = two_player["agents"]
    assert (best["agent"], worst["agent"]) == ("greedy", "random")
    assert (best["place"], worst["place"]) == (1, 2)
    assert best["rating"]["mu"] > worst["rating"]["mu"]
    assert best["rating"]["ordinal"] == pytest.approx(best["rating"]["mu"] - 3 * best["rating"]["sigma"])
    lo, hi = best["rating"]["ci95"]
    assert lo < best["rating"]["mu"] < hi
    assert best["wins"] + worst["wins"] == pytest.approx(6) and best["games"] == worst["games"] == 6
    w_lo, w_hi = best["win_rate_ci95"]
    assert 0 <= w_lo <= best["win_rate"] <= w_hi <= 1
    assert two_player["tables"] == [[0, 1]] and two_player["games"] == len(two_player["results"]) == 6
    # seats rotate: each agent sits in each seat three times
    assert sorted(r["seats"][0] for r in two_player["results"]) == [0, 0, 0, 1, 1, 1]


def test_same_seed_same_ratings_and_workers_change_nothing(two_player):
    again = ladder(KINGSBURG, 2, ["random", "greedy"], games=6, seed=3, workers=2)
    assert ratings(again) == ratings(two_player)
    assert again["results"] == two_player["results"]
    other = ladder(KINGSBURG, 2, ["random", "greedy"], games=6, seed=4)
    assert [r["seed"] for r in other["results"]] != [r["seed"] for r in two_player["results"]]


def test_every_subset_plays():
    assert schedule(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    result = ladder(KINGSBURG, 2, ["random", "greedy", "greedy:lookahead=0"], games=2, seed=1)
    assert result["tables"] == [[0, 1], [0, 2], [1, 2]] and result["games"] == 6
    assert {a["agent"]: a["games"] for a in result["agents"]} == {"random": 4, "greedy": 4,
                                                                   "greedy:lookahead=0": 4}
    assert result["agents"][-1]["agent"] == "random"
    assert len({r["seed"] for r in result["results"]}) == 6


def test_head_to_head_of_two_players_is_the_win_rate(two_player):
    (pair, reverse) = sorted(two_player["head_to_head"], key=lambda p: p["agent"])
    by_index = {a["index"]: a for a in two_player["agents"]}
    for p in (pair, reverse):
        assert p["games"] == 6 and p["rate"] == pytest.approx(by_index[p["agent"]]["win_rate"])
        assert p["rate_ci95"] == pytest.approx(by_index[p["agent"]]["win_rate_ci95"])
    assert pair["ahead"] + reverse["ahead"] == pytest.approx(6)


def test_head_to_head_counts_who_finished_ahead_and_halves_equal_ranks():
    rows = [{"agents": [0, 1, 2], "ranks": [1, 2, 3]},
            {"agents": [0, 1, 2], "ranks": [2, 2, 1]},
            {"agents": [0, 1, 3], "ranks": [3, 1, 2]}]
    pairs = {(p["agent"], p["opponent"]): (p["games"], p["ahead"]) for p in head_to_head(rows, 4)}
    assert pairs[(0, 1)] == (3, 1.5) and pairs[(1, 0)] == (3, 1.5)
    assert pairs[(0, 2)] == (2, 1.0) and pairs[(2, 1)] == (2, 1.0) and pairs[(3, 0)] == (1, 1.0)
    assert (2, 3) not in pairs and (3, 2) not in pairs                 # they never met
    assert len(pairs) == 10


def test_ranks_share_ties_and_put_winners_first():
    assert ranks_of([10, 20, 20, 5], [0, 0.5, 0.5, 0]) == [3, 1, 1, 4]
    assert ranks_of([20, 20], [1, 0]) == [1, 2]                   # a tie-break decided the winner


@pytest.mark.parametrize("agents,players,message", [
    (["random"], 2, "needs at least 2 agents, got 1"),
    (["random", "greedy"], 3, "needs at least 3 agents, got 2"),
    (["random", "random"], 2, "given twice"),
    (["random", "minimax"], 2, "unknown agent 'minimax'"),
    (["random", "ismcts:width=2"], 2, "has no parameter 'width'"),
])
def test_bad_input_is_refused(agents, players, message):
    with pytest.raises(ValueError, match=message):
        ladder(KINGSBURG, players, agents, games=2)


def test_bad_games_and_players():
    with pytest.raises(LadderError, match="games must be"):
        ladder(KINGSBURG, 2, ["random", "greedy"], games=0)
    with pytest.raises(LadderError, match="at least 2 players"):
        ladder(KINGSBURG, 1, ["random", "greedy"], games=2)


def test_command_line(capsys):
    assert main(["ladder", "kingsburg", "--players", "2", "--agents", "random,greedy", "--games", "2",
                 "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [a["agent"] for a in data["agents"]] == ["greedy", "random"] and data["games_per_table"] == 2
    assert main(["ladder", "kingsburg", "--players", "2", "--agents", "random,greedy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "1. greedy" in out and "ordinal" in out and "95% CI" in out
    assert "Head to head" in out and "greedy  ahead of random in " in out
    for argv, message in ((["--agents", "random"], "at least 2 agents"),
                          ([], "--agents is required"),
                          (["--agents", "random,nope"], "unknown agent 'nope'"),
                          (["--agents", "random,greedy", "--games", "0"], "--games"),
                          (["--agents", "random,greedy", "--players", "9"], "9 players is not allowed")):
        assert main(["ladder", "kingsburg", "--players", "2", *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith("ludoteka: error:") and message in err and len(err.strip().splitlines()) == 1


def test_missing_openskill_names_the_extra(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_openskill(name, *args, **kwargs):
        if name.startswith("openskill"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_openskill)
    with pytest.raises(OpenskillMissing, match=r"pip install 'ludoteka\[research\]'"):
        ladder_module.ladder(KINGSBURG, 2, ["random", "greedy"], games=2)
    assert main(["ladder", "kingsburg", "--players", "2", "--agents", "random,greedy", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'ludoteka[research]'" in err and len(err.strip().splitlines()) == 1
