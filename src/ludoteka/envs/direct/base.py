"""The direct encoders' common part: a seat's observation written straight from the state's
fields into a preallocated float32 vector, with no JSON and no feature names (the generic
encoder, ludoteka.envs.observation, reads the `view` instead and stays for other games).

A game module (notre_dame, kingsburg, messina) declares a `Layout`: *value* blocks, numbers
with the range [lo, hi] of their raw values; *sparse* blocks, numbers in [0, hi] that are mostly
0 (counts on a board); and *flag* blocks, one-hot or multi-hot slots. They lie in that order, so
`write(state, seat)` returns the raw values of every value block in declaration order (one
list), the flag slots set to 1, and the sparse slots that are not 0 with their raw amounts;
`DirectEncoder.encode` copies the values in with one numpy assignment, scales them to about
[0, 1] as `(raw - lo) / (hi - lo)` (a value outside its range stays linear, not clipped), then
places the sparse amounts (scaled by 1 / hi) and the flags.

The observation is **egocentric**: blocks with one entry per seat list the observing seat first,
then the others in seating order after it ((seat + 1) % n, ...); a seat-valued field is one-hot
over that order. A write function reads only what the seat's `view` shows (the tests compare
it against the game's view on sampled states and its determinizations); constant parts (the
map, colours, data labels) are left out.

**Incremental parts**: a write function may keep a part of its output (e.g. the planes of the
board, or one seat's tableau) in a `Memo`, with a snapshot of the fields it was written from;
the next call compares the fields (a C-level comparison of lists) and reuses the part when they
are equal, instead of running the Python loops again. The part must depend only on what the
snapshot holds and on the memo's key (the observing seat...), so a reused part is exactly the
one a from-scratch write gives (`DirectEncoder.forget` drops every memo; the tests compare both
over random games).

**The canvas** (canvas.py): a game may also declare sections; `encode` then keeps the vector in
seat order between calls, rewrites only the sections whose fields changed and permutes it for
the observing seat; `encode_scratch` is always the write function's vector (the reference).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

import numpy as np

from ...kernel import GameState
from .canvas import Canvas, Section, clear_ranges, compiled, ego_index, write_sections, zeroed


@dataclass
class Block:
    """A named slice of the vector: `length` slots whose raw values lie in [lo, hi]; `kind` is
    VALUE, SPARSE (lo 0) or FLAG (slots 0 or 1)."""

    name: str
    length: int
    lo: float
    hi: float
    kind: int
    doc: str
    start: int = -1
    ego: tuple[int, int, int] | None = None


VALUE, SPARSE, FLAG = 0, 1, 2


class Layout:
    """The blocks of one game's vector for one player count and options: value blocks first,
    then sparse blocks, then flag blocks (each in declaration order)."""

    def __init__(self) -> None:
        self.blocks: dict[str, Block] = {}
        self.values = 0                      # slots of the value blocks (they come first)
        self.sparse_end = 0                  # the sparse blocks follow, up to here
        self.size = 0

    def value(self, name: str, length: int, lo: float = 0.0, hi: float = 1.0, doc: str = "",
              ego: tuple[int, int, int] | None = None) -> None:
        """Declare a block of `length` numbers in [lo, hi]; `ego` (chunks, before, inner): the
        block has one entry per seat, laid out as canvas.py says (the incremental encoder
        rotates those slots for the observing seat)."""
        self._add(Block(name, length, float(lo), float(hi), VALUE, doc, ego=ego))

    def sparse(self, name: str, length: int, hi: float, doc: str = "",
               ego: tuple[int, int, int] | None = None) -> None:
        """Declare a block of `length` numbers in [0, hi], mostly 0."""
        self._add(Block(name, length, 0.0, float(hi), SPARSE, doc, ego=ego))

    def flags(self, name: str, length: int, doc: str = "", ego: tuple[int, int, int] | None = None) -> None:
        """Declare a block of `length` one-hot or multi-hot slots."""
        self._add(Block(name, length, 0.0, 1.0, FLAG, doc, ego=ego))

    def _add(self, block: Block) -> None:
        if block.length <= 0 or block.hi <= block.lo or block.name in self.blocks:
            raise ValueError(f"block {block.name!r}: a new name, a positive length and lo < hi are needed")
        if block.ego is not None and (block.ego[0] <= 0 or block.length % block.ego[0]):
            raise ValueError(f"block {block.name!r}: its length is not a whole number of {block.ego[0]} chunks")
        self.blocks[block.name] = block
        start = 0
        for kind in (VALUE, SPARSE, FLAG):
            for b in self.blocks.values():
                if b.kind == kind:
                    b.start = start
                    start += b.length
            if kind == VALUE:
                self.values = start
            elif kind == SPARSE:
                self.sparse_end = start
        self.size = start

    def start(self, name: str) -> int:
        """The first slot of a block (valid once every block is declared)."""
        return self.blocks[name].start

    def describe(self) -> list[dict[str, Any]]:
        """The blocks in slot order as JSON-ready dicts (name, slots, range, meaning)."""
        return [{"name": b.name, "slots": [b.start, b.start + b.length],
                 "range": "flags" if b.kind == FLAG else [b.lo, b.hi], "doc": b.doc}
                for b in sorted(self.blocks.values(), key=lambda b: b.start)]


class Memo:
    """Parts of a vector remembered per key (e.g. the observing seat) with the snapshot of the
    fields they were written from (see the module docstring). A snapshot must not change later:
    slices, tuples, copies of the state's lists, never the lists themselves."""

    __slots__ = ("saved",)
    LIMIT = 256                       # keys kept at most (they are seats, seat pairs...)

    def __init__(self) -> None:
        self.saved: dict[Hashable, tuple[Any, Any]] = {}

    def get(self, key: Hashable, snapshot: Any) -> Any:
        """The part remembered for `key` if it was written from an equal snapshot, else None."""
        hit = self.saved.get(key)
        return hit[1] if hit is not None and hit[0] == snapshot else None

    def put(self, key: Hashable, snapshot: Any, part: Any) -> Any:
        """Remember `part` (a value the caller never modifies) for `key`, and return it."""
        if len(self.saved) >= self.LIMIT and key not in self.saved:
            self.saved.clear()
        self.saved[key] = (snapshot, part)
        return part

    def clear(self) -> None:
        """Forget every part."""
        self.saved.clear()


