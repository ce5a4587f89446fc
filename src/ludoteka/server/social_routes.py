"""The HTTP API of table chat and ratings (docs/server.md, "Chat" and "Ratings")."""
from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import registry
from ..kernel import UnknownGame
from .account_routes import AccountApi
from .accounts import name_key
from .chat import Chat
from .live import ApiError, LiveTable
from .ratings import Ratings, check_rated, conservative
from .requests import read_json, seat_param, token_of
from .social_store import SocialStore

PLAYER_GAMES = 50                # finished games on a player page
PAGE_SIZE, MOST_PAGE_SIZE = 20, 100


def _number(request: Request, name: str, default: int | None, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None and default is not None:
        return default
    if text is None or not (text.isascii() and text.isdigit() and len(text) <= 6) or not low <= int(text) <= high:
        raise ApiError(422, f"'{name}' must be a whole number from {low} to {high}")
    return int(text)


class SocialApi:
    """Chat and rating endpoints of one server process, and the rated tables' rules at
    creation and when a seat is claimed."""

    def __init__(self, store: SocialStore, chat: Chat, ratings: Ratings, tables, accounts: AccountApi):
        self.store, self.chat, self.ratings, self.tables, self.accounts = store, chat, ratings, tables, accounts

    # ------------------------------------------------------------------ rated tables
    async def rated_wanted(self, request: Request, body: dict[str, Any]) -> str | None:
        """Take 'rated' out of a new table's body; if true, the creator's account id (400 when
        not signed in; `check_rated` then checks the seats)."""
        rated = body.pop("rated", False)
        if not isinstance(rated, bool):
            raise ApiError(400, "'rated' must be true or false")
        if not rated:
            return None
        found = await self.accounts.signed_in(request, change=True)
        if found is None:
            raise ApiError(400, "'rated': a rated table is created by a signed-in account")
        return found[1]["id"]

    async def rated_created(self, account_id: str, table: LiveTable, tokens: dict[int, str]) -> None:
        """A rated table was created: mark it, and its creator's seat (the first human one) is
        the creator's account's."""
        await self.tables.db(self.store.mark_rated, table.id)
        if tokens:
            seat = min(tokens)
            await self.accounts.accounts.attach(account_id, table.id, [seat], tokens[seat])

    async def rematched(self, old: LiveTable, new: LiveTable, created: bool, tokens: dict[int, str],
                        account_id: str | None) -> None:
        """A rematch is rated when its table was (its seats are claimed with the old seats'
        tokens only, so they stay the same accounts'), and a signed-in asker's new seats go on
        the asker's account, as a claim of a seat does."""
        if created and await self.tables.db(self.store.is_rated, old.id) is not None:
            await self.tables.db(self.store.mark_rated, new.id)
        if account_id is not None and tokens:
            await self.accounts.accounts.attach(account_id, new.id, sorted(tokens), next(iter(tokens.values())))

    async def check_claim(self, table: LiveTable, signed_in: bool) -> None:
        """403 for an anonymous claim of a rated table's open seat (every seat is an account's)."""
        if not signed_in and await self.tables.db(self.store.is_rated, table.id) is not None:
            raise ApiError(403, "this table is rated: sign in to take a seat (every seat of a rated "
                                "game belongs to an account)")

    # ------------------------------------------------------------------ chat
    async def _writer(self, request: Request, table: LiveTable, body: dict[str, Any] | None,
                      change: bool) -> int | None:
        """The seat a request speaks for: by its seat token, or the signed-in account's seat;
        None for anyone else (a spectator)."""
        token = token_of(request)
        if token:
            seats = await self.tables.seats_for(table, token)
            if not seats:
                raise ApiError(403, "unknown seat token for this table")
        else:
            found = await self.accounts.signed_in(request, change)
            if found is None:
                return None
            owners = await self.tables.db(self.store.owners, table.id)
            seats = sorted(s for s, a in owners.items() if a == found[1]["id"])
            if not seats:
                return None
        wanted = seat_param(request, body)
        if wanted is None:
            if len(seats) > 1:
                raise ApiError(422, f"you play seats {seats}: say which with 'seat'")
            return seats[0]
        if wanted not in seats:
            raise ApiError(403, f"you do not play seat {wanted}")
        return wanted

    async def read_chat(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        seat = await self._writer(request, table, None, change=False)
        messages = await self.chat.history(self.tables, table, seat)
        mutes = (self.chat.mutes.get(table.id, {}).get(seat, set())) if seat is not None else set()
        return JSONResponse({"id": table.id, "seat": seat, "messages": messages, "muted": sorted(mutes)})

    async def post_chat(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        body = await read_json(request)
        seat = await self._writer(request, table, body, change=True)
        if seat is None:
            raise ApiError(403, "only the table's seats write in its chat (a seat token, or signed in as "
                                "a seat's owner); spectators read")
        unknown = sorted(set(body) - {"text", "seat"})
        if unknown:
            raise ApiError(400, f"unknown field {unknown[0]!r}; fields: seat, text")
        message = await self.chat.post(self.tables, table, seat, body.get("text"))
        return JSONResponse(message, status_code=201)

    async def mute(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        body = await read_json(request)
        seat = await self._writer(request, table, body, change=True)
        if seat is None:
            raise ApiError(403, "only a seat mutes another seat (a seat token, or signed in as its owner)")
        other, on = body.get("mute"), body.get("muted", True)
        if isinstance(other, bool) or not isinstance(other, int):
            raise ApiError(422, "'mute' must be a seat number")
        if not isinstance(on, bool):
            raise ApiError(422, "'muted' must be true or false")
        return JSONResponse({"seat": seat, "muted": await self.chat.mute(self.tables, table, seat, other, on)})

    # ------------------------------------------------------------------ ratings
    async def player(self, request: Request) -> Response:
        try:
            _, key = name_key(request.path_params["name"])
        except ApiError:
            raise ApiError(404, "no such player") from None
        account = await self.tables.db(self.store.account_named, key)
        if account is None:
            raise ApiError(404, "no such player")
        ratings, games = await self.tables.db(self.store.player, account["id"], PLAYER_GAMES)
        return JSONResponse({
            "name": account["name"], "since": account["created"],
            "ratings": [dict(r, score=round(r["score"], 3)) for r in ratings],
            "games": [{"table": g["table_id"], "at": g["at"], "game": g["game"], "players": g["players"],
                       "seat": g["seat"], "place": g["place"], "score": g["points"],
                       "rating": round(g["after"], 3), "change": round(g["after"] - g["before"], 3)}
                      for g in games]}, headers={"Cache-Control": "no-cache"})

    async def leaderboard(self, request: Request) -> Response:
        name = request.query_params.get("game", "")
        try:
            game = registry.game(name)
        except UnknownGame:
            raise ApiError(422, f"'game' must be one of {', '.join(registry.games())}") from None
        players = _number(request, "players", game.min_players, game.min_players, game.max_players)
        page = _number(request, "page", 1, 1, 100_000)
        size = _number(request, "size", PAGE_SIZE, 1, MOST_PAGE_SIZE)
        total, rows = await self.tables.db(self.store.leaderboard, game.name, players, (page - 1) * size, size)
        return JSONResponse({
            "game": game.name, "players": players, "page": page, "size": size, "total": total,
            "rows": [{"rank": (page - 1) * size + n + 1, "name": r["name"], "mu": round(r["mu"], 3),
                      "sigma": round(r["sigma"], 3), "score": round(conservative(r["mu"], r["sigma"]), 3),
                      "games": r["games"]} for n, r in enumerate(rows)],
            "at": time.time()}, headers={"Cache-Control": "no-cache"})

    def routes(self) -> list[Route]:
        """The chat and rating routes, for the application's list."""
        return [
            Route("/api/tables/{table}/chat", self.read_chat, methods=["GET"]),
            Route("/api/tables/{table}/chat", self.post_chat, methods=["POST"]),
            Route("/api/tables/{table}/chat/mute", self.mute, methods=["POST"]),
            Route("/api/players/{name}", self.player, methods=["GET"]),
            Route("/api/leaderboard", self.leaderboard, methods=["GET"]),
        ]


def social_api(store, tables, hub, accounts: AccountApi) -> SocialApi:
    """The chat and ratings of a server: their store on the server's database, the chat on its
    hub, and the ratings hooked to the tables' finishing moves."""
    social = SocialStore(store.engine)
    ratings = Ratings(social, tables)
    tables.on_finished = ratings.finished
    return SocialApi(social, Chat(social, hub), ratings, tables, accounts)
