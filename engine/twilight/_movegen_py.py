"""Pure-Python reference of the Twilight Struggle hot loops (see ``movegen.py``).

``_movegen_c.pyx`` implements the same functions with the same signatures in typed Cython;
a differential test plays seeded games through both and asserts identical results. Country
sets are Python int bitmasks (84 bits); influence is the state's flat list
``inf[side * N + c]``. ``init`` receives the board constants once.
"""

from __future__ import annotations

from typing import Sequence

IMPL = "pure"
_N = 0
_STAB: tuple[int, ...] = ()
_ADJ: tuple[int, ...] = ()
_ASIA = 0
_SEA = 0
_BASE = 0


def init(
    n: int, stability: Sequence[int], adj_masks: Sequence[int], asia_mask: int, sea_mask: int, country_base: int
) -> None:
    """Store the board constants (called once by ``movegen``)."""
    global _N, _STAB, _ADJ, _ASIA, _SEA, _BASE
    _N, _STAB, _ADJ = n, tuple(stability), tuple(adj_masks)
    _ASIA, _SEA, _BASE = asia_mask, sea_mask, country_base


def presence(inf: list[int], side: int) -> int:
    """Countries where ``side`` has influence."""
    base = side * _N
    m = 0
    for c in range(_N):
        if inf[base + c]:
            m |= 1 << c
    return m


def control(inf: list[int], side: int) -> int:
    """Countries ``side`` controls (2.1.7)."""
    base = side * _N
    other = (1 - side) * _N
    m = 0
    for c in range(_N):
        mine = inf[base + c]
        st = _STAB[c]
        if mine >= st and mine - inf[other + c] >= st:
            m |= 1 << c
    return m


def spread(start: int) -> int:
    """``start`` plus every neighbour of a country in it (6.1.1)."""
    m = start
    x = start
    while x:
        low = x & -x
        m |= _ADJ[low.bit_length() - 1]
        x ^= low
    return m


def mask_moves(mask: int) -> list[int]:
    """COUNTRY action ids for the countries in ``mask``, ascending."""
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(_BASE + c)
        mask >>= 1
        c += 1
    return out


def influence_moves(inf: list[int], side: int, mask: int, remaining: int, asia_b: int, sea_b: int) -> list[int]:
    """Affordable influence placements in ``mask`` (6.1.2 costs; area bonuses 7.4/9.6)."""
    other = (1 - side) * _N
    mine_base = side * _N
    out = []
    for c in range(_N):
        if not mask >> c & 1:
            continue
        theirs = inf[other + c]
        st = _STAB[c]
        cost = 2 if theirs >= st and theirs - inf[mine_base + c] >= st else 1
        if asia_b and not _ASIA >> c & 1:
            cost += 1
        if sea_b and not _SEA >> c & 1:
            cost += 1
        if cost <= remaining:
            out.append(_BASE + c)
    return out


def realign_moves(mask: int, remaining: int, asia_b: int, sea_b: int) -> list[int]:
    """Affordable realignment targets in ``mask`` (1 point each plus forfeited bonuses)."""
    out = []
    for c in range(_N):
        if not mask >> c & 1:
            continue
        cost = 1
        if asia_b and not _ASIA >> c & 1:
            cost += 1
        if sea_b and not _SEA >> c & 1:
            cost += 1
        if cost <= remaining:
            out.append(_BASE + c)
    return out
