"""Nothing a client sends can exhaust the server (issue 24): AI seats take levels only, every AI
decision has the operator's time cap, and quotas bound what one address may open."""
from __future__ import annotations

import json
import os
import shutil
import socket
import time
from pathlib import Path

import httpx

from server_kit import create

SPECS = ["ai:ismcts:seconds=3600", "ai:ismcts_parallel:workers=64,seconds=3600", "ai:random"]


def test_ai_seats_take_levels_only_unless_the_operator_allows_specs(start_server, sqlite_url):
    server = start_server(sqlite_url, specs=False)
    for spec in SPECS:
        answer = httpx.post(server.url + "/api/tables", json={"game": "kingsburg", "players": 2,
                                                               "seats": ["human", spec]})
        assert answer.status_code == 400, answer.text
        assert "easy, medium, hard" in answer.json()["error"], answer.text
    # The game's own levels and the standard ones stay open, whatever the case.
    table = create(server.url, "notre-dame", ["human", "ai:HARD", "ai:easy", "ai"])
    assert [s["kind"] for s in table["seats"]] == ["human", "ai", "ai", "ai"]


def test_the_operator_may_allow_agent_specs(start_server, sqlite_url):
    server = start_server(sqlite_url, "--allow-agent-specs", specs=False)
    table = create(server.url, "kingsburg", ["human", "ai:ismcts:iterations=20"])
    assert table["seats"][1]["agent"] == "ismcts:iterations=20"


def test_every_ai_decision_thinks_at_most_the_operators_cap(start_server, sqlite_url):
    # A spec asking for ten million iterations and no time budget would think for minutes: the
    # cap (0.2 s) cuts every decision, so a whole round of AI moves comes quickly.
    server = start_server(sqlite_url, "--ai-seconds", "0.2")
    table = create(server.url, "kingsburg", ["ai:ismcts:iterations=10000000", "ai:ismcts:iterations=10000000"])
    started = time.time()
    while time.time() - started < 20:
        frame = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        if frame["version"] >= 6:
            break
        time.sleep(0.1)
    assert frame["version"] >= 6, f"only {frame['version']} AI moves in 20 s"


# ------------------------------------------------------------------ nothing outside the data sets
def _data_copy(tmp_path: Path, name: str) -> Path:
    """A copy of Messina's shipped data under another data set id."""
    from ludoteka.boardgames.messina.data.loader import DATA_DIR
    copy = tmp_path / "sets" / name
    shutil.copytree(DATA_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    text = (copy / "dataset.toml").read_text()
    (copy / "dataset.toml").write_text(text.replace('id = "reconstructed-default-v1"', f'id = "{name}"'))
    return copy


def test_a_data_set_option_takes_only_the_names_of_known_data_sets(start_server, sqlite_url, tmp_path):
    mine = _data_copy(tmp_path, "club-set-v1")
    server = start_server(sqlite_url, "--data-dir", str(mine))
    raw = [b'"/etc"', b'"../../etc"', b'"' + str(mine).encode() + b'"', b'"a\\u0000b"', b'"' + b"x" * 5000 + b'"',
           b'"\\ud800"', b'"\\udfff/x"', b"5", b'["club-set-v1"]']
    for value in raw:
        answer = httpx.post(server.url + "/api/tables", content=b'{"game": "messina-1347", "players": 2, '
                            b'"options": {"data": ' + value + b"}}")
        assert answer.status_code == 400, (value[:40], answer.text)
        error = answer.json()["error"]
        assert "'reconstructed-default-v1'" in error and "'club-set-v1'" in error, error
        assert str(tmp_path) not in error and os.getcwd() not in error and "/etc" not in error, error
    # A registered set by its name: the AI workers find it too, and no frame shows its path.
    table = create(server.url, "messina-1347", ["ai:easy", "ai:easy"], options={"data": "club-set-v1"})
    started = time.time()
    while (frame := httpx.get(f"{server.url}/api/tables/{table['id']}").json())["version"] < 1:
        assert time.time() - started < 30, "the AI seat never moved"
        time.sleep(0.1)
    assert frame["options"]["data"] == "club-set-v1" and str(tmp_path) not in json.dumps(frame)
    create(server.url, "messina-1347", ["human", "human"], options={"data": "reconstructed-default-v1"})
    create(server.url, "messina-1347", ["human", "human"], options={"data": ""})


def test_a_data_dir_that_is_no_data_set_stops_the_start(sqlite_url, tmp_path, capsys):
    from ludoteka.cli.main import main
    (tmp_path / "empty").mkdir()
    assert main(["serve", "--port", "0", "--database", sqlite_url, "--data-dir", str(tmp_path / "empty")]) == 1
    err = capsys.readouterr().err
    assert "--data-dir" in err and "not a valid data set" in err and "Traceback" not in err, err


def test_a_client_that_hangs_up_mid_request_is_no_server_exception(start_server, sqlite_url):
    server = start_server(sqlite_url)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 5000\r\n\r\n{\"game\": ")
            time.sleep(0.2)
    time.sleep(0.5)
    assert httpx.get(server.url + "/api/games").status_code == 200
    assert "Traceback" not in server.log() and "Exception in ASGI" not in server.log(), server.log()[-3000:]
