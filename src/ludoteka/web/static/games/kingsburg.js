// Kingsburg: the King's council of 18 advisors with the dice placed on them, the years and seasons,
// the enemy cards, the King's Envoy, and each player's province sheet (buildings, goods, soldiers,
// +2 tokens, victory points, dice). Drawn from view(seat) alone.

import { h, s, label } from "../dom.js";

const COLOURS = ["#c0392b", "#2e6da4", "#2e8b57", "#d4a017", "#7d3c98"];
const GOODS = ["gold", "wood", "stone"];
const GOOD_COLOURS = { gold: "#e0b400", wood: "#8b5a2b", stone: "#8e959c" };
const SEASONS = { Spring: 2, Summer: 4, Autumn: 6 };

const colourOf = (seat) => COLOURS[seat % COLOURS.length];
const narrow = () => Boolean(globalThis.matchMedia?.("(max-width: 640px)").matches);
const advisorName = (ctx, n) => ctx.t(`kb.c.advisor:${n}.name`);
const buildingName = (ctx, id) => (ctx.has(`kb.c.building:${id}.name`) ? ctx.t(`kb.c.building:${id}.name`) : id);

// events that tell a seat what the battle did to it (KB-15.9-15.16)
const OWN_OUTCOMES = new Set(["battle_won", "battle_lost", "building_destroyed", "goods_lost"]);

function enemyName(ctx, number) {
  const card = ctx.components[`enemy:${number}`];
  return card ? ctx.t(`kb.enemy.${card.type}`) : String(number);
}

/** "1 gold, 2 wood" from a goods dict (negative amounts are shown as given away elsewhere). */
function goodsText(ctx, goods, extra = {}) {
  const parts = [];
  for (const good of GOODS) if (goods?.[good] > 0) parts.push(ctx.t(`kb.good.${good}`, { n: goods[good] }));
  if (extra.choice > 0) parts.push(ctx.t("kb.good.choice", { n: extra.choice }));
  if (extra.tokens > 0) parts.push(ctx.t("kb.good.token", { n: extra.tokens }));
  if (extra.soldiers > 0) parts.push(ctx.t("kb.gain.soldiers", { n: extra.soldiers }));
  if (extra.vp > 0) parts.push(ctx.t("kb.gain.vp", { n: extra.vp }));
  if (extra.buildings > 0) parts.push(ctx.t("kb.gain.buildings", { n: extra.buildings }));
  if (extra.peek) parts.push(ctx.t("kb.gain.peek"));
  if (extra.trade) parts.push(ctx.t("kb.gain.trade"));
  if (extra.pay_vp > 0) {       // the Smuggler: "pay 1 VP for 3 goods", not "pay 1 VP and 3 goods"
    const cost = ctx.t("kb.gain.pay_vp", { n: extra.pay_vp });
    return parts.length ? ctx.t("kb.for", { cost, get: ctx.list(parts) }) : cost;
  }
  return parts.length ? ctx.list(parts) : ctx.t("kb.nothing");
}

/** An advisor's whole reward in words, every form of it ("1 gold or 1 wood"). */
function advisorReward(ctx, n) {
  const c = ctx.components[`advisor:${n}`];
  if (!c) return "";
  return c.alternatives.map((a) => goodsText(ctx, a, a)).reduce((a, b) => ctx.t("kb.or", { a, b }));
}

const diceText = (dice) => dice.filter((v) => v).join("+");

/** An SVG text that never overflows `width`: long names (German advisors, Polish guilds) are
 * squeezed to fit, since SVG text does not wrap and the cards have a fixed size. */
function fitted(x, y, text, width, fontSize, attrs) {
  const estimate = String(text).length * fontSize * 0.6;      // a bold face's mean glyph width
  const fit = estimate > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { x, y, ...attrs, ...fit }, text);
}

