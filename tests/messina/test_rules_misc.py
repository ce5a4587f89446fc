"""Rules not cited elsewhere: component counts the game treats as unlimited (MS-1.4 - MS-1.6),
player setup (MS-4.1), ships' goods at the end (MS-9.14), the three books (MS-25.1, MS-25.2) and
scores above 50 (MS-31.15)."""
from __future__ import annotations

from ludoteka.boardgames.messina.model import city
from ludoteka.boardgames.messina.rules import preparation
from ludoteka.boardgames.messina.scoring import standard as scoring
from ludoteka.boardgames.messina.model.flow import perform
from ludoteka.boardgames.messina.model.state import (BOOKS, CITY, HUTS, LIEUTENANTS, OVERSEERS, POPULARITY,
                                               SHIP_OWNED, SQUARES, SUPPLY)

from .helpers import ESTATE, blank, first_turn, kind, new, points, start_turns

TARGET = 3                       # seed 1, 3 players: hex A01 ('1 fire')


position = first_turn


def do(s, seat, *atoms):
    s._stack = None
    s._legal = None
    perform(s, seat, tuple(atoms))
    s._settle()


# ---------------------------------------------------------------------------- unlimited supplies
def test_coins_are_an_unlimited_integer():
    """MS-1.4, MS-1.13 (AMB-1): the 26 coin tokens are no limit: with every seat holding 26 coins a
    recall still pays its coin; coins are one integer value, so a cost of 3 is paid from 5 with
    nothing to change (2 left), and gains are never refused."""
    s = position()
    s.coins = [26, 26, 26]
    start_turns(s)
    s.apply("recall")
    assert s.coins == [27, 26, 26] and isinstance(s.coins[0], int)
    do(s, 1, ("coin", 40, ""))
    assert s.coins[1] == 66
    s.coins[2] = 5
    s.pay(2, (("coin", 3),))
    assert s.coins[2] == 2


def test_citizen_markers_are_unlimited():
    """MS-1.5, MS-1.12: the 21 markers per class are no limit: citizens still appear in the city
    when far more than 21 of each class are already in play."""
    s = blank(3, 1)
    city.place_citizens(s)
    placed = sum(s.city_citizens)
    assert placed > 0
    for node in range(len(s.hex_at)):
        if s.hex_at[node] >= 0:
            for cls in range(3):
                s.city_citizens[node * 3 + cls] += 21
    s.squares = [1] * len(s.squares)                 # every estate full of citizens too
    before = sum(s.city_citizens)
    city.place_citizens(s)
    assert sum(s.city_citizens) - before == placed


def test_fire_large_fire_timber_and_rats_are_unlimited():
    """MS-1.6, MS-1.12, MS-1.14: 16 fire, 6 large fire, 20 timber and 15 rat markers are no limit:
    a player holding that many (and more) still gains more, and still takes rats."""
    s = position()
    s.fire[0], s.large_fire[0], s.timber[0] = 16, 6, 20
    do(s, 0, ("fire", 1, ""), ("large_fire", 1, ""), ("timber", 1, ""))
    assert (s.fire[0], s.large_fire[0], s.timber[0]) == (17, 7, 21)
    s = position()
    s.rats = [15, 15, 15]
    s.cubes[TARGET] = 2
    s.cube_supply -= 2
    start_turns(s)
    s.apply(f"hex:{s.data.hexes[s.hex_at[TARGET]].id}")
    while kind(s) == "Fight":
        s.apply("done")
    assert s.rats[0] == 17


# ---------------------------------------------------------------------------- player setup
def test_each_player_takes_a_full_set():
    """MS-4.1, MS-1.8, MS-1.10: every seat gets its board (3 sectors of 6 empty squares, 4 empty
    huts, no workshops), 5 lieutenants, 3 overseers, 3 scroll cubes at the bottom, a disc on each
    book's first space, a score disc and a place in the turn order."""
    for players in (2, 3, 4):
        s = new(players, 7)
        assert sorted(s.turn_order) == list(range(players))
        assert len(s.squares) == SQUARES * players and not any(s.squares)
        assert len(s.huts) == HUTS * players and not any(s.huts)
        assert all(h < 0 for h in s.hut_upgrade)
        assert s.workshops == [()] * players
        assert len(s.lt_at) == LIEUTENANTS * players
        for seat in range(players):
            figures = [s.lt_at[i] for i in s.lieutenants(seat)]
            assert figures.count(SUPPLY) == 2 and figures.count(ESTATE) == 3
            assert s.scroll[seat * 3:seat * 3 + 3] == [0, 0, 0]
            assert s.books[seat * 3:seat * 3 + 3] == [0, 0, 0]
            assert s.overseer_step[seat * 3:seat * 3 + 3] == [0, 0, 0]
            assert not any(s.overseer_upgraded[seat * 3:seat * 3 + 3])
        assert len(s.score) == players and len(s.overseer_step) == len(OVERSEERS) * players


