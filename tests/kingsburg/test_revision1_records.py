"""Games saved before rules revision 2 (negative VP and one +2 token per season by default) keep
the rules they were played under: records naming none of their options, written by the release
before revisions (`revision1/records.json.gz`, format 2 with digests, one saved mid-game with its
state), replay step by step with the same legal keys and final scores."""
import gzip
import json
import random
from pathlib import Path

import pytest

import ludoteka
from ludoteka.kernel import BadRecord, record_of, replay

from .helpers import GAME

RECORDS = json.loads(gzip.open(Path(__file__).with_name("revision1") / "records.json.gz", "rt").read())


def _steps_replay(record, revision):
    """The index of the first step whose seat or legal keys differ under `revision` (None: none)."""
    state = GAME.new_state(record["players"], record["seed"], record["options"], revision)
    for index, (seat, key, keys) in enumerate(record["steps"]):
        if state.to_act != seat or state.legal_keys() != keys:
            return index, state
        state.apply(key, seat)
    return None, state


@pytest.mark.rule("KB-8.7", "KB-AMB-8")
@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_a_revision_1_record_replays_step_by_step(index):
    record = RECORDS[index]
    assert record["options"] == {} and "revision" not in record
    revision = GAME.revision_of(record)
    assert revision == 1
    diverged, state = _steps_replay(record, revision)
    assert diverged is None
    assert state.scores() == record["scores"] and state.is_terminal() == record["finished"]
    again = replay(record, ludoteka.game)              # the record check, digest included
    assert again.revision == 1 and again.options["negative_vp"] is False
    assert again.options["one_token_per_season"] is False
    assert again.scores() == record["scores"]
    # resumed and saved again, it names its rules: the revision and every option
    saved = record_of(again)
    assert saved["revision"] == 1 and saved["options"] == again.options
    assert replay(saved, ludoteka.game).scores() == record["scores"]


@pytest.mark.rule("KB-8.7", "KB-AMB-8")
def test_under_todays_defaults_they_would_not_replay():
    # The point of the revision: these games differ under the new rulings.
    changed = [i for i, r in enumerate(RECORDS)
               if _steps_replay(r, GAME.rules_revision)[0] is not None
               or _steps_replay(r, GAME.rules_revision)[1].scores() != r["scores"]]
    assert len(changed) >= 3


@pytest.mark.rule("KB-8.7")
def test_a_state_saved_before_revisions_resumes_under_its_rules():
    record = RECORDS[-1]
    saved = record["saved_state"]
    assert "revision" not in saved and "negative_vp" not in saved["options"]
    state = GAME.state_from_json(saved)
    assert state.revision == 1 and state.options["one_token_per_season"] is False
    assert state.options["negative_vp"] is False
    reference = _steps_replay(record, 1)[1]
    assert state.legal_keys() == reference.legal_keys() and state.to_act == reference.to_act
    assert state.to_json()["revision"] == 1


def test_a_newer_revision_is_refused():
    record = dict(RECORDS[0], revision=GAME.rules_revision + 1)
    with pytest.raises(BadRecord, match=f"rules revision {GAME.rules_revision + 1} is newer than this engine"):
        replay(record, ludoteka.game)


def test_new_records_and_snapshots_store_the_revision():
    state = GAME.new_state(3, 4)
    assert state.revision == 2 == GAME.rules_revision
    assert record_of(state)["revision"] == 2 and state.to_json()["revision"] == 2
    assert state.options["negative_vp"] is True and state.options["one_token_per_season"] is True


def test_a_state_saved_before_an_event_kind_was_added_loads_with_it():
    """A saved state is checked against its history, events included; one saved before a release
    added a kind of event (`Game.added_event_kinds`: the help that dice on the Alchemist could not
    get) has none of it, and still loads, with the event as the current release tells it. Any
    other event missing is still refused."""
    rng = random.Random(4)
    state = GAME.new_state(4, 4)
    while not any(e["kind"] == "help_unavailable" for e in state.events()):
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
    saved = state.to_json()
    before = dict(saved, events=[row for row in saved["events"] if row[1] != "help_unavailable"])
    loaded = GAME.state_from_json(json.loads(json.dumps(before)))
    assert loaded.to_json()["events"] == saved["events"]
    cut = dict(saved, events=[row for row in saved["events"] if row[1] != "dice_rolled"])
    with pytest.raises(BadRecord, match="events are not what its history gives"):
        GAME.state_from_json(json.loads(json.dumps(cut)))
