// A live table: one connection per seat this browser plays (several on a hot-seat device), or a
// spectator's. Frames are drawn as they come; a chosen option is sent as its key. The decision
// bar (options with their previews, own supplies, guide, undo) stays in view; a lone option is
// taken after a short visible moment; keys 1-9 choose, u undoes, h asks for a hint (hint.js), ?
// asks for help; a turn-based table has its pause panel (pause.js) (docs/web.md).

import { Connection } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { remember, savedTables, seatsOf } from "./saved.js";
import { actionText, board, context, gameInfo, head, highlight, logPanel, scoreTable, seatList } from "./tableview.js";
import { commonPreview, confirmBox, guideBlock, needsConfirm, optionRows, previewBlock, refusalText, seatSupplies, shownOptions, sinceBlock, suppliesSummary } from "./decision.js";
import { announce, loadPageChannel, setting, settingsPanel, title } from "./announce.js";
import { gameTitle } from "./lobby.js";
import { timeLeftText } from "./labels.js";

// The phone layout (style.css: the bar pinned over the board, in the page's flow).
const PHONE = "(max-width: 900px)";

// How long a lone option stays on screen before it is taken (long enough to read it).
const AUTO_DELAY = 900;
import { helpButton, listenForHelp } from "./help.js";
import { tableChat } from "./chat.js";
import { pauseBadge, pausedClock, pausePanel } from "./pause.js";
import { hintBadge, tableHints } from "./hint.js";