/** A building's name on its 100-px space: two centred lines where one would not fit. */
function buildingLabel(x, y, name, cls) {
  const width = 94;
  if (name.length * 10.5 * 0.6 <= width || !name.includes(" ")) {
    return [fitted(x, y + 16, name, width, 10.5, { class: cls, "text-anchor": "middle", "dominant-baseline": "central" })];
  }
  const words = name.split(" ");
  let best = 1;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ").length, b = words.slice(i).join(" ").length;
    const bestA = words.slice(0, best).join(" ").length, bestB = words.slice(best).join(" ").length;
    if (Math.max(a, b) < Math.max(bestA, bestB)) best = i;
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")].map((line, i) =>
    fitted(x, y + 10 + i * 12, line, width, 10.5, { class: cls, "text-anchor": "middle", "dominant-baseline": "central" }));
}

/** An advisor's reward as icons on its card: goods as coloured squares, goods of choice as
 * a white square, VP, soldiers, +2 tokens, a look at the enemy card; forms separated by "/". */
function rewardIcons(ctx, advisor) {
  const g = s("g", { class: "reward" });
  let x = 0;
  const square = (fill, text, dark = false) => {
    g.append(s("rect", { x, y: -9, width: 18, height: 18, rx: 3, fill, stroke: "#6b5635", "stroke-width": 1 }),
      label(x + 9, 0.5, text, { class: dark ? "reward-n dark" : "reward-n" }));
    x += 21;
  };
  const word = (text, cls = "reward-t") => {
    const el = s("text", { x, y: 0.5, "dominant-baseline": "central", class: cls }, text);
    g.append(el);
    x += String(text).length * 7.5 + 6;
  };
  advisor.alternatives.forEach((a, i) => {
    if (i) word("/");
    if (a.trade) { square("#fff", "1", true); word("→"); square("#fff", "2", true); return; }
    if (a.pay_vp) word(`−${a.pay_vp} ${ctx.t("kb.vp")}`, "reward-t pay");
    for (const good of GOODS) if (a[good]) square(GOOD_COLOURS[good], a[good], good === "gold");
    if (a.choice) square("#fff", `${a.choice}?`, true);
    if (a.vp) word(`${a.vp} ${ctx.t("kb.vp")}`);
    if (a.soldiers) {
      g.append(s("path", { d: `M${x},-8 h16 v7 q0,7 -8,10 q-8,-3 -8,-10 z`, fill: "#556", stroke: "#223" }),
        label(x + 8, -1, a.soldiers, { class: "reward-n" }));
      x += 20;
    }
    if (a.tokens) {
      g.append(s("circle", { cx: x + 9, cy: 0, r: 9, fill: "#7d3c98", stroke: "#3b1d47" }), label(x + 9, 0.5, "+2", { class: "reward-n" }));
      x += 21;
    }
    if (a.peek) {
      g.append(s("rect", { x, y: -9, width: 14, height: 18, rx: 2, fill: "#5a2e2e", stroke: "#222" }), label(x + 7, 0.5, "?", { class: "reward-n" }));
      x += 17;
    }
  });
  return { g, width: x };
}

function die(x, y, value, fill, size = 24) {
  return s("g", { class: "die" },
    s("rect", { x, y, width: size, height: size, rx: 4, fill, stroke: "#222", "stroke-width": 1 }),
    label(x + size / 2, y + size / 2 + 1, value, { class: fill === "#fff" ? "die-pip dark" : "die-pip" }));
}

