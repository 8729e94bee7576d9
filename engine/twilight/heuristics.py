"""Twilight Struggle evaluation for AI cut-offs: game knowledge lives here, not in ``ai/``.

``evaluate(state, seat)`` returns a value in [0, 1] (1 = ``seat`` surely wins) from what that
seat can see: the board, the tracks, its own hand and the public piles — never the
opponent's hidden hand or the deck order.
"""

from __future__ import annotations

import math

from engine.twilight import rules as R
from engine.twilight.board import ASIA, BOARD, EUROPE, US, USSR
from engine.twilight.state import TSState, opp

SCORING_BY_REGION = {v[0]: k for k, v in BOARD.scoring.items()}
REGION_WEIGHT = (1.0, 0.9, 0.8, 0.5, 0.5, 0.5)
SCALE = 7.0


_TOTAL_BG = tuple(bin(BOARD.region_mask[r] & BOARD.bg_mask).count("1") for r in range(6))
_BG = tuple(c for c in range(BOARD.n) if BOARD.battleground[c])
_TAIWAN = R.TAIWAN


def region_projection(s: TSState, region: int, cm: tuple[int, int] | None = None) -> float:
    """What scoring ``region`` now would give the US (net VP; Europe control counts as 20).

    ``cm`` are both sides' control masks when the caller already has them.
    """
    _, pres, dom, ctrl = BOARD.scoring[SCORING_BY_REGION[region]]
    if cm is None:
        cm = (s.control_mask(USSR), s.control_mask(US))
    mask = BOARD.region_mask[region]
    bg_mask = BOARD.bg_mask
    tally = []
    for side in (USSR, US):  # what rules.region_tally counts, from the given masks
        m = cm[side] & mask
        bg = bg_mask | (1 << _TAIWAN) if side == US and region == ASIA and s.perm >> 101 & 1 else bg_mask
        tally.append((bin(m).count("1"), bin(m & bg).count("1"),
                      bin(m & BOARD.adj_superpower[opp(side)]).count("1")))  # fmt: skip
    total_bg = _TOTAL_BG[region]
    vp = [0.0, 0.0]
    for side in (USSR, US):
        mine, other = tally[side], tally[opp(side)]
        if mine[0] == 0:
            continue
        if mine[1] == total_bg and mine[0] > other[0]:
            base = 20 if ctrl < 0 else ctrl
        elif mine[0] > other[0] and mine[1] > other[1] and mine[1] > 0 and mine[0] > mine[1]:
            base = dom
        else:
            base = pres
        vp[side] = base + mine[1] + mine[2]
    return vp[US] - vp[USSR]


def us_advantage(s: TSState, seat: int) -> float:
    """A VP-like estimate of the US lead, using only what ``seat`` sees."""
    x = float(s.vp)
    turns_left = max(0, 10 - s.turn) + 1
    cm = (s.control_mask(USSR), s.control_mask(US))
    for region in range(6):
        proj = region_projection(s, region, cm)
        if region == EUROPE and abs(proj) >= 20:
            proj = math.copysign(12.0, proj)
        x += REGION_WEIGHT[region] * proj * (0.6 if turns_left > 1 else 1.0)
    # presence in battlegrounds short of control still matters
    n = BOARD.n
    inf = s.inf
    for c in _BG:
        d = inf[n + c] - inf[c]
        x += 0.08 * (4 if d > 4 else -4 if d < -4 else d)
    x += 0.6 * (s.space[US] - s.space[USSR])
    x += 0.8 if s.china == US else -0.8
    if s.phase == 2:  # action rounds: unpaid military ops will cost VP at the end of turn
        for side in (USSR, US):
            short = max(0, s.defcon - s.milops[side])
            left = max(0, R.rounds_for(s, side) - s.rounds_done[side])
            pen = short * (0.8 if left <= 1 else 0.4)
            x += -pen if side == US else pen
    # own hand: scoring cards for regions where we lead, ops in hand
    hand = s.hands[seat]
    sign = 1.0 if seat == US else -1.0
    for c in hand:
        card = BOARD.cards[c]
        if card.scoring and c in BOARD.scoring:
            proj = region_projection(s, BOARD.scoring[c][0], cm)
            x += 0.5 * max(-8.0, min(8.0, proj))
        elif card.side == opp(seat):
            x -= sign * 0.3 * card.ops
        else:
            x += sign * 0.15 * card.ops
    if s.defcon == 2:
        x -= sign * 0.5  # any battleground coup by the phasing side now ends the game
    return x


def evaluate(s: TSState, seat: int) -> float:
    """Value in [0, 1] of ``s`` for ``seat``."""
    if s.winner >= 0:
        if s.winner == 2:
            return 0.5
        return 1.0 if s.winner == seat else 0.0
    x = us_advantage(s, seat)
    v = 1.0 / (1.0 + math.exp(-x / SCALE))
    return v if seat == US else 1.0 - v
