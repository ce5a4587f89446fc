"""A client of the account endpoints for the server tests: one httpx client (its own cookie jar,
as one browser) that sends the session's CSRF token as the lobby does."""
from __future__ import annotations

from typing import Any

import httpx

PASSWORD = "correct horse battery"


class Browser:
    """One browser: cookies kept between requests, the CSRF token from the last sign-in."""

    def __init__(self, url: str):
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=60)     # argon2 on a busy machine
        self.csrf: str | None = None

    def close(self) -> None:
        self.http.close()

    def request(self, method: str, path: str, csrf: bool = True, token: str | None = None,
                **kwargs: Any) -> httpx.Response:
        """A request with the cookies; with the CSRF header unless `csrf` is False."""
        headers = dict(kwargs.pop("headers", {}))
        if csrf and self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self.http.request(method, path, headers=headers, **kwargs)

    def _signed(self, answer: httpx.Response) -> httpx.Response:
        if answer.status_code in (200, 201) and "csrf" in answer.json():
            self.csrf = answer.json()["csrf"]
        return answer

    def sign_up(self, name: str, password: str = PASSWORD, **extra: Any) -> httpx.Response:
        return self._signed(self.http.post("/api/accounts", json={"name": name, "password": password, **extra}))

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self._signed(self.http.post("/api/session", json={"name": name, "password": password}))

    def change_password(self, old: str, new: str) -> httpx.Response:
        return self._signed(self.request("POST", "/api/me/password", json={"password": old, "new_password": new}))

    def me(self) -> dict[str, Any]:
        answer = self.http.get("/api/me")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def my_tables(self) -> httpx.Response:
        return self.http.get("/api/me/tables")

    def attach(self, table_id: str, token: str, csrf: bool = True) -> httpx.Response:
        return self.request("POST", f"/api/me/tables/{table_id}", csrf=csrf, token=token)


def first_move(url: str, table: dict[str, Any]) -> httpx.Response:
    """The seat to act at a table made by `server_kit.create` makes its first legal move
    (anonymously: with its seat token alone)."""
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    acting = httpx.get(f"{url}/api/tables/{table['id']}", timeout=30).json()["acting"]
    headers = {"Authorization": f"Bearer {tokens[acting[0]]}"}
    frame = httpx.get(f"{url}/api/tables/{table['id']}", headers=headers, timeout=30).json()
    return httpx.post(f"{url}/api/tables/{table['id']}/actions", headers=headers, timeout=30,
                      json={"key": frame["actions"][0]["key"], "version": frame["version"]})
