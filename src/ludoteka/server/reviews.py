"""Reviews of finished games (issue 26 §2): for each human seat, the decisions the AI estimates
clearly below its best option (`ludoteka.ai.review`), computed in the background and kept with
the table (schema: migration 0009), so a restart does not compute them again.

When a table's game ends (`Tables.on_finished`), a review of each human seat is queued. At most
`workers` reviews run at once (default 1), each in a process of this module's own pool, spawned
like the AI seats' pool (`ai_pool.py`) but niced (priority 10), so a review takes only CPU that
live games leave over and never delays an AI seat's decision; the decisions of one review go to
the pool one by one, so the event loop only waits for answers and the progress (decision i of n)
is known here. The operator's `--review-budget` is the budget of each decision (0: no reviews).

A review depends on the record, the seat, the budget and the seed 0 only: it is what
`ludoteka review RECORD --seat N --budget B` prints for the table's record. A review asked for
that is neither stored nor running (the server restarted mid-review, or the table ended before
reviews were on) is queued then. Several processes may each compute the same review once; the
first stored wins.

Who may read it: whoever may read the table's record and replay (`access.check_read`: a public
table's anyone, a private table's seats and share links). A review is computed from the seat's
view only, and once the game is over nothing of it is hidden any more (the record shows every
decision; anyone may run the same review on it in a terminal), so it is no more private than the
replay it is shown on.
"""
from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, Text, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .. import registry
from ..ai import parallel
from ..ai.review import MIN_LOSS, Moment, decisions_of, summary, weigh
from ..kernel import record_of
from .ai_pool import _leave_with_parent
from .live import ApiError, LiveTable, apply_entry
from .store import METADATA, Entry

log = logging.getLogger("ludoteka.server")

REVIEWS = Table(
    "reviews", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("budget", Integer, nullable=False),
    Column("result", Text, nullable=False),                  # Review.to_json() and each mistake's version
    Column("created", Float, nullable=False),
)
SEED = 0                    # the review's seed: the terminal's default, so both give the same review
NICE = 10                   # the review processes' priority: below the server and its AI seats


class ReviewStore:
    """The stored reviews (short synchronous calls, for the server's database threads)."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def get(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The stored review of a seat, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(REVIEWS.c.result).where(REVIEWS.c.table_id == table_id,
                                                           REVIEWS.c.seat == seat)).first()
        return json.loads(row[0]) if row else None

    def put(self, table_id: str, seat: int, budget: int, result: dict[str, Any]) -> None:
        """Store a review; one stored first (by another process) stays."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(REVIEWS).values(table_id=table_id, seat=seat, budget=budget,
                                                 result=json.dumps(result), created=time.time()))
        except IntegrityError:
            pass


def _start_worker(parent: int) -> None:
    """In a review process: leave with the server, think at low priority, and run the `hard`
    level's searches one after another here (no search processes of its own: the bound on
    reviews is a bound on processes). The searches are the same either way (ai/parallel.py)."""
    _leave_with_parent(parent)
    try:
        os.nice(NICE)
    except OSError:                    # not allowed here: still bounded in number
        pass
    parallel._DISABLED = True


def weigh_one(record: dict[str, Any], seat: int, position: int, budget: int) -> Moment:
    """In a review process: the seat's decision number `position` of the record, weighed."""
    found, _, _ = decisions_of(record, seat)
    index, state, chosen = found[position]
    return weigh(state, seat, index, chosen, budget, SEED, MIN_LOSS)


def history_lengths(row: dict[str, Any], entries: list[Entry]) -> list[int]:
    """The number of decisions in the game at each version of its log (0 is the start)."""
    game = registry.game(row["game"])
    state = game.new_state(row["players"], row["seed"], json.loads(row["options"]),
                           game.revision_of(row, f"table {row['id']}"))
    lengths = [0]
    for entry in entries:
        apply_entry(state, entry)
        lengths.append(len(state.history()))
    return lengths


