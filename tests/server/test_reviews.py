"""Reviews of finished games on the server (issue 26 §2): computed in the background after the
game for each human seat, with progress, the same as `ludoteka review` of the record, each
mistake with the replay version that shows it, and kept in the database across a restart."""
from __future__ import annotations

import random
import time

import httpx

from ludoteka.ai import review
from server_kit import create, replay_log

BUDGET = 3


def play_to_the_end(url: str, table: str, token: str, seed: int = 4) -> None:
    """Random legal moves for the only seat, one decision taken back on the way."""
    rng, headers, undone = random.Random(seed), {"Authorization": f"Bearer {token}"}, False
    while True:
        frame = httpx.get(f"{url}/api/tables/{table}", headers=headers).json()
        if frame["finished"]:
            return
        if not undone and frame["version"] >= 6 and frame["can_undo"]:
            answer = httpx.post(f"{url}/api/tables/{table}/undo", headers=headers, json={"version": frame["version"]})
            assert answer.status_code == 200, answer.text
            undone = True
            continue
        key = rng.choice(frame["actions"])["key"]
        answer = httpx.post(f"{url}/api/tables/{table}/actions", headers=headers,
                            json={"key": key, "version": frame["version"]})
        assert answer.status_code == 200, answer.text


def wait_review(url: str, table: str, seat: int, token: str, seconds: float = 240) -> tuple[dict, list[dict]]:
    seen, deadline = [], time.time() + seconds
    while time.time() < deadline:
        answer = httpx.get(f"{url}/api/tables/{table}/review", params={"seat": seat},
                           headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        if data["status"] == "done":
            return data["review"], seen
        seen.append(data)
        time.sleep(0.3)
    raise AssertionError(f"no review in {seconds} s: {seen[-3:]}")


def test_a_finished_game_is_reviewed_in_the_background_and_kept(start_server, sqlite_url):
    server = start_server(sqlite_url, "--review-budget", str(BUDGET))
    created = create(server.url, "messina-1347", ["human"])
    table, token = created["id"], created["seats"][0]["token"]
    early = httpx.get(f"{server.url}/api/tables/{table}/review", params={"seat": 0})
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    play_to_the_end(server.url, table, token)
    result, seen = wait_review(server.url, table, 0, token)
    # Progress while it ran: queued or running, decision i of n.
    assert seen and all(s["status"] in ("queued", "running") for s in seen)
    running = [s for s in seen if s["status"] == "running"]
    assert running and all(0 <= s["done"] <= s["total"] for s in running)
    # The same as the library's (and the terminal's) review of the record, plus the versions.
    headers = {"Authorization": f"Bearer {token}"}
    record = httpx.get(f"{server.url}/api/tables/{table}/record", headers=headers).json()
    expected = review(record, 0, budget=BUDGET, seed=0).to_json()
    assert [s["total"] for s in running][-1] == expected["decisions"]
    versions = [m.pop("version") for m in result["mistakes"]]
    assert result == expected and result["mistakes"]
    states, entries = replay_log(server.url, table, token)
    assert any(e["kind"] == "undo" for e in entries)
    for version, mistake in zip(versions, expected["mistakes"]):
        state = states[version]                   # the replay at that version shows the decision
        assert len(state.history()) == mistake["index"]
        assert [k for _, k, _ in state.history()] == record["actions"][:mistake["index"]]
        assert mistake["chosen"]["key"] in state.legal_keys(0)
    # A solo game is private: its review, like its record and replay, needs the seat's token.
    anonymous = httpx.get(f"{server.url}/api/tables/{table}/review", params={"seat": 0})
    assert anonymous.status_code == 403 and "private" in anonymous.json()["error"]
    # Kept with the table: a restarted server (reviews now off) answers at once from the database.
    server.stop()
    again = start_server(sqlite_url, "--review-budget", "0")
    answer = httpx.get(f"{again.url}/api/tables/{table}/review", params={"seat": 0}, headers=headers).json()
    assert answer["status"] == "done"
    assert [m.pop("version") for m in answer["review"]["mistakes"]] == versions
    assert answer["review"] == expected


def test_a_review_is_refused_for_a_seat_without_one(start_server, sqlite_url):
    server = start_server(sqlite_url, "--review-budget", "0")
    created = create(server.url, "messina-1347", ["human"])
    table = created["id"]
    token = created["seats"][0]["token"]
    play_to_the_end(server.url, table, token)
    for params, status, words in (({}, 422, "'seat' is needed"), ({"seat": 1}, 422, "between 0 and 0"),
                                  ({"seat": 0}, 404, "reviews are off on this server")):
        answer = httpx.get(f"{server.url}/api/tables/{table}/review", params=params,
                           headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    ai = create(server.url, "kingsburg", ["ai:random", "ai:random"])["id"]
    deadline = time.time() + 60
    while not httpx.get(f"{server.url}/api/tables/{ai}").json()["finished"]:
        assert time.time() < deadline
        time.sleep(0.2)
    answer = httpx.get(f"{server.url}/api/tables/{ai}/review", params={"seat": 1})
    assert answer.status_code == 422 and "played by the AI" in answer.json()["error"]
    assert httpx.get(f"{server.url}/api/tables/nope/review", params={"seat": 0}).status_code == 404
