"""Issue 23 in the browser: seats read "Computer · hard" and show who is connected, thinking or
away; the lobby names options and timers in words; the end screen explains the score categories,
links the replay and starts a rematch; "My tables" and the finished games say who won; tooltips
close; the replay's arrows need no symbol font."""
from __future__ import annotations

import random
import re
import time

import httpx
import pytest

from browser_kit import KEY_PATTERN, strings
from ludoteka import registry

AGENT_SPEC = re.compile(r"ismcts|greedy|iterations=|seconds=")


def _create(url: str, game: str, seats: list[str], **extra) -> dict:
    answer = httpx.post(f"{url}/api/tables", json={"game": game, "players": len(seats), "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def _play_out(url: str, table: str, tokens: dict[int, str], seed: int = 3) -> dict:
    """Random legal moves of the human seats over HTTP until the game is over."""
    rng = random.Random(seed)
    for _ in range(5000):
        for seat, token in tokens.items():
            auth = {"Authorization": f"Bearer {token}"}
            frame = httpx.get(f"{url}/api/tables/{table}?seat={seat}", headers=auth, timeout=30).json()
            if frame["finished"]:
                return frame
            if frame["actions"]:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=auth, timeout=30, json={
                    "key": rng.choice(frame["actions"])["key"], "version": frame["version"], "seat": seat})
    raise AssertionError("the game did not end")


def _wait_finished(url: str, table: str) -> dict:
    started = time.time()
    while not (frame := httpx.get(f"{url}/api/tables/{table}").json())["finished"]:
        assert time.time() - started < 120, "the AI table did not finish"
        time.sleep(0.3)
    return frame


def _presence(page, seat: int) -> str:
    return page.get_attribute(f"#seat-list li[data-seat='{seat}']", "data-presence")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_lobby_names_every_option_and_timer_in_words(open_page, server, language):
    words = strings(language)
    page = open_page(language=language)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    for game in registry.games():
        page.check(f"input[name=game][value={game}]")
        if not page.locator(".options[open]").count():
            page.click(".options summary")
        for option in registry.game(game).describe()["options"]:
            if not option["choices"]:
                continue
            label = page.inner_text(f".option[data-option='{option['name']}'] label")
            assert label == words[f"opt.{game}.{option['name']}.name"]
            assert page.inner_text(f"#opt-{option['name']}-doc") == words[f"opt.{game}.{option['name']}"]
        body = page.inner_text("#new-table")
        raw = [o["name"] for o in registry.game(game).describe()["options"] if "_" in o["name"] and o["name"] in body]
        assert not raw, raw                       # no raw option key on screen
        assert not KEY_PATTERN.findall(body), KEY_PATTERN.findall(body)[:5]
        assert not re.search(r"\b(?:true|false|None)\b|\b[0-4]\b \(", body)
    timers = page.locator("#timer option").all_inner_texts()
    day, minute = words["ui.duration.days"]["one"], words["ui.duration.minutes"]["one"]
    assert day.replace("{n}", "1") in timers[-1] and minute.replace("{n}", "1") in timers[1]
    assert not [t for t in timers if re.search(r"\bmin\b|\d{3,}", t)], timers


def test_seats_show_levels_and_who_is_connected_thinking_or_away(open_page, server):
    made = _create(server.url, "kingsburg", ["human", "ai:hard", "open", "human"])
    table = made["id"]
    alice = open_page()
    alice.goto(made["seats"][0]["join_url"])
    alice.wait_for_selector("#seat-list li[data-seat='0']")
    computer = alice.inner_text("#seat-list li[data-seat='1'] .seat-name")
    assert "Computer · hard" in computer
    assert not AGENT_SPEC.search(alice.inner_text("body"))
    assert _presence(alice, 0) == "" and not alice.query_selector("#seat-list li[data-seat='0'] .presence")
    assert _presence(alice, 2) == "open" and _presence(alice, 3) == "away"
    assert alice.inner_text("#seat-list li[data-seat='3'] .presence") == "away"
    bob = open_page(language="de")
    bob.goto(made["seats"][3]["join_url"])
    bob.wait_for_selector(f".table-page[data-seat='3']")
    assert "Computer · schwer" in bob.inner_text("#seat-list li[data-seat='1'] .seat-name")
    alice.wait_for_function("() => ['connected', 'thinking'].includes("
                            "document.querySelector(\"#seat-list li[data-seat='3']\").dataset.presence)")
    acting = httpx.get(f"{server.url}/api/tables/{table}").json()["acting"]
    if 3 in acting:
        assert _presence(alice, 3) == "thinking"
    bob.close()
    alice.wait_for_function("() => document.querySelector(\"#seat-list li[data-seat='3']\").dataset.presence === 'away'")


def test_the_end_screen_explains_links_the_replay_and_starts_a_rematch(open_page, server):
    made = _create(server.url, "messina-1347", ["human", "ai:random"])
    table, token = made["id"], made["seats"][0]["token"]
    final = _play_out(server.url, table, {0: token})
    page = open_page(language="de")
    page.goto(made["seats"][0]["join_url"])
    page.wait_for_selector("#scores")
    words = strings("de")
    categories = {c for b in final["breakdown"] for c in b["points"]}
    for category in categories:
        help_text = page.inner_text(f"#scores tr[data-category='{category}'] .category-help")
        assert help_text == words[f"ui.cat_help.ms.{category}"]
    for tiebreak in final["breakdown"][0]["tiebreak"]:
        assert page.inner_text(f"#scores tr[data-tiebreak='{tiebreak}'] .category-help") == words[f"ui.tb_help.ms.{tiebreak}"]
    # Why the seat lost (or won): the gap to the winner (or the runner-up) and the categories
    # where most of it was made, largest first.
    scores, won = final["scores"], 0 in final["winners"]
    rival = 1 if (1 in final["winners"]) != won else None
    why = page.locator("#scores-why")
    if rival is None or scores[0] == scores[1]:
        assert why.count() == 0
    else:
        ahead, behind = (0, 1) if won else (1, 0)
        gaps = {c: final["breakdown"][ahead]["points"].get(c, 0) - final["breakdown"][behind]["points"].get(c, 0)
                for c in categories}
        text = why.inner_text()
        assert (" weniger als du." if won else " mehr als du.") in text and f" {abs(int(scores[0] - scores[1]))} Punkt" in text, text
        largest = max(gaps, key=gaps.get)
        if gaps[largest] > 0:
            mine, theirs = (final["breakdown"][s]["points"].get(largest, 0) for s in (0, 1))
            assert f"{words[f'ms.cat.{largest}']} ({mine} gegen {theirs})" in text, text
    # The own column and (if so) the winner line say "(du)"; the other seat's do not.
    assert page.inner_text("#scores th[data-seat='0']").endswith(f"({words['ui.you']})")
    assert not page.inner_text("#scores th[data-seat='1']").endswith(f"({words['ui.you']})")
    assert (f"({words['ui.you']})" in page.inner_text("#scores .winner")) == won
    # The bar says the game is over once: the game's own line, not the generic one beside it.
    bar = page.inner_text("#decision-bar")
    assert words["ms.note.game_over"] in bar and words["ui.game_over"] not in bar, bar
    assert page.get_attribute("#replay-link", "href") == f"/replay/{table}"
    assert page.inner_text("#rematch") == words["ui.rematch"]
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/play/(?!" + re.escape(table) + ")"))
    page.wait_for_selector(".table-page[data-seat='0']")
    new = page.url.rsplit("/", 1)[1]
    frame = httpx.get(f"{server.url}/api/tables/{new}").json()
    assert frame["game"] == "messina-1347" and frame["options"] == final["options"] and not frame["finished"]
    # "My tables": the rematch with whose turn it is, the old game over with its winner.
    page.goto(server.url + "/")
    page.wait_for_selector(f"#my-tables-list li[data-table='{table}'] .standing")
    old = page.inner_text(f"#my-tables-list li[data-table='{table}']")
    assert words["ui.game_over_short"] in old and "Sieger" in old and "Punkt" in old
    assert page.locator(f"#my-tables-list li[data-table='{table}'] a[href='/replay/{table}']").count() == 1
    standing = page.inner_text(f"#my-tables-list li[data-table='{new}'] .standing")
    assert standing == words["ui.your_turn_short"] or standing.startswith("Am Zug")


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_a_game_ending_in_view_brings_the_final_scores_into_view(open_page, server, width, height):
    """The last move is made down at the board (or under a phone's pinned bar); the scores are
    drawn above the board: they come into view from their heading, not half-way down the table."""
    made = _create(server.url, "kingsburg", ["human", "ai:random"])
    page = open_page(width, height)
    page.goto(made["seats"][0]["join_url"])
    page.wait_for_selector("#decision-bar")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    _play_out(server.url, made["id"], {0: made["seats"][0]["token"]})
    page.wait_for_selector("#scores")
    page.wait_for_function("""() => { const r = document.querySelector('#scores-title').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }""", timeout=5000)


def test_finished_games_in_the_lobby_show_the_winner_and_scores(open_page, server):
    table = _create(server.url, "kingsburg", ["ai:random", "ai:easy"])["id"]
    final = _wait_finished(server.url, table)
    page = open_page()
    page.goto(server.url + "/")
    row = page.locator(f"#finished-list li[data-table='{table}']")
    row.wait_for()
    text = row.inner_text()
    winner = f"Seat {final['winners'][0] + 1}"
    assert f"Winner: {winner}" in text or "Winners" in text
    for seat, points in enumerate(final["scores"]):
        assert f"Seat {seat + 1}: {points} point" in text
    assert "Computer · easy" in text and not AGENT_SPEC.search(text)


def test_tooltips_close_on_leaving_on_a_tap_elsewhere_and_on_a_new_board(open_page, server):
    made = _create(server.url, "notre-dame", ["human", "human", "ai:random"])
    page = open_page()
    page.goto(made["seats"][0]["join_url"])
    page.wait_for_selector(".table-page[data-seat='0'] [data-component]")
    tip = page.locator("#tooltip")
    target = page.locator(".board [data-component]").first
    target.hover()
    assert tip.is_visible()
    page.mouse.move(2, 300)                       # the page's margin: no component there
    assert tip.is_hidden()
    page.locator("[data-component][tabindex]").first.focus()   # keyboard focus shows it, leaving closes it
    assert tip.is_visible()
    page.locator("#log-filter").focus()
    assert tip.is_hidden()
    # A phone: a tap shows it, a tap elsewhere closes it.
    phone = open_page(width=390, height=844, touch=True)
    phone.goto(made["seats"][0]["join_url"])
    phone.wait_for_selector(".table-page[data-seat='0'] .board [data-component]")
    component = phone.locator(".board [data-component]:not(.option)").first
    component.tap()
    assert phone.locator("#tooltip").is_visible()
    phone.locator("#seats-title").tap()
    assert phone.locator("#tooltip").is_hidden()
    # A new frame redraws the board: the explanation of the old drawing does not stay over it.
    component.tap()
    assert phone.locator("#tooltip").is_visible()
    before = int(phone.get_attribute(".table-page", "data-version"))
    other = {"Authorization": f"Bearer {made['seats'][1]['token']}"}
    frame = httpx.get(f"{server.url}/api/tables/{made['id']}?seat=1", headers=other).json()
    httpx.post(f"{server.url}/api/tables/{made['id']}/actions", headers=other,
               json={"key": frame["actions"][0]["key"], "version": frame["version"], "seat": 1})
    phone.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) > {before}")
    assert phone.locator("#tooltip").is_hidden()


