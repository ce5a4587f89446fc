"""The tools as functions: simulate (and its invariant checks on broken games), bench, arena, replay."""
from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteka.kernel import Action, TamperedRecord, load_record
from ludoteka.tools import arena, bench, check_state, replay_file, simulate
from ludoteka.tools.stats import mean_ci, share_wins, wilson
import toy_game
from toy_game import GAME, ToyGame, ToyState


def lookup(name):
    return GAME


# ------------------------------------------------------------------ simulate
def test_simulate_reports_clean_games(tmp_path):
    result = simulate(GAME, 3, games=6, seed=10, save_dir=tmp_path / "records")
    for field in ("games", "completed", "decisions", "seconds", "violations", "scores", "wins",
                  "mean_scores", "decisions_per_game", "agents"):
        assert field in result
    assert result["games"] == result["completed"] == 6
    assert result["violations"] == [] and result["violation_count"] == 0
    assert result["decisions"] == 6 * 18 == sum(result["decisions_per_game"])
    assert len(result["scores"]) == 6 and all(len(s) == 3 for s in result["scores"])
    assert sum(result["wins"]) == pytest.approx(6)
    assert result["agents"] == ["random"] * 3
    json.dumps(result)
    files = sorted((tmp_path / "records").glob("*.json"))
    assert [f.name for f in files] == [f"toy-3p-{s}.json" for s in range(10, 16)]
    summary = replay_file(files[0], lookup)
    assert summary["scores"] == result["scores"][0]


def test_simulate_is_reproducible_and_uses_seed_plus_i():
    a = simulate(GAME, 2, games=3, seed=5, agents=["greedy", "random"], deep=0.3)
    b = simulate(GAME, 2, games=3, seed=5, agents=["greedy", "random"], deep=0)
    assert a["scores"] == b["scores"]
    single = simulate(GAME, 2, games=1, seed=7, agents=["greedy", "random"])
    assert single["scores"][0] == a["scores"][2]


def test_simulate_rejects_bad_arguments():
    with pytest.raises(ValueError, match="3 agents given for 2 players"):
        simulate(GAME, 2, agents=["random"] * 3)
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(GAME, 2, agents=["nobody"])
    with pytest.raises(ValueError, match="deep"):
        simulate(GAME, 2, deep=2)


class _Broken(ToyGame):
    def __init__(self, state_class):
        self.state_class = state_class
        state_class.game = self


class AliasingState(ToyState):
    __slots__ = ()

    def clone(self):
        c = super().clone()
        c.deck = self.deck            # the bug: the copy shares the deck
        return c


class EndlessState(ToyState):
    __slots__ = ()

    def next_turn(self):
        self.push(toy_game.TURN(0))    # the bug: the turn never advances


class PeekingState(ToyState):
    __slots__ = ()

    def determinize(self, seat, seed):
        d = super().determinize(seat, seed)
        d.secret[seat] = 10 - d.secret[seat] if d.secret[seat] != 5 else 4   # the seat's own card changes
        return d


class DuplicateState(ToyState):
    __slots__ = ()

    def turn_keys(self):
        keys = super().turn_keys()
        return keys + keys[:1]


class UnlabelledState(ToyState):
    __slots__ = ()

    def describe_key(self, key):
        return Action(key, "")


class ForgetfulState(ToyState):
    __slots__ = ()

    def _snapshot(self):
        data = super()._snapshot()
        data["pile"] = [0] * self.players          # the bug: points are not saved
        return data


class MiscountingState(ToyState):
    __slots__ = ()

    def score_breakdown(self):
        parts = super().score_breakdown()
        parts[0]["points"]["cards"] += 1          # the bug: the breakdown misses the score
        return parts


class SilentEventsState(ToyState):
    __slots__ = ()

    def events(self, seat=None):
        return super().events(seat)[:-1]         # the bug: the newest event never reaches clients