def version_of(lengths: list[int], index: int) -> int:
    """The replay version that shows the decision after `index` actions: the last version with
    that many (undone decisions come back to it before the one kept)."""
    return max(v for v, n in enumerate(lengths) if n == index)


class Job:
    """A review queued or running."""

    def __init__(self) -> None:
        self.status = "queued"
        self.done = 0
        self.total: int | None = None
        self.task: asyncio.Task | None = None


class Reviews:
    """The reviews of a server: queued when a game ends, run in the background, stored."""

    def __init__(self, tables: Any, budget: int, workers: int = 1):
        self.tables = tables
        self.budget = budget
        self.workers = workers
        self.store = ReviewStore(tables.store.engine)
        self.jobs: dict[tuple[str, int], Job] = {}
        self.slots = asyncio.Semaphore(workers)
        self._pool: ProcessPoolExecutor | None = None

    def human_seats(self, table: LiveTable) -> list[int]:
        """The seats a review is for: those not played by the AI."""
        return [s for s in range(table.state.players) if s not in table.ai_specs]

    def finished(self, table: LiveTable) -> None:
        """A table's game ended: queue a review of each human seat (nothing when reviews are off)."""
        if self.budget:
            for seat in self.human_seats(table):
                self._queue(table, seat)

    def _queue(self, table: LiveTable, seat: int) -> Job:
        job = self.jobs.get((table.id, seat))
        if job is None:
            job = self.jobs[(table.id, seat)] = Job()
            job.task = asyncio.get_running_loop().create_task(self._run(table.id, record_of(table.state), seat, job))
        return job

    async def status(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """`{status: "done", review}`, or `{status: "queued"|"running", done, total}` (queued now
        if it is neither stored nor running). 409 before the end, 422 for a seat with no review."""
        if not table.finished:
            raise ApiError(409, "a review is available once the game is over")
        if not 0 <= seat < table.state.players:
            raise ApiError(422, f"'seat' must be between 0 and {table.state.players - 1}")
        if seat in table.ai_specs:
            raise ApiError(422, f"seat {seat} is played by the AI: only human seats are reviewed")
        job = self.jobs.get((table.id, seat))
        if job is None:
            stored = await self.tables.db(self.store.get, table.id, seat)
            if stored is not None:
                return {"status": "done", "review": stored}
            if not self.budget:
                raise ApiError(404, "reviews are off on this server (--review-budget 0)")
            job = self._queue(table, seat)
        return {"status": job.status, "done": job.done, "total": job.total}

    async def _run(self, table_id: str, record: dict[str, Any], seat: int, job: Job) -> None:
        loop = asyncio.get_running_loop()
        try:
            found, skipped, final = await loop.run_in_executor(None, decisions_of, record, seat)
            job.total = len(found)
            async with self.slots:
                job.status = "running"
                moments = []
                for position in range(len(found)):
                    moments.append(await loop.run_in_executor(self._executor(), weigh_one, record, seat,
                                                              position, self.budget))
                    job.done += 1
            result = summary(final, seat, self.budget, SEED, MIN_LOSS, moments, skipped).to_json()
            row = await self.tables.db(self.tables.store.table_row, table_id)
            entries = await self.tables.db(self.tables.store.all_entries, table_id)
            lengths = await loop.run_in_executor(None, history_lengths, row, entries)
            for mistake in result["mistakes"]:
                mistake["version"] = version_of(lengths, mistake["index"])
            await self.tables.db(self.store.put, table_id, seat, self.budget, result)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            self.close()                       # a process died: new ones for the next review
            log.error("review of table %s seat %d: a review process died", table_id, seat)
        except Exception:
            log.exception("review of table %s seat %d failed", table_id, seat)
        finally:
            self.jobs.pop((table_id, seat), None)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(os.getpid(),))
        return self._pool

    def close(self) -> None:
        """Stop the running reviews and their processes (on server shutdown)."""
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