function court(ctx) {
  const { view } = ctx;
  // On a phone the court is 3 cards wide (6 rows), so that names and rewards stay readable.
  const columns = narrow() ? 3 : 6;
  const svg = s("svg", { viewBox: `0 0 ${columns * 160} ${(18 / columns) * 140}`, class: "court", role: "img", "aria-label": ctx.t("kb.court") });
  for (let n = 1; n <= 18; n++) {
    const x = ((n - 1) % columns) * 160, y = Math.floor((n - 1) / columns) * 140;
    const blocked = view.dummy_blocked.includes(n);
    const place = `advisor:${n}`;
    const g = s("g", { class: `advisor${view.helping_advisor === n ? " helping" : ""}`, "data-place": place, "data-mark": place,
                       "data-component": place, transform: `translate(${x + 4},${y + 4})` },
      s("rect", { width: 150, height: 130, rx: 10, fill: blocked ? "#bbb" : "#f5ecd6", stroke: "#6b5635", "stroke-width": 2 }),
      s("title", {}, `${n} · ${advisorName(ctx, n)}: ${advisorReward(ctx, n)}`),
      label(22, 22, n, { class: "advisor-number" }),
      fitted(42, 27, advisorName(ctx, n), 102, 15, { class: "advisor-name" }),
      blocked ? label(75, 62, ctx.t("kb.blocked"), { class: "tiny" }) : null);
    const card = ctx.components[place];
    if (card) {
      const { g: icons, width } = rewardIcons(ctx, card);
      icons.setAttribute("transform", `translate(${Math.max(4, (150 - width) / 2)},114)${width > 142 ? ` scale(${142 / width} 1)` : ""}`);
      g.append(icons);
    }
    (view.court[String(n)] || []).forEach((placed, i) => {
      placed.dice.forEach((value, j) => g.append(die(10 + j * 27, 44 + i * 30, value, colourOf(placed.seat))));
      const marks = [placed.token ? "+2" : "", placed.market ? "±1" : "", placed.envoy ? "✉" : ""].filter(Boolean).join(" ");
      if (marks) g.append(s("text", { x: 14 + placed.dice.length * 27, y: 62 + i * 30, class: "tiny" }, marks));
    });
    svg.append(g);
  }
  return svg;
}

function tracks(ctx) {
  const { view } = ctx;
  // On a phone the years take two rows of three, so that the enemies' strengths stay readable.
  const perRow = narrow() ? 3 : 5, rows = Math.ceil(5 / perRow);
  const svg = s("svg", { viewBox: `0 0 ${perRow * 192} ${rows * 180 + 50}`, class: "kb-tracks", role: "img", "aria-label": ctx.t("kb.year_track") });
  for (let year = 1; year <= 5; year++) {
    const x = ((year - 1) % perRow) * 192, top = Math.floor((year - 1) / perRow) * 180;
    svg.append(s("text", { x: x + 8, y: top + 18, class: "small-label" }, ctx.t("kb.enemy_year", { year })));
    for (let phase = 1; phase <= 8; phase++) {
      const current = view.year === year && view.phase === phase && view.decision !== "over";
      const past = view.year > year || (view.year === year && view.phase > phase) || view.decision === "over";
      svg.append(s("rect", { x: x + 8 + (phase - 1) * 22, y: top + 26, width: 19, height: 19, rx: 3,
        fill: current ? "#c0392b" : past ? "#b8a98a" : "#efe4c8", stroke: "#6b5635", "data-mark": `phase:${year}:${phase}` },
        s("title", {}, ctx.t(`kb.phase.${phase}`))));
    }
    const enemy = view.enemies[year - 1];
    const card = enemy.card;
    const small = { class: "tiny light", "text-anchor": "middle", "dominant-baseline": "central" };
    const g = s("g", { class: `enemy${enemy.revealed ? " revealed" : ""}`, "data-mark": `enemy:${year}`,
                       "data-component": card ? `enemy:${card.number}` : `enemy-year:${year}`, transform: `translate(${x + 8},${top + 58})` },
      s("rect", { width: 176, height: 124, rx: 8, fill: card ? "#5a2e2e" : "#3b3b4f", stroke: "#222" }),
      card ? [label(88, 28, ctx.t(`kb.enemy.${card.type}`), { class: "enemy-name" }), label(88, 53, card.strength, { class: "enemy-strength" }),
              // what the battle puts at stake, on the card itself (a browser audit found it only on hover)
              stakes(ctx, card.number).map((line, i) => fitted(88, 72 + i * 10.5, line, 164, 10.5, small))]
           : [label(88, 34, "?", { class: "enemy-name" }), label(88, 68, ctx.t("kb.enemy_range", { low: enemy.strength_range[0], high: enemy.strength_range[1] }), { class: "enemy-range" })],
      battleBadge(ctx, year),
      enemy.seen_by.length ? fitted(88, 117, ctx.t("kb.enemy_seen", { names: ctx.list(enemy.seen_by.map((seat) => ctx.shortName(seat))) }),
                                    164, 11, small) : null);
    svg.append(g);
  }
  const envoy = view.envoy === null ? ctx.t("kb.envoy_nobody") : ctx.t("kb.envoy_holder", { name: ctx.shortName(view.envoy) });
  const order = `${ctx.t("kb.turn_order")}: ${ctx.list(view.turn_order.map((seat) => ctx.shortName(seat)))}`;
  const width = perRow * 192 - 16;
  if (perRow === 5) svg.append(fitted(8, 200, `${envoy} · ${order}`, width, 15 * 0.92, { class: "small-label" }));
  else svg.append(fitted(8, rows * 180 + 16, envoy, width, 15 * 0.92, { class: "small-label" }),
    fitted(8, rows * 180 + 40, order, width, 15 * 0.92, { class: "small-label" }));
  return svg;
}

