"""Rules revisions: a saved game resolves the options it does not name with the defaults of the
rules it was written under; new records and snapshots store the revision; a newer one is refused."""
from __future__ import annotations

import json

import pytest

from ludoteka.kernel import BadOption, BadRecord, Option, record_of, replay

from toy_game import ToyGame, ToyState


class RevisedToy(ToyGame):
    """The toy game after two rulings: revision 2 turned `roll` off, revision 3 added `bonus`."""

    options = dict(ToyGame.options, roll=Option("roll", False, "allow rolling"),
                   bonus=Option("bonus", True, "a later option"))
    rules_revision = 3
    earlier_defaults = {2: {"bonus": False}, 1: {"roll": True}}


GAME = RevisedToy()
GAME.state_class = type("RevisedToyState", (ToyState,), {"__slots__": (), "game": GAME})


def test_each_revision_resolves_its_own_defaults():
    assert GAME.resolve({}) == {"rounds": 3, "roll": False, "wager": False, "bonus": True}
    assert GAME.resolve({}, 3) == GAME.resolve({})
    assert GAME.resolve({}, 2) == {"rounds": 3, "roll": False, "wager": False, "bonus": False}
    assert GAME.resolve({}, 1) == {"rounds": 3, "roll": True, "wager": False, "bonus": False}
    assert GAME.resolve({"roll": False}, 1)["roll"] is False          # a named option stays as named
    state = GAME.new_state(2, 5, {}, 1)
    assert state.revision == 1 and state.options["roll"] is True
    assert GAME.new_state(2, 5).revision == 3 and GAME.describe()["rules_revision"] == 3


def test_a_saved_game_naming_no_data_set_keeps_the_data_its_revision_shipped():
    """`earlier_data_sets`: revision 2 changed the shipped data (set "v1" before), revision 3 changed
    it again ("v2" before); '' (the shipped data) resolves to the set of the saved game's
    revision, a named set stays named, and today's games keep ''."""
    class DataToy(RevisedToy):
        options = dict(RevisedToy.options, data=Option("data", "", "a data set", (), data_set=True))
        earlier_data_sets = {1: "v1", 2: "v2"}

    game = DataToy()
    assert [game.resolve({}, r)["data"] for r in (1, 2, 3)] == ["v1", "v2", ""]
    assert game.resolve({"data": ""}, 1)["data"] == "v1" and game.resolve({"data": "mine"}, 1)["data"] == "mine"
    assert game.resolve({})["data"] == "" and game.shipped_data_set(3) is None


def test_records_and_snapshots_store_the_revision_and_replay_under_it():
    state = GAME.new_state(2, 5, {}, 1)
    while not state.is_terminal():
        state.apply(state.legal_keys()[0])
    record = record_of(state)
    assert record["revision"] == 1
    assert replay(record, lambda name: GAME).options == state.options
    old = {k: v for k, v in record.items() if k != "revision"}
    old["options"] = {}                       # written before revisions: names no option
    again = replay(old, lambda name: GAME)
    assert again.revision == 1 and again.options == state.options and again.scores() == state.scores()
    snapshot = json.loads(json.dumps(state.to_json()))
    assert snapshot["revision"] == 1
    del snapshot["revision"]
    snapshot["options"] = {}
    restored = GAME.state_from_json(snapshot)
    assert restored.revision == 1 and restored.options == state.options
    assert restored.clone().revision == 1


def test_a_newer_or_malformed_revision_is_refused():
    state = GAME.new_state(2, 5)
    record = record_of(state)
    record["revision"] = 4
    with pytest.raises(BadRecord, match="revision 4 is newer than this engine knows"):
        replay(record, lambda name: GAME)
    snapshot = state.to_json()
    snapshot["revision"] = 4
    with pytest.raises(BadRecord, match="revision 4 is newer"):
        GAME.state_from_json(snapshot)
    for bad in (0, "2", True, 2.0):
        with pytest.raises(BadOption, match="rules revision must be a whole number"):
            GAME.new_state(2, 5, {}, bad)
        record["revision"] = bad
        with pytest.raises(BadRecord, match="rules revision"):
            replay(record, lambda name: GAME)


def test_undo_keeps_the_revision():
    state = GAME.new_state(3, 5, {"wager": True}, 1)
    state.apply("bet:1", 1)
    state.apply("bet:2", 0)
    state.undo(0)
    assert state.revision == 1 and state.options["roll"] is True and state.version == 1
