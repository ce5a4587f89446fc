"""Setting up a game (MS-2 - MS-6): the city, the stacks, the players, the start compensation and
the preparation of round I. Every shuffle draws from the state's seeded generator (RND-1 - RND-9).
"""
from __future__ import annotations

from ludoteka.kernel.rng import below

from .automa import setup_automa
from ..model.city import arrive_ships, place_citizens, shuffled, turn_wheel_and_place_cubes
from ..data.components import CLASSES, GOODS
from ..model.flow import step
from ..model.state import ESTATE, FIRST, HUTS, LATER, LIEUTENANTS, SQUARES, SUPPLY
from ..model.sides import board_id, side_name


def setup(state) -> None:
    """Fill every field of a new game (its data, rules and board are set) and push the first turn."""
    data, board, n = state.data, state.board, state.players
    state.round = 1
    state.stamp = 0
    _city(state, data, board, n)
    _stacks(state, data, n)
    _players(state, data, n)
    if n == 1:
        setup_automa(state)                         # MS-35.4 (other counts keep their random stream)
    state.pending = ()
    state.turn_done = 0
    state.producing = False
    state.deferred = [() for _ in range(n)]
    _prepare_round_one(state)
    state.push(step("next_turn")(0))
    state._settle()


def _city(state, data, board, n: int) -> None:
    """MS-2: the matching A hexes plus 1 random B, shuffled into the starting slots; the other B on
    top of the shuffled C hexes (D-12); cubes for the player count; a random wheel window (AMB-3)."""
    a = [i for i, h in enumerate(data.hexes) if h.hex_class == "A" and max(n, 2) in h.player_counts]
    b = shuffled(state, [i for i, h in enumerate(data.hexes) if h.hex_class == "B"])
    c = shuffled(state, [i for i, h in enumerate(data.hexes) if h.hex_class == "C"])
    start = shuffled(state, a + b[:1])
    state.hex_at = [-1] * board.size
    for node, tile in enumerate(start[:board.starts]):
        state.hex_at[node] = tile
    state.hex_stack = tuple(b[1:] + c)
    state.cubes = [0] * board.size
    state.city_citizens = [0] * (board.size * 3)
    state.repopulated_by = [-1] * board.size
    state.cube_supply = data.tables.plague_cubes[max(n, 2)]
    state.rng, state.wheel = below(state.rng, len(data.wheel))


def _stacks(state, data, n: int) -> None:
    """MS-3: docking tiles, ships by number (no gems with 2 players), hut upgrades in 3 stacks of 5,
    carts in 2 stacks 1..5 (1 with 2 players), workshops in 6 stacks by period and class."""
    state.docking_stack = tuple(shuffled(state, range(4)))
    state.ship_at = [-1] * len(data.ships)
    state.ship_cube = [False] * len(data.ships)
    stack = []
    for number in sorted({s.number for s in data.ships}):
        group = [i for i, s in enumerate(data.ships) if s.number == number]
        if n <= 2:
            for i in group:
                if data.ships[i].goods == GOODS[0]:
                    state.ship_at[i] = -2
            group = [i for i in group if data.ships[i].goods != GOODS[0]]
        stack += shuffled(state, group)
    state.ship_stack = tuple(stack)
    huts = shuffled(state, range(len(data.hut_upgrades)))
    size = len(huts) // 3
    state.hut_stacks = tuple(tuple(huts[k * size:(k + 1) * size]) for k in range(3))
    numbers = sorted({c.number for c in data.carts})
    pairs = [shuffled(state, [i for i, c in enumerate(data.carts) if c.number == num]) for num in numbers]
    carts = [tuple(pair[k] for pair in pairs) for k in range(2)]
    if n <= 2:
        state.rng, drop = below(state.rng, 2)
        carts = [carts[1 - drop]]
    state.cart_stacks = tuple(carts)
    state.workshop_stacks = _workshops(state, data, "early")
    state.late_stacks = _workshops(state, data, "late")
    state.known_bottom = [0] * 6


