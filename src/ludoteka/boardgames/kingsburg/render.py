"""A terminal picture of a Kingsburg table as one seat sees it."""
from __future__ import annotations

from .state import PHASE_NAMES, KingsburgState
from .view import view

CALENDAR = ("Aid", "Spring", "Reward", "Summer", "Envoy", "Autumn", "Recruit", "Winter")


# What each decision is about, for the header (the frame kinds' names are codes).
TITLES = {"take_goods": "take a good", "choose_loss": "choose what to lose", "reroll": "reroll or keep the dice",
          "choose_dice": "choose dice for an advisor", "choose_advisor": "choose the advisor",
          "take_help": "take an advisor's help", "build": "build", "envoy_build": "build with the King's Envoy",
          "town_hall": "use the Town Hall", "recruit": "recruit soldiers",
          "soldier_tokens": "pick a soldier token", "over": "game over"}


def _stakes(card: dict) -> str:
    """"lose: gold 1, buildings 1; win: stone 1": what an enemy card's battle takes and gives."""
    lose = ", ".join(f"{k} {x}" for k, x in card["lose"].items() if x)
    gain = ", ".join(f"{k} {x}" for k, x in card["gain"].items() if x)
    return f"lose: {lose or '-'}; win: {gain or '-'}"


def _who(s: int, seat: int | None) -> str:
    return "You" if s == seat else f"Seat {s}"


def _decision(state: KingsburgState, v: dict, seat: int | None) -> str:
    title = TITLES.get(v["decision"], v["decision"].replace("_", " "))
    acting = v["acting"]
    if not acting:
        return title
    if acting == [seat]:
        return f"{title} (you)"
    if len(acting) > 1 and len(acting) == state.players:
        return f"{title} (everyone)"
    return f"{title} ({', '.join(_who(s, seat) for s in acting)})"


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _goods(g: dict) -> str:
    return f"{g['gold']} gold, {g['wood']} wood, {g['stone']} stone"


def _dice(p: dict) -> str:
    dice = ",".join(map(str, p["dice"]))
    if p["white_dice"]:
        dice += " + white " + ",".join(map(str, p["white_dice"]))
    return dice


def _dice_and_pass(p: dict) -> str:
    """', dice 3,5 (passed)': a seat's unplaced dice, whether it used its +2 token of the season
    (KB-8.7, one_token_per_season) and whether it passed, for its line."""
    text = f", dice {_dice(p)}" if p["dice"] or p["white_dice"] else ""
    if p["token_used"]:
        text += " (+2 token used this season)"
    return text + (" (passed)" if p["passed"] else "")


def render(state: KingsburgState, seat: int | None, full: bool = False) -> str:
    """The table as `seat` sees it: compact (what a decision needs), or everything if `full`."""
    return render_full(state, seat) if full else render_compact(state, seat)


def render_compact(state: KingsburgState, seat: int | None) -> str:
    """Year and season, the own seat in detail, the advisors taken this season, one line per other seat."""
    T = state.T
    data = T.data
    v = view(state, seat)
    envoy = v["envoy"]
    lines = [f"KINGSBURG  year {state.year}/5  {PHASE_NAMES[state.phase]} (phase {state.phase} of 8)"
             f"  |  now: {_decision(state, v, seat)}",
             "turn order: " + " > ".join(_who(s, seat) for s in state.turn_order)
             + f"  |  King's Envoy: {'on the board' if envoy is None else _who(envoy, seat)}"]
    players = v["players"]
    order = [p for p in players if p["seat"] == seat] + [p for p in players if p["seat"] != seat]
    for p in order:
        s = p["seat"]
        names = [T.bname[T.bid.index(b)] for b in p["buildings"]]
        if s == seat:
            lines.append(f"You: {p['vp']} VP, {_goods(p['goods'])}, {_n(p['soldiers'], 'soldier')}, "
                         f"{_n(p['plus_two_tokens'], '+2 token')}" + _dice_and_pass(p))
            lines.append(f"  buildings ({len(names)}): {', '.join(names) or 'none'}")
            if "soldier_tokens_left" in p:
                lines.append(f"  soldier tokens: {', '.join(map(str, p['soldier_tokens_left']))}")
        else:
            lines.append(f"Seat {s}: {p['vp']} VP, {_goods(p['goods'])}, {_n(p['soldiers'], 'soldier')}, "
                         f"{_n(p['plus_two_tokens'], 'token')}, {_n(len(names), 'building')}" + _dice_and_pass(p))
    taken = []
    for a in range(1, 19):
        entries = v["court"].get(str(a), [])
        who = ", ".join(_who(e["seat"], seat) for e in entries)
        if a in v["dummy_blocked"]:
            who = "blocked" + (", " + who if who else "")
        if who:
            taken.append(f"{a} {data.advisors[a].name} ({who})")
    if taken or v["decision"] in ("choose_dice", "choose_advisor"):
        lines.append("Advisors taken this season: " + ("; ".join(taken) or "none yet"))
    if "selected_dice" in v:
        lines.append(f"Dice picked: {'+'.join(map(str, v['selected_dice']))}")
    if "last_battle" in v and v["last_battle"]["year"] == state.year:
        b = v["last_battle"]
        lines.append(f"Battle of year {b['year']}: " + ", ".join(
            f"{_who(s, seat)} {b['strength'][s]} ({b['result'][s]})" for s in range(state.players)))
    enemy = next((e for e in v["enemies"] if e["year"] == state.year), None)
    if enemy is not None:
        lo, hi = enemy["strength_range"]
        card = enemy["card"]
        # what the battle puts at stake, beside the decision (a browser audit found it only on hover)
        what = (f"{card['name']}, strength {card['strength']} ({_stakes(card)})" if card is not None
                else f"face down, strength {lo} to {hi}")
        lines.append(f"Enemy of year {state.year}: {what}")
    return "\n".join(lines)


