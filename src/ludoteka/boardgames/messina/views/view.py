"""Messina 1347: what one seat may see of a state, and the explained components (presentation only:
the rules never import this module).

Everything a player owns is public (AMB-52); hidden are only the orders and contents of the
face-down stacks (HID-1 - HID-6) and the boxed components (HID-8). The view is keyed by component
ids (hex ids A01.., harbours NW/NE/SE/SW, docks `dock:NW`, ship, tile and cart ids) so a browser
can draw it and map a click to a key.
"""
from __future__ import annotations

import math
from typing import Any

from ..data.components import CLASSES, CORNERS
from ..scoring.advanced import level_text, track_key, track_name
from ..model.state import (BOOKS, BOX, CATEGORIES, ESTATE, HUTS, LIEUTENANTS, OVERSEERS, SHIP_OWNED, SQUARES, SUPPLY,
                    citizen_class, citizen_upgraded)
from .guide import guide
from ..model.texts import action_text, alternative_text, cost_text
from ..model.sides import board_of, scroll_board_of, side_name
from ..rules.automa import automa_starts, lieutenants_this_round
from ..scoring.solo import good_result
from ..scoring.standard import as_if_ended, scroll_points

BRANCHES = (None, "left", "right")
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_DOCKS: dict[tuple, list[tuple[int, int]]] = {}


# ---------------------------------------------------------------------------- geometry
def dock_coords(board) -> list[tuple[int, int]]:
    """Axial coordinates for the 4 docks: one step outward (away from the city's centre) from their
    harbour, on a free cell. Cached per layout."""
    key = tuple(board.coords)
    found = _DOCKS.get(key)
    if found is None:
        taken = set(board.coords)
        cx = sum(_cart(q, r)[0] for q, r in board.coords[:board.hex_nodes]) / board.hex_nodes
        cy = sum(_cart(q, r)[1] for q, r in board.coords[:board.hex_nodes]) / board.hex_nodes
        found = []
        for k in range(4):
            hq, hr = board.coords[board.first_harbour + k]
            options = [(hq + dq, hr + dr) for dq, dr in AXIAL if (hq + dq, hr + dr) not in taken]
            best = max(options, key=lambda c: math.dist(_cart(*c), (cx, cy)))
            taken.add(best)
            found.append(best)
        _DOCKS[key] = found
    return found


