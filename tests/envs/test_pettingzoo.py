"""Every game as a PettingZoo AEC environment: PettingZoo's API test, whole games by random agents,
rewards, determinism, hidden information and bad actions."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from ludoteka import registry
from ludoteka.kernel import BadOption, IllegalAction, UnknownGame, state_digest
from ludoteka.envs.pettingzoo import env
from notre_dame.helpers import _swap_cards

CONFIGS = [(name, players) for name in registry.games()
           for players in range(registry.game(name).min_players, registry.game(name).max_players + 1)]


def play(e, seed: int, rng: random.Random) -> tuple[int, dict[str, float]]:
    """A whole game by agents choosing uniformly among the masked actions; (steps, final rewards)."""
    e.reset(seed=seed)
    steps, final = 0, {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        assert observation["observation"].dtype == np.float32
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps, final


@pytest.mark.parametrize("name,players", CONFIGS)
def test_pettingzoo_api_test_passes(name, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # PettingZoo warns that a dict observation is not an array
        api_test(env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name,players", [("notre-dame", 4), ("kingsburg", 3), ("messina-1347", 2)])
def test_random_agents_play_whole_games_with_the_final_result_as_reward(name, players):
    e = env(name, players=players)
    for seed in range(2):
        steps, final = play(e, seed, random.Random(seed))
        assert steps == len(e.state.history()) > 10
        assert set(final) == set(e.possible_agents)
        winners = e.state.winners()
        for seat, agent in enumerate(e.possible_agents):
            assert final[agent] == pytest.approx(1 / len(winners) if seat in winners else 0.0)
    scored = env(name, players=players, reward="score")
    _, final = play(scored, 0, random.Random(0))
    assert [final[a] for a in scored.possible_agents] == [float(s) for s in scored.state.scores()]


def test_the_same_seed_gives_the_same_game_and_resets_without_one_go_on():
    a, b = env("kingsburg", players=3), env("kingsburg", players=3)
    play(a, 7, random.Random(1))
    play(b, 7, random.Random(1))
    assert state_digest(a.state) == state_digest(b.state)
    a.reset(seed=3)
    first = a.seed
    a.reset()
    second = a.seed
    b.reset(seed=3)
    b.reset()
    assert first == 3 and second != first and b.seed == second


@pytest.mark.parametrize("name,players,private", [("notre-dame", 4, True), ("kingsburg", 4, False),
                                                  ("messina-1347", 3, False)])
def test_a_seat_observes_nothing_it_may_not_see(name, players, private):
    """States that differ only in what seat s may not see (the game's determinizations from s's
    side) give s the same observation. Where seats hold private cards (Notre Dame's hands),
    other seats' observations do differ, so the test has hidden information to keep."""
    e = env(name, players=players)
    rng = random.Random(5)
    others_differ = 0
    for seed in range(3):
        e.reset(seed=seed)
        for _ in range(rng.randrange(5, 60)):
            if e.state.to_act is None:
                break
            e.step(e.space.index(rng.choice(e.state.legal_keys())))
        if e.state.to_act is None:
            continue
        real = e.state
        for seat, agent in enumerate(e.possible_agents):
            mine = e.observe(agent)
            for k in range(3):
                e.state = real.determinize(seat, 100 * seed + k)
                other = e.observe(agent)
                assert np.array_equal(other["observation"], mine["observation"]), (seat, k)
                assert np.array_equal(other["action_mask"], mine["action_mask"])
                others_differ += any(not np.array_equal(e.observe(a)["observation"], real_obs)
                                     for a, real_obs in _observations(e, real).items() if a != agent)
            e.state = real
    if private:
        assert others_differ > 0, "the determinizations never changed any hidden information"
    print(f"{name}: another seat's observation changed in {others_differ} determinizations")


def _observations(e, state):
    saved, e.state = e.state, state
    out = {a: e.observe(a)["observation"] for a in e.possible_agents}
    e.state = saved
    return out


def test_bad_actions_and_settings_are_named_and_change_nothing():
    e = env("notre-dame", players=3)
    e.reset(seed=1)
    before = state_digest(e.state)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=e.space.key(illegal).replace("+", r"\+")):
        e.step(illegal)
    with pytest.raises(IndexError, match=r"outside 0\.\.\d+"):
        e.step(len(e.space))
    with pytest.raises(IllegalAction):
        e.step(None)
    assert state_digest(e.state) == before
    with pytest.raises(UnknownGame, match="known games"):
        env("chess")
    with pytest.raises(BadOption, match="9 players"):
        env("kingsburg", players=9)
    with pytest.raises(BadOption, match="unknown option 'nope'"):
        env("kingsburg", players=2, options={"nope": 1})
    with pytest.raises(ValueError, match="reward must be one of win, score"):
        env("kingsburg", players=2, reward="elo")
    rendered = env("kingsburg", players=2, render_mode="ansi")
    rendered.reset(seed=0)
    assert "kingsburg" in rendered.render().lower() or len(rendered.render()) > 50


