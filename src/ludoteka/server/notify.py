"""Notifications of turn-based tables (issue 25 §2; docs/server.md, "Notifications"): a mail and
a Web Push message when it is your turn and when a game ends, to the seats an account owns,
on the channels it has on.

- **Off the event loop.** A committed move only queues a notice (`table_changed`, a few
  microseconds, never waits): a task of its own looks the owners up in a database thread and
  hands the mails to one sending thread, so a slow or hanging SMTP server delays no move's
  acknowledgement (nor any other request).
- **Batched.** An account gets at most one mail (and push) per table every `mail_period` seconds: a notice
  within the period waits for its end, and is sent then only if it still holds (still that
  seat's turn, or the game over); later notices replace a waiting one.
- **Nothing hidden.** A notice carries the public facts only (game, table, seat names, the
  deadline, the scores at the end): nothing of any seat's view is ever read here.
- A seat with a page open on the table (a WebSocket) is told there (announce.js), not by mail.

Several processes: each batches the moves it commits, and a mail is sent only by the process
that takes the (account, table) slot of the period in Redis (`Hub.take_slot`); a notice whose
news came before another process's mail of the period is dropped (that mail told it), a newer
one waits for the period's end.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from .account_store import ACCOUNT_SEATS, ACCOUNTS
from .config import Settings
from .live import LiveTable
from .store import TOKENS
from .mail import Mailer, compose, texts, unsubscribe_url
from .push import Pusher

log = logging.getLogger("ludoteka.server")
CHANNELS = ("email", "push", "page")
DEFAULT_CHANNELS = {"email": True, "push": True, "page": True}
MAX_QUEUE = 10_000               # notices waiting for the database: beyond, dropped (and logged)


def channels_of(account: dict[str, Any]) -> dict[str, bool]:
    """An account's channels (the defaults where it chose nothing)."""
    chosen = json.loads(account["channels"]) if account.get("channels") else {}
    return {name: bool(chosen.get(name, on)) for name, on in DEFAULT_CHANNELS.items()}


def owners(engine: Engine, table_id: str, seats: list[int]) -> list[dict[str, Any]]:
    """The accounts owning `seats` of a table: id, seat, e-mail address and channels."""
    with engine.connect() as c:
        rows = c.execute(select(ACCOUNT_SEATS.c.seat, ACCOUNTS.c.id, ACCOUNTS.c.email, ACCOUNTS.c.channels)
                         .join(ACCOUNTS, ACCOUNTS.c.id == ACCOUNT_SEATS.c.account_id)
                         .where(ACCOUNT_SEATS.c.table_id == table_id, ACCOUNT_SEATS.c.seat.in_(seats)))
        return [dict(r._mapping) for r in rows]


def seat_boxes(engine: Engine, account_id: str, table_id: str) -> list[dict[str, Any]]:
    """The account's seats at a table: seat, sealed token and the seat's token hash now."""
    with engine.connect() as c:
        rows = c.execute(select(ACCOUNT_SEATS.c.seat, ACCOUNT_SEATS.c.token_box, TOKENS.c.token_hash)
                         .join(TOKENS, (TOKENS.c.table_id == ACCOUNT_SEATS.c.table_id)
                               & (TOKENS.c.seat == ACCOUNT_SEATS.c.seat))
                         .where(ACCOUNT_SEATS.c.account_id == account_id, ACCOUNT_SEATS.c.table_id == table_id)
                         .order_by(ACCOUNT_SEATS.c.seat))
        return [dict(r._mapping) for r in rows]


def set_channels(engine: Engine, account_id: str, channels: dict[str, bool] | None = None,
                 email: str | None | bool = False) -> bool:
    """Store an account's channels and/or e-mail address (`email` False: unchanged); False if
    there is no such account."""
    values: dict[str, Any] = {}
    if channels is not None:
        values["channels"] = json.dumps(channels, sort_keys=True)
    if email is not False:
        values["email"] = email
    with engine.begin() as c:
        return c.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(**values)).rowcount == 1


def notice_of(table: LiveTable, seat: int) -> dict[str, Any]:
    """The public facts a mail to `seat` may tell (see the module docstring)."""
    state = table.state
    over = table.finished
    result = over and table.abandoned is None
    return {"table": table.id, "title": state.game.title, "seat": seat,
            "names": [state.game.seat_name(state, s) for s in range(state.players)],
            "deadline": None if over else table.deadline, "at_limit": table.at_limit,
            "scores": list(state.scores()) if result else None,
            "winners": list(state.winners()) if result else None}


