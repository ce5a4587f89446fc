"""Accounts (issue 25 §1), on SQLite and PostgreSQL: sign up, in, out, the password, "My games"
from the server on any device, attaching a seat link, the operator's reset; anonymous play with
a seat link goes on unchanged beside them."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import httpx

from server_kit import SeatClient, create

from .accounts_kit import PASSWORD, Browser, first_move

JSON = {"Content-Type": "application/json"}


def test_sign_up_in_out_and_a_new_password_that_signs_out_every_other_device(database, start_server):
    server = start_server(database)
    phone, laptop = Browser(server.url), Browser(server.url)
    assert phone.me() == {"account": None, "csrf": None, "mail": False}
    made = phone.sign_up("Anna-Maria", email="anna@example.org")
    assert made.status_code == 201, made.text
    assert made.json()["account"]["name"] == "Anna-Maria" and made.json()["account"]["email"] == "anna@example.org"
    cookies = made.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("ludoteka_session="))
    csrf = next(c for c in cookies if c.startswith("ludoteka_csrf="))
    assert "HttpOnly" in session and "samesite=lax" in session.lower() and "Max-Age=2592000" in session
    assert "HttpOnly" not in csrf and "Secure" not in session        # plain http on localhost
    assert made.json()["csrf"] in csrf
    me = phone.me()
    assert me["account"]["name"] == "Anna-Maria" and me["csrf"] == made.json()["csrf"]
    # The name is taken whatever its case: the one answer that tells a name exists.
    taken = Browser(server.url).sign_up("anna-maria")
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    # Signed in on a second device; a wrong password and an unknown name get the same answer.
    wrong, unknown = laptop.sign_in("anna-maria", "not the password"), laptop.sign_in("nobody-here")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong name or password", "status": 401}
    assert laptop.sign_in("ANNA-MARIA").status_code == 200
    assert laptop.me()["account"]["name"] == "Anna-Maria"
    # A new password: every other session ends, this one gets a new session.
    assert phone.change_password("not the password", "a new password!").status_code == 403
    changed = phone.change_password(PASSWORD, "a new password!")
    assert changed.status_code == 200, changed.text
    assert phone.me()["account"]["name"] == "Anna-Maria"
    assert laptop.me()["account"] is None and laptop.my_tables().status_code == 401
    assert laptop.sign_in("Anna-Maria").status_code == 401
    assert laptop.sign_in("Anna-Maria", "a new password!").status_code == 200
    # Sign out: the session is revoked on the server, not just forgotten by the browser.
    old_cookie = phone.http.cookies.get("ludoteka_session")
    assert phone.request("DELETE", "/api/session").json() == {"signed_out": True}
    assert phone.me()["account"] is None
    replayed = httpx.get(server.url + "/api/me", cookies={"ludoteka_session": old_cookie})
    assert replayed.json()["account"] is None
    # Sign out everywhere.
    assert laptop.request("DELETE", "/api/me/sessions").json() == {"signed_out": 1}
    assert laptop.me()["account"] is None
    for browser in (phone, laptop):
        browser.close()


def test_my_games_come_from_the_server_on_any_device_with_whose_turn_and_who_won(database, start_server):
    server = start_server(database)
    home = Browser(server.url)
    assert home.sign_up("basil").status_code == 201
    # Created as today (no account needed), then the seats this browser keeps are attached.
    table = create(server.url, "kingsburg", ["human", "human"])
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    attached = home.attach(table["id"], tokens[0])
    assert attached.status_code == 200 and attached.json() == {"id": table["id"], "seats": [0], "taken": []}
    assert home.attach(table["id"], tokens[0]).json()["seats"] == [0]          # again: no change
    hot = create(server.url, "kingsburg", ["hotseat", "hotseat", "ai:random"])
    assert home.attach(hot["id"], hot["seats"][0]["token"]).json()["seats"] == [0, 1]
    # Another device, after sign-in: the same games, each with its seat tokens and whose turn.
    away = Browser(server.url)
    assert away.sign_in("basil").status_code == 200
    answer = away.my_tables()
    assert answer.status_code == 200, answer.text
    games = {t["id"]: t for t in answer.json()["tables"]}
    assert set(games) == {table["id"], hot["id"]}
    mine = games[table["id"]]
    frame = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    assert mine["game"] == "kingsburg" and mine["finished"] is False and mine["acting"] == frame["acting"]
    assert mine["mine"] == [{"seat": 0, "token": tokens[0],
                             "join_url": f"{server.url}/play/{table['id']}#{tokens[0]}"}]
    assert [m["seat"] for m in games[hot["id"]]["mine"]] == [0, 1]
    # The token from "My games" plays the seat.
    seen = httpx.get(f"{server.url}/api/tables/{table['id']}",
                     headers={"Authorization": f"Bearer {mine['mine'][0]['token']}"}).json()
    assert seen["seat"] == 0
    assert first_move(server.url, table).status_code == 200
    moved = {t["id"]: t for t in away.my_tables().json()["tables"]}[table["id"]]
    assert moved["version"] == 1 and moved["acting"] == httpx.get(f"{server.url}/api/tables/{table['id']}").json()["acting"]
    # Joining an open seat while signed in makes it the account's.
    open_table = create(server.url, "kingsburg", ["human", "open"])
    joined = away.request("POST", f"/api/tables/{open_table['id']}/join")
    assert joined.status_code == 200 and joined.json()["attached"] is True, joined.text
    assert open_table["id"] in {t["id"] for t in home.my_tables().json()["tables"]}
    # Forget a table: it leaves "My games"; its seat token still plays.
    assert away.request("DELETE", f"/api/me/tables/{hot['id']}").json()["detached"] == 2
    assert hot["id"] not in {t["id"] for t in home.my_tables().json()["tables"]}
    # Over: "My games" says so, with the result.
    done = create(server.url, "kingsburg", ["human", "ai:random"])
    assert home.attach(done["id"], done["seats"][0]["token"]).status_code == 200
    headers = {"Authorization": f"Bearer {done['seats'][0]['token']}"}
    for _ in range(2000):
        frame = httpx.get(f"{server.url}/api/tables/{done['id']}", headers=headers, timeout=30).json()
        if frame["finished"]:
            break
        if not frame["actions"]:
            time.sleep(0.02)                # the AI's turn
        else:
            httpx.post(f"{server.url}/api/tables/{done['id']}/actions", headers=headers, timeout=30,
                       json={"key": frame["actions"][0]["key"], "version": frame["version"]})
    over = {t["id"]: t for t in away.my_tables().json()["tables"]}[done["id"]]
    assert over["finished"] is True and over["acting"] == [] and len(over["result"]["scores"]) == 2
    # Anonymous play is as it was: a link and go, with no cookie at all.
    plain = create(server.url, "kingsburg", ["human", "human"])
    assert first_move(server.url, plain).status_code == 200
    assert httpx.post(f"{server.url}/api/tables/{plain['id']}/join").status_code == 409
    for browser in (home, away):
        browser.close()


def test_the_operators_reset_prints_a_one_time_password_that_must_be_changed(database, start_server):
    server = start_server(database)
    browser = Browser(server.url)
    assert browser.sign_up("celine").status_code == 201
    refused = httpx.post(server.url + "/api/accounts/reset", json={"name": "celine"})
    assert refused.status_code == 501 and "no e-mail" in refused.json()["error"]
    assert "users reset" in refused.json()["error"] and refused.json()["mail"] is False
    command = [sys.executable, "-m", "ludoteka", "users", "reset", "celine", "--database", database]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    password = done.stdout.split("One-time password for celine: ", 1)[1].split()[0]
    assert browser.me()["account"] is None                        # signed out everywhere
    assert browser.sign_in("celine").status_code == 401          # the old password is gone
    signed = browser.sign_in("celine", password)
    assert signed.status_code == 200 and signed.json()["account"]["must_change_password"] is True
    assert browser.my_tables().status_code == 403                 # a new password first
    assert browser.change_password(password, "my own password").status_code == 200
    assert browser.my_tables().status_code == 200
    assert browser.me()["account"]["must_change_password"] is False
    missing = subprocess.run([*command[:5], "nobody-at-all", "--database", database],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 1 and "no account is named 'nobody-at-all'" in missing.stderr
    bad = subprocess.run([*command[:5], "no spaces please", "--database", database],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "'name' may hold letters" in bad.stderr
    browser.close()


def test_bad_input_is_named_and_changes_nothing(start_server, sqlite_url):
    server = start_server(sqlite_url)
    url = server.url
    cases = [
        ({"name": "x", "password": PASSWORD}, 422, "'name' must have 2 to 32 characters"),
        ({"name": "with space", "password": PASSWORD}, 422, "'name' may hold letters, digits"),
        ({"name": 7, "password": PASSWORD}, 422, "'name' must be a string"),
        ({"name": "dora", "password": "short"}, 422, "'password' must be a string of 8 to 256"),
        ({"name": "dora", "password": PASSWORD, "email": "no-at-sign"}, 422, "'email' must be an e-mail"),
        ({"name": "dora", "password": PASSWORD, "admin": True}, 422, "unknown field 'admin'"),
        ({"name": "dora", "password": "\ud800" * 8}, 422, "'password' must be a string of 8 to 256"),
        ({"name": "dora", "password": PASSWORD, "email": "\ud800@x.org"}, 422, "'email' must be an e-mail"),
    ]
    for body, status, error in cases:
        answer = httpx.post(url + "/api/accounts", content=json.dumps(body).encode(), headers=JSON)  # \u escapes
        assert answer.status_code == status and error in answer.json()["error"], (body, answer.text)
        assert "set-cookie" not in answer.headers
    assert httpx.post(url + "/api/accounts", content=b"{nope", headers=JSON).status_code == 400
    assert httpx.post(url + "/api/session", json={"name": "dora", "password": 5}).status_code == 401
    assert httpx.post(url + "/api/session", content=json.dumps({"name": "dora", "password": "\udfff" * 9}).encode(),
                      headers=JSON).status_code == 401
    browser = Browser(url)
    assert browser.sign_up("dora").status_code == 201               # nothing of the above was kept
    short = browser.change_password(PASSWORD, "short")
    assert short.status_code == 422 and "'new_password'" in short.json()["error"]
    surrogate = browser.request("POST", "/api/me/password",
                                content=json.dumps({"password": "\ud800" * 9, "new_password": "x" * 9}).encode())
    assert surrogate.status_code == 422 and "'password'" in surrogate.json()["error"]
    assert browser.sign_in("dora").status_code == 200               # the password did not change
    assert browser.attach("no-such-table", "whatever").status_code == 404
    browser.close()


def test_cookies_are_secure_when_asked(start_server, sqlite_url):
    server = start_server(sqlite_url, "--secure-cookies", "on", "--session-seconds", "3600")
    answer = httpx.post(server.url + "/api/accounts", json={"name": "emil", "password": PASSWORD})
    for cookie in answer.headers.get_list("set-cookie"):
        assert "Secure" in cookie and "Max-Age=3600" in cookie, cookie


def test_no_body_nor_cookie_makes_an_account_endpoint_fail_with_a_server_error(start_server, sqlite_url):
    """Random bodies, names, passwords, cookies and CSRF headers at every account endpoint: each
    answer is a 2xx, or a 4xx with a JSON error naming what is wrong, never a server error."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    server = start_server(sqlite_url, "--account-attempts", "0")
    browser = Browser(server.url)
    assert browser.sign_up("fuzzed").status_code == 201
    table = create(server.url, "kingsburg", ["human", "open"])
    session = browser.http.cookies["ludoteka_session"]
    text = st.text(max_size=12) | st.sampled_from(["", "\ud800", "x" * 5000, "a\x00b", "é" * 40, "fuzzed",
                                                    PASSWORD, "Ǆ" * 3])
    junk = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | text | st.lists(text, max_size=2)
    bodies = st.dictionaries(st.sampled_from(["name", "password", "new_password", "email", "seat", "x"]),
                             junk | text, max_size=4)
    endpoints = st.sampled_from([("POST", "/api/accounts"), ("POST", "/api/session"), ("DELETE", "/api/session"),
                                 ("GET", "/api/me"), ("POST", "/api/me/password"), ("DELETE", "/api/me/sessions"),
                                 ("GET", "/api/me/tables"), ("POST", "/api/me/tables/{}"),
                                 ("DELETE", "/api/me/tables/{}"), ("POST", "/api/accounts/reset"),
                                 ("POST", "/api/tables/{}/join")])
    cookies = st.sampled_from([None, session, "forged", "x" * 300])
    csrf = st.sampled_from([None, browser.csrf, "0" * 64, "é"])

    @settings(max_examples=120, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(endpoint=endpoints, body=bodies | junk, cookie=cookies, token=csrf,
           seat_token=st.sampled_from([None, table["seats"][0]["token"], "forged"]))
    def one_request(endpoint, body, cookie, token, seat_token):
        method, path = endpoint
        headers = {"X-CSRF-Token": token} if token and token.isascii() else {}
        headers["Content-Type"] = "application/json"
        if seat_token:
            headers["Authorization"] = f"Bearer {seat_token}"
        answer = httpx.request(method, server.url + path.format(table["id"]), headers=headers,
                               cookies={"ludoteka_session": cookie} if cookie else None,
                               content=json.dumps(body).encode() if method != "GET" else None)
        # (The reset answers 501 by design: this server sends no e-mail.)
        allowed = 502 if path == "/api/accounts/reset" else 500
        assert answer.status_code < allowed, (method, path, body, answer.text[:300])
        if answer.status_code >= 400:
            assert answer.json()["error"], answer.text
    one_request()
    browser.close()


def test_the_names_of_the_accounts_that_own_seats_are_shown_at_the_table(database, start_server):
    """A seat an account owns shows the account's name to everyone at the table, at once on an
    open socket, after a restart too; a seat nobody's account owns shows none; letting go of the
    table takes the name away."""
    server = start_server(database)
    home = Browser(server.url)
    assert home.sign_up("basil").status_code == 201
    table = create(server.url, "kingsburg", ["human", "human"])
    tokens = {s["seat"]: s["token"] for s in table["seats"]}

    def players(url: str) -> list[str | None]:
        return [s.get("player") for s in httpx.get(f"{url}/api/tables/{table['id']}").json()["seats"]]
    assert players(server.url) == [None, None]

    async def watched_attach() -> dict:
        spectator = await SeatClient(server.url, table["id"], None).open()
        await spectator.frame()
        assert (await asyncio.to_thread(home.attach, table["id"], tokens[0])).status_code == 200
        named = await spectator.frame(timeout=10)
        await spectator.close()
        return named
    named = asyncio.run(watched_attach())
    assert [s.get("player") for s in named["seats"]] == ["basil", None]
    assert players(server.url) == ["basil", None]
    server.stop()
    server = start_server(database)
    assert players(server.url) == ["basil", None]
    home.close()
    home = Browser(server.url)
    assert home.sign_in("basil").status_code == 200
    assert home.request("DELETE", f"/api/me/tables/{table['id']}").json()["detached"] == 1
    assert players(server.url) == [None, None]
    home.close()
