// Messina 1347 in words: printed actions and costs from their structured data, the options' and the
// events' texts from their keys and data (never from the kernel's English), and the components'
// explanations. Every text comes from the language files (ms.* keys).

export const CLASSES = ["artisan", "aristocrat", "nun"];
export const ROMAN = ["I", "II", "III", "IV", "V", "VI"];
const RESOURCES = new Set(["coin", "timber", "fire", "large_fire", "points", "citizen"]);

export const seatName = (ctx, seat) => (seat === "automa" ? ctx.t("ms.automa") : ctx.shortName(seat));
export const className = (ctx, cls) => ctx.t(`ms.class.${cls}`);
export const citizenText = (ctx, cls, upgraded) => (upgraded ? ctx.t("ms.upgraded", { citizen: className(ctx, cls) }) : className(ctx, cls));
/** "square 3 of the nun sector" of a square index 0..17. */
export const squareText = (ctx, sq) => ctx.t("ms.square", { n: (sq % 6) + 1, class: className(ctx, CLASSES[Math.floor(sq / 6)]) });
export const amount = (ctx, resource, n) => ctx.t(`ms.res.${resource}`, { n });
export const bookName = (ctx, book) => ctx.t(`ms.book.${book}`);
export const trackName = (ctx, track) => ctx.t(`ms.track.${track}`);

/** One printed atom [verb, n, arg]: "gain 2 coins", "advance your nun overseer", … */
export function atomText(ctx, [verb, n, arg]) {
  if (RESOURCES.has(verb)) return ctx.t(verb === "points" ? "ms.atom.score" : "ms.atom.gain", { what: amount(ctx, verb, n) });
  if (verb === "overseer") return arg === "any" ? ctx.t("ms.atom.overseer_any") : ctx.t("ms.atom.overseer", { class: className(ctx, arg) });
  if (verb === "activate") return ctx.t("ms.atom.activate", { n });
  const text = ctx.t(`ms.atom.${verb}`);
  return n === 1 ? text : ctx.t("ms.atom.times", { what: text, n });
}

export const altText = (ctx, atoms) => (atoms?.length ? ctx.list(atoms.map((a) => atomText(ctx, a))) : ctx.t("ms.nothing"));
/** A printed action: its alternatives joined with a slash, as printed. */
export const specText = (ctx, spec) => (spec?.length ? spec.map((alt) => altText(ctx, alt)).join(" / ") : ctx.t("ms.no_action"));
export const costText = (ctx, cost) => (cost?.length ? cost.map(([r, n]) => amount(ctx, r, n)).join(" + ") : ctx.t("ms.nothing"));
const countsText = (ctx, counts) => {
  const parts = Object.entries(counts || {}).filter(([, n]) => n).map(([r, n]) => amount(ctx, r, n));
  return parts.length ? ctx.list(parts) : ctx.t("ms.nothing");
};
/** What a tile does, short ("1 coin + 1 fire"): the visible name of a hut upgrade or workshop. */
function shortAlt(ctx, atoms, named = (atom) => atomText(ctx, atom)) {
  if (!atoms?.length) return ctx.t("ms.nothing");
  return atoms.map((atom) => (RESOURCES.has(atom[0]) ? amount(ctx, atom[0], atom[1]) : named(atom))).join(" + ");
}

/** A printed action as short as the board prints it ("2 coins", "Build / 1 large fire"), for
 *  the hexes themselves: each alternative one line. */
export function shortSpec(ctx, spec) {
  const named = ([verb, n, arg]) => {
    if (!ctx.has(`ms.short.${verb}`)) return atomText(ctx, [verb, n, arg]);
    const text = verb !== "overseer" ? ctx.t(`ms.short.${verb}`)
      : arg === "any" ? ctx.t("ms.short.overseer_any") : ctx.t("ms.short.overseer", { class: className(ctx, arg) });
    return n === 1 ? text : ctx.t("ms.atom.times", { what: text, n });
  };
  return (spec || []).map((alt) => capital(shortAlt(ctx, alt, named)));
}

