"""Messina 1347: what must hold in every state (conservation and bounds), checked by simulations.

`check(state)` returns one English message per violation (empty: all is well). It reads only the
declared fields and the pending frames; it never changes the state.
"""
from __future__ import annotations

from collections import Counter

from .model.sides import board_of, scroll_board_of, side_name
from .rules.automa import LIEUTENANTS_PER_ROUND
from .data.components import CLASSES
from .model.state import (BOOKS, BOX, ESTATE, HUTS, LIEUTENANTS, SQUARES, SUPPLY, citizen_class)

TURN_KINDS = ("turn", "choose_lieutenant", "choose_destination")


def check(state) -> list[str]:
    """Every invariant violation of `state`, as messages."""
    out: list[str] = []
    for part in (_shapes, _round, _cubes, _hexes, _ships, _tiles, _seats, _lieutenants, _automa, _acting):
        try:
            part(state, out)
        except Exception as exc:                       # a malformed field: report it, check the rest
            out.append(f"{part.__name__[1:]}: the check failed with {type(exc).__name__}: {exc}")
    return out


def _shapes(state, out) -> None:
    """Lengths and component indexes that the field bounds cannot know (a saved state is read
    through these checks: a tile index past the data would crash later, not here)."""
    b, data, n = state.board, state.data, state.players
    for name, per in (("hex_at", 1), ("cubes", 1), ("repopulated_by", 1), ("city_citizens", 3)):
        if len(getattr(state, name)) != b.size * per:
            out.append(f"{name} has {len(getattr(state, name))} entries, not {b.size * per}")
    for name in ("ship_at", "ship_cube"):
        if len(getattr(state, name)) != len(data.ships):
            out.append(f"{name} has {len(getattr(state, name))} entries for {len(data.ships)} ships")
    if sorted(state.turn_order) != list(range(n)):
        out.append(f"turn order {list(state.turn_order)} is not an order of the {n} seats")
    if not 0 <= state.wheel < len(data.wheel):
        out.append(f"the wheel shows window {state.wheel} of {len(data.wheel)}")
    if len(set(state.docking_stack)) != len(state.docking_stack):
        out.append(f"a docking tile twice in {list(state.docking_stack)}")
    # MS-28.13: the 3 late stacks wait until the preparation of the round that swaps them in
    rows = data.sides[side_name(n)].rounds
    late_round = next((r for r, row in enumerate(rows, 1) if row.late_workshops), len(rows) + 1)
    stacks = (("hut_stacks", (3,)), ("workshop_stacks", (3,)),
              ("late_stacks", (3,) if state.round < late_round else (0,)), ("cart_stacks", (1,) if n <= 2 else (2,)))
    for name, sizes in stacks:
        if len(getattr(state, name)) not in sizes:
            out.append(f"{name} holds {len(getattr(state, name))} stacks")
    taken = state.automa_taken if len(state.automa_taken) == 3 else ((), (), ())     # solo (MS-35.20)
    tiles = (("hex", data.hexes, [t for t in state.hex_at if t >= 0] + list(state.hex_stack)),
             ("ship", data.ships, state.ship_stack),
             ("hut upgrade", data.hut_upgrades, [t for s in state.hut_stacks for t in s]
              + [t for t in state.hut_upgrade if t >= 0] + list(taken[0])),
             ("workshop", data.workshops, [t for s in state.workshop_stacks + state.late_stacks for t in s]
              + [t for w in state.workshops for t in w[0::3]] + list(taken[1])),
             ("cart", data.carts, [t for s in state.cart_stacks for t in s] + [t for c in state.carts for t in c[0::2]]
              + list(taken[2])))
    for what, records, used in tiles:
        bad = sorted({t for t in used if not 0 <= t < len(records)})
        if bad:
            out.append(f"{what} index {bad[0]} is not one of the {len(records)} {what}{'es' if what == 'hex' else 's'} "
                       "of the data")
    for s in range(min(n, len(state.workshops))):
        if any(not 0 <= c <= 6 for c in state.workshops[s][1::3]) or \
                any(r not in (0, 1) for r in state.workshops[s][2::3]):
            out.append(f"seat {s}: malformed workshops {state.workshops[s]}")
    for s in range(min(n, len(state.carts))):
        if any(u not in (0, 1) for u in state.carts[s][1::2]):
            out.append(f"seat {s}: malformed carts {state.carts[s]}")
    books = data.sides[side_name(n)].books
    for v in list(state.pending) + [v for d in state.deferred for v in d]:
        if not (v // 64 < len(BOOKS) and v % 64 < len(books[BOOKS[v // 64]].spaces)):
            out.append(f"a book action {v} waits for no book space")
    _boards(state, out)
    for s in range(n):
        for k, track in enumerate(scroll_board_of(state, s).tracks):
            if not state.scroll[s * 3 + k] < len(track.values):
                out.append(f"seat {s}: scroll track {k} at level {state.scroll[s * 3 + k]}")


def _boards(state, out) -> None:
    """MS-33.1/33.2: side b boards are distinct boards 1..4 when that side is in play, else side a
    (0); a one-time square is marked used only on a board that has it there (MS-33.6)."""
    n = state.players
    for name, side_b in (("player_board", state.rules.player_side_b), ("scroll_board", state.rules.scroll_side_b)):
        boards = getattr(state, name)
        ok = (len(set(boards)) == n and all(1 <= k <= 4 for k in boards)) if side_b else not any(boards)
        if not ok:
            out.append(f"{name} {boards} does not fit side {'b' if side_b else 'a'}")
    for s in range(n):
        once = board_of(state, s).one_time
        wrong = [q for q in range(SQUARES) if state.one_time_used[s * SQUARES + q] and not once[q]]
        if wrong:
            out.append(f"seat {s}: squares {wrong} are marked used but are not one-time squares")


def _round(state, out) -> None:
    if not 1 <= state.round <= 6:
        out.append(f"round {state.round} is not I..VI")
    if state.to_act is None and state.round != 6:
        out.append(f"the game ended in round {state.round}, not VI")


def _cubes(state, out) -> None:
    """MS-1.16, AMB-2: cubes on the city, on ships at docks and in the supply are all the cubes."""
    b = state.board
    total = state.data.tables.plague_cubes[max(state.players, 2)]
    on_ships = 0
    for i, cube in enumerate(state.ship_cube):
        if cube:
            if 0 <= state.ship_at[i] < 4:
                on_ships += 1
            else:
                out.append(f"ship {state.data.ships[i].id} carries a cube but is not at a dock")
    if min(state.cubes) < 0 or state.cube_supply < 0:
        out.append("a negative count of plague cubes")
    if sum(state.cubes) + on_ships + state.cube_supply != total:
        out.append(f"plague cubes: {sum(state.cubes)} in the city + {on_ships} on ships + {state.cube_supply} "
                   f"in the supply != {total}")
    for node in range(b.first_dock, b.size):
        if state.cubes[node]:
            out.append(f"dock node {node} holds plague cubes (MS-9.15)")
    for node in range(b.size):
        if state.cubes[node] and node < b.hex_nodes and state.hex_at[node] < 0:
            out.append(f"plague cubes on the empty expansion location {node}")


def _hexes(state, out) -> None:
    """Every city hex in exactly one place: the city, the hex stack, or out of the game (unused A)."""
    b, data, n = state.board, state.data, max(state.players, 2)
    where = Counter(t for t in state.hex_at if t >= 0) + Counter(state.hex_stack)
    in_city = {t for t in state.hex_at if t >= 0}
    for i, h in enumerate(data.hexes):
        unused = h.hex_class == "A" and n not in h.player_counts
        if where[i] != (0 if unused else 1):
            out.append(f"hex {h.id} is in {where[i]} places")
        if h.hex_class == "A" and not unused and i not in in_city:
            out.append(f"hex {h.id} is not in the starting city")
    for node, t in enumerate(state.hex_at):
        if t >= 0 and node >= b.hex_nodes:
            out.append(f"a city hex lies on node {node} (a harbour or dock)")
        if t < 0 and node < b.starts:
            out.append(f"starting slot {node} is empty")
    for node in range(b.size):
        if node >= b.hex_nodes or state.hex_at[node] < 0:
            if any(state.city_citizens[node * 3:node * 3 + 3]):
                out.append(f"citizens on node {node}, which is no city hex (MS-6.10)")
            if state.repopulated_by[node] >= 0:
                out.append(f"node {node} is repopulated but is no city hex")
    if min(state.city_citizens) < 0:
        out.append("a negative count of citizens in the city")


def _ships(state, out) -> None:
    """Every ship in one place: the stack, a dock (3 berths), a seat's estate or the box."""
    data, n = state.data, state.players
    stack = Counter(state.ship_stack)
    for i, at in enumerate(state.ship_at):
        if not (at in (-2, -1) or 0 <= at < 4 or 10 <= at < 10 + n):
            out.append(f"ship {data.ships[i].id} is at an unknown place {at}")
        if stack[i] != (1 if at == -1 else 0):
            out.append(f"ship {data.ships[i].id} is {stack[i]} times in the stack (place {at})")
    for corner in range(4):
        berths = sum(1 for at in state.ship_at if at == corner)
        if berths > data.tables.berths:
            out.append(f"{berths} ships at dock {corner} (only {data.tables.berths} berths)")
    numbers = [data.ships[i].number for i in state.ship_stack]
    if numbers != sorted(numbers):
        out.append(f"the ship stack is not in number order: {numbers}")


def _tiles(state, out) -> None:
    """Hut upgrades, workshops and carts: each in at most one place (all of them where none leaves)."""
    data, n = state.data, state.players
    huts = Counter(t for s in state.hut_stacks for t in s)
    huts.update(t for t in state.hut_upgrade if t >= 0)
    huts.update(f[2] for f in state.frames() if f[0].name == "place_hut_upgrade")     # taken, being placed
    taken = state.automa_taken or ((), (), ())                 # solo: out of the game (MS-35.20)
    huts.update(taken[0])
    for i, u in enumerate(data.hut_upgrades):
        if huts[i] != 1:
            out.append(f"hut upgrade {u.id} is in {huts[i]} places")
    shops = Counter(t for s in state.workshop_stacks for t in s)
    shops.update(t for s in state.late_stacks for t in s)
    for w in state.workshops:
        shops.update(w[0::3])
    shops.update(taken[1])
    for i, w in enumerate(data.workshops):
        late_waiting = bool(state.late_stacks) and w.period == "late"
        if shops[i] > 1 or (late_waiting and shops[i] != 1):
            out.append(f"workshop {w.id} is in {shops[i]} places")
    for k, stack in enumerate(state.workshop_stacks):
        if len({data.workshops[t].citizen for t in stack}) > 1:
            out.append(f"workshop stack {k} mixes citizen classes")
    carts = Counter(t for s in state.cart_stacks for t in s)
    for c in state.carts:
        carts.update(c[0::2])
    carts.update(taken[2])
    for i, c in enumerate(data.carts):
        if carts[i] > 1 or (n > 2 and carts[i] != 1):
            out.append(f"cart {c.id} is in {carts[i]} places")
    if n <= 2 and sum(carts.values()) != len(data.carts) // 2:
        out.append(f"{sum(carts.values())} carts in the game, not {len(data.carts) // 2} (one stack, MS-3.9)")
    for k, stack in enumerate(state.cart_stacks):
        numbers = [data.carts[t].number for t in stack]
        if numbers != sorted(set(numbers)):
            out.append(f"cart stack {k} is not in number order: {numbers}")
    for k, kb in enumerate(state.known_bottom):
        stacks = state.hut_stacks if k < 3 else state.workshop_stacks
        size = len(stacks[k % 3]) if k % 3 < len(stacks) else 0
        if kb > max(0, size - 1):
            out.append(f"known_bottom[{k}] = {kb} for a stack of {size}")


def _seats(state, out) -> None:
    data, n = state.data, state.players
    books = data.sides[side_name(n)].books
    for s in range(n):
        for name in ("coins", "timber", "fire", "large_fire", "rats"):
            if getattr(state, name)[s] < 0:
                out.append(f"seat {s} has {getattr(state, name)[s]} {name}")
        if sum(state.category_points(s)) != state.score[s]:
            out.append(f"seat {s}: score {state.score[s]} but its categories sum to "
                       f"{sum(state.category_points(s))}")
        for k, name in enumerate(BOOKS):
            if not 0 <= state.books[s * 3 + k] < len(books[name].spaces):
                out.append(f"seat {s} is on space {state.books[s * 3 + k]} of the {name} book")
        for k, name in enumerate(CLASSES):
            step, branch = state.overseer_step[s * 3 + k], state.overseer_branch[s * 3 + k]
            if not 0 <= step <= 6 or (branch != 0) != (step >= 2):
                out.append(f"seat {s}: {name} overseer on step {step} with branch {branch}")
        squares = state.squares[s * SQUARES:(s + 1) * SQUARES]
        if len(squares) != SQUARES or any(not 0 <= x <= 2 for x in squares):
            out.append(f"seat {s}: bad sector squares {squares}")
        for h in range(HUTS):
            code, space = state.huts[s * HUTS + h], state.hut_space[s * HUTS + h]
            if (code != 0) != (space in (1, 2)) or space not in (0, 1, 2):
                out.append(f"seat {s}: hut {h} holds citizen {code} on space {space}")
        w = state.workshops[s]
        # MS-21.3: a 7th or later workshop is allowed (beside the board): no limit to check.
        if len(w) % 3:
            out.append(f"seat {s}: malformed workshops {w}")
        for j in range(0, len(w) - 2, 3):
            tile, code = data.workshops[w[j]], w[j + 1]
            if code and CLASSES[citizen_class(code)] != tile.citizen:
                out.append(f"seat {s}: a {CLASSES[citizen_class(code)]} in the {tile.citizen} workshop {tile.id}")
        if len(state.carts[s]) % 2:
            out.append(f"seat {s}: malformed carts {state.carts[s]}")
        repop = sum(1 for o in state.repopulated_by if o == s)
        if repop > data.tables.repopulated_tiles:
            out.append(f"seat {s} repopulated {repop} hexes (only {data.tables.repopulated_tiles} tiles)")


def _lieutenants(state, out) -> None:
    """5 per seat; a figure stands on a hex (not a dock, MS-9.4) only alone (MS-8.10)."""
    b, n = state.board, state.players
    if len(state.lt_at) != LIEUTENANTS * n or len(state.lt_used) != LIEUTENANTS * n:
        out.append(f"{len(state.lt_at)} lieutenants for {n} seats")
        return
    standing = Counter()
    for i, at in enumerate(state.lt_at):
        if at >= 0:
            if at >= b.size or (at < b.hex_nodes and state.hex_at[at] < 0):
                out.append(f"lieutenant {i} is on node {at}, which holds no tile")
            elif state.lt_used[i] and not b.is_dock(at):
                standing[at] += 1
        elif at not in (SUPPLY, ESTATE, BOX):
            out.append(f"lieutenant {i} is at the unknown place {at}")
    for node in state.automa_at:
        if node >= 0:
            standing[node] += 1
    for node, count in standing.items():
        if count > 1:
            out.append(f"{count} lieutenants stand on node {node}")


def _automa(state, out) -> None:
    """Solo (MS-35.4-35.12): the automa's lieutenants in Messina on placed hexes, never more used
    than its count for the round; every solo tile once in the deck or the revealed pile."""
    if state.players != 1:
        if state.automa_at or state.solo_deck or state.solo_discard or state.automa_taken:
            out.append("automa fields are set in a game that is not solo")
        return
    b = state.board
    placed = [node for node in state.automa_at if node >= 0]
    if len(state.automa_at) != max(LIEUTENANTS_PER_ROUND):
        out.append(f"the automa has {len(state.automa_at)} lieutenants")
    if len(state.automa_taken) != 3:          # hut upgrades, workshops, carts (MS-35.20)
        out.append(f"automa_taken holds {len(state.automa_taken)} piles, not 3")
    if not len(placed) <= state.automa_used <= LIEUTENANTS_PER_ROUND[state.round - 1]:
        out.append(f"the automa used {state.automa_used} lieutenants ({len(placed)} in Messina) in round "
                   f"{state.round}")
    for node in placed:
        if node >= b.first_dock or (node < b.hex_nodes and state.hex_at[node] < 0):
            out.append(f"an automa lieutenant is on node {node}, which is no hex in play")
    last = len(state.data.sides["2p"].books["popularity"].spaces) - 1
    if not 0 <= state.automa_popularity <= last:
        out.append(f"the automa's popularity disc is on space {state.automa_popularity} (last: {last})")
    tiles = sorted(state.solo_deck + state.solo_discard)
    if tiles != list(range(len(state.data.solo_tiles))):
        out.append(f"the solo tiles are not each once in the deck and the revealed pile: {tiles}")


def _acting(state, out) -> None:
    """Exactly one seat acts: in a turn, the turn's seat; choosing a lieutenant, one it may use."""
    if state.to_act is None:
        return
    acting = state.acting_seats()
    if len(acting) != 1:
        out.append(f"seats {list(acting)} act at once")
        return
    seat = acting[0]
    frames = state.frames()
    top = frames[0]
    name = top[0].name
    if name == "choose_lieutenant" and not state.available_lieutenants(seat):
        out.append(f"seat {seat} chooses a lieutenant but has none available")
    if name == "choose_destination":
        lt = top[2]
        if lt // LIEUTENANTS != seat or state.lt_used[lt] or not (state.lt_at[lt] >= 0 or state.lt_at[lt] == ESTATE):
            out.append(f"seat {seat} sends lieutenant {lt}, which it may not use now")
    turn = next((f for f in frames if f[0].name == "turn"), None)
    if turn is not None and name not in ("choose_lieutenant", "choose_destination"):
        if turn[1] != seat:
            out.append(f"seat {seat} acts ({name}) inside seat {turn[1]}'s turn")
        lt = turn[3]
        if state.lt_at[lt] != turn[2] or not state.lt_used[lt]:
            out.append(f"the lieutenant of seat {turn[1]}'s turn is not standing on node {turn[2]}")
