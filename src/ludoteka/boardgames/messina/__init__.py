"""Messina 1347: rounds of lieutenants sent into a plague-struck city (see docs/games/messina-1347.md).

The package is laid out in layers, each importing only from those below it (docs/architecture.md):
data/ (components and their validation), model/ (state, options, flow, city), scoring/, rules/
(a round's areas), views/ (what a seat sees), then evaluate, invariants and action_space, and
game.py on top, which imports every rule module so that their frame kinds are registered.
"""
from .game import GAME, MessinaGame

__all__ = ["GAME", "MessinaGame"]
