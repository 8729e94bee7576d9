"""Evaluation of How to Invade a Sovereign Nation positions for the AI (game knowledge lives here).

``evaluate(state, seat)`` is a value in [0, 1] (1 = ``seat`` surely ends richest). Each seat gets
a *prospect* in dollars: what it would be worth if the game ended now (money, oil in hand and in
its provinces at today's price, contracts, ten times its pacifism penalty) plus what its
provinces should still yield (production per turn left, at today's price, and a share of the
government oil by ranking) and a little for troops and logistics that can still conquer or
produce. The prospects become win chances with a softmax whose sharpness grows as the game
nears its end.
"""

from __future__ import annotations

import math

from realpolitik.engine.invasion import rules as R
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.state import InvState

__all__ = ["evaluate", "prospects"]

TROOP_VALUE = 0.6  # $ per troop on the board (it conquers, then guards)
LOGISTICS_VALUE = 0.8  # $ per usable logistics (it produces or builds)
PRODUCTION_SHARE = 0.5  # of a province's production per turn left, actually produced
SPREAD = 12.0  # $ of prospect difference that makes a clear favourite early on


def turns_left(s: InvState) -> int:
    """Turns after this one."""
    return (BOARD.phases - s.phase) * s.turns + (s.turns - s.turn)


def prospects(s: InvState) -> list[float]:
    """Projected final money per seat, in dollars."""
    n = s.n
    price = R.price_halves(s) / 2
    left = turns_left(s)
    out = []
    keys = [2 * s.influence[p] + 5 * s.provinces_of(p) for p in range(n)]
    gov = R.government_shares(s.gov_oil + left * 2 * sum(1 for c in s.controller if c >= 0) // 3, keys)
    for p in range(n):
        v = s.money[p] / 2 + s.oil[p] * price
        v += BOARD.contracts[s.contracts[p]]
        v -= BOARD.final_multiplier * R.penalty(s.pacifism[p]) / 2 * (0.3 if left > 3 else 1.0)
        for t in range(1, BOARD.n):
            if s.controller[t] == p:
                v += s.store[t] * price
                v += PRODUCTION_SHARE * R.production(s, t) * price * min(left, 6) / 2
                v += LOGISTICS_VALUE * min(s.logistics[t], R.required_logistics(s, t))
        v += TROOP_VALUE * s.troops_on_board(p) * (1.0 if left > 2 else 0.2)
        v += LOGISTICS_VALUE * s.border_log[p] * (1.0 if left > 2 else 0.2)
        v += gov[p] * price
        out.append(v)
    return out


def evaluate(s: InvState, seat: int) -> float:
    """Win chance of ``seat`` in [0, 1]."""
    if s.result is not None:
        return s.result[seat]
    pro = prospects(s)
    left = turns_left(s)
    scale = SPREAD * (0.4 + 0.6 * left / (BOARD.phases * s.turns))
    best = max(pro)
    ws = [math.exp((x - best) / scale) for x in pro]
    return ws[seat] / sum(ws)
