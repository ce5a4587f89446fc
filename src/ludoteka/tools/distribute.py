"""Run independent jobs (one game each) serially, in local processes or on a Ray cluster.

The results come back in job order whichever way they ran, and each job carries its own seeds,
so a run gives the same results on one core, on `--workers N` processes and on Ray.
"""
from __future__ import annotations

import multiprocessing
from typing import Any, Callable, Iterable, TypeVar

from ..kernel import LudotekaError

J = TypeVar("J")
R = TypeVar("R")

MAX_WORKERS = 256
LOCAL_RAY = "local"          # `--ray` without an address: start a Ray instance on this machine
RAY_WINDOW = 4               # jobs in flight per Ray CPU: enough to keep every worker busy


class RayMissing(LudotekaError):
    """`--ray` was asked for but Ray is not installed."""


def run_jobs(func: Callable[[J], R], jobs: Iterable[J], total: int, workers: int = 1,
             ray: str | None = None, progress: Callable[[int, int], None] | None = None) -> list[R]:
    """`[func(job) for job in jobs]`, in that order, spread over `workers` processes or Ray.

    `ray` is None (no Ray), LOCAL_RAY (a Ray instance on this machine, with `workers` CPUs when
    more than 1 is given) or a cluster address such as `ray://head:10001` or `auto`. `func` and
    the jobs must pickle. `progress(done, total)` is called after each finished job.
    """
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    if ray is not None:
        return _run_on_ray(func, jobs, total, ray, workers, progress)
    results: list[R] = []

    def done(result: R) -> None:
        results.append(result)
        if progress is not None:
            progress(len(results), total)

    if workers == 1 or total <= 1:
        for job in jobs:
            done(func(job))
        return results
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(min(workers, total)) as pool:
        for result in pool.imap(func, jobs):        # imap keeps the job order
            done(result)
    return results


def _run_on_ray(func: Callable[[J], R], jobs: Iterable[J], total: int, address: str, workers: int,
                progress: Callable[[int, int], None] | None) -> list[R]:
    try:
        import ray
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'ludoteka[scale]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                    "configure_logging": False}
        if address == LOCAL_RAY:
            if workers > 1:
                settings["num_cpus"] = workers
        else:
            settings["address"] = address
        ray.init(**settings)
    try:
        remote = ray.remote(func)
        window = max(2, int(ray.cluster_resources().get("CPU", 1)) * RAY_WINDOW)
        results: dict[int, R] = {}
        pending: dict[Any, int] = {}
        source = iter(enumerate(jobs))
        exhausted = False
        while pending or not exhausted:
            while not exhausted and len(pending) < window:      # never hold the whole plan
                item = next(source, None)
                if item is None:
                    exhausted = True
                else:
                    pending[remote.remote(item[1])] = item[0]
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                results[pending.pop(ref)] = ray.get(ref)
                if progress is not None:
                    progress(len(results), total)
        return [results[i] for i in range(len(results))]
    finally:
        if started_here:
            ray.shutdown()