/** What an enemy card's battle gives and takes (KB-15.9-15.16) as short lines for the card:
 *  "Win: 1 gold", "Lose: 1 good of your choice", "and 1 building" (a line longer than about
 *  164 px at 10.5 px breaks at the space nearest its middle). */
function stakes(ctx, number) {
  const c = ctx.components[`enemy:${number}`];
  const lines = [ctx.t("kb.enemy_win", { gain: goodsText(ctx, c.gain, c.gain) }), ctx.t("kb.enemy_defeat", { lose: goodsText(ctx, c.lose, c.lose) })];
  return lines.flatMap((line) => {
    if (line.length <= 28) return [line];
    const middle = line.length / 2;
    let cut = -1;
    for (let i = line.indexOf(" "); i >= 0; i = line.indexOf(" ", i + 1)) if (cut < 0 || Math.abs(i - middle) < Math.abs(cut - middle)) cut = i;
    return cut < 0 ? [line] : [line.slice(0, cut), line.slice(cut + 1)];
  });
}

/** The watching seat's result on the card of the last battle fought ("You lost"), so a loss is
 *  on the board and not only in the log (a browser audit lost 2 VP and was never told). */
function battleBadge(ctx, year) {
  const last = ctx.view.last_battle;
  const result = last && last.year === year && ctx.view.players?.[ctx.seat] ? last.result[ctx.seat] : null;
  if (!result) return null;
  return s("g", { class: `battle-badge ${result}` },
    s("rect", { x: 38, y: -10, width: 100, height: 20, rx: 10 }),
    label(88, 0.5, ctx.t(`kb.battle_you.${result}`), { class: "battle-badge-text" }));
}

function buildingGrid(ctx, seat) {
  const built = new Set(ctx.view.players[seat].buildings);
  const crane = built.has("crane");
  const svg = s("svg", { viewBox: "0 0 420 250", class: "province-grid", role: "img", "aria-label": ctx.t("kb.province", { name: ctx.shortName(seat) }) });
  for (const c of Object.values(ctx.components)) {
    if (c.kind !== "building") continue;
    const id = c.id.slice(9);
    const x = (c.column - 1) * 104 + 2, y = (c.row - 1) * 49 + 2;
    const place = `building:${seat}:${id}`;
    const standing = built.has(id);
    // what a building still to build costs this seat, as goods squares beside its VP (a browser
    // audit planned its dice and the Duchess's goods with the costs only on hover); the Crane's
    // 1 gold less in columns III and IV (KB-17.10, the engine's tables.py cost_crane)
    const price = { ...c.cost, gold: crane && c.column >= 3 ? Math.max(0, c.cost.gold - 1) : c.cost.gold };
    const cost = standing ? [] : GOODS.filter((good) => price[good] > 0).map((good, k) => [
      s("rect", { x: x + 4 + k * 17, y: y + 30, width: 14, height: 13, rx: 2, fill: GOOD_COLOURS[good], stroke: "#6b5635", "stroke-width": 0.8 }),
      label(x + 11 + k * 17, y + 37, price[good], { class: good === "gold" ? "cost-n dark" : "cost-n" })]);
    svg.append(s("g", { class: `building${standing ? " built" : ""}`, "data-place": place, "data-mark": place, "data-component": c.id },
      s("rect", { x, y, width: 100, height: 45, rx: 6, fill: standing ? colourOf(seat) : "#f5ecd6", stroke: "#6b5635" }),
      buildingLabel(x + 50, y, buildingName(ctx, id), standing ? "building-name on" : "building-name"),
      cost,
      label(cost.length ? x + 78 : x + 50, y + 36, `${c.vp} ${ctx.t("kb.vp")}`, { class: standing ? "tiny on" : "tiny" })));
  }
  return svg;
}

