"""Accounts and turn-based tables across processes (issue 25), two servers on one PostgreSQL
with Redis between them: each committing some of a turn-based table's moves, they still send an
account at most one mail per table and period, and the turn that waited is mailed once the
period is over; a seat attached to an account through one, and a pause agreed through one, show
on the other's sockets at once. Redis is this test's own (server.redis_kit), never the shared
one."""
from __future__ import annotations

import asyncio
import time

import httpx

from server.accounts_kit import Browser
from server.test_mail import _player, smtp  # noqa: F401  (the SMTP fixture)
from server_kit import SeatClient, create, eventually

DAY = 86400.0
PERIOD = 4.0


def test_two_processes_send_one_mail_per_table_and_period(postgres, redis, start_server, smtp):  # noqa: F811
    smtp_url, inbox = smtp
    mail = ("--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org", "--mail-period", str(PERIOD))
    servers = [start_server(postgres, *mail, redis=redis.url) for _ in range(2)]
    table = create(servers[0].url, "kingsburg", ["human", "human"], turn_seconds=DAY, turn_based=True)
    players = [_player(servers[0].url, "Eva", table, 0), _player(servers[1].url, "Jan", table, 1)]
    started = time.time()
    moves = 0
    # Every move through the other process than the one before: each process mails the turns
    # its own moves give, so without a shared count each would mail once per period.
    while time.time() - started < 2 * PERIOD:
        url = servers[moves % 2].url
        frame = httpx.get(f"{url}/api/tables/{table['id']}", timeout=30).json()
        seat = frame["acting"][0]
        headers = {"Authorization": f"Bearer {players[seat].token}"}
        mine = httpx.get(f"{url}/api/tables/{table['id']}?seat={seat}", headers=headers, timeout=30).json()
        if not mine["actions"]:                        # this process's copy was behind: again
            time.sleep(0.05)
            continue
        answer = httpx.post(f"{url}/api/tables/{table['id']}/actions", headers=headers, timeout=30,
                            json={"key": mine["actions"][0]["key"], "version": mine["version"]})
        assert answer.status_code in (200, 409), answer.text       # 409: the other process's copy was behind
        moves += 1
        time.sleep(0.15)
    last_move = time.time()
    addresses = ("eva@example.org", "jan@example.org")
    acting = httpx.get(f"{servers[0].url}/api/tables/{table['id']}", timeout=30).json()["acting"]

    def mailed(address: str) -> list[float]:
        return [at for at, m in inbox.mails if m["To"] == address]

    # The waiting turns are mailed by the end of their periods, the last one too (a loaded
    # machine may take a while longer than the period).
    eventually(lambda: all(len(mailed(a)) >= 2 for a in addresses)
               and max(mailed(addresses[acting[0]])) > last_move - PERIOD, PERIOD + 15)
    for address in addresses:
        times = mailed(address)
        assert len(times) >= 2, (address, times)
        assert all(b - a >= PERIOD - 0.1 for a, b in zip(times, times[1:])), (address, times)
    # The last turn of the game so far was told once its period was over.
    assert max(mailed(addresses[acting[0]])) > last_move - PERIOD
    for player in players:
        player.close()


def test_a_name_attached_through_one_process_shows_on_the_sockets_of_another(postgres, redis, start_server):
    a, b = (start_server(postgres, redis=redis.url) for _ in range(2))
    table = create(a.url, "kingsburg", ["human", "human"])
    eva = Browser(a.url)
    assert eva.sign_up("Eva").status_code == 201

    async def run() -> dict:
        spectator = await SeatClient(b.url, table["id"], None).open()
        first = await spectator.frame()
        assert [s.get("player") for s in first["seats"]] == [None, None]
        attached = await asyncio.to_thread(eva.attach, table["id"], table["seats"][0]["token"])
        assert attached.status_code == 200
        named = await spectator.frame(timeout=10)
        await spectator.close()
        return named
    assert [s.get("player") for s in asyncio.run(run())["seats"]] == ["Eva", None]
    eva.close()


def test_a_pause_agreed_through_one_process_stops_the_clock_of_another(postgres, redis, start_server):
    a, b = (start_server(postgres, redis=redis.url) for _ in range(2))
    table = create(a.url, "kingsburg", ["human", "human"], turn_seconds=DAY, turn_based=True)
    tokens = [s["token"] for s in table["seats"]]

    def pause(token: str) -> httpx.Response:
        return httpx.post(f"{a.url}/api/tables/{table['id']}/pause", json={"days": 2},
                          headers={"Authorization": f"Bearer {token}"}, timeout=30)

    async def run() -> dict:
        seat = await SeatClient(b.url, table["id"], tokens[0]).open()
        first = await seat.frame()
        assert first["clock"]["paused"] is False and first["clock"]["deadline"] is not None
        for token in tokens:
            assert (await asyncio.to_thread(pause, token)).status_code == 200
        while True:                                   # the proposal, then the agreement
            frame = await seat.frame(timeout=10)
            if frame["clock"]["paused"]:
                break
        await seat.close()
        return frame
    clock = asyncio.run(run())["clock"]
    assert clock["deadline"] is None and clock["pause"]["days"] == 2
    # b's copy, asked over HTTP too, is paused (its timer, if it holds the table, waits).
    assert httpx.get(f"{b.url}/api/tables/{table['id']}", timeout=30).json()["clock"]["paused"] is True
