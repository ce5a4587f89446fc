"""Helpers of the browser tests: start a table through the lobby, and play it by clicks."""
from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

LANG = Path(__file__).resolve().parents[2] / "src" / "ludoteka" / "web" / "static" / "lang"
KEY_PATTERN = re.compile(r"\b(?:ui|nd|kb|ms|game|opt|choice)\.[a-z_]+(?:\.[a-z_:0-9]+)*\b")


def strings(language: str) -> dict:
    return json.loads((LANG / f"{language}.json").read_text(encoding="utf-8"))


def start_table(page, url: str, game: str, seats: list[str], **options) -> str:
    """Create a table in the lobby with these seat choices (you, hotseat, friend, open, ai_easy…);
    returns the table id once the table page is open."""
    page.goto(url + "/")
    page.check(f"input[name=game][value={game}]")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    if options:
        page.click(".options summary")
        for name, value in options.items():
            if isinstance(value, bool):
                page.set_checked(f"#opt-{name}", value)
            else:
                page.select_option(f"#opt-{name}", label=value)
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_selector(".table-page[data-version]")
    return page.url.rsplit("/", 1)[1]


def version(page) -> int:
    return int(page.get_attribute(".table-page", "data-version"))


def wait_turn(page, timeout: float = 60000) -> str:
    """Wait until the page offers a decision ('act'), the pass screen ('pass') or the score table ('over')."""
    page.wait_for_selector("#actions button.action, #reveal, #scores", timeout=timeout)
    if page.locator("#scores").count():
        return "over"
    return "pass" if page.locator("#reveal").count() else "act"


def settled(page) -> None:
    """Wait two animation frames (a resize, a scroll or a language switch has been laid out and drawn)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def steady_click(page, target) -> None:
    """Click `target` once the page stands still: a scroll refits the decision bar in the next
    animation frame, which moves what lies in or below it, so a click aimed right after
    Playwright's own scroll may land beside the button. The page draws every frame anew, and
    another seat's move in a simultaneous decision brings one while the decision stays open:
    the element found may be gone before the scroll, so the locator is aimed again."""
    for attempt in range(5):
        try:
            target.scroll_into_view_if_needed()
            break
        except Exception as exc:                # (Playwright's Error: playwright may be absent)
            if "not attached" not in str(exc) or attempt == 4:
                raise
    settled(page)
    target.click()


def click_option(page, step: int) -> None:
    """Make one decision by clicks: every other one on the board when the board offers it, else
    (and otherwise) an option of the bar."""
    before = version(page)
    board = page.locator(".board [data-place].option")
    if step % 2 == 0 and board.count():
        place = board.nth(step % board.count())
        if (page.viewport_size or {}).get("width", 1280) < 700:
            # On a phone by keyboard (a place is a button reached with Tab): a tap at the middle
            # of a place scaled down to a few pixels may miss it.
            place.focus()
            page.keyboard.press("Enter")
        else:
            steady_click(page, place)
        menu = page.locator(".menu button[role=menuitem]")
        if menu.count():
            steady_click(page, menu.first)
    else:
        buttons = page.locator("#actions button.action")
        steady_click(page, buttons.nth(step % buttons.count()))
    confirm_and_wait(page, before)


def server_table(page) -> dict:
    """The page's table as the server has it now: version, seats acting, last move (for failures)."""
    table = page.url.split("#")[0].rsplit("/", 1)[-1]
    return page.evaluate("""async (id) => {
        const frame = await (await fetch(`/api/tables/${id}`)).json();
        return { version: frame.version, acting: frame.acting, finished: frame.finished, last: frame.last };
    }""", table)


def confirm_and_wait(page, before: int) -> None:
    """After a click: answer yes to the confirmation an irreversible option asks (issue 23), then
    wait until the table moved past version `before` (or the game ended)."""
    try:
        page.wait_for_function(f"() => Number(document.querySelector('.table-page')?.dataset.version) > {before}"
                               " || document.querySelector('#scores') || document.querySelector('#confirm-yes')")
    except Exception as exc:      # say what the page showed (an error, a menu left open…) and the server has
        bar = page.locator("#decision-bar").inner_text() if page.locator("#decision-bar").count() else ""
        more = page.evaluate("""() => ({ menus: document.querySelectorAll('.menu').length,
            connection: document.querySelector('.connection')?.innerText ?? 'open' })""")
        more["server"] = server_table(page)
        raise AssertionError(f"nothing happened after a click at version {before}: {bar!r}; {more}") from exc
    if page.locator("#confirm-yes").count():
        page.click("#confirm-yes")
        page.wait_for_function(f"() => Number(document.querySelector('.table-page')?.dataset.version) > {before}"
                               " || document.querySelector('#scores')")


def play_to_end(page, limit: int = 2000) -> int:
    """Play every decision of this page's seats by clicks until the score table; the number made."""
    for step in range(limit):
        state = wait_turn(page)
        if state == "over":
            return step
        if state == "pass":
            page.click("#reveal")
            continue
        click_option(page, step)
    raise AssertionError(f"the game did not end within {limit} decisions")


def table_frame(url: str, table: str) -> dict:
    """The spectator's frame of a table, straight from the API."""
    return httpx.get(f"{url}/api/tables/{table}", timeout=10).json()


def untranslated(page) -> list[str]:
    return page.evaluate("window.ludotekaUntranslated")
