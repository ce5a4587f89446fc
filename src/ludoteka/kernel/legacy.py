"""The first release's state contract, kept only while a game still uses it (to be deleted once
every game runs on the decision flow). A legacy state sets `to_act` itself and implements
`_legal_keys()`, `_apply(key)`, `_describe(key)`, `_snapshot()`, `_restore(data)` and `clone()`."""
from __future__ import annotations

from typing import Any

from .action import Action
from .errors import BadRecord, GameOver, IllegalAction, WrongSeat, short
from .state import GameState


class LegacyState(GameState):
    """A state on the first release's contract: one seat at a time, no frames."""

    __slots__ = ()

    def acting_seats(self) -> tuple[int, ...]:
        return () if self.to_act is None else (self.to_act,)

    def legal_keys(self, seat: int | None = None) -> list[str]:
        if seat is not None and seat != self.to_act:
            return []
        keys = self._legal
        if keys is None:
            keys = self._legal = [] if self.to_act is None else self._legal_keys()
        return keys

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return [self._describe(key) for key in self.legal_keys(seat)]

    def apply(self, action: "Action | str", seat: int | None = None) -> None:
        key = action.key if isinstance(action, Action) else action
        if self.to_act is None:
            raise GameOver(f"the game is over; {short(key)} cannot be applied")
        if seat is not None and seat != self.to_act:
            raise WrongSeat(seat, self.to_act)
        keys = self._legal if self._legal is not None else self._legal_keys()
        if key not in keys:
            raise IllegalAction(key, list(keys), self.to_act)
        seat = self.to_act
        self._legal = None
        self._apply(key)
        self.version = getattr(self, "version", 0) + 1
        self._history = (self._history, (seat, key, True))

    def _log_event(self, text: str, visible_to: Any = None) -> None:
        self._log = (self._log, (visible_to, "note", (), {}, text, 0))

    def _forget_hidden(self, seat: int) -> None:
        d = self._determinized(seat, 0)
        self._history, self._log = None, d._log

    def _copy_kernel_fields(self, copy: "GameState") -> None:
        copy.to_act = self.to_act
        copy.players = self.players
        copy.seed = self.seed
        copy.options = self.options
        copy.version = getattr(self, "version", 0)
        copy._history = self._history
        copy._log = self._log
        copy._legal = self._legal

    def _determinized(self, seat: int, seed: int) -> "GameState":
        from .state import _visible
        d = self.clone()
        d._history = None
        kept = None
        for entry in self._entries():
            if _visible(entry[0], seat):
                kept = (kept, entry)
        d._log = kept
        return d

    def _restore_common(self, data: dict[str, Any]) -> None:
        self._legal = None
        self._history = None
        for seat, key, barrier in data.get("history", []):
            self._history = (self._history, (seat, key, barrier))
        self.version = data.get("version", 0)
        self._log = None
        for e in data.get("events", []):
            vis = tuple(e[0]) if isinstance(e[0], list) else e[0]
            self._log = (self._log, (vis, e[1], tuple(e[2]), e[3], e[4], e[5]))

    def to_json(self) -> dict[str, Any]:
        if not hasattr(self, "version"):
            self.version = 0
        return super().to_json()


def restore_legacy(state: LegacyState, data: dict[str, Any]) -> None:
    """`state_from_json` for a legacy state: the kernel parts, then the game's `_restore`."""
    state._restore_common(data)
    try:
        state._restore(data["state"])
    except BadRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadRecord(f"{state.game.name} state is malformed: {type(exc).__name__}: {exc}") from None
