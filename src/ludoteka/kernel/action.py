"""The one decision model: every option of a pending decision is an Action."""
from __future__ import annotations

from typing import Any


class Action:
    """One option of the pending decision.

    `key` is a short stable string that never depends on menu order, so it survives save, load
    and replay; `label` is for humans; `data` is structured, JSON-ready detail for a client.
    """

    __slots__ = ("key", "label", "data")

    def __init__(self, key: str, label: str, data: dict[str, Any] | None = None):
        self.key = key
        self.label = label
        self.data = data if data is not None else {}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the action."""
        return {"key": self.key, "label": self.label, "data": self.data}

    def __repr__(self) -> str:
        return f"Action({self.key!r}, {self.label!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)
