"""How to Invade a Sovereign Nation: each seat's projected final money, the game knowledge the
AI's evaluator (``heuristics.py``) and the heuristic bot's plan (``policy.py``) share.

Each seat gets a *prospect* in dollars:

- what it would be worth if the game ended now: money, oil in hand and stored in its provinces,
  its contracts, less its pacifism penalty (ten times at the end, and each turn's payment until
  then), with the pacifism its excess troops and expected battle losses will still add;
- oil at the price the track is heading for (``end_price``: the market and speculation drift
  over the turns left), since oil held to the end is sold at the last price;
- what its provinces should still yield: a seat withdraws at most 2 oil a turn (+1 a pipeline),
  so its provinces' production counts up to that limit for every turn left: fully for the
  productions the logistics on a province already allow (each production uses one), a
  quarter for the turns after (logistics must still be brought; less while the seat lacks
  the money for the logistics its provinces and battles need), less when no troop guards it;
- a battle it rolls for: the win chance (from the combat table) times what the province adds;
- a seat that holds and fights for nothing, with six turns or more left: the option to invade
  a province that fills its withdrawals later (half of one being fought for), so that a poor
  province taken at once is weighed against a better one taken a turn later; each seat in the
  same case that plays before it next turn (by the money boxes taken so far) leaves it 60 % of
  that, since the earlier seat takes the better province first;
- the share of the government oil its ranking (influence + 2.5 per province) would bring,
  influence counted in the share of its provinces that can produce now (phase 3 takes a point
  a turn for each province that cannot);
- troops and logistics a little less than they cost, media raises the troops allowed,
  influence defends against rebels.

The prospects become win chances with a softmax whose sharpness grows as the game nears its
end (``win_chances``, ``softmax``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from realpolitik.engine.invasion import rules
from realpolitik.engine.invasion.board import BOARD, band
from realpolitik.engine.invasion.state import (
    S_BUILD,
    S_BUY,
    S_MOVE_FROM,
    S_PRODUCE,
)

if TYPE_CHECKING:
    from realpolitik.engine.invasion.game import InvasionState

__all__ = [
    "battle_odds",
    "end_price",
    "final_penalty",
    "prospects",
    "smooth_penalty",
    "softmax",
    "turns_left",
    "win_chances",
]

TROOP_EARLY = 0.9  # $ per troop out of battle while there is land to take
LOGISTICS_EARLY = 0.9  # $ per logistics while it can still produce
PRICE_RISK = 0.85  # of the price the track is heading for, for oil held to the end
SELL_SHARE = 0.125  # of the seats holding provinces expected to sell oil each turn (the plan sells seldom)
MEDIA_VALUE = 0.4  # $ per media point (1 troop allowed per 2 points)
INFLUENCE_VALUE = 0.8  # $ per influence point (ranking, defence)
PRODUCE_SHARE = 0.5  # of a production the logistics allow, until it is made
INCOME = 0.6  # of the oil a seat may withdraw each turn that it gets (actions, logistics, dice)
RESTOCK = 0.25  # of its production a province counts for the turns its logistics do not cover yet
FUNDED_FLOOR = 0.5  # of RESTOCK left to a seat without the money for the logistics it lacks
INVADE_OPTION = 0.5  # of a province filling its withdrawals, a seat holding nothing may still take
OPTION_TURNS = 6  # turns left below which that option is gone (an invasion no longer pays)
OPTION_DELAY = 2  # turns before such an invasion produces
OPTION_RANK = 0.6  # of that option left to each seat holding nothing that plays before it next turn
UNSUPPLIED = 0.4  # of its production a province being fought for counts
UNGUARDED = 0.7  # of its production a province without a troop of its controller counts
PROVINCE_BASE = 2.0  # $ a province is worth beyond its oil (ranking, contracts)
EXCESS_TURNS = 1  # turns fighting troops over the allowance stay (sent home after the conquest)
IDLE_TURNS = 3  # turns idle troops over the allowance are expected to stay
MOVE_OPTION = 0.6  # $ per movement or construction move still to make
MARGIN_WEIGHT = 0.4  # of the value given by the wide softmax
MARGIN_SCALE = 40.0  # $ of prospect difference the wide softmax needs for a clear favourite
EXACT_TURNS = 2  # last turns in which the final pacifism penalty counts by its band, not smoothed
SPREAD = 8.0  # $ of prospect difference that makes a clear favourite at the end (final money spreads widely)


_ODDS: dict[tuple[int, int, int], tuple[float, float]] = {}
_PAIRS = [(a, b, pa * pb) for a, pa in rules.D6 for b, pb in rules.D6]  # one die a side


def battle_odds(players: int, locals_: int, rounds: int = 3) -> tuple[float, float]:
    """Chance that the players take the province within ``rounds`` turns of battle, and the
    troops they expect to lose in the first, from the combat table."""
    key = (players, locals_, rounds)
    if key in _ODDS:
        return _ODDS[key]
    col = rules.ratio_column(players, locals_)
    table = BOARD.combat
    win = loss = 0.0
    for rp, rl, pr in _PAIRS:
        kl = min(locals_, table[col][rp - 1])
        kp = min(players, table[6 - col][rl - 1])
        loss += pr * kp
        p2, l2 = players - kp, locals_ - kl
        if p2 and not l2:
            win += pr
        elif p2 and l2:
            win += pr * (battle_odds(p2, l2, rounds - 1)[0] if rounds > 1 else 0.5 * p2 / (p2 + l2))
    _ODDS[key] = (win, loss)
    return win, loss


_PENALTY_POINTS = tuple((lo, float(v)) for lo, v in BOARD.penalty)


def smooth_penalty(pac: float) -> float:
    """The pacifism penalty (dollars) interpolated between the bands' first points, so that
    every point of pacifism costs something."""
    prev_lo, prev_v = _PENALTY_POINTS[0][0] - 1, 0.0
    for lo, v in _PENALTY_POINTS:
        if pac <= lo:
            return prev_v + (v - prev_v) * (pac - prev_lo) / (lo - prev_lo)
        prev_lo, prev_v = lo, v
    return prev_v


def final_penalty(pac: float, on_board: int, allowed: int, left: int) -> float:
    """The pacifism penalty (dollars) the end of the game will multiply (*Vittoria finale*).

    Early on, the smoothed penalty of the pacifism projected from today's troops
    (``smooth_penalty``): the track moves a lot before the end. In the last
    :data:`EXACT_TURNS` turns the bands are near, and a point more or less decides whether
    the tenfold penalty is paid, so the band itself counts, more as the end nears, for the
    pacifism the remaining checks leave (*Check pacifismo*: a point less for every two troops
    under the allowance, each turn; troops over it are already in ``pac``)."""
    smooth = smooth_penalty(pac)
    if left >= EXACT_TURNS:
        return smooth
    checks = left + 1  # this turn's check and those of the turns after it
    end_pac = pac - (allowed - on_board) // 2 * checks if on_board < allowed else pac
    exact = band(BOARD.penalty, max(0, round(end_pac)))
    e = (EXACT_TURNS - left) / EXACT_TURNS
    return e * exact + (1 - e) * smooth


def turns_left(s: InvasionState) -> int:
    """Turns after this one."""
    return (BOARD.phases - s.phase) * s.turns + (s.turns - s.turn)


def end_price(s: InvasionState, left: int) -> float:
    """Dollars a barrel the price track is heading for by the end (*Prezzo del petrolio*).

    Each turn left the price moves by the market change for the seats that sell, plus the
    speculation of today's highest pacifism when the market does not fall. This turn counts
    the seats that have sold already (a sale now lowers the price a box); each later turn
    expects :data:`SELL_SHARE` of the seats holding provinces to sell, between two rows of
    the market table. The heuristic plan sells only to pay for missing logistics: in 100
    four-player target games (``invasion-4``) a turn had 0.4 sellers on average with four
    holders, and 97 of them ended at 9$ or 10$."""
    n = s.n
    holders = len({c for c in s.controller if c >= 0})
    spec = band(BOARD.speculation, max(s.pacifism))

    def change(sellers: float) -> float:
        k = min(n - 1, int(sellers))
        f = min(1.0, sellers - k)
        lo, hi = BOARD.market[n][k], BOARD.market[n][k + 1]
        return (1 - f) * (lo + (spec if lo >= 0 else 0)) + f * (hi + (spec if hi >= 0 else 0))

    expected = SELL_SHARE * holders
    drift = change(max(float(sum(s.sold)), expected)) + change(expected) * left
    top = len(BOARD.price_track) - 1
    at = max(0.0, min(float(top), s.price + drift))
    k = min(top - 1, int(at))
    track = BOARD.price_track
    return (track[k] + (at - k) * (track[k + 1] - track[k])) / 2


def prospects(s: InvasionState) -> list[float]:
    """Projected final money per seat, in dollars (one pass over the map)."""
    n = s.n
    price = rules.price_halves(s) / 2
    left = turns_left(s)
    total = BOARD.phases * s.turns
    young = (left + 1) / total  # 1 at the start, about 0 at the end
    future = max(price, PRICE_RISK * end_price(s, left))  # oil held is sold at the last price
    troops = s.troops
    val = [0.0] * n
    idle = troops[0:n]  # troops out of battle, the Border's first
    losses = [0.0] * n
    deficit = [0] * n
    provinces = [0] * n
    supplied = [0] * n  # provinces with the logistics to produce now
    rate = [0.0] * n  # oil a turn the seat's provinces can produce
    cap = [BOARD.withdraw] * n  # oil a turn the seat may withdraw (# Check petrolio)
    coming = 0  # oil the government will get a turn
    fights: list[tuple[int, int, float]] = []
    # logistics each seat lacks for a first production in its provinces and in the battles it
    # rolls for, against the money and border logistics it has to bring them: a seat that
    # spends the money its provinces need counts their future production less
    lack = [0] * n
    for t in range(1, BOARD.n):
        c = s.controller[t]
        if c >= 0:
            lack[c] += max(0, BOARD.logistics[t] - s.buildings[t * 4 + 3] - s.logistics[t])
        elif s.locals[t] > 0 and s.battles[t]:
            lack[s.battles[t][0]] += BOARD.logistics[t]
    restock = [RESTOCK] * n
    for p in range(n):
        if lack[p]:
            cover = min(1.0, (s.money[p] / 2 + s.border_log[p]) / lack[p])
            restock[p] = RESTOCK * (FUNDED_FLOOR + (1 - FUNDED_FLOOR) * cover)
    for t in range(1, BOARD.n):
        c = s.controller[t]
        base = t * n
        if c >= 0:
            provinces[c] += 1
            prod = BOARD.oil[t] + s.buildings[t * 4 + 3]
            need = BOARD.logistics[t] - s.buildings[t * 4 + 3]
            log = s.logistics[t]
            if log >= need:
                supplied[c] += 1
            coming += -(-prod // 2)
            w = s.buildings[t * 4]
            store_cap = BOARD.storage_base if w == 0 else BOARD.storage_per_warehouse * w
            val[c] += min(s.store[t], store_cap + BOARD.withdraw) * future + PROVINCE_BASE
            # it yields while a troop guards it (else any troop may take it) and for as many
            # turns as its logistics allow productions (each uses one: # Produzione di
            # petrolio); the turns after that count RESTOCK, for the boxes that must bring more
            stocked = min(max(0, log - need + 1), left + 1)
            share = (stocked + restock[c] * (left + 1 - stocked)) / (left + 1)
            if troops[base + c] == 0:
                share *= UNGUARDED
            rate[c] += prod * share
            if s.buildings[t * 4 + 2]:
                cap[c] += 1
            if log < need:
                deficit[c] += need - log
            for p in range(n):
                idle[p] += troops[base + p]
        elif s.locals[t] > 0:
            row = troops[base : base + n]
            allp = sum(row)
            if allp:
                win, loss = battle_odds(allp, s.locals[t])
                holder = next((q for q in s.battles[t] if row[q]), -1)
                for p in range(n):
                    if row[p]:
                        fights.append((p, t, win if holder in (p, -1) else 0.0))  # the roller takes it
                        losses[p] += loss if holder == p else loss * row[p] / allp
    per_turn = INCOME * future * left  # a barrel a turn withdrawn from now to the end
    for p, t, chance in fights:
        more = min(rate[p] + UNSUPPLIED * restock[p] / RESTOCK * BOARD.oil[t], cap[p]) - min(rate[p], cap[p])
        val[p] += chance * (more * per_turn + PROVINCE_BASE)
    # seats that hold and fight for nothing compete for the provinces still free: the earlier
    # one plays next turn (money boxes taken so far, # Ordine di gioco), the better the one it gets
    empty = []
    if left >= OPTION_TURNS:
        busy = {q for q, _, _ in fights}
        empty = [q for q in rules.order_after_money(s) if not provinces[q] and q not in busy]
    for p in range(n):
        val[p] += min(rate[p], cap[p]) * per_turn
        if p in empty:
            # a seat that holds and fights for nothing may still invade a province that fills
            # its withdrawals (a turn or two later, with a better place in the turn order)
            share = OPTION_RANK ** empty.index(p)
            val[p] += (
                share * INVADE_OPTION * BOARD.withdraw * UNSUPPLIED * INCOME * future * (left - OPTION_DELAY)
            )
    gov_turns = left + 1 if s.phase == BOARD.phases else s.turns
    # influence ranks a seat only while its provinces produce: in phase 3 each province that
    # cannot costs it a point a turn (# Petrolio e governo provvisorio), so influence bought
    # with a province's last logistics is gone by the end
    keys = [
        2 * s.influence[p] * (supplied[p] / provinces[p] if provinces[p] else 1.0) + 5 * provinces[p]
        for p in range(n)
    ]
    shares = rules.government_shares(s.gov_oil + coming * gov_turns, keys)
    out = []
    weight_end = BOARD.final_multiplier * (0.5 + 0.5 * (1 - young))
    for p in range(n):
        v = val[p] + s.money[p] / 2 + s.oil[p] * future + BOARD.contracts[s.contracts[p]]
        v += shares[p] * future
        v += MEDIA_VALUE * s.media[p] * young + INFLUENCE_VALUE * s.influence[p]
        bl = s.border_log[p]
        useful = min(bl, deficit[p] + 1)
        v += LOGISTICS_EARLY * young * useful + 0.5 * young * (bl - useful)
        v += TROOP_EARLY * idle[p] * young
        # pacifism: troops over the allowance add a point a turn, each troop lost one more
        # (troops in a battle go home after it; the others stay until a box brings them home)
        on_board = sum(troops[p::n])
        allowed = rules.troops_allowed(s.media[p])
        excess = max(0, on_board - allowed)
        fighting = min(excess, on_board - idle[p])
        stay = (excess - fighting) * min(left + 1, IDLE_TURNS)
        pac = min(float(BOARD.pacifism_max), s.pacifism[p] + fighting * EXCESS_TURNS + stay + losses[p])
        pen = smooth_penalty(pac)
        final = pen if left >= EXACT_TURNS else final_penalty(pac, on_board, allowed, left)
        v -= pen * min(left, 4) + final * weight_end
        out.append(v)
    # an action box being carried out: what it still allows
    p = s.actor
    if 0 <= p < n and (s.box >= 0 or s.stage == S_PRODUCE):
        if s.stage == S_BUY:
            out[p] += MOVE_OPTION * s.moves
        elif s.stage == S_MOVE_FROM and s.support < 0:
            out[p] += MOVE_OPTION * s.moves * (1 if s.troops_on_board(p) or s.border_log[p] else 0)
        elif s.stage == S_PRODUCE:
            gain = sum(
                rules.production(s, t)
                for t in range(1, BOARD.n)
                if rules._can_produce(s, p, t) and not s.units >> t & 1
            )
            out[p] += (1 - PRODUCE_SHARE) * gain * future
        elif s.stage == S_BUILD:
            out[p] += MOVE_OPTION * min(s.moves, 1 + s.money[p] // 6)
    return out


def win_chances(s: InvasionState) -> list[float]:
    """Win chance of every seat (they sum to 1)."""
    if s.result is not None:
        return s.result[:]
    return softmax(s, prospects(s))


def softmax(s: InvasionState, pro: list[float], spread: float = SPREAD) -> list[float]:
    left = turns_left(s)
    scale = spread * (1.0 + left / (BOARD.phases * s.turns))
    best = max(pro)
    ws = [math.exp((x - best) / scale) for x in pro]
    total = sum(ws)
    return [w / total for w in ws]
