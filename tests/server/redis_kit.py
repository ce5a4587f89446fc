"""A Redis server of a test's own (never the shared one of `LUDOTEKA_TEST_REDIS`, which other
tests use meanwhile): started on a free loopback port, frozen (`DEBUG SLEEP`) or restarted in
the middle of a game, and stopped after the test."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from server_kit import IN_CI, free_port


class OwnRedis:
    """`redis-server` on 127.0.0.1 and a free port, no persistence."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.sleeper: subprocess.Popen | None = None

    def start(self) -> "OwnRedis":
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--enable-debug-command", "local"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):                      # at most 10 s
            if self.cli("PING", timeout=1).strip() == "PONG":
                return self
            time.sleep(0.1)
        raise RuntimeError("redis-server did not start in 10 s")

    def cli(self, *words: str, timeout: float = 5) -> str:
        try:
            done = subprocess.run(["redis-cli", "-p", str(self.port), *words], capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return ""
        return done.stdout

    def freeze(self, seconds: float) -> None:
        """Freeze the server for `seconds` (DEBUG SLEEP); returns once it is frozen (a PING gets
        no answer), without waiting for the end."""
        self.sleeper = subprocess.Popen(["redis-cli", "-p", str(self.port), "DEBUG", "SLEEP", str(seconds)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):                       # a busy machine may take a while to start it
            if self.cli("PING", timeout=0.2).strip() != "PONG":
                return
            time.sleep(0.05)
        raise RuntimeError("Redis did not freeze")

    def stop(self) -> None:
        if self.sleeper is not None and self.sleeper.poll() is None:
            self.sleeper.kill()
            self.sleeper.wait()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def restart(self) -> None:
        """Stop the server (every connection drops, every subscription is lost) and start a new
        one on the same port."""
        self.stop()
        self.start()


def own_redis() -> OwnRedis:
    """A started `OwnRedis`; without `redis-server` the test is skipped (CI installs it)."""
    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        if IN_CI:
            pytest.fail("CI must install redis-server (.ci/services)")
        pytest.skip("redis-server is not installed here")
    return OwnRedis().start()
