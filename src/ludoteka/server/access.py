"""Who may read a finished game's record, log and replay.

An open game (a seat anyone may claim, or AI seats only) is public once over. A private game (its
people were invited by secret links: human or hot seats, no open seat) stays private: its record,
log and replay need one of its seat tokens or its share link, which any of its seats may hand
out. The share token is an HMAC of the table id with the server's secret (the record key), so it
needs no storage, survives restarts and is the same in every process given the same key.
"""
from __future__ import annotations

import base64
import hashlib
import hmac

from .live import ApiError, LiveTable

INVITED = ("human", "hotseat")


def is_private(seat_kinds: list[str]) -> bool:
    """Whether a table of these seat kinds is invite-only (see the module docstring)."""
    kinds = [spec.split(":", 1)[0] for spec in seat_kinds]
    return any(k in INVITED for k in kinds) and "open" not in kinds


def share_token(secret: bytes, table_id: str) -> str:
    """The share token of a table: who holds it may read the finished game."""
    digest = hmac.new(secret, b"ludoteka-share:" + table_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def may_read(table: LiveTable, token: str | None, secret: bytes) -> bool:
    """Whether `token` (a bearer token, or None) may read the finished `table`."""
    if not is_private(table.seat_kinds):
        return True
    if not token:
        return False
    return bool(table.seats_for(token)) or hmac.compare_digest(token, share_token(secret, table.id))


def check_read(table: LiveTable, token: str | None, secret: bytes) -> None:
    """403 unless `token` may read the finished `table`."""
    if not may_read(table, token, secret):
        raise ApiError(403, "this game was private: its record, log and replay need a seat token or "
                            "its share link (a seat makes one: POST /api/tables/ID/share)")
