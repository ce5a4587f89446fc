// What a table shows for one frame, live or replayed: the head, the reconstructed-data banner,
// the board drawn by the game's module, the seats, the log and, at the end, the score table.

import { api } from "./api.js";
import { h } from "./dom.js";
import { has, list, number, t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { choiceText, computerText, optionDoc, optionName, presenceText } from "./labels.js";
import { gameTitle } from "./lobby.js";
import { remember, savedTables } from "./saved.js";
import { setTipResolver } from "./tooltip.js";

let described = null;

/** The games' descriptions and components (GET /api/games), fetched once: the one request is
 *  shared by every caller until it answers (a failed one is asked again next time). */
export async function gameInfo(name) {
  described ??= api("/api/games").then((answer) => Object.fromEntries(answer.games.map((g) => [g.name, g])))
    .catch((error) => { described = null; throw error; });
  return (await described)[name];
}

/** The context a game module draws with; `options` (place -> the actions chosen there) starts empty. */
export function context(frame, info) {
  const mod = gameModule(frame.game);
  const components = Object.fromEntries((info?.components || []).map((c) => [c.id, c]));
  const ctx = { frame, view: frame.view, seat: frame.seat, options: new Map(), components, t, list, has, mod };
  ctx.seatName = (seat) => {
    if (seat === null || seat === undefined) return "—";
    const info = frame.seats[seat];
    if (info?.kind === "ai" && seat !== frame.seat) return `${mod.seatName(seat, ctx)} (${computerText(info.level)})`;
    return ctx.youName(seat);
  };
  ctx.shortName = (seat) => mod.seatName(seat, ctx);
  // The short name, "… (you)" for the viewing seat: the log, the scores and the winner line.
  ctx.youName = (seat) => (seat === frame.seat ? `${ctx.shortName(seat)} (${t("ui.you")})` : ctx.shortName(seat));
  return ctx;
}

// What fell back to the kernel's English text (the browser tests check it stays empty).
window.ludotekaUntranslated = [];

/** Record that `what` was shown in the engine's English (no text in the language files). */
export function fellBack(what) { window.ludotekaUntranslated.push(what); }

/** A reason of the analysis (`ai.*` note) in the current language: the category by the game's
 *  `<prefix>.cat.<name>`, the other option compared named in words. The hints and the review of a
 *  game (`ai.analysis.reasons` on the server) both give them. */
export function reasonText(reason, ctx) {
  const args = reason.args || {};
  const cat = `${ctx.mod.prefix}.cat.${args.category}`;
  if (!has(reason.key) || (args.category && !has(cat))) {
    fellBack(`reason:${reason.key}:${args.category || ""}`);
    return reason.text || reason.key;
  }
  const points = Number(args.points ?? 0);
  return t(reason.key, {
    category: args.category ? t(cat) : "", n: Math.abs(points),
    points: `${points > 0 ? "+" : points < 0 ? "−" : "±"}${number(Math.abs(points))}`,
    than: t(args.versus === "next" ? "ai.than_next" : "ai.than_best"),
  });
}

/** `translate()`, or the kernel's English `fallback` when the module has no text (recorded). */
function translated(translate, fallback, what) {
  try {
    const text = translate();
    if (text != null) return text;
  } catch (error) {
    console.warn(what, error);
  }
  fellBack(what);
  return fallback;
}

/** An event's text in the current language; the seat viewing is named "… (you)" in it, so the
 *  log and the decision bar say which lines are about the player's own moves. */
export function eventText(event, ctx) {
  return translated(() => ctx.mod.eventText(event, eventContext(ctx)), event.text, `event:${event.kind}`);
}

/** `ctx` with `shortName` adding "(you)" to the viewing seat (a spectator's: `ctx` itself). */
function eventContext(ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return ctx;
  if (!ctx.forEvents) {
    const named = Object.create(ctx);          // every later property of ctx still shows through
    named.shortName = ctx.youName;
    ctx.forEvents = named;
  }
  return ctx.forEvents;
}

export function actionText(action, ctx) {
  return translated(() => ctx.mod.actionText(action, ctx), action.label, `action:${action.key}`);
}

// Whether the reconstructed-data banner is open: the player's choice (remembered in this
// browser), else open on a wide screen the first time only and folded to its title after that
// and on a phone (where it pushed the decision below the fold; on a desktop a browser audit found
// it taking 75 px of every page). Its title always stays on screen.
const BANNER_KEY = "ludoteka.banner.reconstructed";
let bannerOpen = null;

// (storage off: the page keeps its choice until it is left)
function savedChoice() {
  try { return localStorage.getItem(BANNER_KEY); } catch { return null; }
}

function saveChoice(value) {
  try { localStorage.setItem(BANNER_KEY, value); } catch { /* see savedChoice */ }
}

function reconstructedBanner(ctx) {
  const note = ctx.mod.reconstructed(ctx);
  if (!note) return null;
  if (bannerOpen === null) {
    const saved = savedChoice();
    bannerOpen = saved ? saved === "open" : window.innerWidth > 700;
    if (!saved && bannerOpen) saveChoice("seen");
  }
  return h("details", { class: "banner", role: "note", id: "reconstructed", open: bannerOpen,
                        // (a details element drawn open fires "toggle" too: only a change is the player's)
                        ontoggle: (e) => {
                          if (e.target.open === bannerOpen) return;
                          bannerOpen = e.target.open;
                          saveChoice(bannerOpen ? "open" : "closed");
                        } },
    h("summary", {}, h("strong", {}, t("ui.reconstructed"))), note, ". ", t("ui.reconstructed_help"));
}

/** The head line: game, table, round or year, and `extra` (timer, connection). */
export function head(ctx, ...extra) {
  return h("div", { class: "table-head" },
    h("h1", {}, gameTitle(ctx.frame.game), h("small", {}, ` · ${t("ui.table", { id: ctx.frame.table })}`)),
    h("p", { class: "phase", id: "phase" }, ctx.mod.status(ctx)), ...extra, reconstructedBanner(ctx), rulesLine(ctx));
}

/** Which rules the table plays: its rules revision (an older one for a table begun before a
 *  ruling changed a default) and every option as resolved, each with its description. */
function rulesLine(ctx) {
  const { frame } = ctx;
  if (frame.rules_revision === undefined) return null;
  const older = frame.rules_revision < frame.current_revision;
  const doc = (name) => optionDoc(frame.game, name);
  return h("details", { class: "rules", id: "rules" },
    h("summary", {}, t(older ? "ui.rules_older" : "ui.rules", { revision: frame.rules_revision })),
    h("ul", {}, Object.entries(frame.options).map(([name, value]) =>
      h("li", { "data-option": name }, t("ui.option_value", { name: optionName(frame.game, name), value: choiceText(frame.game, name, value) }),
        doc(name) ? h("small", {}, ` (${doc(name)})`) : null))));
}

/** The board, with the elements of places that have options made clickable; `hover(actions)`
 *  hears when a mouse pointer or the keyboard's focus enters such a place (and `hover(null)`
 *  when it leaves). */
export function board(ctx, choose, hover = null) {
  setTipResolver((id) => ctx.mod.explain(id, ctx));
  const drawn = ctx.mod.render(ctx);
  for (const el of drawn.querySelectorAll("[data-place]")) {
    const actions = ctx.options.get(el.dataset.place);
    if (!actions || !choose) continue;
    el.classList.add("option");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", actions.map((a) => actionText(a, ctx)).join(" / "));
    el.dataset.focusKey = `place:${el.dataset.place}`;
    const pick = (event) => { event.stopPropagation(); choose(actions, el); };
    el.addEventListener("click", pick);
    if (hover) {
      // A mouse pointer or the keyboard's focus only: a tap's emulated mouseenter and focus come
      // between the finger's touch and its click, and the preview line they showed moved the
      // layout under the finger (a phone audit: 14 of 47 taps on the board chose nothing).
      el.addEventListener("pointerenter", (event) => { if (event.pointerType === "mouse") hover(actions); });
      el.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") hover(null); });
      el.addEventListener("focus", () => { if (el.matches(":focus-visible")) hover(actions); });
      el.addEventListener("blur", () => hover(null));
    }
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(event); }
    });
  }
  return h("div", { class: "board", id: "board" }, drawn);
}

