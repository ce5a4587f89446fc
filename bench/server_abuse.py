"""The abusive client of `server_load.py --abusive`: one address (127.0.0.2, which the server
does not trust as a proxy) that, for a bounded time and with a bounded number of connections,

- floods HTTP requests (`HTTP_WORKERS` connections asking for a table as fast as they can),
- asks for new tables until well past its quota (one request every `TABLE_EVERY` seconds),
- holds `HELD_SOCKETS` WebSockets and, every second, tries `PROBE_SOCKETS` more at once (more
  than the default 50 per address in all; an admitted probe closes after its first frame),
- floods frames (`FLOOD_SOCKETS` sockets sending pings and garbage, from before the hello on
  half of them, `FLOOD_RATE` frames a second in all: ten times the limit on each socket),
  reconnecting whenever the server closes one.

The frame flood is paced so that the abuser's own CPU (on the same two cores as the server, here)
stays bounded: a flood from another machine costs the server its receiving, not the sending.

Run by `server_load.py` as its own process (its loops do not slow the bots' event loop):

    python bench/server_abuse.py URL --tables ID,ID,... --seconds 60

It prints what it got: HTTP statuses, tables created, WebSocket close codes, frames sent, and
the CPU time it took itself.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections import Counter

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

ADDRESS = "127.0.0.2"
HTTP_WORKERS = 4
TABLE_EVERY = 0.05
HELD_SOCKETS = 42
PROBE_SOCKETS = 10
FLOOD_SOCKETS = 4
FLOOD_BATCH = 20            # frames sent between two looks at the socket
FLOOD_RATE = 2000.0         # frames a second, all flooding sockets together


def _ws_url(url: str, table: str) -> str:
    return url.replace("http", "ws", 1) + f"/api/tables/{table}/ws"


def _closed(exc: Exception) -> str:
    if isinstance(exc, ConnectionClosed):
        return str(exc.rcvd.code) if exc.rcvd else "no close frame"
    if isinstance(exc, InvalidStatus):
        return f"HTTP {exc.response.status_code}"
    return type(exc).__name__


async def _http_flood(client: httpx.AsyncClient, path: str, until: float, statuses: Counter) -> None:
    while time.monotonic() < until:
        try:
            statuses[str((await client.get(path)).status_code)] += 1
        except httpx.HTTPError as exc:
            statuses[type(exc).__name__] += 1


async def _ask_tables(client: httpx.AsyncClient, game: str, players: int, until: float, got: Counter) -> None:
    body = {"game": game, "players": players, "seats": ["human"] * players}
    while time.monotonic() < until:
        try:
            answer = await client.post("/api/tables", json=body)
            if answer.status_code == 429:        # which limit: the quota or the request rate
                got["429 quota" if "unfinished tables" in answer.text else "429 rate"] += 1
            else:
                got[str(answer.status_code)] += 1
        except httpx.HTTPError as exc:
            got[type(exc).__name__] += 1
        await asyncio.sleep(TABLE_EVERY)


async def _hold(url: str, table: str, until: float, closes: Counter, held: list[int]) -> None:
    """One socket kept open as a spectator until `until`, its end counted."""
    try:
        async with connect(_ws_url(url, table), local_addr=(ADDRESS, 0)) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            counted = False
            while time.monotonic() < until:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except asyncio.TimeoutError:
                    continue
                if frame.get("type") == "state" and not counted:
                    held[0], counted = held[0] + 1, True
        closes["open until the end"] += 1
    except (ConnectionClosed, InvalidStatus, OSError) as exc:
        closes[_closed(exc)] += 1


async def _flood(url: str, table: str, until: float, before_hello: bool, closes: Counter, sent: list[int]) -> None:
    """Frames as fast as the socket takes them; reconnect after every close, until `until`."""
    while time.monotonic() < until:
        try:
            async with connect(_ws_url(url, table), local_addr=(ADDRESS, 0)) as ws:
                if not before_hello:
                    await ws.send(json.dumps({"type": "hello"}))
                reader = asyncio.create_task(_drain(ws))
                try:
                    while time.monotonic() < until and not reader.done():
                        for i in range(FLOOD_BATCH):
                            await ws.send('{"type":"ping"}' if i % 2 else "not json")
                        sent[0] += FLOOD_BATCH
                        await asyncio.sleep(FLOOD_BATCH * FLOOD_SOCKETS / FLOOD_RATE)
                except ConnectionClosed:
                    await asyncio.wait([reader], timeout=1)
                if not reader.done():
                    reader.cancel()
            closes[reader.result() if reader.done() and not reader.cancelled() else "open until the end"] += 1
        except (ConnectionClosed, InvalidStatus, OSError) as exc:
            closes[_closed(exc)] += 1
            await asyncio.sleep(0.01)


async def _probe(url: str, table: str, until: float, ends: Counter) -> None:
    """Every second, `PROBE_SOCKETS` sockets at once; each admitted one closes after its first frame."""
    async def one() -> None:
        try:
            async with connect(_ws_url(url, table), local_addr=(ADDRESS, 0)) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if frame.get("type") == "state":
                    ends["admitted"] += 1
                else:
                    await ws.recv()              # the error frame; the close follows
        except (ConnectionClosed, InvalidStatus, OSError, asyncio.TimeoutError) as exc:
            ends[_closed(exc)] += 1
    while time.monotonic() < until - 1:
        await asyncio.gather(*(one() for _ in range(PROBE_SOCKETS)))
        await asyncio.sleep(1)


async def _drain(ws) -> str:
    """Read (and drop) what the server sends; how the socket was closed."""
    try:
        async for _ in ws:
            pass
    except ConnectionClosed as exc:
        return _closed(exc)
    return "closed normally"


PARTS = ("http", "tables", "flood", "hold")


async def abuse(url: str, tables: list[str], seconds: float, game: str, players: int,
                parts: tuple[str, ...] = PARTS) -> dict:
    """Abuse the server at `url` for `seconds` (see the module docstring) with `parts` of
    `PARTS`; `tables` are bot tables to ask for and watch. Returns the counts of what it got."""
    until = time.monotonic() + seconds
    statuses, tables_got, hold_closes, flood_closes = Counter(), Counter(), Counter(), Counter()
    held, sent, probes = [0], [0], Counter()
    transport = httpx.AsyncHTTPTransport(local_address=ADDRESS)
    async with httpx.AsyncClient(base_url=url, timeout=10, transport=transport) as client:
        start = asyncio.create_task
        jobs = [start(_http_flood(client, f"/api/tables/{tables[i % len(tables)]}", until, statuses))
                for i in range(HTTP_WORKERS) if "http" in parts]
        if "tables" in parts:
            jobs.append(start(_ask_tables(client, game, players, until, tables_got)))
        jobs += [start(_flood(url, tables[i % len(tables)], until, i % 2 == 0, flood_closes, sent))
                 for i in range(FLOOD_SOCKETS) if "flood" in parts]
        await asyncio.sleep(0.5)            # the flooders' sockets first, then the rest of the quota
        jobs += [start(_hold(url, tables[i % len(tables)], until, hold_closes, held))
                 for i in range(HELD_SOCKETS) if "hold" in parts]
        await asyncio.sleep(1.0)
        if "hold" in parts:
            jobs.append(start(_probe(url, tables[0], until, probes)))
        await asyncio.gather(*jobs)
    return {"address": ADDRESS, "http_get": dict(statuses), "table_requests": dict(tables_got),
            "held_sockets": {"tried": HELD_SOCKETS, "admitted": held[0], "ends": dict(hold_closes)},
            "probe_sockets": dict(probes),
            "flood_sockets": {"frames_sent": sent[0], "ends": dict(flood_closes)}}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (`--tables=ID,...`: an id may begin with a dash)."""
    parser = argparse.ArgumentParser(prog="bench/server_abuse.py", description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("--tables", required=True, help="comma-separated ids of tables to ask for and watch")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--game", default="notre-dame")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"what to do, of {','.join(PARTS)} (default all)")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds must be more than 0 and at most 3600")
    if not set(args.parts.split(",")) <= set(PARTS):
        unknown = sorted(set(args.parts.split(",")) - set(PARTS))
        parser.error(f"--parts: {', '.join(unknown)} unknown; parts: {', '.join(PARTS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    parts = tuple(args.parts.split(","))
    result = asyncio.run(abuse(args.url.rstrip("/"), args.tables.split(","), args.seconds, args.game, args.players,
                               parts))
    result["cpu_seconds"] = round(time.process_time(), 2)     # its own: on another machine in a deployment
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
