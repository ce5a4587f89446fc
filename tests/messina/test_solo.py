"""The solo game against the automa (MS-35, MS-1.11): set-up, the automa's turns and tile actions,
the turn alternation, the round end, and the solo final scoring."""
from __future__ import annotations

import random

import pytest

from ludoteka.boardgames.messina.rules import automa
from ludoteka.boardgames.messina.scoring import solo as scoring_solo
from ludoteka.boardgames.messina.model.flow import step
from ludoteka.boardgames.messina.scoring.standard import final_scoring
from ludoteka.boardgames.messina.model.state import ESTATE, POPULARITY

from .helpers import GAME, begin, blank, dock_ship, new, node, only, points

TILE = {"A01": 0, "A02": 1, "A03": 2, "A04": 3, "A05": 4, "A06": 5, "B01": 6, "B02": 7, "C01": 8, "C02": 9,
        "NW": 10, "NE": 11, "SE": 12, "SW": 13}          # the shipped tiles: hex -> tile index


def tile(hex_id: str) -> int:
    return TILE[hex_id]


def solo(seed: int = 1, **options):
    """A solo game with an empty city; seat 0 has one lieutenant in the estate."""
    s = blank(1, seed, **options)
    s.ship_stack = tuple(sorted((i for i, at in enumerate(s.ship_at) if at == -1),
                                key=lambda i: s.data.ships[i].number))
    only(s, 0, ESTATE)
    return s


def automa_turn(s, *hexes: str) -> None:
    """The automa takes its next turn with the given tiles on top of its deck."""
    top = tuple(tile(h) for h in hexes)
    s.solo_deck = top + tuple(t for t in s.solo_deck + s.solo_discard if t not in top)
    s.solo_discard = ()
    begin(s, step("next_turn")(2))


def events(s, kind_: str) -> list[dict]:
    return [e["data"] for e in s.events() if e["kind"] == kind_]


def play_random(s, seed: int = 0):
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_keys()))
    return s


# ---------------------------------------------------------------------- set-up
def test_one_player_is_the_solo_game_on_a_two_player_setup():
    """MS-1.11, MS-35.1, MS-35.2, MS-3.4, MS-3.13 (D-11): 1 player plays against the automa on the
    2-player layout with 16 cubes, 6 ships without gems, 1 cart stack and the 2-player side."""
    s = new(1, seed=4)
    two = new(2, seed=4)
    assert s.players == 1 and s.automa_at == [-1] * 5 and len(s.board.coords) == len(two.board.coords)
    assert sum(s.cubes) + sum(s.ship_cube) + s.cube_supply == 16
    in_game = [i for i, at in enumerate(s.ship_at) if at != -2]
    assert len(in_game) == 6 and all(s.data.ships[i].goods != "gems" for i in in_game)
    assert len(s.cart_stacks) == 1
    assert s.view(0)["scoring_board"] == two.view(0)["scoring_board"]
    with pytest.raises(Exception, match="players"):
        GAME.new_state(0, 1)


def test_the_solo_tiles_are_a_shuffled_hidden_deck():
    """MS-35.4, HID-7: 14 solo tiles face down in a seeded random order; the view shows only their
    number, and a determinization deals them anew."""
    a, b = new(1, seed=1), new(1, seed=2)
    assert sorted(a.solo_deck) == list(range(14)) and a.solo_deck != b.solo_deck
    view = a.view(0)["automa"]
    assert view["deck_size"] == 14 and "solo_deck" not in str(view)
    other = a.clone()
    other.solo_deck = tuple(reversed(a.solo_deck))
    assert other.view(0) == a.view(0)
    orders = {a.determinize(0, seed).solo_deck for seed in range(6)}
    assert len(orders) > 1 and all(sorted(o) == list(range(14)) for o in orders)


def test_the_automa_uses_only_the_popularity_book():
    """MS-35.3, AMB-53: the automa has a popularity position only; its steps come from the cubes
    it removes, and the player alone has discs on the city and church books."""
    s = play_random(new(1, seed=3), 3)
    removed = events(s, "automa_fight")
    assert s.automa_popularity == len(removed) > 0
    assert len(s.books) == 3                        # one seat's three discs
    assert removed[-1]["popularity"] == s.automa_popularity


