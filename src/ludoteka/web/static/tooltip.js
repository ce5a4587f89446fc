// Every component explains itself: an element with data-component="ID" shows the current
// resolver's {title, lines} for ID on hover, on keyboard focus, and on a tap. The explanation
// closes when the pointer or the focus leaves, on a tap elsewhere, on Escape, when the window
// changes width, and whenever the board is drawn again (its element is gone: nothing may stay
// over the new board).

import { h, clear } from "./dom.js";

let resolve = () => null;
let shownFor = null;
let shownAt = 0;                 // a tap shows by its emulated hover first: its click keeps it
const box = () => document.getElementById("tooltip");

/** Set how component ids become explanations (the table page sets its game's, on every
 *  drawing of the board): what was shown belonged to the old drawing, so it closes. */
export function setTipResolver(fn) { resolve = fn; hideTip(); }

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
  if (shownFor !== target) shownAt = Date.now();
  shownFor = target;
}

function hide() {
  const tip = box();
  if (tip) tip.hidden = true;
  shownFor = null;
}

/** Close the explanation, if one is shown. */
export function hideTip() { if (shownFor || !box()?.hidden) hide(); }

export function initTooltips() {
  const find = (event) => event.target.closest?.("[data-component]");
  document.addEventListener("mouseover", (event) => { const el = find(event); if (el) show(el); else if (shownFor) hide(); });
  // The pointer left the component (to nothing: out of the window, or onto the page's margin).
  document.addEventListener("mouseout", (event) => {
    if (shownFor && !(event.relatedTarget && shownFor.contains(event.relatedTarget))) hide();
  });
  document.documentElement.addEventListener("mouseleave", () => hide());
  document.addEventListener("focusin", (event) => { const el = find(event); if (el) show(el); else if (shownFor) hide(); });
  document.addEventListener("focusout", () => hide());
  // The element it explains was drawn away (a frame came): close it at once.
  new MutationObserver(() => { if (shownFor && !shownFor.isConnected) hide(); })
    .observe(document.body, { childList: true, subtree: true });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  // A new width lays the page out anew: the tip's place was reckoned for the old layout, and left
  // there it could lengthen the page (a phone's tip far down kept a widened page scrolled past
  // the board and the decision bar). A phone's bar of the address sliding away changes only the
  // height: the tip stays.
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) hide();
    width = window.innerWidth;
  });
  document.addEventListener("click", (event) => {
    const el = find(event);
    if (el && !el.closest("[data-place].option")) {
      if (shownFor !== el) show(el);
      else if (Date.now() - shownAt > 500) hide();         // a second tap on it closes it
    }
    else if (!el) hide();
  });
}
