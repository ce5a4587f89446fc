// Kingsburg: the King's council of 18 advisors with the dice placed on them, the years and seasons,
// the enemy cards, the King's Envoy, and each player's province sheet (buildings, goods, soldiers,
// +2 tokens, victory points, dice). Drawn from view(seat) alone.

import { h, s, label } from "../dom.js";

const COLOURS = ["#c0392b", "#2e6da4", "#2e8b57", "#d4a017", "#7d3c98"];
const GOODS = ["gold", "wood", "stone"];
const GOOD_COLOURS = { gold: "#e0b400", wood: "#8b5a2b", stone: "#8e959c" };
const SEASONS = { Spring: 2, Summer: 4, Autumn: 6 };

const colourOf = (seat) => COLOURS[seat % COLOURS.length];
const advisorName = (ctx, n) => ctx.t(`kb.c.advisor:${n}.name`);
const buildingName = (ctx, id) => (ctx.has(`kb.c.building:${id}.name`) ? ctx.t(`kb.c.building:${id}.name`) : id);

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
  if (extra.pay_vp > 0) parts.push(ctx.t("kb.gain.pay_vp", { n: extra.pay_vp }));
  if (extra.buildings > 0) parts.push(ctx.t("kb.gain.buildings", { n: extra.buildings }));
  if (extra.peek) parts.push(ctx.t("kb.gain.peek"));
  if (extra.trade) parts.push(ctx.t("kb.gain.trade"));
  return parts.length ? ctx.list(parts) : ctx.t("kb.nothing");
}

const diceText = (dice) => dice.filter((v) => v).join("+");

function die(x, y, value, fill, size = 24) {
  return s("g", { class: "die" },
    s("rect", { x, y, width: size, height: size, rx: 4, fill, stroke: "#222", "stroke-width": 1 }),
    label(x + size / 2, y + size / 2 + 1, value, { class: fill === "#fff" ? "die-pip dark" : "die-pip" }));
}

