// Messina 1347: the city of hexes with its plague cubes, citizens, lieutenants, harbours and the
// ships at the docks; the round overview, the wheel, the supply and what can be built; the three
// books; and each player's board (sectors with their squares and overseers, quarantine huts,
// workshops, carts, ships, the scroll board). Drawn from view(seat) alone; the words are in
// messina-texts.js.

import { h, s, label } from "../dom.js";
import { CLASSES, ROMAN, actionText, bookName, capital, citizenText, cityId, className, eventText, explain, rowLines,
         shortSpec, tileName, trackName } from "./messina-texts.js";

const COLOURS = ["#c0392b", "#2e6da4", "#2e8b57", "#d4a017"];
const AUTOMA_COLOUR = "#555";
const HEX_FILL = { orange: "#f0b46a", blue: "#8fb4dd", red: "#de8a7c", white: "#f4f0e6" };
const CITIZEN_FILL = { artisan: "#8b5a2b", aristocrat: "#6a3d9a", nun: "#f7f7f7" };
const RAT_MARK = { left: "◀", right: "▶", standing: "▲" };
const SIZE = 54;
const BOOKS = ["popularity", "city", "church"];
const BOOK_LABEL = 96;            // wide enough for "Popularität" and "Popularność" (no name clipped)

const colourOf = (seat) => (seat === "automa" ? AUTOMA_COLOUR : COLOURS[seat % COLOURS.length]);
const centre = (q, r) => [Math.sqrt(3) * (q + r / 2) * SIZE, 1.5 * r * SIZE];

