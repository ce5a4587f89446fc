"""The end of a round (MS-26, MS-27, MS-29.1): production in turn order, the quarantine advance,
then the preparation of the next round (preparation.py) or, after round VI, the final scoring.

The lead's turn flow pushes `end_of_round` when every seat has used all its lieutenants. Seats
produce one after another in the current turn order (AMB-25); before its outputs are computed a
seat may move sector citizens into empty matching workshops (MS-23.6, AMB-21). Markers and points
are gained at once; book advances move the disc at once and defer the space's action to the
seat's next turn (MS-25.16, through `books.advance(..., during_production=True)`); any other
output atom is carried out at once through `perform` (MS-26.10, AMB-24).
"""
from __future__ import annotations

from ludoteka.kernel import Action
from ludoteka.kernel.flow import BOTTOM, Automatic, Decision

from . import citizens
from .preparation import prepare_round
from ..data.components import CLASSES
from ..model.flow import FLOW, perform, step
from ..model.texts import citizen_name, count_text, counts_text
from ..model.state import HUTS, RESOURCE_FIELDS, SQUARES, citizen_class, citizen_upgraded
from ..scoring.standard import final_scoring

LAST_ROUND = 6
def code_name(code: int) -> str:
    """The name of a citizen in a hut or workshop (its code)."""
    return citizen_name(citizen_class(code), citizen_upgraded(code))


