"""Messina 1347: determinizations depend only on what the seat sees (HID-1 - HID-8)."""
from __future__ import annotations

from collections import Counter

from ludoteka.boardgames.messina import GAME
from ludoteka.boardgames.messina.views.hidden import determinize
from ludoteka.boardgames.messina.views.view import view


def _swap(stack: tuple, i: int, j: int) -> tuple:
    s = list(stack)
    s[i], s[j] = s[j], s[i]
    return tuple(s)


def _other(state):
    """The same position with every hidden order changed (within what the seat cannot tell apart)."""
    t = state.clone()
    data = t.data
    c = [i for i, h in enumerate(t.hex_stack) if data.hexes[h].hex_class == "C"]
    t.hex_stack = _swap(t.hex_stack, c[0], c[-1])
    t.docking_stack = tuple(reversed(t.docking_stack))
    t.ship_stack = _swap(t.ship_stack, 0, 1) if data.ships[t.ship_stack[0]].number == \
        data.ships[t.ship_stack[1]].number else t.ship_stack
    a, b = t.hut_stacks[0], t.hut_stacks[1]
    t.hut_stacks = (a[:2] + b[2:3] + a[3:], b[:2] + a[2:3] + b[3:], t.hut_stacks[2])
    t.workshop_stacks = tuple(st[:1] + tuple(reversed(st[1:])) for st in t.workshop_stacks)
    t.late_stacks = tuple(tuple(reversed(st)) for st in t.late_stacks)
    carts = [list(st) for st in t.cart_stacks]
    if len(carts) == 2:
        carts[0][2], carts[1][2] = carts[1][2], carts[0][2]
    t.cart_stacks = tuple(tuple(st) for st in carts)
    return t


def test_same_view_same_determinization():
    """HID-1 - HID-6: two states differing only in hidden orders look alike and determinize alike."""
    for players in (2, 3, 4):
        s = GAME.new_state(players, seed=11)
        t = _other(s)
        assert t.to_json() != s.to_json()
        for seat in range(players):
            assert view(s, seat) == view(t, seat)
            assert s.events(seat) == t.events(seat)
            assert determinize(s, seat, 7).to_json() == determinize(t, seat, 7).to_json()


def test_determinization_keeps_what_is_seen():
    """HID-4 - HID-6: face-up tops, stack sizes, known bottoms and cart numbers stay; tiles only move."""
    s = GAME.new_state(3, seed=2)
    s.hut_stacks = tuple(st[1:] + st[:1] for st in s.hut_stacks)
    s.known_bottom = [1, 1, 1, 0, 0, 0]
    for seed in range(5):
        d = determinize(s, 0, seed)
        assert view(d, 0) == view(s, 0)
        assert sorted(t for st in d.hut_stacks for t in st) == sorted(t for st in s.hut_stacks for t in st)
        assert [st[-1] for st in d.hut_stacks] == [st[-1] for st in s.hut_stacks]
        assert Counter(d.hex_stack) == Counter(s.hex_stack)
        assert [d.data.hexes[h].hex_class for h in d.hex_stack] == [s.data.hexes[h].hex_class for h in s.hex_stack]
        assert [[d.data.carts[c].number for c in st] for st in d.cart_stacks] == \
            [[s.data.carts[c].number for c in st] for st in s.cart_stacks]
        assert s.to_json() != d.to_json()


def test_determinizations_vary_with_the_seed():
    """RND-3, RND-7: the hidden orders are really resampled."""
    s = GAME.new_state(4, seed=3)
    seen = {(determinize(s, 0, seed).hex_stack, determinize(s, 0, seed).hut_stacks) for seed in range(6)}
    assert len(seen) > 1


def test_two_player_removed_carts_may_swap_with_unseen_ones():
    """HID-6, MS-3.9: in a 2-player game the unseen cart of each pair may be the removed one."""
    s = GAME.new_state(2, seed=4)
    stacks = {determinize(s, 0, seed).cart_stacks for seed in range(12)}
    assert len(stacks) > 1
    assert all(st[0][0] == s.cart_stacks[0][0] for st in stacks)
