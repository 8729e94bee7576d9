"""Evaluation of How to Invade a Sovereign Nation positions for the AI (game knowledge lives here).

``evaluate(state, seat)`` is a value in [0, 1] (1 = ``seat`` surely ends richest). Each seat gets
a *prospect* in dollars:

- what it would be worth if the game ended now: money, oil in hand and stored in its provinces
  at today's price, its contracts, less its pacifism penalty (ten times at the end, and each
  turn's payment until then), with the pacifism its excess troops will still add;
- what its provinces should still yield: the productions its logistics there allow (one
  logistics used each time, one production per action left), and a little for the rest;
- its share of a battle it fights (troops against local troops) times the province's worth;
- the share of the government oil its ranking (influence + 2.5 per province) would bring;
- troops and logistics a little less than they cost (worth more only once they fight a battle
  with good odds or sit on a province that can produce), media raises the troops allowed,
  influence defends against rebels;
- while a seat is carrying out an action box, the moves still to use and the productions it
  can still make.

The prospects become win chances with a softmax whose sharpness grows as the game nears its
end. Played greedily (``heuristic``, one decision at a time) it cannot see a purchase pay off
through the moves that follow, so it plays the safe income strategy (money boxes and taxes
while pacifism stays low); search (``ismcts``) sees further and conquers.
"""

from __future__ import annotations

import math

from realpolitik.engine.invasion import rules as R
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.state import S_BUILD, S_BUY, S_MOVE_FROM, S_PRODUCE, InvState

__all__ = ["evaluate", "prospects", "turns_left"]

TROOP_EARLY = 0.9  # $ per troop out of battle while there is land to take
LOGISTICS_EARLY = 0.9  # $ per logistics while it can still produce
FUTURE_PRICE = 2.5  # $ a barrel expected for oil produced later
MEDIA_VALUE = 0.4  # $ per media point (1 troop allowed per 2 points)
INFLUENCE_VALUE = 0.8  # $ per influence point (ranking, defence)
PRODUCE_SHARE = 0.5  # of a production the logistics allow, until it is made
MOVE_OPTION = 0.6  # $ per movement or construction move still to make
SPREAD = 10.0  # $ of prospect difference that makes a clear favourite at the end


_ODDS: dict[tuple[int, int, int], tuple[float, float]] = {}
_PAIRS = [(a, b, pa * pb) for a, pa in R.TWO_D6 for b, pb in R.TWO_D6]


def battle_odds(players: int, locals_: int, rounds: int = 3) -> tuple[float, float]:
    """Chance that the players take the province within ``rounds`` turns of battle, and the
    troops they expect to lose in the first, from the combat table."""
    key = (players, locals_, rounds)
    if key in _ODDS:
        return _ODDS[key]
    col = R.ratio_column(players, locals_)
    table = BOARD.combat
    win = loss = 0.0
    for rp, rl, pr in _PAIRS:
        kl = min(locals_, table[col][rp - 2])
        kp = min(players, table[6 - col][rl - 2])
        loss += pr * kp
        p2, l2 = players - kp, locals_ - kl
        if p2 and not l2:
            win += pr
        elif p2 and l2:
            win += pr * (battle_odds(p2, l2, rounds - 1)[0] if rounds > 1 else 0.5 * p2 / (p2 + l2))
    _ODDS[key] = (win, loss)
    return win, loss


def smooth_penalty(pac: float) -> float:
    """The pacifism penalty (dollars) interpolated between the bands' first points, so that
    every point of pacifism costs something."""
    pts = [(lo, float(v)) for lo, v in BOARD.penalty]
    prev_lo, prev_v = pts[0][0] - 1, 0.0
    for lo, v in pts:
        if pac <= lo:
            return prev_v + (v - prev_v) * (pac - prev_lo) / (lo - prev_lo)
        prev_lo, prev_v = lo, v
    return prev_v


def turns_left(s: InvState) -> int:
    """Turns after this one."""
    return (BOARD.phases - s.phase) * s.turns + (s.turns - s.turn)


