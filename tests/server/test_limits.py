"""Nothing a client sends can exhaust the server (issue 24): AI seats take levels only, every AI
decision has the operator's time cap, and quotas bound what one address may open."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server_kit import SeatClient, create


def _ws(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/api/tables/{table}/ws"

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


# ------------------------------------------------------------------ nothing outside the data sets
def _data_copy(tmp_path: Path, name: str) -> Path:
    """A copy of Messina's shipped data under another data set id."""
    from ludoteka.boardgames.messina.data.loader import DATA_DIR
    copy = tmp_path / "sets" / name
    shutil.copytree(DATA_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    text = (copy / "dataset.toml").read_text()
    (copy / "dataset.toml").write_text(text.replace('id = "reconstructed-default-v2"', f'id = "{name}"'))
    return copy


def test_a_data_set_option_takes_only_the_names_of_known_data_sets(start_server, sqlite_url, tmp_path):
    mine = _data_copy(tmp_path, "club-set-v1")
    server = start_server(sqlite_url, "--data-dir", str(mine))
    raw = [b'"/etc"', b'"../../etc"', b'"' + str(mine).encode() + b'"', b'"a\\u0000b"', b'"' + b"x" * 5000 + b'"',
           b'"\\ud800"', b'"\\udfff/x"', b"5", b'["club-set-v1"]']
    for value in raw:
        answer = httpx.post(server.url + "/api/tables", content=b'{"game": "messina-1347", "players": 2, '
                            b'"options": {"data": ' + value + b"}}")
        assert answer.status_code == 400, (value[:40], answer.text)
        error = answer.json()["error"]
        assert "'reconstructed-default-v2'" in error and "'club-set-v1'" in error, error
        assert str(tmp_path) not in error and os.getcwd() not in error and "/etc" not in error, error
    # A registered set by its name: the AI workers find it too, and no frame shows its path.
    table = create(server.url, "messina-1347", ["ai:easy", "ai:easy"], options={"data": "club-set-v1"})
    started = time.time()
    while (frame := httpx.get(f"{server.url}/api/tables/{table['id']}").json())["version"] < 1:
        assert time.time() - started < 30, "the AI seat never moved"
        time.sleep(0.1)
    assert frame["options"]["data"] == "club-set-v1" and str(tmp_path) not in json.dumps(frame)
    create(server.url, "messina-1347", ["human", "human"], options={"data": "reconstructed-default-v2"})
    # the data set of games begun under rules revision 1 or 2 stays playable by its name
    create(server.url, "messina-1347", ["human", "human"], options={"data": "reconstructed-default-v1"})
    create(server.url, "messina-1347", ["human", "human"], options={"data": ""})


def test_a_data_dir_that_is_no_data_set_stops_the_start(sqlite_url, tmp_path, capsys):
    from ludoteka.cli.main import main
    (tmp_path / "empty").mkdir()
    assert main(["serve", "--port", "0", "--database", sqlite_url, "--data-dir", str(tmp_path / "empty")]) == 1
    err = capsys.readouterr().err
    assert "--data-dir" in err and "not a valid data set" in err and "Traceback" not in err, err


def test_a_client_that_hangs_up_mid_request_is_no_server_exception(start_server, sqlite_url):
    server = start_server(sqlite_url)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 5000\r\n\r\n{\"game\": ")
            time.sleep(0.2)
    time.sleep(0.5)
    assert httpx.get(server.url + "/api/games").status_code == 200
    assert "Traceback" not in server.log() and "Exception in ASGI" not in server.log(), server.log()[-3000:]


# ------------------------------------------------------------------ quotas per client address
def test_one_address_may_open_so_many_tables_with_so_short_timers(start_server, sqlite_url):
    server = start_server(sqlite_url, "--max-open-tables", "3", "--max-timed-tables", "1",
                          "--min-turn-seconds", "20")
    new = {"game": "kingsburg", "players": 2, "seats": ["human", "human"]}
    short = httpx.post(server.url + "/api/tables", json=dict(new, turn_seconds=5))
    assert short.status_code == 422 and "from 20" in short.json()["error"], short.text
    assert httpx.post(server.url + "/api/tables", json=dict(new, turn_seconds=20)).status_code == 201
    timed = httpx.post(server.url + "/api/tables", json=dict(new, turn_seconds=60))
    assert timed.status_code == 429 and "turn timer" in timed.json()["error"], timed.text
    assert httpx.post(server.url + "/api/tables", json=new).status_code == 201
    assert httpx.post(server.url + "/api/tables", json=new).status_code == 201
    fourth = httpx.post(server.url + "/api/tables", json=new)
    assert fourth.status_code == 429 and "at most 3 unfinished tables" in fourth.json()["error"], fourth.text


def test_the_quotas_have_safe_defaults(start_server, sqlite_url):
    server = start_server(sqlite_url)
    new = {"game": "kingsburg", "players": 2, "seats": ["human", "human"]}
    assert httpx.post(server.url + "/api/tables", json=dict(new, turn_seconds=1)).status_code == 422
    statuses = [httpx.post(server.url + "/api/tables", json=new).status_code for _ in range(21)]
    assert statuses == [201] * 20 + [429]


def test_a_finished_table_frees_its_place_in_the_quota(start_server, sqlite_url):
    server = start_server(sqlite_url, "--max-open-tables", "1")
    table = create(server.url, "kingsburg", ["ai:random", "ai:random"])
    second = httpx.post(server.url + "/api/tables", json={"game": "kingsburg", "seats": ["human", "human"]})
    assert second.status_code == 429 or httpx.get(f"{server.url}/api/tables/{table['id']}").json()["finished"]
    started = time.time()
    while not httpx.get(f"{server.url}/api/tables/{table['id']}").json()["finished"]:
        assert time.time() - started < 60, "the AI table did not finish"
        time.sleep(0.2)
    create(server.url, "kingsburg", ["human", "human"])


# ------------------------------------------------------------------ WebSocket limits
async def _closed_code(ws, seconds: float = 10) -> int:
    """Read until the server closes the socket; its close code."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), seconds)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd else -1


def test_frames_before_the_hello_count_against_the_rate(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "human"])

    async def flood() -> int:
        async with connect(_ws(server.url, table["id"])) as ws:
            for _ in range(400):
                try:
                    await ws.send(json.dumps({"type": "nothing"}))
                except ConnectionClosed:
                    break
            return await _closed_code(ws)
    assert asyncio.run(flood()) == 1008


def test_websockets_per_address_and_spectators_per_table_are_limited(start_server, sqlite_url):
    server = start_server(sqlite_url, "--sockets-per-address", "3", "--spectators-per-table", "2")
    table = create(server.url, "kingsburg", ["human", "human"])

    async def run() -> None:
        spectators = [await SeatClient(server.url, table["id"], None).open() for _ in range(3)]
        for client in spectators[:2]:
            assert (await client.frame())["seat"] is None
        refused = json.loads(await spectators[2].ws.recv())
        assert refused["status"] == 429 and "at most 2 spectators" in refused["error"], refused
        assert await _closed_code(spectators[2].ws) == 4429
        seat = await SeatClient(server.url, table["id"], table["seats"][0]["token"], 0).open()
        assert (await seat.frame())["seat"] == 0          # a seat is no spectator: it gets in
        async with connect(_ws(server.url, table["id"])) as other:
            assert await _closed_code(other) == 4429       # the fourth socket of this address
        await spectators[0].close()
        await asyncio.sleep(0.3)
        again = await SeatClient(server.url, table["id"], table["seats"][1]["token"], 1).open()
        assert (await again.frame())["seat"] == 1         # a closed socket frees its place
    asyncio.run(run())


def test_a_change_is_encoded_once_per_distinct_view_not_per_socket():
    from ludoteka import registry
    from ludoteka.server.live import LiveTable
    from ludoteka.server.sockets import frame_text

    state = registry.game("kingsburg").new_state(2, 1)
    row = {"id": "t", "seats": '["human", "human"]', "turn_seconds": None, "deadline": None}
    table = LiveTable(row, state, 0, {0: "a", 1: "b"})
    built = []
    frame = table.frame
    table.frame = lambda seat, since=None: built.append((seat, since)) or frame(seat, since)
    texts = [frame_text(table, None, 0) for _ in range(300)] + [frame_text(table, 0, 0) for _ in range(3)]
    sent, fresh = json.loads(texts[0]), json.loads(json.dumps(frame(None, 0)))
    sent["clock"].pop("now"), fresh["clock"].pop("now")
    assert len(set(texts[:300])) == 1 and sent == fresh
    assert sorted(built, key=str) == [(0, 0), (None, 0)]


def test_behind_a_trusted_proxy_the_quotas_count_the_forwarded_address(start_server, sqlite_url):
    server = start_server(sqlite_url, "--max-open-tables", "1", "--forwarded-allow-ips", "127.0.0.1")
    new = {"game": "kingsburg", "players": 2, "seats": ["human", "human"]}

    def post(client: str) -> int:
        return httpx.post(server.url + "/api/tables", json=new, headers={"X-Forwarded-For": client}).status_code
    assert [post("203.0.113.1"), post("203.0.113.2"), post("203.0.113.1")] == [201, 201, 429]


def test_websocket_compression_is_the_operators_choice_and_off_by_default(start_server, sqlite_url):
    plain, compressing = start_server(sqlite_url), start_server(sqlite_url, "--websocket-compression")

    async def negotiated(url: str) -> list[str]:
        table = create(url, "kingsburg", ["human", "human"])
        async with connect(_ws(url, table["id"])) as ws:       # the client offers permessage-deflate
            await ws.send(json.dumps({"type": "hello"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "state"
            return [extension.name for extension in ws.protocol.extensions]
    assert asyncio.run(negotiated(plain.url)) == []
    assert asyncio.run(negotiated(compressing.url)) == ["permessage-deflate"]
