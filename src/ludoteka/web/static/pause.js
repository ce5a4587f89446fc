// The pause of a turn-based table (a vacation, issue 25 §2; docs/server.md, "Pause"): a seat
// proposes a pause of 1 to `clock.max_pause_days` days, the other held seats agree to the same
// length (or decline it), and once all agreed the clock stops until the pause ends or any seat
// ends it early, with what was left of the limit kept. The table page shows the panel beside
// the decision and, in its head, "Paused until …" in place of the countdown.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { durationText, timeLeftText } from "./labels.js";

// What the page keeps between two drawings (the whole page is drawn anew on every frame): the
// days typed, a request on its way, and the server's refusal to show.
const draft = { days: null, busy: false, error: null };

/** A moment as the reader's language writes it: "Nov 28, 2026, 8:15 PM". */
function moment(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleString(document.documentElement.lang,
    { dateStyle: "medium", timeStyle: "short" });
}

function daysText(days) { return durationText(days * 86400); }

/** The head's clock line while the clock stands still ("Paused until …"); null otherwise. */
export function pausedClock(frame) {
  const clock = frame.clock;
  if (!clock?.paused || frame.finished) return null;
  return h("p", { class: "clock paused", id: "clock", title: t("ui.pause.clock_note") },
    t("ui.pause.clock", { date: moment(clock.pause.until) }));
}

/** In the head, for a seat whose answer a proposed pause waits for: a button that brings the
 *  pause panel into view (it may lie below the options); null otherwise. */
export function pauseBadge(frame) {
  const pause = frame.clock?.pause;
  if (!pause || frame.clock.paused || frame.seat === null || frame.finished || (pause.votes || []).includes(frame.seat)) return null;
  return h("button", { class: "small pause-badge", id: "pause-badge", onclick: () =>
    document.getElementById("pause")?.scrollIntoView({ block: "nearest" }) },
  t("ui.pause.badge", { days: daysText(pause.days) }));
}

/** The held human seats that have not agreed to the proposal yet (by their names). */
function pending(ctx, votes) {
  return ctx.frame.seats.filter((s) => s.kind !== "ai" && s.claimed && !votes.includes(s.seat))
    .map((s) => ctx.shortName(s.seat));
}

/** The pause panel of a seat at an unfinished turn-based table (null elsewhere): `seat` is
 *  {token, seat} of the seat shown, `redraw()` draws the page again after a change. */
export function pausePanel(ctx, seat, redraw) {
  const { frame } = ctx;
  const clock = frame.clock;
  if (!seat?.token || frame.seat === null || frame.finished || !clock?.turn_based) return null;
  const most = clock.max_pause_days || 0;
  const pause = clock.pause;
  if (!most && !pause) return null;
  const path = `/api/tables/${encodeURIComponent(frame.table)}/pause`;
  const send = async (method, body) => {
    draft.busy = true;
    draft.error = null;
    redraw();
    try {
      await api(path, { method, body, token: seat.token });
    } catch (error) {
      draft.error = error.message;
    }
    draft.busy = false;
    redraw();       // (the new clock comes with the table's frame)
  };
  const button = (id, text, onclick, primary = false) => h("button",
    { id, class: primary ? "primary small" : "small", "data-focus-key": id, disabled: draft.busy, onclick }, text);
  const parts = [h("h2", { id: "pause-title" }, t("ui.pause.title"))];

  if (clock.paused) {
    parts.push(h("p", { id: "pause-state" }, t("ui.pause.paused", { date: moment(pause.until) }),
      pause.left != null ? ` ${t("ui.pause.left", { time: timeLeftText(Math.round(pause.left)) })}` : ""),
    button("pause-end", t("ui.pause.end"), () => send("DELETE")));
  } else if (pause) {
    const votes = pause.votes || [];
    const days = daysText(pause.days);
    if (votes.includes(frame.seat)) {
      parts.push(h("p", { id: "pause-state" }, t("ui.pause.waiting", { days, names: ctx.list(pending(ctx, votes)) })),
        button("pause-withdraw", t("ui.pause.withdraw"), () => send("DELETE")));
    } else {
      const names = votes.map((s) => ctx.shortName(s));
      parts.push(h("p", { id: "pause-state" }, t("ui.pause.proposed", { names: ctx.list(names), days, n: names.length })),
        h("div", { class: "pause-buttons" },
          button("pause-agree", t("ui.pause.agree", { days }), () => send("POST", { days: pause.days }), true),
          button("pause-decline", t("ui.pause.decline"), () => send("DELETE"))));
    }
  } else {
    const days = Math.min(Math.max(1, Number(draft.days) || 7), most);
    const field = h("input", { type: "number", id: "pause-days", min: 1, max: most, step: 1, value: days,
                               "data-focus-key": "pause-days", oninput: (e) => { draft.days = e.target.value; } });
    parts.push(h("p", { class: "doc" }, t("ui.pause.doc", { days: daysText(most) })),
      h("form", { class: "pause-form", onsubmit: (e) => {
        e.preventDefault();
        const wanted = Number(field.value);
        if (!Number.isInteger(wanted) || wanted < 1 || wanted > most) {
          draft.error = t("ui.pause.bad_days", { n: most });
          redraw();
          return;
        }
        send("POST", { days: wanted });
      } },
      h("label", { for: "pause-days" }, t("ui.pause.days")), field,
      h("button", { type: "submit", id: "pause-propose", class: "small", "data-focus-key": "pause-propose",
                    disabled: draft.busy }, t("ui.pause.propose"))));
  }
  if (draft.error) parts.push(h("p", { class: "error", role: "alert" }, t("ui.error", { message: draft.error })));
  const asked = pause && !clock.paused && !(pause.votes || []).includes(frame.seat);
  return h("section", { class: `pause${clock.paused ? " paused" : ""}${asked ? " asked" : ""}`,
                        id: "pause", "aria-labelledby": "pause-title" }, parts);
}
