"""Direct observation encoders, one module per game (see base.py for the vector's conventions):
`direct_encoder(game, players, options)` gives a game's encoder, or None for a game without one."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ...kernel import Game
from . import kingsburg, messina, notre_dame
from .base import Block, DirectEncoder, Layout, seat_order

BUILDERS: dict[str, Callable[[Game, int, Mapping[str, Any]], DirectEncoder]] = {
    "notre-dame": notre_dame.build, "kingsburg": kingsburg.build, "messina-1347": messina.build}

__all__ = ["Block", "DirectEncoder", "Layout", "direct_encoder", "seat_order"]


def direct_encoder(game: Game, players: int, options: Mapping[str, Any]) -> DirectEncoder | None:
    """The direct encoder of `game` for `players` and resolved `options`, or None when the
    game has none (use the generic view encoder, ludoteka.envs.observation, then)."""
    build = BUILDERS.get(game.name)
    return None if build is None else build(game, players, options)
