"""The HTTP API of accounts (docs/server.md, "Accounts"): sign up, in and out, the password,
"My games" from the server and attaching seats to the account."""
from __future__ import annotations

import hmac
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .accounts import (CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Accounts, check_email, check_password,
                       csrf_for, encodable, name_key)
from .live import ApiError
from .requests import read_json, token_of
from .summaries import summary
from .tables import Tables

NO_STORE = {"Cache-Control": "no-store"}     # answers with a CSRF token or seat tokens
NO_MAIL = ("this server sends no e-mail: ask its operator to reset your password "
           "(`ludoteka users reset NAME` prints a one-time password)")


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _fields(body: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiError(422, f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(allowed))}")


def _json_only(request: Request) -> None:
    """415 unless the body is declared JSON: another site's form can post text/plain or a form
    without asking, never application/json, so no page elsewhere can sign a visitor in to an
    account of its choosing (login CSRF; it would then collect the seats the visitor creates)."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "the body must be sent as Content-Type: application/json")


def shown_account(account: dict[str, Any]) -> dict[str, Any]:
    """What the account's owner is told of it (never the hash)."""
    return {"name": account["name"], "email": account["email"], "created": account["created"],
            "must_change_password": bool(account["must_change"])}


class AccountApi:
    """The account endpoints of one server process; `signed_in` serves other endpoints too."""

    def __init__(self, accounts: Accounts, tables: Tables, invite_url: Callable[[str, str], str]):
        self.accounts, self.tables, self.invite_url = accounts, tables, invite_url

    # ------------------------------------------------------------------ sessions
    async def signed_in(self, request: Request, change: bool) -> tuple[str, dict[str, Any]] | None:
        """(session, account) of a request's live session cookie, or None. `change`: the request
        changes something, so it must carry the session's CSRF token (403 otherwise)."""
        session = request.cookies.get(SESSION_COOKIE)
        account = await self.accounts.session(session)
        if account is None or session is None:
            return None
        if change:
            sent = request.headers.get(CSRF_HEADER, "")
            if not hmac.compare_digest(sent.encode(), csrf_for(session).encode()):
                raise ApiError(403, "a request made with the session cookie must carry the session's CSRF "
                                    "token in the X-CSRF-Token header")
        return session, account

    async def _need(self, request: Request, change: bool, fresh: bool = True) -> tuple[str, dict[str, Any]]:
        found = await self.signed_in(request, change)
        if found is None:
            raise ApiError(401, "sign in first (no live session)")
        if fresh and found[1]["must_change"]:        # the operator's one-time password
            raise ApiError(403, "this account signed in with a one-time password: choose a new password "
                                "first (POST /api/me/password)")
        return found

    def _with_session(self, response: Response, session: str) -> Response:
        seconds = int(self.accounts.settings.session_seconds)
        secure = self.accounts.secure
        response.set_cookie(SESSION_COOKIE, session, max_age=seconds, path="/", secure=secure,
                            httponly=True, samesite="lax")
        # Readable by the page's scripts, which send it back in the header (the double submit).
        response.set_cookie(CSRF_COOKIE, csrf_for(session), max_age=seconds, path="/", secure=secure,
                            httponly=False, samesite="lax")
        return response

    def _signed_out(self, response: Response) -> Response:
        for name in (SESSION_COOKIE, CSRF_COOKIE):
            response.delete_cookie(name, path="/", secure=self.accounts.secure,
                                   httponly=name == SESSION_COOKIE, samesite="lax")
        return response

    async def _answer(self, request: Request, account: dict[str, Any], status: int = 200) -> Response:
        # A session this browser had before ends: a new sign-in never leaves an old one behind.
        old = request.cookies.get(SESSION_COOKIE)
        if old and len(old) <= 100:
            await self.accounts.end_session(old)
        session = await self.accounts.new_session(account["id"])
        return self._with_session(JSONResponse(
            {"account": shown_account(account), "csrf": csrf_for(session)}, status_code=status,
            headers=NO_STORE), session)

    # ------------------------------------------------------------------ endpoints
    async def me(self, request: Request) -> Response:
        found = await self.signed_in(request, change=False)
        answer = JSONResponse({"account": shown_account(found[1]) if found else None,
                               "csrf": csrf_for(found[0]) if found else None,
                               "mail": self.accounts.settings.smtp_url is not None},
                              headers=NO_STORE)
        if found is None and SESSION_COOKIE in request.cookies:     # expired or revoked: drop it
            self._signed_out(answer)
        return answer

    async def sign_up(self, request: Request) -> Response:
        _json_only(request)
        body = await read_json(request)
        _fields(body, {"name", "password", "email"})
        name, key = name_key(body.get("name"))
        password = check_password(body.get("password"))
        email = check_email(body.get("email"))
        self.accounts.limit("sign up", _address(request), key)
        account = await self.accounts.sign_up(name, key, password, email)
        return await self._answer(request, account, 201)

    async def sign_in(self, request: Request) -> Response:
        _json_only(request)
        body = await read_json(request)
        _fields(body, {"name", "password"})
        name, password = body.get("name"), body.get("password")
        # Whatever is wrong with the name or the password, the one answer: no hint of which.
        try:
            _, key = name_key(name)
        except ApiError:
            key = None
        self.accounts.limit("sign in", _address(request), key if key is not None else "?")
        if key is None or not isinstance(password, str) or len(password) > 1024 or not encodable(password):
            raise ApiError(401, "wrong name or password")
        return await self._answer(request, await self.accounts.sign_in(key, password))

    async def sign_out(self, request: Request) -> Response:
        found = await self.signed_in(request, change=True)
        if found is not None:
            await self.accounts.end_session(found[0])
        return self._signed_out(JSONResponse({"signed_out": found is not None}))

    async def sign_out_everywhere(self, request: Request) -> Response:
        _, account = await self._need(request, change=True, fresh=False)
        count = await self.accounts.end_sessions(account["id"])
        return self._signed_out(JSONResponse({"signed_out": count}))

    async def change_password(self, request: Request) -> Response:
        _, account = await self._need(request, change=True, fresh=False)
        body = await read_json(request)
        _fields(body, {"password", "new_password"})
        current = body.get("password")
        if not isinstance(current, str) or len(current) > 1024 or not encodable(current):
            raise ApiError(422, "'password' (the current one) must be a string")
        new = check_password(body.get("new_password"), "new_password")
        self.accounts.limit("change the password", _address(request), account["name_key"])
        await self.accounts.check_password_of(account, current)
        await self.accounts.set_password(account["id"], new)     # ends every session
        account = dict(account, must_change=False)
        return await self._answer(request, account)              # a new one for this device

    async def reset(self, request: Request) -> Response:
        # No e-mail is configured (the only case for now): the same answer for any name.
        return JSONResponse({"error": NO_MAIL, "status": 501, "mail": False}, status_code=501)

    async def my_tables(self, request: Request) -> Response:
        _, account = await self._need(request, change=False)
        answer = []
        for table_id, seats in (await self.accounts.owned(account["id"])).items():
            try:
                item = summary(await self.tables.get(table_id))
            except ApiError as exc:
                if exc.status != 404:
                    raise
                item = {"id": table_id, "missing": True}
            item["mine"] = [{"seat": seat, "token": token,
                             "join_url": self.invite_url(table_id, token) if token else None}
                            for seat, token in sorted(seats.items())]
            answer.append(item)
        return JSONResponse({"tables": answer}, headers=NO_STORE)

    async def attach(self, request: Request) -> Response:
        _, account = await self._need(request, change=True)
        table = await self.tables.get(request.path_params["table"])
        token = token_of(request)
        seats = await self.tables.seats_for(table, token) if token else []
        if not seats or token is None:
            raise ApiError(403, "a valid seat token of this table is needed (Authorization: Bearer TOKEN)")
        taken = await self.accounts.attach(account["id"], table.id, seats, token)
        if len(taken) == len(seats):
            raise ApiError(409, f"seat{'s' if len(taken) > 1 else ''} {', '.join(map(str, taken))} of this "
                                "table belong to another account")
        return JSONResponse({"id": table.id, "seats": [s for s in seats if s not in taken], "taken": taken})

    async def detach(self, request: Request) -> Response:
        _, account = await self._need(request, change=True)
        count = await self.accounts.detach(account["id"], request.path_params["table"])
        return JSONResponse({"id": request.path_params["table"], "detached": count})

    def routes(self) -> list[Route]:
        """The account routes, for the application's list."""
        return [
            Route("/api/me", self.me, methods=["GET"]),
            Route("/api/accounts", self.sign_up, methods=["POST"]),
            Route("/api/accounts/reset", self.reset, methods=["POST"]),
            Route("/api/session", self.sign_in, methods=["POST"]),
            Route("/api/session", self.sign_out, methods=["DELETE"]),
            Route("/api/me/sessions", self.sign_out_everywhere, methods=["DELETE"]),
            Route("/api/me/password", self.change_password, methods=["POST"]),
            Route("/api/me/tables", self.my_tables, methods=["GET"]),
            Route("/api/me/tables/{table}", self.attach, methods=["POST"]),
            Route("/api/me/tables/{table}", self.detach, methods=["DELETE"]),
        ]