/** A seat's unplaced dice (coloured, then white) as a row of dice. */
function diceRow(ctx, p) {
  return s("svg", { viewBox: `0 0 ${Math.max(1, p.dice.length + p.white_dice.length) * 30} 28`, class: "dice-row", "aria-label": ctx.t("kb.dice") },
    p.dice.map((v, i) => die(i * 30 + 2, 2, v, colourOf(p.seat))), p.white_dice.map((v, i) => die((p.dice.length + i) * 30 + 2, 2, v, "#fff")));
}

function province(ctx, p) {
  const seat = p.seat;
  const dice = diceRow(ctx, p);
  return h("div", { class: `mat province${seat === ctx.seat ? " me" : ""}`, style: `--seat: ${colourOf(seat)}`, "data-mark": `mat:${seat}` },
    h("h3", {}, h("span", { class: "swatch", "aria-hidden": "true" }), ctx.seatName(seat),
      ctx.view.envoy === seat ? h("span", { class: "chip", title: ctx.t("kb.envoy") }, " ✉ ") : null,
      p.token_used ? h("span", { class: "chip", "data-mark": `token-used:${seat}` }, ctx.t("kb.token_used")) : null,
      p.passed ? h("span", { class: "chip" }, ctx.t("kb.passed")) : null),
    h("dl", {},
      h("dt", {}, ctx.t("kb.victory_points")), h("dd", { class: "vp" }, p.vp),
      GOODS.map((g) => [h("dt", {}, h("span", { class: "good", style: `background: ${GOOD_COLOURS[g]}` }), ctx.t(`kb.goods.${g}`)),
                        h("dd", {}, p.goods[g])]),
      h("dt", {}, ctx.t("kb.soldiers")), h("dd", {}, p.soldiers),
      h("dt", {}, ctx.t("kb.tokens")), h("dd", {}, p.plus_two_tokens),
      h("dt", {}, ctx.t("kb.dice")), h("dd", {}, p.dice.length + p.white_dice.length ? dice : "—")),
    buildingGrid(ctx, seat));
}

/** What an advisor's help gives (and asks: the Smuggler's VP, the Alchemist's good given away). */
function helpText(ctx, d) {
  const gained = Object.fromEntries(GOODS.map((g) => [g, Math.max(0, d.goods[g])]));
  const given = Object.fromEntries(GOODS.map((g) => [g, Math.max(0, -d.goods[g])]));
  const costs = [];
  if (d.vp < 0) costs.push(ctx.t("kb.gain.pay_vp", { n: -d.vp }));
  if (GOODS.some((g) => given[g])) costs.push(ctx.t("kb.give", { goods: goodsText(ctx, given) }));
  const got = goodsText(ctx, gained, { ...d, vp: Math.max(0, d.vp) });
  if (!costs.length) return got;
  // what is paid or given, then what it buys: "give 1 wood for 1 gold and 1 stone"
  return got === ctx.t("kb.nothing") ? ctx.list(costs) : ctx.t("kb.for", { cost: ctx.list(costs), get: got });
}

