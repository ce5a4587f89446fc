"""Table chat (issue 25 §3), on SQLite and PostgreSQL: seats write, spectators read, live to the
table's sockets and with the hello, muted per seat, length- and rate-limited, and never part of
a game's record, log or replay."""
from __future__ import annotations

import asyncio
import json
import random

import httpx

from server_kit import SeatClient, create

from .accounts_kit import Browser


def _auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _say(url: str, table: str, token: str | None, text, **extra) -> httpx.Response:
    return httpx.post(f"{url}/api/tables/{table}/chat", headers=_auth(token), timeout=30,
                      json={"text": text, **extra})


async def _chat(client: SeatClient, timeout: float = 10) -> list[dict]:
    """The messages of the next chat frame the client gets (state frames are skipped)."""
    while True:
        data = json.loads(await asyncio.wait_for(client.ws.recv(), timeout))
        if data["type"] == "chat":
            return data["messages"]


async def _no_chat(client: SeatClient, seconds: float = 1.0) -> None:
    try:
        while True:
            data = json.loads(await asyncio.wait_for(client.ws.recv(), seconds))
            assert data["type"] != "chat", data
    except asyncio.TimeoutError:
        pass


def test_seats_write_everyone_reads_live_and_with_the_hello(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human", "open"])
    table = made["id"]
    anna, ben = (made["seats"][s]["token"] for s in (0, 1))

    async def run() -> None:
        seat1 = await SeatClient(url, table, ben).open()
        watcher = await SeatClient(url, table, None).open()
        await seat1.frame(), await watcher.frame()         # no chat yet: no chat frame either
        said = _say(url, table, anna, "  <b>hello</b> & welcome  ")
        assert said.status_code == 201, said.text
        message = said.json()
        assert message["seat"] == 0 and message["text"] == "<b>hello</b> & welcome"
        for client in (seat1, watcher):
            [got] = await _chat(client)
            assert got == message
        late = await SeatClient(url, table, None).open()
        assert [m["text"] for m in await _chat(late)] == ["<b>hello</b> & welcome"]
        for client in (seat1, watcher, late):
            await client.close()
    asyncio.run(run())
    read = httpx.get(f"{url}/api/tables/{table}/chat", timeout=30).json()
    assert read["seat"] is None and [m["text"] for m in read["messages"]] == ["<b>hello</b> & welcome"]


def test_spectators_and_strangers_cannot_write_nor_speak_for_another_seat(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human"])
    table = made["id"]
    anna, ben = (made["seats"][s]["token"] for s in (0, 1))
    other = create(url, "kingsburg", ["human", "human"])["seats"][0]["token"]
    for token in (None, other, "not-a-token"):
        refused = _say(url, table, token, "hi")
        assert refused.status_code == 403, refused.text
    spoof = _say(url, table, ben, "I am Anna", seat=0)
    assert spoof.status_code == 403 and "seat 0" in spoof.json()["error"]
    # A private table's chat is its seats' only: nobody else reads it.
    assert _say(url, table, anna, "between us").status_code == 201
    outside = httpx.get(f"{url}/api/tables/{table}/chat", timeout=30).json()
    assert outside["messages"] == []
    inside = httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(ben), timeout=30).json()
    assert [m["text"] for m in inside["messages"]] == ["between us"] and inside["seat"] == 1


def test_bad_text_is_refused_with_a_clear_400_and_the_rate_is_limited_per_seat(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human"])
    table = made["id"]
    anna, ben = (made["seats"][s]["token"] for s in (0, 1))
    for text, words in (("", "empty"), ("   ", "empty"), ("x" * 501, "at most 500"), (42, "string"),
                        ("a\nb", "U+000A"), ("a\x1b[31mred", "U+001B"), ("abc\u202edcba", "U+202E"),
                        (None, "string")):
        refused = _say(url, table, anna, text)
        assert refused.status_code == 400, (text, refused.text)
        assert words in refused.json()["error"], refused.json()
    assert _say(url, table, anna, "x" * 500).status_code == 201
    assert _say(url, table, anna, "ok", colour="red").status_code == 400     # unknown field
    for n in range(4):                                          # a burst of 5 (one spent above)
        assert _say(url, table, anna, f"m{n}").status_code == 201
    flood = _say(url, table, anna, "one too many")
    assert flood.status_code == 429 and "too fast" in flood.json()["error"]
    assert _say(url, table, ben, "my own bucket").status_code == 201         # per seat
    texts = [m["text"] for m in httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(ben)).json()["messages"]]
    assert "one too many" not in texts and texts[-1] == "my own bucket" and len(texts) == 6


def test_a_seat_mutes_another_for_itself_only(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human", "human"])
    table = made["id"]
    anna, ben, cleo = (made["seats"][s]["token"] for s in (0, 1, 2))
    mute = httpx.post(f"{url}/api/tables/{table}/chat/mute", headers=_auth(ben), json={"mute": 0})
    assert mute.status_code == 200 and mute.json() == {"seat": 1, "muted": [0]}
    # Ben cannot mute for Cleo, nor anyone without a seat; nor mute himself.
    for token, body in ((ben, {"mute": 0, "seat": 2}), (None, {"mute": 0}), (ben, {"mute": 1}),
                        (ben, {"mute": "0"})):
        refused = httpx.post(f"{url}/api/tables/{table}/chat/mute", headers=_auth(token), json=body)
        assert refused.status_code in (403, 422), refused.text

    async def run() -> None:
        ben_socket = await SeatClient(url, table, ben).open()
        cleo_socket = await SeatClient(url, table, cleo).open()
        await ben_socket.frame(), await cleo_socket.frame()
        assert _say(url, table, anna, "from Anna").status_code == 201
        assert [m["text"] for m in await _chat(cleo_socket)] == ["from Anna"]
        await _no_chat(ben_socket)
        assert _say(url, table, cleo, "from Cleo").status_code == 201
        assert [m["text"] for m in await _chat(ben_socket)] == ["from Cleo"]
        await ben_socket.close(), await cleo_socket.close()
        again = await SeatClient(url, table, ben).open()                    # stored, not per socket
        assert [m["text"] for m in await _chat(again)] == ["from Cleo"]
        await again.close()
    asyncio.run(run())
    assert [m["text"] for m in httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(ben)).json()["messages"]] \
        == ["from Cleo"]
    assert [m["text"] for m in httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(cleo)).json()["messages"]] \
        == ["from Anna", "from Cleo"]
    unmute = httpx.post(f"{url}/api/tables/{table}/chat/mute", headers=_auth(ben), json={"mute": 0, "muted": False})
    assert unmute.json()["muted"] == []
    assert len(httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(ben)).json()["messages"]) == 2


