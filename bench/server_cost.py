"""What refusing an abusive client and serving spectators cost the server, in CPU time, not in
wall-clock latency (which a busy 2-core machine makes noisy):

    python bench/server_cost.py [--parts flood,frames,sockets,http,spectators] [--repeat 3]

Starts a server (SQLite) for each part and reads the server process's CPU time (all its
threads, /proc/PID/task/*/schedstat, nanoseconds) before and after a fixed amount of work,
less what the idle server took over the same time. Prints JSON, one entry a part:

- `flood`: the abuser's frame flood (`server_abuse.py`'s pattern: 4 sockets sending pings and
  garbage, 2,000 frames a second in all (`--flood-rate`), half before the hello, reconnecting
  after each 1008 close):
  server CPU per frame sent and per socket closed;
- `frames`: frames the rate admits (no limit, `--frames-per-second 0`): garbage before the hello
  (answered by an error frame), pings after it (answered by pong): CPU per frame;
- `sockets`: sockets refused with 4429 (the address holds its 50 already): CPU per socket;
- `http`: HTTP requests refused with 429 (`--rate 1`, the address's bucket emptied first): CPU
  per request;
- `spectators`: moves at a table watched by N spectator sockets (their own process,
  `server_watchers.py`): CPU per move and per spectator frame, and the longest wait of a ping
  on another table while the frames go out (`probe_ms`: how long the event loop stalls).

Run it before and after a change of the server, on the same machine: the numbers are what
one unit of work costs, whatever else the machine runs (up to cache and frequency effects).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # the tests' Server
WATCHERS = Path(__file__).resolve().parent / "server_watchers.py"
PARTS = ("flood", "frames", "sockets", "http", "spectators")


def cpu_seconds(pid: int) -> float:
    """CPU time of every thread of process `pid` so far (seconds)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass                     # a thread that ended meanwhile
    return total / 1e9


class Meter:
    """The server's CPU over a piece of work, less its idle rate (taken first, over `idle` s)."""

    def __init__(self, pid: int, idle: float = 1.0):
        self.pid = pid
        start = cpu_seconds(pid)
        time.sleep(idle)
        self.idle_rate = (cpu_seconds(pid) - start) / idle

    def __enter__(self) -> "Meter":
        self.cpu, self.wall = cpu_seconds(self.pid), time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = max(0.0, cpu_seconds(self.pid) - self.cpu - self.idle_rate * self.wall)


def ws_url(url: str, table: str) -> str:
    return url.replace("http", "ws", 1) + f"/api/tables/{table}/ws"


def new_table(url: str, players: int = 2, headers: dict | None = None) -> dict:
    answer = httpx.post(url + "/api/tables", headers=headers, timeout=30,
                        json={"game": "notre-dame", "players": players, "seats": ["human"] * players})
    answer.raise_for_status()
    return answer.json()


def us(value: float) -> float:
    return round(value * 1e6, 1)


# ------------------------------------------------------------------ the frame flood
async def _flood_socket(url: str, until: float, before_hello: bool, counts: dict, pause: float) -> None:
    while time.monotonic() < until:
        try:
            async with connect(url) as ws:
                if not before_hello:
                    await ws.send('{"type":"hello"}')
                    counts["sent"] += 1

                async def drain() -> None:
                    async for _ in ws:
                        counts["received"] += 1
                reader = asyncio.create_task(drain())
                try:
                    while time.monotonic() < until and not reader.done():
                        for i in range(20):
                            await ws.send('{"type":"ping"}' if i % 2 else "not json")
                        counts["sent"] += 20
                        await asyncio.sleep(pause)
                except ConnectionClosed:
                    pass
                await asyncio.wait([reader], timeout=2)
                reader.cancel()
                if ws.close_code is not None:
                    counts[f"closed {ws.close_code}"] = counts.get(f"closed {ws.close_code}", 0) + 1
        except (ConnectionClosed, InvalidStatus, OSError) as exc:
            counts[type(exc).__name__] = counts.get(type(exc).__name__, 0) + 1


