"""The PNG plots of a balance report (matplotlib, Agg backend; the `research` extra).

Each plot shows every option set side by side in the same colours: win rates by seat and by
starting position with 95% Wilson intervals, score distributions, game length, and the kinds of
decision taken and offered per game.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..kernel import LudotekaError
from .stats import ordinal

COLOURS = ("#0072B2", "#E69F00")          # colour-blind safe blue and orange, one per option set
LIGHT = ("#A6CEE3", "#FDD9A0")
DPI = 110


class PlotsMissing(LudotekaError):
    """matplotlib is not installed."""


def require_matplotlib() -> Any:
    """matplotlib.pyplot on the Agg backend, or PlotsMissing naming the extra to install."""
    try:
        import matplotlib
    except ImportError:
        raise PlotsMissing("ludoteka report needs matplotlib: pip install 'ludoteka[research]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _bars(ax, groups: list[str], sets: list[dict[str, Any]], field: str, players: int) -> None:
    """Grouped bars of win rates with their Wilson intervals and the fair share line."""
    width = 0.8 / len(sets)
    for i, s in enumerate(sets):
        rates = s[field]["rate"]
        lows = [r - lo for r, (lo, _) in zip(rates, s[field]["ci95"])]
        highs = [hi - r for r, (_, hi) in zip(rates, s[field]["ci95"])]
        xs = [g + (i - (len(sets) - 1) / 2) * width for g in range(len(groups))]
        ax.bar(xs, rates, width * 0.92, color=COLOURS[i], label=s["label"], zorder=2)
        ax.errorbar(xs, rates, yerr=[lows, highs], fmt="none", ecolor="black", capsize=4, lw=1.2, zorder=3)
        for x, r, hi in zip(xs, rates, s[field]["ci95"]):
            ax.text(x, hi[1] + 0.015, f"{r:.0%}", ha="center", va="bottom", fontsize=8)
    ax.axhline(1 / players, color="grey", ls="--", lw=1, zorder=1, label=f"fair share (1/{players})")
    ax.set_xticks(range(len(groups)), groups)
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.grid(axis="y", alpha=0.3, zorder=0)


def _seat_labels(summary: dict[str, Any]) -> list[str]:
    """The seat names, each with its agent when the seats have different agents."""
    names, agents = summary["seat_names"], summary["agents"]
    return names if len(set(agents)) == 1 else [f"{n}\n{a}" for n, a in zip(names, agents)]


def _games(summary: dict[str, Any]) -> str:
    return f"{summary['games']} games" + (" per setting" if len(summary["sets"]) > 1 else "")


def plot_wins(plt, summary: dict[str, Any], path: Path) -> None:
    players, sets = summary["players"], summary["sets"]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.9), constrained_layout=True, sharey=True)
    _bars(axes[0], _seat_labels(summary), sets, "seat_wins", players)
    axes[0].set_title("Win rate by seat (seating order, not rotated)")
    axes[0].set_xlabel("seat")
    axes[0].set_ylabel("share of games won (95% interval)")
    _bars(axes[1], [f"{ordinal(p + 1)} to move" for p in range(players)], sets, "position_wins", players)
    axes[1].set_title("Win rate by starting position")
    axes[1].set_xlabel("position in the opening turn order")
    top = max(hi for s in sets for f in ("seat_wins", "position_wins") for _, hi in s[f]["ci95"])
    axes[0].set_ylim(0, min(1.08, top + 0.1))
    axes[0].tick_params(labelleft=True)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=len(labels), fontsize=9, frameon=False)
    fig.suptitle(f"{summary['title']}, {players} players: who wins ({_games(summary)})")
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def plot_scores(plt, summary: dict[str, Any], path: Path) -> None:
    players, sets = summary["players"], summary["sets"]
    fig, ax = plt.subplots(figsize=(11, 4.6), constrained_layout=True)
    width = 0.8 / len(sets)
    for i, s in enumerate(sets):
        data = [[r["scores"][seat] for r in s["results"]] for seat in range(players)]
        xs = [g + (i - (len(sets) - 1) / 2) * width for g in range(players)]
        parts = ax.boxplot(data, positions=xs, widths=width * 0.8, patch_artist=True, showmeans=True,
                           meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black",
                                      "markersize": 5},
                           medianprops={"color": "black"}, flierprops={"markersize": 3, "alpha": 0.5})
        for box in parts["boxes"]:
            box.set_facecolor(COLOURS[i])
            box.set_alpha(0.85)
        parts["boxes"][0].set_label(s["label"])
    ax.plot([], [], "D", color="white", markeredgecolor="black", label="mean")
    ax.set_xticks(range(players), _seat_labels(summary))
    ax.set_xlim(-0.6, players - 0.4)
    ax.set_xlabel("seat")
    ax.set_ylabel("final score")
    ax.set_title(f"Final scores by seat ({_games(summary)})")
    ax.grid(axis="y", alpha=0.3)
    fig.legend(loc="outside lower center", ncols=len(sets) + 1, fontsize=9, frameon=False)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def plot_length(plt, summary: dict[str, Any], path: Path) -> None:
    """One histogram of decisions per game for each option set, side by side on the same axes;
    below them the rounds (or years) played, when that varies."""
    from matplotlib.ticker import MaxNLocator
    sets = summary["sets"]
    rounds = [s["rounds"] for s in sets]
    varied = all(rounds) and any(r["min"] != r["max"] for r in rounds)
    rows = 2 if varied else 1
    fig, axes = plt.subplots(rows, len(sets), figsize=(11, 3.9 * rows), constrained_layout=True,
                             squeeze=False, sharey="row")
    values = [[r["decisions"] for r in s["results"]] for s in sets]
    low, high = min(min(v) for v in values), max(max(v) for v in values)
    step = max(1, math.ceil((high - low + 1) / 30))               # whole decisions per bin
    edges = [low - 0.5 + k * step for k in range((high - low) // step + 2)]
    for i, (s, v) in enumerate(zip(sets, values)):
        ax = axes[0][i]
        ax.hist(v, bins=edges, color=COLOURS[i], edgecolor="white", lw=0.5)
        mean = s["decisions"]["mean"]
        ax.axvline(mean, color="black", ls="--", lw=1.3, label=f"mean {mean:.1f}")
        ax.set_xlim(edges[0] - step, edges[-1] + step)
        ax.set_xlabel("decisions in the game (all players)")
        ax.set_title(f"{s['label']}: decisions per game", color=COLOURS[i])
        ax.legend(fontsize=8, loc="upper right")
        ax.grid(axis="y", alpha=0.3)
        if varied:
            name = rounds[0]["name"]
            span = list(range(min(r["min"] for r in rounds), max(r["max"] for r in rounds) + 1))
            ax = axes[1][i]
            ax.bar(span, [sum(1 for r in s["results"] if r["rounds"] == n) for n in span], 0.8, color=COLOURS[i])
            ax.set_xticks(span)
            ax.set_xlabel(f"{name}s played")
            ax.set_title(f"{s['label']}: {name}s per game", color=COLOURS[i])
            ax.grid(axis="y", alpha=0.3)
    for row in axes:
        row[0].set_ylabel("number of games")
        row[0].yaxis.set_major_locator(MaxNLocator(integer=True))
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def plot_kinds(plt, summary: dict[str, Any], path: Path) -> None:
    sets = summary["sets"]
    kinds: list[str] = []
    for s in sets:
        kinds += [k["kind"] for k in s["kinds"] if k["kind"] not in kinds]
    fig, ax = plt.subplots(figsize=(11, 1.6 + 0.42 * len(kinds) * (1 + 0.4 * (len(sets) - 1))),
                           constrained_layout=True)
    height = 0.8 / len(sets)
    for i, s in enumerate(sets):
        by_kind = {k["kind"]: k for k in s["kinds"]}
        ys = [y + (i - (len(sets) - 1) / 2) * height for y in range(len(kinds))]
        offered = [by_kind[k]["offered_per_game"] if k in by_kind else 0 for k in kinds]
        taken = [by_kind[k]["taken_per_game"] if k in by_kind else 0 for k in kinds]
        ax.barh(ys, offered, height * 0.9, color=LIGHT[i], edgecolor=COLOURS[i], lw=0.8,
                label=f"{s['label']}: offered")
        ax.barh(ys, taken, height * 0.9, color=COLOURS[i], label=f"{s['label']}: taken")
        for y, t, o in zip(ys, taken, offered):
            text = f"{t:.1f}" if t >= 0.05 or t == 0 else "<0.1"
            ax.text(t, y, f" {text}" + (f" of {o:.1f} offered" if o - t >= 0.05 else ""),
                    va="center", fontsize=7)
    ax.set_yticks(range(len(kinds)), kinds)
    ax.set_ylim(len(kinds) - 0.5, -0.5)
    ax.set_xlabel("decisions per game (average)")
    ax.set_ylabel("kind of decision (action key prefix)")
    ax.set_title("How often each kind of decision is taken (dark) and offered (light), per game")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


PLOTS = {"wins": ("wins.png", plot_wins), "scores": ("scores.png", plot_scores),
         "length": ("length.png", plot_length), "decisions": ("decisions.png", plot_kinds)}


def write_plots(summary: dict[str, Any], out_dir: Path) -> dict[str, str]:
    """Write every plot into `out_dir`; {plot name: file name}."""
    plt = require_matplotlib()
    written = {}
    for name, (filename, draw) in PLOTS.items():
        if name == "wins" and summary["players"] < 2:
            continue                              # a solo game: nobody to beat at another seat
        draw(plt, summary, out_dir / filename)
        written[name] = filename
    return written
