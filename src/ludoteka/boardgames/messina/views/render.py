"""A terminal picture of a Messina 1347 table as one seat sees it (built from `view`)."""
from __future__ import annotations

import textwrap
from typing import Any

from .render_city import LEGEND, city_map
from ..model.texts import action_text, alternative_text
from .view import view

ROMAN = ("I", "II", "III", "IV", "V", "VI")
BANNER = "Component data: RECONSTRUCTED (not the published values)"
TITLES = {"choose_lieutenant": "choose a lieutenant", "choose_destination": "send a lieutenant (hex, ship or home)",
          "rescue": "place a rescued citizen", "turn": "action step", "over": "game over"}
WIDTH = 100
SHORT = {"coin": "c", "timber": "t", "fire": "f", "large_fire": "F"}
SECTOR_LETTER = {"artisan": "A", "aristocrat": "R", "nun": "N"}
SQUARE_MARK = ".xX"


def _who(s: int, seat: int | None) -> str:
    return "you" if s == seat else f"seat {s}"


def _decision(v: dict[str, Any], seat: int | None) -> str:
    title = TITLES.get(v["decision"], v["decision"].replace("_", " "))
    if not v["acting"]:
        return title
    return f"{title} ({', '.join(_who(s, seat) for s in v['acting'])})"


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def wrapped(lines: list[str]) -> list[str]:
    """Lines longer than the terminal's 100 columns continue, indented, on the next lines."""
    out = []
    for line in lines:
        if len(line) < WIDTH:
            out.append(line)
        else:
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            out += textwrap.wrap(line, WIDTH - 1, subsequent_indent=indent, break_on_hyphens=False)
    return out


def short_cost(cost) -> str:
    """'2c+1t' (c coin, t timber, f fire, F large fire)."""
    return "+".join(f"{n}{SHORT[r]}" for r, n in cost) or "free"


def _header(state, v: dict[str, Any], seat: int | None) -> list[str]:
    row = v["scoring_board"]["row"]
    solo = "automa" in v                         # MS-35.9: no book decides the solo turn order
    order = "" if solo else (f" turn order by {row['priority']}"
                             + (" (priority tile)" if v["scoring_board"]["priority_tile"] else "") + " |")
    lines = [f"MESSINA 1347  round {ROMAN[v['round'] - 1]}/VI  |  now: {_decision(v, seat)}"
             + ("" if seat is None else f"  |  view of {_who(seat, None)}"),
             BANNER + (f"  [{v['data_set']}]" if v["reconstructed"] else ""),
             f"Round {ROMAN[row['round'] - 1]}:{order} {_n(row['ships'], 'ship')} | "
             f"wheel turns {row['wheel_steps']} | {row['fire_cost']} fire/cube"
             + (f", {_n(row['points_per_cube'], 'point')}/cube" if row["points_per_cube"] else "")
             + ("" if row["citizens"] else " | no new citizens")
             + (" | late workshops" if row["late_workshops"] else ""),
             _automa_line(v["automa"]) if solo else
             "Turn order: " + " > ".join(_who(s, seat) for s in v["turn_order"])]
    w = v["wheel"]
    lines.append(f"Wheel: {w['rat']} rat; " + ", ".join(f"{c} on {col}" for c, col in w["classes"].items()))
    lines.append(f"Supply: {_n(v['cube_supply'], 'plague cube')} | hex stack {v['hex_stack']['size']}"
                 + (f" (next: {v['hex_stack']['classes'][0]})" if v["hex_stack"]["size"] else "")
                 + f" | ship stack {v['ship_stack']['size']} | docking tiles {v['docking_stack']['size']}")
    return lines


def _automa_line(a: dict[str, Any]) -> str:
    """The solo game's automa in one line (MS-35)."""
    taken = [t for ids in a["taken"].values() for t in ids]
    return (f"Automa (V): {'starts' if a['starts_this_round'] else 'second'} this round | "
            f"{a['used']}/{a['lieutenants_this_round']} lieutenants used"
            + (f" (on {', '.join(a['in_messina'])})" if a["in_messina"] else "")
            + f" | popularity {a['popularity']} | solo tiles {a['deck_size']} face down"
            + (f", revealed {' '.join(a['revealed'])}" if a["revealed"] else "")
            + (f" | out of the game: {' '.join(taken)}" if taken else "")
            + f" | a good result: {a['good_result']} points")


