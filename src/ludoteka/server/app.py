"""The HTTP and WebSocket API (documented in docs/server.md), as a Starlette application."""
from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import hmac
import json
import logging
import secrets
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from .. import registry
from ..kernel import LudotekaError, UnknownGame, record_of, sign_record
from ..web import STATIC
from .access import check_read, is_private, share_token
from .account_routes import AccountApi
from .account_store import AccountStore
from .accounts import Accounts
from .accesslog import JsonAccessLog
from .ai_pool import AiPool
from .config import Settings
from .hints import Hints, hints_setting, parse_hints
from .hub import Hub
from .keeper import Keeper
from .live import ApiError, LiveTable
from .replays import replay_frame
from .reviews import Reviews
from .limits import RateLimit
from .metrics import Metrics
from .notify import Notifier
from .notify_routes import NotifyApi
from .push import Pusher, PushStore
from .operations import operations_routes
from .quotas import Quotas
from .ratings import check_rated
from .rematch import rematch, rematch_of
from .requests import parse_move, parse_new_table, read_json, seat_param, token_of
from .sockets import serve_socket
from .social_routes import social_api
from .store import Store
from .summaries import finished_result, seat_kinds, summaries
from .sweeper import Sweeper
from .tables import Tables
from .turns import Turns, parse_pace

log = logging.getLogger("ludoteka.server")


