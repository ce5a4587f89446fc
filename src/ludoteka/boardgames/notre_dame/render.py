"""What a seat may see (`view`), labels for actions, and the terminal picture of the table."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import Action
from .data import CARD_TYPES, SECTOR_COUNT

if TYPE_CHECKING:
    from .state import NotreDameState

def reconstructed_note(data) -> str:
    """Which component data is reconstructed, as the data files' provenance says ('' if none)."""
    parts = [what for what, flag in (("the rats on each person card", data.rats_reconstructed),
                                     ("the city map", data.map_reconstructed)) if flag]
    if not parts:
        return ""
    return (f"Reconstructed data: {' and '.join(parts)} {'are' if len(parts) > 1 else 'is'} invented "
            f"to fit the rules (the printed values are not public).")


def view(state: "NotreDameState", seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of what `seat` may see. Hidden: other hands, draft picks, deck orders,
    the unused third cards and (unless the option `open_prestige` is on) other seats' prestige."""
    from .state import STAGE_NAMES
    data = state.data
    n = state.players
    cards = data.card_ids
    layout = data.layouts[state.boroughs]
    over = state.to_act is None
    kinds = len(data.messages)
    players = []
    for s in range(n):
        base = s * SECTOR_COUNT
        show_pp = over or seat == s or state.options["open_prestige"]
        players.append({
            "seat": s,
            "colour": data.colours[state.seat_borough[s]],
            "borough": state.seat_borough[s],
            "sectors": {data.sectors[i]: state.sec[base + i] for i in range(SECTOR_COUNT)},
            "trusted_friend": data.sectors[state.friend[s]] if state.friend[s] >= 0 else None,
            "personal_supply": state.personal[s],
            "general_supply": state.general[s],
            "notre_dame": state.nd[s],
            "coins": state.coins[s],
            "rat_marker": state.rat[s],
            "carriage": layout.names[state.carriage[s]],
            "messages": {data.colours[c]: state.held[s * state.boroughs + c] for c in range(state.boroughs)},
            "prestige": state.pp[s] if show_pp else None,
            "played": [cards[c % CARD_TYPES] for c in state.played[s]],
            "hand_size": len(state.hand[s]),
            "deck_size": len(state.deck[s]),
            "bribed": state.bribed[s],
            "physician": state.physician[s],
        })
    result: dict[str, Any] = {
        "game": "notre-dame",
        "seat": seat,
        "round": state.round,
        "period": "ABC"[(state.round - 1) // data.rounds_per_period],
        "phase": state.phase(),
        "decision": STAGE_NAMES[state.stage],
        "to_act": state.to_act,
        "start_player": state.start,
        "notre_dame_points": data.tile_points[n],
        "persons": [{"id": data.persons[p].id, "name": data.persons[p].name,
                     "deck": data.persons[p].deck, "rats": data.persons[p].rats} for p in state.display],
        "plague_value": state.plague_value() if state.display else 0,
        "coin_supply": state.supply,
        "players": players,
        "messages_on_board": {layout.names[m]: {"colour": data.colours[code // kinds],
                                                "kind": data.messages[code % kinds].id}
                              for m, code in enumerate(state.msg_at) if code >= 0},
        "face_down_discards": len(state.unused),
        "brown_deck_size": len(state.brown),
        "gray_deck_letters": [data.persons[p].deck for p in reversed(state.gray)],
        "reconstructed": reconstructed_note(data),
    }
    if seat is not None:
        result["hand"] = [cards[c % CARD_TYPES] for c in state.hand[seat]]
        result["draft_offer"] = [cards[c % CARD_TYPES] for c in state.offer[seat]]
        result["passed_left"] = [cards[c % CARD_TYPES] for c in state.outgoing[seat]]
    if over:
        result["winners"] = state.winners()
        result["scores"] = state.scores()
    return result


def describe_action(state: "NotreDameState", key: str) -> Action:
    """An Action with a human label and structured data for one legal key."""
    data = state.data
    names = data.card_names
    kind, _, rest = key.partition(":")
    label = key
    info: dict[str, Any] = {"kind": kind}
    if kind in ("keep", "play"):
        card = data.card_ids.index(rest)
        info["card"] = rest
        label = f"{'Keep' if kind == 'keep' else 'Play'} {names[card]}"
    elif key == "place":
        label = "Place a stone from your personal supply"
    elif key == "decline":
        label = "Decline the action"
    elif kind == "from":
        where = "Notre Dame" if rest == "notre_dame" else f"your {names[data.card_ids.index(rest)]}"
        info["from"] = rest
        label = f"Move a stone from {where}"
    elif kind == "donate":
        amount = int(rest)
        info["coins"] = amount
        label = f"Donate {amount} coin{'s' if amount > 1 else ''} for {(0, 1, 3, 6)[amount]} prestige"
    elif kind == "friend":
        info["sector"] = rest
        label = f"Put the trusted friend in your {names[data.card_ids.index(rest)]}"
    elif kind == "hotel":
        info["take"] = [] if rest == "none" else rest.split("+")
        label = "Take nothing" if rest == "none" else "Take " + " and ".join(
            {"coin": "1 coin", "stone": "1 stone", "rat": "rat marker −1"}[p] for p in rest.split("+"))
    elif kind == "to":
        market, _, take = rest.partition(":")
        info["market"] = market
        info["take_message"] = bool(take)
        label = f"Carriage to market {market}"
        if take:
            layout = data.layouts[state.boroughs]
            code = state.msg_at[layout.names.index(market)]
            kinds = len(data.messages)
            msg = data.messages[code % kinds]
            label += f" and take the {data.colours[code // kinds]} message ({msg.id})"
    elif kind == "payer":
        info["seat"] = int(rest)
        label = f"Take the missing coin from seat {rest}"
    elif kind == "bribe":
        person = data.persons[data.person_index[key]]
        info["person"] = person.id
        label = f"Bribe the {person.name} (1 coin)"
    elif key == "pass":
        label = "Bribe nobody"
    elif kind == "barmaid":
        info["take"] = rest
        label = {"coin": "Take 1 coin", "stone": "Take 1 stone", "rat": "Move the rat marker back 1",
                 "none": "Take nothing more"}[rest]
    elif kind == "minstrel":
        a, b = rest.split(">")
        info["from"], info["to"] = a, b
        label = f"Move from your {names[data.card_ids.index(a)]} to your {names[data.card_ids.index(b)]}"
    elif kind == "move":
        stones, _, friend = rest.partition("+")
        info["stones"] = int(stones)
        info["friend"] = bool(friend)
        parts = ([f"{stones} stone{'s' if stones != '1' else ''}"] if stones != "0" else []) + (
            ["the trusted friend"] if friend else [])
        label = "Move " + " and ".join(parts)
    elif kind == "juggle":
        where, piece = rest.split(":")
        info["from"], info["piece"] = where, piece
        place = "Notre Dame" if where == "notre_dame" else f"your {names[data.card_ids.index(where)]}"
        label = f"Move {'the trusted friend' if piece == 'friend' else 'a stone'} from {place}"
    elif kind in ("juggle-to", "bishop", "lose"):
        info["sector"] = rest
        verb = {"juggle-to": "Move it to", "bishop": "Put the Bishop's stone in",
                "lose": "Lose a stone from"}[kind]
        label = f"{verb} your {names[data.card_ids.index(rest)]}"
    return Action(key, label, info)


def render(state: "NotreDameState", seat: int | None) -> str:
    """A text picture of the whole table as `seat` sees it."""
    v = view(state, seat)
    data = state.data
    short = ("School", "Bank", "Resid", "Carria", "Hotel", "Park", "Hosp")
    lines = [f"NOTRE DAME  round {v['round']}/9  period {v['period']}  phase: {v['phase']}  "
             f"decision: {v['decision']}",
             "Persons: " + ", ".join(f"{p['name']} ({p['rats']} rat{'' if p['rats'] == 1 else 's'})" for p in v["persons"])
             + f"  |  plague value {v['plague_value']}  |  Notre Dame pays {v['notre_dame_points']}"
             f"  |  coins in supply {v['coin_supply']}",
             ""]
    head = f"{'seat':<14}" + "".join(f"{s:>7}" for s in short) + f"{'ND':>4}{'pers':>5}{'gen':>4}{'coin':>5}" \
           f"{'rat':>4}{'PP':>5}  carriage  messages"
    lines.append(head)
    for p in v["players"]:
        cells = []
        for i, sector in enumerate(data.sectors):
            mark = "+F" if p["trusted_friend"] == sector else ""
            cells.append(f"{str(p['sectors'][sector]) + mark:>7}")
        bell = "*" if p["seat"] == v["start_player"] else " "
        pp = "?" if p["prestige"] is None else p["prestige"]
        msgs = " ".join(f"{c[:1]}{k}" for c, k in p["messages"].items() if k)
        lines.append(f"{bell}{p['seat']} {p['colour']:<11}" + "".join(cells)
                     + f"{p['notre_dame']:>4}{p['personal_supply']:>5}{p['general_supply']:>4}"
                     f"{p['coins']:>5}{p['rat_marker']:>4}{pp!s:>5}  {p['carriage']:<9} {msgs or '-'}")
    lines.append("(* start player, +F trusted friend there; rat marker 0-9; PP hidden from others)")
    board = v["messages_on_board"]
    lines.append("Messages on the board: " + (", ".join(
        f"{m}={d['colour'][:1]}:{d['kind']}" for m, d in sorted(board.items())) or "none"))
    played = [f"{p['seat']}: {', '.join(p['played'])}" for p in v["players"] if p["played"]]
    if played:
        lines.append("Played this round: " + "; ".join(played))
    if seat is not None:
        if v["hand"]:
            lines.append("Your hand: " + ", ".join(data.card_names[data.card_ids.index(c)] for c in v["hand"]))
        if v["draft_offer"]:
            lines.append("Choose from: " + ", ".join(data.card_names[data.card_ids.index(c)]
                                                      for c in v["draft_offer"]))
    note = reconstructed_note(data)
    if note:
        lines.append(note)
    return "\n".join(lines)
