"""AI levels that players and the server name, the agent spec behind each, and the seed of an
agent's decision (so a resumed or rebuilt game plays on exactly as the uninterrupted one)."""
from __future__ import annotations

from ..kernel import Game
from .base import AgentSpecError, parse_spec

LEVELS = {
    "easy": "greedy",                       # one-step lookahead on the game's evaluation
    "medium": "ismcts",                     # the default information-set search
    # root-parallel search on two cores: two searches of up to 1,500 iterations, at most 1.5 s
    # (a game may tune a level for its search: Game.ai_levels, e.g. Notre Dame's deeper playouts)
    "hard": "ismcts_parallel:iterations=1500,seconds=1.5",
}
DEFAULT_LEVEL = "medium"


def resolve_level(text: str, game: Game | None = None) -> str:
    """The spec behind a level name (the game's own tuning first, `game.ai_levels`), or `text`
    itself when it names no level (unchecked: an agent spec)."""
    name = text.strip().lower()
    return (game.ai_levels.get(name) if game is not None else None) or LEVELS.get(name, text)


def level_spec(text: str, game: Game | None = None) -> str:
    """The agent spec for a level name (`easy`, `medium`, `hard`) or an agent spec itself,
    checked; an unknown name or parameter raises AgentSpecError naming what is allowed. A game's
    own tuning of a level (`game.ai_levels`) comes before the defaults here."""
    if not isinstance(text, str):
        raise AgentSpecError(f"an AI level must be a string, not {type(text).__name__}")
    spec = resolve_level(text, game)
    try:
        parse_spec(spec)
    except AgentSpecError as exc:
        raise AgentSpecError(f"{exc}; levels: {', '.join(LEVELS)}") from None
    return spec


def decision_seed(game_seed: int, seat: int, decisions: int) -> int:
    """The seed of the agent at `seat` for the decision after `decisions` actions of the game.

    It depends only on the game and the moment, so a saved and resumed game plays on exactly
    as the uninterrupted one would.
    """
    return (game_seed * 1_000_003 + seat) * 1_000_003 + decisions
