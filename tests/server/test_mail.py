"""E-mail notifications of turn-based tables (issue 25 §2), against a real local SMTP server
(aiosmtpd) on SQLite and PostgreSQL: a mail when it is your turn with a working link to the
seat and a one-click unsubscribe, batched to one per table and period, never delaying a move
(even with an SMTP server that hangs), and never telling anything of a seat's view."""
from __future__ import annotations

import email
import email.policy
import socket
import threading
import time
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from ludoteka.server.config import Settings
from ludoteka.server.mail import compose
from server_kit import create, free_port

from .accounts_kit import Browser

DAY = 86400.0


class Inbox:
    """An aiosmtpd handler keeping every mail it receives (with when it came)."""

    def __init__(self):
        self.mails: list[tuple[float, Any]] = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.mails.append((time.time(), message))
        return "250 OK"

    def to(self, address: str) -> list[Any]:
        return [m for _, m in self.mails if m["To"] == address]

    def wait(self, address: str, count: int, seconds: float = 45.0) -> list[Any]:
        deadline = time.time() + seconds
        while time.time() < deadline and len(self.to(address)) < count:
            time.sleep(0.05)
        return self.to(address)


@pytest.fixture
def smtp():
    """A real SMTP server on a free local port: (its URL, its inbox)."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield f"smtp://127.0.0.1:{controller.port}", inbox
    controller.stop()


def _player(url: str, name: str, table: dict, seat: int) -> Browser:
    """A signed-in account with an address that owns `seat` of `table`."""
    browser = Browser(url)
    assert browser.sign_up(name, email=f"{name.lower()}@example.org").status_code == 201
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    assert browser.attach(table["id"], token).status_code == 200
    browser.token = token
    return browser


def _move(url: str, table_id: str, token: str) -> tuple[httpx.Response, float]:
    """The seat's first legal move once it is to act; returns the answer and how long it took."""
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(200):
        frame = httpx.get(f"{url}/api/tables/{table_id}", headers=headers, timeout=30).json()
        if frame["actions"]:
            break
        time.sleep(0.05)
    started = time.perf_counter()
    answer = httpx.post(f"{url}/api/tables/{table_id}/actions", headers=headers, timeout=30,
                        json={"key": frame["actions"][0]["key"], "version": frame["version"]})
    return answer, time.perf_counter() - started


def _turn_back(url: str, table_id: str, token: str) -> None:
    """Moves of the seat until the AI's answer gives it the turn back (each such turn is a notice)."""
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(20):
        assert _move(url, table_id, token)[0].status_code == 200
        for _ in range(100):
            frame = httpx.get(f"{url}/api/tables/{table_id}", headers=headers, timeout=30).json()
            if frame["actions"]:
                break
            time.sleep(0.05)
        if frame["last"]["by"] == "ai":
            return
    raise AssertionError("the AI never gave the turn back")


