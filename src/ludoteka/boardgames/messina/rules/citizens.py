"""Citizens on the estate: where they stand, the upgrade-citizen action (MS-18), the "at any time"
moves of a sector citizen into an empty workshop of its class (MS-21.5, MS-23.6, DEC-4, DEC-22)
and the one-time reward of a late workshop (MS-21.13-21.17).

Sector squares hold 0 (empty), 1 (citizen) or 2 (upgraded citizen); a square's sector is
`square // 6` (the class index in OVERSEERS). Huts and workshops hold citizen codes (state.py).
A seat's workshops are flattened (tile, citizen code, reward taken) triples: slot i is at 3 * i.
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import Decision

from ..model.flow import FLOW, ON_EFFECT, atom, perform, step
from ..model.state import HUTS, OVERSEERS, SQUARES, citizen_class, citizen_code, citizen_upgraded
from ..model.texts import citizen_name

PER_SECTOR = SQUARES // 3


def square_name(square: int) -> str:
    """'square 3 of the artisan sector' (1-based within the sector)."""
    return f"square {square % PER_SECTOR + 1} of the {OVERSEERS[square // PER_SECTOR]} sector"


def workshop_class(state, tile: int) -> int:
    """The class index a workshop tile takes (MS-21.4)."""
    return OVERSEERS.index(state.data.workshops[tile].citizen)


def slots_of(state, seat: int) -> int:
    """How many workshops the seat owns."""
    return len(state.workshops[seat]) // 3


def free_squares(state, seat: int, cls: int) -> list[int]:
    """The empty squares (indexes 0..17) of the seat's sector of class `cls`."""
    base = seat * SQUARES
    return [sq for sq in range(cls * PER_SECTOR, (cls + 1) * PER_SECTOR) if not state.squares[base + sq]]


