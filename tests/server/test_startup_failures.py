"""`ludoteka serve` that cannot start (issue 22 §4): a database it cannot open, an unreachable
Redis, a port in use, a missing record key file: one line on stderr, exit status 1, no
traceback, and the process is gone (it never serves without the Redis it was given)."""
from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from server_kit import free_port


def serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ludoteka", "serve", "--ai-workers", "1", *args],
                          capture_output=True, text=True, timeout=60)


def assert_one_line_failure(done: subprocess.CompletedProcess, words: str) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert lines[0].startswith("ludoteka: error: ") and words in lines[0], lines[0]
    assert "ludoteka server on" not in done.stdout


def test_a_sqlite_database_that_cannot_be_opened(tmp_path):
    (tmp_path / "a-file").write_text("")
    done = serve("--port", str(free_port()), "--database", f"sqlite:///{tmp_path}/a-file/db.sqlite3")
    assert_one_line_failure(done, "cannot open the database")
    (tmp_path / "a-directory.sqlite3").mkdir()
    done = serve("--port", str(free_port()), "--database", f"sqlite:///{tmp_path}/a-directory.sqlite3")
    assert_one_line_failure(done, "cannot open the database")


def test_a_postgresql_database_that_cannot_be_reached_and_its_password_is_not_shown():
    done = serve("--port", str(free_port()), "--database", "postgresql://user:s3cret@127.0.0.1:1/db")
    assert_one_line_failure(done, "cannot open the database postgresql://127.0.0.1:1/db")
    assert "s3cret" not in done.stderr


def test_an_unreachable_redis(sqlite_url):
    done = serve("--port", str(free_port()), "--database", sqlite_url, "--redis", "redis://127.0.0.1:1")
    assert_one_line_failure(done, "cannot reach Redis at redis://127.0.0.1:1")


def test_a_port_in_use(sqlite_url):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--database", sqlite_url)
    assert_one_line_failure(done, f"cannot listen on 127.0.0.1:{port}")


@pytest.mark.parametrize("content", [None, "short"])
def test_a_record_key_file_that_cannot_be_used(sqlite_url, tmp_path, content):
    key = tmp_path / "key"
    if content is not None:
        key.write_text(content)
    done = serve("--port", str(free_port()), "--database", sqlite_url, "--record-key-file", str(key))
    assert_one_line_failure(done, "no record key")


def test_the_hub_given_redis_does_not_start_without_it():
    """The application itself (not only the command) refuses to run without the Redis it was
    given, rather than serving on alone and retrying in the background."""
    import asyncio

    from ludoteka.server.hub import Hub

    async def start() -> None:
        hub = Hub("redis://user:pw@127.0.0.1:1")
        try:
            await hub.start(lambda table, seq: None)
        finally:
            await hub.stop()
    with pytest.raises(RuntimeError, match=r"cannot reach Redis at redis://127\.0\.0\.1:1") as info:
        asyncio.run(start())
    assert "pw" not in str(info.value)
