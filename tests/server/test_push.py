"""Web Push (issue 25 §2) on SQLite and PostgreSQL, up to the signed request: a browser's
subscription is stored through the API, and when it is that account's turn the server posts to
the push service (a local HTTP server here) with a VAPID Authorization header signed by the
operator's key and an aes128gcm body that only the subscribed browser can decrypt, holding the
public facts of the turn and nothing else; a subscription the service says is gone is dropped."""
from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from server_kit import create

from .accounts_kit import Browser
from .test_mail import _move, _turn_back


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _point(key) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


class PushService:
    """A push service on a free local port: keeps every request; `/gone/…` answers 410."""

    def __init__(self):
        self.requests: list[dict] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def wait(self, path: str, count: int, seconds: float = 15.0) -> list[dict]:
        deadline = time.time() + seconds
        while time.time() < deadline and len(self.to(path)) < count:
            time.sleep(0.05)
        return self.to(path)

    def to(self, path: str) -> list[dict]:
        return [r for r in self.requests if r["path"] == path]


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.http.shutdown()


def test_a_turn_is_pushed_signed_and_encrypted_to_the_subscribed_browser(database, start_server, tmp_path,
                                                                         push_service):
    vapid = ec.generate_private_key(ec.SECP256R1())
    key_file = tmp_path / "vapid.pem"
    key_file.write_bytes(vapid.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                             serialization.NoEncryption()))
    server = start_server(database, "--vapid-key-file", str(key_file), "--vapid-subject", "mailto:op@example.org",
                          "--push-http-endpoints", "--mail-period", "0")
    assert httpx.get(server.url + "/api/push/key", timeout=30).json() == {"key": _b64(_point(vapid))}
    table = create(server.url, "kingsburg", ["human", "ai:random"], turn_seconds=86400, turn_based=True)
    token = next(s["token"] for s in table["seats"] if s["seat"] == 0)
    eva = Browser(server.url)
    assert eva.sign_up("Eva").status_code == 201 and eva.attach(table["id"], token).status_code == 200
    assert eva.request("GET", "/api/me/notifications").json()["push"] is True
    browser_key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
    subscription = {"endpoint": push_service.url + "/push/eva", "keys": {"p256dh": _b64(_point(browser_key)),
                                                                         "auth": _b64(auth)}}
    assert eva.request("POST", "/api/me/push", csrf=False, json=subscription).status_code == 403
    for bad, wanted in (({**subscription, "endpoint": "file:///etc/passwd"}, "'endpoint'"),
                        ({**subscription, "keys": {"p256dh": "AAAA", "auth": _b64(auth)}}, "P-256"),
                        ({"endpoint": subscription["endpoint"]}, "'keys'")):
        answer = eva.request("POST", "/api/me/push", json=bad)
        assert answer.status_code == 422 and wanted in answer.json()["error"], answer.text
    assert eva.request("POST", "/api/me/push", json=subscription).status_code == 201
    gone = {"endpoint": push_service.url + "/gone/old", "keys": subscription["keys"]}
    assert eva.request("POST", "/api/me/push", json=gone).status_code == 201
    # Until the AI's answer makes it her turn, which lasts while she does not move: the notice
    # holds when it is sent, however loaded the machine (one sent late for a turn already
    # played is dropped, so moving on after a short wait could starve the test).
    _turn_back(server.url, table["id"], token)
    [request] = push_service.wait("/push/eva", 1)[:1]
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["content-encoding"] == "aes128gcm" and headers["ttl"] == "86400"
    # The VAPID header: a JWT signed with the operator's key, for this push service.
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == _b64(_point(vapid))
    head, claims, signature = fields["t"].split(".")
    raw = _unb64(signature)
    vapid.public_key().verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                              f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(_unb64(claims))
    assert claims["aud"] == push_service.url and claims["sub"] == "mailto:op@example.org"
    assert claims["exp"] > time.time()
    # The body: only the subscribed browser's key opens it, and it holds the public facts only.
    message = json.loads(http_ece.decrypt(request["body"], private_key=browser_key, auth_secret=auth,
                                          version="aes128gcm"))
    assert message == {"title": f"Your turn: Kingsburg (table {table['id']})",
                       "body": f"It is your turn at Kingsburg (seat 0, table {table['id']}).",
                       "url": f"{server.url}/seat/{table['id']}", "tag": f"ludoteka-{table['id']}"}
    with pytest.raises(Exception):
        http_ece.decrypt(request["body"], private_key=ec.generate_private_key(ec.SECP256R1()),
                         auth_secret=auth, version="aes128gcm")
    # The gone subscription was dropped after its 410: the next turn reaches only Eva's browser.
    assert len(push_service.wait("/gone/old", 1)) == 1
    pushed = len(push_service.to("/push/eva"))
    _turn_back(server.url, table["id"], token)
    assert len(push_service.wait("/push/eva", pushed + 1)) > pushed and len(push_service.to("/gone/old")) == 1
    # Push off: nothing more.
    assert eva.request("POST", "/api/me/notifications", json={"channels": {"push": False}}).status_code == 200
    before = len(push_service.requests)
    for _ in range(3):
        assert _move(server.url, table["id"], token)[0].status_code == 200
    time.sleep(1.5)
    assert len(push_service.requests) == before
    removed = eva.request("DELETE", "/api/me/push", json={"endpoint": subscription["endpoint"]})
    assert removed.json() == {"removed": 1}


def test_no_push_without_a_vapid_key(sqlite_url, start_server):
    server = start_server(sqlite_url)
    assert httpx.get(server.url + "/api/push/key", timeout=30).json() == {"key": None}
    eva = Browser(server.url)
    assert eva.sign_up("Eva").status_code == 201
    answer = eva.request("POST", "/api/me/push", json={"endpoint": "https://push.example/x", "keys": {}})
    assert answer.status_code == 404 and "no VAPID key" in answer.json()["error"]
