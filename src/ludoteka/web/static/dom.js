// Small helpers to build HTML and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "text") el.textContent = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text"). */
export function h(tag, attrs = {}, ...children) { return fill(document.createElement(tag), attrs, children); }

/** An SVG element: s("circle", {cx: 1, cy: 2, r: 3}). */
export function s(tag, attrs = {}, ...children) { return fill(document.createElementNS(SVG_NS, tag), attrs, children); }

/** An SVG text element centred on (x, y). */
export function label(x, y, text, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, text);
}

export function clear(el) { while (el.firstChild) el.firstChild.remove(); return el; }
