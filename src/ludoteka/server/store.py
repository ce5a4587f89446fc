"""The database: tables, seat tokens (hashed), the append-only log of entries, and snapshots.

SQLAlchemy Core over SQLite (WAL, the embedded default) or PostgreSQL; the schema is Alembic's
(`migrations/`), applied on start. Every method is synchronous and short: the server calls them
from worker threads, never from the event loop. Two processes appending the same entry number
to one table: the primary key lets exactly one commit; the other is told it was not committed.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String,
                        Table, Text, and_, bindparam, create_engine, event, false, func, insert, or_,
                        select, update)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

METADATA = MetaData()
IN_CHUNK = 500                  # ids per `IN (...)` of one statement


class TableClosed(Exception):
    """The table is finished (closed as abandoned meanwhile): no entry may be appended any more."""

TABLES = Table(
    "tables", METADATA,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),          # JSON object
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),            # JSON list: one seat spec per seat
    Column("turn_seconds", Float),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("seq", Integer, nullable=False),           # log entries so far: the protocol's version
    Column("finished", Boolean, nullable=False),
    Column("deadline", Float),                        # epoch seconds when the turn timer runs out
    Column("free_seats", Integer, nullable=False),    # open seats nobody has claimed yet
    # the game's rules revision the table was begun under; NULL: begun before revisions (1)
    Column("revision", Integer),
    # when the table was closed as abandoned (no human move for a while); NULL: it was not
    Column("abandoned", Float),
    # The process that keeps the table going (AI seats, turn timer) and until when (epoch
    # seconds) unless it renews; NULL: nobody (tables.Tables claims it when there is work).
    Column("owner", String(32)),
    Column("lease_until", Float),
    # Turn-based play (turns.py): the pace; what happens at a decision's limit ("ai", NULL too,
    # or "forfeit"); an agreed pause or one proposed (JSON, NULL: none) and when the latest
    # pause ends or ended (the abandoned-table sweeper does not count a pause).
    Column("turn_based", Boolean, nullable=False, server_default=false()),
    Column("at_limit", String(16)),
    Column("pause", Text),
    Column("pause_until", Float),
    # Whether the seats may ask for hints (hints.py); NULL: as the seats say (live.default_hints),
    # a table stored before hints (migration 0008).
    Column("hints", Boolean),
)
TOKENS = Table(
    "seat_tokens", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64)),                 # SHA-256 of the token; None: an open seat
)
ENTRIES = Table(
    "entries", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),        # "act" or "undo"
    Column("key", Text),
    Column("by", String(16), nullable=False),         # "seat", "ai" or "timeout"
    Column("at", Float, nullable=False),
)
SNAPSHOTS = Table(
    "snapshots", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", Text, nullable=False),            # GameState.to_json() after entry `seq`
)

# The statements of a move, built once: building them per move with `.values(...)` cost SQLAlchemy
# four times what SQLite took to run them (docs/measurements.md, issue 24 §5).
_INSERT_ENTRY = insert(ENTRIES)
# A finished table takes no more entries: one another process closed as abandoned meanwhile is
# neither moved on nor reopened (a game that ended takes none anyway).
_MOVE_TABLE = (update(TABLES).where(TABLES.c.id == bindparam("t_id"), TABLES.c.finished.is_(False))
               .values(seq=bindparam("t_seq"), finished=bindparam("t_finished"),
                       deadline=bindparam("t_deadline"), updated=bindparam("t_updated")))
_INSERT_SNAPSHOT = insert(SNAPSHOTS)


@dataclass(frozen=True)
class Entry:
    """One line of a table's log."""

    seq: int
    seat: int
    kind: str
    key: str | None
    by: str


@dataclass
class Loaded:
    """What rebuilds a table: its row, token hashes, the latest snapshot and the entries after it."""

    row: dict[str, Any]
    tokens: dict[int, str | None]
    snapshot: tuple[int, str] | None
    entries: list[Entry]


