"""Helpers to build Messina 1347 positions for rule tests: a fresh game, an emptied city, the
lieutenants placed by hand, and the round's turns restarted from a turn-order position."""
from __future__ import annotations

from ludoteka.boardgames.messina.rules import books
from ludoteka.boardgames.messina.model.flow import step
from ludoteka.boardgames.messina.model.state import CATEGORIES, ESTATE, FIRST, LATER, LIEUTENANTS, SUPPLY
from ludoteka.registry import game

GAME = game("messina-1347")


def new(players: int = 3, seed: int = 1, **options):
    """A new game as set up by the rules."""
    return GAME.new_state(players, seed, options)


def begin(state, frame) -> None:
    """Drop what is pending and continue from `frame` (an automatic or a decision frame)."""
    state._stack = None
    state._legal = None
    state._seeded = None
    state.push(frame)
    state._settle()


def start_turns(state, position: int = 0) -> None:
    """Restart the round's turns at a turn-order position (after the fields were written)."""
    begin(state, step("next_turn")(position))


def blank(players: int = 3, seed: int = 1, **options):
    """A new game with no cubes, citizens or ships in Messina: tests add what they need."""
    s = new(players, seed, **options)
    s.cube_supply += sum(s.cubes) + sum(s.ship_cube)
    s.cubes = [0] * len(s.cubes)
    s.city_citizens = [0] * len(s.city_citizens)
    s.ship_at = [-1 if at >= 0 else at for at in s.ship_at]
    s.ship_cube = [False] * len(s.ship_cube)
    return s


def node(state, hex_id: str) -> int:
    """The node of a city hex id or harbour corner in Messina."""
    return books.node_of(state, hex_id)


def lt(seat: int, k: int) -> int:
    """The index of a seat's k-th lieutenant in `lt_at` / `lt_used`."""
    return seat * LIEUTENANTS + k


def place(state, seat: int, k: int, where: int, used: bool = False) -> None:
    """Put a seat's k-th lieutenant on a node (or ESTATE / SUPPLY / BOX), lying unless `used`."""
    state.lt_at[lt(seat, k)] = where
    state.lt_used[lt(seat, k)] = used


def only(state, seat: int, *where: int) -> None:
    """The seat's lieutenants: one lying on each given place (nodes or ESTATE), the rest in the supply."""
    for k in range(LIEUTENANTS):
        place(state, seat, k, where[k] if k < len(where) else SUPPLY)


def keys(state) -> list[str]:
    """The legal keys, worked out anew (tests write fields after the keys were computed)."""
    state._legal = None
    return list(state.legal_keys())


def labels(state) -> dict[str, str]:
    return {a.key: a.label for a in state.legal_actions()}


def kind(state) -> str:
    """The class name of the decision on top."""
    return type(state.top()[0]).__name__


def points(state, seat: int, category: str) -> int:
    return state.category_points(seat)[CATEGORIES.index(category)]


def ship(state, ship_id: str) -> int:
    return next(i for i, s in enumerate(state.data.ships) if s.id == ship_id)


def dock_ship(state, ship_id: str, corner: int, cube: bool = True) -> int:
    """Lay a ship at a dock (corner 0..3), with its plague cube from the supply."""
    i = ship(state, ship_id)
    state.ship_at[i] = corner
    state.ship_cube[i] = cube
    state.cube_supply -= cube
    return i


def at_action_step(state, seat: int, hex_id: str, position: int | None = None):
    """Send the seat's only lying lieutenant to `hex_id` and get through rescue and fight."""
    state.apply(f"hex:{hex_id}")
    while kind(state) in ("Rescue", "Fight"):
        state.apply(keys(state)[0] if kind(state) == "Rescue" else "done")


__all__ = ["GAME", "ESTATE", "SUPPLY", "new", "begin", "start_turns", "blank", "node", "lt", "place", "only",
           "keys", "labels", "kind", "points", "ship", "dock_ship", "at_action_step"]


def first_turn(players: int = 3):
    """Seat 0 to move first, one lieutenant each in the estate; no markers, no rats."""
    s = blank(players, 1)
    s.turn_order = list(range(players))
    for seat in range(players):
        only(s, seat, ESTATE)
    for name in ("coins", "timber", "fire", "large_fire", "rats"):
        setattr(s, name, [0] * players)
    return s


def emptied(players: int, seed: int, round_: int, **options):
    """A new game with an empty flow, no markers, rats or points, in round `round_`."""
    s = game("messina-1347").new_state(players, seed, options)
    s._stack = None
    s.round = round_
    for name in ("coins", "timber", "fire", "large_fire", "rats", "score"):
        setattr(s, name, [0] * players)
    s.points = [0] * (players * FIRST)
    s.later_points = [0] * (players * LATER)
    return s
