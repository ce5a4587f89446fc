"""Measure the AI strength targets (issue 11, section 6): `hard` against three default `ismcts`.

For Notre Dame and Kingsburg (and, when asked, Messina 1347: issue 26's target), 4 players,
seats rotating between games (`ludoteka arena`): the win rate of the `hard` level with its
Wilson 95% interval, and its seconds per decision (mean and max). The targets: a win rate of at least 60% at at most 2 s a decision. `hard` searches
on both cores, so the games are played one at a time (`--workers 1`, the default); run nothing
else on the machine while it measures, or the times say more about the machine than the agent.

    .venv/bin/python scripts/ai_targets.py --games 100                 # both games: a game takes 2-4 min
    .venv/bin/python scripts/ai_targets.py --game kingsburg --games 20 --seed 2000 --json out.json

Strength depends on the iteration budget; to compare searches on a busy machine give both
sides iterations only (e.g. `--hard ismcts_parallel:iterations=1500 --opponent
ismcts:iterations=200`): the choices then do not depend on the machine's speed. `--timing`
then plays the same games with the real level on a quiet machine and reports the seconds of
each real choice and how often the time cap stopped a search before its iteration budget. A
run in chunks (`--seed` 0, 40, 80... with `--games 40`) adds up to one run: pass the JSON files
to `--merge`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import ludoteka  # noqa: E402
from ludoteka.ai import make_agent  # noqa: E402
from ludoteka.ai.levels import level_spec  # noqa: E402
from ludoteka.tools.arena import arena  # noqa: E402
from ludoteka.tools.simulate import agent_seed  # noqa: E402
from ludoteka.tools.progress import progress_bar  # noqa: E402
from ludoteka.tools.stats import wilson  # noqa: E402

GAMES = ("notre-dame", "kingsburg")                  # measured by default
ALSO = ("messina-1347",)                              # on demand (--game)
TARGET_WIN_RATE = 0.60
TARGET_SECONDS = 2.0


def progress_lines(label: str):
    """A progress bar on a terminal; elsewhere (a log file) one line per finished game."""
    if sys.stderr.isatty():
        return progress_bar(label)
    start = time.perf_counter()
    return lambda done, total: print(f"{label}: {done}/{total} games, {time.perf_counter() - start:.0f} s",
                                      file=sys.stderr, flush=True)


def measure(game_name: str, hard: str, opponent: str, games: int, seed: int, workers: int,
            quiet: bool) -> dict:
    game = ludoteka.game(game_name)
    specs = [hard, opponent, opponent, opponent]
    result = arena(game, 4, specs, games=games, seed=seed, workers=workers,
                   progress=None if quiet else progress_lines(f"{game_name}: {hard} vs 3 x {opponent}"))
    me = result["agents"][0]
    return {"game": game_name, "hard": hard, "opponent": opponent, "games": games, "seed": seed,
            "wins": me["wins"], "mean_score": me["mean_score"],
            "opponent_mean_scores": [a["mean_score"] for a in result["agents"][1:]],
            "decisions": me["decisions"], "seconds": me["mean_seconds_per_decision"] * me["decisions"],
            "max_seconds_per_decision": me["max_seconds_per_decision"],
            "results": result["results"]}


def timing(game_name: str, hard: str, opponent: str, games: int, seed: int) -> dict:
    """Seconds and iterations of each real choice (more than one legal key) of `hard` in seat g % 4
    of game g, as `arena` seats it: what a player waits for, and whether the time cap cut the
    search short of its iteration budget."""
    game = ludoteka.game(game_name)
    seconds: list[float] = []
    iterations: list[int] = []
    for g in range(games):
        game_seed = seed + g
        hard_seat = g % 4
        agents = {(i + g) % 4: make_agent(hard if i == 0 else opponent, agent_seed(game_seed, i))
                  for i in range(4)}
        state = game.new_state(4, game_seed)
        while state.to_act is not None:
            seat = state.to_act
            timed = seat == hard_seat and len(state.legal_keys()) > 1
            t0 = time.perf_counter()
            key = agents[seat].choose(state)
            if timed:
                seconds.append(time.perf_counter() - t0)
                iterations.append(agents[seat].last_iterations)
            state.apply(key, seat)
        print(f"{game_name} timing: {g + 1}/{games} games", file=sys.stderr, flush=True)
    seconds.sort()
    budget = getattr(agents[hard_seat], "iterations", None)
    budget = budget * getattr(agents[hard_seat], "workers", 1) if budget else None
    return {"game": game_name, "hard": hard, "opponent": opponent, "games": games, "seed": seed,
            "choices": len(seconds), "mean_seconds": sum(seconds) / len(seconds),
            "p95_seconds": seconds[int(0.95 * (len(seconds) - 1))], "max_seconds": seconds[-1],
            "iteration_budget": budget, "mean_iterations": sum(iterations) / len(iterations),
            "min_iterations": min(iterations),
            "share_cut_by_time": (sum(1 for n in iterations if n < budget) / len(iterations)) if budget else None}


def summary(rows: list[dict]) -> dict:
    """Chunks of one game (same agents) added up: win rate with its interval, times."""
    games = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    decisions = sum(r["decisions"] for r in rows)
    lo, hi = wilson(wins, games)
    first = rows[0]
    mean_sec = sum(r["seconds"] for r in rows) / decisions if decisions else 0.0
    max_sec = max(r["max_seconds_per_decision"] for r in rows)
    return {"game": first["game"], "hard": first["hard"], "opponent": first["opponent"], "games": games,
            "seeds": sorted({r["seed"] for r in rows}), "wins": wins, "win_rate": wins / games,
            "win_rate_ci95": [lo, hi],
            "mean_score": sum(r["mean_score"] * r["games"] for r in rows) / games,
            "mean_seconds_per_decision": mean_sec, "max_seconds_per_decision": max_sec,
            "win_rate_target_met": lo >= TARGET_WIN_RATE, "win_rate_point_at_target": wins / games >= TARGET_WIN_RATE,
            "time_target_met": max_sec <= TARGET_SECONDS}


def show(s: dict) -> None:
    lo, hi = s["win_rate_ci95"]
    print(f"{s['game']}: {s['hard']} against 3 x {s['opponent']}, {s['games']} games: wins {s['wins']:g} "
          f"= {s['win_rate']:.1%} (95% CI {lo:.1%} to {hi:.1%}; target {TARGET_WIN_RATE:.0%}: "
          f"{'met' if s['win_rate_target_met'] else 'point estimate met' if s['win_rate_point_at_target'] else 'not met'}), "
          f"mean score {s['mean_score']:.1f}; {s['mean_seconds_per_decision']:.2f} s a decision on average, "
          f"max {s['max_seconds_per_decision']:.2f} s (target {TARGET_SECONDS:g} s: "
          f"{'met' if s['time_target_met'] else 'not met'})")


def hard_for(game_name: str, given: str | None) -> str:
    """The agent measured in `game_name`: the one given, or that game's `hard` level."""
    return given or level_spec("hard", ludoteka.game(game_name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES + ALSO, action="append",
                        help="one game (repeatable; default Notre Dame and Kingsburg)")
    parser.add_argument("--games", type=int, default=100, help="games per game (default 100)")
    parser.add_argument("--seed", type=int, default=1000, help="game g uses seed SEED+g (default 1000)")
    parser.add_argument("--hard", help="the agent measured (default: the game's hard level)")
    parser.add_argument("--opponent", default="ismcts", help="the three opponents (default ismcts)")
    parser.add_argument("--workers", type=int, default=1, help="games at a time (default 1: hard uses both cores)")
    parser.add_argument("--json", metavar="FILE", help="write the results (with every game) to FILE")
    parser.add_argument("--timing", action="store_true", help="time each real choice of --hard (and count "
                        "its iterations) instead of measuring the win rate")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="add up the JSON files of earlier runs; play nothing")
    args = parser.parse_args(argv)
    if args.timing:
        rows = [timing(name, hard_for(name, args.hard), args.opponent, args.games, args.seed) for name in (args.game or GAMES)]
        for row in rows:
            print(json.dumps(row))
        if args.json:
            Path(args.json).write_text(json.dumps({"timing": rows}, indent=1))
        return 0
    if args.merge:
        rows: dict[tuple, list[dict]] = {}
        for name in args.merge:
            for row in json.loads(Path(name).read_text())["runs"]:
                rows.setdefault((row["game"], row["hard"], row["opponent"]), []).append(row)
        summaries = [summary(chunk) for chunk in rows.values()]
        runs = [row for chunk in rows.values() for row in chunk]
    else:
        runs = [measure(name, hard_for(name, args.hard), args.opponent, args.games, args.seed, args.workers, quiet=False)
                for name in (args.game or GAMES)]
        summaries = [summary([row]) for row in runs]
    for s in summaries:
        show(s)
    if args.json:
        Path(args.json).write_text(json.dumps({"summaries": summaries, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
