"""Records downloaded from the server are signed with its record key (issue 22 §3): they verify
with `verify_record` and `ludoteka replay --verify-key`, a changed one does not, and the key
generated on the first start is kept next to the SQLite file, so it survives a restart."""
from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import httpx
import pytest

from ludoteka.cli.main import main
from ludoteka.kernel import TamperedRecord, verify_record
from ludoteka.kernel.signing import read_key
from server_kit import create


def finished_record(url: str) -> dict:
    table = create(url, "kingsburg", ["ai:random", "ai:random"])["id"]
    deadline = time.time() + 120
    while time.time() < deadline:
        answer = httpx.get(f"{url}/api/tables/{table}/record")
        if answer.status_code == 200:
            return {"table": table, "record": answer.json()}
        time.sleep(0.2)
    raise AssertionError("the AI table did not finish")


def test_records_are_signed_with_a_generated_key_that_survives_a_restart(start_server, sqlite_url,
                                                                          tmp_path, capsys):
    server = start_server(sqlite_url)
    got = finished_record(server.url)
    record = got["record"]
    key_file = Path(sqlite_url[len("sqlite:///"):] + ".record-key")
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = read_key(key_file)
    verify_record(record, key)
    assert key.decode() not in server.log() and key.decode() not in json.dumps(record)
    server.stop()
    again = start_server(sqlite_url)
    assert httpx.get(f"{again.url}/api/tables/{got['table']}/record").json() == record
    assert read_key(key_file) == key

    path = tmp_path / "download.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--verify-key", str(key_file)]) == 0
    assert "signature: verified" in capsys.readouterr().out
    record["scores"] = [s + 1 for s in record["scores"]]
    with pytest.raises(TamperedRecord):
        verify_record(record, key)
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--verify-key", str(key_file)]) == 2
    assert "signature does not match" in capsys.readouterr().err


def test_a_given_key_signs_and_none_is_generated(start_server, sqlite_url, tmp_path, monkeypatch):
    key_file = tmp_path / "operator-key"
    key_file.write_text("the operator's own key, shared by every process\n")
    server = start_server(sqlite_url, "--record-key-file", str(key_file))
    record = finished_record(server.url)["record"]
    verify_record(record, read_key(key_file))
    assert not Path(sqlite_url[len("sqlite:///"):] + ".record-key").exists()
    server.stop()
    monkeypatch.setenv("LUDOTEKA_RECORD_KEY", "a key from the environment, long enough")
    server = start_server(sqlite_url)
    record = finished_record(server.url)["record"]
    verify_record(record, "a key from the environment, long enough")
    with pytest.raises(TamperedRecord):
        verify_record(record, read_key(key_file))
