// The board module of each game; a game without one is shown by the generic module.
import notreDame from "./notre-dame.js";
import kingsburg from "./kingsburg.js";
import generic from "./generic.js";

const MODULES = { "notre-dame": notreDame, kingsburg };

export function gameModule(name) { return MODULES[name] || generic; }
