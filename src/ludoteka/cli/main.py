"""The `ludoteka` command line: games, agents, play, simulate, replay, bench, arena, report, review,
ladder, data, serve, users.

Every command prints one JSON object with `--json`. Bad input (an unknown game, a bad option,
a bad file or agent spec) prints one line on stderr and exits with status 2, without a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from ..ai.base import register_later, shown
from ..ai.levels import LEVELS
from ..kernel import LudotekaError
from ..kernel.signing import read_key
from ..tools import arena, bench, list_agents, list_games, replay_file, simulate
from ..tools.arena import MAX_GAMES
from ..tools.bench import MAX_SECONDS
from ..tools.progress import progress_bar
from ..tools.simulate import MAX_DECISIONS
from .arguments import (MAX_SEED, UsageError, add_parallel_arguments, default_players, emit_json,
                        error_line, float_in, int_in, lookup_game, parse_options, players_for, plural,
                        split_agents)
from .data import add_data_parser
from .ladder import add_ladder_parser
from .play import run_play
from .report import add_report_parser
from .review import add_review_parser
from .serve import add_serve_parser
from .users import add_users_parser

# The reference learner's `policy:PATH` agent (the research extra: numpy), imported when used.
register_later("policy", "ludoteka.envs.policy")

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line instead of usage + error, and no exit
        raise UsageError(f"{message} (see `{self.prog} --help`)")


# ------------------------------------------------------------------ commands
def _written(value: object) -> str:
    """An option value as it is typed on the command line (true/false, not True/False)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def cmd_games(args: argparse.Namespace) -> int:
    data = list_games()
    if args.json:
        emit_json(data)
        return 0
    if not data["games"]:
        print("No games are registered.")
    for g in data["games"]:
        print(f"{g['name']:<14} {g['title']}  ({g['min_players']}-{g['max_players']} players, "
              f"rules revision {g['rules_revision']})")
        for opt in g["options"]:
            choices = "/".join(_written(c) for c in opt["choices"])
            print(f"    --option {opt['name']}={choices}  (default {_written(opt['default'])}): {opt['doc']}")
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    data = list_agents()
    if args.json:
        emit_json(data)
        return 0
    width = max((len(agent["name"]) for agent in data["agents"]), default=0)
    for agent in data["agents"]:
        print(f"{agent['name']:<{width}}  {agent['doc']}")
        for p in agent["params"]:
            print(f"    {p['name']}={p['type']} (default {p['default']}; {p['allowed']}): {p['doc']}")
    print("\nLevels, usable wherever a spec is: "
          + ", ".join(f"{name} = {spec}" for name, spec in LEVELS.items())
          + " (a game may tune a level: docs/ai.md).")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    game = lookup_game(args.game)
    players = players_for(game, args.players, default_players)
    result = simulate(game, players, games=args.games, seed=args.seed,
                      agents=split_agents(args.agents, game), options=parse_options(args.option),
                      deep=args.deep, max_decisions=args.max_decisions, save_dir=args.save,
                      workers=args.workers, ray=args.ray,
                      progress=None if args.json else progress_bar(f"simulate {game.name}"))
    if args.json:
        emit_json(result)
    else:
        print(f"{result['game']}: {result['completed']}/{result['games']} games completed, "
              f"{result['decisions']} decisions in {result['seconds']:.2f} s")
        print("mean scores: " + ", ".join(f"seat {s}: {v:.2f}" for s, v in enumerate(result["mean_scores"])))
        if players > 1:                           # a solo game has nobody to beat
            print("wins: " + ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(result["wins"])))
        print(f"violations: {result['violation_count']}")
        for line in result["violations"][:20]:
            print("  " + line)
    return 1 if result["violation_count"] or result["completed"] < result["games"] else 0


