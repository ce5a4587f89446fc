// Words for what the server names by key: rules options and their choices, durations, AI
// levels and a seat's presence. Never a raw key, an agent spec or "1440 min" on screen.

import { has, t } from "./i18n.js";

/** A rules option's name ("Large fire"), from `opt.GAME.NAME.name`; else its words, spaced. */
export function optionName(game, name) {
  const key = `opt.${game}.${name}.name`;
  return has(key) ? t(key) : name.replaceAll("_", " ");
}

/** A rules option's description (empty when there is none). */
export function optionDoc(game, name) {
  return has(`opt.${game}.${name}`) ? t(`opt.${game}.${name}`) : "";
}

/** One choice of a rules option: yes/no, a named choice (`choice.VALUE`), or an option's own
 *  numbered choices (`choice.GAME.NAME` with n = value + 1, e.g. "Seat 2"). */
export function choiceText(game, name, value) {
  if (value === true) return t("ui.yes");
  if (value === false) return t("ui.no");
  // An empty text option is its default (Messina's component data: the shipped set), not nothing.
  if (value === "") return t("ui.option_default");
  if (typeof value === "number" && has(`choice.${game}.${name}`)) return t(`choice.${game}.${name}`, { n: value + 1 });
  return has(`choice.${value}`) ? t(`choice.${value}`) : String(value);
}

const UNITS = [["days", 86400], ["hours", 3600], ["minutes", 60]];

/** "1 day", "2 hours", "30 minutes", "45 seconds": the largest unit that counts it whole. */
export function durationText(seconds) {
  for (const [unit, size] of UNITS) {
    if (seconds >= size && seconds % size === 0) return t(`ui.duration.${unit}`, { n: seconds / size });
  }
  return t("ui.duration.seconds", { n: seconds });
}

/** A clock's time left: "1:05" under an hour; "23 hours 59 minutes", "2 days 3 hours" for a
 *  turn-based table's limit (a count of minutes would read 1439:58). */
export function timeLeftText(seconds) {
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  const [big, bigSize, small, smallSize] = seconds >= 86400 ? ["days", 86400, "hours", 3600] : ["hours", 3600, "minutes", 60];
  const whole = Math.floor(seconds / bigSize), rest = Math.floor((seconds % bigSize) / smallSize);
  const first = t(`ui.duration.${big}`, { n: whole });
  return rest ? `${first} ${t(`ui.duration.${small}`, { n: rest })}` : first;
}

/** "Computer · hard" for an AI seat of a level; "Computer" for an operator's agent spec. */
export function computerText(level) {
  return level && has(`ui.level.${level}`) ? t("ui.computer_level", { level: t(`ui.level.${level}`) }) : t("ui.computer");
}

/** A seat's presence in words: thinking, connected, away, open. */
export function presenceText(presence) {
  return has(`ui.presence.${presence}`) ? t(`ui.presence.${presence}`) : "";
}
