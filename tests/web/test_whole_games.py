"""Whole games played by clicks in Chromium against computer seats, to the final score table,
with the automatic lone option on (the client's default), each in another language; then the
replay viewer steps through the finished game.

At every decision that reaches the player (issue 23 §6): it has two options or more (or is a
documented exception to the automatic lone option), the question, the options and the own
supplies are inside the viewport at 1440×900 and at 390×844, the title announces the turn, and no
visible text is a translation key, a raw option key, an agent spec or a fallback to English (the
client records those: `window.ludotekaMissing`, `window.ludotekaUntranslated`). Every clicked
option's preview is shown as the engine sent it and matches the change of the seat's supplies
in the next frame. At a few decisions the page goes through all four languages."""
from __future__ import annotations

import pytest

from browser_kit import KEY_PATTERN, start_table, table_frame, untranslated, version, wait_turn, click_option
from experience_kit import (SIZES, Watch, change_problems, decision_problems, preview_shown_problems,
                            settled, shown_previews, text, text_problems)

# Each title in another language than English (the fallbacks to English show only there).
GAMES = {"notre-dame": "pl", "kingsburg": "cs", "messina-1347": "de"}
ALL_LANGUAGES = ("en", "cs", "de", "pl")
SWITCH_AT = (2, 13, 31)               # decisions at which the page goes through every language


def languages_problems(page, language: str, frame: dict) -> list[str]:
    """Switch the page through every language, check its texts and title, come back."""
    problems = []
    for other in (*[x for x in ALL_LANGUAGES if x != language], language):
        page.select_option("#language", other)
        page.wait_for_function(f"() => document.documentElement.lang === '{other}'")
        page.wait_for_selector("#actions button.action")
        settled(page)
        problems += [f"[{other}] {p}" for p in text_problems(page, other, frame)]
        wanted = text(other, "ui.title_your_turn", game=text(other, f"game.{frame['game']}"))
        if page.title() != wanted:
            problems.append(f"[{other}] title {page.title()!r}")
    return problems


def play_checked(page, watch: Watch, game: str, language: str, limit: int = 1500):
    """Play by clicks to the score table, checking every decision; (decisions, clicked options
    with their versions, problems found)."""
    problems: list[str] = []
    chosen: list[tuple[int, dict]] = []
    for step in range(limit):
        try:
            if wait_turn(page) == "over":
                return step, chosen, problems
        except Exception as exc:               # no decision came: what the page and server say
            raise AssertionError(f"decision {step}: {exc}\n{watch.stuck(page)}") from exc
        frame, found = decision_problems(page, watch, game, language)
        problems += [f"decision {step}: {p}" for p in found]
        if step in SWITCH_AT:
            problems += [f"decision {step}: {p}" for p in languages_problems(page, language, frame)]
        # Click at the size checked last: every other decision on the phone.
        if step % 2:
            page.set_viewport_size(dict(zip(("width", "height"), SIZES[0])))
            settled(page)
        shown = shown_previews(page)
        before, mark = version(page), len(watch.sent)
        try:
            click_option(page, step)
        except AssertionError as exc:          # what the page sent and heard, to tell why
            raise AssertionError(f"{exc}\n{watch.stuck(page)}") from exc
        before, key = watch.chosen(page, mark)    # the version the click's action was made on
        action = next(a for a in watch.frames[before]["actions"] if a["key"] == key)
        if action["key"] in shown and before == frame["version"]:
            problems += [f"decision {step}: {p}" for p in preview_shown_problems(action, shown[action["key"]], game, language)]
        chosen.append((before, action))
    raise AssertionError(f"the game did not end within {limit} decisions")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicks_against_the_computer(open_page, server, game):
    language = GAMES[game]
    page = open_page(*SIZES[0], language=language)
    watch = Watch(page)
    table = start_table(page, server.url, game, ["you", "ai_easy"])
    decisions, chosen, problems = play_checked(page, watch, game, language)
    assert decisions > 20
    token = page.evaluate(f"JSON.parse(localStorage.getItem('ludoteka.tables'))['{table}'].seats['0']")
    problems += change_problems(server.url, table, token, watch, chosen)
    assert sum(bool(a["data"].get("preview")) for _, a in chosen) >= 5   # the previews were checked
    assert not problems, "\n".join(dict.fromkeys(problems))

    final = table_frame(server.url, table)
    assert final["finished"]
    # The score table shows the server's scores, categories and winners.
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[0])))
    totals = page.locator("#scores tr.total td").all_inner_texts()
    assert [int(x) for x in totals] == final["scores"]
    rows = page.locator("#scores tbody tr:not(.total):not(.tiebreak)").count()
    assert rows == len({c for b in final["breakdown"] for c in b["points"]})
    assert page.locator("#scores .winner").inner_text().strip()
    # every seat's counters that are not 0, one short line under its name in the seat list
    for seat, supplies in watch.frames[max(watch.frames)]["supplies"].items():
        line = page.locator(f'#seat-list li[data-seat="{seat}"] .seat-supplies')
        held = [n for n in supplies.values() if n]
        assert line.count() == (1 if held else 0)
        if held:
            assert line.inner_text().count(" · ") == len(held) - 1
            assert all(str(abs(n)) in line.inner_text() for n in held)
    if game == "kingsburg":
        # the last battle's card says how it went for this seat, every card what it puts at stake
        view = watch.frames[max(watch.frames)]["view"]
        last = view["last_battle"]
        badge = page.locator(f'[data-mark="enemy:{last["year"]}"] .battle-badge')
        assert badge.text_content().strip() == text(language, f"kb.battle_you.{last['result'][0]}")
        assert last["result"][0] in badge.get_attribute("class").split()
        win = text(language, "kb.enemy_win", gain="").strip()
        cards = page.locator(".kb-tracks .enemy").all_text_contents()
        assert len(cards) == 5 and all(win in card for card in cards), cards
    assert "ui.winner" not in page.content()
    # Every event and option on the way had a translation; no key leaked into the page.
    assert text_problems(page, language) == []
    assert not KEY_PATTERN.findall(page.inner_text("body"))

    # The game was private (an invited seat): this browser's seat token opens its replay.
    replay = page
    replay.goto(f"{server.url}/replay/{table}")
    replay.wait_for_selector("#replay-step")
    total = final["version"]
    assert replay.inner_text("#replay-step") == text(language, "ui.replay_step", n=0, total=total)
    replay.keyboard.press("ArrowRight")
    replay.wait_for_function("(wanted) => document.querySelector('#replay-step').textContent === wanted",
                             arg=text(language, "ui.replay_step", n=1, total=total))
    replay.click("#replay-end")
    replay.wait_for_selector("#scores")
    assert [int(x) for x in replay.locator("#scores tr.total td").all_inner_texts()] == final["scores"]
    assert untranslated(replay) == []