def flood(url: str, pid: int, seconds: float, rate: float, sockets: int = 4) -> dict:
    table = new_table(url)["id"]
    counts = {"sent": 0, "received": 0}

    async def run() -> None:
        until = time.monotonic() + seconds
        pause = 20 * sockets / rate if rate else 0      # (20 frames a batch, as server_abuse.py)
        await asyncio.gather(*(_flood_socket(ws_url(url, table), until, i % 2 == 0, counts, pause)
                               for i in range(sockets)))
    meter = Meter(pid)
    with meter:
        asyncio.run(run())
    closes = sum(v for k, v in counts.items() if k.startswith("closed"))
    return {"cpu_s": round(meter.cpu, 3), "wall_s": round(meter.wall, 2), **counts,
            "cpu_share": round(meter.cpu / meter.wall, 3),
            "us_per_frame_sent": us(meter.cpu / max(1, counts["sent"])),
            "us_per_socket_closed": us(meter.cpu / max(1, closes))}


# ------------------------------------------------------------------ admitted frames
def frames(url: str, pid: int, count: int) -> dict:
    table = new_table(url)["id"]

    async def run(before_hello: bool) -> None:
        async with connect(ws_url(url, table), max_size=2**24) as ws:
            if not before_hello:
                await ws.send('{"type":"hello"}')
                await ws.recv()
            frame = "not json" if before_hello else '{"type":"ping"}'
            for start in range(0, count, 100):
                for _ in range(100):
                    await ws.send(frame)
                for _ in range(100):
                    await ws.recv()
    out = {}
    for name, before in (("garbage_before_hello", True), ("ping_after_hello", False)):
        meter = Meter(pid)
        with meter:
            asyncio.run(run(before))
        out[name] = {"frames": count, "us_per_frame": us(meter.cpu / count)}
    return out


# ------------------------------------------------------------------ refused sockets
def sockets(url: str, pid: int, count: int, most: int = 50) -> dict:
    table = new_table(url)["id"]

    async def run(meter: Meter) -> dict:
        held = [await connect(ws_url(url, table)) for _ in range(most)]
        for ws in held:                     # spectators: no hello timeout closes them
            await ws.send('{"type":"hello"}')
        ends: dict[str, int] = {}

        async def one() -> None:
            try:
                async with connect(ws_url(url, table)) as ws:
                    async for _ in ws:
                        pass
                    code = ws.close_code
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd else None
            ends[str(code)] = ends.get(str(code), 0) + 1
        with meter:
            for start in range(0, count, 10):
                await asyncio.gather(*(one() for _ in range(10)))
        for ws in held:
            await ws.close()
        return ends
    meter = Meter(pid)
    ends = asyncio.run(run(meter))
    return {"sockets": count, "ends": ends, "us_per_socket": us(meter.cpu / count)}


