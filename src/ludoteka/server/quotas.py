"""Quotas per client address: how many unfinished tables (and tables with a turn timer) one
address may have created, and how many WebSockets it may hold. Counted in this process since
its start (several processes: each counts its own; a proxy in front passes the client's address
in X-Forwarded-For, which uvicorn trusts from --forwarded-allow-ips)."""
from __future__ import annotations

from typing import Callable

from .config import Settings
from .live import ApiError


class Quotas:
    """See the module docstring. `unfinished(table_id)`: whether a table still counts."""

    def __init__(self, settings: Settings, unfinished: Callable[[str], bool]):
        self.settings = settings
        self.unfinished = unfinished
        self.tables: dict[str, set[str]] = {}        # address -> tables it created
        self.timed: dict[str, set[str]] = {}         # address -> those with a turn timer
        self.sockets: dict[str, int] = {}            # address -> open WebSockets

    def _count(self, group: dict[str, set[str]], address: str) -> int:
        ids = group.get(address)
        if not ids:
            return 0
        ids.intersection_update({i for i in ids if self.unfinished(i)})   # finished: free again
        if not ids:
            del group[address]
        return len(ids)

    def check_table(self, address: str, timed: bool) -> None:
        """429 when `address` may create no more tables (of this kind)."""
        most = self.settings.max_open_tables
        if most and self._count(self.tables, address) >= most:
            raise ApiError(429, f"at most {most} unfinished tables per client address: finish or "
                                "leave one first")
        most = self.settings.max_timed_tables
        if timed and most and self._count(self.timed, address) >= most:
            raise ApiError(429, f"at most {most} unfinished tables with a turn timer per client address")

    def add_table(self, address: str, table_id: str, timed: bool) -> None:
        """Count a table `address` created."""
        self.tables.setdefault(address, set()).add(table_id)
        if timed:
            self.timed.setdefault(address, set()).add(table_id)

    def open_socket(self, address: str) -> bool:
        """Count a WebSocket of `address`; False (not counted) when it holds the most already."""
        most = self.settings.sockets_per_address
        if most and self.sockets.get(address, 0) >= most:
            return False
        self.sockets[address] = self.sockets.get(address, 0) + 1
        return True

    def close_socket(self, address: str) -> None:
        """A WebSocket that `open_socket` counted closed."""
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)
