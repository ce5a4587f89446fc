"""A player's whole story in the browser (issue 25 §4): two accounts in two browser contexts sign
up and give their addresses, sit at a rated turn-based Notre Dame table, chat (a message with HTML
in it reads as text), and take turns that arrive as mails at a local SMTP server (aiosmtpd) whose
link opens the seat; the game ends with a "game over" mail, both player pages and the
leaderboard show the rated game, the end screen's rematch seats both again, and a fresh browser
context sees "My games" after signing in. Screenshots of the sign-in panel, "My games", the
player page and the leaderboard in every language go to LUDOTEKA_SHOTS."""
from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import httpx
import pytest
from aiosmtpd.controller import Controller

from browser_kit import click_option, wait_turn
from server.test_mail import Inbox
from server_kit import Server, free_port
from test_accounts import sign

SHOTS = Path(os.environ.get("LUDOTEKA_SHOTS", "/tmp/ludoteka-shots"))
LANGUAGES = ("en", "cs", "de", "pl")
TURNS_BY_MAIL = 4


@pytest.fixture
def mail_server(tmp_path):
    """A server that mails every turn at once (no batching period) to a local SMTP server."""
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


def _say(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _new_page(browser, problems: list[str], language: str = "en"):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=language)
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return page


def _sign_up_with_address(page, url: str, name: str) -> None:
    sign(page, url, name, "#sign-up")
    page.click("#notifications summary")
    page.fill("#notify-email", f"{name.lower()}@example.org")
    page.click("#notify-save-email")
    page.wait_for_selector("#notifications .status:has-text('Saved.')")


def _create_rated_turn_based_table(eva, jan) -> str:
    """Eva creates the table in the lobby (rated, a day per decision, an open seat); Jan takes
    the open seat from his lobby's list, which puts it on his account."""
    eva.check("input[name=game][value=notre-dame]")
    eva.select_option("#players", "2")
    eva.select_option("#seat-0", "you")
    eva.select_option("#seat-1", "open")
    eva.select_option("#pace", "turns")
    eva.select_option("#turn-limit", "86400")
    eva.check("#rated")
    eva.click("#create")
    eva.wait_for_url(re.compile(r"/play/"))
    eva.wait_for_selector(".table-page[data-seat='0'] #chat-input")
    table = eva.url.rsplit("/", 1)[1]
    # A day's limit reads in days and hours, not as 1439 minutes.
    assert re.fullmatch(r"Time left: (1 day|23 hours 59 minutes)", eva.inner_text("#clock")), eva.inner_text("#clock")
    jan.reload()
    jan.click(f"li:has(a[href='/play/{table}']) button")
    jan.wait_for_selector(".table-page[data-seat='1'] #chat-input")
    # Each sees who sits where: the seat list names the accounts, at once on Eva's open page.
    eva.wait_for_selector("#seat-list li[data-seat='1'] .player-name:text-is('Jan')")
    assert jan.inner_text("#seat-list li[data-seat='0'] .player-name") == "Eva"
    return table


def _chat(eva, jan) -> None:
    hostile = "<img src=x onerror=\"document.title='owned'\"><b>Hello</b> Jan"
    _say(eva, hostile)
    line = jan.wait_for_selector("#chat li[data-seat='0'] .chat-text")
    assert line.inner_text() == hostile                       # shown as the text it is
    assert jan.locator("#chat img, #chat b").count() == 0 and jan.title() != "owned"
    _say(jan, "Hi Eva, good luck!")
    eva.wait_for_selector("#chat li[data-seat='1'] .chat-text:has-text('Hi Eva, good luck!')")
    assert eva.input_value("#chat-input") == ""
    # The chat stays through the table's redraws: a reload gets it back with the hello.
    jan.reload()
    jan.wait_for_selector("#chat li[data-seat='0'] .chat-text")
    assert jan.locator("#chat li").count() == 2
    jan.screenshot(path=str(SHOTS / "chat-en.png"), full_page=True)


def _turns_by_mail(url: str, table: str, inbox: Inbox, players: dict) -> None:
    """Whoever must decide makes decisions by clicks until the other must; then leaves, and the
    other is told by mail, whose link opens the seat."""
    for page, _ in players.values():
        page.goto("about:blank")
    seat = _acting(url, table)[0]
    page = players[seat][0]
    page.goto(f"{url}/play/{table}")
    read = {s: len(inbox.to(address)) for s, (_, address) in players.items()}
    step = by_mail = 0
    while by_mail < TURNS_BY_MAIL:
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
    page.goto("about:blank")


def _play_out(url: str, table: str, tokens: dict[int, str]) -> None:
    """The rest of the game: random legal moves over HTTP (a whole game by clicks would take
    minutes and shows nothing the turns above do not)."""
    rng = random.Random(2)
    with httpx.Client(base_url=url, timeout=30) as http:
        for _ in range(5000):
            for seat, token in tokens.items():
                auth = {"Authorization": f"Bearer {token}"}
                frame = http.get(f"/api/tables/{table}?seat={seat}", headers=auth).json()
                if frame["finished"]:
                    return
                if frame["actions"]:
                    http.post(f"/api/tables/{table}/actions", headers=auth,
                              json={"key": rng.choice(frame["actions"])["key"], "version": frame["version"]})
    raise AssertionError("the game did not end")


