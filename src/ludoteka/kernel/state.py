"""The contract every game state implements, and the parts of it that are the same for all games.

A state is its declared fields (`FIELDS`, see fields.py) plus the kernel's own: the seats,
seed and options, the random generator `rng`, the stack of pending frames (flow.py), the
history of applied decisions and the event log. The kernel runs the flow: `apply` pops the top
frame, lets its kind apply the key, and resolves automatic frames until a decision is pending.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from . import rng as rnd
from .action import Action
from .checks import events_problem, stack_problems
from .errors import BadRecord, GameOver, IllegalAction, UndoRefused, WrongSeat, short as _short
from .fields import Field, build_methods
from .flow import AnyTime, Flow, Frame, frames_of

STATE_FORMAT = 2
KERNEL_SLOTS = ("to_act", "players", "seed", "options", "revision", "rng", "version", "_stack", "_acting",
                "_history", "_log", "_legal", "_top_count", "_barrier", "_seeded", "_memo")


class GameState:
    """A game in progress: who decides now, the options, and how to apply one.

    Subclasses declare `FIELDS` (and `__slots__ = slots(FIELDS)`), a `FLOW` of frame kinds and a
    `game` (class attribute or Const field), and implement `_setup` (push the first frames),
    `scores()`, `view(seat)` and `determinize(seat, seed)`; optionally `score_breakdown()` and
    `_after_restore()`. `clone()`, the snapshot and its validating reader are generated from
    `FIELDS`. The history and the event log are persistent linked lists (`(previous, item)`
    pairs) and the frame stack is one too, so a clone shares all three.

    Kernel attributes: `to_act` (the first acting seat, None when the game is over), `players`,
    `seed`, `options`, `revision` (the rules revision its options were resolved under, see
    `Game.rules_revision`), `rng` (SplitMix64 state: every random draw goes through it, so undo can
    tell when chance was drawn) and `version` (actions applied since the start).
    """

    __slots__ = KERNEL_SLOTS
    FIELDS: tuple[Field, ...] = ()
    FLOW: Flow = Flow()
    game: Any                # the Game whose states these are (game.py, which imports this module)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__:
            for name, method in build_methods(cls.FIELDS).items():
                setattr(cls, name, method)

    # ----------------------------------------------------------- starting
    def _begin(self, players: int, seed: int, options: dict[str, Any]) -> None:
        """Set the kernel's fields of a new game; `_setup` then sets the game's and pushes frames."""
        self.to_act = None
        self.players = players
        self.seed = seed
        self.options = options
        # the game's current rules; `Game.new_state` and the readers set an earlier one
        self.revision = getattr(getattr(type(self), "game", None), "rules_revision", 1)
        self.rng = rnd.seed_state(seed)
        self.version = 0
        self._stack = None
        self._acting = ()
        self._history = None
        self._log = None
        self._legal = None
        self._top_count = 0
        self._barrier = False
        self._seeded = None
        self._memo = None

    # ----------------------------------------------------------- the frame stack
    def push(self, frame: Frame | None, keys: list[str] | None = None) -> None:
        """Put a frame on top of the stack (None: nothing); it is the next to be resolved.

        `keys`: the decision's legal keys for its first acting seat, already computed by the
        caller (an automatic frame that looked whether the seat can act). The runner uses them
        as `legal_keys()` only if this frame is the decision on top when it settles with no
        other frame run in between, so push it last, after every change to the state.
        """
        if frame is not None:
            node = self._stack = (self._stack, frame)
            if keys is not None:
                self._seeded = (node, keys)

    def top(self) -> Frame | None:
        """The frame on top of the stack (None when it is empty)."""
        return None if self._stack is None else self._stack[1]

    def frames(self) -> list[Frame]:
        """The pending frames, top first."""
        return list(frames_of(self._stack))

    def remove(self, kind: Any) -> None:
        """Take the topmost frame of `kind` out of the stack (an AnyTime frame at the end of a turn)."""
        above = []
        stack = self._stack
        while stack is not None:
            stack, frame = stack
            if frame[0] is kind:
                for f in reversed(above):
                    stack = (stack, f)
                self._stack = stack
                return
            above.append(frame)

    def _settle(self) -> None:
        """Resolve automatic frames until a decision is on top or the stack is empty."""
        stack = self._stack
        while stack is not None:
            frame = stack[1]
            kind = frame[0]
            if kind.decision:
                # Acting seats are worked out when asked: most decisions have one seat, args[0].
                self.to_act = frame[1] if kind.single else kind.seats(self, frame)[0]
                self._acting = None
                if self.FLOW.drop_empty and kind.single:
                    # the keys are worked out now (and kept for `legal_keys`): a decision with
                    # none of its own left is dropped, what it offered is lost (Flow.drop_empty)
                    self._legal = self._keys_for(self.to_act, True)
                    if not (self._top_count if self.FLOW.any_time else self._legal):
                        self._legal = None
                        self._stack = stack = stack[0]
                        self._seeded = None
                        continue
                seeded = self._seeded
                if seeded is not None:
                    # keys pushed with this very frame (the same stack node) and nothing run since
                    self._seeded = None
                    if seeded[0] is stack and not self.FLOW.any_time:
                        self._legal = seeded[1]
                return
            self._stack = stack[0]
            self._seeded = None          # keys pushed before another frame runs may be stale
            kind.run(self, frame)
            stack = self._stack
        self.to_act = None
        self._acting = ()
        self._seeded = None

    def _mark_barrier(self) -> None:
        """The action being applied reveals hidden information: it cannot be undone."""
        self._barrier = True

    # ----------------------------------------------------------- decisions
    def acting_seats(self) -> tuple[int, ...]:
        """The seats that have a decision pending now (empty when the game is over)."""
        acting = self._acting
        if acting is None:
            frame = self._stack[1]
            acting = self._acting = (frame[1],) if frame[0].single else tuple(frame[0].seats(self, frame))
        return acting

    def legal_keys(self, seat: int | None = None) -> list[str]:
        """Keys of the options pending for `seat` (default `to_act`; empty if it is not acting).

        The list is cached and shared: do not modify it.
        """
        if seat is None or seat == self.to_act:
            keys = self._legal
            if keys is None:
                keys = self._legal = [] if self.to_act is None else self._keys_for(self.to_act, True)
            return keys
        return self._keys_for(seat) if seat in self.acting_seats() else []

    def _keys_for(self, seat: int, cache: bool = False) -> list[str]:
        frame = self._stack[1]
        keys = frame[0].keys(self, frame, seat)
        if self.FLOW.any_time:
            if cache:
                self._top_count = len(keys)      # the first keys are the top frame's (see `apply`)
            for side in self._side_frames(seat):
                keys = keys + side[0].side_keys(self, side, seat)
        return keys

    def _side_frames(self, seat: int) -> list[Frame]:
        stack = self._stack[0]
        out = []
        for frame in frames_of(stack):
            if isinstance(frame[0], AnyTime) and frame[1] == seat:
                out.append(frame)
        return out

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The options pending for `seat` (default `to_act`), each with key, label and data."""
        if seat is None:
            seat = self.to_act
        keys = self.legal_keys(seat)
        if not keys:
            return []
        frame = self._stack[1]
        kind = frame[0]
        if not self.FLOW.any_time:
            return [kind.describe(self, frame, seat, key) for key in keys]
        out = []
        for key in keys:
            owner = self._owner(seat, key)
            describe = owner[0].describe if owner is frame else owner[0].describe_side
            out.append(describe(self, owner, seat, key))
        return out

    def _owner(self, seat: int, key: str) -> Frame:
        """The frame a legal key belongs to: the top one, or an AnyTime frame below it."""
        frame = self._stack[1]
        if key in frame[0].keys(self, frame, seat):
            return frame
        for side in self._side_frames(seat):
            if key in side[0].side_keys(self, side, seat):
                return side
        return frame

    def apply(self, action: "Action | str", seat: int | None = None) -> None:
        """Apply one pending option, given as an Action or its key, for `seat` (default `to_act`).

        Any acting seat may apply, in any order. On any error nothing changes.
        """
        key = action.key if isinstance(action, Action) else action
        to_act = self.to_act
        if to_act is None:
            raise GameOver(f"the game is over; {_short(key)} cannot be applied")
        if seat is None or seat == to_act:
            seat = to_act
            keys = self._legal
            if keys is None:
                keys = self._legal = self._keys_for(seat, True)
        elif seat in self.acting_seats():
            keys = self._keys_for(seat)
        else:
            raise WrongSeat(seat, self.acting_seats())
        if key not in keys:
            raise IllegalAction(key, list(keys), seat)
        # A key among the first `_top_count` cached keys is the top frame's (no side frame asked).
        of_top = not self.FLOW.any_time or (keys is self._legal and keys.index(key) < self._top_count)
        rng = self.rng
        self._barrier = False
        self._legal = None
        stack = self._stack
        frame = stack[1]
        if not of_top and (owner := self._owner(seat, key)) is not frame:
            owner[0].side(self, owner, seat, key)        # side actions leave their frame in place
        else:
            self._stack = stack[0]
            frame[0].apply(self, frame, seat, key)
        # settle; inline when the kind pushed the next decision itself (the common case)
        stack = self._stack
        if stack is not None and stack[1][0].decision and self._seeded is None and not self.FLOW.drop_empty:
            frame = stack[1]
            self.to_act = frame[1] if frame[0].single else frame[0].seats(self, frame)[0]
            self._acting = None
        else:
            self._settle()
        self.version += 1
        self._history = (self._history, (seat, key, self._barrier or self.rng != rng))

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.to_act is None

    def decision_kind(self) -> str | None:
        """The class name of the pending decision's frame kind ("ChooseDice"), None when the game
        is over: what a rules help names to open at the current phase (`Game.rules_help`)."""
        return None if self._stack is None else type(self._stack[1][0]).__name__

    # ----------------------------------------------------------- history and undo
    def actions(self) -> list[str]:
        """The action keys applied since the start, in order."""
        return [key for _, key, _ in self.history()]

    def history(self) -> list[tuple[int, str, bool]]:
        """Every applied decision as (seat, key, barrier), oldest first."""
        out = list(iterate_linked(self._history))
        out.reverse()
        return out

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its most recent decision now (see `undo`)."""
        return self._undo_refusal(seat) is None

    def _undo_refusal(self, seat: int) -> str | None:
        if self._history is None:
            return "there is no decision to take back"
        last_seat, key, barrier = self._history[1]
        if last_seat != seat:
            # Not quoting the key: another seat's decision may be hidden from this one.
            return f"the last decision was seat {last_seat}'s, not seat {seat}'s"
        if barrier:
            return f"the decision {_short(key)} revealed information or drew chance"
        return None

    def undo(self, seat: int) -> None:
        """Take back `seat`'s most recent decision, restoring exactly the state before it.

        Refused (UndoRefused) when there is none, when another seat acted after it, or when it
        was a barrier: hidden information was revealed to anyone or chance was drawn.
        """
        refusal = self._undo_refusal(seat)
        if refusal is not None:
            raise UndoRefused(f"seat {seat} cannot undo: {refusal}")
        before = self.game.replayed(self.players, self.seed, self.options,
                                    [(past_seat, key) for past_seat, key, _ in self.history()[:-1]],
                                    revision=self.revision)
        before._clone_into(self)

    # ----------------------------------------------------------- events
    def event(self, kind: str, text: "str | tuple", data: dict[str, Any] | None = None,
              seats: tuple[int, ...] = (), visible_to: Any = None) -> None:
        """Record an event: a stable `kind`, the English `text`, JSON-ready `data` a client needs
        to draw and translate it, the `seats` involved, and who may see it (None: everyone; a
        seat; a tuple of seats).

        `text` may also be `(function, *args)`: the text is then `function(*args)`, written only
        when someone reads it (search and random playouts never do). The function must be a
        module-level one and its args must not change afterwards.
        """
        self._log = (self._log, (visible_to, kind, seats, data or {}, text, self.version))

    def events(self, seat: int | None = None, since: Any = None) -> list[dict[str, Any]]:
        """The events `seat` may see (None: a spectator), oldest first, as JSON-ready dicts.

        `since`, a mark from `event_mark()` of this state or of one it was cloned from: only the
        events recorded after it (a server sends a seat what it has not seen without rereading
        the whole log). A mark the log no longer holds (an undo rebuilt it) gives every event.
        """
        entries = self._entries() if since is None else self._entries_after(since)
        return [{"kind": kind, "seats": list(seats), "data": data, "text": _text(text), "version": version}
                for vis, kind, seats, data, text, version in entries if _visible(vis, seat)]

    def event_mark(self) -> Any:
        """An opaque mark of the event log as it is now, for `events(seat, since=mark)`."""
        return self._log

    def log(self, seat: int | None = None) -> list[str]:
        """The texts of the events `seat` may see (None: a spectator, who sees the public ones)."""
        return [_text(entry[4]) for entry in self._entries() if _visible(entry[0], seat)]

    def _entries(self) -> list[tuple]:
        out = list(iterate_linked(self._log))
        out.reverse()
        return out

    def _entries_after(self, mark: Any) -> list[tuple]:
        out = []
        node = self._log
        while node is not None and node is not mark:
            node, item = node
            out.append(item)
        if node is not mark:      # the mark is gone: every event
            return self._entries()
        out.reverse()
        return out

    # ----------------------------------------------------------- scoring
    def scores(self) -> list[float]:
        """Final scores when the game is over, current ones before."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The winning seats (ties share the win); meaningful when the game is over."""
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def score_breakdown(self) -> list[dict[str, dict[str, Any]]]:
        """Per seat: `points`, a dict of scoring category to points that sums exactly to
        `scores()[seat]`, and `tiebreak`, the values the rules break ties with, in order."""
        return [{"points": {"total": score}, "tiebreak": {}} for score in self.scores()]

    # ----------------------------------------------------------- copies and hidden information
    def clone(self) -> "GameState":
        """An independent copy: nothing applied to one ever shows in the other."""
        copy = self.__class__.__new__(self.__class__)
        self._clone_into(copy)
        return copy

    def _clone_into(self, copy: "GameState") -> None:
        copy.to_act = self.to_act
        copy.players = self.players
        copy.seed = self.seed
        copy.options = self.options
        copy.revision = self.revision
        copy.rng = self.rng
        copy.version = self.version
        copy._stack = self._stack
        copy._acting = self._acting
        copy._history = self._history
        copy._log = self._log
        copy._legal = self._legal
        copy._top_count = self._top_count
        copy._barrier = False
        copy._seeded = None
        copy._memo = None
        self._clone_fields(copy)

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """`make()`, computed once per version of this state and `key`: e.g. the determinization
        that the previews of all of a seat's options start from. Forgotten at the next action, at
        an undo and in a clone; the caller must not change what it gets."""
        memo = self._memo
        if memo is None or memo[0] != self.version:
            memo = self._memo = (self.version, {})
        if key not in memo[1]:
            memo[1][key] = make()
        return memo[1][key]

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what `seat` may see; None is a spectator."""
        raise NotImplementedError

    def determinize(self, seat: int, seed: int) -> "GameState":
        """A full state consistent with `view(seat)`: hidden parts resampled, future chance reseeded.

        It must depend only on what `seat` may see and on `seed`; start from `_determinized`.
        """
        raise NotImplementedError

    def _determinized(self, seat: int, seed: int) -> "GameState":
        """A clone for `determinize`: no history, only the events `seat` may see, and a seed and
        random generator derived from `seed` alone (the real seed would rebuild hidden chance)."""
        d = self.clone()
        d.seed = rnd.derive(seed, 0x5EED)
        d.rng = rnd.seed_state(rnd.derive(seed, 0xC4A7CE))
        d._history = None
        kept = None
        for entry in self._entries():
            if _visible(entry[0], seat):
                kept = (kept, entry)
        d._log = kept
        d._legal = None
        return d

    # ----------------------------------------------------------- serialisation
    def _snapshot(self) -> dict[str, Any]:
        """The state's contents as JSON-ready data (without history or events)."""
        data = self._snapshot_fields()
        data["to_act"] = self.to_act
        data["rng"] = self.rng
        data["stack"] = [self.FLOW.frame_to_json(f) for f in reversed(self.frames())]
        return data

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding the whole state; `game.state_from_json` restores it."""
        return {
            "format": STATE_FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "revision": self.revision,
            "version": self.version,
            "history": [[seat, key, barrier] for seat, key, barrier in self.history()],
            "events": self._event_rows(),
            "state": self._snapshot(),
        }

    def _event_rows(self) -> list[list[Any]]:
        """The events as saved: [visibility, kind, seats, data, text, version]."""
        return [[list(e[0]) if isinstance(e[0], tuple) else e[0], e[1], list(e[2]), e[3], _text(e[4]), e[5]]
                for e in self._entries()]

    def _restore(self, data: dict[str, Any]) -> None:
        """Fill a blank state (after `_begin`) from `to_json()` output (format 2), validating
        every field against its declaration."""
        name = self.game.name
        version = data.get("version")
        if not _is_int(version) or version < 0:
            raise BadRecord(f"{name} state: 'version' must be a count of actions, not {_short(version)}")
        self.version = version
        history = data.get("history")
        if not isinstance(history, list):
            raise BadRecord(f"{name} state: 'history' must be a list of [seat, key, barrier]")
        for entry in history:
            if not (isinstance(entry, list) and len(entry) == 3 and _is_int(entry[0])
                    and 0 <= entry[0] < self.players and isinstance(entry[1], str)
                    and isinstance(entry[2], bool)):
                raise BadRecord(f"{name} state: malformed history entry {_short(entry)}")
            self._history = (self._history, (entry[0], entry[1], entry[2]))
        events = data.get("events")
        problem = events_problem(events, self.players, version)
        if problem is not None:
            raise BadRecord(f"{name} state: {problem}")
        for entry in events:
            vis = tuple(entry[0]) if isinstance(entry[0], list) else entry[0]
            self._log = (self._log, (vis, entry[1], tuple(entry[2]), entry[3], entry[4], entry[5]))
        state = data["state"]
        rng = state.get("rng")
        if not _is_int(rng) or not 0 <= rng < 1 << 64:
            raise BadRecord(f"{name} state: 'rng' must be a 64-bit generator state")
        self.rng = rng
        stack = state.get("stack")
        if not isinstance(stack, list):
            raise BadRecord(f"{name} state: 'stack' must be a list of frames")
        for frame in stack:
            self._stack = (self._stack, self.FLOW.frame_from_json(frame, name))
        self._restore_fields(state)
        self._after_restore()
        problems = stack_problems(self.FLOW, self)
        if problems:
            raise BadRecord(f"{name} state: 'stack' {problems[0]}")
        top = self.top()
        if top is not None and not top[0].decision:
            raise BadRecord(f"{name} state: the top frame {top[0].name!r} is not a decision")
        self._settle()
        if state.get("to_act") != self.to_act:
            raise BadRecord(f"{name} state: 'to_act' is {_short(state.get('to_act'))}, but the pending "
                            f"decision is seat {self.to_act}'s")
        for seat in self.acting_seats():
            if type(seat) is not int or not 0 <= seat < self.players:
                raise BadRecord(f"{name} state: seat {seat} is to act, but there are {self.players} seats")
            if not self._keys_for(seat):
                raise BadRecord(f"{name} state: seat {seat} is to act but has no legal option")

    def _after_restore(self) -> None:
        """Recompute derived fields after a restore (games override when they have some)."""

    def _clone_fields(self, copy: "GameState") -> None:      # generated from FIELDS
        pass

    def _snapshot_fields(self) -> dict[str, Any]:            # generated from FIELDS
        return {}

    def _restore_fields(self, data: dict[str, Any]) -> None:  # generated from FIELDS
        pass


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(text: "str | tuple") -> str:
    """An event's text: a string, or `(function, *args)` written when it is read."""
    return text if type(text) is str else text[0](*text[1:])


def _visible(vis: Any, seat: int | None) -> bool:
    if vis is None:
        return True
    if seat is None:
        return False
    if isinstance(vis, int):
        return vis == seat
    return seat in vis


def iterate_linked(node: Any) -> Iterator[Any]:
    """Items of a persistent linked list, newest first."""
    while node is not None:
        node, item = node
        yield item
