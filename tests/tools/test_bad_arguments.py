"""Bad command-line arguments and files: clear one-line errors, never a hang or a traceback."""
from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

import ludoteka
from ludoteka import registry
from ludoteka.ai import AgentSpecError, IsmctsAgent, make_agent
from ludoteka.cli.main import main
from ludoteka.kernel import BadRecord, UnknownGame, record_of, replay
from ludoteka.tools import bench, simulate
from toy_game import GAME

HUGE = "1000000000000000000000"          # 10**21


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {"toy": GAME})


class Hang(BaseException):
    """Raised by the deadline: a BaseException, so no `except Exception` can swallow it."""


@contextmanager
def deadline(seconds: float = 10.0):
    """Fail (instead of hanging) when the block runs longer than `seconds`."""
    def expire(signum, frame):
        raise Hang(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_error(capsys, *argv: str) -> str:
    """Run the command (within a deadline); it must fail with one `ludoteka: error:` line."""
    with deadline():
        code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("ludoteka: error: "), err
    return lines[0]


def run_limited(*argv: str, memory: int = 1 << 30, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run `python -m ludoteka ARGV` on a real game with at most `memory` bytes, within `timeout`.

    For inputs that used to eat all memory: a regression fails here instead of swapping.
    """
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return subprocess.run([sys.executable, "-m", "ludoteka", *argv], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=limit)


def finished_record(tmp_path: Path) -> tuple[Path, dict]:
    state = GAME.new_state(2, 5)
    while state.to_act is not None:
        state.apply(state.legal_keys()[0])
    record = record_of(state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return path, record


# ------------------------------------------------------------ 4: ranges and finiteness
@pytest.mark.parametrize("argv,names", [
    (["bench", "toy", "--seconds", "nan"], ["--seconds", "3,600"]),
    (["bench", "toy", "--seconds", "inf"], ["--seconds", "3,600"]),
    (["bench", "toy", "--seconds", "1e400"], ["--seconds", "3,600"]),
    (["bench", "toy", "--seconds", "-0.5"], ["--seconds", "above 0"]),
    (["simulate", "toy", "--agents", "ismcts:seconds=nan", "--games", "1"], ["'seconds'", "3,600"]),
    (["simulate", "toy", "--agents", "ismcts:seconds=inf", "--games", "1"], ["'seconds'", "3,600"]),
    (["simulate", "toy", "--agents", "ismcts:c=nan", "--games", "1"], ["'c'", "from 0 to 100"]),
    (["simulate", "toy", "--agents", "ismcts:c=-1", "--games", "1"], ["'c'", "from 0 to 100"]),
    (["simulate", "toy", "--agents", "ismcts:iterations=99999999999", "--games", "1"], ["'iterations'", "10,000,000"]),
    (["simulate", "toy", "--agents", "ismcts:depth=٣", "--games", "1"], ["'depth'", "integer"]),
    (["simulate", "toy", "--agents", "greedy:lookahead=1000", "--games", "1"], ["'lookahead'", "0 to 16"]),
    (["simulate", "toy", "--deep", "nan"], ["--deep", "0 to 1"]),
    (["simulate", "toy", "--deep", "1.5"], ["--deep", "0 to 1"]),
    (["simulate", "toy", "--games", "0"], ["--games", "1,000,000"]),
    (["simulate", "toy", "--seed", "-1"], ["--seed", "from 0"]),
    (["arena", "toy", "--players", "2", "--agents", "random,random", "--workers", "0"], ["--workers", "256"]),
    (["arena", "toy", "--players", "2", "--agents", "random,random", "--workers", "100000"], ["--workers", "256"]),
    (["play", "toy", "--seed", "²"], ["--seed", "integer"]),
])
def test_numeric_arguments_are_checked(capsys, argv, names):
    line = run_error(capsys, *argv)
    for name in names:
        assert name in line, line


def test_agent_parameters_are_checked_when_built_in_python():
    with pytest.raises(AgentSpecError, match="'c'"):
        IsmctsAgent(0, c=float("nan"))
    with pytest.raises(AgentSpecError, match="'seconds'"):
        IsmctsAgent(0, seconds=float("inf"))
    assert make_agent("ismcts:c=0,seconds=0.5,depth=0", 1).c == 0.0


def test_tool_functions_check_their_numbers():
    for call in (lambda: bench(GAME, 2, seconds=float("nan")),
                 lambda: bench(GAME, 2, seconds=float("inf")),
                 lambda: simulate(GAME, 2, games=1, max_decisions=0),
                 lambda: simulate(GAME, 2, games=1, deep=float("nan"))):
        with deadline(), pytest.raises(ValueError):
            call()


# ------------------------------------------------------------ 5: tracebacks
def test_deeply_nested_record_is_a_bad_record(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in run_error(capsys, "replay", str(path))
    assert "nested too deeply" in run_error(capsys, "play", "--resume", str(path))
    path.write_text('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert "nested too deeply" in run_error(capsys, "replay", str(path), "--json")


@pytest.mark.parametrize("command", [["simulate", "toy"], ["bench", "toy"], ["play", "toy"],
                                     ["arena", "toy", "--agents", "random"]])
def test_a_huge_player_count_is_refused(capsys, command):
    line = run_error(capsys, *command, "--players", HUGE)
    assert "players is not allowed" in line and "2 to 4" in line


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replay_of_an_endless_file_is_refused():
    result = run_limited("replay", "/dev/zero")
    assert result.returncode == 2, result.stderr[-500:]
    assert result.stderr.startswith("ludoteka: error: ") and "larger than 32 MB" in result.stderr


def test_a_huge_arena_fails_fast():
    result = run_limited("arena", "notre-dame", "--players", "2", "--agents", "random,random",
                         "--games", "1000000000000", timeout=30)
    assert result.returncode == 2, result.stderr[-500:]
    assert "--games" in result.stderr and "1,000,000" in result.stderr


# ------------------------------------------------------------ 6: silent acceptance
@pytest.mark.parametrize("argv", [
    ["simulate", "toy", "--agents", ""],
    ["arena", "toy", "--agents", ""],
    ["play", "toy", "--agents", ""],
    ["simulate", "toy", "--agents", "random,,random"],
    ["arena", "toy", "--players", "2", "--agents", "random,"],
])
def test_empty_agent_lists_are_errors(capsys, argv):
    assert "--agents" in run_error(capsys, *argv)


@pytest.mark.parametrize("value", ["no", "false", 0, 1, None])
def test_finished_must_be_a_boolean(capsys, tmp_path, value):
    path, record = finished_record(tmp_path)
    record["finished"] = value
    path.write_text(json.dumps(record))
    assert "'finished'" in run_error(capsys, "replay", str(path))
    with pytest.raises(BadRecord, match="finished"):
        replay(record, lambda name: GAME)


def test_max_decisions_zero_is_an_error(capsys):
    line = run_error(capsys, "simulate", "toy", "--max-decisions", "0")
    assert "--max-decisions" in line and "from 1" in line


@pytest.mark.parametrize("name", [["x"], None, 3, {"a": 1}])
def test_game_names_must_be_strings(name, monkeypatch):
    with pytest.raises(UnknownGame, match="must be a string"):
        ludoteka.game(name)


# ------------------------------------------------------------ 7: short quotes and the prefix
def test_a_huge_illegal_key_is_quoted_short(capsys, tmp_path):
    path, record = finished_record(tmp_path)
    for key in ("k" * 10_000_000, "k k " * 2_500_000):
        record["actions"][0] = key
        path.write_text(json.dumps(record))
        line = run_error(capsys, "replay", str(path))
        assert "does not replay" in line and "…" in line and len(line) < 600, line[:700]


@pytest.mark.parametrize("argv", [
    ["simulate", "toy", "--option", "rounds=" + "9" * 5000],
    ["simulate", "toy", "--option", "rounds=" + "word " * 2000],
    ["simulate", "toy", "--option", "r" * 5000 + "=1"],
    ["simulate", "toy", "--agents", "wizard" * 1000],
    ["simulate", "toy", "--agents", "ismcts:" + "x" * 5000 + "=1"],
    ["simulate", "toy", "--games", "9" * 5000],
    ["simulate", "toy" * 1000],
    ["play", "toy", "--seat", "1" * 5000 + "=random"],
])
def test_huge_bad_values_are_quoted_short(capsys, argv):
    line = run_error(capsys, *argv)
    assert len(line) < 300 and "…" in line, line[:400]


@pytest.mark.parametrize("argv", [
    [], ["frobnicate"], ["games", "--bogus"], ["agents", "extra"],
    ["play"], ["play", "toy", "--players"], ["play", "toy", "--seat", "x"],
    ["play", "toy", "--seat", "1=wizard"], ["play", "toy", "--option", "nope"],
    ["play", "--resume", "/nonexistent/file.json"],
    ["simulate"], ["simulate", "toy", "--games", "many"], ["simulate", "chess"],
    ["simulate", "toy", "--option", "rounds"], ["simulate", "toy", "--agents", "ismcts:speed=1"],
    ["simulate", "toy", "--players", "3", "--agents", "random,random"],
    ["replay"], ["replay", "/nonexistent/file.json"],
    ["bench"], ["bench", "toy", "--seconds", "x"], ["bench", "toy", "--option", "speed=1"],
    ["arena"], ["arena", "toy", "--agents", "random,random,random", "--players", "2"],
    ["arena", "toy", "--players", "2", "--agents", "random,wizard"],
])
def test_every_usage_error_has_the_prefix(capsys, argv):
    run_error(capsys, *argv)


def test_the_installed_command_reports_errors_with_the_prefix():
    command = Path(sys.executable).with_name("ludoteka")
    if not command.exists():
        pytest.skip("no installed ludoteka command next to the interpreter")
    for argv in (["bench", "notre-dame", "--seconds", "nan"], ["simulate"]):
        result = subprocess.run([str(command), *argv], capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and result.stderr.startswith("ludoteka: error: "), result.stderr
