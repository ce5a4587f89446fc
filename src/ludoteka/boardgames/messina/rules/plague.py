"""Steps 2 and 3 of a hex turn and the ship turn's fight: rescuing citizens into the estate or
quarantine (MS-11), fighting the plague with fire and large fire (MS-12), rats (MS-13), and
taking a ship (MS-9.7-9.11).
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Decision

from . import books
from .activation import one_time_note
from .books import hex_record
from .citizens import workshop_move_keys
from .turn_steps import HEX_ACTION_STEP, SHIP_BONUS, SHIP_STEP, begin_action_step
from ..model.flow import FLOW
from ..model.texts import amount_text, citizen_name, payment_text
from ..model.state import HUTS, OVERSEERS, POPULARITY, SHIP_OWNED, SQUARES, citizen_code
from ..model.sides import side_name

SQUARES_PER_SECTOR = 6


def round_row(state):
    """The round overview row of the current round (DATA-10)."""
    return state.data.sides[side_name(state.players)].rounds[state.round - 1]


# ---------------------------------------------------------------------------- rescue (MS-11)
def rescue_options(state, seat: int, cls: int, plague: bool) -> list[str]:
    """An empty hut for a citizen from a plagued hex (MS-11.8/11.9), else a free square of its
    sector (MS-11.3)."""
    if plague:
        return [f"hut:{h}" for h in range(HUTS) if state.huts[seat * HUTS + h] == 0]
    first = seat * SQUARES + cls * SQUARES_PER_SECTOR
    return [f"square:{i - seat * SQUARES}" for i in range(first, first + SQUARES_PER_SECTOR)
            if state.squares[i] == 0]


@FLOW.kind
class Rescue(Decision):
    """MS-11: every citizen on the chosen hex is rescued, one by one; the hex's plague at the
    moment of rescue decides where it goes (MS-11.2/11.11). `classes`: those still to place."""

    args = ("seat", "classes", "plague")
    over = ("turn", "fight")

    def keys(self, state, frame, seat):
        options = rescue_options(state, seat, frame[2][0], frame[3])
        return options or ["discard"]

    def describe(self, state, frame, seat, key):
        cls = OVERSEERS[frame[2][0]]
        if key == "discard":
            return Action(key, f"Discard the rescued {cls}: no room in your estate", {"citizen": cls})
        if key.startswith("hut:"):
            hut = int(key[4:])
            data = {"hut": hut, "citizen": cls}
            # an empty hut like an earlier one (the same upgrade, or none) can do no better: a
            # client may take the first without asking (a browser audit chose among four alike)
            upgrades = state.hut_upgrade[seat * HUTS:(seat + 1) * HUTS]
            alike = next((h for h in range(hut) if state.huts[seat * HUTS + h] == 0
                          and upgrades[h] == upgrades[hut]), None)
            if alike is not None:
                data["dominated_by"] = f"hut:{alike}"
            return Action(key, f"Put the rescued {cls} in quarantine hut {hut + 1}", data)
        sq = int(key[7:])
        return Action(key, f"Put the rescued {cls} on square {sq} of your {cls} sector"
                      + one_time_note(state, seat, sq),
                      {"square": sq, "citizen": cls})

    def apply(self, state, frame, seat, key):
        place_rescued(state, seat, frame[2][0], key)
        push_rescue(state, seat, frame[2][1:], frame[3])


def place_rescued(state, seat: int, cls: int, key: str) -> None:
    if key.startswith("hut:"):
        h = seat * HUTS + int(key[4:])
        state.huts[h] = citizen_code(cls, False)
        state.hut_space[h] = 1
    elif key.startswith("square:"):
        state.squares[seat * SQUARES + int(key[7:])] = 1
    state.event("rescue", f"Seat {seat} rescues {citizen_name(cls, False)}"
                + {"h": " into quarantine.", "s": " into the estate.", "d": " but has no room: discarded."}[key[0]],
                {"citizen": OVERSEERS[cls], "to": key}, seats=(seat,))


def push_rescue(state, seat: int, classes: tuple, plague: bool) -> None:
    """Place the citizens left: at once when there is one way or none (unless moving a citizen
    into a workshop could free a square, MS-11.6); else ask."""
    while classes:
        options = rescue_options(state, seat, classes[0], plague)
        if len(options) > 1 or (not plague and workshop_move_keys(state, seat)):
            state.push(Rescue(seat, classes, plague))
            return
        place_rescued(state, seat, classes[0], options[0] if options else "discard")
        classes = classes[1:]


def start_rescue(state, seat: int, node: int) -> None:
    """Take every citizen off the hex (MS-11.1) and place them."""
    classes = []
    for cls in range(3):
        classes += [cls] * state.city_citizens[node * 3 + cls]
        state.city_citizens[node * 3 + cls] = 0
    push_rescue(state, seat, tuple(classes), state.cubes[node] > 0)


# ---------------------------------------------------------------------------- fight (MS-12)
def payment_keys(state, seat: int, cost: int) -> list[str]:
    """The ways to pay for one cube: fire, or large fire (MS-12.2/12.3/12.8/12.11)."""
    fire, large = state.fire[seat], state.large_fire[seat]
    if cost == 1:
        return (["fight:fire"] if fire else []) + (["fight:large_fire"] if large else [])
    keys = ["fight:fire+fire"] if fire >= 2 else []
    if large and state.rules.large_fire_two:
        keys.append("fight:large_fire")            # D-2, CZ: a large fire holds 2 fire
    if large and fire:
        keys.append("fight:large_fire+fire")
    if large >= 2:
        keys.append("fight:large_fire+large_fire")
    return keys


def pay_for_cube(state, seat: int, key: str, cost: int) -> bool:
    """Pay one payment key; True when it earns the adjacent removal: 1 large fire at cost 1,
    2 large fires at cost 2 (MS-12.7/12.11/12.12)."""
    tokens = key[6:].split("+")
    for token in tokens:
        state.gain(seat, token, -1)
    return len(tokens) == cost and all(t == "large_fire" for t in tokens)


def remove_cube(state, seat: int, node: int, adjacent: bool = False) -> None:
    """A removed cube goes to the supply (AMB-2), advances popularity (MS-12.5/12.13) and, in
    rounds with cost 2, scores 2 points (MS-12.3)."""
    state.cubes[node] -= 1
    state.cube_supply += 1
    row = round_row(state)
    state.event("cube", f"Seat {seat} removes a plague cube from {'an adjacent ' if adjacent else ''}hex "
                f"{hex_record(state, node).id}.", {"hex": hex_record(state, node).id, "adjacent": adjacent},
                seats=(seat,))
    state.add_points(seat, row.points_per_cube, "plague")
    books.advance(state, seat, POPULARITY)


def adjacent_with_cubes(state, node: int) -> list[int]:
    """Hexes next to the chosen one that hold cubes (a dock or ship is never adjacent, MS-12.10)."""
    b = state.board
    return [m for m in b.neighbours[node] if not b.is_dock(m) and state.cubes[m] > 0]


@FLOW.kind
class Fight(Decision):
    """Step 3 (MS-12): pay fire for each cube to remove, or stop; then 1 rat per cube left."""

    args = ("seat", "node", "removed")
    over = ("turn",)

    def keys(self, state, frame, seat):
        node = frame[2]
        if not state.cubes[node]:
            return ["done"]
        return payment_keys(state, seat, round_row(state).fire_cost) + ["done"]

    def describe(self, state, frame, seat, key):
        if key == "done":
            left = state.cubes[frame[2]]
            return Action(key, f"Stop fighting the plague (take {left} rat{'s' if left != 1 else ''})"
                          if left else "Go on to the hex action", {"rats": left})
        tokens = key[6:].split("+")
        words = payment_text(tokens)
        bonus = " (and may remove a cube from an adjacent hex)" if set(tokens) == {"large_fire"} else ""
        return Action(key, f"Pay {words} to remove a plague cube{bonus}", {"payment": tokens})

    def apply(self, state, frame, seat, key):
        node = frame[2]
        if key == "done":
            left = state.cubes[node]
            if left:
                state.rats[seat] += left
                state.event("rats", f"Seat {seat} takes {left} rat{'s' if left != 1 else ''}.",
                            {"rats": left}, seats=(seat,))
            begin_action_step(state, HEX_ACTION_STEP)
            return
        state.push((self, seat, node, frame[3] + 1))
        cost = round_row(state).fire_cost
        bonus = pay_for_cube(state, seat, key, cost)
        remove_cube(state, seat, node)
        if key == "fight:large_fire" and cost == 1 and state.rules.large_fire_two and state.cubes[node]:
            remove_cube(state, seat, node)     # D-2, the CZ reading: a large fire holds 2 fire
        if bonus and adjacent_with_cubes(state, node):
            state.push(AdjacentCube(seat, node))


@FLOW.kind
class AdjacentCube(Decision):
    """MS-12.7/12.12: a large-fire payment may also remove 1 cube from an adjacent hex, free;
    it gives no rats and does not touch that hex's repopulator (MS-12.14)."""

    args = ("seat", "node")
    over = ("fight",)

    def keys(self, state, frame, seat):
        return [f"hex:{hex_record(state, m).id}" for m in adjacent_with_cubes(state, frame[2])] + ["skip"]

    def describe(self, state, frame, seat, key):
        if key == "skip":
            return Action(key, "Remove no cube from an adjacent hex")
        return Action(key, f"Also remove a plague cube from adjacent hex {key[4:]}", {"hex": key[4:]})

    def apply(self, state, frame, seat, key):
        if key != "skip":
            remove_cube(state, seat, books.node_of(state, key[4:]), adjacent=True)


