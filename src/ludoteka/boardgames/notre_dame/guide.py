"""The guide of a seat's view: what happens next in the round and the warnings a player needs
before it is too late (the plague ahead, no coin for a bribe, Notre Dame scoring at a period's end).

Notes in the preview format (kernel/preview.py: key, English text, args); a client translates them
by key. Built from public counters and the seat's own prestige only, so no view shows what its
seat may not see.
"""
from __future__ import annotations

from typing import Any

from ...kernel.preview import note
from .frames import phase_of
from .keys import HOSPITAL

PLAGUE_PRESTIGE = 2          # ND-20.6: what a rat marker passing the end costs (and a stone)
CLOSE = 3                    # warn when the marker will stand this few steps or fewer from the end


def guide(state, seat: int | None) -> dict[str, Any]:
    """{"next": note, "warnings": [note, ...]} for `seat` (None: a spectator, public warnings only)."""
    phase = phase_of(state)
    value = state.plague_value() if state.display else 0
    warnings: list[dict[str, Any]] = []
    if phase == "over":
        return {"next": note("next_over", "the game is over"), "warnings": []}
    offer = state.offer[seat] if seat is not None and phase == "draft" else ()
    if offer and not state.hand[seat]:               # ND-5.2: once here, not on every option
        nxt = note("next_draft_first", f"draft: keep 1 card; the other {len(offer) - 1} go face down to your "
                   f"left neighbour: nothing is lost, you receive as many from your right", n=len(offer) - 1)
    elif offer:                                      # ND-5.4
        nxt = note("next_draft_second", "draft: keep 1 card; the other goes to your left neighbour, and the "
                   "card from your right completes your hand of 3")
    elif phase == "draft":
        nxt = note("next_draft", f"draft: keep 1 card and pass the others face down to the left; then "
                   f"everyone plays 2 of 3 cards, may bribe a person, and the plague (value {value}) ends "
                   f"the round", value=value)
    elif phase == "actions":
        nxt = note("next_actions", f"action cards: from the start player, everyone plays 2 of 3 cards, "
                   f"one a turn; then the bribes, then the plague (value {value})", value=value)
    elif phase == "bribes":
        nxt = note("next_bribes", f"bribes: in turn, each player may pay 1 coin to one person; then the "
                   f"plague moves every rat marker {value} steps, 1 less per piece in the Hospital",
                   value=value)
    else:
        nxt = note("next_plague", "plague: a player whose rat marker passed 9 loses a stone from a "
                   "fullest sector; then the round ends")
    if state.round % state.data.rounds_per_period == 0:              # ND-3.5, ND-22
        points = state.data.tile_points[state.players]
        stones = sum(state.notre_dame_stones)
        warnings.append(note("notre_dame_ahead", f"at the end of this round Notre Dame scores: {points} "
                             f"prestige shared among its stones ({stones} now)", n=points, stones=stones))
    if seat is not None and phase in ("draft", "actions", "bribes"):
        warnings += _seat_warnings(state, seat, phase, value)
    return {"next": nxt, "warnings": warnings}


def _seat_warnings(state, seat: int, phase: str, value: int) -> list[dict[str, Any]]:
    """The plague ahead for `seat` (ND-20.3 to ND-20.6), an empty personal supply (ND-7.2) and a bribe
    it cannot pay (ND-17.3)."""
    out = []
    top = state.data.plague_max
    rat = state.rat[seat]
    move = (0 if state.physician[seat] else value) - state.count(seat, HOSPITAL)
    after = max(0, rat + move)
    if after > top:
        lost = min(PLAGUE_PRESTIGE, state.prestige[seat])
        stone = bool(state.plague_sectors(seat))               # ND-AMB-19
        out.append(note("rats_overflow" if stone else "rats_overflow_no_stone",
                        f"plague ahead: your rat marker ({rat}) moves {move} and would pass {top}: you lose "
                        f"{lost} prestige{' and a stone' if stone else ''} unless you move it back "
                        f"{after - top} (Park, Hospital, Hotel, a message, the Barmaid) or bribe the Physician",
                        n=after - top, rat=rat, move=move, prestige=lost))
    elif top - after <= CLOSE:
        # where the marker is now, then where the plague takes it: an audit read the forecast as
        # the marker's place (the track showed 3, the note 7)
        out.append(note("rats_close", f"your rat marker is on {rat}; after this round's plague it stands on "
                        f"{after} of {top}: {top - after + 1} more and a plague costs {PLAGUE_PRESTIGE} prestige "
                        f"and a stone", n=top - after + 1, rat=after, now=rat))
    if phase != "bribes" and state.personal[seat] == 0:
        # ND-7.2: a desktop audit moved stones without seeing that every card now costs one elsewhere
        out.append(note("personal_empty", "your personal supply has no stone: each card you play must move one "
                        "of your stones from another sector or from Notre Dame, or do nothing (the Cloister "
                        "School brings new stones)"))
    if phase != "bribes" and state.coins[seat] == 0:
        out.append(note("no_coin", "you have no coin: you cannot bribe a person this round unless you "
                        "gain one (Bank, Hotel, a message)"))
    return out