/** The visible name of a component whose code (U03, W12, K1b, S1-silk) stays inside its
 *  explanation: what a hut upgrade or workshop does, a cart's or ship's printed number. */
export function tileName(ctx, id, quoted = true) {
  const c = ctx.components[id];
  if (!c) return id;
  const q = (text) => (quoted ? ctx.t("ms.quoted", { text }) : text);
  if (c.kind === "hut_upgrade") return q(shortAlt(ctx, c.production));
  if (c.kind === "workshop") {
    // An early workshop that takes only an upgraded citizen produces nothing else: named by what
    // it produces then ("nothing" read as a useless tile).
    if (c.period !== "early") return q(c.reward.map((alt) => shortAlt(ctx, alt)).join(" / "));
    return q(c.requires_upgraded ? ctx.t("ms.upgraded_only", { what: shortAlt(ctx, c.production_upgraded) }) : shortAlt(ctx, c.production));
  }
  if (c.kind === "cart") return quoted ? String(c.number) : ctx.t("ms.cart", { id: c.number });
  if (c.kind === "ship") return ctx.t("ms.ship_name", { number: c.number, goods: ctx.t(`ms.goods.${c.goods}`) });
  return id;
}

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a scroll track pays at a level (0-based). */
export function levelText(ctx, track, level) {
  if (track.track.endsWith("_book")) {
    const [single, double] = track.tiers[level];
    return ctx.t("ms.level.book", { single, double });
  }
  if (track.track === "overseers") {
    const [first, second, centre] = track.tiers[level];
    return ctx.t("ms.level.overseers", { first, second, centre });
  }
  const value = track.values[level], divisor = track.divisor || 1;
  const each = value % divisor === 0 ? String(value / divisor) : `${value}/${divisor}`;
  const text = ctx.t("ms.level.each", { each, n: value <= divisor ? 1 : 2, what: ctx.t(`ms.per.${track.track}`) });
  return track.cap ? ctx.t("ms.level.cap", { text, cap: track.cap }) : text;
}

/** The component id (hex, harbour or `dock:NW`) at a node of the city; undefined off the city. */
export const cityId = (view, node) => Object.keys(view.city).find((id) => view.city[id].node === node);

export function placeName(ctx, id) {
  if (!id) return ctx.t("ms.estate");
  if (id.startsWith("dock:")) return ctx.t("ms.dock", { corner: id.slice(5) });
  return ctx.components[id]?.kind === "harbour" ? ctx.t("ms.harbour", { corner: id }) : ctx.t("ms.hex", { id });
}

const hexAction = (ctx, id) => specText(ctx, ctx.components[id]?.action);
const bookSpace = (ctx, book, space) => ctx.components[`book:${ctx.view.scoring_board.side}:${book}:${space}`];
const me = (ctx) => ctx.view.players[ctx.seat ?? ctx.view.to_act] || ctx.view.players[0];
const squareCitizen = (ctx, sq) => citizenText(ctx, CLASSES[Math.floor(sq / 6)], me(ctx).sectors[CLASSES[Math.floor(sq / 6)]][sq % 6] === 2);

function shipGain(ctx, ship) {
  const c = ctx.components[ship];
  return c.coins ? amount(ctx, "coin", c.coins) : amount(ctx, "points", c.points);
}

/** A payment's tokens with equal ones counted together: "2 fire", "1 large fire and 1 fire". */
function payment(ctx, tokens) {
  const counts = {};
  for (const r of tokens) counts[r] = (counts[r] || 0) + 1;
  return ctx.list(Object.entries(counts).map(([r, n]) => amount(ctx, r, n)));
}
/** A citizen class with the article the language needs ("an aristocrat"). */
const aClass = (ctx, cls) => ctx.t(`ms.a_class.${cls}`);

