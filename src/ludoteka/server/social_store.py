"""The database side of table chat and ratings (issue 25 §3; schema: migration 0007_social).
Like `store.Store`, every method is synchronous and short, for the server's database threads;
the logic is in `chat.py` and `ratings.py`."""
from __future__ import annotations

import time
from typing import Any, Callable

from sqlalchemy import (Column, Float, ForeignKey, Integer, String, Table, Text, delete, func, insert,
                        select, update)
from sqlalchemy.engine import Engine

from .account_store import ACCOUNT_SEATS, ACCOUNTS
from .store import METADATA, TABLES

CHAT = Table(
    "chat_messages", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
MUTES = Table(
    "chat_mutes", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),               # the seat that no longer reads…
    Column("muted", Integer, primary_key=True),              # …this seat's messages
)
RATED = Table(
    "rated_tables", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("counted", Float),                                # when its result was counted; None: not yet
    Column("outcome", String(16)),                           # "rated", or why not ("anonymous seat", …)
)
RATINGS = Table(
    "ratings", METADATA,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("score", Float, nullable=False, index=True),      # mu - 3 sigma: the leaderboard's order
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
HISTORY = Table(
    "rating_history", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True, index=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("place", Integer, nullable=False),                # 1 = first
    Column("points", Float),                                 # the game's final score
    Column("before", Float, nullable=False),                 # the conservative score before…
    Column("after", Float, nullable=False),                  # …and after this game
    Column("at", Float, nullable=False),
)

# What `count_result` is given: the players' seat owners, and a function of their current
# ratings {account: (mu, sigma) or None} -> their new ones and the history rows.
Rater = Callable[[dict[int, str], dict[str, tuple[float, float] | None]], tuple[dict[str, tuple[float, float]],
                                                                                 list[dict[str, Any]]]]


class SocialStore:
    """Chat messages, mutes, rated tables and ratings in the server's database."""

    def __init__(self, engine: Engine):
        self.engine = engine

    # ------------------------------------------------------------------ chat
    def add_message(self, table_id: str, seat: int, text: str) -> dict[str, Any]:
        """Store a message; returns it with its id and time."""
        now = time.time()
        with self.engine.begin() as c:
            new_id = c.execute(insert(CHAT).values(table_id=table_id, seat=seat, text=text, at=now)
                               .returning(CHAT.c.id)).scalar_one()
        return {"id": new_id, "seat": seat, "text": text, "at": now}

    def messages(self, table_id: str, limit: int, muted: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
        """The table's last `limit` messages not written by a seat of `muted`, oldest first."""
        query = select(CHAT.c.id, CHAT.c.seat, CHAT.c.text, CHAT.c.at).where(CHAT.c.table_id == table_id)
        if muted:
            query = query.where(CHAT.c.seat.not_in(sorted(muted)))
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(CHAT.c.id.desc()).limit(limit)).mappings()
            return [dict(r) for r in reversed(list(rows))]

    def mutes(self, table_id: str) -> dict[int, set[int]]:
        """{seat: the seats it muted} of a table."""
        with self.engine.connect() as c:
            found: dict[int, set[int]] = {}
            for r in c.execute(select(MUTES.c.seat, MUTES.c.muted).where(MUTES.c.table_id == table_id)):
                found.setdefault(r.seat, set()).add(r.muted)
            return found

    def set_mute(self, table_id: str, seat: int, muted: int, on: bool) -> None:
        """Seat `seat` mutes (or unmutes) seat `muted` of a table."""
        with self.engine.begin() as c:
            c.execute(delete(MUTES).where(MUTES.c.table_id == table_id, MUTES.c.seat == seat,
                                          MUTES.c.muted == muted))
            if on:
                c.execute(insert(MUTES).values(table_id=table_id, seat=seat, muted=muted))

    # ------------------------------------------------------------------ ratings
    def mark_rated(self, table_id: str) -> None:
        """The table counts for the ratings once it ends (its creator asked)."""
        with self.engine.begin() as c:
            c.execute(insert(RATED).values(table_id=table_id, counted=None, outcome=None))

    def is_rated(self, table_id: str) -> dict[str, Any] | None:
        """The table's rated row (counted, outcome), or None: an unrated table."""
        with self.engine.connect() as c:
            row = c.execute(select(RATED).where(RATED.c.table_id == table_id)).mappings().first()
            return dict(row) if row else None

    def uncounted(self) -> list[str]:
        """Finished rated tables whose result was not counted yet (a process stopped between the
        last move's commit and the count)."""
        with self.engine.connect() as c:
            return [r.table_id for r in c.execute(
                select(RATED.c.table_id).join(TABLES, TABLES.c.id == RATED.c.table_id)
                .where(RATED.c.counted.is_(None), TABLES.c.finished.is_(True)))]

    def owners(self, table_id: str) -> dict[int, str]:
        """{seat: account id} of a table's seats that belong to an account."""
        with self.engine.connect() as c:
            return {r.seat: r.account_id for r in c.execute(
                select(ACCOUNT_SEATS.c.seat, ACCOUNT_SEATS.c.account_id)
                .where(ACCOUNT_SEATS.c.table_id == table_id))}

    def count_result(self, table_id: str, game: str, players: int, rater: Rater | None,
                     why_not: str | None = None) -> bool:
        """Count a finished rated table, exactly once: the first caller (of any process) flips
        its `counted` and writes every new rating and history row in the same transaction; any
        later caller finds it counted and changes nothing. `rater` None: it ends unrated
        (`why_not` says why). Returns whether this call counted it."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(update(RATED).where(RATED.c.table_id == table_id, RATED.c.counted.is_(None))
                             .values(counted=now, outcome="rated" if rater else why_not)).rowcount == 1
            if not done or rater is None:
                return done
            owners = {r.seat: r.account_id for r in c.execute(
                select(ACCOUNT_SEATS.c.seat, ACCOUNT_SEATS.c.account_id)
                .where(ACCOUNT_SEATS.c.table_id == table_id))}
            ids = sorted(set(owners.values()))
            current = {r.account_id: (r.mu, r.sigma, r.games) for r in c.execute(
                select(RATINGS).where(RATINGS.c.account_id.in_(ids), RATINGS.c.game == game,
                                      RATINGS.c.players == players))}
            new, history = rater(owners, {a: current[a][:2] if a in current else None for a in ids})
            for account, (mu, sigma) in new.items():
                values = {"mu": mu, "sigma": sigma, "score": mu - 3 * sigma, "updated": now}
                if account in current:
                    c.execute(update(RATINGS).where(RATINGS.c.account_id == account, RATINGS.c.game == game,
                                                    RATINGS.c.players == players)
                              .values(games=current[account][2] + 1, **values))
                else:
                    c.execute(insert(RATINGS).values(account_id=account, game=game, players=players,
                                                     games=1, **values))
            if history:
                c.execute(insert(HISTORY), [dict(row, table_id=table_id, game=game, players=players, at=now)
                                            for row in history])
            return True

    def account_named(self, name_key: str) -> dict[str, Any] | None:
        """id and shown name of the account with this normalised name, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.created)
                            .where(ACCOUNTS.c.name_key == name_key)).mappings().first()
            return dict(row) if row else None

    def player(self, account_id: str, limit: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """An account's ratings (best first) and its `limit` latest rated games (newest first)."""
        # Games first: each statement sees what is committed when it runs, and a count may commit
        # between the two; read in this order, every listed game's rating is there too.
        with self.engine.connect() as c:
            games = [dict(r) for r in c.execute(
                select(HISTORY.c.table_id, HISTORY.c.game, HISTORY.c.players, HISTORY.c.seat, HISTORY.c.place,
                       HISTORY.c.points, HISTORY.c.before, HISTORY.c.after, HISTORY.c.at)
                .where(HISTORY.c.account_id == account_id).order_by(HISTORY.c.at.desc()).limit(limit)).mappings()]
            ratings = [dict(r) for r in c.execute(
                select(RATINGS.c.game, RATINGS.c.players, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.score,
                       RATINGS.c.games, RATINGS.c.updated)
                .where(RATINGS.c.account_id == account_id).order_by(RATINGS.c.score.desc())).mappings()]
        return ratings, games

    def leaderboard(self, game: str, players: int, offset: int, limit: int) -> tuple[int, list[dict[str, Any]]]:
        """How many are rated at `game` with `players`, and a page of them, best first."""
        where = (RATINGS.c.game == game, RATINGS.c.players == players)
        with self.engine.connect() as c:
            total = c.execute(select(func.count()).select_from(RATINGS).where(*where)).scalar_one()
            rows = c.execute(select(ACCOUNTS.c.name, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.score,
                                    RATINGS.c.games)
                             .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id).where(*where)
                             .order_by(RATINGS.c.score.desc(), ACCOUNTS.c.name_key)
                             .offset(offset).limit(limit)).mappings()
            return total, [dict(r) for r in rows]

