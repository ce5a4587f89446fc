"""Ending the turn with a hex action of pure gains still open (MS-15.1, MS-7.8) is marked as never
doing better than that action (`dominated_by`), so a client may take the action without asking:
checked against what both do, along random games."""
from __future__ import annotations

import random

import pytest

import ludoteka
from ludoteka.boardgames.messina.rules.books import hex_record
from ludoteka.boardgames.messina.rules.turns import FREE_GAINS


def after(state, keys):
    """A clone of `state` with `keys` applied by the seat to act (an `end_turn` only if offered)."""
    world = state.clone()
    seat = world.to_act
    for key in keys:
        if key in world.legal_keys() and world.to_act == seat:
            world.apply(key)
    return world


@pytest.mark.rule("MS-15.1", "MS-7.8", "MS-31.13")
def test_ending_the_turn_is_marked_dominated_only_by_an_open_action_of_pure_gains():
    game = ludoteka.game("messina-1347")
    marked = unmarked = 0
    for seed in range(4):
        state, rng = game.new_state(3, seed), random.Random(seed)
        while state.to_act is not None:
            keys = state.legal_keys()
            if "end_turn" in keys:
                seat = state.to_act
                end = next(a for a in state.legal_actions() if a.key == "end_turn")
                spec = hex_record(state, state.top()[2]).action if "action" in keys else None
                pure = spec is not None and len(spec) == 1 and all(v in FREE_GAINS for v, _, _ in spec[0])
                assert (end.data.get("dominated_by") == "action") == pure, (keys, spec)
                if pure:
                    marked += 1
                    took, ended = after(state, ["action", "end_turn"]), after(state, ["end_turn"])
                    # the seat's own supplies and score: never less (another seat's may differ:
                    # the fire gained can win a popularity tie against it at a round's end, MS-31.5)
                    gained, kept = game.supplies(took, seat), game.supplies(ended, seat)
                    assert all(gained.get(k, 0) >= kept.get(k, 0) for k in set(gained) | set(kept)), (gained, kept)
                    assert gained != kept
                    assert took.scores()[seat] >= ended.scores()[seat]
                elif "action" in keys:
                    unmarked += 1
            state.apply(keys[rng.randrange(len(keys))])
    assert marked >= 10 and unmarked >= 5, (marked, unmarked)
