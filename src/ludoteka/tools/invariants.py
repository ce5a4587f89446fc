"""Generic invariants every game state must satisfy, checked through the kernel contract only."""
from __future__ import annotations

import json
from typing import Any

from ..kernel import Action, GameState, LudotekaError


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def check_state(state: GameState, deep: bool = False, seed: int = 0) -> list[str]:
    """Descriptions of every broken invariant of `state` (empty when all hold).

    Always: `to_act` is a seat in range or None (None iff the game is over); while the game is
    on there are legal keys, unique non-empty strings, each described by an Action with the same
    key and a label; scores are one number per seat; the game's own `check_invariants`.
    With `deep`, also: the state survives `to_json` -> JSON text -> `state_from_json` -> `to_json`
    unchanged with the same legal keys, scores and views; a clone starts equal, and applying a key to the clone
    leaves the original unchanged; every view is JSON-ready; a determinization for the seat to
    act shows that seat the same view and the same legal keys, and leaves the original unchanged.
    """
    problems: list[str] = []
    game = state.game
    players = state.players
    to_act = state.to_act
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < players):
        problems.append(f"to_act is {to_act!r}, not a seat in 0..{players - 1} or None")
        return problems
    if state.is_terminal() != (to_act is None):
        problems.append("is_terminal() disagrees with to_act")
    keys = state.legal_keys()
    if to_act is None:
        if keys:
            problems.append(f"the game is over but there are legal keys {keys[:5]}")
    else:
        if not keys:
            problems.append(f"seat {to_act} is to act but there are no legal keys")
        if len(set(keys)) != len(keys):
            dupes = sorted({k for k in keys if keys.count(k) > 1})
            problems.append(f"duplicate legal keys {dupes[:5]}")
        bad = [k for k in keys if not isinstance(k, str) or not k]
        if bad:
            problems.append(f"legal keys that are not non-empty strings: {bad[:5]}")
        else:
            for key, action in zip(keys, state.legal_actions()):
                if not isinstance(action, Action) or action.key != key:
                    problems.append(f"legal_actions() does not describe key {key!r} (got {action!r})")
                elif not isinstance(action.label, str) or not action.label.strip():
                    problems.append(f"action {key!r} has no label")
                elif not isinstance(action.data, dict):
                    problems.append(f"action {key!r} data is not a dict")
    scores = state.scores()
    if len(scores) != players or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                         for v in scores):
        problems.append(f"scores() is {scores!r}, not one number per seat")
    problems.extend(f"game invariant: {p}" for p in game.check_invariants(state))
    if deep:
        problems.extend(_deep_checks(state, keys, seed))
    return problems


def _deep_checks(state: GameState, keys: list[str], seed: int) -> list[str]:
    problems: list[str] = []
    game = state.game
    keys = list(keys)
    before = state.to_json()
    try:
        text = json.dumps(before)
    except (TypeError, ValueError) as exc:
        return [f"to_json() is not JSON-ready: {exc}"]
    # JSON round trip.
    try:
        restored = game.state_from_json(json.loads(text))
    except LudotekaError as exc:
        problems.append(f"state_from_json(to_json()) fails: {exc}")
    else:
        if _canonical(restored.to_json()) != _canonical(before):
            problems.append("to_json -> state_from_json -> to_json changes the state")
        if restored.legal_keys() != keys:
            problems.append("a state restored from JSON has different legal keys")
        if list(restored.scores()) != list(state.scores()):
            problems.append("a state restored from JSON has different scores")
        # Views do not go through _snapshot, so they catch fields that the snapshot forgets.
        for seat in [None, *range(state.players)]:
            if _canonical(restored.view(seat)) != _canonical(state.view(seat)):
                problems.append(f"a state restored from JSON shows seat {seat} a different view")
                break
    # Clone independence, both ways.
    copy = state.clone()
    if _canonical(copy.to_json()) != _canonical(before):
        problems.append("clone() differs from the original")
    if keys:
        copy.apply(keys[seed % len(keys)])
        if _canonical(state.to_json()) != _canonical(before):
            problems.append(f"applying {keys[seed % len(keys)]!r} to a clone changed the original")
        if state.legal_keys() != keys:
            problems.append("applying to a clone changed the original's legal keys")
    # Views.
    for seat in [None, *range(state.players)]:
        try:
            json.dumps(state.view(seat))
        except (TypeError, ValueError) as exc:
            problems.append(f"view({seat}) is not JSON-ready: {exc}")
    # Determinization: consistent with what the seat sees, and never a view into the original.
    if state.to_act is not None:
        seat = state.to_act
        det = state.determinize(seat, seed)
        if _canonical(state.to_json()) != _canonical(before):
            problems.append(f"determinize({seat}) changed the original")
        if _canonical(det.view(seat)) != _canonical(state.view(seat)):
            problems.append(f"determinize({seat}) shows seat {seat} a different view")
        if det.legal_keys() != keys:
            problems.append(f"determinize({seat}) gives seat {seat} different legal keys")
        det_keys = det.legal_keys()
        if det_keys:
            det.apply(det_keys[0])
            if _canonical(state.to_json()) != _canonical(before):
                problems.append(f"applying to determinize({seat}) changed the original")
    return problems
