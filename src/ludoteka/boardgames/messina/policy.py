"""Messina 1347's playout policy for the search agents (the game's `playout_key`, AI only: it
chooses among the legal keys and changes no rule).

The uniform policy almost never repopulates (issue 26: 200 uniform playouts of the solo game
bought 0.07 carts and repopulated 0.035 hexes a game), because a repopulation needs a chain of
choices a uniform player rarely makes in a row: a build action spent on a cart (MS-22), then a
lieutenant sent to a city hex whose citizens and cost the seat can give (MS-24), then
`repopulate` instead of the hex action. This policy makes each link likely when the seat still
has repopulated tiles (MS-24.8): `repopulate` is taken when offered, a build buys a cart while
the seat owns fewer carts than it could use, and a lieutenant goes to a hex the seat could
repopulate with it (or, with no cart yet, to a hex whose action builds). Everything it reads is
the acting seat's own or public. Other decisions stay as the kernel's default (uniform, acting
rather than passing); EXPLORE keeps every option possible.
"""
from __future__ import annotations

from .rules.books import node_of
from .rules.repopulation import (lieutenant_options, requirements, satisfiable, sources, tiles_left,
                                 unused_carts)

REPOPULATE = 0.95      # take `repopulate` when offered
AIM = 0.8              # send the lieutenant to a hex it could repopulate
TO_BUILD = 0.5         # with no cart yet: send it to a hex whose action builds
CART = 0.75            # a build buys a cart while the seat has fewer than it can use
MAX_CARTS = 2          # more carts only help two repopulations in one round
EXPLORE = 0.1
PASSIVE = frozenset(("recall", "done", "decline", "skip", "stop", "end_turn", "discard"))


def playout_key(state, random) -> str:
    """One legal key for `state.to_act` (see the module's docstring)."""
    keys = state.legal_keys()
    if len(keys) == 1:
        return keys[0]
    if random() >= EXPLORE:
        key = _pipeline_key(state, keys, random)
        if key is not None:
            return key
    if random() < 0.85:
        active = [k for k in keys if k not in PASSIVE]
        if active:
            return active[int(random() * len(active))]
    return keys[int(random() * len(keys))]


def _pipeline_key(state, keys: list[str], random) -> str | None:
    """A key that advances a repopulation, or None when this decision has none to offer."""
    if "repopulate" in keys:
        return "repopulate" if random() < REPOPULATE else None
    frame = state.top()
    name = frame[0].name
    if name != "choose_destination" and name != "build":      # the cheap test first
        return None
    seat = state.to_act
    if tiles_left(state, seat) <= 0:
        return None
    if name == "choose_destination":
        return _destination(state, seat, frame[2], keys, random)
    carts = [k for k in keys if k.startswith("cart:")]
    if carts and len(state.carts[seat]) // 2 < min(MAX_CARTS, tiles_left(state, seat)) and random() < CART:
        return carts[int(random() * len(carts))]
    return None


def _destination(state, seat: int, lt: int, keys: list[str], random) -> str | None:
    """A hex the lieutenant `lt` could repopulate now, or one whose action builds (no cart yet)."""
    hexes = [k for k in keys if k.startswith("hex:")]
    if unused_carts(state, seat):
        ready = _repopulable(state, seat, lt, hexes)
        if ready and random() < AIM:
            return ready[int(random() * len(ready))]
        return None
    if not state.carts[seat] and random() < TO_BUILD:
        hexes_data, hex_at = state.data.hexes, state.hex_at
        builds = [k for k in hexes if _builds(state, hexes_data, hex_at, k)]
        if builds:
            return builds[int(random() * len(builds))]
    return None


def _repopulable(state, seat: int, lt: int, hex_keys: list[str]) -> list[str]:
    """The city hexes among `hex_keys` that `can_repopulate` allows with the lieutenant `lt` (the
    seat has a tile and an unused cart): its checks, with the seat's citizens listed once."""
    pool = sources(state, seat)
    spare_lieutenant = bool(lieutenant_options(state, seat, lt))
    tile_index, hexes, repopulated_by = state.board.tile_index, state.data.hexes, state.repopulated_by
    out = []
    for key in hex_keys:
        tile = tile_index.get(key[4:], -1)
        if tile < 0:
            continue
        hex_ = hexes[tile]
        if (repopulated_by[node_of(state, key[4:])] < 0 and state.can_pay(seat, hex_.repop_cost)
                and (spare_lieutenant or not hex_.repop_lieutenant) and satisfiable(requirements(hex_), pool)):
            out.append(key)
    return out


def _builds(state, hexes, hex_at, key: str) -> bool:
    tile = state.board.tile_index.get(key[4:], -1)
    return tile >= 0 and tile in hex_at and any(
        atom[0] == "build" for alternative in hexes[tile].action for atom in alternative)
