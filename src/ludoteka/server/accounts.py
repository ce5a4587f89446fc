"""Accounts (optional, never needed to play; issue 25 §1): names and argon2 password hashes,
server-side sessions carried by an HttpOnly cookie, CSRF tokens, limits on attempts, and the
seats an account owns.

A session cookie never authorises anything by itself on a state-changing request: the request
must also carry the session's CSRF token in the `X-CSRF-Token` header (a double submit: the
token is also in a cookie scripts of the page can read, which another site's page cannot).
Requests that a seat token authorises (today's clients) are unchanged: the cookie is ignored.

An account that owns a seat can open it on any device, so the server must give its token back:
the token is kept sealed (XOR with an HMAC keystream of the server's record key, unique per
table, seat and account), never in clear, and checked against the seat's token hash when it is
unsealed (a wrong key or a seat given a new token yields nothing)."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .account_store import AccountStore
from .config import Settings
from .limits import Buckets
from .live import ApiError, token_hash

SESSION_COOKIE = "ludoteka_session"
CSRF_COOKIE = "ludoteka_csrf"
CSRF_HEADER = "x-csrf-token"
NAME_CHARS = "_-."                   # besides letters and digits of any script
MIN_NAME, MAX_NAME = 2, 32
MIN_PASSWORD, MAX_PASSWORD = 8, 256
MAX_EMAIL = 254
MY_TABLES = 50                       # tables "My games" shows (the most recently active)
WRONG = "wrong name or password"     # the same for an unknown name: no answer tells which


def name_key(name: Any) -> tuple[str, str]:
    """A name as shown and its key (NFKC, case-folded: "Anna" and "anna" are one account);
    422 naming what is wrong with it."""
    if not isinstance(name, str):
        raise ApiError(422, "'name' must be a string")
    shown = unicodedata.normalize("NFKC", name).strip()
    if not MIN_NAME <= len(shown) <= MAX_NAME:
        raise ApiError(422, f"'name' must have {MIN_NAME} to {MAX_NAME} characters")
    if not all(ch.isalnum() or ch in NAME_CHARS for ch in shown):
        raise ApiError(422, f"'name' may hold letters, digits and {' '.join(NAME_CHARS)} only")
    return shown, shown.casefold()


def check_password(password: Any, what: str = "password") -> str:
    """The password if it is acceptable (8 to 256 characters); 422 otherwise."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD \
            or not encodable(password):
        raise ApiError(422, f"'{what}' must be a string of {MIN_PASSWORD} to {MAX_PASSWORD} characters "
                            "(Unicode text: no lone surrogate)")
    return password