class Notifier:
    """See the module docstring. `key`: signs the unsubscribe links."""

    def __init__(self, settings: Settings, engine: Engine, key: bytes, pusher: Pusher | None = None,
                 take_slot: Callable[[str, float], Awaitable[tuple[bool, float, float]]] | None = None):
        self.settings = settings
        self.take_slot = take_slot                   # hub.Hub.take_slot: one sender per period
        self.engine = engine
        self.key = key
        self.mailer = Mailer(settings) if settings.smtp_url else None
        self.pusher = pusher
        self.queue: asyncio.Queue[tuple[LiveTable, str, list[int]]] = asyncio.Queue(MAX_QUEUE)
        self.last_sent: dict[tuple[str, str], float] = {}            # (account, table) -> when
        # (account, table) -> (due, table, kind, seat, when the news came)
        self.waiting: dict[tuple[str, str], tuple[float, LiveTable, str, int, float]] = {}
        self.sending = ThreadPoolExecutor(1, thread_name_prefix="smtp")
        self.sent = 0                                                 # mails handed to the server

    @property
    def mail(self) -> bool:
        """Whether this server sends mail at all."""
        return self.mailer is not None

    @property
    def active(self) -> bool:
        """Whether this server notifies at all (mail or Web Push)."""
        return self.mailer is not None or self.pusher is not None

    def _wanted(self, owner: dict[str, Any]) -> tuple[bool, bool]:
        """(mail, push): the channels on which an owner is to be told."""
        chosen = channels_of(owner)
        return (self.mailer is not None and bool(owner["email"]) and chosen["email"],
                self.pusher is not None and chosen["push"])

    # ------------------------------------------------------------------ on the event loop
    def table_changed(self, table: LiveTable) -> None:
        """A move was committed (or the table closed): queue the notices it calls for. Returns
        at once; only turn-based tables notify."""
        if not self.active or not table.turn_based:
            return
        if table.finished:
            kind, seats = "over", [s for s in table.tokens if s not in table.ai_specs]
        else:
            # (not the seat that just moved and acts on: it is at the table)
            mover = table.last["seat"] if table.last and table.last["by"] == "seat" else None
            kind = "turn"
            seats = [s for s in table.state.acting_seats()
                     if s not in table.ai_specs and s != mover and not table.sockets.get(s)]
        if seats:
            try:
                self.queue.put_nowait((table, kind, seats))
            except asyncio.QueueFull:
                log.warning("notification queue full: a notice of table %s was dropped", table.id)

    async def run(self) -> None:
        """Turn queued notices into mails, and send the waiting ones when due (until cancelled)."""
        if not self.active:
            return
        while True:
            try:
                timeout = self._next_due()
                try:
                    table, kind, seats = await asyncio.wait_for(self.queue.get(), timeout)
                except asyncio.TimeoutError:
                    table = None
                if table is not None:
                    await self._notice(table, kind, seats)
                await self._send_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not send the notifications")
                await asyncio.sleep(1.0)

    def close(self) -> None:
        """Stop the sending thread (a mail being sent finishes or times out by itself)."""
        self.sending.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the work
    def _next_due(self) -> float | None:
        if not self.waiting:
            return None
        return max(0.0, min(due for due, *_ in self.waiting.values()) - time.time())

    async def _notice(self, table: LiveTable, kind: str, seats: list[int]) -> None:
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, owners, self.engine, table.id, seats)
        now = time.time()
        for owner in found:
            if not any(self._wanted(owner)):
                continue
            key = (owner["id"], table.id)
            due = self.last_sent.get(key, float("-inf")) + self.settings.mail_period
            self.waiting[key] = (max(now, due), table, kind, owner["seat"], now)

    async def _send_due(self) -> None:
        now = time.time()
        for key, (due, table, kind, seat, news) in list(self.waiting.items()):
            if due > now:
                continue
            del self.waiting[key]
            # Sent late (batched): only if it still holds.
            if kind == "turn" and (table.finished or seat not in table.state.acting_seats()):
                continue
            if self.take_slot is not None:
                taken, when, left = await self.take_slot(f"notice:{key[0]}:{key[1]}", self.settings.mail_period)
                if not taken:
                    if when < news:          # another process mailed before this news: wait
                        self.waiting[key] = (time.time() + left, table, kind, seat, news)
                    continue
            await self._send(key, table, kind, seat)

    async def _send(self, key: tuple[str, str], table: LiveTable, kind: str, seat: int) -> None:
        account_id = key[0]
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, owners, self.engine, table.id, [seat])
        owner = next((o for o in found if o["id"] == account_id), None)
        mail, push = self._wanted(owner) if owner is not None else (False, False)
        if not (mail or push):
            return                       # unsubscribed or changed meanwhile
        notice = notice_of(table, seat)
        self.last_sent[key] = time.time()
        if mail:
            message = compose(self.settings, owner["email"], kind, notice,
                              unsubscribe_url(self.settings.public_url, self.key, account_id))
            try:
                await loop.run_in_executor(self.sending, self.mailer.send, message)
                self.sent += 1
            except Exception as exc:     # the next notice tries again
                log.warning("could not mail table %s's notice to account %s: %s", table.id, account_id, exc)
        if push:
            subject, lines, link = texts(self.settings, kind, notice)
            payload = {"title": subject, "body": lines[0], "url": link, "tag": f"ludoteka-{table.id}"}
            try:
                await loop.run_in_executor(self.sending, self.pusher.send, account_id, payload)
            except Exception as exc:
                log.warning("could not push table %s's notice to account %s: %s", table.id, account_id, exc)
