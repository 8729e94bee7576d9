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
# Scoring constants (init_scoring), as in the reference.
cdef int _NREG = 0
cdef uint64_t _REG_LO[8]
cdef uint64_t _REG_HI[8]
cdef int _REG_VP[8][3]
cdef uint64_t _BG_LO = 0, _BG_HI = 0
cdef uint64_t _SUP_LO[2]
cdef uint64_t _SUP_HI[2]
cdef uint64_t _TW_LO = 0, _TW_HI = 0
cdef int _ASIA_REGION = 1
cdef int _BG_LIST[128]
cdef int _NBG = 0


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
    cdef long mine, stability
    cdef int c
    for c in range(_N):
        mine = _get(inf, base + c)
        stability = _STAB[c]
        if mine >= stability and mine - _get(inf, other + c) >= stability:
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
    cdef long theirs, stability
    cdef int c, cost
    for c in range(_N):
        if not _has(lo, hi, c):
            continue
        theirs = _get(inf, other + c)
        stability = _STAB[c]
        cost = 2 if (theirs >= stability and theirs - _get(inf, mine_base + c) >= stability) else 1
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


def init_scoring(regions, bg_mask, adj_super, int taiwan, int asia):
    """Store the scoring constants (called once by ``movegen``): ``regions[r]`` is
    ``(mask, presence, domination, control)`` for scoring region ``r``."""
    global _NREG, _BG_LO, _BG_HI, _TW_LO, _TW_HI, _ASIA_REGION, _NBG
    if len(regions) > 8:
        raise ValueError("at most 8 scoring regions")
    _NREG = len(regions)
    for r in range(_NREG):
        mask, pres, dom, ctrl = regions[r]
        _REG_LO[r], _REG_HI[r] = _lo(mask), _hi(mask)
        _REG_VP[r][0], _REG_VP[r][1] = pres, dom
        _REG_VP[r][2] = 20 if ctrl < 0 else ctrl
    _BG_LO, _BG_HI = _lo(bg_mask), _hi(bg_mask)
    for side in range(2):
        _SUP_LO[side], _SUP_HI[side] = _lo(adj_super[side]), _hi(adj_super[side])
    tw = (<object>1) << taiwan
    _TW_LO, _TW_HI = _lo(tw), _hi(tw)
    _ASIA_REGION = asia
    _NBG = 0
    for c in range(_N):
        if bg_mask >> c & 1:
            _BG_LIST[_NBG] = c
            _NBG += 1


cdef inline int _pop(uint64_t lo, uint64_t hi):
    return __builtin_popcountll(lo) + __builtin_popcountll(hi)


cdef extern from *:
    int __builtin_popcountll(unsigned long long)


def board_terms(list inf, bint formosan):
    """The board part of the evaluator, for the US: what scoring each region now would give
    (net VP, 10.1; Europe control counted as 20), and the sum over battlegrounds of the
    influence lead clamped to [-4, 4]."""
    cdef uint64_t clo[2]
    cdef uint64_t chi[2]
    cdef int t[2][3]
    cdef int vp[2]
    cdef int side, c, r, total_bg, base, lead, d
    cdef long mine, stability
    cdef uint64_t mlo, mhi, blo, bhi
    for side in range(2):
        clo[side] = 0
        chi[side] = 0
        for c in range(_N):
            mine = _get(inf, side * _N + c)
            stability = _STAB[c]
            if mine >= stability and mine - _get(inf, (1 - side) * _N + c) >= stability:
                if c < 64:
                    clo[side] |= (<uint64_t>1) << c
                else:
                    chi[side] |= (<uint64_t>1) << (c - 64)
    projs = []
    for r in range(_NREG):
        for side in range(2):
            mlo = clo[side] & _REG_LO[r]
            mhi = chi[side] & _REG_HI[r]
            blo, bhi = _BG_LO, _BG_HI
            if side == 1 and r == _ASIA_REGION and formosan:
                blo |= _TW_LO
                bhi |= _TW_HI
            t[side][0] = _pop(mlo, mhi)
            t[side][1] = _pop(mlo & blo, mhi & bhi)
            t[side][2] = _pop(mlo & _SUP_LO[1 - side], mhi & _SUP_HI[1 - side])
        total_bg = _pop(_REG_LO[r] & _BG_LO, _REG_HI[r] & _BG_HI)
        for side in range(2):
            vp[side] = 0
            if t[side][0] == 0:
                continue
            if t[side][1] == total_bg and t[side][0] > t[1 - side][0]:
                base = _REG_VP[r][2]
            elif (t[side][0] > t[1 - side][0] and t[side][1] > t[1 - side][1] and t[side][1] > 0
                  and t[side][0] > t[side][1]):
                base = _REG_VP[r][1]
            else:
                base = _REG_VP[r][0]
            vp[side] = base + t[side][1] + t[side][2]
        projs.append(vp[1] - vp[0])
    lead = 0
    for r in range(_NBG):
        c = _BG_LIST[r]
        d = <int>(_get(inf, _N + c) - _get(inf, c))
        lead += 4 if d > 4 else (-4 if d < -4 else d)
    return tuple(projs), lead
