"""The command line of bench/server_load.py (its variants): checked without a long run."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("server_load", ROOT / "bench" / "server_load.py")
server_load = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_load)


def test_spectator_variant_keeps_the_load_flags():
    args = server_load.parse(["--tables", "1000", "--spectators", "300", "--server-arg=--spectators-per-table=100"])
    assert (args.tables, args.spectators, args.abusive) == (1000, 300, None)
    flags = server_load.server_args(args)
    assert flags[-1] == "--spectators-per-table=100"
    assert flags[flags.index("--sockets-per-address") + 1] == "0"   # one address opens every bot socket


def test_abusive_variant_runs_the_default_limits():
    flags = server_load.server_args(server_load.parse(["--abusive"]))
    assert "--sockets-per-address" not in flags and "--max-open-tables" not in flags
    assert flags[flags.index("--rate") + 1] == "100"                 # the kit's --rate 0 overridden
    assert server_load.parse(["--abusive"]).abusive == "http,tables,flood,hold"
    assert server_load.parse(["--abusive", "flood"]).abusive == "flood"


def test_the_abuser_gets_its_tables_whatever_their_ids_begin_with():
    # a table id may begin with a dash: `--tables -x…` failed (a run's abuser exited with 2)
    spec = importlib.util.spec_from_file_location("server_abuse", ROOT / "bench" / "server_abuse.py")
    server_abuse = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server_abuse)
    args = server_load.parse(["--abusive", "http,flood", "--seconds", "7"])
    argv = server_load.abuser_argv("http://127.0.0.1:8000", ["-x1", "y2", "--z"], args)
    parsed = server_abuse.parse(argv[1:])
    assert (parsed.url, parsed.tables, parsed.parts, parsed.seconds) == ("http://127.0.0.1:8000", "-x1,y2,--z",
                                                                         "http,flood", 7.0)


def test_bot_addresses_are_one_per_table_and_never_the_abusers():
    addresses = {server_load.bot_address(n) for n in range(100_000)}
    assert len(addresses) == 100_000
    assert not any(a.startswith("127.") for a in addresses)


@pytest.mark.parametrize("argv", [["--spectators", "-1"], ["--spectators", "10001"], ["--tables", "0"],
                                  ["--seconds", "0"], ["--spectators", "3", "--abusive"], ["--abusive", "floods"],
                                  ["--abusive", "--url", "http://127.0.0.1:8000"], ["--server-cpu", "4096"],
                                  ["--server-cpu", "0", "--url", "http://127.0.0.1:8000"]])
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        server_load.parse(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_a_short_spectator_run_reports_the_watched_table_apart(tmp_path):
    # A real run, seconds long: the spectators' own process reports what they saw.
    import json
    import os
    import subprocess
    import sys
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "server_load.py"), "--tables", "2", "--seconds", "3",
                           "--warmup", "1", "--think", "0.2", "--spectators", "4"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["moves"] > 0 and result["windows"][0]["n"] > 0
    watched = result["watched_table"]
    assert watched["spectator_sockets"] == {"open at the end": 4}
    assert watched["latency_ms"]["n"] > 0 and watched["spectator_lag_ms"]["n"] > 0
