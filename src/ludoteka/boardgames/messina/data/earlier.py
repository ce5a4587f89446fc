"""Data sets the game shipped before, kept so that games saved under an earlier rules revision
replay with the components they were played with (`Game.earlier_data_sets`).

Each is written as its difference from the shipped set it preceded, and is offered only while
that set is the shipped one: a data directory replaced by its owner has no such history.
"""
from __future__ import annotations

from dataclasses import replace

from ludoteka.kernel.errors import DataError

from .components import Activation, Components

V1 = "reconstructed-default-v1"       # rules revisions 1 and 2
V2 = "reconstructed-default-v2"       # rules revision 3 on


def earlier_data_set(shipped: Components, name: str) -> Components:
    """The earlier data set `name`, derived from the shipped one; DataError if it is unknown or
    the shipped data is not the set it preceded."""
    if name != V1:
        raise DataError(f"no earlier data set {name!r}; known: {V1}")
    if shipped.data_set != V2:
        raise DataError(f"data set {V1!r} is kept as a change of {V2!r}, but the shipped data is "
                        f"{shipped.data_set!r}")
    # v1: the nun overseer's step 1 on side a touched squares 14 and 15 (a large fire, 2 fire)
    board = shipped.boards["a"]
    nun = replace(board.paths["nun"], first=Activation("pair", squares=(14, 15)))
    side_a = replace(board, paths={**board.paths, "nun": nun})
    return replace(shipped, data_set=V1, boards={**shipped.boards, "a": side_a})