def test_a_tip_shown_low_on_a_phone_closes_when_the_window_widens(open_page, server):
    """CI saw it: a tip shown near the bottom of a phone's scrolled page stayed when the window
    widened, lengthened the wide page and kept it scrolled past the board, the pinned decision bar
    pushed above the window by the board's end. A new width closes the tip; the bar is in view."""
    made = _create(server.url, "notre-dame", ["human", "ai:random"])
    page = open_page(width=390, height=844)
    page.goto(made["seats"][0]["join_url"])
    page.wait_for_selector(".table-page[data-seat='0'] #actions button.action")
    # how far the wide page reaches (measured, not a constant: the phone page's length changes
    # with the game's texts and the bar's layout)
    page.set_viewport_size({"width": 1440, "height": 900})
    reach = page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                          "requestAnimationFrame(() => done(document.documentElement.scrollHeight))))")
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    # The board's lowest component that takes the focus, in the lower part of the window, focused
    # (as the keyboard or a tap on a phone shows a tip: no pointer to move away from it).
    low = page.evaluate("""() => {
        const all = [...document.querySelectorAll('.board [data-component][tabindex]')];
        const bottoms = all.map((el) => el.getBoundingClientRect().bottom + scrollY);
        const low = bottoms.indexOf(Math.max(...bottoms));
        window.scrollTo(0, bottoms[low] - innerHeight * 0.8);
        return low; }""")
    page.locator(".board [data-component][tabindex]").nth(low).focus()
    tip = page.locator("#tooltip")
    assert tip.is_visible()
    wide = page.evaluate("document.querySelector('#tooltip').getBoundingClientRect().bottom + scrollY")
    assert wide > reach, (wide, reach)     # lower than the wide page reaches: it would lengthen it
    page.set_viewport_size({"width": 1440, "height": 900})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert tip.is_hidden()
    bar = page.evaluate("(() => { const r = document.querySelector('#decision').getBoundingClientRect(); "
                        "return [r.top, r.bottom, innerHeight]; })()")
    assert 0 <= bar[0] and bar[1] <= bar[2], bar
    page.set_viewport_size({"width": 1440, "height": 700})      # only the height: the tip stays
    page.locator(".board [data-component]").first.hover()
    assert tip.is_visible()
    page.set_viewport_size({"width": 1440, "height": 900})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert tip.is_visible()

def test_replay_controls_use_no_symbol_glyphs(open_page, server):
    table = _create(server.url, "kingsburg", ["ai:random", "ai:random"])["id"]
    _wait_finished(server.url, table)
    page = open_page(width=390, height=844)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("#replay-next")
    for button in ("#replay-start", "#replay-prev", "#replay-next", "#replay-end"):
        text = page.inner_text(button)
        assert text.strip() and all(ch.isalpha() or ch.isspace() for ch in text), repr(text)
    assert page.locator("#replay-prev").is_disabled() and page.locator("#replay-start").is_disabled()
    page.click("#replay-next")
    page.wait_for_selector("#replay-prev:not([disabled])")
    assert page.locator(".replay-controls .arrow").count() == 4
