"""The city as a graph (DATA-3, MS-8.9, MS-9.2): nodes, adjacency and movement distances.

Nodes of a player count's layout: the starting slots (0 .. S-1, in the order hexes are laid),
the 6 expansion locations (S .. S+5), the 4 harbours (S+6 .. S+9) and the 4 docks (S+10 ..
S+13), harbours and docks in clockwise corner order. A dock counts as its own hex, adjacent only
to its harbour (MS-9.2). Distances run through placed tiles only (MS-8.9): an empty expansion
location is not part of a path; they are cached per set of filled expansion locations.
"""
from __future__ import annotations

from collections import deque

from ..data.components import CORNERS, Layout

AXIAL_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
FAR = 99


class Board:
    """The graph of one layout; `distances(mask)` for the expansion locations filled (bit i)."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.starts = len(layout.start)
        self.first_expansion = self.starts
        self.first_harbour = self.starts + 6
        self.first_dock = self.starts + 10
        self.size = self.starts + 14
        self.hex_nodes = self.starts + 6                 # nodes that hold a city hex
        coords = list(layout.start) + list(layout.expansions) + [layout.harbours[c] for c in CORNERS]
        where = {tuple(c): i for i, c in enumerate(coords)}
        self.coords = [tuple(c) for c in coords]
        self.neighbours: list[list[int]] = [[] for _ in range(self.size)]
        for i, (q, r) in enumerate(self.coords):
            for dq, dr in AXIAL_NEIGHBOURS:
                j = where.get((q + dq, r + dr))
                if j is not None:
                    self.neighbours[i].append(j)
        for k in range(4):
            harbour, dock = self.first_harbour + k, self.first_dock + k
            self.neighbours[harbour].append(dock)
            self.neighbours[dock].append(harbour)
        self._distances: dict[int, list[list[int]]] = {}
        # Keys of destinations, set by the game for its data set (hex, harbour and ship ids).
        self.hex_keys: tuple[str, ...] = ()
        self.harbour_keys: tuple[str, ...] = ()
        self.ship_keys: tuple[str, ...] = ()
        self.tile_index: dict[str, int] = {}            # city hex id -> tile index
        self.harbour_index: dict[str, int] = {}         # harbour id -> corner

    def is_expansion(self, node: int) -> bool:
        return self.first_expansion <= node < self.first_harbour

    def is_harbour(self, node: int) -> bool:
        return self.first_harbour <= node < self.first_dock

    def is_dock(self, node: int) -> bool:
        return node >= self.first_dock

    def harbour(self, corner: int) -> int:
        return self.first_harbour + corner

    def dock(self, corner: int) -> int:
        return self.first_dock + corner

    def distances(self, filled: int) -> list[list[int]]:
        """All shortest distances between placed nodes, `filled` = bitmask of filled expansions."""
        table = self._distances.get(filled)
        if table is None:
            placed = [not self.is_expansion(n) or bool(filled >> (n - self.first_expansion) & 1)
                      for n in range(self.size)]
            table = []
            for start in range(self.size):
                dist = [FAR] * self.size
                if placed[start]:
                    dist[start] = 0
                    queue = deque([start])
                    while queue:
                        n = queue.popleft()
                        for m in self.neighbours[n]:
                            if placed[m] and dist[m] == FAR:
                                dist[m] = dist[n] + 1
                                queue.append(m)
                table.append(dist)
            self._distances[filled] = table
        return table


def move_cost(distance: int) -> int:
    """MS-8.6: free to the same or an adjacent hex, then 1 coin per further hex."""
    return max(0, distance - 1)