# ---------------------------------------------------------------------- turns and rounds
def test_the_automa_lieutenants_per_round():
    """MS-35.6: 3 lieutenants in rounds I-III, 4 in IV-V, 5 in VI (every one placed or recalled)."""
    s = play_random(new(1, seed=5), 5)
    per_round = [0] * 6
    round_ = 1
    for e in s.events():
        if e["kind"] == "round":
            round_ = e["data"]["round"]
        if e["kind"] in ("automa_hex", "automa_no_hex"):
            per_round[round_ - 1] += 1
    assert per_round == [3, 3, 3, 4, 4, 5]


def test_start_player_and_alternation():
    """MS-35.8, MS-35.9, AMB-5: the player starts rounds I, III and V, the automa II, IV and VI;
    then turns alternate, and whoever has lieutenants left takes the remaining turns."""
    s = play_random(new(1, seed=6), 6)
    turns: dict[int, list[str]] = {}
    round_ = 1
    for e in s.events():
        if e["kind"] == "round":
            round_ = e["data"]["round"]
        elif e["kind"] in ("automa_hex", "automa_no_hex"):
            turns.setdefault(round_, []).append("A")
        elif e["kind"] in ("hex_turn", "ship_turn", "recall"):
            turns.setdefault(round_, []).append("P")
    starts = [e["data"]["automa"] for e in s.events() if e["kind"] == "solo_start_player"]
    assert starts == [False, True, False, True, False, True]
    for r, seq in turns.items():
        assert seq[0] == ("A" if r % 2 == 0 else "P")
        k = 0
        while k + 1 < len(seq) and seq[k] != seq[k + 1]:
            k += 1
        assert len(set(seq[k + 1:])) <= 1, (r, seq)     # after the alternation: one side only
    assert not [e for e in s.events() if e["kind"] == "turn_order"]      # no book decides the order


def test_the_automa_lieutenants_leave_messina_and_the_deck_is_reshuffled_each_round():
    """MS-35.7 (D-17), AMB-40: at the end of a round every automa lieutenant goes back to its board
    and all 14 tiles make a new deck."""
    s = new(1, seed=8)
    rng = random.Random(8)
    while s.round == 1:
        s.apply(rng.choice(s.legal_keys()))
    # round II: the automa starts, so it has just taken its first turn of the new round
    assert s.automa_used == 1 and [at >= 0 for at in s.automa_at].count(True) <= 1
    assert len(s.solo_discard) >= 1 and len(s.solo_deck) + len(s.solo_discard) == 14
    assert [e["kind"] for e in s.events()].count("automa_round_end") == 1


# ---------------------------------------------------------------------- one automa turn
def test_the_automa_skips_unavailable_hexes_and_places_on_the_first_available():
    """MS-35.10, MS-35.11 (D-15), MS-35.12: a hex not in play or with a standing figure is skipped
    (the tile stays revealed until the round ends); the lieutenant stands on the first available."""
    s = solo()
    s.lt_at[1], s.lt_used[1] = node(s, "A03"), True        # the player's standing figure
    only_estate = list(s.lt_at)
    automa_turn(s, "C01", "A03", "A04")
    assert [e["hex"] for e in events(s, "automa_skip")] == ["C01", "A03"]
    assert s.automa_at[0] == node(s, "A04") and s.automa_used == 1
    assert s.solo_discard == (tile("C01"), tile("A03"), tile("A04"))
    assert s.lt_at == only_estate
    # the automa's own standing figure makes A04 unavailable to it and to the player
    automa_turn(s, "A04", "A05")
    assert s.automa_at[1] == node(s, "A05")
    begin(s, step("choose_destination")(0, 0))
    assert "hex:A04" not in s.legal_keys() and "hex:A05" not in s.legal_keys()


def test_a_whole_pass_without_an_available_hex_recalls_the_lieutenant():
    """MS-35.12, AMB-40: the deck is remade from the revealed tiles when it runs out; after a whole
    pass of 14 tiles without an available hex the lieutenant stays home and does nothing."""
    s = solo()
    for h in ("A05", "A06"):                                # out of play, like B02, C01 and C02
        n_ = node(s, h)
        s.hex_stack = (s.hex_at[n_],) + s.hex_stack
        s.hex_at[n_] = -1
    for k, h in enumerate(("B01", "NW", "NE", "SE"), start=1):
        s.lt_at[k], s.lt_used[k] = node(s, h), True         # the player's standing figures
    s.automa_at = [node(s, h) for h in ("A01", "A02", "A03", "A04", "SW")]
    s.automa_used = 0                                       # (a test position: none counted yet)
    s.solo_deck, s.solo_discard = tuple(range(10)), tuple(range(10, 14))
    before = list(s.automa_at)
    begin(s, step("next_turn")(2))
    assert events(s, "automa_no_hex") and s.automa_at == before and s.automa_used == 1
    assert len(events(s, "automa_skip")) == 14 and events(s, "automa_reshuffle")
    assert sorted(s.solo_deck + s.solo_discard) == list(range(14))


