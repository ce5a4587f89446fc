"""Kingsburg: what one seat may see of a state (presentation: the rules never import this)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .guide import guide
from .keys import goods_dict
from .state import PHASE_NAMES, REINF_TOKENS

if TYPE_CHECKING:
    from .state import KingsburgState


def view(state: "KingsburgState", seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): everything except unseen enemy cards and others' token picks."""
    T = state.T
    data = T.data
    n = state.players
    players = []
    for s in range(n):
        b = 5 * s
        dice = state.dice_of(s)
        p = {
            "seat": s, "vp": state.vp[s], "goods": goods_dict(*state.goods_of(s)), "plus_two_tokens": state.tokens[s],
            "soldiers": state.soldiers[s],
            "buildings": [T.bid[i] for i in range(T.nb) if state.buildings[s] >> i & 1],
            "dice": [v for v in dice[:3] if v], "white_dice": [v for v in dice[3:] if v],
            "passed": bool(state.passed >> s & 1), "market_used": bool(state.market_used >> s & 1),
            "statue_used": bool(state.statue_used >> s & 1), "chapel_used": bool(state.chapel_used >> s & 1),
            # KB-8.7 with one_token_per_season: this seat's +2 token of the season is spent
            "token_used": bool(state.token_used >> s & 1),
        }
        if state.rules.reinforcements == REINF_TOKENS:
            # KB-AMB-43: the tokens left are public; a face-down pick is still counted among them
            picked = state.soldier_token_picked[s]
            left = [v for v in range(5) for _ in range(state.soldier_tokens[b + v])]
            if picked >= 0:
                left = sorted(left + [picked])
            p["soldier_tokens_left"] = left
            p["soldier_token_chosen"] = picked >= 0
            if s == seat and picked >= 0:
                p["soldier_token"] = picked
        players.append(p)
    court: dict[str, list] = {}
    for adv, s, vals, tok, mkt, env in state.placements:
        court.setdefault(str(adv), []).append({"seat": s, "dice": list(vals), "token": bool(tok),
                                               "market": bool(mkt), "envoy": bool(env)})
    blocked = [a for a in range(1, 19) if state.court[2 * a] == -2]
    seen = state.visible_cards(seat)
    enemies = []
    for y in range(1, 6):
        lo, hi = data.year_ranges[y - 1]
        e = {"year": y, "strength_range": [lo, hi], "revealed": y <= state.enemies_revealed,
             "seen_by": [s for s in range(n) if state.enemy_seen[s] >> (y - 1) & 1]}
        if y in seen:
            card = data.enemies[seen[y]]
            e["card"] = {"number": card.number, "type": card.type, "name": card.name, "strength": card.strength,
                         "lose": dict(zip(("gold", "wood", "stone", "choice", "buildings", "vp"), card.lose)),
                         "gain": dict(zip(("gold", "wood", "stone", "choice", "vp"), card.gain)),
                         "verify": card.verify}
        else:
            e["card"] = None
        enemies.append(e)
    top = state.top()
    kind = top[0] if top is not None else None
    out = {
        "game": "kingsburg", "seat": seat, "year": state.year, "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase], "decision": kind.name if kind is not None else "over",
        "to_act": state.to_act, "acting": list(state.acting_seats()),
        "turn_order": list(state.turn_order), "players": players, "court": court,
        "dummy_dice": list(state.dummy_dice), "dummy_blocked": blocked,
        "envoy": state.envoy_holder if state.envoy_holder >= 0 else None,
        "kings_aid_die": state.kings_aid_seat if state.kings_aid_seat >= 0 else None, "enemies": enemies,
        "options": dict(state.options),
    }
    if kind is not None and kind.name == "choose_advisor":
        mask = top[3]
        dice = state.dice_of(state.to_act)
        out["selected_dice"] = [dice[i] for i in range(5) if mask >> i & 1]
    if kind is not None and kind.name in ("take_goods", "choose_loss"):
        out["pending_goods"] = {"seat": top[1], "count": top[2], "gain": kind.name == "take_goods"}
    if kind is not None and kind.name == "take_help":
        out["helping_advisor"] = top[2] >> 1
    if state.battle_strength:
        battle_year = state.year if state.battle_fought() else state.year - 1
        out["last_battle"] = {"year": battle_year,
                              "reinforcement": state.kings_soldiers if state.kings_soldiers >= 0 else None,
                              "strength": list(state.battle_strength),
                              "result": [("lost", "tie", "won")[r + 1] for r in state.battle_result]}
    out["scores"] = state.score_breakdown()
    out["guide"] = guide(state, seat)
    return out
