"""Ideology evaluation for AI cut-offs: game knowledge lives here, not in ``ai/``.

``evaluate(state, seat)`` returns a value in [0, 1] (1 = ``seat`` surely wins) from what
``seat`` can see: the table (regions, cards, advancements, stances), everyone's hand *size*
and its own hand — never another seat's hand, deck order or pending offer.

Each ideology gets a *prospect* in Global Influence points:

- the level each controlled region will have after Consolidation (7.1: its weakest sector,
  at least 1), discounted when another ideology already matches its cards (7.2 would take it);
- for each independent region, the level it would bring times the square of how full it is
  (7.3 needs all three sectors full, so finishing a region is worth more than starting
  another) times the ideology's share of the cards (a clear plurality counts more);
- a little for cards above a controlled region's weakest sector (future development);
- small terms for cards in hand (phase 1 tops the hand up anyway, so a kept card is worth
  little), advancement levels (they tax enemy conflicts, 5.1), distance waivers, tie-break
  points, and WMDs (each adds 1 to Global Influence);
- an attack card on the table counts as half a card won;
- the levels its controlled regions can still gain (up to three, cheapest first) with the
  cards it has left to play (hand, deck and discard pile, per type; public, since a type's
  count is its deck split less the cards on the board): a level needs every sector one
  card above the current level (7.1) within twice the printed level (3.1). The cards those
  levels need are spoken for: they do not count again below. A region stuck for want of a
  type whose every card sits on other regions makes pulling one back (4.2) worth a level,
  a plan a one-ply greedy move can see (pull it back now, draw and develop it next turn);
- the other cards still to play with (hand, deck and discard pile), per type, are worth a concave
  amount: an ideology that has committed every card of a type draws none in phase 1 and
  cannot raise a region whose weakest sector is of that type (7.1), so pulling such a card
  back from a region it cannot win (4.2) is worth more than the little share it held, and
  a card beyond a region's weakest sector is not worth locking up while that type is short.

The prospects become a win probability with a softmax whose sharpness grows as the leader
nears the 12 points that end the game.

Played greedily (one ply, ``ai.bots`` "heuristic") this evaluator beats random players and
reaches 12 in about 8-12 turns against itself at 2-5 players.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from realpolitik.engine.ideology.board import BOARD
from realpolitik.engine.ideology.state import IN_PLAY, NUM_ADVANCEMENTS, WMD_TYPE

if TYPE_CHECKING:
    from realpolitik.engine.ideology.game import IdeologyState

__all__ = ["evaluate", "level_gains", "prospects"]

HAND_WEIGHT = 0.02  # phase 1 tops the hand up to Global Influence: a kept card only replaces a draw
DEFENSE_WEIGHT = 0.15  # per advancement level in a type, up to DEFENSE_CAP (5.1 gap penalty)
DEFENSE_CAP = 2
FREE_WEIGHT = 0.1  # per type and extra step of reach without distance penalty (4.1, 5.1)
TIEBREAK_WEIGHT = 0.03  # per tie-break point
EXCESS_WEIGHT = 0.12  # a card above a controlled region's weakest sector: future development
RISK_DISCOUNT = 0.5  # 7.2 would make the region independent
PENDING_SHARE = 0.5  # an attack card on the table wins about half the time
LIQUID_TYPE = 0.4  # cards of a type to play with: LIQUID_TYPE * (1 - exp(-cards / LIQUID_SCALE))
LIQUID_SCALE = 1.5
GAIN_WEIGHT = 0.5  # a level a controlled region can still gain from the cards left to play (7.1)
GAIN_STEPS = 3  # level gains looked at per ideology


TIEBREAK = tuple(a.tiebreak for a in BOARD.advancements)


def prospects(s: IdeologyState) -> list[float]:
    """Projected Global Influence per seat (public information only)."""
    n = s.n
    row_len = 3 * n
    inf = s.inf
    where = s.where
    owner = s.owner
    out = [0.0] * n
    conflict = s.conflict
    pending = conflict if conflict is not None and conflict[3] != WMD_TYPE and conflict[4] == 0 else None
    pend_r = pending[2] if pending is not None else -1
    seats = range(n)
    held: list[list[tuple[list[int], int]]] = [[] for _ in seats]  # per owner: (sector totals, cap)
    for r in range(BOARD.n):
        if where[r] != IN_PLAY:
            continue
        b = r * row_len
        seg = inf[b : b + row_len]
        o = owner[r]
        if o < 0 and r != pend_r and not any(seg):
            continue  # an empty independent region adds nothing
        mil_cards = seg[:n]
        eco_cards = seg[n : 2 * n]
        cul_cards = seg[2 * n :]
        totals = [sum(mil_cards), sum(eco_cards), sum(cul_cards)]
        per_seat: list[float] = [float(mil_cards[x] + eco_cards[x] + cul_cards[x]) for x in seats]
        if r == pend_r and pending is not None:
            per_seat[pending[0]] += PENDING_SHARE
            per_seat[pending[1]] -= PENDING_SHARE
        if o >= 0:
            low = min(totals)
            value = max(1, low) + EXCESS_WEIGHT * (sum(totals) - 3 * low)  # 7.1
            rival = max((per_seat[x] for x in seats if x != o), default=0.0)
            if rival >= per_seat[o]:
                value *= RISK_DISCOUNT
            out[o] += value
            held[o].append((totals, 2 * BOARD.level[r]))  # 3.1: twice the printed level
            continue
        cap = s.dev[r]
        all_cards = sum(per_seat)
        if all_cards <= 0:
            continue
        fill = sum(min(tt, cap) for tt in totals) / (3.0 * cap)  # 7.3 needs all three full
        best = max(per_seat)
        lead_unique = per_seat.count(best) == 1
        for x in seats:
            if per_seat[x] > 0:
                share = per_seat[x] / all_cards
                if per_seat[x] == best and lead_unique:
                    share = 0.5 + 0.5 * share
                out[x] += cap * fill * fill * share  # convex: finishing a region pays
    board = s.board
    adv = s.adv
    wmd = BOARD.wmd
    for x in seats:
        b = x * 3
        hand = s.hand[b] + s.hand[b + 1] + s.hand[b + 2]
        out[x] += HAND_WEIGHT * hand
        liquid = [s.hand[b + t] + s.deck[b + t] + s.discard[b + t] + s.staged[b + t] for t in range(3)]
        if held[x]:  # levels the cards left can still add; the cards they need are spoken for
            gains = level_gains(held[x], liquid)
            out[x] += GAIN_WEIGHT * gains
        for t in range(3):  # the other cards still to play with: concave, per type
            out[x] += LIQUID_TYPE * (1.0 - math.exp(-liquid[t] / LIQUID_SCALE))
        # one pass over the advancements: defence levels (5.1), placement reach, tie-break
        mil_level = eco_level = cul_level = tiebreak = 0
        reach_by_type = board.rule_reach[s.ideo[x]][:]
        base = x * NUM_ADVANCEMENTS
        for k in range(NUM_ADVANCEMENTS):
            c = adv[base + k]
            if c:
                d = board.adv_def[k]
                mil_level += c * d[0]
                eco_level += c * d[1]
                cul_level += c * d[2]
                tiebreak += c * TIEBREAK[k]
                adv_reach = board.adv_reach[k]
                for t in range(3):
                    if adv_reach[t] > reach_by_type[t]:
                        reach_by_type[t] = adv_reach[t]
        out[x] += DEFENSE_WEIGHT * min(DEFENSE_CAP, mil_level)
        out[x] += DEFENSE_WEIGHT * min(DEFENSE_CAP, eco_level)
        out[x] += DEFENSE_WEIGHT * min(DEFENSE_CAP, cul_level)
        out[x] += FREE_WEIGHT * (reach_by_type[0] - 1 + reach_by_type[1] - 1 + reach_by_type[2] - 1)
        out[x] += TIEBREAK_WEIGHT * tiebreak
        out[x] += adv[base + wmd]
    return out


def level_gains(held: list[tuple[list[int], int]], liquid: list[int]) -> int:
    """How many levels (up to :data:`GAIN_STEPS`) the controlled regions ``held`` (sector
    totals, maximum per sector) can still gain with ``liquid`` cards per type, cheapest
    level first: a level needs every sector one card above the current level (7.1: the weakest sector, at least 1), within the
    sector maximum (3.1). A region stuck for want of one type is worth pulling a card of that
    type back from a region it cannot win (4.2). ``liquid`` is left with the cards not needed
    for those levels (so a card already developed towards a level is not worth less than
    the same card kept in hand)."""
    have = liquid
    tots = [t[:] for t, _ in held]
    gains = 0
    while gains < GAIN_STEPS:
        best = -1
        best_cost = 1 << 30
        for i, (_, cap) in enumerate(held):
            tt = tots[i]
            nxt = max(1, min(tt)) + 1
            if nxt > cap:
                continue
            cost = 0
            for t in range(3):
                need = nxt - tt[t]
                if need > 0:
                    if need > have[t]:
                        cost = -1
                        break
                    cost += need
            if cost >= 0 and cost < best_cost:
                best, best_cost = i, cost
        if best < 0:
            break
        tt = tots[best]
        nxt = max(1, min(tt)) + 1
        for t in range(3):
            if tt[t] < nxt:
                have[t] -= nxt - tt[t]
                tt[t] = nxt
        gains += 1
    return gains


def evaluate(s: IdeologyState, seat: int) -> float:
    """Heuristic value in [0, 1] of the position for ``seat``.

    Args:
        s: The state.
        seat: The seat whose chances are estimated.

    Returns:
        The estimated probability that ``seat`` wins (its share of a shared win).
    """
    if s.result is not None:
        return s.result[seat]
    legal = s._legal
    cached = s._prospects
    if cached is not None and legal is not None and cached[0] is legal:
        p = cached[1]  # a search asks every seat on its path about the same leaf
    else:
        p = prospects(s)
        if legal is not None:
            s._prospects = (legal, p)
    top = max(p)
    k = 0.3 + 0.04 * min(top, BOARD.victory)  # sharper as someone nears 12
    m = max(k * v for v in p)
    w = [math.exp(k * v - m) for v in p]
    return w[seat] / sum(w)
