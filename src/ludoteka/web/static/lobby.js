// The lobby: start a table (game, players, options, seats), join an open one, find my tables
// again, replay finished games.

import { accountPanel, attachSeats, detachTable, loadAccount } from "./account.js";
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { has, list, t } from "./i18n.js";
import { choiceText, computerText, durationText, optionDoc, optionName } from "./labels.js";
import { forget, remember, savedTables } from "./saved.js";

const SEAT_KINDS = {                // the lobby's seat choice -> the server's seat kind
  you: "human", hotseat: "hotseat", friend: "human", open: "open",
  ai_easy: "ai:easy", ai_medium: "ai:medium", ai_hard: "ai:hard",
};
const TIMERS = [0, 60, 120, 300, 86400];
const TURN_LIMITS = [3600, 43200, 86400, 259200, 604800, 1209600];   // turn-based: 1 h … 14 days

export function gameTitle(name) { return has(`game.${name}`) ? t(`game.${name}`) : name; }

function timerText(seconds) {
  return seconds ? t("ui.timer.per_decision", { time: durationText(seconds) }) : t("ui.timer.none");
}

const seatLabel = (seat) => t("ui.seat_n", { n: seat + 1 });

/** Who sits at a table, as the lobby says it: "Computer · hard", "Player", "Free seat". */
function seatKindText(info) {
  if (info.kind === "ai") return computerText(info.level);
  if (info.player) return info.player;            // the account that owns the seat
  return t(info.kind === "open" && !info.claimed ? "ui.seat_kind.open" : "ui.seat_kind.person");
}

function seatsLine(seatKinds) {
  return h("span", { class: "seat-kinds" }, seatKinds.map((info, seat) =>
    h("span", { class: `seat-kind kind-${info.kind}` }, `${seatLabel(seat)}: ${seatKindText(info)}`)));
}

/** The end of a finished game in one line: the winners, then every seat's score. */
function resultLine(result, mine = []) {
  if (!result) return null;
  const name = (seat) => (mine.includes(seat) ? `${seatLabel(seat)} (${t("ui.you")})` : seatLabel(seat));
  const winners = result.winners.map(name);
  return h("span", { class: "result" },
    h("strong", {}, t(winners.length > 1 ? "ui.winners" : "ui.winner", { names: list(winners) })), " · ",
    result.scores.map((points, seat) => t("ui.seat_score", { seat: name(seat), points: t("ui.points", { n: points }) })).join(" · "));
}

function when(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
}

