"""Load benchmark of the game server: N concurrent tables of bots over WebSockets on loopback.

    python bench/server_load.py --tables 1000 --seconds 60 [--database URL] [--think 2]
    python bench/server_load.py --tables 1000 --seconds 60 --spectators 300
    python bench/server_load.py --tables 1000 --seconds 60 --abusive

Starts a server (unless `--url` names one), creates the tables (every seat a bot on its own
WebSocket), lets each bot move a random legal key after a think time (exponential, mean
`--think` seconds), and prints moves per second and the move latency (from sending a move to
receiving the frame that shows it) at p50, p90, p99 and max. A script, not a test.

`--spectators N` adds one more table, played by bots too and watched by N spectator sockets (in
a process of their own, `server_watchers.py`, so that their frames do not slow the bots): its
move latency (and the spectators' lag behind the move) is reported apart from the others'.
`--abusive` adds one client on its own address (127.0.0.2; its own process) that floods requests
and frames, holds more sockets and asks for more tables than its quota (`server_abuse.py`); the server then
runs with its default limits, and every bot table comes from its own address (X-Forwarded-For,
which the server trusts from 127.0.0.1 as from a proxy) so that only the abuser meets them.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import shutil
import sys
import tempfile
import time

from pathlib import Path

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # the tests' Server
ABUSER = Path(__file__).resolve().parent / "server_abuse.py"
WATCHERS = Path(__file__).resolve().parent / "server_watchers.py"
CREATE_AT_ONCE = 20             # tables asked for at once while setting up


class Stats:
    def __init__(self):
        self.latencies: dict[str, list[float]] = {"others": [], "watched": []}
        self.refused = 0
        self.finished = 0
        self.counting = False
        self.moved_at: dict[int, float] = {}      # watched table: version -> when its move was sent
        self.seen: list[tuple[int, float]] = []   # (version, arrival) of the spectators' frames
        self.spectator_closes: dict[str, int] = {}
        self.arrivals: list[float] = []           # when each of the others' latencies was taken


def bot_address(table_number: int) -> str:
    """The client address a bot table claims (X-Forwarded-For) in the abusive variant: one per
    table, none of them the abuser's."""
    return f"10.{table_number // 62500}.{table_number // 250 % 250}.{table_number % 250 + 1}"


def ws_url(url: str, table: str) -> str:
    return url.replace("http", "ws", 1) + f"/api/tables/{table}/ws"


async def bot(url: str, table: str, token: str, think: float, rng: random.Random, stats: Stats,
              stop: asyncio.Event, group: str = "others", headers: dict | None = None) -> None:
    async with connect(ws_url(url, table), max_size=2**24, additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: tuple[int, float] | None = None           # (version moved against, sent at)
        while not stop.is_set():
            try:
                frame = orjson.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            if frame["type"] == "error":
                pending = None
                stats.refused += stats.counting
                continue
            if pending is not None and frame["version"] > pending[0]:
                if stats.counting:
                    stats.latencies[group].append(time.perf_counter() - pending[1])
                    if group == "others":
                        stats.arrivals.append(time.perf_counter())
                if group == "watched":
                    stats.moved_at.setdefault(frame["version"], pending[1])
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


def percentiles(values: list[float]) -> dict[str, float | int]:
    """p50, p90, p99, max and mean of `values` (seconds) in milliseconds, and how many."""
    lat = sorted(values) or [0.0]

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1)
    return {"n": len(values), "p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99),
            "max": round(1000 * lat[-1], 1), "mean": round(1000 * statistics.fmean(lat), 1)}


async def create_table(client: httpx.AsyncClient, args: argparse.Namespace, headers: dict | None) -> dict:
    answer = await client.post("/api/tables", headers=headers,
                               json={"game": args.game, "players": args.players, "seats": ["human"] * args.players})
    if answer.status_code != 201:
        raise RuntimeError(f"creating a table: {answer.status_code} {answer.text[:200]}")
    return answer.json()


