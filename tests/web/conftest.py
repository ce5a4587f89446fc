"""Fixtures of the browser tests: a real server, and Debian's Chromium driven by Playwright.

CI installs the `chromium` package (.ci/services); elsewhere a missing browser skips these tests.
Every page records its console errors and any request that would leave the server; a test that
produced either fails."""
from __future__ import annotations

import shutil

import pytest

from server_kit import IN_CI, Server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _skip_or_fail(why: str) -> None:
    if IN_CI:
        pytest.fail(f"CI must provide {why} (.ci/services installs it)")
    pytest.skip(f"{why} is not installed here")


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_or_fail("playwright (pip install -e '.[dev]')")
    if not shutil.which("chromium") and not shutil.which(CHROMIUM):
        _skip_or_fail("Debian's chromium")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("web")
    started = Server(f"sqlite:///{folder / 'server.sqlite3'}", folder / "server.log").start()
    yield started
    started.stop()


@pytest.fixture
def open_page(browser, server):
    """`open_page(width=1280, height=900, language="en")`: a page in a new browser context (its
    own storage, like another person's browser). Console errors and outside requests fail the test."""
    contexts, problems = [], []

    def open_(width: int = 1280, height: int = 900, language: str = "en", touch: bool = False):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=language,
                                      has_touch=touch)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30000)
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)

        def outside(request):
            url = request.url
            if not (url.startswith(server.url) or url.startswith("ws://127.0.0.1:" + str(server.port))
                    or url.startswith("data:")):
                problems.append(f"request left the server: {url}")
        page.on("request", outside)
        return page
    yield open_
    for context in contexts:
        context.close()
    assert not problems, problems