def test_the_automa_removes_citizens_and_one_cube_and_takes_no_rats():
    """MS-35.13, MS-35.14: the hex's citizens go to the supply; 1 of its cubes goes back and the
    automa advances 1 popularity space; it takes no rats and pays no fire."""
    s = solo()
    n_ = node(s, "A01")
    s.city_citizens[n_ * 3:n_ * 3 + 3] = [1, 1, 0]
    s.cubes[n_], s.cube_supply = 2, s.cube_supply - 2
    supply, rats = s.cube_supply, list(s.rats)
    automa_turn(s, "A01")
    assert s.city_citizens[n_ * 3:n_ * 3 + 3] == [0, 0, 0]
    assert s.cubes[n_] == 1 and s.cube_supply == supply + 1 and s.automa_popularity == 1
    assert s.rats == rats and s.fire == [0]
    automa_turn(s, "A02")                                 # no cube there: no step
    assert s.automa_popularity == 1


def test_the_automa_ignores_the_hex_action_and_does_the_tile_action():
    """MS-35.15, MS-35.17, MS-35.20: the hex's own action is ignored; the cart tile takes the
    face-up cart out of the game, paying nothing; the automa scores nothing."""
    s = solo()
    before = (list(s.coins), list(s.timber), list(s.score))
    cart = s.cart_stacks[0][0]
    automa_turn(s, "A04")
    assert s.automa_taken[2] == (cart,) and cart not in s.cart_stacks[0]
    assert (s.coins, s.timber, s.score) == before
    assert GAME.check_invariants(s) == []


def test_the_workshop_and_hut_upgrade_tiles():
    """MS-35.18, MS-35.19, MS-35.20: a workshop of the class shown; the face-up tile of every
    hut-upgrade stack; they leave the game and the next tiles are revealed."""
    s = solo()
    nun = s.workshop_stacks[2][0]
    automa_turn(s, "A02")                                 # workshop: nun
    assert s.automa_taken[1] == (nun,) and s.workshop_stacks[2][0] != nun
    tops = tuple(stack[0] for stack in s.hut_stacks)
    automa_turn(s, "A05")                                 # all hut upgrades
    assert s.automa_taken[0] == tops and all(stack[0] not in tops for stack in s.hut_stacks)
    assert GAME.check_invariants(s) == []


def test_the_ship_tile_takes_from_the_nearest_dock_with_random_ties():
    """MS-35.16, D-33, AMB-41: a ship from the nearest dock holding one (distance as for movement),
    ties among equally near ships at random; the ship and its cube leave play."""
    s = solo()
    near = dock_ship(s, "S1-silk", 0)                    # the NW dock, next to the NW harbour
    far = dock_ship(s, "S1-spices", 2)
    supply = s.cube_supply
    automa_turn(s, "NW")
    assert s.ship_at[near] == -2 and s.ship_at[far] == 2 and s.cube_supply == supply + 1
    picks = set()
    for seed in range(12):
        t = solo(seed)
        a, b = dock_ship(t, "S1-silk", 0), dock_ship(t, "S1-spices", 0)
        automa_turn(t, "NW")
        picks.add(a if t.ship_at[a] == -2 else b)
        assert sorted((t.ship_at[a], t.ship_at[b])) == [-2, 0]
    assert len(picks) == 2
    empty = solo()
    automa_turn(empty, "SW")
    assert events(empty, "automa_action")[-1]["action"] == "ship"


def test_a_visit_to_a_repopulated_hex_scores_for_the_player():
    """MS-35.21, MS-24.12: an automa lieutenant choosing a hex the player repopulated gives the
    player 2 points."""
    s = solo()
    s.repopulated_by[node(s, "A06")] = 0
    automa_turn(s, "A06")
    assert points(s, 0, "visits") == 2 and s.score[0] == 2