def _check_ratings(browser, problems: list[str], url: str, eva) -> None:
    """Eva's player page lists the rated game and her rating; the leaderboard both players,
    looked at in every language."""
    eva.goto(url + "/")
    eva.click("#player-link")
    eva.wait_for_url(re.compile(r"/player/Eva"))
    deadline = time.time() + 20
    while eva.locator(".player-page table.rated-games tbody tr").count() == 0 and time.time() < deadline:
        eva.reload()                          # the ratings follow the last move in a task of their own
        eva.wait_for_selector(".player-page h1")
    assert eva.locator(".player-page table.rated-games tbody tr").count() == 1
    assert eva.locator(".player-page table.rating-list tbody tr").count() == 1
    for language in LANGUAGES:
        page = _new_page(browser, problems, language)
        page.goto(url + "/player/Eva")
        page.wait_for_selector(".player-page table.rated-games")
        page.screenshot(path=str(SHOTS / f"player-{language}.png"), full_page=True)
        page.goto(url + "/")
        page.click("#leaderboard-link")
        page.select_option("#lb-game", "notre-dame")
        page.wait_for_selector(".leaderboard-page table.leader-rows tbody tr >> nth=1")
        names = page.locator(".leaderboard-page table.leader-rows tbody tr td:nth-child(2)").all_inner_texts()
        assert sorted(names) == ["Eva", "Jan"]
        page.screenshot(path=str(SHOTS / f"leaderboard-{language}.png"), full_page=True)
        page.context.close()


def _rematch(url: str, table: str, eva, jan) -> str:
    """Eva asks for a rematch on the end screen; Jan's end screen then offers to join it; both
    sit at the new table in their old seats."""
    eva.goto(f"{url}/play/{table}")
    eva.wait_for_selector("#scores")
    eva.click("#rematch")
    eva.wait_for_url(lambda address: f"/play/{table}" not in address)
    eva.wait_for_selector(".table-page[data-seat='0']")
    new = eva.url.rsplit("/", 1)[1]
    jan.goto(f"{url}/play/{table}")
    jan.wait_for_selector("#rematch")
    jan.wait_for_function("() => document.querySelector('#rematch').textContent !== ''")
    jan.click("#rematch")
    jan.wait_for_url(re.compile(f"/play/{new}"))
    jan.wait_for_selector(".table-page[data-seat='1']")
    return new


def test_two_accounts_play_a_rated_turn_based_game_by_mail_chat_and_rematch(browser, mail_server):
    server, inbox = mail_server
    url = server.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    eva, jan = _new_page(browser, problems), _new_page(browser, problems)
    for page, name in ((eva, "Eva"), (jan, "Jan")):
        _sign_up_with_address(page, url, name)
    table = _create_rated_turn_based_table(eva, jan)
    frame = httpx.get(f"{url}/api/tables/{table}", timeout=30).json()
    assert frame["clock"]["turn_based"] is True and frame["clock"]["turn_seconds"] == 86400
    _chat(eva, jan)

    players = {0: (eva, "eva@example.org"), 1: (jan, "jan@example.org")}
    _turns_by_mail(url, table, inbox, players)
    tokens = {}
    for seat, page in enumerate((eva, jan)):
        mine = page.context.request.get(url + "/api/me/tables").json()["tables"]
        tokens[seat] = next(m["token"] for t in mine if t["id"] == table for m in t["mine"])
    _play_out(url, table, tokens)
    for address in ("eva@example.org", "jan@example.org"):
        deadline = time.time() + 15
        while not any(m["Subject"].startswith("Game over") for m in inbox.to(address)) and time.time() < deadline:
            time.sleep(0.05)
        assert [m["Subject"] for m in inbox.to(address)][-1] == f"Game over: Notre Dame (table {table})"

    _check_ratings(browser, problems, url, eva)
    rematch = _rematch(url, table, eva, jan)

    # A fresh browser (another device): sign in, and "My games" holds both tables, the
    # rematch first, with whose turn it is.
    for language in LANGUAGES:
        page = _new_page(browser, problems, language)
        page.goto(url + "/")
        page.wait_for_selector("#account-name")
        page.screenshot(path=str(SHOTS / f"sign-in-{language}.png"))
        sign(page, url, "Jan", "#sign-in")
        listed = page.locator("#my-games-list li").evaluate_all("items => items.map(i => i.dataset.table)")
        assert listed[:2] == [rematch, table]
        assert page.locator(f"#my-games-list li[data-table='{table}'].over").count() == 1
        assert "Eva" in page.inner_text(f"#my-games-list li[data-table='{rematch}'] .seat-kinds")
        page.locator("#my-games").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"my-games-{language}.png"))
        page.context.close()
    assert not problems, problems
