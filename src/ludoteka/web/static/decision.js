// The decision bar's parts, drawn from the engine's structured data only: each option with its
// preview (what it pays, gains, risks: kernel/preview.py), the confirmation of an irreversible
// option, the seat's own supplies (Game.supplies) and the game's guide (what happens next,
// warnings). Every word comes from the language files; a game's item and note texts from
// `<prefix>.item.<name>` and `<prefix>.note.<key>`, else the engine's English (recorded).

import { h } from "./dom.js";
import { has, list, t } from "./i18n.js";
import { actionText, eventText, fellBack } from "./tableview.js";

/** `n` of a supply item, "3 coins": `<prefix>.item.<name>` (its text holds `{n}`, plural by `n`),
 *  else the engine's English label. `n` may be "?" for an amount chance decides. */
export function itemAmount(item, n, ctx) {
  const key = `${ctx.mod.prefix}.item.${item}`;
  if (has(key)) return t(key, { n });
  fellBack(`item:${item}`);
  return `${n} ${ctx.supplyItems?.[item] || item}`;
}

/** "3 coins", or "≈3 coins" when chance or hidden cards decide. */
function amount(item, n, ctx, unsure = false) {
  const text = itemAmount(item, Math.abs(n), ctx);
  return unsure ? t("ui.preview.about", { amount: text }) : text;
}

/** A note's text: `<prefix>.note.<key>` with its args (and those the game's module derives from
 *  them, `noteArgs`: a list of the non-zero counts), else its English text (recorded). */
export function noteText(note, ctx) {
  const key = `${ctx.mod.prefix}.note.${note.key}`;
  if (has(key)) return t(key, { ...note.args, ...ctx.mod.noteArgs?.(note, ctx) });
  fellBack(`note:${note.key}`);
  return note.text || note.key;
}

/** The lines of a preview (pay, gain, uncertain, other seats, notes) as elements; [] for none. */
export function previewParts(preview, ctx) {
  if (!preview) return [];
  const unsure = new Set(preview.uncertain || []);
  const gain = preview.gain || {};
  const entries = Object.entries(gain);
  // An item a seat wants fewer of (rats: Game.harmful_items) is never "gained" or "paid": its
  // rise is a cost ("Take"), its fall a relief ("Get rid of").
  const harmful = new Set(ctx.harmfulItems || []);
  const lines = { pay: [], gain: [], take: [], rid: [] };
  for (const [item, n] of entries) {
    const line = harmful.has(item) ? (n > 0 ? "take" : "rid") : (n > 0 ? "gain" : "pay");
    lines[line].push(amount(item, n, ctx, unsure.has(item)));
  }
  const parts = [];
  for (const [line, cls] of [["pay", "pay"], ["take", "pay"], ["gain", "gain"], ["rid", "gain"]]) {
    if (lines[line].length) parts.push(h("span", { class: cls, "data-line": line }, t(`ui.preview.${line}`, { items: list(lines[line]) })));
  }
  const open = [...unsure].filter((item) => !(item in gain));
  if (open.length) {
    parts.push(h("span", { class: "uncertain" }, t("ui.preview.uncertain", { items: list(open.map((i) => itemAmount(i, "?", ctx))) })));
  }
  const others = Object.entries(preview.others || {});
  const changesOf = (diff) => list(Object.entries(diff).map(([item, n]) => `${unsure.has(item) ? "≈" : ""}${n > 0 ? "+" : "−"}${amount(item, n, ctx)}`));
  const seats = ctx.frame?.seats?.length || 0;
  // Every other seat changed alike (Messina's lieutenants coming back at a new round): one line.
  const alike = others.length > 1 && others.length === seats - 1
    && others.every(([, diff]) => JSON.stringify(diff) === JSON.stringify(others[0][1]));
  if (alike) parts.push(h("span", { class: "others" }, t("ui.preview.others_all", { changes: changesOf(others[0][1]) })));
  else {
    for (const [seat, diff] of others) {
      parts.push(h("span", { class: "others" }, t("ui.preview.others", { name: ctx.shortName(Number(seat)), changes: changesOf(diff) })));
    }
  }
  for (const note of preview.notes || []) parts.push(h("span", { class: "note" }, noteText(note, ctx)));
  return parts;
}

/** A preview as one small block (null when it says nothing). */
export function previewBlock(preview, ctx, attrs = {}) {
  const parts = previewParts(preview, ctx);
  if (!parts.length) return null;
  return h("span", { class: "preview", ...attrs }, parts.flatMap((p, i) => (i ? [" · ", p] : [p])));
}

