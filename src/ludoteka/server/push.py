"""Web Push (issue 25 §2; docs/server.md, "Notifications"): the browsers' push subscriptions of
each account, and the signed, encrypted push messages sent to them (pywebpush: a VAPID-signed
`Authorization` header and an aes128gcm body only the subscribed browser can read).

Offered only where the operator configured a VAPID key (`serve --vapid-key-file`). A message
carries the same public facts as a mail (notify.notice_of), never anything of a seat's view. A
subscription the push service says is gone (404, 410) is deleted.
"""
from __future__ import annotations

import base64
import hashlib
import json
import time
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Column, Float, ForeignKey, String, Table, Text, delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .config import Settings
from .live import ApiError
from .store import METADATA

try:                             # (the `server` extra pins them; without them no push is offered)
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    from py_vapid import Vapid
except ImportError:              # pragma: no cover
    Vapid = None

PUSH_SUBSCRIPTIONS = Table(
    "push_subscriptions", METADATA,
    Column("id", String(64), primary_key=True),                 # SHA-256 of the endpoint
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(128), nullable=False),              # the browser's public key
    Column("auth", String(64), nullable=False),                 # and its authentication secret
    Column("created", Float, nullable=False),
)
MAX_SUBSCRIPTIONS = 10           # browsers per account (the oldest goes beyond)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def check_subscription(body: Any, allow_http: bool = False) -> tuple[str, str, str]:
    """(endpoint, p256dh, auth) of a browser's PushSubscription JSON; 422 naming what is wrong.
    The endpoint must be https (the server posts to it: no plain http to anywhere else, unless
    the operator allows it for tests)."""
    if not isinstance(body, dict):
        raise ApiError(422, "the body must be a PushSubscription: {endpoint, keys: {p256dh, auth}}")
    endpoint, keys = body.get("endpoint"), body.get("keys")
    schemes = ("https", "http") if allow_http else ("https",)
    if not isinstance(endpoint, str) or len(endpoint) > 2000 or urlsplit(endpoint).scheme not in schemes \
            or not urlsplit(endpoint).hostname:
        raise ApiError(422, "'endpoint' must be the push service's https URL")
    if not isinstance(keys, dict) or not all(isinstance(keys.get(k), str) for k in ("p256dh", "auth")):
        raise ApiError(422, "'keys' must hold the browser's 'p256dh' and 'auth' (base64url)")
    try:
        point = base64.urlsafe_b64decode(keys["p256dh"] + "=" * (-len(keys["p256dh"]) % 4))
        secret = base64.urlsafe_b64decode(keys["auth"] + "=" * (-len(keys["auth"]) % 4))
    except ValueError:
        raise ApiError(422, "'keys' must be base64url") from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise ApiError(422, "'keys.p256dh' must be a P-256 public key (65 bytes) and 'keys.auth' 16 bytes")
    return endpoint, keys["p256dh"], keys["auth"]


class PushStore:
    """The subscriptions in the server's database (synchronous: for worker threads)."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def add(self, account_id: str, endpoint: str, p256dh: str, auth: str) -> None:
        """Keep a browser's subscription for the account (the same endpoint again replaces it)."""
        key = hashlib.sha256(endpoint.encode()).hexdigest()
        with self.engine.begin() as c:
            c.execute(delete(PUSH_SUBSCRIPTIONS).where(PUSH_SUBSCRIPTIONS.c.id == key))
            try:
                c.execute(insert(PUSH_SUBSCRIPTIONS).values(id=key, account_id=account_id, endpoint=endpoint,
                                                            p256dh=p256dh, auth=auth, created=time.time()))
            except IntegrityError:      # (the account is gone)
                return
            old = [r.id for r in c.execute(select(PUSH_SUBSCRIPTIONS.c.id).where(
                PUSH_SUBSCRIPTIONS.c.account_id == account_id).order_by(PUSH_SUBSCRIPTIONS.c.created.desc())
                .offset(MAX_SUBSCRIPTIONS))]
            if old:
                c.execute(delete(PUSH_SUBSCRIPTIONS).where(PUSH_SUBSCRIPTIONS.c.id.in_(old)))

    def remove(self, account_id: str | None, endpoint: str) -> int:
        """Forget a subscription (of `account_id`; None: whoever's)."""
        key = hashlib.sha256(endpoint.encode()).hexdigest()
        where = [PUSH_SUBSCRIPTIONS.c.id == key]
        if account_id is not None:
            where.append(PUSH_SUBSCRIPTIONS.c.account_id == account_id)
        with self.engine.begin() as c:
            return c.execute(delete(PUSH_SUBSCRIPTIONS).where(*where)).rowcount

    def of(self, account_id: str) -> list[dict[str, Any]]:
        """The account's subscriptions."""
        with self.engine.connect() as c:
            return [dict(r._mapping) for r in c.execute(select(PUSH_SUBSCRIPTIONS).where(
                PUSH_SUBSCRIPTIONS.c.account_id == account_id))]


def _pywebpush() -> Any:
    """pywebpush, imported when a Pusher is made: it brings aiohttp (half a second at every
    start of every server) and only a server with a VAPID key sends pushes."""
    try:
        if Vapid is None:        # pragma: no cover
            raise ImportError("py_vapid")
        import pywebpush
    except ImportError as exc:   # pragma: no cover
        raise RuntimeError("Web Push needs pywebpush (pip install 'ludoteka[server]')") from exc
    return pywebpush


class Pusher:
    """Signs and sends push messages with the operator's VAPID key (blocking: in a thread)."""

    def __init__(self, settings: Settings, store: PushStore):
        self.webpush = _pywebpush()
        with open(settings.vapid_key_file, encoding="ascii") as f:
            self.vapid = Vapid.from_pem(f.read().encode())
        self.subject = settings.vapid_subject or f"mailto:{settings.mail_from or 'operator@localhost'}"
        self.store = store
        self.timeout = settings.smtp_timeout
        # The browsers' applicationServerKey: the public key as an uncompressed point.
        point = self.vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.public_key = _b64(point)

    def send(self, account_id: str, payload: dict[str, Any]) -> int:
        """Push `payload` (JSON) to every browser of the account; returns how many took it."""
        sent = 0
        for row in self.store.of(account_id):
            info = {"endpoint": row["endpoint"], "keys": {"p256dh": row["p256dh"], "auth": row["auth"]}}
            try:
                self.webpush.webpush(info, json.dumps(payload), vapid_private_key=self.vapid,
                                  vapid_claims={"sub": self.subject}, timeout=self.timeout, ttl=24 * 3600)
                sent += 1
            except self.webpush.WebPushException as exc:
                if exc.status_code in (404, 410):        # the browser unsubscribed
                    self.store.remove(None, row["endpoint"])
                else:
                    raise
        return sent
