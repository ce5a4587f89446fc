"""What a server must never do: lose an acknowledged move (kill -9), apply two moves made against
one version, leave a table stuck; and what it must do: reconnects, undo, timers, AI-only tables."""
from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import time

import httpx
import pytest

from ludoteka.server.store import Store
from server_kit import SeatClient, create, play_randomly


def _get(url: str, table: str, token: str | None = None, **params) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{url}/api/tables/{table}", headers=headers, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _post(url: str, table: str, token: str, what: str = "actions", **body) -> httpx.Response:
    return httpx.post(f"{url}/api/tables/{table}/{what}", json=body, headers={"Authorization": f"Bearer {token}"})


def _wait_for_turn(url: str, table: str, token: str) -> dict:
    """The seat's frame once it has a decision (AI seats may still be thinking)."""
    deadline = time.time() + 30
    while not (frame := _get(url, table, token))["actions"] and time.time() < deadline:
        time.sleep(0.05)
    assert frame["actions"], "the seat never got a decision"
    return frame


def test_a_reconnecting_client_gets_what_it_missed_and_only_its_own_seat(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "ai:random", "ai:random"])
    token = table["seats"][0]["token"]
    client = SeatClient(server.url, table["id"], token, 0)
    rng = random.Random(3)

    async def online(until):
        await client.open()
        frame = await play_randomly(client, rng, until_version=until)
        await client.close()
        return frame
    seen = asyncio.run(online(10))["version"]
    for _ in range(5):                      # meanwhile the seat plays on from another device
        frame = _wait_for_turn(server.url, table["id"], token)
        assert _post(server.url, table["id"], token, key=rng.choice(frame["actions"])["key"],
                     version=frame["version"]).status_code == 200
    _wait_for_turn(server.url, table["id"], token)          # the AI seats are done: nothing moves
    kept = list(client.events)

    async def back():
        await client.open()                 # the hello carries the last version it saw
        return await client.frame()
    frame = asyncio.run(back())
    assert frame["version"] > seen and not frame["events_reset"] and frame["seat"] == 0
    expected = _get(server.url, table["id"], token)
    assert frame["view"] == expected["view"]
    assert frame["events"] and client.events == kept + frame["events"] == expected["events"]
    assert _get(server.url, table["id"], token, since=seen)["events"] == frame["events"]


def test_undo_restores_the_state_and_is_an_entry_of_the_log(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "notre-dame", ["human", "human"])
    t0, t1 = (s["token"] for s in table["seats"])
    before = _get(server.url, table["id"], t0)
    key = before["actions"][0]["key"]
    assert _post(server.url, table["id"], t0, key=key, version=0).status_code == 200
    moved = _get(server.url, table["id"], t0)
    assert moved["version"] == 1 and moved["can_undo"] and moved["view"] != before["view"]
    undone = _post(server.url, table["id"], t0, "undo", version=1)
    assert undone.status_code == 200, undone.text
    after = undone.json()
    assert after["version"] == 2 and after["view"] == before["view"] and after["actions"] == before["actions"]
    assert after["last"] == {"version": 2, "seat": 0, "kind": "undo", "by": "seat"}
    # Seat 1 acts; now seat 0 may not take back anything.
    assert _post(server.url, table["id"], t0, key=key, version=2).status_code == 200
    other = _get(server.url, table["id"], t1)
    assert _post(server.url, table["id"], t1, key=other["actions"][0]["key"], version=3).status_code == 200
    refused = _post(server.url, table["id"], t0, "undo", version=4)
    assert refused.status_code == 409 and "cannot undo" in refused.json()["error"]


def test_a_turn_timer_lets_the_default_ai_decide_and_tells_the_table(start_server, sqlite_url):
    server = start_server(sqlite_url, "--min-turn-seconds", "1")
    table = create(server.url, "kingsburg", ["human", "human"], turn_seconds=1)
    first = _get(server.url, table["id"])
    assert first["clock"]["turn_seconds"] == 1 and first["clock"]["deadline"] > first["clock"]["now"]
    deadline = time.time() + 20
    while time.time() < deadline:
        frame = _get(server.url, table["id"])
        if frame["version"] >= 1:
            break
        time.sleep(0.2)
    assert frame["version"] >= 1 and frame["last"]["by"] == "timeout"
    assert time.time() - first["clock"]["now"] >= 1.0


def test_a_table_of_ai_seats_plays_to_the_end_on_its_own(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["ai:random", "ai:easy", "ai:random"])
    deadline = time.time() + 60
    while time.time() < deadline and not (frame := _get(server.url, table["id"]))["finished"]:
        time.sleep(0.2)
    assert frame["finished"] and len(frame["scores"]) == 3 and frame["breakdown"]


