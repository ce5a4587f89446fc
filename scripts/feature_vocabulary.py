"""Grow a game's observation vocabulary (src/ludoteka/envs/features/GAME.txt) from played games.

    python scripts/feature_vocabulary.py notre-dame --games 200

Plays random and greedy games at every player count and with every value of every option, and
appends each feature name not yet listed, in the order first seen. Existing names never move,
so an observation slot keeps its meaning across releases; the capacity is fixed when the file is
created (twice the first vocabulary, rounded up to a multiple of 1024) and must not change.
"""
from __future__ import annotations

import argparse
import random

from ludoteka import registry
from ludoteka.ai import make_agent
from ludoteka.envs.observation import DEFAULT_HASHED, VOCABULARY_DIR, features, read_vocabulary


def option_sets(game) -> list[dict]:
    """The defaults, then each value of each option alone (free-text options left at default)."""
    out = [{}]
    for name, option in game.options.items():
        out += [{name: value} for value in option.choices if value != option.default]
    return out


def seen_names(game, games: int) -> list[str]:
    """Feature names of every acting seat's view, in first-seen order."""
    names: dict[str, None] = {}
    for options in option_sets(game):
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(games):
                try:
                    state = game.new_state(players, seed, options)
                except Exception:              # an option value this player count refuses
                    break
                agent = make_agent("greedy" if seed % 4 == 3 else "random", seed)
                rng = random.Random(seed)
                while state.to_act is not None:
                    for seat in state.acting_seats():
                        for name, _ in features(state.view(seat)):
                            names.setdefault(name, None)
                    key = agent.choose(state) if rng.random() < 0.5 else rng.choice(state.legal_keys())
                    state.apply(key)
                for seat in range(players):
                    for name, _ in features(state.view(seat)):
                        names.setdefault(name, None)
    return list(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100, help="games per player count and option set")
    args = parser.parse_args()
    game = registry.game(args.game)
    path = VOCABULARY_DIR / f"{game.name}.txt"
    old, capacity, hashed = read_vocabulary(path) if path.exists() else ([], None, DEFAULT_HASHED)
    known = set(old)
    new = [n for n in seen_names(game, args.games) if n not in known]
    names = old + new
    if capacity is None:
        capacity = -(-2 * len(names) // 1024) * 1024
    if len(names) > capacity:
        raise SystemExit(f"{len(names)} features do not fit the capacity {capacity}: keep the old "
                         "file's names and raise the capacity only with a new observation version")
    header = (f"# The observation vocabulary of {game.name}: feature i is slot i (see ludoteka.envs.observation).\n"
              f"# Append only: existing lines never move. Grown by scripts/feature_vocabulary.py.\n"
              f"# capacity {capacity}\n# hashed {hashed}\n")
    path.write_text(header + "".join(n + "\n" for n in names), encoding="utf-8")
    print(f"{path}: {len(old)} + {len(new)} = {len(names)} features (capacity {capacity})")


if __name__ == "__main__":
    main()
