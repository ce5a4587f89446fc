"""Server settings: where the database is, Redis, limits; defaults that suit one machine."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def data_dir() -> Path:
    """The user's data directory for ludoteka (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludoteka"


def default_database_url() -> str:
    """`LUDOTEKA_DATABASE_URL`, else a SQLite file in the user's data directory."""
    url = os.environ.get("LUDOTEKA_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'server.sqlite3'}"


@dataclass
class Settings:
    """Everything `create_app` needs; the command line and tests fill it in."""

    database_url: str
    redis_url: str | None = None            # set: several processes share updates through Redis
    public_url: str = "http://127.0.0.1:8000"   # how join links start
    ai_workers: int = 0                     # 0: one per core
    snapshot_every: int = 50                # a saved state every N log entries keeps restarts fast
    rate_per_second: float = 100.0          # per client address; a flood gets 429
    rate_burst: int = 400
    ai_delay: float = 0.0                   # seconds an AI waits before moving (for people to follow)
    # A client names AI levels only; raw agent specs (`ai:ismcts:seconds=3600`) are the operator's
    # choice. Every decision, of any level and of the turn timer, thinks at most `ai_seconds`.
    allow_agent_specs: bool = False
    ai_seconds: float = 5.0
    # A hint (hints.py) is the AI's analysis with this many iterations per search; the operator's
    # choice, never a client's.
    hint_budget: int = 300
    # After a game, a review of each human seat (reviews.py) at this many search iterations and
    # paired samples per decision, in one low-priority process (0: no reviews).
    review_budget: int = 100
    # Quotas per client address (0: no limit): unfinished tables it created, those with a turn
    # timer, and the shortest timer (a 1 s timer on many abandoned tables keeps the AI pool busy).
    max_open_tables: int = 20
    max_timed_tables: int = 5
    min_turn_seconds: float = 30.0
    # WebSocket limits (0: no limit): connections per address, spectators per table, frames a
    # second per socket (bursts of twice as many), hello or not.
    sockets_per_address: int = 50
    spectators_per_table: int = 500
    frames_per_second: float = 50.0
    # A table with no human move for `abandon_after` seconds is closed as abandoned; one nobody
    # asked for in `idle_after` seconds (no socket, nothing to do) leaves memory until asked
    # for again (0: never).
    abandon_after: float = 14 * 24 * 3600.0
    idle_after: float = 600.0
    # Several processes (with Redis): the process that keeps a table going (AI seats, turn
    # timer) holds a lease in the database for `lease_seconds`, renewed a third of that; a
    # live process takes over a table whose lease ran out. Every `version_check` seconds each
    # process compares the versions of the tables it holds with the log (a lost notification
    # is caught up then at the latest).
    lease_seconds: float = 10.0
    version_check: float = 2.0
    json_access_log: bool = False           # one JSON line a request (accesslog.py)
    # Signs every downloaded record (kernel/signing.py); None: records go out unsigned. Kept out
    # of the repr so that no log of the settings shows it.
    record_key: bytes | None = field(default=None, repr=False)
    # Accounts (optional; accounts.py): how long a session lasts, whether its cookie is Secure
    # (None: when `public_url` is https), and attempts to sign in or up a minute per client
    # address (per account name: half as many; 0: no limit).
    session_seconds: float = 30 * 24 * 3600.0
    secure_cookies: bool | None = None
    account_attempts: int = 10
    # Turn-based tables (turns.py): a decision's time limit from `turn_min_seconds` to
    # `turn_max_seconds`, a pause all human seats agree to of at most `max_pause_days`, and a
    # table with no human move for `turn_abandon_turns` of its time limits is closed as abandoned
    # (its own limit, not `abandon_after`).
    turn_min_seconds: float = 3600.0
    turn_max_seconds: float = 14 * 24 * 3600.0
    max_pause_days: int = 14
    turn_abandon_turns: float = 3.0
    # E-mail notifications (mail.py, notify.py); no `smtp_url`: no mail. At most one mail per
    # account and table every `mail_period` seconds; a hanging server gives up after `smtp_timeout`.
    smtp_url: str | None = None             # smtp://HOST:PORT (smtps:// for TLS from the start)
    mail_from: str | None = None
    smtp_starttls: bool = False
    smtp_user: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    mail_period: float = 3600.0
    smtp_timeout: float = 30.0
    # Web Push (push.py): the operator's VAPID private key (PEM file) and the contact the push
    # services see ("mailto:…"); no key: no push. `push_http`: plain-http endpoints are taken too
    # (tests with a local push service only).
    vapid_key_file: str | None = None
    vapid_subject: str | None = None
    push_http: bool = False
