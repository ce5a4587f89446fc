"""Turn-based (asynchronous) tables (issue 25 §2; docs/server.md, "Turn-based tables").

A table is real-time (the default) or turn-based, chosen when it is created: a turn-based table
gives each decision a time limit of hours or days (`Settings.turn_min_seconds` to
`turn_max_seconds`), and at the limit either the default AI decides (`at_limit` "ai", as the
real-time turn timer does) or the table ends, closed as abandoned (`"forfeit"`).

Such a table stays open for weeks, so it is not kept in memory for its timer: the idle sweeper
lets it go like any other (sweeper.py), and `Turns.run` loads it again shortly before its limit
or pause ends. It is closed as abandoned after `turn_abandon_turns` of its own limits with no
human move, not after the real-time `abandon_after` (store.py, `_stale`).

A pause (a vacation): a seat proposes one of up to `max_pause_days` days; when every human seat
that is held (hot seats count as one holder) agrees to the same length, the clock stops until
the pause ends or any seat resumes; what was left of the limit then counts on (the whole limit
if a move was made meanwhile). All of it is stored in the table's row (`pause`, `pause_until`,
`deadline`), so that a restart or another process finds it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .config import Settings
from .live import ApiError, LiveTable
from .requests import read_json, token_of
from .store import dumps
from .tables import Tables

log = logging.getLogger("ludoteka.server")
AT_LIMIT = ("ai", "forfeit")


def parse_pace(body: dict[str, Any], turn_seconds: float | None, settings: Settings
               ) -> tuple[bool, str | None]:
    """`turn_based` and `at_limit` of a new table's body, checked against the operator's bounds
    (422 naming what is wrong); a turn-based table needs `turn_seconds` within them."""
    turn_based = body.get("turn_based", False)
    if not isinstance(turn_based, bool):
        raise ApiError(422, f"'turn_based' must be true or false, not {json.dumps(turn_based)[:40]}")
    at_limit = body.get("at_limit")
    if at_limit is not None and at_limit not in AT_LIMIT:
        raise ApiError(422, f"'at_limit' must be one of {', '.join(AT_LIMIT)}, not {json.dumps(at_limit)[:40]}")
    if not turn_based:
        if at_limit not in (None, "ai"):
            raise ApiError(422, "'at_limit' \"forfeit\" is for turn-based tables ('turn_based': true)")
        return False, None
    low, high = settings.turn_min_seconds, settings.turn_max_seconds
    if turn_seconds is None or not low <= turn_seconds <= high:
        raise ApiError(422, f"a turn-based table needs 'turn_seconds' from {low:g} ({low / 3600:g} h) to "
                            f"{high:g} ({high / 86400:g} days) on this server")
    return True, at_limit or "ai"


def human_holders(table: LiveTable) -> list[list[int]]:
    """The human seats that must agree to a pause, grouped by who holds them (a hot-seat token
    holds several): every held seat that is not an AI's."""
    groups: dict[str, list[int]] = {}
    for seat, hashed in sorted(table.tokens.items()):
        if hashed is not None and seat not in table.ai_specs:
            groups.setdefault(hashed, []).append(seat)
    return list(groups.values())


