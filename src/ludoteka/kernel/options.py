"""Documented variant switches of a game, with defaults and validation."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import BadOption, short


@dataclass(frozen=True)
class Option:
    """One variant switch: its name, default, allowed values and what it does. `data_set`: the
    value names a data set (a directory here; a server accepts only the names it knows, see
    `kernel.data.register_data_set`)."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = (False, True)    # () : any text
    data_set: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description of the option."""
        return {"name": self.name, "default": self.default, "choices": list(self.choices), "doc": self.doc}


def resolve_options(game_name: str, declared: Mapping[str, Option],
                    given: Mapping[str, Any] | None,
                    defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Merge `given` over the defaults; raise BadOption naming what is wrong and what is allowed.

    `defaults`: the defaults to use where they differ from the declared ones (those of an
    earlier rules revision, see `revision_defaults`)."""
    if given is not None and not isinstance(given, Mapping):
        raise BadOption(f"{game_name}: options must be a mapping of name to value, not {type(given).__name__}")
    result = {name: opt.default for name, opt in declared.items()}
    if defaults:
        result.update(defaults)
    for name, value in (given or {}).items():
        if name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise BadOption(f"{game_name}: unknown option {name!r}; known options: {known}")
        choices = declared[name].choices
        if choices == () and isinstance(value, str):
            result[name] = value                 # a free text option (a directory, say)
            continue
        # bool is a subclass of int: compare types too, so 1 is not accepted for True.
        if not any(value == c and type(value) is type(c) for c in choices):
            allowed = ", ".join(_spelled(c) for c in choices) or "a text"     # a free text option
            raise BadOption(f"{game_name}: option {name!r} cannot be {short(value)}; allowed: {allowed}")
        result[name] = value
    return result


def _spelled(choice: Any) -> str:
    """A choice as it is written on the command line and in JSON: true/false, 3, 'text'."""
    if isinstance(choice, bool):
        return "true" if choice else "false"
    return repr(choice)


def revision_defaults(game_name: str, current: int, earlier: Mapping[int, Mapping[str, Any]],
                      revision: Any) -> dict[str, Any]:
    """The defaults of rules revision `revision` where they differ from today's (revision
    `current`): `earlier[r]` holds the defaults of revision r that revision r+1 changed (an
    option added in r+1 with the value that keeps r's rules), so they are layered from the
    newest back. A revision that is not a whole number from 1 to `current` raises BadOption."""
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 1:
        raise BadOption(f"{game_name}: rules revision must be a whole number from 1, not {revision!r}")
    if revision > current:
        raise BadOption(f"{game_name}: rules revision {revision} is newer than this engine knows "
                        f"(1 to {current}); it was written by a newer ludoteka")
    out: dict[str, Any] = {}
    for r in range(current - 1, revision - 1, -1):
        out.update(earlier.get(r, {}))
    return out


def parse_option_value(text: str) -> Any:
    """Parse a command-line option value: exactly `true` or `false`, an integer, or a string.

    Nothing else means a boolean (not `yes`, `on` or `True`): such a value stays text, which a
    true/false option refuses with an error naming `true` and `false`.
    """
    if text == "true":
        return True
    if text == "false":
        return False
    try:
        return int(text)
    except ValueError:
        return text
