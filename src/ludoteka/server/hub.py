"""Who is watching which table, and how a change reaches them: in this process directly, in
other processes through Redis pub/sub (several `ludoteka serve` on one database).

A watcher is woken, not handed a message: it then builds its own seat's frame from the table
as it is now, with the events since the version it last sent. A slow client therefore gets the
newest state with everything it missed, never a queue of stale frames.

Publishing never holds up a move: `changed` only queues the notice (the newest per table) and a
task of its own sends the queue to Redis, giving up after `PUBLISH_SECONDS`. A notice lost so (a
frozen or restarted Redis) is made good by the other processes' version checks
(`Tables.check_versions`: on every resubscription and every few seconds), never by waiting.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Awaitable, Callable

from .startup import shown_url

CHANNEL = "ludoteka:tables"
PUBLISH_SECONDS = 1.0        # a publish that takes longer is given up (the checks catch up)
MAX_PENDING = 10_000         # tables with a notice waiting; more are dropped (and caught up)
# Spectators woken per turn of the event loop: the frames of a table watched by hundreds go out
# a batch at a time, between other tables' moves, not as one long stall of every table.
WAKE_AT_ONCE = 25
log = logging.getLogger("ludoteka.server")


UNVERSIONED = ("seats", "clock")      # what of a table may change without a new version

class Watcher:
    """One WebSocket client of a table: its seat (None: a spectator) and what it has been sent."""

    def __init__(self, seat: int | None, version: int | None):
        self.seat = seat
        self.version = version
        self.wake = asyncio.Event()
        self.outbox: list[str] = []         # encoded chat frames waiting for its socket


class Hub:
    """Local watchers per table, and the Redis bridge when a URL is given."""

    def __init__(self, redis_url: str | None = None):
        self.watchers: dict[str, set[Watcher]] = {}
        self.redis_url = redis_url
        self.origin = secrets.token_hex(8)        # this process, to skip its own messages
        self._redis = None
        self._listener: asyncio.Task | None = None
        self._publisher: asyncio.Task | None = None
        self._pending: dict[str, str] = {}         # table id -> its newest notice
        self._publish_wake = asyncio.Event()
        self.unpublished = 0                       # notices given up (dropped, failed)
        # chat.Chat's delivery of another process's message: (table id, seat, encoded frame)
        self.on_chat: Callable[[str, int, str], Awaitable[None]] | None = None
        # Another process changed what of a table has no version (`publish_unversioned`: "seats",
        # who owns them; "clock", a turn-based table's pause): read it again here.
        self.on_unversioned: Callable[[str, str], Awaitable[None]] | None = None
        self._chats = 0

    def watch(self, table_id: str, watcher: Watcher) -> None:
        """Wake `watcher` on every change of the table from now on."""
        self.watchers.setdefault(table_id, set()).add(watcher)

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        """Stop waking `watcher` (its socket closed)."""
        group = self.watchers.get(table_id)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[table_id]

    def wake_local(self, table_id: str) -> None:
        """Wake this process's watchers of a table: its seats now, its spectators `WAKE_AT_ONCE`
        at a time, one batch per turn of the event loop."""
        spectators = []
        for watcher in self.watchers.get(table_id, ()):
            if watcher.seat is None:
                spectators.append(watcher)
            else:
                watcher.wake.set()
        if spectators:
            self._wake_batch(spectators, 0)

    def _wake_batch(self, spectators: list[Watcher], start: int) -> None:
        for watcher in spectators[start:start + WAKE_AT_ONCE]:
            watcher.wake.set()
        if start + WAKE_AT_ONCE < len(spectators):
            asyncio.get_running_loop().call_soon(self._wake_batch, spectators, start + WAKE_AT_ONCE)

    def say(self, table_id: str, text: str, reads: Callable[[Watcher], bool]) -> None:
        """Queue one encoded chat frame on every local watcher of a table that `reads` it."""
        for watcher in self.watchers.get(table_id, ()):
            if reads(watcher):
                watcher.outbox.append(text)
                watcher.wake.set()

    def publish_chat(self, table_id: str, seat: int, text: str) -> None:
        """Queue a chat frame for the other processes (each message kept: a key of its own)."""
        if self._redis is None:
            return
        self._chats += 1
        self._pending[f"chat {self._chats}"] = f"{self.origin} {table_id} chat {seat} {text}"
        self._publish_wake.set()

    def publish_unversioned(self, table_id: str, what: str) -> None:
        """Queue the notice that `what` of a table changed without a new version ("seats":
        their owners; "clock": the pause) for the other processes."""
        if self._redis is None:
            return
        self._pending[f"{what} {table_id}"] = f"{self.origin} {table_id} {what}"
        self._publish_wake.set()

    async def changed(self, table_id: str, seq: int, abandoned: bool = False) -> None:
        """A table changed here (or was closed as abandoned): wake its watchers here and queue
        the notice for the other processes. Returns at once, whatever Redis does."""
        self.wake_local(table_id)
        self.publish(table_id, seq, abandoned)

    def publish(self, table_id: str, seq: int, abandoned: bool = False) -> None:
        """Queue a notice for the other processes (only the newest of a table is kept)."""
        if self._redis is None:
            return
        if table_id not in self._pending and len(self._pending) >= MAX_PENDING:
            self.unpublished += 1          # the other processes' version checks catch up
            return
        self._pending[table_id] = f"{self.origin} {table_id} {seq}" + (" abandoned" if abandoned else "")
        self._publish_wake.set()

    async def _publish_pending(self) -> None:
        """Send the queued notices, all of a round in one pipeline; a round that fails or takes
        over `PUBLISH_SECONDS` is logged and dropped."""
        while True:
            await self._publish_wake.wait()
            self._publish_wake.clear()
            batch, self._pending = self._pending, {}
            if not batch:
                continue
            try:
                await asyncio.wait_for(self._send(list(batch.values())), PUBLISH_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception as exc:       # down, frozen: the other processes' checks catch up
                self.unpublished += len(batch)
                log.warning("could not publish %d table update(s) to Redis (%s); the other processes "
                            "catch up from the log", len(batch), str(exc) or type(exc).__name__)

    async def _send(self, messages: list[str]) -> None:
        """Publish `messages`; once more on a fresh connection if the pooled one died with a
        restarted Redis (else the first notice after the restart is lost after the other
        processes' resubscription check, and nothing catches it up until a periodic check)."""
        from redis.exceptions import ConnectionError as Disconnected
        for attempt in (1, 2):
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for message in messages:
                        pipe.publish(CHANNEL, message)
                    await pipe.execute()
                return
            except Disconnected:
                if attempt == 2:
                    raise

    async def start(self, on_remote: Callable[[str, int, bool], Awaitable[None]],
                    on_gap: Callable[[], Awaitable[object]] | None = None) -> None:
        """Connect to Redis (if configured) and call `on_remote(table_id, seq, abandoned)` for
        changes made by other processes, and `on_gap()` after a lost subscription is back (the
        notices in between are lost). A Redis that does not answer now is an error: a server
        given Redis never starts without it (later outages are waited out below)."""
        if not self.redis_url:
            return
        import redis.asyncio as redis
        self._redis = redis.from_url(self.redis_url, socket_connect_timeout=5)
        try:
            await self._redis.ping()
        except Exception as exc:
            await self._redis.aclose()
            self._redis = None
            raise RuntimeError(f"cannot reach Redis at {shown_url(self.redis_url)}: {exc}") from None

        async def listen() -> None:
            gap = False
            while True:                      # Redis restarted: subscribe again
                pubsub = self._redis.pubsub()
                try:
                    await pubsub.subscribe(CHANNEL)
                    if gap:
                        log.info("Redis subscription is back; checking the tables' versions")
                        if on_gap is not None:
                            await self._gap(on_gap)
                    gap = False
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            await self._remote(message["data"], on_remote)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("Redis subscription lost (%s); subscribing again in 1 s", exc)
                    gap = True
                    await asyncio.sleep(1)
                finally:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
        self._listener = asyncio.create_task(listen())
        self._publisher = asyncio.create_task(self._publish_pending())

    @staticmethod
    async def _gap(on_gap: Callable[[], Awaitable[object]]) -> None:
        try:
            await on_gap()
        except Exception:              # the periodic checks try again
            log.exception("could not check the tables' versions after a Redis gap")

    async def _remote(self, data: bytes, on_remote: Callable[[str, int], Awaitable[None]]) -> None:
        try:
            origin, table_id, seq, *flags = data.decode().split(" ", 4)
            if seq == "chat":
                if origin != self.origin and self.on_chat is not None:
                    await self.on_chat(table_id, int(flags[0]), flags[1])
                return
            if seq in UNVERSIONED:
                if origin != self.origin and self.on_unversioned is not None:
                    await self.on_unversioned(table_id, seq)
                return
            if origin != self.origin:
                await on_remote(table_id, int(seq), "abandoned" in flags)
        except Exception:
            log.exception("a table update from Redis: %r", data[:80])

    async def take_slot(self, name: str, seconds: float, timeout: float = 2.0) -> tuple[bool, float, float]:
        """Take the slot `name` for `seconds` in every process at once (Redis `SET NX PX`):
        (True, now, 0) when taken; else (False, when its holder took it, seconds it still
        lasts). Without Redis, or when Redis does not answer in time, always taken (each
        process then counts for itself, as with one process)."""
        key = f"ludoteka:slot:{name}"
        for _ in range(3):                   # (a slot that ends between the two calls: again)
            now = time.time()
            if self._redis is None:
                break
            try:
                if await asyncio.wait_for(self._redis.set(key, repr(now), nx=True,
                                                          px=max(1, int(seconds * 1000))), timeout):
                    return True, now, 0.0
                taken, left = await asyncio.wait_for(
                    asyncio.gather(self._redis.get(key), self._redis.pttl(key)), timeout)
            except Exception as exc:
                log.warning("Redis did not answer for a slot (%s): counted in this process only", exc)
                break
            if taken is not None and left is not None and left > 0:
                return False, float(taken), left / 1000.0
        return True, time.time(), 0.0

    async def ready(self, timeout: float = 2.0) -> bool:
        """Whether Redis answers a ping in time (True when no Redis is configured)."""
        if not self.redis_url:
            return True
        if self._redis is None:
            return False
        try:
            return bool(await asyncio.wait_for(self._redis.ping(), timeout))
        except Exception:              # down, frozen, timed out: not ready, whatever the reason
            return False

    async def stop(self) -> None:
        """Stop listening to Redis and close the connection."""
        for task in (self._listener, self._publisher):
            if task is not None:
                task.cancel()
        if self._redis is not None:
            await self._redis.aclose()
