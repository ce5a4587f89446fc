"""The reference learner (issue 27 §4): a checkpoint written by training loads as the agent
spec `policy:PATH`, plays legal moves to the end of a game (at a table of the CLI's arena too),
and training a few iterations runs in seconds; bad checkpoints are named."""
from __future__ import annotations

import json
import random

import pytest

from ludoteka import registry
from ludoteka.ai import AgentSpecError, make_agent, parse_spec
from ludoteka.cli.main import main as cli_main
from ludoteka.envs.policy import PolicyAgent, load_checkpoint
from ludoteka.envs.policy_train import train, wilson


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    path = tmp_path_factory.mktemp("policy") / "kb.json"
    rows = []
    history = train("kingsburg", players=2, iterations=2, games=2, seed=3, out=path, log=rows.append)
    assert [r["iteration"] for r in history] == [1, 2] and rows == history
    assert history[-1]["positions"] > 0 and 0 <= history[-1]["win_rate"] <= 1
    return path


def test_training_writes_a_checkpoint_with_learned_weights(checkpoint):
    data = load_checkpoint(checkpoint)
    assert data["game"] == "kingsburg" and data["players"] == 2
    assert data["trained"]["games"] == 4
    assert any(w != 0 for w in data["weights"]), "the fit moved the weights off greedy"


def test_a_checkpoint_plays_as_policy_path_to_the_end_of_a_game(checkpoint):
    spec = f"policy:{checkpoint}"
    cls, settings = parse_spec(spec)
    assert cls is PolicyAgent and settings == {"path": str(checkpoint)}
    agent = make_agent(spec, 1)
    assert agent.spec == spec
    game = registry.game("kingsburg")
    state = game.new_state(2, 11)
    rng = random.Random(0)
    chosen = 0
    while state.to_act is not None:
        keys = state.legal_keys()
        if state.to_act == 0:
            key = agent.choose(state)
            assert key in keys
            chosen += 1
        else:
            key = keys[rng.randrange(len(keys))]
        state.apply(key)
    assert chosen > 20


def test_the_arena_seats_a_policy(checkpoint, capsys):
    status = cli_main(["arena", "kingsburg", "--players", "2", "--games", "1", "--json",
                       "--agents", f"policy:{checkpoint},random"])
    assert status in (0, None)
    result = json.loads(capsys.readouterr().out)
    assert "policy:" in json.dumps(result)


def test_bad_checkpoints_and_specs_are_named(tmp_path, checkpoint):
    with pytest.raises(AgentSpecError, match="needs a file"):
        parse_spec("policy:")
    with pytest.raises(AgentSpecError, match="cannot be read"):
        make_agent(f"policy:{tmp_path / 'missing.json'}", 0)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(AgentSpecError, match="is not JSON"):
        make_agent(f"policy:{bad}", 0)
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(AgentSpecError, match="is not a ludoteka-policy-1 file"):
        make_agent(f"policy:{bad}", 0)
    data = json.loads(checkpoint.read_text())
    bad.write_text(json.dumps(dict(data, weights=data["weights"][:-1])))
    with pytest.raises(AgentSpecError, match="weights for an observation of"):
        make_agent(f"policy:{bad}", 0)
    agent = make_agent(f"policy:{checkpoint}", 0)
    with pytest.raises(AgentSpecError, match="plays kingsburg with 2 players"):
        agent.choose(registry.game("kingsburg").new_state(3, 0))


def test_wilson_intervals():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
