"""The WebSocket of a table: after a `hello` naming the seat (by token) and the last version the
client saw, the server sends that seat's frame now and after every change; the client may also
send moves and undos here. Garbage gets an error frame; a flood closes the socket (1008), and so
does a limit of the operator's (4429: too many sockets from one address, too many spectators).

A frame is counted against the socket's rate before anything else is done with it: a frame over
the rate is dropped undecoded, and only the first of a run gets an answer (429), so that a flood
costs the server little more than reading it (docs/measurements.md, issue 24).

A change is encoded once per distinct view (seat, last version seen), not once per socket: a
table with hundreds of spectators costs one encoding of the spectator's frame per move."""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import weakref
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import Watcher
from .live import ApiError
from .presence import joined, left, signature
from .requests import MAX_KEY

log = logging.getLogger("ludoteka.server")
HELLO_SECONDS = 10              # from the socket's opening to its hello, whatever comes before
FRAMES_PER_SECOND = 50          # far above a person's pace; a runaway client is slowed
LIMIT_CLOSE = 4429              # the close code of a socket over one of the operator's limits


def encode(data: dict[str, Any]) -> str:
    """`data` as compact JSON text. orjson, not `json.dumps`: encoding frames was a tenth of the
    server's time under load (docs/measurements.md); integer keys become strings as with `json`."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def _error_text(status: int, message: str) -> str:
    return encode({"type": "error", "status": status, "error": message})


# The frames a flood is answered with, encoded once (not once per frame).
TOO_MANY = _error_text(429, "too many frames: slow down")
NOT_TEXT = _error_text(400, "frames must be JSON text")
NOT_OBJECT = _error_text(400, "a frame must be a JSON object")
NOT_HELLO = _error_text(400, "the first frame must be {\"type\": \"hello\", \"token\": …, \"version\": …}")
UNKNOWN_TYPE = _error_text(400, "unknown frame type; types: action, undo, ping")
PONG = encode({"type": "pong"})


class _Socket:
    def __init__(self, websocket: WebSocket, rate: float = FRAMES_PER_SECOND):
        self.ws = websocket
        self.lock = asyncio.Lock()
        self.rate, self.burst = rate, 2 * rate
        self.tokens, self.then, self.floods = float(self.burst), time.monotonic(), 0
        self.refusing = False        # the last frame was over the rate (its run's 429 was sent)

    async def send(self, data: dict[str, Any]) -> None:
        await self.send_text(encode(data))

    async def send_text(self, text: str) -> None:
        async with self.lock:
            await self.ws.send_text(text)

    async def error(self, status: int, message: str, **extra: Any) -> None:
        await self.send({"type": "error", "status": status, "error": message, **extra})

    def allowed(self) -> bool:
        """Take a token for one frame (`rate` a second, bursts of twice as many); False, and one
        more flood counted, when there is none."""
        if not self.rate:
            return True
        now = time.monotonic()
        tokens = self.tokens + (now - self.then) * self.rate
        self.then = now
        if tokens < 1:
            self.tokens = tokens
            self.floods += 1
            return False
        self.tokens = (tokens if tokens < self.burst else self.burst) - 1
        return True

    async def refuse(self, message: str) -> None:
        """Close the socket over one of the operator's limits, saying which."""
        await self.error(429, message)
        await self.ws.close(LIMIT_CLOSE)

    async def receive(self) -> dict[str, Any] | None:
        """The next frame the rate admits, as a JSON object; None after an error frame for
        anything else. A frame over the rate is dropped before it is decoded: the first of a
        run is answered 429, the rest of the run is not, and once more than a burst's worth of
        frames were over the rate the socket is closed (1008)."""
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            if self.allowed():
                self.refusing = False
                return await self._decode(message)
            if self.floods > self.burst:
                await self.ws.close(1008)
                raise WebSocketDisconnect(1008)
            if not self.refusing:
                self.refusing = True
                await self.send_text(TOO_MANY)

    async def _decode(self, message: dict[str, Any]) -> dict[str, Any] | None:
        text = message.get("text")
        if text is None:
            await self.send_text(NOT_TEXT)
            return None
        if text.lstrip()[:1] != "{":      # no object: no need to decode it (nor raise, at a flood's pace)
            await self.send_text(NOT_OBJECT)
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            await self.send_text(NOT_OBJECT)
            return None
        if not isinstance(data, dict):
            await self.send_text(NOT_OBJECT)
            return None
        return data


def _version(data: dict[str, Any]) -> int | None:
    value = data.get("version")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9 else None


class _Encoded:
    """The encoded frames of one table version, by (seat, version the client saw)."""

    def __init__(self, key: tuple):
        self.key = key
        self.texts: dict[tuple[int | None, int | None], str] = {}


_ENCODED: "weakref.WeakKeyDictionary[Any, _Encoded]" = weakref.WeakKeyDictionary()


def unversioned(table) -> tuple:
    """What of a frame may change without a new version: the presence, and a turn-based table's
    pause and deadline (turns.py: proposed, agreed or ended without a move)."""
    return signature(table), table.deadline, json.dumps(table.pause, sort_keys=True)


def frame_text(table, seat: int | None, since: int | None, now: tuple | None = None) -> str:
    """`table.frame(seat, since)` as JSON text, encoded once per table version and view: every
    spectator (and every socket of one seat) that saw the same version shares it. `now`: the
    table's `unversioned(table)` if the caller has it already (it costs a sort and a dump)."""
    # A claimed seat changes the frame without a new version: it is part of the key too.
    key = (table.seq, id(table.state), tuple(h is not None for h in table.tokens.values()),
           unversioned(table) if now is None else now)
    cache = _ENCODED.get(table)
    if cache is None or cache.key != key:
        cache = _ENCODED[table] = _Encoded(key)
    text = cache.texts.get((seat, since))
    if text is None:
        text = cache.texts[(seat, since)] = encode(table.frame(seat, since))
    return text


