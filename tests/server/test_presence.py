"""What a seat list shows of each seat (issue 23 §2, §3): an AI seat's level, never needing its
agent spec, and who is connected, thinking or away, sent again when a seat's socket opens or
closes; the lobby's summaries of "My tables" and its finished games."""
from __future__ import annotations

import asyncio
import time

import httpx

from server_kit import SeatClient, create


def _presence(frame: dict) -> list[str]:
    """The presence of the people's seats (the AI seat is thinking throughout)."""
    return [s["presence"] for s in frame["seats"] if s["kind"] != "ai"]


def test_seats_carry_their_level_and_presence(start_server, sqlite_url):
    server = start_server(sqlite_url, "--ai-delay", "60")     # the AI seat waits: no move meanwhile
    made = create(server.url, "notre-dame", ["human", "human", "ai:hard", "open"])
    table, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
    frame = httpx.get(f"{server.url}/api/tables/{table}").json()
    # notre-dame tunes its hard level (a spec of its own): still named "hard"
    assert [s.get("level") for s in frame["seats"]] == [None, None, "hard", None]
    assert set(frame["acting"]) == {0, 1, 2, 3}           # the draft: everybody picks at once
    assert _presence(frame) == ["away", "away", "open"] and frame["seats"][2]["presence"] == "thinking"

    async def watch() -> None:
        spectator = await SeatClient(server.url, table, None).open()
        assert _presence(await spectator.frame()) == ["away", "away", "open"]
        first = await SeatClient(server.url, table, tokens[0]).open()
        assert _presence(await spectator.frame()) == ["thinking", "away", "open"]
        second = await SeatClient(server.url, table, tokens[1]).open()
        assert _presence(await spectator.frame()) == ["thinking", "thinking", "open"]
        await first.close()
        news = await spectator.frame()
        assert _presence(news) == ["away", "thinking", "open"]
        assert news["events"] == [] and not news["events_reset"]     # nothing new to tell but that
        await second.close()
        await spectator.close()
    asyncio.run(watch())


def test_the_lobby_shows_levels_whose_turn_and_who_won(start_server, sqlite_url):
    server = start_server(sqlite_url)
    live = create(server.url, "kingsburg", ["human", "ai:medium"])["id"]
    done = create(server.url, "kingsburg", ["ai:random", "ai:easy"])["id"]
    started = time.time()
    while not (final := httpx.get(f"{server.url}/api/tables/{done}").json())["finished"]:
        assert time.time() - started < 60, "the AI table did not finish"
        time.sleep(0.2)
    listed = httpx.get(f"{server.url}/api/tables", params={"finished": 1}).json()["tables"]
    row = next(r for r in listed if r["id"] == done)
    assert row["seat_kinds"] == [{"kind": "ai", "level": None}, {"kind": "ai", "level": "easy"}]
    assert row["result"] == {"winners": final["winners"], "scores": final["scores"],
                             "names": [s["name"] for s in final["seats"]]}

    mine = httpx.get(f"{server.url}/api/tables", params={"ids": f"{live},{done},unknown"}).json()["tables"]
    assert [t["id"] for t in mine] == [live, done, "unknown"]
    assert mine[0]["acting"] == [0] and not mine[0]["finished"] and mine[0]["result"] is None
    assert [s.get("level") for s in mine[0]["seats"]] == [None, "medium"]
    assert mine[1]["finished"] and mine[1]["acting"] == [] and mine[1]["result"] == row["result"]
    assert mine[2] == {"id": "unknown", "missing": True}
    too_many = httpx.get(f"{server.url}/api/tables", params={"ids": ",".join(map(str, range(51)))})
    assert too_many.status_code == 422 and "at most 50" in too_many.json()["error"]
