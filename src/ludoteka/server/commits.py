"""Group commit: moves of many tables that arrive while the database is busy are committed
together in one transaction, so a thousand tables cost a few disk flushes a second, not a
thousand, and no move waits behind a queue of single commits."""
from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable

from .metrics import NO_METRICS, NoMetrics
from .store import Entry, Store


class NotCommitted(Exception):
    """Another writer committed that entry number first."""


class GroupCommit:
    """Collects appends and commits them in batches, one batch at a time."""

    def __init__(self, store: Store, run_db: Callable[..., Awaitable[Any]], metrics: NoMetrics = NO_METRICS):
        self.store = store
        self.run_db = run_db
        self.metrics = metrics
        self.queue: list[tuple[tuple, asyncio.Future]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None

    async def append(self, table_id: str, entry: Entry, finished: bool, deadline: float | None,
                     snapshot: str | None) -> None:
        """Return once the entry is durable; NotCommitted if its number was taken; a database
        error as it came."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())
        future = asyncio.get_running_loop().create_future()
        self.queue.append(((table_id, entry, finished, deadline, snapshot), future))
        self.wake.set()
        await future

    async def _run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.queue = self.queue, []
            if not batch:
                continue
            try:
                started = time.perf_counter()
                results = await self.run_db(self.store.append_many, [item for item, _ in batch])
                self.metrics.commit(time.perf_counter() - started, len(batch))
            except Exception as exc:         # the database is down: every move of the batch fails
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), result in zip(batch, results):
                if future.done():
                    continue
                if result is True:
                    future.set_result(None)
                else:
                    future.set_exception(NotCommitted() if result is False else result)

    def close(self) -> None:
        """Stop committing (on shutdown)."""
        if self.task is not None:
            self.task.cancel()