class Turns:
    """The pause endpoints and the loop that wakes turn-based tables when they are due."""

    def __init__(self, tables: Tables, every: float = 60.0):
        self.tables = tables
        self.settings = tables.settings
        self.every = every

    async def _held(self, request: Request) -> tuple[LiveTable, list[int]]:
        table = await self.tables.get(request.path_params["table"])
        seats = await self.tables.seats_for(table, token_of(request))
        if not seats:
            raise ApiError(403, "a valid seat token is needed (Authorization: Bearer TOKEN)")
        if not table.turn_based:
            raise ApiError(409, "only a turn-based table can pause")
        if table.finished:
            raise ApiError(409, "the game is over")
        return table, seats

    async def propose(self, request: Request) -> Response:
        """POST /api/tables/{table}/pause {"days": N}: propose a pause, or agree to the one
        proposed (the same number of days); it starts when every human seat agreed."""
        table, seats = await self._held(request)
        body = await read_json(request)
        unknown = sorted(set(body) - {"days", "seat"})
        if unknown:
            raise ApiError(422, f"unknown field {unknown[0]!r}; fields: days")
        days, most = body.get("days"), self.settings.max_pause_days
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= most:
            raise ApiError(422, f"'days' must be a whole number of days from 1 to {most}")
        async with table.lock:
            if table.finished:
                raise ApiError(409, "the game is over")
            if table.paused:
                raise ApiError(409, "the table is paused already: resume it first")
            pause = dict(table.pause or {})
            if pause.get("days") != days:
                pause = {"days": days, "votes": []}
            pause["votes"] = sorted(set(pause["votes"]) | set(seats))
            if all(set(group) & set(pause["votes"]) for group in human_holders(table)):
                now = time.time()
                pause.update(until=now + days * 86400.0, seq=table.seq,
                             left=max(0.0, table.deadline - now) if table.deadline else None)
            await self._store(table, pause, deadline=None if pause.get("until") else table.deadline)
        return JSONResponse({"id": table.id, "clock": table.clock()})

    async def resume(self, request: Request) -> Response:
        """DELETE /api/tables/{table}/pause: end the pause now (or withdraw the proposal)."""
        table, _ = await self._held(request)
        async with table.lock:
            await self.end_pause(table)
        return JSONResponse({"id": table.id, "clock": table.clock()})

    async def end_pause(self, table: LiveTable) -> None:
        """End a table's pause or proposal (under its lock): the clock goes on with what was
        left of the limit, or the whole limit for a seat that came to act meanwhile."""
        pause = table.pause
        if pause is None:
            return
        deadline = table.deadline
        if pause.get("until"):
            table.pause = None        # (next_deadline counts again)
            if pause.get("seq") == table.seq and pause.get("left") is not None:
                deadline = time.time() + pause["left"]
            else:
                deadline = table.next_deadline(table.state)
        await self._store(table, None, deadline, ended=bool(pause.get("until")))

    async def _store(self, table: LiveTable, pause: dict[str, Any] | None, deadline: float | None,
                     ended: bool = False) -> None:
        until = pause.get("until") if pause else (time.time() if ended else None)
        if not await self.tables.db(self.tables.store.set_pause, table.id, dumps(pause) if pause else None,
                                    until, deadline):
            raise ApiError(409, "the game is over")
        table.pause, table.deadline = pause, deadline
        self.tables.hub.wake_local(table.id)
        self.tables.hub.publish_unversioned(table.id, "clock")
        self.tables.schedule(table)

    async def clock_changed(self, table_id: str) -> None:
        """Another process changed a table's pause: take it (and the deadline) from the
        database, so that this copy shows it and its timer, if it holds the table, waits."""
        table = self.tables.live.get(table_id)
        if table is None:
            return
        async with table.lock:
            pause, deadline = await self.tables.db(self.tables.store.clock_of, table_id)
            table.pause, table.deadline = (json.loads(pause) if pause else None), deadline
            self.tables.hub.wake_local(table_id)
            self.tables.schedule(table)

    # ------------------------------------------------------------------ waking due tables
    async def run(self) -> None:
        """Every `every` seconds: end the pauses that are over and load the turn-based tables
        out of memory whose limit or pause ends before the next round (until cancelled)."""
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.wake()
            except Exception:
                log.exception("could not wake the turn-based tables")

    async def wake(self) -> int:
        """One round of `run`; returns how many tables were loaded or had their pause ended."""
        tables, now = self.tables, time.time()
        woken = 0
        for table in list(tables.live.values()):
            if table.paused and table.pause["until"] <= now and not table.finished:
                async with table.lock:
                    if table.paused and table.pause["until"] <= now:
                        await self.end_pause(table)
                        woken += 1
        for table_id in await tables.db(tables.store.due_turn_tables, now + 2 * self.every):
            if table_id not in tables.live:
                await tables.get(table_id)
                woken += 1
        return woken

    def routes(self) -> list[Route]:
        """The pause routes, for the application's list."""
        return [Route("/api/tables/{table}/pause", self.propose, methods=["POST"]),
                Route("/api/tables/{table}/pause", self.resume, methods=["DELETE"])]


def far_off(table: LiveTable, margin: float, now: Callable[[], float] = time.time) -> bool:
    """Whether a turn-based table's next limit or pause end is more than `margin` seconds away:
    its timer need not keep it in memory (`Turns.run` loads it again in time)."""
    if not table.turn_based:
        return False
    due = table.pause["until"] if table.paused else table.deadline
    return due is None or due - now() > margin
