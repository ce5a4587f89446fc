// The board module of each game; a game without one is shown by the generic module.
import notreDame from "./notre-dame.js";
import kingsburg from "./kingsburg.js";
import messina from "./messina-1347.js";
import generic from "./generic.js";

const MODULES = { "notre-dame": notreDame, kingsburg, "messina-1347": messina };

export function gameModule(name) { return MODULES[name] || generic; }
