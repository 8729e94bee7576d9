# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled Twilight Struggle hot loops: the same functions as ``_movegen_py`` (the reference),
typed. Country sets cross the boundary as Python int bitmasks and are split into two 64-bit
words inside."""

from cpython.list cimport PyList_GET_ITEM
from libc.stdint cimport uint64_t

IMPL = "compiled"

cdef int _N = 0
cdef int _STAB[128]
cdef uint64_t _ADJ_LO[128]
cdef uint64_t _ADJ_HI[128]
cdef uint64_t _ASIA_LO = 0, _ASIA_HI = 0, _SEA_LO = 0, _SEA_HI = 0
cdef long _BASE = 0
cdef object M64 = (1 << 64) - 1


cdef inline uint64_t _lo(object m):
    return <uint64_t>(m & M64)


cdef inline uint64_t _hi(object m):
    return <uint64_t>(m >> 64)


cdef inline object _join(uint64_t lo, uint64_t hi):
    if hi:
        return (<object>hi << 64) | <object>lo
    return <object>lo


cdef inline bint _has(uint64_t lo, uint64_t hi, int c):
    if c < 64:
        return (lo >> c) & 1
    return (hi >> (c - 64)) & 1


cdef inline long _get(list inf, Py_ssize_t i):
    return <long><object>PyList_GET_ITEM(inf, i)


def init(int n, stability, adj_masks, asia_mask, sea_mask, long country_base):
    """Store the board constants (called once by ``movegen``)."""
    global _N, _ASIA_LO, _ASIA_HI, _SEA_LO, _SEA_HI, _BASE
    if n > 128:
        raise ValueError("at most 128 countries")
    _N = n
    for c in range(n):
        _STAB[c] = stability[c]
        _ADJ_LO[c] = _lo(adj_masks[c])
        _ADJ_HI[c] = _hi(adj_masks[c])
    _ASIA_LO, _ASIA_HI = _lo(asia_mask), _hi(asia_mask)
    _SEA_LO, _SEA_HI = _lo(sea_mask), _hi(sea_mask)
    _BASE = country_base


def presence(list inf, int side):
    """Countries where ``side`` has influence."""
    cdef Py_ssize_t base = side * _N
    cdef uint64_t lo = 0, hi = 0
    cdef int c
    for c in range(_N):
        if _get(inf, base + c):
            if c < 64:
                lo |= (<uint64_t>1) << c
            else:
                hi |= (<uint64_t>1) << (c - 64)
    return _join(lo, hi)


def control(list inf, int side):
    """Countries ``side`` controls (2.1.7)."""
    cdef Py_ssize_t base = side * _N
    cdef Py_ssize_t other = (1 - side) * _N
    cdef uint64_t lo = 0, hi = 0
    cdef long mine, st
    cdef int c
    for c in range(_N):
        mine = _get(inf, base + c)
        st = _STAB[c]
        if mine >= st and mine - _get(inf, other + c) >= st:
            if c < 64:
                lo |= (<uint64_t>1) << c
            else:
                hi |= (<uint64_t>1) << (c - 64)
    return _join(lo, hi)


def spread(start):
    """``start`` plus every neighbour of a country in it (6.1.1)."""
    cdef uint64_t slo = _lo(start), shi = _hi(start)
    cdef uint64_t lo = slo, hi = shi
    cdef int c
    for c in range(_N):
        if _has(slo, shi, c):
            lo |= _ADJ_LO[c]
            hi |= _ADJ_HI[c]
    return _join(lo, hi)


def mask_moves(mask):
    """COUNTRY action ids for the countries in ``mask``, ascending."""
    cdef uint64_t lo = _lo(mask), hi = _hi(mask)
    cdef list out = []
    cdef int c
    for c in range(_N):
        if _has(lo, hi, c):
            out.append(_BASE + c)
    return out


def influence_moves(list inf, int side, mask, int remaining, int asia_b, int sea_b):
    """Affordable influence placements in ``mask`` (6.1.2 costs; area bonuses 7.4/9.6)."""
    cdef uint64_t lo = _lo(mask), hi = _hi(mask)
    cdef Py_ssize_t other = (1 - side) * _N
    cdef Py_ssize_t mine_base = side * _N
    cdef list out = []
    cdef long theirs, st
    cdef int c, cost
    for c in range(_N):
        if not _has(lo, hi, c):
            continue
        theirs = _get(inf, other + c)
        st = _STAB[c]
        cost = 2 if (theirs >= st and theirs - _get(inf, mine_base + c) >= st) else 1
        if asia_b and not _has(_ASIA_LO, _ASIA_HI, c):
            cost += 1
        if sea_b and not _has(_SEA_LO, _SEA_HI, c):
            cost += 1
        if cost <= remaining:
            out.append(_BASE + c)
    return out


def realign_moves(mask, int remaining, int asia_b, int sea_b):
    """Affordable realignment targets in ``mask`` (1 point each plus forfeited bonuses)."""
    cdef uint64_t lo = _lo(mask), hi = _hi(mask)
    cdef list out = []
    cdef int c, cost
    for c in range(_N):
        if not _has(lo, hi, c):
            continue
        cost = 1
        if asia_b and not _has(_ASIA_LO, _ASIA_HI, c):
            cost += 1
        if sea_b and not _has(_SEA_LO, _SEA_HI, c):
            cost += 1
        if cost <= remaining:
            out.append(_BASE + c)
    return out
