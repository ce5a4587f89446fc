"""Table chat (issue 25 §3, docs/server.md "Chat"): the seats of a table write, everyone who
watches it reads (a private table's chat only its seats). Messages are stored beside the table
(`social_store.CHAT`), never in its log: records, logs and replays never carry them.

A message is encoded once and queued on every watcher's socket that may read it (a seat that
muted the writer is skipped); other processes get it through the hub's Redis channel."""
from __future__ import annotations

import unicodedata
from typing import Any

from .access import is_private
from .hub import Hub, Watcher
from .limits import Buckets
from .live import ApiError, LiveTable
from .sockets import encode
from .social_store import SocialStore

MAX_CHARS = 500                  # one message
HISTORY = 50                     # messages sent with the hello and by GET …/chat
RATE, BURST = 0.5, 5             # per seat: 5 at once, then one every 2 s
MOST_TABLES = 20_000             # tables whose mutes are kept in memory
# Text-direction overrides would let a message reorder how the names around it read.
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def check_text(text: Any) -> str:
    """The message text, stripped; 400 naming what is wrong (empty, too long, a control
    character, a direction override, a lone surrogate)."""
    if not isinstance(text, str):
        raise ApiError(400, "'text' must be a string")
    text = text.strip()
    if not text:
        raise ApiError(400, "'text' is empty")
    if len(text) > MAX_CHARS:
        raise ApiError(400, f"'text' has {len(text)} characters; at most {MAX_CHARS}")
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs") or char in _BIDI:
            raise ApiError(400, f"'text' contains the control character U+{ord(char):04X}; "
                                "a message is one line of visible text")
    return text


def chat_frame(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The socket frame of chat messages (the hello's history, or one new message)."""
    return {"type": "chat", "messages": messages}


class Chat:
    """The chat of every table this process serves."""

    def __init__(self, store: SocialStore, hub: Hub, rate: float = RATE, burst: int = BURST):
        self.store, self.hub = store, hub
        self.buckets = Buckets(rate, burst)
        self.mutes: dict[str, dict[int, set[int]]] = {}     # table -> seat -> seats it muted
        self.private: dict[str, bool] = {}
        hub.on_chat = self._remote

    async def _mutes(self, tables, table_id: str) -> dict[int, set[int]]:
        found = self.mutes.get(table_id)
        if found is None:
            if len(self.mutes) > MOST_TABLES:        # forget idle tables (reread on need)
                self.mutes.clear()
                self.private.clear()
            found = self.mutes[table_id] = await tables.db(self.store.mutes, table_id)
        return found

    async def history(self, tables, table: LiveTable, seat: int | None, fresh: bool = False) -> list[dict[str, Any]]:
        """The last messages `seat` (None: a spectator) may read; `fresh`: reread its mutes
        (a socket's hello: another process may have changed them)."""
        self.private[table.id] = is_private(table.seat_kinds)
        if seat is None and self.private[table.id]:
            return []
        if fresh:
            self.mutes.pop(table.id, None)
        mutes = await self._mutes(tables, table.id)
        muted = mutes.get(seat, set()) if seat is not None else set()
        return await tables.db(self.store.messages, table.id, HISTORY, frozenset(muted))

    async def post(self, tables, table: LiveTable, seat: int, text: Any) -> dict[str, Any]:
        """Store a seat's message and deliver it; 400 for bad text, 429 over the seat's rate."""
        text = check_text(text)
        if not self.buckets.take(f"{table.id}:{seat}"):
            raise ApiError(429, f"seat {seat} is writing too fast: at most {BURST} messages at once, "
                                f"then one every {1 / RATE:g} s")
        message = await tables.db(self.store.add_message, table.id, seat, text)
        self.private[table.id] = is_private(table.seat_kinds)
        await self._mutes(tables, table.id)
        text_frame = encode(chat_frame([message]))
        self.deliver(table.id, seat, text_frame)
        self.hub.publish_chat(table.id, seat, text_frame)
        return message

    def deliver(self, table_id: str, seat: int, text: str) -> None:
        """Queue one encoded message on this process's sockets of the table that may read it."""
        mutes = self.mutes.get(table_id, {})
        private = self.private.get(table_id, True)

        def reads(watcher: Watcher) -> bool:
            if watcher.seat is None:
                return not private
            return seat not in mutes.get(watcher.seat, ())
        self.hub.say(table_id, text, reads)

    async def _remote(self, table_id: str, seat: int, text: str) -> None:
        # Another process's message: delivered only if this process knows the table's readers.
        if table_id in self.private:
            self.deliver(table_id, seat, text)

    async def mute(self, tables, table: LiveTable, seat: int, other: int, on: bool) -> list[int]:
        """Seat `seat` mutes (unmutes) seat `other`; returns the seats it mutes now."""
        if not 0 <= other < table.state.players or other == seat:
            raise ApiError(422, f"'mute' must be another seat of this table (0 to {table.state.players - 1}, "
                                f"not {seat})")
        await tables.db(self.store.set_mute, table.id, seat, other, on)
        mine = (await self._mutes(tables, table.id)).setdefault(seat, set())
        (mine.add if on else mine.discard)(other)
        return sorted(mine)
