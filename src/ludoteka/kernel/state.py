"""The contract every game state implements, and the parts of it that are the same for all games."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from .action import Action
from .errors import BadRecord, GameOver, IllegalAction, WrongSeat

if TYPE_CHECKING:
    from .game import Game



class GameState:
    """A game in progress: who decides now, the options, and how to apply one.

    Subclasses keep their fields flat (`__slots__`, lists of ints) and write `clone()` by hand,
    so copies are cheap and never alias. They implement:
      `_legal_keys()`   keys of the pending decision's options (fast path for search);
      `_describe(key)`  an Action with label and data for one of those keys;
      `_apply(key)`     apply a key already known to be legal (must not fail half-way);
      `_snapshot()` / `_restore(data)`, `clone()`, `scores()`, `view(seat)`, `determinize()`.
    `to_act` is an attribute: the seat that must decide now, or None when the game is over; the
    snapshot must include it. `game` (the Game that made the state) must be reachable as
    `state.game`: a class attribute, or a slot that `_new`, `_empty` and `clone` set.
    `_legal` caches the keys of the pending decision; `_apply` callers reset it, and `clone()`
    may share it (it is never mutated in place).
    The history of action keys and the event log are persistent linked lists (`(previous, item)`
    pairs), so a clone shares them instead of copying them.
    """

    __slots__ = ("to_act", "players", "seed", "options", "_history", "_log", "_legal")
    game: "Game"

    # ----------------------------------------------------------- decisions
    def legal_keys(self) -> list[str]:
        """Keys of the options of the pending decision (empty when the game is over).

        The list is cached and shared: do not modify it.
        """
        keys = self._legal
        if keys is None:
            keys = self._legal = [] if self.to_act is None else self._legal_keys()
        return keys

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision, each with key, label and data."""
        return [self._describe(key) for key in self.legal_keys()]

    def apply(self, action: "Action | str", seat: int | None = None) -> None:
        """Apply one option of the pending decision, given as an Action or its key.

        With `seat`, also check that this seat is the one to act. On any error nothing changes.
        """
        key = action.key if isinstance(action, Action) else action
        if self.to_act is None:
            raise GameOver(f"the game is over; {key!r} cannot be applied")
        if seat is not None and seat != self.to_act:
            raise WrongSeat(seat, self.to_act)
        keys = self._legal
        if keys is None:
            keys = self._legal_keys()
        if key not in keys:
            raise IllegalAction(key, list(keys), self.to_act)
        self._legal = None
        self._apply(key)
        self._history = (self._history, key)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.to_act is None

    # ----------------------------------------------------------- history and log
    def actions(self) -> list[str]:
        """The action keys applied since the start, in order."""
        out = list(iterate_linked(self._history))
        out.reverse()
        return out

    def _log_event(self, text: str, visible_to: Any = None) -> None:
        """Add an event to the game log; `visible_to` is None (all), a seat, or a tuple of seats."""
        self._log = (self._log, (visible_to, text))

    def log_entries(self) -> list[tuple[Any, str]]:
        """Every log entry as (visibility, text), oldest first."""
        out = list(iterate_linked(self._log))
        out.reverse()
        return out

    def _forget_hidden(self, seat: int) -> None:
        """For `determinize`: drop the action history (it holds other seats' hidden choices) and
        the log lines `seat` may not see, so a determinized state carries nothing hidden."""
        self._history = None
        kept = None
        for vis, text in self.log_entries():
            if _visible(vis, seat):
                kept = (kept, (vis, text))
        self._log = kept

    def log(self, seat: int | None = None) -> list[str]:
        """The log lines that `seat` may see (None: a spectator, who sees the public ones)."""
        return [text for vis, text in self.log_entries() if _visible(vis, seat)]

    # ----------------------------------------------------------- serialisation
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding the whole state; `game.state_from_json` restores it."""
        return {
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": self.actions() if self._history is not None else [],
            "log": [[list(v) if isinstance(v, tuple) else v, t] for v, t in self.log_entries()],
            "state": self._snapshot(),
        }

    def _restore_common(self, data: dict[str, Any]) -> None:
        self._legal = None
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadRecord("'actions' must be a list of action keys")
        self._history = None
        for key in actions:
            self._history = (self._history, key)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise BadRecord("'log' must be a list of [visibility, text] pairs")
        self._log = None
        for entry in log:
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise BadRecord(f"malformed log entry {entry!r}")
            vis = tuple(entry[0]) if isinstance(entry[0], list) else entry[0]
            self._log = (self._log, (vis, entry[1]))

    # ----------------------------------------------------------- to implement
    def _legal_keys(self) -> list[str]:
        raise NotImplementedError

    def _describe(self, key: str) -> Action:
        return Action(key, key)

    def _apply(self, key: str) -> None:
        raise NotImplementedError

    def _snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def clone(self) -> "GameState":
        """An independent copy: nothing applied to one ever shows in the other."""
        raise NotImplementedError

    def _copy_kernel_fields(self, copy: "GameState") -> None:
        """For `clone()`: copy the kernel's own fields (history and log are shared, immutable)."""
        copy.to_act = self.to_act
        copy.players = self.players
        copy.seed = self.seed
        copy.options = self.options
        copy._history = self._history
        copy._log = self._log
        copy._legal = self._legal

    def scores(self) -> list[float]:
        """Final scores when the game is over, current ones before."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The winning seats (ties share the win); meaningful when the game is over."""
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what `seat` may see; None is a spectator."""
        raise NotImplementedError

    def determinize(self, seat: int, seed: int) -> "GameState":
        """A full state consistent with `view(seat)`: hidden parts resampled, future chance reseeded.

        It must carry no action history and no log line `seat` may not see: `_forget_hidden`
        keeps the visible lines; dropping the whole log is also fine.
        """
        raise NotImplementedError


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
