"""What an operator's tools ask (issue 24 §4): liveness, readiness (the database and Redis answer)
and Prometheus metrics of moves, latency, tables, sockets, the AI and database commits."""
from __future__ import annotations

import asyncio
import json
import re
import signal
import time

import httpx

from server_kit import (REDIS, SeatClient, create, descendants, drop_postgres_database, end_processes, need,
                        new_postgres_database, start_time)


def _metric(text: str, name: str) -> float:
    """The value of one sample (`name` with its labels, as written) in an exposition text."""
    match = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert match, f"no sample {name}"
    return float(match.group(1))


def test_healthz_and_readyz_answer_when_all_is_well(start_server, sqlite_url):
    server = start_server(sqlite_url)
    assert httpx.get(server.url + "/healthz").json() == {"status": "ok"}
    ready = httpx.get(server.url + "/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "database": "ok"}


def test_readyz_names_a_database_that_went_away_and_healthz_stays_live(start_server):
    database = new_postgres_database()
    try:
        server = start_server(database, redis=need(REDIS, "LUDOTEKA_TEST_REDIS"))
        assert httpx.get(server.url + "/readyz").status_code == 200
    finally:
        drop_postgres_database(database)           # the database disappears under the server
    answer = httpx.get(server.url + "/readyz", timeout=30)
    assert answer.status_code == 503, answer.text
    assert answer.json() == {"status": "unavailable", "database": "unreachable", "redis": "ok"}
    assert database.rsplit("/", 1)[1] not in answer.text and "postgresql" not in answer.text
    assert httpx.get(server.url + "/healthz").status_code == 200


def test_metrics_count_moves_latency_tables_sockets_ai_and_commits(start_server, sqlite_url):
    server = start_server(sqlite_url)
    create(server.url, "kingsburg", ["human", "human"])
    table = create(server.url, "kingsburg", ["ai:easy", "ai:easy"])
    started = time.time()
    while httpx.get(f"{server.url}/api/tables/{table['id']}").json()["version"] < 5:
        assert time.time() - started < 30, "the AI seats did not move"
        time.sleep(0.1)

    async def scrape_with_a_socket() -> str:
        client = await SeatClient(server.url, table["id"], None).open()
        await client.frame()
        text = httpx.get(server.url + "/metrics").text
        await client.close()
        return text
    text = asyncio.run(scrape_with_a_socket())
    assert _metric(text, 'ludoteka_moves_total{by="ai"}') >= 5
    assert _metric(text, "ludoteka_move_seconds_count") >= 5
    assert _metric(text, "ludoteka_db_commit_seconds_count") >= 1
    assert _metric(text, "ludoteka_ai_think_seconds_count") >= 5
    assert _metric(text, "ludoteka_ai_queue") in (0, 1)
    assert _metric(text, "ludoteka_open_tables") in (1, 2)
    assert _metric(text, "ludoteka_sockets") == 1


def test_ai_workers_leave_with_a_killed_server(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["ai:easy", "ai:easy"])
    started = time.time()
    while httpx.get(f"{server.url}/api/tables/{table['id']}").json()["version"] < 1:
        assert time.time() - started < 30, "the AI seats did not move"
        time.sleep(0.1)
    workers = descendants(server.proc.pid)
    assert workers, "no AI worker process"
    server.proc.send_signal(signal.SIGKILL)         # kill -9, and nobody ends the workers
    server.proc.wait()
    deadline = time.time() + 10
    while any(start_time(pid) == when for pid, when in workers) and time.time() < deadline:
        time.sleep(0.2)
    left = [pid for pid, when in workers if start_time(pid) == when]
    end_processes(workers)
    assert not left, f"AI workers outlived the server: {left}"


def test_the_access_log_may_be_json_lines_without_tokens(start_server, sqlite_url):
    server = start_server(sqlite_url, "--access-log", "json")
    table = create(server.url, "kingsburg", ["human", "human"])
    token = table["seats"][0]["token"]
    httpx.get(f"{server.url}/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"})
    httpx.get(f"{server.url}/api/tables/nope")
    time.sleep(0.3)
    lines = [json.loads(line) for line in server.log().splitlines() if line.startswith("{")]
    seen = {(line["method"], line["path"], line["status"]) for line in lines}
    assert {("POST", "/api/tables", 201), ("GET", f"/api/tables/{table['id']}", 200),
            ("GET", "/api/tables/nope", 404)} <= seen, seen
    assert all(set(line) == {"time", "client", "method", "path", "status", "bytes", "ms"} for line in lines)
    assert token not in server.log() and '"GET /api/tables' not in server.log()   # no text lines too
