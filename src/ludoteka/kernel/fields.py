"""State fields declared once: `clone`, the JSON snapshot and its validating reader are generated
from the declaration (once per class, as `dataclasses` does), never introspected per call.

A game state lists its fields as `FIELDS = (Ints("coins", per_seat=1, lo=0), ...)` and sets
`__slots__ = slots(FIELDS)`; `GameState.__init_subclass__` then writes `_clone_fields`,
`_snapshot_fields` and `_restore_fields` for that class.

Kinds (what a clone does with the value):
  Int, Flag, Text   immutable scalars, shared;
  Ints, Flags       flat lists, copied with `[:]`;
  Tuple             an immutable (possibly nested) tuple of ints, shared;
  Tuples            a list of immutable tuples (one pile per seat, say), the list copied;
  Const             not part of the snapshot (static data the Game supplies), shared.
`per_seat=k` says a list holds k entries per seat (its length is players * k); `added` marks a
field declared after a game's first release: `added(players)` is its saved (JSON) value in the
states of games that never use it. A snapshot leaves such a field out while it holds that value,
and a saved state without it reads that value, so the states and record digests written before
the field existed still load and verify. `hidden` says
who may see it ("" public, "owner" only the seat it belongs to, "all" nobody): documentation
for readers and for the hidden-information tests, which compare views across states that
differ only in hidden fields.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import BadRecord

SCALAR, LIST, TUPLE, TUPLES, CONST = "scalar", "list", "tuple", "tuples", "const"


@dataclass(frozen=True)
class Field:
    """One declared field of a state class."""

    name: str
    store: str                      # SCALAR, LIST, TUPLE, TUPLES or CONST
    value: type = int               # the type of each value (int, bool or str)
    per_seat: int = 0               # entries per seat for lists; 0: not per seat
    length: int | None = None       # a fixed length for lists or tuples, when not per seat
    lo: int | None = None           # inclusive bounds of every int value
    hi: int | None = None
    nullable: bool = False          # a scalar may be None
    nested: bool = False            # a Tuple or Tuples entry may itself hold tuples
    hidden: str = ""                # "", "owner" or "all" (documentation and tests)
    doc: str = ""
    added: Callable[[int], Any] | None = None   # players -> the saved value of games without it


def Int(name: str, lo: int | None = None, hi: int | None = None, nullable: bool = False,
        hidden: str = "", doc: str = "", added: Callable[[int], Any] | None = None) -> Field:
    """An int scalar (None allowed when `nullable`)."""
    return Field(name, SCALAR, int, lo=lo, hi=hi, nullable=nullable, hidden=hidden, doc=doc, added=added)


def Flag(name: str, doc: str = "") -> Field:
    """A bool scalar."""
    return Field(name, SCALAR, bool, doc=doc)


def Text(name: str, doc: str = "") -> Field:
    """A str scalar."""
    return Field(name, SCALAR, str, doc=doc)


def Ints(name: str, per_seat: int = 0, length: int | None = None, lo: int | None = None,
         hi: int | None = None, hidden: str = "", doc: str = "",
         added: Callable[[int], Any] | None = None) -> Field:
    """A flat list of ints, copied by `clone`."""
    return Field(name, LIST, int, per_seat, length, lo, hi, hidden=hidden, doc=doc, added=added)


def Flags(name: str, per_seat: int = 0, length: int | None = None, hidden: str = "", doc: str = "") -> Field:
    """A flat list of bools, copied by `clone`."""
    return Field(name, LIST, bool, per_seat, length, hidden=hidden, doc=doc)


def Tuple(name: str, per_seat: int = 0, length: int | None = None, lo: int | None = None,
          hi: int | None = None, nested: bool = False, hidden: str = "", doc: str = "",
          added: Callable[[int], Any] | None = None) -> Field:
    """An immutable tuple of ints (of tuples of ints when `nested`), shared by clones."""
    return Field(name, TUPLE, int, per_seat, length, lo, hi, nested=nested, hidden=hidden, doc=doc,
                 added=added)


def Tuples(name: str, per_seat: int = 1, lo: int | None = None, hi: int | None = None,
           hidden: str = "", doc: str = "") -> Field:
    """A list of immutable int tuples (one per seat by default); the list is copied by `clone`."""
    return Field(name, TUPLES, int, per_seat, None, lo, hi, hidden=hidden, doc=doc)


def Const(name: str, doc: str = "") -> Field:
    """Static data set when the state is made (the game's components); shared, never saved."""
    return Field(name, CONST, doc=doc)


def slots(fields: tuple[Field, ...]) -> tuple[str, ...]:
    """The `__slots__` of a state class with these fields."""
    return tuple(f.name for f in fields)


# ---------------------------------------------------------------------- code generation
def build_methods(fields: tuple[Field, ...]) -> dict[str, Callable[..., Any]]:
    """Generate `_clone_fields(self, copy)`, `_snapshot_fields(self)` and `_restore_fields(self, data)`."""
    clone_lines = ["def _clone_fields(self, c):"]
    snap_parts = []
    for f in fields:
        if f.store in (LIST, TUPLES):
            clone_lines.append(f"    c.{f.name} = self.{f.name}[:]")
        else:
            clone_lines.append(f"    c.{f.name} = self.{f.name}")
        if f.store == TUPLE:
            snap_parts.append(f"{f.name!r}: _nested_list(self.{f.name})")
        elif f.store == TUPLES:
            snap_parts.append(f"{f.name!r}: [_nested_list(v) for v in self.{f.name}]")
        elif f.store == LIST:
            snap_parts.append(f"{f.name!r}: self.{f.name}[:]")
        elif f.store == SCALAR:
            snap_parts.append(f"{f.name!r}: self.{f.name}")
    if len(clone_lines) == 1:
        clone_lines.append("    pass")
    source = "\n".join(clone_lines) + "\n\ndef _snapshot_fields(self):\n    return {" + ", ".join(snap_parts) + "}\n"
    namespace: dict[str, Any] = {"_nested_list": _nested_list}
    exec(source, namespace)   # noqa: S102 - generated once per class from a fixed declaration
    saved = tuple(f for f in fields if f.store != CONST)
    added = tuple(f for f in saved if f.added is not None)
    snapshot_all = namespace["_snapshot_fields"]

    def _snapshot_fields(self: Any) -> dict[str, Any]:
        data = snapshot_all(self)
        for f in added:
            if data[f.name] == f.added(self.players):
                del data[f.name]               # as saved before the field existed
        return data

    def _restore_fields(self: Any, data: dict[str, Any]) -> None:
        missing = [f.name for f in saved if f.name not in data and f.added is None]
        if missing:
            raise BadRecord(f"{self.game.name} state is missing fields: {', '.join(missing)}")
        for f in saved:
            value = data[f.name] if f.name in data else f.added(self.players)
            setattr(self, f.name, read_field(f, value, self.players, self.game.name))

    return {"_clone_fields": namespace["_clone_fields"],
            "_snapshot_fields": _snapshot_fields if added else snapshot_all,
            "_restore_fields": _restore_fields}


def _nested_list(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_nested_list(v) for v in value]
    return value


def _nested_tuple(value: Any, f: Field, where: str, depth: int = 0) -> Any:
    if isinstance(value, list):
        if depth and not f.nested:
            raise BadRecord(f"{where} holds a list inside a list: {_short(value)}")
        return tuple(_nested_tuple(v, f, where, depth + 1) for v in value)
    _check_value(value, f, where)
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_value(value: Any, f: Field, where: str) -> None:
    if f.value is bool:
        ok = isinstance(value, bool)
    elif f.value is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and ((f.lo is not None and value < f.lo) or (f.hi is not None and value > f.hi)):
            raise BadRecord(f"{where} holds {_short(value)}, outside {f.lo}..{f.hi}")
    else:
        ok = isinstance(value, f.value)
    if not ok:
        raise BadRecord(f"{where} holds {_short(value)}, not a {f.value.__name__}")


def read_field(f: Field, value: Any, players: int, game: str) -> Any:
    """Check one saved value against its declaration and convert it to the in-memory form."""
    where = f"{game} state: field {f.name!r}"
    if f.store == SCALAR:
        if value is None and f.nullable:
            return None
        _check_value(value, f, where)
        return value
    if not isinstance(value, list):
        raise BadRecord(f"{where} must be a list, not {_short(value)}")
    expected = players * f.per_seat if f.per_seat else f.length
    if expected is not None and len(value) != expected:
        raise BadRecord(f"{where} must have {expected} entries, not {len(value)}")
    if f.store == LIST:
        for v in value:
            _check_value(v, f, where)
        return list(value)
    if f.store == TUPLE:
        return _nested_tuple(value, f, where)
    out = []
    for v in value:
        if not isinstance(v, list):
            raise BadRecord(f"{where} must be a list of lists, not {_short(value)}")
        out.append(tuple(_nested_tuple(x, f, where, 1) for x in v))
    return out
