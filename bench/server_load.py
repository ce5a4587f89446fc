"""Load benchmark of the game server: N concurrent tables of bots over WebSockets on loopback.

    python bench/server_load.py --tables 1000 --seconds 60 [--database URL] [--think 2]

Starts a server (unless `--url` names one), creates the tables (every seat a bot on its own
WebSocket), lets each bot move a random legal key after a think time (exponential, mean
`--think` seconds), and prints moves per second and the move latency (from sending a move to
receiving the frame that shows it) at p50, p90, p99 and max. A script, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time

from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # the tests' Server


class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.refused = 0
        self.finished = 0
        self.counting = False


async def bot(url: str, table: str, token: str, think: float, rng: random.Random, stats: Stats,
              stop: asyncio.Event) -> None:
    async with connect(url.replace("http", "ws") + f"/api/tables/{table}/ws", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: tuple[int, float] | None = None           # (version moved against, sent at)
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            if frame["type"] == "error":
                pending = None
                stats.refused += stats.counting
                continue
            if pending is not None and frame["version"] > pending[0]:
                if stats.counting:
                    stats.latencies.append(time.perf_counter() - pending[1])
                pending = None
            if frame["finished"]:
                stats.finished += 1
                return
            if frame["actions"] and pending is None:
                await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
                if stop.is_set():
                    return
                key = rng.choice(frame["actions"])["key"]
                pending = (frame["version"], time.perf_counter())
                await ws.send(json.dumps({"type": "action", "key": key, "version": frame["version"]}))


async def run(args: argparse.Namespace, url: str) -> dict:
    stats, stop = Stats(), asyncio.Event()
    rng = random.Random(args.seed)
    tasks = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for n in range(args.tables):
            answer = await client.post("/api/tables", json={"game": args.game, "players": args.players,
                                                             "seats": ["human"] * args.players})
            table = answer.json()
            for seat in table["seats"]:
                tasks.append(asyncio.create_task(bot(url, table["id"], seat["token"], args.think,
                                                     random.Random(rng.random()), stats, stop)))
            if n % 100 == 99:
                print(f"  {n + 1} tables created", file=sys.stderr)
    await asyncio.sleep(args.warmup)
    stats.counting, started = True, time.perf_counter()
    for second in range(int(args.seconds)):
        await asyncio.sleep(1)
        if second % 10 == 9:
            print(f"  {second + 1} s: {len(stats.latencies)} moves", file=sys.stderr)
    elapsed = time.perf_counter() - started
    stats.counting = False
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies) or [0.0]

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1)
    return {"tables": args.tables, "connections": len(tasks), "think_seconds": args.think,
            "seconds": round(elapsed, 1), "moves": len(stats.latencies),
            "moves_per_second": round(len(stats.latencies) / elapsed, 1),
            "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": round(1000 * lat[-1], 1),
                           "mean": round(1000 * statistics.fmean(lat), 1)},
            "refused": stats.refused, "games_finished": stats.finished}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/server_load.py", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--think", type=float, default=2.0, help="mean think time of a bot (seconds)")
    parser.add_argument("--game", default="notre-dame")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--database", help="database of the started server (default: a new SQLite file)")
    args = parser.parse_args(argv)
    server = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        from server_kit import Server
        workdir = Path(tempfile.mkdtemp(prefix="ludoteka-load-"))
        database = args.database or f"sqlite:///{workdir / 'load.sqlite3'}"
        # One address opens every table and socket here: the per-address quotas are off.
        server = Server(database, workdir / "server.log", "--log-level", "warning", "--max-open-tables", "0",
                        "--sockets-per-address", "0").start()
        url = server.url
        print(f"server {url} on {database.split('@')[-1]}", file=sys.stderr)
    try:
        result = asyncio.run(run(args, url))
    finally:
        if server is not None:
            server.stop()
    result["database"] = "postgresql" if args.database and "postgres" in args.database else "sqlite"
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
