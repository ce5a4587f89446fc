"""Migration 0005 (accounts) from the schema before it, with tables in it, on SQLite and
PostgreSQL: every stored table, seat token and log entry stays as it was, and the new tables
work with the old rows (an account attaches a seat of a table begun before the migration)."""
from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import inspect, insert, select

from ludoteka.server.account_store import AccountStore
from ludoteka.server.accounts import seal, unseal
from ludoteka.server.live import token_hash
from ludoteka.server.store import ENTRIES, TABLES, TOKENS, Entry, Store
from server_kit import schema_at


def test_accounts_migrate_from_0004_with_the_tables_kept(database):
    store = Store(database)
    schema_at(store, "0004")
    now = time.time()
    with store.engine.begin() as c:
        c.execute(insert(TABLES).values(
            id="old", game="kingsburg", players=2, options="{}", seed=7, seats='["human","open"]',
            turn_seconds=None, created=now, updated=now, seq=0, finished=False, deadline=None,
            free_seats=1, revision=2, abandoned=None, owner=None, lease_until=None))
        c.execute(insert(TOKENS), [{"table_id": "old", "seat": 0, "token_hash": token_hash("t" * 32)},
                                   {"table_id": "old", "seat": 1, "token_hash": None}])
    assert all(store.append_many([("old", Entry(1, 0, "act", "x", "seat"), False, None, None)]))
    assert "accounts" not in inspect(store.engine).get_table_names()
    store.migrate()
    names = set(inspect(store.engine).get_table_names())
    assert {"accounts", "sessions", "account_seats", "tables", "seat_tokens", "entries"} <= names
    loaded = store.load("old")
    assert loaded.row["seq"] == 1 and loaded.tokens == {0: token_hash("t" * 32), 1: None}
    assert [(e.seq, e.key) for e in loaded.entries] == [(1, "x")]
    with store.engine.connect() as c:
        assert c.execute(select(ENTRIES.c.seq)).scalars().all() == [1]
    # The new tables work with the old rows.
    accounts = AccountStore(store.engine)
    assert accounts.add_account({"id": "a1", "name": "Eva", "name_key": "eva", "password_hash": "h",
                                 "email": None, "must_change": False, "created": now, "password_changed": now})
    assert not accounts.add_account({"id": "a2", "name": "EVA", "name_key": "eva", "password_hash": "h",
                                     "email": None, "must_change": False, "created": now, "password_changed": now})
    box = seal(b"k" * 32, "old", 0, "a1", "t" * 32)
    assert accounts.attach("a1", "old", {0: box}) == []
    [row] = accounts.seats_of("a1", 10)
    assert unseal(b"k" * 32, "old", 0, "a1", row["token_box"], row["token_hash"]) == "t" * 32
    assert unseal(b"x" * 32, "old", 0, "a1", row["token_box"], row["token_hash"]) is None   # another key
    accounts.add_session("s" * 64, "a1", 60)
    assert accounts.session_account("s" * 64)["name"] == "Eva"
    store.migrate()                                    # again: nothing to do
    store.engine.dispose()
