"""`ludoteka ladder GAME --players N --agents a,b,c,...`: a rated round robin (tools/ladder.py).

Every N-subset of the agents plays `--games` games with rotating seats; the agents are rated
with openskill (Plackett-Luce, ranks from the final scores) and listed best first with their
rating interval (mu ± 1.96 sigma), ordinal (mu - 3 sigma) and win rate with a Wilson 95% interval,
then every pair head to head: how often the better placed finished ahead of the other.
"""
from __future__ import annotations

import argparse
from typing import Any

from .arguments import (MAX_SEED, UsageError, add_parallel_arguments, default_players, emit_json, int_in,
                        lookup_game, parse_options, players_for, plural, split_agents)
from ..tools.ladder import ladder
from ..tools.progress import progress_bar
from ..tools.simulate import MAX_GAMES


def cmd_ladder(args: argparse.Namespace) -> int:
    game = lookup_game(args.game)
    players = players_for(game, args.players, default_players)
    specs = split_agents(args.agents, game)
    if not specs:
        raise UsageError("--agents is required: at least two agent specs separated by commas, e.g. random,greedy")
    result = ladder(game, players, specs, games=args.games, seed=args.seed, options=parse_options(args.option),
                    workers=args.workers, ray=args.ray,
                    progress=progress_bar(f"ladder {game.name}"))     # (stderr, a terminal only)
    if args.json:
        emit_json(result)
        return 0
    print(f"{result['game']}, {plural(players, 'player')}: {len(result['tables'])} "
          f"table{'s' if len(result['tables']) != 1 else ''} × {result['games_per_table']} games = "
          f"{result['games']} games in {result['seconds']:.1f} s (openskill Plackett-Luce; "
          f"sorted by ordinal = mu - 3 sigma)")
    width = max(len(a["agent"]) for a in result["agents"])
    for a in result["agents"]:
        r = a["rating"]
        lo, hi = a["win_rate_ci95"]
        print(f"  {a['place']}. {a['agent']:<{width}}  mu {r['mu']:6.2f} ± {1.96 * r['sigma']:5.2f} "
              f"({r['ci95'][0]:6.2f} to {r['ci95'][1]:6.2f}), ordinal {r['ordinal']:6.2f}; "
              f"wins {a['wins']:g}/{a['games']} ({a['win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%}), "
              f"mean score {a['mean_score']:.2f}, {a['mean_seconds_per_decision'] * 1000:.1f} ms/decision")
    print("Head to head (finished ahead; an equal rank counts 1/2):")
    place = {a["index"]: a["place"] for a in result["agents"]}
    names = {a["index"]: a["agent"] for a in result["agents"]}
    for pair in sorted(result["head_to_head"], key=lambda p: (place[p["agent"]], place[p["opponent"]])):
        if place[pair["agent"]] < place[pair["opponent"]]:          # each pair once, the better first
            lo, hi = pair["rate_ci95"]
            print(f"  {names[pair['agent']]:<{width}}  ahead of {names[pair['opponent']]} in {pair['ahead']:g} "
                  f"of {pair['games']} games ({pair['rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})")
    return 0


def add_ladder_parser(sub: Any) -> None:
    """Add `ladder GAME --players N --agents ...` to the command parsers."""
    p = sub.add_parser("ladder", help="a rated round robin of agents (openskill, win rates)")
    p.add_argument("game", metavar="GAME", help="game name (see `ludoteka games`)")
    p.add_argument("--players", type=int_in(0, None), help="players per game (default 4 if allowed)")
    p.add_argument("--agents", help="at least two different agent specs, comma-separated; every subset "
                   "of PLAYERS of them plays (e.g. random,greedy,ismcts)")
    p.add_argument("--games", type=int_in(1, MAX_GAMES), default=None,
                   help="games per table of PLAYERS agents (default 2 × players; a multiple of the "
                        "players keeps the seats balanced)")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0,
                   help="game g of table t uses seed SEED + t × GAMES + g (default 0)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    add_parallel_arguments(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_ladder)
