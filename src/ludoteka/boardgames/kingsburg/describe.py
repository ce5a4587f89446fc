"""Kingsburg: action descriptions, per-seat views and restoring a saved state (off the hot path)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteka.kernel import Action, BadRecord

from .tables import LETTERS

if TYPE_CHECKING:
    from .state import KingsburgState

GOOD_NAMES = {"g": "gold", "w": "wood", "s": "stone"}


def goods_text(letters: str) -> str:
    if not letters:
        return "nothing"
    parts = []
    for l in LETTERS:
        k = letters.count(l)
        if k:
            parts.append(f"{k} {GOOD_NAMES[l]}")
    return ", ".join(parts)


def goods_dict(state: "KingsburgState", seat: int) -> dict[str, int]:
    b = 3 * seat
    g = state.goods
    return {"gold": g[b], "wood": g[b + 1], "stone": g[b + 2]}


def describe(state: "KingsburgState", key: str) -> Action:
    """A label and structured data for one legal key of the pending decision."""
    from .state import (ST_BUILD, ST_BUILD2, ST_GOODS, ST_GROUP, ST_HELP, ST_RECRUIT, ST_REROLL, ST_TARGET,
                        ST_TOKEN, ST_TOWNHALL)
    T = state.T
    st = state.stage
    seat = state.to_act
    data: dict[str, Any] = {"stage": key.split(":")[0]}
    if key == "pass":
        label = "pass (influence no more advisors this season)" if st == ST_GROUP else "pass (build nothing)"
    elif key in ("done", "skip", "keep", "decline"):
        label = {"done": "done", "skip": "do not use the Town Hall", "keep": "keep the dice",
                 "decline": "decline the help"}[key]
    elif st == ST_GROUP:
        b = 5 * seat
        dv = state.dv
        entry = T.groups((dv[b], dv[b + 1], dv[b + 2], dv[b + 3], dv[b + 4]))[1][key]
        body = key[5:]
        col, _, white = body.partition("+w")
        data.update(coloured=[int(c) for c in col], white=[int(c) for c in white], total=entry[1])
        label = f"use dice {'+'.join(col)}" + (f" and white {'+'.join(white)}" if white else "") + f" (total {entry[1]})"
    elif st == ST_TARGET:
        n, tok, mkt, env = T.target_info[key]
        adv = T.data.advisors[n]
        data.update(advisor=n, token=bool(tok), market=bool(mkt), envoy=bool(env))
        extra = [w for w, f in (("a +2 token", tok), ("the Market", mkt), ("the King's Envoy", env)) if f]
        label = f"influence {n} {adv.name}" + (" with " + " and ".join(extra) if extra else "")
    elif st == ST_HELP:
        n = state.hpos >> 1
        o = T.help_info[n][key]
        adv = T.data.advisors[n]
        data.update(advisor=n, gold=o[1], wood=o[2], stone=o[3], vp=o[4], soldiers=o[5], tokens=o[6],
                    peek=bool(o[7]))
        parts = []
        if key.startswith("trade:"):
            l = key[6]
            parts.append(f"return 1 {GOOD_NAMES[l]} for " + " and ".join(
                f"1 {GOOD_NAMES[x]}" for x in LETTERS if x != l))
        else:
            gl = "g" * o[1] + "w" * o[2] + "s" * o[3]
            if gl:
                parts.append(goods_text(gl))
        if o[4]:
            parts.append(f"{o[4]:+d} VP")
        if o[5]:
            parts.append(f"{o[5]} soldier(s)")
        if o[6]:
            parts.append(f"{o[6]} +2 token(s)")
        if o[7]:
            parts.append("look at the top enemy card")
        label = f"{adv.name}: " + ", ".join(parts)
    elif st in (ST_BUILD, ST_BUILD2):
        i = (T.build_info if st == ST_BUILD else T.envoy_info)[key]
        cost = (T.cost_crane if state.bld[seat] & T.B_CRANE else T.cost)[i]
        data.update(building=T.bid[i], cost={"gold": cost[0], "wood": cost[1], "stone": cost[2]}, vp=T.bvp[i])
        label = ("with the King's Envoy, also build " if st == ST_BUILD2 else "build ") + \
            f"the {T.bname[i]} for {goods_text('g' * cost[0] + 'w' * cost[1] + 's' * cost[2])} (+{T.bvp[i]} VP)"
    elif st == ST_RECRUIT:
        label = f"recruit 1 soldier for {goods_text(key[8:])}"
        data.update(pay=key[8:])
    elif st == ST_REROLL:
        label = {"statue": "Statue: reroll one coloured die", "statue-white": "Statue: reroll the white die",
                 "chapel": "Chapel: reroll all dice"}[key]
    elif st == ST_GOODS:
        mode = state.queue[0][2]
        label = ("take " if mode > 0 else "lose ") + goods_text(key[5:])
        data.update(goods=key[5:], gain=mode > 0)
    elif st == ST_TOWNHALL:
        what = key[9:]
        label = "Town Hall: pay " + ("a +2 token" if what == "token" else f"1 {GOOD_NAMES[what]}") + " for 1 VP"
        data.update(pay=what)
    elif st == ST_TOKEN:
        label = f"put soldier token {key[6]} face down"
        data.update(token=int(key[6]))
    else:
        label = key
    return Action(key, label, data)


def view(state: "KingsburgState", seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): everything except unseen enemy cards and others' token picks."""
    from .state import PC_YEAR_END, PHASE_NAMES, REINF_TOKENS, STAGE_NAMES, ST_TARGET
    T = state.T
    data = T.data
    n = state.players
    players = []
    for s in range(n):
        b = 5 * s
        p = {
            "seat": s, "vp": state.vp[s], "goods": goods_dict(state, s), "plus_two_tokens": state.tok[s],
            "soldiers": state.sold[s],
            "buildings": [T.bid[i] for i in range(T.nb) if state.bld[s] >> i & 1],
            "dice": [v for v in state.dv[b:b + 3] if v], "white_dice": [v for v in state.dv[b + 3:b + 5] if v],
            "passed": bool(state.passed >> s & 1), "market_used": bool(state.mused >> s & 1),
            "statue_used": bool(state.sused >> s & 1), "chapel_used": bool(state.cused >> s & 1),
        }
        if state.cfg.reinf == REINF_TOKENS:
            # KB-AMB-43: the tokens left are public; a face-down pick is still counted among them
            left = [v for v in range(5) for _ in range(state.vtok[b + v])]
            if state.pick[s] >= 0:
                left = sorted(left + [state.pick[s]])
            p["soldier_tokens_left"] = left
            p["soldier_token_chosen"] = state.pick[s] >= 0
            if s == seat and state.pick[s] >= 0:
                p["soldier_token"] = state.pick[s]
        players.append(p)
    court: dict[str, list] = {}
    for adv, s, vals, tok, mkt, env in state.placed:
        court.setdefault(str(adv), []).append({"seat": s, "dice": list(vals), "token": bool(tok),
                                               "market": bool(mkt), "envoy": bool(env)})
    blocked = [a for a in range(1, 19) if state.court[2 * a] == -2]
    seen = state.visible_cards(seat)
    enemies = []
    for y in range(1, 6):
        lo, hi = data.year_ranges[y - 1]
        e = {"year": y, "strength_range": [lo, hi], "revealed": y <= state.revealed,
             "seen_by": [s for s in range(n) if state.known[s] >> (y - 1) & 1]}
        if y in seen:
            card = data.enemies[seen[y]]
            e["card"] = {"number": card.number, "type": card.type, "name": card.name, "strength": card.strength,
                         "lose": dict(zip(("gold", "wood", "stone", "choice", "buildings", "vp"), card.lose)),
                         "gain": dict(zip(("gold", "wood", "stone", "choice", "vp"), card.gain)),
                         "verify": card.verify}
        else:
            e["card"] = None
        enemies.append(e)
    out = {
        "game": "kingsburg", "seat": seat, "year": state.year, "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase], "decision": STAGE_NAMES[state.stage], "to_act": state.to_act,
        "turn_order": list(state.order), "players": players, "court": court, "dummy_dice": list(state.dummy),
        "dummy_blocked": blocked, "envoy": state.envoy if state.envoy >= 0 else None,
        "kings_aid_die": state.aid if state.aid >= 0 else None, "enemies": enemies,
        "options": dict(state.options),
    }
    if state.stage == ST_TARGET:
        b = 5 * state.to_act
        out["selected_dice"] = [state.dv[b + i] for i in range(5) if state.sel >> i & 1]
    if state.queue:
        s, k, mode = state.queue[0]
        out["pending_goods"] = {"seat": s, "count": k, "gain": mode > 0}
    if state.stage == 5:
        out["helping_advisor"] = state.hpos >> 1
    if state.bstr:
        year = state.year if state.pc >= PC_YEAR_END else state.year - 1
        out["last_battle"] = {"year": year, "reinforcement": state.reinf if state.reinf >= 0 else None,
                              "strength": list(state.bstr),
                              "result": [("lost", "tie", "won")[r + 1] for r in state.bres]}
    return out


