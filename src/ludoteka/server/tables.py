"""The authority over every table: creates them, rebuilds them from the log, applies moves and
undos, and keeps AI seats and turn timers going.

A move is checked by the kernel on a clone, committed to the database, and only then becomes the
table's state and is acknowledged: a crash at any moment loses nothing acknowledged and leaves
nothing half-applied. Moves on one table are serialised by its lock in this process and by the
log's primary key across processes (the loser of a race gets 409).

With several processes (Redis configured) each table is kept going (AI seats, turn timer) by one
process only, the holder of its lease in the database (`keeper.Keeper` renews leases and takes
over those whose holder died); any process serves and accepts moves, and catches up from the
log before it answers (`fresh`).
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

from .. import registry
from ..ai.levels import DEFAULT_LEVEL, LEVELS, decision_seed
from ..kernel import IllegalAction, LudotekaError, UndoRefused
from .ai_pool import AiPool
from .config import Settings
from .hub import Hub
from .live import ApiError, LiveTable, apply_entry, default_hints, entry_summary, token_hash
from .commits import GroupCommit, NotCommitted
from .metrics import NO_METRICS, NoMetrics
from .store import Entry, Loaded, Store, dumps

log = logging.getLogger("ludoteka.server")


SEED_SPACE = 2**63     # a BigInteger column holds any of them


def new_game_seed() -> int:
    """A new table's game seed. It is hidden information (it makes every hidden card and future
    die) and the opening everyone sees tells seeds apart, so it comes from a space too large to
    try in full: 63 bits (tests/server/test_table_seeds.py)."""
    return secrets.randbelow(SEED_SPACE)


class Tables:
    """See the module docstring. `shared`: other processes write to the same database."""

    def __init__(self, settings: Settings, store: Store, hub: Hub, ai: AiPool,
                 metrics: NoMetrics = NO_METRICS):
        self.settings = settings
        self.metrics = metrics
        self.store = store
        self.hub = hub
        self.ai = ai
        self.shared = settings.redis_url is not None
        self.live: dict[str, LiveTable] = {}
        self.dormant: set[str] = set()     # unfinished tables that left memory while idle
        self._loading: dict[str, asyncio.Lock] = {}
        # SQLite has one writer: one database thread. PostgreSQL: two (more threads only fight
        # the event loop for the interpreter lock; commits from both overlap in the database).
        self._db = ThreadPoolExecutor(1 if store.sqlite else 2, thread_name_prefix="db")
        self.commits = GroupCommit(store, self.db, metrics)
        # Told of every move this process commits (notify.Notifier); must return at once.
        self.on_commit: Callable[[LiveTable], None] | None = None
        self.on_finished: Callable[[LiveTable], None] | None = None    # ratings.Ratings.finished
        # {seat: account name} of a table being loaded (accounts.Accounts.names_at)
        self.seat_players: Callable[[str], Awaitable[dict[int, str]]] | None = None

    async def db(self, fn: Callable, *args: Any) -> Any:
        """Run a store call in a database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # ----------------------------------------------------------------- creating and loading
    async def create(self, game_name: str, players: int, options: dict[str, Any], seats: list[str],
                     turn_seconds: float | None, turn_based: bool = False,
                     at_limit: str | None = None, hints: bool | None = None
                     ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the new tokens by seat (one shared by the hot seats).
        `turn_based`, `at_limit`: see turns.py; `hints`: whether the seats may ask for hints
        (None: as the seats say, `live.default_hints`)."""
        game = registry.game(game_name)
        seed = new_game_seed()
        state = game.new_state(players, seed, options)
        table_id = secrets.token_urlsafe(12)
        tokens: dict[int, str] = {}
        hotseat = secrets.token_urlsafe(24)
        for seat, spec in enumerate(seats):
            if spec == "human":
                tokens[seat] = secrets.token_urlsafe(24)       # 192 random bits
            elif spec == "hotseat":
                tokens[seat] = hotseat
        hashes: dict[int, str | None] = {s: token_hash(t) for s, t in tokens.items()}
        hashes.update({s: None for s, spec in enumerate(seats) if spec == "open"})
        now = time.time()
        row = {"id": table_id, "game": game.name, "players": players, "options": dumps(dict(state.options)),
               "seed": seed, "seats": dumps(seats), "turn_seconds": turn_seconds, "created": now,
               "updated": now, "seq": 0, "finished": False, "deadline": None,
               "free_seats": sum(spec == "open" for spec in seats), "revision": state.revision,
               "owner": self.hub.origin if self.shared else None,
               "lease_until": now + self.settings.lease_seconds if self.shared else None,
               "turn_based": turn_based, "at_limit": at_limit,
               "hints": default_hints(seats) if hints is None else hints}
        table = LiveTable(row, state, 0, hashes)
        table.max_pause_days = self.settings.max_pause_days
        table.leased_at = time.monotonic()
        table.deadline = row["deadline"] = table.next_deadline(state)
        await self.db(self.store.create_table, row, hashes)
        self.live[table_id] = table
        self.schedule(table)
        return table, tokens

    async def get(self, table_id: str) -> LiveTable:
        """The table (rebuilt from the database on first use); 404 if there is none."""
        table = self.live.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 32:
            raise ApiError(404, "no such table")
        try:
            async with self._loading.setdefault(table_id, asyncio.Lock()):
                table = self.live.get(table_id)
                if table is None:
                    loaded = await self.db(self.store.load, table_id)
                    if loaded is None:
                        raise ApiError(404, f"no table {table_id!r}")
                    table = await self._rebuilt(table_id, loaded)
                    table.max_pause_days = self.settings.max_pause_days
                    if self.seat_players is not None:
                        table.players = await self.seat_players(table_id)
                    # (a process that takes a table over claims its lease before it loads it)
                    table.leased = not self.shared or loaded.row.get("owner") == self.hub.origin
                    table.leased_at = time.monotonic()
                    self.live[table_id] = table
                    self.dormant.discard(table_id)
                    self.schedule(table)
        finally:
            self._loading.pop(table_id, None)
        return table

    async def resume_all(self) -> int:
        """On start: rebuild every unfinished table so its AI seats and timers go on."""
        ids = await self.db(self.store.unfinished)
        for table_id in ids:
            try:
                await self.get(table_id)
            except Exception:
                log.exception("could not rebuild table %s", table_id)
        return len(ids)

    async def current(self, table_id: str) -> LiveTable:
        """`get`, then `fresh`: the table as the log has it now."""
        table = await self.get(table_id)
        await self.fresh(table)
        return table

    async def fresh(self, table: LiveTable) -> None:
        """With several processes: read the table's latest log number (one indexed query) and
        catch up if another process went further, so that no answer comes from a stale table
        whatever became of Redis's notices."""
        if self.shared:
            found = (await self.db(self.store.versions, [table.id])).get(table.id)
            if found is not None:
                await self.caught_up(table, *found)

    async def _rebuilt(self, table_id: str, loaded: Loaded) -> LiveTable:
        """The table rebuilt (in a thread) from its latest snapshot and the entries after it; a
        snapshot that no longer loads (written by a release with a bug fixed since, or damaged)
        is skipped and the whole log replayed: the log is what the table is, the snapshot only
        a shortcut, so it never makes a table unreachable."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(None, _rebuild, loaded)
        except (LudotekaError, ValueError) as exc:
            if loaded.snapshot is None:
                raise
            log.warning("table %s: its snapshot at %d does not load (%s); rebuilt from the whole log",
                        table_id, loaded.snapshot[0], str(exc)[:200])
            loaded.snapshot, loaded.entries = None, await self.db(self.store.entries_after, table_id, 0)
            return await loop.run_in_executor(None, _rebuild, loaded)

    async def caught_up(self, table: LiveTable, seq: int, abandoned: float | None) -> bool:
        """Catch up if the log (at `seq`, closed as abandoned at `abandoned`) is ahead of the
        table in memory; True if it was."""
        if seq <= table.seq and (abandoned is None or table.abandoned is not None):
            return False
        async with table.lock:
            await self.catch_up(table, abandoned)
        self.metrics.caught_up()
        return True

    async def catch_up(self, table: LiveTable, abandoned: float | None = None) -> bool:
        """Apply entries another process committed (call under the table's lock), and its
        closing as abandoned (`abandoned`: when); if anything changed, wake the watchers and let
        AI seats and the timer go on."""
        entries = await self.db(self.store.entries_after, table.id, table.seq)
        for entry in entries:
            state = table.state.clone()
            apply_entry(state, entry)
            table.advance(state, entry, entry.by)
        if abandoned is not None and table.abandoned is None:
            self.mark_abandoned(table, abandoned)
        elif entries:
            table.deadline = table.next_deadline(table.state)
            self.hub.wake_local(table.id)
            self.schedule(table)
        return bool(entries)

    # ----------------------------------------------------------------- moves
    async def act(self, table: LiveTable, seat: int, kind: str, key: str | None, version: int,
                  by: str = "seat") -> None:
        """Apply a move (`kind` "act" with `key`) or an undo for `seat`, made against `version`."""
        started = time.perf_counter()
        async with table.lock:
            if self.shared:
                await self.catch_up(table)
            state = table.state
            if version != table.seq:
                raise ApiError(409, f"stale version {version}: the table is at version {table.seq}",
                               version=table.seq)
            if table.abandoned is not None:
                raise ApiError(409, "the table was closed as abandoned (no human move for too long)",
                               version=table.seq)
            if state.to_act is None:
                raise ApiError(409, "the game is over", version=table.seq)
            new = state.clone()
            if kind == "undo":
                try:
                    new.undo(seat)
                except UndoRefused as exc:
                    raise ApiError(409, str(exc), version=table.seq) from None
            else:
                if seat not in state.acting_seats():
                    raise ApiError(403, f"seat {seat} has no decision pending; acting: "
                                   f"{', '.join(map(str, state.acting_seats()))}")
                try:
                    new.apply(key, seat)
                except IllegalAction as exc:
                    raise ApiError(422, str(exc), allowed=exc.allowed) from None
            entry = Entry(table.seq + 1, seat, kind, key, by)
            deadline = table.next_deadline(new)
            every = self.settings.snapshot_every
            snapshot = json.dumps(new.to_json()) if every and entry.seq % every == 0 else None
            try:
                await self.commits.append(table.id, entry, new.to_act is None, deadline, snapshot)
            except NotCommitted:
                found = (await self.db(self.store.versions, [table.id])).get(table.id)
                await self.catch_up(table, found[1] if found else None)
                if table.abandoned is not None:
                    raise ApiError(409, "the table was closed as abandoned (no human move for too long)",
                                   version=table.seq) from None
                raise ApiError(409, f"another move was committed first: the table is at version "
                               f"{table.seq}", version=table.seq) from None
            except Exception as exc:
                log.error("could not commit a move of table %s: %s", table.id, exc)
                raise ApiError(503, "the database is unavailable: the move was not applied; "
                                    "send it again") from None
            table.advance(new, entry, by)
            table.deadline = deadline
            if table.finished and self.on_finished is not None:   # this commit ended the game
                self.on_finished(table)
        self.metrics.move(by, time.perf_counter() - started)
        await self.changed(table)

    async def changed(self, table: LiveTable) -> None:
        """After a commit: tell the watchers, and let AI seats and the timer go on."""
        await self.hub.changed(table.id, table.seq)
        if self.on_commit is not None:
            self.on_commit(table)
        self.schedule(table)

    async def remote_change(self, table_id: str, seq: int, abandoned: bool = False) -> None:
        """Another process committed to a table (or closed it as abandoned): catch up if this
        process has it in memory."""
        table = self.live.get(table_id)
        if table is None:
            return
        if abandoned:
            await self.fresh(table)
        elif table.seq < seq:
            async with table.lock:
                await self.catch_up(table)

    def mark_abandoned(self, table: LiveTable, when: float) -> None:
        """The table was closed as abandoned (here or by another process): no more AI or timer
        moves, and its watchers are told."""
        table.abandoned = when
        table.deadline = None
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.ai_task is not None and table.ai_task is not asyncio.current_task():
            table.ai_task.cancel()
        self.hub.wake_local(table.id)

    # ----------------------------------------------------------------- AI seats and timers
    def schedule(self, table: LiveTable) -> None:
        """Start the AI if an AI seat is to act, and arm the turn timer (with several processes:
        only in the lease's holder; a table with work and no holder gets this process)."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.finished:
            return
        if not table.leased:
            work = table.state.to_act in table.ai_specs or table.deadline is not None
            if work and (table.claiming is None or table.claiming.done()):
                table.claiming = asyncio.create_task(self._claim(table))
            return
        if table.state.to_act in table.ai_specs:
            if table.ai_task is None or table.ai_task.done():
                table.ai_task = asyncio.create_task(self._ai_turns(table))
        elif table.deadline is not None:
            delay = max(0.0, table.deadline - time.time())
            seq = table.seq
            table.timer = asyncio.get_running_loop().call_later(
                delay, lambda: asyncio.create_task(self._timeout(table, seq)))

    async def _claim(self, table: LiveTable) -> None:
        """Hold the table's lease if nobody else does (its holder then plays the AI and timer)."""
        try:
            claimed = await self.db(self.store.claim_lease, table.id, self.hub.origin,
                                    self.settings.lease_seconds)
        except Exception as exc:
            self._retry_later(table, f"could not claim its lease: {exc}")
            return
        if claimed and not table.leased:
            table.leased, table.leased_at = True, time.monotonic()
            self.schedule(table)

    async def _ai_turns(self, table: LiveTable) -> None:
        """Play the AI seats while one of them is to act. A failure (a broken worker, the
        database away) is retried later, with growing pauses: the table is never left waiting."""
        while not table.finished and table.state.to_act in table.ai_specs:
            state, seq = table.state, table.seq
            seat = state.to_act
            if self.settings.ai_delay:
                await asyncio.sleep(self.settings.ai_delay)
            try:
                chosen_seat, key = await self.ai.choose(state, table.ai_specs[seat],
                                                        decision_seed(state.seed, seat, state.version), table.id)
                await self.act(table, chosen_seat, "act", key, seq, by="ai")
                table.failures = 0
            except ApiError as exc:
                if exc.status != 409:      # 409: someone moved first; look again
                    self._retry_later(table, f"AI move refused: {exc}")
                    return
            except Exception as exc:
                self._retry_later(table, f"AI failed: {type(exc).__name__}: {exc}")
                return

    async def _timeout(self, table: LiveTable, seq: int) -> None:
        """The turn timer ran out: the default AI decides for the seat to act (a turn-based
        table may choose to end instead: `at_limit` "forfeit", closed as abandoned)."""
        if table.seq != seq or table.finished or table.state.to_act in table.ai_specs or not table.leased:
            return
        if table.turn_based and self.shared and await self._paced_elsewhere(table):
            return
        if table.at_limit == "forfeit":
            await self.forfeit(table, seq)
            return
        state = table.state
        seat = state.to_act
        try:
            chosen_seat, key = await self.ai.choose(state, LEVELS[DEFAULT_LEVEL],
                                                    decision_seed(state.seed, seat, state.version), table.id)
            await self.act(table, chosen_seat, "act", key, seq, by="timeout")
        except ApiError as exc:
            if exc.status != 409:          # 409: the seat moved just in time
                self._retry_later(table, f"timeout move refused: {exc}")
        except Exception as exc:
            self._retry_later(table, f"timeout move failed: {type(exc).__name__}: {exc}")

    async def _paced_elsewhere(self, table: LiveTable) -> bool:
        """With several processes: whether another process paused or resumed this turn-based
        table (its row says so; turns.py): then take the row's pause and deadline instead of
        acting (a pause is rare and a limit of hours: one read of the row is nothing)."""
        row = await self.db(self.store.table_row, table.id)
        if row is None:
            return False
        pause = json.loads(row["pause"]) if row["pause"] else None
        if pause == table.pause and row["deadline"] == table.deadline:
            return False
        table.pause, table.deadline = pause, row["deadline"]
        self.schedule(table)
        return True

    async def forfeit(self, table: LiveTable, seq: int) -> None:
        """The seat to act let its time limit pass at a table that ends then: closed as
        abandoned (no more moves, no winner), as the sweeper closes a table nobody plays."""
        async with table.lock:
            if table.seq != seq or table.finished:
                return
            when = await self.db(self.store.abandon, table.id, time.time() + 1.0, 0.0)
            if when is None:
                return
            self.mark_abandoned(table, when)
        self.hub.publish(table.id, table.seq, abandoned=True)
        if self.on_commit is not None:
            self.on_commit(table)
        log.info("table %s closed: seat %s let its time limit pass", table.id, table.state.to_act)

    def _retry_later(self, table: LiveTable, why: str) -> None:
        table.failures += 1
        delay = min(30.0, 0.5 * 2 ** table.failures)
        log.error("table %s: %s; trying again in %.1f s", table.id, why, delay)
        asyncio.get_running_loop().call_later(delay, self.schedule, table)

    # ----------------------------------------------------------------- seats
    async def claim(self, table: LiveTable, seat: int | None) -> tuple[int, str]:
        """Claim an open seat (the first free one if `seat` is None); returns it and its token."""
        free = [s for s, h in sorted(table.tokens.items()) if h is None and table.kind_of(s) == "open"]
        if seat is not None and seat not in free:
            raise ApiError(409, f"seat {seat} is not a free open seat; free: {free or 'none'}")
        for candidate in ([seat] if seat is not None else free):
            token = secrets.token_urlsafe(24)
            if await self.db(self.store.claim_seat, table.id, candidate, token_hash(token)):
                table.tokens[candidate] = token_hash(token)
                self.hub.wake_local(table.id)
                return candidate, token
        table.tokens = await self.db(self.store.tokens, table.id)
        raise ApiError(409, "no free open seat is left at this table")

    async def seats_for(self, table: LiveTable, token: str | None) -> list[int]:
        """The seats a token plays; rereads the tokens once if another process issued it."""
        seats = table.seats_for(token)
        if not seats and token and self.shared:
            table.tokens = await self.db(self.store.tokens, table.id)
            seats = table.seats_for(token)
        return seats

    async def close(self) -> None:
        """On shutdown: stop the AI turns, timers and commits, let the leases this process holds
        run out now (another process takes those tables over at once), and stop the database
        threads."""
        self.commits.close()
        held = [t.id for t in self.live.values() if self.shared and t.leased and not t.finished]
        if held:
            try:
                await self.db(self.store.release_lease, held, self.hub.origin, True)
            except Exception as exc:          # they run out by themselves soon
                log.warning("could not hand over %d table(s): %s", len(held), exc)
        for table in self.live.values():
            if table.ai_task is not None:
                table.ai_task.cancel()
            if table.timer is not None:
                table.timer.cancel()
        self._db.shutdown(wait=True)


def _rebuild(loaded) -> LiveTable:
    """A table from its row, its latest snapshot and the entries after it (in a thread)."""
    row = loaded.row
    game = registry.game(row["game"])
    if loaded.snapshot is not None:
        seq, text = loaded.snapshot
        state = game.state_from_json(json.loads(text), verify_history=False)
    else:
        # a table begun before rules revisions (NULL) resolves its options under revision 1
        seq, state = 0, game.new_state(row["players"], row["seed"], json.loads(row["options"]),
                                       game.revision_of(row, f"table {row['id']}"))
    for entry in loaded.entries:
        apply_entry(state, entry)
    table = LiveTable(row, state, loaded.entries[-1].seq if loaded.entries else seq, loaded.tokens)
    if loaded.entries:
        table.last = entry_summary(loaded.entries[-1], loaded.entries[-1].by)
    return table
