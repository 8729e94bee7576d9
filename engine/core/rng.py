"""The games' shuffles: a tiny seeded PRNG whose whole state is one int, so game states clone
it for free, and the shuffle a search's determinization uses with its ``random.Random``.

SplitMix64 (Steele, Lea & Flood 2014). Used for deck shuffles inside game states, where a
``random.Random`` would make ``clone()`` slow. Not for cryptography.
"""

from __future__ import annotations

import random

MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    """Advance the state and return ``(new_state, output)``."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def shuffle(items: list[int], seed_state: int) -> int:
    """Fisher–Yates shuffle ``items`` in place; returns the advanced RNG state."""
    x = seed_state
    for i in range(len(items) - 1, 0, -1):
        x, r = splitmix64(x)
        j = r % (i + 1)
        items[i], items[j] = items[j], items[i]
    return x


def shuffle_with(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same draws and the same permutation (CPython's Fisher-Yates
    over ``getrandbits``, rejection sampling each index), without a method call per item. A
    determinization shuffles every opponent's unseen cards at each search iteration, so this
    sits on the search's hot path (``tests/core`` checks it against ``random.Random.shuffle``).
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