/** Mark what the latest events touched (a short highlight of the last moves). */
export function highlight(boardEl, events, ctx) {
  const places = new Set(events.flatMap((e) => ctx.mod.highlights?.(e, ctx) || []));
  for (const el of boardEl.querySelectorAll("[data-mark]")) {
    if (places.has(el.dataset.mark)) el.classList.add("recent");
  }
}

/** The seats: each one's name (an AI seat's level), and who is connected, thinking or away;
 *  `extra(seat)` adds an element under a seat (its supplies: decision.js seatSupplies). */
export function seatList(ctx, extra = null) {
  const { frame } = ctx;
  const live = !frame.replay && !frame.finished;
  return h("section", { class: "seats", "aria-labelledby": "seats-title" },
    h("h2", { id: "seats-title" }, t("ui.seats")),
    h("ul", { id: "seat-list" }, frame.seats.map((info) => {
      const acting = frame.acting.includes(info.seat) && !frame.finished;
      // A computer is always there: only its thinking is news. Your own seat needs none: "thinking…"
      // beside your name read as if someone else were deciding for you.
      const presence = live && info.seat !== frame.seat && !(info.kind === "ai" && info.presence === "connected")
        ? info.presence : null;
      return h("li", {
        class: [acting ? "acting" : "", info.seat === frame.seat ? "me" : "", presence ? `presence-${presence}` : ""].join(" "),
        "data-seat": info.seat, "data-presence": presence || "",
        style: `--seat: ${ctx.mod.seatColour(info.seat, ctx)}` },
        h("span", { class: "swatch", "aria-hidden": "true" }), h("span", { class: "seat-name" }, ctx.seatName(info.seat)),
        info.player ? h("span", { class: "player-name" }, info.player) : null,
        presence ? h("span", { class: "presence" }, presenceText(presence)) : null,
        acting ? h("span", { class: "dot", "aria-hidden": "true" }) : null,
        extra ? extra(info.seat) : null);
    })));
}

