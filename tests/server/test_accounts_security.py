"""Accounts' security (issue 25 §1, §4), on SQLite and PostgreSQL: one account neither sees nor
takes another's seats, a cookie without its CSRF token is refused, sign-in and sign-up are
rate-limited per address and per name, sessions expire and are revoked."""
from __future__ import annotations

import json
import time

import httpx
from argon2 import PasswordHasher, extract_parameters

from ludoteka.server.accounts import DUMMY_HASH
from server_kit import create

from .accounts_kit import PASSWORD, Browser


def test_one_account_neither_sees_nor_takes_another_accounts_seats(database, start_server):
    server = start_server(database)
    alice, mallory = Browser(server.url), Browser(server.url)
    assert alice.sign_up("alice").status_code == 201 and mallory.sign_up("mallory").status_code == 201
    table = create(server.url, "kingsburg", ["human", "human"])
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    assert alice.attach(table["id"], tokens[0]).status_code == 200
    assert mallory.my_tables().json() == {"tables": []}
    # No token, a wrong one, a token of another table: refused, nothing attached.
    other = create(server.url, "kingsburg", ["human", "human"])
    for token in (None, "not-a-token", other["seats"][0]["token"]):
        answer = mallory.request("POST", f"/api/me/tables/{table['id']}", token=token)
        assert answer.status_code == 403 and "seat token" in answer.json()["error"], answer.text
    # Even with alice's seat link, her seat stays hers.
    taken = mallory.attach(table["id"], tokens[0])
    assert taken.status_code == 409 and "another account" in taken.json()["error"]
    assert mallory.my_tables().json() == {"tables": []}
    # Forgetting a table one does not hold drops nothing of alice's.
    assert mallory.request("DELETE", f"/api/me/tables/{table['id']}").json()["detached"] == 0
    assert [t["id"] for t in alice.my_tables().json()["tables"]] == [table["id"]]
    # A session cookie is no seat token: it does not act at a table, nor reads a seat's view.
    frame = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    acted = alice.request("POST", f"/api/tables/{table['id']}/actions",
                          json={"key": "x", "version": frame["version"]})
    assert acted.status_code == 403
    assert alice.http.get(f"/api/tables/{table['id']}").json()["seat"] is None
    for browser in (alice, mallory):
        browser.close()


def test_a_request_with_the_session_cookie_but_without_its_csrf_token_is_refused(database, start_server):
    server = start_server(database)
    bob = Browser(server.url)
    assert bob.sign_up("bob").status_code == 201
    table = create(server.url, "kingsburg", ["human", "open"])
    token = table["seats"][0]["token"]
    refused = [
        bob.attach(table["id"], token, csrf=False),
        bob.request("POST", f"/api/tables/{table['id']}/join", csrf=False),
        bob.request("POST", "/api/me/password", csrf=False, json={"password": PASSWORD, "new_password": "x" * 9}),
        bob.request("DELETE", f"/api/me/tables/{table['id']}", csrf=False),
        bob.request("DELETE", "/api/me/sessions", csrf=False),
        bob.request("DELETE", "/api/session", csrf=False),
        # A token of another session, or the session itself instead of its token.
        bob.request("DELETE", "/api/session", csrf=False, headers={"X-CSRF-Token": "0" * 64}),
        bob.request("DELETE", "/api/session", csrf=False,
                    headers={"X-CSRF-Token": bob.http.cookies["ludoteka_session"]}),
    ]
    for answer in refused:
        assert answer.status_code == 403 and "X-CSRF-Token" in answer.json()["error"], answer.text
    # Nothing happened: still signed in, nothing attached, the open seat still free, same password.
    assert bob.me()["account"]["name"] == "bob" and bob.my_tables().json() == {"tables": []}
    assert httpx.get(server.url + "/api/tables").json()["tables"][0]["free_seats"] == 1
    assert Browser(server.url).sign_in("bob").status_code == 200
    # With the token, the same requests go through.
    assert bob.attach(table["id"], token).status_code == 200
    assert bob.request("DELETE", "/api/session").json() == {"signed_out": True}
    bob.close()


def test_no_page_of_another_site_can_sign_a_visitor_in(start_server, sqlite_url):
    """Login CSRF: a form of another site posts text/plain or form data, never JSON; the server
    takes sign-in and sign-up as JSON only, so such a post sets no cookie."""
    server = start_server(sqlite_url)
    assert Browser(server.url).sign_up("erin").status_code == 201
    body = json.dumps({"name": "erin", "password": PASSWORD})
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": kind} if kind else {}
        for path in ("/api/session", "/api/accounts"):
            answer = httpx.post(server.url + path, content=body.encode(), headers=headers)
            assert answer.status_code == 415 and "application/json" in answer.json()["error"], (kind, answer.text)
            assert "set-cookie" not in answer.headers
    signed = httpx.post(server.url + "/api/session", content=body.encode(),
                        headers={"Content-Type": "application/json; charset=utf-8"})
    assert signed.status_code == 200 and signed.headers["cache-control"] == "no-store"


