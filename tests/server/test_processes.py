"""Several server processes on one PostgreSQL with Redis between them; restarts from snapshots;
the schema of the migrations."""
from __future__ import annotations

import asyncio
import json
import random

import httpx
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import update

import ludoteka.server.account_store  # noqa: F401  (the accounts' tables join METADATA when imported)
import ludoteka.server.push  # noqa: F401  (so do the push subscriptions)
import ludoteka.server.reviews  # noqa: F401  (the reviews)
import ludoteka.server.social_store  # noqa: F401  (chat, mutes, ratings)
from ludoteka.server.store import METADATA, SNAPSHOTS, Store
from server_kit import REDIS, SeatClient, create, need


def _headers(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_a_move_through_one_process_reaches_a_client_of_another(start_server, database):
    if database.startswith("sqlite"):
        return _same_on_sqlite_without_redis(start_server, database)
    redis = need(REDIS, "LUDOTEKA_TEST_REDIS")
    a = start_server(database, redis=redis)
    b = start_server(database, redis=redis)
    table = create(a.url, "notre-dame", ["human", "human"])
    t0, t1 = (s["token"] for s in table["seats"])

    async def scenario():
        watcher = await SeatClient(b.url, table["id"], t0, 0).open()     # seat 0 watches on B
        first = await watcher.frame()
        frame = httpx.get(f"{a.url}/api/tables/{table['id']}", headers=_headers(t1)).json()
        moved = httpx.post(f"{a.url}/api/tables/{table['id']}/actions", headers=_headers(t1),
                           json={"key": frame["actions"][0]["key"], "version": 0})
        assert moved.status_code == 200, moved.text
        pushed = await watcher.frame(timeout=10)                       # through Redis
        await watcher.close()
        return first, pushed
    first, pushed = asyncio.run(scenario())
    assert first["version"] == 0 and pushed["version"] == 1 and pushed["seat"] == 0
    assert pushed["acting"] == [0]
    # The database decides a race between the two processes.
    for _ in range(4):
        table = create(a.url, "notre-dame", ["human", "human"])
        t0, t1 = (s["token"] for s in table["seats"])
        keys = [httpx.get(f"{a.url}/api/tables/{table['id']}", headers=_headers(t)).json()["actions"][0]["key"]
                for t in (t0, t1)]

        async def race():
            async with httpx.AsyncClient() as client:
                return await asyncio.gather(*(
                    client.post(f"{server.url}/api/tables/{table['id']}/actions", headers=_headers(t),
                                json={"key": k, "version": 0})
                    for server, t, k in ((a, t0, keys[0]), (b, t1, keys[1]))))
        statuses = sorted(r.status_code for r in asyncio.run(race()))
        assert statuses == [200, 409]
        versions = {httpx.get(f"{s.url}/api/tables/{table['id']}").json()["version"] for s in (a, b)}
        assert versions == {1}


def _same_on_sqlite_without_redis(start_server, database):
    """One process on SQLite: the same push reaches a client of the same process."""
    a = start_server(database)
    table = create(a.url, "notre-dame", ["human", "human"])
    t0, t1 = (s["token"] for s in table["seats"])

    async def scenario():
        watcher = await SeatClient(a.url, table["id"], t0, 0).open()
        await watcher.frame()
        frame = httpx.get(f"{a.url}/api/tables/{table['id']}", headers=_headers(t1)).json()
        httpx.post(f"{a.url}/api/tables/{table['id']}/actions", headers=_headers(t1),
                   json={"key": frame["actions"][0]["key"], "version": 0})
        pushed = await watcher.frame(timeout=10)
        await watcher.close()
        return pushed
    assert asyncio.run(scenario())["version"] == 1


def test_a_restart_rebuilds_from_a_snapshot_and_the_entries_after_it(start_server, database):
    server = start_server(database)
    table = create(server.url, "notre-dame", ["human", "human"])
    tokens = [s["token"] for s in table["seats"]]
    rng = random.Random(2)
    undone = False
    with httpx.Client(base_url=server.url) as client:
        while True:
            frames = [client.get(f"/api/tables/{table['id']}", headers=_headers(t)).json() for t in tokens]
            if frames[0]["version"] >= 120 or frames[0]["finished"]:
                break
            seat = next(s for s in (0, 1) if frames[s]["actions"])
            if frames[seat]["can_undo"] and not undone and frames[0]["version"] > 60:
                answer = client.post(f"/api/tables/{table['id']}/undo", headers=_headers(tokens[seat]),
                                     json={"version": frames[seat]["version"]})
                undone = True
            else:
                answer = client.post(f"/api/tables/{table['id']}/actions", headers=_headers(tokens[seat]),
                                     json={"key": rng.choice(frames[seat]["actions"])["key"],
                                           "version": frames[seat]["version"]})
            assert answer.status_code == 200, answer.text
    assert undone
    server.stop()
    store = Store(database)
    with store.engine.connect() as c:
        snapshots = [r.seq for r in c.exec_driver_sql(
            f"SELECT seq FROM snapshots WHERE table_id = '{table['id']}' ORDER BY seq")]
    store.engine.dispose()
    assert snapshots == [50, 100]
    again = start_server(database)
    with httpx.Client(base_url=again.url) as client:
        for token, before in zip(tokens, frames):
            after = client.get(f"/api/tables/{table['id']}", headers=_headers(token)).json()
            for field in ("version", "view", "actions", "acting", "events", "can_undo"):
                assert after[field] == before[field], field


def test_a_snapshot_that_no_longer_loads_is_skipped_and_the_whole_log_replayed(start_server, database):
    # e.g. written by a release whose frames a later one refuses to load (a Messina frame was so
    # until the fix of its declared arguments): the table must still open, from its log
    server = start_server(database)
    table = create(server.url, "notre-dame", ["human", "human"])
    tokens = [s["token"] for s in table["seats"]]
    rng = random.Random(3)
    with httpx.Client(base_url=server.url) as client:
        while True:
            frames = [client.get(f"/api/tables/{table['id']}", headers=_headers(t)).json() for t in tokens]
            if frames[0]["version"] >= 55:
                break
            seat = next(s for s in (0, 1) if frames[s]["actions"])
            answer = client.post(f"/api/tables/{table['id']}/actions", headers=_headers(tokens[seat]),
                                 json={"key": rng.choice(frames[seat]["actions"])["key"],
                                       "version": frames[seat]["version"]})
            assert answer.status_code == 200, answer.text
    server.stop()
    store = Store(database)
    with store.engine.begin() as c:
        damaged = c.execute(update(SNAPSHOTS).where(SNAPSHOTS.c.table_id == table["id"]).values(
            state=json.dumps({"players": 2, "seed": 1, "options": {}, "state": {"stack": "damaged"}})))
        assert damaged.rowcount == 1                   # the snapshot at 50
    store.engine.dispose()
    again = start_server(database)
    with httpx.Client(base_url=again.url) as client:
        for token, before in zip(tokens, frames):
            answer = client.get(f"/api/tables/{table['id']}", headers=_headers(token))
            assert answer.status_code == 200, answer.text
            for field in ("version", "view", "actions", "acting", "events", "can_undo"):
                assert answer.json()[field] == before[field], field
    assert f"table {table['id']}: its snapshot at 50 does not load" in again.log()


def test_the_migrations_build_exactly_the_schema_the_code_uses(database):
    store = Store(database)
    store.migrate()
    store.migrate()                                    # a second start changes nothing
    with store.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), METADATA)
    store.engine.dispose()
    assert diff == []


def test_a_group_commit_keeps_the_others_when_one_entry_number_is_taken(database):
    from ludoteka.server.store import Entry
    store = Store(database)
    store.migrate()
    for table_id in ("a", "b"):
        store.create_table({"id": table_id, "game": "kingsburg", "players": 2, "options": "{}", "seed": 1,
                            "seats": '["human", "human"]', "turn_seconds": None, "created": 0.0,
                            "updated": 0.0, "seq": 0, "finished": False, "deadline": None,
                            "free_seats": 0}, {0: "x", 1: "y"})
    first = [("a", Entry(1, 0, "act", "k1", "seat"), False, None, None),
             ("b", Entry(1, 1, "act", "k2", "seat"), False, None, None)]
    assert store.append_many(first) == [True, True]
    second = [("a", Entry(1, 1, "act", "other", "seat"), False, None, None),     # taken
              ("b", Entry(2, 0, "act", "k3", "seat"), True, None, "{}")]
    assert store.append_many(second) == [False, True]
    assert [(e.seq, e.key) for e in store.all_entries("a")] == [(1, "k1")]
    assert [(e.seq, e.key) for e in store.all_entries("b")] == [(1, "k2"), (2, "k3")]
    store.engine.dispose()
