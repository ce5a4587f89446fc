// Notre Dame: the city (boroughs with their sectors, markets, roads, messages and carriages around
// the cathedral), the persons on display, the rat track, each player's supplies and the own hand.
// Drawn from view(seat) alone; every option names its place with data-place.

import { h, s, label } from "../dom.js";

const COLOURS = { red: "#c0392b", blue: "#2e6da4", green: "#2e8b57", yellow: "#d4a017", purple: "#7d3c98" };
const SECTORS = ["cloister_school", "bank", "residence", "carriage_house", "hotel", "park", "hospital"];
const MESSAGE_LABELS = { "1pp_coin": "+1 ¤", "2pp_stone": "+2 ▪", "3pp_rat": "+3 ↶", "4pp": "+4" };
const R_INNER = 140, R_OUTER = 505;

const player = (ctx, seat) => ctx.view.players[seat];
const colourOf = (ctx, seat) => COLOURS[player(ctx, seat)?.colour] || "#777";
const componentName = (ctx, id) => (ctx.has(`nd.c.${id}.name`) ? ctx.t(`nd.c.${id}.name`) : ctx.components[id]?.name || id);

function polar(angle, radius) {
  const a = (angle * Math.PI) / 180;
  return [Math.cos(a) * radius, Math.sin(a) * radius];
}

/** Geometry of borough q of n: its centre angle and span, in degrees. */
function borough(q, n) { const span = 360 / n; return { mid: -90 + span * q, span }; }

function marketPoint(name, n) {
  const [q, place] = name.split(".");
  const { mid, span } = borough(Number(q), n);
  const side = { IL: -0.36, IR: 0.36, OL: -0.36, OR: 0.36, C: 0 }[place];
  const radius = place.startsWith("I") ? 178 : place === "C" ? 455 : 450;
  return polar(mid + side * span, radius);
}

function marketName(ctx, name) {
  const [q, place] = name.split(".");
  const colour = ctx.view.borough_colours[Number(q)];
  return ctx.t("nd.market_name", { place: ctx.t(`nd.market.${place}`), colour: ctx.t(`nd.colour.${colour}`) });
}

function wedge(q, n, fill) {
  const { mid, span } = borough(q, n);
  const a0 = mid - span / 2, a1 = mid + span / 2, large = span > 180 ? 1 : 0;
  const [x0, y0] = polar(a0, R_INNER), [x1, y1] = polar(a0, R_OUTER);
  const [x2, y2] = polar(a1, R_OUTER), [x3, y3] = polar(a1, R_INNER);
  return s("path", { d: `M${x0},${y0} L${x1},${y1} A${R_OUTER},${R_OUTER} 0 ${large} 1 ${x2},${y2} L${x3},${y3} A${R_INNER},${R_INNER} 0 ${large} 0 ${x0},${y0} Z`,
                     fill, stroke: "#5b4a32", "stroke-width": 2, class: "borough" });
}

// Board text is drawn in viewBox units: the city's 1040 units are about 590 px wide at 1440x900,
// so a 20-unit label is 11 px there (style.css: .nd-name and friends).
const NAME_SIZE = 20, CHAR_WIDTH = 0.58;   // an average glyph is about 0.58 em wide (a safe guess)
// The sector boxes of each borough by the number of boroughs: the inner and outer ring radius, the
// angle between boxes (a share of the borough's span) and the widest box that keeps clear of the
// markets and messages (found by a search over the three layouts).
const BOX_HIGH = 70;
const RINGS = { 3: [270, 400, 0.34, 0.18, 116], 4: [260, 380, 0.28, 0.22, 104], 5: [270, 370, 0.32, 0.24, 84] };

/** A name in lines of at most `width` units: words kept whole where they fit, a long word broken at
 *  its soft hyphen (U+00AD in the language file), and a line still too wide squeezed to fit
 *  (textLength), so no name is ever clipped in any language. */
function nameLines(text, width, size = NAME_SIZE) {
  const fits = Math.max(3, Math.floor(width / (size * CHAR_WIDTH)));
  const words = text.split(" ").flatMap((word) => {
    const parts = word.split("\u00ad");
    return parts.map((part, i) => (i < parts.length - 1 ? `${part}-` : part));
  });
  const lines = [];
  for (const word of words) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && (last + " " + word).length <= fits && !last.endsWith("-")) lines[lines.length - 1] = `${last} ${word}`;
    else if (last !== null && last.endsWith("-") && (last + word).length <= fits + 1) lines[lines.length - 1] = last.slice(0, -1) + word;
    else lines.push(word);
  }
  return lines;
}

