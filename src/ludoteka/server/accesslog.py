"""The access log as JSON lines (`ludoteka serve --access-log json`): one object a request or
WebSocket, for log collectors. It names the client address, method, path (never the query, which
may hold a replay's seat, nor a header: tokens travel in headers and fragments only), status,
answer size and duration."""
from __future__ import annotations

import json
import logging
import sys
import time

log = logging.getLogger("ludoteka.access")


def json_lines_handler(stream=None) -> logging.Handler:
    """A handler that writes each access record's message alone, one line each."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    return handler


class JsonAccessLog:
    """ASGI middleware: one JSON line on `ludoteka.access` per HTTP request and WebSocket."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        seen = {"status": None, "bytes": 0}

        async def sending(message):
            kind = message["type"]
            if kind == "http.response.start":
                seen["status"] = message["status"]
            elif kind == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            elif kind == "websocket.accept":
                seen["status"] = 101
            elif kind == "websocket.close" and seen["status"] is None:
                seen["status"] = 403                  # refused before it was accepted
            await send(message)
        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client") or ("?", 0)
            log.info(json.dumps({
                "time": round(time.time(), 3), "client": client[0],
                "method": scope.get("method", "WEBSOCKET"), "path": scope.get("path", ""),
                "status": seen["status"] if seen["status"] is not None else 500,
                "bytes": seen["bytes"], "ms": round((time.perf_counter() - started) * 1000, 2)},
                ensure_ascii=True))
