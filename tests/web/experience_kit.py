"""Checks of the play experience at one decision in Chromium (issue 23 §6): no needless lone
option, the decision and the own supplies in view at desktop and phone sizes, the title
announcing the turn, no untranslated or raw text, and every clicked option's preview shown as
the engine sent it and matching the change that followed.

`Watch` keeps what the page's WebSockets received (the frames, by version) and sent (the chosen
keys), so the test knows the frame a decision was made on and which option a board click sent."""
from __future__ import annotations

import json
import re

import httpx

from browser_kit import KEY_PATTERN, server_table, settled, strings, untranslated, version

SIZES = [(1440, 900), (390, 844)]
PREFIX = {"notre-dame": "nd", "kingsburg": "kb", "messina-1347": "ms"}
# A raw option or item key ("play:bank", "large_fire") and an agent spec ("ismcts:iterations=1500").
RAW_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z_]+:[a-z_0-9]+\b")
AGENT_SPEC = re.compile(r"ismcts|mcts|iterations=|seconds=|\brandom:|greedy", re.I)


def plural(language: str, n: int) -> str:
    """The CLDR plural category of a whole number `n` (what Intl.PluralRules says for it)."""
    if language in ("en", "de"):
        return "one" if n == 1 else "other"
    if language == "cs":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    if n == 1:                                               # pl
        return "one"
    return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"


def shown(language: str, value) -> str:
    """A parameter as the client's i18n.js writes it: a number with decimals in the language's
    way ("10,5" in Czech, German and Polish, one decimal at most), anything else as it is."""
    if isinstance(value, float) and not value.is_integer():
        written = f"{round(value, 1):g}"
        return written if language == "en" else written.replace(".", ",")
    return str(int(value)) if isinstance(value, float) else str(value)


def text(language: str, key: str, **args) -> str:
    """The language file's text of `key` filled with `args` (plural by `n`), as the client's t()."""
    value = strings(language)[key]
    if isinstance(value, dict):
        value = value.get(plural(language, int(args.get("n", 0))), value["other"])
    return re.sub(r"\{(\w+)\}", lambda m: shown(language, args[m.group(1)]) if m.group(1) in args else m.group(0),
                  value)


class Watch:
    """The state frames a page received (by version) and the actions it sent."""

    def __init__(self, page):
        self.frames: dict[int, dict] = {}
        self.sent: list[dict] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def _received(self, payload) -> None:
        data = json.loads(payload)
        if data.get("type") == "state":
            self.frames[data["version"]] = data

    def summary(self) -> str:
        """The last messages sent and the newest versions received (for a failure's message)."""
        return f"sent (last 3): {self.sent[-3:]}; versions received (last 5): {sorted(self.frames)[-5:]}"

    def stuck(self, page) -> str:
        """Why a page may show no decision: the summary, what the page shows, and the table as
        the server has it now (for a failure's message)."""
        shown = page.evaluate("""() => ({
            version: document.querySelector('.table-page')?.dataset.version,
            bar: document.querySelector('#decision-bar')?.innerText.slice(0, 300),
            auto: Boolean(document.querySelector('#auto-pending')),
            status: document.querySelector('.connection')?.innerText })""")
        return f"{self.summary()}; the page: {shown}; the server: {server_table(page)}"

    def chosen(self, page, mark: int) -> tuple[int, str]:
        """The version and key of the one action sent since `self.sent` held `mark` messages.
        Waits for it a little: the page may have moved on first (in a simultaneous decision the
        computer's move can come before the click's), and a sent frame is reported late."""
        for _ in range(50):
            sent = [m for m in self.sent[mark:] if m.get("type") == "action"]
            if sent:
                break
            page.wait_for_timeout(100)
        assert len(sent) == 1, f"{len(sent)} actions sent by the click: {sent}"
        return sent[0]["version"], sent[0]["key"]


