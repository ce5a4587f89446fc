"""The advanced variant (MS-33): side b player and scroll boards dealt at random, one-time squares,
the side b scroll tracks and the extra repopulation points, the mixed-sides options, and saving,
loading and replaying advanced games. Board data: the reconstructed b1..b4 (one-time squares b1:
1, 7, 13; b2: 4, 10, 16; b3: 0, 9, 17; b4: 5, 6, 12; scroll boards b1 goods/coins/popularity
book, b2 workshops/timber/city book, b3 hut upgrades/church book/overseers, b4 goods/workshops/
coins)."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import ludoteka
from ludoteka.boardgames.messina.scoring import standard as scoring
from ludoteka.boardgames.messina.model.sides import board_of, scroll_board_of
from ludoteka.boardgames.messina.rules.citizens import workshop_move_keys
from ludoteka.boardgames.messina.model.flow import step
from ludoteka.boardgames.messina.views.render import render
from ludoteka.boardgames.messina.rules.repopulation import can_repopulate
from ludoteka.boardgames.messina.scoring.advanced import repopulation_places
from ludoteka.boardgames.messina.rules.setup import deal_boards
from ludoteka.boardgames.messina.model.state import CATEGORY, POPULARITY, SHIP_OWNED
from ludoteka.boardgames.messina.views.view import components
from ludoteka.kernel import BadOption, record_of, replay

from .helpers import GAME, emptied
from .test_citizens import make_state, play, run, workshop_tile
from .test_random_play import play_checked

ADV = {"advanced": True}


def ended(players: int = 3, **options):
    """An advanced game at its end: empty flow, no markers, points, rats or ships owned."""
    s = emptied(players, 1, 6, **{**ADV, **options})
    s.ship_at = [-1 if at >= SHIP_OWNED else at for at in s.ship_at]
    return s


def track(s, seat: int, k: int) -> tuple:
    """(key, level, items, points) of one scroll track."""
    return scoring.scroll_points(s, seat)[k]


def category(s, seat: int, name: str) -> int:
    return s.category_points(seat)[CATEGORY[name]]


# ----------------------------------------------------------------------------- setup (RND-10)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_boards_dealt_at_random(players):
    """MS-33.1, MS-33.2, RND-10: each seat plays side b of the player board of a random colour and a
    side b scroll board dealt at random: distinct boards b1..b4, different with other seeds; an event
    says who got which."""
    seen = set()
    for seed in range(12):
        s = GAME.new_state(players, seed, ADV)
        assert sorted(set(s.player_board)) == sorted(s.player_board) and set(s.player_board) <= {1, 2, 3, 4}
        assert sorted(set(s.scroll_board)) == sorted(s.scroll_board) and set(s.scroll_board) <= {1, 2, 3, 4}
        for seat in range(players):
            assert board_of(s, seat).id == f"b{s.player_board[seat]}"
            assert scroll_board_of(s, seat).id == f"b{s.scroll_board[seat]}"
        event = next(e for e in s.events() if e["kind"] == "boards")
        assert event["data"]["player_boards"] == [f"b{k}" for k in s.player_board]
        assert event["data"]["scroll_boards"] == [f"b{k}" for k in s.scroll_board]
        seen.add((s.player_board[0], s.scroll_board[0]))
    assert {p for p, _ in seen} == {1, 2, 3, 4} and {q for _, q in seen} == {1, 2, 3, 4}


def test_standard_game_draws_nothing_for_boards():
    """MS-4.1, RND-10: without the advanced variant every seat plays side a and the boards draw
    nothing from the generator (the standard games' random stream is unchanged)."""
    s = GAME.new_state(3, 4)
    assert s.player_board == [0, 0, 0] and s.scroll_board == [0, 0, 0]
    assert board_of(s, 1).id == "a" and scroll_board_of(s, 1).id == "a"
    rng = s.rng
    deal_boards(s, 3)
    assert s.rng == rng and not any(e["kind"] == "boards" for e in s.events())


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_deal_boards_for_any_seat_count(n):
    """MS-33.1, MS-33.2: dealing works for 1 (the solo game) to 4 seats."""
    s = GAME.new_state(2, 3, ADV)
    deal_boards(s, n)
    assert len(s.player_board) == n == len(set(s.player_board)) and set(s.player_board) <= {1, 2, 3, 4}
    assert len(s.scroll_board) == n == len(set(s.scroll_board)) and set(s.scroll_board) <= {1, 2, 3, 4}


@pytest.mark.parametrize("mixed,player_b,scroll_b", [("a_player_boards", False, True),
                                                       ("a_scroll_boards", True, False)])
def test_mixed_sides(mixed, player_b, scroll_b):
    """MS-33.3, D-21: side a player boards with side b scroll boards (DE), or the reverse (PL)."""
    s = GAME.new_state(3, 2, {**ADV, "mixed_sides": mixed})
    assert all(s.player_board) == player_b and not any(s.player_board) == (not player_b)
    assert all(s.scroll_board) == scroll_b and not any(s.scroll_board) == (not scroll_b)
    assert not GAME.check_invariants(s)


def test_mixed_sides_needs_advanced():
    """MS-33.3: mixing sides is a variant of the advanced game: without it the option is refused,
    naming both options."""
    with pytest.raises(BadOption, match="mixed_sides.*advanced"):
        GAME.new_state(3, 1, {"mixed_sides": "a_scroll_boards"})


def test_side_b_boards_have_one_time_square_per_sector():
    """MS-33.5: every sector of a side b board has exactly 1 one-time square; side a has none."""
    data = GAME.data
    assert not any(data.boards["a"].one_time)
    for k in range(1, 5):
        once = data.boards[f"b{k}"].one_time
        assert [sum(once[c * 6:(c + 1) * 6]) for c in range(3)] == [1, 1, 1]


# ----------------------------------------------------------------------------- one-time squares
def estate(board: int = 1):
    """Seat 0 on side b board `board`, the others on other boards; an empty estate."""
    s = make_state(3, 1, **ADV)
    s.player_board = [board] + [k for k in (1, 2, 3, 4) if k != board][:2]
    return s


def test_side_b_squares_give_their_own_actions():
    """MS-33.4, MS-17.1: play is the same; activating a citizen performs the action printed on the
    seat's own board (b1 square 7: 4 coins; side a square 7: 2 coins)."""
    s = estate(1)
    s.squares[7] = 1
    coins = s.coins[0]
    run(s, 0, [("activate", 1, "")])
    play(s, "square:7")
    assert s.coins[0] == coins + 4
    a = make_state(3, 1)
    a.squares[7] = 1
    coins = a.coins[0]
    run(a, 0, [("activate", 1, "")])
    play(a, "square:7")
    assert a.coins[0] == coins + 2


def test_one_time_square_used_once_per_game():
    """MS-33.6, MS-17.15, AMB-37: activating the citizen on a one-time square (b1 square 1: 3 points
    and 1 large fire) marks the square used; the citizen stays but cannot be activated there again,
    nor can a later citizen on that square; other squares are unaffected."""
    s = estate(1)
    s.squares[0] = s.squares[1] = 1
    score, lf = s.score[0], s.large_fire[0]
    run(s, 0, [("activate", 2, "")])
    assert "one-time" in {a.key: a.label for a in s.legal_actions()}["square:1"]
    play(s, "square:1")
    assert (s.score[0], s.large_fire[0]) == (score + 3, lf + 1)
    assert s.one_time_used[1] and s.squares[1] == 1
    assert any(e["kind"] == "activate" and e["data"]["one_time"] for e in s.events())
    assert sorted(s.legal_keys()) == ["square:0", "stop"]
    play(s, "stop")
    run(s, 0, [("activate", 3, "")])
    assert sorted(s.legal_keys()) == ["square:0", "stop"]
    play(s, "stop")
    s.squares[1] = 0                        # the citizen leaves, another comes: the square stays used
    s.squares[1] = 2
    run(s, 0, [("activate", 3, "")])
    assert "square:1" not in s.legal_keys()


def test_rescue_label_names_a_one_time_square():
    """MS-33.5: placing a rescued citizen, the label says which squares are one-time squares (b1
    square 7: 4 coins) and which of them are used up."""
    from ludoteka.boardgames.messina.rules.activation import one_time_note
    s = estate(1)
    assert one_time_note(s, 0, 7) == " (one-time square: gain 4 coins)" and one_time_note(s, 0, 8) == ""
    s.one_time_used[7] = True
    assert one_time_note(s, 0, 7) == " (one-time square, used up: gain 4 coins)"


def test_one_time_square_only_on_its_board():
    """MS-33.6: the used mark is per seat and square of its own board: square 1 is no one-time square
    on seat 1's board (b2), so it can be activated there again and again."""
    s = estate(1)
    assert not board_of(s, 1).one_time[1]
    s.squares[18 + 1] = 1
    for _ in range(2):
        run(s, 1, [("activate", 1, "")])
        play(s, "square:1")
    assert not s.one_time_used[18 + 1]


def test_citizen_on_used_square_still_moves_to_workshop_or_repopulates():
    """MS-33.6: a citizen left on a used one-time square can still go to a workshop or be given
    up to repopulate a hex."""
    s = estate(1)
    s.squares[1] = 1                        # an artisan on b1's one-time square
    s.one_time_used[1] = True
    s.workshops[0] = (workshop_tile(s, "early", "artisan"), 0, 0)
    assert workshop_move_keys(s, 0) == ["to_workshop:1:0"]
    # A01 needs 1 timber and 2 aristocrats: one of them on b1's used square 7.
    t = estate(1)
    t.hex_at[0] = next(i for i, h in enumerate(t.data.hexes) if h.id == "A01")
    t.cubes[0] = 0
    t.timber[0] = 1
    t.carts[0] = (0, 0)
    t.lt_at[0], t.lt_used[0] = 0, True
    t.squares[6] = t.squares[7] = 1
    t.one_time_used[7] = True
    assert can_repopulate(t, 0, 0, 0)
    t.push(step("repopulate")(0, 0, 0))
    t._settle()
    assert t.repopulated_by[0] == 0 and t.squares[6] == t.squares[7] == 0


# ----------------------------------------------------------------------------- side b scroll tracks
def test_goods_of_one_type():
    """MS-33.10, AMB-51: the goods type held most of counts, per ship cargo; no ships give 0."""
    s = ended()
    s.scroll_board = [1, 2, 3]
    assert track(s, 0, 0) == ("goods_one_type", 0, 0, 0)
    for ship_id in ("S1-spices", "S2-spices", "S3-silk"):
        s.ship_at[next(i for i, x in enumerate(s.data.ships) if x.id == ship_id)] = SHIP_OWNED
    s.scroll[0] = 2                         # level 3: 3 points per cargo
    assert track(s, 0, 0) == ("goods_one_type", 2, 2, 6)


def test_workshops_at_most_five():
    """MS-33.11: points per workshop owned, at most 5 count."""
    s = ended()
    s.scroll_board = [2, 1, 3]
    tile = workshop_tile(s, "early", "nun")
    s.workshops[0] = (tile, 0, 0) * 6
    s.scroll[0] = 1                         # 2 points each
    assert track(s, 0, 0) == ("workshops", 1, 5, 10)


def test_timber_at_most_six():
    """MS-33.12: points per timber held at game end, at most 6."""
    s = ended()
    s.scroll_board = [2, 1, 3]
    s.timber[0] = 8
    assert track(s, 0, 1) == ("timber", 0, 6, 6)
    s.timber[0] = 3
    assert track(s, 0, 1) == ("timber", 0, 3, 3)


def test_hut_upgrades():
    """MS-33.13: points per hut upgrade owned (at most 4 exist on an estate)."""
    s = ended()
    s.scroll_board = [3, 1, 2]
    s.hut_upgrade[0:4] = [0, 1, 2, -1]
    s.scroll[0] = 3                         # 4 points each
    assert track(s, 0, 0) == ("hut_upgrades", 3, 3, 12)


@pytest.mark.parametrize("coins,level,points", [(7, 0, 3), (12, 0, 4), (8, 0, 4), (1, 0, 0), (12, 1, 9),
                                                (12, 3, 18)])
def test_coins_half_point_on_the_first_level(coins, level, points):
    """MS-EX-16, MS-33.14, MS-33.15, AMB-39: at most 9 coins count; on the first level 1/2 point per
    coin, rounded down (7 coins: 3; 12 coins: 9 count, 4); higher levels a whole number each."""
    s = ended()
    s.scroll_board = [1, 2, 3]
    s.coins[0] = coins
    s.scroll[1] = level
    assert track(s, 0, 1) == ("coins", level, min(coins, 9), points)


def test_timber_and_coins_count_again_as_remaining_markers():
    """MS-33.16: the timber and coin tracks do not use the markers up: they count again for the
    remaining markers (MS-31.13)."""
    s = ended()
    s.scroll_board = [2, 1, 3]
    s.timber[0] = 6
    scoring.final_scoring(s)
    assert category(s, 0, "scroll_board") == 6
    assert category(s, 0, "remaining_markers") == 2


@pytest.mark.parametrize("space,points", [(8, 0), (9, 3), (11, 3), (12, 6), (14, 6)])
def test_book_track_single_and_double_bar(space, points):
    """MS-33.17: a book track gives nothing up to the single bar, the smaller value past it, the
    larger past the double bar (popularity, 3-4 players: bars after spaces 8 and 11; level 1: 3/6)."""
    s = ended()
    s.scroll_board = [1, 2, 3]
    s.books[0 * 3 + POPULARITY] = space
    assert track(s, 0, 2) == ("popularity_book", 0, (space > 8) + (space > 11), points)


def test_book_track_read_after_the_rat_penalty():
    """MS-33.18, MS-29.2: the book tracks are read at scoring time: a disc just past the double bar
    that a rat sends back scores the smaller value."""
    s = ended()
    s.scroll_board = [1, 2, 3]
    s.books[0 * 3 + POPULARITY] = 12
    s.rats[0] = 1
    scoring.final_scoring(s)
    assert s.books[0] == 11
    scroll = next(e for e in s.events() if e["kind"] == "scroll_points" and e["data"]["seat"] == 0)
    assert scroll["data"]["tracks"][2] == {"kind": "popularity_book", "level": 0, "items": 1, "points": 3}


@pytest.mark.parametrize("steps,items,points", [((6, 5, 4), 2, 6), ((4, 4, 3), 2, 2), ((3, 2, 0), 0, 0),
                                                ((6, 0, 0), 1, 4), ((5, 6, 6), 2, 8)])
def test_overseer_positions(steps, items, points):
    """MS-33.19, MS-16.6: the 2 most advanced overseers on the path's last spaces score: first
    hexagonal space (step 4) the smallest value, second (step 5) the middle, the centre (step 6) the
    largest (level 1: 1/2/4); overseers before them nothing."""
    s = ended()
    s.scroll_board = [3, 1, 2]
    s.overseer_step[0:3] = list(steps)
    s.overseer_branch[0:3] = [1 if x >= 2 else 0 for x in steps]
    assert track(s, 0, 2) == ("overseers", 0, items, points)


def test_side_a_tracks_unchanged():
    """MS-31.9-31.11: side a still counts buildings, ships and repopulated hexes."""
    s = ended(mixed_sides="a_scroll_boards")
    s.workshops[0] = (workshop_tile(s, "early", "nun"), 0, 0)
    s.ship_at[0] = SHIP_OWNED
    assert [t[:3] for t in scoring.scroll_points(s, 0)] == [("buildings", 0, 1), ("ships", 0, 1),
                                                           ("repopulated", 0, 0)]


def test_scroll_advance_on_the_seats_own_board():
    """MS-15.5, MS-33.2: a scroll advance moves a cube on the seat's side b board, whose tracks have
    5 levels; the label says what the next level pays."""
    s = make_state(3, 1, **ADV)
    s.scroll_board = [1, 2, 3]
    s.scroll[0:3] = [4, 0, 0]                # goods track at its top
    run(s, 0, [("scroll", 1, "")])
    labels = {a.key: a.label for a in s.legal_actions()}
    assert sorted(labels) == ["scroll:1", "scroll:2"]
    assert labels["scroll:1"] == "Scroll board: coins track up to level 1 (1 point per coin, at most 9)"
    assert "past the single bar of the popularity book" in labels["scroll:2"]
    play(s, "scroll:1")
    assert s.scroll[0:3] == [4, 1, 0]


# ----------------------------------------------------------------------------- extra repopulation points
def with_hexes(players: int, hexes: dict[int, list[int]]):
    """An ended advanced game where seat s repopulated city hexes worth `hexes[s]` points each (the
    hex points are set on copies of the data's hexes)."""
    s = ended(players)
    tiles = list(s.data.hexes)
    node = 0
    for seat, values in hexes.items():
        for points in values:
            tile = s.hex_at[node]
            tiles[tile] = replace(tiles[tile], points=points)
            s.repopulated_by[node] = seat
            node += 1
    s.data = replace(s.data, hexes=tuple(tiles))
    return s


def test_ex24_places_by_hexes_then_points():
    """MS-EX-24, MS-33.7, MS-33.8: 3, 3 and 1 repopulated hexes, the two 3s worth 12 and 9 in step 2:
    10 / 7 / 3; scored in the category repopulation_bonus."""
    s = with_hexes(3, {0: [4, 4, 4], 1: [3, 3, 3], 2: [5]})
    assert repopulation_places(s) == [10, 7, 3]
    scoring.final_scoring(s)
    assert [category(s, seat, "repopulation_bonus") for seat in range(3)] == [10, 7, 3]
    assert [category(s, seat, "repopulated_hexes") for seat in range(3)] == [12, 9, 5]
    for seat, part in enumerate(s.score_breakdown()):
        assert sum(part["points"].values()) == s.score[seat]


def test_ex24_still_tied_share_rounded_down():
    """MS-EX-24, MS-33.8, AMB-38: both 3s worth 12: they share (10 + 7) / 2, rounded down: 8 each;
    the third still gets 3."""
    s = with_hexes(3, {0: [4, 4, 4], 1: [5, 4, 3], 2: [9]})
    assert repopulation_places(s) == [8, 8, 3]


def test_ex24_two_players_and_no_hexes():
    """MS-EX-24, MS-33.9, MS-33.7: with 2 players first 7, second 0; a player with no repopulated hex
    gets nothing and takes no place."""
    assert repopulation_places(with_hexes(2, {0: [4], 1: [4, 4]})) == [0, 7]
    assert repopulation_places(with_hexes(3, {0: [4]})) == [10, 0, 0]
    assert repopulation_places(with_hexes(4, {1: [4, 4], 2: [4, 4], 3: [4, 4]})) == [0, 6, 6, 6]


def test_no_repopulation_bonus_in_the_standard_game():
    """MS-33.7: the extra repopulation points belong to the advanced variant only."""
    s = emptied(3, 1, 6)
    s.repopulated_by[0] = 0
    scoring.final_scoring(s)
    assert category(s, 0, "repopulation_bonus") == 0
    assert not any(e["kind"] == "repopulation_bonus" for e in s.events())


# ----------------------------------------------------------------------------- view, render, components
def test_view_render_and_components_show_the_boards():
    """MS-33.1, MS-33.5, MS-33.6: the view names each seat's boards, its one-time squares and the
    used ones; the terminal shows them; the components explain the b boards (reconstructed)."""
    s = estate(1)
    s.scroll_board = [3, 1, 2]
    s.squares[1] = 1
    s.one_time_used[1] = True
    p = GAME.view(s, 0)["players"][0]
    assert (p["board"], p["scroll_board"], p["one_time"], p["one_time_used"]) == ("b1", "b3", [1, 7, 13], [1])
    assert set(p["scroll"]) == {"hut_upgrades", "church_book", "overseers"}
    text = render(s, 0, full=True)
    assert "boards: player b1, scroll b3" in text and "A: .{x}" in text and "[.]" in text
    cs = {c["id"]: c for c in components(GAME.data)}
    assert cs["board:b1"]["kind"] == "player_board" and "one-time squares" in cs["board:b1"]["text"]
    assert cs["board:b1"]["reconstructed"] and cs["square:b1:1"]["one_time"]
    assert "1/2 point per coin" in cs["scroll:b1:1"]["text"]
    assert "double bar" in cs["scroll:b1:2"]["text"] and "hexagonal" in cs["scroll:b3:2"]["text"]


# ----------------------------------------------------------------------------- saving and replaying
def test_advanced_game_saves_loads_and_replays():
    """MS-33.1, MS-33.2: a whole advanced game with mixed sides saved mid-game loads the same, and its
    record replays (digest checked) to the same state; the repopulation points are saved only
    when a game scores them."""
    s = play_checked(3, {**ADV, "priority_tile": True}, 5, every=1000)
    record = json.loads(json.dumps(record_of(s)))
    again = replay(record, ludoteka.game)
    assert again.to_json() == s.to_json() and again.player_board == s.player_board
    mid = GAME.new_state(3, 5, {**ADV, "mixed_sides": "a_player_boards"})
    r = random.Random(2)
    for _ in range(150):
        mid.apply(r.choice(mid.legal_keys()))
    saved = json.loads(json.dumps(mid.to_json()))
    assert "player_board" not in saved["state"] and saved["state"]["scroll_board"] == mid.scroll_board
    assert GAME.state_from_json(saved).to_json() == saved
    bonus = GAME.new_state(3, 1, ADV)
    assert "later_points" not in bonus.to_json()["state"]
    bonus.add_points(2, 7, "repopulation_bonus")
    saved = json.loads(json.dumps(bonus.to_json()))
    assert saved["state"]["later_points"] == [0, 0, 7]
    back = GAME.state_from_json(saved, verify_history=False)
    assert back.category_points(2) == bonus.category_points(2) and back.score == bonus.score


def test_advanced_solo_game_deals_a_side_b_board_and_no_majority_bonus():
    """MS-33.1, MS-33.2, MS-33.7: an advanced solo game gives its seat side b boards; the majority
    bonus of MS-33.7 is not scored there (the solo bonus replaces it)."""
    from ludoteka.boardgames.messina.scoring.advanced import score_repopulation_bonus
    s = GAME.new_state(1, 2, ADV)
    assert 1 <= s.player_board[0] <= 4 and 1 <= s.scroll_board[0] <= 4 and not GAME.check_invariants(s)
    s.repopulated_by[0] = 0
    score_repopulation_bonus(s)
    assert s.category_points(0)[CATEGORY["repopulation_bonus"]] == 0
