"""Ratings of rated games (issue 25 §3, docs/server.md "Ratings"): openskill's Plackett-Luce
model, one rating per account, game and player count; the leaderboard orders by the
conservative score mu - 3 sigma.

A table is rated when its creator asked at creation (`check_rated`); its result is counted once
it ends, if every seat then belongs to a different account. The count is exactly once whatever
the processes do: the process whose commit ended the game counts it (`finished`), a restarted
one counts what a stopped one left (`catch_up`), and the database's guard on the rated row
lets only the first of them write (`SocialStore.count_result`)."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from openskill.models import PlackettLuce

from .live import ApiError, LiveTable
from .social_store import SocialStore

log = logging.getLogger("ludoteka.server")
MODEL = PlackettLuce()
RATED_SEATS = ("human", "open")      # AI and hot seats make a table unrated


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's score: what the player is almost surely better than."""
    return mu - 3 * sigma


def check_rated(seats: list[str]) -> None:
    """400 unless a table of these (checked) seats may be rated: every seat is for a person of
    their own (a human or open seat: no AI, no hot seat)."""
    odd = [f"{n} ({spec.split(':', 1)[0]})" for n, spec in enumerate(seats) if spec not in RATED_SEATS]
    if odd:
        raise ApiError(400, f"'rated': every seat must be a person's own ('human' or 'open'); "
                            f"seat {', '.join(odd)} is not")


def places(scores: list[float], winners: list[int]) -> list[int]:
    """Each seat's place (1 = first; ties share a place): winners first, then by score."""
    keys = [(seat in winners, score) for seat, score in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(owners: dict[int, str], current: dict[str, tuple[float, float] | None], scores: list[float],
         winners: list[int]) -> tuple[dict[str, tuple[float, float]], list[dict[str, Any]]]:
    """New (mu, sigma) of each account after a game, and its history rows."""
    seats = sorted(owners)
    ranks = places(scores, winners)
    before = {a: MODEL.rating(*r) if r else MODEL.rating() for a, r in current.items()}
    teams = MODEL.rate([[before[owners[s]]] for s in seats], ranks=[ranks[s] for s in seats])
    new, history = {}, []
    for seat, [after] in zip(seats, teams):
        account, old = owners[seat], before[owners[seat]]
        new[account] = (after.mu, after.sigma)
        history.append({"account_id": account, "seat": seat, "place": ranks[seat],
                        "points": float(scores[seat]), "before": conservative(old.mu, old.sigma),
                        "after": conservative(after.mu, after.sigma)})
    return new, history


class Ratings:
    """Counts rated tables as they end."""

    def __init__(self, store: SocialStore, tables):
        self.store, self.tables = store, tables
        self._tasks: set[asyncio.Task] = set()

    def finished(self, table: LiveTable) -> None:
        """The hook of `Tables`: a move of this process ended the table; count it soon."""
        task = asyncio.create_task(self.count(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def count(self, table: LiveTable) -> bool:
        """Count a finished table's result if it is rated and not counted yet; True if this call
        counted it (as rated or, when a seat has no account of its own, as unrated)."""
        db = self.tables.db
        try:
            rated = await db(self.store.is_rated, table.id)
            if rated is None or rated["counted"] is not None:
                return False
            state = table.state
            if state.to_act is not None or table.abandoned is not None:
                return await db(self.store.count_result, table.id, state.game.name, state.players, None,
                                "abandoned")
            owners = await db(self.store.owners, table.id)
            if len(owners) < state.players or len(set(owners.values())) < state.players:
                why = "anonymous seat" if len(owners) < state.players else "same account twice"
                return await db(self.store.count_result, table.id, state.game.name, state.players, None, why)
            scores, winners = list(state.scores()), list(state.winners())
            return await db(self.store.count_result, table.id, state.game.name, state.players,
                            lambda o, c: rate(o, c, scores, winners))
        except Exception:            # the database away: a restart's catch_up counts it
            log.exception("could not count the rated table %s", table.id)
            return False

    async def catch_up(self) -> int:
        """On start: count the finished rated tables nobody counted (a process stopped in
        between); returns how many were counted here."""
        counted = 0
        for table_id in await self.tables.db(self.store.uncounted):
            try:
                counted += await self.count(await self.tables.get(table_id))
            except ApiError:
                continue
        return counted
