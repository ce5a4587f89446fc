"""The database side of accounts (issue 25 §1): accounts, their sessions and the seats they own
(schema: migration 0005). Like `store.Store`, every method is synchronous and short, for the
server's database threads; the logic (hashing, limits, cookies) is in `accounts.py`."""
from __future__ import annotations

import time
from typing import Any

from sqlalchemy import (Boolean, Column, Float, ForeignKey, Integer, String, Table, Text, delete,
                        insert, select, update)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .store import METADATA, TABLES, TOKENS

ACCOUNTS = Table(
    "accounts", METADATA,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),               # as its owner wrote it
    Column("name_key", String(64), nullable=False, unique=True),  # NFKC + casefold: one per person
    Column("password_hash", Text, nullable=False),            # argon2id, with its parameters
    Column("email", String(254)),                             # optional, unused for now
    Column("must_change", Boolean, nullable=False),           # set by the operator's reset
    Column("created", Float, nullable=False),
    Column("password_changed", Float, nullable=False),
    # The notification channels chosen (JSON {"email", "push", "page"}; NULL: the defaults,
    # notify.channels_of); migration 0006.
    Column("channels", Text),
)
SESSIONS = Table(
    "sessions", METADATA,
    Column("id_hash", String(64), primary_key=True),          # SHA-256 of the cookie's value
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),                 # epoch seconds; later: signed out
)
ACCOUNT_SEATS = Table(
    "account_seats", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),                # one account at most per seat
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("token_box", String(64), nullable=False),          # the seat token, sealed (accounts.py)
    Column("added", Float, nullable=False),
)


class AccountStore:
    """Accounts, sessions and owned seats in the server's database."""

    def __init__(self, engine: Engine):
        self.engine = engine

    # ------------------------------------------------------------------ accounts
    def add_account(self, row: dict[str, Any]) -> bool:
        """Insert a new account; False if its name is taken."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(ACCOUNTS).values(**row))
            return True
        except IntegrityError:
            return False

    def account_by_name(self, name_key: str) -> dict[str, Any] | None:
        """The account of a normalised name, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(ACCOUNTS).where(ACCOUNTS.c.name_key == name_key)).mappings().first()
            return dict(row) if row else None

    def account_by_id(self, account_id: str) -> dict[str, Any] | None:
        """The account `account_id`, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).mappings().first()
            return dict(row) if row else None

    def set_password(self, account_id: str, password_hash: str, must_change: bool) -> None:
        """A new password hash; every session of the account ends with it (sign out everywhere)."""
        with self.engine.begin() as c:
            c.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(
                password_hash=password_hash, must_change=must_change, password_changed=time.time()))
            c.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id))

    # ------------------------------------------------------------------ sessions
    def add_session(self, id_hash: str, account_id: str, seconds: float) -> None:
        """A new session of `account_id` that ends in `seconds`."""
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(SESSIONS).values(id_hash=id_hash, account_id=account_id, created=now,
                                              expires=now + seconds))

    def session_account(self, id_hash: str) -> dict[str, Any] | None:
        """The account of a live session, or None (unknown, revoked or expired: an expired one is
        deleted on the way)."""
        now = time.time()
        with self.engine.connect() as c:
            row = c.execute(select(SESSIONS.c.expires, ACCOUNTS)
                            .join(ACCOUNTS, ACCOUNTS.c.id == SESSIONS.c.account_id)
                            .where(SESSIONS.c.id_hash == id_hash)).mappings().first()
        if row is None:
            return None
        if row["expires"] <= now:
            self.end_session(id_hash)
            return None
        return {k: v for k, v in row.items() if k != "expires"}

    def end_session(self, id_hash: str) -> None:
        """Revoke one session."""
        with self.engine.begin() as c:
            c.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == id_hash))

    def end_sessions(self, account_id: str) -> int:
        """Revoke every session of an account; returns how many there were."""
        with self.engine.begin() as c:
            return c.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id)).rowcount

    # ------------------------------------------------------------------ owned seats
    def attach(self, account_id: str, table_id: str, boxes: dict[int, str]) -> list[int]:
        """Make the seats `boxes` ({seat: sealed token}) of a table the account's; returns the
        seats another account owns already (those stay theirs; the others are attached)."""
        now = time.time()
        taken = []
        with self.engine.begin() as c:
            owners = {r.seat: r.account_id for r in c.execute(
                select(ACCOUNT_SEATS.c.seat, ACCOUNT_SEATS.c.account_id)
                .where(ACCOUNT_SEATS.c.table_id == table_id))}
            for seat, box in sorted(boxes.items()):
                if seat not in owners:
                    c.execute(insert(ACCOUNT_SEATS).values(table_id=table_id, seat=seat, account_id=account_id,
                                                           token_box=box, added=now))
                elif owners[seat] != account_id:
                    taken.append(seat)
        return taken

    def detach(self, account_id: str, table_id: str) -> int:
        """The account lets go of its seats at a table (the seat tokens still play them)."""
        with self.engine.begin() as c:
            return c.execute(delete(ACCOUNT_SEATS).where(ACCOUNT_SEATS.c.account_id == account_id,
                                                         ACCOUNT_SEATS.c.table_id == table_id)).rowcount

    def names_at(self, table_id: str) -> dict[int, str]:
        """{seat: account name} of a table's seats that accounts own."""
        with self.engine.connect() as c:
            rows = c.execute(select(ACCOUNT_SEATS.c.seat, ACCOUNTS.c.name)
                             .join(ACCOUNTS, ACCOUNTS.c.id == ACCOUNT_SEATS.c.account_id)
                             .where(ACCOUNT_SEATS.c.table_id == table_id))
            return {r.seat: r.name for r in rows}

    def seats_of(self, account_id: str, limit: int) -> list[dict[str, Any]]:
        """The account's seats at its `limit` most recently active tables: table id, seat, sealed
        token and the seat's token hash now (to check the unsealed token against)."""
        with self.engine.connect() as c:
            recent = (select(TABLES.c.id).join(ACCOUNT_SEATS, ACCOUNT_SEATS.c.table_id == TABLES.c.id)
                      .where(ACCOUNT_SEATS.c.account_id == account_id).group_by(TABLES.c.id, TABLES.c.updated)
                      .order_by(TABLES.c.updated.desc()).limit(limit))
            ids = [r.id for r in c.execute(recent)]
            if not ids:
                return []
            rows = c.execute(select(ACCOUNT_SEATS.c.table_id, ACCOUNT_SEATS.c.seat, ACCOUNT_SEATS.c.token_box,
                                    TOKENS.c.token_hash)
                             .join(TOKENS, (TOKENS.c.table_id == ACCOUNT_SEATS.c.table_id)
                                   & (TOKENS.c.seat == ACCOUNT_SEATS.c.seat))
                             .where(ACCOUNT_SEATS.c.account_id == account_id,
                                    ACCOUNT_SEATS.c.table_id.in_(ids))).mappings()
            order = {table_id: n for n, table_id in enumerate(ids)}
            return sorted((dict(r) for r in rows), key=lambda r: (order[r["table_id"]], r["seat"]))
