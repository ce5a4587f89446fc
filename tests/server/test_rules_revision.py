"""A table begun before rules revisions (schema 0001, no revision column, options naming only the
options of the time) keeps its rules after the migration: it is rebuilt from its log and from a
snapshot of the time, and finishes with the same legal keys and scores as it was played."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from sqlalchemy import insert, select

from ludoteka.server.store import SNAPSHOTS, TABLES, Entry, Store
from ludoteka.server.tables import _rebuild
from ludoteka.server.replays import _frame_at
from server_kit import schema_at

RECORDS = json.loads(gzip.open(Path(__file__).parents[1] / "kingsburg" / "revision1" / "records.json.gz",
                               "rt").read())
OLD_OPTIONS = {"reinforcements": "king_die", "negative_vp": False, "market_with_token": True,
               "token_supply_limit": False, "building_token_limit": True, "reward_without_buildings": True,
               "merchants_guild_any_good": False, "three_player_dummy": False}   # what 0001 tables stored


def _schema_0001(store: Store) -> None:
    schema_at(store, "0001")


def _old_table(store: Store, table_id: str, record: dict, played: int, snapshot: dict | None) -> None:
    with store.engine.begin() as c:
        c.execute(insert(TABLES).values(
            id=table_id, game="kingsburg", players=record["players"], options=json.dumps(OLD_OPTIONS),
            seed=record["seed"], seats=json.dumps(["human"] * record["players"]), turn_seconds=None,
            created=0.0, updated=0.0, seq=0, finished=False, deadline=None, free_seats=0))
    items = [(table_id, Entry(i + 1, seat, "act", key, "seat"), i + 1 == len(record["steps"]), None,
              json.dumps(snapshot) if snapshot is not None and i + 1 == played else None)
             for i, (seat, key, _) in enumerate(record["steps"][:played])]
    assert all(store.append_many(items))


@pytest.mark.rule("KB-8.7", "KB-AMB-8")
def test_a_table_begun_before_the_revision_finishes_under_its_own_rules(database):
    store = Store(database)
    _schema_0001(store)
    full = RECORDS[3]                                  # 5 players, a finished game
    partial = RECORDS[-1]                              # 4 players, saved after 300 decisions
    _old_table(store, "from-log", full, 100, None)
    _old_table(store, "from-snapshot", partial, 300,
               dict(partial["saved_state"], options=OLD_OPTIONS))
    store.migrate()                                    # 0002: the revision column, NULL for these
    with store.engine.connect() as c:
        assert c.execute(select(TABLES.c.revision).where(TABLES.c.id == "from-log")).scalar() is None
        assert c.execute(select(SNAPSHOTS.c.seq)).scalar() == 300
    for table_id, record, done in (("from-log", full, 100), ("from-snapshot", partial, 300)):
        table = _rebuild(store.load(table_id))
        state = table.state
        assert state.revision == 1 and state.options["one_token_per_season"] is False
        assert state.options["negative_vp"] is False
        frame = table.frame(None)
        assert frame["rules_revision"] == 1 and frame["options"]["one_token_per_season"] is False
        for index, (seat, key, keys) in enumerate(record["steps"][done:], done):
            assert state.to_act == seat and state.legal_keys() == keys, f"step {index}"
            state.apply(key, seat)
        if record["finished"]:
            assert state.is_terminal() and state.scores() == record["scores"]
    row = store.table_row("from-log")
    entries = [Entry(i + 1, s, "act", k, "seat") for i, (s, k, _) in enumerate(full["steps"])]
    assert _frame_at(row, entries, len(entries), None)["scores"] == full["scores"]     # its replay too
    store.engine.dispose()
