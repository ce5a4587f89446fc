"""A seat's view as a fixed-size vector: named features, a pinned vocabulary per game, hashing beyond it."""
from __future__ import annotations

import hashlib
import random

import pytest

from ludoteka import registry
from ludoteka.envs.observation import (VOCABULARY_DIR, ViewEncoder, encoder_for, features,
                                       read_vocabulary)

# Each vocabulary's first names, pinned: a slot must keep its meaning across releases. New
# names are appended by scripts/feature_vocabulary.py; these (count, digest) pairs never change.
PINNED = {"notre-dame": (686, "5e7423bcbe94c12f"), "kingsburg": (766, "b9ed8a87ac0d1981"),
          "messina-1347": (2342, "c0fb0e276f59fca4")}


def _digest(names):
    return hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]


def test_features_name_every_json_value():
    view = {"round": 2, "open": True, "phase": "draft", "hand": ["park", "bank", "park"],
            "players": [{"coins": 3, "friend": None}], "dice": [4, 1]}
    assert features(view) == [
        ("round", 2.0), ("open", 1.0), ("phase=draft", 1.0),
        ("hand#", 3.0), ("hand[]=park", 1.0), ("hand[]=bank", 1.0), ("hand[]=park", 1.0),
        ("players#", 1.0), ("players[0].coins", 3.0), ("players[0].friend=null", 1.0),
        ("dice#", 2.0), ("dice[0]", 4.0), ("dice[1]", 1.0)]
    with pytest.raises(TypeError, match="not set at players"):
        features({"players": {1, 2}})


@pytest.mark.parametrize("name", ["notre-dame", "kingsburg", "messina-1347"])
def test_the_guide_is_for_people_not_a_feature(name):
    # The "what happens next" line and warnings (issue 23) restate the view in English.
    game = registry.game(name)
    view = game.new_state(game.min_players, 3).view(0)
    assert "guide" in view
    assert features(view) == features({k: v for k, v in view.items() if k != "guide"})


def test_vocabulary_names_have_their_own_slot_and_other_names_hash_after_it():
    encoder = ViewEncoder(["a", "b=x"], capacity=8, hashed=16)
    vector = encoder.encode({"a": 5, "b": "x", "c": 2})
    assert encoder.size == 24 and len(vector) == 24
    assert vector[0] == 5.0 and vector[1] == 1.0
    assert 8 <= encoder.slot("c") < 24 and vector[encoder.slot("c")] == 2.0
    assert ViewEncoder(["a", "b=x"], 8, 16).slot("c") == encoder.slot("c")      # the same in every run
    assert encoder.unknown({"a": 1, "c": 2}) == ["c"] and encoder.explain({"a": 1}, 0) == ["a"]
    with pytest.raises(ValueError, match="does not fit its capacity"):
        ViewEncoder(["a", "b"], capacity=1)
    with pytest.raises(ValueError, match="hashed slots"):
        ViewEncoder(hashed=3)


def test_a_malformed_vocabulary_file_is_named(tmp_path):
    bad = tmp_path / "game.txt"
    bad.write_text("# hashed 64\nround\n")
    with pytest.raises(ValueError, match="no '# capacity N' line"):
        read_vocabulary(bad)
    bad.write_text("# capacity many\nround\n")
    with pytest.raises(ValueError, match="game.txt:1: capacity must be a whole number"):
        read_vocabulary(bad)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_each_vocabulary_keeps_its_pinned_order(name):
    names, capacity, hashed = read_vocabulary(VOCABULARY_DIR / f"{name}.txt")
    count, digest = PINNED[name]
    assert len(names) >= count and len(set(names)) == len(names) <= capacity
    assert _digest(names[:count]) == digest
    assert encoder_for(name).size == capacity + hashed


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_vocabulary_covers_nearly_every_feature_of_new_games(name):
    """Games the vocabulary was not grown from: under 1% of their features fall outside it."""
    game, encoder = registry.game(name), encoder_for(name)
    total = unknown = 0
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_state(players, 5000 + players)
        rng = random.Random(players)
        while state.to_act is not None:
            view = state.view(state.to_act)
            total += len(features(view))
            unknown += len(encoder.unknown(view))
            state.apply(rng.choice(state.legal_keys()))
    assert total > 1000 and unknown / total < 0.01, (unknown, total)


def test_a_game_without_a_vocabulary_is_hashed_whole():
    encoder = encoder_for("no-such-game")
    assert encoder.capacity == 0 and encoder.size >= 1024
    assert encoder.encode({"a": 1})[encoder.slot("a")] == 1.0