def _until_refused(attempt, most: int = 20) -> tuple[list[int], httpx.Response, float]:
    """Attempts until one gets 429: the statuses before it, the refusal and the seconds it took
    (a bucket refills meanwhile: argon2 takes a while on a busy machine)."""
    started, statuses = time.monotonic(), []
    for n in range(most):
        answer = attempt(n)
        if answer.status_code == 429:
            return statuses, answer, time.monotonic() - started
        statuses.append(answer.status_code)
    raise AssertionError(f"no 429 in {most} attempts: {statuses}")


def test_sign_in_and_sign_up_are_rate_limited_per_address_and_per_name(start_server, sqlite_url):
    server = start_server(sqlite_url, "--account-attempts", "6")   # 6 a minute per address, 3 per name
    url = server.url

    def sign_in(name: str, address: str, password: str = PASSWORD) -> httpx.Response:
        # The server trusts the local proxy's X-Forwarded-For: each try from another address.
        return httpx.post(url + "/api/session", json={"name": name, "password": password},
                          headers={"X-Forwarded-For": address})

    def allowed(burst: int, per_minute: float, seconds: float) -> range:
        return range(burst, burst + int(seconds * per_minute / 60) + 1)

    first_sign_up = time.monotonic()
    assert Browser(url).sign_up("carol").status_code == 201
    before, refused, took = _until_refused(lambda n: sign_in("carol", f"10.0.0.{n}", f"guess {n}"))
    assert set(before) == {401} and len(before) in allowed(3, 3, took)
    assert "with this name" in refused.json()["error"]
    assert sign_in("carol", "10.0.0.99").status_code == 429            # even the right password
    # The limit per name says nothing of whether the name exists: an unknown one is limited alike.
    before, unknown, took = _until_refused(lambda n: sign_in("nobody", f"10.0.1.{n}"))
    assert set(before) == {401} and len(before) in allowed(3, 3, took)
    assert unknown.json() == refused.json()
    # Per address: refused after 6 attempts from one address within a minute, whatever the names.
    before, refused, took = _until_refused(lambda n: sign_in(f"name-{n}", "10.0.2.1"))
    assert set(before) == {401} and len(before) in allowed(6, 6, took)
    assert "from this address" in refused.json()["error"]
    assert sign_in("carol-2", "10.0.2.2").status_code == 401           # another address: not limited
    # Sign-up has its own buckets (carol's sign-up was the first attempt of this address).
    before, refused, took = _until_refused(
        lambda n: httpx.post(url + "/api/accounts", json={"name": f"new-{n}", "password": PASSWORD}))
    assert set(before) == {201} and len(before) + 1 in allowed(6, 6, time.monotonic() - first_sign_up)
    assert "from this address" in refused.json()["error"]


def test_sessions_expire_and_are_revoked(database, start_server):
    server = start_server(database, "--session-seconds", "2")
    dave = Browser(server.url)
    assert dave.sign_up("dave").status_code == 201
    assert dave.me()["account"]["name"] == "dave" and dave.my_tables().status_code == 200
    cookie = dave.http.cookies["ludoteka_session"]
    time.sleep(2.5)
    # Expired on the server: even a browser that keeps the cookie is signed out.
    stale = httpx.get(server.url + "/api/me/tables", cookies={"ludoteka_session": cookie})
    assert stale.status_code == 401
    assert httpx.get(server.url + "/api/me", cookies={"ludoteka_session": cookie}).json()["account"] is None
    # Revoked: signing out everywhere ends the other devices' sessions (on a server whose
    # sessions last, on the same database, so that a slow machine's sign-ins do not outlive them).
    lasting = start_server(database)
    phone, tablet = Browser(lasting.url), Browser(lasting.url)
    assert phone.sign_in("dave").status_code == 200 and tablet.sign_in("dave").status_code == 200
    assert phone.request("DELETE", "/api/me/sessions").json() == {"signed_out": 2}
    assert tablet.me()["account"] is None and tablet.my_tables().status_code == 401
    for browser in (dave, phone, tablet):
        browser.close()


def test_the_dummy_hash_of_unknown_names_costs_what_a_real_hash_costs():
    # An unknown name is checked against DUMMY_HASH so that it is answered after the same work
    # as a known one: its parameters must stay those the hasher gives real passwords.
    hasher = PasswordHasher()
    assert extract_parameters(DUMMY_HASH) == extract_parameters(hasher.hash("any password"))
    assert not hasher.check_needs_rehash(DUMMY_HASH)