def _workshops(state, data, period: str) -> tuple:
    return tuple(tuple(shuffled(state, [i for i, w in enumerate(data.workshops)
                                        if w.period == period and w.citizen == cls])) for cls in CLASSES)


def _players(state, data, n: int) -> None:
    """MS-4, MS-5: a random turn order; book discs stacked with player 1 at the bottom (AMB-56, or on
    top with the D-42 option);
    the start compensation: player 2 1 point, player 3 1 coin, player 4 1 point and 1 coin."""
    order = shuffled(state, range(n))
    state.turn_order = order
    for name in ("coins", "timber", "fire", "large_fire", "rats", "score", "score_stamp"):
        setattr(state, name, [0] * n)
    state.points = [0] * (n * FIRST)
    state.later_points = [0] * (n * LATER)
    state.books = [0] * (n * 3)
    state.book_stamp = [0] * (n * 3)
    state.scroll = [0] * (n * 3)
    state.overseer_step = [0] * (n * 3)
    state.overseer_branch = [0] * (n * 3)
    state.overseer_upgraded = [False] * (n * 3)
    state.squares = [0] * (n * SQUARES)
    state.one_time_used = [False] * (n * SQUARES)
    state.huts = [0] * (n * HUTS)
    state.hut_space = [0] * (n * HUTS)
    state.hut_upgrade = [-1] * (n * HUTS)
    state.workshops = [() for _ in range(n)]
    state.carts = [() for _ in range(n)]
    deal_boards(state, n)
    state.automa_at, state.automa_used, state.automa_popularity = [], 0, 0
    state.solo_deck, state.solo_discard, state.automa_taken = (), (), ()
    state.lt_at = [SUPPLY] * (n * LIEUTENANTS)
    state.lt_used = [False] * (n * LIEUTENANTS)
    start = data.tables.start_lieutenants
    for seat in range(n):
        for k in range(start):
            state.lt_at[seat * LIEUTENANTS + k] = ESTATE
    for seat in (reversed(order) if state.rules.first_on_top else order):
        state.stamp += 1                      # D-42: the later stamp lies on top
        for book in range(3):
            state.book_stamp[seat * 3 + book] = state.stamp
    # Score discs: players 1 and 3 on 0, 2 and 4 on 1, the later player on top (MS-5.4/5.5).
    for position, seat in enumerate(order):
        points, coins = data.tables.compensation[position] if n > 1 else (0, 0)
        state.add_points(seat, points, "start")
        state.stamp += 1
        state.score_stamp[seat] = state.stamp
        state.coins[seat] += coins
    state.event("setup", "Turn order: " + ", ".join(f"seat {s}" for s in order) + ".",
                {"turn_order": list(order)})


def deal_boards(state, n: int) -> None:
    """MS-33.1/33.2 (RND-10), for 1..4 seats: side b player boards by a random colour each (a
    permutation of the colours 1..4), side b scroll boards shuffled and dealt; side a (0) otherwise.
    The generator is drawn from only for a side b in play, so standard games keep their stream."""
    rules = state.rules
    state.player_board = shuffled(state, range(1, 5))[:n] if rules.player_side_b else [0] * n
    state.scroll_board = shuffled(state, range(1, 5))[:n] if rules.scroll_side_b else [0] * n
    if rules.player_side_b or rules.scroll_side_b:
        state.event("boards", "Boards: " + "; ".join(
            f"seat {s} gets player board {board_id(state.player_board[s])} "
            f"and scroll board {board_id(state.scroll_board[s])}" for s in range(n)) + ".",
            {"player_boards": [board_id(k) for k in state.player_board],
             "scroll_boards": [board_id(k) for k in state.scroll_board]})


def _prepare_round_one(state) -> None:
    """MS-6: 1 ship with its cube, the wheel turned once with its cubes, then the citizens."""
    arrive_ships(state, state.data.sides[side_name(state.players)].rounds[0].ships)
    turn_wheel_and_place_cubes(state)
    place_citizens(state)
