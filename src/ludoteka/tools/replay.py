"""Replay a saved game record, checking every action and the recorded results."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..kernel import Game, load_record, replay, state_digest, verify_record


def _registry_lookup(name: str) -> Game:
    from .. import registry
    return registry.game(name)


def replay_record(record: Mapping[str, Any], lookup: Callable[[str], Game] | None = None,
                  key: bytes | None = None) -> dict[str, Any]:
    """Replay `record` (tampering raises TamperedRecord, a malformed one BadRecord) and summarise it.

    With `key`, the record's signature is verified first (`verify_record`): an unsigned record or
    one changed since the server signed it is refused. `signature` in the result is "verified",
    "not checked" (signed, no key given) or "none".
    """
    if key is not None:
        verify_record(record, key)
    state = replay(record, lookup or _registry_lookup)
    finished = state.is_terminal()
    return {
        "game": state.game.name, "players": state.players, "seed": state.seed,
        "options": dict(state.options), "decisions": len(state.actions()),
        "finished": finished, "scores": state.scores(),
        "winners": state.winners() if finished else [],
        "to_act": state.to_act, "digest": state_digest(state),
        "log": state.log(None),
        "signature": "verified" if key is not None else "not checked" if "signature" in record else "none",
    }


def replay_file(path: str | Path, lookup: Callable[[str], Game] | None = None,
                key: bytes | None = None) -> dict[str, Any]:
    """Load a record file and replay it (see `replay_record`)."""
    return replay_record(load_record(path), lookup, key)