# ---------------------------------------------------------------------- what a seat produces
def outputs(state, seat: int) -> list[tuple[str, str, tuple]]:
    """MS-26.3-26.9: (source kind, component id, atoms) of everything the seat's buildings produce.

    Upgraded huts with a citizen produce their tile (MS-26.3, no extra point, AMB-26); early
    workshops produce their normal or upgraded level, nothing when they need an upgraded citizen
    and hold a normal one (MS-26.6/26.7); late workshops produce nothing (MS-26.8); an upgraded
    citizen in any workshop adds 1 point (MS-26.5).
    """
    data = state.data
    out = []
    for h in range(HUTS):
        i = seat * HUTS + h
        if state.huts[i] and state.hut_upgrade[i] >= 0:
            tile = data.hut_upgrades[state.hut_upgrade[i]]
            out.append(("hut", tile.id, tuple(tile.production)))
    triples = state.workshops[seat]
    for slot in range(len(triples) // 3):
        tile_index, code = triples[slot * 3], triples[slot * 3 + 1]
        if not code:
            continue
        w = data.workshops[tile_index]
        upgraded = citizen_upgraded(code)
        atoms: tuple = ()
        if w.period == "early":
            if upgraded:
                atoms = tuple(w.production_upgraded)
            elif not w.requires_upgraded:
                atoms = tuple(w.production)
        if upgraded:
            atoms += (("points", 1, ""),)
        if atoms:
            out.append(("workshop", w.id, atoms))
    return out


def produce(state, seat: int) -> None:
    """Carry out the seat's production: markers and points at once, book advances at once with the
    space's action deferred (MS-25.16), other atoms (a scroll step) through `perform`."""
    gained: dict[str, int] = {}
    follow: list = []
    sources = []
    for source, tile_id, atoms in outputs(state, seat):
        sources.append({"source": source, "tile": tile_id})
        for verb, amount, arg in atoms:
            if verb in RESOURCE_FIELDS:
                state.gain(seat, verb, amount)
                gained[verb] = gained.get(verb, 0) + amount
            elif verb == "points":
                state.add_points(seat, amount, "production")
                gained["points"] = gained.get("points", 0) + amount
            else:               # book advances (their actions wait, MS-25.16), a scroll step
                follow.append(("perform", (verb, amount, arg)))
    state.event("production", f"Seat {seat} produces {counts_text(gained)}.",
                {"seat": seat, "gained": gained, "sources": sources}, seats=(seat,))
    # Pushed last first, so they resolve in the order the tiles list them.
    for item in reversed(follow):
        if item[0] == "perform":
            perform(state, seat, (item[1],))
        else:
            state.push(item)


@FLOW.kind
class EndOfRound(Automatic):
    """MS-26.1: the round is over; production starts with the first seat of the turn order."""

    over = ()

    def run(self, state, frame):
        state.event("end_of_round", f"Round {state.round} ends: production.", {"round": state.round})
        state.producing = True               # book actions reached from now on wait (MS-25.16)
        PRODUCTION.next_seat(state, 0)


@FLOW.kind
class Production(Automatic):
    """MS-26.2 (AMB-25): the seat at `position` of the turn order produces, then the next one."""

    args = ("position",)
    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        self.next_seat(state, frame[1])

    def next_seat(self, state, position: int) -> None:
        if position >= state.players:
            after_production(state)
            return
        state.push(self(position + 1))
        start_seat(state, state.turn_order[position])


PRODUCTION = Production.instance


def start_seat(state, seat: int) -> None:
    """Offer the seat its workshop moves before it produces (AMB-21), or produce now."""
    moves = _move_keys(state, seat)
    if moves:
        state.push(PRODUCTION_MOVE(seat), moves + ["produce"])
    else:
        produce(state, seat)


def _move_keys(state, seat: int) -> list[str]:
    return list(citizens.workshop_move_keys(state, seat))


def describe_move(state, seat: int, key: str) -> Action:
    """The estate helper's Action of a sector-to-workshop move."""
    return citizens.describe_workshop_move(state, seat, key)


@FLOW.kind
class ProductionMove(Decision):
    """AMB-21, MS-23.6, DEC-23: before producing, move sector citizens into empty matching
    workshops (as often as wanted), or produce."""

    args = ("seat",)
    over = ("production",)

    def keys(self, state, frame, seat):
        return _move_keys(state, seat) + ["produce"]

    def describe(self, state, frame, seat, key):
        if key == "produce":
            return Action(key, "Produce now", {"seat": seat})
        return describe_move(state, seat, key)

    def apply(self, state, frame, seat, key):
        if key == "produce":
            produce(state, seat)
            return
        # A late workshop's reward (pushed by the move) comes before the next choice.
        state.push(PRODUCTION_START(seat))
        citizens.apply_workshop_move(state, seat, key)


PRODUCTION_MOVE = ProductionMove.instance


@FLOW.kind
class ProductionStart(Automatic):
    """After a workshop move (and the reward it gave): more moves, or produce."""

    args = ("seat",)
    over = ("production",)

    def run(self, state, frame):
        start_seat(state, frame[1])


PRODUCTION_START = ProductionStart.instance


# ---------------------------------------------------------------------- after production
def after_production(state) -> None:
    """MS-27 then MS-28 (rounds I-V), or MS-29: the end of the game after round VI (AMB-29)."""
    if state.round >= LAST_ROUND:
        final_scoring(state)
        return
    state.push(QUARANTINE(0))


@FLOW.kind
class Quarantine(Automatic):
    """MS-27.1-27.3: each seat in turn order advances its quarantined citizens: space I to II,
    space II leaves the hut; after the last seat, the next round is prepared."""

    args = ("position",)
    over = (BOTTOM,)
    once = True

    def run(self, state, frame):
        position = frame[1]
        if position >= state.players:
            state.producing = False
            state.push(step("next_turn")(0))
            prepare_round(state)
            return
        seat = state.turn_order[position]
        state.push(self(position + 1))
        leaving = []
        moved = 0
        for h in range(HUTS):
            i = seat * HUTS + h
            if not state.huts[i]:
                continue
            if state.hut_space[i] >= 2:
                leaving.append(state.huts[i])
                state.huts[i] = 0
                state.hut_space[i] = 0
            else:
                state.hut_space[i] = 2
                moved += 1
        if moved or leaving:
            state.event("quarantine", f"Seat {seat}: {count_text(moved, 'citizen')} "
                        f"{'moves' if moved == 1 else 'move'} to quarantine space II, {len(leaving)} "
                        f"{'leaves' if len(leaving) == 1 else 'leave'} quarantine.",
                        {"seat": seat, "advanced": moved, "leaving": len(leaving)}, seats=(seat,))
        if leaving:
            exit_next(state, seat, tuple(leaving))


QUARANTINE = Quarantine.instance


def exit_options(state, seat: int, code: int) -> list[str]:
    """MS-27.3: the free squares of the citizen's sector and the empty workshops of its class."""
    c = citizens
    cls = citizen_class(code)
    return ([f"square:{n}" for n in c.free_squares(state, seat, cls)]
            + [f"workshop:{slot}" for slot in c.empty_workshops(state, seat, cls)])


def exit_next(state, seat: int, codes: tuple) -> None:
    """Place the first leaving citizen of `codes` (a decision when there is a choice), then the rest."""
    while codes:
        code = codes[0]
        options = exit_options(state, seat, code)
        moves = _move_keys(state, seat) if options else []
        if len(options) + len(moves) > 1:
            state.push(QUARANTINE_EXIT(seat, codes), options + moves)
            return
        codes = codes[1:]
        if not options:
            # AMB-28: no free square and no empty workshop: back to the supply.
            state.event("citizen_discarded", f"Seat {seat} has no room: {code_name(code)} leaving "
                        "quarantine returns to the supply.",
                        {"seat": seat, "citizen": CLASSES[citizen_class(code)],
                         "upgraded": citizen_upgraded(code)}, seats=(seat,))
            continue
        if options[0].startswith("workshop:") and codes:
            # A late workshop's reward may push decisions: the other citizens wait for them.
            state.push(QUARANTINE_EXIT_NEXT(seat, codes))
            place_leaving(state, seat, code, options[0])
            return
        place_leaving(state, seat, code, options[0])


def place_leaving(state, seat: int, code: int, key: str) -> None:
    """Put a citizen leaving quarantine on a sector square or into a workshop (MS-27.3, MS-27.5:
    it keeps its upgrade; a late workshop's reward triggers at once, MS-21.17)."""
    where, n = key.split(":")
    n = int(n)
    cls = CLASSES[citizen_class(code)]
    if where == "square":
        state.squares[seat * SQUARES + n] = 2 if citizen_upgraded(code) else 1
        state.event("quarantine_exit", f"Seat {seat}'s {cls} leaves quarantine for a square of the estate.",
                    {"seat": seat, "citizen": cls, "upgraded": citizen_upgraded(code), "square": n},
                    seats=(seat,))
        return
    tile = state.data.workshops[state.workshops[seat][n * 3]].id
    state.event("quarantine_exit", f"Seat {seat}'s {cls} leaves quarantine for workshop {tile}.",
                {"seat": seat, "citizen": cls, "upgraded": citizen_upgraded(code), "workshop": tile},
                seats=(seat,))
    citizens.place_in_workshop(state, seat, n, code)


@FLOW.kind
class QuarantineExit(Decision):
    """MS-27.3, DEC-24: where the first citizen of `codes` goes on leaving quarantine; a sector
    citizen may first move into an empty workshop (AMB-21)."""

    args = ("seat", "codes")
    over = ("quarantine",)

    def keys(self, state, frame, seat):
        options = exit_options(state, seat, frame[2][0])
        return options + _move_keys(state, seat)

    def describe(self, state, frame, seat, key):
        code = frame[2][0]
        who = code_name(code)
        citizen = {"citizen": CLASSES[citizen_class(code)], "upgraded": citizen_upgraded(code)}
        if key.startswith("square:"):
            n = int(key.split(":")[1])
            return Action(key, f"Place {who} leaving quarantine on square {n % 6 + 1} of the "
                          f"{CLASSES[n // 6]} sector", {"square": n, **citizen})
        if key.startswith("workshop:"):
            slot = int(key.split(":")[1])
            tile = state.data.workshops[state.workshops[seat][slot * 3]].id
            return Action(key, f"Place {who} leaving quarantine in workshop {tile}", {"workshop": tile, **citizen})
        return describe_move(state, seat, key)

    def apply(self, state, frame, seat, key):
        codes = frame[2]
        if not (key.startswith("square:") or key.startswith("workshop:")):
            state.push(QUARANTINE_EXIT_NEXT(seat, codes))
            citizens.apply_workshop_move(state, seat, key)
            return
        if len(codes) > 1:
            state.push(QUARANTINE_EXIT_NEXT(seat, codes[1:]))
        place_leaving(state, seat, codes[0], key)


QUARANTINE_EXIT = QuarantineExit.instance


@FLOW.kind
class QuarantineExitNext(Automatic):
    """The seat's next citizens leaving quarantine, after what the previous placement pushed."""

    args = ("seat", "codes")
    over = ("quarantine",)

    def run(self, state, frame):
        exit_next(state, frame[1], frame[2])


QUARANTINE_EXIT_NEXT = QuarantineExitNext.instance
