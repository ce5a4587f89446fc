"""Research adapters against the raw engine, side by side in one run: random legal decisions per
second of the engine itself, of the PettingZoo AEC environment (each step: the acting agent's
observation and action mask, then the step) with the direct and with the generic view encoder,
and of the OpenSpiel game (each step: legal actions, the observation tensor, the action), with
OpenSpiel's own C++ games and PettingZoo's own classic environments (measured as ours: `last`,
a random legal action from the mask, `step`) as a reference.

    python bench/research_speed.py [--seconds 2] [--rounds 3] [--clock wall|cpu] [--scratch]
                                   [--only MEASURE,...] [--json]

PettingZoo's classic environments need pygame (and Leduc Hold'em rlcard), pinned in the
`classic` extra; one that cannot be imported is left out of the run with a note.

Every measure runs `--rounds` times, interleaved (round 1 of every measure, then round 2...),
so that the load of a shared machine falls on all of them alike; the table gives the median
and the spread (min-max over the rounds) of each, its share of the engine's median rate, and
the range of its share round by round. With `--clock cpu` a measure counts the
process's CPU time instead of the wall time: decisions per CPU second, which the time the
process waits for a core on a shared machine does not distort. A script, not a test.
"""
from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from typing import Any, Callable

import numpy as np
import pyspiel

import ludoteka.envs.openspiel as ludoteka_openspiel
from ludoteka import registry
from ludoteka.envs.pettingzoo import env

GAMES = [("notre-dame", 4), ("kingsburg", 4), ("messina-1347", 4), ("messina-1347", 1)]
CPP_GAMES = ["connect_four", "leduc_poker"]
# PettingZoo's own classic environments (module of pettingzoo.classic), for scale
PZ_CLASSIC = ["connect_four_v3", "tictactoe_v3", "leduc_holdem_v4"]
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def timed(step: Callable[[], None], seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Calls of `step` per second of `clock` over about `seconds` of it (checked every 64 calls)."""
    count, start = 0, clock()
    deadline = start + seconds
    while True:
        for _ in range(64):
            step()
        count += 64
        now = clock()
        if now >= deadline:
            return count / (now - start)


def engine(name: str, players: int) -> Callable[[], None]:
    """One random legal decision of the raw engine (a new game after each end)."""
    game, rng = registry.game(name), random.Random(1)
    box = [game.new_state(players, 0)]

    def step() -> None:
        state = box[0]
        if state.to_act is None:
            box[0] = state = game.new_state(players, rng.getrandbits(31))
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
    return step


def pettingzoo(name: str, players: int, observation: str, canvas: bool = True) -> Callable[[], None]:
    """One PettingZoo step: the acting agent's observation and mask (`last`), then a random
    legal action; `reset` after each game. `canvas=False`: the direct encoder writes every
    observation from scratch (its write function, as before the canvas; the same vectors)."""
    e = env(name, players=players, observation=observation)
    if not canvas and e.direct is not None:
        e.direct.encode = e.direct.encode_scratch
    return aec_step(e, random.Random(1))


def aec_step(e: Any, rng: random.Random) -> Callable[[], None]:
    """The measured step of any PettingZoo AEC environment: the acting agent's `last`, a random
    legal action from its mask, `step`; `reset` after each game."""
    e.reset(seed=0)

    def step() -> None:
        obs, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.reset()
            return
        # numpy's nonzero reads an int8 mask several times slower than the same bytes as bool
        # (3.8 against 0.7 µs for Kingsburg's 2,135 actions): the step measured is the
        # environment's, not the benchmark's choice (a learner masks its logits instead)
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        e.step(int(legal[rng.randrange(len(legal))]))
    return step


def pettingzoo_classic(module: str) -> Callable[[], None]:
    """One step of a PettingZoo classic environment, measured as `pettingzoo`: the acting
    agent's `last`, a random legal action from its mask, `step`; `reset` after each game. The
    environment is the one its `env()` gives (with PettingZoo's wrappers, as users get it)."""
    return aec_step(importlib.import_module(f"pettingzoo.classic.{module}").env(), random.Random(1))


def openspiel(short_name: str, params: dict | None = None) -> Callable[[], None]:
    """One OpenSpiel step: legal actions, the acting player's observation tensor, an action
    (chance outcomes sampled for C++ games with chance nodes)."""
    game, rng = pyspiel.load_game(short_name, params or {}), random.Random(1)
    box = [game.new_initial_state()]

    def step() -> None:
        state = box[0]
        if state.is_terminal():
            box[0] = state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            return
        actions = state.legal_actions()
        state.observation_tensor(state.current_player())
        state.apply_action(actions[rng.randrange(len(actions))])
    return step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measure and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="time measures by the wall clock or by the process's CPU time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scratch", action="store_true",
                        help="also the direct PettingZoo step without the canvas (before and after in one run)")
    parser.add_argument("--only", default="",
                        help="comma-separated measures to run (engine, pettingzoo direct, pz direct scratch, "
                             "pettingzoo view, openspiel, classic); default all")
    args = parser.parse_args()
    only = {m.strip() for m in args.only.split(",") if m.strip()}
    wanted = (lambda what: not only or what in only)
    measures: dict[str, Callable[[], None]] = {}
    for name, players in GAMES:
        label = f"{name} {players}p"
        short = ludoteka_openspiel.short_name(registry.game(name))
        measures[f"{label}|engine"] = engine(name, players)        # always: the shares' base
        if wanted("pettingzoo direct"):
            measures[f"{label}|pettingzoo direct"] = pettingzoo(name, players, "direct")
        if args.scratch:
            measures[f"{label}|pz direct scratch"] = pettingzoo(name, players, "direct", canvas=False)
        if wanted("pettingzoo view"):
            measures[f"{label}|pettingzoo view"] = pettingzoo(name, players, "view")
        if wanted("openspiel"):
            measures[f"{label}|openspiel"] = openspiel(short, {"players": players})
    if wanted("openspiel"):
        for name in CPP_GAMES:
            measures[f"{name} (OpenSpiel C++)|openspiel"] = openspiel(name)
    if wanted("classic"):
        for module in PZ_CLASSIC:
            try:
                measures[f"{module} (PettingZoo)|pettingzoo"] = pettingzoo_classic(module)
            except ImportError as error:      # pygame or rlcard not installed
                print(f"note: PettingZoo's {module} left out ({error}); pip install -e '.[classic]'")
    results: dict[str, list[float]] = {key: [] for key in measures}
    for _ in range(args.rounds):
        for key, step in measures.items():
            results[key].append(timed(step, args.seconds, CLOCKS[args.clock]))
    if args.json:
        print(json.dumps(results, indent=1))
        return
    rows: dict[str, dict[str, list[float]]] = {}
    for key, values in results.items():
        label, what = key.split("|")
        rows.setdefault(label, {})[what] = values
    print(f"{'game':28} {'measure':18} {'steps/s':>9} {'spread':>17} {'of engine':>9} {'per round':>9}")
    for label, row in rows.items():
        base = statistics.median(row["engine"]) if "engine" in row else None
        for what, values in row.items():
            mid = statistics.median(values)
            share = f"{mid / base:9.0%}" if base else ""
            # the share in each round (the engine measured just before): the machine's load
            # changes between rounds, so these move less than the rates do
            rounds = [v / e for v, e in zip(values, row["engine"])] if base and what != "engine" else []
            spread = f" {min(rounds):.0%}-{max(rounds):.0%}" if rounds else ""
            print(f"{label:28} {what:18} {mid:9,.0f} {min(values):8,.0f}-{max(values):<8,.0f} {share}{spread}")


if __name__ == "__main__":
    main()
