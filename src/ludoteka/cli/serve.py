"""`ludoteka serve`: the game server (needs the `server` extra: pip install 'ludoteka[server]')."""
from __future__ import annotations

import argparse
import logging
import os
import sys

from .arguments import PREFIX, UsageError, error_line, float_in, int_in


def add_serve_parser(sub) -> None:
    """Register the `serve` command."""
    p = sub.add_parser("serve", help="run the game server (HTTP and WebSocket API; see docs/server.md)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int_in(0, 65535), default=8000, help="port (default 8000)")
    p.add_argument("--database", metavar="URL",
                   help="sqlite:///PATH or postgresql://USER@HOST/DB (default: $LUDOTEKA_DATABASE_URL, "
                        "else a SQLite file in the user's data directory)")
    p.add_argument("--redis", metavar="URL",
                   help="redis://HOST:PORT: share table updates with other server processes on the "
                        "same PostgreSQL (default: $LUDOTEKA_REDIS_URL, else none)")
    p.add_argument("--public-url", metavar="URL",
                   help="how join links start (default http://HOST:PORT)")
    p.add_argument("--ai-workers", type=int_in(0, 64), default=0,
                   help="processes for AI seats (default 0: one per core)")
    p.add_argument("--rate", type=float_in(0.0, 1e6), default=100.0,
                   help="HTTP requests a second allowed per client address, 0 for no limit (default 100)")
    p.add_argument("--ai-delay", type=float_in(0.0, 60.0), default=0.0,
                   help="seconds an AI seat waits before it moves, so people can follow (default 0)")
    p.add_argument("--ai-seconds", type=float_in(0.05, 3600.0), default=5.0,
                   help="the most seconds any AI decision may think, at every level (default 5)")
    p.add_argument("--hint-budget", metavar="N", type=int_in(1, 100_000), default=300,
                   help="iterations per search of a hint at a table (two searches; default 300, "
                        "about 1-3 s of one AI worker)")
    p.add_argument("--review-budget", type=int_in(0, 100_000), default=100,
                   help="after a game, a review of each human seat at this many search iterations per "
                        "decision, in one low-priority process (default 100; 0: no reviews)")
    p.add_argument("--allow-agent-specs", action="store_true",
                   help="let clients give AI seats raw agent specs (ai:ismcts:seconds=...), not only "
                        "levels (off: only levels, so no client can ask for a long search)")
    p.add_argument("--max-open-tables", type=int_in(0, 10**6), default=20,
                   help="unfinished tables one client address may have created, 0 for no limit (default 20)")
    p.add_argument("--max-timed-tables", type=int_in(0, 10**6), default=5,
                   help="of those, tables with a turn timer, 0 for no limit (default 5)")
    p.add_argument("--min-turn-seconds", type=float_in(1.0, 30 * 24 * 3600.0), default=30.0,
                   help="the shortest turn timer a table may have (default 30)")
    p.add_argument("--sockets-per-address", type=int_in(0, 10**6), default=50,
                   help="WebSockets one client address may hold, 0 for no limit (default 50)")
    p.add_argument("--spectators-per-table", type=int_in(0, 10**6), default=500,
                   help="spectators' WebSockets per table, 0 for no limit (default 500)")
    p.add_argument("--frames-per-second", type=float_in(0.0, 1e6), default=50.0,
                   help="WebSocket frames a second per socket (bursts of twice as many; a flood closes "
                        "it), 0 for no limit (default 50)")
    p.add_argument("--websocket-compression", action="store_true",
                   help="compress WebSocket frames (permessage-deflate): about a quarter of their size, "
                        "for a fifth more of the server's time under load (default off)")
    p.add_argument("--abandon-after", metavar="S", type=float_in(0.0, 10 * 365 * 24 * 3600.0),
                   default=14 * 24 * 3600.0,
                   help="close a table with no human move for S seconds as abandoned (default 14 days; 0: never)")
    p.add_argument("--idle-after", metavar="S", type=float_in(0.0, 10 * 365 * 24 * 3600.0), default=600.0,
                   help="a table nobody asked for in S seconds leaves memory until asked for again "
                        "(default 600; 0: never)")
    p.add_argument("--lease-seconds", metavar="S", type=float_in(0.3, 3600.0), default=10.0,
                   help="with several processes (--redis): a table's AI seats and timer are kept by one "
                        "process, which renews its lease every S/3 seconds; another takes the table "
                        "over within S seconds after it stops (default 10)")
    p.add_argument("--version-check", metavar="S", type=float_in(0.1, 3600.0), default=2.0,
                   help="with several processes: every S seconds each compares the tables it holds "
                        "with the log and catches up (a lost Redis notice is late by S at most; default 2)")
    p.add_argument("--forwarded-allow-ips", metavar="IPS",
                   help="proxies whose X-Forwarded-For names the client address that the limits count "
                        "(default: $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1; '*' trusts anyone)")
    p.add_argument("--data-dir", metavar="DIR", action="append", default=[],
                   help="a component data directory clients may play with, by its data set's id "
                        "(repeat for several; clients never name a path)")
    p.add_argument("--record-key-file", metavar="FILE",
                   help="the key that signs downloaded records (default: $LUDOTEKA_RECORD_KEY, else a "
                        "key generated once and kept next to the SQLite file or in the data directory)")
    p.add_argument("--access-log", choices=["text", "json", "off"], default="text",
                   help="the access log: uvicorn's text lines, JSON lines (one object a request: "
                        "client, method, path, status, bytes, ms), or none (default text)")
    p.add_argument("--session-seconds", metavar="S", type=float_in(1.0, 10 * 365 * 24 * 3600.0),
                   default=30 * 24 * 3600.0,
                   help="how long an account's sign-in lasts on a device (default 30 days)")
    p.add_argument("--secure-cookies", choices=["auto", "on", "off"], default="auto",
                   help="mark session cookies Secure (sent over https only): auto when --public-url is "
                        "https (default auto; 'off' for plain http on localhost)")
    p.add_argument("--account-attempts", metavar="N", type=int_in(0, 10**6), default=10,
                   help="attempts to sign in or up a minute per client address (per account name half "
                        "as many), 0 for no limit (default 10)")
    p.add_argument("--turn-min-seconds", metavar="S", type=float_in(1.0, 30 * 24 * 3600.0), default=3600.0,
                   help="turn-based tables: the shortest time limit of a decision (default 3600, 1 h)")
    p.add_argument("--turn-max-days", metavar="D", type=float_in(0.001, 30.0), default=14.0,
                   help="turn-based tables: the longest time limit of a decision, in days (default 14)")
    p.add_argument("--max-pause-days", metavar="D", type=int_in(0, 365), default=14,
                   help="turn-based tables: the longest pause all human seats may agree to (default 14; 0: none)")
    p.add_argument("--turn-abandon-turns", metavar="N", type=float_in(0.0, 1000.0), default=3.0,
                   help="turn-based tables: closed as abandoned after N of their time limits with no "
                        "human move (default 3; 0: never)")
    p.add_argument("--smtp-url", metavar="URL",
                   help="smtp://HOST:PORT (or smtps://): send e-mail notifications through this server "
                        "(default: none, no mail)")
    p.add_argument("--mail-from", metavar="ADDRESS", help="the From address of the mails (needed with --smtp-url)")
    p.add_argument("--smtp-starttls", action="store_true", help="switch the SMTP connection to TLS (STARTTLS)")
    p.add_argument("--smtp-user", metavar="NAME", help="sign in to the SMTP server as NAME")
    p.add_argument("--smtp-password-file", metavar="FILE",
                   help="the SMTP password, read from FILE (default: $LUDOTEKA_SMTP_PASSWORD)")
    p.add_argument("--mail-period", metavar="S", type=float_in(0.0, 7 * 24 * 3600.0), default=3600.0,
                   help="at most one mail per player and table every S seconds (default 3600)")
    p.add_argument("--vapid-key-file", metavar="FILE",
                   help="the VAPID private key (PEM) that signs Web Push messages (default: none, no push)")
    p.add_argument("--vapid-subject", metavar="URI",
                   help="the contact push services see, mailto:… or https://… (default mailto:MAIL_FROM)")
    p.add_argument("--push-http-endpoints", action="store_true",
                   help="accept plain-http push endpoints (tests with a local push service only)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Start uvicorn with the server application; returns when it stops.

    What it needs (the port, Redis when given, the database, the record key) is opened first: a
    failure is one line on stderr and exit status 1 (bad arguments stay status 2).
    """
    try:
        import uvicorn

        from ..server import startup
        from ..server.accesslog import json_lines_handler
        from ..server.app import create_app
        from ..server.config import Settings, default_database_url
    except ImportError as exc:
        raise UsageError(f"the server needs the 'server' extra (missing {exc.name}): "
                         "pip install 'ludoteka[server]'") from None
    database = args.database or default_database_url()
    if args.smtp_url and not args.smtp_url.startswith(("smtp://", "smtps://")):
        raise UsageError(f"--smtp-url must be smtp://HOST:PORT or smtps://HOST:PORT, not {args.smtp_url[:40]!r}")
    if args.vapid_key_file and not os.path.isfile(args.vapid_key_file):
        raise UsageError(f"--vapid-key-file: no file {args.vapid_key_file}")
    if args.smtp_url and not args.mail_from:
        raise UsageError("--smtp-url needs --mail-from (the address the mails come from)")
    if not database.startswith(("sqlite:///", "postgresql://", "postgres://", "postgresql+psycopg://")):
        raise UsageError(f"--database must be sqlite:///PATH or postgresql://…, not {database[:40]!r}")
    host = args.host
    redis_url = args.redis or os.environ.get("LUDOTEKA_REDIS_URL") or None
    sock = None
    try:                        # cheapest first; the key last, next to the database it creates
        sock = startup.bind(host, args.port)
        port = sock.getsockname()[1]             # the port the system chose for --port 0
        if redis_url:
            startup.reach_redis(redis_url)
        startup.open_database(database)
        startup.register_data_dirs(args.data_dir)
        key = startup.record_key(database, args.record_key_file)
    except startup.StartupError as exc:
        if sock is not None:
            sock.close()
        print(error_line(exc), file=sys.stderr)
        return 1
    # Logging starts once the checks passed, so that a failed start is the error line alone.
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.log_level != "debug":        # the schema migration's step-by-step lines are not news
        logging.getLogger("alembic").setLevel(logging.WARNING)
    if args.access_log == "json":        # the lines alone, not behind the usual prefix
        access = logging.getLogger("ludoteka.access")
        access.addHandler(json_lines_handler())
        access.propagate = False
        access.setLevel(logging.INFO)   # whatever --log-level says of the rest
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    smtp_password = os.environ.get("LUDOTEKA_SMTP_PASSWORD") or None
    if args.smtp_password_file:
        try:
            with open(args.smtp_password_file, encoding="utf-8") as f:
                smtp_password = f.read().strip()
        except OSError as exc:
            raise UsageError(f"--smtp-password-file: cannot read {args.smtp_password_file}: {exc.strerror}") from None
    settings = Settings(database_url=database, redis_url=redis_url,
                        public_url=(args.public_url or f"http://{shown_host}:{port}").rstrip("/"),
                        ai_workers=args.ai_workers, rate_per_second=args.rate, ai_delay=args.ai_delay,
                        ai_seconds=args.ai_seconds, hint_budget=args.hint_budget, allow_agent_specs=args.allow_agent_specs,
                        review_budget=args.review_budget,
                        max_open_tables=args.max_open_tables, max_timed_tables=args.max_timed_tables,
                        min_turn_seconds=args.min_turn_seconds, sockets_per_address=args.sockets_per_address,
                        spectators_per_table=args.spectators_per_table,
                        frames_per_second=args.frames_per_second, abandon_after=args.abandon_after,
                        idle_after=args.idle_after, lease_seconds=args.lease_seconds,
                        version_check=args.version_check, json_access_log=args.access_log == "json",
                        record_key=key, session_seconds=args.session_seconds,
                        secure_cookies={"on": True, "off": False}.get(args.secure_cookies),
                        account_attempts=args.account_attempts, turn_min_seconds=args.turn_min_seconds,
                        turn_max_seconds=args.turn_max_days * 86400.0, max_pause_days=args.max_pause_days,
                        turn_abandon_turns=args.turn_abandon_turns, smtp_url=args.smtp_url,
                        mail_from=args.mail_from, smtp_starttls=args.smtp_starttls, smtp_user=args.smtp_user,
                        smtp_password=smtp_password, mail_period=args.mail_period,
                        vapid_key_file=args.vapid_key_file, vapid_subject=args.vapid_subject,
                        push_http=args.push_http_endpoints)
    print(f"ludoteka server on {settings.public_url} (database {startup.shown_url(database)}"
          f"{', Redis ' + startup.shown_url(redis_url) if redis_url else ''})", flush=True)
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host=host, port=port,
                                           log_level=args.log_level, ws_max_size=64 * 1024,
                                           forwarded_allow_ips=args.forwarded_allow_ips,
                                           access_log=args.access_log == "text",
                                           timeout_graceful_shutdown=5,
                                           ws_per_message_deflate=args.websocket_compression))
    try:
        server.run(sockets=[sock])
    except SystemExit:                  # uvicorn's own start-up failure (it logged why)
        pass
    finally:
        sock.close()
    if not server.started:
        print(PREFIX + "the server failed to start (see the log above)", file=sys.stderr)
        return 1
    return 0
