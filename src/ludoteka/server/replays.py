"""Replays of finished games: the frame of any version, rebuilt from the table's log.

Only a finished game is replayed, so nothing is hidden any more (its record shows every decision);
any seat's perspective may be asked for, or the spectator's."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from .. import registry
from .live import ApiError, LiveTable, apply_entry, entry_summary


def _frame_at(row: dict[str, Any], entries: list, version: int, seat: int | None) -> dict[str, Any]:
    game = registry.game(row["game"])
    state = game.new_state(row["players"], row["seed"], json.loads(row["options"]),
                           game.revision_of(row, f"table {row['id']}"))
    for entry in entries[:version]:
        apply_entry(state, entry)
    table = LiveTable(dict(row, deadline=None, turn_seconds=None), state, version, {})
    if version:
        table.last = entry_summary(entries[version - 1], entries[version - 1].by)
    frame = table.frame(seat)
    frame["actions"] = []
    frame["can_undo"] = False
    frame["replay"] = {"version": version, "versions": len(entries)}
    return frame


async def replay_frame(tables, table: LiveTable, version: int, seat: int | None) -> dict[str, Any]:
    """The frame of `table` (of `tables`) at `version` (0 is the start) seen by `seat` (None: the
    spectator)."""
    if not table.finished:
        raise ApiError(409, "a replay is available once the game is over")
    if not 0 <= version <= table.seq:
        raise ApiError(422, f"'version' must be between 0 and {table.seq}")
    if seat is not None and not 0 <= seat < table.state.players:
        raise ApiError(422, f"'seat' must be between 0 and {table.state.players - 1}")
    row = await tables.db(tables.store.table_row, table.id)
    entries = await tables.db(tables.store.all_entries, table.id)
    return await asyncio.get_running_loop().run_in_executor(None, _frame_at, row, entries, version, seat)