def engine_for(url: str) -> Engine:
    """An engine for a `sqlite:///PATH` or `postgresql://` URL (psycopg 3)."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record):   # WAL: readers never block the writer; NORMAL
            cursor = connection.cursor()      # survives a killed process (not a power cut)
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # No checkpoint inside a commit (it would stall every move behind it for up to
            # hundreds of ms): `checkpoint()` runs them from another thread instead.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()
        return engine
    return create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


class Store:
    """The server's database access; see the module docstring."""

    def __init__(self, url: str):
        self.url = url
        self.engine = engine_for(url)
        self.sqlite = self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        from alembic import command
        from alembic.config import Config
        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database without blocking the writer."""
        if self.sqlite:
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def create_table(self, row: dict[str, Any], tokens: dict[int, str | None]) -> None:
        """Insert a new table and its seats' token hashes in one transaction."""
        with self.engine.begin() as c:
            c.execute(insert(TABLES).values(**row))
            if tokens:
                c.execute(insert(TOKENS), [{"table_id": row["id"], "seat": s, "token_hash": h}
                                           for s, h in tokens.items()])

    def load(self, table_id: str) -> Loaded | None:
        """Everything that rebuilds a table, or None if there is no such table."""
        with self.engine.connect() as c:
            row = c.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
            if row is None:
                return None
            tokens = {r.seat: r.token_hash for r in c.execute(
                select(TOKENS.c.seat, TOKENS.c.token_hash).where(TOKENS.c.table_id == table_id))}
            snap = c.execute(select(SNAPSHOTS.c.seq, SNAPSHOTS.c.state)
                             .where(SNAPSHOTS.c.table_id == table_id)
                             .order_by(SNAPSHOTS.c.seq.desc()).limit(1)).first()
            after = snap.seq if snap else 0
            entries = self._entries(c, table_id, after)
        return Loaded(dict(row), tokens, (snap.seq, snap.state) if snap else None, entries)

    def entries_after(self, table_id: str, seq: int) -> list[Entry]:
        """The log entries after number `seq`, oldest first."""
        with self.engine.connect() as c:
            return self._entries(c, table_id, seq)

    @staticmethod
    def _entries(c, table_id: str, after: int) -> list[Entry]:
        rows = c.execute(select(ENTRIES.c.seq, ENTRIES.c.seat, ENTRIES.c.kind, ENTRIES.c.key, ENTRIES.c.by)
                         .where(ENTRIES.c.table_id == table_id, ENTRIES.c.seq > after)
                         .order_by(ENTRIES.c.seq))
        return [Entry(*r) for r in rows]

    def all_entries(self, table_id: str) -> list[Entry]:
        """The whole log of a table."""
        return self.entries_after(table_id, 0)

    def append_many(self, items: list[tuple[str, Entry, bool, float | None, str | None]]) -> list[Any]:
        """Commit log entries, each `(table_id, entry, finished, deadline, snapshot)`, in one
        transaction (one disk flush for all: a group commit). Returns, per item, True if it was
        committed, False if its entry number was taken or its table was closed as abandoned
        meanwhile (the others of its group are then
        committed item by item), or the database error that stopped the group (nothing of it is
        committed). Returns only once the commits are durable."""
        try:
            with self.engine.begin() as c:
                for item in items:
                    self._append(c, *item)
            return [True] * len(items)
        except (IntegrityError, TableClosed):
            if len(items) == 1:
                return [False]
        except Exception as exc:
            return [exc] * len(items)
        return [self.append_many([item])[0] for item in items]

    @staticmethod
    def _append(c, table_id: str, entry: Entry, finished: bool, deadline: float | None,
                snapshot: str | None) -> None:
        now = time.time()
        c.execute(_INSERT_ENTRY, {"table_id": table_id, "seq": entry.seq, "seat": entry.seat,
                                  "kind": entry.kind, "key": entry.key, "by": entry.by, "at": now})
        if c.execute(_MOVE_TABLE, {"t_id": table_id, "t_seq": entry.seq, "t_finished": finished,
                                   "t_deadline": deadline, "t_updated": now}).rowcount != 1:
            raise TableClosed(table_id)
        if snapshot is not None:
            c.execute(_INSERT_SNAPSHOT, {"table_id": table_id, "seq": entry.seq, "state": snapshot})

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give an unclaimed open seat its token; False if someone claimed it first."""
        with self.engine.begin() as c:
            done = c.execute(update(TOKENS).where(TOKENS.c.table_id == table_id, TOKENS.c.seat == seat,
                                                  TOKENS.c.token_hash.is_(None))
                             .values(token_hash=token_hash)).rowcount == 1
            if done:
                c.execute(update(TABLES).where(TABLES.c.id == table_id)
                          .values(free_seats=TABLES.c.free_seats - 1, updated=time.time()))
            return done

    def tokens(self, table_id: str) -> dict[int, str | None]:
        """The seats' token hashes as they are now."""
        with self.engine.connect() as c:
            return {r.seat: r.token_hash for r in c.execute(
                select(TOKENS.c.seat, TOKENS.c.token_hash).where(TOKENS.c.table_id == table_id))}

    def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        """Unfinished tables with open seats nobody has claimed, newest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(TABLES).where(TABLES.c.free_seats > 0, TABLES.c.finished.is_(False))
                             .order_by(TABLES.c.created.desc()).limit(limit)).mappings()
            return [dict(r) for r in rows]

    def finished_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """Finished tables, most recently ended first (the lobby offers their replays)."""
        with self.engine.connect() as c:
            rows = c.execute(select(TABLES).where(TABLES.c.finished.is_(True))
                             .order_by(TABLES.c.updated.desc()).limit(limit)).mappings()
            return [dict(r) for r in rows]

    def table_row(self, table_id: str) -> dict[str, Any] | None:
        """The table's row (its game, seed and options), or None."""
        with self.engine.connect() as c:
            row = c.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
            return dict(row) if row else None

    def unfinished(self) -> list[str]:
        """Ids of every unfinished table (a restart resumes their AI seats and timers)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(TABLES.c.id).where(TABLES.c.finished.is_(False)))]

    def abandoned_candidates(self, cutoff: float, turns: float = 3.0) -> list[str]:
        """Unfinished tables with no human move (nor creation) since `cutoff` (epoch seconds); a
        turn-based table by its own limit instead: none for `turns` of its time limits, and no
        pause since (`_stale`)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(
                select(TABLES.c.id).where(TABLES.c.finished.is_(False), _stale(cutoff, turns)))]

    def abandon(self, table_id: str, cutoff: float, turns: float = 3.0) -> float | None:
        """Close an unfinished table as abandoned if it still had no human move since `cutoff`;
        (a turn-based table: by its own limit, see `abandoned_candidates`); returns when (None:
        it had one since, or is over). Closed, it is finished for the
        database: a restart no longer resumes it, its timer is gone."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(update(TABLES).where(TABLES.c.id == table_id, TABLES.c.finished.is_(False),
                                                  _stale(cutoff, turns))
                             .values(finished=True, abandoned=now, deadline=None, updated=now)).rowcount
            return now if done == 1 else None

    # ------------------------------------------------------------- turn-based tables
    def set_pause(self, table_id: str, pause: str | None, pause_until: float | None,
                  deadline: float | None) -> bool:
        """Store a turn-based table's pause (JSON; None: none) and deadline; False if the table
        is finished."""
        with self.engine.begin() as c:
            values: dict[str, Any] = {"pause": pause, "deadline": deadline, "updated": time.time()}
            if pause_until is not None:
                values["pause_until"] = pause_until
            return c.execute(update(TABLES).where(TABLES.c.id == table_id, TABLES.c.finished.is_(False))
                             .values(**values)).rowcount == 1

    def clock_of(self, table_id: str) -> tuple[str | None, float | None]:
        """A table's stored pause (JSON) and deadline."""
        with self.engine.connect() as c:
            row = c.execute(select(TABLES.c.pause, TABLES.c.deadline).where(TABLES.c.id == table_id)).first()
            return (row.pause, row.deadline) if row else (None, None)

    def due_turn_tables(self, before: float, limit: int = 500) -> list[str]:
        """Unfinished turn-based tables whose time limit or pause ends before `before`: those
        out of memory are loaded again to act on it (turns.py)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(TABLES.c.id).where(
                TABLES.c.finished.is_(False), TABLES.c.turn_based.is_(True),
                or_(TABLES.c.deadline < before, and_(TABLES.c.pause.is_not(None),
                                                     TABLES.c.pause_until < before))).limit(limit))]

    # ------------------------------------------------------------- several processes
    def versions(self, table_ids: list[str]) -> dict[str, tuple[int, float | None]]:
        """Each table's latest log number and when it was closed as abandoned (None: it was
        not): what a process compares with the tables it holds. One indexed query per 500 ids."""
        found: dict[str, tuple[int, float | None]] = {}
        with self.engine.connect() as c:
            for start in range(0, len(table_ids), IN_CHUNK):
                chunk = table_ids[start:start + IN_CHUNK]
                for r in c.execute(select(TABLES.c.id, TABLES.c.seq, TABLES.c.abandoned)
                                   .where(TABLES.c.id.in_(chunk))):
                    found[r.id] = (r.seq, r.abandoned)
        return found

    def claim_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Make `owner` the process that keeps an unfinished table going, for `seconds`, unless
        another holds a lease that has not run out; True if `owner` holds it now."""
        now = time.time()
        with self.engine.begin() as c:
            return c.execute(update(TABLES).where(
                TABLES.c.id == table_id, TABLES.c.finished.is_(False),
                or_(TABLES.c.owner.is_(None), TABLES.c.owner == owner, TABLES.c.lease_until < now))
                .values(owner=owner, lease_until=now + seconds)).rowcount == 1

    def renew_leases(self, owner: str, seconds: float) -> set[str]:
        """Renew every lease `owner` holds on an unfinished table; returns those tables (a lease
        that ran out and was taken over by another process is not among them)."""
        with self.engine.begin() as c:
            c.execute(update(TABLES).where(TABLES.c.owner == owner, TABLES.c.finished.is_(False))
                      .values(lease_until=time.time() + seconds))
            return {r.id for r in c.execute(select(TABLES.c.id).where(
                TABLES.c.owner == owner, TABLES.c.finished.is_(False)))}

    def release_lease(self, table_ids: list[str], owner: str, keep_owner: bool = False) -> None:
        """Give up leases of `owner`. `keep_owner`: the lease only runs out now, so that another
        process takes the tables over at once (a process shutting down); otherwise the tables
        have no holder (nothing to do: the next process with work for them claims them)."""
        values: dict[str, Any] = {"lease_until": 0.0} if keep_owner else {"owner": None, "lease_until": None}
        with self.engine.begin() as c:
            for start in range(0, len(table_ids), IN_CHUNK):
                c.execute(update(TABLES).where(TABLES.c.id.in_(table_ids[start:start + IN_CHUNK]),
                                               TABLES.c.owner == owner).values(**values))

    def orphans(self, limit: int = 100) -> list[str]:
        """Unfinished tables whose holder's lease ran out (its process died or shut down)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(
                select(TABLES.c.id).where(TABLES.c.finished.is_(False), TABLES.c.owner.is_not(None),
                                          TABLES.c.lease_until < time.time()).limit(limit))]


def _stale(cutoff: float, turns: float):
    """The condition "no human move for too long" on TABLES: a real-time table since `cutoff`
    (created before it: recent tables cost nothing); a turn-based one for `turns` of its own
    time limits, counted from its latest pause's end too."""
    last = _last_human_move()
    now = time.time()
    own = now - turns * func.coalesce(TABLES.c.turn_seconds, 0.0)
    return or_(and_(TABLES.c.turn_based.is_(False), TABLES.c.created < cutoff, last < cutoff),
               and_(TABLES.c.turn_based.is_(True), TABLES.c.created < own, last < own,
                    func.coalesce(TABLES.c.pause_until, 0.0) < own))


def _last_human_move():
    """A table's last human move (a seat's own, not the AI's nor the timer's), else its creation:
    a subquery of the log, for a statement on TABLES."""
    last = (select(func.max(ENTRIES.c.at))
            .where(ENTRIES.c.table_id == TABLES.c.id, ENTRIES.c.by == "seat").scalar_subquery())
    return func.coalesce(last, TABLES.c.created)

def dumps(value: Any) -> str:
    """Compact JSON, as stored."""
    return json.dumps(value, separators=(",", ":"))
