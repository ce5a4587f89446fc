// Accounts in the lobby (optional: playing needs none): sign in, sign up, sign out, a new
// password, and "My games" from the server. The seat tokens of the account's games are kept in
// this browser too, so a table opens here as on the device where it was begun.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { durationText } from "./labels.js";
import { remember } from "./saved.js";

/** {account, games}: who is signed in (null: nobody) and their games from the server. */
export async function loadAccount() {
  const me = await api("/api/me");
  if (!me.account) return { account: null, games: [] };
  const games = me.account.must_change_password ? [] : (await api("/api/me/tables")).tables;
  for (const game of games) {
    const seats = Object.fromEntries(game.mine.filter((m) => m.token).map((m) => [m.seat, m.token]));
    if (!game.missing) remember(game.id, { game: game.game, players: game.players, seats });
  }
  return { account: me.account, games };
}

/** Make the seats that `tokens` play at table `id` the signed-in account's. */
export async function attachSeats(id, tokens) {
  for (const token of new Set(tokens)) {
    await api(`/api/me/tables/${encodeURIComponent(id)}`, { method: "POST", token });
  }
}

/** The account lets go of table `id` (its seat links still play). */
export async function detachTable(id) {
  await api(`/api/me/tables/${encodeURIComponent(id)}`, { method: "DELETE" });
}

function field(id, label, attrs) {
  const input = h("input", { id, required: true, ...attrs });
  return [h("div", { class: "row" }, h("label", { for: id }, label), input), input];
}

/** The account panel; `onChange` runs after a sign-in, sign-up, sign-out or new password. */
export function accountPanel(account, onChange) {
  const status = h("p", { class: "status", role: "status" });
  async function run(action, done = null) {
    status.textContent = "";
    try {
      await action();
      await onChange();
      if (done) status.textContent = done;
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
    }
  }
  const title = h("h2", { id: "account" }, t("ui.account.title"));
  if (!account) {
    const [nameRow, name] = field("account-name", t("ui.account.name"), { autocomplete: "username", maxlength: 32 });
    const [passRow, password] = field("account-password", t("ui.account.password"),
                                      { type: "password", autocomplete: "current-password", maxlength: 256 });
    const body = () => ({ name: name.value, password: password.value });
    const form = h("form", { class: "account-form", onsubmit: (e) => {
      e.preventDefault();
      run(() => api("/api/session", { method: "POST", body: body() }));
    } }, nameRow, passRow,
      h("div", { class: "row buttons" },
        h("button", { class: "primary", type: "submit", id: "sign-in" }, t("ui.account.sign_in")),
        h("button", { type: "button", id: "sign-up", onclick: () => {
          if (form.reportValidity()) run(() => api("/api/accounts", { method: "POST", body: body() }));
        } }, t("ui.account.sign_up"))));
    return h("section", { class: "panel account", "aria-labelledby": "account" }, title,
      h("p", { class: "doc" }, t("ui.account.optional")), form,
      h("p", { class: "doc" }, t("ui.account.forgot")), status);
  }
  const [currentRow, current] = field("account-current", t("ui.account.current_password"),
                                      { type: "password", autocomplete: "current-password", maxlength: 256 });
  const [freshRow, fresh] = field("account-new", t("ui.account.new_password"),
                                  { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 256 });
  const change = h("form", { class: "account-form", onsubmit: (e) => {
    e.preventDefault();
    run(() => api("/api/me/password", { method: "POST", body: { password: current.value, new_password: fresh.value } }),
        t("ui.account.password_changed"));
  } }, currentRow, freshRow,
    h("button", { type: "submit", id: "change-password" }, t("ui.account.change_password")));
  return h("section", { class: "panel account", "aria-labelledby": "account" }, title,
    h("p", { id: "signed-in" }, t("ui.account.signed_in_as", { name: account.name }), " ",
      h("button", { class: "small", id: "sign-out", onclick: () => run(() => api("/api/session", { method: "DELETE" })) },
        t("ui.account.sign_out"))),
    account.must_change_password ? h("p", { class: "warning", role: "alert" }, t("ui.account.must_change")) : null,
    h("details", { open: account.must_change_password }, h("summary", {}, t("ui.account.change_password")), change),
    account.must_change_password ? null : notificationsBox(),
    status);
}

/** The account's notification channels (filled in once the server answered): the e-mail
 * address, and e-mail, Web Push and in-page on or off; the server says what it can send. */
function notificationsBox() {
  const status = h("p", { class: "status", role: "status" });
  const box = h("details", { id: "notifications" }, h("summary", {}, t("ui.notify.title")));
  async function save(body) {
    status.textContent = "";
    try {
      fill(await api("/api/me/notifications", { method: "POST", body }));
      status.textContent = t("ui.notify.saved");
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
    }
  }
  function fill(shown) {
    while (box.children.length > 1) box.lastChild.remove();
    const address = h("input", { id: "notify-email", type: "email", autocomplete: "email", maxlength: 254,
                                 value: shown.email || "" });
    // (a channel the server does not offer shows unticked, whatever the account chose)
    const channel = (name, offered) => h("div", { class: "notify-channel" }, h("label", {},
      h("input", { type: "checkbox", id: `notify-${name}`, checked: offered && shown.channels[name], disabled: !offered,
                   onchange: (e) => name === "push" ? pushChoice(e.target.checked)
                                                    : save({ channels: { [name]: e.target.checked } }) }),
      " ", t(`ui.notify.${name}`), offered ? "" : ` ${t("ui.notify.not_offered")}`));
    box.append(
      shown.mail ? null : h("p", { class: "doc", id: "notify-no-mail" }, t("ui.notify.no_mail")),
      h("form", { class: "account-form", onsubmit: (e) => { e.preventDefault(); save({ email: address.value || null }); } },
        h("div", { class: "row" }, h("label", { for: "notify-email" }, t("ui.notify.address")), address),
        h("button", { type: "submit", id: "notify-save-email" }, t("ui.notify.save_address"))),
      channel("email", shown.mail), channel("push", shown.push), channel("page", true),
      h("p", { class: "doc" }, t("ui.notify.turn_based_only", { time: durationText(shown.period) })), status);
  }
  async function pushChoice(on) {
    // This browser subscribes (or lets go) with the push service, then the account's choice is saved.
    try {
      await (on ? subscribePush() : unsubscribePush());
    } catch (error) {
      status.textContent = t("ui.error", { message: error.message });
      return;
    }
    await save({ channels: { push: on } });
  }
  api("/api/me/notifications").then(fill).catch(() => {});
  return box;
}

const PUSH_WORKER = "/static/push-sw.js";

async function pushRegistration() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new Error(t("ui.notify.push_unsupported"));
  const registration = await navigator.serviceWorker.register(PUSH_WORKER);
  const worker = registration.installing || registration.waiting;
  if (!registration.active && worker) {        // (a push subscription needs an active worker)
    await new Promise((resolve) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
    }));
  }
  return registration;
}

/** Subscribe this browser to the server's Web Push messages (the browser asks the person). */
async function subscribePush() {
  const { key } = await api("/api/push/key");
  if (!key) throw new Error(t("ui.notify.push_unsupported"));
  const registration = await pushRegistration();
  const subscription = await registration.pushManager.getSubscription()
    || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api("/api/me/push", { method: "POST", body: subscription.toJSON() });
}

async function unsubscribePush() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER);
  const subscription = registration && await registration.pushManager.getSubscription();
  if (!subscription) return;
  await api("/api/me/push", { method: "DELETE", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
