"""Every agent and tool works with a game of one seat (solo games such as Messina 1347's)."""
from __future__ import annotations

import pytest

from ludoteka.ai import make_agent
from ludoteka.kernel import record_of, replay
from ludoteka.registry import game
from ludoteka.tools.arena import arena
from ludoteka.tools.bench import bench
from ludoteka.tools.simulate import simulate
from toy_game import ToyGame, ToyState


class SoloToy(ToyGame):
    """The toy game, allowed with one seat."""

    name = "toy-solo"
    min_players = 1

    def __init__(self):
        class SoloState(ToyState):
            __slots__ = ()
        SoloState.game = self
        self.state_class = SoloState


SOLO = SoloToy()


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=30"])
def test_every_agent_plays_a_whole_solo_game(spec):
    state = SOLO.new_state(1, 3)
    agent = make_agent(spec, 1)
    while not state.is_terminal():
        assert state.acting_seats() == (0,)
        state.apply(agent.choose(state), 0)
    assert len(state.scores()) == 1 and state.winners() == [0]


def test_tools_run_solo_games():
    result = simulate(SOLO, 1, games=5, seed=2, agents=["greedy"])
    assert result["completed"] == 5 and result["violations"] == []
    result = arena(SOLO, 1, ["ismcts:iterations=20"], games=3, seed=1)
    assert result["agents"][0]["games"] == 3 and result["agents"][0]["mean_score"] > 0
    assert bench(SOLO, 1, seconds=0.2)["decisions_per_second"] > 0
    state = SOLO.new_state(1, 5)
    while not state.is_terminal():
        state.apply(state.legal_keys()[-1])
    assert replay(record_of(state), lambda name: SOLO).scores() == state.scores()


def test_a_solo_arena_plays_every_seed_with_every_agent():
    """With one seat, any number of agents each play every seed alone; they compare by mean score
    (no win rates), and the worker count changes nothing."""
    result = arena(SOLO, 1, ["random", "greedy"], games=4, seed=7)
    assert [a["agent"] for a in result["agents"]] == ["random", "greedy"]
    assert all(a["games"] == 4 and a["win_rate"] is None and a["wins"] is None for a in result["agents"])
    rows = result["results"]
    assert [(r["seed"], r["agent"]) for r in rows] == [(7 + g, i) for g in range(4) for i in range(2)]
    for i, a in enumerate(result["agents"]):
        scores = [r["scores"][0] for r in rows if r["agent"] == i]
        assert a["mean_score"] == pytest.approx(sum(scores) / 4)
    assert result["agents"][1]["mean_score"] > result["agents"][0]["mean_score"]
    messina = game("messina-1347")
    serial = arena(messina, 1, ["random", "greedy"], games=2, seed=3)
    assert arena(messina, 1, ["random", "greedy"], games=2, seed=3, workers=2)["results"] == serial["results"]
    with pytest.raises(ValueError, match="agents"):
        arena(SOLO, 1, [], games=1)
