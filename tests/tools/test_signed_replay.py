"""`ludoteka replay --verify-key KEYFILE`: a server's signed record verifies; a changed one, an
unsigned one or another key is refused with one line and exit status 2 (issue 22 §3)."""
from __future__ import annotations

import json

import pytest

from ludoteka import registry
from ludoteka.cli.main import main
from ludoteka.kernel import record_of, save_record, sign_record
from toy_game import GAME

KEY = "0123456789abcdef0123456789abcdef"


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {"toy": GAME})


def signed_file(tmp_path, **changes):
    state = GAME.new_state(2, 9)
    while not state.is_terminal():
        state.apply(state.legal_keys()[0])
    record = dict(sign_record(record_of(state), KEY), **changes)
    path = tmp_path / "game.json"
    save_record(path, record)
    key = tmp_path / "record-key"
    key.write_text(KEY + "\n")
    return path, key


def error(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, (out, err)
    return err


def test_a_signed_record_verifies(capsys, tmp_path):
    path, key = signed_file(tmp_path)
    assert main(["replay", str(path), "--verify-key", str(key)]) == 0
    assert "signature: verified" in capsys.readouterr().out
    assert main(["replay", str(path), "--verify-key", str(key), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["signature"] == "verified"


def test_a_changed_or_unsigned_record_or_another_key_is_refused(capsys, tmp_path):
    path, key = signed_file(tmp_path)
    record = json.loads(path.read_text())
    record["format"] = "ludoteka-record/1"
    path.write_text(json.dumps(record))
    assert "signature does not match" in error(capsys, "replay", str(path), "--verify-key", str(key))
    del record["signature"]
    path.write_text(json.dumps(record))
    assert "has no 'signature'" in error(capsys, "replay", str(path), "--verify-key", str(key))
    path, key = signed_file(tmp_path)
    key.write_text("another key, long enough to be one\n")
    assert "signature does not match" in error(capsys, "replay", str(path), "--verify-key", str(key))
    assert "cannot read the record key file" in error(capsys, "replay", str(path), "--verify-key",
                                                      str(tmp_path / "missing"))