def lone_option_allowed(frame: dict) -> bool:
    """The documented exceptions to the lone option taken automatically (table.js autoOption):
    its confirmation, a simultaneous decision, a decision just returned to by undo."""
    [only] = frame["actions"]
    last = frame.get("last") or {}
    return bool((only["data"].get("preview") or {}).get("confirm")) or frame["acting"] != [frame["seat"]] \
        or (last.get("kind") == "undo" and last.get("seat") == frame["seat"])


OUT_OF_VIEW = """() => {
    const inside = (el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.width > 0 && r.top >= -0.5 && r.left >= -0.5
            && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    };
    // An option below the fold is reachable where it scrolls inside its own box in the bar,
    // one that holds neither the question nor the supplies (they stay in sight meanwhile).
    const bar = document.querySelector('#decision-bar');
    const scroller = (el) => {
        for (let box = el.parentElement; box && box !== bar; box = box.parentElement) {
            if (['auto', 'scroll'].includes(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight + 1) return box;
        }
        return null;
    };
    const inBar = (el) => {
        const box = scroller(el);
        return Boolean(box) && inside(box) && !box.querySelector('#decision, #supplies');
    };
    const out = [];
    for (const selector of ['#decision', '#supplies', '#actions .option-row:first-child button.action']) {
        const el = document.querySelector(selector);
        if (!el || !inside(el)) out.push(selector);
    }
    document.querySelectorAll('#actions button.action').forEach((el, i) => {
        if (!inside(el) && !inBar(el)) out.push(`option ${i + 1}`);
    });
    return out;
}"""


# Where the page, the side panel and the bar were, and what reaches lowest on the page (to tell a
# scrolled page from a bar too tall or a stray element lengthening the page).
WHERE = """() => {
    const rect = (el) => el && [Math.round(el.getBoundingClientRect().top), Math.round(el.getBoundingClientRect().bottom)];
    let lowest = null, bottom = 0;
    for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.height > 0 && r.bottom > bottom) { bottom = r.bottom; lowest = `${el.tagName}.${el.className}#${el.id}`; }
    }
    const side = document.querySelector('.side');
    return JSON.stringify({ scrollY, height: document.documentElement.scrollHeight, side: rect(side),
        sideScroll: side?.scrollTop, bar: rect(document.querySelector('#decision-bar')),
        body: rect(document.querySelector('.table-body')), lowest, focus: document.activeElement?.outerHTML.slice(0, 80) });
}"""


def in_view_problems(page, sizes=SIZES) -> list[str]:
    """At each size: the question, the first option and the own supplies wholly inside the
    viewport, and every other option too or inside the bar that scrolls. The page is left at the
    last size."""
    problems = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        out = page.evaluate(OUT_OF_VIEW)
        if out:      # where the page and the bar were, to tell a scrolled page from a bar too tall
            where = page.evaluate(WHERE)
            problems += [f"{part} outside the {width}x{height} viewport (scroll, bar: {where})" for part in out]
    return problems


def text_problems(page, language: str, frame: dict | None = None) -> list[str]:
    """What the visible text must not hold: a translation key, a raw option key, an agent spec,
    and what the client had to take from English or the engine (its records)."""
    visible = page.inner_text("body")
    problems = [f"key {k!r} shown" for k in KEY_PATTERN.findall(visible)]
    problems += [f"raw key {k!r} shown" for k in RAW_KEY.findall(visible)]
    problems += [f"agent spec {k!r} shown" for k in AGENT_SPEC.findall(visible)]
    for action in (frame or {}).get("actions", []):      # a key that is more than a word
        key = action["key"]
        if not key.isalpha() and not key.isdigit() and re.search(rf"(?<![\w:]){re.escape(key)}(?![\w:])", visible):
            problems.append(f"option key {key!r} shown")
    problems += [f"no {language} text: {k}" for k in page.evaluate("window.ludotekaMissing")]
    problems += [f"engine English: {k}" for k in untranslated(page)]
    return problems