async def _checkpoints(store: Store, every: float = 1.0) -> None:
    """SQLite's checkpoints, in a thread of their own, so no move waits behind one."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        try:
            await loop.run_in_executor(None, store.checkpoint)
        except Exception as exc:         # a busy database: the next round catches up
            log.warning("checkpoint failed: %s", exc)


async def _quiet_garbage_collection(freeze_every: float = 0.5, full_every: float = 600.0) -> None:
    """Keep the tables' many long-lived objects out of the cycle collector's full passes.

    A full pass over a thousand live games takes about 0.4 s, and Python starts one every few
    seconds under load: every move in flight would wait. Objects that survive half a second are
    frozen (never scanned; acyclic garbage is still freed at once by reference counting), which
    also keeps the young passes short; a full collection of everything runs every `full_every`
    seconds for the rare cycles among them.
    """
    since_full = 0.0
    gc.collect()
    gc.freeze()
    while True:
        await asyncio.sleep(freeze_every)
        since_full += freeze_every
        if since_full >= full_every:
            gc.unfreeze()
            gc.collect()
            since_full = 0.0
        gc.freeze()


def create_app(settings: Settings) -> Starlette:
    """The server application; its lifespan migrates the database, starts Redis and the AI pool,
    and rebuilds every unfinished table."""
    store = Store(settings.database_url)
    # Share links are signed with the record key (a random one when records go out unsigned).
    share_secret = settings.record_key or secrets.token_bytes(32)
    hub = Hub(settings.redis_url)
    metrics = Metrics(open_tables=lambda: sum(not t.finished for t in tables.live.values()),
                      sockets=lambda: sum(quotas.sockets.values()), unpublished=lambda: hub.unpublished)
    tables = Tables(settings, store, hub, AiPool(settings.ai_workers, settings.ai_seconds, metrics), metrics)
    quotas = Quotas(settings, lambda table_id: table_id in tables.dormant or (
        (t := tables.live.get(table_id)) is not None and not t.finished))
    hints = Hints(tables.ai, settings.hint_budget)
    sweeper = Sweeper(tables)
    keeper = Keeper(tables)
    turns = Turns(tables, min(60.0, sweeper.every or 60.0))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await tables.db(store.migrate)
        await hub.start(tables.remote_change, keeper.check_versions)
        closed = await sweeper.close_abandoned()      # before the resume: those stay closed
        count = await tables.resume_all()
        await social.ratings.catch_up()
        log.info("ludoteka server ready: %d unfinished tables resumed%s", count,
                 f", {closed} closed as abandoned" if closed else "")
        background = [asyncio.create_task(_quiet_garbage_collection()), asyncio.create_task(sweeper.run()),
                      asyncio.create_task(turns.run()), asyncio.create_task(notifier.run()),
                      *keeper.tasks()]
        if store.sqlite:
            background.append(asyncio.create_task(_checkpoints(store)))
        yield
        for task in background:
            task.cancel()
        await hub.stop()
        await tables.close()
        tables.ai.close()
        reviews.close()
        notifier.close()
        accounts.hashing.shutdown(wait=False)

    def invite_url(table_id: str, token: str) -> str:
        # The token goes in the fragment, which browsers never send: it reaches no server log.
        return f"{settings.public_url}/play/{table_id}#{token}"

    # Accounts (optional): their seat tokens are sealed with a key derived from the record key.
    accounts = Accounts(settings, AccountStore(store.engine), share_secret)
    account_api = AccountApi(accounts, tables, invite_url)

    async def players_changed(table_id: str) -> None:
        # The names at a table follow its seats' owners at once, here and (through Redis) in
        # the other processes that hold the table.
        table = tables.live.get(table_id)
        if table is not None:
            table.players = await accounts.names_at(table_id)
            hub.wake_local(table_id)

    async def players_changed_here(table_id: str) -> None:
        await players_changed(table_id)
        hub.publish_unversioned(table_id, "seats")
    tables.seat_players = accounts.names_at
    accounts.on_seats = players_changed_here

    async def unversioned_elsewhere(table_id: str, what: str) -> None:
        await (players_changed(table_id) if what == "seats" else turns.clock_changed(table_id))
    hub.on_unversioned = unversioned_elsewhere
    # Notifications of turn-based tables (notify.py); the unsubscribe links are signed with a
    # key of their own derived from the record key.
    push_store = PushStore(store.engine)
    notifier = Notifier(settings, store.engine, hmac.new(share_secret, b"unsubscribe", hashlib.sha256).digest(),
                        Pusher(settings, push_store) if settings.vapid_key_file else None, hub.take_slot)
    tables.on_commit = notifier.table_changed
    notify_api = NotifyApi(account_api, notifier, push_store)
    social = social_api(store, tables, hub, account_api)      # chat and ratings (issue 25 §3)
    # Reviews of the human seats when a game ends (issue 26 §2), after the ratings' own hook.
    reviews = Reviews(tables, settings.review_budget)
    rated = tables.on_finished

    def finished(table: LiveTable) -> None:
        if rated is not None:
            rated(table)
        reviews.finished(table)
    tables.on_finished = finished

    page = (STATIC / "index.html").read_text(encoding="utf-8")

    async def client_page(request: Request) -> Response:
        # One page for the lobby, a table and a replay: the client routes by the path. Nothing
        # may load from elsewhere (no CDN, no outside fonts), which the policy enforces.
        return HTMLResponse(page, headers={
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                                       "style-src 'self' 'unsafe-inline'; "
                                       "frame-ancestors 'none'; base-uri 'none'",
            "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"})

    async def list_games(request: Request) -> Response:
        games = [registry.game(name) for name in registry.games()]
        return JSONResponse({"games": [dict(g.describe(), components=g.components()) for g in games]})

    async def rules_help(request: Request) -> Response:
        # The rules help of a game in ?lang= (default English; a language without a file gets
        # English, and `lang` in the answer says which).
        try:
            game = registry.game(request.path_params["name"])
        except UnknownGame as exc:
            raise ApiError(404, str(exc)) from None
        answer = game.rules_help(request.query_params.get("lang", "en"))
        if not answer:
            raise ApiError(404, f"{game.name} has no rules help")
        return JSONResponse(answer, headers={"Cache-Control": "max-age=3600"})

    async def list_tables(request: Request) -> Response:
        if "ids" in request.query_params:        # "My tables": these tables, whose turn, over
            return JSONResponse({"tables": await summaries(tables, request.query_params["ids"])})
        finished = request.query_params.get("finished") in ("1", "true")
        rows = await tables.db(store.finished_tables if finished else store.open_tables)
        if finished:            # a private game's replay is not for everyone: not listed either
            rows = [r for r in rows if not is_private(json.loads(r["seats"]))]
        answer = [
            {"id": r["id"], "game": r["game"], "players": r["players"], "options": json.loads(r["options"]),
             "rules_revision": r["revision"] or 1,
             "seats": json.loads(r["seats"]), "seat_kinds": seat_kinds(r),
             "free_seats": r["free_seats"], "created": r["created"], "updated": r["updated"],
             "join_url": f"{settings.public_url}/api/tables/{r['id']}/join"} for r in rows]
        if finished:            # the lobby shows who won
            for item in answer:
                item["result"] = await finished_result(tables, item["id"])
        return JSONResponse({"tables": answer})

    async def new_table(request: Request) -> Response:
        body = await read_json(request)
        rater = await social.rated_wanted(request, body) if isinstance(body, dict) else None
        wanted_hints = parse_hints(body)
        game, players, options, seats, turn_seconds = parse_new_table(
            body, settings.allow_agent_specs, settings.min_turn_seconds)
        turn_based, at_limit = parse_pace(body, turn_seconds, settings)
        if rater is not None:
            check_rated(seats)
        with_hints = hints_setting(wanted_hints, seats, rater is not None)
        address = request.client.host if request.client else "?"
        # (a turn-based table's limit of hours keeps no AI busy: not a "timed" table of the quota)
        timed = turn_seconds is not None and not turn_based
        quotas.check_table(address, timed)
        table, tokens = await tables.create(game, players, options, seats, turn_seconds, turn_based, at_limit,
                                            with_hints)
        quotas.add_table(address, table.id, timed)
        if rater is not None:
            await social.rated_created(rater, table, tokens)
        answer_seats = []
        for seat, spec in enumerate(seats):
            info: dict[str, Any] = {"seat": seat, "kind": spec.split(":", 1)[0]}
            if seat in tokens:
                info["token"] = tokens[seat]
                info["join_url"] = invite_url(table.id, tokens[seat])
            if spec.startswith("ai"):
                info["agent"] = table.ai_specs[seat]
            answer_seats.append(info)
        return JSONResponse({"id": table.id, "version": table.seq, "seats": answer_seats, "rated": rater is not None,
                             "hints": table.hints,
                             "url": f"{settings.public_url}/api/tables/{table.id}"}, status_code=201)

    async def new_rematch(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        address = request.client.host if request.client else "?"
        created_for: list[bool] = []

        def quota(timed: bool) -> None:
            quotas.check_table(address, timed)
            created_for.append(timed)
        signed = await account_api.signed_in(request, change=True)
        new, tokens, created = await rematch(tables, table, token_of(request), quota)
        if created:
            quotas.add_table(address, new.id, created_for[0])
        await social.rematched(table, new, created, tokens, signed[1]["id"] if signed else None)
        return JSONResponse({"id": new.id, "created": created, "version": new.seq,
                             "seats": [{"seat": seat, "token": token, "join_url": invite_url(new.id, token)}
                                       for seat, token in sorted(tokens.items())],
                             "url": f"{settings.public_url}/api/tables/{new.id}"},
                            status_code=201 if created else 200)

    async def show_rematch(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        return JSONResponse({"id": await rematch_of(tables, table.id)})

    async def _seat(request: Request, table: LiveTable, body: dict | None = None) -> int:
        """The seat a request's token plays (a hot-seat token names one with `seat`); 403 otherwise."""
        seats = await tables.seats_for(table, token_of(request))
        if not seats:
            raise ApiError(403, "a valid seat token is needed (Authorization: Bearer TOKEN)")
        wanted = seat_param(request, body)
        if wanted is None:
            if len(seats) > 1:
                raise ApiError(422, f"this token plays seats {seats}: say which with 'seat'")
            return seats[0]
        if wanted not in seats:
            raise ApiError(403, f"this token does not play seat {wanted}")
        return wanted

    async def show_table(request: Request) -> Response:
        table = await tables.current(request.path_params["table"])
        seat = await _seat(request, table) if token_of(request) else None
        since = request.query_params.get("since", "")
        ok = since.isascii() and since.isdigit() and len(since) <= 9
        return JSONResponse(table.frame(seat, int(since) if ok else None))

    async def move(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        body = await read_json(request)
        seat = await _seat(request, table, body)
        key, version = parse_move(body)
        await tables.act(table, seat, "act", key, version)
        return JSONResponse(table.frame(seat, version))

    async def hint(request: Request) -> Response:
        # The AI's best options for the seat to decide (hints.py): `{version}` (and a hot seat's
        # `seat`), with the seat's token.
        table = await tables.current(request.path_params["table"])
        body = await read_json(request)
        seat = await _seat(request, table, body)
        _, version = parse_move(body, key_needed=False)
        return JSONResponse(await hints.hint(table, seat, version))

    async def undo(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        body = await read_json(request)
        seat = await _seat(request, table, body)
        _, version = parse_move(body, key_needed=False)
        await tables.act(table, seat, "undo", None, version)
        return JSONResponse(table.frame(seat, None))

    async def join(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        body = await read_json(request, empty_ok=True)
        # Signed in: the claimed seat is the account's (checked first: a request with the cookie
        # but no CSRF token claims nothing).
        signed = await account_api.signed_in(request, change=True)
        await social.check_claim(table, signed is not None)
        seat, token = await tables.claim(table, seat_param(request, body))
        if signed is not None:
            await accounts.attach(signed[1]["id"], table.id, [seat], token)
        return JSONResponse({"id": table.id, "seat": seat, "token": token,
                             "join_url": invite_url(table.id, token), "attached": signed is not None})

    async def _check_read(table: LiveTable, request: Request) -> None:
        token = token_of(request)
        if token and not table.seats_for(token):
            await tables.seats_for(table, token)        # another process may have issued it
        check_read(table, token, share_secret)

    async def share(request: Request) -> Response:
        table = await tables.get(request.path_params["table"])
        if not await tables.seats_for(table, token_of(request)):
            raise ApiError(403, "a valid seat token is needed (Authorization: Bearer TOKEN)")
        token = share_token(share_secret, table.id)
        # The token rides in the fragment, which browsers never send: it reaches no server log.
        return JSONResponse({"id": table.id, "share": token,
                             "replay_url": f"{settings.public_url}/replay/{table.id}#{token}"})

    async def record(request: Request) -> Response:
        table = await tables.current(request.path_params["table"])
        if not table.finished:
            raise ApiError(409, "the record is available once the game is over (it shows every "
                                "hidden decision)")
        await _check_read(table, request)
        answer = record_of(table.state)
        if settings.record_key is not None:
            answer = sign_record(answer, settings.record_key)
        return JSONResponse(answer, headers={
            "Content-Disposition": f'attachment; filename="{table.state.game.name}-{table.id}.json"'})

    async def entries(request: Request) -> Response:
        table = await tables.current(request.path_params["table"])
        if not table.finished:
            raise ApiError(409, "the log is available once the game is over (it shows every hidden decision)")
        await _check_read(table, request)
        rows = await tables.db(store.all_entries, table.id)
        return JSONResponse({"id": table.id, "entries": [
            {"version": e.seq, "seat": e.seat, "kind": e.kind, "key": e.key, "by": e.by} for e in rows]})

    async def replay(request: Request) -> Response:
        table = await tables.current(request.path_params["table"])
        version = request.query_params.get("version", "")
        if not (version.isascii() and version.isdigit() and len(version) <= 9):
            raise ApiError(422, "'version' must be a version number (0 is the start)")
        if table.finished:
            await _check_read(table, request)
        return JSONResponse(await replay_frame(tables, table, int(version), seat_param(request, None)))

    async def review(request: Request) -> Response:
        # ?seat=N: {status: "queued"|"running", done, total} while it is computed, then
        # {status: "done", review} (reviews.py: who may read it and why).
        table = await tables.current(request.path_params["table"])
        seat = seat_param(request, None)
        if seat is None:
            raise ApiError(422, "'seat' is needed: the seat whose review to show")
        if table.finished:
            await _check_read(table, request)
        return JSONResponse(await reviews.status(table, seat))

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(websocket, tables, quotas, social.chat)

    async def api_error(request: Request, exc: ApiError) -> Response:
        return JSONResponse(exc.body(), status_code=exc.status)

    async def game_error(request: Request, exc: LudotekaError) -> Response:
        return JSONResponse({"error": str(exc), "status": 422}, status_code=422)

    async def http_error(request: Request, exc: HTTPException) -> Response:
        return JSONResponse({"error": exc.detail, "status": exc.status_code}, status_code=exc.status_code)

    async def gone(request: Request, exc: ClientDisconnect) -> Response:
        # The client hung up mid-request: nobody reads the answer, and it is no server fault.
        return Response(status_code=400)

    async def server_error(request: Request, exc: Exception) -> Response:
        # The log has the traceback; the answer names nothing of the machine (no path, no
        # directory, no process id).
        return JSONResponse({"error": "internal server error", "status": 500}, status_code=500)

    routes = [
        Route("/", client_page),
        Route("/play/{table}", client_page),
        Route("/replay/{table}", client_page),
        Route("/player/{name}", client_page),
        Route("/leaderboard", client_page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        *operations_routes(store, hub, tables, metrics),
        *account_api.routes(),
        *turns.routes(),
        *notify_api.routes(),
        *social.routes(),
        Route("/api/games", list_games),
        Route("/api/games/{name}/help", rules_help),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table}", show_table),
        Route("/api/tables/{table}/actions", move, methods=["POST"]),
        Route("/api/tables/{table}/undo", undo, methods=["POST"]),
        Route("/api/tables/{table}/hint", hint, methods=["POST"]),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}/share", share, methods=["POST"]),
        Route("/api/tables/{table}/rematch", new_rematch, methods=["POST"]),
        Route("/api/tables/{table}/rematch", show_rematch, methods=["GET"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/log", entries),
        Route("/api/tables/{table}/replay", replay),
        Route("/api/tables/{table}/review", review),
        WebSocketRoute("/api/tables/{table}/ws", socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={ApiError: api_error, LudotekaError: game_error,
                                        HTTPException: http_error, ClientDisconnect: gone,
                                        Exception: server_error})
    app.add_middleware(RateLimit, rate=settings.rate_per_second, burst=settings.rate_burst)
    if settings.json_access_log:         # outermost: refused floods are logged too
        app.add_middleware(JsonAccessLog)
    app.state.tables = tables
    return app
