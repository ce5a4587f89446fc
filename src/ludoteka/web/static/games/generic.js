// A game without a drawn board (a newly added game until it gets its own module): its view as a
// structured outline, where every component id explains itself, and every option as a button
// with the kernel's English label.

import { h } from "../dom.js";

function outline(value, ctx, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "string" && ctx.components[value]) {
    return h("span", { class: "chip", "data-component": value, tabindex: "0" }, ctx.components[value].name);
  }
  if (typeof value !== "object") return h("span", {}, String(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [i + 1, v]) : Object.entries(value);
  if (!entries.length) return h("span", { class: "muted" }, "—");
  if (entries.every(([, v]) => v === null || typeof v !== "object")) {
    return h("span", { class: "flat" }, entries.map(([k, v], i) => [i ? " · " : "", Array.isArray(value) ? "" : `${k}: `, outline(v, ctx)]));
  }
  return h("dl", { class: "outline" }, entries.map(([k, v]) => [
    h("dt", {}, String(k).replaceAll("_", " ")),
    h("dd", {}, depth < 4 && typeof v === "object" && v !== null
      ? h("details", { open: depth < 1 }, h("summary", {}, Array.isArray(v) ? `${v.length}` : "…"), outline(v, ctx, depth + 1))
      : outline(v, ctx, depth + 1))]));
}

export default {
  prefix: "generic",
  seatName(seat) { return `#${seat + 1}`; },
  seatColour(seat) { return ["#b03a2e", "#2e6da4", "#2e8b57", "#d4a017", "#7d3c98"][seat % 5]; },
  status(ctx) { return ctx.view.round ? ctx.t("ui.generic_round", { round: ctx.view.round }) : ""; },
  reconstructed(ctx) { return ctx.view.reconstructed ? ctx.t("ui.generic_reconstructed") : null; },
  render(ctx) { return h("div", { class: "generic-board" }, h("p", { class: "note" }, ctx.t("ui.generic_note")), outline(ctx.view, ctx)); },
  place() { return null; },
  actionText() { return null; },
  eventText() { return null; },
  explain(id, ctx) {
    const c = ctx.components[id];
    return c ? { title: c.name, lines: [c.text || ""].filter(Boolean) } : null;
  },
};
