"""Who is watching which table, and how a change reaches them: in this process directly, in
other processes through Redis pub/sub (several `ludoteka serve` on one database).

A watcher is woken, not handed a message: it then builds its own seat's frame from the table
as it is now, with the events since the version it last sent. A slow client therefore gets the
newest state with everything it missed, never a queue of stale frames.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Awaitable, Callable

from .startup import shown_url

CHANNEL = "ludoteka:tables"
log = logging.getLogger("ludoteka.server")


class Watcher:
    """One WebSocket client of a table: its seat (None: a spectator) and what it has been sent."""

    def __init__(self, seat: int | None, version: int | None):
        self.seat = seat
        self.version = version
        self.wake = asyncio.Event()


class Hub:
    """Local watchers per table, and the Redis bridge when a URL is given."""

    def __init__(self, redis_url: str | None = None):
        self.watchers: dict[str, set[Watcher]] = {}
        self.redis_url = redis_url
        self.origin = secrets.token_hex(8)        # this process, to skip its own messages
        self._redis = None
        self._listener: asyncio.Task | None = None

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
        """Wake this process's watchers of a table."""
        for watcher in self.watchers.get(table_id, ()):
            watcher.wake.set()

    async def changed(self, table_id: str, seq: int) -> None:
        """A table changed here: wake its watchers here and tell the other processes."""
        self.wake_local(table_id)
        if self._redis is not None:
            try:
                await self._redis.publish(CHANNEL, f"{self.origin} {table_id} {seq}")
            except Exception as exc:      # Redis down: this process's clients are still served
                log.warning("could not publish to Redis: %s", exc)

    async def start(self, on_remote: Callable[[str, int], Awaitable[None]]) -> None:
        """Connect to Redis (if configured) and call `on_remote(table_id, seq)` for changes made
        by other processes. A Redis that does not answer now is an error: a server given Redis
        never starts without it (later outages are waited out below)."""
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
            while True:                      # Redis restarted: subscribe again
                try:
                    pubsub = self._redis.pubsub()
                    await pubsub.subscribe(CHANNEL)
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            await self._remote(message["data"], on_remote)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("Redis subscription lost (%s); subscribing again in 1 s", exc)
                    await asyncio.sleep(1)
        self._listener = asyncio.create_task(listen())

    async def _remote(self, data: bytes, on_remote: Callable[[str, int], Awaitable[None]]) -> None:
        try:
            origin, table_id, seq = data.decode().split(" ")
            if origin != self.origin:
                await on_remote(table_id, int(seq))
        except Exception:
            log.exception("a table update from Redis: %r", data[:80])

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
        if self._listener is not None:
            self._listener.cancel()
        if self._redis is not None:
            await self._redis.aclose()
