"""Messina 1347: a determinization, a full state a seat could be in given what it sees (HID-1 - HID-8).

Everything a player owns is public (AMB-52). What a seat cannot know is reshuffled with the
generator derived from the seed alone: the city-hex stack within each hex class (the class is on
the back, D-36), the remaining docking tiles (HID-2), the ship stack within each number (HID-3),
the hut-upgrade stacks below their face-up tops and above the tiles everyone saw go to the bottom
(pooled: which tile is in which stack is unknown, HID-4), each workshop stack likewise (HID-5), the
late workshop stacks until they are revealed, and the cart stacks below their tops per cart number
(HID-6; in 2-player games the unseen removed stack's carts are pooled with them, and the ones
left over stay removed), and the solo game's face-down solo tiles (HID-7). Every hidden pool is sorted before it is shuffled, so the result depends
only on what the seat sees and on `seed`.
"""
from __future__ import annotations

from ludoteka.kernel.rng import shuffle

from .view import hidden_span, late_revealed


def determinize(state, seat: int, seed: int):
    """A clone of `state` with every hidden order and pool resampled (see the module docstring)."""
    d = state._determinized(seat, seed)
    data = d.data
    d.hex_stack = _within_groups(d, state.hex_stack, lambda t: data.hexes[t].hex_class)
    d.docking_stack = tuple(_shuffled(d, state.docking_stack))
    d.ship_stack = _within_groups(d, state.ship_stack, lambda i: data.ships[i].number)
    kb = state.known_bottom
    d.hut_stacks = _pooled(d, state.hut_stacks, kb[0:3])
    d.workshop_stacks = tuple(_pooled(d, (stack,), (kb[3 + k],))[0] for k, stack in enumerate(state.workshop_stacks))
    if late_revealed(state):
        d.late_stacks = tuple(_pooled(d, (stack,), (0,))[0] for stack in state.late_stacks)
    else:
        d.late_stacks = tuple(tuple(_shuffled(d, stack)) for stack in state.late_stacks)
    d.cart_stacks = _carts(d, state)
    d.solo_deck = tuple(_shuffled(d, state.solo_deck))          # HID-7
    return d


def _shuffled(d, items) -> list:
    """The items sorted (forgetting their real order), then shuffled with the derived generator."""
    items = sorted(items)
    d.rng = shuffle(d.rng, items)
    return items


def _within_groups(d, stack: tuple, group) -> tuple:
    """Each position keeps its group (class or number, public); the tiles of a group are redealt."""
    groups: dict = {}
    for tile in stack:
        groups.setdefault(group(tile), []).append(tile)
    dealt = {g: iter(_shuffled(d, tiles)) for g, tiles in sorted(groups.items())}
    return tuple(next(dealt[group(tile)]) for tile in stack)


def _pooled(d, stacks, known) -> tuple:
    """Stacks keep their sizes, face-up tops and known bottoms; their unknown tiles are pooled and
    redealt."""
    spans = [hidden_span(stack, kb) for stack, kb in zip(stacks, known)]
    pool = iter(_shuffled(d, [t for stack, (a, b) in zip(stacks, spans) for t in stack[a:b]]))
    out = []
    for stack, (a, b) in zip(stacks, spans):
        out.append(stack[:a] + tuple(next(pool) for _ in range(a, b)) + stack[b:])
    return tuple(out)


def _carts(d, state) -> tuple:
    """Cart stacks: the tops are seen; below them the numbers are (1..5 in order, on the backs),
    the carts of each number are pooled (with the unseen removed ones in a 2-player game)."""
    data = state.data
    seen = {stack[0] for stack in state.cart_stacks if stack}
    for carts in state.carts:
        seen.update(carts[0::2])
    pools: dict[int, list[int]] = {}
    for i, cart in enumerate(data.carts):
        if i not in seen:
            pools.setdefault(cart.number, []).append(i)
    dealt = {number: iter(_shuffled(d, carts)) for number, carts in sorted(pools.items())}
    return tuple(stack[:1] + tuple(next(dealt[data.carts[c].number]) for c in stack[1:])
                 for stack in state.cart_stacks)
