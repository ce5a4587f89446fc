"""What an operator's tools ask a server process: `/healthz` (liveness), `/readyz` (the database
and Redis answer) and `/metrics` (Prometheus)."""
from __future__ import annotations

import asyncio

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .hub import Hub
from .metrics import Metrics
from .store import Store
from .tables import Tables

READY_SECONDS = 2.0          # a database or Redis slower than this counts as unreachable


def operations_routes(store: Store, hub: Hub, tables: Tables, metrics: Metrics) -> list[Route]:
    """The routes of the operator's endpoints."""

    async def healthz(request: Request) -> Response:
        # Liveness: the process answers (its event loop is not stuck); nothing else is checked,
        # so a database outage never gets live processes restarted.
        return JSONResponse({"status": "ok"})

    def select_one() -> None:
        with store.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    async def readyz(request: Request) -> Response:
        # Readiness: the database and Redis answer. What is down is named, never where it is.
        checks = {"database": True}
        if hub.redis_url:                  # one process alone needs no Redis
            checks["redis"] = await hub.ready(READY_SECONDS)
        try:
            await asyncio.wait_for(tables.db(select_one), READY_SECONDS)
        except Exception:              # down, refused, timed out: not ready, whatever the reason
            checks["database"] = False
        ready = all(checks.values())
        return JSONResponse({"status": "ready" if ready else "unavailable",
                             **{name: "ok" if ok else "unreachable" for name, ok in checks.items()}},
                            status_code=200 if ready else 503)

    async def prometheus(request: Request) -> Response:
        return Response(metrics.text(), media_type=metrics.content_type)

    return [Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", prometheus)]
