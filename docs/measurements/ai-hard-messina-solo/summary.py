"""Sum up the chunks of run.sh: per rule set, the games played, the mean score with its 95% t
interval, min and max, hexes repopulated, and the mean points by category.

    python docs/measurements/ai-hard-messina-solo/summary.py [--json]
"""
from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "scripts"))

from messina_solo_ai import interval  # noqa: E402


def summary() -> dict[str, dict]:
    """Per rule set ("std", "adv"): the finished chunks' games summed up."""
    out = {}
    for rules in ("std", "adv"):
        # a chunk stopped early is kept as RULES-FIRST.partial.json; once run.sh has played the
        # whole chunk (RULES-FIRST.json, sorted first) its games count, each seed once
        by_seed = {}
        for path in sorted(HERE.glob(f"{rules}-*.json")):
            for r in json.loads(path.read_text())["agents"][0]["results"]:
                by_seed.setdefault(r["seed"], r)
        rows = [by_seed[seed] for seed in sorted(by_seed)]
        if not rows:
            continue
        categories: dict[str, float] = defaultdict(float)
        for r in rows:
            for name, points in r["breakdown"].items():
                categories[name] += points / len(rows)
        scores = [r["score"] for r in rows]
        out[rules] = {"games": len(rows), "seeds": sorted(r["seed"] for r in rows),
                      "score": interval(scores), "min": min(scores), "max": max(scores),
                      "at_least_100": sum(s >= 100 for s in scores),
                      "repopulated": statistics.fmean(r["repopulated"] for r in rows),
                      "categories": dict(sorted(categories.items(), key=lambda kv: -kv[1]))}
    return out


if __name__ == "__main__":
    result = summary()
    if "--json" in sys.argv:
        print(json.dumps(result, indent=1))
    for rules, s in result.items():
        mean, low, high = s["score"]
        print(f"{rules}: {s['games']} games (seeds {s['seeds'][0]}-{s['seeds'][-1]}), mean {mean:.1f} "
              f"(95% CI {low:.1f}-{high:.1f}), min {s['min']:.0f}, max {s['max']:.0f}, "
              f"{s['at_least_100']} at 100 or more, {s['repopulated']:.1f} hexes repopulated")
        print("   " + ", ".join(f"{k} {v:.1f}" for k, v in s["categories"].items()))
