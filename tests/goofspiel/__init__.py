"""Goofspiel, the Game of Pure Strategy (traditional, public domain): the worked example of
docs/adding-a-game.md. Rules digest: rules.md (rule IDs GS-n).

Its layers, each importing only the ones below: components.py (the data files) < flow.py and
state.py (the declared state) < rules.py (setup and the frame kinds) < view.py (what a seat sees)
< game.py (the Game, on top).
"""
from .game import GAME, Goofspiel

__all__ = ["GAME", "Goofspiel"]
