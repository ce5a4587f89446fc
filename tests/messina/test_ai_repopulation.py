"""The search's view of repopulation (issue 26, AI only): the evaluation prices the next
repopulation under way, the playout policy plans repopulations, and at the end of the game the
evaluation is the final score."""
from __future__ import annotations

import random

import pytest

from ludoteka.boardgames.messina.evaluate import (CART_VALUE, CITIZEN_VALUE, PROSPECT_WEIGHT,
                                                  repopulation_prospect)
from ludoteka.boardgames.messina import policy
from ludoteka.boardgames.messina.model.state import HUTS, SQUARES, citizen_code
from ludoteka.boardgames.messina.rules.books import node_of
from ludoteka.boardgames.messina.rules.build import Build
from ludoteka.boardgames.messina.rules.repopulation import can_repopulate, tiles_left, unused_carts

from .helpers import GAME, begin, keys, new

ARI = 1
ARISTOCRAT_SQUARES = (6, 7)          # the aristocrats' sector (squares 6-11)


def planned(seed: int = 3, cart: bool = True, citizens: str = "squares"):
    """A solo game in round I with nothing in the estate but: 1 timber, 2 coins, two aristocrats
    (on their squares, or in quarantine huts, where they cannot repopulate: MS-23.3) and a cart."""
    s = new(1, seed)
    assert s.to_act is not None
    s.squares[:SQUARES] = [0] * SQUARES
    s.huts[:HUTS] = [0] * HUTS
    s.workshops[0] = ()
    s.coins[0], s.timber[0] = 2, 1
    if citizens == "squares":
        for sq in ARISTOCRAT_SQUARES:
            s.squares[sq] = 1
    else:
        s.huts[0] = s.huts[1] = citizen_code(ARI, False)
    k1 = next(i for i, c in enumerate(s.data.carts) if c.id == "K1a")
    s.carts[0] = (k1, 0) if cart else ()
    return s


@pytest.mark.rule("MS-24.5", "MS-24.9", "MS-24.11", "MS-23.3")
def test_citizens_that_can_repopulate_are_worth_more_than_their_own_value():
    """Two aristocrats that can be given up for a hex (on their squares) are worth more than the
    same two in quarantine by more than the citizens' own value: the next repopulation is priced."""
    ready, stuck = planned(), planned(citizens="quarantine")
    assert repopulation_prospect(ready, 0) > repopulation_prospect(stuck, 0) >= 0.0
    gain = GAME.evaluate(ready, 0) - GAME.evaluate(stuck, 0)
    assert gain > 2 * CITIZEN_VALUE + 0.5


@pytest.mark.rule("MS-22.4", "MS-24.5")
def test_a_cart_is_worth_more_with_a_repopulation_under_way():
    """A cart is needed to repopulate: with the citizens in hand it adds more than its flat value."""
    with_cart, without = planned(), planned(cart=False)
    assert GAME.evaluate(with_cart, 0) - GAME.evaluate(without, 0) > CART_VALUE + 0.5
    assert repopulation_prospect(with_cart, 0) <= PROSPECT_WEIGHT * max(
        h.points + 3 for h in with_cart.data.hexes)


@pytest.mark.rule("MS-24.8")
def test_no_prospect_without_repopulated_tiles():
    """With every repopulated tile laid, no further repopulation is possible: no prospect."""
    s = planned()
    city = [node for node, tile in enumerate(s.hex_at) if tile >= 0][:s.data.tables.repopulated_tiles]
    for node in city:
        s.repopulated_by[node] = 0
    assert repopulation_prospect(s, 0) == 0.0


@pytest.mark.rule("MS-22.1", "MS-24.5")
def test_the_playout_policy_buys_a_cart_when_it_has_none():
    """At a build, a seat with no cart and tiles left buys one (the cart stacks' face-up tiles)."""
    s = planned(cart=False)
    s.coins[0] = 5
    begin(s, Build(0, ""))
    assert any(k.startswith("cart:") for k in keys(s))
    assert GAME.playout_key(s, lambda: 0.5).startswith("cart:")


@pytest.mark.rule("MS-24.1", "MS-35.23", "MS-31.8")
@pytest.mark.parametrize("players, least", [(1, 12), (4, 30)])
def test_playouts_repopulate_and_end_at_the_score(players, least):
    """The game's playout policy repopulates in many playouts (these 30 seeds: 24 hexes solo and
    63 with 4 players; the uniform policy 2 and 9), and at the end of each the evaluation is the
    final score."""
    hexes = 0
    for seed in range(30):
        s = new(players, seed)
        rand = random.Random(seed).random
        while s.to_act is not None:
            s.apply(GAME.playout_key(s, rand), s.to_act)
        hexes += sum(1 for seat in s.repopulated_by if seat >= 0)
        assert GAME.evaluate_all(s) == s.scores()
        assert all(repopulation_prospect(s, seat) == 0.0 for seat in range(players))
    assert hexes >= least


@pytest.mark.rule("MS-24.2", "MS-24.4", "MS-24.5", "MS-24.10", "MS-24.14", "MS-24.15")
def test_the_policy_aims_at_exactly_the_hexes_the_rules_allow():
    """The policy's quick list of hexes a lieutenant could repopulate (the seat's citizens listed
    once) is `can_repopulate` hex by hex, at every destination of 20 random playouts."""
    checked = 0
    for seed in range(10):
        for players in (1, 3):
            s = new(players, seed)
            rand = random.Random(seed).random
            while s.to_act is not None:
                top = s.top()
                if top[0].name == "choose_destination" and unused_carts(s, s.to_act) and tiles_left(s, s.to_act):
                    hexes = [k for k in s.legal_keys() if k.startswith("hex:")]
                    expected = [k for k in hexes if s.board.tile_index.get(k[4:], -1) >= 0
                                and can_repopulate(s, s.to_act, node_of(s, k[4:]), top[2])]
                    assert policy._repopulable(s, s.to_act, top[2], hexes) == expected
                    checked += 1
                s.apply(GAME.playout_key(s, rand), s.to_act)
    assert checked >= 50
