"""A private (invite-only) game stays private when finished: its record, log and replay need a
seat token or the share link a seat makes; an open game's stay public (issue 24 §3)."""
from __future__ import annotations

import asyncio
import random

import httpx

from server_kit import SeatClient, create, play_randomly

READS = ("record", "log", "replay?version=0")


async def _play(url: str, table: dict) -> None:
    client = await SeatClient(url, table["id"], table["seats"][0]["token"], 0).open()
    await play_randomly(client, random.Random(3))
    await client.close()


def _reads(url: str, table_id: str, token: str | None = None) -> list[int]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return [httpx.get(f"{url}/api/tables/{table_id}/{what}", headers=headers).status_code for what in READS]


def test_a_finished_private_game_needs_a_seat_token_or_its_share_link_an_open_one_not(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "ai:random"])
    asyncio.run(_play(server.url, table))
    tid, token = table["id"], table["seats"][0]["token"]
    assert _reads(server.url, tid) == [403, 403, 403]
    refused = httpx.get(f"{server.url}/api/tables/{tid}/record").json()["error"]
    assert "private" in refused and "share" in refused
    assert _reads(server.url, tid, "not-a-token") == [403, 403, 403]
    assert _reads(server.url, tid, token) == [200, 200, 200]
    # A seat makes a share link; whoever holds it reads the game, and nothing else does.
    assert httpx.post(f"{server.url}/api/tables/{tid}/share").status_code == 403
    shared = httpx.post(f"{server.url}/api/tables/{tid}/share", headers={"Authorization": f"Bearer {token}"})
    assert shared.status_code == 200, shared.text
    link = shared.json()
    assert link["replay_url"].endswith(f"/replay/{tid}#{link['share']}") and link["share"] != token
    assert _reads(server.url, tid, link["share"]) == [200, 200, 200]
    # The lobby does not list it among the finished games either.
    finished = httpx.get(f"{server.url}/api/tables", params={"finished": 1}).json()["tables"]
    assert tid not in [t["id"] for t in finished]
    # An open game (a seat anyone could claim) stays public.
    _open_game_stays_public(server)
    # The share link survives a restart (it is made from the record key, stored nowhere).
    server.stop()
    again = start_server(sqlite_url)
    assert _reads(again.url, tid, link["share"]) == [200, 200, 200]


def _open_game_stays_public(server) -> None:
    table = create(server.url, "kingsburg", ["human", "open"])
    claimed = httpx.post(f"{server.url}/api/tables/{table['id']}/join").json()

    async def both() -> None:
        first = await SeatClient(server.url, table["id"], table["seats"][0]["token"], 0).open()
        second = await SeatClient(server.url, table["id"], claimed["token"], 1).open()
        await asyncio.gather(play_randomly(first, random.Random(1)), play_randomly(second, random.Random(2)))
        await first.close()
        await second.close()
    asyncio.run(both())
    assert _reads(server.url, table["id"]) == [200, 200, 200]
    finished = httpx.get(f"{server.url}/api/tables", params={"finished": 1}).json()["tables"]
    assert table["id"] in [t["id"] for t in finished]
