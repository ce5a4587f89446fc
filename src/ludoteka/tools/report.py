"""Balance and design reports: play many games and summarise seats, scores, length and decisions.

`report()` plays the games (game g seeded `seed + g`, the agents in the given seat order, never
rotated), summarises them with Wilson and normal-approximation intervals, and writes
`index.html` with PNG plots into a directory (`report_plots`, `report_html`). With a second
option set (`compare`) the same seeds are played under both sets and every plot and a table of
differences shows them side by side. The summary is JSON-ready and the same for any worker count.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .. import __version__
from ..ai import make_agent, seat_specs
from ..kernel import BadOption, Game, LudotekaError
from .distribute import run_jobs
from .simulate import MAX_GAMES, agent_seed
from .stats import Z95, mean_ci, share_wins, signed, wilson

MAX_DECISIONS = 100_000        # a game not over after this many decisions stops the report


class ReportError(LudotekaError):
    """The report cannot be made (an unwritable directory, a game that never ends)."""


# ------------------------------------------------------------------ playing
def _opening_order(state, players: int) -> list[int]:
    """The seats in the order they start, as the opening view tells it (its `turn_order`), else
    clockwise from the first seat to act."""
    order = state.view(None).get("turn_order")
    if isinstance(order, list) and sorted(order) == list(range(players)):
        return list(order)
    first = state.to_act if isinstance(state.to_act, int) else 0
    return [(first + i) % players for i in range(players)]


def _final_rounds(view: Mapping[str, Any]) -> tuple[str, int] | None:
    for name in ("round", "year"):
        if isinstance(view.get(name), int) and not isinstance(view.get(name), bool):
            return name, view[name]
    return None


def _play_one(job: tuple[Game, int, list[str], int, dict[str, Any], int]) -> dict[str, Any]:
    """Play one game; its scores, win shares, length and the kinds of decision offered and taken."""
    game, players, specs, game_seed, options, set_index = job
    state = game.new_state(players, game_seed, options)
    order = _opening_order(state, players)
    agents = [make_agent(specs[s], agent_seed(game_seed, s)) for s in range(players)]
    taken: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    distinct: set[str] = set()
    decisions = options_seen = 0
    while state.to_act is not None:
        if decisions >= MAX_DECISIONS:
            raise ReportError(f"{game.name} game seed {game_seed} is not over after {MAX_DECISIONS:,} decisions")
        seat = state.to_act
        keys = state.legal_keys()
        options_seen += len(keys)
        distinct.update(keys)
        offered.update({k.partition(":")[0] for k in keys})
        key = agents[seat].choose(state)
        taken[key.partition(":")[0]] += 1
        state.apply(key, seat)
        decisions += 1
    return {"set": set_index, "seed": game_seed, "scores": list(state.scores()),
            "wins": share_wins(state.winners(), players), "order": order, "decisions": decisions,
            "rounds": _final_rounds(state.view(None)), "options_seen": options_seen,
            "taken": dict(taken), "offered": dict(offered), "distinct": sorted(distinct)}


# ------------------------------------------------------------------ summarising
def _interval(values: list[float]) -> dict[str, Any]:
    mean, low, high = mean_ci(values)
    return {"mean": mean, "ci95": [low, high]}


def _rates(wins: list[float], games: int) -> dict[str, Any]:
    return {"wins": wins, "rate": [w / games for w in wins], "ci95": [list(wilson(w, games)) for w in wins]}


def _summarise(label: str, changed: dict[str, Any], options: dict[str, Any],
               results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    games = len(results)
    seat_wins = [sum(r["wins"][s] for r in results) for s in range(players)]
    position_wins = [sum(r["wins"][r["order"][p]] for r in results) for p in range(players)]
    seat_scores = [[float(r["scores"][s]) for r in results] for s in range(players)]
    all_scores = [float(sum(r["scores"])) / players for r in results]
    decisions = [r["decisions"] for r in results]
    total = sum(decisions)
    taken: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    distinct: dict[str, set[str]] = {}
    for r in results:
        taken.update(r["taken"])
        offered.update(r["offered"])
        for key in r["distinct"]:
            distinct.setdefault(key.partition(":")[0], set()).add(key)
    kinds = [{"kind": k, "taken": taken[k], "taken_per_game": taken[k] / games,
              "offered_per_game": offered[k] / games, "distinct_offered": len(distinct.get(k, ()))}
             for k in sorted(offered, key=lambda k: (-taken[k], -offered[k], k))]
    rounds = [r["rounds"] for r in results if r["rounds"] is not None]
    return {
        "label": label, "changed": changed, "options": options, "games": games,
        "seat_wins": _rates(seat_wins, games), "position_wins": _rates(position_wins, games),
        "seat_score": [_interval(v) for v in seat_scores], "mean_score": _interval(all_scores),
        "decisions": {**_interval([float(d) for d in decisions]), "total": total,
                      "min": min(decisions), "max": max(decisions)},
        "rounds": ({"name": rounds[0][0], **_interval([float(n) for _, n in rounds]),
                    "min": min(n for _, n in rounds), "max": max(n for _, n in rounds)}
                   if len(rounds) == games else None),
        "options_per_decision": sum(r["options_seen"] for r in results) / max(total, 1),
        "kinds": kinds,
        "results": [{"seed": r["seed"], "scores": r["scores"], "wins": r["wins"], "order": r["order"],
                     "decisions": r["decisions"], "rounds": r["rounds"][1] if r["rounds"] else None}
                    for r in results],
    }


def _verdict(low: float, high: float, games: int) -> str:
    if low > 0 or high < 0:
        return "a clear difference, larger than chance alone would give"
    return f"within what chance alone gives with {games} games: no clear difference"


def _paired(name: str, what: str, unit: str, base: list[float], other: list[float], label: str,
            more: str, fewer: str) -> dict[str, Any]:
    """A difference of means over the same seeds: each game is compared with its twin."""
    diff, low, high = (v + 0.0 for v in mean_ci([b - a for a, b in zip(base, other)]))   # no -0.0
    a, b = sum(base) / len(base), sum(other) / len(other)
    amount = f"{abs(diff):.1f} {more if diff > 0 else fewer}" if round(diff, 1) else "about the same"
    sentence = (f"With {label}, {what} is {b:.1f}{unit} instead of {a:.1f} ({amount}; 95% interval of "
                f"the change {signed(low)} to {signed(high)}): {_verdict(low, high, len(base))}.")
    return {"measure": name, "base": a, "compare": b, "difference": diff, "ci95": [low, high],
            "clear": low > 0 or high < 0, "sentence": sentence}


def _rate_change(name: str, who: str, base: dict[str, Any], other: dict[str, Any], i: int,
                 games: int, label: str) -> dict[str, Any]:
    """Newcombe's interval for the difference of two win rates (from their Wilson intervals)."""
    p1, (l1, u1) = base["rate"][i], base["ci95"][i]
    p2, (l2, u2) = other["rate"][i], other["ci95"][i]
    diff = p2 - p1
    low = diff - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = diff + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    sentence = (f"With {label}, {who} wins {p2:.1%} of the games instead of {p1:.1%} (95% interval of "
                f"the change {signed(low * 100)} to {signed(high * 100)} percentage points): "
                f"{_verdict(low, high, games)}.")
    return {"measure": name, "base": p1, "compare": p2, "base_ci95": [l1, u1], "compare_ci95": [l2, u2],
            "difference": diff, "ci95": [low, high], "clear": low > 0 or high < 0, "sentence": sentence}


