"""A table's game seed is hidden information: it makes every hidden card and future die. The
opening everyone sees tells games apart, so a seed drawn from a space small enough to try in
full could be found from the opening, and with it everything hidden. Tables (and rematches)
draw it from 63 bits."""
from __future__ import annotations

import json

import ludoteka
from ludoteka.server import tables


def test_the_public_opening_tells_seeds_apart():
    # Messina 1347: the face-up setup alone differs between seeds (so a search over seeds finds
    # the one true seed, and with it the hidden stacks)
    game = ludoteka.game("messina-1347")
    views = {json.dumps(game.new_state(2, seed).view(None), sort_keys=True) for seed in range(200)}
    assert len(views) == 200


def test_table_seeds_are_too_many_to_try(monkeypatch):
    asked = []
    monkeypatch.setattr(tables.secrets, "randbelow", lambda n: asked.append(n) or 0)
    assert tables.new_game_seed() == 0
    assert asked == [2**63]
