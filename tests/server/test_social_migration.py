"""Migration 0007 (chat and ratings) from the schema before it, with tables, accounts
and owned seats in it, on SQLite and PostgreSQL: every stored row stays as it was, and chat
and ratings work with the old rows."""
from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import inspect, insert

from ludoteka.server.account_store import ACCOUNT_SEATS, ACCOUNTS, AccountStore
from ludoteka.server.live import token_hash
from ludoteka.server.social_store import SocialStore
from ludoteka.server.store import TABLES, TOKENS, Entry, Store
from server_kit import schema_at


def test_social_migrates_from_0006_with_tables_and_accounts_kept(database):
    store = Store(database)
    schema_at(store, "0006")
    now = time.time()
    with store.engine.begin() as c:
        c.execute(insert(TABLES).values(
            id="old", game="kingsburg", players=2, options="{}", seed=7, seats='["human","open"]',
            turn_seconds=None, created=now, updated=now, seq=0, finished=False, deadline=None,
            free_seats=1, revision=2, abandoned=None, owner=None, lease_until=None))
        c.execute(insert(TOKENS), [{"table_id": "old", "seat": 0, "token_hash": token_hash("t" * 32)},
                                   {"table_id": "old", "seat": 1, "token_hash": None}])
        c.execute(insert(ACCOUNTS).values(id="a1", name="Eva", name_key="eva", password_hash="h", email=None,
                                          must_change=False, created=now, password_changed=now))
        c.execute(insert(ACCOUNT_SEATS).values(table_id="old", seat=0, account_id="a1", token_box="b", added=now))
    assert all(store.append_many([("old", Entry(1, 0, "act", "x", "seat"), False, None, None)]))
    assert "chat_messages" not in inspect(store.engine).get_table_names()
    store.migrate()
    names = set(inspect(store.engine).get_table_names())
    assert {"chat_messages", "chat_mutes", "rated_tables", "ratings", "rating_history",
            "accounts", "account_seats", "tables", "entries"} <= names
    loaded = store.load("old")
    assert loaded.row["seq"] == 1 and [(e.seq, e.key) for e in loaded.entries] == [(1, "x")]
    assert AccountStore(store.engine).account_by_id("a1")["name"] == "Eva"
    # The new tables work with the old rows.
    social = SocialStore(store.engine)
    first = social.add_message("old", 0, "hello")
    second = social.add_message("old", 1, "hi")
    assert second["id"] > first["id"]
    social.set_mute("old", 0, 1, True)
    assert social.mutes("old") == {0: {1}}
    assert [m["text"] for m in social.messages("old", 10, frozenset({1}))] == ["hello"]
    assert social.owners("old") == {0: "a1"}
    social.mark_rated("old")
    assert social.is_rated("old") == {"table_id": "old", "counted": None, "outcome": None}
    assert social.account_named("eva")["id"] == "a1"
    store.migrate()                                    # again: nothing to do
    store.engine.dispose()
