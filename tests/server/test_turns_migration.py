"""Migration 0006 (turn-based tables, notification channels) from the schema before it, with a
table, its log and an account in it, on SQLite and PostgreSQL: every stored row stays as it was
and reads as before (a real-time table whose timer lets the AI decide, the default channels)."""
from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import insert, inspect, select

from ludoteka.server.account_store import ACCOUNTS, AccountStore
from ludoteka.server.live import token_hash
from ludoteka.server.push import PushStore
from ludoteka.server.store import TABLES, TOKENS, Entry, Store
from server_kit import schema_at


def test_turn_based_columns_migrate_from_0005_with_the_rows_kept(database):
    store = Store(database)
    schema_at(store, "0005")
    now = time.time()
    with store.engine.begin() as c:
        c.execute(insert(TABLES).values(
            id="old", game="kingsburg", players=2, options="{}", seed=7, seats='["human","human"]',
            turn_seconds=60.0, created=now, updated=now, seq=0, finished=False, deadline=now + 60,
            free_seats=0, revision=2, abandoned=None, owner=None, lease_until=None))
        c.execute(insert(TOKENS), [{"table_id": "old", "seat": s, "token_hash": token_hash(f"{s}" * 32)}
                                   for s in (0, 1)])
        c.execute(insert(ACCOUNTS).values(id="a1", name="Eva", name_key="eva", password_hash="h",
                                          email="eva@example.org", must_change=False, created=now,
                                          password_changed=now))
    assert all(store.append_many([("old", Entry(1, 0, "act", "x", "seat"), False, now + 60, None)]))
    assert "turn_based" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    assert "push_subscriptions" not in inspect(store.engine).get_table_names()
    store.migrate()
    loaded = store.load("old")
    row = loaded.row
    assert (row["turn_based"], row["at_limit"], row["pause"], row["pause_until"]) == (False, None, None, None)
    assert row["seq"] == 1 and row["turn_seconds"] == 60.0 and [e.key for e in loaded.entries] == ["x"]
    assert AccountStore(store.engine).account_by_id("a1")["channels"] is None
    pushes = PushStore(store.engine)                   # the old account takes a push subscription
    pushes.add("a1", "https://push.example/1", "p" * 87, "a" * 22)
    assert [r["endpoint"] for r in pushes.of("a1")] == ["https://push.example/1"]
    # The new columns work with the old rows: a pause stored, a due table found.
    assert store.set_pause("old", '{"days": 1, "votes": [0]}', None, now + 60)
    with store.engine.begin() as c:
        c.execute(TABLES.update().where(TABLES.c.id == "old").values(turn_based=True))
    assert store.due_turn_tables(now + 120) == ["old"] and store.due_turn_tables(now) == []
    with store.engine.connect() as c:
        assert c.execute(select(TABLES.c.pause)).scalar_one() == '{"days": 1, "votes": [0]}'
    store.migrate()                                    # again: nothing to do
    store.engine.dispose()
