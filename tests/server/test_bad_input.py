"""Bad input gets a 4xx or an error frame naming what is wrong, never a 5xx, never a stuck table;
a property-based fuzz (hypothesis) drives the HTTP and WebSocket APIs."""
from __future__ import annotations

import asyncio
import json

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server_kit import create

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_each_kind_of_bad_request_gets_a_clear_4xx(start_server, sqlite_url):
    server = start_server(sqlite_url)
    url = server.url
    table = create(url, "notre-dame", ["human", "human"])
    tid, token = table["id"], table["seats"][0]["token"]
    cases = [
        (httpx.post(url + "/api/tables", content=b"{not json"), 400, "JSON"),
        (httpx.post(url + "/api/tables", json=[1, 2]), 400, "object"),
        (httpx.post(url + "/api/tables", json={"game": "chess"}), 422, "known games"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": "4"}), 422, "players"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": 9}), 422, "players"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": 2, "seats": ["human"]}), 422,
         "2 seat kinds"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": 2, "seats": ["human", "ai:zeus"]}),
         422, "unknown agent"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": 2, "options": {"x": 1}}), 422,
         "option"),
        (httpx.post(url + "/api/tables", json={"game": "notre-dame", "turn_seconds": -1}), 422, "turn_seconds"),
        (httpx.post(url + "/api/tables", content=b"[" * 100_000), 413, ""),
        (httpx.get(url + "/api/tables/nope"), 404, "no table"),
        (httpx.get(url + f"/api/tables/{tid}", headers=_auth("wrong")), 403, "token"),
        (httpx.post(url + f"/api/tables/{tid}/actions", json={"key": "x", "version": 0}), 403, "token"),
        (httpx.post(url + f"/api/tables/{tid}/actions", json={"key": 5, "version": 0}, headers=_auth(token)), 422,
         "'key'"),
        (httpx.post(url + f"/api/tables/{tid}/actions", json={"key": "x"}, headers=_auth(token)), 422, "version"),
        (httpx.post(url + f"/api/tables/{tid}/actions", json={"key": "fly", "version": 0}, headers=_auth(token)),
         422, "allowed: keep:"),
        (httpx.post(url + f"/api/tables/{tid}/actions", json={"key": "fly", "version": 7}, headers=_auth(token)),
         409, "stale version"),
        (httpx.get(url + f"/api/tables/{tid}/record"), 409, "once the game is over"),
        (httpx.post(url + "/api/tables", content=b'{"game": "kingsburg", "players": ' + b"9" * 5000 + b"}"),
         400, "JSON"),
        (httpx.post(url + "/api/tables", json={"game": "kingsburg", "turn_seconds": 10**400}), 422,
         "turn_seconds"),
        (httpx.post(url + f"/api/tables/{tid}/join", params={"seat": "²"}), 422, "'seat'"),
    ]
    for answer, status, words in cases:
        assert answer.status_code == status, (answer.request.url, answer.text)
        assert words in answer.json()["error"], answer.text
    odd_since = httpx.get(url + f"/api/tables/{tid}", params={"since": "²"}, headers=_auth(token))
    assert odd_since.status_code == 200 and odd_since.json()["events_reset"]
    illegal = httpx.post(url + f"/api/tables/{tid}/actions", json={"key": "fly", "version": 0}, headers=_auth(token))
    assert illegal.json()["allowed"] and all(k.startswith("keep:") for k in illegal.json()["allowed"])
    assert httpx.get(url + f"/api/tables/{tid}").json()["version"] == 0     # nothing changed


def test_a_flood_of_requests_gets_429_and_the_server_goes_on(start_server, sqlite_url):
    server = start_server(sqlite_url, "--rate", "5")
    with httpx.Client(base_url=server.url) as client:
        statuses = [client.get("/api/games").status_code for _ in range(600)]
    assert 429 in statuses and statuses[0] == 200 and set(statuses) <= {200, 429}


