"""One table in memory: its state rebuilt from the log, its seats, and what each seat is sent."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from typing import Any

from ..kernel import GameState
from .presence import level_of, presence
from .store import Entry


class ApiError(Exception):
    """A request the server refuses: an HTTP status, a message naming what is wrong, and extra
    fields for the client (the allowed keys, the current version)."""

    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": str(self), "status": self.status, **self.extra}


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a stolen database holds no token."""
    return hashlib.sha256(token.encode()).hexdigest()


HUMAN_KINDS = ("human", "open", "hotseat")   # the seats people play (not AI seats)


def default_hints(seat_kinds: list[str]) -> bool:
    """Whether a table has hints when its creator did not say: on with at most one human seat
    (a person learning against the AI or alone), off with several (a hint would help one
    person against another)."""
    return sum(spec.split(":", 1)[0] in HUMAN_KINDS for spec in seat_kinds) <= 1


def apply_entry(state: GameState, entry: Entry) -> None:
    """Replay one log entry on `state`."""
    if entry.kind == "undo":
        state.undo(entry.seat)
    else:
        state.apply(entry.key, entry.seat)


def entry_summary(entry: Entry, by: str) -> dict[str, Any]:
    """What every seat is told of a log entry: who, what kind, made by whom (never the key: it
    may be hidden)."""
    return {"version": entry.seq, "seat": entry.seat, "kind": entry.kind, "by": by}


def undo_refusal(state: GameState, seat: int) -> dict[str, Any] | None:
    """Why `seat` cannot take back a decision now, for a client to translate: `reason` is
    "nothing" (no decision yet), "other" (`by`, another seat, decided since) or "barrier" (the
    decision revealed information or drew chance); `text` is the kernel's English. None: it can."""
    text = state._undo_refusal(seat)
    if text is None:
        return None
    history = state.history()
    if not history:
        return {"reason": "nothing", "text": text}
    last_seat, _, _ = history[-1]
    if last_seat != seat:
        return {"reason": "other", "by": last_seat, "text": text}
    return {"reason": "barrier", "text": text}


def undoable_choices(state: GameState, seat: int | None, actions: list[Any]) -> list[str]:
    """The keys of the options asking for a confirmation (`preview.confirm`) that `seat` could
    still take back right after choosing them: no barrier, and the seat alone decides next, so
    nobody can act in between. A client asks no confirmation for these (undo is the way back)."""
    keys = []
    for action in actions:
        if not (action.data.get("preview") or {}).get("confirm"):
            continue
        after = state.clone()
        after.apply(action.key, seat)
        if after.acting_seats() == (seat,) and after.can_undo(seat):
            keys.append(action.key)
    return keys


