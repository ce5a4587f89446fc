"""Simulations and arenas beyond one process: `--workers N` and `--ray` give the local run's results."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ludoteka import registry
from ludoteka.tools import arena, simulate
from ludoteka.tools.distribute import LOCAL_RAY, RayMissing, run_jobs


def _square(x: int) -> int:
    return x * x


def _timings_removed(result: dict) -> dict:
    out = dict(result)
    for field in ("seconds", "workers", "ray"):
        out.pop(field)
    if "agents" in out and isinstance(out["agents"][0], dict):
        out["agents"] = [{k: v for k, v in a.items() if "seconds" not in k} for a in out["agents"]]
    return out


def test_run_jobs_keeps_the_job_order_and_reports_progress():
    seen = []
    jobs = range(25)
    serial = run_jobs(_square, iter(jobs), 25, progress=lambda done, total: seen.append((done, total)))
    assert serial == [x * x for x in jobs]
    assert seen == [(i, 25) for i in range(1, 26)]
    assert run_jobs(_square, iter(jobs), 25, workers=2) == serial
    with pytest.raises(ValueError, match="workers must be from 1 to 256"):
        run_jobs(_square, jobs, 25, workers=0)


def test_simulate_in_processes_gives_the_serial_results():
    game = registry.game("kingsburg")
    serial = simulate(game, 3, games=4, seed=11, deep=0.2)
    parallel = simulate(game, 3, games=4, seed=11, deep=0.2, workers=2)
    assert serial["violation_count"] == 0 and serial["completed"] == 4
    assert _timings_removed(parallel) == _timings_removed(serial)


def test_arena_and_simulate_on_a_local_ray_give_the_local_results():
    """CI starts a local Ray instance (two CPUs) here: same seeds, same results as one process."""
    game = registry.game("notre-dame")
    agents = ["greedy", "random", "random"]
    local = arena(game, 3, agents, games=5, seed=7)
    seen = []
    on_ray = arena(game, 3, agents, games=5, seed=7, ray=LOCAL_RAY, workers=2,
                   progress=lambda done, total: seen.append(done))
    assert on_ray["ray"] == LOCAL_RAY and seen[-1] == 5 and sorted(seen) == seen
    assert _timings_removed(on_ray) == _timings_removed(local)
    assert simulate(game, 2, games=3, seed=4, deep=0.1, ray=LOCAL_RAY)["scores"] == \
        simulate(game, 2, games=3, seed=4, deep=0.1)["scores"]


def test_the_command_line_takes_ray_and_workers(tmp_path):
    out = subprocess.run([sys.executable, "-m", "ludoteka", "arena", "kingsburg", "--players", "2",
                          "--agents", "greedy,random", "--games", "4", "--ray", "--workers", "2", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert data["ray"] == LOCAL_RAY and len(data["results"]) == 4
    again = subprocess.run([sys.executable, "-m", "ludoteka", "arena", "kingsburg", "--players", "2",
                            "--agents", "greedy,random", "--games", "4", "--workers", "2", "--json"],
                           capture_output=True, text=True, timeout=300)
    assert json.loads(again.stdout)["results"] == data["results"]


def test_a_missing_ray_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)       # `import ray` raises ImportError
    with pytest.raises(RayMissing, match=r"ludoteka\[scale\]"):
        run_jobs(_square, [1, 2], 2, ray=LOCAL_RAY)
