"""'Your review' on the replay of a finished game (issue 26 §2): progress while the server
computes it, then the costliest decisions, each a link that moves the replay to that moment,
with the option chosen, the better one, the points lost and the reasons, in every language."""
from __future__ import annotations

import json
import re

import httpx
import pytest

from browser_kit import KEY_PATTERN, strings
from server.test_reviews import play_to_the_end
from server_kit import Server, create

SHOTS = None            # a folder to keep the screenshots in (scripts set it; tests use tmp_path)


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory):
    """A server whose solo Messina table was played to the end (one game for the module)."""
    folder = tmp_path_factory.mktemp("review")
    server = Server(f"sqlite:///{folder / 'server.sqlite3'}", folder / "server.log", "--review-budget", "3").start()
    created = create(server.url, "messina-1347", ["human"])
    table, token = created["id"], created["seats"][0]["token"]
    play_to_the_end(server.url, table, token)
    yield server, table, token
    server.stop()


def open_replay(browser, server, table: str, token: str, language: str = "en"):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale=language)
    saved = {table: {"game": "messina-1347", "players": 1, "seats": {"0": token}, "invites": {}, "saved": 0}}
    context.add_init_script(f"localStorage.setItem('ludoteka.tables', {json.dumps(json.dumps(saved))});")
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.goto(f"{server.url}/replay/{table}")
    return context, page, problems


def test_your_review_links_the_costliest_decisions_to_the_replay(browser, reviewed, tmp_path):
    server, table, token = reviewed
    context, page, problems = open_replay(browser, server, table, token)
    # While the server computes it: the progress (it is still queued or running right after the game).
    page.wait_for_selector("#review-0 h2")
    assert page.inner_text("#review-0 h2") == "Your review"
    progress = page.locator("#review-0 .review-progress")
    if progress.count():
        assert re.fullmatch(r"The computer (will review your decisions soon|is reviewing your decisions: \d+ of \d+)…",
                            progress.inner_text())
        page.screenshot(path=str((SHOTS or tmp_path) / "en-review-progress.png"))
    page.wait_for_selector("#review-0 .review-list > li", timeout=240000)
    review = httpx.get(f"{server.url}/api/tables/{table}/review", params={"seat": 0},
                       headers={"Authorization": f"Bearer {token}"}).json()["review"]
    items = page.locator("#review-0 .review-list > li")
    assert items.count() == min(3, len(review["mistakes"]))
    summary = page.inner_text("#review-0 > p.hint")
    assert summary == (f"Decisions weighed: {review['decisions']} · as the computer would play: {review['agreed']} "
                       f"· clearly worse: {len(review['mistakes'])}")
    for rank, mistake in enumerate(review["mistakes"][:3], 1):
        item = items.nth(rank - 1)
        text = item.inner_text()
        assert f"{rank}. After {mistake['index']} decisions" in text
        shown = f"{mistake['loss']:.1f}".removesuffix(".0")          # one decimal at most
        assert f"about {shown} {'point' if shown == '1' else 'points'} lost" in text
        assert "You chose: " in text and "Better: " in text
        assert item.locator(".review-reasons li").count() == len(mistake["reasons"])
    # The link moves the replay to that moment, and marks it.
    first = review["mistakes"][0]
    items.nth(0).locator("button.review-moment").click()
    page.wait_for_function(f"() => document.querySelector('#replay-step')?.textContent.startsWith('Step {first['version']} ')")
    page.wait_for_selector("#review-0 .review-list > li.current")
    assert page.locator("#review-0 .review-list > li.current").get_attribute("data-index") == str(first["index"])
    page.screenshot(path=str((SHOTS or tmp_path) / "en-review.png"), full_page=True)
    assert not KEY_PATTERN.findall(page.inner_text("#review-0"))
    assert page.evaluate("window.ludotekaMissing") == [] and page.evaluate("window.ludotekaUntranslated") == []
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("language", ["cs", "de", "pl"])
def test_your_review_is_translated(browser, reviewed, tmp_path, language):
    server, table, token = reviewed
    context, page, problems = open_replay(browser, server, table, token, language)
    page.wait_for_selector("#review-0 .review-list > li", timeout=240000)
    words = strings(language)
    assert page.inner_text("#review-0 h2") == words["ui.review_title"]
    body = page.inner_text("#review-0")
    assert not KEY_PATTERN.findall(body)
    assert words["ui.review_chosen"].split("{")[0].strip() in body
    assert page.evaluate("window.ludotekaMissing") == [] and page.evaluate("window.ludotekaUntranslated") == []
    page.screenshot(path=str((SHOTS or tmp_path) / f"{language}-review.png"), full_page=True)
    context.close()
    assert not problems, problems
