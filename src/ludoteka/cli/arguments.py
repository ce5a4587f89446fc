"""Checking command-line arguments, and the one-line error messages of the command line.

Every numeric argument is parsed as plain ASCII digits and checked for finiteness and range, with
an error naming the argument and what is allowed. Error messages quote at most a short prefix of
bad input, however long it is.
"""
from __future__ import annotations

import argparse
import math
import re
import json
from typing import Any, Callable, Sequence

from .. import registry
from ..ai.base import SHOWN_CHARS, shown
from ..ai.levels import resolve_level
from ..kernel import Game
from ..kernel.options import parse_option_value
from ..tools.distribute import LOCAL_RAY, MAX_WORKERS

MAX_SEED = 2**63 - 1
MAX_LINE = 600                 # an error line is cut after this many characters
PREFIX = "ludoteka: error: "

_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")
_FLOAT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
# A quoted piece of text (as repr() writes it) longer than SHOWN_CHARS, and a long run of
# characters without spaces: both are cut to SHOWN_CHARS characters and an ellipsis.
_QUOTED = re.compile(r"""(?:^|(?<=[\s(\[{=:,]))(?:'([^'\\]*(?:\\.[^'\\]*)*)'|"([^"\\]*(?:\\.[^"\\]*)*)")""")
_LONG_RUN = re.compile(r"\S{%d,}" % (2 * SHOWN_CHARS + 1))


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value}"


def int_in(low: int, high: int | None) -> Callable[[str], int]:
    """An argparse type: an ASCII integer from `low` to `high` (None: no upper bound here)."""
    allowed = f"an integer from {_number(low)} to {_number(high)}" if high is not None \
        else f"an integer of at least {_number(low)}"

    def parse(text: str) -> int:
        if not _INTEGER.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"invalid int value {shown(text)}: must be {allowed}")
        value = int(text)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {shown(text)}")
        return value

    parse.__name__ = "integer"
    return parse


def float_in(low: float, high: float, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite ASCII decimal number in [low, high] (or (low, high])."""
    allowed = (f"a finite number above {_number(low)} and at most {_number(high)}" if low_open
               else f"a finite number from {_number(low)} to {_number(high)}")

    def parse(text: str) -> float:
        if not _FLOAT.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"invalid number {shown(text)}: must be {allowed}")
        value = float(text)
        if not math.isfinite(value) or value > high or value < low or (low_open and value == low):
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {shown(text)}")
        return value

    parse.__name__ = "number"
    return parse


def players_for(game: Game, players: int | None, default: Callable[[Game], int]) -> int:
    """The player count: `default(game)` when not given, else `players` if the game allows it."""
    if players is None:
        return default(game)
    if not game.min_players <= players <= game.max_players:
        count = str(players) if len(str(players)) <= SHOWN_CHARS else str(players)[:SHOWN_CHARS] + "…"
        raise UsageError(f"--players: {count} players is not allowed for {game.name}; "
                         f"allowed: {game.min_players} to {game.max_players}")
    return players


def seat_number(text: str, players: int) -> int:
    """The seat of `--seat N=SPEC`: ASCII digits from 0 to players - 1."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,6}", text):
        raise UsageError(f"--seat expects N=SPEC with N a seat from 0 to {players - 1}, not {shown(text)}")
    seat = int(text)
    if not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: seats are 0 to {players - 1}")
    return seat


def split_agents(text: str | None, game: Game | None = None) -> list[str] | None:
    """`"a,b:x=1,c"` -> ["a", "b:x=1", "c"]: a part with '=' but no ':' continues the previous spec.
    A level name (`easy`, `medium`, `hard`) becomes its spec, `game`'s own where it tunes one.

    None (not given) gives None; an empty list or an empty spec in it is a UsageError.
    """
    if text is None:
        return None
    out: list[str] = []
    for position, part in enumerate((p.strip() for p in text.split(",")), 1):
        if not part:
            what = "is empty" if not text.strip() else f"has an empty spec at position {position}"
            raise UsageError(f"--agents {what}; give agent specs separated by commas, e.g. random,greedy")
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return [resolve_level(spec, game) for spec in out]


def _cut_quoted(match: re.Match[str]) -> str:
    text = match.group(1) if match.group(1) is not None else match.group(2)
    if len(text) <= SHOWN_CHARS:
        return match.group()
    quote = match.group()[0]
    return quote + text[:SHOWN_CHARS] + quote + "…"


def shorten(line: str) -> str:
    """`line` with every long quoted text or long unbroken run cut to a short prefix and '…'."""
    line = _QUOTED.sub(_cut_quoted, line)
    line = _LONG_RUN.sub(lambda m: m.group()[:SHOWN_CHARS] + "…", line)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE] + "…"


def error_line(exc: BaseException) -> str:
    """The one line the command line prints for `exc`: `ludoteka: error: ...`, shortened."""
    if isinstance(exc, RecursionError):
        text = "the input is nested too deeply to read"
    elif isinstance(exc, OverflowError):
        text = f"a number is too large: {exc}"
    else:
        text = str(exc)
    first = text.split("\n", 1)[0].strip() or type(exc).__name__
    return PREFIX + shorten(first)


# ------------------------------------------------------------------ helpers the sub-commands share
def lookup_game(name: str) -> Game:
    """The registered game `name` (UnknownGame lists the known ones)."""
    return registry.game(name)


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """`["name=value", ...]` -> {name: parsed value}; the game validates names and values."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise UsageError(f"--option expects name=value, not {shown(pair)}")
        options[name.strip()] = parse_option_value(value)
    return options


def default_players(game: Game) -> int:
    """Four players when the game allows it, else the nearest allowed count."""
    return max(game.min_players, min(4, game.max_players))


def emit_json(data: dict[str, Any]) -> None:
    """Print one JSON object on stdout."""
    print(json.dumps(data, indent=1))


def plural(n: int, noun: str) -> str:
    """'1 player', '3 players'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def add_parallel_arguments(p: argparse.ArgumentParser) -> None:
    """`--workers N` and `--ray [ADDRESS]`: where the games of a long run are played."""
    p.add_argument("--workers", type=int_in(1, MAX_WORKERS), default=1,
                   help=f"parallel processes on this machine (default 1, at most {MAX_WORKERS}); "
                        "with --ray and no address: the CPUs of the local Ray instance")
    p.add_argument("--ray", nargs="?", const=LOCAL_RAY, metavar="ADDRESS",
                   help="spread the games over a Ray cluster at ADDRESS (e.g. ray://head:10001 or "
                        "auto); without ADDRESS a local Ray instance is started. Same seeds, same "
                        "results as a local run. Needs ludoteka[scale]")
