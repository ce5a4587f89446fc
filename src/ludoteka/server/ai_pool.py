"""AI seats think in worker processes, so the server's event loop never waits for a search.

A worker rebuilds the table's state from its decisions (keeping its last states, so a long game
replays only the new ones) and asks the agent for the seat to act. The agent's seed depends on
the game seed, the seat and the moment (`decision_seed`): a rebuilt table plays on as before.

The pool is shared fairly between tables (`FairQueue`): each table has at most one decision in
the workers, and a free worker takes the waiting table served least recently (a table never served
first). One table's AI thus delays another's by at most one decision: first in, first out, a new
table would wait behind every busy table's queued decision.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import multiprocessing.util
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..kernel import GameState
from .metrics import NO_METRICS, NoMetrics

_CACHE: "OrderedDict[str, GameState]" = OrderedDict()
_CACHE_SIZE = 64


def _state_for(game_name: str, players: int, seed: int, options: dict[str, Any],
               history: list[tuple[int, str]]) -> GameState:
    from .. import registry
    ident = json.dumps([game_name, players, seed, options], sort_keys=True)
    state = _CACHE.pop(ident, None)
    if state is not None:
        done = [(s, k) for s, k, _ in state.history()]
        if done != history[:len(done)]:
            state = None                      # an undo: start again
    if state is None:
        state = registry.game(game_name).new_state(players, seed, options)
        done = []
    for seat, key in history[len(done):]:
        state.apply(key, seat)
    _CACHE[ident] = state
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return state


def _leave_with_parent(parent: int, every: float = 1.0) -> None:
    """In a worker: exit when the server process is gone (killed with -9, say), so no worker
    outlives it thinking for nobody. Ctrl-C is the server's to handle: a terminal sends SIGINT to
    every process of its group, and a worker (or a search process it started, which inherits the
    ignoring) interrupted mid-search was left waiting forever at exit, keeping the server alive."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker that ran a parallel search keeps that search's processes, which wait for work
    # forever; a leaving worker joins its children before `atexit` would stop them, so it hung
    # (and the server waiting for it). Stopped first, by a finalizer that runs before that join.
    multiprocessing.util.Finalize(None, _stop_children, exitpriority=100)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _stop_children() -> None:
    """In a leaving worker: end its own child processes (the searches of a parallel agent)."""
    for child in multiprocessing.active_children():
        child.terminate()


def capped(agent: Any, seconds: float | None) -> Any:
    """`agent` with its time budget per decision cut to `seconds` (None: as it is). A search
    given iterations alone has no budget: it gets `seconds`, so no spec can think longer."""
    if seconds is not None and hasattr(agent, "seconds"):
        agent.seconds = seconds if agent.seconds is None else min(agent.seconds, seconds)
    return agent


def choose(game_name: str, players: int, seed: int, options: dict[str, Any],
           history: list[tuple[int, str]], spec: str, agent_seed: int,
           seconds: float | None = None) -> tuple[int, str]:
    """In a worker: the (seat, key) the agent `spec` plays for the seat to act, thinking at most
    `seconds` (None: the spec's own budget)."""
    from ..ai import make_agent
    state = _state_for(game_name, players, seed, options, history)
    seat = state.to_act
    return seat, capped(make_agent(spec, agent_seed), seconds).choose(state)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Any, *args: Any) -> None:
    """`fn(*args)` on `loop` from a worker's thread (nothing once the loop is closed: shutdown)."""
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:
        pass


