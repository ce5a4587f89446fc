"""Messina 1347: the invariants hold in play and catch broken states."""
from __future__ import annotations

import random

from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.invariants import check


def test_fresh_and_played_states_keep_every_invariant():
    for players in (2, 3, 4):
        s = GAME.new_state(players, seed=players)
        r = random.Random(players)
        while s.to_act is not None:
            assert check(s) == [], (s.version, check(s))
            s.apply(r.choice(s.legal_keys()))
        assert check(s) == []


def test_cube_conservation_is_checked():
    """MS-1.16, AMB-2: cubes in the city, on ships and in the supply are all the cubes."""
    s = GAME.new_state(3, seed=1)
    s.cube_supply += 1
    assert any("plague cubes" in m for m in check(s))


def test_tile_and_ship_places_are_checked():
    s = GAME.new_state(3, seed=1)
    s.hut_stacks = (s.hut_stacks[0][1:],) + s.hut_stacks[1:]
    s.ship_stack = s.ship_stack[:1] + s.ship_stack
    msgs = check(s)
    assert any("hut upgrade" in m for m in msgs) and any("ship" in m for m in msgs)


def test_seat_bounds_are_checked():
    """MS-16.3: a branch exists from the overseer's second step on."""
    s = GAME.new_state(2, seed=1)
    s.coins[0] = -1
    s.score[1] += 3
    s.overseer_step[0] = 1
    s.overseer_branch[0] = 1
    s.huts[0] = 1
    msgs = check(s)
    for text in ("coins", "categories sum", "overseer", "hut 0"):
        assert any(text in m for m in msgs), (text, msgs)


def test_standing_lieutenants_block_alone():
    """MS-8.10: one standing figure per hex."""
    s = GAME.new_state(3, seed=1)
    s.lt_at[0] = s.lt_at[5] = 0
    s.lt_used[0] = s.lt_used[5] = True
    assert any("stand on node 0" in m for m in check(s))