function nameText(text, x, y, width, cls = "nd-name", size = NAME_SIZE) {
  const lines = nameLines(text, width, size);
  const top = y - ((lines.length - 1) * size * 1.05) / 2;
  return lines.map((line, i) => {
    const squeeze = line.length * size * CHAR_WIDTH > width;
    return label(x, top + i * size * 1.05, line, { class: cls, ...(squeeze ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {}) });
  });
}

function pips(count, colour, x, y, perRow) {
  const group = s("g", { "aria-hidden": "true" });
  for (let i = 0; i < Math.min(count, 2 * perRow); i++) {
    group.append(s("rect", { x: x + (i % perRow) * 12, y: y + Math.floor(i / perRow) * 12, width: 10, height: 10, rx: 2, fill: colour, stroke: "#222", "stroke-width": 0.8 }));
  }
  return group;
}

function sectorBox(ctx, seat, sector, x, y, width) {
  const p = player(ctx, seat);
  const stones = p.sectors[sector];
  const friend = p.trusted_friend === sector;
  const count = stones + (friend ? 1 : 0);      // the friend counts as a stone (ND-7.6)
  const place = `sector:${seat}:${sector}`;
  const name = componentName(ctx, sector);
  const half = width / 2;
  // The name on top (one or two lines), the count and the pieces below it.
  return s("g", { class: "sector", "data-place": place, "data-mark": place, "data-component": sector,
                  transform: `translate(${x},${y})` },
    s("title", {}, `${name}: ${count}`),
    s("rect", { x: -half, y: -BOX_HIGH / 2, width, height: BOX_HIGH, rx: 8, fill: "#fbf6e9", stroke: colourOf(ctx, seat), "stroke-width": 3 }),
    nameText(name, 0, -13, width - 8),
    label(-half + 13, 22, count, { class: "nd-count" }),
    pips(stones, colourOf(ctx, seat), -half + 27, 12, Math.max(1, Math.floor((width - 50) / 12))),
    friend ? s("circle", { cx: half - 12, cy: 22, r: 8, fill: "#fff", stroke: colourOf(ctx, seat), "stroke-width": 4 },
      s("title", {}, ctx.t("nd.friend"))) : null);
}

