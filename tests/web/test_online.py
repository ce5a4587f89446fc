"""Two browsers play one online game; a spectator watches and never receives hidden data; a
reload resumes where it was; undo; a hot-seat device hides each player's hand behind a pass screen."""
from __future__ import annotations

import json

from browser_kit import click_option, start_table, version, wait_turn


def spectator_frames(page) -> list[dict]:
    """Collect every state frame this page's WebSockets receive."""
    frames: list[dict] = []

    def on_socket(ws):
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)) if isinstance(payload, str) else None)
    page.on("websocket", on_socket)
    return frames


def test_two_browsers_play_online_and_a_spectator_sees_nothing_hidden(open_page, server):
    alice = open_page()
    table = start_table(alice, server.url, "notre-dame", ["you", "friend"])
    link = alice.input_value(".invites input")
    assert link.startswith(f"{server.url}/play/{table}#")
    bob = open_page()
    bob.goto(link)
    bob.wait_for_selector(".table-page[data-seat='1']")
    assert "#" not in bob.url                          # the token left the address bar
    watcher = open_page()
    frames = spectator_frames(watcher)
    watcher.goto(f"{server.url}/play/{table}")
    watcher.wait_for_selector("#spectator")

    made = 0
    for step in range(120):            # lone options are taken for the players (issue 23): more rounds
        for page in (alice, bob):
            if page.locator("#actions button.action").count():
                click_option(page, step)
                made += 1
        if made >= 30:
            break
        alice.wait_for_timeout(50)
    assert made >= 30
    # Both browsers and the spectator show the same version.
    for page in (alice, bob, watcher):
        page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) >= {version(alice)}")
    seen = [f for f in frames if f.get("type") == "state"]
    assert len(seen) > 10
    for frame in seen:
        assert frame["seat"] is None and frame["actions"] == []
        assert "hand" not in frame["view"] and "draft_offer" not in frame["view"]
        assert all(p["prestige"] is None for p in frame["view"]["players"])
        assert not [e for e in frame["events"] if e["kind"] in ("draft_pick", "prestige")]
    assert watcher.locator(".hand, #actions, #undo").count() == 0

    # A reload in the middle of the game comes back to the same seat and version.
    before = version(bob)
    bob.reload()
    bob.wait_for_selector(".table-page[data-seat='1']")
    assert version(bob) == before


def test_undo_of_my_last_decision(open_page, server):
    """Undo is offered where the kernel allows it (no chance drawn, nothing hidden revealed, nobody
    acted since): play on until it is, then take the decision back."""
    alice = open_page()
    start_table(alice, server.url, "kingsburg", ["you", "friend"])
    bob = open_page()
    bob.goto(alice.input_value(".invites input"))
    bob.wait_for_selector(".table-page[data-seat='1']")
    for step in range(60):
        if alice.locator("#actions button.action").count():
            before = version(alice)
            options = alice.locator("#actions button.action").all_inner_texts()
            click_option(alice, step)
            alice.wait_for_timeout(200)
            if alice.locator("#undo").count():
                break
        elif bob.locator("#actions button.action").count():
            click_option(bob, step)
        else:
            alice.wait_for_timeout(100)
    else:
        raise AssertionError("no decision could be undone in 60 steps")
    alice.click("#undo")
    alice.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) === {before + 2}")
    assert alice.locator("#actions button.action").all_inner_texts() == options
    assert alice.locator("#undo").count() == 0


def test_a_hot_seat_device_passes_between_players(open_page, server):
    page = open_page()
    start_table(page, server.url, "notre-dame", ["you", "hotseat", "ai_easy"])
    names, shown = [], None
    for step in range(12):
        passed = wait_turn(page) == "pass"
        if passed:
            # Behind the pass screen nothing of the board or a hand is shown.
            assert page.locator("#board, .hand, #actions").count() == 0
            names.append(page.inner_text("#pass-title"))
            page.click("#reveal")
            page.wait_for_selector("#pass", state="detached")
            assert wait_turn(page) == "act"
        seat = page.get_attribute(".table-page", "data-seat")
        assert passed or seat == shown, "another player's hand was shown without the pass screen"
        shown = seat
        assert page.locator(".mat.me h3").inner_text().startswith(["Red", "Blue"][int(seat)])
        click_option(page, step)
    assert {"Pass the device to Red", "Pass the device to Blue"} <= set(names)
