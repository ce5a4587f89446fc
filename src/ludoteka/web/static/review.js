// "Your review" on the replay of a finished game (issue 26 §2): for each seat this browser played,
// the costliest decisions the AI estimated clearly below its best option (server reviews.py),
// each a link that moves the replay to that moment. While the server computes it, the panel
// shows its progress and asks again every few seconds.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { actionText, reasonText } from "./tableview.js";

const TOP = 3;
const POLL_MS = 2000;

/** A section that keeps itself up to date; `ctx()` gives the replay's current context (for the
 *  names and translations), `goTo(version)` moves the replay, `shown()` its version now. */
export function reviewPanel(id, seat, token, several, { ctx, goTo, shown }) {
  const el = h("section", { class: "review", id: `review-${seat}`, "data-seat": seat, "aria-live": "polite" });
  let answer = null;
  let error = null;
  let timer = null;

  async function load() {
    try {
      answer = await api(`/api/tables/${encodeURIComponent(id)}/review?seat=${seat}`, { token });
      error = null;
    } catch (problem) {
      answer = null;
      error = problem;
    }
    draw();
    if (answer && answer.status !== "done" && el.isConnected !== false) timer = setTimeout(load, POLL_MS);
  }

  function option(which, c) {
    return actionText({ key: which.key, label: which.label, data: which.data || {} }, c);
  }

  function mistake(m, rank, c) {
    const current = shown() === m.version;
    return h("li", { class: current ? "current" : "", "data-index": m.index, "data-version": m.version },
      h("button", { class: "review-moment", onclick: () => goTo(m.version), "aria-current": current ? "step" : null },
        t("ui.review_moment", { rank, n: m.index })),
      " ", h("strong", { class: "review-loss" }, t("ui.review_loss", { n: Number(m.loss.toFixed(1)) })),
      h("p", { class: "review-chosen" }, t("ui.review_chosen", { option: option(m.chosen, c) })),
      h("p", { class: "review-better" }, t("ui.review_better", { option: option(m.best, c) })),
      m.reasons.length ? h("ul", { class: "review-reasons" }, m.reasons.map((r) => h("li", {}, reasonText(r, c)))) : null);
  }

  function draw() {
    const c = ctx();
    const title = several ? t("ui.review_title_of", { seat: c.shortName(seat) }) : t("ui.review_title");
    const body = [];
    if (error) {
      body.push(h("p", { class: "hint" }, error.status === 404 ? t("ui.review_off") : t("ui.review_error", { message: error.message })));
    } else if (!answer) {
      body.push(h("p", { class: "hint" }, "…"));
    } else if (answer.status !== "done") {
      body.push(h("p", { class: "hint review-progress" }, answer.status === "queued" || answer.total == null
        ? t("ui.review_queued")
        : t("ui.review_running", { done: answer.done, total: answer.total })),
        answer.total ? h("progress", { max: answer.total, value: answer.done }) : null);
    } else {
      const review = answer.review;
      body.push(h("p", { class: "hint" }, t("ui.review_summary", {
        n: review.decisions, agreed: review.agreed, mistakes: review.mistakes.length })));
      body.push(review.mistakes.length
        ? h("ol", { class: "review-list" }, review.mistakes.slice(0, TOP).map((m, i) => mistake(m, i + 1, c)))
        : h("p", {}, t("ui.review_none")));
      if (review.mistakes.length) body.push(h("p", { class: "hint" }, t(review.estimate === "score" ? "ui.review_points_score" : "ui.review_points_margin")));
    }
    clear(el).append(h("h2", {}, title), ...body);
  }

  draw();
  load();
  return { el, refresh: draw, stop: () => clearTimeout(timer) };
}
