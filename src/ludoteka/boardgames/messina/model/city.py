"""What happens to the city between turns: ships arriving (MS-6.2-6.5, MS-28.8-28.11), new hexes
(MS-28.12), the population wheel placing plague cubes and citizens (MS-6.6-6.11, MS-28.15-28.20).

Shared by the preparation of round I (setup.py) and of rounds II-VI (preparation.py).
"""
from __future__ import annotations

from ludoteka.kernel.rng import shuffle

from ..data.components import CLASSES, CORNERS
from .texts import count_text

BERTHS = 3                                      # MS-1.24


def shuffled(state, items) -> list:
    """A shuffled list of `items`, drawn from the state's generator."""
    items = list(items)
    state.rng = shuffle(state.rng, items)
    return items


def filled_mask(state) -> int:
    """Bitmask of the filled expansion locations (for board distances)."""
    b = state.board
    mask = 0
    for k in range(6):
        if state.hex_at[b.first_expansion + k] >= 0:
            mask |= 1 << k
    return mask


def draw_docking_tile(state) -> int:
    """MS-3.2/28.10: the top docking tile; an empty stack is first reshuffled from all 4."""
    if not state.docking_stack:
        state.docking_stack = tuple(shuffled(state, range(4)))
    corner, state.docking_stack = state.docking_stack[0], state.docking_stack[1:]
    return corner


def ships_at(state, corner: int) -> list[int]:
    """The ships lying at a dock."""
    return [i for i, at in enumerate(state.ship_at) if at == corner]


def arrive_ships(state, count: int) -> int:
    """Draw one docking tile and bring `count` ships to its dock (overflowing clockwise, AMB-30/46),
    each with a plague cube while the supply has one (AMB-9). Returns the tile's corner."""
    corner = draw_docking_tile(state)
    state.event("docking_tile", f"The docking tile shows the {CORNERS[corner]} dock.", {"dock": CORNERS[corner]})
    for _ in range(count):
        if not state.ship_stack:
            state.event("no_ship", "The ship stack is empty: no ship arrives.", {})
            break
        ship, state.ship_stack = state.ship_stack[0], state.ship_stack[1:]
        target = next((c for c in ((corner + k) % 4 for k in range(4)) if len(ships_at(state, c)) < BERTHS), None)
        if target is None:
            state.ship_at[ship] = -2
            state.event("ship_lost", "Every berth is taken: the ship returns to the box.", {"ship": state.data.ships[ship].id})
            continue
        state.ship_at[ship] = target
        cube = state.cube_supply > 0
        state.ship_cube[ship] = cube
        state.cube_supply -= cube
        s = state.data.ships[ship]
        state.event("ship", f"Ship {s.id} ({s.goods}) docks at the {CORNERS[target]} dock"
                    + (" with a plague cube." if cube else " without a plague cube (the supply is empty)."),
                    {"ship": s.id, "dock": CORNERS[target], "cube": cube})
    return corner


def add_hex(state, corner: int) -> None:
    """MS-28.12/28.26: the top city hex goes to the first free expansion location clockwise from the
    harbour of `corner`; nothing when the stack is empty or no location is free."""
    b = state.board
    if not state.hex_stack:
        return
    for k in b.layout.clockwise[CORNERS[corner]]:
        node = b.first_expansion + k
        if state.hex_at[node] < 0:
            tile, state.hex_stack = state.hex_stack[0], state.hex_stack[1:]
            state.hex_at[node] = tile
            state.event("new_hex", f"Hex {state.data.hexes[tile].id} joins Messina.",
                        {"hex": state.data.hexes[tile].id, "node": node})
            return


def city_hexes(state):
    """(node, hex record) of every city hex in Messina."""
    data = state.data.hexes
    for node, tile in enumerate(state.hex_at):
        if tile >= 0:
            yield node, data[tile]


def turn_wheel_and_place_cubes(state) -> None:
    """MS-6.6/6.7, MS-28.15-28.19: turn the wheel one window; a cube on every hex with its rat
    symbol, or none at all if the supply is short; each cube on a repopulated hex gives a rat."""
    state.wheel = (state.wheel + 1) % len(state.data.wheel)
    rat = state.data.wheel[state.wheel].rat
    targets = [node for node, h in city_hexes(state) if h.rat == rat]
    if len(targets) > state.cube_supply:
        state.event("cube_shortage", f"Too few plague cubes for {count_text(len(targets), 'hex', 'hexes')}: "
                    "none are placed.",
                    {"needed": len(targets), "supply": state.cube_supply})
        return
    for node in targets:
        state.cubes[node] += 1
        state.cube_supply -= 1
        owner = state.repopulated_by[node]
        if owner >= 0:
            state.rats[owner] += 1
    state.event("plague", f"The wheel shows the {rat} rat: the plague strikes "
                f"{count_text(len(targets), 'hex', 'hexes')}.",
                {"rat": rat, "nodes": targets, "window": state.wheel})


def place_citizens(state) -> None:
    """MS-6.8-6.10: one citizen of each class on every hex of that class's colour in the window."""
    window = state.data.wheel[state.wheel]
    placed = 0
    for node, h in city_hexes(state):
        for cls, name in enumerate(CLASSES):
            if window.classes.get(name) == h.colour:
                state.city_citizens[node * 3 + cls] += 1
                placed += 1
    state.event("citizens", f"{count_text(placed, 'citizen')} "
                f"{'appears' if placed == 1 else 'appear'} in Messina.", {"window": state.wheel, "placed": placed})
