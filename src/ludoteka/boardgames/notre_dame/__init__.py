"""Notre Dame (Stefan Feld, alea/Ravensburger 2007), rules-exact for 2 to 5 players.

Specification: shared/rules/notre-dame.md (rule IDs ND-x.y). Component data: data/*.toml, where
the rats per person and the city map are reconstructed (labelled in the files).
"""
from .game import NotreDame
from .state import NotreDameState

GAME = NotreDame()

__all__ = ["GAME", "NotreDame", "NotreDameState"]
