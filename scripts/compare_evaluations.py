"""Is a game's evaluation better than another one? One seat searches with the game's own
`evaluate`, the other seats with the one in a file (for example an older version), all with the
same agent spec; the measured seat rotates between games. Four players by default.

    git show 1a3a53a:src/ludoteka/boardgames/kingsburg/evaluate.py > /tmp/old_evaluate.py
    .venv/bin/python scripts/compare_evaluations.py kingsburg /tmp/old_evaluate.py --games 20 --seed 5000

The file must define `evaluate(state, seat)` and `evaluate_all(state)`; it is loaded as a module
of the game's package, so its relative imports (`from .state import ...`) work. Each game's result
is printed as a JSON line as it ends, then a summary with the win rate's Wilson 95% interval
(a fair share is 1 / players). With `iterations` budgets the run is deterministic for its seeds.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import ludoteka  # noqa: E402
from ludoteka.ai import make_agent  # noqa: E402
from ludoteka.ai.levels import decision_seed  # noqa: E402
from ludoteka.tools.stats import wilson  # noqa: E402


def load_evaluation(game, path: str):
    """The module in `path`, loaded inside the package of `game`'s state class."""
    if not Path(path).is_file():
        raise SystemExit(f"no such file: {path}")
    package = type(game.new_state(game.min_players, 0)).__module__.rsplit(".", 1)[0]
    spec = importlib.util.spec_from_file_location(f"{package}._compared_evaluation", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path!r} as a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("evaluate", "evaluate_all"):
        if not callable(getattr(module, name, None)):
            raise SystemExit(f"{path} defines no function {name}()")
    return module


def play(game, other, spec: str, players: int, seed: int, measured: int):
    """One game, played out. Seat `measured` uses the game's evaluation, the rest `other`'s."""
    state = game.new_state(players, seed)
    n = 0
    while not state.is_terminal():
        seat = state.to_act
        agent = make_agent(spec, decision_seed(seed, seat, n))
        if seat != measured:        # an instance attribute shadows the game's method for a moment
            game.evaluate, game.evaluate_all = other.evaluate, other.evaluate_all
        try:
            key = agent.choose(state)
        finally:
            game.__dict__.pop("evaluate", None)
            game.__dict__.pop("evaluate_all", None)
        state.apply(key, seat)
        n += 1
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("evaluation", help="a Python file with the other seats' evaluate and evaluate_all")
    parser.add_argument("--agent", default="ismcts:iterations=200", help="every seat's agent spec")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5000, help="game g uses seed SEED+g")
    args = parser.parse_args(argv)
    if args.agent.split(":")[0].strip() == "ismcts_parallel":
        parser.error("ismcts_parallel searches in worker processes, which would use the game's own "
                     "evaluation on every seat; compare with ismcts or greedy")
    game = ludoteka.game(args.game)
    other = load_evaluation(game, args.evaluation)
    wins, scores, others = 0.0, [], []
    for g in range(args.games):
        seed, measured = args.seed + g, g % args.players
        state = play(game, other, args.agent, args.players, seed, measured)
        winners, final = state.winners(), state.scores()
        win = (measured in winners) / len(winners)
        wins += win
        scores.append(final[measured])
        others.extend(v for s, v in enumerate(final) if s != measured)
        print(json.dumps({"game": g, "seed": seed, "measured_seat": measured, "win": win,
                          "scores": list(final)}), flush=True)
    low, high = wilson(wins, args.games)
    print(json.dumps({"games": args.games, "wins": wins, "win_rate": wins / args.games,
                      "win_rate_ci95": [low, high], "mean_score": sum(scores) / len(scores),
                      "others_mean_score": sum(others) / len(others)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