def _tiles(state, v: dict[str, Any], full: bool) -> list[str]:
    """The face-up tiles of the scoring board (and their texts in the full table)."""
    data = state.data
    sb = v["scoring_board"]
    huts = {u.id: u for u in data.hut_upgrades}
    shops = {w.id: w for w in data.workshops}
    carts = {c.id: c for c in data.carts}

    def hut(st):
        if st["top"] is None:
            return "(empty)"
        u = huts[st["top"]]
        return f"{u.id} {short_cost(u.cost)}: {alternative_text(u.production)}" if full \
            else f"{u.id} {short_cost(u.cost)}"

    def shop(st):
        if st["top"] is None:
            return "(empty)"
        w = shops[st["top"]]
        if not full:
            return f"{w.id} {short_cost(w.cost)}"
        what = alternative_text(w.production) if w.period == "early" else "once: " + action_text(w.reward)
        return f"{w.id} {w.citizen}{' (upgraded)' if w.requires_upgraded else ''} {short_cost(w.cost)}: {what}"

    def cart(st):
        if st["top"] is None:
            return "(empty)"
        c = carts[st["top"]]
        return f"{c.id} {short_cost(c.cost)} {c.points}pt"

    if full:
        lines = ["Hut upgrades (face up) [stack size]:"] + [f"  {hut(st)} [{st['size']}]" for st in sb["hut_stacks"]]
        lines += ["Workshops (face up):"] + [f"  {shop(st)} [{st['size']}]" for st in sb["workshop_stacks"]]
    else:
        lines = ["Hut upgrades: " + " | ".join(f"{hut(st)} [{st['size']}]" for st in sb["hut_stacks"]),
                 "Workshops: " + " | ".join(f"{shop(st)} [{st['size']}]" for st in sb["workshop_stacks"])]
    lines += ["Carts: " + " | ".join(f"{cart(st)} [{st['size']}]" for st in sb["cart_stacks"])
             + ("   Late workshops: " + "/".join(str(st["size"]) for st in sb["late_stacks"]) + " face down"
                if sb["late_stacks"] else "")]
    if full:
        known = [f"{k}: {', '.join(st['known_bottom'])}" for k, st in enumerate(sb["hut_stacks"] + sb["workshop_stacks"])
                 if st["known_bottom"]]
        if known:
            lines.append("Seen at the bottom of stacks (huts 0-2, workshops 3-5): " + "; ".join(known))
    return lines


def _if_ended(p: dict[str, Any]) -> str:
    """ " (23 if the game ended now)": most points come from the final scoring (MS-29 - MS-31)."""
    ended = p["if_ended_now"]
    return f" ({ended['score']} if the game ended now)" if ended else ""


def _final_scoring_line(p: dict[str, Any]) -> list[str]:
    gains = (p["if_ended_now"] or {}).get("gains")
    if not gains:
        return []
    return ["  The final scoring would add: "
            + ", ".join(f"{name.replace('_', ' ')} {points:+d}" for name, points in gains.items())]


def _markers(p: dict[str, Any]) -> str:
    return (f"{_n(p['score'], 'point')}{_if_ended(p)} | coins {p['coins']}, timber {p['timber']}, "
            f"fire {p['fire']}, large fire {p['large_fire']}, rats {p['rats']} | "
            f"repopulation tiles {p['repopulated_tiles_left']}")


def _lieutenants(p: dict[str, Any]) -> str:
    parts = []
    for lt in p["lieutenants"]:
        at = lt["at"]
        if at in ("supply", "box"):
            continue
        if at == "estate":
            parts.append("estate" + (" (used)" if lt["used"] else ""))
        else:
            where = f"{at[5:]} dock" if at.startswith("dock:") else at
            parts.append(f"{where} {'standing' if lt['standing'] else 'lying'}")
    boxed = sum(1 for lt in p["lieutenants"] if lt["at"] == "box")
    supply = sum(1 for lt in p["lieutenants"] if lt["at"] == "supply")
    return ", ".join(parts) + (f"; {boxed} boxed" if boxed else "") + (f"; {supply} in the supply" if supply else "")


def _sectors(p: dict[str, Any]) -> str:
    """'A: .x[.]..X ...'; a side b one-time square in [ ], in { } once used (MS-33.5/33.6)."""
    once, used = set(p["one_time"]), set(p["one_time_used"])

    def mark(i: int, x: int) -> str:
        if i not in once:
            return SQUARE_MARK[x]
        return ("{%s}" if i in used else "[%s]") % SQUARE_MARK[x]
    return " ".join(f"{SECTOR_LETTER[c]}: " + "".join(mark(k * 6 + i, x) for i, x in enumerate(sq))
                    for k, (c, sq) in enumerate(p["sectors"].items()))


