"""`ludoteka users reset NAME`: the operator resets an account's password (the server sends no
e-mail): prints a one-time password, which the account must change at its next sign-in."""
from __future__ import annotations

import argparse
import sys

from .arguments import PREFIX, UsageError


def add_users_parser(sub) -> None:
    """Register the `users` command."""
    p = sub.add_parser("users", help="manage the server's accounts (see docs/server.md, Accounts)")
    users = p.add_subparsers(dest="users_command", metavar="COMMAND", required=True)
    reset = users.add_parser("reset", help="give an account a one-time password (and sign it out everywhere)")
    reset.add_argument("name", help="the account's name")
    reset.add_argument("--database", metavar="URL",
                       help="the server's database (default: $LUDOTEKA_DATABASE_URL, else the SQLite file "
                            "in the user's data directory)")
    reset.set_defaults(func=cmd_users_reset)


def cmd_users_reset(args: argparse.Namespace) -> int:
    """Print a one-time password for account `args.name`; exit 1 if there is no such account."""
    try:
        from ..server.account_store import AccountStore
        from ..server.accounts import reset_password
        from ..server.config import default_database_url
        from ..server.live import ApiError
        from ..server.store import Store
    except ImportError as exc:
        raise UsageError(f"accounts need the 'server' extra (missing {exc.name}): "
                         "pip install 'ludoteka[server]'") from None
    store = Store(args.database or default_database_url())
    try:
        store.migrate()                 # a database the server never opened gets the schema too
        password = reset_password(AccountStore(store.engine), args.name)
    except ApiError as exc:
        raise UsageError(str(exc)) from None
    finally:
        store.engine.dispose()
    if password is None:
        print(f"{PREFIX}no account is named {args.name!r}", file=sys.stderr)
        return 1
    print(f"One-time password for {args.name}: {password}")
    print("Every session of the account was signed out; it must choose a new password at its next sign-in.")
    return 0