# ---------------------------------------------------------------------------- ship turn (MS-9)
@FLOW.kind
class ShipFight(Decision):
    """MS-9.7: fight the ship's plague cube (paying the round's fire cost, a large fire giving no
    adjacent removal, MS-12.10) or decline and take 1 rat; the cube is discarded either way."""

    args = ("seat", "ship")
    over = ("turn",)

    def keys(self, state, frame, seat):
        return payment_keys(state, seat, round_row(state).fire_cost) + ["decline"]

    def describe(self, state, frame, seat, key):
        if key == "decline":
            return Action(key, "Do not fight the ship's plague cube: take 1 rat")
        words = payment_text(key[6:].split("+"))
        return Action(key, f"Pay {words} to fight the ship's plague cube", {"payment": key[6:].split("+")})

    def apply(self, state, frame, seat, key):
        ship = frame[2]
        state.ship_cube[ship] = False
        state.cube_supply += 1
        if key == "decline":
            state.rats[seat] += 1
            state.event("rats", f"Seat {seat} declines to fight and takes 1 rat.", {"rats": 1}, seats=(seat,))
        else:
            pay_for_cube(state, seat, key, round_row(state).fire_cost)
            state.event("cube", f"Seat {seat} fights the plague on the ship.", {"ship": state.data.ships[ship].id},
                        seats=(seat,))
            state.add_points(seat, round_row(state).points_per_cube, "plague")   # AMB-8
            books.advance(state, seat, POPULARITY)
        take_ship(state, seat, ship)


def start_ship_turn(state, seat: int, ship: int) -> None:
    """A ship without a cube gives no fight and no rat (AMB-9)."""
    if state.ship_cube[ship]:
        state.push(ShipFight(seat, ship))
    else:
        take_ship(state, seat, ship)


def take_ship(state, seat: int, ship: int) -> None:
    """MS-9.10/9.11: the ship joins the estate with its coins or points; an even number of ships
    opens an overseer advance for the rest of the ship turn (AMB-48)."""
    s = state.data.ships[ship]
    state.ship_at[ship] = SHIP_OWNED + seat
    state.coins[seat] += s.coins
    state.add_points(seat, s.points, "ships")
    state.event("take_ship", f"Seat {seat} takes ship {s.id} ({s.goods})"
                + (f" and {amount_text('coin', s.coins)}." if s.coins else f" and {amount_text('points', s.points)}."),
                {"ship": s.id, "coins": s.coins, "points": s.points}, seats=(seat,))
    if state.ships_owned(seat) % 2 == 0:
        state.turn_done |= SHIP_BONUS
    begin_action_step(state, SHIP_STEP)

