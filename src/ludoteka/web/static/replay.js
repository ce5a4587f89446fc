// The replay viewer: steps through a finished game version by version (the server rebuilds each
// one from the log), seen by any seat or as a spectator.

import { api } from "./api.js";
import { seatsOf } from "./saved.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { seatSupplies } from "./decision.js";
import { board, context, gameInfo, head, highlight, logPanel, scoreTable, seatList } from "./tableview.js";
import { reviewPanel } from "./review.js";

export function mountReplay(root, id) {
  const ui = { version: null, total: 0, seat: "", logSeat: "", frame: null };
  // A private game's replay needs a seat token or its share token: a share link brings it in the
  // fragment (/replay/ID#TOKEN), which the browser never sends; else a seat this browser played.
  const token = decodeURIComponent(location.hash.slice(1)) || (seatsOf(id)[0] || {}).token || null;

  async function go(version) {
    const query = new URLSearchParams({ version: String(Math.max(0, Math.min(ui.total || version, version))) });
    if (ui.seat !== "") query.set("seat", ui.seat);
    try {
      ui.frame = await api(`/api/tables/${encodeURIComponent(id)}/replay?${query}`, { token });
    } catch (error) {
      clear(root).append(h("p", { class: "error", role: "alert" }, t("ui.error", { message: error.message })));
      return;
    }
    ui.version = ui.frame.replay.version;
    ui.total = ui.frame.replay.versions;
    render();
  }

  let reviews = null;       // "Your review" of each seat this browser played (review.js)
  let current = null;

  async function render() {
    const frame = ui.frame;
    if (!frame) return;
    const ctx = context(frame, await gameInfo(frame.game));
    current = ctx;
    if (reviews === null) {
      const mine = seatsOf(id);
      reviews = mine.map(({ seat, token: own }) => reviewPanel(id, seat, own, mine.length > 1,
        { ctx: () => current, goTo: go, shown: () => ui.version }));
    }
    reviews.forEach((r) => r.refresh());
    const step = (v) => () => go(v);
    const controls = h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("ui.replay_of", { id }) },
      // Arrows drawn by CSS (.arrow): no symbol glyph that a system's fonts may lack.
      h("button", { onclick: step(0), id: "replay-start", disabled: ui.version <= 0 },
        h("span", { class: "arrow first", "aria-hidden": "true" }), t("ui.replay_start")),
      h("button", { onclick: step(ui.version - 1), id: "replay-prev", disabled: ui.version <= 0 },
        h("span", { class: "arrow back", "aria-hidden": "true" }), t("ui.replay_prev")),
      h("input", { type: "range", min: 0, max: ui.total, value: ui.version, "aria-label": t("ui.replay_step", { n: ui.version, total: ui.total }),
                   onchange: (e) => go(Number(e.target.value)) }),
      h("button", { onclick: step(ui.version + 1), id: "replay-next", disabled: ui.version >= ui.total },
        t("ui.replay_next"), h("span", { class: "arrow forward", "aria-hidden": "true" })),
      h("button", { onclick: step(ui.total), id: "replay-end", disabled: ui.version >= ui.total },
        t("ui.replay_end"), h("span", { class: "arrow last", "aria-hidden": "true" })),
      h("span", { id: "replay-step" }, t("ui.replay_step", { n: ui.version, total: ui.total })),
      h("label", {}, t("ui.replay_seat"), " ", h("select", { onchange: (e) => { ui.seat = e.target.value; go(ui.version); } },
        h("option", { value: "" }, t("ui.log_all")),
        frame.seats.map((s) => h("option", { value: s.seat, selected: String(s.seat) === ui.seat }, ctx.shortName(s.seat))))));
    const boardEl = board(ctx, null);
    highlight(boardEl, frame.events.filter((e) => e.version === frame.version), ctx);
    clear(root).append(h("div", { class: "table-page replay" },
      head(ctx, h("p", { class: "hint" }, t("ui.replay_keys"))), controls,
      ui.version === ui.total ? scoreTable(ctx) : null,
      h("div", { class: "table-body" }, boardEl,
        h("aside", { class: "side" }, reviews.map((r) => r.el), seatList(ctx, (seat) => seatSupplies(ctx, seat)), logPanel(ctx, frame.events, ui)))));
  }

  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea") || ui.version === null) return;
    if (event.key === "ArrowRight") go(ui.version + 1);
    else if (event.key === "ArrowLeft") go(ui.version - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(ui.total);
  });
  clear(root).append(h("p", { class: "loading" }, "…"));
  go(0);
  return { refresh: render };
}
