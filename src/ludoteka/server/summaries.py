"""What the lobby shows of a table without its board: the seats (kind, name, AI level,
presence), whose turn it is, and once over the winners and scores (issue 23 §2, §4).

A finished game never changes, so its result is kept once computed (a finished table is rebuilt
from its latest snapshot for it, which the sweeper later drops from memory again)."""
from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from .. import registry
from .live import ApiError, LiveTable
from .presence import level_of
from .tables import Tables

MAX_IDS = 50                    # tables one request may ask about ("My tables" of one browser)
_RESULTS: "OrderedDict[str, dict[str, Any] | None]" = OrderedDict()
_KEPT = 2000


def seat_kinds(row: dict[str, Any]) -> list[dict[str, Any]]:
    """A table row's seats as the lobby shows them: kind, and an AI seat's level (None: an
    operator's agent spec that no level names)."""
    game = registry.game(row["game"])
    out = []
    for spec in json.loads(row["seats"]):
        kind, _, agent = spec.partition(":")
        out.append({"kind": kind, "level": level_of(agent, game)} if kind == "ai" else {"kind": kind})
    return out


def result_of(table: LiveTable) -> dict[str, Any] | None:
    """The end of a finished game: winners, scores and seat names (None: closed as abandoned, or
    not over)."""
    state = table.state
    if state.to_act is not None or table.abandoned is not None:
        return None
    return {"winners": list(state.winners()), "scores": list(state.scores()),
            "names": [state.game.seat_name(state, s) for s in range(state.players)]}


async def finished_result(tables: Tables, table_id: str) -> dict[str, Any] | None:
    """`result_of` the finished table `table_id`, remembered."""
    if table_id in _RESULTS:
        _RESULTS.move_to_end(table_id)
        return _RESULTS[table_id]
    try:
        result = result_of(await tables.get(table_id))
    except ApiError:
        return None
    _RESULTS[table_id] = result
    while len(_RESULTS) > _KEPT:
        _RESULTS.popitem(last=False)
    return result


def summary(table: LiveTable) -> dict[str, Any]:
    """One table as "My tables" shows it."""
    state = table.state
    return {"id": table.id, "game": state.game.name, "players": state.players, "version": table.seq,
            "finished": table.finished, "abandoned": table.abandoned,
            "acting": [] if table.finished else list(state.acting_seats()),
            "seats": table.public_seats(), "result": result_of(table)}


async def summaries(tables: Tables, ids_text: str) -> list[dict[str, Any]]:
    """The summaries of the tables named in `ids_text` (comma-separated); an unknown id is
    answered `{"id": …, "missing": true}` (a table this server does not have)."""
    ids = [i for i in ids_text.split(",") if i][:MAX_IDS + 1]
    if len(ids) > MAX_IDS:
        raise ApiError(422, f"'ids' may name at most {MAX_IDS} tables")
    out = []
    for table_id in dict.fromkeys(ids):
        try:
            out.append(summary(await tables.get(table_id)))
        except ApiError as exc:
            if exc.status != 404:
                raise
            out.append({"id": table_id, "missing": True})
    return out
