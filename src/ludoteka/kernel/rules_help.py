"""A game's rules help: its goal, its round structure and one section per phase, in several
languages, read from `data/help/<lang>.json` in the game's package (see `Game.rules_help`).

A help file is one JSON object:

    {"title": "Kingsburg", "goal": "...", "rounds": "...",
     "sections": [{"id": "production", "title": "...", "text": "...",
                   "decisions": ["ChooseDice", "ChooseAdvisor"]}, ...]}

Texts are plain text: paragraphs are separated by a blank line, and a line starting with "- " is
an item of a list; a client shows them as text, never as markup. `decisions` names the frame
kinds (their class names, `GameState.decision_kind()`) whose decisions the section explains, so
a client opens the help at the pending decision's phase.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .errors import BadOption, DataError

LANGUAGE = re.compile(r"[a-z]{2,3}")
DEFAULT_LANGUAGE = "en"
_TEXTS = ("title", "goal", "rounds")
_SECTION_TEXTS = ("id", "title", "text")


def check_language(lang: Any) -> str:
    """`lang` when it is a language code (two or three lower-case letters); else BadOption."""
    if not isinstance(lang, str) or not LANGUAGE.fullmatch(lang):
        shown = repr(lang)[:20]
        raise BadOption(f"a language must be a code of 2 or 3 lower-case letters (en, cs, de, pl), not {shown}")
    return lang


def read_help(path: Path) -> dict[str, Any]:
    """The help in the file `path`, checked; a missing, unreadable or malformed file raises
    DataError naming the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"rules help file {path} is missing") from None
    except (OSError, ValueError) as exc:      # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise DataError(f"rules help file {path} is not valid UTF-8 JSON: {exc}") from None
    where = f"rules help file {path}"
    if not isinstance(data, dict):
        raise DataError(f"{where}: must hold a JSON object, not {type(data).__name__}")
    for name in _TEXTS:
        if not isinstance(data.get(name), str) or not data[name].strip():
            raise DataError(f"{where}: {name!r} must be a non-empty string")
    sections = data.get("sections")
    if not isinstance(sections, list) or not sections:
        raise DataError(f"{where}: 'sections' must be a non-empty list")
    seen: set[str] = set()
    for index, section in enumerate(sections):
        at = f"{where}: section {index}"
        if not isinstance(section, dict):
            raise DataError(f"{at} must be an object")
        for name in _SECTION_TEXTS:
            if not isinstance(section.get(name), str) or not section[name].strip():
                raise DataError(f"{at}: {name!r} must be a non-empty string")
        if section["id"] in seen:
            raise DataError(f"{at}: the id {section['id']!r} is used twice")
        seen.add(section["id"])
        decisions = section.get("decisions", [])
        if not isinstance(decisions, list) or not all(isinstance(d, str) for d in decisions):
            raise DataError(f"{at}: 'decisions' must be a list of frame kind names")
    return {"title": data["title"], "goal": data["goal"], "rounds": data["rounds"],
            "sections": [{"id": s["id"], "title": s["title"], "text": s["text"],
                          "decisions": list(s.get("decisions", []))} for s in sections]}


def section_for(help_data: dict[str, Any], kind: str | None) -> str | None:
    """The id of the section that explains decisions of frame kind `kind` (None: none does)."""
    for section in help_data.get("sections", []):
        if kind is not None and kind in section["decisions"]:
            return section["id"]
    return None
