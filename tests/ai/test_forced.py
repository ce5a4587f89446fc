"""IS-MCTS with `forced=1` (issue 26 §1): a decision with a single legal key met inside the search
is played at once, without a tree node of its own, so no iteration is spent expanding it and
every real choice after it sits one level higher in the tree. Game-agnostic: the toy game with
an empty deck, where the second step of every turn (keep the secret card) is forced."""
from __future__ import annotations

import pytest

from ludoteka.ai import AgentSpecError, make_agent
from toy_game import GAME


def drained(seed: int):
    """A 2-player toy state whose deck is empty: every turn is a real `take:P` and a forced `keep`."""
    state = GAME.new_state(2, seed, {"roll": False})
    state.deck.clear()
    state._legal = None
    assert len(state.legal_keys()) > 1
    return state


def all_keys(node) -> list[str]:
    """The key of every node below `node`."""
    out = []
    for key, child in node.children.items():
        out += [key, *all_keys(child)]
    return out


def test_forced_decisions_get_no_node():
    # 3 market cards and no deck: the game's real choices are the first take (3 options) and the
    # second (2); the third take, every keep and every pass are forced.
    state = drained(3)
    plain = all_keys(make_agent("ismcts:iterations=60", 1).search(state))
    skipping = all_keys(make_agent("ismcts:iterations=60,forced=1", 1).search(state))
    assert "keep" in plain and "pass" in plain      # the default spends nodes on forced moves
    # forced=1: the tree is exactly the tree of real choices, 3 + 3 x 2 nodes, all takes.
    assert len(skipping) == 9 and all(k.startswith("take:") for k in skipping)
    root = make_agent("ismcts:iterations=60,forced=1", 1).search(state)
    assert set(root.children) == set(state.legal_keys())
    assert sum(c.visits for c in root.children.values()) == 60
    for child in root.children.values():            # below a take, the other seat's two takes
        assert len(child.children) == 2 and child.seat == 0
        assert all(grandchild.seat == 1 for grandchild in child.children.values())


def test_forced_is_deterministic_and_checked():
    state = drained(5)
    first = make_agent("ismcts:iterations=40,forced=1", 7).choose(state)
    assert first == make_agent("ismcts:iterations=40,forced=1", 7).choose(state)
    assert first in state.legal_keys()
    parallel = make_agent("ismcts_parallel:iterations=20,workers=1,forced=1", 7)
    assert parallel.search_settings()["forced"] == 1
    with pytest.raises(AgentSpecError, match="forced"):
        make_agent("ismcts:forced=2", 1)
