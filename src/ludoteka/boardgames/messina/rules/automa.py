"""The solo game's virtual opponent, the automa (MS-35): part of the rules, not an AI.

It has 3 lieutenants in rounds I-III, 4 in IV-V and 5 in VI (MS-35.6), takes turns alternately
with the player from the round's start player (MS-35.8, AMB-5) and plays each turn from the solo
tiles (DATA-15): reveal tiles until one shows an available hex (MS-35.10/35.11), stand a
lieutenant there, send the hex's citizens to the supply (MS-35.13), remove 1 plague cube and
advance 1 on the popularity book (MS-35.14), then carry out the tile's action instead of the
hex's (MS-35.15-35.19). What it takes leaves the game, paid for by nobody (MS-35.20, AMB-41).
Revealed tiles lie face up until the round ends; then its lieutenants leave Messina and all 14
tiles are shuffled into a new deck (MS-35.7, MS-35.12, AMB-40). Every step is an event.
"""
from __future__ import annotations

from ludoteka.kernel.rng import below

from .books import book_data, hex_record
from .build import take_top
from ..model.city import filled_mask, shuffled
from ..data.components import CLASSES
from ..model.state import POPULARITY
from ..model.texts import amount_text

LIEUTENANTS_PER_ROUND = (3, 3, 3, 4, 4, 5)     # MS-35.6
AUTOMA_STARTS = (False, True, False, True, False, True)     # MS-35.8: rounds II, IV and VI
AUTOMA = "The automa"
TAKEN_HUTS, TAKEN_WORKSHOPS, TAKEN_CARTS = 0, 1, 2     # automa_taken: what leaves the game


def lieutenants_this_round(state) -> int:
    """MS-35.6: the automa's lieutenants in the current round."""
    return LIEUTENANTS_PER_ROUND[state.round - 1]


def has_turn_left(state) -> bool:
    """Whether the automa has a lieutenant it has not used this round."""
    return state.automa_used < lieutenants_this_round(state)


def automa_starts(state) -> bool:
    """MS-35.8: the automa is the start player in rounds II, IV and VI."""
    return AUTOMA_STARTS[state.round - 1]


def setup_automa(state) -> None:
    """MS-35.4: the solo tiles shuffled face down; the automa's lieutenants on its board."""
    state.automa_at = [-1] * max(LIEUTENANTS_PER_ROUND)
    state.automa_used = 0
    state.automa_popularity = 0
    state.solo_deck = tuple(shuffled(state, range(len(state.data.solo_tiles))))
    state.solo_discard = ()
    state.automa_taken = ((), (), ())


def end_round(state) -> None:
    """MS-35.7, AMB-40: the automa's lieutenants go back to its board and the 14 tiles are reshuffled."""
    state.automa_at = [-1] * len(state.automa_at)
    state.automa_used = 0
    state.solo_deck = tuple(shuffled(state, range(len(state.data.solo_tiles))))
    state.solo_discard = ()
    state.event("automa_round_end", f"{AUTOMA}'s lieutenants leave Messina; the solo tiles are reshuffled.", {})


# ---------------------------------------------------------------------- one turn
def take_turn(state) -> None:
    """MS-35.10-35.21: one automa turn (the caller checked `has_turn_left`)."""
    state._mark_barrier()                            # hidden tiles are revealed: no undo past this
    lt = state.automa_used
    state.automa_used += 1
    tile = _reveal_until_available(state)
    if tile is None:
        state.event("automa_no_hex", f"{AUTOMA} finds no available hex in a whole pass of the solo "
                    "tiles: its lieutenant stays on its board this round.", {})
        return
    node = _node(state, tile.hex)
    state.automa_at[lt] = node
    state.event("automa_hex", f"{AUTOMA} reveals solo tile {tile.id} and sends a lieutenant to "
                f"{_place(state, node)}.", {"tile": tile.id, "hex": tile.hex, "node": node})
    _visit(state, node)
    _remove_citizens(state, node)
    _fight(state, node)
    ACTIONS[tile.action](state, node, tile)


def _reveal_until_available(state):
    """MS-35.10-35.12, AMB-40: reveal tiles until one shows an available hex; a deck that runs out
    is remade from this round's revealed tiles. None after a whole pass without one."""
    standing = state.standing_nodes()
    for _ in range(len(state.data.solo_tiles)):
        if not state.solo_deck:
            state.solo_deck = tuple(shuffled(state, state.solo_discard))
            state.solo_discard = ()
            state.event("automa_reshuffle", "The revealed solo tiles are shuffled into a new deck.", {})
        index, state.solo_deck = state.solo_deck[0], state.solo_deck[1:]
        state.solo_discard += (index,)
        tile = state.data.solo_tiles[index]
        node = _node(state, tile.hex)
        if node is not None and node not in standing:
            return tile
        why = "is not in play" if node is None else "has a standing figure"
        state.event("automa_skip", f"{AUTOMA} reveals solo tile {tile.id}: hex {tile.hex} {why}; it is skipped.",
                    {"tile": tile.id, "hex": tile.hex})
    return None


def _node(state, hex_id: str) -> int | None:
    """The node a solo tile's hex lies on, or None while it is not in play (MS-35.11)."""
    b = state.board
    if hex_id in b.harbour_index:
        return b.harbour(b.harbour_index[hex_id])
    tile = b.tile_index.get(hex_id)
    if tile is None or tile not in state.hex_at:
        return None
    return state.hex_at.index(tile)


