"""Replay a saved game record, checking every action and the recorded results."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..kernel import Game, load_record, replay, state_digest


def _registry_lookup(name: str) -> Game:
    from .. import registry
    return registry.game(name)


def replay_record(record: Mapping[str, Any], lookup: Callable[[str], Game] | None = None) -> dict[str, Any]:
    """Replay `record` (tampering raises TamperedRecord, a malformed one BadRecord) and summarise it."""
    state = replay(record, lookup or _registry_lookup)
    finished = state.is_terminal()
    return {
        "game": state.game.name, "players": state.players, "seed": state.seed,
        "options": dict(state.options), "decisions": len(state.actions()),
        "finished": finished, "scores": state.scores(),
        "winners": state.winners() if finished else [],
        "to_act": state.to_act, "digest": state_digest(state),
        "log": state.log(None),
    }


def replay_file(path: str | Path, lookup: Callable[[str], Game] | None = None) -> dict[str, Any]:
    """Load a record file and replay it (see `replay_record`)."""
    return replay_record(load_record(path), lookup)
