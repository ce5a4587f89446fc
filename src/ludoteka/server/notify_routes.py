"""The HTTP side of notifications (docs/server.md, "Notifications"): an account's channels and
e-mail address, the Web Push subscriptions, the seat link and the one-click unsubscribe link of
every mail (no sign-in needed)."""
from __future__ import annotations

import asyncio
import html
import json
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .account_routes import NO_STORE, AccountApi
from .accounts import check_email, unseal
from .live import ApiError
from .mail import check_unsubscribe
from .notify import CHANNELS, Notifier, channels_of, seat_boxes, set_channels
from .push import PushStore, check_subscription
from .requests import read_json

# The unsubscribe page: no script, nothing from elsewhere, its form posts back here only.
PAGE_POLICY = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                                          "frame-ancestors 'none'; base-uri 'none'",
               "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def _page(title: str, text: str, form: bool = False, status: int = 200) -> HTMLResponse:
    button = ('<form method="post"><button type="submit">Unsubscribe</button></form>' if form else "")
    return HTMLResponse(f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{html.escape(title)}</title>'
                        f'<meta name="viewport" content="width=device-width">'
                        f'<body style="font-family:sans-serif;max-width:36em;margin:3em auto">'
                        f'<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>{button}</body></html>',
                        status_code=status, headers=PAGE_POLICY)


