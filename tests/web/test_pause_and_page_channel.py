"""The browser side of issue 25 §2 at turn-based tables: a pause proposed in one player's page
and agreed in the other's (both see "Paused until …" instead of a countdown, and either ends it),
and the account's "page" channel: turned off, the open page neither beeps nor notifies."""
from __future__ import annotations

import httpx

from experience_kit import Watch, settled

# Counts what announce.js would make noise with: the oscillators of its beep and the browser
# notifications, with a hidden tab and the permission granted (so that only the channel decides).
NOISE_PROBE = """
window.__tones = 0; window.__notes = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
  createOscillator() { window.__tones += 1; return { frequency: {}, connect() {}, start() {}, stop() {} }; }
};
window.Notification = class {
  constructor(title) { window.__notes.push(title); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(Document.prototype, "hidden", { get: () => true });
localStorage.setItem("ludoteka.table.sound", "on");
localStorage.setItem("ludoteka.table.notify", "on");
"""


def _in_view(page, selector: str) -> None:
    """Scroll the element into view and let the page settle: a scroll refits the decision bar
    in the next animation frame, which moves what lies below it (a click aimed before that
    lands beside the button)."""
    page.locator(selector).scroll_into_view_if_needed()
    settled(page)


def _table(url: str, seats: list[str], **extra) -> dict:
    answer = httpx.post(url + "/api/tables", json={"game": "notre-dame", "players": len(seats), "seats": seats,
                                                    "turn_based": True, "turn_seconds": 86400, **extra}, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_pause_proposed_in_one_page_and_agreed_in_the_other_stops_both_clocks(open_page, server):
    table = _table(server.url, ["human", "human"])
    first, second = open_page(), open_page()
    for page, seat in ((first, 0), (second, 1)):
        page.goto(table["seats"][seat]["join_url"])
        page.wait_for_selector("#pause-days")
        assert page.inner_text("#clock").startswith("Time left: 23 hours")
    assert first.get_attribute("#pause-days", "max") == "14"        # the server's --max-pause-days

    first.fill("#pause-days", "2")
    first.click("#pause-propose")
    first.wait_for_selector("#pause-withdraw")
    assert "Still to agree: " in first.inner_text("#pause-state")
    second.wait_for_selector("#pause-agree")                           # told by its socket
    assert "proposes a pause of 2 days" in second.inner_text("#pause-state")
    assert second.inner_text("#pause-badge") == "Pause proposed: 2 days"      # in the head: not missed
    assert first.locator("#pause-badge").count() == 0
    _in_view(second, "#pause-agree")
    second.click("#pause-agree")

    for page in (first, second):
        page.wait_for_selector("#clock.paused")
        clock = page.inner_text("#clock")
        assert clock.startswith("Paused until ") and "Time left" not in clock, clock
        state = page.inner_text("#pause-state")
        assert state.startswith("The game is paused until ") and "Time left after the pause: 23 hours" in state
    still = second.inner_text("#clock")
    second.wait_for_timeout(1100)
    assert second.inner_text("#clock") == still                        # no countdown

    second.click("#pause-end")
    for page in (first, second):
        page.wait_for_selector("#clock:not(.paused)")
        assert page.inner_text("#clock").startswith("Time left: 23 hours")
        page.wait_for_selector("#pause-propose")


def test_an_account_that_turned_the_page_channel_off_gets_no_beep_nor_notification(open_page, server):
    page = open_page()
    page.add_init_script(NOISE_PROBE)
    page.goto(server.url + "/")
    page.fill("#account-name", "quiet-player")
    page.fill("#account-password", "a long enough password")
    page.click("#sign-up")
    page.wait_for_selector("#signed-in")

    def turn_noise(decided: str) -> tuple[int, int]:
        """The noise of a turn, once the page has `decided` (after the server told it the channel:
        a loaded machine may take longer than any fixed wait), and a moment later (no more)."""
        table = _table(server.url, ["human", "ai:random"])
        page.goto(table["seats"][0]["join_url"])
        page.wait_for_selector("#actions button.action")
        page.wait_for_function(decided)
        page.wait_for_timeout(300)
        return page.evaluate("window.__tones"), page.evaluate("window.__notes.length")

    # The channel on (the default): the two-note beep and a notification.
    assert turn_noise("() => window.__tones > 0") == (2, 1)
    page.goto(server.url + "/")
    page.click("#notifications summary")
    page.uncheck("#notify-page")
    page.wait_for_function("() => document.querySelector('#notifications')?.textContent.includes('Saved.')")
    assert turn_noise("() => document.querySelector('#setting-page-off')") == (0, 0)
    assert page.title().startswith("●")       # the title still tells which tab waits
    assert page.locator("#setting-page-off").count() == 1
    assert page.locator("#setting-sound").is_disabled()


def test_a_decision_is_announced_once_while_it_waits_however_the_version_moves(open_page, server):
    """Notre Dame's first card is chosen by both seats at once: the other seat's choice moves the
    version on, not the turn, so the waiting seat's page does not beep a second time."""
    table = _table(server.url, ["human", "human"])
    page = open_page()
    page.add_init_script(NOISE_PROBE)
    page.goto(table["seats"][0]["join_url"])
    page.wait_for_selector("#actions button.action")
    page.wait_for_function("() => window.__tones === 2")
    other = {"Authorization": f"Bearer {table['seats'][1]['token']}"}
    frame = httpx.get(f"{server.url}/api/tables/{table['id']}", headers=other, timeout=30).json()
    answer = httpx.post(f"{server.url}/api/tables/{table['id']}/actions", headers=other, timeout=30,
                        json={"key": frame["actions"][0]["key"], "version": frame["version"]})
    assert answer.status_code == 200, answer.text
    page.wait_for_selector(f".table-page[data-version='{frame['version'] + 1}'] #actions button.action")
    page.wait_for_timeout(300)                                   # (the announcement is async)
    assert (page.evaluate("window.__tones"), page.evaluate("window.__notes.length")) == (2, 1)


def test_a_frame_come_between_the_press_and_the_release_does_not_swallow_the_click(open_page, server):
    """The page draws anew on every frame: one drawn while the button is held would put a new
    button under the pointer and the click be lost (seen in CI on "Agree")."""
    table = _table(server.url, ["human", "human"])
    first, second = open_page(), open_page()
    watch = Watch(second)
    for page, seat in ((first, 0), (second, 1)):
        page.goto(table["seats"][seat]["join_url"])
        page.wait_for_selector("#pause-days")
    first.fill("#pause-days", "2")
    first.click("#pause-propose")
    second.wait_for_selector("#pause-agree")
    seen = max(watch.frames)
    _in_view(second, "#pause-agree")
    second.hover("#pause-agree")
    second.mouse.down()
    # Meanwhile a seat moves: a new frame reaches the page while its button is held.
    token = {0: table["seats"][0]["token"], 1: table["seats"][1]["token"]}
    for seat in (0, 1):
        frame = httpx.get(f"{server.url}/api/tables/{table['id']}?seat={seat}",
                          headers={"Authorization": f"Bearer {token[seat]}"}, timeout=30).json()
        if frame["actions"]:
            moved = httpx.post(f"{server.url}/api/tables/{table['id']}/actions", timeout=30,
                               headers={"Authorization": f"Bearer {token[seat]}"},
                               json={"key": frame["actions"][0]["key"], "version": frame["version"]})
            assert moved.status_code == 200, moved.text
            break
    for _ in range(100):
        if max(watch.frames) > seen:
            break
        second.wait_for_timeout(50)
    assert max(watch.frames) > seen, "no frame came while the button was held"
    second.mouse.up()
    for page in (first, second):
        page.wait_for_selector("#clock.paused", timeout=10_000)


def test_the_newest_frame_is_drawn_however_late_the_games_descriptions_come(open_page, server):
    """The page draws a frame once the games' descriptions (GET /api/games) have come. When the
    first answer came last, the frame it was asked for was drawn over a newer one: the page stayed
    a version behind and the seat's decision never showed (seen in CI, early in Messina games)."""
    table = _table(server.url, ["human", "human"])
    page = open_page()
    watch = Watch(page)
    held = []
    page.route("**/api/games", lambda route: route.continue_() if held else held.append(route))
    page.goto(table["seats"][0]["join_url"])
    for _ in range(200):
        if held and watch.frames:
            break
        page.wait_for_timeout(25)
    assert held and watch.frames, "the page asked for no descriptions or got no frame"
    first = max(watch.frames)
    other = {"Authorization": f"Bearer {table['seats'][1]['token']}"}
    frame = httpx.get(f"{server.url}/api/tables/{table['id']}", headers=other, timeout=30).json()
    moved = httpx.post(f"{server.url}/api/tables/{table['id']}/actions", headers=other, timeout=30,
                       json={"key": frame["actions"][0]["key"], "version": frame["version"]})
    assert moved.status_code == 200, moved.text
    for _ in range(200):
        if max(watch.frames) > first:
            break
        page.wait_for_timeout(25)
    newest = max(watch.frames)
    assert newest > first, "the other seat's move reached the page in no frame"
    page.wait_for_timeout(300)              # (a page that asks again draws the newer frame now)
    held[0].continue_()
    page.wait_for_selector(".table-page[data-version] #actions button.action")
    settled(page)
    page.wait_for_timeout(300)
    assert int(page.get_attribute(".table-page", "data-version")) == newest
