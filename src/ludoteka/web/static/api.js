// Talking to the game server: JSON over HTTP, and one WebSocket per seat (or spectator) that
// reconnects by itself and asks only for what it missed (docs/server.md).

export class ApiError extends Error {
  constructor(status, message, body) { super(message); this.status = status; this.body = body; }
}

/** The CSRF token of the signed-in session (a cookie the page may read), if any. */
function csrfToken() {
  const found = document.cookie.match(/(?:^|;\s*)ludoteka_csrf=([^;]*)/);
  return found ? decodeURIComponent(found[1]) : null;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  // Signed in: every change carries the session's CSRF token (the server refuses the cookie without it).
  const csrf = method === "GET" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.error || response.statusText, data);
  return data;
}

/** One seat's live connection to a table: `onFrame(frame, events)` gets every state frame with
 * the seat's whole event list so far; `onStatus` "open", "reconnecting" or "refused". */
export class Connection {
  constructor(table, { token = null, seat = null, onFrame, onError = () => {}, onStatus = () => {} }) {
    Object.assign(this, { table, token, seat, onFrame, onError, onStatus });
    this.version = null;
    this.stateVersion = null;     // the game's own move count: the `version` of the events
    this.actedAt = null;
    this.events = [];
    this.retries = 0;
    this.closed = false;
    this.frame = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(this.table)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token, seat: this.seat, version: this.version }));
      this.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "state") {
        this.events = data.events_reset ? data.events : this.events.concat(data.events);
        this.version = data.version;
        this.stateVersion = data.state_version;
        this.frame = data;
        this.onFrame(data, this.events, this);
      } else if (data.type === "error") {
        this.onError(data, this);
      } else if (data.type === "chat") {
        this.onChat?.(data.messages, this);     // chat.js: the table's chat
      }
    };
    ws.onclose = (event) => {
      clearInterval(this.pinger);
      if (this.closed) return;
      if (event.code === 4403 || event.code === 4404) { this.onStatus("refused"); return; }
      this.onStatus("reconnecting");
      const delay = Math.min(10000, 300 * 2 ** this.retries++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  send(data) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(data));
  }

  /** Send the seat's choice; `actedAt` remembers the game's move count it was made at: the
   *  events of that move and after (what it set off, what the others did) are summed up on the
   *  seat's next turn. */
  act(key) { this.actedAt = this.stateVersion; this.send({ type: "action", key, version: this.version }); }

  undo() { this.send({ type: "undo", version: this.version }); }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close();
  }
}
