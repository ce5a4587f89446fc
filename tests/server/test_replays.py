"""The replay of a finished game: any version's frame, rebuilt from the log, as the spectator or
any seat sees it; refused before the end and for versions or seats that do not exist."""
from __future__ import annotations

import json
import time

import httpx

from server_kit import create, replay_log


def _wait_finished(url: str, table: str, seconds: float = 120) -> dict:
    deadline = time.time() + seconds
    while time.time() < deadline:
        frame = httpx.get(f"{url}/api/tables/{table}").json()
        if frame["finished"]:
            return frame
        time.sleep(0.2)
    raise AssertionError("the AI table did not finish")


def test_a_finished_game_replays_every_version(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["ai:easy", "ai:easy"])["id"]
    final = _wait_finished(server.url, table)
    states, _ = replay_log(server.url, table)
    for version in (0, 1, final["version"] // 2, final["version"]):
        for seat in (None, 0, 1):
            query = {"version": version} if seat is None else {"version": version, "seat": seat}
            frame = httpx.get(f"{server.url}/api/tables/{table}/replay", params=query).json()
            state = states[version]
            assert frame["replay"] == {"version": version, "versions": final["version"]}
            assert frame["view"] == json.loads(json.dumps(state.view(seat)))
            assert frame["events"] == json.loads(json.dumps(state.events(seat)))
            assert frame["actions"] == [] and frame["can_undo"] is False
    assert frame["finished"] and frame["scores"] == final["scores"]


def test_a_replay_is_refused_before_the_end_and_for_what_does_not_exist(start_server, sqlite_url):
    server = start_server(sqlite_url)
    live = create(server.url, "notre-dame", ["human", "ai:easy"])["id"]
    answer = httpx.get(f"{server.url}/api/tables/{live}/replay", params={"version": 0})
    assert answer.status_code == 409 and "over" in answer.json()["error"]
    done = create(server.url, "kingsburg", ["ai:easy", "ai:easy"])["id"]
    final = _wait_finished(server.url, done)
    for query, words in (({"version": final["version"] + 1}, "between"), ({"version": "x"}, "version"),
                         ({}, "version"), ({"version": 0, "seat": 5}, "seat")):
        answer = httpx.get(f"{server.url}/api/tables/{done}/replay", params=query)
        assert answer.status_code == 422 and words in answer.json()["error"], (query, answer.text)
    assert httpx.get(f"{server.url}/api/tables/nope/replay", params={"version": 0}).status_code == 404
