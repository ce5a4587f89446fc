"""Settings for the whole test suite."""
from __future__ import annotations

import httpx
import httpx._transports.default as _httpx_transport

# Every `httpx.get`/`httpx.post` builds a client, and every client loads certifi's CA bundle into
# a new SSL context (about 50 ms, more than the request to a local server costs). The tests make
# thousands of such plain-HTTP requests, so they share one default context; a client given its own
# `verify` or `cert` still gets its own.
_DEFAULT_SSL_CONTEXT = httpx.create_ssl_context()
_create_ssl_context = _httpx_transport.create_ssl_context


def _shared_ssl_context(verify=True, cert=None, trust_env=True):
    if verify is True and cert is None:
        return _DEFAULT_SSL_CONTEXT
    return _create_ssl_context(verify=verify, cert=cert, trust_env=trust_env)


_httpx_transport.create_ssl_context = _shared_ssl_context


# The browser's tests stay last (where their paths put them): once a worker has started
# Playwright, its event loop runs in that worker's thread and the servers' tests could no longer
# call asyncio.run. Among them the whole games by clicks go first, so that the two workers end
# together on short tests instead of one waiting for the other's whole game.
LAST = ("tests/web/test_whole_games.py", "tests/web/")


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        return next((1 + i for i, prefix in enumerate(LAST) if item.nodeid.startswith(prefix)), 0)
    items.sort(key=rank)
