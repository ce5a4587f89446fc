"""E-mail: the notification mails, their signed one-click unsubscribe links, and sending them
through the SMTP server the operator configured (`serve --smtp-url`; docs/server.md,
"Notifications").

A mail says only what every seat may know: the game, the table, whose turn it is or that the
game is over with its public scores; never anything of a seat's view (`compose` is given no
view to copy from). Sending is blocking (smtplib): the notifier runs it in a thread of its own.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import urlencode, urlsplit

from .config import Settings


def unsubscribe_token(key: bytes, account_id: str) -> str:
    """The signed token of an account's unsubscribe link (no sign-in needed to use it)."""
    digest = hmac.new(key, f"unsubscribe|{account_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def check_unsubscribe(key: bytes, account_id: Any, token: Any) -> bool:
    """Whether `token` is the unsubscribe token of `account_id`."""
    if not isinstance(account_id, str) or not isinstance(token, str) or not 0 < len(account_id) <= 32:
        return False
    return hmac.compare_digest(unsubscribe_token(key, account_id).encode(), token.encode("utf-8", "replace"))


def unsubscribe_url(public_url: str, key: bytes, account_id: str) -> str:
    """The one-click unsubscribe link of an account's mails."""
    return f"{public_url}/unsubscribe?" + urlencode({"a": account_id, "t": unsubscribe_token(key, account_id)})


def texts(settings: Settings, kind: str, notice: dict[str, Any]) -> tuple[str, list[str], str]:
    """(subject, lines, link to the seat: `/seat/ID`, see notify_routes) of one notice, for a
    mail or a push message: `kind`
    "turn" (it is the seat's turn) or "over" (the game ended); `notice` holds the public facts
    only (game title, table, seat names, deadline, scores)."""
    title, table_id, seat = notice["title"], notice["table"], notice["seat"]
    link = f"{settings.public_url}/seat/{table_id}"
    you = notice["names"][seat]
    if kind == "turn":
        subject = f"Your turn: {title} (table {table_id})"
        lines = [f"It is your turn at {title} ({you}, table {table_id}).", "", f"Open your seat: {link}"]
        if notice.get("deadline"):
            when = formatdate(notice["deadline"], usegmt=True)
            lines.append(f"Decide before {when}." if notice.get("at_limit") != "forfeit"
                         else f"Decide before {when}, or the table ends.")
    else:
        subject = f"Game over: {title} (table {table_id})"
        if notice.get("scores") is None:
            lines = [f"The game of {title} at table {table_id} was closed without a result."]
        else:
            scores = ", ".join(f"{name}: {points}" for name, points in zip(notice["names"], notice["scores"]))
            winners = ", ".join(notice["names"][s] for s in notice["winners"])
            lines = [f"The game of {title} at table {table_id} is over.", f"Scores: {scores}.",
                     f"Won by: {winners}."]
        lines += ["", f"See the table: {link}"]
    return subject, lines, link


def compose(settings: Settings, to: str, kind: str, notice: dict[str, Any], unsubscribe: str) -> EmailMessage:
    """The mail of one notice (see `texts`), with its one-click unsubscribe link."""
    subject, lines, _ = texts(settings, kind, notice)
    lines = lines + ["", "-- ", "You get this mail because your ludoteka account has e-mail notifications on.",
              f"Stop them with one click: {unsubscribe}"]
    message = EmailMessage()
    message["From"] = settings.mail_from or "ludoteka@localhost"
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain=urlsplit(settings.public_url).hostname or "localhost")
    # RFC 8058: a mail client's own unsubscribe button POSTs to the link, no page, no sign-in.
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("\n".join(lines) + "\n")
    return message


class Mailer:
    """Sends mails through the configured SMTP server, one connection a mail (notices are few)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        url = urlsplit(settings.smtp_url or "")
        self.tls = url.scheme == "smtps"
        self.host = url.hostname or "localhost"
        self.port = url.port or (465 if self.tls else 25)

    def send(self, message: EmailMessage) -> None:
        """Deliver one mail (blocking; gives up after `smtp_timeout` seconds of silence)."""
        settings = self.settings
        timeout = settings.smtp_timeout
        if self.tls:
            client: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=timeout,
                                                    context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=timeout)
        with client:
            if settings.smtp_starttls and not self.tls:
                client.starttls(context=ssl.create_default_context())
            if settings.smtp_user:
                client.login(settings.smtp_user, settings.smtp_password or "")
            client.send_message(message)
