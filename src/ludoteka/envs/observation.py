"""A seat's `view` (JSON) as a fixed-size numeric vector, for learning agents.

Every game's view is a JSON tree whose lists grow and shrink (hands, buildings, citizens), so
the encoding is by *named features*:

- a number or bool at a path is one feature, `players[2].coins` = 3;
- a text at a path is a one-hot feature, `players[0].carriage=1.C` = 1;
- a list of texts is a bag, `players[1].buildings[]=statue` = 1 (a count when repeated), plus
  its length `players[1].buildings#`; other lists are read by position;
- `null` is the feature `path=null`, so it differs from 0.

Each game has a vocabulary file, `features/GAME.txt`: the feature names in a fixed order, which
new releases only extend (up to the file's `capacity`), so feature i is slot i in every run and
release. A feature not in the vocabulary (a rare state, or a game without a file) is hashed
(BLAKE2b of its name) into the `hashed` slots after the capacity, so nothing is ever dropped.
Only the seat's view is read: nothing hidden from the seat can appear.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Iterable

VOCABULARY_DIR = Path(__file__).with_name("features")
DEFAULT_HASHED = 1024          # slots for features outside the vocabulary
MAX_CACHED = 1 << 18           # hashed names remembered (events make endless new names)
# Top-level view keys written for people, derived from the rest of the view (the "what happens
# next" line and warnings, with English text): no features, so the vectors keep their meaning.
PRESENTATION = frozenset({"guide"})


def features(view: Any) -> list[tuple[str, float]]:
    """The named numeric features of a JSON value (see the module docstring), in document order."""
    out: list[tuple[str, float]] = []
    if type(view) is dict and not PRESENTATION.isdisjoint(view):
        view = {name: item for name, item in view.items() if name not in PRESENTATION}
    _walk(view, "", out.append)
    return out


def _walk(value: Any, path: str, add) -> None:
    # One recursive function appending to a list (several times faster than nested generators);
    # leaves are handled in their container's loop, so only containers recurse.
    kind = type(value)
    if kind is dict:
        prefix = path + "." if path else ""
        for name, item in value.items():
            t = type(item)
            if t is int or t is float:
                add((f"{prefix}{name}", float(item)))
            elif t is str:
                add((f"{prefix}{name}={item}", 1.0))
            else:
                _walk(item, f"{prefix}{name}", add)
    elif kind is list or kind is tuple:
        add((path + "#", float(len(value))))
        if value and all(type(v) is str for v in value):
            for text in value:
                add((f"{path}[]={text}", 1.0))
        else:
            for i, item in enumerate(value):
                _walk(item, f"{path}[{i}]", add)
    elif kind is str:
        add((f"{path}={value}", 1.0))
    elif kind is bool:
        add((path, 1.0 if value else 0.0))
    elif kind is int or kind is float:
        add((path, float(value)))
    elif value is None:
        add((path + "=null", 1.0))
    elif isinstance(value, (int, float)):      # a subclass, e.g. an IntEnum
        add((path, float(value)))
    else:
        raise TypeError(f"a view holds JSON values only, not {kind.__name__} at {path or 'the top'}")


class ViewEncoder:
    """Features to slots: the vocabulary's names to their index, any other name hashed after
    `capacity`. The vector has `capacity + hashed` slots."""

    def __init__(self, vocabulary: Iterable[str] = (), capacity: int = 0, hashed: int = DEFAULT_HASHED):
        names = list(vocabulary)
        if capacity < len(names):
            raise ValueError(f"a vocabulary of {len(names)} features does not fit its capacity {capacity}")
        if isinstance(hashed, bool) or not isinstance(hashed, int) or not 16 <= hashed <= 1 << 24:
            raise ValueError(f"the hashed slots must be an integer from 16 to {1 << 24}, not {hashed!r:.40}")
        self.capacity = capacity
        self.hashed = hashed
        self.size = capacity + hashed
        self.vocabulary = names
        self._slots: dict[str, int] = {name: i for i, name in enumerate(names)}
        if len(self._slots) != len(names):
            raise ValueError("a feature vocabulary lists a name twice")

    def slot(self, name: str) -> int:
        """The slot of feature `name` (hashed names are cached: views repeat the same names)."""
        slot = self._slots.get(name)
        if slot is None:
            digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
            slot = self.capacity + int.from_bytes(digest, "little") % self.hashed
            if len(self._slots) < MAX_CACHED:
                self._slots[name] = slot
        return slot

    def encode(self, view: Any) -> list[float]:
        """The vector of `view`: each feature's value added into its slot."""
        out = [0.0] * self.size
        slots = self._slots
        for name, value in features(view):
            i = slots.get(name)
            out[self.slot(name) if i is None else i] += value
        return out

    def unknown(self, view: Any) -> list[str]:
        """The names of `view`'s features outside the vocabulary (they go to hashed slots)."""
        known = len(self.vocabulary)
        return [name for name, _ in features(view)
                if name not in self._slots or self._slots[name] >= known]

    def explain(self, view: Any, slot: int) -> list[str]:
        """The names of `view`'s features that land in `slot` (to read a vector back)."""
        return [name for name, _ in features(view) if self.slot(name) == slot]


def read_vocabulary(path: Path) -> tuple[list[str], int, int]:
    """(names, capacity, hashed) from a vocabulary file: `# capacity N`, `# hashed M`, then one
    feature name per line. A malformed file raises ValueError naming the file and line."""
    names: list[str] = []
    settings = {"capacity": None, "hashed": DEFAULT_HASHED}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#"):
            words = line[1:].split()
            if len(words) == 2 and words[0] in settings:
                if not words[1].isdigit():
                    raise ValueError(f"{path}:{number}: {words[0]} must be a whole number")
                settings[words[0]] = int(words[1])
            continue
        if line:
            names.append(line)
    if settings["capacity"] is None:
        raise ValueError(f"{path}: no '# capacity N' line")
    return names, settings["capacity"], settings["hashed"]


def encoder_for(game: str, hashed: int | None = None) -> ViewEncoder:
    """The encoder of a game: its vocabulary file when it has one, else hashing alone."""
    path = VOCABULARY_DIR / f"{game}.txt"
    if not path.exists():
        return ViewEncoder(hashed=hashed or 4 * DEFAULT_HASHED)
    names, capacity, default_hashed = read_vocabulary(path)
    return ViewEncoder(names, capacity, hashed or default_hashed)