# ---------------------------------------------------------------------------- ships at the end
def test_all_goods_count_the_same_at_the_end():
    """MS-9.14, MS-31.11: a ship's goods count at final scoring, and in the standard game every
    goods type is worth the same: 2 ships of different goods score as 2 ships of one kind."""
    s = blank(3, 1)
    board = s.data.scroll_boards["a"]
    k = next(i for i, t in enumerate(board.tracks) if t.kind == "ships")
    by_goods: dict[str, list[int]] = {}
    for i, ship in enumerate(s.data.ships):
        by_goods.setdefault(ship.goods, []).append(i)
    kinds = sorted(by_goods)
    assert len(kinds) == 3
    s.ship_at[by_goods[kinds[0]][0]] = SHIP_OWNED + 0
    s.ship_at[by_goods[kinds[1]][0]] = SHIP_OWNED + 0
    s.ship_at[by_goods[kinds[2]][0]] = SHIP_OWNED + 1
    s.ship_at[by_goods[kinds[2]][1]] = SHIP_OWNED + 1
    for seat in (0, 1):
        s.scroll[seat * 3 + k] = 2
    track0, track1 = scoring.scroll_points(s, 0)[k], scoring.scroll_points(s, 1)[k]
    assert track0[0] == "ships" and track0[2] == track1[2] == 2
    assert track0[3] == track1[3] == 2 * board.tracks[k].values[2] > 0
    s.scroll[2 * 3 + k] = 2                            # no ship: nothing
    assert scoring.scroll_points(s, 2)[k][3] == 0


# ---------------------------------------------------------------------------- the books
def test_three_books():
    """MS-25.1 (DATA-10): the scoring board has 3 books, popularity, city and church, on either
    side; each seat has one disc on each."""
    s = new(3, 1)
    assert BOOKS == ("popularity", "city", "church")
    for side in s.data.sides.values():
        assert sorted(side.books) == sorted(BOOKS)
    assert len(s.books) == 3 * s.players


def test_books_decide_order_score_and_give_actions():
    """MS-25.2, MS-28.5, MS-31.2, MS-25.9: book positions decide the next turn order, score at the
    end, and reaching a space can give something at once (a lieutenant on the city book)."""
    s = blank(3, 1)
    s.books[0 * 3 + CITY], s.books[1 * 3 + CITY], s.books[2 * 3 + CITY] = 1, 5, 3
    assert preparation.order_by(s, "city") == [1, 2, 0]
    s.books[0 * 3 + POPULARITY], s.books[1 * 3 + POPULARITY] = 4, 0
    assert preparation.order_by(s, "popularity")[0] == 0
    side = s.data.sides["3-4p"]
    far = len(side.books["church"].points) - 1
    s.books[2 * 3 + 2] = far
    scoring.score_books(s)
    assert points(s, 2, "books") >= side.books["church"].points[far] > 0
    spaces = side.books["city"].spaces
    figure = next(i for i, sp in enumerate(spaces) if sp == ((("lieutenant", 1, ""),),))
    s.books[0 * 3 + CITY] = figure - 1
    in_supply = [i for i in s.lieutenants(0) if s.lt_at[i] == SUPPLY]
    do(s, 0, ("city_book", 1, ""))
    assert s.books[0 * 3 + CITY] == figure
    assert s.lt_at[in_supply[0]] == ESTATE


# ---------------------------------------------------------------------------- scores above 50
def test_scores_above_fifty():
    """MS-31.15: scores past 50 are kept as they are, no cap and no wrap: 48 points plus 30
    remaining coins (10 points) make 58, and the winner is read from that."""
    s = blank(3, 1)
    s.turn_order = [0, 1, 2]
    for name in ("coins", "timber", "fire", "large_fire", "rats"):
        setattr(s, name, [0, 0, 0])
    s.add_points(0, 48 - s.score[0], "actions")
    s.add_points(1, 50 - s.score[1], "actions")
    s.coins[0] = 30
    scoring.score_remaining_markers(s)
    assert s.score[0] == 58 and s.score[1] == 50
    assert sum(s.score_breakdown()[0]["points"].values()) == 58
    assert scoring.winners(s) == [0]