class NotifyApi:
    """The endpoints (Web Push ones answer 404 where the operator configured no VAPID key)."""

    def __init__(self, accounts: AccountApi, notifier: Notifier, push_store: PushStore):
        self.accounts, self.notifier, self.push_store = accounts, notifier, push_store
        self.push = notifier.pusher is not None
        self.engine = notifier.engine

    def _shown(self, account: dict[str, Any]) -> dict[str, Any]:
        return {"email": account["email"], "channels": channels_of(account),
                "mail": self.notifier.mail, "push": self.push, "period": self.notifier.settings.mail_period}

    async def show(self, request: Request) -> Response:
        """GET /api/me/notifications: the channels, the address, what the server can send."""
        _, account = await self.accounts._need(request, change=False)
        return JSONResponse(self._shown(account), headers=NO_STORE)

    async def change(self, request: Request) -> Response:
        """POST /api/me/notifications {"email"?, "channels"?}: change either; the rest stays."""
        _, account = await self.accounts._need(request, change=True)
        body = await read_json(request)
        unknown = sorted(set(body) - {"email", "channels"})
        if unknown:
            raise ApiError(422, f"unknown field {unknown[0]!r}; fields: channels, email")
        channels = None
        if "channels" in body:
            wanted = body["channels"]
            if not isinstance(wanted, dict) or not set(wanted) <= set(CHANNELS) \
                    or not all(isinstance(v, bool) for v in wanted.values()):
                raise ApiError(422, f"'channels' must be an object of {', '.join(CHANNELS)}: true or false")
            channels = {**channels_of(account), **wanted}
        email = check_email(body["email"]) if "email" in body else False
        await asyncio.get_running_loop().run_in_executor(None, set_channels, self.engine, account["id"],
                                                         channels, email)
        account = dict(account)
        if channels is not None:
            account["channels"] = json.dumps(channels)
        if email is not False:
            account["email"] = email
        return JSONResponse(self._shown(account), headers=NO_STORE)

    def _checked(self, request: Request) -> str | None:
        account_id, token = request.query_params.get("a"), request.query_params.get("t")
        return account_id if check_unsubscribe(self.notifier.key, account_id, token) else None

    async def unsubscribe_page(self, request: Request) -> Response:
        """GET /unsubscribe?a=…&t=…: a page with the one button (a link scanner that follows
        links in mails changes nothing)."""
        if self._checked(request) is None:
            return _page("Not a valid link", "This unsubscribe link is not valid (cut short?).", status=400)
        return _page("Stop e-mail notifications", "No more ludoteka notification mails will be sent to "
                     "this account. You can turn them on again in your account panel.", form=True)

    async def unsubscribe(self, request: Request) -> Response:
        """POST /unsubscribe?a=…&t=…: turn the account's e-mail channel off (RFC 8058 one-click:
        a mail client posts here by itself)."""
        account_id = self._checked(request)
        if account_id is None:
            return _page("Not a valid link", "This unsubscribe link is not valid (cut short?).", status=400)
        loop = asyncio.get_running_loop()
        account = await loop.run_in_executor(None, self.accounts.accounts.store.account_by_id, account_id)
        if account is not None:
            channels = dict(channels_of(account), email=False)
            await loop.run_in_executor(None, set_channels, self.engine, account_id, channels)
        return _page("Unsubscribed", "You will get no more ludoteka notification mails. You can turn them "
                     "on again in your account panel.")

    async def open_seat(self, request: Request) -> Response:
        """GET /seat/{table}: the link of every notification. Signed in with an account that
        owns a seat there: on to the table page with the seat's token in the fragment (as an
        invite link), so the seat opens on any device; otherwise the table page as it is (the
        browser may keep the seat; else it watches). Changes nothing."""
        table_id = request.path_params["table"]
        target = f"/play/{quote(table_id, safe='')}"
        found = await self.accounts.signed_in(request, change=False)
        if found is not None and len(table_id) <= 32:
            accounts = self.accounts.accounts
            for row in await asyncio.get_running_loop().run_in_executor(None, seat_boxes, self.engine,
                                                                         found[1]["id"], table_id):
                token = unseal(accounts.key, table_id, row["seat"], found[1]["id"], row["token_box"],
                               row["token_hash"])
                if token:
                    target += f"#{token}"
                    break
        # (no-store, no referrer: the token must stay in no cache and reach no other site)
        return RedirectResponse(target, status_code=303, headers={"Cache-Control": "no-store",
                                                                  "Referrer-Policy": "no-referrer"})

    # ------------------------------------------------------------------ Web Push
    async def push_key(self, request: Request) -> Response:
        """GET /api/push/key: the VAPID public key browsers subscribe with (null: no push)."""
        pusher = self.notifier.pusher
        return JSONResponse({"key": pusher.public_key if pusher else None})

    async def subscribe(self, request: Request) -> Response:
        """POST /api/me/push with a browser's PushSubscription: push to it from now on."""
        _, account = await self.accounts._need(request, change=True)
        if not self.push:
            raise ApiError(404, "this server sends no push notifications (no VAPID key configured)")
        endpoint, p256dh, auth = check_subscription(await read_json(request), self.notifier.settings.push_http)
        await asyncio.get_running_loop().run_in_executor(None, self.push_store.add, account["id"], endpoint,
                                                         p256dh, auth)
        return JSONResponse({"subscribed": True}, status_code=201)

    async def unsubscribe_push(self, request: Request) -> Response:
        """DELETE /api/me/push {"endpoint"}: this browser gets no more push messages."""
        _, account = await self.accounts._need(request, change=True)
        endpoint = (await read_json(request)).get("endpoint")
        if not isinstance(endpoint, str) or len(endpoint) > 2000:
            raise ApiError(422, "'endpoint' must be the subscription's endpoint URL")
        removed = await asyncio.get_running_loop().run_in_executor(None, self.push_store.remove, account["id"],
                                                                   endpoint)
        return JSONResponse({"removed": removed})

    def routes(self) -> list[Route]:
        """The notification routes, for the application's list."""
        return [Route("/api/me/notifications", self.show, methods=["GET"]),
                Route("/api/me/notifications", self.change, methods=["POST"]),
                Route("/seat/{table}", self.open_seat, methods=["GET"]),
                Route("/unsubscribe", self.unsubscribe_page, methods=["GET"]),
                Route("/unsubscribe", self.unsubscribe, methods=["POST"]),
                Route("/api/push/key", self.push_key, methods=["GET"]),
                Route("/api/me/push", self.subscribe, methods=["POST"]),
                Route("/api/me/push", self.unsubscribe_push, methods=["DELETE"])]