# ---------------------------------------------------------------------- restore
def _int(d: dict, name: str, lo: int | None = None, hi: int | None = None) -> int:
    v = d[name]
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadRecord(f"kingsburg state: {name!r} must be an integer, found {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise BadRecord(f"kingsburg state: {name!r} = {v} is outside {lo}..{hi}")
    return v


def _ints(d: dict, name: str, length: int | None, lo: int | None = None, hi: int | None = None) -> list[int]:
    v = d[name]
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise BadRecord(f"kingsburg state: {name!r} must be a list of {length} integers")
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or (lo is not None and x < lo) or (hi is not None and x > hi):
            raise BadRecord(f"kingsburg state: {name!r} holds {x!r}, not an integer in {lo}..{hi}")
    return list(v)


def restore(state: "KingsburgState", d: dict[str, Any]) -> None:
    from .state import ST_TOKEN
    n = state.players
    T = state.T
    big = None
    state.year = _int(d, "year", 1, 5)
    state.phase = _int(d, "phase", 1, 8)
    state.pc = _int(d, "pc", 0, 14)
    state.stage = _int(d, "stage", 0, ST_TOKEN)
    state.cur = _int(d, "cur", 0, n)
    to_act = d["to_act"]
    if to_act is not None and (not isinstance(to_act, int) or isinstance(to_act, bool) or not 0 <= to_act < n):
        raise BadRecord(f"kingsburg state: 'to_act' must be a seat or null, found {to_act!r}")
    state.to_act = to_act
    state.rng = _int(d, "rng", 0, (1 << 64) - 1)
    state.order = _ints(d, "order", n, 0, n - 1)
    state.prev_order = tuple(_ints(d, "prev_order", n, 0, n - 1))
    state.goods = _ints(d, "goods", 3 * n, big)
    state.vp = _ints(d, "vp", n)
    state.tok = _ints(d, "tokens", n)
    state.sold = _ints(d, "soldiers", n)
    state.bld = _ints(d, "buildings", n, 0, (1 << T.nb) - 1)
    state.dv = _ints(d, "dice", 5 * n, 0, 6)
    state.court = _ints(d, "court", 38, -2, n - 1)
    state.occ = _int(d, "occ", 0, (1 << 19) - 1)
    state.occ2 = _int(d, "occ2", 0, (1 << 19) - 1)
    state.passed = _int(d, "passed", 0, (1 << n) - 1)
    state.mused = _int(d, "market_used", 0, (1 << n) - 1)
    state.sused = _int(d, "statue_used", 0, (1 << n) - 1)
    state.cused = _int(d, "chapel_used", 0, (1 << n) - 1)
    state.sel = _int(d, "sel", 0, 31)
    state.selsum = _int(d, "selsum", 0, 40)
    state.hpos = _int(d, "hpos", 0, 38)
    state.aid = _int(d, "aid", -1, n - 1)
    state.envoy = _int(d, "envoy", -1, n - 1)
    state.deck = tuple(_ints(d, "deck", 5, 0, len(T.data.enemies) - 1))
    state.known = tuple(_ints(d, "known", n, 0, 31))
    state.revealed = _int(d, "revealed", 0, 5)
    queue = d["queue"]
    if not isinstance(queue, list):
        raise BadRecord("kingsburg state: 'queue' must be a list")
    state.queue = []
    for q in queue:
        if not (isinstance(q, list) and len(q) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in q)
                and 0 <= q[0] < n and 1 <= q[1] <= 6 and q[2] in (-1, 1)):
            raise BadRecord(f"kingsburg state: malformed goods decision {q!r}")
        state.queue.append(tuple(q))
    state.vtok = tuple(_ints(d, "soldier_tokens", None, 0, 2))
    if state.vtok and len(state.vtok) != 5 * n:
        raise BadRecord("kingsburg state: 'soldier_tokens' must hold 5 counts per seat")
    state.pick = tuple(_ints(d, "picks", n, -1, 4))
    state.reinf = _int(d, "reinforcement", -1, 6)
    state.bstr = tuple(_ints(d, "battle_strength", None))
    state.bres = tuple(_ints(d, "battle_result", None, -1, 1))
    if len(state.bstr) not in (0, n) or len(state.bres) != len(state.bstr):
        raise BadRecord("kingsburg state: battle results must hold one entry per seat")
    state.dummy = tuple(_ints(d, "dummy", None, 1, 6))
    placed = d["placed"]
    if not isinstance(placed, list):
        raise BadRecord("kingsburg state: 'placed' must be a list")
    out = []
    for p in placed:
        if not (isinstance(p, list) and len(p) == 6 and isinstance(p[2], list)):
            raise BadRecord(f"kingsburg state: malformed placement {p!r}")
        a, s, vals, t, m, e = p
        for x in (a, s, t, m, e, *vals):
            if not isinstance(x, int) or isinstance(x, bool):
                raise BadRecord(f"kingsburg state: malformed placement {p!r}")
        out.append((a, s, tuple(vals), t, m, e))
    state.placed = tuple(out)
    state._legal = None
    if state.to_act is not None and not state._legal_keys():
        raise BadRecord("kingsburg state: the seat to act has no legal option")
