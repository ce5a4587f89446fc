"""The preparation of rounds II-VI (MS-28), steps I-VIII in the printed order. No player decides
anything here (DEC-25): the order comes from the books or the score track, the rest from the
stacks and the wheel. New tiles are revealed, so the decision that led here cannot be undone.
"""
from __future__ import annotations

from . import automa
from ..model import city
from ..model.sides import side_name
from ..model.state import BOOKS
from ..model.texts import count_text

# known_bottom: 3 hut-upgrade stacks, then the 3 workshop stacks (state.py).
WORKSHOP_BOTTOM = 3


def prepare_round(state) -> None:
    """MS-28.1-28.26: steps I-VIII for the next round."""
    state._mark_barrier()
    advance_round(state)                               # I
    lay_down_lieutenants(state)                        # II (and the carts, MS-28.23)
    clear_plagued_citizens(state)                      # III
    row = state.data.sides[side_name(state.players)].rounds[state.round - 1]
    if state.players > 1:                              # IV (solo: MS-35.8/35.9 instead)
        set_turn_order(state, priority(state))
    corner = city.arrive_ships(state, row.ships)       # V
    city.add_hex(state, corner)                        # VI
    if row.late_workshops:
        swap_workshops(state)
    if row.city_plague:                                # VII (MS-28.21: not in round VI)
        for _ in range(row.wheel_steps):
            # MS-28.18: each placement checks the supply on its own.
            city.turn_wheel_and_place_cubes(state)
    if row.citizens:                                   # VIII
        city.place_citizens(state)


def advance_round(state) -> None:
    """MS-28.1: the round marker moves on."""
    state.round += 1
    state.event("round", f"Round {state.round} is prepared.", {"round": state.round})


def lay_down_lieutenants(state) -> None:
    """MS-28.2: every lieutenant is unused again (figures in Messina lie down; those in the estate
    stay there); MS-28.23: used carts are turned face up."""
    state.lt_used = [False] * len(state.lt_used)
    if state.players == 1:
        automa.end_round(state)                        # MS-35.7, AMB-40
    carts = 0
    for seat in range(state.players):
        pairs = state.carts[seat]
        if any(pairs[k + 1] for k in range(0, len(pairs), 2)):
            carts += sum(1 for k in range(0, len(pairs), 2) if pairs[k + 1])
            state.carts[seat] = tuple(v if k % 2 == 0 else 0
                                      for k, v in enumerate(pairs))
    state.event("lieutenants_down", "Every lieutenant in Messina lies down; used carts are turned face up.",
                {"carts": carts})


def clear_plagued_citizens(state) -> None:
    """MS-28.3/28.4: citizens on hexes with plague cubes go back to the supply; others stay."""
    removed = 0
    nodes = []
    for node in range(len(state.cubes)):
        if state.cubes[node]:
            base = node * 3
            n = state.city_citizens[base] + state.city_citizens[base + 1] + state.city_citizens[base + 2]
            if n:
                removed += n
                nodes.append(node)
                state.city_citizens[base:base + 3] = [0, 0, 0]
    if removed:
        state.event("citizens_removed", f"{count_text(removed, 'citizen')} "
                    f"{'leaves' if removed == 1 else 'leave'} the plagued hexes.",
                    {"removed": removed, "nodes": nodes})


def priority(state) -> str:
    """MS-28.5/28.7, MS-34: what decides this round's order (a book name or "score")."""
    side = state.data.sides[side_name(state.players)]
    if state.rules.priority_tile:
        return side.priority_tile[state.round - 1]
    return side.rounds[state.round - 1].priority


def order_by(state, what: str) -> list[int]:
    """The seats furthest first on a book or the score track; ties to the disc on top (MS-28.6,
    MS-28.7 with D-7, AMB-47)."""
    seats = range(state.players)
    if what == "score":
        return sorted(seats, key=lambda s: (-state.score[s], -state.score_stamp[s]))
    b = BOOKS.index(what)
    return sorted(seats, key=lambda s: (-state.books[s * 3 + b], -state.book_stamp[s * 3 + b]))


def set_turn_order(state, what: str) -> None:
    """MS-28.5: step IV (a "random" priority keeps the order: only round I has it)."""
    if what in BOOKS or what == "score":
        state.turn_order = order_by(state, what)
    track = "the score track" if what == "score" else f"the {what} book"
    state.event("turn_order", f"Turn order by {track}: " + ", ".join(f"seat {s}" for s in state.turn_order) + ".",
                {"priority": what, "turn_order": list(state.turn_order)})


def swap_workshops(state) -> None:
    """MS-28.13/28.14: the late workshops replace the early ones on the scoring board."""
    state.workshop_stacks = state.late_stacks
    state.late_stacks = ()
    for k in range(WORKSHOP_BOTTOM, WORKSHOP_BOTTOM + 3):
        state.known_bottom[k] = 0
    tops = [state.data.workshops[s[0]].id for s in state.workshop_stacks if s]
    state.event("late_workshops", "The late workshops replace the early ones: " + ", ".join(tops) + ".",
                {"workshops": tops})