export function mountTable(root, id) {
  // An invite link carries the seat token in the fragment: keep it, then drop it from the address.
  const invited = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  if (invited) history.replaceState(null, "", location.pathname);

  const connections = [];
  const ui = { logSeat: "", status: "open", shown: null, revealed: null, error: null, rendered: -1,
               confirming: null,     // {key, version}: the option whose confirmation is open
               auto: null,           // "seat:version" of the lone option about to be taken
               stopped: null,        // "seat:version" the player chose to decide by hand
               autoTaken: [],        // lone options taken: {version, seat, text}, shown in the log
               waiting: null,        // the seat whose decision was announced and still waits
               shownPlace: null,     // "seat:version" of the last decision brought into view
               refusal: null,        // the undo refusal shown after the player asked (u or button)
               playing: false,       // this page has drawn the game unfinished (its end comes live)
               endShown: false,      // the final scores were brought into view once
               current: null };      // {connection, frame, ctx}: the decision on screen
  let latest = null;                 // the newest frame of any connection
  let clockTimer = null;
  let autoTimer = null;
  const chat = tableChat(id);
  const hints = tableHints(id, () => render());
  listenForHelp(() => latest);
  loadPageChannel().then((on) => { if (!on) render(); });     // (the settings say why they are off)

  function owned() { return connections.filter((c) => c.frame && c.frame.seat !== null); }

  function onFrame(frame, events, connection) {
    if (connection.token && frame.seat !== null) {
      remember(id, { game: frame.game, players: frame.players, seats: { [frame.seat]: connection.token } });
    }
    if (!latest || frame.version >= latest.version) latest = frame;
    ui.error = null;
    render();
  }

  function onError(error) {
    if (error.status === 409) return;          // a stale move: the newer frame is on its way
    ui.error = error.error;
    render();
  }

  function onStatus(status) { ui.status = status; render(); }

  function connect(token, seat) {
    const c = new Connection(id, { token, seat, onFrame, onError, onStatus });
    c.onChat = (messages) => chat.receive(messages);
    connections.push(c);
    c.open();
  }

  /** Which seat's frame to show: the seat to decide (on a hot-seat device, after the pass screen). */
  function perspective() {
    const mine = owned();
    if (!mine.length) return connections[0];
    const deciding = mine.filter((c) => c.frame.actions.length && c.frame.version === latest.version);
    const current = mine.find((c) => c.frame.seat === ui.shown);
    const chosen = deciding.find((c) => c === current) || deciding[0] || current || mine[0];
    ui.shown = chosen.frame.seat;
    return chosen;
  }

  /** Take `action`, asking first when it is irreversible (once: the answer sends it). */
  function pick(connection, action) {
    document.querySelectorAll(".menu").forEach((m) => m.remove());
    const { frame } = connection;
    if (needsConfirm(action, frame)) {
      ui.confirming = { key: action.key, version: frame.version };
      render().then(() => document.getElementById("confirm-yes")?.focus());
      return;
    }
    ui.confirming = null;
    ui.refusal = null;
    connection.act(action.key);
  }

  function choose(connection, actions, anchor, ctx) {
    if (actions.length === 1) { pick(connection, actions[0]); return; }
    const menu = h("div", { class: "menu", role: "menu" },
      actions.map((a) => h("button", { role: "menuitem", "data-focus-key": `menu:${a.key}`,
        onclick: () => { menu.remove(); pick(connection, a); } }, actionText(a, ctx),
        previewBlock(a.data?.preview, ctx))),
      h("button", { class: "small", onclick: () => menu.remove() }, "×"));
    document.querySelectorAll(".menu").forEach((m) => m.remove());
    const r = anchor.getBoundingClientRect();
    menu.style.left = `${Math.max(8, Math.min(window.innerWidth - 280, r.left)) + window.scrollX}px`;
    menu.style.top = `${r.bottom + 4 + window.scrollY}px`;
    document.body.append(menu);
    // a place low in the window (a phone) opened its menu below the screen's edge: lift it in
    const box = menu.getBoundingClientRect();
    if (box.bottom > window.innerHeight - 8) {
      menu.style.top = `${Math.max(8, window.innerHeight - 8 - box.height) + window.scrollY}px`;
    }
    menu.querySelector("button").focus();
  }

  /** The option that is taken without asking, or null: the lone option, or the one every other
   *  option is marked (`data.dominated_by`, e.g. declining a Kingsburg advisor's free help) as
   *  never doing better than; with no confirmation, the seat alone deciding (a simultaneous
   *  decision's timing could tell others something), not just returned to by undo, not stopped
   *  by the player, and the setting on. */
  function autoOption(frame) {
    if (frame.seat === null || frame.finished) return null;
    const only = soleOption(frame.actions);
    if (!only) return null;
    const key = `${frame.seat}:${frame.version}`;
    if (!setting("auto") || ui.stopped === key || only.data?.preview?.confirm) return null;
    if (frame.acting.length !== 1 || frame.acting[0] !== frame.seat) return null;
    if (frame.last?.kind === "undo" && frame.last.seat === frame.seat) return null;
    return only;
  }

  /** The lone option, or the only one no other is dominated by (see autoOption); else null. */
  function soleOption(actions) {
    const kept = actions.filter((a) => !a.data?.dominated_by);
    if (kept.length !== 1) return null;
    return actions.every((a) => a === kept[0] || a.data.dominated_by === kept[0].key) ? kept[0] : null;
  }

  function scheduleAuto(connection, ctx) {
    const { frame } = connection;
    const only = autoOption(frame);
    const key = only ? `${frame.seat}:${frame.version}` : null;
    if (key === ui.auto) return;
    clearTimeout(autoTimer);
    ui.auto = key;
    if (!only) return;
    const text = actionText(only, ctx);
    autoTimer = setTimeout(() => {
      if (ui.auto !== key || connection.frame.version !== frame.version || !autoOption(connection.frame)) return;
      ui.autoTaken.push({ version: frame.version, seat: frame.seat, text, sensible: frame.actions.length > 1 });
      connection.act(only.key);
    }, AUTO_DELAY);
  }

  function undo(connection) {
    const { frame } = connection;
    if (frame.can_undo) { ui.refusal = null; ui.confirming = null; connection.undo(); return; }
    ui.refusal = frame.undo_refusal ? frame.version : null;
    render();
  }

  function undoPart(ctx, connection) {
    const { frame } = ctx;
    if (frame.seat === null || frame.finished) return null;
    if (frame.can_undo) {
      return h("button", { class: "undo", id: "undo", "data-focus-key": "undo", "aria-keyshortcuts": "u",
                           onclick: () => undo(connection) }, t("ui.undo"));
    }
    const shown = ui.refusal === frame.version;
    return h("div", { class: "undo-refused" },
      h("button", { class: "undo small", id: "undo-refused", "aria-disabled": "true", "data-focus-key": "undo-refused",
                    "aria-keyshortcuts": "u", onclick: () => undo(connection) }, t("ui.undo")),
      shown ? h("p", { class: "hint", id: "undo-reason", role: "status" }, t("ui.undo_refused", { reason: refusalText(frame.undo_refusal, ctx) })) : null);
  }

  function decisionPanel(ctx, connection) {
    const { frame } = ctx;
    const parts = [];
    let hint = null;
    const auto = autoOption(frame);
    const lastAuto = ui.autoTaken[ui.autoTaken.length - 1];
    // Over: the game's own guide line says so (with what was settled last) where it has one;
    // the generic sentence beside it said the same twice ("The game is over." / "The game is over").
    if (frame.finished) parts.push(ctx.view?.guide?.next ? null : h("p", { class: "over" }, t("ui.game_over")));
    else if (auto) {
      const sensible = frame.actions.length > 1;       // the others can only do worse
      parts.push(h("h2", { id: "decision" }, t(sensible ? "ui.sensible_option" : "ui.only_option")),
        h("p", { class: "auto-pending", id: "auto-pending", role: "status" },
          t(sensible ? "ui.sensible_option_taking" : "ui.only_option_taking", { option: actionText(auto, ctx) }), " ",
          previewBlock(auto.data?.preview, ctx)),
        h("button", { class: "small", id: "auto-stop", "data-focus-key": "auto-stop", onclick: () => {
          ui.stopped = `${frame.seat}:${frame.version}`;
          render();
        } }, t("ui.auto_stop")));
    } else if (frame.actions.length) {
      const confirming = ui.confirming?.version === frame.version
        && frame.actions.find((a) => a.key === ui.confirming.key);
      parts.push(h("h2", { id: "decision" }, t("ui.your_turn")));
      // Only on the decision that comes right after it (nobody moved between): above a later,
      // unrelated one it read as part of that decision.
      if (lastAuto && lastAuto.seat === frame.seat && lastAuto.version === frame.version - 1) {
        parts.push(h("p", { class: "auto-done", id: "auto-done" },
          t(lastAuto.sensible ? "ui.sensible_taken" : "ui.auto_taken", { option: lastAuto.text })));
      }
      if (confirming) {
        parts.push(confirmBox(ctx, confirming, () => { ui.confirming = null; connection.act(confirming.key); },
          () => { ui.confirming = null; render(); }));
      } else {
        if (ctx.options.size) parts.push(h("p", { class: "hint" }, t("ui.choose_on_board")));
        const common = commonPreview(frame.actions);
        if (common) parts.push(h("p", { class: "common-preview", id: "common-preview" }, t("ui.preview.common"), " ", previewBlock(common, ctx)));
        parts.push(optionRows(ctx, shownOptions(ctx, frame.actions), (a) => pick(connection, a), common),
          h("p", { class: "place-preview", id: "place-preview", "aria-live": "polite", hidden: true }));
        hint = hints.part(ctx, connection);
      }
    } else {
      const waiting = frame.acting.map((s) => ctx.seatName(s));
      parts.push(h("p", { class: "waiting", id: "waiting" }, t("ui.waiting_for", { names: ctx.list(waiting) })));
    }
    if (ui.error) parts.push(h("p", { class: "error", role: "alert" }, t("ui.error", { message: ui.error })));
    // (two events on a phone, where the bar's room is the options')
    const mine = frame.actions.length && !auto
      ? sinceBlock(ctx, connection.events, connection.actedAt, matchMedia(PHONE).matches ? 2 : 3) : null;
    const beside = frame.actions.length ? ctx.mod.besideDecision?.(ctx) : null;    // e.g. Kingsburg's dice
    const around = [mine, guideBlock(ctx), suppliesSummary(ctx, frame.seat), beside];
    // Hint, undo and the settings share one row (on a phone the options keep the bar's room);
    // an open hint or settings panel takes the row's whole width.
    const tools = h("div", { class: "decision-tools" }, hint, undoPart(ctx, connection),
      frame.seat === null || frame.finished ? null : settingsPanel(() => render()));
    return h("section", { class: "decision", id: "decision-bar", "aria-labelledby": "decision" },
      ...parts.slice(0, 1), ...around, ...parts.slice(1), tools);
  }

  /** Pointer or focus on a place with options: show their previews in the bar. */
  function hover(ctx, actions) {
    const line = document.getElementById("place-preview");
    document.querySelectorAll(".option-row.hovered").forEach((row) => row.classList.remove("hovered"));
    if (!line) return;
    if (!actions) { line.hidden = true; line.replaceChildren(); return; }
    for (const a of actions) document.querySelector(`.option-row[data-key="${CSS.escape(a.key)}"]`)?.classList.add("hovered");
    line.replaceChildren(...actions.map((a) => h("span", { class: "place-option" },
      h("strong", {}, actionText(a, ctx)), " ", previewBlock(a.data?.preview, ctx))));
    line.hidden = false;
  }

  function clock(frame) {
    if (frame.clock?.paused) return pausedClock(frame);      // stands still: no countdown
    const deadline = frame.clock?.deadline;
    if (!deadline || frame.finished) return null;
    const offset = frame.clock.now * 1000 - Date.now();
    const el = h("p", { class: "clock", id: "clock", title: t("ui.time_out_note") });
    const tick = () => {
      const left = Math.max(0, Math.round((deadline * 1000 - (Date.now() + offset)) / 1000));
      el.textContent = t("ui.time_left", { time: timeLeftText(left) });
    };
    tick();
    clockTimer = setInterval(tick, 1000);
    return el;
  }

  function invites() {
    const links = Object.entries(savedTables()[id]?.invites || {});
    if (!links.length || latest?.finished) return null;
    return h("section", { class: "invites" }, h("h2", {}, t("ui.invite")), h("p", {}, t("ui.invite_help")),
      h("ul", {}, links.map(([seat, url]) => {
        const field = h("input", { readonly: true, value: url, "aria-label": t("ui.seat_n", { n: Number(seat) + 1 }) });
        return h("li", {}, h("span", {}, t("ui.seat_n", { n: Number(seat) + 1 })), field,
          h("button", { class: "small", onclick: async (e) => {
            field.select();
            try { await navigator.clipboard.writeText(url); } catch { document.execCommand?.("copy"); }
            e.target.textContent = t("ui.copied");
          } }, t("ui.copy")));
      })));
  }

  function passScreen(ctx, seat) {
    return h("section", { class: "pass", id: "pass", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" },
      h("h2", { id: "pass-title" }, t("ui.pass_device", { name: ctx.shortName(seat) })),
      h("p", {}, t("ui.pass_device_help")),
      h("button", { class: "primary", id: "reveal", "data-focus-key": "reveal",
                    onclick: () => { ui.revealed = seat; render(); } }, t("ui.i_am", { name: ctx.shortName(seat) })));
  }

  // A press and its release must meet the same button: a frame drawn in between would put a
  // new one in its place and the click be lost, so while a pointer is down the page draws
  // nothing and draws once after the release (and its click).
  let pressed = false, drawAfterRelease = false;
  document.addEventListener("pointerdown", () => { pressed = true; }, true);
  const released = () => {
    pressed = false;
    if (drawAfterRelease) { drawAfterRelease = false; setTimeout(render, 0); }
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);

  // Renders wait for the games' descriptions; only the last one asked for draws, and it reads
  // the newest frames after the wait (an earlier one finishing last drew a stale frame over it).
  let renders = 0;

  async function render() {
    const ticket = ++renders;
    if (!latest) return;
    const info = await gameInfo(latest.game);
    if (ticket !== renders) return;
    if (pressed) { drawAfterRelease = true; return; }
    // A device holding several seats waits until each seat's socket has the newest version:
    // with one frame behind, it could ask to pass the device to the wrong player.
    if (owned().some((c) => c.frame.version < latest.version && c.ws?.readyState === WebSocket.OPEN)) return;
    const connection = perspective();
    const frame = connection?.frame;
    if (!frame) return;
    clearInterval(clockTimer);
    const focused = document.activeElement?.dataset?.focusKey;
    const ctx = context(frame, info);
    ctx.supplyItems = info?.supply_items || {};
    ctx.harmfulItems = info?.harmful_items || [];
    for (const action of frame.actions) {
      const place = ctx.mod.place(action, frame.view);
      if (place) ctx.options.set(place, [...(ctx.options.get(place) || []), action]);
    }
    // Counted by the tokens held, not by the frames come so far: the first frame of a hot-seat
    // device must already stand behind the pass screen.
    const hotSeat = connections.filter((c) => c.token).length > 1;
    const status = ui.status === "open" ? null : h("p", { class: "connection", role: "status" }, t(`ui.connection.${ui.status}`));
    const spectator = frame.seat === null ? h("p", { class: "badge", id: "spectator" }, t("ui.spectator")) : null;
    const myTurn = Boolean(frame.actions.length) && frame.version === latest.version && !autoOption(frame);
    title(gameTitle(frame.game), myTurn && !frame.finished);
    const turnKey = `${frame.seat}:${frame.version}`;
    // Announced when a decision comes to the seat, not again while it waits there (another
    // seat's move in a simultaneous decision moves the version on, not the turn).
    if (frame.version === latest.version) {
      const waiting = myTurn && !frame.finished ? frame.seat : null;
      if (waiting !== null && ui.waiting !== waiting) announce(gameTitle(frame.game));
      ui.waiting = waiting;
    }
    ui.current = null;
    if (hotSeat && ui.revealed !== frame.seat && !frame.finished) {
      clearTimeout(autoTimer);
      ui.auto = null;
      clear(root).append(h("div", { class: "table-page", "data-version": frame.version }, head(ctx, status), passScreen(ctx, frame.seat)));
      document.getElementById("reveal")?.focus();
      return;
    }
    const boardEl = board(ctx, (actions, anchor) => choose(connection, actions, anchor, ctx), (actions) => hover(ctx, actions));
    const newEvents = connection.events.filter((e) => e.version > ui.rendered);
    if (ui.rendered >= 0) highlight(boardEl, newEvents, ctx);
    ui.rendered = frame.version;
    clear(root).append(h("div", { class: "table-page", "data-version": frame.version, "data-seat": frame.seat ?? "" },
      head(ctx, clock(frame), pauseBadge(frame), hintBadge(frame), status, spectator),
      scoreTable(ctx),
      h("div", { class: "table-body" }, boardEl,
        h("aside", { class: "side" }, decisionPanel(ctx, connection),
          pausePanel(ctx, { token: connection.token, seat: frame.seat }, () => render()), seatList(ctx, (seat) => seatSupplies(ctx, seat)), invites(),
          logPanel(ctx, connection.events, ui, chat.panel(ctx, frame.seat === null ? null
            : { token: connection.token, seat: frame.seat }))))));
    root.querySelector(".table-head #phase")?.after(helpButton(() => latest));
    if (focused) root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)?.focus();
    hints.decorate(root, frame);
    ui.current = { connection, frame, ctx };
    scheduleAuto(connection, ctx);
    if (myTurn && ui.shownPlace !== turnKey) { ui.shownPlace = turnKey; bringPlaceIntoView(); }
    fitOptions();
    // The game ends while the player looks at the board (or a phone's pinned bar): the final
    // scores, drawn above the board, come into view once, from their heading and the winner.
    if (!frame.finished) ui.playing = true;
    else if (ui.playing && !ui.endShown) {
      ui.endShown = true;
      document.getElementById("scores")?.scrollIntoView({ block: "start" });
    }
  }

  /** Shorten the bar until it ends inside the window (its options and guide then scroll in
   *  their own boxes, CSS): below a tall head (an unscrolled page) the question, the supplies
   *  and every option stay reachable without scrolling the page. Again on every resize and
   *  scroll (the pinned bar moves). Only beside the board, on a wide screen. */
  function fitOptions() {
    const bar = document.getElementById("decision-bar");
    if (!bar) return;
    bar.style.maxHeight = "";
    // On a phone the bar lies in the page's flow (pinned, at most 55% high by the CSS): changing
    // its height there would move the board under a finger while the page scrolls.
    if (window.matchMedia(PHONE).matches) return;
    const box = bar.getBoundingClientRect();
    const over = box.bottom - window.innerHeight + 8;
    if (over > 0) bar.style.maxHeight = `${Math.max(200, box.height - over)}px`;
  }
  let fitting = false;
  const refit = () => {
    if (fitting) return;
    fitting = true;
    requestAnimationFrame(() => { fitting = false; fitOptions(); });
  };
  window.addEventListener("resize", refit);
  window.addEventListener("scroll", refit, { passive: true });

  /** A new decision whose places on the board are all out of sight (say on the player's own
   *  board below): scroll the first into view, below the pinned bar where the bar covers it. */
  function bringPlaceIntoView() {
    const places = [...root.querySelectorAll(".board [data-place].option")];
    const bar = document.getElementById("decision-bar")?.getBoundingClientRect();
    // Where the bar lies over the board (a phone), it stays pinned at the top once scrolled.
    const under = (r) => Boolean(bar) && bar.left < r.right && r.left < bar.right;
    const seen = (r) => r.bottom > (under(r) ? bar.bottom : 0) && r.top < window.innerHeight;
    const rects = places.map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
    if (!rects.length || rects.some(seen)) return;
    const first = rects[0];
    window.scrollBy({ top: first.top - (under(first) ? bar.height : 0) - 12, behavior: "auto" });
  }

  /** Keys: 1-9 choose an option, u undoes, h asks for a hint, ? asks for help, Escape closes a
   *  confirmation. */
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (target?.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target?.tagName)) return;
    if (event.key === "?") {
      event.preventDefault();
      document.dispatchEvent(new CustomEvent("ludoteka:help"));
      return;
    }
    const current = ui.current;
    if (!current || !root.contains(document.querySelector(".table-page"))) return;
    const { connection, frame, ctx } = current;
    if (event.key === "Escape" && ui.confirming) { ui.confirming = null; render(); return; }
    if (/^[1-9]$/.test(event.key) && !ui.confirming && frame.actions.length && !autoOption(frame)) {
      const action = shownOptions(ctx, frame.actions)[Number(event.key) - 1];
      if (action) { event.preventDefault(); pick(connection, action); }
    } else if ((event.key === "u" || event.key === "U") && frame.seat !== null && !frame.finished) {
      event.preventDefault();
      undo(connection);
    } else if ((event.key === "h" || event.key === "H") && !ui.confirming && hints.available(frame)) {
      event.preventDefault();
      hints.ask(connection);
    }
  }
  document.addEventListener("keydown", onKey);

  const mine = seatsOf(id);
  for (const { seat, token } of mine) connect(token, seat);
  if (invited && !mine.some((m) => m.token === invited)) connect(invited, null);
  if (!connections.length) connect(null, null);
  clear(root).append(h("p", { class: "loading" }, "…"));

  return { refresh: () => render() };
}
