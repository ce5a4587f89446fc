"""The decision flow: the pending work of a state is a stack of small immutable frames.

A frame is a tuple `(kind, *args)` whose args are ints, strings, bools, None, tuples of those,
or other frames. The top frame says who decides and what the options are. A *kind* is declared
once, in one class: its arguments, its legal keys, the label and data of each key, and its
effect. The kernel's runner (`GameState.apply`) pops the top frame, applies the key with the
kind's `apply`, which may push other frames, then resolves automatic frames (scoring, refills,
reveals, dice) until a decision is on top or the stack is empty (the game is over).

    flow = Flow()

    @flow.kind
    class Donate(Decision):
        '''ND-16: give 1 to 3 coins to Notre Dame.'''
        args = ("seat",)
        def keys(self, state, frame, seat): ...
        def describe(self, state, frame, seat, key): ...   # an Action: label and data
        def apply(self, state, frame, seat, key): ...

    state.push(Donate(seat))        # a kind instance called with its args makes a frame

Helpers for the patterns every euro game repeats:
  `in_order`      run several frames in order (a queue of per-seat choices);
  `EachSeat`      each seat in turn order, skipping seats with nothing to decide;
  `Simultaneous`  one decision pending for several seats at once, revealed when all have chosen;
  `UpTo`          "up to N times, or stop";
  `AnyTime`       optional side actions a seat may take at any time during its own turn;
  `interrupt`     another seat decides now (a payer, a loser choosing what to lose), then the
                  flow returns to the frame below.
The stack is a persistent linked list `(below, frame)`, so a clone shares it.

A saved stack is checked when it is loaded (`checks.stack_problems`), so that a state saved without
its history (a determinization) cannot hold a stack the flow never makes: every argument has the
type its name declares (`Flow.arg_types`: `seat`, `seats`, `position` and `frames` are the
kernel's, a game declares the others with `Flow.declare_args`), a kind's `over` names the kinds it
may sit on, and a kind marked `once` appears at most once.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from .action import Action
from .errors import BadRecord

# Frames run on a game state: state.py's GameState or a game's subclass of it. state.py imports
# this module (it runs the frames), so the type is named here without importing it.
GameState = Any

Frame = tuple
# A frame argument's type: is `value` one a frame of `state` can hold?
ArgCheck = Callable[["GameState", Any], bool]
BOTTOM = ""          # in a kind's `over`: the frame may be the bottom of the stack


class Kind:
    """A kind of frame. Subclass `Decision` or `Automatic`, not this class."""

    name: str = ""
    args: tuple[str, ...] = ()
    decision: bool = False
    single: bool = False          # a decision of one seat, `args[0]` (the runner's fast path)
    # The kinds a frame of this kind may sit directly on (BOTTOM: the bottom of the stack); the
    # frames waiting in an `in_order` sit where it sits. None: anywhere (not checked on load).
    over: "tuple[str, ...] | None" = None
    once: bool = False            # at most one frame of this kind is ever pending

    def __call__(self, *args: Any) -> Frame:
        """The frame of this kind with these arguments."""
        return (self, *args)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def __reduce__(self) -> tuple:
        # Kinds are singletons of their class: pickling (arena workers) finds them by class.
        return (_kind_of_class, (type(self),))


def _kind_of_class(cls: type) -> "Kind":
    return cls.instance


class Automatic(Kind):
    """A frame that needs no decision: the runner pops it and calls `run`."""

    def run(self, state: "GameState", frame: Frame) -> None:
        raise NotImplementedError


class Decision(Kind):
    """A frame that waits for a decision. By default `args[0]` is the deciding seat."""

    decision = True

    def seats(self, state: "GameState", frame: Frame) -> tuple[int, ...]:
        """The seats that decide now (the first is `to_act`)."""
        return (frame[1],)

    def keys(self, state: "GameState", frame: Frame, seat: int) -> list[str]:
        """The legal keys for `seat` (never empty while the frame is on top)."""
        raise NotImplementedError

    def describe(self, state: "GameState", frame: Frame, seat: int, key: str) -> Action:
        """The Action (label and data) of one legal key."""
        return Action(key, key)

    def apply(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        """The effect of a legal key. The frame is already popped; push what follows."""
        raise NotImplementedError


class Simultaneous(Decision):
    """One decision pending for several seats at once: `frame = (kind, pending_seats, *args)`.

    Each seat's choice is recorded by `choose` (in state fields the other seats may not see);
    when the last pending seat has chosen, `resolve` reveals and carries out all choices. The
    outcome must not depend on the order in which the seats chose.
    """

    def seats(self, state: "GameState", frame: Frame) -> tuple[int, ...]:
        return frame[1]

    def apply(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        self.choose(state, frame, seat, key)
        rest = tuple([s for s in frame[1] if s != seat])
        if rest:
            state.push((self, rest) + frame[2:])
        else:
            self.resolve(state, frame)

    def choose(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        raise NotImplementedError

    def resolve(self, state: "GameState", frame: Frame) -> None:
        raise NotImplementedError


class UpTo(Decision):
    """"Up to N times, or stop": `frame = (kind, seat, times_left, *args)`.

    The keys are `step_keys` plus `stop_key`; a step pushes the frame again with one time
    fewer (when any are left) below whatever `step` pushes, so a step's follow-ups come first.
    """

    stop_key = "stop"

    def keys(self, state: "GameState", frame: Frame, seat: int) -> list[str]:
        return self.step_keys(state, frame, seat) + [self.stop_key]

    def apply(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        if key == self.stop_key:
            self.stop(state, frame, seat)
            return
        if frame[2] > 1:
            state.push((self, frame[1], frame[2] - 1) + frame[3:])
        self.step(state, frame, seat, key)

    def step_keys(self, state: "GameState", frame: Frame, seat: int) -> list[str]:
        raise NotImplementedError

    def step(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        raise NotImplementedError

    def stop(self, state: "GameState", frame: Frame, seat: int) -> None:
        """Stopping early; nothing by default."""


class AnyTime(Decision):
    """Side actions a seat may take at any time during its own turn: `frame = (kind, seat, *args)`.

    Push it at the start of the turn, below the turn's decisions. While it is below the top and
    the top decision is its seat's, its `side_keys` are offered with the top decision's keys;
    applying one calls `side` and leaves this frame where it is; what `side` pushes is resolved
    before the interrupted decision returns. When the turn's decisions are done it comes to the
    top: then it offers its side keys and `end_key`, which ends the turn (pops it).
    """

    end_key = "end_turn"
    end_label = "End your turn"

    def side_keys(self, state: "GameState", frame: Frame, seat: int) -> list[str]:
        raise NotImplementedError

    def side(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        raise NotImplementedError

    def keys(self, state: "GameState", frame: Frame, seat: int) -> list[str]:
        return self.side_keys(state, frame, seat) + [self.end_key]

    def describe(self, state: "GameState", frame: Frame, seat: int, key: str) -> Action:
        if key == self.end_key:
            return Action(key, self.end_label)
        return self.describe_side(state, frame, seat, key)

    def describe_side(self, state: "GameState", frame: Frame, seat: int, key: str) -> Action:
        return Action(key, key)

    def apply(self, state: "GameState", frame: Frame, seat: int, key: str) -> None:
        if key != self.end_key:
            state.push(frame)
            self.side(state, frame, seat, key)


class EachSeat(Automatic):
    """Each seat in an order, skipping seats with nothing to decide: `frame = (kind, position)`.

    `order` gives the seats; `turn` returns the decision frame of the seat at `position` (None
    to skip it), and that decision, when the seat is done, calls `next_seat(state, position + 1)`
    as its last step (the same as pushing `(kind, position + 1)`, without a frame to run);
    after the last seat, `after` pushes what follows.
    """

    args = ("position",)

    def run(self, state: "GameState", frame: Frame) -> None:
        self.next_seat(state, frame[1])

    def next_seat(self, state: "GameState", position: int) -> None:
        """Push the decision of the first seat from `position` on that has one, or call `after`."""
        order = self.order(state)
        for position in range(position, len(order)):
            decision = self.turn(state, order[position], position)
            if decision is not None:
                state.push(decision)
                return
        self.after(state)

    def order(self, state: "GameState") -> "list[int] | tuple[int, ...]":
        raise NotImplementedError

    def turn(self, state: "GameState", seat: int, position: int) -> Frame | None:
        raise NotImplementedError

    def after(self, state: "GameState") -> None:
        """What follows the last seat; nothing by default."""


class InOrder(Automatic):
    """Run frames in order: `frame = (IN_ORDER, (frame1, frame2, ...))`."""

    name = "in_order"
    args = ("frames",)

    def run(self, state: "GameState", frame: Frame) -> None:
        frames = frame[1]
        stack = state._stack                 # two pushes, written out (one runs between most turns)
        if len(frames) > 1:
            stack = (stack, (self, frames[1:]))
        state._stack = (stack, frames[0])


IN_ORDER = InOrder()
InOrder.instance = IN_ORDER  # type: ignore[attr-defined]


def in_order(frames: "list[Frame] | tuple[Frame, ...]") -> Frame | None:
    """One frame that runs `frames` in order (each seat in turn order, a queue of choices)."""
    frames = tuple(frames)
    if not frames:
        return None
    return frames[0] if len(frames) == 1 else (IN_ORDER, frames)


def interrupt(state: "GameState", frame: Frame) -> None:
    """Make another seat decide now; when its frame is done, the flow returns to the one below."""
    state.push(frame)


class Flow:
    """The frame kinds of one game, by name (for saving and loading the stack)."""

    def __init__(self) -> None:
        self.kinds: dict[str, Kind] = {IN_ORDER.name: IN_ORDER}
        self.any_time = False
        # A game may set this: a one-seat decision that comes up with no options of its own (an
        # "at any time" action changed the state after it was pushed) is dropped, its effect lost.
        self.drop_empty = False
        # The type of each frame argument, by its name in the kinds' `args` (see `declare_args`);
        # the kernel's own names (seat, seats, position, frames) are in checks.py.
        self.arg_types: dict[str, ArgCheck] = {}

    def declare_args(self, **checks: ArgCheck) -> None:
        """Declare the type of frame arguments by name: `FLOW.declare_args(count=int_in(1, 4))`.

        Every frame loaded from a saved state has each argument checked by the type its name
        declares (an undeclared name is not checked; the games' tests require one for each)."""
        self.arg_types.update(checks)

    def kind(self, cls: type) -> Kind:
        """Class decorator: register a kind and return its single instance."""
        instance = cls()
        if not instance.name:
            instance.name = _snake(cls.__name__)
        if instance.name in self.kinds:
            raise ValueError(f"frame kind {instance.name!r} is declared twice")
        cls.instance = instance
        instance.single = instance.decision and cls.seats is Decision.seats
        self.kinds[instance.name] = instance
        if isinstance(instance, AnyTime):
            self.any_time = True
        return instance

    # ------------------------------------------------------------------ saving and loading
    def frame_to_json(self, frame: Frame) -> dict[str, Any]:
        """A JSON-ready frame: `{"kind": name, "args": [...]}` (nested frames the same way)."""
        return {"kind": frame[0].name, "args": [_arg_to_json(a) for a in frame[1:]]}

    def frame_from_json(self, data: Any, game: str) -> Frame:
        """The frame of a JSON frame; an unknown kind or a wrong number of args raises BadRecord."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str) \
                or not isinstance(data.get("args"), list):
            raise BadRecord(f"{game} state: a frame must be {{'kind': name, 'args': [...]}}, "
                            f"not {str(data)[:60]}")
        kind = self.kinds.get(data["kind"])
        if kind is None:
            raise BadRecord(f"{game} state: unknown frame kind {data['kind'][:40]!r}; "
                            f"known: {', '.join(sorted(self.kinds))}")
        if len(data["args"]) != len(kind.args):
            raise BadRecord(f"{game} state: frame {kind.name!r} takes {len(kind.args)} args "
                            f"({', '.join(kind.args)}), not {len(data['args'])}")
        return (kind, *(self._arg_from_json(a, game) for a in data["args"]))

    def _arg_from_json(self, value: Any, game: str) -> Any:
        if isinstance(value, dict):
            return self.frame_from_json(value, game)
        if isinstance(value, list):
            return tuple(self._arg_from_json(v, game) for v in value)
        if value is None or isinstance(value, (bool, int, str)):
            return value
        raise BadRecord(f"{game} state: a frame argument cannot be {str(value)[:40]}")


def _arg_to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        if value and isinstance(value[0], Kind):
            return {"kind": value[0].name, "args": [_arg_to_json(a) for a in value[1:]]}
        return [_arg_to_json(v) for v in value]
    return value


def _snake(name: str) -> str:
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def frames_of(stack: Any) -> Iterator[Frame]:
    """The frames of a stack, top first."""
    while stack is not None:
        stack, frame = stack
        yield frame