# ------------------------------------------------------------------ refused requests
def http(url: str, pid: int, count: int) -> dict:
    table = new_table(url)["id"]

    async def run(meter: Meter) -> dict:
        statuses: dict[str, int] = {}
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            while (await client.get(f"/api/tables/{table}")).status_code != 429:
                pass                               # the bucket empty first

            async def worker(n: int) -> None:
                for _ in range(n):
                    status = str((await client.get(f"/api/tables/{table}")).status_code)
                    statuses[status] = statuses.get(status, 0) + 1
            with meter:
                await asyncio.gather(*(worker(count // 4) for _ in range(4)))
        return statuses
    meter = Meter(pid)
    statuses = asyncio.run(run(meter))
    return {"requests": sum(statuses.values()), "statuses": statuses,
            "us_per_request": us(meter.cpu / max(1, sum(statuses.values())))}


# ------------------------------------------------------------------ spectators
async def _probe(url: str, table: str, stop: asyncio.Event, waits: list[float]) -> None:
    async with connect(ws_url(url, table), max_size=2**24) as ws:
        await ws.send('{"type":"hello"}')
        await ws.recv()
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send('{"type":"ping"}')
            while orjson.loads(await ws.recv())["type"] != "pong":
                pass
            waits.append(time.perf_counter() - sent)
            await asyncio.sleep(0.01)


def spectators(url: str, pid: int, count: int, moves: int) -> dict:
    import subprocess
    table = new_table(url)
    probe_table = new_table(url)["id"]
    watchers = subprocess.Popen([sys.executable, str(WATCHERS), url, table["id"], str(count)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    time.sleep(count * 0.005 + 3)                    # all of them in, and their first frame sent

    async def run(meter: Meter) -> tuple[int, list[float], list[float]]:
        rng = random.Random(1)
        seats = [await connect(ws_url(url, table["id"]), max_size=2**24) for _ in table["seats"]]
        frames: list[dict] = []
        for ws, seat in zip(seats, table["seats"]):
            await ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
            frames.append(orjson.loads(await ws.recv()))
        stop, waits, quiet = asyncio.Event(), [], []
        prober = asyncio.create_task(_probe(url, probe_table, stop, waits))
        await asyncio.sleep(1.0)
        quiet, waits[:] = list(waits), []          # the probe's waits with nothing else going on
        made = 0
        with meter:
            while made < moves:
                mover = next((i for i, f in enumerate(frames) if f["actions"]), None)
                if mover is None or frames[0]["finished"]:
                    break
                key = rng.choice(frames[mover]["actions"])["key"]
                await seats[mover].send(json.dumps({"type": "action", "key": key,
                                                    "version": frames[mover]["version"]}))
                made += 1
                for i, ws in enumerate(seats):     # every seat's frame of the new version
                    while True:
                        frame = orjson.loads(await ws.recv())
                        if frame["type"] == "state" and frame["version"] > frames[i]["version"]:
                            frames[i] = frame
                            break
                await asyncio.sleep(0.25)          # the spectators' frames go out meanwhile
        stop.set()
        await prober
        for ws in seats:
            await ws.close()
        return made, quiet, waits
    meter = Meter(pid)
    made, quiet, waits = asyncio.run(run(meter))
    out, _ = watchers.communicate(b"", timeout=120)
    seen = len(json.loads(out)["seen"])
    return {"spectators": count, "moves": made, "spectator_frames": seen,
            "ms_per_move": round(meter.cpu * 1e3 / max(1, made), 2),
            "us_per_spectator_frame": us(meter.cpu / max(1, made * count)),
            "probe_ms": {"quiet_max": round(max(quiet or [0]) * 1e3, 1),
                         "p50": round(statistics.median(waits or [0]) * 1e3, 1),
                         "max": round(max(waits or [0]) * 1e3, 1)}}


# ------------------------------------------------------------------
def one_part(part: str, args: argparse.Namespace) -> dict:
    from server_kit import Server
    extra = {"flood": [], "frames": ["--frames-per-second", "0"], "sockets": [],
             "http": ["--rate", "1"], "spectators": ["--sockets-per-address", "0"]}[part]
    workdir = Path(tempfile.mkdtemp(prefix="ludoteka-cost-"))
    server = Server(f"sqlite:///{workdir / 'cost.sqlite3'}", workdir / "server.log", "--log-level", "warning",
                    "--max-open-tables", "0", *extra).start()
    spy = None
    try:
        pid = server.proc.pid
        if args.py_spy:                 # a profile of the server while it works (py-spy's raw format)
            import subprocess
            spy = subprocess.Popen(["py-spy", "record", "-p", str(pid), "-r", "200", "--format", "raw",
                                    "-o", f"{args.py_spy}-{part}.txt"], stdout=subprocess.DEVNULL)
        if part == "flood":
            return flood(server.url, pid, args.seconds, args.flood_rate)
        if part == "frames":
            return frames(server.url, pid, args.frames)
        if part == "sockets":
            return sockets(server.url, pid, args.sockets)
        if part == "http":
            return http(server.url, pid, args.requests)
        return spectators(server.url, pid, args.spectators, args.moves)
    finally:
        if spy is not None:
            spy.send_signal(2)
            spy.wait(30)
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/server_cost.py", description=__doc__.split("\n")[0])
    parser.add_argument("--parts", default=",".join(PARTS), help=f"some of {','.join(PARTS)}")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each part (each number: the median)")
    parser.add_argument("--seconds", type=float, default=10, help="of the frame flood")
    parser.add_argument("--flood-rate", type=float, default=2000.0,
                        help="frames a second of the flood, all its sockets together (0: as fast as they go)")
    parser.add_argument("--frames", type=int, default=5000)
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--py-spy", metavar="PREFIX", help="profile the server of each part into PREFIX-PART.txt")
    args = parser.parse_args(argv)
    parts = args.parts.split(",")
    if not set(parts) <= set(PARTS):
        parser.error(f"--parts takes some of {','.join(PARTS)}")
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat must be 1 to 20")
    result = {"load_average": os.getloadavg()[0]}
    for part in parts:
        runs = [one_part(part, args) for _ in range(args.repeat)]
        result[part] = runs[0] if len(runs) == 1 else {"runs": runs}
        print(part, json.dumps(result[part]), file=sys.stderr)
    result["load_average_end"] = os.getloadavg()[0]
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    sys.exit(main())