function city(ctx) {
  const { view } = ctx;
  const n = view.boroughs;
  const svg = s("svg", { viewBox: "-520 -520 1040 1040", class: "city", role: "img", "aria-label": ctx.t("nd.cathedral") });
  svg.append(s("circle", { cx: 0, cy: 0, r: 515, fill: "#a9c6d9" }));
  view.borough_colours.forEach((colour, q) => svg.append(wedge(q, n, `color-mix(in srgb, ${COLOURS[colour]} 14%, #efe4c8)`)));
  const roads = s("g", { class: "roads" });
  for (const [a, b] of view.roads) {
    const [x1, y1] = marketPoint(a, n), [x2, y2] = marketPoint(b, n);
    roads.append(s("line", { x1, y1, x2, y2, stroke: "#8a7a5c", "stroke-width": 5, "stroke-linecap": "round" }));
  }
  svg.append(roads);
  // Each seat's sectors sit in its own borough: three near the cathedral, four further out.
  const [innerR, outerR, innerF, outerF, widest] = RINGS[n];
  const boxes = view.players.flatMap((p) => SECTORS.map((sector, i) => {
    const inner = i < 3;
    const slot = inner ? i - 1 : i - 4.5;
    const angle = borough(p.borough, n).mid + slot * (inner ? innerF : outerF) * Math.min(360 / n, 120);
    return [p.seat, sector, ...polar(angle, inner ? innerR : outerR)];
  }));
  // As wide as the neighbouring boxes leave room for (BOX_HIGH units high), so none overlaps.
  let width = widest;
  boxes.forEach(([, , x1, y1], i) => boxes.slice(i + 1).forEach(([, , x2, y2]) => {
    if (Math.abs(y1 - y2) < BOX_HIGH + 6) width = Math.min(width, Math.abs(x1 - x2) - 6);
  }));
  for (const [seat, sector, x, y] of boxes) svg.append(sectorBox(ctx, seat, sector, x, y, Math.max(width, 70)));
  view.borough_colours.forEach((colour, q) => {
    const [x, y] = polar(borough(q, n).mid, 196);
    // The colour alone (the borough's full name is its title): a long name would run into the boxes.
    svg.append(s("g", {}, s("title", {}, ctx.t("nd.borough", { colour: ctx.t(`nd.colour.${colour}`) })),
      label(x, y, ctx.t(`nd.colour.${colour}`), { class: "nd-borough" })));
  });
  const markets = new Set(view.roads.flat());
  for (const name of markets) {
    const [x, y] = marketPoint(name, n);
    const place = `market:${name}`;
    const g = s("g", { class: "market", "data-place": place, "data-mark": place, "data-component": place });
    g.append(s("circle", { cx: x, cy: y, r: 19, fill: "#f3e3b3", stroke: "#5b4a32", "stroke-width": 2 }));
    const message = view.messages_on_board[name];
    if (message) {
      g.append(s("rect", { x: x - 28, y: y - 15, width: 56, height: 30, rx: 5, fill: COLOURS[message.colour], stroke: "#fff", "stroke-width": 1.5 }),
               label(x, y, MESSAGE_LABELS[message.kind] || message.kind, { class: "nd-message" }),
               s("title", {}, componentName(ctx, message.kind)));
    }
    svg.append(g);
  }
  view.players.forEach((p, seat) => {
    const [x, y] = marketPoint(p.carriage, n);
    const dx = (seat - (view.players.length - 1) / 2) * 13;
    svg.append(s("g", { class: "carriage", "data-mark": `carriage:${seat}`, "data-component": `carriage:${seat}` },
      s("path", { d: `M${x + dx - 9},${y + 24} h18 v-10 h-18 z`, fill: colourOf(ctx, seat), stroke: "#111", "stroke-width": 1.5 }),
      s("circle", { cx: x + dx - 5, cy: y + 26, r: 3, fill: "#111" }), s("circle", { cx: x + dx + 5, cy: y + 26, r: 3, fill: "#111" })));
  });
  // The cathedral in the middle, with the stones placed on it.
  const cathedral = s("g", { class: "cathedral", "data-place": "cathedral", "data-mark": "cathedral", "data-component": "notre_dame" },
    s("circle", { cx: 0, cy: 0, r: 118, fill: "#d9cfb8", stroke: "#5b4a32", "stroke-width": 3 }),
    s("path", { d: "M-34,20 v-46 l34,-30 l34,30 v46 z", fill: "#b7a989", stroke: "#5b4a32", "stroke-width": 2 }),
    label(0, 44, ctx.t("nd.cathedral"), { class: "nd-cathedral" }),
    s("title", {}, ctx.t("nd.cathedral_points", { n: view.notre_dame_points })));
  view.players.forEach((p, seat) => {
    for (let i = 0; i < p.notre_dame; i++) {
      cathedral.append(s("rect", { x: -60 + seat * 26, y: -86 + i * 13, width: 11, height: 11, rx: 2, fill: colourOf(ctx, seat), stroke: "#222" }));
    }
  });
  svg.append(cathedral);
  return svg;
}

function ratTrack(ctx) {
  const { view } = ctx;
  const svg = s("svg", { viewBox: "0 0 520 70", class: "rat-track", role: "img", "aria-label": ctx.t("nd.rat_track") });
  for (let i = 0; i <= 9; i++) {
    svg.append(s("rect", { x: 10 + i * 50, y: 8, width: 46, height: 40, rx: 5, fill: i === 9 ? "#7b2d26" : "#e8dcc0", stroke: "#5b4a32" }),
               label(33 + i * 50, 60, i, { class: "nd-track-num" }));
  }
  view.players.forEach((p, seat) => {
    const i = p.rat_marker;
    svg.append(s("circle", { cx: 20 + i * 50 + (seat % 3) * 13, cy: 20 + Math.floor(seat / 3) * 16, r: 6, fill: colourOf(ctx, seat), stroke: "#111",
                             "data-mark": `rat:${seat}` }, s("title", {}, `${ctx.shortName(seat)}: ${i}`)));
  });
  return h("div", { class: "track" }, h("h3", {}, `${ctx.t("nd.rat_track")} · ${ctx.t("nd.plague_value", { n: view.plague_value })}`), svg);
}

function card(ctx, id, extra = "") {
  const place = `card:${id}`;
  return h("div", { class: `card action-card ${extra}`, "data-place": place, "data-component": id },
    h("span", {}, componentName(ctx, id)));
}

