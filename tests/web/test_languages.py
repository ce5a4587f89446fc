"""Each language switch translates the lobby and a table in play (the interface, component names
and the events, built from each event's kind and data); a phone-sized screen needs no sideways
scrolling; the browser's language is the default."""
from __future__ import annotations

import pytest

from browser_kit import KEY_PATTERN, click_option, start_table, strings, untranslated, wait_turn


def test_the_browser_language_is_the_default(open_page, server):
    page = open_page(language="pl-PL")
    page.goto(server.url + "/")
    page.wait_for_selector("#new-table")
    assert page.get_attribute("html", "lang") == "pl"
    assert page.inner_text("#new-table") == strings("pl")["ui.new_table"]


@pytest.mark.parametrize("game", ["notre-dame", "kingsburg"])
def test_each_language_switch_translates_lobby_and_table(open_page, server, game):
    page = open_page()
    page.goto(server.url + "/")
    for language in ("cs", "de", "pl", "en"):
        page.select_option("#language", language)
        page.wait_for_function(f"() => document.documentElement.lang === '{language}'")
        assert page.inner_text("#new-table") == strings(language)["ui.new_table"]
        assert page.inner_text(".top nav a") == strings(language)["ui.lobby"]
    start_table(page, server.url, game, ["you", "ai_easy", "ai_easy"])
    for step in range(8):
        if wait_turn(page) == "act":
            click_option(page, step)
    wait_turn(page)                    # the computer seats wait for this decision: the log stands still
    english_log = page.locator("#log li").all_inner_texts()
    for language in ("cs", "de", "pl"):
        page.select_option("#language", language)
        page.wait_for_function(f"() => document.documentElement.lang === '{language}'")
        page.wait_for_selector("#log li")
        body = page.inner_text("body")
        assert not KEY_PATTERN.findall(body), KEY_PATTERN.findall(body)[:5]
        assert page.inner_text("#log-title") == strings(language)["ui.log"]
        log = page.locator("#log li").all_inner_texts()
        assert len(log) >= len(english_log) and log[:len(english_log)] != english_log
        # A component explains itself in this language too.
        component = page.locator(".board [data-component]").first
        component.hover()
        page.wait_for_selector("#tooltip:not([hidden]) strong")
    assert untranslated(page) == []
    page.reload()
    page.wait_for_selector("#log li")
    assert page.get_attribute("html", "lang") == "pl"       # the choice is remembered


def test_a_phone_sized_screen_needs_no_sideways_scrolling(open_page, server):
    page = open_page(width=390, height=844, touch=True)
    start_table(page, server.url, "notre-dame", ["you", "ai_easy", "ai_easy"])
    assert wait_turn(page) == "act"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert page.locator("#actions button.action").first.is_visible()
    page.locator("#actions button.action").first.tap()
    page.wait_for_selector("#log li")
