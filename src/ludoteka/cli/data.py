"""`ludoteka data validate GAME [DIR]`: check a game's component data directory.

A game offers a data validator with a `validate_data(directory)` method on its Game object: it
returns (data set id, record count, reconstructed, problems).
Output: "OK: <data set id>, N records, reconstructed: yes|no" (exit 0), or one line per failed
constraint (exit 1). A game without a validator is a usage error (exit 2).
"""
from __future__ import annotations

import argparse
import importlib
from typing import Any, Callable

from ..kernel import DataError
from .arguments import UsageError

Report = tuple[str, int, bool, list[str]]     # data set id, records, reconstructed, problems


def checker_for(name: str) -> Callable[[str | None], Report]:
    """The data validator of game `name`; UsageError when it has none (or is unknown)."""
    registry = importlib.import_module("ludoteka.registry")
    game = registry.game(name)                   # UnknownGame for an unknown name
    hook = getattr(game, "validate_data", None)
    if hook is None:
        raise UsageError(f"game {name!r} has no data validator (its component data is built in or "
                         "checked when the game loads)")
    return hook


def cmd_data_validate(args: argparse.Namespace) -> int:
    import json
    check = checker_for(args.game)
    try:
        data_set, records, reconstructed, problems = check(args.directory)
    except DataError as exc:
        data_set, records, reconstructed, problems = "", 0, False, [str(exc)]
    if args.json:
        result: dict[str, Any] = {"game": args.game, "directory": args.directory, "ok": not problems,
                                  "data_set": data_set, "records": records, "reconstructed": reconstructed,
                                  "problems": problems}
        print(json.dumps(result, indent=1))
    elif problems:
        print(f"FAILED: {args.game} data in {args.directory or 'the shipped data'}: {len(problems)} problem(s)")
        for line in problems:
            print("  " + line)
    else:
        print(f"OK: {data_set}, {records} records, reconstructed: {'yes' if reconstructed else 'no'}")
    return 1 if problems else 0


def add_data_parser(sub: Any) -> None:
    """Add `data validate GAME [DIR]` to the command parsers."""
    p = sub.add_parser("data", help="check a game's component data files")
    data_sub = p.add_subparsers(dest="data_command", metavar="SUBCOMMAND", required=True,
                                parser_class=type(p))
    v = data_sub.add_parser("validate", help="validate a component data directory (default: the shipped data)")
    v.add_argument("game", metavar="GAME", help="game name, e.g. messina-1347")
    v.add_argument("directory", metavar="DIR", nargs="?", help="data directory (default: the shipped data)")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.set_defaults(func=cmd_data_validate)