function persons(ctx) {
  const reconstructedRats = ctx.view.reconstructed_parts.includes("rats");
  return h("div", { class: "persons" }, h("h3", {}, ctx.t("nd.persons")),
    h("div", { class: "cards" }, ctx.view.persons.map((p) => {
      const place = `person:${p.id}`;
      return h("div", { class: `card person deck-${p.deck}`, "data-place": place, "data-mark": place, "data-component": p.id },
        h("strong", {}, componentName(ctx, p.id)),
        // what a bribe buys, on the card: a phone has no hover to read it (a browser audit)
        h("span", { class: "effect" }, ctx.t(`nd.c.${p.id}.text`)),
        h("span", { class: "rats" }, ctx.t("nd.person_rats", { n: p.rats }), reconstructedRats ? " *" : ""));
    })),
    // the mark explained where it is seen (a browser audit found "3 rats *" unexplained)
    reconstructedRats ? h("p", { class: "small" }, "* ", ctx.t("nd.reconstructed_mark")) : null,
    h("p", { class: "small" }, ctx.t("nd.cathedral"), ": ", ctx.t("nd.cathedral_points", { n: ctx.view.notre_dame_points })),
    h("p", { class: "small" }, ctx.t("nd.decks", { brown: ctx.view.brown_deck_size, gray: ctx.view.gray_deck_letters.join(" ") }),
      " · ", ctx.t("nd.coin_supply", { n: ctx.view.coin_supply })));
}

function mats(ctx) {
  const { view } = ctx;
  return h("div", { class: "mats" }, view.players.map((p, seat) => h("div", { class: `mat${seat === ctx.seat ? " me" : ""}`, style: `--seat: ${colourOf(ctx, seat)}`, "data-mark": `mat:${seat}` },
    h("h3", {}, h("span", { class: "swatch", "aria-hidden": "true" }), ctx.seatName(seat)),
    h("dl", {},
      h("dt", {}, ctx.t("nd.coins")), h("dd", {}, p.coins),
      h("dt", {}, ctx.t("nd.prestige")), h("dd", {}, p.prestige ?? ctx.t("nd.hidden")),
      h("dt", {}, ctx.t("nd.personal_supply")), h("dd", {}, p.personal_supply),
      h("dt", {}, ctx.t("nd.general_supply")), h("dd", {}, p.general_supply),
      h("dt", {}, ctx.t("nd.rats")), h("dd", {}, p.rat_marker),
      h("dt", {}, ctx.t("nd.messages")), h("dd", {}, Object.entries(p.messages).filter(([, c]) => c).map(([colour, c]) =>
        h("span", { class: "msg", style: `background: ${COLOURS[colour]}` }, c)), Object.values(p.messages).some(Boolean) ? "" : "0"),
      h("dt", {}, ctx.t("nd.hand_size")), h("dd", {}, `${p.hand_size} (${ctx.t("nd.deck_size")}: ${p.deck_size})`),
      h("dt", {}, ctx.t("nd.played")), h("dd", {}, p.played.map((id) => h("span", { class: "chip", "data-component": id }, componentName(ctx, id))))),
    p.physician ? h("p", { class: "small" }, ctx.t("nd.physician")) : null,
    p.bribed ? h("p", { class: "small" }, ctx.t("nd.bribed")) : null)));
}

function hand(ctx) {
  const { view } = ctx;
  if (ctx.seat === null || !view.hand) return null;
  return h("div", { class: "hand" },
    h("h3", {}, ctx.t("nd.your_hand")), h("div", { class: "cards" }, view.hand.map((id) => card(ctx, id))),
    // the first pick is from the cards dealt (nothing kept yet), the second from those passed
    view.draft_offer.length ? [h("h3", {}, ctx.t(view.hand.length ? "nd.draft_offer" : "nd.draft_dealt")), h("div", { class: "cards" }, view.draft_offer.map((id) => card(ctx, id, "offer")))] : null,
    view.passed_left.length ? [h("h3", {}, ctx.t("nd.passed_left")), h("div", { class: "cards" }, view.passed_left.map((id) => card(ctx, id, "passed")))] : null);
}

function takeText(ctx, take) {
  const parts = (Array.isArray(take) ? take : [take]).map((x) => ctx.t(`nd.take.${x}`));
  return parts.length ? ctx.list(parts) : ctx.t("nd.take.none");      // the hotel declined: "nothing"
}

