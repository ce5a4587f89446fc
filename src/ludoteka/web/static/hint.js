// Hints at the table (issue 26 §2, docs/web.md "Hints"): where the table allows them (its
// `hints` setting, shown in the head), the seat to decide asks the server for the AI's best
// options (the button or the key h): "Thinking…" while the server's AI works, then the three
// best with their estimates and reasons, and the suggested option marked in the option list.
// Every word comes from the language files (`ui.hint.*`, the reasons' `ai.*`).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { actionText, reasonText } from "./tableview.js";

const SHOWN = 3;          // options shown (the server answers with a few more)

/** "12 points ahead ± 4" or "2.6 points behind ± 6" (the lead over the best other player, with
 *  several players: "−2.6 points" read as a loss to a browser audit) or "57 points ± 4" (a final
 *  score, solo); under ten points with one decimal, where whole points would all read 0. */
function estimateText(option, estimate) {
  if (option.points === null || option.points === undefined) return null;
  const points = Math.abs(option.points) < 10 ? Math.round(option.points * 10) / 10 : Math.round(option.points);
  const spread = Math.round(option.spread ?? 0);
  if (estimate === "score") return t("ui.hint.points", { n: Math.abs(points), sign: points < 0 ? "−" : "", spread });
  if (!points) return t("ui.hint.level", { spread });
  return t(points > 0 ? "ui.hint.ahead" : "ui.hint.behind", { n: Math.abs(points), spread });
}

/** Whether the two best options are a near tie: their estimates less than a point apart, well
 *  inside how much the played-out games varied (a browser audit read 1.6 ± 10 over 1.5 ± 9 as
 *  a clear advice). */
function close(options) {
  const [a, b] = options;
  if (!a || !b || typeof a.points !== "number" || typeof b.points !== "number") return false;
  const gap = Math.abs(a.points - b.points);
  return gap < 1 && gap < Math.max(a.spread ?? 0, b.spread ?? 0);
}

/** Why a hint could not be had, in words. */
function errorText(error) {
  if (error.status === 429) return t("ui.hint.busy");
  if (error.status === 409 && /hints are off/.test(error.message)) return t("ui.hint.off");
  if (error.status === 409) return t("ui.hint.stale");
  return t("ui.hint.failed", { message: error.message });
}

/** The head's chip: whether this table has hints (everyone sees it, spectators too). */
export function hintBadge(frame) {
  if (frame.hints === undefined || frame.finished) return null;
  return h("p", { class: `badge hints-badge${frame.hints ? " on" : ""}`, id: "hints-badge",
                  title: t(frame.hints ? "ui.hint.on_help" : "ui.hint.off_help") },
    t(frame.hints ? "ui.hint.on" : "ui.hint.off_badge"));
}

/** The hints of one table page: `rerender()` draws the page again when an answer comes. */
export function tableHints(tableId, rerender) {
  let asked = null;        // {key: "seat:version", status: "thinking"|"done"|"error", answer, error}

  const keyOf = (frame) => `${frame.seat}:${frame.version}`;
  const mine = (frame) => (asked && asked.key === keyOf(frame) ? asked : null);

  /** Whether the seat may ask now: hints on, its decision (the first to decide), a real choice. */
  function available(frame) {
    return Boolean(frame.hints) && frame.seat !== null && !frame.finished && frame.actions.length > 1
      && frame.acting[0] === frame.seat;
  }

  async function ask(connection) {
    const frame = connection.frame;
    if (!frame || !available(frame) || mine(frame)?.status === "thinking" || mine(frame)?.status === "done") return;
    const key = keyOf(frame);
    asked = { key, status: "thinking" };
    rerender();
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        method: "POST", token: connection.token, body: { version: frame.version, seat: frame.seat } });
      if (asked?.key === key) asked = { key, status: "done", answer };
    } catch (error) {
      if (asked?.key === key) asked = { key, status: "error", error };
    }
    rerender();
  }

  /** The bar's hint part: the button, "Thinking…", the answer or why there is none (null when
   *  the table has no hints or the seat has nothing to ask about). */
  function part(ctx, connection) {
    const { frame } = ctx;
    if (!available(frame)) return null;
    const state = mine(frame);
    const button = h("button", { class: "small hint-button", id: "hint-button", "data-focus-key": "hint-button",
                                 "aria-keyshortcuts": "h", disabled: state?.status === "thinking" ? true : null,
                                 onclick: () => ask(connection) }, t("ui.hint.button"));
    let body = null;
    if (state?.status === "thinking") body = h("p", { class: "hint-status", id: "hint-status", role: "status" }, t("ui.hint.thinking"));
    else if (state?.status === "error") body = h("p", { class: "error", id: "hint-error", role: "alert" }, errorText(state.error));
    else if (state?.status === "done") body = answerBox(ctx, state.answer);
    return h("div", { class: "hint-part", id: "hint-part" }, state?.status === "done" ? null : button, body);
  }

  function answerBox(ctx, answer) {
    const byKey = Object.fromEntries(ctx.frame.actions.map((a) => [a.key, a]));
    return h("div", { class: "hint-box", id: "hint", role: "status", "aria-labelledby": "hint-title" },
      h("p", { class: "hint-title", id: "hint-title" }, h("strong", {}, t("ui.hint.title"))),
      // how to read the ranking, folded below it: the options come first (on a phone it filled
      // the bar's room for them)
      h("ol", { class: "hint-options" }, answer.options.slice(0, SHOWN).map((option, i) => {
        const action = byKey[option.key];
        const estimate = estimateText(option, answer.estimate);
        return h("li", { "data-key": option.key, class: i === 0 ? "best" : null },
          h("span", { class: "hint-option" }, action ? actionText(action, ctx) : option.label),
          estimate ? [" ", h("span", { class: "hint-estimate" }, estimate)] : null,
          " ", h("span", { class: "hint-share" }, t("ui.hint.share", { percent: Math.round(option.share * 100) })),
          h("ul", { class: "hint-reasons" }, (option.reasons || []).map((r) => h("li", { "data-reason": r.key }, reasonText(r, ctx)))));
      })),
      close(answer.options) ? h("p", { class: "hint-close", id: "hint-close" }, t("ui.hint.close")) : null,
      h("details", { class: "hint-what" }, h("summary", {}, t("ui.hint.how_to_read")),
        t(answer.estimate === "score" ? "ui.hint.what_score" : "ui.hint.what_margin")));
  }

  /** Mark the suggested option in the option list (after the page is drawn). */
  function decorate(root, frame) {
    const state = mine(frame);
    if (state?.status !== "done") return;
    const row = root.querySelector(`.option-row[data-key="${CSS.escape(state.answer.suggested)}"]`);
    if (!row) return;
    row.classList.add("suggested");
    row.querySelector("button.action")?.after(h("span", { class: "chip suggested-mark" }, t("ui.hint.suggested")));
  }

  return { part, ask, decorate, available };
}
