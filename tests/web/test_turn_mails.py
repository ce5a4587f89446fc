"""Turn-based play by mail in the browser (issue 25 §2): two accounts in two browser contexts
give their addresses in the account panel, one creates a turn-based Notre Dame table in the
lobby and invites the other, and each turn after the first arrives as a mail at a local SMTP
server (aiosmtpd) whose link opens the player's seat."""
from __future__ import annotations

import re

import httpx
import pytest
from aiosmtpd.controller import Controller

from browser_kit import click_option, wait_turn
from server.test_mail import Inbox
from server_kit import Server, free_port
from test_accounts import sign


@pytest.fixture
def mail_server(tmp_path):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    server = Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", tmp_path / "server.log",
                    "--smtp-url", f"smtp://127.0.0.1:{controller.port}", "--mail-from", "ludoteka@example.org",
                    "--mail-period", "0").start()
    yield server, inbox
    server.stop()
    controller.stop()


def _acting(url: str, table: str) -> list[int]:
    return httpx.get(f"{url}/api/tables/{table}", timeout=30).json()["acting"]


def test_two_accounts_play_a_turn_based_game_whose_turns_come_by_mail(browser, mail_server):
    server, inbox = mail_server
    url = server.url
    problems: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}, locale="en") for _ in range(2)]
    pages = []
    for context, name in zip(contexts, ("Eva", "Jan")):
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        sign(page, url, name, "#sign-up")
        page.click("#notifications summary")
        page.fill("#notify-email", f"{name.lower()}@example.org")
        page.click("#notify-save-email")
        page.wait_for_selector("#notifications .status:has-text('Saved.')")
        pages.append(page)
    eva, jan = pages
    # Eva creates the table in the lobby: turn-based, a day per decision, a friend's seat.
    eva.check("input[name=game][value=notre-dame]")
    eva.select_option("#players", "2")
    eva.select_option("#seat-1", "friend")
    eva.select_option("#pace", "turns")
    eva.select_option("#turn-limit", "86400")
    eva.click("#create")
    eva.wait_for_url(re.compile(r"/play/"))
    eva.wait_for_selector(".table-page[data-seat='0']")
    table = eva.url.rsplit("/", 1)[1]
    clock = httpx.get(f"{url}/api/tables/{table}", timeout=30).json()["clock"]
    assert clock["turn_based"] is True and clock["turn_seconds"] == 86400
    invite = eva.evaluate(f"JSON.parse(localStorage.getItem('ludoteka.tables'))[{table!r}].invites[1]")
    # Jan opens the invitation signed in and adds the seat to his account, then leaves the table.
    jan.goto(invite)
    jan.wait_for_selector(".table-page[data-seat='1']")
    jan.goto(url + "/")
    jan.click(f"#browser-only-list li[data-table='{table}'] button.attach")
    jan.wait_for_selector(f"#my-games-list li[data-table='{table}']")
    jan.goto("about:blank")

    players = {0: (eva, "eva@example.org"), 1: (jan, "jan@example.org")}
    read = {0: 0, 1: 0}
    page, seat, step, by_mail = eva, 0, 0, 0
    while by_mail < 4:
        assert step < 40, "the turns did not go back and forth"
        assert wait_turn(page) == "act"
        click_option(page, step)
        step += 1
        if seat in _acting(url, table):
            continue                          # still this player's decision: the page is open
        page.goto("about:blank")              # the player leaves; the other is told by mail
        seat = _acting(url, table)[0]
        page, address = players[seat]
        mails = inbox.wait(address, read[seat] + 1)
        assert len(mails) > read[seat], f"no mail came to {address}"
        mail = mails[-1]
        read[seat] = len(mails)
        assert mail["Subject"] == f"Your turn: Notre Dame (table {table})"
        link = re.search(r"Open your seat: (\S+)", mail.get_content()).group(1)
        assert link == f"{url}/seat/{table}"
        page.goto(link)                       # the mail's link opens the seat
        page.wait_for_selector(f".table-page[data-seat='{seat}']")
        by_mail += 1
    assert not problems, problems
    for context in contexts:
        context.close()
