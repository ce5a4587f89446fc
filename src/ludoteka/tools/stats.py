"""Small statistics helpers for arenas: Wilson intervals and normal-approximation mean intervals."""
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
