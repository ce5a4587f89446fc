"""The incremental observation: a game's public vector kept in **seat order** (as seat 0 sees it)
in a `Canvas`, rewritten only where the state changed, then permuted for the observing seat in
one numpy call; what only that seat may see is written into its vector afterwards (the
*private* part).

A game module declares *sections*: each writes some blocks of the seat-order vector from the
state's fields, as `raw - lo` (unscaled), into the canvas's `array('f')` buffer. A section that
names its `fields` (or gives a `snapshot` function returning copies of what it reads) is
rewritten only when they differ from what it was last written from (a C-level comparison of
lists and tuples; copies are kept only when they changed); a section without either is
rewritten at every call (what every decision changes: the pending frame, the seat to act).

Blocks with one entry per seat declare how they lie (`Layout.value(..., ego=(chunks, before,
inner))`: in each of `chunks` equal chunks, after `before` fixed slots, `inner` slots per seat);
from that the encoder builds, for each observing seat, the index array that turns the seat-order
vector into the egocentric one (`DirectEncoder.encode` takes it, then scales).

Hidden information: a canvas only ever holds what every seat's view shows; the private part
is written for the observing seat into its own vector after the permutation (its blocks are not
rotated), never into the canvas another seat's vector comes from. The snapshots hold values,
not the state's lists, so a canvas serves any state (a clone, another game) and is exact for
each: the tests compare it with the from-scratch write function at every decision of random
games.
"""
from __future__ import annotations

import struct
from array import array
from dataclasses import dataclass
from functools import partial
from operator import add, attrgetter
from typing import Any, Callable

import numpy as np

from ...kernel import GameState

MISSING = object()           # a section never written, or whose last write failed
_PACKS: dict[int, Callable[..., None]] = {}       # struct writers of n C floats, by n


def packer(count: int) -> Callable[..., None]:
    """The struct writer of `count` C floats (`pack_into(buffer, byte_offset, *values)`):
    struct writes them straight into the buffer, a third of what numpy's conversion of a short
    list costs, or array('f')'s."""
    found = _PACKS.get(count)
    if found is None:
        found = _PACKS[count] = struct.Struct(f"{count}f").pack_into
    return found


@dataclass(frozen=True)
class Section:
    """Some blocks of the seat-order vector: `write(state, canvas)` sets their values (`raw -
    lo`) and flags in `canvas.buf` or with `canvas.put` (the encoder zeroes the blocks first).
    `fields` names every state field `write` reads, or `snapshot(state)` returns copies of them
    (neither: rewritten at every call)."""

    blocks: tuple[str, ...]
    write: Callable[[GameState, "Canvas"], None]
    snapshot: Callable[[GameState], Any] | None = None
    clear: bool = True              # False: `write` sets every slot itself (see `copies`)
    fields: tuple[str, ...] = ()    # instead of `snapshot`: the state's fields `write` reads


def compiled(section: Section) -> tuple[Callable[[GameState], Any] | None, bool]:
    """A section's change test: its snapshot function, or for `fields` a getter of the live
    values (compared with the copies kept, copied only when they changed); and whether what it
    returns must be copied before it is kept."""
    if not section.fields:
        return section.snapshot, False
    if section.snapshot is not None:
        raise ValueError(f"section {section.blocks}: a snapshot or fields, not both")
    if len(section.fields) == 1:
        get = attrgetter(section.fields[0])
        return (lambda state: (get(state),)), True
    return attrgetter(*section.fields), True


class Canvas:
    """One seat-order vector and the snapshots its sections were written from. A learner keeps
    one per game it follows (the encoder has a default one), so that consecutive states of the
    same game share most of it."""

    __slots__ = ("buf", "array", "saved", "copies")

    def __init__(self, size: int, sections: int) -> None:
        self.buf = array("f", bytes(4 * size))
        # a view of the same memory: `buf` cannot be resized while it exists (a slice of the
        # wrong length assigned to it raises instead of shifting the vector)
        self.array = np.frombuffer(self.buf, np.float32)
        self.saved: list[Any] = [MISSING] * sections
        self.copies: dict[tuple[str, ...], tuple] = {}     # what `copies` sections last wrote

    def put(self, start: int, values: list[int]) -> None:
        """Write numbers from `start` on, into slots whose block has lo 0 (a value slot holds
        `raw - lo`; the encoder then only scales)."""
        pack_into = _PACKS.get(len(values)) or packer(len(values))
        pack_into(self.buf, 4 * start, *values)

    def forget(self) -> None:
        """Drop every snapshot: the next call writes every section again."""
        self.saved[:] = [MISSING] * len(self.saved)
        self.copies.clear()


