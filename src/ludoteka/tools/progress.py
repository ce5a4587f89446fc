"""A minimal progress bar on stderr, drawn only when stderr is a terminal."""
from __future__ import annotations

import sys
import time
from typing import Callable, TextIO


def progress_bar(label: str, stream: TextIO | None = None) -> Callable[[int, int], None]:
    """A `progress(done, total)` callback that redraws one line on `stream` (default stderr).

    It draws nothing when the stream is not a terminal, so logs and CI output stay clean.
    """
    stream = stream or sys.stderr
    if not stream.isatty():
        return lambda done, total: None
    start = time.perf_counter()

    def update(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.perf_counter() - start
        stream.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {elapsed:.1f}s")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return update
