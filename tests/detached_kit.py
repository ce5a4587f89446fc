"""Detached states for tests: the JSON of a determinization (no history, so loading it checks it
field by field, frame by frame and event by event), ways to corrupt it, and playing one on."""
from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable, Iterator

from ludoteka.kernel import Game, GameState
from ludoteka.tools.invariants import check_state


def detached(game: Game, players: int, seed: int, decisions: int,
             options: dict[str, Any] | None = None, until: Callable[[GameState], bool] | None = None,
             ) -> dict[str, Any]:
    """The JSON of a determinization, for the seat to act, of a random game after `decisions`
    random decisions (its last decision if it ends before), or at the first state `until`
    accepts."""
    state = game.new_state(players, seed, options)
    pick = random.Random(seed)
    before = state
    for _ in range(decisions):
        if until is not None and until(state):
            break
        keys = state.legal_keys()
        before = state.clone()
        state.apply(keys[pick.randrange(len(keys))])
        if state.to_act is None:
            state = before
            break
    else:
        assert until is None or until(state), "no state of the game is the one wanted"
    data = state.determinize(state.to_act, seed).to_json()
    assert data["history"] == [] and data["version"] > 0
    return data


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A copy of a saved state with some of its declared fields (or `stack`) replaced."""
    out = copy.deepcopy(data)
    out["state"].update(fields)
    return out


def play_out(game: Game, state: GameState, seed: int, limit: int = 5000) -> list[str]:
    """Play `state` to its end with random keys, checking `check_state` before every decision (the
    first time deeply: a JSON round trip, clones, a determinization for search) and at the end: the
    problems found first (empty: none). A state still going after `limit` decisions is a problem
    too (a stall)."""
    pick = random.Random(seed)
    start = state.version
    for step in range(limit):
        problems = _problems(state, start, deep=step == 0)
        if problems or state.to_act is None:
            return problems
        keys = state.legal_keys()
        state.apply(keys[pick.randrange(len(keys))])
    return [f"still playing after {limit} decisions"]


def _problems(state: GameState, start: int, deep: bool = False) -> list[str]:
    # A detached state's history holds only the decisions since it was loaded, while its version
    # counts the whole game: that one difference is what detaching means, not a problem.
    expected = f"version is {state.version} after {state.version - start} actions"
    return [p for p in check_state(state, deep=deep, seed=start) if p != expected]


# ---------------------------------------------------------------------- mutations
def mutations(data: dict[str, Any], pick: random.Random, count: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """`count` single corruptions of a saved state, each described: a number in a field or a
    frame argument moved by one or set to an extreme, a list with an item doubled, dropped or
    moved, or emptied; the frame stack with a frame doubled, dropped, moved or the whole stack
    doubled; an event seen by a seat that does not exist, involving one, with a huge text or data,
    or from the future."""
    numbers = [(path, value) for path, value in _leaves(data["state"], ("state",))
               if type(value) is int]
    lists = [(path, value) for path, value in _leaves(data["state"], ("state",))
             if isinstance(value, list) and value]
    for _ in range(count):
        out = copy.deepcopy(data)
        roll = pick.random()
        if roll < 0.45:
            path, value = pick.choice(numbers)
            new = pick.choice([value + 1, value - 1, -1, 0, 99, 10 ** 6, 10 ** 30])
            _set(out, path, new)
            yield f"{'.'.join(map(str, path))}: {value} -> {new}", out
        elif roll < 0.65:
            path, _ = pick.choice(lists)
            yield _change_list(_get(out, path), pick, ".".join(map(str, path))), out
        elif roll < 0.85:
            yield _change_list(out["state"]["stack"], pick, "stack", whole=True), out
        else:
            yield _change_event(out, pick), out


def _change_list(items: list, pick: random.Random, name: str, whole: bool = False) -> str:
    i = pick.randrange(len(items))
    how = pick.choice(["double", "drop", "move", "empty"] + (["double all"] if whole else []))
    if how == "double":
        items.insert(i, copy.deepcopy(items[i]))
    elif how == "drop":
        del items[i]
    elif how == "move":
        j = pick.randrange(len(items))
        items[i], items[j] = items[j], items[i]
    elif how == "empty":
        items.clear()
    else:
        items.extend(copy.deepcopy(items))
    return f"{name}: {how} item {i}"


def _change_event(data: dict[str, Any], pick: random.Random) -> str:
    events = data["events"]
    if not events:
        events.append([None, "note", [], {}, "A note.", 0])
    i = pick.randrange(len(events))
    event = events[i]
    how = pick.choice(["visible to 99", "visible to [99]", "seats [99]", "1 MB text", "big data",
                       "future version"])
    if how == "visible to 99":
        event[0] = 99
    elif how == "visible to [99]":
        event[0] = [99]
    elif how == "seats [99]":
        event[2] = [99]
    elif how == "1 MB text":
        event[4] = "x" * 1_000_000
    elif how == "big data":
        event[3] = {"values": list(range(100_000))}
    else:
        event[5] = data["version"] + 1
    return f"event {i}: {how}"


def _leaves(value: Any, path: tuple) -> Iterator[tuple[tuple, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, path + (index,))


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def roundtrip(data: dict[str, Any]) -> dict[str, Any]:
    """`data` as it would come back from a JSON file."""
    return json.loads(json.dumps(data))