def cmd_replay(args: argparse.Namespace) -> int:
    key = read_key(args.verify_key) if args.verify_key else None
    result = replay_file(args.file, lookup_game, key)
    if args.json:
        emit_json(result)
        return 0
    for line in result["log"]:                # as the terminal game shows them: a capital first
        print(line[:1].upper() + line[1:])
    print(f"{result['game']}: {result['decisions']} decisions, "
          f"{'finished' if result['finished'] else 'not finished'}; the record replays exactly.")
    print("scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(result["scores"])))
    if result["finished"]:
        print("winners: " + ", ".join(f"seat {s}" for s in result["winners"]))
    if key is not None:
        print("signature: verified, the record is as the server signed it.")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    game = lookup_game(args.game)
    players = players_for(game, args.players, default_players)
    result = bench(game, players, seconds=args.seconds, seed=args.seed, options=parse_options(args.option))
    if args.json:
        emit_json(result)
    else:
        print(f"{result['game']} ({plural(players, 'player')}): {result['decisions_per_second']:,.0f} decisions/s, "
              f"{result['games_per_second']:,.2f} games/s, {result['mean_decisions_per_game']:.1f} "
              f"decisions/game, clone {result['clone_microseconds']:.2f} µs "
              f"({result['games']} games in {result['seconds']:.2f} s)")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    game = lookup_game(args.game)
    players = players_for(game, args.players, default_players)
    specs = split_agents(args.agents, game) or (["random", "greedy", "ismcts"] if players == 1 else ["ismcts", "random"])
    if len(specs) == 1:
        specs = specs * players
    result = arena(game, players, specs, games=args.games, seed=args.seed,
                   options=parse_options(args.option), workers=args.workers, ray=args.ray,
                   progress=None if args.json else progress_bar(f"arena {game.name}"))
    if args.json:
        emit_json(result)
        return 0
    each = f" ({len(result['agents'])} agents, each alone)" if players == 1 and len(result['agents']) > 1 else ""
    print(f"{result['game']}, {plural(players, 'player')}, {plural(result['games'], 'game')}{each} in {result['seconds']:.1f} s")
    for a in result["agents"]:
        slo, shi = a["mean_score_ci95"]
        if a["win_rate"] is None:                 # solo: each agent played every seed alone
            print(f"  {a['index']}: {a['agent']:<28} mean score {a['mean_score']:.2f} (95% CI {slo:.2f} to {shi:.2f}), "
                  f"{a['mean_seconds_per_decision'] * 1000:.1f} ms/decision (max "
                  f"{a['max_seconds_per_decision'] * 1000:.0f} ms)")
            continue
        lo, hi = a["win_rate_ci95"]
        print(f"  {a['index']}: {a['agent']:<28} wins {a['wins']:g} ({a['win_rate']:.1%}, 95% CI "
              f"{lo:.1%}-{hi:.1%}), score {a['mean_score']:.2f} ({slo:.2f} to {shi:.2f}), "
              f"{a['mean_seconds_per_decision'] * 1000:.1f} ms/decision (max "
              f"{a['max_seconds_per_decision'] * 1000:.0f} ms)")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    return run_play(args, lookup_game, parse_options, default_players)


# ------------------------------------------------------------------ parser
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = _Parser(prog="ludoteka", description="Rules-exact euro board games: play, simulate, "
                     "replay, benchmark and pit agents against each other.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def common(p: argparse.ArgumentParser, game: bool = True) -> None:
        if game:
            p.add_argument("game", metavar="GAME", help="game name (see `ludoteka games`)")
            p.add_argument("--players", type=int_in(0, None), help="number of players (default 4 if allowed)")
            p.add_argument("--option", action="append", metavar="NAME=VALUE",
                           help="a game option (repeatable)")
        p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("games", help="list the registered games and their options")
    common(p, game=False)
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("agents", help="list the agents and their parameters")
    common(p, game=False)
    p.set_defaults(func=cmd_agents)

    p = sub.add_parser("play", help="play in the terminal against agents")
    p.add_argument("game", metavar="GAME", nargs="?", help="game name (optional with --resume)")
    p.add_argument("--players", type=int_in(0, None), help="number of players (default 4 if allowed)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    p.add_argument("--seat", action="append", metavar="N=SPEC",
                   help="who sits at seat N: human, an agent spec or a level (easy, medium, hard); "
                        "default: seat 0 human, others ismcts")
    p.add_argument("--agents", help="comma-separated specs for every seat in order: human, an agent spec "
                   "(`ludoteka agents`) or a level (easy, medium, hard), e.g. human,ismcts,easy")
    p.add_argument("--seed", type=int_in(0, MAX_SEED),
                   help="random seed (default: chosen at random; shown only once the game is over)")
    p.add_argument("--save", metavar="FILE",
                   help="the file the game is saved to after every decision (and by `s` and `q`); "
                        "default: the --resume FILE, else ./saves/GAME-DATE-TIME.json")
    p.add_argument("--resume", metavar="FILE",
                   help="continue a saved game record; 'last': the newest unfinished game in ./saves")
    p.add_argument("--ask-resume", action="store_true",
                   help="on a terminal, if ./saves holds an unfinished game of GAME, ask whether to "
                        "resume it (what `make play` does)")
    p.add_argument("--json", action="store_true",
                   help="talk on stderr and print the result as one JSON object on stdout")
    p.add_argument("--hints", action=argparse.BooleanOptionalAction, default=None,
                   help="allow the `hint` command (default: allowed unless several humans play)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play games with agents, checking invariants after every action")
    common(p)
    p.add_argument("--games", type=int_in(1, MAX_GAMES), default=10,
                   help=f"number of games (default 10, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0, help="game i uses seed SEED+i (default 0)")
    p.add_argument("--agents", help="one spec for all seats or one per seat, comma-separated (default random)")
    p.add_argument("--deep", type=float_in(0.0, 1.0), default=1.0,
                   help="share of actions followed by the deep checks: JSON round trip, clone "
                        "independence, views, determinization (0..1, default 1 = every action)")
    p.add_argument("--max-decisions", type=int_in(1, MAX_DECISIONS), default=20000,
                   help="a game not over after this many decisions is a violation (default 20000, "
                        f"1 to {MAX_DECISIONS:,})")
    p.add_argument("--save", metavar="DIR", help="write each finished game's record into DIR")
    add_parallel_arguments(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="replay a game record, detecting tampering")
    p.add_argument("file", metavar="FILE",
                   help="a game record (`ludoteka play` saves, `simulate --save`, a server download)")
    p.add_argument("--verify-key", metavar="KEYFILE",
                   help="also check the record's signature with the server's record key (a file "
                        "holding it): a record changed since the server signed it is refused")
    common(p, game=False)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="random playouts on one core: decisions/s and clone cost")
    common(p)
    p.add_argument("--seconds", type=float_in(0.0, MAX_SECONDS, low_open=True), default=5.0,
                   help=f"duration (default 5, above 0 and at most {MAX_SECONDS:g})")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0, help="game g uses seed SEED+g (default 0)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("arena", help="agents against each other with rotating seats")
    common(p)
    p.add_argument("--agents", help="one spec per seat, comma-separated (default ismcts,random); solo games: "
                   "any number of agents, each playing every seed alone (default random,greedy,ismcts)")
    p.add_argument("--games", type=int_in(1, MAX_GAMES), default=20,
                   help=f"number of games (default 20, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0, help="game g uses seed SEED+g (default 0)")
    add_parallel_arguments(p)
    p.set_defaults(func=cmd_arena)

    add_data_parser(sub)
    add_ladder_parser(sub)
    add_report_parser(sub)
    add_review_parser(sub)
    add_serve_parser(sub)
    add_users_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 violations found, 2 bad input).

    Every error is one line on stderr starting with `ludoteka: error:`, quoting at most a short
    prefix of the bad input.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            raise UsageError("a COMMAND is required: games, agents, play, simulate, replay, bench, "
                             "arena, data, ladder, report, review, serve or users (see `ludoteka --help`)")
        return args.func(args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped reading: not an error of ours. Point stdout at
        # devnull so the interpreter's final flush does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (UsageError, LudotekaError, ValueError, OSError, OverflowError, RecursionError) as exc:
        print(error_line(exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("ludoteka: interrupted", file=sys.stderr)
        return 130
