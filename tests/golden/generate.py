"""Writes the golden records (OpenSpiel's "playthroughs") that `tests/test_golden.py` replays.

For each game, player count and option value (one option changed from the defaults at a time),
a few seeded games with mixed `random`/`greedy` seats. Each record is a version-1 game record
(as `ludoteka simulate --save` writes it) plus `steps`: before every action, the seat to act and
the legal keys, then the key applied. Run it only to add records; never to "fix" a failing
replay, since the point of the files is that they were written by an earlier release.

    python tests/golden/generate.py [GAME ...]      # default: every game
    python tests/golden/generate.py GAME --option advanced=true [--option ...] \
        [--players 2,3,4] [--seeds 1,2]             # one new option set

Give the names of the games that have no records yet (a newly added game), or one game with the
options of a new option set (for a variant added later). An existing file is never overwritten,
so the records of the others stay the ones the earlier release wrote.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

import ludoteka
from ludoteka.ai import make_agent
from ludoteka.kernel import record_of
from ludoteka.kernel.options import parse_option_value

HERE = Path(__file__).parent
SEEDS = (1, 2, 3)


def configurations(game) -> list[dict]:
    """The defaults, then each non-default value of each option on its own."""
    configs = [{}]
    for name, option in game.options.items():
        for value in option.choices:
            if value != option.default:
                configs.append({name: value})
    return configs


def play(game, players: int, seed: int, options: dict) -> dict | None:
    try:
        state = game.new_state(players, seed, options)
    except ludoteka.kernel.BadOption:
        return None                         # e.g. a start player that does not exist
    specs = ["greedy" if (seat + seed) % 2 == 0 else "random" for seat in range(players)]
    agents = [make_agent(spec, seed * 1009 + seat) for seat, spec in enumerate(specs)]
    steps = []
    while not state.is_terminal():
        seat = state.to_act
        keys = list(state.legal_keys())
        key = agents[seat].choose(state)
        steps.append([seat, key, keys])
        state.apply(key)
    record = record_of(state)
    record["agents"] = specs
    record["steps"] = steps
    return record


def write(game, players: int, seed: int, options: dict) -> None:
    """Play and write one record, unless its file exists (written by an earlier release)."""
    tag = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
    path = HERE / game.name / f"{players}p-{tag}-{seed}.json.gz"
    if path.exists():
        print(path.relative_to(HERE), "exists: kept", file=sys.stderr)
        return
    record = play(game, players, seed, options)
    if record is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt") as out:
        json.dump(record, out, separators=(",", ":"))
    print(path.relative_to(HERE), len(record["steps"]), file=sys.stderr)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="one option set (with a single game): only these records")
    parser.add_argument("--players", help="player counts, e.g. 2,3,4 (default: all)")
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)), help="seeds, e.g. 1,2")
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seeds.split(",")]
    if args.option and len(args.games) != 1:
        parser.error("--option needs exactly one game")
    for name in args.games or ludoteka.games():
        game = ludoteka.game(name)
        counts = ([int(x) for x in args.players.split(",")] if args.players
                  else range(game.min_players, game.max_players + 1))
        configs = [dict((o.split("=", 1)[0], parse_option_value(o.split("=", 1)[1])) for o in args.option)] \
            if args.option else configurations(game)
        for players in counts:
            for options in configs:
                for seed in seeds:
                    write(game, players, seed, options)


if __name__ == "__main__":
    main(sys.argv[1:])
