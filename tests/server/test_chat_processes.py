"""Table chat across processes (issue 25 §3): two servers on one PostgreSQL with Redis between
them; a message written through one reaches the sockets of the other, once each, and both
serve the same history. Redis is this test's own (server.redis_kit), never the shared one."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from server_kit import SeatClient, create


def test_a_message_written_in_one_process_reaches_the_sockets_of_another_once(postgres, redis, start_server):
    a = start_server(postgres, redis=redis.url)
    b = start_server(postgres, redis=redis.url)
    made = create(a.url, "kingsburg", ["human", "human", "open"])
    table = made["id"]
    anna, ben = (made["seats"][s]["token"] for s in (0, 1))

    async def run() -> list[dict]:
        ben_on_b = await SeatClient(b.url, table, ben).open()
        watcher_on_b = await SeatClient(b.url, table, None).open()
        await ben_on_b.frame(), await watcher_on_b.frame()
        said = httpx.post(f"{a.url}/api/tables/{table}/chat", headers={"Authorization": f"Bearer {anna}"},
                          json={"text": "across processes"}, timeout=30)
        assert said.status_code == 201, said.text
        got = []
        for client in (ben_on_b, watcher_on_b):
            while True:
                data = json.loads(await asyncio.wait_for(client.ws.recv(), 10))
                if data["type"] == "chat":
                    got.append(data)
                    break
        for client in (ben_on_b, watcher_on_b):      # once: nothing more comes
            with pytest.raises(asyncio.TimeoutError):
                while True:
                    data = json.loads(await asyncio.wait_for(client.ws.recv(), 1.5))
                    assert data["type"] != "chat", data
            await client.close()
        return got
    got = asyncio.run(run())
    assert [[m["text"] for m in frame["messages"]] for frame in got] == [["across processes"]] * 2
    for server in (a, b):
        read = httpx.get(f"{server.url}/api/tables/{table}/chat", timeout=30).json()
        assert [m["text"] for m in read["messages"]] == ["across processes"]
