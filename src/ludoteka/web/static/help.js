// The rules help of a table's game: a panel with the goal, the round structure and one section
// per phase, opened at the section that explains the pending decision (the frame's `decision`,
// which each section lists among its `decisions`). The texts come from the engine
// (GET /api/games/NAME/help?lang=xx) as plain text: they reach the page as text nodes only,
// never as markup. A blank line separates paragraphs; lines starting with "- " make a list.

import { h, clear } from "./dom.js";
import { language, t } from "./i18n.js";

const loaded = new Map();          // "game lang" -> the help (a promise)
let panel = null;
let opener = null;                 // what had the focus before the panel opened

function load(game, lang) {
  const key = `${game} ${lang}`;
  if (!loaded.has(key)) {
    loaded.set(key, fetch(`/api/games/${encodeURIComponent(game)}/help?lang=${encodeURIComponent(lang)}`)
      .then(async (response) => {
        const data = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(data.error || response.statusText);
        return data;
      })
      .catch((error) => { loaded.delete(key); throw error; }));
  }
  return loaded.get(key);
}

/** Paragraphs and lists of a plain text, as elements holding text nodes only. */
function blocks(text) {
  const out = [];
  let items = null;
  for (const line of String(text).split("\n")) {
    if (line.startsWith("- ")) {
      if (!items) out.push(items = h("ul", {}));
      items.append(h("li", {}, line.slice(2)));
    } else {
      items = null;
      if (line.trim()) out.push(h("p", {}, line));
    }
  }
  return out;
}

function section(id, title, text, current) {
  return h("section", { class: current ? "help-section help-now" : "help-section", id: `help-${id}`,
                        "aria-labelledby": `help-${id}-title`, tabindex: "-1" },
    h("h3", { id: `help-${id}-title` }, title, current ? h("span", { class: "help-badge" }, t("ui.help.now")) : null),
    ...blocks(text));
}

/** Close the panel (Esc, its close button); the focus goes back where it was. */
export function closeHelp() {
  if (!panel) return;
  panel.remove();
  panel = null;
  document.removeEventListener("keydown", onKey, true);
  if (opener?.isConnected) opener.focus();
  else document.getElementById("help-button")?.focus();
  opener = null;
}

function onKey(event) {
  if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); closeHelp(); }
}

/** Open the rules help of `frame`'s game at the section of its pending decision. */
export async function openHelp(frame) {
  if (!frame) return;
  if (panel) closeHelp();
  opener = document.activeElement;
  const body = h("div", { class: "help-body" }, h("p", { class: "loading" }, "…"));
  const close = h("button", { class: "help-close", id: "help-close", "aria-label": t("ui.help.close"),
                              title: t("ui.help.close"), onclick: closeHelp }, "×");
  const heading = h("h2", { id: "help-title" }, t("ui.help.button"));
  panel = h("aside", { class: "help-panel", id: "help", role: "dialog", "aria-labelledby": "help-title" },
    h("div", { class: "help-top" }, heading, close), body);
  document.body.append(panel);
  document.addEventListener("keydown", onKey, true);
  close.focus();
  const mine = panel;
  let help;
  try {
    help = await load(frame.game, language());
  } catch (error) {
    if (panel === mine) clear(body).append(h("p", { class: "error", role: "alert" }, t("ui.help.error", { message: error.message })));
    return;
  }
  if (panel !== mine) return;                      // closed (or opened again) meanwhile
  const now = help.sections.find((s) => s.decisions.includes(frame.decision));
  heading.textContent = help.title;
  const contents = h("nav", { class: "help-contents", "aria-label": t("ui.help.contents") },
    h("ul", {}, [["goal", t("ui.help.goal")], ["rounds", t("ui.help.rounds")], ...help.sections.map((s) => [s.id, s.title])]
      .map(([id, title]) => h("li", {}, h("a", { href: `#help-${id}`, class: now?.id === id ? "help-now" : null,
        onclick: (e) => { e.preventDefault(); mine.querySelector(`#help-${CSS.escape(id)}`)?.scrollIntoView({ block: "start" }); } }, title)))));
  clear(body).append(contents,
    section("goal", t("ui.help.goal"), help.goal, false),
    section("rounds", t("ui.help.rounds"), help.rounds, false),
    ...help.sections.map((s) => section(s.id, s.title, s.text, s === now)));
  // The current phase first in view; without one (the game is over), the goal.
  const target = mine.querySelector(now ? `#help-${CSS.escape(now.id)}` : "#help-goal");
  body.scrollTop = target.offsetTop - body.offsetTop;
  target.focus({ preventScroll: true });
}

/** The table's "Rules" button; `current` gives the frame shown. The `?` key of the table sends
 *  the event `ludoteka:help`, which opens the same panel. */
export function helpButton(current) {
  return h("button", { class: "small help-button", id: "help-button", "aria-haspopup": "dialog",
                       "data-focus-key": "help", onclick: () => openHelp(current()) }, t("ui.help.button"));
}

/** Open the help on `ludoteka:help`, or close it when it is open (once per page; `current`
 *  gives the frame shown). */
export function listenForHelp(current) {
  document.addEventListener("ludoteka:help", () => (panel ? closeHelp() : openHelp(current())));
}