def encodable(text: str) -> bool:
    """Whether `text` is valid Unicode (JSON's \\ud800 escapes are not: argon2 hashes UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_email(email: Any) -> str | None:
    """An optional e-mail address, roughly checked (it is stored only, nothing is sent)."""
    if email in (None, ""):
        return None
    if not isinstance(email, str) or len(email) > MAX_EMAIL or email.count("@") != 1 or " " in email \
            or not encodable(email):
        raise ApiError(422, f"'email' must be an e-mail address of at most {MAX_EMAIL} characters, or absent")
    return email


def csrf_for(session: str) -> str:
    """The CSRF token of a session: derived, so nothing more is stored, and useless without
    the session (which no script can read)."""
    return hashlib.sha256(b"csrf:" + session.encode()).hexdigest()


def _keystream(key: bytes, table_id: str, seat: int, account_id: str, size: int) -> bytes:
    stream = hmac.new(key, f"seat-token|{table_id}|{seat}|{account_id}".encode(), hashlib.sha256).digest()
    if size > len(stream):
        raise ValueError("a seat token longer than 32 characters cannot be sealed")
    return stream[:size]


def seal(key: bytes, table_id: str, seat: int, account_id: str, token: str) -> str:
    """A seat token as the database keeps it for its account (hex)."""
    data = token.encode("ascii")
    stream = _keystream(key, table_id, seat, account_id, len(data))
    return bytes(a ^ b for a, b in zip(data, stream)).hex()


def unseal(key: bytes, table_id: str, seat: int, account_id: str, box: str,
           expected_hash: str | None) -> str | None:
    """The seat token of `box`, if it still plays the seat (its hash is the seat's); else None."""
    try:
        data = bytes.fromhex(box)
        stream = _keystream(key, table_id, seat, account_id, len(data))
        token = bytes(a ^ b for a, b in zip(data, stream)).decode("ascii")
    except ValueError:
        return None
    if expected_hash is None or not hmac.compare_digest(token_hash(token), expected_hash):
        return None
    return token


# Checked against when a name is unknown, so that answering takes as long as for a known name
# with a wrong password: the hash of a random password thrown away, made with the hasher's
# parameters (a test checks they are still the hasher's), not made anew at every start.
DUMMY_HASH = "$argon2id$v=19$m=65536,t=3,p=4$lTJTaxBwwn+u2im0uAB39w$vXjOpoYh0afR47E2S52mPE8BxGhp7AXIjaY/FoiSC98"


class Accounts:
    """Accounts of one server process: hashing (in threads: argon2 takes tens of milliseconds
    of CPU), sessions, limits (counted per process, like the quotas) and sealed seat tokens."""

    def __init__(self, settings: Settings, store: AccountStore, key: bytes):
        self.settings = settings
        self.store = store
        self.key = hmac.new(key, b"account seats", hashlib.sha256).digest()
        self.hasher = PasswordHasher()
        # Two threads at most hash (argon2id takes 64 MiB and tens of ms of CPU each): a burst of
        # sign-ins queues there instead of taking the memory and the cores of the whole server.
        self.hashing = ThreadPoolExecutor(2, thread_name_prefix="argon2")
        attempts = settings.account_attempts
        self.by_address = Buckets(attempts / 60.0, attempts)
        self.by_name = Buckets(attempts / 120.0, max(1, attempts // 2))
        # Called with a table's id after its seats changed owner (the server shows the owners'
        # names at the table).
        self.on_seats: Callable[[str], Awaitable[None]] | None = None

    @property
    def secure(self) -> bool:
        """Whether cookies get the Secure attribute (sent over https only)."""
        if self.settings.secure_cookies is not None:
            return self.settings.secure_cookies
        return self.settings.public_url.startswith("https://")

    async def _thread(self, fn, *args: Any) -> Any:
        """A database call, in a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    async def _hash(self, fn, *args: Any) -> Any:
        """An argon2 computation, in one of the hashing threads."""
        return await asyncio.get_running_loop().run_in_executor(self.hashing, fn, *args)

    def limit(self, kind: str, address: str, key: str | None) -> None:
        """429 when `address` (or name `key`) tried to `kind` ("sign in", "sign up") too often."""
        if not self.by_address.take(f"{kind}|{address}"):
            raise ApiError(429, f"too many attempts to {kind} from this address: wait a minute")
        if key is not None and not self.by_name.take(f"{kind}|{key}"):
            raise ApiError(429, f"too many attempts to {kind} with this name: wait a minute")

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def sign_up(self, name: str, key: str, password: str, email: str | None) -> dict[str, Any]:
        """A new account (409 when the name is taken: the one answer that says a name exists)."""
        hashed = await self._hash(self.hasher.hash, password)
        now = time.time()
        row = {"id": secrets.token_hex(16), "name": name, "name_key": key, "password_hash": hashed,
               "email": email, "must_change": False, "created": now, "password_changed": now}
        if not await self._thread(self.store.add_account, row):
            raise ApiError(409, f"the name {name!r} is taken: choose another")
        return row

    async def sign_in(self, key: str, password: str) -> dict[str, Any]:
        """The account of a name and password; 401 (the same answer) for an unknown name or a
        wrong password, after the same work."""
        account = await self._thread(self.store.account_by_name, key)
        hashed = account["password_hash"] if account else DUMMY_HASH
        ok = await self._hash(self._verify, hashed, password)
        if not ok or account is None:
            raise ApiError(401, WRONG)
        return account

    async def check_password_of(self, account: dict[str, Any], password: str) -> None:
        """403 unless `password` is the account's."""
        if not await self._hash(self._verify, account["password_hash"], password):
            raise ApiError(403, "the current password is wrong")

    async def set_password(self, account_id: str, password: str, must_change: bool = False) -> None:
        """A new password; every session of the account ends."""
        hashed = await self._hash(self.hasher.hash, password)
        await self._thread(self.store.set_password, account_id, hashed, must_change)

    async def new_session(self, account_id: str) -> str:
        """A new session of the account: the cookie's value (the database keeps its hash)."""
        session = secrets.token_urlsafe(32)
        await self._thread(self.store.add_session, token_hash(session), account_id,
                           self.settings.session_seconds)
        return session

    async def session(self, session: str | None) -> dict[str, Any] | None:
        """The account of a live session cookie, or None."""
        if not session or len(session) > 100:
            return None
        return await self._thread(self.store.session_account, token_hash(session))

    async def end_session(self, session: str) -> None:
        """Sign one session out."""
        await self._thread(self.store.end_session, token_hash(session))

    async def end_sessions(self, account_id: str) -> int:
        """Sign every session of the account out."""
        return await self._thread(self.store.end_sessions, account_id)

    async def attach(self, account_id: str, table_id: str, seats: list[int], token: str) -> list[int]:
        """Give the account the seats `token` plays at a table; returns those another owns."""
        boxes = {seat: seal(self.key, table_id, seat, account_id, token) for seat in seats}
        taken = await self._thread(self.store.attach, account_id, table_id, boxes)
        if self.on_seats is not None:
            await self.on_seats(table_id)
        return taken

    async def detach(self, account_id: str, table_id: str) -> int:
        """The account lets go of its seats at a table."""
        count = await self._thread(self.store.detach, account_id, table_id)
        if self.on_seats is not None:
            await self.on_seats(table_id)
        return count

    async def names_at(self, table_id: str) -> dict[int, str]:
        """{seat: account name} of a table's seats that accounts own."""
        return await self._thread(self.store.names_at, table_id)

    async def owned(self, account_id: str) -> dict[str, dict[int, str | None]]:
        """{table id: {seat: token (None: it no longer plays the seat)}} of the account's most
        recently active tables, newest first."""
        out: dict[str, dict[int, str | None]] = {}
        for row in await self._thread(self.store.seats_of, account_id, MY_TABLES):
            out.setdefault(row["table_id"], {})[row["seat"]] = unseal(
                self.key, row["table_id"], row["seat"], account_id, row["token_box"], row["token_hash"])
        return out


def reset_password(store: AccountStore, name: str) -> str | None:
    """The operator's reset (`ludoteka users reset NAME`): a new random password that must be
    changed at the next sign-in; every session of the account ends. None: no such account."""
    _, key = name_key(name)
    account = store.account_by_name(key)
    if account is None:
        return None
    password = secrets.token_urlsafe(12)
    store.set_password(account["id"], PasswordHasher().hash(password), must_change=True)
    return password
