// The single page: the lobby at "/", a table at "/play/ID", a replay at "/replay/ID", a player at
// "/player/NAME", the leaderboard at "/leaderboard".

import { LANGUAGES, language, preferredLanguage, setLanguage, t } from "./i18n.js";
import { h, clear } from "./dom.js";
import { mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";
import { mountReplay } from "./replay.js";
import { mountLeaderboard, mountPlayer } from "./social.js";
import { initTooltips } from "./tooltip.js";

const root = document.getElementById("app");
let page = null;

function route() {
  const [, section, id] = location.pathname.split("/");
  if (!section) return mountLobby(root);
  if (section === "play" && id) return mountTable(root, decodeURIComponent(id));
  if (section === "replay" && id) return mountReplay(root, decodeURIComponent(id));
  if (section === "player" && id) return mountPlayer(root, decodeURIComponent(id));
  if (section === "leaderboard") return mountLeaderboard(root);
  clear(root).append(h("p", { class: "error" }, t("ui.not_found")));
  return { refresh() {} };
}

async function start() {
  await setLanguage(preferredLanguage());
  const picker = document.getElementById("language");
  for (const [code, name] of Object.entries(LANGUAGES)) picker.append(h("option", { value: code }, name));
  picker.value = language();
  picker.addEventListener("change", async () => {
    await setLanguage(picker.value, true);
    page?.refresh();
  });
  initTooltips();
  page = route();
}

start().catch((error) => {
  clear(root).append(h("p", { class: "error", role: "alert" }, String(error.message || error)));
});
