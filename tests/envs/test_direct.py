"""The direct observation encoders (ludoteka.envs.direct): for every game and player count, a
seat's vector is the same across states that differ only in what it may not see (the game's
determinizations), changes when what it may see changes, and carries the same information as
its view (the generic encoder's input) on sampled states."""
from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest

from ludoteka import registry
from ludoteka.envs import openspiel as ludoteka_openspiel
from ludoteka.envs.direct import direct_encoder, seat_order
from ludoteka.envs.observation import encoder_for
from ludoteka.envs.pettingzoo import env
from ludoteka.kernel.fields import LIST, SCALAR, TUPLE, TUPLES

CONFIGS = [(name, players) for name in registry.games()
           for players in range(registry.game(name).min_players, registry.game(name).max_players + 1)]
HIDDEN_RULES = {"notre-dame": ("ND-5.3", "ND-6.4", "ND-10.3"), "kingsburg": ("KB-19.5", "KB-19.6"),
                "messina-1347": ("HID-1", "HID-3", "HID-4", "HID-5")}
VARIANTS = {"kingsburg": {"reinforcements": "soldier_tokens"}, "notre-dame": {"open_prestige": True},
            "messina-1347": {"advanced": True}}


def sampled_states(name: str, players: int, options: dict, games: int = 2, every: int = 7):
    """States along random games (every `every`-th decision, and the end)."""
    game = registry.game(name)
    for seed in range(games):
        state = game.new_state(players, seed, options)
        rng = random.Random(seed)
        step = 0
        while state.to_act is not None:
            if step % every == 0:
                yield state.clone()
            keys = state.legal_keys()
            state.apply(keys[rng.randrange(len(keys))])
            step += 1
        yield state


