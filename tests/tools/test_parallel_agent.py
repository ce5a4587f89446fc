"""The root-parallel search agent `ismcts_parallel` (ai/parallel.py): the same choice for the same
seed in worker processes, in this process and in a daemonic worker that may not start processes;
always a legal key; the `hard` level names it."""
from __future__ import annotations

import random
import time

import pytest

import ludoteka
from ludoteka.ai import AgentSpecError, ParallelIsmctsAgent, make_agent
from ludoteka.ai import parallel
from ludoteka.ai.levels import LEVELS, level_spec
from ludoteka.tools.distribute import run_jobs

SPEC = "ismcts_parallel:iterations=40,depth=10"


def position(game_name: str, seed: int, moves: int):
    """A state after `moves` random decisions, with a real choice to make."""
    state = ludoteka.game(game_name).new_state(4, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        keys = state.legal_keys()
        state.apply(keys[rnd.randrange(len(keys))])
    while len(state.legal_keys()) < 2:
        state.apply(state.legal_keys()[0])
    return state


def decide(job):
    """In a worker of `run_jobs` (a daemonic pool process): the agent's choice and whether it
    could use processes there."""
    game_name, seed, moves, spec, agent_seed = job
    agent = make_agent(spec, agent_seed)
    key = agent.choose(position(game_name, seed, moves))
    return key, agent.last_parallel, agent.last_iterations


@pytest.mark.parametrize("game_name,moves", [("notre-dame", 25), ("kingsburg", 40)])
def test_same_seed_same_choice_in_processes_and_in_process(monkeypatch, game_name, moves):
    state = position(game_name, 3, moves)
    agent = make_agent(SPEC, 11)
    stats = agent.root_stats(state)
    assert isinstance(agent, ParallelIsmctsAgent) and agent.last_parallel
    assert agent.last_iterations == 2 * 40
    assert sum(v for v, _ in stats.values()) == 80 and set(stats) <= set(state.legal_keys())
    again = make_agent(SPEC, 11)
    assert again.root_stats(state) == stats
    key = make_agent(SPEC, 11).choose(state)
    assert key in state.legal_keys()
    # Where processes are not allowed, the same searches run here, one after the other.
    monkeypatch.setattr(parallel, "_can_have_children", lambda: False)
    alone = make_agent(SPEC, 11)
    assert alone.root_stats(state) == stats and not alone.last_parallel
    assert make_agent(SPEC, 11).choose(state) == key


def test_a_daemonic_worker_searches_in_process_with_the_same_choice():
    job = ("notre-dame", 5, 30, SPEC, 7)
    here = decide(job)
    (there, again) = run_jobs(decide, [job, job], 2, workers=2)
    assert here[1] is True and there[1] is False and again[1] is False
    assert here[0] == there[0] == again[0] and here[2] == there[2] == 80


def test_one_worker_and_other_seeds():
    state = position("kingsburg", 8, 30)
    one = make_agent("ismcts_parallel:iterations=30,depth=5,workers=1", 2)
    assert one.choose(state) in state.legal_keys() and not one.last_parallel and one.last_iterations == 30
    seeds = {tuple(sorted(make_agent(SPEC, s).root_stats(state).items())) for s in range(3)}
    assert len(seeds) > 1                    # the seed matters


def test_every_choice_is_legal_in_a_whole_game():
    game = ludoteka.game("kingsburg")
    state = game.new_state(2, 4)
    agents = [make_agent("ismcts_parallel:iterations=8,depth=4", s) for s in range(2)]
    while not state.is_terminal():
        before = state.to_json()
        key = agents[state.to_act].choose(state)
        assert state.to_json() == before and key in state.legal_keys()
        state.apply(key)


def test_seconds_bound_the_search():
    state = position("notre-dame", 2, 20)
    agent = make_agent("ismcts_parallel:seconds=0.2", 1)
    t0 = time.perf_counter()
    assert agent.choose(state) in state.legal_keys()
    assert time.perf_counter() - t0 < 1.5 and agent.last_iterations > 2


def test_spec_errors_and_the_hard_level():
    with pytest.raises(AgentSpecError, match="'workers' must be positive"):
        make_agent("ismcts_parallel:workers=0", 1)
    with pytest.raises(AgentSpecError, match="has no parameter 'width'"):
        make_agent("ismcts_parallel:width=2", 1)
    assert level_spec("hard") == LEVELS["hard"] and LEVELS["hard"].startswith("ismcts_parallel:")
    hard = make_agent(LEVELS["hard"], 1)
    assert isinstance(hard, ParallelIsmctsAgent) and hard.workers == 2 and hard.seconds <= 2.0


def test_a_game_may_tune_a_level():
    """Notre Dame's hard level plays its playouts to the end (Game.ai_levels), Messina's medium
    searches longer; Kingsburg's are the defaults; a level name ignores case and spaces, and an
    agent spec passes through."""
    notre_dame, kingsburg = ludoteka.game("notre-dame"), ludoteka.game("kingsburg")
    assert level_spec(" Hard ", notre_dame) == notre_dame.ai_levels["hard"] != LEVELS["hard"]
    assert "depth=400" in notre_dame.ai_levels["hard"]
    assert level_spec("hard", kingsburg) == level_spec("hard") == LEVELS["hard"]
    assert level_spec("medium", notre_dame) == LEVELS["medium"]
    # Messina 1347's medium searches 400 iterations, capped at the default's 0.9 s (the ladder).
    medium = make_agent(level_spec("medium", ludoteka.game("messina-1347")), 1)
    assert (medium.iterations, medium.seconds) == (400, 0.9)
    assert level_spec("greedy:lookahead=1", notre_dame) == "greedy:lookahead=1"


def test_a_new_table_takes_the_games_own_hard_level():
    """The server resolves `ai:hard` with the table's game (server/requests.py)."""
    from ludoteka.server.requests import parse_new_table
    for name in ("notre-dame", "kingsburg"):
        seats = parse_new_table({"game": name, "players": 2, "seats": ["human", "ai:hard"]})[3]
        assert seats == ["human", "ai:" + level_spec("hard", ludoteka.game(name))]


def test_the_command_line_takes_level_names():
    """`--agents hard,easy,ismcts:iterations=5` names two levels and a spec (cli/arguments.py)."""
    from ludoteka.cli.arguments import split_agents
    notre_dame = ludoteka.game("notre-dame")
    assert split_agents("hard,easy,ismcts:iterations=5,c=1", notre_dame) == [
        notre_dame.ai_levels["hard"], "greedy", "ismcts:iterations=5,c=1"]
    assert split_agents("HARD") == [LEVELS["hard"]]