async def serve_socket(websocket: WebSocket, tables, quotas, chat=None) -> None:
    """Serve one WebSocket client of a table (see the module docstring and docs/server.md);
    `quotas` counts the sockets of each client address; `chat` (chat.Chat) sends the table's
    last chat messages after the hello and new ones as they come."""
    await websocket.accept()
    settings = tables.settings
    sock = _Socket(websocket, settings.frames_per_second)
    address = websocket.client.host if websocket.client else "?"
    if not quotas.open_socket(address):
        await sock.refuse(f"at most {settings.sockets_per_address} WebSockets per client address")
        return
    try:
        try:
            table = await tables.get(websocket.path_params["table"])
        except ApiError as exc:
            await sock.error(exc.status, str(exc))
            await websocket.close(4404)
            return
        async with asyncio.timeout(HELLO_SECONDS):     # one timer a socket, not one a frame
            hello = await _hello(sock, table, tables)
        if hello is None:
            return
        seat, since = hello
        await tables.fresh(table)          # the first frame is the log's version, not a stale one
        most = settings.spectators_per_table
        if seat is None and most and sum(w.seat is None for w in tables.hub.watchers.get(table.id, ())) >= most:
            await sock.refuse(f"at most {most} spectators per table")
            return
        watcher = Watcher(seat, since)
        history = await _chat_history(chat, tables, table, seat)
        if history:                # none: no frame (a client that knows no chat sees nothing new)
            watcher.outbox.append(encode({"type": "chat", "messages": history}))
        tables.hub.watch(table.id, watcher)
        joined(table, seat)
        sender = asyncio.create_task(_send_changes(sock, table, watcher))
        if seat is None:
            watcher.wake.set()
        else:                      # the others' seat lists show this seat connected
            tables.hub.wake_local(table.id)
        try:
            await _receive_moves(sock, table, tables, seat)
        finally:
            tables.hub.unwatch(table.id, watcher)
            left(table, seat)
            if seat is not None:
                tables.hub.wake_local(table.id)
            sender.cancel()
    except (WebSocketDisconnect, asyncio.TimeoutError, RuntimeError):
        pass
    finally:
        quotas.close_socket(address)
        with contextlib.suppress(Exception):
            await websocket.close()


async def _chat_history(chat, tables, table, seat: int | None) -> list[dict[str, Any]]:
    """The chat messages a new socket is sent after its hello; none when the database does not
    answer (the game goes on without them: the next hello gets them)."""
    if chat is None:
        return []
    try:
        return await chat.history(tables, table, seat, True)
    except Exception as exc:
        log.warning("could not read the chat of table %s: %s", table.id, exc)
        return []


async def _hello(sock: _Socket, table, tables) -> tuple[int | None, int | None] | None:
    """Wait for the hello: returns (seat or None for a spectator, last version seen); None when
    the token was refused (the socket is closed)."""
    while True:
        data = await sock.receive()           # frames before the hello count against the rate too
        if data is None:
            continue
        if data.get("type") != "hello":
            await sock.send_text(NOT_HELLO)
            continue
        token, wanted = data.get("token"), data.get("seat")
        if wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int)):
            await sock.error(422, "'seat' must be a seat number")
            continue
        since = _version(data)
        if token is None:
            return None, since
        seats = await tables.seats_for(table, token) if isinstance(token, str) and len(token) < 200 else []
        if not seats:
            await sock.error(403, "unknown seat token for this table")
            await sock.ws.close(4403)
            return None
        if wanted is None and len(seats) == 1:
            return seats[0], since
        if wanted in seats:
            return wanted, since
        await sock.error(422, f"this token plays seats {seats}: say which with 'seat'")


async def _send_changes(sock: _Socket, table, watcher: Watcher) -> None:
    first = True                 # the hello is always answered, even by an unchanged table
    seen = None                  # the presence and pause last sent: a seat (dis)connecting is news too
    while True:
        await watcher.wake.wait()
        watcher.wake.clear()
        now = unversioned(table)       # once a wake: hundreds of spectators wake at each move
        if watcher.version != table.seq or first or seen != now:
            first = False
            seen = now
            seq = table.seq
            text = frame_text(table, watcher.seat, watcher.version, now)
            watcher.version = seq
            await sock.send_text(text)
        while watcher.outbox:          # chat frames, after the table's (the page is drawn)
            await sock.send_text(watcher.outbox.pop(0))


async def _receive_moves(sock: _Socket, table, tables, seat: int | None) -> None:
    while True:
        data = await sock.receive()
        if data is None:
            continue
        kind = data.get("type")
        if kind == "ping":
            await sock.send_text(PONG)
            continue
        if kind not in ("action", "undo"):
            await sock.send_text(UNKNOWN_TYPE)
            continue
        if seat is None:
            await sock.error(403, "a spectator cannot act")
            continue
        key, version = data.get("key"), _version(data)
        if version is None:
            await sock.error(422, "'version' must be the table version the move was made against")
            continue
        if kind == "action" and (not isinstance(key, str) or not 0 < len(key) <= MAX_KEY):
            await sock.error(422, "'key' must be an action key")
            continue
        try:
            if kind == "undo":
                await tables.act(table, seat, "undo", None, version)
            else:
                await tables.act(table, seat, "act", key, version)
        except ApiError as exc:
            await sock.error(exc.status, str(exc), **exc.extra)
