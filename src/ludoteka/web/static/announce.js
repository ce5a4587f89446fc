// Telling a player that a decision waits: the page title, an optional short beep (WebAudio, no
// sound file) and, while the tab is hidden, a browser notification (asked for only when the
// player ticks its box). The table's settings (these and the automatic single options) are kept
// in this browser's localStorage. A signed-in player's account may turn the "page" channel off
// (docs/server.md, "Notifications"): then no beep and no browser notification, whatever this
// browser's boxes say; the title still says "Your turn" (it only describes the page, and is the
// one way to find the table among many tabs without being interrupted).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const PREFIX = "ludoteka.table.";
const DEFAULTS = { auto: true, sound: false, notify: false };

/** A table setting: "auto" (take single options), "sound", "notify". */
export function setting(name) {
  const saved = localStorage.getItem(PREFIX + name);
  return saved === null ? DEFAULTS[name] : saved === "on";
}

function remember(name, on) { localStorage.setItem(PREFIX + name, on ? "on" : "off"); }

let audio = null;

/** A short two-note beep. */
export function beep() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    gain.connect(audio.destination);
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = pitch;
      tone.connect(gain);
      tone.start(now + i * 0.12);
      tone.stop(now + 0.35);
    });
  } catch (error) {
    console.warn("no sound", error);
  }
}

/** The page title: "● Your turn — Game" while a decision waits, else "Game · ludoteka". */
export function title(game, yourTurn) {
  document.title = yourTurn ? t("ui.title_your_turn", { game }) : t("ui.title_table", { game });
}

// Whether the signed-in account lets the page announce turns: true where nobody is signed in
// (this browser's settings decide). A promise, so that a turn announced before the server
// answered waits for the answer rather than beeping against the player's choice.
let pageChannel = Promise.resolve(true);
let pageChannelOn = true;           // the answer once known (the settings panel shows it)

/** Ask the server (once per table page) whether the signed-in account's "page" channel is on. */
export function loadPageChannel() {
  pageChannel = (async () => {
    try {
      const me = await api("/api/me");
      // (an account that must change its password is answered 403: its choice is unknown)
      if (!me.account || me.account.must_change_password) return true;
      return (await api("/api/me/notifications")).channels?.page !== false;
    } catch {
      return true;                  // no answer: this browser's settings decide, as before
    }
  })().then((on) => { pageChannelOn = on; return on; });
  return pageChannel;
}

/** A decision just reached the player: beep and notify as the settings and the account say. */
export async function announce(game) {
  if (!(await pageChannel)) return;
  if (setting("sound")) beep();
  if (setting("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification(t("ui.title_your_turn", { game }), { body: t("ui.notify_body"), tag: "ludoteka-turn" });
    } catch (error) {
      console.warn("no notification", error);
    }
  }
}

async function allowNotifications() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  return (await Notification.requestPermission()) === "granted";
}

let open = false;

/** The settings' checkboxes; `changed()` after one changes (to start or stop an automatic move). */
export function settingsPanel(changed) {
  const box = (name, label, turningOn) => h("label", { class: "setting" },
    h("input", { type: "checkbox", id: `setting-${name}`, checked: setting(name),
                 disabled: name !== "auto" && !pageChannelOn, onchange: async (event) => {
      let on = event.target.checked;
      if (on && turningOn) on = await turningOn();    // after the click: a gesture may ask
      event.target.checked = on;
      remember(name, on);
      changed();
    } }), " ", label);
  const panel = h("details", { class: "table-settings", id: "table-settings", open,
                               ontoggle: (event) => { open = event.target.open; } },
    h("summary", {}, t("ui.settings")),
    box("auto", t("ui.setting_auto")),
    box("sound", t("ui.setting_sound"), async () => { beep(); return true; }),
    "Notification" in window ? box("notify", t("ui.setting_notify"), allowNotifications) : null,
    pageChannelOn ? null : h("p", { class: "hint", id: "setting-page-off" }, t("ui.setting_page_off")));
  return panel;
}
