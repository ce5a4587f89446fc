"""What is registered: the games and their options, and the agents."""
from __future__ import annotations

from typing import Any

from ..ai import describe_agents


def list_games() -> dict[str, Any]:
    """Every registered game with its player counts and options."""
    from .. import registry
    return {"games": [registry.game(name).describe() for name in registry.games()]}


def list_agents() -> dict[str, Any]:
    """Every agent with its parameters and defaults."""
    return {"agents": describe_agents()}
