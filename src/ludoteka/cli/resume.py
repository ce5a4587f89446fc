"""Resuming a terminal game: the command that resumes a save, said so that it works where the
player started (`make play` or the `ludoteka` command), and the newest unfinished save."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from pathlib import Path

SAVES = Path("saves")
LAST = "last"          # `--resume last`, `make play RESUME=last`: the newest unfinished save


def _shown_path(path: Path) -> str:
    """`path` relative to the current directory when it is under it, else absolute (symbolic
    links kept: a virtual environment's python is a link to one that lacks its packages)."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path(os.path.abspath(Path.cwd()))))
    except ValueError:
        return str(absolute)


def ludoteka_command() -> str:
    """The command that starts ludoteka the way this process was started, as the player's shell
    finds it: `ludoteka` when the script that ran is the one on the PATH, else that script's path
    (`.venv/bin/ludoteka`: a virtual environment's scripts are not on the PATH unless it is
    activated), else `python -m ludoteka` with the Python that runs now."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    on_path = shutil.which("ludoteka")
    if script.name == "ludoteka" and script.is_file():
        if on_path and Path(on_path).resolve() == script.resolve():
            return "ludoteka"
        shown = _shown_path(script)
        return shlex.quote(shown if "/" in shown else "./" + shown)
    if on_path and script.name != "__main__.py":     # not run as a script (a test, an embedding)
        return "ludoteka"
    return f"{shlex.quote(_shown_path(Path(sys.executable)))} -m ludoteka"


def started_by_make_play() -> bool:
    """Whether `make play` of ludoteka's Makefile started this process: GNU make sets MAKELEVEL
    for the commands of its recipes, and make runs them next to its Makefile."""
    try:
        return bool(os.environ.get("MAKELEVEL")) and "RESUME" in Path("Makefile").read_text(encoding="utf-8")
    except OSError:
        return False


def resume_command(path: Path, agents: str | None = None) -> str:
    """The command that resumes the game saved at `path`: `make play RESUME=FILE` when this
    process was started by make (`make play`, whose seats are always the default ones), else
    `<ludoteka> play --resume FILE`, with `--agents AGENTS` when given: a record does not hold
    who sits where, so seats other than the default ones are repeated."""
    if started_by_make_play():
        return f"make play RESUME={shlex.quote(str(path))}"
    command = f"{ludoteka_command()} play --resume {shlex.quote(str(path))}"
    return f"{command} --agents {shlex.quote(agents)}" if agents else command


def unfinished_saves(game: str | None = None, limit: int = 50) -> list[Path]:
    """The records under ./saves of games not yet over (of `game` when given), newest first;
    files that are not readable records are passed over."""
    if not SAVES.is_dir():
        return []
    files = sorted(SAVES.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
    found = []
    for path in files:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(record, dict) and record.get("finished") is False and (
                game is None or record.get("game") == game):
            found.append(path)
    return found
