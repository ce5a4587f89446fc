"""Helpers of the server tests: a real `ludoteka serve` process, clients that speak HTTP and
WebSocket to it, and the databases (SQLite always; PostgreSQL and Redis when CI provides them)."""
from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from websockets.asyncio.client import connect

from ludoteka import registry
from ludoteka.server import store as store_module

POSTGRES = os.environ.get("LUDOTEKA_TEST_POSTGRES")    # postgresql://USER:PASSWORD@HOST/postgres
REDIS = os.environ.get("LUDOTEKA_TEST_REDIS")          # redis://HOST:PORT
IN_CI = os.environ.get("CI") == "true"


def need(url: str | None, what: str) -> str:
    """The service URL; CI must provide it (it installs and starts the service), elsewhere a
    missing service skips the test."""
    if url:
        return url
    if IN_CI:
        pytest.fail(f"CI must set {what} (.ci/run starts the service)")
    pytest.skip(f"{what} is not set: no test server for it here")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def new_postgres_database() -> str:
    """A fresh empty PostgreSQL database for one test (dropped by `drop_postgres_database`)."""
    import psycopg
    admin = need(POSTGRES, "LUDOTEKA_TEST_POSTGRES")
    name = "ludoteka_test_" + secrets.token_hex(6)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    return admin.rsplit("/", 1)[0] + "/" + name


def drop_postgres_database(url: str) -> None:
    import psycopg
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(need(POSTGRES, "LUDOTEKA_TEST_POSTGRES"), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Server:
    """A real `ludoteka serve` process on a free port. `specs`: AI seats may take agent specs
    (`ai:random` keeps most tests fast); the tests of the default refusal turn it off."""

    def __init__(self, database: str, log_path: Path, *args: str, redis: str | None = None,
                 specs: bool = True):
        self.database, self.log_path, self.args, self.redis = database, log_path, args, redis
        self.specs = specs
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Server":
        command = [sys.executable, "-m", "ludoteka", "serve", "--port", str(self.port),
                   "--database", self.database, "--ai-workers", "1", "--rate", "0", *self.args]
        if self.specs:
            command.append("--allow-agent-specs")
        if self.redis:
            command += ["--redis", self.redis]
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no shutdown of any kind (its AI workers are then ended too, so that no test
        leaves a process behind)."""
        if self.proc and self.proc.poll() is None:
            children = descendants(self.proc.pid)
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            end_processes(children)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            children = descendants(self.proc.pid)
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
            end_processes(children)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def start_time(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def descendants(pid: int) -> list[tuple[int, str]]:
    """The processes under `pid` (Linux /proc), each with its start time (a reused pid is no
    longer the same process)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], list(children.get(pid, []))
    while todo:
        child = todo.pop()
        started = start_time(child)
        if started is not None:
            found.append((child, started))
        todo += children.get(child, [])
    return found


def end_processes(processes: list[tuple[int, str]]) -> None:
    """SIGKILL those of `processes` still running (the same processes: same start time)."""
    for pid, started in processes:
        if start_time(pid) == started:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def eventually(check: Any, seconds: float = 15.0, every: float = 0.1) -> Any:
    """`check()` again and again until it is truthy or `seconds` have passed; its last value. For
    what the server does in the background: a fixed sleep fails on a loaded machine."""
    deadline = time.monotonic() + seconds
    while not (value := check()) and time.monotonic() < deadline:
        time.sleep(every)
    return value


def create(url: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    answer = httpx.post(url + "/api/tables", json={"game": game, "players": len(seats), "seats": seats,
                                                   **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


class SeatClient:
    """A WebSocket client of one seat (or a spectator, token None) that keeps every frame and the
    events as the protocol says to keep them."""

    def __init__(self, url: str, table: str, token: str | None, seat: int | None = None):
        self.ws_url = url.replace("http://", "ws://") + f"/api/tables/{table}/ws"
        self.token, self.seat = token, seat
        self.frames: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.version: int | None = None
        self.ws = None

    async def open(self) -> "SeatClient":
        self.ws = await connect(self.ws_url, max_size=2**24)
        hello = {"type": "hello", "version": self.version}
        if self.token:
            hello["token"] = self.token
        if self.seat is not None:
            hello["seat"] = self.seat
        await self.ws.send(json.dumps(hello))
        return self

    async def close(self) -> None:
        await self.ws.close()

    async def frame(self, timeout: float = 30, errors: bool = False) -> dict[str, Any]:
        """The next state frame; with `errors`, an error frame too (all are kept in `errors`)."""
        while True:
            data = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if data["type"] == "error":
                self.errors.append(data)
                if errors:
                    return data
                continue
            if data["type"] != "state":
                continue
            if data["events_reset"]:
                self.events = []
            self.events = self.events + data["events"]
            data["_events_so_far"] = self.events
            self.version = data["version"]
            self.frames.append(data)
            return data

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(data))


async def play_randomly(client: SeatClient, rng: random.Random, until_version: int | None = None) -> dict:
    """Play random legal keys for the client's seat until the game is over (or a version).
    A move refused because another seat moved first (409) is chosen again from the next frame."""
    frame, sent_for = await client.frame(), None
    while not frame["finished"] and (until_version is None or frame["version"] < until_version):
        if frame["actions"] and sent_for != frame["version"]:
            key = rng.choice(frame["actions"])["key"]
            await client.send({"type": "action", "key": key, "version": frame["version"]})
            sent_for = frame["version"]
        answer = await client.frame(errors=True)
        if answer["type"] == "state":
            frame = answer
        elif answer["status"] != 409:
            raise AssertionError(f"move refused: {answer}")
    return frame


def replay_log(url: str, table: str, token: str | None = None) -> tuple[dict[int, Any], list[dict[str, Any]]]:
    """After the game: the table's state at every version, rebuilt here from its log (`token`: a
    seat's, for a private game)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    info = httpx.get(f"{url}/api/tables/{table}/record", headers=headers).json()
    entries = httpx.get(f"{url}/api/tables/{table}/log", headers=headers).json()["entries"]
    game = registry.game(info["game"])
    state = game.new_state(info["players"], info["seed"], info["options"])
    states = {0: state.clone()}
    for entry in entries:
        if entry["kind"] == "undo":
            state.undo(entry["seat"])
        else:
            state.apply(entry["key"], entry["seat"])
        states[entry["version"]] = state.clone()
    return states, entries


def check_frames(client: SeatClient, states: dict[int, Any]) -> int:
    """Every frame the client got is exactly its seat's share of the state at that version: the
    view, the options, and the events kept so far. Returns the number of frames checked."""
    seat = client.seat if client.token else None
    for frame in client.frames:
        state = states[frame["version"]]
        assert frame["seat"] == seat
        assert frame["view"] == json.loads(json.dumps(state.view(seat))), frame["version"]
        expected = [] if seat is None or seat not in state.acting_seats() else [
            {"key": a.key, "label": a.label, "data": a.data} for a in state.legal_actions(seat)]
        assert frame["actions"] == json.loads(json.dumps(expected))
        assert frame["_events_so_far"] == json.loads(json.dumps(state.events(seat))), frame["version"]
    return len(client.frames)


def schema_at(store: Any, revision: str) -> None:
    """Bring `store`'s empty database to migration `revision` only: the schema a release before
    the next migration left, to test that migration from it with rows in it."""
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