def differences(base: dict[str, Any], other: dict[str, Any], players: int,
                seat_names: list[str]) -> list[dict[str, Any]]:
    """Mean score, win rates by seat and of the first to move, and game length: base vs other."""
    label = ", ".join(f"{k}={_text(v)}" for k, v in other["changed"].items())
    a, b = base["results"], other["results"]
    games = len(a)
    out = [_paired("mean score", "the average score (all seats)", "", [sum(r["scores"]) / players for r in a],
                   [sum(r["scores"]) / players for r in b], label, "higher", "lower")]
    if players > 1:
        out += [_rate_change(f"win rate {seat_names[s]}", seat_names[s], base["seat_wins"], other["seat_wins"],
                             s, games, label) for s in range(players)]
        out.append(_rate_change("win rate first to move", "the player who moves first", base["position_wins"],
                                other["position_wins"], 0, games, label))
    out.append(_paired("decisions per game", "the length of a game (decisions)", "",
                       [r["decisions"] for r in a], [r["decisions"] for r in b], label, "more", "fewer"))
    if base["rounds"] and other["rounds"] and len({base["rounds"]["min"], base["rounds"]["max"],
                                                   other["rounds"]["min"], other["rounds"]["max"]}) > 1:
        name = base["rounds"]["name"]
        out.append(_paired(f"{name}s per game", f"the number of {name}s", "", [r["rounds"] for r in a],
                           [r["rounds"] for r in b], label, "more", "fewer"))
    return out


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def reconstructed_notes(game: Game, players: int, seed: int, option_sets: list[dict[str, Any]]) -> list[str]:
    """What the games' opening views say about reconstructed component data (none: [])."""
    notes: list[str] = []
    for options in option_sets:
        view = game.new_state(players, seed, options).view(None)
        flag = view.get("reconstructed")
        if isinstance(flag, str) and flag.strip():
            note = flag.strip()
        elif flag is True:
            data_set = view.get("data_set")
            note = (f"Some component values of {game.title} are reconstructed"
                    + (f" (data set {data_set})" if isinstance(data_set, str) and data_set else "")
                    + ": they were invented to fit the rules and are not the printed values.")
        else:
            parts = game.components()
            if not any(c.get("reconstructed") is True or str(c.get("provenance", "")).startswith("reconstructed")
                       for c in parts):
                continue
            note = (f"Some component values of {game.title} are reconstructed (see the provenance in its data "
                    "files): they were invented to fit the rules and are not the printed values.")
        if note not in notes:
            notes.append(note)
    return notes


