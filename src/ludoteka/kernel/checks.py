"""Checks of what a saved state holds beyond its declared fields: its frame stack and its events.

A state saved with its history is checked again by replaying that history; one saved without it
(every determinization's JSON) has only these checks, the declared fields' bounds and the game's
invariants between it and a crash, so they refuse what the flow can never make:

- the stack: each frame argument has the type its name declares (`seat`, `seats`, `position` and
  `frames` here, the others in the game's `Flow.declare_args`), each kind sits on a kind its
  `over` names (the frames waiting in an `in_order` counting as where it is), and a `once` kind
  is pending at most once;
- the events: who sees them (a seat, distinct seats, or everyone), the seats involved, a short
  kind, a bounded English text, JSON data of bounded size and a version no later than the state's.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .errors import short as _short
from .flow import BOTTOM, IN_ORDER, ArgCheck, Flow, Frame, Kind, frames_of

# The checks run on state.py's GameState, which imports this module: not imported back (no circle).
GameState = Any

# Far above what any game writes (the longest event text of the three games is about 200
# characters, the largest data about 1,100 as JSON), far below what would make a log a burden.
MAX_EVENT_TEXT = 2000
MAX_EVENT_KIND = 64
MAX_EVENT_DATA = 20_000     # characters of one event's data as compact JSON
_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)


# ---------------------------------------------------------------------- argument types
def is_seat(state: "GameState", value: Any) -> bool:
    """A seat of the game."""
    return type(value) is int and 0 <= value < state.players


def are_seats(state: "GameState", value: Any) -> bool:
    """Distinct seats of the game, at least one (the pending seats of a Simultaneous frame)."""
    return (type(value) is tuple and 0 < len(value) == len(set(value))
            and all(is_seat(state, s) for s in value))


def is_position(state: "GameState", value: Any) -> bool:
    """A place in an order of the seats (EachSeat): 0 to the number of seats."""
    return type(value) is int and 0 <= value <= state.players


def are_frames(state: "GameState", value: Any) -> bool:
    """The frames of an in_order: at least one, each a frame (their own arguments are checked as
    they are)."""
    return type(value) is tuple and len(value) > 0 and all(
        type(f) is tuple and f and isinstance(f[0], Kind) for f in value)


def is_flag(state: "GameState", value: Any) -> bool:
    """True or False."""
    return type(value) is bool


def int_in(lo: "int | Callable[[GameState], int]", hi: "int | Callable[[GameState], int]") -> ArgCheck:
    """The type of an int argument from `lo` to `hi` inclusive (each a number or a function of the
    state, e.g. `lambda state: state.players - 1`)."""
    def check(state: "GameState", value: Any) -> bool:
        return (type(value) is int and (lo(state) if callable(lo) else lo) <= value
                <= (hi(state) if callable(hi) else hi))
    return check


def one_of(*values: Any) -> ArgCheck:
    """The type of an argument that is one of `values` (compared with its type: True is not 1)."""
    allowed = {(type(v), v) for v in values}
    return lambda state, value: (type(value), value) in allowed


def tuple_of(item: ArgCheck, lo: int = 0, hi: int = 64) -> ArgCheck:
    """The type of a tuple argument of `lo` to `hi` items, each of type `item`."""
    return lambda state, value: (type(value) is tuple and lo <= len(value) <= hi
                                 and all(item(state, v) for v in value))


KERNEL_ARG_TYPES: dict[str, ArgCheck] = {"seat": is_seat, "seats": are_seats, "position": is_position,
                                         "frames": are_frames}


# ---------------------------------------------------------------------- the stack
def stack_problems(flow: Flow, state: "GameState") -> list[str]:
    """What is wrong with the pending frames of a loaded state (empty: a stack the flow can make):
    arguments of the wrong type, a kind on a kind its `over` does not name, a `once` kind twice.
    Each message names the frame by its place, counted from the bottom of the stack."""
    types = {**KERNEL_ARG_TYPES, **flow.arg_types}
    problems: list[str] = []
    seen: set[str] = set()
    below = BOTTOM
    for index, frame in enumerate(reversed(list(frames_of(state._stack)))):
        _frame_problems(types, state, frame, below, f"frame {index} from the bottom", seen, problems)
        if frame[0] is not IN_ORDER:
            below = frame[0].name
    return problems


def _frame_problems(types: dict[str, ArgCheck], state: "GameState", frame: Frame, below: str,
                    where: str, seen: set[str], problems: list[str]) -> None:
    kind = frame[0]
    where = f"{where} ({kind.name})"
    for name, value in zip(kind.args, frame[1:]):
        check = types.get(name)
        if check is not None and not check(state, value):
            problems.append(f"{where}: argument {name!r} cannot be {_short(value)}")
            return
    if kind is IN_ORDER:
        for inner in frame[1]:              # each waits where the in_order is (see InOrder.run)
            _frame_problems(types, state, inner, below, f"{where} item", seen, problems)
        return
    if kind.over is not None and below not in kind.over:
        if kind.over:
            problems.append(f"{where} cannot be pending on {below or 'an empty stack'!r}; "
                            f"only on {', '.join(repr(k or 'the bottom') for k in kind.over)}")
        else:
            problems.append(f"{where} is never pending: it runs as soon as it is pushed")
    if kind.once:
        if kind.name in seen:
            problems.append(f"{where}: a second {kind.name!r} frame")
        seen.add(kind.name)


# ---------------------------------------------------------------------- events
def events_problem(rows: Any, players: int, version: int) -> str | None:
    """What is wrong with the saved events of a state at `version` (None: nothing), naming the
    first wrong event by its index."""
    if not isinstance(rows, list):
        return "'events' must be a list"
    last = 0
    for index, entry in enumerate(rows):
        problem = event_problem(entry, players, version, last)
        if problem is not None:
            return f"event {index}: {problem}"
        last = entry[5]
    # The data of every event as JSON, in a few C-fast encodings rather than one per event.
    index = _oversized([entry[3] for entry in rows], 0, len(rows))
    if index is not None:
        return (f"event {index}: an event's data must be a JSON object of at most {MAX_EVENT_DATA} "
                f"characters, not {_short(rows[index][3])}")
    return None


def event_problem(entry: Any, players: int, version: int, last: int) -> str | None:
    """What is wrong with one saved event `[visibility, kind, seats, data, text, version]` of a
    state at `version` whose previous event has version `last` (None: nothing), but for the size
    of its data (`events_problem` checks that for all the events at once)."""
    if not (isinstance(entry, list) and len(entry) == 6):
        return "an event must be [visibility, kind, seats, data, text, version]"
    vis, kind, seats, data, text, at = entry
    if vis is not None and not _seat_ok(vis, players) and not (
            isinstance(vis, list) and vis and len(set(vis)) == len(vis)
            and all(_seat_ok(s, players) for s in vis)):
        return f"an event is visible to {_short(vis)}, not everyone (null), a seat or distinct seats"
    if not isinstance(kind, str) or not 0 < len(kind) <= MAX_EVENT_KIND:
        return f"an event's kind must be a name of at most {MAX_EVENT_KIND} characters, not {_short(kind)}"
    if not isinstance(seats, list) or len(seats) > players or not all(_seat_ok(s, players) for s in seats):
        return f"an event involves seats {_short(seats)}, not seats of the {players}"
    if not isinstance(text, str) or len(text) > MAX_EVENT_TEXT:
        return f"an event's text must be at most {MAX_EVENT_TEXT} characters, not {_short(text)}"
    if type(at) is not int or not last <= at <= version:
        return f"an event has version {_short(at)}; events are in order and not after the state's {version}"
    if not isinstance(data, dict):
        return f"an event's data must be a JSON object, not {_short(data)}"
    return None


def _seat_ok(value: Any, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _oversized(datas: list, lo: int, hi: int) -> int | None:
    """The index of the first of `datas[lo:hi]` that is not JSON or longer than MAX_EVENT_DATA as
    JSON (None: none is). A slice whose JSON is short enough holds no long one, so only slices
    that are too long are halved: a log of small events costs one encoding."""
    if lo >= hi:
        return None
    try:
        fits = len(_ENCODER.encode(datas[lo:hi])) <= MAX_EVENT_DATA + 2      # the list's brackets
    except (TypeError, ValueError, RecursionError):
        fits = False
    if fits:
        return None
    if hi - lo == 1:
        return lo
    middle = (lo + hi) // 2
    found = _oversized(datas, lo, middle)
    return found if found is not None else _oversized(datas, middle, hi)
