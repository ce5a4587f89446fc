"""Signed records (issue 22 §3): an HMAC with the server's key shows a record is the server's own,
and any change after signing (including a relabelled format or dropped seats) is caught."""
from __future__ import annotations

import json
import random

import pytest

from ludoteka.kernel import (BadRecord, TamperedRecord, record_of, replay, sign_record,
                             verify_record)
from ludoteka.kernel.signing import read_key
from ludoteka.tools.replay import replay_record
from toy_game import GAME

KEY = b"k" * 32


def finished_record():
    state = GAME.new_state(3, 4, {"rounds": 2})
    rng = random.Random(4)
    while not state.is_terminal():
        keys = state.legal_keys()
        state.apply(keys[rng.randrange(len(keys))])
    return record_of(state)


def through_json(record):
    return json.loads(json.dumps(record, indent=1))


def test_a_signed_record_verifies_after_a_json_round_trip_and_still_replays():
    signed = through_json(sign_record(finished_record(), KEY))
    assert signed["signature"].startswith("hmac-sha256:") and len(signed["signature"]) == 12 + 64
    verify_record(signed, KEY)
    verify_record(signed, KEY.decode())                     # text keys are their UTF-8 bytes
    assert replay(signed, lambda name: GAME).is_terminal()
    summary = replay_record(signed, lambda name: GAME, KEY)
    assert summary["signature"] == "verified"
    assert replay_record(signed, lambda name: GAME)["signature"] == "not checked"


def test_every_change_after_signing_is_caught():
    record = finished_record()
    signed = sign_record(record, KEY)
    changes = {
        "format": "ludoteka-record/1", "seed": record["seed"] + 1, "scores": [0] * 3,
        "finished": False, "digest": "0" * 64, "actions": record["actions"][:-1],
        "seats": [None] * len(record["seats"]), "options": {"rounds": 2},
    }
    for name, value in changes.items():
        changed = dict(signed, **{name: value})
        with pytest.raises(TamperedRecord, match="signature does not match"):
            verify_record(changed, KEY)
    for name in record:
        dropped = {k: v for k, v in signed.items() if k != name}
        with pytest.raises(TamperedRecord, match="signature does not match"):
            verify_record(dropped, KEY)
    with pytest.raises(TamperedRecord):
        verify_record(dict(signed, comment="added later"), KEY)
    with pytest.raises(TamperedRecord):
        verify_record(signed, b"another key of enough length")
    with pytest.raises(TamperedRecord):
        replay_record(dict(signed, scores=[0] * 3), lambda name: GAME, KEY)


@pytest.mark.parametrize("signature,message", [
    (None, "has no 'signature'"), ("", "must be 'hmac-sha256:'"), ("hmac-sha256:" + "0" * 63, "64"),
    ("sha1:" + "0" * 64, "hmac-sha256"), (5, "hmac-sha256"), ("hmac-sha256:" + "é" * 64, None),
])
def test_a_missing_or_malformed_signature_is_refused(signature, message):
    record = finished_record()
    if signature is not None:
        record["signature"] = signature
    with pytest.raises(BadRecord, match=message):
        verify_record(record, KEY)


def test_a_short_key_is_refused():
    with pytest.raises(ValueError, match="at least 16 bytes"):
        sign_record(finished_record(), b"short")


def test_key_files(tmp_path):
    path = tmp_path / "record-key"
    path.write_text(KEY.decode() + "\n")
    assert read_key(path) == KEY
    path.write_text("short\n")
    with pytest.raises(ValueError, match="16 to 4096 bytes"):
        read_key(path)
    with pytest.raises(ValueError, match="cannot read the record key file"):
        read_key(tmp_path / "missing")
