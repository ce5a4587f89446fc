"""Messina 1347: rounds of lieutenants sent into a plague-struck city (see docs/games/messina-1347.md)."""
from .rules import books, plague, turns  # noqa: F401  (register their frame kinds and action atoms)
from .rules import activation, build, citizens, overseers, preparation, production, repopulation  # noqa: F401
from .game import MessinaGame

GAME = MessinaGame()

__all__ = ["GAME", "MessinaGame"]
