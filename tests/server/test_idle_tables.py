"""Tables nobody plays (issue 24 §1): closed as abandoned after a time with no human move, and
out of memory while idle, rebuilt from the log when asked for again."""
from __future__ import annotations

import time
from pathlib import Path

import httpx
from sqlalchemy import insert, select

from ludoteka.server.store import TABLES, Entry, Store
from server_kit import create, eventually, schema_at


def _frame(url: str, table_id: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{url}/api/tables/{table_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _move(url: str, table_id: str, token: str) -> httpx.Response:
    frame = _frame(url, table_id, token)
    return httpx.post(f"{url}/api/tables/{table_id}/actions", headers={"Authorization": f"Bearer {token}"},
                      json={"key": frame["actions"][0]["key"], "version": frame["version"]})


def _open_tables(url: str) -> float:
    text = httpx.get(url + "/metrics").text
    return float(next(line.split()[1] for line in text.splitlines() if line.startswith("ludoteka_open_tables ")))


def test_a_table_with_no_human_move_is_closed_as_abandoned_and_stays_closed(start_server, sqlite_url):
    server = start_server(sqlite_url, "--abandon-after", "3")
    idle = create(server.url, "kingsburg", ["human", "human"], turn_seconds=60)
    played = create(server.url, "kingsburg", ["human", "human"])
    tokens = {s["seat"]: s["token"] for s in played["seats"]}
    started = time.time()
    while time.time() - started < 5:            # a human moves every half second at `played`
        frame = _frame(server.url, played["id"])
        assert _move(server.url, played["id"], tokens[frame["acting"][0]]).status_code == 200
        time.sleep(0.5)
    frame = _frame(server.url, idle["id"])
    assert frame["abandoned"] is not None and frame["clock"]["deadline"] is None
    assert _frame(server.url, played["id"])["abandoned"] is None
    keep = _frame(server.url, played["id"])     # `played` kept alive while the checks below run
    assert _move(server.url, played["id"], tokens[keep["acting"][0]]).status_code == 200
    token = {s["seat"]: s["token"] for s in idle["seats"]}[frame["acting"][0]]
    refused = _move(server.url, idle["id"], token)
    assert refused.status_code == 409 and "abandoned" in refused.json()["error"]
    record = httpx.get(f"{server.url}/api/tables/{idle['id']}/record", headers={"Authorization": f"Bearer {token}"})
    assert record.status_code == 200, record.text             # the log is kept: still readable
    # A last move keeps `played` alive up to the stop, however slow the checks above were.
    last = _frame(server.url, played["id"])
    assert _move(server.url, played["id"], tokens[last["acting"][0]]).status_code == 200
    server.stop()
    again = start_server(sqlite_url, "--abandon-after", "3600")
    assert "1 unfinished tables resumed" in again.log()        # `played` only, not the closed one
    assert _frame(again.url, idle["id"])["abandoned"] == frame["abandoned"]


def test_an_idle_table_leaves_memory_and_is_rebuilt_when_asked_for(start_server, sqlite_url):
    server = start_server(sqlite_url, "--idle-after", "0.5", "--max-open-tables", "1")
    table = create(server.url, "kingsburg", ["human", "human"])
    token = table["seats"][0]["token"]
    before = _frame(server.url, table["id"], token)
    assert _open_tables(server.url) == 1
    assert eventually(lambda: _open_tables(server.url) == 0)    # out of memory
    answer = httpx.post(server.url + "/api/tables", json={"game": "kingsburg", "players": 2,
                                                          "seats": ["human", "human"]})
    assert answer.status_code == 429                           # still counts in the quota
    after = _frame(server.url, table["id"], token)             # rebuilt from the log
    assert _open_tables(server.url) == 1
    for field in ("version", "view", "actions", "events", "seats"):
        assert after[field] == before[field], field


def test_the_abandoned_column_migrates_from_0002_with_the_tables_kept(database):
    store = Store(database)
    schema_at(store, "0002")
    with store.engine.begin() as c:
        for table_id, created in (("old", 1000.0), ("new", time.time())):
            c.execute(insert(TABLES).values(
                id=table_id, game="kingsburg", players=2, options="{}", seed=7, seats='["human","human"]',
                turn_seconds=None, created=created, updated=created, seq=0, finished=False, deadline=None,
                free_seats=0, revision=2))
    assert all(store.append_many([("new", Entry(1, 0, "act", "x", "seat"), False, None, None)]))
    store.migrate()
    with store.engine.connect() as c:
        assert {r.id: r.abandoned for r in c.execute(select(TABLES.c.id, TABLES.c.abandoned))} == {"old": None, "new": None}
    cutoff = time.time() - 3600
    assert store.abandoned_candidates(cutoff) == ["old"]
    assert store.abandon("new", cutoff) is None and store.abandon("old", cutoff) is not None
    assert store.unfinished() == ["new"]
    store.engine.dispose()
