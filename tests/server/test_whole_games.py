"""Whole games through a real server: people on WebSockets, AI seats, a spectator; every frame
checked against the seat's view of the state at that version (nothing hidden leaks)."""
from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from server_kit import SeatClient, check_frames, create, play_randomly, replay_log


async def _play(url: str, game: str, seats: list[str], seed: int):
    table = create(url, game, seats)
    humans = [SeatClient(url, table["id"], s["token"], s["seat"]) for s in table["seats"] if "token" in s]
    spectator = SeatClient(url, table["id"], None)
    for client in humans + [spectator]:
        await client.open()
    rng = random.Random(seed)
    finals = await asyncio.gather(*(play_randomly(c, rng) for c in humans))
    final = await play_randomly(spectator, rng)
    for client in humans + [spectator]:
        await client.close()
    return table, humans, spectator, finals + [final]


@pytest.mark.parametrize("game,seats", [
    ("notre-dame", ["human", "ai:random", "human", "ai:greedy"]),
    ("kingsburg", ["human", "human", "ai:random"]),
])
def test_a_whole_game_with_two_people_ai_seats_and_a_spectator(start_server, sqlite_url, game, seats):
    server = start_server(sqlite_url)
    table, humans, spectator, finals = asyncio.run(_play(server.url, game, seats, 7))
    assert all(f["finished"] for f in finals)
    assert len({tuple(f["scores"]) for f in finals}) == 1 and len({f["version"] for f in finals}) == 1
    token = next(s["token"] for s in table["seats"] if "token" in s)     # a private game
    states, entries = replay_log(server.url, table["id"], token)
    assert {e["by"] for e in entries} == {"seat", "ai"}
    last = states[finals[0]["version"]]
    assert last.is_terminal() and last.scores() == finals[0]["scores"]
    checked = sum(check_frames(c, states) for c in humans + [spectator])
    assert checked > 50
    # The record downloads and replays with the kernel's checks.
    record = httpx.get(f"{server.url}/api/tables/{table['id']}/record",
                       headers={"Authorization": f"Bearer {token}"}).json()
    assert record["scores"] == finals[0]["scores"]
    # No token in another seat's data or in the server's log.
    tokens = [s["token"] for s in table["seats"] if "token" in s]
    for client in humans + [spectator]:
        for frame in client.frames:
            text = str(frame)
            assert not any(t in text for t in tokens)
    assert not any(t in server.log() for t in tokens)
