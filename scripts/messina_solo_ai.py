"""Measure agents in the solo game of Messina 1347 (issue 26): per seed the score, its category
breakdown, the hexes repopulated, how often `repopulate` was offered and taken, carts owned, the
decisions (and how many had one option) and the seconds per decision. Two agents on the same seeds
give a paired comparison (mean difference with a 95% t interval).

    nice -n 19 .venv/bin/python scripts/messina_solo_ai.py --agent ismcts:iterations=200 \\
        --agent ismcts:iterations=200,... --seeds 0-9 --json out.json
    .venv/bin/python scripts/messina_solo_ai.py --playouts 200     # the playout policy alone

Agents are seeded as `ludoteka arena` seeds them (agent_seed(game seed, 0)), so a game here is
the arena's game for the same spec and seed. Give iteration budgets (no seconds) so the choices
do not depend on the machine's load.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import ludoteka  # noqa: E402
from ludoteka.ai import make_agent  # noqa: E402
from ludoteka.tools.simulate import agent_seed  # noqa: E402

# two-sided 95% Student t quantiles by degrees of freedom (normal beyond 30)
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
       11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09,
       20: 2.09, 24: 2.06, 29: 2.05}


def interval(values: list[float]) -> list[float]:
    """Mean and its 95% t interval."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return [mean, mean, mean]
    t = T95.get(n - 1) or next((T95[k] for k in sorted(T95) if k >= n - 1), 1.96)
    half = t * statistics.stdev(values) / math.sqrt(n)
    return [mean, mean - half, mean + half]


def repopulated_count(state) -> int:
    return sum(1 for s in state.repopulated_by if s == 0)


def play(game, spec: str, seed: int, options: dict) -> dict:
    """One solo game of `spec` on `seed`."""
    state = game.new_state(1, seed, options)
    agent = make_agent(spec, agent_seed(seed, 0))
    decisions = forced = offered = taken = 0
    seconds, worst = 0.0, 0.0
    while state.to_act is not None:
        keys = state.legal_keys()
        start = time.perf_counter()
        key = agent.choose(state)
        spent = time.perf_counter() - start
        seconds += spent
        worst = max(worst, spent)
        decisions += 1
        forced += len(keys) == 1
        if "repopulate" in keys:
            offered += 1
            taken += key == "repopulate"
        state.apply(key, state.to_act)
    points = state.score_breakdown()[0]["points"]
    return {"seed": seed, "score": state.scores()[0], "repopulated": repopulated_count(state),
            "repopulate_offered": offered, "repopulate_taken": taken, "carts": len(state.carts[0]) // 2,
            "decisions": decisions, "forced": forced, "seconds_per_decision": seconds / decisions,
            "max_seconds": worst, "breakdown": points}


def playouts(game, count: int, options: dict) -> dict:
    """`count` playouts of the game's playout policy from the start of seeds 0.. (the search's
    playouts from its root): repopulations, the offers of `repopulate`, carts, scores."""
    rows = []
    for seed in range(count):
        state = game.new_state(1, seed, options)
        rand = random.Random(seed).random
        offered = taken = 0
        while state.to_act is not None:
            keys = state.legal_keys()
            key = game.playout_key(state, rand)
            if "repopulate" in keys:
                offered += 1
                taken += key == "repopulate"
            state.apply(key, state.to_act)
        rows.append((state.scores()[0], repopulated_count(state), offered, taken, len(state.carts[0]) // 2))
    cols = list(zip(*rows))
    return {"playouts": count, "mean_score": statistics.fmean(cols[0]),
            "mean_repopulated": statistics.fmean(cols[1]),
            "games_with_a_repopulation": sum(1 for r in cols[1] if r),
            "mean_repopulate_offered": statistics.fmean(cols[2]), "mean_repopulate_taken": statistics.fmean(cols[3]),
            "mean_carts": statistics.fmean(cols[4])}


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def summary(rows: list[dict]) -> dict:
    return {"games": len(rows), "score": interval([r["score"] for r in rows]),
            "repopulated": interval([r["repopulated"] for r in rows]),
            "games_with_a_repopulation": sum(1 for r in rows if r["repopulated"]),
            "forced_share": sum(r["forced"] for r in rows) / max(1, sum(r["decisions"] for r in rows)),
            "decisions_per_game": statistics.fmean(r["decisions"] for r in rows),
            "seconds_per_decision": statistics.fmean(r["seconds_per_decision"] for r in rows),
            "max_seconds": max(r["max_seconds"] for r in rows)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", action="append", default=[], help="an agent spec (repeatable)")
    parser.add_argument("--seeds", default="0-9", help="game seeds, e.g. 0-19 (default 0-9)")
    parser.add_argument("--advanced", action="store_true", help="the advanced rules")
    parser.add_argument("--playouts", type=int, default=0, help="also measure N playouts of the policy")
    parser.add_argument("--json", metavar="FILE", help="write every game and the summaries to FILE")
    args = parser.parse_args(argv)
    game = ludoteka.game("messina-1347")
    options = {"advanced": True} if args.advanced else {}
    out: dict = {"game": game.name, "players": 1, "options": options, "seeds": args.seeds, "agents": []}
    if args.playouts:
        out["playout_policy"] = playouts(game, args.playouts, options)
        print(json.dumps(out["playout_policy"]), flush=True)
    seeds = seeds_of(args.seeds)
    for spec in args.agent:
        rows = []
        for seed in seeds:
            rows.append(play(game, spec, seed, options))
            r = rows[-1]
            print(f"{spec} seed {seed}: {r['score']:.0f} points, {r['repopulated']} repopulated "
                  f"({r['repopulate_taken']}/{r['repopulate_offered']} offers taken), {r['carts']} carts, "
                  f"{r['seconds_per_decision']:.3f} s/decision", file=sys.stderr, flush=True)
            if args.json:        # after every game, so a run stopped early keeps what it played
                Path(args.json).write_text(json.dumps({**out, "agents": out["agents"] + [
                    {"agent": spec, "summary": summary(rows), "results": rows}]}, indent=1) + "\n")
        out["agents"].append({"agent": spec, "summary": summary(rows), "results": rows})
        print(json.dumps({"agent": spec, **out["agents"][-1]["summary"]}), flush=True)
    if len(out["agents"]) >= 2:
        base = out["agents"][0]["results"]
        for other in out["agents"][1:]:
            diff = [b["score"] - a["score"] for a, b in zip(base, other["results"])]
            other["paired_gain_vs_first"] = interval(diff)
            print(f"paired gain of {other['agent']} over {out['agents'][0]['agent']}: "
                  f"{other['paired_gain_vs_first']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
