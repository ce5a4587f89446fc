"""What a failed data constraint reads like: "file: record: DATA-n what is wrong" (validate.py and
validate_tiles.py both collect them)."""
from __future__ import annotations


class Problems(list):
    """The failed constraints, as messages naming file, record and constraint id."""

    def check(self, ok: bool, file: str, record: str, cid: str, message: str) -> bool:
        if not ok:
            self.append(f"{file}: {record}: {cid} {message}")
        return ok
