"""A perfect-information beam search over the solo game of Messina 1347 (issue 26): a diagnostic
that CHEATS ON PURPOSE, not an agent. It plays the real game state, random generator included, so
every future plague die, automa tile and stack draw is known: applying the same keys to a clone
reproduces the future exactly. Its scores are therefore an optimistic bound on what planning can
reach with our component data (but not a proof of the maximum: a beam can miss better lines).

The search: the W best partial lines are kept; every legal key of each is tried, and decisions
with a single option are applied at once (not a step). Lines are compared only with lines at the
same point of the game: the bucket of a line is (round, lieutenants used this round by both sides,
decisions since that count last changed), so a turn spent in many small decisions (a
repopulation: cart, citizens, lieutenant) does not compete against lines a whole turn ahead.
Buckets are processed in order; each is cut to the W best by the ranking (duplicated states are
dropped), then expanded. The ranking is `evaluate_all(state)[0]` (the final score once over), plus
`--repop-bonus B` points per hex repopulated and `--cart-bonus C` per cart owned (0 by default). The best finished line is replayed
from a fresh state and must give the same score (asserted).

    PYTHONPATH=src nice -n 5 .venv/bin/python scripts/messina_oracle.py --seeds 0-9 --width 100 \\
        --json docs/measurements/ai-messina-oracle-w100.json
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ludoteka  # noqa: E402
from ludoteka.boardgames.messina.evaluate import evaluate_all  # noqa: E402
from messina_solo_ai import interval, repopulated_count, seeds_of  # noqa: E402

GAME_NAME = "messina-1347"


def advance(state, line: list[str]) -> None:
    """Apply decisions with a single option (appending their keys to `line`) until a real choice
    or the end of the game."""
    while state.to_act is not None:
        keys = state.legal_keys()
        if len(keys) != 1:
            return
        state.apply(keys[0], state.to_act)
        line.append(keys[0])


def progress(state) -> tuple[int, int]:
    """How far the game is: (round, lieutenants used this round by the seat and the automa)."""
    return state.round, sum(state.lt_used) + state.automa_used


def rank(state, repop_bonus: float = 0.0, cart_bonus: float = 0.0) -> float:
    """The value a line is kept by: the final score once over, else the evaluation; plus, before
    the end (the variants; 0 and 0 is the plain evaluation), `repop_bonus` per hex the seat has
    repopulated and `cart_bonus` per cart it owns, at most as many carts as tiles it has left."""
    if state.to_act is None:
        return state.scores()[0]
    value = evaluate_all(state)[0]
    if repop_bonus or cart_bonus:
        done = repopulated_count(state)
        value += repop_bonus * done + cart_bonus * min(len(state.carts[0]) // 2, 5 - done)
    return value


def fingerprint(state) -> int:
    """A hash of the state's contents without history or log (equal states, equal hashes)."""
    return hash(repr(state._snapshot()))


def beam_search(game, seed: int, width: int, repop_bonus: float = 0.0, options: dict | None = None,
                dedup: bool = True, cart_bonus: float = 0.0) -> dict[str, Any]:
    """The best line the beam finds for the solo game `seed`: {"score", "line" (every key applied,
    forced ones included), "nodes" (children made), "kept" (lines kept over all buckets),
    "duplicates" (lines dropped as the same state as a better one)}."""
    root = game.new_state(1, seed, dict(options or {}))
    line: list[str] = []
    advance(root, line)
    # bucket key -> [(state, line)]; key = (round, used, decisions since `used` changed)
    buckets: dict[tuple[int, int, int], list] = {(*progress(root), 0): [(root, line)]}
    best: tuple[float, list[str]] | None = None
    if root.to_act is None:
        best = (root.scores()[0], line)
    nodes = kept = duplicates = 0
    while buckets:
        key = min(buckets)
        lines = buckets.pop(key)
        scored = sorted(((rank(s, repop_bonus, cart_bonus), i) for i, (s, _) in enumerate(lines)), reverse=True)
        chosen, seen = [], set()
        for _, i in scored:
            if dedup:
                h = fingerprint(lines[i][0])
                if h in seen:
                    duplicates += 1
                    continue
                seen.add(h)
            chosen.append(lines[i])
            if len(chosen) >= width:
                break
        kept += len(chosen)
        for state, path in chosen:
            for k in state.legal_keys():
                child = state.clone()
                child.apply(k, child.to_act)
                child_line = path + [k]
                advance(child, child_line)
                nodes += 1
                if child.to_act is None:
                    score = child.scores()[0]
                    if best is None or score > best[0]:
                        best = (score, child_line)
                    continue
                done = progress(child)
                child_key = (*done, 0) if done > key[:2] else (key[0], key[1], key[2] + 1)
                buckets.setdefault(child_key, []).append((child, child_line))
    assert best is not None
    return {"score": best[0], "line": best[1], "nodes": nodes, "kept": kept, "duplicates": duplicates}


