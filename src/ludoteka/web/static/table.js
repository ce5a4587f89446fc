// A live table: one connection per seat this browser plays (several on a hot-seat device), or a
// spectator's. Frames are drawn as they come; a chosen option is sent as its key.

import { Connection } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { remember, savedTables, seatsOf } from "./saved.js";
import { actionText, board, context, gameInfo, head, highlight, logPanel, scoreTable, seatList } from "./tableview.js";
import { helpButton, listenForHelp } from "./help.js";

export function mountTable(root, id) {
  // An invite link carries the seat token in the fragment: keep it, then drop it from the address.
  const invited = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  if (invited) history.replaceState(null, "", location.pathname);

  const connections = [];
  const ui = { logSeat: "", status: "open", shown: null, revealed: null, error: null, rendered: -1 };
  let latest = null;                 // the newest frame of any connection
  let clockTimer = null;
  listenForHelp(() => latest);

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

  function choose(connection, actions, anchor, ctx) {
    if (actions.length === 1) { connection.act(actions[0].key); return; }
    const menu = h("div", { class: "menu", role: "menu" },
      actions.map((a) => h("button", { role: "menuitem", "data-focus-key": `menu:${a.key}`,
        onclick: () => { menu.remove(); connection.act(a.key); } }, actionText(a, ctx))),
      h("button", { class: "small", onclick: () => menu.remove() }, "×"));
    document.querySelectorAll(".menu").forEach((m) => m.remove());
    const r = anchor.getBoundingClientRect();
    menu.style.left = `${Math.max(8, Math.min(window.innerWidth - 280, r.left)) + window.scrollX}px`;
    menu.style.top = `${r.bottom + 4 + window.scrollY}px`;
    document.body.append(menu);
    menu.querySelector("button").focus();
  }

  function decisionPanel(ctx, connection) {
    const { frame } = ctx;
    const parts = [];
    if (frame.finished) parts.push(h("p", { class: "over" }, t("ui.game_over")));
    else if (frame.actions.length) {
      parts.push(h("h2", {}, t("ui.your_turn")));
      if (ctx.options.size) parts.push(h("p", { class: "hint" }, t("ui.choose_on_board")));
      parts.push(h("div", { class: "actions", id: "actions" }, frame.actions.map((a) =>
        h("button", { class: "action", "data-key": a.key, "data-focus-key": `action:${a.key}`,
                      onclick: () => connection.act(a.key) }, actionText(a, ctx)))));
    } else {
      const waiting = frame.acting.map((s) => ctx.seatName(s));
      parts.push(h("p", { class: "waiting", id: "waiting" }, t("ui.waiting_for", { names: ctx.list(waiting) })));
    }
    if (frame.can_undo) {
      parts.push(h("button", { class: "undo", id: "undo", "data-focus-key": "undo",
                               onclick: () => connection.undo() }, t("ui.undo")));
    }
    if (ui.error) parts.push(h("p", { class: "error", role: "alert" }, t("ui.error", { message: ui.error })));
    return h("section", { class: "decision", "aria-labelledby": "decision" }, ...parts);
  }

  function clock(frame) {
    const deadline = frame.clock?.deadline;
    if (!deadline || frame.finished) return null;
    const offset = frame.clock.now * 1000 - Date.now();
    const el = h("p", { class: "clock", id: "clock", title: t("ui.time_out_note") });
    const tick = () => {
      const left = Math.max(0, Math.round((deadline * 1000 - (Date.now() + offset)) / 1000));
      const m = Math.floor(left / 60), s = String(left % 60).padStart(2, "0");
      el.textContent = t("ui.time_left", { time: `${m}:${s}` });
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

  async function render() {
    // A device holding several seats waits until each seat's socket has the newest version:
    // with one frame behind, it could ask to pass the device to the wrong player.
    if (owned().some((c) => c.frame.version < latest.version && c.ws?.readyState === WebSocket.OPEN)) return;
    const connection = perspective();
    const frame = connection?.frame;
    if (!frame) return;
    const info = await gameInfo(frame.game);
    clearInterval(clockTimer);
    const focused = document.activeElement?.dataset?.focusKey;
    const ctx = context(frame, info);
    for (const action of frame.actions) {
      const place = ctx.mod.place(action, frame.view);
      if (place) ctx.options.set(place, [...(ctx.options.get(place) || []), action]);
    }
    // Counted by the tokens held, not by the frames come so far: the first frame of a hot-seat
    // device must already stand behind the pass screen.
    const hotSeat = connections.filter((c) => c.token).length > 1;
    const status = ui.status === "open" ? null : h("p", { class: "connection", role: "status" }, t(`ui.connection.${ui.status}`));
    const spectator = frame.seat === null ? h("p", { class: "badge", id: "spectator" }, t("ui.spectator")) : null;
    if (hotSeat && ui.revealed !== frame.seat && !frame.finished) {
      clear(root).append(h("div", { class: "table-page", "data-version": frame.version }, head(ctx, status), passScreen(ctx, frame.seat)));
      document.getElementById("reveal")?.focus();
      return;
    }
    const boardEl = board(ctx, (actions, anchor) => choose(connection, actions, anchor, ctx));
    const newEvents = connection.events.filter((e) => e.version > ui.rendered);
    if (ui.rendered >= 0) highlight(boardEl, newEvents, ctx);
    ui.rendered = frame.version;
    clear(root).append(h("div", { class: "table-page", "data-version": frame.version, "data-seat": frame.seat ?? "" },
      head(ctx, clock(frame), status, spectator),
      scoreTable(ctx),
      h("div", { class: "table-body" }, boardEl,
        h("aside", { class: "side" }, decisionPanel(ctx, connection), seatList(ctx), invites(),
          logPanel(ctx, connection.events, ui)))));
    root.querySelector(".table-head #phase")?.after(helpButton(() => latest));
    if (focused) root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)?.focus();
  }

  const mine = seatsOf(id);
  for (const { seat, token } of mine) connect(token, seat);
  if (invited && !mine.some((m) => m.token === invited)) connect(invited, null);
  if (!connections.length) connect(null, null);
  clear(root).append(h("p", { class: "loading" }, "…"));

  return { refresh: () => render() };
}