def test_a_signed_in_owner_writes_without_the_token_but_only_with_the_csrf_token(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human"])
    table = made["id"]
    anna = Browser(url)
    assert anna.sign_up("Anna").status_code == 201
    assert anna.attach(table, made["seats"][0]["token"]).status_code == 200
    forged = anna.request("POST", f"/api/tables/{table}/chat", csrf=False, json={"text": "forged"})
    assert forged.status_code == 403 and "CSRF" in forged.json()["error"]
    said = anna.request("POST", f"/api/tables/{table}/chat", json={"text": "signed in"})
    assert said.status_code == 201 and said.json()["seat"] == 0
    assert anna.request("GET", f"/api/tables/{table}/chat").json()["seat"] == 0
    stranger = Browser(url)
    assert stranger.sign_up("Stranger").status_code == 201
    assert stranger.request("POST", f"/api/tables/{table}/chat", json={"text": "hi"}).status_code == 403
    anna.close(), stranger.close()


def test_chat_never_enters_the_record_the_log_or_the_replay(database, start_server):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human"])
    table = made["id"]
    tokens = {s: made["seats"][s]["token"] for s in (0, 1)}
    secret = "chat-secret-7f3a"
    assert _say(url, table, tokens[0], secret).status_code == 201
    rng = random.Random(3)
    for _ in range(5000):
        frame = None
        for seat, token in tokens.items():
            frame = httpx.get(f"{url}/api/tables/{table}?seat={seat}", headers=_auth(token), timeout=30).json()
            if frame["finished"]:
                break
            if frame["actions"]:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=_auth(token), timeout=30,
                           json={"key": rng.choice(frame["actions"])["key"], "version": frame["version"]})
        if frame["finished"]:
            break
    assert _say(url, table, tokens[1], secret + " after").status_code == 201    # chat goes on after the end
    answers = [httpx.get(f"{url}/api/tables/{table}{path}", headers=_auth(tokens[0]), timeout=30)
               for path in ("/record", "/log", "/replay?version=0", f"/replay?version={frame['version']}",
                            "?seat=0")]
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert secret not in answer.text
    assert secret in httpx.get(f"{url}/api/tables/{table}/chat", headers=_auth(tokens[0])).text