/** The text of an option, from its key and data. */
export function actionText(action, ctx) {
  const d = action.data || {};
  const kind = action.key.split(":")[0];
  const decision = ctx.view.decision;
  const paid = (key, params) => ctx.t(d.cost ? `${key}_paid` : key, { ...params, cost: amount(ctx, "coin", d.cost || 0) });
  switch (kind) {
    case "hex":
      if (decision === "adjacent_cube") return ctx.t("ms.act.adjacent", { hex: d.hex });
      if (decision === "any_hex") return ctx.t("ms.act.any_hex", { hex: placeName(ctx, d.hex), action: hexAction(ctx, d.hex) });
      return paid("ms.act.hex", { hex: placeName(ctx, d.hex), action: hexAction(ctx, d.hex) });
    case "ship": return paid("ms.act.ship", { ship: ctx.components[d.ship].number, goods: ctx.t(`ms.goods.${ctx.components[d.ship].goods}`), gain: shipGain(ctx, d.ship) });
    case "lt":
      if (decision === "repopulate_choice") {
        return d.at >= 0 ? ctx.t("ms.act.give_lieutenant", { place: placeName(ctx, cityId(ctx.view, d.at)) }) : ctx.t("ms.act.give_lieutenant_estate");
      }
      return ctx.t("ms.act.lieutenant", { place: placeName(ctx, cityId(ctx.view, d.node)) });
    case "action": return ctx.t("ms.act.action", { action: altText(ctx, ctx.components[d.hex].action[d.alternative ?? 0]) });
    case "repopulate": return ctx.t("ms.act.repopulate", { hex: d.hex });
    case "done": return d.rats ? ctx.t("ms.act.stop_fighting", { n: d.rats }) : ctx.t("ms.act.go_on");
    case "fight":
      if (decision === "ship_fight") return ctx.t("ms.act.fight_ship", { payment: payment(ctx, d.payment) });
      // only a payment of large fire alone may also remove an adjacent cube (MS-12.7/12.11/12.12):
      // "1 large fire and 1 fire" in a round of cost 2 does not (a browser audit read it did)
      return ctx.t(d.payment.every((p) => p === "large_fire") ? "ms.act.fight_large" : "ms.act.fight", { payment: payment(ctx, d.payment) });
    case "decline": return ctx.t(decision === "any_hex" ? "ms.act.no_hex_action" : "ms.act.decline_ship");
    case "skip":
      if (decision === "adjacent_cube") return ctx.t("ms.act.no_adjacent");
      if (d.overseer) return ctx.t("ms.act.skip_space", { class: className(ctx, d.overseer) });
      return ctx.t("ms.act.build_nothing");
    case "hut": {
      const hut = me(ctx).huts[Number(action.key.slice(4))];
      if (decision === "rescue") return ctx.t("ms.act.rescue_hut", { citizen: className(ctx, d.citizen), n: d.hut + 1 });
      if (decision === "upgrade_citizen") return ctx.t("ms.act.upgrade_hut", { class: className(ctx, hut.citizen.class), n: hut.hut + 1 });
      return ctx.t("ms.act.hut_upgrade_on", { n: hut.hut + 1, holding: hut.citizen ? citizenText(ctx, hut.citizen.class, hut.citizen.upgraded) : ctx.t("ms.empty") });
    }
    case "square": {
      const sq = Number(action.key.slice(7));
      // Where a citizen goes in, the squares differ by what they do when activated: say it.
      const does = () => {
        const spec = ctx.components[`square:${me(ctx).board}:${sq}`]?.action;
        return spec ? ` (${ctx.t("ms.act.square_does", { action: specText(ctx, spec) })})` : "";
      };
      if (decision === "rescue") return ctx.t("ms.act.rescue_square", { citizen: className(ctx, d.citizen), square: squareText(ctx, sq) }) + does();
      if (decision === "quarantine_exit") return ctx.t("ms.act.exit_square", { citizen: citizenText(ctx, d.citizen, d.upgraded), square: squareText(ctx, sq) }) + does();
      if (decision === "upgrade_citizen") return ctx.t("ms.act.upgrade_square", { class: className(ctx, CLASSES[Math.floor(sq / 6)]), square: squareText(ctx, sq) });
      if (decision === "repopulate_choice") return ctx.t("ms.act.give_square", { citizen: squareCitizen(ctx, sq), square: squareText(ctx, sq) });
      const spec = ctx.components[`square:${me(ctx).board}:${sq}`]?.action;
      return ctx.t(d.one_time ? "ms.act.activate_once" : "ms.act.activate", { citizen: squareCitizen(ctx, sq), square: squareText(ctx, sq), action: specText(ctx, spec) });
    }
    case "workshop": {
      // A tile id builds one, a number names a slot: told by the key, since a review shows an
      // option beside another moment's view.
      const arg = action.key.slice(9);
      if (decision === "build" || !/^\d+$/.test(arg)) {
        const id = d.workshop ?? arg, w = ctx.components[id];
        return ctx.t("ms.act.build_workshop", { id: tileName(ctx, id), period: ctx.t(`ms.period.${w.period}`), class: className(ctx, w.citizen), cost: costText(ctx, d.paid ?? w.cost) });
      }
      const slot = me(ctx).workshops[Number(arg)];
      if (decision === "quarantine_exit") return ctx.t("ms.act.exit_workshop", { citizen: citizenText(ctx, d.citizen, d.upgraded), workshop: tileName(ctx, slot.tile) });
      if (decision === "upgrade_citizen") return ctx.t("ms.act.upgrade_workshop", { class: className(ctx, slot.citizen.class), workshop: tileName(ctx, slot.tile) });
      return ctx.t("ms.act.give_workshop", { citizen: citizenText(ctx, slot.citizen.class, slot.citizen.upgraded), workshop: tileName(ctx, slot.tile) });
    }
    case "discard": return ctx.t("ms.act.discard", { citizen: className(ctx, d.citizen) });
    case "to_workshop": return ctx.t("ms.act.to_workshop", { citizen: squareCitizen(ctx, d.square), square: squareText(ctx, d.square), workshop: tileName(ctx, d.workshop) });
    case "overseer": return ctx.t(`ms.act.overseer_${d.mode}`, { class: className(ctx, d.overseer) });
    case "advance": return ctx.t("ms.act.advance", { class: className(ctx, d.overseer) });
    case "left": case "right": return ctx.t("ms.act.branch", { class: className(ctx, d.overseer), branch: ctx.t(`ms.branch.${kind}`) });
    case "book": return ctx.t("ms.act.book", { book: bookName(ctx, d.book) });
    case "pay": return ctx.t("ms.act.pay_book", { book: bookName(ctx, d.book), cost: amount(ctx, "coin", d.coins) });
    case "book_action": return ctx.t("ms.act.book_action", { book: bookName(ctx, d.book), space: d.space, action: specText(ctx, bookSpace(ctx, d.book, d.space)?.action) });
    case "scroll": {
      const track = ctx.components[`scroll:${me(ctx).scroll_board}:${d.track}`];
      return ctx.t("ms.act.scroll", { track: trackName(ctx, track.track), level: d.level, value: levelText(ctx, track, d.level) });
    }
    case "option": return capital(altText(ctx, d.atoms));
    case "hut_tile": return ctx.t("ms.act.build_hut_upgrade", { id: tileName(ctx, d.hut_upgrade), cost: costText(ctx, d.paid ?? ctx.components[d.hut_upgrade].cost) });
    case "cart": {
      if (decision === "repopulate_choice") return ctx.t("ms.act.use_cart", { cart: tileName(ctx, d.cart) });
      const c = ctx.components[d.cart];
      return ctx.t(c.points ? "ms.act.build_cart_points" : "ms.act.build_cart", { id: tileName(ctx, d.cart), cost: costText(ctx, d.paid ?? c.cost), points: amount(ctx, "points", c.points) });
    }
    case "reshuffle": return ctx.t(`ms.act.reshuffle_${d.reshuffle}`, { payment: amount(ctx, d.payment, 1) });
    case "recall": case "end_turn": case "stop": case "produce": case "ship_bonus": return ctx.t(`ms.act.${kind}`);
    default: return null;
  }
}