def view_text(state, seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def rules_for(name: str):
    return pytest.mark.rule(*HIDDEN_RULES[name])


@pytest.mark.parametrize("name,players", [pytest.param(n, p, marks=rules_for(n)) for n, p in CONFIGS])
@pytest.mark.parametrize("variant", [False, True])
def test_the_direct_observation_shows_exactly_what_the_view_shows(name, players, variant):
    """Over sampled states and their determinizations from each seat: equal views give equal
    vectors (nothing hidden leaks in) and different views different vectors (nothing visible
    is lost); so the vector and the view determine each other on the sample."""
    game = registry.game(name)
    options = VARIANTS[name] if variant else {}
    probe = game.new_state(players, 0, options)
    encoder = direct_encoder(game, players, probe.options)
    by_vector: dict[tuple[int, bytes], str] = {}
    by_view: dict[tuple[int, str], bytes] = {}
    determinized = 0
    for state in sampled_states(name, players, options):
        for seat in range(players):
            vector = encoder.encode(state, seat)
            assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
            assert -0.01 <= vector.min() and vector.max() <= 2.0
            pairs = [(vector.tobytes(), view_text(state, seat))]
            if state.to_act is not None:
                for k in range(2):
                    other = state.determinize(seat, 1000 + k)
                    pairs.append((encoder.encode(other, seat).tobytes(), view_text(other, seat)))
                    determinized += 1
            for data, text in pairs:
                assert by_vector.setdefault((seat, data), text) == text, "one vector, two views"
                assert by_view.setdefault((seat, text), data) == data, "one view, two vectors"
    assert determinized > 0 and len(by_view) > 10


@pytest.mark.parametrize("name,players", CONFIGS)
def test_the_direct_observation_is_egocentric(name, players):
    """Seat-valued parts are one-hot from the observing seat: `to_act` is slot 0 of its block
    exactly when the observing seat acts."""
    game = registry.game(name)
    state = next(s for s in sampled_states(name, players, {}, games=1, every=5) if s.version > 3
                 and s.to_act is not None)
    encoder = direct_encoder(game, players, state.options)
    start = encoder.layout.start("to_act")
    for seat in range(players):
        vector = encoder.encode(state, seat)
        block = vector[start:start + players + 1]
        assert block.sum() == 1 and block[seat_order(seat, players).index(state.to_act)] == 1


@pytest.mark.parametrize("name,players", [("notre-dame", 4), ("kingsburg", 3), ("messina-1347", 2)])
def test_the_direct_vector_is_smaller_than_the_generic_one_and_documented(name, players):
    game = registry.game(name)
    encoder = direct_encoder(game, players, game.new_state(players, 0).options)
    assert encoder.size < encoder_for(name).size
    blocks = encoder.layout.describe()
    assert blocks[0]["slots"][0] == 0 and blocks[-1]["slots"][1] == encoder.size
    assert all(a["slots"][1] == b["slots"][0] for a, b in zip(blocks, blocks[1:]))


def perturbed(state, rng: random.Random):
    """Copies of `state` with one declared field changed a little (one entry +1 or flipped, or a
    pile one card shorter), each with the field's name; values stay within declared bounds."""
    for field in type(state).FIELDS:
        value = getattr(state, field.name, None)
        changes = []
        if field.store == SCALAR and type(value) in (int, bool):
            changes = [(None, value)]
        elif field.store == LIST and value:
            changes = [(i, value[i]) for i in rng.sample(range(len(value)), min(4, len(value)))]
        elif field.store == TUPLES and value:
            changes = [(i, value[i]) for i in range(len(value)) if value[i]][:4]
        elif field.store == TUPLE and value and not field.nested:
            changes = [(-1, value)]
        for index, old in changes:
            if field.store in (TUPLES, TUPLE):
                new = old[:-1]
            elif type(old) is bool:
                new = not old
            else:
                new = old + 1 if field.hi is None or old < field.hi else old - 1
                if field.lo is not None and new < field.lo:
                    continue
            copy = state.clone()
            if index is None or field.store == TUPLE:
                setattr(copy, field.name, new if field.store != TUPLE else tuple(new))
            else:
                items = list(getattr(copy, field.name))
                items[index] = new
                setattr(copy, field.name, items)
            yield field.name, copy


@pytest.mark.parametrize("name,players", [pytest.param(n, p, marks=rules_for(n)) for n, p in CONFIGS])
def test_a_change_the_seat_can_see_changes_its_vector_and_no_other_does(name, players):
    """Every declared field of sampled states changed a little, one at a time: when the seat's
    view changes, its vector changes; when the view stays (a hidden or unshown field), so does
    the vector. Changes the view or encoder cannot even read (out of the game's domain) are skipped."""
    game = registry.game(name)
    encoder = direct_encoder(game, players, game.new_state(players, 0).options)
    rng = random.Random(7)
    checked = {True: set(), False: set()}
    for k, state in enumerate(sampled_states(name, players, {}, games=1, every=23)):
        if k % 2:
            continue
        for field, copy in perturbed(state, rng):
            for seat in range(players):
                try:
                    before, after = view_text(state, seat), view_text(copy, seat)
                    vector = encoder.encode(copy, seat)
                except (IndexError, KeyError, ValueError, TypeError):
                    continue
                changed = before != after
                same = np.array_equal(vector, encoder.encode(state, seat))
                assert same != changed, (f"{field}: the view {'changed' if changed else 'stayed'} "
                                         f"but the vector {'stayed' if same else 'changed'} (seat {seat})")
                checked[changed].add(field)
    assert len(checked[True]) > 8, checked


@pytest.mark.parametrize("name,players", [("notre-dame", 3), ("kingsburg", 2), ("messina-1347", 1)])
def test_pettingzoo_and_openspiel_observe_with_the_direct_encoder_by_default(name, players):
    game = registry.game(name)
    encoder = direct_encoder(game, players, game.new_state(players, 0).options)
    e = env(name, players=players)
    e.reset(seed=5)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    observation = e.observe(agent)["observation"]
    assert e.observation_space(agent)["observation"].shape == (encoder.size,)
    assert np.array_equal(observation, encoder.encode(e.state, seat))
    generic = env(name, players=players, observation="view")
    generic.reset(seed=5)
    assert generic.observe(agent)["observation"].shape == (encoder_for(name).size,)
    with pytest.raises(ValueError, match="observation must be one of"):
        env(name, players=players, observation="json")
    spiel = pyspiel.load_game(ludoteka_openspiel.short_name(game), {"players": players})
    state = spiel.new_initial_state()
    assert spiel.observation_tensor_size() == encoder.size
    assert state.observation_tensor(0) == encoder.encode(state.ludoteka, 0).tolist()