def windows(stats: Stats, started: float, elapsed: float, width: float = 10.0) -> list[dict]:
    """The others' latency percentiles per `width` seconds of the measured time, to tell a slow
    start (2,000 sockets opening at once) from a steady state."""
    out = []
    for n in range(int(elapsed // width) + 1):
        low, high = started + n * width, started + (n + 1) * width
        chosen = [lat for lat, at in zip(stats.latencies["others"], stats.arrivals) if low <= at < high]
        if chosen:
            out.append({"from_s": n * width, **percentiles(chosen)})
    return out


def abuser_argv(url: str, table_ids: list[str], args: argparse.Namespace) -> list[str]:
    """The abuser's command line (after the interpreter): the first ten tables to ask for."""
    # `--tables=`: a table id may begin with a dash, which would read as an option after a space
    return [str(ABUSER), url, "--tables=" + ",".join(table_ids[:10]), "--seconds", str(args.seconds),
            "--game", args.game, "--players", str(args.players), "--parts", args.abusive]


def cpu_seconds(pid: int | None) -> float | None:
    """A process's user and system CPU time so far (Linux's /proc); None where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _share(start: float | None, end: float | None, seconds: float) -> float | None:
    return None if start is None or end is None else round((end - start) / seconds, 2)


async def run(args: argparse.Namespace, url: str) -> dict:
    stats, stop = Stats(), asyncio.Event()
    rng = random.Random(args.seed)
    tasks, table_ids = [], []
    watchers = None
    count = args.tables + (args.spectators > 0)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        created: list[dict] = []
        for first in range(0, count, CREATE_AT_ONCE):      # a few at a time: one commit for several
            created += await asyncio.gather(*(
                create_table(client, args, {"X-Forwarded-For": bot_address(n)} if args.abusive else None)
                for n in range(first, min(count, first + CREATE_AT_ONCE))))
        for n, table in enumerate(created):
            watched = n == args.tables
            headers = {"X-Forwarded-For": bot_address(n)} if args.abusive else None
            table_ids.append(table["id"])
            for seat in table["seats"]:
                tasks.append(asyncio.create_task(bot(url, table["id"], seat["token"], args.think,
                                                     random.Random(rng.random()), stats, stop,
                                                     "watched" if watched else "others", headers)))
            if watched:                                 # their own process (server_watchers.py)
                watchers = await asyncio.create_subprocess_exec(
                    sys.executable, str(WATCHERS), url, table["id"], str(args.spectators),
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
            if n % 100 == 99:
                print(f"  {n + 1} tables started", file=sys.stderr)
    # The generator's own garbage collection is not the server's latency: with 1,000 tables its
    # passes over the bots' thousands of objects paused every bot at once (gen 2 up to 0.75 s,
    # about 6 s in all in a 30 s run), and each pause showed as a late frame. Objects from the
    # start are frozen out of the passes, and none run while the moves are counted.
    gc.collect()
    gc.freeze()
    gc.disable()
    await asyncio.sleep(args.warmup)
    abuser = None
    stats.counting, started = True, time.perf_counter()
    cpu_at_start = cpu_seconds(args.server_pid), time.process_time()
    if args.abusive:
        # At the lowest priority: a real abuser's CPU is its own machine's, so here it takes only
        # what the bots leave of their core (at the bots' priority it starved them, and their
        # clock stretched every latency they took).
        abuser = await asyncio.create_subprocess_exec(sys.executable, *abuser_argv(url, table_ids, args),
                                                      stdout=asyncio.subprocess.PIPE, preexec_fn=lambda: os.nice(19))
    for second in range(int(args.seconds)):
        await asyncio.sleep(1)
        if second % 10 == 9:
            print(f"  {second + 1} s: {len(stats.latencies['others'])} moves", file=sys.stderr)
    elapsed = time.perf_counter() - started
    stats.counting = False
    gc.enable()
    cpu_at_end = cpu_seconds(args.server_pid), time.process_time()
    abused = None
    if abuser is not None:
        out, _ = await asyncio.wait_for(abuser.communicate(), 60)
        abused = json.loads(out) if abuser.returncode == 0 else {"failed": abuser.returncode}
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    if watchers is not None:
        out, _ = await asyncio.wait_for(watchers.communicate(b""), 120)
        watched = json.loads(out)
        stats.seen = [(v, t) for v, t in watched["seen"] if started <= t <= started + elapsed]
        stats.spectator_closes = watched["closes"]
    others = stats.latencies["others"]
    result = {"tables": args.tables, "connections": len(tasks), "think_seconds": args.think,
              "seconds": round(elapsed, 1), "moves": len(others),
              "moves_per_second": round(len(others) / elapsed, 1),
              "latency_ms": percentiles(others), "refused": stats.refused, "games_finished": stats.finished,
              "windows": windows(stats, started, elapsed),
              "cores_used": {"server": _share(cpu_at_start[0], cpu_at_end[0], elapsed),
                             "load_generator": _share(cpu_at_start[1], cpu_at_end[1], elapsed)}}
    if args.spectators:
        lags = [arrived - stats.moved_at[v] for v, arrived in stats.seen if v in stats.moved_at]
        result["watched_table"] = {"spectators": args.spectators,
                                   "latency_ms": percentiles(stats.latencies["watched"]),
                                   "spectator_lag_ms": percentiles(lags),
                                   "spectator_sockets": stats.spectator_closes}
    if abused is not None:
        result["abuser"] = abused
        if "cpu_seconds" in abused:
            result["cores_used"]["abuser"] = round(abused["cpu_seconds"] / elapsed, 2)
    return result


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked: counts in range, one variant at a time."""
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
    parser.add_argument("--spectators", type=int, default=0, metavar="N",
                        help="one more table, watched by N spectator sockets (reported apart)")
    parser.add_argument("--abusive", nargs="?", const="http,tables,flood,hold", metavar="PARTS",
                        help="one client floods requests and frames and exceeds its quotas (server_abuse.py); "
                             "PARTS: some of http,tables,flood,hold (default all)")
    parser.add_argument("--server-cpu", type=int, metavar="CPU",
                        help="pin the started server (and its AI workers) to this CPU and the load generator "
                             "to the others, so that it does not take the server's core (Linux)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="one more argument of the started server, e.g. --server-arg=--spectators-per-table=1000")
    args = parser.parse_args(argv)
    args.server_pid = None                  # set once a started server runs
    if not 1 <= args.tables <= 100_000:
        parser.error("--tables must be 1 to 100000")
    if not 0 < args.seconds <= 3600 or not 0 <= args.warmup <= 600:
        parser.error("--seconds must be more than 0 and at most 3600, --warmup 0 to 600")
    if not 0 <= args.spectators <= 10_000:
        parser.error("--spectators must be 0 to 10000")
    if args.spectators and args.abusive:
        parser.error("--spectators and --abusive are separate variants: choose one")
    if args.abusive is not None and not set(args.abusive.split(",")) <= {"http", "tables", "flood", "hold"}:
        parser.error("--abusive takes some of http,tables,flood,hold")
    if args.server_cpu is not None:
        cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
        if args.url or args.server_cpu not in cpus or len(cpus) < 2:
            parser.error(f"--server-cpu needs a started server (no --url) and one of the CPUs {sorted(cpus)} "
                         "with another left for the load generator")
    if args.abusive and args.url:
        parser.error("--abusive starts its own server (default limits, loopback proxy trusted): drop --url")
    return args


def server_args(args: argparse.Namespace) -> list[str]:
    """The started server's arguments. One address opens every table and socket, except in the
    abusive variant, where the bots claim an address per table and the defaults hold."""
    if args.abusive:
        return ["--log-level", "warning", "--rate", "100", *args.server_arg]
    return ["--log-level", "warning", "--max-open-tables", "0", "--sockets-per-address", "0", *args.server_arg]


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    server = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        from server_kit import Server
        workdir = Path(tempfile.mkdtemp(prefix="ludoteka-load-"))
        database = args.database or f"sqlite:///{workdir / 'load.sqlite3'}"
        others = os.sched_getaffinity(0) - {args.server_cpu} if args.server_cpu is not None else None
        if others:               # the server inherits the one CPU; everything started after, the others
            os.sched_setaffinity(0, {args.server_cpu})
        server = Server(database, workdir / "server.log", *server_args(args)).start()
        if others:
            os.sched_setaffinity(0, others)
        url = server.url
        args.server_pid = server.proc.pid
        print(f"server {url} on {database.split('@')[-1]}", file=sys.stderr)
    done = False
    try:
        # uvloop and orjson: the load generator's own time is part of every latency it takes
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            result = runner.run(run(args, url))
        done = True
    finally:
        if server is not None:
            server.stop()
            if done:            # the database and the server's log are kept only to look into a failure
                shutil.rmtree(workdir, ignore_errors=True)
            else:
                print(f"the server's log and database are kept in {workdir}", file=sys.stderr)
    result["database"] = "postgresql" if args.database and "postgres" in args.database else "sqlite"
    result["server_args"] = server_args(args) if server is not None else None
    result["server_cpu"] = args.server_cpu
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