function eventParams(event, ctx) {
  const d = event.data, p = { ...d };
  for (const key of ["seat", "payer", "start_player"]) if (typeof d[key] === "number") p[key] = ctx.shortName(d[key]);
  for (const key of ["card", "person", "sector", "from", "to", "kept"]) if (typeof d[key] === "string") p[key] = componentName(ctx, d[key]);
  if (d.passed) p.passed = ctx.list(d.passed.map((id) => componentName(ctx, id)));
  if (d.market) p.market = marketName(ctx, d.market);
  if (d.colour !== undefined && typeof d.colour === "string") p.colour = ctx.t(`nd.colour.${d.colour}`);
  if (d.message) p.message = componentName(ctx, d.message);
  if (d.take !== undefined) p.take = takeText(ctx, d.take);
  if (d.persons) p.persons = ctx.list(d.persons.map((id) => componentName(ctx, id)));
  if (d.rats) p.rats = ctx.list(d.rats.map((r, seat) => `${ctx.shortName(seat)} ${r}`));
  // whose stones Notre Dame scored (events of earlier versions have no owners: "")
  p.owners = d.owners ? ctx.list(d.owners.map((n, seat) => (n ? `${ctx.shortName(seat)} ${n}` : null)).filter(Boolean)) : "";
  if (d.scores) p.scores = ctx.list(d.scores.map((v, seat) => `${ctx.shortName(seat)} ${v}`));
  if (d.winners) p.winners = ctx.list(d.winners.map((seat) => ctx.shortName(seat)));
  if (d.piece) p.piece = ctx.t(`nd.piece.${d.piece}`);
  if (d.category) p.category = ctx.t(`nd.cat.${d.category}`);
  p.n = d.coins ?? d.stones ?? d.prestige ?? (d.points !== undefined ? d.points + (d.park_bonus || 0) : 0);
  return p;
}

const EVENT_VARIANTS = {
  stone: (d) => (d.to === "notre_dame" ? "stone_cathedral" : "stone"),
  // The Minstrel may move the friend with 0 to 2 stones; the Juggler may take a stone from Notre Dame.
  minstrel: (d) => (d.friend ? (d.stones ? "minstrel_friend" : "minstrel_friend_only") : "minstrel"),
  juggler: (d) => (d.from === "notre_dame" ? "juggler_cathedral" : "juggler"),
};

