"""A flood of WebSocket frames costs the server little (issue 24 §5): a frame over the socket's
rate is dropped before it is decoded, and only the first of a run is answered (429)."""
from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server_kit import create


def _ws(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/api/tables/{table}/ws"


async def _until_state(ws) -> list[int]:
    """The statuses of the error frames that come before the next state frame."""
    statuses = []
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] == "state":
            return statuses
        if frame["type"] == "error":
            statuses.append(frame["status"])


def test_frames_over_the_rate_are_dropped_undecoded_and_a_run_of_them_answered_once(start_server, sqlite_url):
    # 1 frame a second, bursts of 2: of 4 frames at once, 2 pass and 2 are over the rate
    server = start_server(sqlite_url, "--frames-per-second", "1")
    table = create(server.url, "kingsburg", ["human", "human"])

    async def run() -> tuple[list[int], list[int]]:
        async with connect(_ws(server.url, table["id"])) as ws:
            for _ in range(4):                  # before the hello: they count too
                await ws.send("not json")
            await asyncio.sleep(2.2)            # two frames' worth of the rate again
            await ws.send(json.dumps({"type": "hello"}))
            first = await _until_state(ws)      # everything sent before comes first
            await ws.send(json.dumps({"type": "ping"}))
            pong = json.loads(await asyncio.wait_for(ws.recv(), 10))
            return first, [pong["type"] == "pong"]
    answers, still_open = asyncio.run(run())
    # The two garbage frames over the rate got one 429 between them, and no 400: not decoded.
    # (Before: each was decoded and answered twice, 400 then 429.)
    assert answers == [400, 400, 429], answers
    assert still_open == [True]


def test_a_sustained_flood_gets_one_429_and_then_the_close(start_server, sqlite_url):
    server = start_server(sqlite_url, "--frames-per-second", "1")
    table = create(server.url, "kingsburg", ["human", "human"])

    async def run() -> tuple[list[int], int | None]:
        statuses = []
        async with connect(_ws(server.url, table["id"])) as ws:
            for _ in range(10):
                try:
                    await ws.send('{"type": "ping"}')
                except ConnectionClosed:
                    break
            try:
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    statuses.append(frame.get("status"))
            except ConnectionClosed as exc:
                return statuses, exc.rcvd.code if exc.rcvd else None
    statuses, code = asyncio.run(run())
    # 2 frames pass (a ping before the hello: 400), the third is the first over the rate (429),
    # the fifth makes more than a burst over it: closed, without a 429 for each
    assert statuses == [400, 400, 429], statuses
    assert code == 1008


def test_a_socket_that_sends_no_hello_is_closed_after_ten_seconds_whatever_else_it_sends(start_server, sqlite_url):
    # One timer a socket, not one a frame: frames before the hello no longer put the end off.
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "human"])

    async def run() -> float | None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        async with connect(_ws(server.url, table["id"])) as ws:
            try:
                while loop.time() - started < 16:
                    await ws.send('{"type": "ping"}')        # answered: the first frame must be a hello
                    await asyncio.wait_for(ws.recv(), 10)
                    await asyncio.sleep(2)
            except ConnectionClosed:
                return loop.time() - started
        return None
    closed_after = asyncio.run(run())
    assert closed_after is not None and 9 < closed_after < 14, closed_after