// ------------------------------------------------------------------------------------ events
const hexOfNode = (ctx, node) => cityId(ctx.view, node);
const names = (ctx, seats) => ctx.list(seats.map((s) => seatName(ctx, s)));
const bySeat = (ctx, values, order) => ctx.list((order || values.map((_, s) => s)).map((s) => `${seatName(ctx, s)} ${values[s]}`));

const EVENTS = {
  activate: (d, p, ctx) => [d.one_time ? "activate_once" : "activate", { ...p, square: squareText(ctx, d.square) }],
  automa_action: (d, p, ctx) => {
    const ids = d.hut_upgrades || [d.ship || d.cart || d.workshop].filter(Boolean);
    const kind = { huts: "huts", ship: "ship", cart: "carts", workshop: "workshops" }[d.action];
    if (!kind) return ["automa_no_action", p];
    return [ids.length ? `automa_${kind}` : `automa_${d.action}_none`, { ...p, ids: ctx.list(ids.map((id) => tileName(ctx, id))) }];
  },
  automa_citizens: (d, p, ctx) => ["automa_citizens", { ...p, hex: hexOfNode(ctx, d.node), n: Object.values(d.citizens).reduce((a, b) => a + b, 0) }],
  automa_fight: (d, p, ctx) => ["automa_fight", { ...p, hex: hexOfNode(ctx, d.node), space: d.popularity }],
  automa_skip: (d, p) => ["automa_skip", p],
  boards: (d, p, ctx) => ["boards", { ...p, boards: ctx.list(d.player_boards.map((b, s) => ctx.t("ms.ev.boards_seat", { seat: seatName(ctx, s), board: b, scroll: d.scroll_boards[s] }))) }],
  book: (d, p, ctx) => ["book", { ...p, book: bookName(ctx, d.book) }],
  book_points: (d, p, ctx) => ["book_points", { ...p, n: d.total, detail: ctx.list(Object.entries(d.points).map(([b, n]) => `${bookName(ctx, b)} ${n}`)) }],
  build_cart: (d, p, ctx) => ["build_cart", { ...p, cost: costText(ctx, ctx.components[d.cart].cost) }],
  build_hut_upgrade: (d, p, ctx) => ["build_hut_upgrade", { ...p, n: d.hut + 1, cost: costText(ctx, ctx.components[d.hut_upgrade].cost) }],
  build_workshop: (d, p, ctx) => ["build_workshop", { ...p, class: className(ctx, d.class), cost: costText(ctx, ctx.components[d.workshop].cost) }],
  citizen_discarded: (d, p, ctx) => ["citizen_discarded", { ...p, citizen: citizenText(ctx, d.citizen, d.upgraded) }],
  citizens: (d, p) => ["citizens", { ...p, n: d.placed }],
  citizens_removed: (d, p) => ["citizens_removed", { ...p, n: d.removed }],
  cube: (d, p) => [d.ship ? "cube_ship" : d.adjacent ? "cube_adjacent" : "cube", p],
  cube_shortage: (d, p) => ["cube_shortage", { ...p, n: d.needed }],
  final_scores: (d, p, ctx) => [d.scores.length === 1 ? "final_solo" : "final_scores",
    { ...p, scores: bySeat(ctx, d.scores), winners: names(ctx, d.winners), n: d.winners.length, score: d.scores[0], good: d.good_result }],
  hex_turn: (d, p, ctx) => [d.cost ? "hex_turn_paid" : "hex_turn", { ...p, hex: placeName(ctx, d.hex), cost: amount(ctx, "coin", d.cost) }],
  late_workshops: (d, p, ctx) => ["late_workshops", { ...p, ids: ctx.list(d.workshops.map((id) => tileName(ctx, id))) }],
  lieutenants_down: (d, p) => ["lieutenants_down", p],
  overseer: (d, p, ctx) => [d.skipped ? "overseer_skipped" : "overseer", { ...p, class: className(ctx, d.overseer) }],
  plague: (d, p, ctx) => ["plague", { ...p, rat: ctx.t(`ms.rat.${d.rat}`), n: d.nodes.length }],
  popularity_ranking: (d, p, ctx) => ["popularity_ranking", { ...p, points: bySeat(ctx, d.points) }],
  production: (d, p, ctx) => [Object.values(d.gained).some(Boolean) ? "production" : "production_nothing", { ...p, gained: countsText(ctx, d.gained) }],
  quarantine: (d, p) => ["quarantine", { ...p, n: d.advanced, leaving: d.leaving }],
  quarantine_exit: (d, p, ctx) => ["quarantine_exit", { ...p, citizen: citizenText(ctx, d.citizen, d.upgraded), square: squareText(ctx, d.square) }],
  rat_penalty: (d, p) => ["rat_penalty", { ...p, n: d.rats, back: d.spaces_back, points: -d.points }],
  rats: (d, p) => ["rats", { ...p, n: d.rats }],
  remaining_markers: (d, p) => ["remaining_markers", { ...p, n: d.markers }],
  repopulate: (d, p, ctx) => ["repopulate", { ...p, n: d.citizens.length, cart: tileName(ctx, d.cart),
    extra: [d.lieutenant !== null ? ctx.t("ms.ev.repopulate_lieutenant") : "", d.rat ? ctx.t("ms.ev.repopulate_rat") : ""].filter(Boolean).join("") }],
  repopulated_points: (d, p) => ["repopulated_points", { ...p, n: d.hexes }],
  repopulation_bonus: (d, p, ctx) => ["repopulation_bonus", { ...p, points: bySeat(ctx, d.points) }],
  rescue: (d, p, ctx) => [d.to.startsWith("hut") ? "rescue_hut" : d.to === "discard" ? "rescue_discard" : "rescue_square", { ...p, citizen: aClass(ctx, d.citizen) }],
  gain: (d, p, ctx) => [d.resource === "points" ? "score" : "gain", { ...p, what: amount(ctx, d.resource, d.n) }],
  large_fire_as_fire: (d, p, ctx) => ["large_fire_as_fire", { ...p, n: amount(ctx, "large_fire", d.n) }],
  reshuffle: (d, p, ctx) => [`reshuffle_${d.kind}`, { ...p, payment: amount(ctx, d.payment, 1) }],
  scroll: (d, p, ctx) => ["scroll", { ...p, track: trackName(ctx, ctx.components[`scroll:${ctx.view.players[p.seatIndex].scroll_board}:${d.track}`].track) }],
  scroll_points: (d, p, ctx) => ["scroll_points", { ...p, n: d.total, detail: ctx.list(d.tracks.map((tr) => `${trackName(ctx, tr.kind)} ${tr.points}`)) }],
  setup: (d, p, ctx) => ["setup", { ...p, order: names(ctx, d.turn_order) }],
  ship: (d, p, ctx) => [d.cube ? "ship_cube" : "ship", { ...p, goods: ctx.t(`ms.goods.${ctx.components[d.ship].goods}`) }],
  solo_popularity: (d, p) => ["solo_popularity", { ...p, n: d.points }],
  solo_repopulation: (d, p) => ["solo_repopulation", { ...p, n: d.points, hexes: d.hexes }],
  solo_start_player: (d, p) => [d.automa ? "solo_start_automa" : "solo_start_player", p],
  take_ship: (d, p, ctx) => ["take_ship", { ...p, gain: shipGain(ctx, d.ship) }],
  to_workshop: (d, p, ctx) => ["to_workshop", { ...p, citizen: citizenText(ctx, CLASSES[Math.floor(d.square / 6)], d.upgraded), square: squareText(ctx, d.square) }],
  turn_order: (d, p, ctx) => ["turn_order", { ...p, priority: ctx.t(`ms.priority.${d.priority}`), order: names(ctx, d.turn_order) }],
  upgrade_citizen: (d, p, ctx) => [`upgrade_${d.where}`, { ...p, class: className(ctx, d.class),
    square: d.where === "square" ? squareText(ctx, d.index) : "", n: d.index + 1, workshop: tileName(ctx, ctx.view.players[p.seatIndex]?.workshops[d.index]?.tile ?? "") }],
  upgrade_overseer: (d, p, ctx) => ["upgrade_overseer", { ...p, class: className(ctx, d.overseer) }],
  visit: (d, p, ctx) => ["visit", { ...p, hex: placeName(ctx, d.hex) }],
};

