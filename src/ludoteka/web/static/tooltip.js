// Every component explains itself: an element with data-component="ID" shows the current
// resolver's {title, lines} for ID on hover, on keyboard focus, and on a tap.

import { h, clear } from "./dom.js";

let resolve = () => null;
let shownFor = null;
const box = () => document.getElementById("tooltip");

/** Set how component ids become explanations (the table page sets its game's). */
export function setTipResolver(fn) { resolve = fn; }

function show(target) {
  const info = resolve(target.dataset.component);
  const tip = box();
  if (!info) { hide(); return; }
  clear(tip).append(h("strong", {}, info.title), ...info.lines.map((line) => h("p", {}, line)));
  tip.hidden = false;
  const r = target.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, r.left + r.width / 2 - width / 2));
  tip.style.left = `${left + window.scrollX}px`;
  const below = r.bottom + 8 + tip.offsetHeight < window.innerHeight;
  tip.style.top = `${(below ? r.bottom + 8 : Math.max(8, r.top - tip.offsetHeight - 8)) + window.scrollY}px`;
  shownFor = target;
}

function hide() { box().hidden = true; shownFor = null; }

export function initTooltips() {
  const find = (event) => event.target.closest?.("[data-component]");
  document.addEventListener("mouseover", (event) => { const el = find(event); if (el) show(el); else if (shownFor) hide(); });
  document.addEventListener("focusin", (event) => { const el = find(event); if (el) show(el); });
  document.addEventListener("focusout", () => hide());
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  document.addEventListener("click", (event) => {
    const el = find(event);
    if (el && !el.closest("[data-place].option")) { if (shownFor === el) hide(); else show(el); }
    else if (!el) hide();
  });
}
