"""Generic invariants every game state must satisfy, checked through the kernel contract only."""
from __future__ import annotations

import json
from typing import Any

from ..kernel import Action, GameState, LudotekaError
from ..kernel.checks import stack_problems


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def check_state(state: GameState, deep: bool = False, seed: int = 0) -> list[str]:
    """Descriptions of every broken invariant of `state` (empty when all hold).

    Always: `to_act` is a seat in range or None (None iff the game is over) and the first of
    `acting_seats()`; every acting seat has legal keys, unique non-empty strings, each described
    by an Action with the same key and a label, and no other seat has any; `version` counts the
    actions; scores are one number per seat and each seat's score breakdown sums to its score;
    the pending frames are a stack the flow declares (kernel/checks.py: what loading a saved
    state requires); the game's own `check_invariants`.
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
    acting = state.acting_seats()
    if to_act is None:
        if keys or acting:
            problems.append(f"the game is over but seats {list(acting)} have legal keys {keys[:5]}")
    elif not acting or acting[0] != to_act or len(set(acting)) != len(acting) \
            or not all(type(s) is int and 0 <= s < players for s in acting):
        problems.append(f"acting_seats() is {acting!r}; it must be distinct seats starting with to_act {to_act}")
    else:
        for seat in acting:
            problems.extend(_decision_problems(state, seat))
    for seat in range(players):
        if seat not in acting and state.legal_keys(seat):
            problems.append(f"seat {seat} is not acting but has legal keys")
    history = state.history()
    if history and len(history) != state.version:
        problems.append(f"version is {state.version} after {len(history)} actions")
    scores = state.scores()
    if len(scores) != players or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                         for v in scores):
        problems.append(f"scores() is {scores!r}, not one number per seat")
    else:
        breakdown = state.score_breakdown()
        for seat, part in enumerate(breakdown):
            points = part.get("points", {})
            if sum(points.values()) != scores[seat]:
                problems.append(f"seat {seat}'s score breakdown {points} does not sum to its score {scores[seat]}")
        if len(breakdown) != players:
            problems.append(f"score_breakdown() has {len(breakdown)} entries for {players} seats")
    problems.extend(f"stack: {p}" for p in stack_problems(state.FLOW, state))
    problems.extend(f"game invariant: {p}" for p in game.check_invariants(state))
    if deep:
        problems.extend(_deep_checks(state, keys, seed))
    return problems


def _decision_problems(state: GameState, seat: int) -> list[str]:
    problems = []
    keys = state.legal_keys(seat)
    if not keys:
        return [f"seat {seat} is to act but there are no legal keys"]
    if len(set(keys)) != len(keys):
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        problems.append(f"duplicate legal keys {dupes[:5]}")
    bad = [k for k in keys if not isinstance(k, str) or not k]
    if bad:
        return problems + [f"legal keys that are not non-empty strings: {bad[:5]}"]
    for key, action in zip(keys, state.legal_actions(seat)):
        if not isinstance(action, Action) or action.key != key:
            problems.append(f"legal_actions() does not describe key {key!r} (got {action!r})")
        elif not isinstance(action.label, str) or not action.label.strip():
            problems.append(f"action {key!r} has no label")
        elif not isinstance(action.data, dict):
            problems.append(f"action {key!r} data is not a dict")
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
        # The state was made here by play, so the loader's replay of its history (for states read
        # from outside) would only make every deep check cost a whole game; `simulate` replays
        # each finished game's record instead.
        restored = game.state_from_json(json.loads(text), verify_history=False)
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
    # Views and the score breakdown are JSON-ready (every event's data already went through
    # `to_json` above); the events of one seat, a different one at each check, match its log.
    for seat in [None, *range(state.players)]:
        try:
            json.dumps(state.view(seat))
        except (TypeError, ValueError) as exc:
            problems.append(f"view({seat}) is not JSON-ready: {exc}")
    try:
        json.dumps(state.score_breakdown())
    except (TypeError, ValueError) as exc:
        problems.append(f"score_breakdown() is not JSON-ready: {exc}")
    seat = seed % (state.players + 1) - 1
    seat = None if seat < 0 else seat
    events = state.events(seat)
    if [e["text"] for e in events] != state.log(seat):
        problems.append(f"events({seat}) and log({seat}) disagree")
    if any(not isinstance(e.get("kind"), str) or not isinstance(e.get("data"), dict) for e in events):
        problems.append(f"an event for seat {seat} lacks a kind or data")
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