def empty_workshops(state, seat: int, cls: int) -> list[int]:
    """The slot indexes of the seat's workshops of class `cls` that hold no citizen (MS-21.4)."""
    w = state.workshops[seat]
    return [i for i in range(len(w) // 3) if not w[3 * i + 1] and workshop_class(state, w[3 * i]) == cls]


def _set_slot(state, seat: int, slot: int, code: int | None = None, taken: int | None = None) -> None:
    w = list(state.workshops[seat])
    if code is not None:
        w[3 * slot + 1] = code
    if taken is not None:
        w[3 * slot + 2] = taken
    state.workshops[seat] = tuple(w)


# ---------------------------------------------------------------------- late workshop rewards
def check_reward(state, seat: int, slot: int) -> None:
    """MS-21.13-21.16: a late workshop whose reward is not taken gives it at once when a citizen
    that qualifies is on it (an upgraded one when it requires one); then it is turned face down."""
    tile, code, taken = state.workshops[seat][3 * slot:3 * slot + 3]
    w = state.data.workshops[tile]
    if w.period != "late" or taken or not code or (w.requires_upgraded and not citizen_upgraded(code)):
        return
    _set_slot(state, seat, slot, taken=1)
    state.event("workshop_reward", f"Seat {seat}'s late workshop {w.id} gives its one-time reward.",
                {"seat": seat, "workshop": w.id}, (seat,))
    reward = w.reward
    if len(reward) > 1:
        state.push(step("choose_option")(seat, reward))
    elif reward:
        perform(state, seat, reward[0])


def place_in_workshop(state, seat: int, slot: int, code: int) -> None:
    """Put a citizen (code) on an empty workshop slot of the seat; a late workshop's reward follows
    if it qualifies (MS-21.13, MS-21.17: also when the citizen comes out of quarantine)."""
    _set_slot(state, seat, slot, code=code)
    check_reward(state, seat, slot)


# ---------------------------------------------------------------------- the "at any time" moves
def workshop_move_keys(state, seat: int) -> list[str]:
    """MS-21.5, MS-23.6: `to_workshop:<square>:<slot>` for each sector citizen and each empty
    workshop of its class (a quarantined or workshop citizen cannot move, MS-21.7)."""
    w = state.workshops[seat]
    if not w:
        return []
    empty = [[], [], []]
    for i in range(len(w) // 3):
        if not w[3 * i + 1]:
            empty[workshop_class(state, w[3 * i])].append(i)
    if not any(empty):
        return []
    base = seat * SQUARES
    return [f"to_workshop:{sq}:{slot}" for sq in range(SQUARES) if state.squares[base + sq]
            for slot in empty[sq // PER_SECTOR]]


def _parse_move(key: str) -> tuple[int, int]:
    _, sq, slot = key.split(":")
    return int(sq), int(slot)


def describe_workshop_move(state, seat: int, key: str) -> Action:
    """The Action of a `to_workshop:` key."""
    sq, slot = _parse_move(key)
    tile = state.workshops[seat][3 * slot]
    upgraded = state.squares[seat * SQUARES + sq] == 2
    return Action(key, f"Move {citizen_name(sq // PER_SECTOR, upgraded)} from {square_name(sq)} "
                       f"to workshop {state.data.workshops[tile].id}",
                  {"square": sq, "slot": slot, "workshop": state.data.workshops[tile].id})


def apply_workshop_move(state, seat: int, key: str) -> None:
    """Move a sector citizen into an empty workshop of its class; a late reward may follow."""
    sq, slot = _parse_move(key)
    i = seat * SQUARES + sq
    cls, upgraded = sq // PER_SECTOR, state.squares[i] == 2
    state.squares[i] = 0
    tile = state.workshops[seat][3 * slot]
    state.event("to_workshop", f"Seat {seat} moves {citizen_name(cls, upgraded)} from {square_name(sq)} "
                               f"to workshop {state.data.workshops[tile].id}.",
                {"seat": seat, "square": sq, "workshop": state.data.workshops[tile].id, "upgraded": upgraded},
                (seat,))
    place_in_workshop(state, seat, slot, citizen_code(cls, upgraded))


# ---------------------------------------------------------------------- upgrade a citizen (MS-18)
def upgrade_keys(state, seat: int) -> list[str]:
    """MS-18.1/18.7: every non-upgraded citizen of the seat, in a sector (`square:N`), a quarantine
    hut (`hut:H`) or a workshop (`workshop:<slot>`)."""
    base = seat * SQUARES
    keys = [f"square:{sq}" for sq in range(SQUARES) if state.squares[base + sq] == 1]
    keys += [f"hut:{h}" for h in range(HUTS)
             if state.huts[seat * HUTS + h] and not citizen_upgraded(state.huts[seat * HUTS + h])]
    w = state.workshops[seat]
    keys += [f"workshop:{i}" for i in range(len(w) // 3) if w[3 * i + 1] and not citizen_upgraded(w[3 * i + 1])]
    return keys


def upgrade(state, seat: int, key: str) -> None:
    """Flip one citizen to its gold side; an upgraded citizen in a late workshop that requires one
    gives the reward at once (MS-18.6, MS-21.15)."""
    where, n = key.split(":")
    n = int(n)
    if where == "square":
        state.squares[seat * SQUARES + n] = 2
        cls, place = n // PER_SECTOR, square_name(n)
    elif where == "hut":
        code = state.huts[seat * HUTS + n]
        state.huts[seat * HUTS + n] = code + 1
        cls, place = citizen_class(code), f"quarantine hut {n + 1}"
    else:
        code = state.workshops[seat][3 * n + 1]
        _set_slot(state, seat, n, code=code + 1)
        cls, place = citizen_class(code), f"workshop {state.data.workshops[state.workshops[seat][3 * n]].id}"
    state.event("upgrade_citizen", f"Seat {seat} upgrades {citizen_name(cls, False)} in {place}.",
                {"seat": seat, "where": where, "index": n, "class": OVERSEERS[cls]}, (seat,))
    if where == "workshop":
        check_reward(state, seat, n)


def _describe_upgrade(state, seat: int, key: str) -> Action:
    where, n = key.split(":")
    n = int(n)
    if where == "square":
        label = f"Upgrade the {OVERSEERS[n // PER_SECTOR]} on {square_name(n)}"
    elif where == "hut":
        label = f"Upgrade the {OVERSEERS[citizen_class(state.huts[seat * HUTS + n])]} in quarantine hut {n + 1}"
    else:
        tile = state.workshops[seat][3 * n]
        label = (f"Upgrade the {OVERSEERS[citizen_class(state.workshops[seat][3 * n + 1])]} "
                 f"in workshop {state.data.workshops[tile].id}")
    return Action(key, label, {"where": where, "index": n})


@FLOW.kind
class UpgradeCitizen(Decision):
    """MS-18 (DEC-17): which of your citizens to upgrade."""

    args = ("seat",)
    over = ON_EFFECT

    def keys(self, state, frame, seat):
        return upgrade_keys(state, seat)

    def describe(self, state, frame, seat, key):
        return _describe_upgrade(state, seat, key)

    def apply(self, state, frame, seat, key):
        upgrade(state, seat, key)


@atom("upgrade_citizen")
def _upgrade_citizen(state, seat: int, amount: int, arg: str) -> None:
    """MS-15.10: upgrade `amount` citizens, one at a time; nothing to upgrade: lost (AMB-14)."""
    if amount > 1:
        perform(state, seat, (("upgrade_citizen", amount - 1, arg),))
    keys = upgrade_keys(state, seat)
    if len(keys) == 1:
        upgrade(state, seat, keys[0])
    elif keys:
        state.push(UpgradeCitizen(seat), keys)
