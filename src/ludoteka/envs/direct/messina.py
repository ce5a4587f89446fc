"""Messina 1347's direct observation (layout in docs/research.md): what `views.view` shows, which
is everything but the order and contents of the face-down stacks (HID-1 to HID-8), egocentric.
The city is a set of planes over the board's nodes (hexes, harbours, docks); a lieutenant is
counted where it is, not named (they are interchangeable). Known stack bottoms and revealed solo
tiles are bags (their order is left out)."""
from __future__ import annotations

from typing import Any, Mapping

from ...boardgames.messina.model.state import CATEGORIES, HUTS, LIEUTENANTS, SHIP_OWNED, SQUARES
from ...boardgames.messina.views.view import hidden_span, late_revealed
from ...kernel import Game
from .base import DirectEncoder, Layout, Memo
from .canvas import Section, copies

CODES = 7              # hut and workshop citizen codes 0 (none) .. 6
BOOK_SPACES = 64       # a book action is book * 64 + space
CLASSES = ("A", "B", "C")
SEAT = (1, 0, 1)       # a block with one slot per seat (canvas.py)


def build(game: Game, players: int, options: Mapping[str, Any]) -> DirectEncoder:
    """The encoder for `players` seats and resolved `options`."""
    n = players
    probe = game.new_state(players, 0, dict(options))
    data, board = probe.data, probe.board
    N = board.size
    H, S, C, U, W = len(data.hexes), len(data.ships), len(data.carts), len(data.hut_upgrades), len(data.workshops)
    kinds = list(type(probe).FLOW.kinds.values())
    kind_index = {kind: i for i, kind in enumerate(kinds)}
    hexes_max = len(probe.hex_stack)
    cart_stacks = len(probe.cart_stacks)
    cart_len = max(len(st) for st in probe.cart_stacks)
    hex_class = [CLASSES.index(h.hex_class) for h in data.hexes]
    cart_number = [c.number for c in data.carts]
    cats = len(CATEGORIES)
    solo = n == 1

    L = Layout()
    L.value("round", 1, 1, 6)
    L.value("cube_supply", 1, 0, 24)
    L.value("hex_stack_size", 1, 0, hexes_max)
    for name, hi in (("coins", 20), ("timber", 10), ("fire", 10), ("large_fire", 5), ("rats", 20),
                     ("score", 120), ("score_height", 3)):
        L.value(name, n, -21 if name == "score" else 0, hi, ego=SEAT)
    L.value("points", n * cats, -21, 60, "per seat, points per category: " + ", ".join(CATEGORIES),
            ego=(1, 0, cats))
    L.value("books", n * 6, 0, 20, "per seat: popularity, city, church spaces, then their stack heights",
            ego=(1, 0, 6))
    L.value("scroll", n * 3, 0, 10, "per seat, the scroll-track levels", ego=(1, 0, 3))
    L.value("overseer_step", n * 3, 0, 6, ego=(1, 0, 3))
    L.value("squares", n * SQUARES, 0, 2, "per seat: 0 empty, 1 citizen, 2 upgraded citizen", ego=(1, 0, SQUARES))
    L.value("hut_space", n * HUTS, 0, 2, ego=(1, 0, HUTS))
    L.value("lieutenants_off_board", n * 6, 0, LIEUTENANTS,
            "per seat: in the supply, estate, box; then of those, used this round", ego=(1, 0, 6))
    L.value("repopulations", n, 0, 5, "per seat: its repopulated tiles in Messina", ego=SEAT)
    L.sparse("city_cubes", N, 6, "plane: plague cubes per node")
    L.sparse("city_citizens", N * 3, 6, "planes: artisans, aristocrats, nuns per node")
    L.sparse("city_lieutenants", N * n * 2, LIEUTENANTS,
             "planes: per node and seat, standing (used) and lying lieutenants", ego=(N, 0, 2))
    L.value("stacks", 3 + 3 + 3 + cart_stacks, 0, 6, "sizes: hut-upgrade, workshop, late, cart stacks")
    if solo:
        L.value("automa", 3, 0, 20, "used lieutenants, popularity space, deck size")
        L.sparse("automa_city", N, 5, "plane: the automa's figures per node")
    L.flags("decision", len(kinds) + 1, "one-hot: the pending frame kind (last: game over)")
    L.flags("to_act", n + 1, "one-hot, egocentric; last: nobody", ego=SEAT)
    L.flags("acting", n, "egocentric", ego=SEAT)
    L.flags("turn_order", n * n, "per position, the seat there (one-hot, egocentric)", ego=(n, 0, 1))
    L.flags("city_hex", N * (H + 1), "plane: the city hex at each node (last: none)")
    L.flags("repopulated_by", N * n, "plane: the seat that repopulated each node, egocentric", ego=(N, 0, 1))
    L.flags("ships", S * (5 + n), "per ship: at dock 0-3, in the stack, owned by (egocentric); none: boxed",
            ego=(S, 5, 1))
    L.flags("ship_cube", S)
    L.flags("hex_stack_classes", hexes_max * 3, "the backs (A, B, C) of the hex stack, top first")
    L.flags("docking_left", 4, "the docking tiles still in the stack")
    L.flags("wheel", len(data.wheel), "one-hot: the population wheel's window")
    L.flags("producing", 1, "the end of the round under way: production begun (MS-26; the guide says so)")
    L.flags("hut_stacks", 3 * 2 * U, "per stack: the face-up top, the known bottom tiles")
    L.flags("workshop_stacks", 3 * 2 * W, "per stack: the face-up top, the known bottom tiles")
    L.flags("late_stacks", 3 * W, "per stack: the top once revealed (HID-5)")
    L.flags("cart_stacks", cart_stacks * (C + cart_len * 5), "per stack: the top cart, the numbers in order")
    L.flags("pending_book_actions", 3 * BOOK_SPACES)
    L.flags("placing", n * U, "hut upgrades taken and not yet placed, per seat", ego=(1, 0, U))
    L.flags("overseer_branch", n * 3 * 3, "per seat and overseer: not chosen, left, right", ego=(1, 0, 9))
    L.flags("overseer_upgraded", n * 3, ego=(1, 0, 3))
    L.flags("one_time_used", n * SQUARES, ego=(1, 0, SQUARES))
    L.flags("boards", n * 10, "per seat: player board, scroll board (one-hot of 5 each)", ego=(1, 0, 10))
    L.flags("huts", n * HUTS * (CODES + U + 1), "per seat and hut: citizen code, upgrade tile (last: none)",
            ego=(1, 0, HUTS * (CODES + U + 1)))
    L.flags("workshops", n * W * (1 + CODES + 1), "per seat and workshop tile: owned, citizen code, reward taken",
            ego=(1, 0, W * (1 + CODES + 1)))
    L.flags("carts", n * C * 2, "per seat and cart: owned, used this round", ego=(1, 0, 2 * C))
    L.flags("deferred_book_actions", n * 3 * BOOK_SPACES, ego=(1, 0, 3 * BOOK_SPACES))
    if solo:
        L.flags("automa_revealed", len(data.solo_tiles))
        L.flags("automa_taken", U + W + C, "hut upgrades, workshops, carts the automa took")
    st = L.start
    o_kind, o_to_act, o_acting, o_order, o_hex, o_repop, o_ship, o_cube, o_hexst, o_dock, o_wheel, \
        o_hut_st, o_shop_st, o_late, o_cart_st, o_pending, o_placing, o_branch, o_upgraded, o_onetime, \
        o_boards, o_huts, o_shops, o_carts, o_deferred = (st(x) for x in (
            "decision", "to_act", "acting", "turn_order", "city_hex", "repopulated_by", "ships",
            "ship_cube", "hex_stack_classes", "docking_left", "wheel", "hut_stacks", "workshop_stacks",
            "late_stacks", "cart_stacks", "pending_book_actions", "placing", "overseer_branch",
            "overseer_upgraded", "one_time_used", "boards", "huts", "workshops", "carts",
            "deferred_book_actions"))
    o_cubes, o_citizens, o_city_lt = st("city_cubes"), st("city_citizens"), st("city_lieutenants")
    o_producing = st("producing")
    o_automa_city = st("automa_city") if solo else 0
    o_revealed = st("automa_revealed") if solo else 0
    o_taken = st("automa_taken") if solo else 0
    # nodes below `hex_nodes` hold city hexes (or are empty expansion locations); harbours and
    # docks (from `first_hex_free` on) always show
    hex_nodes = first_hex_free = min(board.first_harbour, board.first_dock)
    hut_width = CODES + U + 1
    shop_width = 1 + CODES + 1
    place_hut_upgrade = type(probe).FLOW.kinds.get("place_hut_upgrade")

    board_memo, stacks_memo, tableau_memo, lt_memo, heights_memo = memos = tuple(Memo() for _ in range(5))

    def board(state, seat: int, ego: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
        """The city and ship planes (hot slots, sparse slots and amounts), remembered per seat."""
        hex_at, repop, cubes, citizens = state.hex_at, state.repopulated_by, state.cubes, state.city_citizens
        snapshot = (hex_at[:], repop[:], cubes[:], citizens[:], state.ship_at[:], state.ship_cube[:],
                    state.ship_stack, state.hex_stack, state.docking_stack)
        part = board_memo.get(seat, snapshot)
        if part is not None:
            return part
        hot: list[int] = []
        spots: list[int] = []
        amounts: list[int] = []
        # an empty expansion location shows nothing (the view leaves it out)
        for v in range(N):
            if cubes[v] and (v >= first_hex_free or hex_at[v] >= 0):
                spots.append(o_cubes + v)
                amounts.append(cubes[v])
        for j in range(3 * hex_nodes):
            if citizens[j] and hex_at[j // 3] >= 0:
                spots.append(o_citizens + j)
                amounts.append(citizens[j])
        for node in range(hex_nodes):
            t = hex_at[node]
            hot.append(o_hex + node * (H + 1) + (t if t >= 0 else H))
            if t >= 0 and repop[node] >= 0:
                hot.append(o_repop + node * n + ego[repop[node]])
        for i, at in enumerate(state.ship_at):
            if at >= 0:                    # a ship in the stack or the box is shown no cube
                hot.append(o_ship + i * (5 + n) + (at if at < 4 else 5 + ego[at - SHIP_OWNED]))
                if state.ship_cube[i]:
                    hot.append(o_cube + i)
        hot += [o_ship + i * (5 + n) + 4 for i in state.ship_stack]     # known by elimination (HID-3)
        for j, t in enumerate(state.hex_stack):
            hot.append(o_hexst + 3 * j + hex_class[t])
        hot += [o_dock + c for c in state.docking_stack]
        return board_memo.put(seat, snapshot, (hot, spots, amounts))

    def stacks(state) -> list[int]:
        """The tile and cart stacks' hot slots (the same for every seat), remembered."""
        late_open = late_revealed(state)
        snapshot = (state.hut_stacks, state.workshop_stacks, state.known_bottom[:], state.late_stacks,
                    state.cart_stacks, late_open)
        part = stacks_memo.get(None, snapshot)
        if part is not None:
            return part
        hot: list[int] = []
        kb = state.known_bottom
        for k, stack in enumerate(state.hut_stacks):
            _stack(hot, stack, kb[k], o_hut_st + k * 2 * U, U)
        for k, stack in enumerate(state.workshop_stacks):
            _stack(hot, stack, kb[3 + k], o_shop_st + k * 2 * W, W)
        if late_open:
            hot += [o_late + k * W + stack[0] for k, stack in enumerate(state.late_stacks) if stack]
        for k, stack in enumerate(state.cart_stacks):
            base = o_cart_st + k * (C + cart_len * 5)
            if stack:
                hot.append(base + stack[0])
            hot += [base + C + j * 5 + cart_number[c] - 1 for j, c in enumerate(stack)]
        return stacks_memo.put(None, snapshot, hot)

    def tableau(state, i: int, s: int) -> list[int]:
        """Seat `s`'s boards, huts, workshops, carts and deferred book actions as the hot slots
        of egocentric position `i`, remembered per (i, s)."""
        a3, aq, ah = 3 * s, SQUARES * s, HUTS * s
        branch, upgraded, one_time = state.overseer_branch, state.overseer_upgraded, state.one_time_used
        huts, hut_upgrade = state.huts, state.hut_upgrade
        snapshot = (branch[a3:a3 + 3], upgraded[a3:a3 + 3], one_time[aq:aq + SQUARES], huts[ah:ah + HUTS],
                    hut_upgrade[ah:ah + HUTS], state.player_board[s], state.scroll_board[s],
                    state.workshops[s], state.carts[s], state.deferred[s])
        part = tableau_memo.get((i, s), snapshot)
        if part is not None:
            return part
        hot: list[int] = []
        for k in range(3):
            hot.append(o_branch + (i * 3 + k) * 3 + branch[s * 3 + k])
            if upgraded[s * 3 + k]:
                hot.append(o_upgraded + i * 3 + k)
        hot += [o_onetime + i * SQUARES + q for q in range(SQUARES) if one_time[s * SQUARES + q]]
        hot.append(o_boards + i * 10 + state.player_board[s])
        hot.append(o_boards + i * 10 + 5 + state.scroll_board[s])
        for h in range(HUTS):
            base = o_huts + (i * HUTS + h) * hut_width
            up = hut_upgrade[s * HUTS + h]
            hot.append(base + huts[s * HUTS + h])
            hot.append(base + CODES + (up if up >= 0 else U))
        w = state.workshops[s]
        for j in range(0, len(w), 3):
            base = o_shops + (i * W + w[j]) * shop_width
            hot += [base, base + 1 + w[j + 1]]
            if w[j + 2]:
                hot.append(base + 1 + CODES)
        c = state.carts[s]
        for j in range(0, len(c), 2):
            hot.append(o_carts + (i * C + c[j]) * 2)
            if c[j + 1]:
                hot.append(o_carts + (i * C + c[j]) * 2 + 1)
        hot += [o_deferred + i * 3 * BOOK_SPACES + v for v in state.deferred[s]]
        return tableau_memo.put((i, s), snapshot, hot)

    def lieutenants(state, seat: int, ego: dict[int, int]) -> tuple[list[int], dict[int, int]]:
        """Lieutenants off the board per seat (raw counts) and on it (sparse planes), per seat."""
        lt_at, lt_used = state.lt_at, state.lt_used
        snapshot = (lt_at[:], lt_used[:])
        part = lt_memo.get(seat, snapshot)
        if part is not None:
            return part
        off = [0] * (6 * n)
        sparse: dict[int, int] = {}
        for j, at in enumerate(lt_at):
            i = ego[j // LIEUTENANTS]
            if at >= 0:
                c = o_city_lt + (at * n + i) * 2 + (0 if lt_used[j] else 1)
                sparse[c] = sparse.get(c, 0) + 1
            else:
                off[6 * i - 1 - at] += 1            # SUPPLY -1, ESTATE -2, BOX -3
                if lt_used[j]:
                    off[6 * i + 2 - at] += 1
        return lt_memo.put(seat, snapshot, (off, sparse))

    def stack_heights(values: list[int], stamps: list[int], per: int, k: int, seat: int) -> list[int]:
        """`heights` in egocentric order, computed once per distinct track position."""
        snapshot = (values[k::per], stamps[k::per])
        found = heights_memo.get((per, k), snapshot)
        if found is None:
            found = heights_memo.put((per, k), snapshot, heights(values, stamps, per, k, list(range(n))))
        return found[seat:] + found[:seat]

    def write(state, seat: int) -> tuple[list, list[int], list[int], list]:
        top = state.top()
        over = top is None
        to_act = state.to_act
        order = [(seat + i) % n for i in range(n)]
        ego = {s: i for i, s in enumerate(order)}
        hot = [o_kind + (len(kinds) if over else kind_index[top[0]]),
               o_to_act + (n if to_act is None else ego[to_act]), o_wheel + state.wheel]
        if state.producing:
            hot.append(o_producing)
        if not over:
            hot += [o_acting + ego[s] for s in state.acting_seats()]
        for pos, s in enumerate(state.turn_order):
            hot.append(o_order + pos * n + ego[s])
        raw = [state.round, state.cube_supply, len(state.hex_stack)]
        for field in (state.coins, state.timber, state.fire, state.large_fire, state.rats, state.score):
            raw += field[seat:] + field[:seat]
        raw += stack_heights(state.score, state.score_stamp, 1, 0, seat)
        for s in order:
            raw += state.category_points(s)
        books, stamps = state.books, state.book_stamp
        book_heights = [stack_heights(books, stamps, 3, k, seat) for k in range(3)]
        for i, s in enumerate(order):
            raw += books[3 * s:3 * s + 3]
            raw += [book_heights[0][i], book_heights[1][i], book_heights[2][i]]
        for field, per in ((state.scroll, 3), (state.overseer_step, 3), (state.squares, SQUARES),
                           (state.hut_space, HUTS)):
            raw += field[seat * per:] + field[:seat * per]
        # lieutenants: off the board per seat, on it as planes over the nodes
        off, lt_sparse = lieutenants(state, seat, ego)
        raw += off
        repop = state.repopulated_by
        raw += [repop.count(s) for s in order]
        board_hot, spots, amounts = board(state, seat, ego)
        spots = spots + list(lt_sparse)
        amounts = amounts + list(lt_sparse.values())
        raw += [len(x) for x in state.hut_stacks] + [len(x) for x in state.workshop_stacks]
        late, carts = state.late_stacks, state.cart_stacks      # the late stacks go at round V
        raw += [len(x) for x in late] + [0] * (3 - len(late))
        raw += [len(x) for x in carts] + [0] * (cart_stacks - len(carts))
        hot += board_hot
        hot += stacks(state)
        hot += [o_pending + v for v in state.pending]
        if not over and place_hut_upgrade is not None:
            hot += [o_placing + ego[f[1]] * U + f[2] for f in state.frames() if f[0] is place_hut_upgrade]
        for i, s in enumerate(order):
            hot += tableau(state, i, s)
        if solo:
            raw += [state.automa_used, state.automa_popularity, len(state.solo_deck)]
            automa: dict[int, int] = {}
            for at in state.automa_at:
                if at >= 0:
                    automa[o_automa_city + at] = automa.get(o_automa_city + at, 0) + 1
            spots += automa
            amounts += automa.values()
            hot += [o_revealed + t for t in state.solo_discard]
            if state.automa_taken:
                taken_huts, taken_shops, taken_carts = state.automa_taken
                hot += [o_taken + t for t in taken_huts]
                hot += [o_taken + U + t for t in taken_shops]
                hot += [o_taken + U + W + t for t in taken_carts]
        return raw, hot, spots, amounts

    # ---- the incremental encoder (canvas.py): the same vector, in seat order, by sections
    o_round, o_stacks, o_height, o_points, o_books, o_off, o_repops = (st(x) for x in (
        "round", "stacks", "score_height", "points", "books", "lieutenants_off_board", "repopulations"))
    o_automa = st("automa") if solo else 0
    seats = list(range(n))
    ego0 = {s: s for s in seats}                 # seat 0's order is the seat order

    def table(state, canvas) -> None:
        """What almost every decision changes: the frame, the seat to act."""
        buf = canvas.buf
        top = state.top()
        over = top is None
        to_act = state.to_act
        buf[o_kind + (len(kinds) if over else kind_index[top[0]])] = 1.0
        buf[o_to_act + (n if to_act is None else to_act)] = 1.0
        if not over:
            for s in state.acting_seats():
                buf[o_acting + s] = 1.0
            if place_hut_upgrade is not None:
                for f in state.frames():
                    if f[0] is place_hut_upgrade:
                        buf[o_placing + f[1] * U + f[2]] = 1.0
        for v in state.pending:
            buf[o_pending + v] = 1.0
        if solo:
            buf[o_automa] = state.automa_used
            buf[o_automa + 1] = state.automa_popularity
            buf[o_automa + 2] = len(state.solo_deck)

    def round_part(state, canvas) -> None:
        """The round, the cube supply, the hex stack's size, the wheel, the turn order and whether
        the round's end is under way."""
        buf = canvas.buf
        buf[o_round] = state.round - 1                  # raw - lo
        buf[o_round + 1] = state.cube_supply
        buf[o_round + 2] = len(state.hex_stack)
        buf[o_wheel + state.wheel] = 1.0
        buf[o_producing] = 1.0 if state.producing else 0.0
        for pos, s in enumerate(state.turn_order):
            buf[o_order + pos * n + s] = 1.0

    def scores(state, canvas) -> None:
        """Score stack heights, points per category (raw - lo), books and their stack heights."""
        canvas.put(o_height, stack_heights(state.score, state.score_stamp, 1, 0, 0))
        points: list[int] = []
        for s in seats:
            points += state.category_points(s)
        canvas.put(o_points, [p + 21 for p in points])
        books, stamps = state.books, state.book_stamp
        book_heights = [stack_heights(books, stamps, 3, k, 0) for k in range(3)]
        values: list[int] = []
        for s in seats:
            values += books[3 * s:3 * s + 3]
            values += [book_heights[0][s], book_heights[1][s], book_heights[2][s]]
        canvas.put(o_books, values)

    def lieutenant_part(state, canvas) -> None:
        off, lt_sparse = lieutenants(state, 0, ego0)
        canvas.put(o_off, off)
        buf = canvas.buf
        for j, a in lt_sparse.items():
            buf[j] = a

    def board_part(state, canvas) -> None:
        hot, spots, amounts = board(state, 0, ego0)
        buf = canvas.buf
        for j in hot:
            buf[j] = 1.0
        for j, a in zip(spots, amounts):
            buf[j] = a
        repop = state.repopulated_by
        canvas.put(o_repops, [repop.count(s) for s in seats])

    def stack_part(state, canvas) -> None:
        """The tile and cart stacks (what `late_revealed` reads: the round) and their sizes."""
        late, carts = state.late_stacks, state.cart_stacks
        canvas.put(o_stacks, [len(x) for x in state.hut_stacks] + [len(x) for x in state.workshop_stacks]
                   + [len(x) for x in late] + [0] * (3 - len(late)) + [len(x) for x in carts]
                   + [0] * (cart_stacks - len(carts)))
        buf = canvas.buf
        for j in stacks(state):
            buf[j] = 1.0

    def tableaus(state, canvas) -> None:
        buf = canvas.buf
        for s in seats:
            for j in tableau(state, s, s):
                buf[j] = 1.0

    def automa_part(state, canvas) -> None:
        buf = canvas.buf
        for at in state.automa_at:
            if at >= 0:
                buf[o_automa_city + at] += 1.0
        for t in state.solo_discard:
            buf[o_revealed + t] = 1.0
        if state.automa_taken:
            taken_huts, taken_shops, taken_carts = state.automa_taken
            for t in taken_huts:
                buf[o_taken + t] = 1.0
            for t in taken_shops:
                buf[o_taken + U + t] = 1.0
            for t in taken_carts:
                buf[o_taken + U + W + t] = 1.0

    sections = [
        Section(("decision", "to_act", "acting", "pending_book_actions", "placing") + (("automa",) if solo else ()),
                table),
        Section(("round", "cube_supply", "hex_stack_size", "turn_order", "wheel", "producing"), round_part,
                fields=("round", "cube_supply", "hex_stack", "wheel", "turn_order", "producing")),
        Section(("coins", "timber", "fire", "large_fire", "rats", "score", "scroll", "overseer_step", "squares",
                 "hut_space"), copies([(name, st(name), -21 if name == "score" else 0) for name in (
                     "coins", "timber", "fire", "large_fire", "rats", "score", "scroll", "overseer_step",
                     "squares", "hut_space")]), clear=False),
        Section(("score_height", "points", "books"), scores,
                fields=("score", "score_stamp", "points", "later_points", "books", "book_stamp")),
        Section(("lieutenants_off_board", "city_lieutenants"), lieutenant_part,
                fields=("lt_at", "lt_used")),
        Section(("city_cubes", "city_citizens", "city_hex", "repopulated_by", "ships", "ship_cube",
                 "hex_stack_classes", "docking_left", "repopulations"), board_part,
                fields=("hex_at", "repopulated_by", "cubes", "city_citizens", "ship_at", "ship_cube", "ship_stack",
                        "hex_stack", "docking_stack")),
        Section(("stacks", "hut_stacks", "workshop_stacks", "late_stacks", "cart_stacks"), stack_part,
                fields=("hut_stacks", "workshop_stacks", "known_bottom", "late_stacks", "cart_stacks", "round")),
        Section(("overseer_branch", "overseer_upgraded", "one_time_used", "boards", "huts", "workshops", "carts",
                 "deferred_book_actions"), tableaus,
                fields=("overseer_branch", "overseer_upgraded", "one_time_used", "huts", "hut_upgrade", "player_board",
                        "scroll_board", "workshops", "carts", "deferred"))]
    if solo:
        sections.append(Section(("automa_city", "automa_revealed", "automa_taken"), automa_part,
                                fields=("automa_at", "solo_discard", "automa_taken")))
    return DirectEncoder(L, write, memos, sections, None, (), n)


def heights(values: list[int], stamps: list[int], per: int, k: int, order: list[int]) -> list[int]:
    """Per seat in `order`: the discs of other seats below its own on the same space (as the
    view's `stack_height`, for all seats at once)."""
    mine = [values[s * per + k] for s in order]
    if len(set(mine)) == len(mine):
        return [0] * len(order)
    marks = [stamps[s * per + k] for s in order]
    return [sum(1 for j in range(len(order)) if mine[j] == mine[i] and marks[j] < marks[i])
            for i in range(len(order))]


def _stack(hot: list[int], stack: tuple, known: int, base: int, width: int) -> None:
    """A tile stack as the view shows it: its face-up top, and the bottom tiles everyone saw
    go there (HID-4), as a bag."""
    if stack:
        hot.append(base + stack[0])
    if len(stack) > 1:
        end = hidden_span(stack, known)[1]
        hot += [base + width + t for t in stack[end:]]

