"""Root-parallel IS-MCTS: independent searches in worker processes, their root visits summed.

Each of the `workers` searches is an ordinary `ismcts` search with its own seed, run from the
same position; the agent adds up the root children's visit counts (and rewards) and plays the
most visited legal key (Chaslot, Winands, van den Herik 2008: "root parallelization"). The
searches share nothing, so on N cores they take the time of one.

What a search gets is `state.determinize(seat, seed)` written as JSON: a full state that
depends only on what the seat may see (so a worker never holds the real hidden cards), and
which determinizes exactly as the real state does. Both ways of running the searches, in
worker processes or one after another in this process, start from that same text and the same
seeds, so with `iterations` alone (no `seconds`) the choice is the same either way and for any
machine. The processes are a pool kept for the life of the process (one per core, at most
`workers`), shared by every agent of this kind; where a process may not have children (the
daemonic workers of `multiprocessing.Pool`, as `run_jobs` uses), where the pool cannot start,
or on one core, the searches run in this process instead. With `seconds`, each search gets the
whole budget when all run at once, and its share of it when they take turns (in this process,
or more searches than processes). Search processes ignore Ctrl-C: it is for the program.
"""
from __future__ import annotations

import atexit
import json
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..kernel import GameState
from .base import Param, register
from .ismcts import IsmctsAgent, RootTally

DEFAULT_WORKERS = 2
MAX_WORKERS = 64
# Seeds of the searches: search i of a decision gets the agent's draw plus i times this odd number.
_STRIDE = 0x9E3779B97F4A7C15

# The pool of search processes (shared by every agent in this process), the process that made
# it (a forked child must not use its parent's pool) and its size.
_POOL: ProcessPoolExecutor | None = None
_POOL_PID = 0
_POOL_SIZE = 0
_POOL_LOCK = threading.Lock()
_DISABLED = False            # the pool failed to start once here: run in-process from now on


def _can_have_children() -> bool:
    """False in a daemonic process (a `multiprocessing.Pool` worker may not start processes)."""
    try:
        return not multiprocessing.current_process().daemon
    except Exception:                               # pragma: no cover - exotic embeddings
        return False


def _context():
    """Fork while this process has one thread (fast, inherits the loaded modules); else a fork
    server or spawn, which are safe next to threads."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _pool(size: int) -> ProcessPoolExecutor | None:
    """The shared pool with at least `size` processes, or None where processes are not allowed."""
    global _POOL, _POOL_PID, _POOL_SIZE, _DISABLED
    if size < 2 or _DISABLED or not _can_have_children():
        return None
    with _POOL_LOCK:
        if _POOL is not None and _POOL_PID == os.getpid() and _POOL_SIZE >= size:
            return _POOL
        if _POOL is not None and _POOL_PID == os.getpid():
            _POOL.shutdown(wait=False, cancel_futures=True)
        try:
            _POOL = ProcessPoolExecutor(size, mp_context=_context(), initializer=_quiet_worker)
        except (OSError, ValueError, RuntimeError, AssertionError):
            _DISABLED = True
            _POOL = None
            return None
        _POOL_PID, _POOL_SIZE = os.getpid(), size
        return _POOL


def _quiet_worker() -> None:
    """In a search process: Ctrl-C is for the program that asked (it stops the pool), not for us."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _drop_pool() -> None:
    """Forget a broken pool (a worker was killed): a new one is made next time."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None and _POOL_PID == os.getpid():
            _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


def shutdown_pool() -> None:
    """Stop the search processes of this process (they are also stopped at exit)."""
    _drop_pool()


atexit.register(shutdown_pool)


def _game_ref(state: GameState) -> Any:
    """How a worker finds the game: its registered name, or the game object itself."""
    from .. import registry
    game = state.game
    try:
        if registry.game(game.name) is game:
            return game.name
    except Exception:
        pass
    return game


def _search(task: tuple) -> tuple[dict[str, tuple[int, float]], int, dict | None]:
    """One independent search (in a worker or here): root children's (visits, reward sum), the
    iterations run and, when the task asks for one (an analysis), its RootTally's sums."""
    game_ref, text, seed, settings, tally_seat = task
    if isinstance(game_ref, str):
        from .. import registry
        game = registry.game(game_ref)
    else:
        game = game_ref
    state = game.state_from_json(json.loads(text), verify_history=False)
    agent = IsmctsAgent(seed, **settings)
    tally = RootTally(tally_seat) if tally_seat is not None else None
    root = agent.search(state, tally)
    return ({key: (node.visits, node.reward) for key, node in root.children.items()}, agent.last_iterations,
            tally.plain() if tally is not None else None)


