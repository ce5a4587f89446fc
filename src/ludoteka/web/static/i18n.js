// Translations: one JSON file per language in /static/lang. A value is a template with {name}
// placeholders, or an object of plural forms keyed by CLDR category (Intl.PluralRules), chosen by
// the parameter `n`. A key missing in a language falls back to English, then to the key itself;
// each such key is recorded in `window.ludotekaMissing` ("cs:ui.undo" taken from English,
// "cs:ui.nothing" found nowhere), which the browser tests check stays empty (docs/web.md).

export const LANGUAGES = { en: "English", cs: "Čeština", de: "Deutsch", pl: "Polski" };
const STORAGE = "ludoteka.language";
const loaded = {};
let current = "en";
let plurals = new Intl.PluralRules("en");
window.ludotekaMissing = [];

/** Record that `key` had no text in the current language (once per language and key). */
function missing(key) {
  const what = `${current}:${key}`;
  if (!window.ludotekaMissing.includes(what)) window.ludotekaMissing.push(what);
}

async function load(code) {
  if (!loaded[code]) {
    const response = await fetch(`/static/lang/${code}.json`);
    if (!response.ok) throw new Error(`cannot load the ${code} translation (${response.status})`);
    loaded[code] = await response.json();
  }
  return loaded[code];
}

/** The saved choice, else the browser's first supported language, else English. */
export function preferredLanguage() {
  const saved = localStorage.getItem(STORAGE);
  if (saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export function language() { return current; }

/** Switch to `code`; `remember` keeps the choice in this browser. */
export async function setLanguage(code, remember = false) {
  if (!(code in LANGUAGES)) code = "en";
  await Promise.all([load("en"), load(code)]);
  current = code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  if (remember) localStorage.setItem(STORAGE, code);
  translateStatic(document);
}

/** The text of `key` in the current language with `params` filled in. */
export function t(key, params = {}) {
  let value = loaded[current]?.[key];
  if (value === undefined && loaded[current]) missing(key);
  value = value ?? loaded.en?.[key];
  if (value === undefined) return key;
  if (typeof value === "object") {
    const n = Number(params.n ?? 0);
    value = value[plurals.select(n)] ?? value.other;
  }
  return value.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? shown(params[name]) : whole));
}

/** A number as the current language writes it ("2,5" in Czech, German and Polish), one decimal
 *  at most. */
export function number(x) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: 1, useGrouping: false }).format(x);
}

// A parameter as text: a number with decimals in the language's way, anything else as it is.
function shown(value) {
  return typeof value === "number" && !Number.isInteger(value) ? number(value) : String(value);
}

/** Whether `key` has a text in English (the complete language). */
export function has(key) { return loaded.en != null && key in loaded.en; }

/** "a, b and c" in the current language. */
export function list(items) {
  return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(items.map(String));
}

export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
