"""Kingsburg (Andrea Chiarvesio & Luca Iennaco, 2007): rules-exact for 2 to 5 players.

Rules: ../../../../shared/rules/kingsburg.md (rule IDs KB-x.y); rulings: docs/games/kingsburg.md.
Component data with provenance: the TOML files in `data/` (see `data.py`).
"""
from .data import KingsburgData, load_data
from .game import GAME, OPTIONS, KingsburgGame
from .state import KingsburgState

__all__ = ["GAME", "OPTIONS", "KingsburgData", "KingsburgGame", "KingsburgState", "load_data"]
