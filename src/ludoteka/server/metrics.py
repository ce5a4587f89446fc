"""Prometheus metrics of one server process (`GET /metrics`; docs/server.md says what each means).

Each application has its own registry, so two apps in one process (tests) never clash. The
modules that do the work report to a `Metrics` (or to `NO_METRICS`, which counts nothing)."""
from __future__ import annotations

from typing import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Buckets in seconds: a move is a few ms on a quiet server, a commit a few ms, a decision up to
# the AI cap (--ai-seconds).
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
THINK = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5, 5.0, 10.0, 30.0)


class NoMetrics:
    """Counts nothing: the default of the modules that report."""

    def move(self, by: str, seconds: float) -> None:
        """A committed move or undo (`by`: seat, ai, timeout) and its latency."""

    def commit(self, seconds: float, entries: int) -> None:
        """A database commit of `entries` log entries."""

    def think(self, seconds: float) -> None:
        """An AI decision, from the request to the answer."""

    def ai_waiting(self, change: int) -> None:
        """AI decisions asked for and not answered yet (+1 on a request, -1 on its answer)."""

    def caught_up(self) -> None:
        """A table found behind the log by a version check or a GET/hello, and caught up."""


NO_METRICS = NoMetrics()


class Metrics(NoMetrics):
    """The process's metrics in their own registry; `open_tables` and `sockets` are read when
    Prometheus scrapes."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self, open_tables: Callable[[], float], sockets: Callable[[], float],
                 unpublished: Callable[[], float] = lambda: 0.0):
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("ludoteka_moves", "Moves and undos committed, by who made them",
                             ["by"], registry=r)
        self.latency = Histogram("ludoteka_move_seconds", "From a move's arrival to its commit",
                                 buckets=FAST, registry=r)
        self.commits = Histogram("ludoteka_db_commit_seconds", "One database commit (a batch of entries)",
                                 buckets=FAST, registry=r)
        self.thinking = Histogram("ludoteka_ai_think_seconds", "One AI decision, from the request to "
                                  "the answer (waiting for a worker included)", buckets=THINK, registry=r)
        self.queue = Gauge("ludoteka_ai_queue", "AI decisions asked for and not answered yet", registry=r)
        Gauge("ludoteka_open_tables", "Unfinished tables in this process's memory",
              registry=r).set_function(open_tables)
        Gauge("ludoteka_sockets", "Connected WebSockets", registry=r).set_function(sockets)
        # Several processes: notices Redis never got, and tables caught up without one.
        Gauge("ludoteka_redis_unpublished", "Table notices given up (Redis down or slow) since the start",
              registry=r).set_function(unpublished)
        self.catch_ups = Counter("ludoteka_tables_caught_up", "Tables found behind the log by a "
                                 "version check or a GET/hello, and caught up", registry=r)

    def move(self, by: str, seconds: float) -> None:
        self.moves.labels(by).inc()
        self.latency.observe(seconds)

    def commit(self, seconds: float, entries: int) -> None:
        self.commits.observe(seconds)

    def think(self, seconds: float) -> None:
        self.thinking.observe(seconds)

    def ai_waiting(self, change: int) -> None:
        self.queue.inc(change)

    def caught_up(self) -> None:
        self.catch_ups.inc()

    def text(self) -> bytes:
        """The exposition text for Prometheus."""
        return generate_latest(self.registry)
