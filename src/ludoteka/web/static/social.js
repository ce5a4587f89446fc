// The player page (/player/NAME: ratings per game and player count, finished rated games) and
// the leaderboard (/leaderboard?game=…&players=…), from docs/server.md "Ratings".

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./lobby.js";

const PAGE = 20;
const number = (value, digits = 1) => Number(value).toLocaleString(document.documentElement.lang,
  { minimumFractionDigits: digits, maximumFractionDigits: digits });
const date = (seconds) => new Date(seconds * 1000).toLocaleDateString(document.documentElement.lang, { dateStyle: "medium" });
const signed = (value) => (value > 0 ? "+" : value < 0 ? "−" : "±") + number(Math.abs(value));

function back() {
  return h("nav", { class: "social-nav" }, h("a", { href: "/" }, t("ui.lobby")), " · ",
    h("a", { href: "/leaderboard" }, t("ui.social.leaderboard")));
}

function table(headers, rows, cls) {
  return h("table", { class: `social-table ${cls}` },
    h("thead", {}, h("tr", {}, headers.map(([text, numeric]) => h("th", { class: numeric ? "num" : "" }, text)))),
    h("tbody", {}, rows));
}

/** The page of player `name`. */
export function mountPlayer(root, name) {
  let data = null;
  let failure = null;

  function render() {
    const page = h("div", { class: "social-page player-page" }, back());
    if (failure) page.append(h("p", { class: "error", role: "alert" }, failure));
    if (data) {
      page.append(h("h1", {}, t("ui.social.player_title", { name: data.name })),
        h("p", { class: "muted" }, t("ui.social.since", { date: date(data.since) })),
        h("h2", {}, t("ui.social.ratings")),
        data.ratings.length ? table(
          [[t("ui.social.game")], [t("ui.social.players"), true], [t("ui.social.rating"), true], [t("ui.social.games_count"), true]],
          data.ratings.map((r) => h("tr", {},
            h("td", {}, h("a", { href: `/leaderboard?game=${encodeURIComponent(r.game)}&players=${r.players}` }, gameTitle(r.game))),
            h("td", { class: "num" }, r.players), h("td", { class: "num" }, number(r.score)), h("td", { class: "num" }, r.games))), "rating-list")
          : h("p", { class: "empty" }, t("ui.social.no_ratings")),
        h("p", { class: "doc" }, t("ui.social.rating_help")),
        h("h2", {}, t("ui.social.games")),
        data.games.length ? table(
          [[t("ui.social.date")], [t("ui.social.game")], [t("ui.social.players"), true], [t("ui.social.place"), true],
           [t("ui.social.score"), true], [t("ui.social.rating"), true], [t("ui.social.change"), true]],
          data.games.map((g) => h("tr", {},
            h("td", {}, h("a", { href: `/replay/${encodeURIComponent(g.table)}` }, date(g.at))), h("td", {}, gameTitle(g.game)),
            h("td", { class: "num" }, g.players), h("td", { class: "num" }, g.place),
            h("td", { class: "num" }, g.score ?? "–"), h("td", { class: "num" }, number(g.rating)),
            h("td", { class: `num ${g.change > 0 ? "up" : g.change < 0 ? "down" : ""}` }, signed(g.change)))), "rated-games")
          : h("p", { class: "empty" }, t("ui.social.no_games")));
    }
    clear(root).append(page);
  }

  api(`/api/players/${encodeURIComponent(name)}`).then((answer) => { data = answer; render(); })
    .catch((error) => { failure = error.status === 404 ? t("ui.social.no_player") : error.message; render(); });
  render();
  return { refresh: render };
}

/** The leaderboard of one game and player count, a page at a time. */
export function mountLeaderboard(root) {
  const query = new URLSearchParams(location.search);
  const state = { game: query.get("game") || "notre-dame", players: Number(query.get("players")) || 2,
                  page: Number(query.get("page")) || 1 };
  let games = [];
  let data = null;
  let failure = null;

  async function load() {
    history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(state.game)}&players=${state.players}&page=${state.page}`);
    try {
      data = await api(`/api/leaderboard?game=${encodeURIComponent(state.game)}&players=${state.players}&page=${state.page}&size=${PAGE}`);
      failure = null;
    } catch (error) {
      data = null;
      failure = error.message;
    }
    render();
  }

  function render() {
    const game = games.find((g) => g.name === state.game);
    const counts = [];
    for (let n = game?.min_players ?? 2; n <= (game?.max_players ?? 2); n++) counts.push(n);
    const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
    const go = (page) => { state.page = page; load(); };
    clear(root).append(h("div", { class: "social-page leaderboard-page" }, back(),
      h("h1", {}, t("ui.social.leaderboard")),
      h("div", { class: "row filters" },
        h("label", { for: "lb-game" }, t("ui.social.game")),
        h("select", { id: "lb-game", onchange: (e) => {
          state.game = e.target.value;
          const chosen = games.find((g) => g.name === state.game);
          state.players = Math.min(Math.max(state.players, chosen.min_players), chosen.max_players);
          go(1);
        } }, games.map((g) => h("option", { value: g.name, selected: g.name === state.game }, gameTitle(g.name)))),
        h("label", { for: "lb-players" }, t("ui.social.players")),
        h("select", { id: "lb-players", onchange: (e) => { state.players = Number(e.target.value); go(1); } },
          counts.map((n) => h("option", { value: n, selected: n === state.players }, n)))),
      failure ? h("p", { class: "error", role: "alert" }, failure) : null,
      data && data.rows.length ? table(
        [[t("ui.social.rank"), true], [t("ui.social.name")], [t("ui.social.rating"), true], [t("ui.social.games_count"), true]],
        data.rows.map((r) => h("tr", {}, h("td", { class: "num" }, r.rank),
          h("td", {}, h("a", { href: `/player/${encodeURIComponent(r.name)}` }, r.name)),
          h("td", { class: "num" }, number(r.score)), h("td", { class: "num" }, r.games))), "leader-rows")
        : data ? h("p", { class: "empty" }, t("ui.social.nobody")) : null,
      h("p", { class: "doc" }, t("ui.social.rating_help")),
      pages > 1 ? h("nav", { class: "pager" },
        h("button", { class: "small", disabled: state.page <= 1, onclick: () => go(state.page - 1) }, t("ui.social.previous")),
        h("span", {}, t("ui.social.page", { page: state.page, pages })),
        h("button", { class: "small", disabled: state.page >= pages, onclick: () => go(state.page + 1) }, t("ui.social.next"))) : null));
  }

  api("/api/games").then((answer) => {
    games = answer.games;
    if (!games.some((g) => g.name === state.game)) state.game = games[0].name;
    return load();
  }).catch((error) => { failure = error.message; render(); });
  render();
  return { refresh: render };
}
