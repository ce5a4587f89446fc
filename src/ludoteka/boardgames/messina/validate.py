"""Messina 1347 data validation (DATA-1 ... DATA-20): filled in by the next commit."""
from __future__ import annotations

from .components import Components


def validate(components: Components) -> list[str]:
    """Every failed constraint as 'file: record: DATA-n message' (empty: the data is valid)."""
    return []
