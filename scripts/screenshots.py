"""Write screenshots of the browser client to docs/screenshots/: the lobby and a table in the
middle of a game, for every game with a drawn board and every language, plus phone-sized views.

Usage: .venv/bin/python scripts/screenshots.py [--out docs/screenshots]
Needs Debian's chromium and the dev extras (Playwright); starts its own server on a temporary
SQLite database, plays the first decisions by clicks against computer seats, then shoots.
Wide views are whole pages at 1440x900; phone views what a 390x844 screen shows (English only,
unless --all-phones: every language, to look at before a release, not to commit)."""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests")]   # (tests/web/conftest.py first)

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_kit import click_option, start_table, wait_turn  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from server_kit import Server  # noqa: E402

LANGUAGES = ("en", "cs", "de", "pl")
GAMES = {"notre-dame": 14, "kingsburg": 12, "messina-1347": 30}   # decisions made before the mid-game picture


def play(page, decisions: int) -> None:
    for step in range(decisions):
        state = wait_turn(page)
        if state == "over":
            return
        if state == "pass":
            page.click("#reveal")
            continue
        click_option(page, step + 1)
    wait_turn(page)
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(600)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--all-phones", action="store_true", help="phone views in every language")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        # One address opens a table per game, language and size: more than the default quota.
        server = Server(f"sqlite:///{folder}/screens.sqlite3", Path(folder) / "server.log",
                        "--max-open-tables", "100").start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                phones = LANGUAGES if args.all_phones else ("en",)
                shots = [(language, 1440, 900, "") for language in LANGUAGES] + \
                        [(language, 390, 844, "phone-" if language == "en" else f"phone-{language}-") for language in phones]
                for language, width, height, prefix in shots:
                    context = browser.new_context(viewport={"width": width, "height": height}, locale=language,
                                                  device_scale_factor=1 if width > 500 else 2)
                    page = context.new_page()
                    page.goto(server.url + "/")
                    page.wait_for_selector("#create")
                    name = f"{language}-lobby.png" if not prefix else f"{prefix}lobby.png"
                    page.screenshot(path=args.out / name, full_page=not prefix)
                    print("wrote", args.out / name, flush=True)
                    for game, decisions in GAMES.items():
                        start = time.perf_counter()
                        start_table(page, server.url, game, ["you", "ai_easy", "ai_easy"])
                        play(page, decisions)
                        name = f"{language}-{game}.png" if not prefix else f"{prefix}{game}.png"
                        page.screenshot(path=args.out / name, full_page=not prefix)
                        print(f"wrote {args.out / name} ({time.perf_counter() - start:.1f} s)", flush=True)
                    context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