class FairQueue:
    """Grants `slots` places to requests keyed by table: one place per table at a time, and the
    next free place to the waiting table whose last grant is the oldest (never granted: first;
    equal: the earlier request)."""

    # A table not served for so long counts as new again; keeps `_served` from growing forever.
    FORGET_AFTER = 600.0

    def __init__(self, slots: int):
        self.slots = slots
        self._waiting: dict[str, deque[tuple[int, asyncio.Future]]] = {}   # (arrival, grant)
        self._busy: set[str] = set()
        self._served: dict[str, float] = {}
        self._arrivals = 0

    async def acquire(self, key: str) -> None:
        """Wait for a place for table `key` (release it with `release(key)`)."""
        granted = asyncio.get_running_loop().create_future()
        self._arrivals += 1
        request = (self._arrivals, granted)
        self._waiting.setdefault(key, deque()).append(request)
        self._grant()
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release(key)                          # granted as we were cancelled: give it back
            else:
                queue = self._waiting.get(key)
                if queue is not None and request in queue:
                    queue.remove(request)
                    if not queue:
                        del self._waiting[key]
            raise

    def release(self, key: str) -> None:
        """Table `key`'s decision is over: its place goes to the next table."""
        self._busy.discard(key)
        self._grant()

    def _grant(self) -> None:
        now = time.monotonic()
        while len(self._busy) < self.slots:
            ready = [k for k in self._waiting if k not in self._busy]
            if not ready:
                return
            key = min(ready, key=lambda k: (self._served.get(k, float("-inf")), self._waiting[k][0][0]))
            queue = self._waiting[key]
            _, granted = queue.popleft()
            if not queue:
                del self._waiting[key]
            self._busy.add(key)
            self._served[key] = now
            granted.set_result(None)
        if len(self._served) > 4096:
            self._served = {k: t for k, t in self._served.items() if now - t < self.FORGET_AFTER}


class AiPool:
    """A pool of worker processes (spawned, so they share nothing with the server's loop); each
    decision thinks at most `seconds` (the operator's cap)."""

    def __init__(self, workers: int = 0, seconds: float | None = None, metrics: NoMetrics = NO_METRICS):
        self.workers = workers or os.cpu_count() or 1
        self.seconds = seconds
        self.metrics = metrics
        self._pool: ProcessPoolExecutor | None = None
        self.queue = FairQueue(self.workers)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_leave_with_parent, initargs=(os.getpid(),))
        return self._pool

    async def choose(self, state: GameState, spec: str, agent_seed: int, table: str = "") -> tuple[int, str]:
        """The (seat, key) `spec` plays in `state` for its seat to act, computed in a worker when
        table `table`'s turn comes (`FairQueue`)."""
        history = [(seat, key) for seat, key, _ in state.history()]
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        self.metrics.ai_waiting(1)
        try:
            await self.queue.acquire(table)
        except BaseException:
            self.metrics.ai_waiting(-1)
            raise
        try:
            work = self._executor().submit(choose, state.game.name, state.players, state.seed,
                                           dict(state.options), history, spec, agent_seed, self.seconds)
        except BaseException as exc:
            self.queue.release(table)
            self.metrics.ai_waiting(-1)
            if isinstance(exc, BrokenProcessPool):
                self.close()                 # a worker died while idle: new ones next time
            raise
        # The place is given back when the worker is done, not when a cancelled caller stops
        # waiting: the workers never hold more decisions than they have places.
        work.add_done_callback(lambda _: _call_soon(loop, self.queue.release, table))
        try:
            answer = await asyncio.wrap_future(work)
            self.metrics.think(time.perf_counter() - started)
            return answer
        except BrokenProcessPool:
            self.close()                     # a worker died (killed, out of memory): new ones next time
            raise
        finally:
            self.metrics.ai_waiting(-1)

    async def run(self, table: str, fn: Any, *args: Any) -> Any:
        """`fn(*args)` in a worker (a module-level function: it is pickled), when table `table`'s
        turn comes (`FairQueue`, shared with the AI seats): a hint's analysis (hints.py)."""
        loop = asyncio.get_running_loop()
        await self.queue.acquire(table)
        try:
            work = self._executor().submit(fn, *args)
        except BaseException as exc:
            self.queue.release(table)
            if isinstance(exc, BrokenProcessPool):
                self.close()
            raise
        # As `choose`: the place is given back when the worker is done.
        work.add_done_callback(lambda _: _call_soon(loop, self.queue.release, table))
        try:
            return await asyncio.wrap_future(work)
        except BrokenProcessPool:
            self.close()
            raise

    def close(self) -> None:
        """Stop the workers (on server shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
