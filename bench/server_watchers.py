"""The spectators of `bench/server_load.py --spectators N`, in a process of their own, so that
receiving and decoding their frames does not slow the bots whose latency is measured.

    python bench/server_watchers.py URL TABLE N

Opens N spectator sockets on TABLE (a few at a time), watches until its standard input closes,
then prints JSON: `seen` ([version, time.perf_counter()] of every state frame; the clock is the
machine's monotonic one, shared with the parent) and `closes` (how many sockets ended how).
"""
from __future__ import annotations

import asyncio
import json
import sys
import time

import orjson
import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


async def spectator(url: str, seen: list, closes: dict, stop: asyncio.Event) -> None:
    """Watch until `stop`; keeps when each state frame arrived and how the socket closed."""
    how = "open at the end"
    try:
        async with connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            while not stop.is_set():
                try:
                    frame = orjson.loads(await asyncio.wait_for(ws.recv(), 1.0))
                except asyncio.TimeoutError:
                    continue
                if frame["type"] == "state":
                    seen.append((frame["version"], time.perf_counter()))
    except ConnectionClosed as exc:
        how = f"closed {exc.rcvd.code if exc.rcvd else 'without a code'}"
    except OSError as exc:
        how = f"refused ({type(exc).__name__})"
    closes[how] = closes.get(how, 0) + 1


async def main(url: str, table: str, count: int) -> dict:
    seen: list = []
    closes: dict[str, int] = {}
    stop = asyncio.Event()
    ws_url = url.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
    tasks = []
    for _ in range(count):                      # a few at a time: no burst of handshakes
        tasks.append(asyncio.create_task(spectator(ws_url, seen, closes, stop)))
        await asyncio.sleep(0.005)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)   # until the parent says
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"seen": seen, "closes": closes}


if __name__ == "__main__":
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        print(json.dumps(runner.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))))
