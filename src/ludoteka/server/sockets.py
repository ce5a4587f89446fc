"""The WebSocket of a table: after a `hello` naming the seat (by token) and the last version the
client saw, the server sends that seat's frame now and after every change; the client may also
send moves and undos here. Garbage gets an error frame; a flood closes the socket."""
from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import Watcher
from .live import ApiError
from .requests import MAX_KEY

HELLO_SECONDS = 10
FRAMES_PER_SECOND = 50          # far above a person's pace; a runaway client is slowed
FRAME_BURST = 100


class _Socket:
    def __init__(self, websocket: WebSocket):
        self.ws = websocket
        self.lock = asyncio.Lock()
        self.tokens, self.then, self.floods = float(FRAME_BURST), time.monotonic(), 0

    async def send(self, data: dict[str, Any]) -> None:
        async with self.lock:
            await self.ws.send_text(json.dumps(data, separators=(",", ":")))

    async def error(self, status: int, message: str, **extra: Any) -> None:
        await self.send({"type": "error", "status": status, "error": message, **extra})

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(FRAME_BURST), self.tokens + (now - self.then) * FRAMES_PER_SECOND)
        self.then = now
        if self.tokens < 1:
            self.floods += 1
            return False
        self.tokens -= 1
        return True

    async def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next JSON object from the client; None after an error frame for anything else."""
        message = await asyncio.wait_for(self.ws.receive(), timeout)
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            await self.error(400, "frames must be JSON text")
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            await self.error(400, "a frame must be a JSON object")
            return None
        if not isinstance(data, dict):
            await self.error(400, "a frame must be a JSON object")
            return None
        return data


def _version(data: dict[str, Any]) -> int | None:
    value = data.get("version")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9 else None


async def serve_socket(websocket: WebSocket, tables) -> None:
    """Serve one WebSocket client of a table (see the module docstring and docs/server.md)."""
    await websocket.accept()
    sock = _Socket(websocket)
    try:
        try:
            table = await tables.get(websocket.path_params["table"])
        except ApiError as exc:
            await sock.error(exc.status, str(exc))
            await websocket.close(4404)
            return
        hello = await _hello(sock, table, tables)
        if hello is None:
            return
        seat, since = hello
        watcher = Watcher(seat, since)
        tables.hub.watch(table.id, watcher)
        sender = asyncio.create_task(_send_changes(sock, table, watcher))
        watcher.wake.set()
        try:
            await _receive_moves(sock, table, tables, seat)
        finally:
            tables.hub.unwatch(table.id, watcher)
            sender.cancel()
    except (WebSocketDisconnect, asyncio.TimeoutError, RuntimeError):
        pass
    finally:
        with contextlib.suppress(Exception):
            await websocket.close()


async def _hello(sock: _Socket, table, tables) -> tuple[int | None, int | None] | None:
    """Wait for the hello: returns (seat or None for a spectator, last version seen); None when
    the token was refused (the socket is closed)."""
    while True:
        data = await sock.receive(HELLO_SECONDS)
        if data is None:
            continue
        if data.get("type") != "hello":
            await sock.error(400, "the first frame must be {\"type\": \"hello\", \"token\": …, \"version\": …}")
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
    while True:
        await watcher.wake.wait()
        watcher.wake.clear()
        if watcher.version == table.seq and not first:
            continue
        first = False
        seq = table.seq
        frame = table.frame(watcher.seat, watcher.version)
        watcher.version = seq
        await sock.send(frame)


async def _receive_moves(sock: _Socket, table, tables, seat: int | None) -> None:
    while True:
        data = await sock.receive()
        if not sock.allowed():
            if sock.floods > FRAME_BURST:
                await sock.ws.close(1008)
                return
            await sock.error(429, "too many frames: slow down")
            continue
        if data is None:
            continue
        kind = data.get("type")
        if kind == "ping":
            await sock.send({"type": "pong"})
            continue
        if kind not in ("action", "undo"):
            await sock.error(400, "unknown frame type; types: action, undo, ping")
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
