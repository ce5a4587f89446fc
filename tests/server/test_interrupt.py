"""One Ctrl-C stops `ludoteka serve` (issue 23 §5): the terminal sends SIGINT to the whole
process group, the server's AI workers and the search processes of a hard AI included; the
server must exit within seconds and leave no process behind. Start-up prints the URL without
the schema migration's lines."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from server_kit import free_port


def group_members(group: int) -> list[int]:
    """The processes whose process group is `group` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry))
    return found


def test_one_sigint_stops_the_server_after_a_hard_ai_has_played(tmp_path):
    port = free_port()
    log = open(tmp_path / "server.log", "wb")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"))
    server = subprocess.Popen(
        [sys.executable, "-m", "ludoteka", "serve", "--port", str(port), "--database",
         f"sqlite:///{tmp_path / 'server.sqlite3'}", "--ai-workers", "2", "--ai-seconds", "1", "--rate", "0"],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)    # its own group, as a terminal's job
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                httpx.get(url + "/", timeout=2)
                break
            except httpx.HTTPError:
                assert time.time() < deadline and server.poll() is None, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        table = httpx.post(url + "/api/tables", json={"game": "kingsburg", "players": 2,
                                                      "seats": ["ai:hard", "ai:hard"]}, timeout=30).json()
        deadline = time.time() + 60
        while httpx.get(f"{url}/api/tables/{table['id']}", timeout=30).json()["version"] < 3:   # hard AIs have played
            assert time.time() < deadline, "the hard AIs made no moves"
            time.sleep(0.2)
        os.killpg(server.pid, signal.SIGINT)         # one Ctrl-C
        started = time.time()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running 10 s after one SIGINT: {group_members(server.pid)}") from None
        assert time.time() - started < 10
        deadline = time.time() + 5
        while group_members(server.pid) and time.time() < deadline:
            time.sleep(0.1)
        assert group_members(server.pid) == [], "processes of the server were left behind"
        output = (tmp_path / "server.log").read_text()
        assert f"ludoteka server on http://127.0.0.1:{port}" in output.splitlines()[0]
        assert "alembic" not in output and "Traceback" not in output
    finally:
        if server.poll() is None or group_members(server.pid):
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
