"""Migration 0008 (a table's hints setting) from the schema before it, with tables in it, on
SQLite and PostgreSQL: an old table gets hints as its seats say (on with at most one human seat,
off with several), a rated one none, and every stored row stays as it was."""
from __future__ import annotations

import time

from sqlalchemy import insert, inspect

from ludoteka import registry
from ludoteka.server.live import LiveTable
from ludoteka.server.social_store import RATED
from ludoteka.server.store import TABLES, TOKENS, Entry, Store
from server_kit import schema_at


def test_the_hints_column_migrates_from_0007_with_defaults_by_seats(database):
    store = Store(database)
    schema_at(store, "0007")
    now = time.time()
    seats = {"solo": '["human"]', "vs-ai": '["human", "ai:random"]', "two": '["human", "open"]',
             "rated": '["human", "human"]', "hot": '["hotseat", "hotseat"]'}
    with store.engine.begin() as c:
        for table_id, kinds in seats.items():
            players = kinds.count('"') // 2
            c.execute(insert(TABLES).values(
                id=table_id, game="kingsburg" if players > 1 else "messina-1347", players=players,
                options="{}", seed=7, seats=kinds, turn_seconds=None, created=now, updated=now, seq=0,
                finished=False, deadline=None, free_seats=0, revision=1, abandoned=None, owner=None,
                lease_until=None, turn_based=False, at_limit=None, pause=None, pause_until=None))
            c.execute(insert(TOKENS), [{"table_id": table_id, "seat": s, "token_hash": "h" * 64}
                                       for s in range(players)])
        c.execute(insert(RATED).values(table_id="rated", counted=None, outcome=None))
    assert all(store.append_many([("solo", Entry(1, 0, "act", "x", "seat"), False, None, None)]))
    assert "hints" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    store.migrate()
    hints = {}
    for table_id in seats:
        loaded = store.load(table_id)
        state = registry.game(loaded.row["game"]).new_state(loaded.row["players"], 7)
        hints[table_id] = (loaded.row["hints"], LiveTable(loaded.row, state, 0, loaded.tokens).hints)
    assert hints == {"solo": (None, True), "vs-ai": (None, True), "two": (None, False),
                     "rated": (False, False), "hot": (None, False)}
    solo = store.load("solo")
    assert solo.row["seq"] == 1 and [e.key for e in solo.entries] == ["x"]
    store.migrate()                                    # again: nothing to do
    store.engine.dispose()