class LiveTable:
    """A table's authority in this process. Change it only under `lock` (see `tables.Tables`)."""

    def __init__(self, row: dict[str, Any], state: GameState, seq: int, tokens: dict[int, str | None]):
        self.id: str = row["id"]
        self.seat_kinds: list[str] = json.loads(row["seats"])
        self.ai_specs = {s: spec.split(":", 1)[1] for s, spec in enumerate(self.seat_kinds)
                         if spec.startswith("ai:")}
        self.turn_seconds: float | None = row["turn_seconds"]
        self.deadline: float | None = row["deadline"]
        # Turn-based play (turns.py): the pace, what happens at the limit, the pause (agreed:
        # {"days", "votes", "until", "left", "seq"}; proposed: no "until" yet).
        self.turn_based = bool(row.get("turn_based"))
        self.at_limit: str = row.get("at_limit") or "ai"
        self.pause: dict[str, Any] | None = json.loads(row["pause"]) if row.get("pause") else None
        # Whether the seats may ask for hints (hints.py); NULL (a table from before hints, or a
        # rematch's row): as the seats say.
        hints = row.get("hints")
        self.hints: bool = default_hints(self.seat_kinds) if hints is None else bool(hints)
        self.max_pause_days = 0      # the operator's bound, told to the seats (Tables sets it)
        self.state = state
        self.seq = seq
        self.tokens = tokens
        self.lock = asyncio.Lock()
        self.last: dict[str, Any] | None = None     # the latest entry: seat, kind, who made it
        # The event log's mark at each version since the last undo (or load): a client at one of
        # these versions is sent only the newer events; any other gets them all.
        self.marks: dict[int, Any] = {seq: state.event_mark()}
        self.ai_task: asyncio.Task | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.failures = 0                             # AI or timer moves that failed in a row
        # When the table was closed for want of a human move (sweeper.py); None: it was not.
        self.abandoned: float | None = row.get("abandoned")
        self.touched = time.monotonic()               # last asked for: idle tables leave memory
        self.sockets: dict[int, int] = {}             # open sockets by seat (presence.py)
        self.players: dict[int, str] = {}             # the account names of seats accounts own
        # Whether this process keeps the table going (AI seats, turn timer): always with one
        # process; with several, the holder of the table's lease (tables.Tables.schedule).
        self.leased = True
        self.leased_at = 0.0                          # when claimed (time.monotonic())
        self.claiming: asyncio.Task | None = None

    @property
    def finished(self) -> bool:
        """Over: the game ended, or the table was closed as abandoned."""
        return self.state.to_act is None or self.abandoned is not None

    def kind_of(self, seat: int) -> str:
        return self.seat_kinds[seat].split(":", 1)[0]

    def seats_for(self, token: str | None) -> list[int]:
        """The seats a token plays (several for a hot-seat token); empty for a wrong token."""
        if not token:
            return []
        wanted = token_hash(token)
        return [seat for seat, h in sorted(self.tokens.items()) if h and hmac.compare_digest(h, wanted)]

    def advance(self, state: GameState, entry: Entry, by: str) -> None:
        """Take a committed entry: the new state, number, and what a client is told of it."""
        self.state = state
        self.seq = entry.seq
        if entry.kind == "undo":
            self.marks = {}
        self.marks[entry.seq] = state.event_mark()
        self.last = entry_summary(entry, by)

    def next_deadline(self, state: GameState) -> float | None:
        """When the turn timer of `state`'s seat to act runs out (None: no timer, AI or over)."""
        seat = state.to_act
        if not self.turn_seconds or seat is None or seat in self.ai_specs or self.paused:
            return None
        return time.time() + self.turn_seconds

    @property
    def paused(self) -> bool:
        """Whether an agreed pause stops the clock now."""
        return bool(self.pause and self.pause.get("until"))

    def clock(self) -> dict[str, Any]:
        """The frame's `clock`: the limit, the deadline, the pace and any pause."""
        return {"turn_seconds": self.turn_seconds, "deadline": self.deadline, "now": time.time(),
                "turn_based": self.turn_based, "at_limit": self.at_limit if self.turn_seconds else None,
                "paused": self.paused, "pause": self.pause,
                "max_pause_days": self.max_pause_days if self.turn_based else None}

    def public_seats(self) -> list[dict[str, Any]]:
        """Every seat as all may see it: kind, name, an AI's level (and spec), presence."""
        state = self.state
        acting, finished = state.acting_seats(), self.finished
        out = []
        for seat, spec in enumerate(self.seat_kinds):
            kind = self.kind_of(seat)
            info: dict[str, Any] = {"seat": seat, "kind": kind, "name": state.game.seat_name(state, seat),
                                    "presence": presence(self, seat, acting, finished)}
            if kind == "ai":
                info["agent"] = self.ai_specs[seat]
                info["level"] = level_of(self.ai_specs[seat], state.game)
            if kind in ("human", "open", "hotseat"):
                info["claimed"] = self.tokens.get(seat) is not None
            if seat in self.players:
                info["player"] = self.players[seat]
            out.append(info)
        return out

    def frame(self, seat: int | None, since: int | None = None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is sent: its view, its options, the events after
        version `since` (all of them, `events_reset`, when `since` is unknown or before an undo)."""
        state = self.state
        mark = self.marks.get(since)
        reset = mark is None
        events = state.events(seat) if reset else state.events(seat, since=mark)
        acting = state.acting_seats()
        finished = state.to_act is None
        actions = state.legal_actions(seat) if seat is not None and seat in acting else []
        frame = {
            "type": "state", "table": self.id, "game": state.game.name, "players": state.players,
            "options": dict(state.options), "rules_revision": state.revision,
            "current_revision": state.game.rules_revision, "seat": seat, "seats": self.public_seats(),
            "version": self.seq, "state_version": state.version, "acting": list(acting),
            "decision": state.decision_kind(),       # the rules help opens at this phase
            "view": state.view(seat),
            "actions": [{"key": a.key, "label": a.label, "data": a.data} for a in actions],
            "can_undo": seat is not None and not finished and state.can_undo(seat),
            "undo_refusal": undo_refusal(state, seat) if seat is not None and not finished else None,
            "undoable": undoable_choices(state, seat, actions),
            "supplies": {str(s): state.game.supplies(state, s) for s in range(state.players)},
            "events": events, "events_reset": reset,
            "finished": finished, "abandoned": self.abandoned, "last": self.last,
            "clock": self.clock(), "hints": self.hints,
        }
        if finished:
            frame["scores"] = state.scores()
            frame["winners"] = state.winners()
            frame["breakdown"] = state.score_breakdown()
        return frame
