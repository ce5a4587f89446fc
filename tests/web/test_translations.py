"""The translation files: one per language, none missing a key, the same placeholders, the plural
forms each language needs, and a text for every event and option the games produce."""
from __future__ import annotations

import random
import re

import pytest

from browser_kit import LANG, strings
from ludoteka import registry

LANGUAGES = ("en", "cs", "de", "pl")
PLURALS = {"en": {"one", "other"}, "de": {"one", "other"}, "cs": {"one", "few", "other"},
           "pl": {"one", "few", "many", "other"}}
GAMES = {"notre-dame": ("nd", "notre-dame.js"), "kingsburg": ("kb", "kingsburg.js"),
         "messina-1347": ("ms", "messina-texts.js")}
# Games whose components have a name per id; Messina's 320 components are worded from their kind
# and data (test_game_texts checks that each explains itself in every language).
NAMED_COMPONENTS = ("notre-dame", "kingsburg")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(value) -> set[str]:
    text = value["other"] if isinstance(value, dict) else value
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_no_language_misses_a_key_or_a_placeholder(language):
    english, other = strings("en"), strings(language)
    assert set(other) == set(english), {"missing": sorted(set(english) - set(other)),
                                        "unknown": sorted(set(other) - set(english))}
    for key, value in english.items():
        assert placeholders(other[key]) == placeholders(value), f"{language} {key}: {other[key]!r}"
        if isinstance(value, dict):
            assert PLURALS[language] <= set(other[key]), f"{language} {key} needs forms {PLURALS[language]}"
            for form in other[key].values():
                assert placeholders(form) <= placeholders(value), f"{language} {key}: {form!r}"
        else:
            assert isinstance(other[key], str) and other[key].strip(), f"{language} {key} is empty"


def test_every_language_file_is_listed():
    assert sorted(p.stem for p in LANG.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("game", GAMES)
def test_every_component_and_option_has_a_text(game):
    prefix, _ = GAMES[game]
    english = strings("en")
    g = registry.game(game)
    for option in g.describe()["options"]:
        if option["choices"]:                # the lobby offers the options with choices
            assert f"opt.{game}.{option['name']}" in english
    for component in g.components() if game in NAMED_COMPONENTS else ():
        if component.get("kind") == "enemy":
            assert f"kb.enemy.{component['type']}" in english
        else:
            assert f"{prefix}.c.{component['id']}.name" in english, component["id"]


@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_of_random_games_has_a_text(game):
    prefix, module = GAMES[game]
    english = strings("en")
    source = (LANG.parent / "games" / module).read_text(encoding="utf-8")
    # A kind the module maps to variants (`kind: (d) => …`) has texts under the variants' names.
    variants = set(re.findall(r"^  (\w+): \(", source, re.M))
    g = registry.game(game)
    kinds = set()
    for seed in range(30):
        state = g.new_state(g.min_players + seed % (g.max_players - g.min_players + 1), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()).key)
        kinds |= {e["kind"] for seat in range(state.players) for e in state.events(seat)}
    missing = sorted(k for k in kinds if f"{prefix}.ev.{k}" not in english and k not in variants)
    assert not missing
