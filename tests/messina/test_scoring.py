"""The end of the game: rat penalty (MS-30), final scoring (MS-31), winners (MS-32), breakdown."""
from __future__ import annotations

import pytest

from ludoteka.boardgames.messina.scoring import standard as scoring
from ludoteka.boardgames.messina.model.state import CATEGORY, HUTS, POPULARITY

from .helpers import emptied

PL = (0, 0, 1, 2, 4, 7, 10, 13, 16, 18, 21)


def fresh(players: int = 3, seed: int = 1, **options):
    """A game at its end: empty flow, no markers, no points, no rats, no ships owned."""
    s = emptied(players, seed, 6, **options)
    s.ship_at = [-1 if at >= 10 else at for at in s.ship_at]
    return s


def category(s, seat: int, name: str) -> int:
    return s.category_points(seat)[CATEGORY[name]]


def repopulate(s, seat: int, hex_id: str) -> None:
    """Put city hex `hex_id` on a free expansion location, repopulated by `seat`."""
    tile = next(i for i, h in enumerate(s.data.hexes) if h.id == hex_id)
    if tile in s.hex_at:
        node = s.hex_at.index(tile)
    else:
        node = next(n for n in range(s.board.first_expansion, s.board.first_harbour) if s.hex_at[n] < 0)
        s.hex_at[node] = tile
    s.repopulated_by[node] = seat


@pytest.mark.parametrize("rats,lost", [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4), (5, 7), (6, 10), (7, 13),
                                       (8, 16), (9, 18), (10, 21), (14, 21)])
def test_rat_penalty_table(rats, lost):
    """MS-30.2, MS-30.3, MS-30.4 (D-9 PL alignment), MS-EX-12: the points lost per rat count, 21 at most."""
    assert scoring.rat_penalty(rats, fresh().rules.rat_penalty) == lost


def test_rat_penalty_literal_table_option():
    """D-9: the 'de_literal' option reads the DE/CZ table as printed: 7 rats lose 10, 2 rats 0."""
    table = fresh(rat_table="de_literal").rules.rat_penalty
    assert scoring.rat_penalty(7, table) == 10 and scoring.rat_penalty(2, table) == 0


def test_rat_penalty_example():
    """MS-30.1, MS-30.5, MS-30.6, MS-EX-12: 7 rats: 13 points lost and 7 popularity spaces back, not
    past the first space; a score may go negative (5 points, 9 rats: -13)."""
    s = fresh()
    s.rats = [7, 7, 9]
    s.books[0 * 3 + POPULARITY] = 10
    s.books[1 * 3 + POPULARITY] = 4
    s.score[2] = 5
    scoring.apply_rat_penalty(s)
    assert s.books[0] == 3 and s.books[3] == 0
    assert category(s, 0, "rat_penalty") == -13 and s.score[0] == -13
    assert s.score[2] == -13


def test_book_points():
    """MS-31.2: each book gives the points printed on the disc's space."""
    s = fresh()
    s.books[0:3] = [4, 6, 2]
    books = s.data.sides["3-4p"].books
    scoring.score_books(s)
    expected = books["popularity"].points[4] + books["city"].points[6] + books["church"].points[2]
    assert category(s, 0, "books") == expected


def test_book_points_after_the_rat_penalty():
    """MS-29.2, MS-31.1: the popularity book scores the position after the rat penalty."""
    s = fresh()
    s.books[0] = 7
    s.rats[0] = 3
    scoring.final_scoring(s)
    assert category(s, 0, "books") == s.data.sides["3-4p"].books["popularity"].points[4]


def test_popularity_ranking_fire_tie_break():
    """MS-31.4, MS-31.5, MS-EX-23: A and B share the furthest space; A has 2 fire + 1 large fire
    (4), B 3 fire: A 10, B 7, C 3."""
    s = fresh()
    a, b, c = 0, 1, 2
    s.books[a * 3], s.books[b * 3], s.books[c * 3] = 6, 6, 2
    s.fire[a], s.large_fire[a], s.fire[b] = 2, 1, 3
    assert scoring.popularity_awards(s) == [10, 7, 3]


def test_popularity_ranking_shared():
    """MS-31.6 (D-5), MS-EX-23: still tied after fire: they share (10 + 7) / 2 rounded down = 8."""
    s = fresh()
    s.books[0], s.books[3], s.books[6] = 6, 6, 2
    s.fire[0], s.fire[1] = 3, 3
    assert scoring.popularity_awards(s) == [8, 8, 3]


def test_popularity_ranking_two_and_four_players():
    """MS-31.3, MS-31.4, MS-31.7 (AMB-35): 2 players: first 5; 4 players: 10/7/3/0; a seat on the
    first space is ranked too, and the stack order is not used."""
    s = fresh(players=2)
    s.books[0], s.books[3] = 0, 1
    assert scoring.popularity_awards(s) == [0, 5]
    s = fresh(players=4)
    s.books[0], s.books[3], s.books[6], s.books[9] = 0, 3, 3, 5
    s.book_stamp[3], s.book_stamp[6] = 1, 99
    assert scoring.popularity_awards(s) == [0, 5, 5, 10]