def test_your_turn_mail_links_the_seat_and_unsubscribes_in_one_click(database, start_server, smtp):
    smtp_url, inbox = smtp
    server = start_server(database, "--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org")
    table = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=DAY, turn_based=True)
    eva = _player(server.url, "Eva", table, 0)
    assert eva.me()["mail"] is True
    assert _move(server.url, table["id"], eva.token)[0].status_code == 200    # the AI answers: Eva's turn
    [mail] = inbox.wait("eva@example.org", 1)
    assert mail["From"] == "ludoteka@example.org"
    assert mail["Subject"] == f"Your turn: Kingsburg (table {table['id']})"
    body = mail.get_content().replace("\r\n", "\n")
    link = f"{server.url}/seat/{table['id']}"
    assert f"Open your seat: {link}\n" in body
    # The link opens Eva's seat on any device she is signed in on; others get the table page.
    opened = eva.http.get(link)
    assert opened.status_code == 303 and opened.headers["location"] == f"/play/{table['id']}#{eva.token}"
    assert opened.headers["cache-control"] == "no-store"
    stranger = httpx.get(link, timeout=30)
    assert stranger.status_code == 303 and stranger.headers["location"] == f"/play/{table['id']}"
    assert httpx.get(link, timeout=30, follow_redirects=True).status_code == 200     # the table page
    unsubscribe = mail["List-Unsubscribe"].strip("<>")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe.startswith(f"{server.url}/unsubscribe?") and f"with one click: {unsubscribe}" in body
    # A link scanner's GET changes nothing; the one click (a POST, as mail clients send) does.
    page = httpx.get(unsubscribe, timeout=30)
    assert page.status_code == 200 and "<form method=\"post\">" in page.text
    assert eva.request("GET", "/api/me/notifications").json()["channels"]["email"] is True
    forged = httpx.post(unsubscribe[:-3] + "xyz", data={"List-Unsubscribe": "One-Click"}, timeout=30)
    assert forged.status_code == 400 and "not valid" in forged.text
    done = httpx.post(unsubscribe, data={"List-Unsubscribe": "One-Click"}, timeout=30)    # no cookie
    assert done.status_code == 200 and "Unsubscribed" in done.text
    assert eva.request("GET", "/api/me/notifications").json()["channels"] == {"email": False, "push": True,
                                                                               "page": True}
    for _ in range(3):
        assert _move(server.url, table["id"], eva.token)[0].status_code == 200
    time.sleep(2)
    assert len(inbox.to("eva@example.org")) == 1                  # none after the unsubscribe


def test_mails_are_batched_to_one_per_table_and_period(sqlite_url, start_server, smtp):
    smtp_url, inbox = smtp
    server = start_server(sqlite_url, "--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org",
                          "--mail-period", "5")
    table = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=DAY, turn_based=True)
    other = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=DAY, turn_based=True)
    eva = _player(server.url, "Eva", table, 0)
    token = next(s["token"] for s in other["seats"] if s["seat"] == 0)
    assert eva.attach(other["id"], token).status_code == 200
    started = time.time()
    turns = 0
    while turns < 4 or time.time() - started < 1:     # Eva's turn comes back again and again
        _turn_back(server.url, table["id"], eva.token)
        turns += 1
    moved = time.time()
    _turn_back(server.url, other["id"], token)                              # and once at the other
    assert len(inbox.wait("eva@example.org", 1)) >= 1
    quiet = time.time()
    while time.time() - quiet < 6 and time.time() - moved < 40:     # until no mail came for 6 s
        count = len(inbox.mails)
        time.sleep(0.5)
        if len(inbox.mails) != count:
            quiet = time.time()
    at_table = [at for at, m in inbox.mails if table["id"] in m["Subject"]]
    at_other = [at for at, m in inbox.mails if other["id"] in m["Subject"]]
    # At most one mail per period at each table (each counted apart), the turns of a period in
    # one mail, and the turn that waited was mailed once its period was over.
    for times in (at_table, at_other):
        assert all(b - a >= 4.9 for a, b in zip(times, times[1:])), times
    assert at_other and 2 <= len(at_table) < turns, (len(at_table), turns)
    assert at_table[-1] > moved and at_table[-1] - at_table[-2] < 6.5


def test_a_hanging_smtp_server_delays_no_move(sqlite_url, start_server):
    # An SMTP server that accepts connections and never says a word.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(50)
    accepted: list[socket.socket] = []

    def accept() -> None:
        try:
            while True:
                accepted.append(listener.accept()[0])
        except OSError:                  # closed at the end of the test
            pass
    threading.Thread(target=accept, daemon=True).start()
    try:
        server = start_server(sqlite_url, "--smtp-url", f"smtp://127.0.0.1:{listener.getsockname()[1]}",
                              "--mail-from", "ludoteka@example.org", "--mail-period", "0")
        table = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=DAY, turn_based=True)
        eva = _player(server.url, "Eva", table, 0)
        times = []
        for _ in range(6):
            answer, took = _move(server.url, table["id"], eva.token)
            assert answer.status_code == 200, answer.text
            times.append(took)
        assert accepted, "the server never tried to send a mail"
        assert max(times) < 1.0, times
        assert httpx.get(server.url + "/api/me", timeout=5).status_code == 200
    finally:
        for connection in accepted:
            connection.close()
        listener.close()