@pytest.mark.parametrize("state_class,message", [
    (MiscountingState, "does not sum to its score"),
    (SilentEventsState, "disagree"),
    (AliasingState, "changed the original"),
    (PeekingState, "different view"),
    (DuplicateState, "duplicate legal keys"),
    (UnlabelledState, "has no label"),
    (ForgetfulState, "restored from JSON"),
])
def test_simulate_catches_broken_games(state_class, message):
    result = simulate(_Broken(state_class), 2, games=2, seed=1)
    assert result["violation_count"] > 0
    assert any(message in v for v in result["violations"]), result["violations"][:3]


def test_simulate_catches_a_game_that_never_ends():
    result = simulate(_Broken(EndlessState), 2, games=1, seed=1, max_decisions=300, deep=0)
    assert result["completed"] == 0
    assert any("not over after 300 decisions" in v for v in result["violations"])


def test_check_state_on_a_clean_state_is_empty():
    state = GAME.new_state(4, 3)
    assert check_state(state, deep=True) == []
    state.apply("roll")
    assert check_state(state, deep=True) == []


def test_game_invariant_hook_is_reported():
    state = GAME.new_state(2, 3)
    state.taken += 1
    assert any("cards are accounted for" in p for p in check_state(state))


# ------------------------------------------------------------------ bench
def test_bench_fields():
    result = bench(GAME, 4, seconds=0.2, seed=1, clone_states=5, clone_repeats=50)
    for field in ("decisions_per_second", "games_per_second", "clone_microseconds",
                  "mean_decisions_per_game", "games", "seconds"):
        assert result[field] > 0
    assert result["mean_decisions_per_game"] == 24
    assert result["decisions"] == 24 * result["games"]
    with pytest.raises(ValueError):
        bench(GAME, 4, seconds=0)


# ------------------------------------------------------------------ arena
def test_arena_fields_rotation_and_worker_independence():
    agents = ["ismcts:iterations=40", "random"]
    serial = arena(GAME, 2, agents, games=6, seed=3)
    parallel = arena(GAME, 2, agents, games=6, seed=3, workers=2)
    assert serial["results"] == parallel["results"]
    assert [r["seats"] for r in serial["results"]] == [[0, 1], [1, 0]] * 3
    total = 0.0
    for a, b in zip(serial["agents"], parallel["agents"]):
        for field in ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95", "decisions"):
            assert a[field] == b[field]
        lo, hi = a["win_rate_ci95"]
        assert 0 <= lo <= a["win_rate"] <= hi <= 1
        slo, shi = a["mean_score_ci95"]
        assert slo <= a["mean_score"] <= shi
        assert a["max_seconds_per_decision"] >= a["mean_seconds_per_decision"] > 0
        total += a["wins"]
    assert total == pytest.approx(6)
    assert serial["agents"][0]["agent"] == "ismcts:iterations=40"
    json.dumps(serial)


def test_arena_rejects_bad_arguments():
    with pytest.raises(ValueError, match="one per seat"):
        arena(GAME, 3, ["random", "random"])
    with pytest.raises(ValueError, match="workers"):
        arena(GAME, 2, ["random", "random"], workers=0)


# ------------------------------------------------------------------ replay
def test_replay_file_and_tampering(tmp_path):
    simulate(GAME, 2, games=1, seed=4, save_dir=tmp_path)
    path = tmp_path / "toy-2p-4.json"
    summary = replay_file(path, lookup)
    for field in ("game", "scores", "decisions", "winners", "log"):
        assert field in summary
    assert summary["finished"] and summary["decisions"] == 12
    record: dict[str, Any] = load_record(path)
    record["scores"][1] += 5
    path.write_text(json.dumps(record))
    with pytest.raises(TamperedRecord):
        replay_file(path, lookup)


# ------------------------------------------------------------------ stats
def test_stats():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert mean_ci([2.0]) == (2.0, 2.0, 2.0)
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0])
    assert mean == 2.0 and lo == pytest.approx(2 - 1.96 / 3 ** 0.5, abs=1e-3)
    assert share_wins([0, 2], 3) == [0.5, 0.0, 0.5]
