"""Every game as an OpenSpiel Python game: registration, game info, OpenSpiel's random-simulation
test, observation and information-state strings and tensors, serialization, and OpenSpiel's
MCTS and IS-MCTS bots playing whole games."""
from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ludoteka import registry
from ludoteka.envs import openspiel as ludoteka_openspiel

CONFIGS = [(name, players) for name in registry.games()
           for players in range(registry.game(name).min_players, registry.game(name).max_players + 1)]


def load(name: str, **params) -> pyspiel.Game:
    return pyspiel.load_game(ludoteka_openspiel.short_name(registry.game(name)), params)


def advanced(state, steps: int, rng: random.Random):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered_with_its_type_and_info():
    names = {g.short_name for g in pyspiel.registered_games()}
    assert {"python_ludoteka_notre_dame", "python_ludoteka_kingsburg",
            "python_ludoteka_messina_1347"} <= names
    game = load("notre-dame", players=4, carriage_may_stay=False, start_player="2")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    assert game.num_players() == 4 and game.num_distinct_actions() == len(
        registry.game("notre-dame").action_space(4))
    state = game.new_initial_state()
    assert state.ludoteka.options["carriage_may_stay"] is False and state.ludoteka.options["start_player"] == 2
    assert load("messina-1347", players=1).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_bad_parameters_are_named():
    with pytest.raises(Exception, match="nope"):
        load("kingsburg", nope=1)
    with pytest.raises(Exception, match="9 players"):
        load("kingsburg", players=9)


def test_each_new_game_takes_the_next_seed():
    game = load("kingsburg", players=2, seed=40)
    seeds = [game.new_initial_state().ludoteka.seed for _ in range(3)]
    assert seeds == [40, 41, 42]


@pytest.mark.parametrize("name,players", CONFIGS)
def test_openspiel_random_simulation_test_passes(name, players):
    # serialize=False: OpenSpiel serializes a sampled-stochastic game with its C++ RNG state,
    # which a Python game cannot provide; states serialize on their own (the next test).
    pyspiel.random_sim_test(load(name, players=players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name,players", [("notre-dame", 3), ("kingsburg", 4), ("messina-1347", 2)])
def test_states_serialize_clone_and_keep_hidden_information(name, players):
    game = load(name, players=players)
    rng = random.Random(3)
    state = advanced(game.new_initial_state(), 40, rng)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.observation_tensor(seat) == state.observation_tensor(seat)
    clone = state.clone()
    advanced(clone, 5, rng)
    assert str(state) == str(again) != str(clone)           # the clone is independent
    seat = state.current_player()
    for k in range(3):      # what the seat cannot tell apart gives it the same information
        other = state.resample_from_infostate(seat, random.Random(k).random)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.legal_actions() == state.legal_actions()
    tensor = np.array(state.information_state_tensor(seat))
    assert tensor.shape == tuple(game.information_state_tensor_shape()) and tensor.any()
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()


@pytest.mark.parametrize("name,players", [("notre-dame", 2), ("kingsburg", 2), ("messina-1347", 1)])
def test_openspiel_bots_play_whole_games(name, players):
    """OpenSpiel's own IS-MCTS (with the game's determinization as its resampler) plays seat 0
    and its MCTS seat 1, with random rollouts; small budgets keep the test short."""
    game = load(name, players=players)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    information_set = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=4,
                                       random_state=rng, allow_inconsistent_action_sets=True)
    information_set.set_resampler(lambda s, seat: s.resample_from_infostate(seat, rng.random_sample))
    perfect = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        bot = information_set if seat == 0 else perfect
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    returns = state.returns()
    assert decisions > 20
    if players > 1:
        assert all(r in (0.0, 0.5, 1.0) for r in returns) and sum(returns) == pytest.approx(1.0)
    else:
        assert returns == [float(state.ludoteka.scores()[0])]
