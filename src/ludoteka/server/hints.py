"""Hints at a table (issue 26 §2, docs/server.md "Hints"): a seat with a decision pending asks
for the AI's best options with their estimates and reasons (`ludoteka.ai.analyse`).

The analysis runs in the AI pool's workers, in the table's turn of its fair queue (ai_pool.py):
the event loop never waits for it. Its size is the operator's (`--hint-budget` iterations per
search), never a client's. A seat has at most one hint being thought about (another ask: 429),
and an answer is kept per table, version and seat (a bounded cache): asking again costs nothing.

A hint shows nothing the seat may not see: the analysis starts every iteration from a
determinization of the seat's view, and its seed is made of public things only (the seat and
the version), so two states that differ only in what the seat cannot see get the same answer.
Whether a table has hints is its `hints` setting, chosen at creation (`hints_setting`).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..ai import analyse
from ..ai.analysis import hint_seed
from ..kernel import GameState
from .ai_pool import AiPool, _state_for
from .live import ApiError, LiveTable, default_hints

TOP = 5                 # options a hint answers with (the browser shows three)
CACHE_SIZE = 1024       # answers kept (table, version, seat); a few KB each


def parse_hints(body: dict[str, Any]) -> bool | None:
    """Take 'hints' out of a new table's body: True, False, or None when not given (then the
    seats decide, `hints_setting`); 400 for anything else."""
    wanted = body.pop("hints", None)
    if wanted is not None and not isinstance(wanted, bool):
        raise ApiError(400, "'hints' must be true or false (whether the seats may ask the AI for a hint)")
    return wanted


def hints_setting(wanted: bool | None, seats: list[str], rated: bool) -> bool:
    """A new table's `hints`: as asked, else on with at most one human seat (`default_hints`); a
    rated table has none (400 if asked for)."""
    if rated:
        if wanted:
            raise ApiError(400, "'hints': a rated table cannot have hints (the AI's advice would "
                                "count in the players' ratings)")
        return False
    return default_hints(seats) if wanted is None else wanted


def hint_answer(state: GameState, seat: int, budget: int) -> dict[str, Any]:
    """What a hint answers for `seat` to act in `state`: the analysis's best `TOP` options (key,
    label, points, spread, share, visits, reasons), what `points` means (`estimate`: "score"
    solo, "margin" with several players) and the suggested option. Seeded by public things
    only (see the module docstring)."""
    analysis = analyse(state, seat, budget, hint_seed(seat, state.version))
    options = [{"key": o.key, "label": o.label, "points": o.points, "spread": o.spread, "share": o.share,
                "visits": o.visits, "reasons": [dict(r) for r in o.reasons]} for o in analysis.options[:TOP]]
    return {"decision": analysis.decision, "estimate": analysis.estimate, "budget": analysis.budget,
            "iterations": analysis.iterations, "suggested": options[0]["key"], "count": len(analysis.options),
            "options": options}


def hint_in_worker(game_name: str, players: int, seed: int, options: dict[str, Any],
                   history: list[tuple[int, str]], seat: int, budget: int) -> dict[str, Any]:
    """In an AI worker: `hint_answer` for the table rebuilt from its decisions (the worker keeps
    its latest states, as for the AI seats)."""
    return hint_answer(_state_for(game_name, players, seed, options, history), seat, budget)


class Hints:
    """The hints of one server process: see the module docstring."""

    def __init__(self, pool: AiPool, budget: int, cache_size: int = CACHE_SIZE):
        self.pool = pool
        self.budget = budget
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self._thinking: set[tuple[str, int]] = set()       # (table, seat) with a hint in the workers
        self.computed = 0                                  # analyses run (the cache's test counts them)

    async def hint(self, table: LiveTable, seat: int, version: int) -> dict[str, Any]:
        """The hint for `seat` at `table`'s `version` (checked: hints on, the version current,
        the seat to decide; 409 otherwise; 429 while one is being thought about)."""
        if not table.hints:
            raise ApiError(409, "hints are off at this table", version=table.seq)
        if table.finished:
            raise ApiError(409, "the game is over", version=table.seq)
        if version != table.seq:
            raise ApiError(409, f"stale version {version}: the table is at version {table.seq}",
                           version=table.seq)
        state = table.state
        if state.to_act != seat:
            # (of simultaneous decisions the kernel asks the seats one after the other: a hint
            # is for the seat asked now)
            raise ApiError(409, f"seat {seat} has no decision to take now; deciding: seat {state.to_act}",
                           version=table.seq)
        key = (table.id, version, seat)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        if (table.id, seat) in self._thinking:
            raise ApiError(429, "a hint for this seat is being thought about: its answer comes soon")
        self._thinking.add((table.id, seat))
        try:
            history = [(s, k) for s, k, _ in state.history()]
            answer = await self.pool.run(table.id, hint_in_worker, state.game.name, state.players, state.seed,
                                         dict(state.options), history, seat, self.budget)
        finally:
            self._thinking.discard((table.id, seat))
        self.computed += 1
        answer = {"table": table.id, "seat": seat, "version": version, **answer}
        self._cache[key] = answer
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return answer
