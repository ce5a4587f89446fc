"""What the standard, advanced and solo scorings share: the points of places with ties shared
(MS-31.6, MS-33.8) and the city hexes a seat repopulated (MS-31.8, MS-33.7, MS-35.23)."""
from __future__ import annotations


def place_awards(n: int, seats, rank, place_points) -> list[int]:
    """Points per seat (of n) for the places of `seats` ranked by `rank`, highest first; seats of
    equal rank share the points of the places they take, rounded down (MS-31.6, MS-33.8)."""
    order = sorted(seats, key=rank, reverse=True)
    awards = [0] * n
    place = 0
    while place < len(order):
        group = [s for s in order if rank(s) == rank(order[place])]
        share = sum(place_points[place:place + len(group)]) // len(group)
        for s in group:
            awards[s] = share
        place += len(group)
    return awards


def repopulated(state, seat: int) -> list[int]:
    """The printed points of every city hex the seat repopulated (MS-31.8)."""
    hexes = state.data.hexes
    return [hexes[tile].points for node, tile in enumerate(state.hex_at)
            if tile >= 0 and state.repopulated_by[node] == seat]
