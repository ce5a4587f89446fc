"""Loading component data files (TOML) with clear errors."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from .errors import DataError


def load_toml(path: Path) -> dict[str, Any]:
    """Read one TOML data file; a missing, unreadable or malformed file (or an impossible path:
    a NUL character, a name too long) raises DataError naming it."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(f"data file {path} is missing") from None
    except (OSError, ValueError) as exc:      # TOMLDecodeError is a ValueError: keep its text
        what = "is not valid TOML" if isinstance(exc, tomllib.TOMLDecodeError) else "cannot be read"
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DataError(f"data file {path} {what}: {reason}") from None


# Data sets registered by name (`ludoteka serve --data-dir`): kept in the environment so that
# every process started from here (AI workers, their parallel searches) resolves the same names.
DATA_SETS_ENV = "LUDOTEKA_DATA_SETS"


def registered_data_sets(game: str) -> dict[str, str]:
    """The data sets registered for `game`: name -> absolute directory."""
    try:
        table = json.loads(os.environ.get(DATA_SETS_ENV) or "{}")
        sets = table.get(game, {}) if isinstance(table, dict) else {}
        return {str(k): str(v) for k, v in sets.items()} if isinstance(sets, dict) else {}
    except ValueError:               # a garbled variable registers nothing
        return {}


def register_data_set(game: str, name: str, directory: str | Path) -> None:
    """Let a data-set option of `game` name `directory` by `name` (in this process and in every
    process it starts from now on)."""
    try:
        table = json.loads(os.environ.get(DATA_SETS_ENV) or "{}")
    except ValueError:
        table = {}
    if not isinstance(table, dict):
        table = {}
    table.setdefault(game, {})[name] = str(Path(directory).resolve())
    os.environ[DATA_SETS_ENV] = json.dumps(table)


def field(record: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    """Return record[name], checking that it exists and has the expected type."""
    if not isinstance(record, dict):
        raise DataError(f"{where}: expected a table, found {type(record).__name__}")
    if name not in record:
        raise DataError(f"{where}: missing field {name!r}")
    value = record[name]
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        kind_name = getattr(kind, "__name__", None) or "/".join(k.__name__ for k in kind)
        raise DataError(f"{where}: field {name!r} must be {kind_name}, found {value!r}")
    return value


def check(condition: bool, where: str, message: str) -> None:
    """Raise DataError(`where: message`) unless `condition` holds."""
    if not condition:
        raise DataError(f"{where}: {message}")
