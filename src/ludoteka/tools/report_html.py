"""The page of a balance report: `index.html` with inline CSS, linking the PNG plots beside it.

Written for a designer who does not read Python: plain headings, one or two sentences saying what
each plot shows, the settings, and every number with its 95% interval. No scripts.
"""
from __future__ import annotations

import datetime
from html import escape
from pathlib import Path
from typing import Any

from .stats import ordinal, signed

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 1100px; margin: 2em auto;
       padding: 0 1em; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
.note { background: #fff4d6; border-left: 5px solid #e6a700; padding: 0.6em 1em; margin: 1em 0; }
.lead { font-size: 1.1em; } .muted { color: #666; font-size: 0.9em; }
.clear { font-weight: 600; } code { background: #f4f4f4; padding: 0 0.25em; word-break: break-all; }
.swatch0 { color: #0072B2; } .swatch1 { color: #C77F00; }
"""


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else (str(v) if v != "" else "(empty)")


def _pct(p: float) -> str:
    return f"{p:.0%}"


def _ci(low: float, high: float, pct: bool = False) -> str:
    return f"{_pct(low)}–{_pct(high)}" if pct else f"{low:.1f}–{high:.1f}"


def _table(head: list[str], rows: list[list[Any]], numeric_from: int = 1) -> str:
    out = ["<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td{' class=num' if i >= numeric_from else ''}>{_e(c)}</td>"
                                    for i, c in enumerate(row)) + "</tr>")
    return "".join(out) + "</table>"


def _setname(i: int, s: dict[str, Any]) -> str:
    return f"<span class=swatch{i}>■</span> {_e(s['label'])}"


def _settings(summary: dict[str, Any], created: str) -> str:
    sets, run = summary["sets"], summary["run"]
    agents = summary["agents"]
    who = (f"{agents[0]} at every seat" if len(set(agents)) == 1
           else ", ".join(f"{n}: {a}" for n, a in zip(summary["seat_names"], agents)))
    rows = [("Game", f"{summary['title']} ({summary['game']})"), ("Players", summary["players"]),
            ("Agents", who), ("Games", f"{summary['games']} per setting"
                              + (f", {summary['games'] * len(sets)} in all" if len(sets) > 1 else "")),
            ("Seeds", f"{summary['seeds'][0]} to {summary['seeds'][1]} (game g uses seed {summary['seed']} + g"
                      + ("; the same seeds for both settings" if len(sets) > 1 else "") + ")")]
    for i, s in enumerate(sets):
        name = "Options" if len(sets) == 1 else f"Options of “{s['label']}”"
        rows.append((name, ", ".join(f"{k}={_value(v)}" for k, v in s["options"].items()) or "none"))
    where = (f"Ray ({run['ray']})" if run.get("ray")
             else f"{run['workers']} process{'es' if run['workers'] != 1 else ''}")
    rows += [("ludoteka version", summary["version"]), ("Made", created),
             ("Time taken", f"{run.get('seconds', 0):.1f} s ({run['seconds_games']:.1f} s playing, on {where})")]
    body = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


def _first_mover(summary: dict[str, Any], s: dict[str, Any]) -> str:
    n = summary["players"]
    rate, (low, high) = s["position_wins"]["rate"][0], s["position_wins"]["ci95"][0]
    fair = 1 / n
    if low > fair:
        verdict = "an advantage larger than chance alone would give"
    elif high < fair:
        verdict = "a disadvantage larger than chance alone would give"
    else:
        verdict = "no clear advantage or disadvantage with this many games"
    return (f"The player who moves first won {_pct(rate)} of the games (95% interval {_ci(low, high, True)}), "
            f"against a fair share of {_pct(fair)}: {verdict}.")


def _wins(summary: dict[str, Any]) -> str:
    sets, names, n = summary["sets"], summary["seat_names"], summary["players"]
    head = ["Seat or position"] + [f"{s['label']}: win rate (95% interval)" for s in sets]
    rows = []
    for field, labels in (("seat_wins", names), ("position_wins", [f"{ordinal(p + 1)} to move" for p in range(n)])):
        for i, label in enumerate(labels):
            rows.append([label] + [f"{_pct(s[field]['rate'][i])} ({_ci(*s[field]['ci95'][i], pct=True)}), "
                                   f"{s[field]['wins'][i]:g} wins" for s in sets])
    first = "".join(f"<p>{_setname(i, s) + ': ' if len(sets) > 1 else ''}{_e(_first_mover(summary, s))}</p>"
                    for i, s in enumerate(sets))
    return first + _table(head, rows)


def _scores(summary: dict[str, Any]) -> str:
    sets = summary["sets"]
    head = ["Seat"] + [f"{s['label']}: mean score (95% interval)" for s in sets]
    rows = [[name] + [f"{s['seat_score'][i]['mean']:.1f} ({_ci(*s['seat_score'][i]['ci95'])})" for s in sets]
            for i, name in enumerate(summary["seat_names"])]
    rows.append(["all seats"] + [f"{s['mean_score']['mean']:.1f} ({_ci(*s['mean_score']['ci95'])})" for s in sets])
    return _table(head, rows)


def _length(summary: dict[str, Any]) -> str:
    sets = summary["sets"]
    rows = [["decisions per game (mean, 95% interval)"]
            + [f"{s['decisions']['mean']:.1f} ({_ci(*s['decisions']['ci95'])})" for s in sets],
            ["shortest and longest game"] + [f"{s['decisions']['min']} and {s['decisions']['max']}" for s in sets],
            ["options to choose from per decision (mean)"] + [f"{s['options_per_decision']:.1f}" for s in sets]]
    if all(s["rounds"] for s in sets):
        name = sets[0]["rounds"]["name"]
        rows.append([f"{name}s per game (mean; fewest–most)"]
                    + [f"{s['rounds']['mean']:.2f} ({s['rounds']['min']}–{s['rounds']['max']})" for s in sets])
    return _table([""] + [s["label"] for s in sets], rows)


def _rounds_sentence(sets: list[dict[str, Any]]) -> str:
    rounds = [s["rounds"] for s in sets]
    if not all(rounds):
        return ""
    name = rounds[0]["name"]
    if all(r["min"] == r["max"] == rounds[0]["min"] for r in rounds):
        return f"Every game lasted {rounds[0]['min']} {name}s."
    return f"Below, how many {name}s the games lasted."


def _kinds(summary: dict[str, Any]) -> str:
    sets = summary["sets"]
    kinds: list[str] = []
    for s in sets:
        kinds += [k["kind"] for k in s["kinds"] if k["kind"] not in kinds]
    head = ["Kind"]
    for s in sets:
        head += [f"{s['label']}: taken per game", "offered per game", "distinct options seen"]
    rows = []
    for kind in kinds:
        row: list[Any] = [kind]
        for s in sets:
            k = next((k for k in s["kinds"] if k["kind"] == kind), None)
            row += ([f"{k['taken_per_game']:.2f}", f"{k['offered_per_game']:.2f}", k["distinct_offered"]]
                    if k else ["–", "–", "–"])
        rows.append(row)
    return _table(head, rows)


def _differences(summary: dict[str, Any]) -> str:
    base, other = summary["sets"]
    rows = []
    for d in summary["differences"]:
        rate = d["measure"].startswith("win rate")
        fmt = (lambda v: f"{v:.1%}") if rate else (lambda v: f"{v:.1f}")
        scale = 100 if rate else 1
        change = (f"{signed(d['difference'] * scale)}{' pp' if rate else ''} "
                  f"({signed(d['ci95'][0] * scale)} to {signed(d['ci95'][1] * scale)})")
        rows.append(f"<tr><td>{_e(d['measure'])}</td><td class=num>{_e(fmt(d['base']))}</td>"
                    f"<td class=num>{_e(fmt(d['compare']))}</td><td class=num>{_e(change)}</td>"
                    f"<td{' class=clear' if d['clear'] else ''}>{_e(d['sentence'])}</td></tr>")
    head = ["Measure", base["label"], other["label"], "Change (95% interval)", "In words"]
    same, games = summary["games"] - summary["games_differing"], summary["games"]
    if same == games:
        intro = (f"<p>Every one of the {games} games came out exactly the same under both settings (same scores, "
                 "same length): with these agents and seeds the change never made a difference.</p>")
    else:
        intro = (f"<p>{games - same} of the {games} games came out differently (other scores or length); "
                 f"{same} were the same under both settings.</p>")
    return (intro + "<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>" + "".join(rows) + "</table>"
            "<p class=muted>Both settings played the same seeds, so the changes in score and length compare "
            "each game with its twin. A change is called clear when its 95% interval does not include zero "
            "(shown in bold); with several measures, one of them may look clear by chance now and then. "
            "pp: percentage points, the change in a win rate (from 30% to 35% is +5 pp).</p>")


def _figure(plots: dict[str, str], name: str, alt: str) -> str:
    if name not in plots:
        return ""
    return f'<p><a href="{_e(plots[name])}"><img src="{_e(plots[name])}" alt="{_e(alt)}"></a></p>'


def page(summary: dict[str, Any], plots: dict[str, str], created: str | None = None) -> str:
    """The HTML text of the report."""
    created = created or datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    sets, n, title = summary["sets"], summary["players"], summary["title"]
    compared = len(sets) > 1
    lead = (f"{summary['games']} games of {title} for {n} player{'s' if n != 1 else ''}"
            + (f", played under two settings side by side: {sets[0]['label']} and {sets[1]['label']}."
               if compared else "."))
    parts = [f"<h1>{_e(title)}: balance report</h1>", f"<p class=lead>{_e(lead)}</p>"]
    if compared:
        parts.append("<p>" + " ".join(f"{_setname(i, s)}" for i, s in enumerate(sets))
                     + " — these colours mark the two settings in every plot.</p>")
    for note in summary["reconstructed"]:
        parts.append(f"<div class=note><strong>Reconstructed component data.</strong> {_e(note)} "
                     "The results below hold for these values and may differ with the printed components.</div>")
    parts += ["<h2>Settings</h2>", _settings(summary, created)]
    if compared:
        parts += [f"<h2>What changes with {_e(sets[1]['label'])}</h2>", _differences(summary)]
    if n > 1:
        parts += ["<h2>Who wins: seats and the first player</h2>",
                  "<p>Each bar is the share of games won from that seat; a tie shares the win (two winners get "
                  "half a win each). The black whiskers are 95% intervals: the true rate lies inside them in 95 of "
                  "100 such reports. The dashed line is the fair share, 1 in " + str(n) + ".</p>"
                  "<p>The agents are <strong>not rotated</strong>: they sit in the order given, the same in every "
                  "game. With the same agent at every seat, a difference between seats is an advantage of the "
                  "seat; with different agents it mixes the seat's advantage with the agents' strength. The left "
                  "panel groups the games by seat, the right one by starting position (who moves first in the "
                  "opening turn order, who second…): many games choose the start player at random, so the right "
                  "panel is where a first-player advantage shows.</p>",
                  _figure(plots, "wins", "win rate by seat and by starting position"), _wins(summary)]
    parts += ["<h2>Scores</h2>",
              "<p>The spread of final scores at each seat. The box holds the middle half of the games, the line "
              "in it is the median, the white diamond the mean; the whiskers reach the usual range and dots are "
              "unusual games.</p>",
              _figure(plots, "scores", "score distributions by seat"), _scores(summary),
              "<h2>Game length</h2>",
              "<p>How many decisions a game takes, all players together (each choice of an option is one "
              "decision), as a histogram with the mean as a dashed line. " + _e(_rounds_sentence(sets)) + "</p>",
              _figure(plots, "length", "game length"), _length(summary),
              "<h2>Kinds of decision</h2>",
              "<p>How often each kind of decision is taken in an average game (dark bars) and at how many "
              "decisions it was among the options (light bars). The kind is the first word of an option's "
              "key (for example <code>build</code> in <code>build:farms</code>). A kind that is offered often "
              "but rarely taken is one the agents do not find worth it.</p>",
              _figure(plots, "decisions", "decision kinds taken and offered per game"), _kinds(summary)]
    if summary["run"].get("command"):
        parts += ["<h2>Make this report again</h2>", f"<p><code>{_e(summary['run']['command'])}</code></p>"]
    parts.append(f"<p class=muted>Made by ludoteka {_e(summary['version'])}. Intervals: Wilson score intervals "
                 "for win rates, normal approximation for means.</p>")
    return ("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
            f"<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<title>{_e(title)} balance report</title><style>{CSS}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def write_page(summary: dict[str, Any], plots: dict[str, str], out_dir: Path) -> Path:
    """Write `index.html` into `out_dir`; its path."""
    path = out_dir / "index.html"
    path.write_text(page(summary, plots), encoding="utf-8")
    return path
