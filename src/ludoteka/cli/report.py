"""`ludoteka report GAME --out DIR`: a balance and design report (HTML page with PNG plots).

Plays `--games` games with the agents in the given seat order (never rotated), under the base
options and, with `--compare NAME=VALUE`, under base + compare on the same seeds. Needs
matplotlib (`pip install 'ludoteka[research]'`).
"""
from __future__ import annotations

import argparse
import shlex
from typing import Any

from ..tools.progress import progress_bar
from ..tools.report import report
from ..tools.simulate import MAX_GAMES
from .arguments import (MAX_SEED, UsageError, add_parallel_arguments, default_players, emit_json, int_in,
                        lookup_game, parse_options, players_for, split_agents)


def _command(args: argparse.Namespace, players: int, specs: list[str]) -> str:
    """The command line that makes the same report again."""
    words = ["ludoteka", "report", args.game, "--players", str(players), "--games", str(args.games),
             "--seed", str(args.seed), "--agents", ",".join(specs)]
    for flag, pairs in (("--option", args.option), ("--compare", args.compare)):
        for pair in pairs or []:
            words += [flag, pair]
    return shlex.join(words + ["--out", args.out])


def cmd_report(args: argparse.Namespace) -> int:

    game = lookup_game(args.game)
    players = players_for(game, args.players, default_players)
    specs = split_agents(args.agents, game) or ["greedy"]
    options = parse_options(args.option)
    try:
        compare = parse_options(args.compare)
    except UsageError as exc:
        raise UsageError(str(exc).replace("--option", "--compare", 1)) from None
    result = report(game, players, games=args.games, seed=args.seed, agents=specs, options=options,
                    compare=compare or None, out_dir=args.out, workers=args.workers, ray=args.ray,
                    progress=None if args.json else progress_bar(f"report {game.name}"),
                    command=_command(args, players, specs))
    if args.json:
        emit_json(result)
        return 0
    run = result["run"]
    each = " per setting" if len(result["sets"]) > 1 else ""
    print(f"{result['title']}, {players} players, {result['games']} games{each} in {run['seconds']:.1f} s")
    if players > 1:
        for s in result["sets"]:
            rate, (low, high) = s["position_wins"]["rate"][0], s["position_wins"]["ci95"][0]
            print(f"  {s['label']}: first to move wins {rate:.0%} (95% CI {low:.0%}-{high:.0%}; fair share "
                  f"{1 / players:.0%}), mean score {s['mean_score']['mean']:.1f}, "
                  f"{s['decisions']['mean']:.0f} decisions per game")
    print(f"report written to {run['files'][-1]}")
    return 0


def add_report_parser(sub: Any) -> None:
    """Add `report GAME --out DIR` to the command parsers."""

    p = sub.add_parser("report", help="a balance and design report: an HTML page with plots (needs matplotlib)")
    p.add_argument("game", metavar="GAME", help="game name (see `ludoteka games`)")
    p.add_argument("--players", type=int_in(0, None), help="number of players (default 4 if allowed)")
    p.add_argument("--games", type=int_in(1, MAX_GAMES), default=100,
                   help=f"games per option set (default 100, at most {MAX_GAMES:,})")
    p.add_argument("--agents", help="one spec for every seat or one per seat, comma-separated, in seat "
                   "order; seats are not rotated (default greedy)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a game option of the base set (repeatable)")
    p.add_argument("--compare", action="append", metavar="NAME=VALUE",
                   help="also play base + this option on the same seeds and compare (repeatable)")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for index.html and the plots")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0, help="game g uses seed SEED+g (default 0)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    add_parallel_arguments(p)
    p.set_defaults(func=cmd_report)
