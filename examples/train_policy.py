"""The reference learner (issue 27 §4): train a linear afterstate correction to the greedy
player on CPU, plot its learning curve, and measure the checkpoint against other agents.

    nice -n 19 python examples/train_policy.py train --minutes 30
    python examples/train_policy.py plot
    python examples/train_policy.py evaluate --games 200 --against random,greedy,medium

The checkpoint plays as the agent spec `policy:examples/kingsburg_2p_policy.json`, e.g.
`ludoteka arena kingsburg --players 2 --agents policy:examples/kingsburg_2p_policy.json,greedy`.
How it learns: ludoteka.envs.policy_train; how it plays: ludoteka.envs.policy; results and
reading: docs/research.md, "A reference learner". Needs the research extra (numpy, matplotlib).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the file backend)

from ludoteka.ai import make_agent
from ludoteka.ai.levels import level_spec
from ludoteka.envs.policy import load_policy
from ludoteka.envs.policy_train import train, wilson
from ludoteka.registry import game as lookup_game

HERE = Path(__file__).parent
CHECKPOINT = HERE / "kingsburg_2p_policy.json"
CURVE = HERE / "kingsburg_2p_curve.jsonl"
PLOT = HERE / "kingsburg_2p_curve.png"


def run_train(args: argparse.Namespace) -> None:
    with open(args.curve, "w") as curve:
        def log(row: dict) -> None:
            curve.write(json.dumps(row) + "\n")
            curve.flush()
            print(f"iteration {row['iteration']:3}  games {row['games']:5}  win rate {row['win_rate']:.2f} "
                  f"[{row['low']:.2f}, {row['high']:.2f}]  mean difference {row['mean_difference']:+.2f}  "
                  f"{row['seconds']:.0f} s", flush=True)
        train(args.game, args.players, args.iterations, args.games, opponent=args.opponent,
              explore=args.explore, ridge=args.ridge, seed=args.seed, out=args.out,
              minutes=args.minutes, log=log)


def run_plot(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in open(args.curve)]
    games = [r["games"] for r in rows]
    rate = [r["win_rate"] for r in rows]
    window = 5
    smooth = [sum(rate[max(0, i - window + 1):i + 1]) / len(rate[max(0, i - window + 1):i + 1])
              for i in range(len(rate))]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(games, [r["low"] for r in rows], [r["high"] for r in rows], alpha=0.2,
                    label="95% interval of each iteration")
    ax.plot(games, rate, ".", alpha=0.6, label="win rate of each iteration (5% exploring moves)")
    ax.plot(games, smooth, "-", label=f"moving mean of {window} iterations")
    ax.axhline(0.5, color="gray", lw=0.8, ls="--")
    ax.set_xlabel("training games played against greedy")
    ax.set_ylabel("share of the win against greedy")
    ax.set_title("Kingsburg 2p: linear afterstate correction to greedy (reference learner)")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)
    print(f"wrote {args.plot}")


def run_evaluate(args: argparse.Namespace) -> None:
    policy = load_policy(str(args.out))
    game = lookup_game(policy.game.name)
    spec = f"policy:{args.out}"
    for opponent in args.against.split(","):
        other = level_spec(opponent, game)         # a level (easy, medium, hard) or an agent spec
        wins, start = 0.0, time.perf_counter()
        for g in range(args.games):
            seed = 10_000_000 + args.first + g     # seeds no training game used
            learner = g % policy.players
            agents = [make_agent(spec if s == learner else other, seed * 31 + s) for s in range(policy.players)]
            state = game.new_state(policy.players, seed, dict(policy.options))
            while state.to_act is not None:
                state.apply(agents[state.to_act].choose(state))
            winners = state.winners()
            wins += 1.0 / len(winners) if learner in winners else 0.0
            if args.verbose:
                print(json.dumps({"opponent": opponent, "seed": seed, "learner_seat": learner,
                                  "share": 1.0 / len(winners) if learner in winners else 0.0}), flush=True)
        low, high = wilson(wins, args.games)
        print(json.dumps({"opponent": opponent, "games": args.games, "win_rate": round(wins / args.games, 3),
                          "low": round(low, 3), "high": round(high, 3),
                          "seconds": round(time.perf_counter() - start)}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("command", choices=["train", "plot", "evaluate"])
    parser.add_argument("--game", default="kingsburg", help="the game to learn (default kingsburg)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--iterations", type=int, default=200,
                        help="train: at most this many iterations (default 200)")
    parser.add_argument("--games", type=int, default=40, help="train: games per iteration; evaluate: games per opponent (default 40)")
    parser.add_argument("--minutes", type=float, default=None, help="train: stop after this many minutes of wall time")
    parser.add_argument("--opponent", default="greedy", help="train: the agent spec trained against (default greedy)")
    parser.add_argument("--explore", type=float, default=0.05,
                        help="train: share of the learner's decisions played at random (default 0.05)")
    parser.add_argument("--ridge", type=float, default=30.0,
                        help="train: the ridge penalty of each refit, towards greedy (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="train: the seed of the games (default 0)")
    parser.add_argument("--against", default="random,greedy,medium",
                        help="evaluate: comma-separated levels or agent specs (default random,greedy,medium)")
    parser.add_argument("--first", type=int, default=0, help="evaluate: the first game's number (seed 10,000,000 + it)")
    parser.add_argument("--verbose", action="store_true", help="evaluate: print every game's result")
    parser.add_argument("--out", type=Path, default=CHECKPOINT,
                        help="the checkpoint written by train, read by evaluate (default examples/kingsburg_2p_policy.json)")
    parser.add_argument("--curve", type=Path, default=CURVE,
                        help="the learning curve written by train and drawn by plot, one JSON line per iteration "
                             "(default examples/kingsburg_2p_curve.jsonl)")
    parser.add_argument("--plot", type=Path, default=PLOT,
                        help="plot: the picture written (default examples/kingsburg_2p_curve.png)")
    args = parser.parse_args()
    {"train": run_train, "plot": run_plot, "evaluate": run_evaluate}[args.command](args)


if __name__ == "__main__":
    main()