def test_repopulated_hexes_score_their_printed_points():
    """MS-31.8: each repopulated city hex scores its printed points."""
    s = fresh()
    repopulate(s, 1, "C08")
    repopulate(s, 1, "C01")
    scoring.score_repopulated_hexes(s)
    assert category(s, 1, "repopulated_hexes") == 10 + 7


def test_scroll_board_ships_example():
    """MS-31.9, MS-31.11, MS-EX-13: the ships track advanced 3 times is worth 4 per ship: 4 ships, 16."""
    s = fresh()
    for ship in range(4):
        s.ship_at[ship] = 10 + 2
    s.scroll[2 * 3 + 1] = 3
    tracks = {kind: points for kind, level, items, points in scoring.scroll_points(s, 2)}
    assert tracks["ships"] == 16


def test_scroll_board_buildings_cap_and_repopulated():
    """MS-31.10, MS-31.12, MS-20.6, MS-21.18, MS-22.7: hut upgrades and workshops are buildings
    (carts are not), at most 6 count; the repopulated track counts the seat's tiles in Messina."""
    s = fresh()
    s.hut_upgrade[0:HUTS] = [0, 1, 2, 3]
    s.workshops[0] = (0, 0, 0, 1, 0, 0, 2, 0, 0)
    s.carts[0] = (0, 0, 1, 0)
    repopulate(s, 0, "C08")
    s.scroll[0:3] = [2, 0, 1]
    board = s.data.scroll_boards["a"]
    tracks = {kind: (items, points) for kind, level, items, points in scoring.scroll_points(s, 0)}
    assert tracks["buildings"] == (6, 6 * board.tracks[0].values[2])
    assert tracks["repopulated"] == (1, board.tracks[2].values[1])
    assert tracks["ships"] == (0, 0)


def test_remaining_markers():
    """MS-31.13, MS-31.14 (AMB-1): coins, fire, large fire and timber together, divided by 3 and
    rounded down; rats do not count."""
    s = fresh()
    s.coins[0], s.fire[0], s.large_fire[0], s.timber[0], s.rats[0] = 4, 2, 1, 1, 0
    s.rats[1], s.coins[1] = 9, 2
    scoring.score_remaining_markers(s)
    assert category(s, 0, "remaining_markers") == 2
    assert category(s, 1, "remaining_markers") == 0


def test_winner_tie_breaks():
    """MS-32.1, MS-32.2, MS-32.3 (D-6): most points; then most repopulated city hexes; then the
    sum of their printed points."""
    s = fresh()
    s.score = [20, 20, 19]
    repopulate(s, 0, "C01")
    repopulate(s, 1, "C08")
    assert scoring.winners(s) == [1]
    repopulate(s, 0, "C02")
    assert scoring.winners(s) == [0]
    s.score = [20, 21, 19]
    assert scoring.winners(s) == [1]


def test_winner_sum_then_single_and_shared():
    """MS-32.3, MS-32.4 (D-6, AMB-36): the higher sum wins; equal sums go to the best single hex;
    the 'single' option compares only the best single hex; a full tie is a shared win."""
    s = fresh()
    s.score = [20, 20, 5]
    repopulate(s, 0, "C08")            # 10
    repopulate(s, 0, "A01")            # 4   -> 14, best 10
    repopulate(s, 1, "C04")            # 9
    repopulate(s, 1, "C05")            # 9   -> 18, best 9
    assert scoring.winners(s) == [1]
    single = fresh(winner_tiebreak="single")
    single.score = [20, 20, 5]
    for seat, hexes in ((0, ("C08", "A01")), (1, ("C04", "C05"))):
        for h in hexes:
            repopulate(single, seat, h)
    assert scoring.winners(single) == [0]
    equal = fresh()
    equal.score = [20, 20, 5]
    for seat, hexes in ((0, ("C08", "A01")), (1, ("C01", "C07"))):      # 14 each, best 10 / 7
        for h in hexes:
            repopulate(equal, seat, h)
    assert scoring.winners(equal) == [0]
    tie = fresh()
    tie.score = [7, 7, 7]
    assert scoring.winners(tie) == [0, 1, 2]


def test_final_scoring_breakdown_sums_to_score():
    """MS-31.1, MS-29.2: the whole final scoring; every seat's breakdown sums to its score and
    names the tie-break values."""
    s = fresh()
    s.rats = [3, 0, 11]
    s.books[0:9] = [5, 3, 2, 1, 7, 4, 9, 0, 0]
    s.coins = [5, 1, 0]
    s.fire = [1, 2, 0]
    s.ship_at[0] = 11
    s.scroll[1 * 3 + 1] = 2
    repopulate(s, 2, "B01")
    s.add_points(1, 4, "actions")
    scoring.final_scoring(s)
    parts = s.score_breakdown()
    for seat in range(3):
        assert sum(parts[seat]["points"].values()) == s.score[seat]
    assert parts[2]["tiebreak"] == {"repopulated_hexes": 1, "repopulated_points": 5, "best_repopulated_hex": 5}
    assert parts[2]["points"]["rat_penalty"] == -21
    kinds = [e["kind"] for e in s.events()]
    order = ["rat_penalty", "book_points", "popularity_ranking", "repopulated_points", "scroll_points",
             "remaining_markers", "final_scores"]
    assert [k for k in kinds if k in order] == sorted([k for k in kinds if k in order], key=order.index)
    assert s.winners() == scoring.winners(s)
