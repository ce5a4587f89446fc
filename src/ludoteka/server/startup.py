"""What `ludoteka serve` checks before it serves: the record key, the port, the database, Redis.

Each check that fails raises StartupError with one line naming what could not be opened, so the
command prints that line and exits with status 1 instead of a traceback, and a server never
runs on without the Redis it was given.
"""
from __future__ import annotations

import os
import secrets
import socket
from pathlib import Path

from .. import registry
from ..kernel.data import register_data_set
from ..kernel.signing import MIN_KEY_BYTES, read_key
from .config import data_dir
from .store import Store

RECORD_KEY_ENV = "LUDOTEKA_RECORD_KEY"


class StartupError(Exception):
    """The server cannot start: the message is the one line to show."""


def _reason(exc: BaseException) -> str:
    """The first line of an exception's text (drivers add hints and links on later lines)."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    text = str(exc) or type(exc).__name__
    return text.strip().split("\n", 1)[0]


def shown_url(url: str) -> str:
    """A database or Redis URL without its user and password."""
    scheme, sep, rest = url.partition("://")
    return scheme + sep + rest.rsplit("@", 1)[-1] if sep else url


def record_key_path(database_url: str) -> Path:
    """Where the generated record key is kept: next to a SQLite file (`PATH.record-key`), else
    in the user's data directory (`record-key`), shared by the processes of this machine."""
    if database_url.startswith("sqlite:///"):
        path = database_url[len("sqlite:///"):]
        if path and path != ":memory:":
            return Path(path + ".record-key")
    return data_dir() / "record-key"


def record_key(database_url: str, key_file: str | None = None) -> bytes:
    """The key that signs the server's records: `key_file`, else `$LUDOTEKA_RECORD_KEY`, else the
    key kept by `record_key_path` (created, 256 random bits, readable by the user only, the first
    time; it survives restarts so old downloads still verify)."""
    try:
        if key_file:
            return read_key(key_file)
        given = os.environ.get(RECORD_KEY_ENV, "").strip()
        if given:
            if len(given.encode("utf-8")) < MIN_KEY_BYTES:
                raise ValueError(f"${RECORD_KEY_ENV} must hold a key of at least {MIN_KEY_BYTES} bytes")
            return given.encode("utf-8")
        path = record_key_path(database_url)
        if not path.exists():
            try:
                _create_key(path)
            except OSError as exc:
                raise ValueError(f"cannot create the record key file {path}: {_reason(exc)}") from None
        return read_key(path)
    except (OSError, ValueError) as exc:
        raise StartupError(f"no record key: {_reason(exc)}") from None


def _create_key(path: Path) -> None:
    # Written whole to a private temporary file, then linked into place: a process starting at
    # the same moment either wins the link or reads the complete key of the one that did.
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32) + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
    finally:
        tmp.unlink(missing_ok=True)


def bind(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port), so a port in use is found before anything starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise StartupError(f"cannot listen on {host}:{port}: {_reason(exc)}") from None
    sock.set_inheritable(True)
    return sock


def open_database(url: str) -> None:
    """Connect to the database and bring its schema up to date (the lifespan's migration is then
    a no-op)."""
    store = None
    try:
        store = Store(url)
        store.migrate()
    except Exception as exc:          # any driver's error: the server cannot run on this database
        raise StartupError(f"cannot open the database {shown_url(url)}: {_reason(exc)}") from None
    finally:
        if store is not None:
            store.engine.dispose()


def reach_redis(url: str, timeout: float = 5.0) -> None:
    """Connect to Redis and ping it."""
    import redis
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as exc:          # a bad URL, a refused connection, a wrong password
        raise StartupError(f"cannot reach Redis at {shown_url(url)}: {_reason(exc)}") from None


def register_data_dirs(directories: list[str]) -> list[str]:
    """Register each operator's data directory (`--data-dir`) under its data set's id with the
    games that take it (a game with a data-set option whose validator accepts it); returns the
    names. A directory no game accepts, or an id already taken, is a StartupError."""
    names = []
    for directory in directories:
        problems: list[str] = []
        for game in (registry.game(name) for name in registry.games()):
            validate = getattr(game, "validate_data", None)
            if validate is None or not any(o.data_set for o in game.options.values()):
                continue
            try:
                name, _, _, found = validate(directory)
            except Exception as exc:           # an unreadable directory: say why, do not crash
                found = [_reason(exc)]
            if found or not name:
                problems += found or ["no data set id"]
                continue
            if name in game.data_sets() or name in names:
                raise StartupError(f"--data-dir {directory}: the data set id {name!r} is taken; give "
                                   "its dataset.toml another id")
            register_data_set(game.name, name, directory)
            names.append(name)
            break
        else:
            raise StartupError(f"--data-dir {directory}: not a valid data set of any game"
                               + (f" ({problems[0]}{'; …' if len(problems) > 1 else ''})" if problems else ""))
    return names
