"""A rematch of a finished table: the same game, options, seat kinds, AI levels and turn timer,
with a new seed; each seat holder of the old table gets the same seat at the new one.

Only a holder of one of the old table's seat tokens may ask for it, and the answer carries only
the tokens of that holder's own seats: nobody learns another's token. How that holds without
storing a token anywhere (the database keeps only hashes):

- the rematch has one id, derived from the old table's (`rematch_id`): whoever asks first
  creates it, everybody after (in any server process) finds it;
- its human, hot and open seats start unclaimed; a holder's new token is an HMAC of the new id
  keyed with the holder's old token (`seat_token`), so only who presents the old token can have
  it, and asking again (a reload, another device of the same player) gives the same token;
- the first presentation stores the new token's hash on the holder's seats (those still
  unclaimed: an open seat somebody else joined meanwhile is theirs now). Hot seats share one
  token, so their new seats share one too.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import time
from typing import Callable

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from .live import ApiError, LiveTable, token_hash
from .store import TABLES, TOKENS, Store, dumps
from .tables import Tables, new_game_seed

_creating = asyncio.Lock()          # one creation at a time in this process (a rare event)


def rematch_id(table_id: str) -> str:
    """The id of the rematch of table `table_id` (the same in every process)."""
    digest = hashlib.sha256(b"ludoteka-rematch:" + table_id.encode()).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()


def seat_token(old_token: str, new_id: str) -> str:
    """The token at rematch `new_id` of whoever holds `old_token` (see the module docstring)."""
    digest = hmac.new(old_token.encode(), b"ludoteka-rematch-seat:" + new_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


async def rematch_of(tables: Tables, table_id: str) -> str | None:
    """The id of table `table_id`'s rematch if someone asked for it already, else None."""
    new_id = rematch_id(table_id)
    if new_id in tables.live or await tables.db(tables.store.table_row, new_id) is not None:
        return new_id
    return None


async def rematch(tables: Tables, old: LiveTable, token: str | None,
                  before_create: Callable[[bool], None]) -> tuple[LiveTable, dict[int, str], bool]:
    """The rematch of finished table `old` for the holder of `token`: the new table, the new
    tokens of the holder's seats, and whether this call created the table. `before_create(timed)`
    runs first when it does (the creator's quota; it may refuse by raising)."""
    seats = await tables.seats_for(old, token)
    if not token or not seats:
        raise ApiError(403, "only a seat of this table may ask for its rematch: send the seat's token "
                            "(Authorization: Bearer TOKEN)")
    if not old.finished:
        raise ApiError(409, "a rematch is offered once the game is over")
    new_id = rematch_id(old.id)
    created = False
    async with _creating:
        if await rematch_of(tables, old.id) is None:
            before_create(bool(old.turn_seconds) and not old.turn_based)
            created = await _create(tables, old, new_id)
    table = await tables.get(new_id)
    new_token = seat_token(token, new_id)
    hashed = token_hash(new_token)
    async with table.lock:
        given = await tables.db(_claim, tables.store, new_id, seats, table.seat_kinds, hashed)
        for seat in given:
            table.tokens[seat] = hashed
    if not given:
        raise ApiError(409, f"your seats at the rematch {new_id} were taken by players who joined it")
    tables.hub.wake_local(new_id)
    return table, {seat: new_token for seat in given}, created


async def _create(tables: Tables, old: LiveTable, new_id: str) -> bool:
    """Create the rematch table; False if another process created it first."""
    state = old.state.game.new_state(old.state.players, new_game_seed(), dict(old.state.options))
    hashes: dict[int, str | None] = {s: None for s in range(len(old.seat_kinds)) if old.kind_of(s) != "ai"}
    now = time.time()
    row = {"id": new_id, "game": state.game.name, "players": state.players,
           "options": dumps(dict(state.options)), "seed": state.seed, "seats": dumps(old.seat_kinds),
           "turn_seconds": old.turn_seconds, "turn_based": old.turn_based,
           "at_limit": old.at_limit if old.turn_based else None, "hints": old.hints, "created": now, "updated": now, "seq": 0,
           "finished": False, "deadline": None, "revision": state.revision,
           "free_seats": sum(old.kind_of(s) == "open" for s in range(len(old.seat_kinds)))}
    table = LiveTable(row, state, 0, hashes)
    table.max_pause_days = tables.settings.max_pause_days
    table.deadline = row["deadline"] = table.next_deadline(state)
    try:
        await tables.db(tables.store.create_table, row, hashes)
    except IntegrityError:
        return False
    tables.live.setdefault(new_id, table)
    tables.schedule(tables.live[new_id])
    return True


def _claim(store: Store, table_id: str, seats: list[int], kinds: list[str], hashed: str) -> list[int]:
    """Give `seats` of the rematch the token hash `hashed` where unclaimed (or already theirs);
    returns the seats that are the holder's now. One transaction."""
    given = []
    with store.engine.begin() as c:
        for seat in seats:
            where = (TOKENS.c.table_id == table_id, TOKENS.c.seat == seat)
            current = c.execute(select(TOKENS.c.token_hash).where(*where)).first()
            if current is None:
                continue
            if current.token_hash is not None:
                if hmac.compare_digest(current.token_hash, hashed):
                    given.append(seat)
                continue
            if c.execute(update(TOKENS).where(*where, TOKENS.c.token_hash.is_(None))
                         .values(token_hash=hashed)).rowcount == 1:
                given.append(seat)
                if kinds[seat].split(":", 1)[0] == "open":
                    c.execute(update(TABLES).where(TABLES.c.id == table_id)
                              .values(free_seats=TABLES.c.free_seats - 1, updated=time.time()))
    return given