# ---------------------------------------------------------------------- final scoring
def _final(s):
    s._stack = None
    final_scoring(s)
    s._settle()
    return s


def test_the_popularity_bonus_against_the_automa():
    """MS-35.22, AMB-42: 5 points if the player's popularity space, after the rat penalty, equals
    or passes the automa's; none otherwise (no popularity ranking)."""
    for mine, rats, theirs, bonus in ((4, 0, 4, 5), (5, 0, 3, 5), (3, 0, 4, 0), (6, 3, 4, 0)):
        s = solo()
        s.books[POPULARITY], s.rats[0], s.automa_popularity = mine, rats, theirs
        _final(s)
        assert points(s, 0, "popularity_ranking") == bonus, (mine, rats, theirs)


@pytest.mark.parametrize("hexes, bonus, de", [(0, 0, 0), (1, 0, 0), (2, 3, 3), (3, 7, 4), (4, 10, 10), (5, 10, 10)])
def test_the_solo_repopulation_bonus(hexes, bonus, de):
    """MS-35.23, D-1, AMB-43: 2 hexes 3 points, 3 hexes 7 (DE option: 4), 4 or more 10, added to the
    printed hex points."""
    for option, expected in (("cz_pl", bonus), ("de", de)):
        s = solo(solo_repopulation=option)
        nodes = [n_ for n_ in range(s.board.hex_nodes) if s.hex_at[n_] >= 0][:hexes]
        for n_ in nodes:
            s.repopulated_by[n_] = 0
        printed = sum(s.data.hexes[s.hex_at[n_]].points for n_ in nodes)
        assert scoring_solo.repopulation_bonus(s, hexes) == expected
        _final(s)
        assert points(s, 0, "repopulated_hexes") == printed
        assert points(s, 0, "repopulation_bonus") == expected


def test_the_good_result_is_reported():
    """MS-35.24: the game reports the score against the book's good result of 130 points."""
    s = _final(solo())
    end = events(s, "final_scores")[-1]
    assert end["good_result"] == 130 and end["winners"] == [0]
    assert s.view(0)["automa"]["good_result"] == 130
    assert "a good result (130)" in GAME.render(s, 0)


def test_solo_games_finish_with_every_invariant():
    """MS-35 random play: every state keeps the invariants (the automa's included); a finished
    game replays from its record."""
    from ludoteka.kernel import record_of, replay
    from ludoteka.registry import game
    for seed in range(3):
        s = new(1, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_keys()))
            assert GAME.check_invariants(s) == []
        assert replay(record_of(s), game).scores() == s.scores()
        assert automa.lieutenants_this_round(s) == 5


def test_the_automa_disc_stops_on_the_last_popularity_space():
    """MS-35.14, MS-25.18: the automa's disc is on the popularity book and cannot pass its last
    space; the cube is still removed. A player on the last space has reached it (MS-35.22)."""
    s = solo()
    last = len(s.data.sides["2p"].books["popularity"].spaces) - 1
    s.automa_popularity = last
    n_ = node(s, "A01")
    s.cubes[n_], s.cube_supply = 1, s.cube_supply - 1
    automa_turn(s, "A01")
    assert s.cubes[n_] == 0 and s.automa_popularity == last
    assert events(s, "automa_fight")[-1]["advanced"] is False
    s.books[POPULARITY] = last
    assert scoring_solo.popularity_bonus_for(s, last) == 5


def test_the_advanced_solo_game_marks_used_one_time_squares():
    """MS-35.1, MS-35.5, MS-33.6: the solo game can use the advanced rules; activating the citizen on
    a one-time square of the side b board marks it (the spare marker) and it cannot be used again."""
    from ludoteka.boardgames.messina.model.sides import board_of

    from .test_citizens import make_state, play, run
    s = make_state(1, 2, advanced=True)
    board = board_of(s, 0)
    assert board.id.startswith("b") and s.view(0)["automa"]["good_result"] == 140
    square = board.one_time.index(True)
    s.squares[square] = 1
    run(s, 0, [("activate", 3, "")])
    play(s, f"square:{square}")
    assert s.one_time_used[square]
    while s.top() is not None and "stop" not in s.legal_keys():
        play(s, s.legal_keys()[0])
    if s.top() is not None:
        play(s, "stop")
    run(s, 0, [("activate", 3, "")])
    assert f"square:{square}" not in s.legal_keys()