function hexPath(x, y, size = SIZE - 2) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    points.push(`${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

function citizenDot(x, y, cls, upgraded, r = 7) {
  return s("circle", { cx: x, cy: y, r, fill: CITIZEN_FILL[cls], stroke: upgraded ? "#d4a017" : "#222", "stroke-width": upgraded ? 3 : 1 });
}

function lieutenantFigure(x, y, figure) {
  const standing = figure.standing;
  return s("rect", { x: x - (standing ? 4 : 8), y: y - (standing ? 8 : 4), width: standing ? 8 : 16, height: standing ? 16 : 8, rx: 2,
                     fill: colourOf(figure.seat), stroke: "#111", "stroke-width": 1 });
}

function hexContent(ctx, id, entry) {
  const g = [];
  // the action printed on the hex, on the hex (a browser audit had to hover every hex to plan)
  const printed = ctx.components[id]?.action;
  const lines = printed ? shortSpec(ctx, printed) : [];
  if (entry.kind === "hex") {
    g.push(label(0, -36, `${id} ${entry.rat ? RAT_MARK[entry.rat] : ""}`, { class: "ms-hex-id" }));
    lines.forEach((line, k) => g.push(label(0, -23 + k * 10 - (lines.length - 1) * 4, line, { class: "ms-hex-action" })));
    CLASSES.forEach((cls, k) => {
      const n = entry.citizens[cls];
      if (!n) return;
      g.push(citizenDot(-24 + k * 22, -6, cls, false), label(-24 + k * 22 + 11, -6, n, { class: "tiny" }));
    });
  } else {
    g.push(label(0, -32, entry.kind === "harbour" ? id : id.slice(5), { class: "ms-hex-id" }));
    lines.forEach((line, k) => g.push(label(0, -19 + k * 10, line, { class: "ms-hex-action" })));
  }
  for (let i = 0; i < entry.cubes; i++) g.push(s("rect", { x: -26 + i * 12, y: 7, width: 9, height: 9, fill: "#1b1b1b", rx: 1 }));
  entry.lieutenants.forEach((f, i) => g.push(lieutenantFigure(-24 + i * 18, 28, f)));
  return g;
}

function ship(ctx, id, cube, x, y) {
  const place = `ship:${id}`;
  const c = ctx.components[id];
  return s("g", { "data-place": place, "data-mark": place, "data-component": id, class: "ms-ship" },
    s("path", { d: `M${x - 22},${y - 8} L${x + 22},${y - 8} L${x + 14},${y + 8} L${x - 14},${y + 8} Z`, fill: "#7a5230", stroke: "#2b1a0c" }),
    label(x, y, `${c.number}${ctx.t(`ms.goods_mark.${c.goods}`)}`, { class: "tiny light" }),
    cube ? s("rect", { x: x + 16, y: y - 16, width: 9, height: 9, fill: "#1b1b1b" }) : null);
}

function city(ctx) {
  const { view } = ctx;
  const entries = Object.entries(view.city);
  const all = [...entries.map(([, e]) => centre(e.q, e.r)), ...view.empty_locations.map((e) => centre(e.q, e.r))];
  const xs = all.map(([x]) => x), ys = all.map(([, y]) => y);
  const pad = SIZE + 6;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const svg = s("svg", { viewBox: box.map((v) => v.toFixed(0)).join(" "), class: "ms-city", role: "img", "aria-label": ctx.t("ms.city") });
  for (const e of view.empty_locations) {
    const [x, y] = centre(e.q, e.r);
    svg.append(s("polygon", { points: hexPath(x, y), fill: "none", stroke: "#9b8b6a", "stroke-dasharray": "6 5" }));
  }
  for (const [id, entry] of entries) {
    const [x, y] = centre(entry.q, entry.r);
    const fill = entry.kind === "hex" ? HEX_FILL[entry.colour] : entry.kind === "harbour" ? "#d9c89c" : "#a9cfe3";
    const owner = entry.repopulated_by;
    const owned = owner !== null && owner !== undefined;
    const place = `hex:${id}`;
    const g = s("g", { "data-place": place, "data-mark": place, "data-component": id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      s("polygon", { points: hexPath(0, 0), fill, stroke: owned ? colourOf(owner) : "#5b4a32", "stroke-width": owned ? 6 : 2 }),
      hexContent(ctx, id, entry),
      // the owner's repopulated tile and what a visit pays it (a browser audit found the border
      // alone hidden under the options' highlight)
      !owned ? null : s("g", { class: "ms-owner-tile" },
        s("rect", { x: 22, y: 12, width: 22, height: 14, rx: 2, fill: colourOf(owner), stroke: "#111" }),
        label(33, 19, `+${view.visit_points}`, { class: "tiny light" }),
        s("title", {}, ctx.t("ms.repopulated_tile", { name: ctx.shortName(owner), n: view.visit_points }))));
    svg.append(g);
    if (entry.kind === "dock") entry.ships.forEach((sh, i) => svg.append(ship(ctx, sh.ship, sh.cube, x, y - 8 + i * 20 - (entry.ships.length - 1) * 6)));
  }
  return svg;
}

function tile(ctx, id, extra = {}) {
  const place = `tile:${id}`;
  return h("span", { class: "chip ms-tile", "data-place": place, "data-mark": place, "data-component": id, tabindex: "0", ...extra }, tileName(ctx, id, false));
}

function overview(ctx) {
  const { view } = ctx;
  const sb = view.scoring_board;
  const rounds = h("ol", { class: "ms-rounds" }, sb.rounds.map((row) => h("li", {
    class: row.round === view.round ? "current" : row.round < view.round ? "past" : "", "data-component": `round:${sb.side}:${row.round}`, tabindex: "0" },
    h("strong", {}, ROMAN[row.round - 1]), " ", ctx.t(`ms.priority_short.${row.priority}`))));
  const wheel = view.wheel;
  const stacks = (list, what) => list.map((st) => h("span", { class: "ms-stack" },
    st.top ? tile(ctx, st.top) : h("span", { class: "chip" }, ctx.t("ms.face_down")),
    h("small", {}, ` ${ctx.t("ms.left", { n: st.size })}${st.citizen ? ` · ${className(ctx, st.citizen)}` : ""}`),
    st.known_bottom?.length ? h("small", {}, ` · ${ctx.t("ms.known_bottom", { ids: ctx.list(st.known_bottom.map((id) => tileName(ctx, id))) })}`) : null));
  return h("div", { class: "ms-overview" },
    h("section", {}, h("h3", {}, ctx.t("ms.rounds")), rounds, h("ul", { class: "ms-row" }, rowLines(ctx, sb.row).map((line) => h("li", {}, line)))),
    h("section", { "data-component": `wheel:${wheel.window}`, tabindex: "0", "data-mark": "wheel" }, h("h3", {}, ctx.t("ms.wheel")),
      h("p", {}, ctx.t("ms.wheel_rat", { rat: ctx.t(`ms.rat.${wheel.rat}`) }), " ", RAT_MARK[wheel.rat]),
      h("p", {}, CLASSES.map((cls) => h("span", { class: "chip" }, h("span", { class: "good", style: `background:${HEX_FILL[wheel.classes[cls]]}` }),
        ctx.t("ms.wheel_class", { class: className(ctx, cls), colour: ctx.t(`ms.colour.${wheel.classes[cls]}`) }))))),
    h("section", {}, h("h3", {}, ctx.t("ms.supply")), h("p", {},
      ctx.t("ms.cubes", { n: view.cube_supply }), " · ", ctx.t("ms.hex_stack", { n: view.hex_stack.size }),
      view.hex_stack.size ? ` (${ctx.t("ms.hex_next", { class: view.hex_stack.classes[0] })})` : "", " · ",
      ctx.t("ms.ship_stack", { n: view.ship_stack.size }), " · ", ctx.t("ms.docking", { n: view.docking_stack.size }))),
    h("section", { class: "ms-market" }, h("h3", {}, ctx.t("ms.to_build")),
      h("div", {}, h("strong", {}, ctx.t("ms.hut_upgrades")), stacks(sb.hut_stacks)),
      h("div", {}, h("strong", {}, ctx.t("ms.workshops")), stacks(sb.workshop_stacks)),
      sb.late_stacks.length ? h("div", {}, h("strong", {}, ctx.t("ms.late_workshops")), stacks(sb.late_stacks)) : null,
      h("div", {}, h("strong", {}, ctx.t("ms.carts")), stacks(sb.cart_stacks))),
    view.pending_book_actions.length ? h("p", { class: "chip" }, ctx.t("ms.pending", { list: ctx.list(view.pending_book_actions.map((b) => ctx.t("ms.book_space", { book: bookName(ctx, b.book), space: b.space }))) })) : null,
    view.automa ? automa(ctx, view.automa) : null);
}

function automa(ctx, a) {
  const taken = [...a.taken.hut_upgrades, ...a.taken.workshops, ...a.taken.carts];
  return h("section", { class: "mat ms-automa", style: `--seat: ${AUTOMA_COLOUR}`, "data-mark": "mat:automa" }, h("h3", {}, ctx.t("ms.automa")),
    h("p", {}, ctx.t("ms.automa_line", { used: a.used, total: a.lieutenants_this_round, popularity: a.popularity, deck: a.deck_size }),
      a.starts_this_round ? ` · ${ctx.t("ms.automa_starts")}` : ""),
    taken.length ? h("p", {}, ctx.t("ms.automa_taken", { ids: ctx.list(taken.map((id) => tileName(ctx, id))) })) : null,
    h("p", { class: "small" }, ctx.t("ms.good_result", { n: a.good_result })));
}

function books(ctx) {
  const { view } = ctx;
  const side = view.scoring_board.side;
  // The spaces of each book of this side of the scoring board, from the component data.
  const spaces = Object.fromEntries(BOOKS.map((book) => [book, Object.values(ctx.components)
    .filter((c) => c.kind === "book_space" && c.side === side && c.book === book).length]));
  const width = BOOK_LABEL + 4 + Math.max(...Object.values(spaces)) * 46;
  const svg = s("svg", { viewBox: `0 0 ${width} 150`, class: "ms-books", role: "img", "aria-label": ctx.t("ms.books") });
  BOOKS.forEach((book, row) => {
    const y = 6 + row * 48;
    const place = `book:${book}`;
    svg.append(s("g", { "data-place": place, "data-mark": place }, s("rect", { x: 0, y, width: BOOK_LABEL, height: 42, rx: 6, fill: "#e9dcb9", stroke: "#6b5635" }),
      label(BOOK_LABEL / 2, y + 21, ctx.t(`ms.book_short.${book}`), { class: "tiny" })));
    for (let k = 0; k < spaces[book]; k++) {
      const c = ctx.components[`book:${side}:${book}:${k}`];
      const x = BOOK_LABEL + 4 + k * 46;
      const spacePlace = `bookspace:${book}:${k}`;
      svg.append(s("g", { "data-place": spacePlace, "data-mark": spacePlace, "data-component": `book:${side}:${book}:${k}` },
        s("rect", { x, y, width: 43, height: 42, rx: 4, fill: c?.action?.length ? "#f7ecd0" : "#fbf6ea", stroke: "#6b5635" }),
        label(x + 8, y + 9, k, { class: "tiny" }), label(x + 34, y + 35, c?.points ?? "", { class: "tiny" }),
        c?.action?.length ? s("circle", { cx: x + 36, cy: y + 9, r: 4, fill: "#a0522d" }) : null));
    }
    view.players.forEach((p) => {
      const at = p.books[book];
      svg.append(s("circle", { cx: BOOK_LABEL + 4 + at.space * 46 + 12 + at.height * 7, cy: y + 26 - at.height * 3, r: 8, fill: colourOf(p.seat), stroke: "#111", "pointer-events": "none" }));
    });
    if (view.automa && book === "popularity") {
      svg.append(s("circle", { cx: BOOK_LABEL + 4 + view.automa.popularity * 46 + 30, cy: y + 26, r: 8, fill: AUTOMA_COLOUR, stroke: "#111", "pointer-events": "none" }));
    }
  });
  return svg;
}

/** A line of small text that never runs out of its box: squeezed to `width` when it is longer
 *  (about 7 px a character at this size), so no name is clipped in any language. */
function fitted(x, y, text, width) {
  const squeeze = text.length * 7 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { x, y, class: "tiny", ...squeeze }, text);
}

function estate(ctx, p) {
  const seat = p.seat;
  const svg = s("svg", { viewBox: "0 0 452 212", class: "ms-estate", role: "img", "aria-label": ctx.t("ms.estate") });
  CLASSES.forEach((cls, row) => {
    const y = row * 48;
    const o = p.overseers[cls];
    const oPlace = `overseer:${seat}:${cls}`;
    svg.append(s("g", { "data-place": oPlace, "data-mark": oPlace, "aria-label": ctx.t("ms.overseer", { class: className(ctx, cls) }) },
      s("rect", { x: 0, y: y + 2, width: 150, height: 42, rx: 6, fill: o.upgraded ? "#f3d98b" : "#efe4c8", stroke: "#6b5635" }),
      s("text", { x: 6, y: y + 18, class: "tiny strong" }, capital(className(ctx, cls))),
      fitted(6, y + 35, ctx.t("ms.overseer_step", { step: o.step }) + (o.branch ? ` · ${ctx.t(`ms.branch.${o.branch}`)}` : "") + (o.upgraded ? " ★" : ""), 138)));
    p.sectors[cls].forEach((value, k) => {
      const sq = row * 6 + k;
      const x = 156 + k * 49;
      const place = `square:${seat}:${sq}`;
      const once = p.one_time.includes(sq), used = p.one_time_used.includes(sq);
      svg.append(s("g", { "data-place": place, "data-mark": place, "data-component": `square:${p.board}:${sq}` },
        s("rect", { x, y: y + 2, width: 45, height: 42, rx: 5, fill: used ? "#b9ad95" : "#fbf6ea", stroke: "#6b5635" }),
        label(x + 8, y + 11, k + 1, { class: "tiny" }), once ? label(x + 36, y + 11, "1×", { class: "tiny" }) : null,
        value ? citizenDot(x + 22, y + 27, cls, value === 2, 9) : null));
    });
  });
  p.huts.forEach((hut, k) => {
    const x = k * 113, y = 148;
    const place = `hut:${seat}:${k}`;
    svg.append(s("g", { "data-place": place, "data-mark": place, "data-component": hut.upgrade || undefined },
      s("rect", { x, y, width: 108, height: 60, rx: 6, fill: hut.upgrade ? "#e3d3f0" : "#efe4c8", stroke: "#6b5635" }),
      fitted(x + 6, y + 15, ctx.t("ms.hut", { n: k + 1 }), 96),
      hut.upgrade ? fitted(x + 6, y + 31, tileName(ctx, hut.upgrade, false), 96) : null,
      hut.citizen ? [citizenDot(x + 16, y + 46, hut.citizen.class, hut.citizen.upgraded), fitted(x + 30, y + 50, ctx.t("ms.hut_space", { space: ROMAN[hut.space - 1] }), 72)] : null));
  });
  return svg;
}

/** What the final scoring would add if the game ended now (most of Messina's points come then). */
function finalScoringLine(ctx, ended) {
  const gains = Object.entries(ended?.gains || {});
  if (!gains.length) return null;
  return h("p", { class: "small ms-if-ended" }, ctx.t("ms.final_scoring_adds", {
    list: ctx.list(gains.map(([name, n]) => `${ctx.t(`ms.cat.${name}`)} ${n > 0 ? "+" : "−"}${Math.abs(n)}`)),
  }));
}

function playerMat(ctx, p) {
  const seat = p.seat;
  const where = { supply: 0, estate: 0, city: 0 };
  for (const lt of p.lieutenants) {
    if (lt.at !== "box") where[lt.at === "supply" || lt.at === "estate" ? lt.at : "city"] += 1;
  }
  const chips = (items) => (items.length ? items : [h("span", { class: "muted" }, "—")]);
  return h("div", { class: `mat ms-mat${seat === ctx.seat ? " me" : ""}`, style: `--seat: ${colourOf(seat)}`, "data-mark": `mat:${seat}` },
    h("h3", {}, h("span", { class: "swatch", "aria-hidden": "true" }), ctx.seatName(seat),
      h("span", { class: "chip", "data-component": `board:${p.board}`, tabindex: "0" }, ctx.t("ms.player_board", { id: p.board }))),
    h("dl", {},
      h("dt", {}, ctx.t("ms.score")), h("dd", { class: "vp" }, p.score),
      p.if_ended_now ? [h("dt", {}, ctx.t("ms.if_ended_now")), h("dd", { class: "vp" }, p.if_ended_now.score)] : null,
      ["coins", "timber", "fire", "large_fire", "rats"].map((k) => [h("dt", {}, ctx.t(`ms.${k}`)), h("dd", {}, p[k])]),
      h("dt", {}, ctx.t("ms.lieutenants")), h("dd", {}, ctx.t("ms.lieutenants_line", where)),
      h("dt", {}, ctx.t("ms.repopulation_tiles")), h("dd", {}, p.repopulated_tiles_left)),
    finalScoringLine(ctx, p.if_ended_now),
    estate(ctx, p),
    h("p", { class: "ms-line" }, h("strong", {}, ctx.t("ms.workshops")), " ", chips(p.workshops.map((w, i) => {
      const place = `wslot:${seat}:${i}`;
      return h("span", { class: "chip ms-tile", "data-place": place, "data-mark": place, "data-component": w.tile, tabindex: "0" }, tileName(ctx, w.tile, false),
        w.citizen ? ` · ${citizenText(ctx, w.citizen.class, w.citizen.upgraded)}` : ` · ${ctx.t("ms.empty")}`);
    }))),
    h("p", { class: "ms-line" }, h("strong", {}, ctx.t("ms.carts")), " ", chips(p.carts.map((c) => h("span", { class: `chip${c.used ? " used" : ""}`, "data-component": c.cart, tabindex: "0" },
      tileName(ctx, c.cart, false), c.used ? ` · ${ctx.t("ms.used")}` : "")))),
    h("p", { class: "ms-line" }, h("strong", {}, ctx.t("ms.ships")), " ", chips(p.ships.map((id) => h("span", { class: "chip", "data-component": id, tabindex: "0" }, tileName(ctx, id))))),
    h("p", { class: "ms-line" }, h("strong", { "data-component": `scroll_board:${p.scroll_board}`, tabindex: "0" }, ctx.t("ms.scroll_board", { id: p.scroll_board })), " ",
      Object.entries(p.scroll).map(([track, level], k) => {
        const place = `scroll:${seat}:${k}`;
        return h("span", { class: "chip", "data-place": place, "data-mark": place, "data-component": `scroll:${p.scroll_board}:${k}`, tabindex: "0" },
          `${trackName(ctx, track)}: ${ctx.t("ms.level", { level })} · ${ctx.t("ui.points", { n: p.scroll_points[track].points })}`);
      })),
    p.deferred_book_actions.length ? h("p", { class: "small" }, ctx.t("ms.deferred", { list: ctx.list(p.deferred_book_actions.map((b) => ctx.t("ms.book_space", { book: bookName(ctx, b.book), space: b.space }))) })) : null);
}

/** The place on the board an option belongs to (null: a button only). */
function place(action, view) {
  const d = action.data || {};
  const [kind, arg] = action.key.split(":");
  const seat = view.seat ?? view.to_act;
  switch (kind) {
    case "hex": return `hex:${d.hex}`;
    case "ship": return `ship:${d.ship}`;
    case "action": case "repopulate": return `hex:${d.hex}`;
    case "lt": {
      const id = cityId(view, view.decision === "repopulate_choice" ? d.at : d.node);
      return id ? `hex:${id}` : null;
    }
    case "square": return `square:${seat}:${arg}`;
    case "to_workshop": return `square:${seat}:${d.square}`;
    case "hut": return `hut:${seat}:${arg}`;
    case "workshop": return view.decision === "build" ? `tile:${arg}` : `wslot:${seat}:${arg}`;
    case "hut_tile": return `tile:${arg}`;
    case "cart": return view.decision === "repopulate_choice" ? null : `tile:${arg}`;
    case "book": case "pay": return `book:${d.book}`;
    case "book_action": return `bookspace:${d.book}:${d.space}`;
    case "scroll": return `scroll:${seat}:${arg}`;
    case "overseer": case "advance": case "left": case "right": return `overseer:${seat}:${d.overseer}`;
    case "skip": return d.overseer ? `overseer:${seat}:${d.overseer}` : null;
    default: return null;
  }
}

/** The rescue notes name only the classes rescued ("1 artisan and 2 nuns"), not three counts. */
function noteArgs(note, ctx) {
  if (note.key !== "rescue_estate" && note.key !== "rescue_quarantine") return null;
  const rescued = CLASSES.filter((c) => note.args[c]);
  return { citizens: ctx.list(rescued.map((c) => ctx.t(`ms.count.${c}`, { n: note.args[c] }))) };
}

function highlights(event) {
  const d = event.data;
  const seat = typeof d.seat === "number" ? d.seat : event.seats[0];
  const marks = seat === undefined ? [] : [`mat:${seat}`];
  if (typeof d.hex === "string") marks.push(`hex:${d.hex}`);
  if (typeof d.ship === "string") marks.push(`ship:${d.ship}`);
  if (event.kind === "book") marks.push(`book:${d.book}`);
  if (typeof d.square === "number" && seat !== undefined) marks.push(`square:${seat}:${d.square}`);
  if (event.kind === "plague" || event.kind === "citizens") marks.push("wheel");
  if (event.kind.startsWith("automa")) marks.push("mat:automa");
  return marks;
}

const SETUP_EVENTS = new Set(["round", "end_of_round", "lieutenants_down", "citizens", "citizens_removed",
  "docking_tile", "new_hex", "setup"]);

export default {
  prefix: "ms",
  seatName(seat, ctx) { return ctx.t("ms.seat", { n: seat + 1 }); },
  seatColour(seat) { return colourOf(seat); },
  status(ctx) {
    const { view } = ctx;
    return ctx.t("ms.status", { round: ROMAN[Math.max(1, view.round) - 1], decision: ctx.t(`ms.decision.${view.decision}`) });
  },
  reconstructed(ctx) { return ctx.view.reconstructed ? ctx.t("ms.reconstructed") : null; },
  render(ctx) {
    return h("div", { class: "ms-board" },
      h("div", { class: "ms-top" }, h("div", { class: "ms-city-wrap" }, city(ctx)), overview(ctx)),
      h("div", { class: "ms-books-wrap" }, books(ctx)),
      h("div", { class: "mats ms-mats" }, ctx.view.players.map((p) => playerMat(ctx, p))));
  },
  place,
  actionText,
  // The build's reshuffles (a payment to turn up other tiles) after the tiles themselves: they
  // came first and pushed the builds out of the keys 1-9 (a browser audit).
  optionRank: (action) => (action.key.startsWith("reshuffle:") ? 1 : 0),
  // A round's set-up, drawn on the board, after the moves in "Since your last decision".
  eventRank: (event) => (SETUP_EVENTS.has(event.kind) ? 0 : 1),
  eventText,
  highlights,
  noteArgs,
  explain,
};