def _cart(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial -> cartesian (unit hex size)."""
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def node_coords(board, node: int) -> tuple[int, int]:
    """Axial coordinates of any node (docks: `dock_coords`)."""
    if board.is_dock(node):
        return dock_coords(board)[node - board.first_dock]
    return board.coords[node]


def node_id(state, node: int) -> str | None:
    """The component id at a node: a hex id, a harbour corner, `dock:<corner>`; None for an empty
    expansion location."""
    b = state.board
    if b.is_dock(node):
        return f"dock:{CORNERS[node - b.first_dock]}"
    if b.is_harbour(node):
        return CORNERS[node - b.first_harbour]
    tile = state.hex_at[node]
    return state.data.hexes[tile].id if tile >= 0 else None


def place(state, at: int) -> str:
    """Where a lieutenant is: supply, estate, box or a component id."""
    if at == SUPPLY:
        return "supply"
    if at == ESTATE:
        return "estate"
    if at == BOX:
        return "box"
    return node_id(state, at) or f"node:{at}"


def citizen(code: int) -> dict[str, Any] | None:
    """A hut or workshop citizen code as {class, upgraded}; None when empty."""
    if not code:
        return None
    return {"class": OVERSEERS[citizen_class(code)], "upgraded": citizen_upgraded(code)}


def late_revealed(state) -> bool:
    """HID-5: the late workshops are hidden until the round whose row brings them (round V)."""
    rows = state.data.sides[side_name(state.players)].rounds
    return any(row.late_workshops for row in rows[:state.round])


def hidden_span(stack: tuple, known_bottom: int) -> tuple[int, int]:
    """(start, end) of the face-down tiles nobody knows: below the face-up top, above the tiles
    everyone saw go to the bottom (HID-4)."""
    return 1, max(1, len(stack) - known_bottom)


# ---------------------------------------------------------------------------- the view
def view(state, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator, who sees the same: no seat-private information)."""
    data, b, n = state.data, state.board, state.players
    side = data.sides[side_name(n)]
    city: dict[str, Any] = {}
    empty = []
    figures: dict[int, list] = {}
    for i, at in enumerate(state.lt_at):
        if at >= 0:
            figures.setdefault(at, []).append({"seat": i // LIEUTENANTS, "lieutenant": i % LIEUTENANTS,
                                               "standing": bool(state.lt_used[i])})
    for i, at in enumerate(state.automa_at):             # solo: the automa's figures stand
        if at >= 0:
            figures.setdefault(at, []).append({"seat": "automa", "lieutenant": i, "standing": True})
    for node in range(b.size):
        q, r = node_coords(b, node)
        cid = node_id(state, node)
        if cid is None:
            empty.append({"location": node - b.first_expansion, "node": node, "q": q, "r": r})
            continue
        entry: dict[str, Any] = {"node": node, "q": q, "r": r, "cubes": state.cubes[node],
                                 "lieutenants": figures.get(node, [])}
        if b.is_dock(node):
            corner = node - b.first_dock
            entry.update(kind="dock", harbour=CORNERS[corner],
                         ships=[{"ship": data.ships[i].id, "cube": bool(state.ship_cube[i])}
                                for i, at in enumerate(state.ship_at) if at == corner])
        elif b.is_harbour(node):
            entry.update(kind="harbour")
        else:
            h = data.hexes[state.hex_at[node]]
            entry.update(kind="hex", expansion=b.is_expansion(node), hex_class=h.hex_class, colour=h.colour,
                         rat=h.rat or None,
                         citizens={c: state.city_citizens[node * 3 + k] for k, c in enumerate(CLASSES)},
                         repopulated_by=state.repopulated_by[node] if state.repopulated_by[node] >= 0 else None)
        city[cid] = entry
    window = data.wheel[state.wheel]
    top = state.top()
    out: dict[str, Any] = {
        "game": "messina-1347", "seat": seat, "data_set": data.data_set, "reconstructed": data.reconstructed,
        "round": state.round, "decision": top[0].name if top is not None else "over",
        "producing": state.producing,                   # the round's end under way (MS-26)
        "to_act": state.to_act, "acting": list(state.acting_seats()) if top is not None else [],
        "turn_order": list(state.turn_order), "city": city, "empty_locations": empty,
        "visit_points": data.tables.visit_points,
        "ships": {data.ships[i].id: {"at": (f"dock:{CORNERS[at]}" if at < 4 else f"seat:{at - SHIP_OWNED}"),
                                     "cube": bool(state.ship_cube[i])}
                  for i, at in enumerate(state.ship_at) if at >= 0},
        "ship_stack": _ship_stack(state),
        "hex_stack": {"size": len(state.hex_stack),
                      "classes": [data.hexes[t].hex_class for t in state.hex_stack]},   # backs (D-36)
        "docking_stack": {"size": len(state.docking_stack),
                          "remaining": sorted(CORNERS[c] for c in state.docking_stack)},  # by elimination
        "wheel": {"window": state.wheel, "rat": window.rat, "classes": dict(window.classes),
                  "colours": {colour: cls for cls, colour in window.classes.items()}},
        "cube_supply": state.cube_supply,
        "scoring_board": _scoring_board(state, side),
        "players": _players(state),
        "pending_book_actions": [_book_space(v) for v in state.pending],
        "placing": [{"seat": f[1], "hut_upgrade": data.hut_upgrades[f[2]].id}      # taken, not yet on a hut
                    for f in (state.frames() if top is not None else ()) if f[0].name == "place_hut_upgrade"],
        "options": {k: v for k, v in state.options.items()},
        "guide": guide(state, seat),
    }
    if n == 1:
        out["automa"] = _automa(state)
    if data is not state.game.data:
        # the explained components (`Game.components`) are the shipped data's: which path spaces
        # reach each square, as this table's data has them (data set v1 of older tables differs)
        out["reached_by"] = {bid: reached_by(board) for bid, board in data.boards.items()}
    return out


def _automa(state) -> dict[str, Any]:
    """The solo game's automa (MS-35): everything but its deck's order (HID-7)."""
    data = state.data
    huts, shops, carts = state.automa_taken
    return {"lieutenants_this_round": lieutenants_this_round(state), "used": state.automa_used,
            "in_messina": [node_id(state, at) for at in state.automa_at if at >= 0],
            "popularity": state.automa_popularity, "starts_this_round": automa_starts(state),
            "deck_size": len(state.solo_deck),
            "revealed": [data.solo_tiles[t].id for t in state.solo_discard],
            "taken": {"hut_upgrades": [data.hut_upgrades[t].id for t in huts],
                      "workshops": [data.workshops[t].id for t in shops],
                      "carts": [data.carts[t].id for t in carts]},
            "good_result": good_result(state)}


def _book_space(value: int) -> dict[str, Any]:
    return {"book": BOOKS[value // 64], "space": value % 64}


def _ship_stack(state) -> dict[str, Any]:
    """HID-3: the size and the count per number (the backs); which ships by elimination."""
    data = state.data
    counts: dict[str, int] = {}
    for i in state.ship_stack:
        key = str(data.ships[i].number)
        counts[key] = counts.get(key, 0) + 1
    return {"size": len(state.ship_stack), "by_number": counts,
            "remaining": sorted(data.ships[i].id for i in state.ship_stack)}


def _tile_stack(state, stack: tuple, known: int, ids, extra: dict | None = None) -> dict[str, Any]:
    start, end = hidden_span(stack, known)
    out = {"size": len(stack), "top": ids(stack[0]) if stack else None,
           "known_bottom": [ids(t) for t in stack[end:]] if len(stack) > 1 else []}
    out.update(extra or {})
    return out


def _scoring_board(state, side) -> dict[str, Any]:
    data = state.data
    hut = lambda t: data.hut_upgrades[t].id      # noqa: E731
    shop = lambda t: data.workshops[t].id        # noqa: E731
    kb = state.known_bottom
    late_open = late_revealed(state)
    # MS-34.2: the book priority tile covers only the priority column.
    tile = side.priority_tile if state.rules.priority_tile else None
    rows = [_row(row, tile[k] if tile else None) for k, row in enumerate(side.rounds)]
    return {
        "side": side.name, "round": state.round,
        "rounds": rows, "row": rows[state.round - 1],
        "priority_tile": bool(state.rules.priority_tile),
        "hut_stacks": [_tile_stack(state, st, kb[k], hut) for k, st in enumerate(state.hut_stacks)],
        "workshop_stacks": [_tile_stack(state, st, kb[3 + k], shop, {"citizen": CLASSES[k]})
                            for k, st in enumerate(state.workshop_stacks)],
        "late_stacks": [({"size": len(st), "citizen": CLASSES[k], "top": shop(st[0]) if st and late_open else None})
                        for k, st in enumerate(state.late_stacks)],
        "cart_stacks": [{"size": len(st), "top": data.carts[st[0]].id if st else None,
                         "numbers": [data.carts[c].number for c in st]} for st in state.cart_stacks],
    }


def _row(row, priority: str | None = None) -> dict[str, Any]:
    return {"round": row.round, "priority": priority or row.priority, "ships": row.ships, "wheel_steps": row.wheel_steps,
            "fire_cost": row.fire_cost, "points_per_cube": row.points_per_cube, "citizens": row.citizens,
            "city_plague": row.city_plague, "late_workshops": row.late_workshops}


def stack_height(values: list[int], stamps: list[int], s: int, per: int, k: int, n: int) -> int:
    """0 = bottom: how many discs on the same space lie below seat s's disc."""
    mine = values[s * per + k]
    return sum(1 for o in range(n) if o != s and values[o * per + k] == mine
               and stamps[o * per + k] < stamps[s * per + k])


def _players(state) -> list[dict[str, Any]]:
    """Every seat's holdings, with what the final scoring (MS-29 - MS-31) would give it if round VI
    ended now: most of Messina's points come at the end, so the score alone does not show who
    leads. The final scoring reads only what everyone sees (AMB-52)."""
    end = as_if_ended(state)
    return [_player(state, s, end) for s in range(state.players)]


def _player(state, s: int, end) -> dict[str, Any]:
    """Seat `s`'s holdings; `end`: the state as the final scoring would leave it now (`as_if_ended`)."""
    data, n = state.data, state.players
    books = {name: {"space": state.books[s * 3 + k],
                    "height": stack_height(state.books, state.book_stamp, s, 3, k, n)}
             for k, name in enumerate(BOOKS)}
    board, scroll_board = board_of(state, s), scroll_board_of(state, s)
    squares = state.squares[s * SQUARES:(s + 1) * SQUARES]
    huts = []
    for h in range(HUTS):
        i = s * HUTS + h
        up = state.hut_upgrade[i]
        huts.append({"hut": h, "citizen": citizen(state.huts[i]), "space": state.hut_space[i] or None,
                     "upgrade": data.hut_upgrades[up].id if up >= 0 else None})
    w = state.workshops[s]
    workshops = [{"tile": data.workshops[w[j]].id, "citizen": citizen(w[j + 1]), "reward_taken": bool(w[j + 2])}
                 for j in range(0, len(w), 3)]
    c = state.carts[s]
    carts = [{"cart": data.carts[c[j]].id, "used": bool(c[j + 1])} for j in range(0, len(c), 2)]
    lts = [{"lieutenant": k, "at": place(state, state.lt_at[i]),
            "standing": state.lt_at[i] >= 0 and bool(state.lt_used[i]), "used": bool(state.lt_used[i])}
           for k, i in enumerate(state.lieutenants(s))]
    tracks = scroll_board.tracks
    return {
        "seat": s, "coins": state.coins[s], "timber": state.timber[s], "fire": state.fire[s],
        "large_fire": state.large_fire[s], "rats": state.rats[s], "score": state.score[s],
        "score_height": stack_height(state.score, state.score_stamp, s, 1, 0, n),
        "points": dict(zip(CATEGORIES, state.category_points(s))),
        # None once the game is over: the score is then the result
        "if_ended_now": None if end is state else {
            "score": end.score[s],
            "gains": {name: b - a for name, a, b in
                      zip(CATEGORIES, state.category_points(s), end.category_points(s)) if b != a}},
        "books": books,
        "scroll": {track_key(t): state.scroll[s * 3 + k] for k, t in enumerate(tracks)},
        # what each track would score if the game ended now (MS-31.9, after the rat penalty): items, points
        "scroll_points": {key: {"items": items, "points": points}
                          for key, _, items, points in scroll_points(end, s)},
        "overseers": {name: {"step": state.overseer_step[s * 3 + k],
                             "branch": BRANCHES[state.overseer_branch[s * 3 + k]],
                             "upgraded": bool(state.overseer_upgraded[s * 3 + k])}
                      for k, name in enumerate(OVERSEERS)},
        "sectors": {name: squares[k * 6:(k + 1) * 6] for k, name in enumerate(OVERSEERS)},
        "one_time_used": [i for i in range(SQUARES) if state.one_time_used[s * SQUARES + i]],
        "board": board.id, "scroll_board": scroll_board.id,          # "a" or "b1".."b4" (MS-33.1/33.2)
        "one_time": [i for i in range(SQUARES) if board.one_time[i]],   # the board's lightning squares
        "huts": huts, "workshops": workshops, "carts": carts,
        "ships": [data.ships[i].id for i, at in enumerate(state.ship_at) if at == SHIP_OWNED + s],
        "lieutenants": lts,
        "repopulated_tiles_left": data.tables.repopulated_tiles - sum(1 for o in state.repopulated_by if o == s),
        "deferred_book_actions": [_book_space(v) for v in state.deferred[s]],
    }


# ---------------------------------------------------------------------------- components
def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _citizens_text(citizens) -> str:
    """[("artisan", False), ("artisan", False), ("nun", True)] -> "2 artisans, an upgraded nun"
    (equal citizens counted together, in their order)."""
    counts: dict[tuple[str, bool], int] = {}
    for cls, up in citizens:
        counts[(cls, bool(up))] = counts.get((cls, bool(up)), 0) + 1
    parts = [(f"{n} upgraded {cls}s" if up else f"{n} {cls}s") if n > 1 else
             (("an upgraded " + cls) if up else _a(cls)) for (cls, up), n in counts.items()]
    return ", ".join(parts) or "no citizens"


def _marked(record, entry: dict[str, Any]) -> dict[str, Any]:
    if getattr(record, "provenance", "reconstructed") == "reconstructed":
        entry["reconstructed"] = True
    return entry


def components(data) -> list[dict[str, Any]]:
    """Every component a player may want explained: id, kind, name and English text."""
    out: list[dict[str, Any]] = []
    for h in data.hexes:
        needs = _citizens_text(h.repop_citizens)
        text = (f"{h.hex_class} hex, {h.colour}" + (f", {h.rat} rat" if h.rat else ", no rat")
                + f". Action: {action_text(h.action)}. Repopulation: pay {cost_text(h.repop_cost)}, "
                f"give up {needs}" + (" and a lieutenant" if h.repop_lieutenant else "")
                + f"; scores {h.points} points at the end.")
        out.append(_marked(h, {"id": h.id, "kind": "city_hex", "name": f"Hex {h.id}", "text": text,
                               "hex_class": h.hex_class, "colour": h.colour, "rat": h.rat or None,
                               "points": h.points, "action": h.action,
                               "repopulation": {"cost": h.repop_cost, "citizens": h.repop_citizens,
                                                "lieutenant": h.repop_lieutenant}}))
    for h in data.harbours:
        out.append(_marked(h, {"id": h.id, "kind": "harbour", "name": f"Harbour {h.id}",
                               "text": f"Harbour hex. Action: {action_text(h.action)}. Its dock lies beside it.",
                               "action": h.action}))
    for sh in data.ships:
        gain = f"{sh.coins} coins" if sh.coins else f"{sh.points} points"
        out.append(_marked(sh, {"id": sh.id, "kind": "ship", "name": f"Ship {sh.id}",
                                "text": f"Ship {sh.number} carrying {sh.goods}: taking it gives {gain}.",
                                "number": sh.number, "goods": sh.goods, "coins": sh.coins, "points": sh.points,
                                "cargo": sh.cargo}))
    for c in data.carts:
        out.append(_marked(c, {"id": c.id, "kind": "cart", "name": f"Cart {c.id}",
                               "text": f"Cart number {c.number}: costs {cost_text(c.cost)}, scores {c.points} "
                                       "points when built; used up to repopulate a hex.",
                               "number": c.number, "cost": c.cost, "points": c.points}))
    for u in data.hut_upgrades:
        out.append(_marked(u, {"id": u.id, "kind": "hut_upgrade", "name": f"Hut upgrade {u.id}",
                               "text": f"Costs {cost_text(u.cost)}. A citizen in this quarantine hut produces: "
                                       f"{alternative_text(u.production)}.",
                               "cost": u.cost, "production": u.production}))
    for w in data.workshops:
        if w.period == "early":
            what = (f"produces {alternative_text(w.production)} (upgraded citizen: "
                    f"{alternative_text(w.production_upgraded)} and 1 point)")
        else:
            what = f"gives once: {action_text(w.reward)}; an upgraded citizen scores 1 point in production"
        need = ("an upgraded " + w.citizen) if w.requires_upgraded else _a(w.citizen)
        out.append(_marked(w, {"id": w.id, "kind": "workshop", "name": f"Workshop {w.id}",
                               "text": f"{w.period.capitalize()} {w.citizen} workshop: costs {cost_text(w.cost)}, "
                                       f"takes {need}; {what}.", "period": w.period, "citizen": w.citizen, "cost": w.cost,
                               "requires_upgraded": w.requires_upgraded, "production": w.production,
                               "production_upgraded": w.production_upgraded, "reward": w.reward}))
    for side in data.sides.values():
        for name, book in side.books.items():
            for k, spec in enumerate(book.spaces):
                out.append(_marked(book, {
                    "id": f"book:{side.name}:{name}:{k}", "kind": "book_space",
                    "name": f"{name.capitalize()} book space {k} ({side.name})",
                    "text": (f"Reaching it: {action_text(spec)}. " if spec else "No action. ")
                            + f"Worth {book.points[k]} points at the end.",
                    "side": side.name, "book": name, "space": k, "action": spec, "points": book.points[k]}))
        for row in side.rounds:
            out.append(_marked(row, {
                "id": f"round:{side.name}:{row.round}", "kind": "round_row",
                "name": f"Round {row.round} ({side.name})",
                "text": f"Turn order by {row.priority}; {row.ships} ship(s) arrive; the wheel turns "
                        f"{row.wheel_steps} time(s); {row.fire_cost} fire per plague cube"
                        + (f", {row.points_per_cube} points per cube removed" if row.points_per_cube else "")
                        + ("" if row.citizens else "; no new citizens")
                        + ("; the late workshops replace the early ones" if row.late_workshops else "") + ".",
                "side": side.name, **_row(row)}))
    out += boards_explained(data)
    for k, w in enumerate(data.wheel):
        cols = ", ".join(f"{cls} on {colour} hexes" for cls, colour in w.classes.items())
        out.append(_marked(w, {"id": f"wheel:{k}", "kind": "wheel_window", "name": f"Wheel window {k}",
                               "text": f"Plague cubes on hexes with the {w.rat} rat; citizens: {cols}.",
                               "rat": w.rat, "classes": dict(w.classes)}))
    return out


def reached_by(board) -> list[list[list[Any]]]:
    """Per square, the overseer path spaces that can activate it (MS-16, MS-17): [overseer,
    branch ("" for step 1, "left", "right"), step]; the centre (step 6, any square) left out."""
    out: list[list[list[Any]]] = [[] for _ in range(SQUARES)]
    for name, path in board.paths.items():
        spaces = [("", 1, path.first)] + [(branch, k + 2, space) for branch in ("left", "right")
                                           for k, space in enumerate(getattr(path, branch)) if space.kind != "centre"]
        for branch, step, space in spaces:
            squares = space.squares if space.kind == "pair" else \
                [i for i in range(SQUARES) if board.square_area[i] in space.areas]
            for i in squares:
                out[i].append([name, branch, step])
    return out


def boards_explained(data) -> list[dict[str, Any]]:
    """The player boards (side a, and the advanced side b boards b1..b4 with their one-time squares,
    MS-33.5) and the scroll boards with what each track scores (MS-31.10-31.12, MS-33.10-33.19)."""
    out: list[dict[str, Any]] = []
    for bid, board in data.boards.items():
        once = [i for i in range(SQUARES) if board.one_time[i]]
        out.append(_marked(board, {
            "id": f"board:{bid}", "kind": "player_board", "name": f"Player board {bid}",
            "text": ("Side a, the same for every colour." if bid == "a" else
                     "Side b (advanced variant), one per colour, given at random; the quarantine huts are "
                     "on the right. Its one-time squares (lightning mark) " + ", ".join(map(str, once))
                     + " give a generous reward once per game: activating a citizen there uses the square "
                     "up for good, whoever sits there later."), "board": bid, "one_time": once}))
        reach = reached_by(board)
        for i, spec in enumerate(board.squares):
            cls = OVERSEERS[i // 6]
            by = "; ".join(f"{o} overseer, " + (f"{b} branch, " if b else "") + f"step {n}" for o, b, n in reach[i])
            out.append(_marked(board, {
                "id": f"square:{bid}:{i}", "kind": "square",
                "name": f"Square {i} ({cls} sector, board {bid})" + (" \u26a1" if board.one_time[i] else ""),
                "text": f"Area {board.square_area[i]}. Activated: {action_text(spec)}"
                        + (" (once per game)." if board.one_time[i] else ".")
                        + f" Reached by: {by or 'the centre only'}.", "one_time": board.one_time[i],
                "board": bid, "square": i, "area": board.square_area[i], "action": spec, "reached_by": reach[i]}))
    for sid, scroll in data.scroll_boards.items():
        out.append(_marked(scroll, {
            "id": f"scroll_board:{sid}", "kind": "scroll_board", "name": f"Scroll board {sid}",
            "text": ("Side a, the same for every player" if sid == "a" else
                     "Side b (advanced variant), dealt at random") + ": tracks "
                    + ", ".join(track_name(t) for t in scroll.tracks) + ".",
            "tracks": [track_key(t) for t in scroll.tracks]}))
        for k, t in enumerate(scroll.tracks):
            out.append(_marked(t, {
                "id": f"scroll:{sid}:{k}", "kind": "scroll_track",
                "name": f"Scroll track {k} ({track_name(t)}, {sid})",
                "text": f"Scores your {track_name(t)} at the end, by the cube's level: "
                        + "; ".join(f"level {lv + 1}: {level_text(t, lv)}" for lv in range(len(t.values))) + ".",
                "track": track_key(t), "values": t.values, "cap": t.cap, "divisor": t.divisor, "tiers": t.tiers}))
    return out
