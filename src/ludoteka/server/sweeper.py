"""Tables nobody plays: closed as abandoned, and out of memory while idle (issue 24 §1).

A table with no human move (a seat's own, not the AI's nor the turn timer's) for
`--abandon-after` seconds (a turn-based table: a few of its own time limits, turns.py) is
closed as abandoned: finished for the database (a restart does not
resume it, it frees its place in the quotas), its AI and timer stop, and its frames say when
(`abandoned`). A table in memory nobody asked for in `--idle-after` seconds, with no socket
open and nothing for the AI or a timer to do, leaves memory; the next request rebuilds it from
the log (`Tables.get`).

With several processes each sweeps; a table closed by one is closed in the others too: a
notice through Redis, their version checks and the log itself (no entry is appended to a closed
table, `Store.append_many`). A table that leaves memory gives up its lease (it had nothing to do).
"""
from __future__ import annotations

import asyncio
import logging
import time

from .tables import Tables
from .turns import far_off

log = logging.getLogger("ludoteka.server")


class Sweeper:
    """See the module docstring; `run` sweeps now and then, as often as the shorter time asks."""

    def __init__(self, tables: Tables):
        self.tables = tables
        settings = tables.settings
        self.abandon_after = settings.abandon_after
        self.idle_after = settings.idle_after
        times = [t for t in (self.abandon_after, self.idle_after) if t]
        self.every = min(60.0, max(0.1, min(times) / 4)) if times else None

    async def run(self) -> None:
        """Sweep until cancelled (a failed sweep is logged and tried again next time)."""
        if self.every is None:
            return
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.close_abandoned()
                await self.release(self.evict_idle())
            except Exception:
                log.exception("could not sweep the tables")

    async def close_abandoned(self) -> int:
        """Close the tables with no human move for `abandon_after`; returns how many."""
        if not self.abandon_after:
            return 0
        tables = self.tables
        cutoff = time.time() - self.abandon_after
        closed = 0
        turns = tables.settings.turn_abandon_turns
        for table_id in await tables.db(tables.store.abandoned_candidates, cutoff, turns):
            table = tables.live.get(table_id)
            if table is None:
                when = await tables.db(tables.store.abandon, table_id, cutoff, turns)
                table = tables.live.get(table_id)      # loaded meanwhile: tell it too
                if when is not None and table is not None:
                    async with table.lock:
                        tables.mark_abandoned(table, when)
            else:
                async with table.lock:                 # no move of this process in between
                    when = await tables.db(tables.store.abandon, table_id, cutoff, turns)
                    if when is not None:
                        tables.mark_abandoned(table, when)
            if when is not None:
                closed += 1
                tables.dormant.discard(table_id)
                tables.hub.publish(table_id, table.seq if table is not None else 0, abandoned=True)
                log.info("table %s closed as abandoned", table_id)
        return closed

    def evict_idle(self) -> list[str]:
        """Drop from memory the idle tables (see the module docstring); returns the ids of those
        whose lease this process held."""
        if not self.idle_after:
            return []
        tables = self.tables
        now = time.monotonic()
        evicted = []
        for table_id, table in list(tables.live.items()):
            # (failures: a retry of the AI or the timer is pending on this very object; a
            # turn-based table's timer days away does not keep it: turns.Turns loads it in time)
            waiting = table.timer is not None and not far_off(table, 4 * (self.every or 60.0))
            busy = (table.lock.locked() or tables.hub.watchers.get(table_id) or table.failures
                    or waiting or (table.ai_task is not None and not table.ai_task.done())
                    or (not table.finished and table.state.to_act in table.ai_specs))
            if busy or now - table.touched < self.idle_after:
                continue
            del tables.live[table_id]
            if table.timer is not None:
                table.timer.cancel()
                table.timer = None
            if not table.finished:
                tables.dormant.add(table_id)   # still counts in its creator's quota
            if tables.shared and table.leased:
                evicted.append(table_id)
        return evicted

    async def release(self, table_ids: list[str]) -> None:
        """Give up the leases of tables that left memory (a later move finds them a holder)."""
        if table_ids:
            tables = self.tables
            await tables.db(tables.store.release_lease, table_ids, tables.hub.origin)
