"""The rules help on the table (issue 23 §5): the Rules button and the `ludoteka:help` event open
it at the pending decision's phase, in the page's language, as plain text; Esc closes it and
gives the focus back."""
from __future__ import annotations

import pytest

from browser_kit import start_table, strings, table_frame, wait_turn
from ludoteka import registry


@pytest.mark.rule("ND-5.2", "KB-5.4", "MS-8.1")
@pytest.mark.parametrize("game, language, width, height, seats", [
    ("notre-dame", "cs", 1440, 900, ["you", "ai_easy", "ai_easy"]),
    ("kingsburg", "de", 390, 844, ["you", "ai_easy", "ai_easy"]),
    ("messina-1347", "pl", 390, 844, ["you", "ai_easy"]),
])
def test_the_rules_button_opens_the_help_at_the_current_phase(open_page, server, game, language,
                                                              width, height, seats):
    page = open_page(width=width, height=height, language=language)
    table = start_table(page, server.url, game, seats)
    assert wait_turn(page, timeout=180000) == "act"     # the computer may begin (a busy machine: slowly)
    decision = table_frame(server.url, table)["decision"]
    help_data = registry.game(game).rules_help(language)
    current = next(s for s in help_data["sections"] if decision in s["decisions"])
    button = page.locator("#help-button")
    assert button.inner_text() == strings(language)["ui.help.button"]
    button.click()
    page.wait_for_selector(".help-section.help-now")
    assert page.inner_text("#help-title") == help_data["title"]
    now = page.locator(".help-section.help-now")
    assert now.get_attribute("id") == f"help-{current['id']}"
    assert current["title"] in now.inner_text() and strings(language)["ui.help.now"] in now.inner_text()
    assert page.evaluate("document.activeElement.id") == f"help-{current['id']}"
    # The current phase is in view inside the panel, and the panel inside the screen.
    box, panel = now.bounding_box(), page.locator("#help").bounding_box()
    assert panel["y"] <= box["y"] < panel["y"] + panel["height"]
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width + 1
    # Every section is there, as text (no markup from the data).
    assert page.locator(".help-section").count() == len(help_data["sections"]) + 2
    assert page.locator(".help-section li").count() == sum(
        line.startswith("- ") for s in help_data["sections"] + [{"text": help_data["rounds"]}]
        for line in s["text"].split("\n"))
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="detached")
    assert page.evaluate("document.activeElement.id") == "help-button"


def test_the_help_event_opens_and_closes_the_help(open_page, server):
    page = open_page()
    start_table(page, server.url, "notre-dame", ["you", "ai_easy", "ai_easy"])
    wait_turn(page, timeout=180000)
    page.evaluate("document.dispatchEvent(new CustomEvent('ludoteka:help'))")
    page.wait_for_selector("#help .help-section.help-now")
    assert page.inner_text("#help-title") == registry.game("notre-dame").rules_help("en")["title"]
    page.evaluate("document.dispatchEvent(new CustomEvent('ludoteka:help'))")
    page.wait_for_selector("#help", state="detached")
    page.click("#help-button")
    page.wait_for_selector("#help .help-section")
    page.click("#help-close")
    page.wait_for_selector("#help", state="detached")