# ------------------------------------------------------------------ the report
def _writable(out_dir: Path) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise ReportError(f"cannot write the report into {str(out_dir)!r}: it is a file, not a directory")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        probe = out_dir / ".ludoteka-report-probe"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise ReportError(f"cannot write the report into {str(out_dir)!r}: "
                          f"{exc.strerror or type(exc).__name__}") from None


def plan(game: Game, players: int, agents: Sequence[str] | None, options: Mapping[str, Any] | None,
         compare: Mapping[str, Any] | None, games: int, seed: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The seat specs and the option sets (base, and base + compare); bad input raises here."""
    specs = seat_specs(agents, players, "greedy")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES:,}, not {games!r:.40}")
    base = dict(options or {})
    resolved = game.new_state(players, seed, base).options        # bad players or options fail here
    sets = [base]
    if compare:
        for name in compare:
            if name not in game.options:
                raise BadOption(f"cannot compare {name!r}: {game.name} has no such option; known options: "
                                f"{', '.join(sorted(game.options)) or 'none'}")
        other = {**base, **compare}
        if game.new_state(players, seed, other).options == resolved:
            raise BadOption(f"the compared options ({', '.join(f'{k}={_text(v)}' for k, v in compare.items())}) "
                            "are those of the base set already: nothing to compare")
        sets.append(other)
    return specs, sets


def report(game: Game, players: int, games: int = 100, seed: int = 0, agents: Sequence[str] | None = None,
           options: Mapping[str, Any] | None = None, compare: Mapping[str, Any] | None = None,
           out_dir: str | Path | None = None, workers: int = 1, ray: str | None = None,
           progress: Callable[[int, int], None] | None = None,
           command: str | None = None) -> dict[str, Any]:
    """Play `games` games per option set and return the summary; with `out_dir`, also write
    `index.html` and its PNG plots there (needs matplotlib). `compare` is a second option set,
    applied over `options`. Everything but `run` is the same for any `workers` and on Ray."""
    start = time.perf_counter()
    specs, sets = plan(game, players, agents, options, compare, games, seed)
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        from .report_plots import require_matplotlib
        require_matplotlib()                     # fail before the games, not after them
        _writable(out)
    jobs = ((game, players, specs, seed + g, opts, i) for i, opts in enumerate(sets) for g in range(games))
    results = run_jobs(_play_one, jobs, games * len(sets), workers=workers, ray=ray, progress=progress)
    played = time.perf_counter() - start
    probe = game.new_state(players, seed, sets[0])
    seat_names = [game.seat_name(probe, s) for s in range(players)]
    summaries = []
    for i, opts in enumerate(sets):
        changed = dict(opts) if i == 0 else dict(compare or {})
        label = ("base" if not changed else "base: " + ", ".join(f"{k}={_text(v)}" for k, v in changed.items())) \
            if i == 0 else ", ".join(f"{k}={_text(v)}" for k, v in changed.items())
        summaries.append(_summarise(label, changed, dict(game.new_state(players, seed, opts).options),
                                    [r for r in results if r["set"] == i], players))
    summary: dict[str, Any] = {
        "game": game.name, "title": game.title, "players": players, "games": games, "seed": seed,
        "seeds": [seed, seed + games - 1], "agents": specs, "seat_names": seat_names,
        "version": __version__, "z": Z95,
        "reconstructed": reconstructed_notes(game, players, seed, sets),
        "sets": summaries,
        "differences": differences(summaries[0], summaries[1], players, seat_names) if len(sets) > 1 else [],
        "games_differing": (sum(a["scores"] != b["scores"] or a["decisions"] != b["decisions"]
                                for a, b in zip(summaries[0]["results"], summaries[1]["results"]))
                            if len(sets) > 1 else None),
    }
    run: dict[str, Any] = {"workers": workers, "ray": ray, "seconds_games": round(played, 3),
                           "out": str(out) if out is not None else None, "files": [], "command": command}
    summary["run"] = run
    if out is not None:
        from .report_html import write_page
        from .report_plots import write_plots
        plots = write_plots(summary, out)
        run["seconds"] = round(time.perf_counter() - start, 3)
        run["files"] = [str(out / name) for name in plots.values()] + [str(write_page(summary, plots, out))]
    run["seconds"] = round(time.perf_counter() - start, 3)
    return summary
