// Table chat (docs/server.md "Chat"): the messages come as "chat" frames on the table's sockets
// (the last ones with the hello), a seat writes with its token. Shown under the log; the text
// is the players' own, so it only ever becomes text nodes (never HTML).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const MAX_CHARS = 500;
const KEPT = 200;                    // messages kept on the page

/** The chat of table `id`: `receive(messages)` takes a chat frame's messages (from any of the
 *  page's connections: each message once), `panel(ctx, writer)` draws it for the frame shown,
 *  `writer` = {token, seat} of the seat that writes (null: a spectator, who only reads). */
export function tableChat(id) {
  const messages = new Map();        // id -> message
  const muted = new Set();           // seats this browser's seat muted (told by the server)
  let list = null;
  let writer = null;
  let ctx = null;
  let error = "";
  const input = h("input", { id: "chat-input", type: "text", maxlength: MAX_CHARS, autocomplete: "off",
                             "data-focus-key": "chat-input", "aria-label": t("ui.chat.input") });
  const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); send(); } },
    input, h("button", { type: "submit", class: "small", id: "chat-send" }, t("ui.chat.send")));

  async function send() {
    const text = input.value.trim();
    if (!text || !writer) return;
    try {
      await api(`/api/tables/${encodeURIComponent(id)}/chat`,
                { method: "POST", token: writer.token, body: { text, seat: writer.seat } });
      input.value = "";
      error = "";
    } catch (failure) {
      error = failure.status === 429 ? t("ui.chat.too_fast") : failure.message;
    }
    draw();
  }

  async function mute(seat, on) {
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(id)}/chat/mute`,
                               { method: "POST", token: writer.token, body: { mute: seat, muted: on, seat: writer.seat } });
      muted.clear();
      answer.muted.forEach((s) => muted.add(s));
    } catch (failure) {
      error = failure.message;
    }
    draw();
  }

  function line(message) {
    const name = ctx ? ctx.shortName(message.seat) : String(message.seat);
    const mine = writer && message.seat === writer.seat;
    return h("li", { class: mine ? "mine" : "", "data-seat": message.seat },
      h("span", { class: "chat-name", style: ctx ? `--seat: ${ctx.mod.seatColour(message.seat, ctx)}` : null }, name),
      ": ", h("span", { class: "chat-text" }, message.text),
      writer && !mine ? h("button", { type: "button", class: "link chat-mute", title: t("ui.chat.mute", { name }),
                                      "aria-label": t("ui.chat.mute", { name }), onclick: () => mute(message.seat, true) }, "🔇") : null);
  }

  function draw() {
    if (!list) return;
    const shown = [...messages.values()].filter((m) => !muted.has(m.seat));
    list.replaceChildren(...(shown.length ? shown.map(line) : [h("li", { class: "chat-empty" }, t("ui.chat.empty"))]));
    const mutes = [...muted].map((seat) => h("button", { type: "button", class: "small", onclick: () => mute(seat, false) },
      t("ui.chat.unmute", { name: ctx ? ctx.shortName(seat) : String(seat) })));
    list.parentElement?.querySelector(".chat-muted")?.replaceChildren(...mutes);
    list.parentElement?.querySelector(".chat-error")?.replaceChildren(error);
    requestAnimationFrame(() => { if (list) list.scrollTop = list.scrollHeight; });
  }

  return {
    receive(incoming) {
      for (const message of incoming) messages.set(message.id, message);
      while (messages.size > KEPT) messages.delete(messages.keys().next().value);
      draw();
    },
    panel(frameCtx, seatWriter) {
      ctx = frameCtx;
      writer = seatWriter;
      list = h("ol", { class: "chat", id: "chat", "aria-live": "polite", "aria-label": t("ui.chat.title") });
      const part = h("div", { class: "chat-panel" },
        h("h3", {}, t("ui.chat.title")), list, h("div", { class: "chat-muted" }),
        h("p", { class: "chat-error error", role: "alert" }),
        writer ? form : h("p", { class: "chat-note" }, t("ui.chat.spectator")));
      input.setAttribute("aria-label", t("ui.chat.input"));
      draw();
      return part;
    },
  };
}
