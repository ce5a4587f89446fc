"""States and records saved before the advanced and solo fields existed still load and verify:
the fields added later (kernel `Field.added`) are left out of a snapshot while they hold the value
of a game that does not use them, and a saved state without them reads that value."""
from __future__ import annotations

import random

from ludoteka.kernel import record_of, replay
from ludoteka.registry import game

from .helpers import new

ADDED = ("player_board", "scroll_board", "automa_at", "automa_used", "automa_popularity",
         "solo_deck", "solo_discard")


def _played(state, steps: int, seed: int = 3):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_keys()))
    return state


def test_a_standard_game_saves_as_before_and_loads_without_the_added_fields():
    state = _played(new(3, seed=5), 60)
    saved = state.to_json()
    assert not set(ADDED) & set(saved["state"])             # the layout of the first release
    back = game("messina-1347").state_from_json(saved)
    assert back.player_board == [0, 0, 0] and back.automa_at == [] and back.solo_deck == ()
    assert back.to_json() == saved
    # a record of the first release's layout verifies (its digest covers the same snapshot)
    assert replay(record_of(state), game).to_json() == saved


def test_an_added_field_away_from_its_default_is_saved_and_restored():
    state = _played(new(2, seed=2), 10)
    state.player_board = [3, 1]
    assert state._snapshot()["player_board"] == [3, 1]
    assert "scroll_board" not in state._snapshot()



def test_a_state_waiting_on_the_church_books_upgrade_and_advance_choice_loads():
    """MS-16.13: the church book's "upgrade (if not yet) and advance" space asks which overseer
    (choose_overseer, mode 'upgrade_advance'); a state saved at that question loads again.
    (A played game: recalls for coins, every paid church advance it can afford.)"""
    state, rng = new(2, seed=7), random.Random(7)
    while True:
        top = state.top()
        if type(top[0]).__name__ == "ChooseOverseer" and top[2] == "upgrade_advance":
            break
        keys = state.legal_keys()
        if "pay:church" in keys:
            key = "pay:church"
        elif type(top[0]).__name__ == "ChooseDestination" and rng.random() < 0.6:
            key = "recall"
        else:
            key = rng.choice(keys)
        state.apply(key)
    assert not state.is_terminal()
    back = game("messina-1347").state_from_json(state.to_json())
    assert back.legal_keys() == state.legal_keys()
    assert back.to_json() == state.to_json()