def test_a_mail_tells_nothing_of_any_seats_view(database, start_server, smtp):
    smtp_url, inbox = smtp
    server = start_server(database, "--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org")
    table = create(server.url, "notre-dame", ["human", "human"], turn_seconds=DAY, turn_based=True)
    eva, jan = _player(server.url, "Eva", table, 0), _player(server.url, "Jan", table, 1)
    frames = {}
    for _ in range(40):                    # until a move makes it the other seat's turn
        acting = httpx.get(f"{server.url}/api/tables/{table['id']}", timeout=30).json()["acting"]
        mover = eva if acting[0] == 0 else jan
        for player in (eva, jan):
            frames[player.token] = httpx.get(f"{server.url}/api/tables/{table['id']}", timeout=30,
                                             headers={"Authorization": f"Bearer {player.token}"}).json()
        assert _move(server.url, table["id"], mover.token)[0].status_code == 200
        if inbox.wait("eva@example.org", 1, 0.5) or inbox.wait("jan@example.org", 1, 0.5):
            break
    [(_, mail)] = inbox.mails[:1]
    body = mail.get_content().replace("\r\n", "\n")
    to = mail["To"].split("@")[0]
    seat = 0 if to == "eva" else 1
    head = body.split("\n-- \n")[0].strip().splitlines()
    name = next(iter(frames.values()))["seats"][seat]["name"]
    assert head[:3] == [f"It is your turn at Notre Dame ({name}, table {table['id']}).", "",
                        f"Open your seat: {server.url}/seat/{table['id']}"]
    assert len(head) == 4 and head[3].startswith("Decide before ")
    # Nothing any seat alone may see: no option it had, no card of its hand.
    for frame in frames.values():
        for action in frame["actions"]:
            assert action["key"] not in body and (len(action["label"]) < 6 or action["label"] not in body)


def test_a_game_that_ends_is_mailed_to_every_seat_with_its_public_result(sqlite_url, start_server, smtp):
    smtp_url, inbox = smtp
    server = start_server(sqlite_url, "--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org",
                          "--turn-min-seconds", "1", "--min-turn-seconds", "1")
    table = create(server.url, "kingsburg", ["human", "human"], turn_seconds=5, turn_based=True,
                   at_limit="forfeit")
    _player(server.url, "Eva", table, 0)
    _player(server.url, "Jan", table, 1)
    for address in ("eva@example.org", "jan@example.org"):       # nobody moved: the table ends
        [mail] = inbox.wait(address, 1)
        assert mail["Subject"] == f"Game over: Kingsburg (table {table['id']})"
        assert mail.get_content().startswith(f"The game of Kingsburg at table {table['id']} was closed "
                                             "without a result.")


def test_a_finished_games_mail_tells_the_scores_and_winners_only():
    notice = {"table": "t1", "title": "Notre Dame", "seat": 1, "names": ["Red (seat 0)", "Blue (seat 1)"],
              "deadline": None, "at_limit": "ai", "scores": [41, 37], "winners": [0]}
    settings = Settings(database_url="sqlite://", public_url="https://play.example", mail_from="x@example.org")
    mail = compose(settings, "jan@example.org", "over", notice, "https://play.example/unsubscribe?a=1&t=2")
    assert mail["Subject"] == "Game over: Notre Dame (table t1)"
    assert mail.get_content().split("\n-- \n")[0].strip().splitlines() == [
        "The game of Notre Dame at table t1 is over.", "Scores: Red (seat 0): 41, Blue (seat 1): 37.",
        "Won by: Red (seat 0).", "", "See the table: https://play.example/seat/t1"]