// a note's identity: its key and arguments, the keys sorted (as kernel/preview.py's _note_id)
const sortedArgs = (args) => Object.fromEntries(Object.entries(args || {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const noteKey = (note) => JSON.stringify([note.key, sortedArgs(note.args)]);

/** What every option's preview says alike: items of the seat and of the others changing by the
 *  same amount, the same notes. Said once above the options ("Whatever you choose: …"), not on
 *  each: a browser audit read the plague that ends a Notre Dame round after any bribe as the
 *  cost of each bribe. Null with fewer than 2 options or nothing in common. */
export function commonPreview(actions) {
  if (actions.length < 2) return null;
  const previews = actions.map((a) => a.data?.preview || {});
  const [first] = previews;
  const everywhere = (test) => previews.every(test);
  const unsure = (p, item) => (p.uncertain || []).includes(item);
  // an item is lifted only when it changes alike and is alike certain or uncertain everywhere
  const gain = Object.fromEntries(Object.entries(first.gain || {})
    .filter(([item, n]) => everywhere((p) => (p.gain || {})[item] === n && unsure(p, item) === unsure(first, item))));
  const others = {};
  for (const [seat, diff] of Object.entries(first.others || {})) {
    const kept = Object.entries(diff).filter(([item, n]) => everywhere((p) => ((p.others || {})[seat] || {})[item] === n));
    if (kept.length) others[seat] = Object.fromEntries(kept);
  }
  const notes = (first.notes || []).filter((n) => everywhere((p) => (p.notes || []).some((m) => noteKey(m) === noteKey(n))));
  if (!Object.keys(gain).length && !Object.keys(others).length && !notes.length) return null;
  // uncertain everywhere: with its change lifted, or with no change on any option ("? VP")
  const uncertain = (first.uncertain || []).filter((item) => everywhere((p) => unsure(p, item))
    && (item in gain || !previews.some((p) => item in (p.gain || {}))));
  return { gain, others, notes, uncertain };
}

/** An option's preview without what `common` (commonPreview) says for every option. */
export function withoutCommon(preview, common) {
  if (!preview || !common) return preview;
  const gain = Object.fromEntries(Object.entries(preview.gain || {}).filter(([item]) => !(item in common.gain)));
  const others = {};
  for (const [seat, diff] of Object.entries(preview.others || {})) {
    const kept = Object.entries(diff).filter(([item]) => !(item in (common.others[seat] || {})));
    if (kept.length) others[seat] = Object.fromEntries(kept);
  }
  const said = new Set(common.notes.map(noteKey));
  // an item said uncertain above leaves; one whose change stays here stays uncertain here
  const uncertain = (preview.uncertain || []).filter((item) => !(item in common.gain) && !common.uncertain.includes(item));
  return { ...preview, gain, others, uncertain, notes: (preview.notes || []).filter((n) => !said.has(noteKey(n))) };
}

/** Whether choosing `action` asks once first: its preview says so, and undo could not take it
 *  back right after (the server's `undoable` list; docs/web.md). */
export function needsConfirm(action, frame) {
  return Boolean(action.data?.preview?.confirm) && !(frame.undoable || []).includes(action.key);
}

/** The options in the order shown and numbered 1-9: a game module's optional
 *  `optionRank(action)` puts rarely wanted ones last (a lower rank first; otherwise the
 *  engine's order). */
export function shownOptions(ctx, actions) {
  const rank = ctx.mod.optionRank;
  if (!rank) return actions;
  return actions.map((action, i) => [rank(action), i, action]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , action]) => action);
}

/** The options as rows: shortcut key, button, preview beside it (without what `common` says
 *  for all). `choose(action)` decides. */
export function optionRows(ctx, actions, choose, common = null) {
  return h("div", { class: "actions", id: "actions", role: "group", "aria-label": t("ui.your_turn") },
    actions.map((action, i) => {
      const id = `preview-${i}`;
      const preview = previewBlock(withoutCommon(action.data?.preview, common), ctx, { id });
      return h("div", { class: "option-row", "data-key": action.key },
        h("kbd", { class: "shortcut", "aria-hidden": "true" }, i < 9 ? String(i + 1) : ""),
        h("button", { class: "action", "data-key": action.key, "data-focus-key": `action:${action.key}`,
                      "aria-keyshortcuts": i < 9 ? String(i + 1) : null, "aria-describedby": preview ? id : null,
                      // No focus on a mouse press: focusing a half-visible button scrolls the
                      // options box under the pointer, and the release then misses the button.
                      onmousedown: (event) => event.preventDefault(),
                      onclick: () => choose(action) }, actionText(action, ctx)),
        preview);
    }));
}

/** The question asked once before an irreversible option: the game's reason, then yes or no. */
export function confirmBox(ctx, action, yes, no) {
  const key = action.data.preview.confirm;
  const note = (action.data.preview.notes || []).find((n) => n.key === key) || { key, text: "", args: {} };
  // The game's reason (a note key, usually also one of the preview's notes); none: only the question.
  const reason = has(`${ctx.mod.prefix}.note.${key}`) || note.text ? [noteText(note, ctx), " "] : [];
  return h("div", { class: "confirm", id: "confirm", role: "alertdialog", "aria-labelledby": "confirm-title",
                    "aria-describedby": "confirm-reason" },
    h("p", { id: "confirm-title" }, h("strong", {}, actionText(action, ctx))),
    h("p", { id: "confirm-reason" }, ...reason, t("ui.confirm_question")),
    h("div", { class: "confirm-buttons" },
      h("button", { class: "primary", id: "confirm-yes", "data-focus-key": "confirm-yes", onclick: yes }, t("ui.confirm_yes")),
      h("button", { id: "confirm-no", onclick: no }, t("ui.confirm_no"))));
}

/** The items of a seat's supplies in the game's order (`supply_items` first, then any other). */
function supplyOrder(ctx, supplies) {
  const order = Object.keys(ctx.supplyItems || {});
  return [...order.filter((i) => i in supplies), ...Object.keys(supplies).filter((i) => !order.includes(i))];
}

/** A seat's supplies that are not 0 as one short line ("12 VP · 2 gold · 3 soldiers") for the
 *  seat list, so that everyone's counters are seen at once (a browser audit scrolled to each
 *  player's mat to compare); null when it has none. They are public (`Game.supplies`). */
export function seatSupplies(ctx, seat) {
  const own = ctx.frame.supplies?.[String(seat)];
  const items = own ? supplyOrder(ctx, own).filter((i) => own[i]) : [];
  if (!items.length) return null;
  return h("span", { class: "seat-supplies" }, items.map((i) => itemAmount(i, own[i], ctx)).join(" · "));
}

/** The seat's own supplies in the game's order (`supply_items`), or null when the game has none. */
export function suppliesSummary(ctx, seat) {
  const own = seat === null || seat === undefined ? null : ctx.frame.supplies?.[String(seat)];
  if (!own || !Object.keys(own).length) return null;
  const items = supplyOrder(ctx, own);
  return h("div", { class: "supplies", id: "supplies", role: "group", "aria-label": t("ui.supplies") },
    h("span", { class: "supplies-title" }, t("ui.supplies")),
    // The amount as it is: a seat may be below zero (Kingsburg's VP after lost battles), and
    // `amount` drops the sign (a preview's sign is its pay or gain line).
    items.map((item) => h("span", { class: "chip supply", "data-item": item, "data-zero": own[item] ? null : "" },
      itemAmount(item, own[item], ctx))));
}

/** The game's guide of the view: the "what happens next" line and the warnings (null: none). */
export function guideBlock(ctx) {
  const guide = ctx.view?.guide;
  if (!guide || (!guide.next && !(guide.warnings || []).length)) return null;
  // The warnings first: where the guide's box is small (a phone), they are what must be seen.
  return h("div", { class: "guide", id: "guide" },
    (guide.warnings || []).length
      ? h("ul", { class: "warnings", id: "warnings", "aria-label": t("ui.warnings") },
        guide.warnings.map((w) => h("li", { "data-key": w.key }, noteText(w, ctx))))
      : null,
    guide.next ? h("p", { class: "guide-next", id: "guide-next" }, noteText(guide.next, ctx)) : null);
}

/** Why undo is refused, translated from the server's reason (docs/server.md). */
export function refusalText(refusal, ctx) {
  if (!refusal) return "";
  if (refusal.reason === "other") return t("ui.undo_refusal.other", { name: ctx.shortName(refusal.by) });
  return t(`ui.undo_refusal.${refusal.reason === "barrier" ? "barrier" : "nothing"}`);
}

/** What happened since the seat's last decision (`actedAt`, the game's move count then; null:
 *  none this visit): its own move and what it set off (a battle, a new round), then the others'
 *  moves. A few events, the newest of the game's highest `eventRank`, one line each, and how
 *  many more the log holds; null when nothing. (An event's `version` is the move count of the
 *  move that recorded it.) */
export function sinceBlock(ctx, events, actedAt, most = 3) {
  if (actedAt === null || actedAt === undefined) return null;
  const since = events.filter((e) => e.version >= actedAt);
  if (!since.length) return null;
  // The latest of the highest ranked, in the order they happened: a game module's optional
  // `eventRank(event)` puts what the board shows anyway (a new round's set-up) below the moves
  // (a browser audit saw "6 citizens appear" shown and the opponent's build left in the log).
  const rank = ctx.mod.eventRank || (() => 1);
  const shown = since.map((e, i) => [rank(e, ctx), i]).sort((a, b) => b[0] - a[0] || b[1] - a[1])
    .slice(0, most).map(([, i]) => i).sort((a, b) => a - b).map((i) => since[i]);
  // "… and N more in the log" stands outside the lines a phone cuts short, and scrolls to the log
  // (a button: an address fragment such as #log is read as a seat's invite token on a reload)
  return h("div", { class: "since", id: "since" },
    h("div", { class: "since-lines" },
      h("span", { class: "since-title" }, t("ui.since_your_move")),
      h("ul", {}, shown.map((e) => {
        const text = eventText(e, ctx);
        return h("li", { title: text }, text);
      }))),
    since.length > most ? h("button", { type: "button", class: "since-more",
      onclick: () => document.getElementById("log")?.scrollIntoView({ block: "start" }) },
    t("ui.since_more", { n: since.length - most })) : null);
}