def test_two_moves_against_one_version_one_applies_the_other_gets_409(start_server, database):
    server = start_server(database)

    async def race(table):
        t0, t1 = (s["token"] for s in table["seats"])
        async with httpx.AsyncClient(base_url=server.url) as client:
            frames = [(await client.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {t}"})).json()
                      for t in (t0, t1)]
            answers = await asyncio.gather(*(
                client.post(f"/api/tables/{table['id']}/actions", headers={"Authorization": f"Bearer {t}"},
                            json={"key": f["actions"][0]["key"], "version": 0})
                for t, f in zip((t0, t1), frames)))
        return sorted(a.status_code for a in answers)
    for _ in range(6):
        table = create(server.url, "notre-dame", ["human", "human"])   # both draft at once
        assert asyncio.run(race(table)) == [200, 409]
        assert _get(server.url, table["id"])["version"] == 1


def test_after_kill_9_every_acknowledged_move_is_there(start_server, database):
    server = start_server(database)
    tables = [create(server.url, "notre-dame", ["human", "human", "human"]) for _ in range(4)]
    acked: list[tuple[str, int, int, str]] = []

    async def player(table, rng):
        tokens = [s["token"] for s in table["seats"]]
        async with httpx.AsyncClient(base_url=server.url, timeout=5) as client:
            while True:
                seat = rng.randrange(len(tokens))
                headers = {"Authorization": f"Bearer {tokens[seat]}"}
                frame = (await client.get(f"/api/tables/{table['id']}", headers=headers)).json()
                if frame["finished"]:
                    return
                if not frame["actions"]:
                    continue
                key = rng.choice(frame["actions"])["key"]
                answer = await client.post(f"/api/tables/{table['id']}/actions", headers=headers,
                                           json={"key": key, "version": frame["version"]})
                if answer.status_code == 200:
                    acked.append((table["id"], frame["version"] + 1, seat, key))

    async def scenario():
        rng = random.Random(5)
        tasks = [asyncio.create_task(player(t, random.Random(rng.random()))) for t in tables]
        await asyncio.sleep(1.5 + rng.random())
        server.kill()                                  # mid-flight, no shutdown
        await asyncio.gather(*tasks, return_exceptions=True)
    asyncio.run(scenario())
    assert len(acked) > 20
    store = Store(database)
    logged = {t["id"]: {e.seq: e for e in store.all_entries(t["id"])} for t in tables}
    store.engine.dispose()
    for table_id, version, seat, key in acked:
        entry = logged[table_id][version]
        assert (entry.seat, entry.key) == (seat, key)
    restarted = start_server(database)
    for table in tables:
        frame = _get(restarted.url, table["id"], table["seats"][0]["token"])
        assert frame["version"] == max(logged[table["id"]])
    # The tables play on after the restart.
    t = tables[0]
    for seat in t["seats"]:
        frame = _get(restarted.url, t["id"], seat["token"])
        if frame["actions"]:
            answer = _post(restarted.url, t["id"], seat["token"], key=frame["actions"][0]["key"],
                           version=frame["version"])
            assert answer.status_code == 200, answer.text
            break
    else:
        pytest.fail("no seat could act after the restart")


def test_a_hotseat_token_plays_its_seats_naming_each(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "notre-dame", ["hotseat", "hotseat", "ai:random"])
    token = table["seats"][0]["token"]
    assert table["seats"][1]["token"] == token and "token" not in table["seats"][2]
    unnamed = httpx.get(f"{server.url}/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"})
    assert unnamed.status_code == 422 and "say which with 'seat'" in unnamed.json()["error"]
    views = {seat: _get(server.url, table["id"], token, seat=seat) for seat in (0, 1)}
    assert views[0]["seat"] == 0 and views[1]["seat"] == 1 and views[0]["view"] != views[1]["view"]
    refused = httpx.get(f"{server.url}/api/tables/{table['id']}", params={"seat": 2},
                        headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 403
    seat = 0 if views[0]["actions"] else 1
    answer = _post(server.url, table["id"], token, key=views[seat]["actions"][0]["key"],
                   version=views[seat]["version"], seat=seat)
    assert answer.status_code == 200 and answer.json()["seat"] == seat


def test_an_open_seat_is_listed_until_someone_claims_it(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "open"])
    listed = httpx.get(f"{server.url}/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]] and listed[0]["free_seats"] == 1
    claimed = httpx.post(f"{server.url}/api/tables/{table['id']}/join")
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert _get(server.url, table["id"], claimed.json()["token"])["seat"] == 1
    assert httpx.get(f"{server.url}/api/tables").json()["tables"] == []
    again = httpx.post(f"{server.url}/api/tables/{table['id']}/join")
    assert again.status_code == 409 and "no free open seat" in again.json()["error"]


def test_a_refused_undo_never_names_another_seats_hidden_pick(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "notre-dame", ["human", "human", "human"])     # the draft: picks are hidden
    tokens = [s["token"] for s in table["seats"]]
    frame = _get(server.url, table["id"], tokens[1])
    picked = frame["actions"][0]["key"]
    assert _post(server.url, table["id"], tokens[1], key=picked, version=0).status_code == 200
    refused = _post(server.url, table["id"], tokens[2], "undo", version=1)
    assert refused.status_code == 409 and "seat 1's" in refused.json()["error"]
    assert picked not in refused.text and picked.split(":")[1] not in refused.text


def test_ai_seats_go_on_after_their_worker_process_is_killed(start_server, sqlite_url):
    server = start_server(sqlite_url, "--ai-delay", "0.02")
    table = create(server.url, "kingsburg", ["ai:random", "ai:random", "ai:random"])
    deadline = time.time() + 10
    while _get(server.url, table["id"])["version"] < 5 and time.time() < deadline:
        time.sleep(0.05)
    children = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True, text=True).stdout.split()
    assert children, "the AI worker process was not found"
    for pid in children:
        os.kill(int(pid), signal.SIGKILL)
    deadline = time.time() + 90
    while time.time() < deadline and not (frame := _get(server.url, table["id"]))["finished"]:
        time.sleep(0.2)
    assert frame["finished"], f"stuck at version {frame['version']}"
    assert "trying again" in server.log()