function court(ctx) {
  const { view } = ctx;
  const svg = s("svg", { viewBox: "0 0 960 420", class: "court", role: "img", "aria-label": ctx.t("kb.court") });
  for (let n = 1; n <= 18; n++) {
    const x = ((n - 1) % 6) * 160, y = Math.floor((n - 1) / 6) * 140;
    const blocked = view.dummy_blocked.includes(n);
    const place = `advisor:${n}`;
    const g = s("g", { class: `advisor${view.helping_advisor === n ? " helping" : ""}`, "data-place": place, "data-mark": place,
                       "data-component": place, transform: `translate(${x + 4},${y + 4})` },
      s("rect", { width: 150, height: 130, rx: 10, fill: blocked ? "#bbb" : "#f5ecd6", stroke: "#6b5635", "stroke-width": 2 }),
      label(22, 22, n, { class: "advisor-number" }),
      s("text", { x: 42, y: 27, class: "advisor-name" }, advisorName(ctx, n)),
      blocked ? label(75, 110, ctx.t("kb.blocked"), { class: "tiny" }) : null);
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
  const svg = s("svg", { viewBox: "0 0 960 230", class: "kb-tracks", role: "img", "aria-label": ctx.t("kb.year_track") });
  for (let year = 1; year <= 5; year++) {
    const x = (year - 1) * 192;
    svg.append(s("text", { x: x + 8, y: 18, class: "small-label" }, ctx.t("kb.enemy_year", { year })));
    for (let phase = 1; phase <= 8; phase++) {
      const current = view.year === year && view.phase === phase && view.decision !== "over";
      const past = view.year > year || (view.year === year && view.phase > phase) || view.decision === "over";
      svg.append(s("rect", { x: x + 8 + (phase - 1) * 22, y: 26, width: 19, height: 19, rx: 3,
        fill: current ? "#c0392b" : past ? "#b8a98a" : "#efe4c8", stroke: "#6b5635", "data-mark": `phase:${year}:${phase}` },
        s("title", {}, ctx.t(`kb.phase.${phase}`))));
    }
    const enemy = view.enemies[year - 1];
    const card = enemy.card;
    const g = s("g", { class: `enemy${enemy.revealed ? " revealed" : ""}`, "data-mark": `enemy:${year}`,
                       "data-component": card ? `enemy:${card.number}` : `enemy-year:${year}`, transform: `translate(${x + 8},58)` },
      s("rect", { width: 176, height: 110, rx: 8, fill: card ? "#5a2e2e" : "#3b3b4f", stroke: "#222" }),
      card ? [label(88, 34, ctx.t(`kb.enemy.${card.type}`), { class: "enemy-name" }), label(88, 68, card.strength, { class: "enemy-strength" })]
           : [label(88, 34, "?", { class: "enemy-name" }), label(88, 68, ctx.t("kb.enemy_range", { low: enemy.strength_range[0], high: enemy.strength_range[1] }), { class: "enemy-range" })],
      enemy.seen_by.length ? label(88, 96, ctx.t("kb.enemy_seen", { names: ctx.list(enemy.seen_by.map((seat) => ctx.shortName(seat))) }), { class: "tiny light" }) : null);
    svg.append(g);
  }
  svg.append(s("text", { x: 8, y: 200, class: "small-label" },
    view.envoy === null ? ctx.t("kb.envoy_nobody") : ctx.t("kb.envoy_holder", { name: ctx.shortName(view.envoy) }),
    " · ", ctx.t("kb.turn_order"), ": ", ctx.list(view.turn_order.map((seat) => ctx.shortName(seat)))));
  return svg;
}

function buildingGrid(ctx, seat) {
  const built = new Set(ctx.view.players[seat].buildings);
  const svg = s("svg", { viewBox: "0 0 420 250", class: "province-grid", role: "img", "aria-label": ctx.t("kb.province", { name: ctx.shortName(seat) }) });
  for (const c of Object.values(ctx.components)) {
    if (c.kind !== "building") continue;
    const id = c.id.slice(9);
    const x = (c.column - 1) * 104 + 2, y = (c.row - 1) * 49 + 2;
    const place = `building:${seat}:${id}`;
    svg.append(s("g", { class: `building${built.has(id) ? " built" : ""}`, "data-place": place, "data-mark": place, "data-component": c.id },
      s("rect", { x, y, width: 100, height: 45, rx: 6, fill: built.has(id) ? colourOf(seat) : "#f5ecd6", stroke: "#6b5635" }),
      label(x + 50, y + 16, buildingName(ctx, id), { class: built.has(id) ? "building-name on" : "building-name" }),
      label(x + 50, y + 33, `${c.vp} ${ctx.t("kb.vp")}`, { class: built.has(id) ? "tiny on" : "tiny" })));
  }
  return svg;
}

function province(ctx, p) {
  const seat = p.seat;
  const dice = s("svg", { viewBox: `0 0 ${Math.max(1, p.dice.length + p.white_dice.length) * 30} 28`, class: "dice-row", "aria-label": ctx.t("kb.dice") },
    p.dice.map((v, i) => die(i * 30 + 2, 2, v, colourOf(seat))), p.white_dice.map((v, i) => die((p.dice.length + i) * 30 + 2, 2, v, "#fff")));
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
  advisor_help: (d, p, ctx) => ["advisor_help", { ...p, reward: goodsText(ctx, d.goods, d) }],
  battle: (d, p, ctx) => ["battle", { ...p, results: ctx.list(d.seats.map((r) => ctx.t("kb.ev.battle_result",
    { seat: ctx.shortName(r.seat), strength: r.strength, result: ctx.t(`kb.result.${r.result}`) }))) }],
  battle_lost: (d, p, ctx) => ["battle_lost", { ...p, lost: ctx.list([
    goodsText(ctx, d.goods, { choice: d.goods_of_choice, vp: d.vp }), ...d.buildings.map((b) => buildingName(ctx, b))]) }],
  battle_won: (d, p, ctx) => ["battle_won", { ...p, gain: goodsText(ctx, d.goods, { choice: d.goods_of_choice, vp: d.vp }) }],
  dice_rolled: (d, p, ctx) => ["dice_rolled", { ...p, dice: ctx.list(d.dice.map((row, seat) => `${ctx.shortName(seat)} ${diceText(row)}`)) }],
  dummy_dice: (d, p) => ["dummy_dice", { ...p, advisors: d.advisors.join(", ") }],
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
    case "adv": return ctx.t("kb.act.adv", { advisor: advisorName(ctx, d.advisor), number: d.advisor }) + (flags.length ? ` (${ctx.list(flags)})` : "");
    case "build": case "envoy-build":
      return ctx.t(kind === "build" ? "kb.act.build" : "kb.act.envoy_build", { building: buildingName(ctx, d.building), cost: goodsText(ctx, d.cost) });
    case "chapel": case "statue": case "keep": case "done": case "pass": case "skip": return ctx.t(`kb.act.${kind}`);
    case "decline": return ctx.t("kb.act.decline", { advisor: advisorName(ctx, d.advisor) });
    case "dice": return ctx.t("kb.act.dice", { dice: diceText([...d.coloured, ...d.white]), total: d.total,
                                               advisors: ctx.list(d.advisors.map((n) => `${advisorName(ctx, n)} (${n})`)) });
    case "lose": return ctx.t("kb.act.lose", { goods: goodsText(ctx, d.goods) });
    case "take":
      if (d.advisor === undefined) return ctx.t("kb.act.take_goods", { goods: goodsText(ctx, d.goods) });
      return ctx.t("kb.act.take", { advisor: advisorName(ctx, d.advisor), reward: goodsText(ctx, d.goods, d) });
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

export default {
  prefix: "kb",

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