export function eventText(event, ctx) {
  const d = event.data;
  const seatIndex = typeof d.seat === "number" ? d.seat : event.seats[0];
  const p = { ...d, seatIndex, seat: seatIndex === undefined ? "" : seatName(ctx, seatIndex), n: 1 };
  // component codes stay inside their explanations: the log names tiles by what they are
  for (const field of ["ship", "cart", "workshop", "hut_upgrade"]) {
    if (typeof d[field] === "string") p[field] = field === "ship" ? ctx.components[d[field]]?.number ?? d[field] : tileName(ctx, d[field]);
  }
  const [kind, params] = EVENTS[event.kind]?.(d, p, ctx) || [event.kind, p];
  const key = `ms.ev.${kind}`;
  return ctx.has(key) ? ctx.t(key, params) : null;
}

// ------------------------------------------------------------------------------------ components
function repopulationText(ctx, r) {
  const citizens = r.citizens.map(([cls, up]) => citizenText(ctx, cls, up));
  if (r.lieutenant) citizens.push(ctx.t("ms.a_lieutenant"));
  return ctx.t("ms.explain.repopulation", { cost: costText(ctx, r.cost), give: citizens.length ? ctx.list(citizens) : ctx.t("ms.nothing") });
}

const EXPLAIN = {
  city_hex: (c, ctx) => ({ title: ctx.t("ms.hex", { id: c.id }), lines: [
    ctx.t("ms.explain.hex", { class: c.hex_class, colour: ctx.t(`ms.colour.${c.colour}`), rat: c.rat ? ctx.t(`ms.rat.${c.rat}`) : ctx.t("ms.no_rat") }),
    ctx.t("ms.explain.action", { action: specText(ctx, c.action) }), repopulationText(ctx, c.repopulation), ctx.t("ms.explain.hex_points", { n: c.points })] }),
  harbour: (c, ctx) => ({ title: ctx.t("ms.harbour", { corner: c.id }), lines: [ctx.t("ms.explain.action", { action: specText(ctx, c.action) }), ctx.t("ms.explain.harbour")] }),
  // titles name a tile as the page does, not by its code (a browser audit saw "workshop W07")
  ship: (c, ctx) => ({ title: capital(tileName(ctx, c.id)), lines: [ctx.t("ms.explain.ship", { number: c.number, goods: ctx.t(`ms.goods.${c.goods}`), gain: shipGain(ctx, c.id) })] }),
  cart: (c, ctx) => ({ title: capital(tileName(ctx, c.id, false)), lines: [ctx.t("ms.explain.cart", { number: c.number, cost: costText(ctx, c.cost), points: amount(ctx, "points", c.points) })] }),
  hut_upgrade: (c, ctx) => ({ title: capital(ctx.t("ms.hut_upgrade", { id: tileName(ctx, c.id) })), lines: [ctx.t("ms.explain.cost", { cost: costText(ctx, c.cost) }), ctx.t("ms.explain.hut_upgrade", { production: altText(ctx, c.production) })] }),
  workshop: (c, ctx) => ({ title: capital(ctx.t("ms.workshop", { id: tileName(ctx, c.id) })), lines: [
    ctx.t("ms.explain.workshop", { period: ctx.t(`ms.period.${c.period}`), class: className(ctx, c.citizen), cost: costText(ctx, c.cost) }),
    c.requires_upgraded ? ctx.t("ms.explain.needs_upgraded", { citizen: className(ctx, c.citizen) }) : ctx.t("ms.explain.needs", { citizen: aClass(ctx, c.citizen) }),
    c.period === "early" ? ctx.t("ms.explain.produces", { normal: altText(ctx, c.production), upgraded: altText(ctx, c.production_upgraded) })
                         : ctx.t("ms.explain.reward", { reward: specText(ctx, c.reward) })] }),
  book_space: (c, ctx) => ({ title: ctx.t("ms.book_space", { book: bookName(ctx, c.book), space: c.space }), lines: [
    c.action.length ? ctx.t("ms.explain.reaching", { action: specText(ctx, c.action) }) : ctx.t("ms.no_action"), ctx.t("ms.explain.book_points", { n: c.points })] }),
  round_row: (c, ctx) => ({ title: ctx.t("ms.round", { round: ROMAN[c.round - 1] }), lines: rowLines(ctx, c) }),
  wheel_window: (c, ctx) => ({ title: ctx.t("ms.wheel"), lines: [ctx.t("ms.wheel_rat", { rat: ctx.t(`ms.rat.${c.rat}`) }),
    ...CLASSES.map((cls) => ctx.t("ms.wheel_class", { class: className(ctx, cls), colour: ctx.t(`ms.colour.${c.classes[cls]}`) }))] }),
  player_board: (c, ctx) => ({ title: ctx.t("ms.player_board", { id: c.board }), lines: [c.board === "a" ? ctx.t("ms.explain.board_a") : ctx.t("ms.explain.board_b", { squares: c.one_time.map((i) => squareText(ctx, i)).join("; ") })] }),
  square: (c, ctx) => ({ title: capital(squareText(ctx, c.square)), lines: [ctx.t("ms.explain.area", { area: c.area + 1 }),
    ctx.t(c.one_time ? "ms.explain.activated_once" : "ms.explain.activated", { action: specText(ctx, c.action) }),
    reachedText(ctx, ctx.view?.reached_by?.[c.board]?.[c.square] ?? c.reached_by ?? [])] }),
  scroll_board: (c, ctx) => ({ title: ctx.t("ms.scroll_board", { id: c.id.split(":")[1] }), lines: [ctx.list(c.tracks.map((tr) => trackName(ctx, tr)))] }),
  scroll_track: (c, ctx) => ({ title: trackName(ctx, c.track), lines: c.values.map((_, lv) => `${ctx.t("ms.level", { level: lv })}: ${levelText(ctx, c, lv)}`) }),
};