def copies(fields: list[tuple[str, int, float]]) -> Callable[[GameState, Canvas], None]:
    """A section's write function copying whole list fields of the state, given as (name, first
    slot, lo of the block), into value slots, each only when it differs from what this canvas
    holds (such a section has no snapshot and clears nothing: each field is its own)."""
    get = attrgetter(*[name for name, _, _ in fields]) if len(fields) > 1 else (
        lambda state, one=attrgetter(fields[0][0]): (one(state),))
    key = tuple(name for name, _, _ in fields)
    # per field: its byte offset, and what turns a raw value into raw - lo (None when lo is 0)
    places = [(4 * start, partial(add, -lo) if lo else None) for _, start, lo in fields]
    unknown = (None,) * len(fields)

    def write(state: GameState, canvas: Canvas) -> None:
        live = get(state)
        held = canvas.copies.get(key, unknown)
        if live == held:                      # nothing changed: one C-level comparison
            return
        canvas.copies.pop(key, None)          # should the write fail, every field is written again
        buf = canvas.buf
        kept = []
        for value, old, (offset, shift) in zip(live, held, places):
            if value != old:                  # copy only the fields that changed
                pack_into = _PACKS.get(len(value)) or packer(len(value))
                pack_into(buf, offset, *(value if shift is None else map(shift, value)))
                old = value[:]
            kept.append(old)
        canvas.copies[key] = tuple(kept)
    return write


def ego_index(layout, players: int, seat: int) -> np.ndarray:
    """For each slot of `seat`'s egocentric vector, the slot of the seat-order vector it comes
    from: the blocks declared with `ego` rotate their seats, every other slot stays."""
    index = list(range(layout.size))
    for b in layout.blocks.values():
        if b.ego is None:
            continue
        chunks, before, inner = b.ego
        width = b.length // chunks
        if before + players * inner > width:
            raise ValueError(f"block {b.name!r}: ego {b.ego} does not fit a chunk of {width} slots")
        for c in range(chunks):
            base = b.start + c * width + before
            for i in range(players):
                s = (seat + i) % players
                for k in range(inner):
                    index[base + i * inner + k] = base + s * inner + k
    return np.array(index, np.intp)


def clear_ranges(layout, blocks: tuple[str, ...], free: set[str]) -> list[tuple[int, int]]:
    """The slot ranges to zero before a section writes `blocks`: theirs, merged where they
    touch or only `free` blocks (the private part's, always 0 in a canvas) lie between."""
    spans = sorted((layout.blocks[b].start, layout.blocks[b].start + layout.blocks[b].length) for b in blocks)
    zero = [False] * (layout.size + 1)
    for name in free:
        b = layout.blocks[name]
        zero[b.start:b.start + b.length] = [True] * b.length
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and all(zero[merged[-1][1]:a]):
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def zeroed(ranges: list[tuple[int, int]]) -> list[tuple[int, int, array]]:
    """Each slot range with the zeros that clear it (made once: slicing a zero vector at every
    call allocates a new array each time)."""
    return [(a, b, array("f", bytes(4 * (b - a)))) for a, b in ranges]


def write_sections(sections: list[tuple[Any, Any, list[tuple[int, int, array]], bool]], canvas: Canvas,
                   state: GameState) -> None:
    """Bring `canvas` up to date with `state`: every section whose snapshot changed (or that has
    none) is zeroed and written again."""
    buf, saved = canvas.buf, canvas.saved
    for k, (snapshot, write, clear, live) in enumerate(sections):
        if snapshot is not None:
            current = snapshot(state)
            if current == saved[k]:
                continue
            if live:                # the state's own lists: keep copies
                current = tuple([v[:] if type(v) is list else v for v in current])
        else:
            current = MISSING
        saved[k] = MISSING          # should the write fail, the section is written again next time
        for a, b, zeros in clear:
            buf[a:b] = zeros
        write(state, canvas)
        saved[k] = current