export function logPanel(ctx, events, state, chat = null) {
  const { frame } = ctx;
  const filter = h("select", { id: "log-filter", "aria-label": t("ui.log_filter"),
    onchange: (e) => { state.logSeat = e.target.value; fill(); } },
    h("option", { value: "" }, t("ui.log_all")),
    frame.seats.map((info) => h("option", { value: info.seat, selected: String(info.seat) === state.logSeat }, ctx.shortName(info.seat))));
  const items = h("ol", { class: "log", id: "log", "aria-live": "polite" });
  function fill() {
    // The options this browser took because they were the only ones (state.autoTaken: version
    // of the decision, seat, text) go before the events their move caused (which carry the
    // version the move was made at: kernel GameState.events).
    const lines = events
      .filter((e) => !state.logSeat || e.seats.includes(Number(state.logSeat)))
      .map((e) => [e.version, h("li", { class: e.version === frame.version ? "new" : "", "data-kind": e.kind }, eventText(e, ctx))]);
    for (const taken of state.autoTaken || []) {
      if (state.logSeat && Number(state.logSeat) !== taken.seat) continue;
      lines.push([taken.version - 0.5, h("li", { class: "auto", "data-kind": "auto" }, t(taken.sensible ? "ui.sensible_taken" : "ui.auto_taken", { option: taken.text }))]);
    }
    lines.sort((a, b) => a[0] - b[0]);
    items.replaceChildren(...lines.map(([, li]) => li));
    requestAnimationFrame(() => { items.scrollTop = items.scrollHeight; });
  }
  fill();
  return h("section", { class: "log-panel", "aria-labelledby": "log-title" },
    h("div", { class: "log-head" }, h("h2", { id: "log-title" }, t("ui.log")),
      h("label", {}, t("ui.log_filter"), " ", filter)), items, chat);
}

/** The end of the game: who won, every score category with what it counts (a line under its
 *  name), and, live, the replay and a rematch (for a browser that holds a seat). */
/** Why the seat lost (or won): the gap to the winner (to the best other seat when it won) and
 *  the categories where most of it was made, from the breakdown; null for a spectator. */
function whyLine(ctx, categories, categoryName) {
  const { frame } = ctx;
  const me = frame.seat;
  if (me === null || me === undefined || !frame.breakdown[me]) return null;
  const won = frame.winners.includes(me);
  const others = frame.seats.map((s) => s.seat).filter((s) => s !== me && (won ? !frame.winners.includes(s) : frame.winners.includes(s)));
  if (!others.length) return null;
  const rival = others.reduce((a, b) => (frame.scores[b] > frame.scores[a] ? b : a));
  const [ahead, behind] = won ? [me, rival] : [rival, me];
  const points = (s, c) => frame.breakdown[s].points[c] ?? 0;
  const gaps = categories.map((c) => [c, points(ahead, c) - points(behind, c)])
    .filter(([, gap]) => gap > 0).sort((a, b) => b[1] - a[1]).slice(0, 3);
  const items = gaps.map(([c]) => t("ui.scores_gap_item", { category: categoryName(c), mine: points(me, c), theirs: points(rival, c) }));
  const gap = Math.abs(frame.scores[me] - frame.scores[rival]);
  if (!gap) return null;                       // decided by a tie-break: its rows say how
  return h("p", { class: "why", id: "scores-why" },
    t(won ? "ui.scores_why_won" : "ui.scores_why_lost", { n: gap, name: ctx.shortName(rival) }),
    items.length ? ` ${t("ui.scores_gap_items", { items: list(items) })}` : "");
}