/** Which overseer path spaces reach a square (its component's `reached_by`: overseer, branch,
 *  step), steps grouped by overseer and branch: a browser audit could not tell which overseer
 *  would ever activate a citizen placed there. */
function reachedText(ctx, reach) {
  const groups = new Map();
  for (const [overseer, branch, step] of reach) {
    const key = `${overseer}:${branch}`;
    if (!groups.has(key)) groups.set(key, { overseer, branch, steps: [] });
    groups.get(key).steps.push(step);
  }
  const parts = [...groups.values()].map(({ overseer, branch, steps }) => (branch
    ? ctx.t("ms.reach.branch", { class: className(ctx, overseer), branch: ctx.t(`ms.branch.${branch}`), n: steps.length, steps: steps.join(", ") })
    : ctx.t("ms.reach.first", { class: className(ctx, overseer) })));
  return parts.length ? ctx.t("ms.explain.reached", { list: parts.join("; ") }) : ctx.t("ms.explain.reached_centre");
}

export function rowLines(ctx, row) {
  const lines = [ctx.t("ms.row.priority", { priority: ctx.t(`ms.priority.${row.priority}`) }), ctx.t("ms.row.ships", { n: row.ships }),
                 ctx.t("ms.row.wheel", { n: row.wheel_steps }), ctx.t("ms.row.fire", { n: row.fire_cost })];
  if (row.points_per_cube) lines.push(ctx.t("ms.row.points_per_cube", { n: row.points_per_cube }));
  if (!row.citizens) lines.push(ctx.t("ms.row.no_citizens"));
  if (!row.city_plague) lines.push(ctx.t("ms.row.no_plague"));
  if (row.late_workshops) lines.push(ctx.t("ms.row.late"));
  return lines;
}

export function explain(id, ctx) {
  if (id.startsWith("dock:")) return { title: ctx.t("ms.dock", { corner: id.slice(5) }), lines: [ctx.t("ms.explain.dock")] };
  const c = ctx.components[id];
  const lines = c && EXPLAIN[c.kind] ? EXPLAIN[c.kind](c, ctx) : null;
  if (lines && c.reconstructed) lines.lines.push(ctx.t("ms.explain.reconstructed"));
  return lines;
}