function eventParams(event, ctx) {
  const d = event.data, p = { ...d };
  if (typeof d.seat === "number") p.seat = ctx.shortName(d.seat);
  if (Array.isArray(d.seats) && typeof d.seats[0] === "number") p.seats = ctx.list(d.seats.map((x) => ctx.shortName(x)));
  if (typeof d.advisor === "number") p.advisor = advisorName(ctx, d.advisor);
  if (typeof d.building === "string") p.building = buildingName(ctx, d.building);
  if (typeof d.enemy === "number") p.enemy = enemyName(ctx, d.enemy);
  if (d.goods) p.goods = goodsText(ctx, d.goods);
  if (d.pay && typeof d.pay === "object") p.pay = goodsText(ctx, d.pay);
  if (typeof d.paid === "string") p.paid = ctx.t(`kb.pay.${d.paid}`);
  if (Array.isArray(d.dice) && typeof d.dice[0] === "number") p.dice = diceText(d.dice);
  if (d.reason) p.reason = ctx.has(`kb.reason.${d.reason}`) ? ctx.t(`kb.reason.${d.reason}`) : d.reason;
  if (d.season) p.season = ctx.t(`kb.phase.${SEASONS[d.season]}`);
  if (d.turn_order) p.order = ctx.list(d.turn_order.map((x) => (d.totals ? `${ctx.shortName(x)} (${d.totals[x]})` : ctx.shortName(x))));
  if (d.scores) p.scores = ctx.list(d.scores.map((v, seat) => `${ctx.shortName(seat)} ${v}`));
  if (d.winners) p.winners = ctx.list(d.winners.map((seat) => ctx.shortName(seat)));
  if (Array.isArray(d.tokens)) p.tokens = ctx.list(d.tokens.map((v, seat) => `${ctx.shortName(seat)} ${v}`));
  p.n = d.soldiers ?? 0;
  return p;
}

const EVENTS = {
  advisor_help: (d, p, ctx) => ["advisor_help", { ...p, reward: helpText(ctx, d) }],
  battle: (d, p, ctx) => ["battle", { ...p, results: ctx.list(d.seats.map((r) => ctx.t("kb.ev.battle_result",
    { seat: ctx.shortName(r.seat), strength: r.strength, result: ctx.t(`kb.result.${r.result}`) }))) }],
  battle_lost: (d, p, ctx) => {
    // d.vp is the (negative) change; what is lost is said as positive amounts
    const goods = goodsText(ctx, d.goods, { choice: d.goods_of_choice, vp: -d.vp });
    const parts = [...(goods === ctx.t("kb.nothing") ? [] : [goods]), ...d.buildings.map((b) => buildingName(ctx, b))];
    return parts.length ? ["battle_lost", { ...p, lost: ctx.list(parts) }] : ["battle_lost_nothing", p];
  },
  battle_won: (d, p, ctx) => ["battle_won", { ...p, gain: goodsText(ctx, d.goods, { choice: d.goods_of_choice, vp: d.vp }) }],
  dice_rolled: (d, p, ctx) => ["dice_rolled", { ...p, dice: ctx.list(d.dice.map((row, seat) => `${ctx.shortName(seat)} ${diceText(row)}`)) }],
  dummy_dice: (d, p, ctx) => ["dummy_dice", { ...p, advisors: ctx.list(d.advisors.map(String)), n: d.advisors.length }],
  // a +2 token, the Market or the Envoy said, or a second group on one advisor reads as illegal
  influence: (d, p, ctx) => {
    const flags = [d.token && "kb.act.with_token", d.market && "kb.act.with_market", d.envoy && "kb.act.with_envoy"].filter(Boolean);
    return flags.length ? ["influence_with", { ...p, with: ctx.list(flags.map((k) => ctx.t(k))) }] : ["influence", p];
  },
  inn: (d, p) => [d.tokens ? "inn" : "inn_none", p],
  kings_aid: (d) => [d.die ? "kings_aid_die" : "kings_aid_goods"],
  kings_envoy: (d) => [d.seat === null ? "kings_envoy_tied" : "kings_envoy"],
  kings_reinforcements: (d, p) => ["kings_reinforcements", { ...p, n: d.soldiers }],
  pass: (d) => [d.forced ? "pass_forced" : "pass"],
  year_begins: (d, p) => ["year_begins", p],
};