export function scoreTable(ctx) {
  const { frame } = ctx;
  if (!frame.finished || !frame.breakdown) return null;
  const prefix = ctx.mod.prefix;
  const name = (kind, key) => (has(`${prefix}.${kind}.${key}`) ? t(`${prefix}.${kind}.${key}`) : key);
  const help = (kind, key) => (has(`ui.${kind}_help.${prefix}.${key}`)
    ? h("small", { class: "category-help" }, t(`ui.${kind}_help.${prefix}.${key}`)) : null);
  const categories = [...new Set(frame.breakdown.flatMap((b) => Object.keys(b.points)))];
  const tiebreaks = [...new Set(frame.breakdown.flatMap((b) => Object.keys(b.tiebreak || {})))];
  const seats = frame.seats.map((s) => s.seat);
  // The seat's own column and name say "(you)": "Winner: Player 2" left a player to work out
  // which column was theirs.
  const winners = frame.winners.map(ctx.youName);
  return h("section", { class: "scores", id: "scores", "aria-labelledby": "scores-title" },
    h("h2", { id: "scores-title" }, t("ui.scores")),
    h("p", { class: "winner" }, t(winners.length > 1 ? "ui.winners" : "ui.winner", { names: list(winners) })),
    whyLine(ctx, categories, (c) => name("cat", c)),
    frame.replay ? null : endLinks(ctx),
    h("div", { class: "scroll" }, h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: frame.winners.includes(s) ? "won" : "", "data-seat": s }, ctx.youName(s))))),
      h("tbody", {},
        categories.map((c) => h("tr", { "data-category": c }, h("th", { scope: "row" }, name("cat", c), help("cat", c)),
          seats.map((s) => h("td", {}, frame.breakdown[s].points[c] ?? 0)))),
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("ui.score_total")),
          seats.map((s) => h("td", {}, frame.scores[s]))),
        tiebreaks.map((k) => h("tr", { class: "tiebreak", "data-tiebreak": k },
          h("th", { scope: "row" }, `${t("ui.tiebreak")}: ${name("tb", k)}`, help("tb", k)),
          seats.map((s) => h("td", {}, frame.breakdown[s].tiebreak?.[k] ?? ""))))))));
}

/** The replay link, and the rematch for the seats this browser holds: one request per token
 *  (a hot-seat device's one token gets all its seats back); each answer holds only its seats. */
function endLinks(ctx) {
  const id = ctx.frame.table;
  const held = Object.entries(savedTables()[id]?.seats || {});
  const tokens = [...new Set(held.map(([, token]) => token))];
  const status = h("span", { class: "status", role: "status" });
  const rematch = h("button", { class: "primary", id: "rematch", title: t("ui.rematch_help"), onclick: async () => {
    rematch.disabled = true;
    try {
      let table = null;
      const seats = {};
      for (const token of tokens) {
        table = await api(`/api/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", token });
        for (const seat of table.seats) seats[seat.seat] = seat.token;
      }
      remember(table.id, { game: ctx.frame.game, players: ctx.frame.players, seats });
      location.assign(`/play/${table.id}`);
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
      rematch.disabled = false;
    }
  } }, t("ui.rematch"));
  if (tokens.length) {
    // Somebody may have asked already: then this joins their rematch.
    api(`/api/tables/${encodeURIComponent(id)}/rematch`).then((answer) => {
      if (answer.id) rematch.textContent = t("ui.rematch_join");
    }).catch(() => {});
  }
  return h("p", { class: "end-links" },
    h("a", { href: `/replay/${encodeURIComponent(id)}`, id: "replay-link" }, t("ui.replay_link")),
    tokens.length ? rematch : null, tokens.length ? h("small", { class: "hint" }, t("ui.rematch_help")) : null, status);
}
