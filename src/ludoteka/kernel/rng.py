"""A tiny seeded generator whose whole state is one integer, so a state copy is free.

SplitMix64 (Steele, Lea, Flood 2014): fast, well distributed, and identical on every platform,
unlike `random.Random`, whose 625-word state would dominate the cost of cloning a game state.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & MASK64


def next_u64(rng: int) -> tuple[int, int]:
    """Return (new generator state, a 64-bit output)."""
    rng = (rng + GOLDEN) & MASK64
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return rng, z ^ (z >> 31)


def below(rng: int, n: int) -> tuple[int, int]:
    """Return (new state, a number in 0..n-1). The modulo bias is below 2**-50 for small n."""
    rng, z = next_u64(rng)
    return rng, z % n


def shuffle(rng: int, items: list) -> int:
    """Shuffle `items` in place (Fisher-Yates) and return the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return rng


def derive(seed: int, salt: int) -> int:
    """A new seed that depends only on `seed` and `salt` (for seeds a state must not reveal)."""
    _, z = next_u64(seed_state(seed) ^ (salt & MASK64))
    return z >> 1
