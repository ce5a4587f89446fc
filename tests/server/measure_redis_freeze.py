"""Measure what a Redis freeze does to two server processes on one PostgreSQL (issue 24 §2):
how long each move takes to be acknowledged while Redis is frozen, and how long the second
process then serves a stale version (GET and WebSocket) of a table moved through the first.

    source /tmp/svc.env
    PYTHONPATH=src:tests python tests/server/measure_redis_freeze.py [--freeze 8] [--moves 5]

Not a test (pytest collects test_*.py only): it prints numbers for docs/server.md.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from server.redis_kit import OwnRedis
from server_kit import SeatClient, Server, create, drop_postgres_database, new_postgres_database


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--freeze", type=float, default=8.0)
    parser.add_argument("--moves", type=int, default=1)
    parser.add_argument("--wait", type=float, default=30.0, help="give up on B after this long")
    args = parser.parse_args()
    redis = OwnRedis().start()
    database = new_postgres_database()
    servers = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            a = Server(database, Path(tmp) / "a.log", redis=redis.url).start()
            servers.append(a)
            b = Server(database, Path(tmp) / "b.log", redis=redis.url).start()
            servers.append(b)
            print(asyncio.run(measure(a, b, redis, args)))
    finally:
        for server in servers:
            server.stop()
        redis.stop()
        drop_postgres_database(database)


async def measure(a: Server, b: Server, redis: OwnRedis, args) -> str:
    # Two tables, both held by B: one watched on B by a WebSocket only, one asked on B by GET
    # only (a GET catches the table up, which would wake the WebSocket too).
    tables = [create(a.url, "notre-dame", ["human", "human"]) for _ in range(2)]
    tokens = [[s["token"] for s in t["seats"]] for t in tables]
    ws_table, get_table = (t["id"] for t in tables)
    watcher = await SeatClient(b.url, ws_table, tokens[0][0], 0).open()
    await watcher.frame()
    async with httpx.AsyncClient(timeout=60) as client:
        def headers(t, seat):
            return {"Authorization": f"Bearer {tokens[t][seat]}"}
        assert (await client.get(f"{b.url}/api/tables/{get_table}", headers=headers(1, 0))).status_code == 200
        redis.freeze(args.freeze)
        frozen_at = time.monotonic()
        latencies = []
        versions = []
        for t, tid in enumerate((ws_table, get_table)):
            for _ in range(args.moves):
                frames = [(await client.get(f"{a.url}/api/tables/{tid}", headers=headers(t, s))).json()
                          for s in (0, 1)]
                seat = next(s for s in (0, 1) if frames[s]["actions"])
                started = time.monotonic()
                answer = await client.post(f"{a.url}/api/tables/{tid}/actions", headers=headers(t, seat),
                                           json={"key": frames[seat]["actions"][0]["key"],
                                                 "version": frames[seat]["version"]})
                latencies.append(time.monotonic() - started)
                assert answer.status_code == 200, answer.text
            versions.append(answer.json()["version"])
        moved_at = time.monotonic()
        get_at = ws_at = None
        while time.monotonic() - moved_at < args.wait and ws_at is None:
            try:
                if (await watcher.frame(timeout=0.1))["version"] >= versions[0]:
                    ws_at = time.monotonic()
            except asyncio.TimeoutError:
                pass
        while time.monotonic() - moved_at < args.wait and get_at is None:
            seen = (await client.get(f"{b.url}/api/tables/{get_table}", headers=headers(1, 0))).json()["version"]
            if seen >= versions[1]:
                get_at = time.monotonic()
            await asyncio.sleep(0.05)
    await watcher.close()
    thaw = frozen_at + args.freeze

    def shown(at):
        if at is None:
            return f"still stale after {args.wait:.0f} s"
        return f"{at - moved_at:.2f} s after the last move ({at - thaw:+.2f} s from the thaw)"
    return (f"Redis frozen {args.freeze:g} s; {len(latencies)} moves on A during the freeze: "
            f"acknowledged in median {statistics.median(latencies) * 1000:.0f} ms, "
            f"max {max(latencies) * 1000:.0f} ms ({', '.join(f'{x * 1000:.0f}' for x in latencies)})\n"
            f"B's WebSocket sent version {versions[0]}: {shown(ws_at)}\n"
            f"B's GET served version {versions[1]}: {shown(get_at)}")


if __name__ == "__main__":
    main()
