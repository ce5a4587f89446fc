"""IS-MCTS with `win=1` (issue 29 §3): the rank part of a playout's reward counts first place
only, so the search plays to win rather than to place; the margin part is unchanged."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from ludoteka.ai import AgentSpecError, make_agent
from ludoteka.ai.ismcts import RANK_WEIGHT, _rewards, _Scale

VALUES = [3.0, 1.0, 3.0, -2.0]          # seats 0 and 2 tie for first


def rewards(win_only: bool) -> list[float]:
    state = SimpleNamespace(to_act=0)     # not over: ranked by the evaluation
    return _rewards(state, 4, lambda _: VALUES, _Scale(), win_only)


def test_win_only_rewards_first_place_and_shares_a_tie():
    placing, winning = rewards(False), rewards(True)
    margins = [(r - RANK_WEIGHT * rank) for r, rank in zip(placing, [2.5 / 3, 1 / 3, 2.5 / 3, 0.0])]
    # every place counts by default: second beats last
    assert placing[1] > placing[3]
    # win=1: the two leaders share the win, the others' rank part is 0
    assert winning == pytest.approx([RANK_WEIGHT * 0.5 + margins[0], margins[1],
                                     RANK_WEIGHT * 0.5 + margins[2], margins[3]])
    # only the margin (a bigger deficit is worse) still orders the seats that do not win
    assert winning[1] > winning[3] and winning[1] - winning[3] < placing[1] - placing[3]


def test_the_parameter_is_checked_and_reaches_the_parallel_searches():
    assert make_agent("ismcts:iterations=5,win=1", 0).win == 1
    assert make_agent("ismcts:iterations=5", 0).win == 0
    with pytest.raises(AgentSpecError):
        make_agent("ismcts:win=2", 0)
    parallel = make_agent("ismcts_parallel:iterations=5,win=1", 0)
    assert parallel.search_settings()["win"] == 1


def test_a_finished_game_counts_its_winners_after_the_tie_breaks():
    """Two seats tie on points but the game's tie-break (Kingsburg: goods, then buildings)
    makes seat 1 the winner: only seat 1's rank part is the win."""
    over = SimpleNamespace(to_act=None, scores=lambda: [5, 5, 3, 1], winners=lambda: [1])
    values = [0.0, 0.0, -2.0, -4.0]
    rewards = _rewards(over, 4, lambda _: values, _Scale(), True)
    assert rewards[1] - rewards[0] == pytest.approx(RANK_WEIGHT)
    assert rewards[0] == pytest.approx(rewards[1] - RANK_WEIGHT) and rewards[2] < rewards[0]