Writer = Callable[[GameState, int], "tuple[list[float], list[int], list[int], list[float]]"]
Private = Callable[[GameState, int, memoryview], None]


class DirectEncoder:
    """A game's direct observation for one player count and options (see the module docstring)."""

    def __init__(self, layout: Layout, write: Writer, memos: tuple[Memo, ...] = (),
                 sections: Sequence[Section] = (), private: Private | None = None,
                 private_blocks: Sequence[str] = (), players: int = 1):
        self.layout = layout
        self.memos = memos
        self.size = layout.size
        self.write = write
        self.private = private
        self.sections = tuple(sections)
        if self.sections:
            owned = [name for section in self.sections for name in section.blocks] + list(private_blocks)
            if sorted(owned) != sorted(layout.blocks):
                odd = sorted(set(layout.blocks).symmetric_difference(owned)
                             | {b for b in owned if owned.count(b) > 1})
                raise ValueError(f"every block must belong to one section or to the private part: {odd}")
            free = set(private_blocks)
            if any(layout.blocks[b].lo for b in free):
                raise ValueError(f"a private block's values must start at 0 (it is written raw): "
                                 f"{sorted(b for b in free if layout.blocks[b].lo)}")
            self._sections = [(*compiled(sec)[:1], sec.write, zeroed(clear_ranges(layout, sec.blocks, free))
                               if sec.clear else [], compiled(sec)[1]) for sec in self.sections]
            if any(layout.blocks[b].ego for b in free):
                raise ValueError("a private block is written egocentric: it cannot declare `ego`")
            self._ego = [ego_index(layout, players, seat) for seat in range(players)]
        m = self.values = layout.values
        self.sparse_end = layout.sparse_end
        self._lo = np.zeros(m, np.float32)
        self._scale = np.ones(layout.sparse_end, np.float32)
        for b in layout.blocks.values():
            if b.kind != FLAG:
                if b.kind == VALUE:
                    self._lo[b.start:b.start + b.length] = b.lo
                self._scale[b.start:b.start + b.length] = 1.0 / (b.hi - b.lo)
        self._value_scale = self._scale[:m]
        # the whole vector's factors (1 for the flags), when multiplying it all is cheaper
        self._scale_all = None
        if layout.size - layout.sparse_end <= 2000:
            self._scale_all = np.ones(layout.size, np.float32)
            self._scale_all[:layout.sparse_end] = self._scale
        if self.sections:
            self.canvas = self.new_canvas()
        self._pack = struct.Struct(f"{m}i").pack
        self._sparse_scale = self._scale[m:]

    def encode(self, state: GameState, seat: int, out: np.ndarray | None = None,
               canvas: Canvas | None = None) -> np.ndarray:
        """The seat's observation of `state`, written into `out` (a float32 array of `size`
        slots, allocated when None) and returned. With sections (see canvas.py) it comes from
        `canvas` (default: the encoder's own), brought up to date with `state`; else, and
        always equal to it, from `encode_scratch`."""
        if not self.sections:
            return self.encode_scratch(state, seat, out)
        canvas = self.canvas if canvas is None else canvas
        write_sections(self._sections, canvas, state)
        out = self._take(canvas, seat, out)
        if self.private is not None:
            # straight into the seat's own vector (its blocks are not rotated): what only this
            # seat may see never enters the canvas that other seats' vectors come from
            self.private(state, seat, memoryview(out))
        # the canvas holds raw - lo already; a slice costs about as much as scaling 2,000 slots
        if self._scale_all is not None:
            out *= self._scale_all
        else:
            out[:self.sparse_end] *= self._scale
        return out

    def _take(self, canvas: Canvas, seat: int, out: np.ndarray | None) -> np.ndarray:
        """The canvas in `seat`'s egocentric order (a new array, or `out`)."""
        # the indices are in range by construction; numpy's "wrap" gathers faster than its
        # default, which checks each (Messina's 4,654 slots: 2.5 against 2.9 µs)
        if out is None:                 # take allocating its result is cheaper than empty + take
            if seat == 0:               # seat 0's order is the seat order: a plain copy is cheaper
                return canvas.array.copy()
            return canvas.array.take(self._ego[seat], mode="wrap")
        canvas.array.take(self._ego[seat], out=out, mode="wrap")
        return out

    def new_canvas(self) -> Canvas:
        """A new, empty seat-order vector for `encode` (one per game followed at the same time)."""
        return Canvas(self.size, len(self.sections))

    def encode_scratch(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's observation from the write function (no canvas): the reference."""
        if out is None:
            out = np.empty(self.size, np.float32)
        raw, hot, spots, amounts = self.write(state, seat)
        m = self.values
        values = out[:m]
        # numpy converts a list element by element; struct packs ints into C ints 3x as fast
        try:
            values[:] = np.frombuffer(self._pack(*raw), np.int32)
        except struct.error:              # a float, a huge int, or the wrong length
            values[:] = raw               # a wrong length raises ValueError here
        values -= self._lo
        values *= self._value_scale
        out[m:] = 0.0
        if spots:
            out[spots] = amounts
            out[m:self.sparse_end] *= self._sparse_scale
        if hot:
            out[hot] = 1.0
        return out

    def forget(self) -> None:
        """Drop every remembered part: the next `encode` writes the whole vector from scratch."""
        for memo in self.memos:
            memo.clear()
        if self.sections:
            self.canvas.forget()


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as the observing seat sees them: itself first, then the others in seating order."""
    return [(seat + i) % players for i in range(players)]
