"""`ludoteka review RECORD --seat N`: after a game, the seat's decisions the AI estimates clearly
below its best option, the costliest first (ludoteka.ai.review; docs/ai.md "Review").

Progress goes to stderr (decision i of n and an estimate of the time left), the review to stdout:
English text, or one JSON object with `--json`.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable, TextIO

from ..ai.analysis import DEFAULT_BUDGET, MAX_BUDGET
from ..ai.review import MIN_LOSS, TOP, review
from ..kernel.record import load_record
from .arguments import MAX_SEED, emit_json, float_in, int_in, lookup_game


def progress_lines(stream: TextIO | None = None) -> Callable[[int, int], None]:
    """A `progress(done, total)` callback writing 'decision i of n, about S s left' on `stream`
    (default stderr): redrawn in place on a terminal, one line per decision otherwise."""
    stream = stream or sys.stderr
    tty = stream.isatty()
    start = time.perf_counter()

    def update(done: int, total: int) -> None:
        elapsed = time.perf_counter() - start
        left = f", about {elapsed / done * (total - done):.0f} s left" if done else ""
        if done < total:
            line = f"review: decision {done + 1} of {total}{left}"
        else:
            line = f"review: {total} decisions weighed in {elapsed:.1f} s"
        stream.write(("\r\033[K" + line + ("\n" if done >= total else "")) if tty else line + "\n")
        stream.flush()

    return update


def cmd_review(args: argparse.Namespace) -> int:
    """Review one seat of a saved game record."""
    record = load_record(args.record)
    result = review(record, args.seat, budget=args.budget, seed=args.seed, threshold=args.threshold,
                    progress=progress_lines(), lookup=lookup_game)
    if args.json:
        emit_json(result.to_json())
    else:
        print(result.text(top=args.top))
    return 0


def add_review_parser(sub: Any) -> None:
    """Add `review RECORD --seat N` to the command parsers."""
    p = sub.add_parser("review", help="after a game: a seat's costliest decisions by the AI's estimate")
    p.add_argument("record", metavar="RECORD", help="a game record (`ludoteka play --save`, a server download)")
    p.add_argument("--seat", type=int_in(0, None), required=True, help="the seat to review (0 is the first)")
    p.add_argument("--budget", type=int_in(1, MAX_BUDGET), default=DEFAULT_BUDGET,
                   help=f"search iterations and paired samples per decision (default {DEFAULT_BUDGET}: "
                        "about 2-6 s a decision; smaller is quicker and noisier)")
    p.add_argument("--top", type=int_in(1, None), default=TOP,
                   help=f"how many of the costliest decisions to show (default {TOP})")
    p.add_argument("--threshold", type=float_in(0.0, 1000.0), default=MIN_LOSS,
                   help=f"the least estimated loss in points that counts as a mistake (default {MIN_LOSS:g})")
    p.add_argument("--seed", type=int_in(0, MAX_SEED), default=0, help="seed of the searches (default 0)")
    p.add_argument("--json", action="store_true", help="print the whole review as one JSON object")
    p.set_defaults(func=cmd_review)
