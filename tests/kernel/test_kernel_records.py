"""Game records: save, load, replay, and detection of tampering and malformed records."""
from __future__ import annotations

import json
import random

import pytest

from ludoteka.kernel import (BadRecord, TamperedRecord, load_record, record_of, replay, save_record,
                             state_digest)
from ludoteka.kernel.errors import UnknownGame
from toy_game import GAME


def lookup(name):
    if name != "toy":
        raise UnknownGame(f"unknown game {name!r}; known games: toy")
    return GAME


def finished_game(players=3, seed=4):
    state = GAME.new_state(players, seed, {"rounds": 2})
    rng = random.Random(seed)
    while not state.is_terminal():
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
    return state


def test_record_replays_exactly(tmp_path):
    state = finished_game()
    record = record_of(state)
    assert record["finished"] is True and record["options"] == {"rounds": 2, "roll": True, "wager": False}
    path = tmp_path / "game.json"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded == json.loads(json.dumps(record))
    steps = []
    again = replay(loaded, lookup, on_step=lambda s: steps.append(s.to_act))
    assert state_digest(again) == record["digest"] and again.to_json() == state.to_json()
    assert len(steps) == len(record["actions"]) and steps[-1] is None


def test_unfinished_record_replays():
    state = GAME.new_state(2, 9)
    state.apply("roll")
    record = record_of(state)
    assert record["finished"] is False
    again = replay(record, lookup)
    assert again.to_act == 0 and again.legal_keys() == state.legal_keys()


def tampered(record, **changes):
    copy = json.loads(json.dumps(record))
    copy.update(changes)
    return copy


def test_changed_action_is_detected():
    record = record_of(finished_game())
    actions = list(record["actions"])
    # Change a take into another legal-looking take, or into a key that is never legal.
    i = next(i for i, a in enumerate(actions) if a.startswith("take:"))
    other = "take:1" if actions[i] != "take:1" else "take:2"
    with pytest.raises(TamperedRecord):
        replay(tampered(record, actions=actions[:i] + [other] + actions[i + 1:]), lookup)
    with pytest.raises(TamperedRecord, match="action 0 .*does not replay"):
        replay(tampered(record, actions=["cheat"] + actions[1:]), lookup)


def test_changed_results_are_detected():
    record = record_of(finished_game())
    scores = list(record["scores"])
    scores[0] += 1
    with pytest.raises(TamperedRecord, match="scores"):
        replay(tampered(record, scores=scores), lookup)
    with pytest.raises(TamperedRecord, match="digest"):
        replay(tampered(record, digest="0" * 64), lookup)
    with pytest.raises(TamperedRecord, match="finished"):
        replay(tampered(record, finished=False), lookup)
    with pytest.raises(TamperedRecord):
        replay(tampered(record, actions=record["actions"][:-1], seats=record["seats"][:-1]), lookup)
    with pytest.raises(TamperedRecord):
        replay(tampered(record, seed=record["seed"] + 1), lookup)