function actionText(action, ctx) {
  const d = action.data || {};
  const kind = action.key.split(":")[0];
  const flags = [d.token && "kb.act.with_token", d.market && "kb.act.with_market", d.envoy && "kb.act.with_envoy"].filter(Boolean).map((k) => ctx.t(k));
  switch (kind) {
    case "adv": return ctx.t("kb.act.adv", { advisor: advisorName(ctx, d.advisor), number: d.advisor }) + (flags.length ? ` ${ctx.list(flags)}` : "");
    case "build": case "envoy-build":
      return ctx.t(kind === "build" ? "kb.act.build" : "kb.act.envoy_build", { building: buildingName(ctx, d.building), cost: goodsText(ctx, d.cost) });
    case "pass": return ctx.t(d.build ? "kb.act.pass_build" : "kb.act.pass");
    case "chapel": case "statue": case "keep": case "done": case "skip": return ctx.t(`kb.act.${kind}`);
    case "statue-white": return ctx.t("kb.act.statue_white");      // KB-17.1: the white die instead
    case "decline": return ctx.t("kb.act.decline", { advisor: advisorName(ctx, d.advisor) });
    case "dice": {
      // An advisor the dice reach only with a +2 token, the Market or the Envoy says so (the preview's notes)
      const needs = Object.fromEntries((d.preview?.notes || []).filter((n) => n.key.startsWith("needs_")).map((n) => [n.args.advisor, n.key]));
      const reach = (n) => (needs[n] ? ctx.t("kb.act.reach_via", { advisor: advisorName(ctx, n), number: n, via: ctx.t(`kb.via.${needs[n]}`) })
                                    : `${advisorName(ctx, n)} (${n})`);
      const faces = [...d.coloured, ...d.white];
      // one die: its face is the total ("Die 2 → Squire (2)", not "Dice 2 = 2 → …")
      return ctx.t(d.coloured.length === 1 && !d.white.length ? "kb.act.die" : "kb.act.dice",
                   { dice: diceText(faces), total: d.total, advisors: ctx.list(d.advisors.map(reach)) });
    }
    case "lose": return ctx.t("kb.act.lose", { goods: goodsText(ctx, d.goods) });
    case "take":
      if (d.advisor === undefined) return ctx.t("kb.act.take_goods", { goods: goodsText(ctx, d.goods) });
      return ctx.t("kb.act.take", { advisor: advisorName(ctx, d.advisor), reward: helpText(ctx, d) });
    case "trade": {
      const give = Object.fromEntries(GOODS.map((g) => [g, Math.max(0, -d.goods[g])]));
      return ctx.t("kb.act.trade", { advisor: advisorName(ctx, d.advisor), give: goodsText(ctx, give), get: goodsText(ctx, d.goods) });
    }
    case "recruit": return ctx.t("kb.act.recruit", { n: d.soldiers, pay: goodsText(ctx, d.pay) });
    case "townhall": return ctx.t("kb.act.townhall", { pay: ctx.t(`kb.pay.${d.pay}`) });
    case "token": return ctx.t("kb.act.token", { token: d.token });
    case "inn": return ctx.t(d.inn_first ? "kb.act.inn_first" : "kb.act.inn_after");
    default: return null;
  }
}

/** "Then enough for: the Inn, the Barricade": the buildings a help's goods would pay for, named
 *  from their row and column on the province sheet (a note's args are numbers). */
function noteArgs(note, ctx) {
  if (note.key !== "builds_then") return null;
  const named = note.args.buildings.map(([row, column]) => Object.values(ctx.components)
    .find((c) => c.kind === "building" && c.row === row && c.column === column));
  return { names: ctx.list(named.map((c) => buildingName(ctx, c.id.slice(9)))) };
}