def first_legal_game(e, seed: int) -> tuple[int, int, int]:
    """A whole game choosing the first legal index: (steps, single-option steps, forced in infos)."""
    e.reset(seed=seed)
    steps = singles = 0
    forced = sum(e.infos[a].get("forced", 0) for a in e.possible_agents)     # each counts its own
    for agent in e.agent_iter():
        observation, _, termination, truncation, info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        singles += len(legal) == 1
        e.step(int(legal[0]))
        steps += 1
        forced += sum(e.infos[a].get("forced", 0) for a in e.possible_agents)
    return steps, singles, forced


@pytest.mark.parametrize("name,players", [("kingsburg", 2), ("messina-1347", 2), ("messina-1347", 1)])
def test_skip_forced_applies_single_option_decisions_inside_and_counts_them(name, players):
    plain, skipping = env(name, players=players), env(name, players=players, skip_forced=True)
    steps, singles, _ = first_legal_game(plain, 5)
    skipped_steps, skipped_singles, forced = first_legal_game(skipping, 5)
    assert singles > 0 and skipped_singles == 0          # no agent is asked a forced question
    assert forced == skipping.forced == sum(skipping.forced_by_seat) > 0
    assert skipped_steps + forced == steps == len(plain.state.history())
    assert state_digest(skipping.state) == state_digest(plain.state)    # the same game
    assert skipping.rewards == plain.rewards


def test_skip_forced_passes_the_api_test_and_checks_its_value():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("kingsburg", players=3, skip_forced=True), num_cycles=200)
    with pytest.raises(ValueError, match="skip_forced"):
        env("kingsburg", skip_forced="yes")


def test_forced_counts_in_infos_show_no_hidden_hand():
    """Two Notre Dame states that seat `other` cannot tell apart: the seat to play holds two cards
    of one type (one option, forced) or two of different types. The other agent's info may not
    differ (it did: its `forced` was 1 in the first and 0 in the second, and told it the card left
    in that hand); each agent counts only its own forced decisions."""
    game = registry.game("notre-dame")
    state, rng = game.new_state(2, 0), random.Random(0)
    while not (state.decision_kind() == "PlayCard" and len(state.hand[state.to_act]) == 2
               and len(state.legal_keys()) == 1):
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
    seat = state.to_act
    other = 1 - seat
    twin = state.clone()
    kind = state.hand[seat][0] % 9
    _swap_cards(twin, twin.hand[seat][1], next(c for c in twin.deck[seat] if c % 9 != kind))
    twin._legal = None                   # the clone's cached keys were the old hand's
    assert len(twin.legal_keys()) == 2
    assert twin.view(other) == state.view(other) and twin.events(other) == state.events(other)
    infos = []
    for position in (state, twin):
        e = env("notre-dame", players=2, skip_forced=True)
        e.reset(seed=0)
        e.state = position.clone()
        e._settle()
        infos.append(e.infos[e.possible_agents[other]])
    assert infos[0] == infos[1]
