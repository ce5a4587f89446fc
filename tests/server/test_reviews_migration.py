"""Migration 0009 (reviews) from the schema before it (0008), with a finished table in it, on
SQLite and PostgreSQL: the table stays as it was, and reviews are stored and read for it."""
from __future__ import annotations

import time

from sqlalchemy import inspect, insert

from ludoteka.server.reviews import ReviewStore
from ludoteka.server.store import TABLES, TOKENS, Store
from server_kit import schema_at


def test_reviews_migrate_from_0008_with_a_finished_table_kept(database):
    store = Store(database)
    schema_at(store, "0008")
    now = time.time()
    with store.engine.begin() as c:
        c.execute(insert(TABLES).values(
            id="old", game="messina-1347", players=1, options="{}", seed=7, seats='["human"]',
            turn_seconds=None, created=now, updated=now, seq=0, finished=True, deadline=None,
            free_seats=0, revision=1, abandoned=None, owner=None, lease_until=None))
        c.execute(insert(TOKENS), [{"table_id": "old", "seat": 0, "token_hash": "h" * 64}])
    assert "reviews" not in inspect(store.engine).get_table_names()
    store.migrate()
    assert "reviews" in inspect(store.engine).get_table_names()
    loaded = store.load("old")
    assert loaded.row["finished"] and loaded.row["game"] == "messina-1347"
    reviews = ReviewStore(store.engine)
    assert reviews.get("old", 0) is None
    reviews.put("old", 0, 100, {"seat": 0, "mistakes": [{"index": 3, "loss": 2.5}]})
    reviews.put("old", 0, 100, {"seat": 0, "mistakes": []})        # another process's copy: the first stays
    assert reviews.get("old", 0) == {"seat": 0, "mistakes": [{"index": 3, "loss": 2.5}]}
    store.migrate()                                    # again: nothing to do
    store.engine.dispose()