def _place(state, node: int) -> str:
    return f"hex {hex_record(state, node).id}"


def _visit(state, node: int) -> None:
    """MS-35.21, MS-24.12: a hex the player repopulated earns the player the visit points."""
    if state.repopulated_by[node] == 0:
        points = state.data.tables.visit_points
        state.add_points(0, points, "visits")
        state.event("visit", f"Seat 0 scores {amount_text('points', points)}: {AUTOMA} visits a hex seat 0 repopulated.",
                    {"hex": hex_record(state, node).id, "seat": 0})


def _remove_citizens(state, node: int) -> None:
    """MS-35.13: the hex's citizens go to the supply."""
    base = node * 3
    counts = state.city_citizens[base:base + 3]
    if any(counts):
        state.city_citizens[base:base + 3] = [0, 0, 0]
        state.event("automa_citizens", f"{AUTOMA} sends {amount_text('citizen', sum(counts))} from "
                    f"{_place(state, node)} to the supply.", {"node": node, "citizens": dict(zip(CLASSES, counts))})


def _fight(state, node: int) -> None:
    """MS-35.14: exactly 1 plague cube back to the supply and 1 popularity step; no rats, no fire."""
    if state.cubes[node]:
        state.cubes[node] -= 1
        state.cube_supply += 1
        # MS-25.18: a disc on the last space cannot advance (the automa's disc is on the same book)
        last = len(book_data(state, POPULARITY).spaces) - 1
        moved = state.automa_popularity < last
        state.automa_popularity += moved
        state.event("automa_fight", f"{AUTOMA} removes 1 plague cube from {_place(state, node)} and "
                    + (f"advances to space {state.automa_popularity}" if moved else
                       f"stays on the last space ({last})") + " of the popularity book.",
                    {"node": node, "popularity": state.automa_popularity, "advanced": moved})


# ---------------------------------------------------------------------- tile actions (MS-35.15-35.19)
def _nothing(state, node: int, tile) -> None:
    state.event("automa_action", f"Solo tile {tile.id} shows no action.", {"tile": tile.id, "action": "none"})


def _ship(state, node: int, tile) -> None:
    """MS-35.16, AMB-41, D-33: a ship from the nearest dock holding one, ties at random; its plague
    cube goes back to the supply with it (our ruling: the automa fights only on its hex)."""
    b = state.board
    row = b.distances(filled_mask(state))[node]
    docked = [(row[b.dock(dock)], ship) for ship, dock in enumerate(state.ship_at) if 0 <= dock < 4]
    if not docked:
        state.event("automa_action", "No ship is in a dock: the automa takes none.",
                    {"tile": tile.id, "action": "ship"})
        return
    nearest = min(d for d, _ in docked)
    ships = [s for d, s in docked if d == nearest]
    pick = 0
    if len(ships) > 1:
        state.rng, pick = below(state.rng, len(ships))
    ship = ships[pick]
    state.ship_at[ship] = -2
    if state.ship_cube[ship]:
        state.ship_cube[ship] = False
        state.cube_supply += 1
    state.event("automa_action", f"{AUTOMA} takes ship {state.data.ships[ship].id} out of the game.",
                {"tile": tile.id, "action": "ship", "ship": state.data.ships[ship].id,
                 "tied": len(ships)})


def _cart(state, node: int, tile) -> None:
    """MS-35.17: the face-up cart leaves the game."""
    for k, stack in enumerate(state.cart_stacks):
        if stack:
            cart = take_top(state, "cart_stacks", k)
            _taken(state, TAKEN_CARTS, (cart,))
            state.event("automa_action", f"{AUTOMA} takes cart {state.data.carts[cart].id} out of the game.",
                        {"tile": tile.id, "action": "cart", "cart": state.data.carts[cart].id})
            return
    state.event("automa_action", "No cart is left: the automa takes none.", {"tile": tile.id, "action": "cart"})


def _workshop(state, node: int, tile) -> None:
    """MS-35.18: the face-up workshop of the class shown leaves the game."""
    k = CLASSES.index(tile.citizen)
    if not state.workshop_stacks[k]:
        state.event("automa_action", f"No {tile.citizen} workshop is left: the automa takes none.",
                    {"tile": tile.id, "action": "workshop"})
        return
    w = take_top(state, "workshop_stacks", k, 3 + k)
    _taken(state, TAKEN_WORKSHOPS, (w,))
    state.event("automa_action", f"{AUTOMA} takes workshop {state.data.workshops[w].id} out of the game.",
                {"tile": tile.id, "action": "workshop", "workshop": state.data.workshops[w].id})


def _huts(state, node: int, tile) -> None:
    """MS-35.19: the face-up tile of every hut-upgrade stack leaves the game."""
    tiles = tuple(take_top(state, "hut_stacks", k, k) for k in range(len(state.hut_stacks)) if state.hut_stacks[k])
    _taken(state, TAKEN_HUTS, tiles)
    taken = [state.data.hut_upgrades[t].id for t in tiles]
    state.event("automa_action", f"{AUTOMA} takes the hut upgrades {', '.join(taken) or '(none left)'} "
                "out of the game.", {"tile": tile.id, "action": "huts", "hut_upgrades": taken})


def _taken(state, kind: int, tiles: tuple) -> None:
    taken = list(state.automa_taken)
    taken[kind] += tiles
    state.automa_taken = tuple(taken)


ACTIONS = {"none": _nothing, "ship": _ship, "cart": _cart, "workshop": _workshop, "huts": _huts}
