"""Pure-Python reference of the Twilight Struggle hot loops (see ``movegen.py``).

``_movegen_c.pyx`` implements the same functions with the same signatures in typed Cython;
a differential test plays seeded games through both and asserts identical results. Country
sets are Python int bitmasks (84 bits); influence is the state's flat list
``inf[side * N + c]``. ``init`` receives the board constants once.
"""

from __future__ import annotations

from collections.abc import Sequence

IMPL = "pure"
_N = 0
_STAB: tuple[int, ...] = ()
_ADJ: tuple[int, ...] = ()
_ASIA = 0
_SEA = 0
_BASE = 0
# Scoring constants (init_scoring): per scoring region (mask, presence, domination, control VP
# with control < 0 meaning "wins the game", counted as 20), battlegrounds, superpower neighbours.
_REGIONS: tuple[tuple[int, int, int, int], ...] = ()
_BGM = 0
_BG_LIST: tuple[int, ...] = ()
_ADJ_SUPER: tuple[int, int] = (0, 0)
_TAIWAN_BIT = 0
_ASIA_REGION = 1
_LEAD_CAP = 4  # the evaluation counts a battleground lead of up to 4 influence


def init(
    n: int,
    stability: Sequence[int],
    adj_masks: Sequence[int],
    asia_mask: int,
    sea_mask: int,
    country_base: int,
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
        stability = _STAB[c]
        if mine >= stability and mine - inf[other + c] >= stability:
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


def influence_moves(
    inf: list[int], side: int, mask: int, remaining: int, asia_b: int, sea_b: int
) -> list[int]:
    """Affordable influence placements in ``mask`` (6.1.2 costs; area bonuses 7.4/9.6)."""
    other = (1 - side) * _N
    mine_base = side * _N
    out = []
    for c in range(_N):
        if not mask >> c & 1:
            continue
        theirs = inf[other + c]
        stability = _STAB[c]
        cost = 2 if theirs >= stability and theirs - inf[mine_base + c] >= stability else 1
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


def init_scoring(
    regions: Sequence[tuple[int, int, int, int]],
    bg_mask: int,
    adj_super: Sequence[int],
    taiwan: int,
    asia: int,
) -> None:
    """Store the scoring constants (called once by ``movegen``): ``regions[r]`` is
    ``(mask, presence, domination, control)`` for scoring region ``r``."""
    global _REGIONS, _BGM, _BG_LIST, _ADJ_SUPER, _TAIWAN_BIT, _ASIA_REGION
    _REGIONS = tuple(tuple(r) for r in regions)  # type: ignore[misc]
    _BGM = bg_mask
    _BG_LIST = tuple(c for c in range(_N) if bg_mask >> c & 1)
    _ADJ_SUPER = (adj_super[0], adj_super[1])
    _TAIWAN_BIT = 1 << taiwan
    _ASIA_REGION = asia


def _popcount(m: int) -> int:
    return bin(m).count("1")


def board_terms(inf: list[int], formosan: bool) -> tuple[tuple[int, ...], int]:
    """The board part of the evaluator, for the US: what scoring each region now would give
    (net VP, 10.1; Europe control counted as 20), and the sum over battlegrounds of the
    influence lead clamped to [-4, 4].

    ``formosan``: #101 Formosan Resolution is in effect (Taiwan is a US battleground in Asia
    while the US controls it).
    """
    controlled = (control(inf, 0), control(inf, 1))
    projs = []
    for r, (mask, pres, dom, ctrl) in enumerate(_REGIONS):
        tally = []
        for side in (0, 1):
            m = controlled[side] & mask
            battlegrounds = _BGM | _TAIWAN_BIT if side == 1 and r == _ASIA_REGION and formosan else _BGM
            tally.append((_popcount(m), _popcount(m & battlegrounds), _popcount(m & _ADJ_SUPER[1 - side])))
        total_bg = _popcount(mask & _BGM)
        vp = [0, 0]
        for side in (0, 1):
            mine, other = tally[side], tally[1 - side]
            if mine[0] == 0:
                continue
            if mine[1] == total_bg and mine[0] > other[0]:
                base = 20 if ctrl < 0 else ctrl
            elif mine[0] > other[0] and mine[1] > other[1] and mine[1] > 0 and mine[0] > mine[1]:
                base = dom
            else:
                base = pres
            vp[side] = base + mine[1] + mine[2]
        projs.append(vp[1] - vp[0])
    lead = 0
    for c in _BG_LIST:
        d = inf[_N + c] - inf[c]
        lead += _LEAD_CAP if d > _LEAD_CAP else -_LEAD_CAP if d < -_LEAD_CAP else d
    return tuple(projs), lead
