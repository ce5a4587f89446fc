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
