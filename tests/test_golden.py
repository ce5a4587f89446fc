"""Golden records written by an earlier release replay unchanged: at every step the same seat to
act and the same legal keys, then the same final scores and the same record check."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import ludoteka
from ludoteka.kernel import replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*/*.json.gz"))


def _load(path: Path) -> dict:
    with gzip.open(path, "rt") as src:
        return json.load(src)


def test_golden_records_exist_for_every_game():
    games = {path.parent.name for path in GOLDEN}
    assert games == set(ludoteka.games())


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
def test_golden_record_replays_step_by_step(path):
    record = _load(path)
    game = ludoteka.game(record["game"])
    # written before rules revisions existed: revision 1's defaults fill in the options added since
    state = game.new_state(record["players"], record["seed"], record["options"], game.revision_of(record))
    for index, (seat, key, keys) in enumerate(record["steps"]):
        assert state.to_act == seat, f"step {index}: seat to act"
        assert state.legal_keys() == keys, f"step {index}: legal keys"
        state.apply(key)
    assert state.is_terminal()
    assert state.scores() == record["scores"]
    assert [step[1] for step in record["steps"]] == record["actions"]


@pytest.mark.parametrize("path", GOLDEN[::7], ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
def test_golden_record_passes_the_record_check(path):
    record = _load(path)
    state = replay(record, ludoteka.game)
    assert state.scores() == record["scores"]
