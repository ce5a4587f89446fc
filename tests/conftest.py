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


# The long tests first (the servers', the browser's, the long AI and random-play ones): xdist
# hands tests out in this order, so these start early and both workers end together on short
# ones. The servers' before the browser's: once a worker has started Playwright, its event loop
# runs in that worker's thread and the servers' tests could no longer call asyncio.run.
LONG_FIRST = ("tests/server/", "tests/web/test_whole_games.py", "tests/web/", "tests/notre_dame/test_ai_plague.py",
              "tests/envs/test_openspiel.py", "tests/messina/test_random_play.py", "tests/tools/test_random_net.py",
              "tests/tools/test_distribute.py")


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        return next((i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), len(LONG_FIRST))
    items.sort(key=rank)