export default {
  prefix: "kb",
  noteArgs,
  // "Since your last decision": the seat's own battle result and losses above the moves (a
  // browser audit lost 2 VP in a battle and saw only Spring's moves), a new year (drawn on the
  // board) below them
  eventRank: (event, ctx) => (event.kind === "year_begins" ? 0
    : OWN_OUTCOMES.has(event.kind) && event.data?.seat === ctx?.seat ? 2 : 1),

  seatName(seat, ctx) { return ctx.t("kb.seat", { n: seat + 1 }); },

  seatColour(seat) { return colourOf(seat); },

  status(ctx) {
    const { view } = ctx;
    return ctx.t("kb.status", { year: view.year, phase: ctx.t(`kb.phase.${view.decision === "over" ? 0 : view.phase}`) });
  },

  reconstructed(ctx) {
    const unverified = Object.values(ctx.components).filter((c) => c.unverified).map((c) => c.number);
    return unverified.length ? ctx.t("kb.unverified", { cards: unverified.join(", ") }) : null;
  },

  /** The seat's own dice beside its decision: the options name them ("Dice 1+5 → …"). */
  besideDecision(ctx) {
    const p = ctx.view.players?.[ctx.seat];
    if (!p || !(p.dice.length + p.white_dice.length)) return null;
    return h("div", { class: "beside-decision", id: "own-dice" }, h("span", { class: "supplies-title" }, ctx.t("kb.your_dice")), diceRow(ctx, p));
  },

  render(ctx) {
    return h("div", { class: "kb-board" }, h("div", { class: "court-wrap" }, court(ctx)), h("div", { class: "tracks-wrap" }, tracks(ctx)),
      h("div", { class: "mats provinces" }, ctx.view.players.map((p) => province(ctx, p))));
  },

  place(action, view) {
    const d = action.data || {};
    const kind = action.key.split(":")[0];
    if (kind === "adv") return `advisor:${d.advisor}`;
    if (kind === "dice" && d.advisors.length === 1) return `advisor:${d.advisors[0]}`;
    if (kind === "build" || kind === "envoy-build") return `building:${view.seat}:${d.building}`;
    return null;
  },

  actionText,

  eventText(event, ctx) {
    const p = eventParams(event, ctx);
    const [kind, params] = EVENTS[event.kind]?.(event.data, p, ctx) || [event.kind, p];
    const key = `kb.ev.${kind}`;
    return ctx.has(key) ? ctx.t(key, params || p) : null;
  },

  highlights(event) {
    const d = event.data;
    switch (event.kind) {
      case "influence": case "advisor_help": case "help_declined": return [`advisor:${d.advisor}`, `mat:${d.seat}`];
      case "build": case "building_destroyed": return [`building:${d.seat}:${d.building}`];
      case "enemy_revealed": case "battle": return [`enemy:${d.year}`];
      default: return typeof d.seat === "number" ? [`mat:${d.seat}`] : [];
    }
  },

  explain(id, ctx) {
    if (id.startsWith("enemy-year:")) {
      const enemy = ctx.view.enemies[Number(id.slice(11)) - 1];
      return { title: ctx.t("kb.enemy_year", { year: enemy.year }), lines: [ctx.t("kb.enemy_range", { low: enemy.strength_range[0], high: enemy.strength_range[1] })] };
    }
    const c = ctx.components[id];
    if (!c) return null;
    if (c.kind === "advisor") {
      const rewards = c.alternatives.map((a) => goodsText(ctx, a, a));
      return { title: `${c.number} · ${advisorName(ctx, c.number)}`,
               lines: [ctx.t("kb.advisor_reward", { reward: rewards.reduce((a, b) => ctx.t("kb.or", { a, b })) })] };
    }
    if (c.kind === "building") {
      const id2 = c.id.slice(9);
      const lines = [ctx.t("kb.cost", { cost: goodsText(ctx, c.cost) }), ctx.t("kb.building_vp", { n: c.vp })];
      if (c.battle) lines.push(ctx.t("kb.battle", { n: c.battle > 0 ? `+${c.battle}` : c.battle }));
      for (const [enemy, n] of Object.entries(c.battle_against || {})) lines.push(ctx.t("kb.battle_against", { n: `+${n}`, enemy: ctx.t(`kb.enemy.${enemy}`) }));
      if (c.effect) lines.push(ctx.t(`kb.effect.${c.effect}`));
      return { title: buildingName(ctx, id2), lines };
    }
    if (c.kind === "enemy") {
      const lose = c.lose;
      return { title: `${ctx.t(`kb.enemy.${c.type}`)} · ${c.strength}`,
               lines: [ctx.t("kb.enemy_year", { year: c.year }), ctx.t("kb.enemy_gain", { gain: goodsText(ctx, c.gain, c.gain) }),
                       ctx.t("kb.enemy_lose", { lose: goodsText(ctx, lose, lose) })] };
    }
    return null;
  },
};
