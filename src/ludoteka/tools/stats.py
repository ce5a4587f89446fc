"""Small statistics helpers for arenas: Wilson intervals and normal-approximation mean intervals;
the number formats of the reports (report.py, report_html.py, report_plots.py)."""
from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; `successes` may be fractional (shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% normal-approximation confidence interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def share_wins(winners: list[int], players: int) -> list[float]:
    """Per seat, its share of the win: 1 for a sole winner, 1/k each for a k-way tie."""
    out = [0.0] * players
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


def signed(value: float, digits: int = 1) -> str:
    """`value` with its sign and `digits` decimals, never "-0.0"."""
    return f"{round(value, digits) + 0.0:+.{digits}f}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
