"""Nothing a client sends can exhaust the server (issue 24): AI seats take levels only, every AI
decision has the operator's time cap, and quotas bound what one address may open."""
from __future__ import annotations

import time

import httpx

from server_kit import create

SPECS = ["ai:ismcts:seconds=3600", "ai:ismcts_parallel:workers=64,seconds=3600", "ai:random"]


def test_ai_seats_take_levels_only_unless_the_operator_allows_specs(start_server, sqlite_url):
    server = start_server(sqlite_url, specs=False)
    for spec in SPECS:
        answer = httpx.post(server.url + "/api/tables", json={"game": "kingsburg", "players": 2,
                                                               "seats": ["human", spec]})
        assert answer.status_code == 400, answer.text
        assert "easy, medium, hard" in answer.json()["error"], answer.text
    # The game's own levels and the standard ones stay open, whatever the case.
    table = create(server.url, "notre-dame", ["human", "ai:HARD", "ai:easy", "ai"])
    assert [s["kind"] for s in table["seats"]] == ["human", "ai", "ai", "ai"]


def test_the_operator_may_allow_agent_specs(start_server, sqlite_url):
    server = start_server(sqlite_url, "--allow-agent-specs", specs=False)
    table = create(server.url, "kingsburg", ["human", "ai:ismcts:iterations=20"])
    assert table["seats"][1]["agent"] == "ismcts:iterations=20"


def test_every_ai_decision_thinks_at_most_the_operators_cap(start_server, sqlite_url):
    # A spec asking for ten million iterations and no time budget would think for minutes: the
    # cap (0.2 s) cuts every decision, so a whole round of AI moves comes quickly.
    server = start_server(sqlite_url, "--ai-seconds", "0.2")
    table = create(server.url, "kingsburg", ["ai:ismcts:iterations=10000000", "ai:ismcts:iterations=10000000"])
    started = time.time()
    while time.time() - started < 20:
        frame = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        if frame["version"] >= 6:
            break
        time.sleep(0.1)
    assert frame["version"] >= 6, f"only {frame['version']} AI moves in 20 s"
