"""A flood of requests from one address gets 429, not a slower server for everyone."""
from __future__ import annotations

import json
import time


# The answer to a request over the rate, built once: a flood is refused thousands of times a second.
TOO_MANY_BODY = json.dumps({"error": "too many requests: slow down", "status": 429}).encode()
TOO_MANY_HEADERS = ((b"content-type", b"application/json"), (b"retry-after", b"1"),
                    (b"content-length", str(len(TOO_MANY_BODY)).encode()))


class RateLimit:
    """ASGI middleware: a token bucket per client address for HTTP requests (`rate` a second,
    bursts of `burst`). WebSocket frames have their own limit (`sockets`)."""

    def __init__(self, app, rate: float, burst: int):
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and self.rate > 0:
            client = (scope.get("client") or ("?", 0))[0]
            now = time.monotonic()
            tokens, then = self.buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens < 1:
                self.buckets[client] = (tokens, now)
                # (a list of its own: a middleware outside may add headers to it)
                await send({"type": "http.response.start", "status": 429, "headers": list(TOO_MANY_HEADERS)})
                await send({"type": "http.response.body", "body": TOO_MANY_BODY})
                return
            self.buckets[client] = (tokens - 1, now)
            if len(self.buckets) > 100_000:          # forget idle addresses
                self.buckets.clear()
        await self.app(scope, receive, send)


class Buckets:
    """Token buckets by key, the same arithmetic as `RateLimit`'s, for limits the middleware
    cannot see: attempts to sign in or up, per address and per account name (accounts.py)."""

    def __init__(self, rate: float, burst: int, most_keys: int = 100_000):
        self.rate, self.burst, self.most_keys = rate, burst, most_keys
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> bool:
        """Spend one token of `key`'s bucket; False (nothing spent) when it is empty. A rate of
        0 means no limit."""
        if self.rate <= 0:
            return True
        now = time.monotonic()
        tokens, then = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > self.most_keys:       # forget idle keys
            self.buckets.clear()
        return True