@pytest.mark.parametrize("changes,message", [
    ({"format": "other/1"}, "not a ludoteka game record"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": 7}, "players"),
    ({"players": "3"}, "players"),
    ({"seed": None}, "seed"),
    ({"actions": "take:0"}, "actions"),
    ({"actions": [1, 2], "seats": [0, 0]}, "action 0"),
    ({"seats": None}, "seats"),
    ({"finished": "no"}, "finished"),
    ({"options": {"rounds": 9}}, "rounds"),
    ({"options": []}, "options"),
])
def test_malformed_records(changes, message):
    record = record_of(finished_game())
    with pytest.raises(BadRecord, match=message):
        replay(tampered(record, **changes), lookup)


def test_record_must_be_an_object():
    with pytest.raises(BadRecord):
        replay([1, 2], lookup)


def test_load_record_errors(tmp_path):
    with pytest.raises(BadRecord, match="cannot read"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BadRecord, match="not valid JSON"):
        load_record(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(BadRecord, match="JSON object"):
        load_record(bad)


@pytest.mark.parametrize("scores", [5, None, "abc"])
def test_malformed_scores_are_a_bad_record(scores):
    record = record_of(finished_game())
    with pytest.raises(BadRecord, match="scores"):
        replay(tampered(record, scores=scores), lookup)


def test_digest_covers_the_decisions_not_only_the_final_state():
    """Two histories that end in the same position have different digests (kernel v2, §7)."""
    state = finished_game()
    edited = state.clone()
    seat, key, barrier = edited._history[1]
    edited._history = (edited._history[0], (seat, "keep" if key != "keep" else "swap", barrier))
    assert edited._snapshot() == state._snapshot()
    assert state_digest(edited) != state_digest(state)


def test_first_format_records_still_replay():
    """A record written by the first release (keys only, no seats) replays; its scores and finish
    are checked, and a changed action is still caught."""
    record = record_of(finished_game())
    old = {k: v for k, v in record.items() if k != "seats"}
    old["format"] = "ludoteka-record/1"
    old["digest"] = "f" * 64                 # a digest over the first release's state layout
    again = replay(old, lookup)
    assert again.scores() == record["scores"] and again.actions() == record["actions"]
    with pytest.raises(TamperedRecord, match="scores"):
        replay(tampered(old, scores=[s + 1 for s in record["scores"]]), lookup)


# ------------------------------------------------------------------ issue 22 §3: the digest is required
def relabelled(record, **changes):
    """`record` labelled format 1, without its seats (what the first release wrote), then `changes`."""
    old = {k: v for k, v in record.items() if k != "seats"}
    old["format"] = "ludoteka-record/1"
    old.update(changes)
    return json.loads(json.dumps(old))


def edited_but_legal(record):
    """The record with one decision changed into another that still replays legally to the end."""
    actions = list(record["actions"])
    for i, key in enumerate(actions):
        for other in ("take:0", "take:1", "take:2", "keep", "swap"):
            if other == key:
                continue
            changed = dict(record, actions=actions[:i] + [other] + actions[i + 1:])
            try:
                replay(relabelled(changed, digest="f" * 64), lookup)
            except BadRecord:
                continue
            return changed
    raise AssertionError("no legal single edit found")


@pytest.mark.parametrize("digest", [None, "missing"])
def test_a_format_2_record_without_its_digest_is_refused(digest):
    record = record_of(finished_game())
    if digest == "missing":
        del record["digest"]
    else:
        record["digest"] = digest
    with pytest.raises(BadRecord, match="'digest' is missing"):
        replay(record, lookup)


@pytest.mark.parametrize("digest", ["", "0" * 63, "G" * 64, "A" * 64, 7, ["0" * 64]])
def test_a_malformed_digest_is_a_bad_record(digest):
    with pytest.raises(BadRecord, match="'digest' must be 64 lowercase hexadecimal digits"):
        replay(tampered(record_of(finished_game()), digest=digest), lookup)


def test_an_edited_record_cannot_drop_its_digest_to_go_unnoticed():
    """An edit that still replays legally is caught only by the digest; dropping the digest, or
    relabelling the record format 1 (with or without its seats and digest), no longer hides it."""
    record = record_of(finished_game())
    edited = edited_but_legal(record)
    with pytest.raises(TamperedRecord, match="digest"):
        replay(edited, lookup)
    without = {k: v for k, v in edited.items() if k != "digest"}
    with pytest.raises(BadRecord, match="'digest' is missing"):
        replay(without, lookup)
    with pytest.raises(BadRecord, match="has no 'seats'"):
        replay(dict(edited, format="ludoteka-record/1"), lookup)
    with pytest.raises(BadRecord, match="'digest' is missing"):
        replay({k: v for k, v in relabelled(edited).items() if k != "digest"}, lookup)


def test_a_relabelled_format_2_record_is_refused():
    record = record_of(finished_game())
    with pytest.raises(BadRecord, match="relabelled"):
        replay(relabelled(record), lookup)


class LaterGame(type(GAME)):
    """The toy game as if it had been added after the first release."""

    first_release = False


def test_a_format_1_record_of_a_game_added_later_is_refused():
    later = LaterGame()
    record = relabelled(record_of(finished_game()), digest="f" * 64)
    assert replay(record, lookup).scores() == record["scores"]        # the toy was in it
    with pytest.raises(BadRecord, match="not in the first release"):
        replay(record, lambda name: later)