def preview_lines(preview: dict | None, game: str, language: str) -> list[str]:
    """The texts a preview must show (decision.js previewParts): each item's amount and each note."""
    if not preview:
        return []
    prefix = PREFIX[game]
    lines = [text(language, f"{prefix}.item.{item}", n=abs(n)) for item, n in (preview.get("gain") or {}).items()]
    lines += [text(language, f"{prefix}.note.{n['key']}", **n.get("args", {})) for n in preview.get("notes", [])]
    return lines


def decision_problems(page, watch: Watch, game: str, language: str) -> tuple[dict, list[str]]:
    """The frame of the decision on screen and what is wrong with it (lone option, title,
    decision and supplies out of view at either size, texts)."""
    frame = watch.frames[version(page)]
    problems = []
    shown = page.locator("#actions button.action").count()
    if shown != len(frame["actions"]):
        problems.append(f"{shown} options shown of {len(frame['actions'])}")
    if len(frame["actions"]) == 1 and not lone_option_allowed(frame):
        problems.append(f"a lone option reached the player: {frame['actions'][0]['key']}")
    wanted = text(language, "ui.title_your_turn", game=text(language, f"game.{game}"))
    if page.title() != wanted:
        problems.append(f"title {page.title()!r}, not {wanted!r}")
    problems += in_view_problems(page)
    problems += text_problems(page, language, frame)
    return frame, problems


def shown_previews(page) -> dict[str, str]:
    """The preview text beside each option row, by option key, with the line above the options
    that says what every option's preview has in common ("Whatever you choose: …")."""
    return page.evaluate("""() => {
        const common = document.querySelector('#common-preview')?.innerText || '';
        return Object.fromEntries([...document.querySelectorAll('#actions .option-row')]
            .map((row) => [row.dataset.key, (row.querySelector('.preview')?.innerText || '') + ' ' + common])); }""")


def _shows(shown: str, line: str) -> bool:
    """Whether `shown` holds `line`; a placeholder left in it (an argument the game's module derives
    from the note's, decision.js `noteArgs`) stands for some non-empty text."""
    parts = re.split(r"\{\w+\}", line)
    if len(parts) == 1:
        return line in shown
    return re.search("[^·]+?".join(map(re.escape, parts)), shown) is not None


def preview_shown_problems(action: dict, shown: str, game: str, language: str) -> list[str]:
    """The option's preview as the page showed it lacks a line the engine's preview has."""
    return [f"{action['key']}: preview shows {shown!r}, lacks {line!r}"
            for line in preview_lines(action["data"].get("preview"), game, language) if not _shows(shown, line)]


def change_problems(url: str, table: str, token: str, watch: Watch, chosen: list[tuple[int, dict]]) -> list[str]:
    """Each clicked option (made on frame version v) against the change of the seat's supplies
    from frame v to frame v+1 (the page's, else the finished game's replay frame)."""
    problems = []
    for before, action in chosen:
        frame = watch.frames[before]
        after = watch.frames.get(before + 1)
        if after is None:
            after = httpx.get(f"{url}/api/tables/{table}/replay", params={"version": before + 1},
                              headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
        seat = str(frame["seat"])
        preview = action["data"].get("preview") or {}
        # `then`: a chance step after the shown change (Kingsburg's battle) moves these again
        unsure = set(preview.get("uncertain", ())) | set(preview.get("then", ()))
        old, new = frame["supplies"][seat], after["supplies"][seat]
        change = {i: new.get(i, 0) - old.get(i, 0) for i in set(old) | set(new)
                  if new.get(i, 0) != old.get(i, 0) and i not in unsure}
        said = {i: n for i, n in (preview.get("gain") or {}).items() if i not in unsure}
        if change != said:
            problems.append(f"version {before} {action['key']}: preview {said}, change {change}")
    return problems
