"""Repopulation (MS-24, MS-EX-8 with the book's hexes: A01 '1 timber, 2 aristocrats', A02 '1 coin,
1 nun, 1 upgraded artisan', A03 '2 coins, 2 nuns, 1 lieutenant')."""
from __future__ import annotations

from .test_citizens import make_state, pending, play, workshop_tile
from ludoteka.boardgames.messina.model.flow import step
from ludoteka.boardgames.messina.rules.repopulation import can_repopulate
from ludoteka.boardgames.messina.model.state import BOX, ESTATE, SUPPLY, citizen_code
from ludoteka.tools.simulate import simulate

from .helpers import GAME

ART, ARI, NUN = 0, 1, 2
NODE = 0


def with_hex(hex_id: str, **options):
    s = make_state(**options)
    s.hex_at[NODE] = next(i for i, h in enumerate(s.data.hexes) if h.id == hex_id)
    s.cubes[NODE] = 0
    for name in ("coins", "timber", "fire", "large_fire", "rats"):
        getattr(s, name)[0] = 0
    k1 = next(i for i, c in enumerate(s.data.carts) if c.id == "K1a")
    s.carts[0] = (k1, 0)
    # Lieutenant 0 stands on the hex (it chose it); 1 lies on node 3; 2 is in the estate.
    s.lt_at[0], s.lt_used[0] = NODE, True
    s.lt_at[1], s.lt_used[1] = 3, False
    s.lt_at[2], s.lt_used[2] = ESTATE, False
    return s


def repopulate(s, chooser: int = 0):
    s.push(step("repopulate")(0, NODE, chooser))
    s._settle()


def test_ex8a_two_aristocrats():
    """MS-EX-8 (a), MS-24.4-24.7: pay 1 timber, use the cart, return both aristocrats (either
    side), lay the tile; with a cube on the hex: +1 rat (just 1)."""
    s = with_hex("A01")
    s.timber[0] = 1
    s.squares[6] = 1
    s.workshops[0] = (workshop_tile(s, "early", "aristocrat"), citizen_code(ARI, True), 0)
    s.cubes[NODE] = 2
    assert can_repopulate(s, 0, NODE, 0)
    repopulate(s)
    assert s.top() is None
    assert s.timber[0] == 0 and s.carts[0][1] == 1
    assert s.squares[6] == 0 and s.workshops[0][1] == 0
    assert s.repopulated_by[NODE] == 0 and s.rats[0] == 1
    assert any(e["kind"] == "repopulate" for e in s.events())


def test_ex8a_missing_requirements():
    """MS-24.4, MS-24.5, MS-24.11, MS-23.3: no timber, no unused cart, or an aristocrat only in
    quarantine: not possible."""
    s = with_hex("A01")
    s.squares[6] = s.squares[7] = 1
    assert not can_repopulate(s, 0, NODE, 0)                # no timber
    s.timber[0] = 1
    assert can_repopulate(s, 0, NODE, 0)
    s.carts[0] = (s.carts[0][0], 1)
    assert not can_repopulate(s, 0, NODE, 0)                # the cart is used this round
    s.carts[0] = (s.carts[0][0], 0)
    s.squares[7] = 0
    s.huts[0] = citizen_code(ARI, True)
    assert not can_repopulate(s, 0, NODE, 0)                # quarantine does not count


def test_ex8b_upgraded_requirement():
    """MS-EX-8 (b), MS-24.10, MS-18.5: an upgraded artisan is required (a normal one does not
    do); an upgraded nun may serve as the nun."""
    s = with_hex("A02")
    s.coins[0] = 1
    s.squares[0] = 1            # normal artisan
    s.squares[12] = 2           # upgraded nun
    assert not can_repopulate(s, 0, NODE, 0)
    s.squares[1] = 2            # upgraded artisan
    assert can_repopulate(s, 0, NODE, 0)
    repopulate(s)
    assert s.top() is None
    assert s.squares[0] == 1 and s.squares[1] == 0 and s.squares[12] == 0


def test_choice_of_citizen_only_keeping_rest_satisfiable():
    """DEC-21, MS-24.10: the player picks which citizen meets each requirement; a choice that
    would leave another requirement unmet is not offered."""
    s = with_hex("A02")
    s.coins[0] = 1
    s.squares[1] = 2            # the only upgraded artisan
    s.squares[12] = 1
    s.squares[13] = 2
    repopulate(s)
    # The upgraded artisan is forced (no question); the nun: 12 or 13.
    assert pending(s) == "repopulate_choice"
    assert sorted(s.legal_keys()) == ["square:12", "square:13"]
    play(s, "square:13")
    assert s.squares[13] == 0 and s.squares[12] == 1 and s.squares[1] == 0


