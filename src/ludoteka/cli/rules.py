"""The rules help in the terminal (`h` in `ludoteka play`): the same help the browser shows
(`Game.rules_help`), in English, the section of the pending decision's phase first."""
from __future__ import annotations

import textwrap
from typing import Any

from ..kernel import Game
from ..kernel.rules_help import section_for

WIDTH = 100


def wrap(text: str, indent: str = "  ") -> list[str]:
    """A help text as terminal lines: paragraphs wrapped, "- " lines as list items."""
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith("- "):
            lines += textwrap.wrap(line[2:], WIDTH, initial_indent=indent + "- ",
                                   subsequent_indent=indent + "  ")
        elif line.strip():
            lines += textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent)
        else:
            lines.append("")
    return lines


def _section(title: str, text: str, now: bool = False) -> list[str]:
    return [f"== {title}{' (now)' if now else ''} =="] + wrap(text)


def _parts(help_data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(id, title, text) of every part: the goal, the round structure, then each phase."""
    return [("goal", "Goal of the game", help_data["goal"]), ("rounds", "How the game runs", help_data["rounds"])] + [
        (s["id"], s["title"], s["text"]) for s in help_data["sections"]]


def rules_text(game: Game, decision: str | None, which: str = "") -> str:
    """The rules help as text: `which` empty, the current phase's section and the list of parts;
    'all', every part (the current phase first); else the part whose id starts with `which`."""
    help_data = game.rules_help("en")
    if not help_data:
        return f"{game.title or game.name} has no rules help."
    current = section_for(help_data, decision)
    parts = _parts(help_data)
    which = which.strip().lower()
    if which == "all":
        first = [p for p in parts if p[0] == current]
        lines = [help_data["title"], ""]
        for ident, title, text in first + [p for p in parts if p[0] != current]:
            lines += _section(title, text, ident == current) + [""]
        return "\n".join(lines).rstrip()
    if which:
        found = [p for p in parts if p[0].startswith(which.replace(" ", "_"))]
        if not found:
            return (f"No part of the rules is called {which[:30]!r}; parts: "
                    + ", ".join(p[0] for p in parts) + ".")
        ident, title, text = found[0]
        return "\n".join(_section(title, text, ident == current))
    lines = []
    for ident, title, text in parts:
        if ident == current:
            lines += _section(title, text, True) + [""]
    lines += textwrap.wrap("Parts of the rules (type h NAME for one, h all for all): "
                           + ", ".join(p[0] for p in parts) + ".", WIDTH)
    return "\n".join(lines)
