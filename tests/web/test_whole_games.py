"""Whole games played by clicks in Chromium against computer seats, to the final score table;
then the replay viewer steps through the finished game."""
from __future__ import annotations

import pytest

from browser_kit import KEY_PATTERN, play_to_end, start_table, table_frame, untranslated


@pytest.mark.parametrize("game", ["notre-dame", "kingsburg", "messina-1347"])
def test_a_whole_game_by_clicks_against_the_computer(open_page, server, game):
    page = open_page()
    table = start_table(page, server.url, game, ["you", "ai_easy", "ai_easy"])
    decisions = play_to_end(page)
    assert decisions > 20
    final = table_frame(server.url, table)
    assert final["finished"]
    # The score table shows the server's scores, categories and winners.
    totals = page.locator("#scores tr.total td").all_inner_texts()
    assert [int(x) for x in totals] == final["scores"]
    rows = page.locator("#scores tbody tr:not(.total):not(.tiebreak)").count()
    assert rows == len({c for b in final["breakdown"] for c in b["points"]})
    assert page.locator("#scores .winner").inner_text().strip()
    assert "ui.winner" not in page.content()
    # Every event and option on the way had a translation; no key leaked into the page.
    assert untranslated(page) == []
    assert not KEY_PATTERN.findall(page.inner_text("body"))

    # The game was private (an invited seat): this browser's seat token opens its replay.
    replay = page
    replay.goto(f"{server.url}/replay/{table}")
    replay.wait_for_selector("#replay-step")
    assert replay.inner_text("#replay-step").startswith("Step 0 of")
    replay.keyboard.press("ArrowRight")
    replay.wait_for_function("() => document.querySelector('#replay-step').textContent.startsWith('Step 1 ')")
    replay.click("#replay-end")
    replay.wait_for_selector("#scores")
    assert [int(x) for x in replay.locator("#scores tr.total td").all_inner_texts()] == final["scores"]
    assert untranslated(replay) == []