export default {
  prefix: "nd",
  // A new round and the draft's passing, drawn on the board, after the moves in "Since your
  // last decision".
  eventRank: (event) => (["round", "draft_pass"].includes(event.kind) ? 0 : 1),

  seatName(seat, ctx) { return ctx.t(`nd.colour.${player(ctx, seat)?.colour}`); },

  seatColour(seat, ctx) { return colourOf(ctx, seat); },

  status(ctx) {
    const { view } = ctx;
    return `${ctx.t("nd.status", { round: view.round, period: view.period })} · ${ctx.t(`nd.phase.${view.phase}`)}`;
  },

  reconstructed(ctx) {
    const parts = ctx.view.reconstructed_parts || [];
    return parts.length ? ctx.list(parts.map((part) => ctx.t(`nd.reconstructed.${part}`))) : null;
  },

  render(ctx) {
    return h("div", { class: "nd-board" }, h("div", { class: "city-wrap" }, city(ctx)),
      h("div", { class: "nd-side" }, hand(ctx), persons(ctx), ratTrack(ctx)), mats(ctx));
  },

  /** The board place of an option (null: a button only). */
  place(action, view) {
    const d = action.data || {};
    const seat = view.seat;
    const sector = (id) => (id === "notre_dame" ? "cathedral" : `sector:${seat}:${id}`);
    switch (d.kind) {
      case "place": return sector(d.to);
      case "friend": case "bishop": case "juggle_to": case "lose": return sector(d.sector);
      case "juggle": case "move": case "minstrel": return sector(d.from);
      case "play": case "keep": return `card:${d.card}`;
      case "bribe": return `person:${d.person}`;
      case "carriage": return `market:${d.market}`;
      default: return null;
    }
  },

  actionText(action, ctx) {
    const d = action.data || {};
    const name = (id) => componentName(ctx, id);
    const p = { n: d.count ?? d.coins ?? d.stones ?? 0 };
    switch (d.kind) {
      case "barmaid": case "hotel": return ctx.t(`nd.act.${d.kind}`, { take: takeText(ctx, d.take) });
      case "bishop": case "friend": case "lose": return ctx.t(`nd.act.${d.kind}`, { ...p, sector: name(d.sector) });
      // the piece chosen just before ("it" alone did not say which); records before it have none
      case "juggle_to": return ctx.t(d.piece ? "nd.act.juggle_piece_to" : "nd.act.juggle_to",
                                     { ...p, sector: name(d.sector), piece: d.piece && ctx.t(`nd.piece.${d.piece}`) });
      case "bribe": return ctx.t("nd.act.bribe", { person: name(d.person) });
      case "donate": return ctx.t("nd.act.donate", p);
      case "minstrel_count":
        if (!d.friend) return ctx.t("nd.act.minstrel_count", p);
        return ctx.t(d.stones ? "nd.act.minstrel_friend" : "nd.act.minstrel_friend_only", { n: d.stones });
      case "move": {
        const key = d.from === "notre_dame" ? "move_from_cathedral" : d.to === "notre_dame" ? "move_to_cathedral" : "move";
        return ctx.t(`nd.act.${key}`, { from: name(d.from), to: name(d.to) });
      }
      case "minstrel": return ctx.t("nd.act.minstrel", { from: name(d.from), to: name(d.to) });
      case "juggle": return ctx.t(d.from === "notre_dame" ? "nd.act.juggle_cathedral" : "nd.act.juggle",
                                  { from: name(d.from), piece: ctx.t(`nd.piece.${d.piece}`) });
      case "keep": return ctx.t("nd.act.keep", { card: name(d.card) });
      case "place": return ctx.t(d.to === "notre_dame" ? "nd.act.place_cathedral" : "nd.act.place", { to: name(d.to) });
      case "play": return ctx.t(d.count ? "nd.act.play" : "nd.act.play_plain", { card: name(d.card), n: d.count });
      case "carriage":
        if (!d.take_message) return ctx.t(d.market === ctx.view.players[ctx.seat]?.carriage ? "nd.act.carriage_stay" : "nd.act.carriage", { market: marketName(ctx, d.market) });
        return ctx.t("nd.act.carriage_take", { market: marketName(ctx, d.market), colour: ctx.t(`nd.colour.${d.colour}`), message: name(d.message) });
      case "decline": case "pass": return ctx.t(`nd.act.${d.kind}`);
      default: return null;
    }
  },

  eventText(event, ctx) {
    const kind = EVENT_VARIANTS[event.kind]?.(event.data) || event.kind;
    const key = `nd.ev.${kind}`;
    if (!ctx.has(key)) return null;
    const p = eventParams(event, ctx);
    if (kind === "plague_overflow") p.stone = event.data.stone ? ctx.t("nd.ev.plague_overflow_stone") : "";
    return ctx.t(key, p);
  },

  highlights(event) {
    const d = event.data;
    switch (event.kind) {
      case "stone": return [d.to === "notre_dame" ? "cathedral" : `sector:${d.seat}:${d.to}`];
      case "friend": case "bishop": case "plague_stone": return [`sector:${d.seat}:${d.sector}`];
      case "juggler": case "minstrel": return [`sector:${d.seat}:${d.from}`, `sector:${d.seat}:${d.to}`];
      case "carriage": return [`market:${d.market}`, `carriage:${d.seat}`];
      case "message": return [`market:${d.market}`];
      case "bribe": return [`person:${d.person}`];
      case "rat": return [`rat:${d.seat}`];
      default: return d.seat !== undefined ? [`mat:${d.seat}`] : [];
    }
  },

  explain(id, ctx) {
    if (id.startsWith("market:")) {
      const name = id.slice(7);
      const message = ctx.view.messages_on_board[name];
      return { title: marketName(ctx, name), lines: message ? [componentName(ctx, message.kind), ctx.t(`nd.c.${message.kind}.text`)] : [] };
    }
    if (id.startsWith("carriage:")) return { title: ctx.t("nd.carriage", { name: ctx.shortName(Number(id.slice(9))) }), lines: [] };
    const c = ctx.components[id];
    if (!c) return null;
    const lines = [ctx.has(`nd.c.${id}.text`) ? ctx.t(`nd.c.${id}.text`) : c.text];
    if (c.sector) lines.push(ctx.t("nd.c.sector_n"));
    if (c.type === "person") {
      lines.push(ctx.t("nd.person_rats", { n: c.rats }) + " · " + ctx.t("nd.c.person_deck", { deck: c.deck }));
      if (String(c.provenance).startsWith("reconstructed")) lines.push(ctx.t("ui.provenance_reconstructed", { what: ctx.t("nd.reconstructed.rats") }));
    }
    return { title: componentName(ctx, id), lines };
  },
};
