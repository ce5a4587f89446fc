// The tables this browser plays: their seat tokens and the invite links it made. Tokens never
// appear in an address the browser sends (they travel in the fragment, then in a header).

const STORAGE = "ludoteka.tables";

export function savedTables() {
  try { return JSON.parse(localStorage.getItem(STORAGE)) || {}; } catch { return {}; }
}

function store(all) { localStorage.setItem(STORAGE, JSON.stringify(all)); }

/** Remember `seats` ({seat: token}) and `invites` ({seat: url}) of table `id`. */
export function remember(id, { game, players, seats = {}, invites = {} }) {
  const all = savedTables();
  const entry = all[id] || { game, players, seats: {}, invites: {}, saved: Date.now() };
  Object.assign(entry.seats, seats);
  Object.assign(entry.invites, invites);
  if (game) entry.game = game;
  if (players) entry.players = players;
  all[id] = entry;
  store(all);
}

export function forget(id) {
  const all = savedTables();
  delete all[id];
  store(all);
}

/** [{seat, token}] this browser holds for table `id`, by seat number. */
export function seatsOf(id) {
  const entry = savedTables()[id];
  if (!entry) return [];
  return Object.entries(entry.seats).map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
}