def render_full(state: KingsburgState, seat: int | None) -> str:
    """The whole table as `seat` sees it."""
    T = state.T
    data = T.data
    v = view(state, seat)
    lines = []
    who = "a spectator" if seat is None else f"you, seat {seat}"
    cal = " ".join(f"[{c}]" if i + 1 == state.phase else c for i, c in enumerate(CALENDAR))
    lines.append(f"KINGSBURG  year {state.year}/5  phase {state.phase} {PHASE_NAMES[state.phase]}   (view of {who})")
    lines.append(f"calendar: {cal}")
    lines.append("court: sN = seat N, +2 = a +2 token, mkt = the Market, env = the King's Envoy; buildings: [Name] = built")
    lines.append("turn order: " + " > ".join(_who(s, seat) for s in state.turn_order)
                 + (f"   King's Envoy: {_who(state.envoy_holder, seat)}" if state.envoy_holder >= 0
                    else "   King's Envoy: on the board")
                 + (f"   King's white die: {_who(state.kings_aid_seat, seat)}" if state.kings_aid_seat >= 0 else ""))
    if state.to_act is None:
        lines.append("GAME OVER - winners: " + ", ".join(_who(s, seat) for s in state.winners()))
    else:
        lines.append(f"now: {_decision(state, v, seat)}")
    lines.append("")
    lines.append("ROYAL COURT")
    blocked = set(v["dummy_blocked"])
    row = []
    for a in range(1, 19):
        adv = data.advisors[a]
        entries = v["court"].get(str(a), [])
        txt = "; ".join(f"{'you' if e['seat'] == seat else 's' + str(e['seat'])}:{'+'.join(map(str, e['dice']))}"
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
        lines.append(f"  {_who(state.to_act, seat)} picked dice {'+'.join(map(str, v['selected_dice']))}")
    lines.append("")
    for p in v["players"]:
        s = p["seat"]
        g = p["goods"]
        head = (f"{'YOU' if s == seat else f'SEAT {s}'}: {p['vp']} VP  gold {g['gold']} wood {g['wood']} "
                f"stone {g['stone']}  +2 tokens {p['plus_two_tokens']}  soldiers {p['soldiers']}")
        if p["dice"] or p["white_dice"]:
            head += f"  dice {p['dice']}" + (f" white {p['white_dice']}" if p["white_dice"] else "")
        if p["token_used"]:
            head += "  (+2 token used this season)"
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
            how = "revealed" if e["revealed"] else "you looked at it"
            txt = f"{card['name']} strength {card['strength']} ({_stakes(card)}) [{how}]"
            if card["verify"]:
                txt += " (unverified card data)"
        lines.append(f"  {e['year']}: {e['strength_range'][0]}-{e['strength_range'][1]}: {txt}")
    if "last_battle" in v:
        b = v["last_battle"]
        lines.append(f"last battle (year {b['year']}): reinforcements {b['reinforcement']}; " + ", ".join(
            f"{_who(s, seat)} {b['strength'][s]} {b['result'][s]}" for s in range(state.players)))
    return "\n".join(lines)
