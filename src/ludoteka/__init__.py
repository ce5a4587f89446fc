"""ludoteka: a rules-exact engine and platform for modern euro board games.

    import ludoteka
    ludoteka.games()                      # ['kingsburg', 'notre-dame', ...]
    g = ludoteka.game("notre-dame")
    state = g.new_state(players=4, seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
"""
from .registry import game, games

__version__ = "0.1.0"
__all__ = ["game", "games", "__version__"]