@register
class ParallelIsmctsAgent(IsmctsAgent):
    """Root-parallel IS-MCTS: `workers` independent ismcts searches, their root visits summed.

    Each search runs in its own worker process where processes are allowed, else in turn here.
    """

    kind = "ismcts_parallel"
    params = dict(IsmctsAgent.params)
    params["iterations"] = Param(int, None, "iterations of each search (default: the ismcts default, "
                                            "with its time cap unless given alone)", 1, 10_000_000)
    params["seconds"] = Param(float, None, "seconds per decision (each search, in parallel; shared "
                                           "when the searches run in turn)", 0, 3600.0, low_open=True)
    params["workers"] = Param(int, DEFAULT_WORKERS, "independent searches, each in its own process "
                                                    "where processes are allowed", 1, MAX_WORKERS)

    def __init__(self, seed: int = 0, **settings: Any):
        super().__init__(seed, **settings)
        self.last_parallel = False        # whether the last search ran in worker processes

    def search_settings(self, share: float = 1.0) -> dict[str, Any]:
        """The settings of one search; `share` of the time budget when the searches take turns."""
        settings: dict[str, Any] = {"depth": self.depth, "c": self.c, "forced": self.forced, "win": self.win}
        if self.iterations is not None:
            settings["iterations"] = self.iterations
        if self.seconds is not None:
            settings["seconds"] = self.seconds * share
        if self.iterations is None and self.seconds is None:   # pragma: no cover (set in __init__)
            settings["iterations"] = 1
        return settings

    def root_stats(self, state: GameState, tally: RootTally | None = None) -> dict[str, tuple[int, float]]:
        """The searches' summed root statistics, key -> (visits, reward sum); `tally` (an
        analysis's) gets the searches' tallies added, and changes nothing else."""
        seat = tally.seat if tally is not None else None
        observer = state.to_act
        base = self.rng.getrandbits(63)
        text = json.dumps(state.determinize(observer, base).to_json(), separators=(",", ":"))
        game_ref = _game_ref(state)
        seeds = [(base + i * _STRIDE) & ((1 << 63) - 1) for i in range(self.workers)]
        processes = min(self.workers, os.cpu_count() or 1)
        pool = _pool(processes) if processes > 1 else None
        results = None
        if pool is not None:
            # More searches than processes: they run in turns, each with its share of the time.
            share = min(1.0, processes / self.workers)
            tasks = [(game_ref, text, seed, self.search_settings(share), seat) for seed in seeds]
            try:
                results = list(pool.map(_search, tasks))
                self.last_parallel = True
            except (BrokenProcessPool, OSError, AssertionError, RuntimeError):
                _drop_pool()
                results = None
        if results is None:
            share = 1.0 / self.workers
            results = [_search((game_ref, text, seed, self.search_settings(share), seat)) for seed in seeds]
            self.last_parallel = False
        total: dict[str, list] = {}
        done = 0
        for children, iterations, tallied in results:
            done += iterations
            if tally is not None:
                tally.merge(tallied)
            for key, (visits, reward) in children.items():
                slot = total.get(key)
                if slot is None:
                    total[key] = [visits, reward]
                else:
                    slot[0] += visits
                    slot[1] += reward
        self.last_iterations = done
        return {key: (v, r) for key, (v, r) in total.items()}

    def choose(self, state: GameState) -> str:
        keys = state.legal_keys()
        if len(keys) == 1:
            self.last_iterations = 0
            return keys[0]
        stats = self.root_stats(state)
        best_key, best = None, (-1, -1.0)
        for key in keys:                     # the most visited legal key; ties by mean reward
            visits, reward = stats.get(key, (0, 0.0))
            score = (visits, reward / visits if visits else 0.0)
            if score > best:
                best_key, best = key, score
        return best_key if best_key is not None else keys[self.rng.randrange(len(keys))]
