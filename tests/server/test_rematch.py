"""A rematch of a finished table (issue 23 §4): the same game, options, seat kinds and levels;
only a seat of the finished table may ask for it, and each holder gets only their own new seat."""
from __future__ import annotations

import random

import httpx

from ludoteka.server.rematch import seat_token
from server_kit import create


def _auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _frame(url: str, table: str, token: str | None = None, seat: int | None = None) -> httpx.Response:
    query = f"?seat={seat}" if seat is not None else ""
    return httpx.get(f"{url}/api/tables/{table}{query}", headers=_auth(token), timeout=30)


def _play_out(url: str, table: str, tokens: dict[int, str], seed: int = 1) -> dict:
    """Random legal moves of every human seat (over HTTP) until the game is over."""
    rng = random.Random(seed)
    for _ in range(5000):
        for seat, token in tokens.items():
            frame = _frame(url, table, token, seat).json()
            if frame["finished"]:
                return frame
            if frame["actions"]:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=_auth(token), timeout=30,
                           json={"key": rng.choice(frame["actions"])["key"], "version": frame["version"],
                                 "seat": seat})
    raise AssertionError("the game did not end")


def _rematch(url: str, table: str, token: str | None) -> httpx.Response:
    return httpx.post(f"{url}/api/tables/{table}/rematch", headers=_auth(token), timeout=30)


def test_only_a_seat_of_the_finished_table_gets_a_rematch_and_only_its_own_seat(start_server, database):
    server = start_server(database)
    url = server.url
    made = create(url, "kingsburg", ["human", "human", "ai:easy"],
                  options={"negative_vp": False, "reinforcements": "dice_difference"})
    table = made["id"]
    alice, bob = (made["seats"][s]["token"] for s in (0, 1))
    other = create(url, "kingsburg", ["human", "ai:random"])["seats"][0]["token"]

    assert _rematch(url, table, alice).status_code == 409              # not over yet
    final = _play_out(url, table, {0: alice, 1: bob})
    for token in (None, "not-a-token", other):                          # no seat of this table
        refused = _rematch(url, table, token)
        assert refused.status_code == 403, refused.text
        assert "only a seat of this table" in refused.json()["error"]
    assert httpx.get(f"{url}/api/tables/{table}/rematch").json() == {"id": None}

    first = _rematch(url, table, alice)
    assert first.status_code == 201, first.text
    answer = first.json()
    new = answer["id"]
    assert answer["created"] and new != table
    assert [s["seat"] for s in answer["seats"]] == [0]                   # Alice's seat only
    alice_new = answer["seats"][0]["token"]
    assert alice_new == seat_token(alice, new) and alice_new != alice
    for secret in (bob, seat_token(bob, new), alice):                    # no other token leaks
        assert secret not in first.text
    assert httpx.get(f"{url}/api/tables/{table}/rematch").json() == {"id": new}

    # The same game, options, seat kinds and AI level; Bob's seat waits for Bob.
    spectator = _frame(url, new).json()
    assert spectator["game"] == "kingsburg" and spectator["players"] == 3
    assert spectator["options"] == final["options"] and not spectator["finished"]
    assert [(s["kind"], s.get("level")) for s in spectator["seats"]] == [("human", None), ("human", None),
                                                                         ("ai", "easy")]
    assert [s.get("claimed") for s in spectator["seats"][:2]] == [True, False]

    # Asking again (a reload) gives the same seat, and creates nothing more.
    again = _rematch(url, table, alice)
    assert again.status_code == 200 and again.json()["seats"] == answer["seats"] and not again.json()["created"]
    # Bob asks: his own seat, a token of his own.
    second = _rematch(url, table, bob)
    assert second.status_code == 200 and second.json()["id"] == new
    assert [(s["seat"], s["token"]) for s in second.json()["seats"]] == [(1, seat_token(bob, new))]
    assert alice_new not in second.text and alice not in second.text

    # Each new token plays its own seat only; the old tokens play nothing at the rematch.
    assert _frame(url, new, alice_new).json()["seat"] == 0
    assert _frame(url, new, alice_new, 1).status_code == 403
    assert _frame(url, new, seat_token(bob, new)).json()["seat"] == 1
    assert _frame(url, new, alice).status_code == 403
    assert httpx.post(f"{url}/api/tables/{new}/rematch", headers=_auth(alice_new)).status_code == 409


def test_hot_seats_share_one_token_at_the_rematch(start_server, sqlite_url):
    server = start_server(sqlite_url)
    made = create(server.url, "notre-dame", ["hotseat", "hotseat", "ai:random"])
    table, token = made["id"], made["seats"][0]["token"]
    _play_out(server.url, table, {0: token, 1: token}, seed=2)
    answer = _rematch(server.url, table, token).json()
    assert [s["seat"] for s in answer["seats"]] == [0, 1]
    assert answer["seats"][0]["token"] == answer["seats"][1]["token"] == seat_token(token, answer["id"])
    seats = _frame(server.url, answer["id"]).json()["seats"]
    assert [s["kind"] for s in seats] == ["hotseat", "hotseat", "ai"]
