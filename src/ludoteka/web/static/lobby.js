// The lobby: start a table (game, players, options, seats), join an open one, find my tables
// again, replay finished games.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { has, t } from "./i18n.js";
import { forget, remember, savedTables } from "./saved.js";

const SEAT_KINDS = {                // the lobby's seat choice -> the server's seat kind
  you: "human", hotseat: "hotseat", friend: "human", open: "open",
  ai_easy: "ai:easy", ai_medium: "ai:medium", ai_hard: "ai:hard",
};
const TIMERS = [0, 60, 120, 300, 86400];

export function gameTitle(name) { return has(`game.${name}`) ? t(`game.${name}`) : name; }

function choiceText(value) {
  if (value === true) return t("ui.yes");
  if (value === false) return t("ui.no");
  return has(`choice.${value}`) ? t(`choice.${value}`) : String(value);
}

function timerText(seconds) {
  if (!seconds) return t("ui.timer.none");
  return seconds < 600 ? t("ui.timer.seconds", { n: seconds }) : t("ui.timer.minutes", { n: seconds / 60 });
}

function when(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
}

export function mountLobby(root) {
  let games = [];
  const form = { game: null, players: 0, seats: [], options: {}, timer: 0 };

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
        seats: chosen.map((kind) => SEAT_KINDS[kind]), turn_seconds: form.timer || null } });
      const seats = {}, invites = {};
      for (const info of table.seats) {
        if (!info.token) continue;
        if (chosen[info.seat] === "friend") invites[info.seat] = info.join_url;
        else if (chosen[info.seat] === "you" || chosen[info.seat] === "hotseat") seats[info.seat] = info.token;
      }
      remember(table.id, { game: form.game.name, players: form.players, seats, invites });
      location.assign(`/play/${table.id}`);
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
      button.disabled = false;
    }
  }

  function optionControl(option) {
    const id = `opt-${option.name}`;
    const doc = has(`opt.${form.game.name}.${option.name}`) ? t(`opt.${form.game.name}.${option.name}`) : option.doc;
    const booleans = option.choices.length === 2 && option.choices.every((c) => typeof c === "boolean");
    const control = booleans
      ? h("input", { type: "checkbox", id, checked: form.options[option.name] === true,
                     onchange: (e) => { form.options[option.name] = e.target.checked; } })
      : h("select", { id, onchange: (e) => { form.options[option.name] = option.choices[Number(e.target.value)]; } },
          option.choices.map((c, i) => h("option", { value: i, selected: c === form.options[option.name] },
            choiceText(c) + (c === option.default ? ` (${t("ui.option_default")})` : ""))));
    return h("div", { class: "option" }, h("label", { for: id }, h("code", {}, option.name)), control,
             h("p", { class: "doc" }, doc));
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
          h("select", { id: `seat-${seat}`, onchange: (e) => { form.seats[seat] = e.target.value; } },
            Object.keys(SEAT_KINDS).map((k) => h("option", { value: k, selected: k === kind }, t(`ui.kind.${k}`))))))),
      h("details", { class: "options" }, h("summary", {}, t("ui.options")),
        game.options.filter((o) => o.choices.length).map(optionControl)),
      h("div", { class: "row" }, h("label", { for: "timer" }, t("ui.turn_timer")),
        h("select", { id: "timer", onchange: (e) => { form.timer = Number(e.target.value); } },
          TIMERS.map((s) => h("option", { value: s, selected: s === form.timer }, timerText(s))))),
      button, status);
  }

  function openTables(list) {
    return h("section", { class: "panel", "aria-labelledby": "open-tables" },
      h("h2", { id: "open-tables" }, t("ui.open_tables")),
      list.length ? h("ul", { class: "tables" }, list.map((table) => h("li", {},
        h("span", {}, `${gameTitle(table.game)} · ${t("ui.players_count", { n: table.players })} · ${t("ui.free_seats", { n: table.free_seats })}`),
        h("button", { onclick: async () => {
          const joined = await api(`/api/tables/${table.id}/join`, { method: "POST" });
          remember(table.id, { game: table.game, players: table.players, seats: { [joined.seat]: joined.token } });
          location.assign(`/play/${table.id}`);
        } }, t("ui.join")),
        h("a", { href: `/play/${table.id}` }, t("ui.watch")))))
        : h("p", { class: "empty" }, t("ui.no_open_tables")));
  }

  function myTables() {
    const mine = Object.entries(savedTables()).sort((a, b) => b[1].saved - a[1].saved);
    return h("section", { class: "panel", "aria-labelledby": "my-tables" },
      h("h2", { id: "my-tables" }, t("ui.my_tables")),
      mine.length ? h("ul", { class: "tables" }, mine.map(([id, entry]) => h("li", {},
        h("a", { href: `/play/${id}` }, `${gameTitle(entry.game)} · ${t("ui.table", { id })}`),
        h("button", { class: "small", onclick: () => { forget(id); render(); } }, t("ui.forget")))))
        : h("p", { class: "empty" }, t("ui.no_my_tables")));
  }

  function finished(list) {
    return h("section", { class: "panel", "aria-labelledby": "finished" },
      h("h2", { id: "finished" }, t("ui.finished_games")),
      list.length ? h("ul", { class: "tables" }, list.map((table) => h("li", {},
        h("span", {}, `${gameTitle(table.game)} · ${t("ui.players_count", { n: table.players })} · ${when(table.updated)}`),
        h("a", { href: `/replay/${table.id}` }, t("ui.replay")))))
        : h("p", { class: "empty" }, t("ui.no_finished")));
  }

  let lists = { open: [], finished: [] };

  function render() {
    clear(root).append(
      h("section", { class: "hero" }, h("h1", {}, "ludoteka"), h("p", {}, t("ui.tagline"))),
      h("div", { class: "lobby" }, form.game ? newTable() : null,
        h("div", { class: "lists" }, openTables(lists.open), myTables(), finished(lists.finished))));
  }

  async function load() {
    const [described, open, done] = await Promise.all([
      api("/api/games"), api("/api/tables"), api("/api/tables?finished=1")]);
    games = described.games;
    lists = { open: open.tables, finished: done.tables };
    if (!form.game) pickGame(games.find((g) => g.name === "notre-dame") || games[0]);
    else render();
  }

  load().catch((error) => clear(root).append(h("p", { class: "error", role: "alert" }, t("ui.error", { message: error.message }))));
  return { refresh: render };
}
