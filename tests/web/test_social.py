"""Chat, ratings, player page and leaderboard in the browser (issue 25 §3): two accounts in two
browser contexts sit at a rated table and chat (a message with HTML in it reads as text); the
finished game shows on both player pages and the leaderboard, reachable from the lobby."""
from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import httpx

SHOTS = Path(os.environ.get("LUDOTEKA_SHOTS", "/tmp/ludoteka-shots"))


def _sign_up(page, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click("#sign-up")
    page.wait_for_selector("#signed-in")


def _say(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _play_out(url: str, table: str, tokens: dict[int, str]) -> None:
    rng = random.Random(2)
    for _ in range(5000):
        for seat, token in tokens.items():
            auth = {"Authorization": f"Bearer {token}"}
            frame = httpx.get(f"{url}/api/tables/{table}?seat={seat}", headers=auth, timeout=30).json()
            if frame["finished"]:
                return
            if frame["actions"]:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=auth, timeout=30,
                           json={"key": rng.choice(frame["actions"])["key"], "version": frame["version"]})
    raise AssertionError("the game did not end")


def test_two_accounts_chat_at_a_rated_table_then_see_their_ratings(open_page, server):
    anna, ben = open_page(), open_page()
    _sign_up(anna, server.url, "anna-chat")
    anna.check("input[name=game][value=kingsburg]")
    anna.select_option("#players", "2")
    anna.select_option("#seat-0", "you")
    anna.select_option("#seat-1", "open")
    anna.check("#rated")
    anna.click("#create")
    anna.wait_for_url(re.compile(r"/play/"))
    anna.wait_for_selector(".table-page[data-seat='0'] #chat-input")
    table = anna.url.rsplit("/", 1)[1]

    _sign_up(ben, server.url, "ben-chat")
    ben.click(f"li:has(a[href='/play/{table}']) button")
    ben.wait_for_selector(".table-page[data-seat='1'] #chat-input")

    hostile = "<img src=x onerror=\"document.title='owned'\"><b>Hello</b> Ben"
    _say(anna, hostile)
    line = ben.wait_for_selector("#chat li[data-seat='0'] .chat-text")
    assert line.inner_text() == hostile                       # shown as the text it is
    assert ben.locator("#chat img, #chat b").count() == 0 and ben.title() != "owned"
    _say(ben, "Hi Anna, good luck!")
    anna.wait_for_selector("#chat li[data-seat='1'] .chat-text:has-text('Hi Anna, good luck!')")
    assert anna.input_value("#chat-input") == ""
    # The chat stays through the table's redraws: a reload gets it back with the hello.
    ben.reload()
    ben.wait_for_selector("#chat li[data-seat='0'] .chat-text")
    assert ben.locator("#chat li").count() == 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=str(SHOTS / "chat-en.png"))

    tokens = {}
    for seat, page in enumerate((anna, ben)):
        mine = page.context.request.get(server.url + "/api/me/tables").json()["tables"]
        tokens[seat] = next(m["token"] for t in mine if t["id"] == table for m in t["mine"])
    _play_out(server.url, table, tokens)

    anna.goto(server.url + "/")
    anna.click("#player-link")
    anna.wait_for_url(re.compile(r"/player/anna-chat"))
    deadline = time.time() + 20
    while anna.locator(".player-page table.rated-games tbody tr").count() == 0 and time.time() < deadline:
        anna.reload()
        anna.wait_for_selector(".player-page h1")
    assert anna.locator(".player-page table.rated-games tbody tr").count() == 1
    assert anna.locator(".player-page table.rating-list tbody tr").count() == 1
    for language in ("en", "cs", "de", "pl"):
        page = open_page(language=language)
        page.goto(server.url + "/player/anna-chat")
        page.wait_for_selector(".player-page table.rated-games")
        page.screenshot(path=str(SHOTS / f"player-{language}.png"), full_page=True)
        page.goto(server.url + "/")
        page.click("#leaderboard-link")
        page.select_option("#lb-game", "kingsburg")
        page.wait_for_selector(".leaderboard-page table.leader-rows tbody tr >> nth=1")
        names = page.locator(".leaderboard-page table.leader-rows tbody tr td:nth-child(2)").all_inner_texts()
        assert sorted(names) == ["anna-chat", "ben-chat"]
        page.screenshot(path=str(SHOTS / f"leaderboard-{language}.png"), full_page=True)