def _boards(p: dict[str, Any]) -> str:
    """' | boards: player b2, scroll b3' when a side b board is in play (MS-33.1/33.2)."""
    if p["board"] == p["scroll_board"] == "a":
        return ""
    return f" | boards: player {p['board']}, scroll {p['scroll_board']}"


def _citizen(c: dict[str, Any] | None) -> str:
    if c is None:
        return "-"
    letter = SECTOR_LETTER[c["class"]]
    return letter if c["upgraded"] else letter.lower()


def _overseers(p: dict[str, Any]) -> str:
    out = []
    for name, o in p["overseers"].items():
        branch = {"left": "L", "right": "R"}.get(o["branch"], "")
        out.append(f"{name} {o['step']}{branch}{'+' if o['upgraded'] else ''}")
    return ", ".join(out)


def _buildings(p: dict[str, Any]) -> str:
    huts = " ".join(f"[{_citizen(h['citizen'])}{h['space'] or ''}{' ' + h['upgrade'] if h['upgrade'] else ''}]"
                    for h in p["huts"])
    shops = " ".join(f"{w['tile']}({_citizen(w['citizen'])}{'!' if w['reward_taken'] else ''})"
                     for w in p["workshops"]) or "none"
    carts = " ".join(c["cart"] + ("(used)" if c["used"] else "") for c in p["carts"]) or "none"
    ships = " ".join(p["ships"]) or "none"
    return f"huts {huts} | workshops {shops} | carts {carts} | ships {ships}"


def estate(p: dict[str, Any], seat: int | None) -> list[str]:
    """Everything about one seat, 5 lines (6 with what the final scoring would add)."""
    b = p["books"]
    tracks = ", ".join(f"{k.replace('_', ' ')} {lv} ({_n(p['scroll_points'][k]['points'], 'point')})"
                       for k, lv in p["scroll"].items())
    return [f"{_who(p['seat'], seat).capitalize()}: " + _markers(p),
            f"  lieutenants: {_lieutenants(p) or 'none'}",
            f"  books: popularity {b['popularity']['space']}, city {b['city']['space']}, church {b['church']['space']}"
            f" | scroll: {tracks}" + _boards(p),
            f"  overseers: {_overseers(p)} | sectors {_sectors(p)}",
            f"  {_buildings(p)}"] + _final_scoring_line(p)


def one_line(p: dict[str, Any], seat: int | None) -> str:
    """A seat in one line (the compact table)."""
    b = p["books"]
    free = sum(1 for lt in p["lieutenants"] if not lt["used"] and lt["at"] not in ("supply", "box"))
    owned = ", ".join(_n(len(p[k]), k[:-1]) for k in ("ships", "carts", "workshops") if p[k])
    return (f"{_who(p['seat'], seat).capitalize()}: {_n(p['score'], 'point')}{_if_ended(p)} | "
            f"{p['coins']}c {p['timber']}t "
            f"{p['fire']}f {p['large_fire']}F | {_n(p['rats'], 'rat')} | books {b['popularity']['space']}/"
            f"{b['city']['space']}/{b['church']['space']} | {_n(free, 'lieutenant')} left" + (f" | {owned}" if owned else ""))


def render(state, seat: int | None, full: bool = False) -> str:
    """The table as `seat` sees it: compact (map, the seat in detail, a line per other seat), or
    everything if `full`."""
    v = view(state, seat)
    lines = _header(state, v, seat)
    lines += city_map(v)
    if full:
        lines += LEGEND
    lines += _tiles(state, v, full)
    if v["pending_book_actions"]:
        lines.append("Book actions to use this turn: " + ", ".join(
            f"{a['book']} {a['space']}" for a in v["pending_book_actions"]))
    focus = seat if seat is not None else state.to_act
    order = sorted(v["players"], key=lambda p: (p["seat"] != focus, v["turn_order"].index(p["seat"])))
    for p in order:
        if full or p["seat"] == focus:
            lines += estate(p, seat)
        else:
            lines.append(one_line(p, seat))
    if full:
        lines.append("Estate: sectors . empty, x citizen, X upgraded; huts [citizen space upgrade], "
                     "a/r/n citizen, A/R/N upgraded; workshops tile(citizen, ! reward taken); overseers step, "
                     "L/R branch, + upgraded; [x] a one-time square of a side b board, {x} used up")
    if state.to_act is None and "automa" in v:
        score, good = state.score[0], v["automa"]["good_result"]
        lines.append(f"GAME OVER - final score {score}: "
                     + ("a good result" if score >= good else f"{good - score} short of a good result ({good})"))
    elif state.to_act is None:
        lines.append("GAME OVER - winners: " + ", ".join(_who(s, seat) for s in state.winners()))
    return "\n".join(wrapped(lines))
