"""One table in memory: its state rebuilt from the log, its seats, and what each seat is sent."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from typing import Any

from ..kernel import GameState
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


class LiveTable:
    """A table's authority in this process. Change it only under `lock` (see `tables.Tables`)."""

    def __init__(self, row: dict[str, Any], state: GameState, seq: int, tokens: dict[int, str | None]):
        self.id: str = row["id"]
        self.seat_kinds: list[str] = json.loads(row["seats"])
        self.ai_specs = {s: spec.split(":", 1)[1] for s, spec in enumerate(self.seat_kinds)
                         if spec.startswith("ai:")}
        self.turn_seconds: float | None = row["turn_seconds"]
        self.deadline: float | None = row["deadline"]
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
        if not self.turn_seconds or seat is None or seat in self.ai_specs:
            return None
        return time.time() + self.turn_seconds

    def public_seats(self) -> list[dict[str, Any]]:
        state = self.state
        out = []
        for seat, spec in enumerate(self.seat_kinds):
            kind = self.kind_of(seat)
            info: dict[str, Any] = {"seat": seat, "kind": kind, "name": state.game.seat_name(state, seat)}
            if kind == "ai":
                info["agent"] = self.ai_specs[seat]
            if kind in ("human", "open", "hotseat"):
                info["claimed"] = self.tokens.get(seat) is not None
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
        frame = {
            "type": "state", "table": self.id, "game": state.game.name, "players": state.players,
            "options": dict(state.options), "rules_revision": state.revision,
            "current_revision": state.game.rules_revision, "seat": seat, "seats": self.public_seats(),
            "version": self.seq, "acting": list(acting),
            "decision": state.decision_kind(),       # the rules help opens at this phase
            "view": state.view(seat),
            "actions": ([{"key": a.key, "label": a.label, "data": a.data} for a in state.legal_actions(seat)]
                        if seat is not None and seat in acting else []),
            "can_undo": seat is not None and not finished and state.can_undo(seat),
            "events": events, "events_reset": reset,
            "finished": finished, "abandoned": self.abandoned, "last": self.last,
            "clock": {"turn_seconds": self.turn_seconds, "deadline": self.deadline, "now": time.time()},
        }
        if finished:
            frame["scores"] = state.scores()
            frame["winners"] = state.winners()
            frame["breakdown"] = state.score_breakdown()
        return frame
