"""Fixtures of the server tests: a database of each kind and a server process on it."""
from __future__ import annotations

import pytest

from server.redis_kit import own_redis
from server_kit import Server, drop_postgres_database, new_postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A fresh database URL: a SQLite file, or a new PostgreSQL database (CI)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.sqlite3'}"
        return
    url = new_postgres_database()
    yield url
    drop_postgres_database(url)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def postgres():
    """A new PostgreSQL database of its own (the tests of several processes need one)."""
    url = new_postgres_database()
    yield url
    drop_postgres_database(url)


@pytest.fixture
def redis():
    """A Redis server of the test's own (server.redis_kit), never the shared one."""
    server = own_redis()
    yield server
    server.stop()


@pytest.fixture
def start_server(tmp_path):
    """Start servers (`start_server(database, *args)`); all are stopped after the test."""
    started: list[Server] = []

    def start(database: str, *args: str, redis: str | None = None, specs: bool = True) -> Server:
        server = Server(database, tmp_path / f"server-{len(started)}.log", *args, redis=redis,
                        specs=specs).start()
        started.append(server)
        return server
    yield start
    for server in started:
        server.stop()


@pytest.fixture(autouse=True)
def private_data_directory(monkeypatch, tmp_path):
    """Servers started by a test keep what they write in the user's data directory (the record
    key of a PostgreSQL server) under the test's own directory, never in the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.delenv("LUDOTEKA_RECORD_KEY", raising=False)
