"""Accounts in the browser (issue 25 §1): sign up in the lobby, create a table, and find it in
"My games" from a fresh browser (no storage of the first) after signing in; a seat link opened
while signed in is added to the account with its button."""
from __future__ import annotations

import httpx

from browser_kit import start_table


def sign(page, url: str, name: str, button: str) -> None:
    page.goto(url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click(button)
    page.wait_for_selector("#signed-in")


def test_sign_up_create_a_table_and_see_it_in_my_games_from_a_fresh_browser(open_page, server):
    first = open_page()
    sign(first, server.url, "web-player", "#sign-up")
    assert "web-player" in first.inner_text("#signed-in")
    table = start_table(first, server.url, "notre-dame", ["you", "ai_easy"])
    first.wait_for_selector(".table-page[data-seat='0']")

    fresh = open_page()                                  # another device: nothing stored
    fresh.goto(server.url + "/")
    fresh.wait_for_selector("#sign-in")
    assert fresh.locator(f"li[data-table='{table}']").count() == 0
    sign(fresh, server.url, "web-player", "#sign-in")
    row = fresh.wait_for_selector(f"#my-games-list li[data-table='{table}']")
    assert row.query_selector(".standing") is not None
    fresh.click(f"#my-games-list li[data-table='{table}'] a[href='/play/{table}']")
    fresh.wait_for_selector(".table-page[data-seat='0']")    # plays the seat, not a spectator

    # A seat link opened while signed in: the lobby offers to add it to the account.
    made = httpx.post(server.url + "/api/tables", json={"game": "kingsburg", "players": 2,
                                                        "seats": ["human", "ai:random"]}).json()
    fresh.goto(made["seats"][0]["join_url"])
    fresh.wait_for_selector(".table-page[data-seat='0']")
    fresh.goto(server.url + "/")
    fresh.click(f"#browser-only-list li[data-table='{made['id']}'] button.attach")
    fresh.wait_for_selector(f"#my-games-list li[data-table='{made['id']}']")
    assert fresh.locator(f"#browser-only-list li[data-table='{made['id']}']").count() == 0

    # Signed out, the lobby shows this browser's own tables again ("My tables").
    fresh.click("#sign-out")
    fresh.wait_for_selector("#sign-in")
    fresh.wait_for_selector(f"#my-tables-list li[data-table='{table}']")
