"""An account's notification channels (issue 25 §2): e-mail (the address set or changed by the
user), Web Push and in-page, read and changed through the API with the session and its CSRF
token, on SQLite and PostgreSQL; the server says whether it sends mail at all."""
from __future__ import annotations

import time

import httpx

from server_kit import create

from .accounts_kit import Browser
from .test_mail import Inbox, _move, _turn_back, smtp  # noqa: F401  (the fixture)

DEFAULTS = {"email": True, "push": True, "page": True}


def test_channels_are_the_accounts_choice_and_checked(database, start_server):
    server = start_server(database)
    assert httpx.get(server.url + "/api/me/notifications", timeout=30).status_code == 401
    eva = Browser(server.url)
    assert eva.sign_up("Eva").status_code == 201
    assert eva.me()["mail"] is False                       # no SMTP server: no mail, and it says so
    shown = eva.request("GET", "/api/me/notifications").json()
    assert shown == {"email": None, "channels": DEFAULTS, "mail": False, "push": False, "period": 3600.0}
    refused = eva.request("POST", "/api/me/notifications", csrf=False, json={"channels": {"page": False}})
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    for body, wanted in (({"channels": {"sms": True}}, "'channels' must be an object of email, push, page"),
                         ({"channels": {"email": "yes"}}, "true or false"),
                         ({"channels": ["email"]}, "'channels' must be"),
                         ({"email": "not an address"}, "'email' must be an e-mail address"),
                         ({"phone": "1"}, "unknown field 'phone'")):
        answer = eva.request("POST", "/api/me/notifications", json=body)
        assert answer.status_code == 422 and wanted in answer.json()["error"], (body, answer.text)
    assert eva.request("GET", "/api/me/notifications").json() == shown         # nothing half-changed
    changed = eva.request("POST", "/api/me/notifications",
                          json={"email": "eva@example.org", "channels": {"page": False}})
    assert changed.status_code == 200, changed.text
    wanted = {"email": "eva@example.org", "channels": {"email": True, "push": True, "page": False},
              "mail": False, "push": False, "period": 3600.0}
    assert changed.json() == wanted
    laptop = Browser(server.url)                           # the choice is the account's, on any device
    assert laptop.sign_in("Eva").status_code == 200
    assert laptop.request("GET", "/api/me/notifications").json() == wanted
    assert laptop.me()["account"]["email"] == "eva@example.org"
    cleared = laptop.request("POST", "/api/me/notifications", json={"email": None})
    assert cleared.json()["email"] is None and cleared.json()["channels"] == wanted["channels"]


def test_mail_goes_to_the_address_the_user_set(sqlite_url, start_server, smtp):  # noqa: F811
    smtp_url, inbox = smtp
    server = start_server(sqlite_url, "--smtp-url", smtp_url, "--mail-from", "ludoteka@example.org",
                          "--mail-period", "0")
    table = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=86400, turn_based=True)
    token = next(s["token"] for s in table["seats"] if s["seat"] == 0)
    eva = Browser(server.url)
    assert eva.sign_up("Eva").status_code == 201 and eva.attach(table["id"], token).status_code == 200
    assert eva.request("GET", "/api/me/notifications").json()["mail"] is True
    for _ in range(3):
        assert _move(server.url, table["id"], token)[0].status_code == 200
    time.sleep(1.5)
    assert inbox.mails == []                               # no address: no mail
    assert eva.request("POST", "/api/me/notifications", json={"email": "eva@example.net"}).status_code == 200
    _turn_back(server.url, table["id"], token)             # her turn, which holds while the mail goes
    assert len(inbox.wait("eva@example.net", 1)) == 1 and len(inbox.mails) == 1