export function mountLobby(root) {
  let games = [];
  const form = { game: null, players: 0, seats: [], options: {}, timer: 0, turns: false, limit: 86400, atLimit: "ai",
                 hints: null };      // hints: null follows the seats (hintsOn)

  function pickGame(game) {
    form.game = game;
    form.players = Math.min(Math.max(game.min_players, 3), game.max_players);
    form.options = Object.fromEntries(game.options.filter((o) => o.choices.length).map((o) => [o.name, o.default]));
    form.seats = [];
    render();
  }

  function seatKinds() {
    while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? "you" : "ai_medium");
    return form.seats.slice(0, form.players);
  }

  async function create(button, status) {
    button.disabled = true;
    status.textContent = t("ui.creating");
    const chosen = seatKinds();
    try {
      const table = await api("/api/tables", { method: "POST", body: {
        game: form.game.name, players: form.players, options: form.options,
        seats: chosen.map((kind) => SEAT_KINDS[kind]),
        ...(form.turns ? { turn_based: true, turn_seconds: form.limit, at_limit: form.atLimit }
                       : { turn_seconds: form.timer || null }),
        ...(me.account && form.rated ? { rated: true } : {}), hints: hintsOn() } });
      const seats = {}, invites = {};
      for (const info of table.seats) {
        if (!info.token) continue;
        if (chosen[info.seat] === "friend") invites[info.seat] = info.join_url;
        else if (chosen[info.seat] === "you" || chosen[info.seat] === "hotseat") seats[info.seat] = info.token;
      }
      remember(table.id, { game: form.game.name, players: form.players, seats, invites });
      // Signed in: the seats this browser keeps become the account's ("My games" everywhere).
      if (me.account) await attachSeats(table.id, Object.values(seats)).catch(() => {});
      location.assign(`/play/${table.id}`);
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
      button.disabled = false;
    }
  }

  function optionControl(option) {
    const id = `opt-${option.name}`;
    const game = form.game.name;
    const doc = optionDoc(game, option.name) || option.doc;
    const booleans = option.choices.length === 2 && option.choices.every((c) => typeof c === "boolean");
    const control = booleans
      ? h("input", { type: "checkbox", id, checked: form.options[option.name] === true, "aria-describedby": `${id}-doc`,
                     onchange: (e) => { form.options[option.name] = e.target.checked; } })
      : h("select", { id, "aria-describedby": `${id}-doc`,
                      onchange: (e) => { form.options[option.name] = option.choices[Number(e.target.value)]; } },
          option.choices.map((c, i) => h("option", { value: i, selected: c === form.options[option.name] },
            choiceText(game, option.name, c) + (c === option.default ? ` (${t("ui.option_default")})` : ""))));
    return h("div", { class: `option${booleans ? " boolean" : ""}`, "data-option": option.name },
             h("label", { for: id }, optionName(game, option.name)), control,
             h("p", { class: "doc", id: `${id}-doc` }, doc));
  }

  /** Rated (signed in only): every seat must then be a signed-in person's ("you" or open seats). */
  function ratedChoice() {
    if (!me.account) return null;
    return h("div", { class: "option boolean rated-choice" },
      h("label", { for: "rated" }, t("ui.social.rated")),
      h("input", { type: "checkbox", id: "rated", checked: Boolean(form.rated), "aria-describedby": "rated-doc",
                   onchange: (e) => { form.rated = e.target.checked; syncHints(); } }),
      h("p", { class: "doc", id: "rated-doc" }, t("ui.social.rated_help")));
  }

  /** Hints (the AI's best options, on request at the table): unless chosen, on with at most one
   *  person at the table (a hint would help one person against another); never when rated. */
  function hintsOn() {
    if (me.account && form.rated) return false;
    return form.hints ?? seatKinds().filter((kind) => !kind.startsWith("ai_")).length <= 1;
  }

  function hintsChoice() {
    const rated = Boolean(me.account && form.rated);
    return h("div", { class: "option boolean hints-choice" },
      h("label", { for: "hints" }, t("ui.hint.choice")),
      h("input", { type: "checkbox", id: "hints", checked: hintsOn(), disabled: rated, "aria-describedby": "hints-doc",
                   onchange: (e) => { form.hints = e.target.checked; } }),
      h("p", { class: "doc", id: "hints-doc" }, t(rated ? "ui.hint.choice_rated" : "ui.hint.choice_help")));
  }

  /** The seats or the rating changed: the hints box follows (unless the player chose). */
  function syncHints() {
    document.querySelector(".hints-choice")?.replaceWith(hintsChoice());
  }

  function newTable() {
    const game = form.game;
    const status = h("p", { class: "status", role: "status" });
    const button = h("button", { class: "primary", id: "create", onclick: () => create(button, status) }, t("ui.create"));
    const players = [];
    for (let n = game.min_players; n <= game.max_players; n++) players.push(n);
    return h("section", { class: "panel new-table", "aria-labelledby": "new-table" },
      h("h2", { id: "new-table" }, t("ui.new_table")),
      h("fieldset", { class: "games" }, h("legend", {}, t("ui.game")),
        games.map((g) => h("label", { class: `game-choice${g === game ? " chosen" : ""}` },
          h("input", { type: "radio", name: "game", value: g.name, checked: g === game, onchange: () => pickGame(g) }),
          h("span", {}, gameTitle(g.name))))),
      h("div", { class: "row" }, h("label", { for: "players" }, t("ui.players")),
        h("select", { id: "players", onchange: (e) => { form.players = Number(e.target.value); render(); } },
          players.map((n) => h("option", { value: n, selected: n === form.players }, n)))),
      h("fieldset", { class: "seats" }, h("legend", {}, t("ui.seats")),
        seatKinds().map((kind, seat) => h("div", { class: "row" },
          h("label", { for: `seat-${seat}` }, t("ui.seat_n", { n: seat + 1 })),
          h("select", { id: `seat-${seat}`, onchange: (e) => { form.seats[seat] = e.target.value; syncHints(); } },
            Object.keys(SEAT_KINDS).map((k) => h("option", { value: k, selected: k === kind }, t(`ui.kind.${k}`))))))),
      h("details", { class: "options" }, h("summary", {}, t("ui.options")),
        game.options.filter((o) => o.choices.length).map(optionControl)),
      h("div", { class: "row" }, h("label", { for: "pace" }, t("ui.pace.label")),
        h("select", { id: "pace", onchange: (e) => { form.turns = e.target.value === "turns"; render(); } },
          ["realtime", "turns"].map((p) => h("option", { value: p, selected: (p === "turns") === form.turns },
                                             t(`ui.pace.${p}`))))),
      form.turns ? [
        h("div", { class: "row" }, h("label", { for: "turn-limit" }, t("ui.pace.limit")),
          h("select", { id: "turn-limit", onchange: (e) => { form.limit = Number(e.target.value); } },
            TURN_LIMITS.map((s) => h("option", { value: s, selected: s === form.limit }, durationText(s))))),
        h("div", { class: "row" }, h("label", { for: "at-limit" }, t("ui.pace.at_limit")),
          h("select", { id: "at-limit", onchange: (e) => { form.atLimit = e.target.value; } },
            ["ai", "forfeit"].map((a) => h("option", { value: a, selected: a === form.atLimit }, t(`ui.pace.at_limit_${a}`))))),
        h("p", { class: "doc" }, t("ui.pace.turns_doc"))]
      : h("div", { class: "row" }, h("label", { for: "timer" }, t("ui.turn_timer")),
        h("select", { id: "timer", onchange: (e) => { form.timer = Number(e.target.value); } },
          TIMERS.map((s) => h("option", { value: s, selected: s === form.timer }, timerText(s))))),
      hintsChoice(), ratedChoice(), button, status);
  }

  function openTables(rows) {
    return h("section", { class: "panel", "aria-labelledby": "open-tables" },
      h("h2", { id: "open-tables" }, t("ui.open_tables")),
      rows.length ? h("ul", { class: "tables" }, rows.map((table) => h("li", {},
        h("span", {}, `${gameTitle(table.game)} · ${t("ui.players_count", { n: table.players })} · ${t("ui.free_seats", { n: table.free_seats })}`),
        table.seat_kinds ? seatsLine(table.seat_kinds) : null,
        h("button", { onclick: async () => {
          const joined = await api(`/api/tables/${table.id}/join`, { method: "POST" });
          remember(table.id, { game: table.game, players: table.players, seats: { [joined.seat]: joined.token } });
          location.assign(`/play/${table.id}`);
        } }, t("ui.join")),
        h("a", { href: `/play/${table.id}` }, t("ui.watch")))))
        : h("p", { class: "empty" }, t("ui.no_open_tables")));
  }

  /** What "My tables" says of one table: whose turn (yours?), or over with who won. */
  function standing(summary, mine) {
    if (!summary) return null;
    if (summary.missing) return h("span", { class: "standing gone" }, t("ui.table_missing"));
    if (summary.abandoned) return h("span", { class: "standing over" }, t("ui.table_abandoned"));
    if (summary.finished) return h("span", { class: "standing over" }, t("ui.game_over_short"), " · ", resultLine(summary.result, mine));
    const yours = summary.acting.filter((s) => mine.includes(s));
    if (yours.length) return h("span", { class: "standing yours" }, t("ui.your_turn_short"));
    const names = summary.acting.map((s) => {
      const info = summary.seats[s];
      return info?.kind === "ai" ? `${seatLabel(s)} (${computerText(info.level)})` : seatLabel(s);
    });
    return h("span", { class: "standing" }, t("ui.turn_of", { names: list(names) }));
  }

  function myTables() {
    const mine = Object.entries(savedTables()).sort((a, b) => b[1].saved - a[1].saved);
    return h("section", { class: "panel", "aria-labelledby": "my-tables" },
      h("h2", { id: "my-tables" }, t("ui.my_tables")),
      mine.length ? h("ul", { class: "tables", id: "my-tables-list" }, mine.map(([id, entry]) => {
        const summary = lists.mine[id];
        const held = Object.keys(entry.seats || {}).map(Number);
        const over = summary?.finished && !summary.abandoned;
        return h("li", { "data-table": id, class: over ? "over" : "" },
          h("a", { href: `/play/${id}` }, `${gameTitle(entry.game)} · ${t("ui.table", { id })}`),
          standing(summary, held),
          summary?.seats ? seatsLine(summary.seats) : null,
          over ? h("a", { href: `/replay/${id}` }, t("ui.replay")) : null,
          h("button", { class: "small", onclick: () => { forget(id); render(); } }, t("ui.forget")));
      }))
        : h("p", { class: "empty" }, t("ui.no_my_tables")));
  }

  /** "My games" of a signed-in account, from the server; then the tables only this browser
   * knows, each of which can be added to the account. */
  function myGames() {
    const onServer = new Set(me.games.map((g) => g.id));
    const local = Object.entries(savedTables()).filter(([id]) => !onServer.has(id))
      .sort((a, b) => b[1].saved - a[1].saved);
    return h("section", { class: "panel", "aria-labelledby": "my-games" },
      h("h2", { id: "my-games" }, t("ui.account.my_games")),
      me.games.length ? h("ul", { class: "tables", id: "my-games-list" }, me.games.map((game) => {
        const held = game.mine.map((m) => m.seat);
        const over = game.finished && !game.abandoned;
        return h("li", { "data-table": game.id, class: over ? "over" : "" },
          h("a", { href: `/play/${game.id}` }, `${gameTitle(game.game || "")} · ${t("ui.table", { id: game.id })}`),
          standing(game, held),
          game.seats ? seatsLine(game.seats) : null,
          over ? h("a", { href: `/replay/${game.id}` }, t("ui.replay")) : null,
          h("button", { class: "small", onclick: async () => {
            await detachTable(game.id);
            forget(game.id);
            await load();
          } }, t("ui.forget")));
      }))
        : h("p", { class: "empty" }, t("ui.account.no_games")),
      local.length ? [h("h3", {}, t("ui.account.this_browser")),
        h("ul", { class: "tables", id: "browser-only-list" }, local.map(([id, entry]) => h("li", { "data-table": id },
          h("a", { href: `/play/${id}` }, `${gameTitle(entry.game)} · ${t("ui.table", { id })}`),
          Object.keys(entry.seats || {}).length ? h("button", { class: "small attach", onclick: async (e) => {
            e.target.disabled = true;
            await attachSeats(id, Object.values(entry.seats)).catch(() => {});
            await load();
          } }, t("ui.account.attach")) : null)))] : null);
  }

  function finished(rows) {
    return h("section", { class: "panel", "aria-labelledby": "finished" },
      h("h2", { id: "finished" }, t("ui.finished_games")),
      rows.length ? h("ul", { class: "tables", id: "finished-list" }, rows.map((table) => h("li", { "data-table": table.id },
        h("span", {}, `${gameTitle(table.game)} · ${t("ui.players_count", { n: table.players })} · ${when(table.updated)}`),
        resultLine(table.result),
        table.seat_kinds ? seatsLine(table.seat_kinds) : null,
        h("a", { href: `/replay/${table.id}` }, t("ui.replay")))))
        : h("p", { class: "empty" }, t("ui.no_finished")));
  }

  function socialLinks() {
    return h("nav", { class: "social-links" }, h("a", { href: "/leaderboard", id: "leaderboard-link" }, t("ui.social.leaderboard")),
      me.account ? [" · ", h("a", { href: `/player/${encodeURIComponent(me.account.name)}`, id: "player-link" },
        t("ui.social.my_page"))] : null);
  }

  let lists = { open: [], finished: [], mine: {} };
  let me = { account: null, games: [] };

  function render() {
    clear(root).append(
      h("section", { class: "hero" }, h("h1", {}, "ludoteka"), h("p", {}, t("ui.tagline")), socialLinks()),
      h("div", { class: "lobby" }, form.game ? newTable() : null,
        h("div", { class: "lists" }, accountPanel(me.account, load), openTables(lists.open),
          me.account ? myGames() : myTables(), finished(lists.finished))));
  }

  async function load() {
    // Accounts are optional: a server or a network that fails them leaves the lobby as it was.
    me = await loadAccount().catch(() => ({ account: null, games: [] }));
    const ids = Object.keys(savedTables()).slice(0, 50);
    const [described, open, done, mine] = await Promise.all([
      api("/api/games"), api("/api/tables"), api("/api/tables?finished=1"),
      ids.length ? api(`/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`) : { tables: [] }]);
    games = described.games;
    lists = { open: open.tables, finished: done.tables, mine: Object.fromEntries(mine.tables.map((s) => [s.id, s])) };
    if (!form.game) pickGame(games.find((g) => g.name === "notre-dame") || games[0]);
    else render();
  }

  load().catch((error) => clear(root).append(h("p", { class: "error", role: "alert" }, t("ui.error", { message: error.message }))));
  return { refresh: render };
}
