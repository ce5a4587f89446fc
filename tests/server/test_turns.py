"""Turn-based tables (issue 25 §2), on SQLite and PostgreSQL: the pace chosen at creation within
the operator's bounds, what happens at the limit, a pause all human seats agree to (stored in
the table's row: a restart keeps it), and the sweeper judging them by their own limit."""
from __future__ import annotations

import asyncio
import time

import httpx

from server_kit import SeatClient, create, eventually

DAY = 86400.0


def _frame(url: str, table_id: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{url}/api/tables/{table_id}", headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _deadline(url: str, table_id: str) -> float:
    """The deadline once a human seat is to act (the AI seat may come first)."""
    for _ in range(100):
        deadline = _frame(url, table_id)["clock"]["deadline"]
        if deadline is not None:
            return deadline
        time.sleep(0.1)
    raise AssertionError("no human seat came to act")


def _open_tables(url: str) -> float:
    text = httpx.get(url + "/metrics", timeout=30).text
    return float(next(line.split()[1] for line in text.splitlines() if line.startswith("ludoteka_open_tables ")))


def _tokens(table: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}


def _pause(url: str, table_id: str, token: str, days: int | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"}
    if days is None:
        return httpx.delete(f"{url}/api/tables/{table_id}/pause", headers=headers, timeout=30)
    return httpx.post(f"{url}/api/tables/{table_id}/pause", headers=headers, json={"days": days}, timeout=30)


def test_a_turn_based_table_has_its_pace_and_the_operators_bounds(database, start_server):
    server = start_server(database, "--turn-max-days", "7")
    table = create(server.url, "notre-dame", ["human", "human"], turn_seconds=DAY, turn_based=True,
                   at_limit="forfeit")
    clock = _frame(server.url, table["id"])["clock"]
    assert clock["turn_based"] is True and clock["at_limit"] == "forfeit" and clock["paused"] is False
    assert clock["turn_seconds"] == DAY and abs(clock["deadline"] - (time.time() + DAY)) < 60
    realtime = create(server.url, "notre-dame", ["human", "human"], turn_seconds=60)
    clock = _frame(server.url, realtime["id"])["clock"]
    assert clock["turn_based"] is False and clock["at_limit"] == "ai"
    for extra, wanted in (({"turn_seconds": 600}, "'turn_seconds' from 3600"),          # under 1 h
                          ({"turn_seconds": 8 * DAY}, "to 604800 (7 days)"),               # over the bound
                          ({}, "needs 'turn_seconds'"),
                          ({"turn_seconds": DAY, "at_limit": "skip"}, "'at_limit' must be one of ai, forfeit"),
                          ({"turn_seconds": DAY, "turn_based": "yes"}, "'turn_based' must be true or false")):
        body = {"game": "notre-dame", "players": 2, "seats": ["human", "human"], "turn_based": True, **extra}
        answer = httpx.post(server.url + "/api/tables", json=body, timeout=30)
        assert answer.status_code == 422 and wanted in answer.json()["error"], (extra, answer.text)
    answer = httpx.post(server.url + "/api/tables", timeout=30, json={
        "game": "notre-dame", "players": 2, "seats": ["human", "human"], "turn_seconds": 60, "at_limit": "forfeit"})
    assert answer.status_code == 422 and "for turn-based tables" in answer.json()["error"]


def test_a_seat_that_lets_its_limit_pass_forfeits_when_the_table_says_so(sqlite_url, start_server):
    server = start_server(sqlite_url, "--turn-min-seconds", "1", "--min-turn-seconds", "1")
    forfeit = create(server.url, "kingsburg", ["human", "human"], turn_seconds=1.5, turn_based=True,
                     at_limit="forfeit")
    by_ai = create(server.url, "kingsburg", ["human", "human"], turn_seconds=1.5, turn_based=True)
    time.sleep(1.6)
    for _ in range(300):                   # (the AI's first decision starts its worker: slow on a busy machine)
        ended, played = _frame(server.url, forfeit["id"]), _frame(server.url, by_ai["id"])
        if ended["abandoned"] is not None and played["version"] >= 1:
            break
        time.sleep(0.1)
    assert ended["abandoned"] is not None and ended["version"] == 0 and ended["clock"]["deadline"] is None
    assert played["abandoned"] is None and played["version"] >= 1 and played["last"]["by"] == "timeout"


def test_a_pause_agreed_by_every_human_seat_stops_the_clock_until_a_seat_resumes(database, start_server):
    server = start_server(database)
    table = create(server.url, "kingsburg", ["human", "human", "ai:random"], turn_seconds=2 * DAY,
                   turn_based=True)
    tokens = _tokens(table)
    deadline = _deadline(server.url, table["id"])
    proposed = _pause(server.url, table["id"], tokens[0], 3)
    assert proposed.status_code == 200, proposed.text
    clock = proposed.json()["clock"]
    assert clock["paused"] is False and clock["pause"] == {"days": 3, "votes": [0]} and clock["deadline"] == deadline
    # Seat 1 wants 2 days: a new proposal, which seat 0 then agrees to: the clock stops.
    assert _pause(server.url, table["id"], tokens[1], 2).json()["clock"]["pause"] == {"days": 2, "votes": [1]}
    clock = _pause(server.url, table["id"], tokens[0], 2).json()["clock"]
    assert clock["paused"] is True and clock["deadline"] is None and clock["pause"]["votes"] == [0, 1]
    assert abs(clock["pause"]["until"] - (time.time() + 2 * DAY)) < 60
    assert abs(clock["pause"]["left"] - (deadline - time.time())) < 60
    # Stored in the table's row: a restarted server finds the table paused.
    server.stop()
    server.start()
    frame = _frame(server.url, table["id"], tokens[1])
    assert frame["clock"]["paused"] is True and frame["clock"]["deadline"] is None
    refused = _pause(server.url, table["id"], tokens[1], 1)
    assert refused.status_code == 409 and "paused already" in refused.json()["error"]
    # Any seat resumes: what was left of the limit counts on.
    resumed = _pause(server.url, table["id"], tokens[1])
    assert resumed.status_code == 200, resumed.text
    clock = resumed.json()["clock"]
    assert clock["paused"] is False and clock["pause"] is None and abs(clock["deadline"] - deadline) < 60
    assert _frame(server.url, table["id"])["clock"]["deadline"] == clock["deadline"]


def test_the_seats_open_pages_are_told_of_a_pause_and_of_the_longest_one_allowed(sqlite_url, start_server):
    # A pause changes the clock, not the version: the sockets send the new frame all the same,
    # and the clock says how many days a seat may propose (the page offers 1 to that).
    server = start_server(sqlite_url, "--max-pause-days", "5")
    table = create(server.url, "notre-dame", ["human", "human"], turn_seconds=DAY, turn_based=True)
    tokens = _tokens(table)

    async def watch() -> list[dict]:
        client = await SeatClient(server.url, table["id"], tokens[1], 1).open()
        first = await client.frame()
        assert first["clock"]["max_pause_days"] == 5 and first["clock"]["pause"] is None
        clocks = []
        for days in (2, 2, None):                         # proposed, agreed, ended
            await asyncio.to_thread(_pause, server.url, table["id"], tokens[0 if days is None else len(clocks)], days)
            clocks.append((await client.frame(timeout=10))["clock"])
        await client.close()
        return clocks

    proposed, agreed, ended = asyncio.run(watch())
    assert proposed["pause"] == {"days": 2, "votes": [0]} and proposed["paused"] is False
    assert agreed["paused"] is True and agreed["deadline"] is None
    assert ended["paused"] is False and ended["pause"] is None and ended["deadline"] is not None
    realtime = create(server.url, "notre-dame", ["human", "human"], turn_seconds=60)
    assert _frame(server.url, realtime["id"])["clock"]["max_pause_days"] is None


def test_a_pause_is_refused_where_it_has_no_place(database, start_server):
    server = start_server(database, "--max-pause-days", "5")
    realtime = create(server.url, "notre-dame", ["human", "human"], turn_seconds=60)
    answer = _pause(server.url, realtime["id"], _tokens(realtime)[0], 2)
    assert answer.status_code == 409 and "only a turn-based table" in answer.json()["error"]
    table = create(server.url, "notre-dame", ["human", "human"], turn_seconds=DAY, turn_based=True)
    for days in (0, 6, "2", True):
        answer = _pause(server.url, table["id"], _tokens(table)[0], days)
        assert answer.status_code == 422 and "from 1 to 5" in answer.json()["error"], answer.text
    assert _pause(server.url, table["id"], "not-a-token", 2).status_code == 403
    assert _frame(server.url, table["id"])["clock"]["pause"] is None          # nothing half-changed


def test_a_turn_based_table_is_judged_by_its_own_limit_not_the_real_time_one(sqlite_url, start_server):
    # Real-time tables are abandoned after 1.5 s without a human move; a turn-based one only
    # after three of its limits (here 1 h: not during the test), and it may leave memory while
    # its far-off timer waits (the metrics count it no longer), to come back when asked for.
    server = start_server(sqlite_url, "--abandon-after", "1.5", "--idle-after", "1")
    realtime = create(server.url, "kingsburg", ["human", "human"], turn_seconds=600)
    turns = create(server.url, "kingsburg", ["human", "human"], turn_seconds=3600, turn_based=True)
    assert eventually(lambda: _frame(server.url, realtime["id"])["abandoned"] is not None)
    assert eventually(lambda: _open_tables(server.url) == 0)         # the turn-based table left memory
    frame = _frame(server.url, turns["id"])
    assert frame["abandoned"] is None and abs(frame["clock"]["deadline"] - (time.time() + 3600)) < 60
    assert f"table {turns['id']} closed as abandoned" not in server.log()
