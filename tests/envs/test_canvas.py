"""The direct encoders' seat-order canvas (ludoteka.envs.direct.canvas): the vector it gives is
exactly the from-scratch one (the write function's), after every decision of a random game of
every game and player count, whatever seat observes, and when one canvas jumps between states
(an older clone); the seats' private parts never enter it."""
from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteka import registry
from ludoteka.envs.direct import Layout, direct_encoder
from ludoteka.envs.direct.base import DirectEncoder
from ludoteka.envs.direct.canvas import MISSING, Section, clear_ranges

VARIANTS = {"kingsburg": {"reinforcements": "soldier_tokens"}, "notre-dame": {"open_prestige": True},
            "messina-1347": {"advanced": True}}
HIDDEN_RULES = {"notre-dame": ("ND-5.3", "ND-6.4", "ND-10.3"), "kingsburg": ("KB-19.5", "KB-19.6"),
                "messina-1347": ("HID-1", "HID-3", "HID-4", "HID-5")}
# one random game per game and player count; the rule variant on every other player count
CONFIGS = [pytest.param(name, players, players % 2 == 0, marks=pytest.mark.rule(*HIDDEN_RULES[name]))
           for name in registry.games()
           for players in range(registry.game(name).min_players, registry.game(name).max_players + 1)]


# per vector size: a reused `out` that is every other slot of a longer array (not per encoder id:
# a collected encoder's id comes back for a new one of another size, and the `out` did not fit)
STRIDED = {}


def assert_same(encoder, state, seat, where):
    """The canvas vector equals the from-scratch one, also written into a reused, strided `out`
    that held another seat's vector before (the private part goes through a memoryview of it),
    and the canvas holds no private slot (it is written into the seat's own vector only)."""
    vector = encoder.encode(state, seat)
    expected = encoder.encode_scratch(state, seat)
    assert np.array_equal(vector, expected), (
        f"{where}, seat {seat}: slots {np.flatnonzero(vector != expected)[:10].tolist()} differ")
    out = STRIDED.setdefault(encoder.size, np.full(2 * encoder.size, 7.0, np.float32)[::2])
    assert encoder.encode(state, seat, out) is out and np.array_equal(out, expected), f"{where}, seat {seat}: out"
    free = [name for name in encoder.layout.blocks
            if not any(name in section.blocks for section in encoder.sections)]
    private = clear_ranges(encoder.layout, tuple(free), set())
    assert not any(encoder.canvas.array[a:b].any() for a, b in private), "a private part is in the canvas"


@pytest.mark.parametrize("name,players,variant", CONFIGS)
def test_the_canvas_vector_is_the_from_scratch_one_after_every_decision(name, players, variant):
    """Every decision of a random game: the acting seat's vector from the canvas equals the
    write function's; now and then another seat's, and an older clone's (the canvas then
    serves a state that went another way, and the next decision's state after it)."""
    game = registry.game(name)
    options = VARIANTS[name] if variant else {}
    state = game.new_state(players, players, options)
    encoder = direct_encoder(game, players, state.options)
    assert encoder.sections, "the encoder has a canvas"
    rng = random.Random(players)
    old = state.clone()
    step = 0
    while True:
        seat = state.to_act if state.to_act is not None else rng.randrange(players)
        assert_same(encoder, state, seat, f"decision {step}")
        if step % 5 == 0:
            assert_same(encoder, state, rng.randrange(players), f"decision {step}, another seat")
        if step % 23 == 0:
            assert_same(encoder, old, rng.randrange(players), f"decision {step}, an older clone")
            old = state.clone()
        if state.to_act is None:
            break
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
        step += 1


def test_a_canvas_per_game_followed_and_forget():
    """Two canvases of one encoder follow two games; `forget` makes the next call write all."""
    game = registry.game("kingsburg")
    states = [game.new_state(3, seed) for seed in (1, 2)]
    encoder = direct_encoder(game, 3, states[0].options)
    canvases = [encoder.new_canvas(), encoder.new_canvas()]
    rng = random.Random(5)
    for _ in range(40):
        for state, canvas in zip(states, canvases):
            out = np.empty(encoder.size, np.float32)
            assert encoder.encode(state, state.to_act, out, canvas) is out
            assert np.array_equal(out, encoder.encode_scratch(state, state.to_act))
            keys = state.legal_keys()
            state.apply(keys[rng.randrange(len(keys))])
    encoder.encode(states[0], 0)
    encoder.forget()
    assert all(saved is MISSING for saved in encoder.canvas.saved) and not encoder.canvas.copies


def test_sections_must_cover_the_layout_and_private_blocks_start_at_zero():
    """A block in no section, a private block with lo != 0 or declaring seats are named errors."""
    layout = Layout()
    layout.value("a", 2, 0, 4, ego=(1, 0, 1))
    layout.value("b", 1, 1, 4)
    layout.flags("c", 2)
    write = Section(("a",), lambda state, canvas: None)
    with pytest.raises(ValueError, match="every block must belong"):
        DirectEncoder(layout, lambda state, seat: ([], [], [], []), (), [write], None, ("b",), 2)
    with pytest.raises(ValueError, match="start at 0"):
        DirectEncoder(layout, lambda state, seat: ([], [], [], []), (), [write, Section(("c",), write.write)],
                      None, ("b",), 2)
    with pytest.raises(ValueError, match="chunks"):
        layout.flags("d", 3, ego=(2, 0, 1))
