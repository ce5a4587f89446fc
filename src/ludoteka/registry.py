"""Finds the games: every package in `ludoteka.boardgames` that defines `GAME`, plus any installed
distribution that declares an entry point in the group `ludoteka.games`.

Adding a game is adding a package; neither the kernel nor this file names any game.
"""
from __future__ import annotations

import importlib
import pkgutil
from importlib import metadata

from .kernel import Game, UnknownGame

_GAMES: dict[str, Game] | None = None


def _discover() -> dict[str, Game]:
    global _GAMES
    if _GAMES is None:
        from . import boardgames as package
        found: dict[str, Game] = {}
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                found[game.name] = game
        for entry in metadata.entry_points(group="ludoteka.games"):
            game = entry.load()
            if isinstance(game, Game):
                found.setdefault(game.name, game)
        _GAMES = found
    return _GAMES


def games() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_discover())


def game(name: str) -> Game:
    """The game called `name`; an unknown name raises UnknownGame listing the known ones."""
    found = _discover()
    known = ", ".join(sorted(found)) or "none"
    if not isinstance(name, str):
        raise UnknownGame(f"a game name must be a string, not {type(name).__name__}; known games: {known}")
    if name not in found:
        shown = repr(name) if len(name) <= 40 else repr(name[:40]) + "…"
        raise UnknownGame(f"unknown game {shown}; known games: {known}")
    return found[name]