def replay(game, seed: int, line: list[str], options: dict | None = None):
    """The state after applying `line` to a fresh solo game `seed` (every key must be legal)."""
    state = game.new_state(1, seed, dict(options or {}))
    for k in line:
        assert k in state.legal_keys(), f"seed {seed}: {k!r} not legal on replay"
        state.apply(k, state.to_act)
    return state


def solve(game, seed: int, width: int, repop_bonus: float = 0.0, options: dict | None = None,
          cart_bonus: float = 0.0) -> dict[str, Any]:
    """One seed: the beam's best line, replayed (asserted to give the same score), summarised."""
    start, cpu = time.perf_counter(), time.process_time()
    found = beam_search(game, seed, width, repop_bonus, options, cart_bonus=cart_bonus)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    final = replay(game, seed, found["line"], options)
    assert final.to_act is None and final.scores()[0] == found["score"], (seed, found["score"], final.scores())
    repop_keys = sum(1 for k in found["line"] if k == "repopulate")
    return {"seed": seed, "width": width, "repop_bonus": repop_bonus, "cart_bonus": cart_bonus, "score": found["score"],
            "breakdown": final.score_breakdown()[0]["points"], "repopulated": repopulated_count(final),
            "repopulate_keys": repop_keys, "carts": len(final.carts[0]) // 2,
            "decisions": len(found["line"]), "nodes": found["nodes"], "kept": found["kept"], "duplicates": found["duplicates"],
            "seconds": seconds, "cpu_seconds": cpu, "line": found["line"]}


def summarise(rows: list[dict]) -> dict[str, Any]:
    """Mean score (95% t interval), max, mean repopulations, carts, seconds and the mean breakdown."""
    categories: dict[str, float] = {}
    for r in rows:
        for name, pts in r["breakdown"].items():
            categories[name] = categories.get(name, 0.0) + pts / len(rows)
    return {"games": len(rows), "score": interval([r["score"] for r in rows]),
            "max": max(r["score"] for r in rows), "min": min(r["score"] for r in rows),
            "repopulated": statistics.fmean(r["repopulated"] for r in rows),
            "carts": statistics.fmean(r["carts"] for r in rows),
            "seconds_per_game": statistics.fmean(r["seconds"] for r in rows),
            "cpu_seconds_per_game": statistics.fmean(r.get("cpu_seconds", r["seconds"]) for r in rows),
            "breakdown": dict(sorted(categories.items(), key=lambda kv: -kv[1]))}


def main(argv: list[str] | None = None) -> int:
    """Run the beam for every width on every seed; print a line per game to stderr and a summary
    per width to stdout; write everything (lines included) to --json."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-9", help="game seeds, e.g. 0-9 (default)")
    parser.add_argument("--width", type=int, action="append", help="beam width (repeatable; default 10)")
    parser.add_argument("--repop-bonus", type=float, default=0.0, help="rank bonus per hex repopulated")
    parser.add_argument("--cart-bonus", type=float, default=0.0,
                        help="rank bonus per cart owned (at most the repopulated tiles left)")
    parser.add_argument("--advanced", action="store_true", help="the advanced rules")
    parser.add_argument("--data", metavar="DIR", help="a data directory instead of the shipped data (counterfactuals)")
    parser.add_argument("--json", metavar="FILE", help="write every game and the summaries to FILE")
    args = parser.parse_args(argv)
    game = ludoteka.game(GAME_NAME)
    options = {"advanced": True} if args.advanced else {}
    if args.data:
        options["data"] = args.data
    out: dict[str, Any] = {"game": GAME_NAME, "players": 1, "options": options, "seeds": args.seeds,
                           "repop_bonus": args.repop_bonus, "cart_bonus": args.cart_bonus, "runs": []}
    for width in args.width or [10]:
        rows = []
        for seed in seeds_of(args.seeds):
            r = solve(game, seed, width, args.repop_bonus, options, args.cart_bonus)
            rows.append(r)
            print(f"width {width} seed {seed}: {r['score']} points, {r['repopulated']} repopulated, "
                  f"{r['carts']} carts, {r['nodes']} nodes, {r['seconds']:.1f} s ({r['cpu_seconds']:.1f} s CPU)", file=sys.stderr, flush=True)
            if args.json:
                Path(args.json).write_text(json.dumps({**out, "runs": out["runs"] + [
                    {"width": width, "summary": summarise(rows), "results": rows}]}, indent=1) + "\n")
        out["runs"].append({"width": width, "summary": summarise(rows), "results": rows})
        print(json.dumps({"width": width, **out["runs"][-1]["summary"]}), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
