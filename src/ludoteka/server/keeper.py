"""Several processes on one database (issue 24 §2): every table reaches its current version in
every process that holds it, and every table with an AI seat or a turn timer is kept going by
a live process.

- **Version checks.** Redis's notices are only a shortcut: a notice lost to a frozen or
  restarted Redis would leave a process serving an old version for good. So every
  `version_check` seconds, and at once when a lost subscription is back, a process compares the
  log numbers of all the tables it holds (one query per 500 tables) and catches up those behind;
  a GET or a WebSocket hello reads the table's number before it answers (`Tables.fresh`).
- **Leases.** The process keeping a table going holds its lease in the database
  (`tables.owner`, `tables.lease_until`) and renews all its leases in one statement every third
  of `lease_seconds`. A process that finds a lease run out (its holder was killed, or shut down
  and let it run out at once) claims it, loads the table and plays its AI and timer: a table is
  taken over within `lease_seconds` plus a third, whoever touches it. A process that finds one of
  its leases taken (it was frozen past its lease) stops playing that table.
"""
from __future__ import annotations

import asyncio
import logging
import time

from .tables import Tables

log = logging.getLogger("ludoteka.server")


class Keeper:
    """See the module docstring. Does nothing with one process (no Redis)."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.origin = tables.hub.origin
        self.lease_seconds = tables.settings.lease_seconds
        self.every = tables.settings.version_check

    def tasks(self) -> list[asyncio.Task]:
        """Start the loops (none with one process)."""
        if not self.tables.shared:
            return []
        return [asyncio.create_task(self._loop(self.check_versions, self.every, "check the tables' versions")),
                asyncio.create_task(self._loop(self.keep_leases, self.lease_seconds / 3, "keep the leases"))]

    @staticmethod
    async def _loop(work, every: float, what: str) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await work()
            except Exception as exc:          # the database is away: next round
                log.warning("could not %s: %s", what, exc)

    async def check_versions(self) -> int:
        """Catch up every table in memory that the log has further; returns how many were behind."""
        tables = self.tables
        ids = list(tables.live)
        if not ids:
            return 0
        behind = 0
        for table_id, (seq, abandoned) in (await tables.db(tables.store.versions, ids)).items():
            table = tables.live.get(table_id)
            if table is not None and await tables.caught_up(table, seq, abandoned):
                behind += 1
        if behind:
            log.info("%d table(s) were behind the log and caught up", behind)
        return behind

    async def keep_leases(self) -> None:
        """Renew this process's leases, drop those another process took, take over orphans."""
        tables = self.tables
        asked = time.monotonic()
        held = await tables.db(tables.store.renew_leases, self.origin, self.lease_seconds)
        for table in list(tables.live.values()):
            if table.leased and table.leased_at < asked and table.id not in held and not table.finished:
                self._lost(table)
        for table_id in await tables.db(tables.store.orphans):
            if await tables.db(tables.store.claim_lease, table_id, self.origin, self.lease_seconds):
                await self._take_over(table_id)

    def _lost(self, table) -> None:
        log.warning("table %s: its lease was taken over by another process", table.id)
        table.leased = False
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.ai_task is not None:
            table.ai_task.cancel()

    async def _take_over(self, table_id: str) -> None:
        tables = self.tables
        table = tables.live.get(table_id)
        if table is None:
            await tables.get(table_id)          # rebuilt as this process's (it holds the lease)
        else:
            table.leased, table.leased_at = True, time.monotonic()
            async with table.lock:
                await tables.catch_up(table)
            tables.schedule(table)
        log.info("took over table %s (its process stopped renewing its lease)", table_id)
