"""A terminal picture of a Kingsburg table as one seat sees it."""
from __future__ import annotations

from .state import PHASE_NAMES, KingsburgState
from .view import view

CALENDAR = ("Aid", "Spring", "Reward", "Summer", "Envoy", "Autumn", "Recruit", "Winter")


def render(state: KingsburgState, seat: int | None) -> str:
    T = state.T
    data = T.data
    v = view(state, seat)
    lines = []
    who = "spectator" if seat is None else f"seat {seat}"
    cal = " ".join(f"[{c}]" if i + 1 == state.phase else c for i, c in enumerate(CALENDAR))
    lines.append(f"KINGSBURG  year {state.year}/5  phase {state.phase} {PHASE_NAMES[state.phase]}   (view of {who})")
    lines.append(f"calendar: {cal}")
    lines.append("turn order: " + " > ".join(f"seat {s}" for s in state.turn_order)
                 + (f"   King's Envoy: seat {state.envoy_holder}" if state.envoy_holder >= 0 else "   King's Envoy: on the board")
                 + (f"   King's white die: seat {state.kings_aid_seat}" if state.kings_aid_seat >= 0 else ""))
    if state.to_act is None:
        lines.append("GAME OVER - winners: " + ", ".join(f"seat {s}" for s in state.winners()))
    else:
        lines.append(f"to act: seat {state.to_act} ({v['decision']})")
    lines.append("")
    lines.append("ROYAL COURT")
    blocked = set(v["dummy_blocked"])
    row = []
    for a in range(1, 19):
        adv = data.advisors[a]
        entries = v["court"].get(str(a), [])
        txt = "; ".join(f"s{e['seat']}:{'+'.join(map(str, e['dice']))}"
                        + ("+2" if e["token"] else "") + (" mkt" if e["market"] else "")
                        + (" env" if e["envoy"] else "") for e in entries)
        if a in blocked:
            txt = "dummy" + ("; " + txt if txt else "")
        row.append(f"{a:>2} {adv.name:<13} {txt or '.'}")
    for i in range(0, 18, 3):
        lines.append("  " + " | ".join(f"{r:<34}" for r in row[i:i + 3]))
    if state.dummy_dice:
        lines.append(f"  dummy dice: {list(state.dummy_dice)}")
    if "selected_dice" in v:
        lines.append(f"  seat {state.to_act} has picked dice {v['selected_dice']}")
    lines.append("")
    for p in v["players"]:
        s = p["seat"]
        g = p["goods"]
        head = (f"SEAT {s}{' (you)' if s == seat else ''}: {p['vp']} VP  gold {g['gold']} wood {g['wood']} "
                f"stone {g['stone']}  +2 tokens {p['plus_two_tokens']}  soldiers {p['soldiers']}")
        if p["dice"] or p["white_dice"]:
            head += f"  dice {p['dice']}" + (f" white {p['white_dice']}" if p["white_dice"] else "")
        if p["passed"]:
            head += "  (passed)"
        lines.append(head)
        if "soldier_tokens_left" in p:
            t = f"  soldier tokens: {p['soldier_tokens_left']}"
            if p["soldier_token_chosen"]:
                t += f"  face down: {p['soldier_token']}" if "soldier_token" in p else "  one face down"
            lines.append(t)
        m = state.buildings[s]
        for r in range(5):
            cells = []
            for c in range(4):
                i = r * 4 + c
                name = T.bname[i]
                cells.append(f"[{name}]" if m >> i & 1 else f" {name.lower()} ")
            lines.append("   " + " ".join(f"{x:<19}" for x in cells))
    lines.append("")
    lines.append("ENEMIES (year: strength range: card)")
    for e in v["enemies"]:
        card = e["card"]
        if card is None:
            txt = "face down" + (f" (seen by seat {', '.join(map(str, e['seen_by']))})" if e["seen_by"] else "")
        else:
            lose = ", ".join(f"{k} {x}" for k, x in card["lose"].items() if x)
            gain = ", ".join(f"{k} {x}" for k, x in card["gain"].items() if x)
            how = "revealed" if e["revealed"] else "you looked at it"
            txt = f"{card['name']} strength {card['strength']} (lose: {lose or '-'}; win: {gain or '-'}) [{how}]"
            if card["verify"]:
                txt += " (unverified card data)"
        lines.append(f"  {e['year']}: {e['strength_range'][0]}-{e['strength_range'][1]}: {txt}")
    if "last_battle" in v:
        b = v["last_battle"]
        lines.append(f"last battle (year {b['year']}): reinforcements {b['reinforcement']}; " + ", ".join(
            f"seat {s} {b['strength'][s]} {b['result'][s]}" for s in range(state.players)))
    return "\n".join(lines)
