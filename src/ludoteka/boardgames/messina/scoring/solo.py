"""The solo game's final scoring (MS-35.22 - MS-35.24): the popularity bonus against the automa
instead of the popularity ranking, the solo repopulation bonus (in the standard and the advanced
game alike, AMB-43), and the book's "good result" to compare the score with.
"""
from __future__ import annotations

from .common import repopulated
from ..model.state import POPULARITY
from ..model.texts import amount_text

GOOD_RESULT, GOOD_RESULT_ADVANCED = 130, 140          # MS-35.24: information, not a rule
DE_THREE_HEXES = 4                                    # D-1: the DE text's bonus for 3 hexes


def popularity_bonus_for(state, position: int) -> int:
    """MS-35.22, AMB-42: the bonus if the player's popularity space (after the rat penalty) equals
    or passes the automa's."""
    return state.data.tables.solo_popularity_bonus if position >= state.automa_popularity else 0


def score_popularity_bonus(state) -> None:
    """MS-35.22: replaces the popularity ranking of MS-31.3."""
    points = popularity_bonus_for(state, state.books[POPULARITY])
    state.add_points(0, points, "popularity_ranking")
    state.event("solo_popularity", f"Popularity: seat 0 on space {state.books[POPULARITY]}, the automa on "
                f"space {state.automa_popularity}: seat 0 scores {amount_text('points', points)}.",
                {"seat": 0, "position": state.books[POPULARITY], "automa": state.automa_popularity,
                 "points": points})


def repopulation_bonus(state, hexes: int) -> int:
    """MS-35.23, D-1, AMB-43: 2 hexes 3 points, 3 hexes 7 (DE: 4), 4 or more 10."""
    table = state.data.tables.solo_repop_bonus
    if not table or hexes <= 0:
        return 0
    if hexes == 3 and state.rules.solo_repop_de:
        return DE_THREE_HEXES
    return table[min(hexes, len(table) - 1)]


def score_repopulation_bonus(state) -> None:
    """MS-35.23: added to the printed hex points (in advanced solo instead of MS-33.7-33.9)."""
    hexes = len(repopulated(state, 0))
    points = repopulation_bonus(state, hexes)
    if points:
        state.add_points(0, points, "repopulation_bonus")
        state.event("solo_repopulation", f"Seat 0 scores a solo bonus of {amount_text('points', points)} for "
                    f"repopulated city hexes ({hexes}).", {"seat": 0, "hexes": hexes, "points": points})


def good_result(state) -> int:
    """MS-35.24: the book's good result for the game's rules."""
    return GOOD_RESULT_ADVANCED if state.rules.advanced else GOOD_RESULT