def test_garbage_websocket_frames_get_error_frames_and_the_table_goes_on(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "notre-dame", ["human", "human"])
    ws_url = server.url.replace("http", "ws") + f"/api/tables/{table['id']}/ws"

    async def scenario():
        async with connect(ws_url) as ws:
            answers = []
            for frame in ("nonsense", b"\x00\xff", "[1]", json.dumps({"type": "action", "key": "x", "version": 0}),
                          '{"type": "hello", "version": ' + "9" * 5000 + "}",
                          json.dumps({"type": "hello", "token": table["seats"][0]["token"], "seat": 0.0}),
                          json.dumps({"type": "hello", "token": "bad"})):
                await ws.send(frame)
                answers.append(json.loads(await ws.recv()))
        async with connect(ws_url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table["seats"][0]["token"]}))
            state = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "action", "key": "fly", "version": 0}))
            illegal = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "action", "key": state["actions"][0]["key"], "version": 0}))
            moved = json.loads(await ws.recv())
        return answers, state, illegal, moved
    answers, state, illegal, moved = asyncio.run(scenario())
    assert [a["status"] for a in answers] == [400, 400, 400, 400, 400, 422, 403]
    assert all(a["type"] == "error" and a["error"] for a in answers)
    assert state["type"] == "state" and state["seat"] == 0
    assert illegal["status"] == 422 and illegal["allowed"]
    assert moved["type"] == "state" and moved["version"] == 1


def test_fuzzed_requests_and_frames_never_get_a_5xx_nor_stick_a_table(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["human", "human"])
    tid, token = table["id"], table["seats"][0]["token"]
    paths = st.sampled_from(["/api/tables", f"/api/tables/{tid}", f"/api/tables/{tid}/actions",
                             f"/api/tables/{tid}/undo", f"/api/tables/{tid}/join", f"/api/tables/{tid}/record",
                             "/api/tables/x%00y", "/api/games", f"/api/tables/{tid}/log",
                             f"/api/tables/{tid}/share", f"/api/tables/{tid}/replay", "/healthz", "/readyz",
                             "/metrics"])
    bodies = JSON.map(lambda v: json.dumps(v).encode()) | st.binary(max_size=200)
    tokens = st.sampled_from([None, token, "x" * 300, "a b", "Bearer", "é"])
    client = httpx.Client(base_url=server.url, timeout=10)

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]), path=paths, body=bodies, auth=tokens,
           seat=st.none() | st.text(max_size=5) | st.integers(-5, 200).map(str))
    def one_request(method, path, body, auth, seat):
        headers = {"content-type": "application/json"}
        if auth is not None:
            headers["authorization"] = f"Bearer {auth}".encode("utf-8")
        params = {"seat": seat} if seat is not None else {}
        answer = client.request(method, path, content=body, headers=headers, params=params)
        assert answer.status_code < 500, (method, path, body, answer.text)

    one_request()

    frames = JSON.map(json.dumps) | st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "action", "undo", "ping"]), "key": JSON, "version": JSON,
         "token": st.sampled_from([token, "nope", 5])}).map(json.dumps)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(frames=st.lists(frames, min_size=1, max_size=6))
    def one_socket(frames):
        async def talk():
            async with connect(server.url.replace("http", "ws") + f"/api/tables/{tid}/ws") as ws:
                for frame in frames:
                    await ws.send(frame)
                try:
                    while True:
                        reply = json.loads(await asyncio.wait_for(ws.recv(), 0.15))
                        assert reply["type"] in ("state", "error", "pong")
                        if reply["type"] == "error":
                            assert 400 <= reply["status"] < 500
                except asyncio.TimeoutError:
                    pass                                        # answered everything
                except ConnectionClosed as closed:              # a refused token closes: 4403
                    assert closed.rcvd is not None and closed.rcvd.code in (4403, 1008), closed
        asyncio.run(talk())

    one_socket()
    # The table still works: its seat to act makes a legal move.
    for seat in table["seats"]:
        frame = client.get(f"/api/tables/{tid}", headers=_auth(seat["token"])).json()
        if frame["actions"]:
            answer = client.post(f"/api/tables/{tid}/actions", headers=_auth(seat["token"]),
                                 json={"key": frame["actions"][0]["key"], "version": frame["version"]})
            assert answer.status_code == 200, answer.text
            break
    else:
        raise AssertionError("no seat can act")
    assert "Traceback" not in server.log()