def test_ex8c_lieutenant_required():
    """MS-EX-8 (c), MS-24.14, MS-24.15, AMB-44, MS-24.16: a lieutenant still available this round
    (in the estate or lying on a hex), never the one that chose the hex, goes to the box; it still
    counts for the book-advance cost."""
    s = with_hex("A03")
    s.coins[0] = 2
    s.squares[12] = s.squares[14] = 1
    owned = s.owned_lieutenants(0)
    repopulate(s, chooser=0)
    assert sorted(s.legal_keys()) == ["lt:1", "lt:2"]
    play(s, "lt:1")
    assert s.lt_at[1] == BOX and s.owned_lieutenants(0) == owned
    assert s.repopulated_by[NODE] == 0 and s.coins[0] == 0


def test_ex8c_no_lieutenant_left():
    """MS-EX-8 (c): with no unused lieutenant besides the chooser, the repopulation is illegal."""
    s = with_hex("A03")
    s.coins[0] = 2
    s.squares[12] = s.squares[14] = 1
    s.lt_used[1] = True
    s.lt_at[2] = SUPPLY
    assert not can_repopulate(s, 0, NODE, 0)
    s.lt_at[2] = ESTATE
    assert can_repopulate(s, 0, NODE, 0)
    repopulate(s)                       # one candidate: no question
    assert s.lt_at[2] == BOX


def test_d30_lieutenant_to_supply():
    """D-30, MS-24.6: with the 'supply' reading the lieutenant goes back to the supply."""
    s = with_hex("A03", boxed_lieutenant="supply")
    s.coins[0] = 2
    s.squares[12] = s.squares[14] = 1
    s.lt_at[1] = SUPPLY
    repopulate(s)
    assert s.lt_at[2] == SUPPLY


def test_already_repopulated_and_tiles_left():
    """MS-24.2, MS-24.3, MS-24.8: no second repopulation of a hex; no harbour; no tile left."""
    s = with_hex("A01")
    s.timber[0] = 1
    s.squares[6] = s.squares[7] = 1
    s.repopulated_by[NODE] = 1
    assert not can_repopulate(s, 0, NODE, 0)
    s.repopulated_by[NODE] = -1
    assert not can_repopulate(s, 0, s.board.first_harbour, 0)
    for n in range(1, 6):
        s.repopulated_by[n] = 0
    assert not can_repopulate(s, 0, NODE, 0)


def test_cart_choice():
    """MS-22.6, MS-24.5: with several unused carts the player picks one; it is used this round."""
    s = with_hex("A01")
    s.timber[0] = 1
    s.squares[6] = s.squares[7] = 1
    k2 = next(i for i, c in enumerate(s.data.carts) if c.id == "K2a")
    s.carts[0] = s.carts[0] + (k2, 0)
    repopulate(s)
    assert sorted(s.legal_keys()) == ["cart:K1a", "cart:K2a"]
    play(s, "cart:K2a")
    assert s.carts[0][1] == 0 and s.carts[0][3] == 1


def test_no_rat_without_cubes():
    """MS-24.7: no plague cube on the hex, no rat."""
    s = with_hex("A01")
    s.timber[0] = 1
    s.squares[6] = s.squares[7] = 1
    repopulate(s)
    assert s.rats[0] == 0 and s.repopulated_by[NODE] == 0


def test_cost_is_paid_first_so_a_paid_advance_cannot_spend_it():
    """MS-24.4 (step 1: pay the cost, before the citizens are given up), MS-25.4, MS-25.19: a paid
    book advance taken while the repopulation's citizens are chosen can spend only what is left
    (issue 22: 3 coins, a 1-coin repopulation, then a 3-coin advance drove the coins to -1)."""
    s = with_hex("A02")                         # 1 coin, 1 nun, 1 upgraded artisan
    s.coins[0] = 1
    s.squares[1] = s.squares[2] = 2             # two upgraded artisans: a choice is asked
    s.squares[12] = 1
    repopulate(s)
    assert s.coins[0] == 0                      # paid at once
    assert s.repopulated_by[NODE] < 0 and pending(s) == "repopulate_choice"
    assert sorted(s.legal_keys()) == ["square:1", "square:2"]


def test_issue_22_game_keeps_coins_at_zero_or_more():
    """MS-24.4, MS-25.4: the random 4-player game of issue 22 (seed 580000), where seat 1 paid 3
    coins for a church advance in the middle of a 1-coin repopulation, keeps every invariant."""
    result = simulate(GAME, 4, games=1, seed=580000, deep=0)
    assert result["completed"] == 1 and result["violations"] == []