def _seat_value(s: InvState, p: int, price: float, left: int, total: int) -> float:
    young = (left + 1) / total  # 1 at the start, about 0 at the end
    future = max(price, FUTURE_PRICE * young + price * (1 - young))  # the price tends to rise
    v = s.money[p] / 2 + s.oil[p] * price + BOARD.contracts[s.contracts[p]]
    v += MEDIA_VALUE * s.media[p] * young
    v += INFLUENCE_VALUE * s.influence[p]
    deficit = sum(
        max(0, R.required_logistics(s, t) - s.logistics[t]) for t in range(1, BOARD.n) if s.controller[t] == p
    )
    useful = min(s.border_log[p], deficit + 2)
    v += LOGISTICS_EARLY * young * useful + 0.5 * young * (s.border_log[p] - useful)
    n = s.n
    idle = 0
    losses = 0.0
    for t in range(BOARD.n):
        mine = s.troops[t * n + p]
        c = s.controller[t] if t else -1
        if t and s.locals[t] > 0:
            if mine:
                allp = s.all_troops(t)
                win, loss = battle_odds(allp, s.locals[t])
                worth = 2.0 + PRODUCE_SHARE * R.production(s, t) * future * min(left + 1, 6) / 2
                holder = next((q for q in s.battles[t] if s.troops[t * n + q]), p)
                share = 1.0 if holder == p else 0.1  # the one who rolls takes the province
                v += win * worth * share
                losses += loss * (mine / allp if holder != p else 1.0)
            continue
        idle += mine
        if c == p:
            prod = R.production(s, t)
            need = R.required_logistics(s, t)
            log = s.logistics[t]
            v += min(s.store[t], R.storage(s, t) + BOARD.withdraw) * price
            runs = min(max(0, log - need + 1), left + 1)
            v += PRODUCE_SHARE * runs * prod * price
            v += LOGISTICS_EARLY * young * min(log, need)  # toward the next production
            v += 2.0 + 0.3 * prod * future * min(left, 4) * (1 if log < need else 0)
    v += TROOP_EARLY * idle * young
    # pacifism: troops over the allowance add a point a turn, each troop lost one more
    excess = s.troops_on_board(p) - R.troops_allowed(s.media[p])
    pac = min(float(BOARD.pacifism_max), s.pacifism[p] + max(0, excess) * min(left + 1, 2) + losses)
    pen = smooth_penalty(pac)
    v -= BOARD.final_multiplier * pen * (0.5 + 0.5 * (1 - young))
    v -= pen * min(left, 4)
    return v


def prospects(s: InvState) -> list[float]:
    """Projected final money per seat, in dollars."""
    n = s.n
    price = R.price_halves(s) / 2
    left = turns_left(s)
    total = BOARD.phases * s.turns
    out = [_seat_value(s, p, price, left, total) for p in range(n)]
    # the government oil: what it holds and about half the controlled production still to come
    gov_turns = left + 1 if s.phase == BOARD.phases else s.turns
    coming = sum(-(-R.production(s, t) // 2) for t in range(1, BOARD.n) if s.controller[t] >= 0)
    keys = [2 * s.influence[p] + 5 * s.provinces_of(p) for p in range(n)]
    shares = R.government_shares(s.gov_oil + coming * gov_turns, keys)
    for p in range(n):
        out[p] += shares[p] * price
    # an action box being carried out: what it still allows
    p = s.actor
    if 0 <= p < n and (s.box >= 0 or s.stage == S_PRODUCE):
        if s.stage == S_BUY:
            out[p] += MOVE_OPTION * s.moves
        elif s.stage == S_MOVE_FROM and s.support < 0:
            out[p] += MOVE_OPTION * s.moves * (1 if s.troops_on_board(p) or s.border_log[p] else 0)
        elif s.stage == S_PRODUCE:
            gain = sum(
                R.production(s, t)
                for t in range(1, BOARD.n)
                if R._can_produce(s, p, t) and not s.units >> t & 1
            )
            out[p] += (1 - PRODUCE_SHARE) * gain * R.price_halves(s) / 2
        elif s.stage == S_BUILD:
            out[p] += MOVE_OPTION * min(s.moves, 1 + s.money[p] // 6)
    return out


def evaluate(s: InvState, seat: int) -> float:
    """Win chance of ``seat`` in [0, 1]."""
    if s.result is not None:
        return s.result[seat]
    pro = prospects(s)
    left = turns_left(s)
    scale = SPREAD * (1.0 + 2.0 * left / (BOARD.phases * s.turns))
    best = max(pro)
    ws = [math.exp((x - best) / scale) for x in pro]
    return ws[seat] / sum(ws)
