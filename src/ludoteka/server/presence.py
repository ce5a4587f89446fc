"""Who is at a table: the level of each AI seat, and each seat's presence as its seat list shows
it (issue 23 §2, §3).

Presence is one word a seat:
- `thinking`: the seat has a decision pending and someone is on it (an AI seat computing, or a
  human seat with an open socket);
- `connected`: a human seat with an open socket and nothing to decide (AI seats are always
  there, so they count as connected);
- `away`: a human seat (claimed) with no open socket in this server process;
- `open`: an open or invited seat nobody holds yet.
A finished table has nobody thinking. The open sockets are counted per process (a watcher on
another process behind Redis is not seen here: that seat reads `away` until its next socket
lands here), which is what one `ludoteka serve` needs; the count lives on the table itself
(`LiveTable.sockets`), touched only by `joined` and `left`.
"""
from __future__ import annotations

from typing import Any

from ..ai.levels import LEVELS, resolve_level
from ..kernel import Game


def level_of(spec: str, game: Game) -> str | None:
    """The level name (`easy`, `medium`, `hard`, or a game's own) whose agent spec is `spec`;
    None for a spec no level names (an operator's agent spec, or a level retuned since)."""
    for name in dict.fromkeys([*LEVELS, *game.ai_levels]):
        if resolve_level(name, game) == spec:
            return name
    return None


def joined(table: Any, seat: int | None) -> None:
    """A socket of `seat` (None: a spectator, not counted) opened on `table`."""
    if seat is not None:
        table.sockets[seat] = table.sockets.get(seat, 0) + 1


def left(table: Any, seat: int | None) -> None:
    """A socket of `seat` closed."""
    if seat is not None and table.sockets.get(seat, 0) > 0:
        table.sockets[seat] -= 1
        if not table.sockets[seat]:
            del table.sockets[seat]


def presence(table: Any, seat: int, acting: tuple[int, ...] | list[int], finished: bool) -> str:
    """The presence word of `seat` (see the module docstring)."""
    kind = table.kind_of(seat)
    if kind == "ai":
        here = True
    elif table.tokens.get(seat) is None:
        return "open"
    else:
        here = table.sockets.get(seat, 0) > 0
    if not here:
        return "away"
    return "thinking" if seat in acting and not finished else "connected"


def signature(table: Any) -> tuple:
    """What of the seats may change without a new version (the sockets open, the accounts
    that own seats): a frame cache keyed by version must key on this too."""
    return tuple(sorted(table.sockets.items())), tuple(sorted(table.players.items()))
