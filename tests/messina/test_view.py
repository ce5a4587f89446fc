"""Messina 1347: what players see (view, components, render)."""
from __future__ import annotations

import json
import random

import pytest

from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.views.render import BANNER, render
from ludoteka.boardgames.messina.model.state import OVERSEERS
from ludoteka.boardgames.messina.rules.activation import groups_for, space_at
from ludoteka.boardgames.messina.views.view import components, dock_coords, view

from .helpers import new


def played(players: int, seed: int, steps: int):
    s = GAME.new_state(players, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.to_act is None:
            break
        s.apply(r.choice(s.legal_keys()))
    return s


def test_view_is_json_ready_and_keyed_by_component_ids():
    """MS-2.1: the starting city and the harbours and docks are drawn from their component ids."""
    s = GAME.new_state(3, seed=1)
    v = view(s, 0)
    json.dumps(v)
    assert v["reconstructed"] is True and v["data_set"] == s.data.data_set
    kinds = {e["kind"] for e in v["city"].values()}
    assert kinds == {"hex", "harbour", "dock"}
    assert {"NW", "NE", "SE", "SW", "dock:NW", "dock:SE"} <= set(v["city"])
    assert len([e for e in v["city"].values() if e["kind"] == "hex"]) == s.board.starts
    assert len(v["empty_locations"]) == 6
    assert v["acting"] == [s.to_act]


def test_docks_lie_one_step_outward_from_their_harbour():
    s = GAME.new_state(4, seed=2)
    b = s.board
    docks = dock_coords(b)
    assert len(set(docks)) == 4 and not set(docks) & set(b.coords)
    for k, (q, r) in enumerate(docks):
        hq, hr = b.coords[b.first_harbour + k]
        assert (q - hq, r - hr) in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_hidden_stacks_show_only_tops_and_sizes():
    """HID-4, HID-5, HID-6: face-up tops and sizes only; the late workshops hidden before round V."""
    s = GAME.new_state(3, seed=5)
    sb = view(s, 1)["scoring_board"]
    for st, stack in zip(sb["hut_stacks"], s.hut_stacks):
        assert st == {"size": len(stack), "top": s.data.hut_upgrades[stack[0]].id, "known_bottom": []}
    assert all(st["top"] is None for st in sb["late_stacks"])
    text = json.dumps(view(s, 1))
    for stack in s.hut_stacks:
        for t in stack[1:]:
            assert f'"{s.data.hut_upgrades[t].id}"' not in text


def test_known_bottom_tiles_are_public():
    """HID-4: tiles moved to the bottom by a reshuffle are known to everyone."""
    s = GAME.new_state(3, seed=5)
    s.hut_stacks = tuple(st[1:] + st[:1] for st in s.hut_stacks)
    s.known_bottom = [1, 1, 1, 0, 0, 0]
    sb = view(s, 0)["scoring_board"]
    for st, stack in zip(sb["hut_stacks"], s.hut_stacks):
        assert st["known_bottom"] == [s.data.hut_upgrades[stack[-1]].id]


def test_two_player_removed_cart_stack_is_not_shown():
    """HID-6, MS-3.9: one cart stack in a 2-player game; the removed one is hidden."""
    s = GAME.new_state(2, seed=3)
    sb = view(s, 0)["scoring_board"]
    assert len(sb["cart_stacks"]) == 1 and sb["cart_stacks"][0]["numbers"] == [1, 2, 3, 4, 5]


def test_holdings_are_public():
    """AMB-52: every seat sees the same view of every holding."""
    s = played(3, 4, 60)
    a, b = view(s, 0), view(s, 2)
    assert a["players"] == b["players"] and a["city"] == b["city"]


def test_components_cover_every_kind_with_text():
    cs = components(GAME.data)
    kinds = {c["kind"] for c in cs}
    assert {"city_hex", "harbour", "ship", "cart", "hut_upgrade", "workshop", "book_space", "square",
            "scroll_track", "wheel_window", "round_row"} <= kinds
    assert all(c["id"] and c["name"] and c["text"] for c in cs)
    assert len({c["id"] for c in cs}) == len(cs)
    assert any(c.get("reconstructed") for c in cs)


def test_render_fits_a_100_column_terminal_and_shows_the_banner():
    for players in (2, 3, 4):
        s = played(players, players, 80)
        for full in (False, True):
            text = render(s, 0, full)
            assert BANNER in text
            assert max(len(line) for line in text.splitlines()) <= 100, text
    text = render(played(3, 1, 0), 0)
    assert "/dock NW" in text and "e0" in text


@pytest.mark.rule("MS-16.2", "MS-16.3", "MS-17.3", "MS-17.4", "MS-17.5")
def test_each_square_says_which_overseer_spaces_reach_it():
    """A square's component lists the overseer path spaces that can activate it (a browser audit
    could not tell which overseer would ever reach a citizen placed there): exactly the spaces
    whose groups (the rules' own, activation.groups_for) hold the square, the centre left out.
    Side a: the nun's step 1 is the pair of squares 12 and 13 (MS-EX-6)."""
    state = GAME.new_state(2, 1)
    by_id = {c["id"]: c for c in components(state.data)}
    assert ["nun", "", 1] in by_id["square:a:12"]["reached_by"]
    assert ["nun", "", 1] not in by_id["square:a:14"]["reached_by"]
    assert ["artisan", "left", 2] in by_id["square:a:0"]["reached_by"]
    for cls, name in enumerate(OVERSEERS):
        for branch in (1, 2):
            state.overseer_branch[cls] = branch
            for step in range(1, 6):
                space = space_at(state, 0, cls, step)
                held = {sq for squares, _ in groups_for(state, 0, space, cls, False) for sq in squares}
                for sq in range(18):
                    entry = [name, "" if step == 1 else ("left", "right")[branch - 1], step]
                    assert (entry in by_id[f"square:a:{sq}"]["reached_by"]) == (sq in held), (entry, sq)


@pytest.mark.rule("MS-30.2", "MS-31.2", "MS-31.9", "MS-31.13")
def test_each_player_sees_what_the_final_scoring_would_give_if_the_game_ended_now():
    """Most of Messina's points come at the end, so the score alone does not show who leads (a
    phone audit: "the hint said -8.2 at round 2, the end screen 3 against 37"). The view gives each
    seat its score if round VI ended now and what each final-scoring category would add, with the
    book's numbers (MS-EX-12: 7 rats lose 13 points and 7 popularity spaces; 8 markers give 2)."""
    s = new(3)
    s.rats[0] = 7
    s.coins[0], s.fire[0], s.large_fire[0], s.timber[0] = 4, 2, 1, 1
    s.books[0:3] = [10, 6, 2]                       # popularity back to 3 after the rats
    before = json.dumps(s.to_json())
    v = view(s, 1)
    assert json.dumps(s.to_json()) == before        # the view scored a copy
    ended = v["players"][0]["if_ended_now"]
    books = s.data.sides["3-4p"].books
    assert ended["gains"]["rat_penalty"] == -13
    assert ended["gains"]["remaining_markers"] == 2
    assert ended["gains"]["books"] == books["popularity"].points[3] + books["city"].points[6] + books["church"].points[2]
    for p in v["players"]:
        assert p["if_ended_now"]["score"] == p["score"] + sum(p["if_ended_now"]["gains"].values())
        assert sum(t["points"] for t in p["scroll_points"].values()) == p["if_ended_now"]["gains"].get("scroll_board", 0)
    assert f"({ended['score']} if the game ended now)" in render(s, 0)
    assert "rat penalty -13" in render(s, 0)


@pytest.mark.rule("MS-31.9", "MS-33.18", "MS-30.1")
def test_the_scroll_tracks_points_are_those_the_final_scoring_would_give_now():
    """Each scroll track's points are counted as the final scoring counts them, after the rat
    penalty has moved the popularity disc back (a review: side b's popularity-book track showed 5
    points where the final scoring would give none). A seat on scroll board b1 past the popularity
    book's single bar (space 9 > 8) with 6 rats falls back to space 3 first; then random advanced
    games, every seat."""
    s = new(3, advanced=True)
    s.scroll_board[0] = 1                                    # b1: its third track is the popularity book
    s.books[0], s.rats[0] = 9, 6
    s.scroll[2] = 2
    p = view(s, 0)["players"][0]
    assert p["scroll_points"]["popularity_book"] == {"items": 0, "points": 0}
    s.rats[0] = 0
    assert view(s, 0)["players"][0]["scroll_points"]["popularity_book"]["items"] == 1
    checked = 0
    for seed in range(6):
        s = GAME.new_state(3, seed, {"advanced": True})
        r = random.Random(seed)
        for step in range(400):
            if s.to_act is None:
                break
            if step % 25 == 0:
                for p in view(s, 0)["players"]:
                    tracks = sum(t["points"] for t in p["scroll_points"].values())
                    assert tracks == p["if_ended_now"]["gains"].get("scroll_board", 0), (seed, step, p["seat"])
                    checked += 1
            s.apply(r.choice(s.legal_keys()))
    assert checked > 100


def test_once_the_game_is_over_the_score_is_final():
    """No projection after the final scoring: the score is the result."""
    s = played(2, 5, 10_000)
    assert s.to_act is None
    assert all(p["if_ended_now"] is None for p in view(s, 0)["players"])
    assert "if the game ended now" not in render(s, 0)
