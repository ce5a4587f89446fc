"""The guide of a Kingsburg view (issue 23 §5): the "what happens next" line for the current step
of the year and the warnings a seat needs before it is too late, as notes a client translates
(`kb.note.<key>`, args that are numbers). Computed from what the seat may see only."""
from __future__ import annotations

from typing import Any

from ludoteka.kernel.preview import note

from .previews import battle_note

SEASONS = {2: "spring", 4: "summer", 6: "autumn"}
# What each production season leads to (KB-12, KB-13, KB-14/15), said after its current step.
THEN = {2: "then the King's Reward gives 1 VP to the most buildings",
        4: "then the King's Envoy goes to the fewest buildings (then fewest goods)",
        6: "then everyone recruits soldiers and fights this year's enemy in Winter"}
STEPS = {"influence": "place dice groups on free advisors in turn order until everyone passes; the advisors "
                      "then help in order 1 to 18 and everyone may build once",
         "help": "the advisors help in order 1 to 18; then everyone may build once",
         "build": "each player in turn order may build one building (two with the King's Envoy) and use "
                  "the Town Hall"}
STEP_OF = {"reroll": "influence", "choose_dice": "influence", "choose_advisor": "influence",
           "take_help": "help", "build": "build", "envoy_build": "build", "town_hall": "build",
           "inn_order": "build"}


def next_note(state) -> dict[str, Any]:
    """The "what happens next" note for the step the game is at."""
    kind = state.pending()
    if kind is None:
        return note("over", "The game is over")
    phase = state.phase
    if phase in SEASONS:
        step = STEP_OF.get(kind.name, "influence")
        return note(f"{step}_{SEASONS[phase]}", f"{SEASONS[phase].capitalize()}: {STEPS[step]}; {THEN[phase]}")
    if phase == 7:
        return note("recruit", "Recruit soldiers: 1 soldier for 2 goods (1 with the Barracks); then Winter: "
                    "the enemy is revealed, the King sends reinforcements and everyone fights it")
    if phase == 8 and not state.battle_fought():
        return note("tokens", "Winter: everyone puts a soldier token face down; its value joins the soldiers "
                    "in the battle")
    if phase == 8 and state.year == 5:
        return note("after_last_battle", "The last battle is over: goods of choice are settled, then the game "
                    "ends (the Cathedral scores 1 VP per 2 goods)")
    if phase == 8:
        return note("after_battle", f"The battle is over: goods of choice are settled; then year "
                    f"{state.year + 1} begins", year=state.year + 1)
    return note("aid", "The King's Aid: the tied players each take 1 good of their choice; then Spring")


def guide(state, seat: int | None) -> dict[str, Any]:
    """`{"next": note, "warnings": [note, ...]}` for `seat`'s view (None: a spectator, no warnings)."""
    warnings = []
    if seat is not None and 0 <= seat < state.players and not state.is_terminal():
        if not state.battle_fought():
            warnings.append(battle_note(state, seat))       # KB-15: the battle before it is too late
        if state.envoy_holder == seat:
            warnings.append(note("envoy_held", "You hold the King's Envoy: once, an advisor already taken "
                                 "or a second building"))
        if state.token_used >> seat & 1:
            warnings.append(note("token_used", "You have used your +2 token this season"))
    return {"next": next_note(state), "warnings": warnings}
