"""War on Terror evaluation for AI cut-offs: game knowledge lives here, not in ``ai/``.

``evaluate(state, seat)`` returns a value in [0, 1] from public information only (the board,
money, revealed oil chits, hand sizes): never another side's hand or the face-down chits.

Each *side* (every empire, and the terrorists as one team) gets a prospect in liberation
points, divided by the points it needs to win (the table by empires left):

- an empire: its liberation points now, plus for every continent the share of its countries
  it holds, squared (a nearly whole continent is worth much more than a foothold), times the
  continent's value; its developments (how many, with a steep penalty for having only one or
  two, and their sizes: a town or city defends
  better and earns more), less the terrorist units in or next to them, its expected oil
  income per turn (the chance of its numbers on 2d6 times the revenue), money, and cards
  (those in hand plus the free ones still to be drawn this round, so that ending a turn does
  not look like a gift to the next seat);
- the terrorists: their points now (``rules.terrorist_points``, by the game's reading), plus
  (weighted by ``TERROR_WEIGHT``) a share of each continent with few developments left, their
  units on the board and in the camp, their purse and cards; fewer empires means a lower
  target for everyone;
- before any seat has changed sides, under the rulebook's reading (every empty continent is
  the terrorists'), a latent terrorist side: the points the seat best placed for it would
  bring by changing sides now (``latent_terrorists``); its share goes to that seat.

The prospects become a win probability with a softmax (sharper as a side nears its target);
a terrorist seat's value is the team's chance split among the terrorist seats, as a shared
win is split in ``returns()``; with a single empire left, the part of the terrorists' chance
that is bringing it down (rather than reaching their points) is a draw of the whole table.
A tenth of the value is the side's own progress, so that moves stay apart when the softmax
saturates.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from realpolitik.engine.waronterror import actions, rules
from realpolitik.engine.waronterror.board import BOARD, CITY, COLUMN, VILLAGE
from realpolitik.engine.waronterror.state import GAME_OVER, P_ASK, P_DEBT, P_DIE, P_OUT, RESUME_DIE

if TYPE_CHECKING:
    from realpolitik.engine.waronterror.game import WarOnTerrorState

__all__ = ["evaluate", "latent_terrorists", "prospects", "refill"]

N = BOARD.n
K = len(BOARD.cards)
TWO_D6_CHANCE = dict(rules.TWO_D6)
NEIGHBOURS = BOARD.map.neighbours
NEIGHBOUR_MASK = BOARD.map.neighbour_mask
LAND_MASK = BOARD.land
SEA_COST = BOARD.sea_cost

CONTINENT_WEIGHT = 0.9
SIZE_WEIGHT = 0.25  # per development size step
INCOME_WEIGHT = 0.012  # per expected million of oil a turn
MONEY_WEIGHT = 0.004  # per million: a village (25m) is worth more built than kept
CARD_WEIGHT = 0.12  # per card in hand, counting the free cards a seat is still to draw this
# round (otherwise ending a turn would look bad: the next seat's free cards)
DEV_WEIGHT = 0.3  # per development: more countries are harder to wipe out
SURVIVAL = 3.0  # minus SURVIVAL / developments: one or two developments are easily wiped out
THREAT_WEIGHT = 0.04  # per unit size in or next to one of the empire's developments
BOARD_THREAT = 0.005  # per development, per unit size anywhere: any unit can be used by
# anyone (kept small: buying units only to threaten others is not how the game is won)
UNIT_WEIGHT = 0.12
CLEAR_WEIGHT = 0.35  # a continent with few developments left: the terrorists may clear it
FEW_DEVELOPMENTS = 3  # ...that is, with this many or fewer
TERROR_WEIGHT = 0.3  # the terrorists' potential (their purse, cards, units and the thinly held
# continents they might clear) against their points: a seat changes sides when its empire's
# prospect falls below that (docs/waronterror.md)
BETA = 5.0
PROGRESS_SHARE = 0.1  # of the value taken from the side's own prospect (see ``evaluate``)
OUT_OF_TURN_MARGIN = 0.01  # what acting out of turn must gain to be worth opening the window
IDLE_WINDOW = 0.02  # the value an open window loses for its seat when nothing in it helps


def prospects(s: WarOnTerrorState) -> tuple[dict[int, float], float]:
    """Prospect over target per empire seat, and the terrorists' (-1 when there are none and
    none latent: under the ``cleared`` house rule, or with a single empire)."""
    emp = s.empires()
    need = BOARD.points_to_win[len(emp)] if emp else 1
    owner, size = s.owner, s.size
    held: dict[int, list[int]] = {p: [0] * len(BOARD.continents) for p in emp}
    settled = [0] * len(BOARD.continents)
    size_sum = dict.fromkeys(emp, 0)
    income = dict.fromkeys(emp, 0.0)
    threat = dict.fromkeys(emp, 0.0)
    count = dict.fromkeys(emp, 0)
    cities = dict.fromkeys(emp, 0)
    unit = s.unit
    board_units = sum(unit)
    for c in range(N):
        p = owner[c]
        if p < 0:
            continue
        count[p] += 1
        u = unit[c] + max(unit[d] for d in NEIGHBOURS[c]) + BOARD_THREAT * board_units
        if u:
            threat[p] += u
        k = BOARD.continent[c]
        held[p][k] += 1
        settled[k] += 1
        size_sum[p] += size[c]
        if size[c] == CITY:
            cities[p] += 1
        rev = rules.oil_revenue(s, c)
        if rev:
            income[p] += rev * TWO_D6_CHANCE[s.chit[c]]
    out: dict[int, float] = {}
    for p in emp:
        # liberation points now (rules.liberation_points: whole continents and cities), plus
        # the continents partly held
        pts = float(cities[p])
        for k, mem in enumerate(BOARD.members):
            frac = held[p][k] / len(mem)
            if frac < 1.0:
                pts += CONTINENT_WEIGHT * BOARD.continent_value[k] * frac * frac
            else:
                pts += BOARD.continent_value[k]
        e = _hand_size(s, p)
        pts += (
            SIZE_WEIGHT * size_sum[p]
            + DEV_WEIGHT * count[p]
            - (SURVIVAL / count[p] if count[p] else SURVIVAL * 2)
            - THREAT_WEIGHT * threat[p]
            + INCOME_WEIGHT * income[p]
            + MONEY_WEIGHT * s.money[p]
            + CARD_WEIGHT * e
        )
        out[p] = pts / need
    tval = -1.0
    if s.terrorist_seats:
        pts = float(rules.terrorist_points(s))
        if not rules.terrorists_count(s) and not s.cleared_only:
            pts -= refill(s, s.terrorist_seats[0])
        extra = 0.0
        for k in range(len(BOARD.members)):
            if 0 < settled[k] <= FEW_DEVELOPMENTS:
                extra += CLEAR_WEIGHT * BOARD.continent_value[k] / (1 + settled[k])
        units = sum(s.unit) + sum(z * s.camp[s.n * 4 + z] for z in (1, 2, 3))
        extra += UNIT_WEIGHT * units + MONEY_WEIGHT * s.money[s.n] + CARD_WEIGHT * _hand_size(s, s.n)
        tval = (pts + TERROR_WEIGHT * extra) / need
    elif not s.cleared_only and len(emp) > 1:
        tval = latent_terrorists(s, emp)[0]
    return out, tval


def latent_terrorists(s: WarOnTerrorState, emp: list[int]) -> tuple[float, list[int]]:
    """Before anyone has changed sides, under the rulebook's reading: the terrorists' points
    over their target if the seat best placed for it changed sides now (every continent empty
    or held by that seat alone would be theirs, against the target of one empire fewer), and
    the seats that would bring the most. A latent side: it threatens every empire, and its
    share goes to those seats (so empires settle continents others hold alone, and a seat sees
    what changing sides would bring)."""
    alone = [-1] * len(BOARD.continents)  # -1 empty, a seat holding it alone, or -2 shared
    for c in range(N):
        p = s.owner[c]
        if p >= 0:
            k = BOARD.continent[c]
            a = alone[k]
            alone[k] = p if a in (-1, p) else -2
    base = sum(BOARD.continent_value[k] for k, a in enumerate(alone) if a == -1)
    pts = dict.fromkeys(emp, float(base))
    for k, a in enumerate(alone):
        if a >= 0:
            pts[a] += BOARD.continent_value[k]
    if not s.terrorists_win_any_time:
        masks = empire_masks(s)
        for p in emp:
            pts[p] -= refill(s, p, masks)
    top = max(pts.values())
    return top / BOARD.points_to_win[len(emp) - 1], [p for p in emp if pts[p] == top]


REFILL_CONTINENTS = 2  # empty continents an empire can settle again in one turn (the action
# die gives 2 to 4 developments, and a village is the cheapest)


def refill(s: WarOnTerrorState, slot: int, masks: list[int] | None = None) -> float:
    """Under the ruling that the terrorists' points count only in their own turn
    (``rules.terrorists_count``): the value of the empty continents (counting those the seat
    in ``slot`` would empty by changing sides) that the empires playing before the
    terrorists' turn in ``slot`` can settle again with a village, up to
    ``REFILL_CONTINENTS`` each, as their money and borders allow (the most valuable first).
    ``masks``: each seat's ``rules.empire_mask``, when the caller has them."""
    n = s.n
    owner = s.owner
    held = [False] * len(BOARD.continents)
    for c in range(N):
        if owner[c] >= 0 and owner[c] != slot:
            held[BOARD.continent[c]] = True
    empty = [k for k in range(len(held)) if not held[k]]
    if not empty:
        return 0.0
    if s.round == 0:
        order = [p for p in range(n) if p != slot and not s.terrorist[p]]
    else:
        order = []
        q = s.turn_seat
        if not (s.terrorist[q] or q == slot) and (_turn_to_begin(s) or s.builds > 0):
            order.append(q)
        q = (q + 1) % n
        while q != slot and q != s.turn_seat:
            if not s.terrorist[q]:
                order.append(q)
            q = (q + 1) % n
    if masks is None:
        masks = empire_masks(s)
    village = BOARD.build_cost[VILLAGE]
    unit = s.unit
    total = 0.0
    for p in order:
        if not empty:
            break
        mine = masks[p]
        reach: list[tuple[int, int]] = []  # (cost, continent)
        for k in empty:
            best = -1
            for c in BOARD.members[k]:
                if (
                    unit[c] >= COLUMN or not NEIGHBOUR_MASK[c] & mine
                ):  # Urbanizzazioni: a column blocks building
                    continue
                if LAND_MASK[c] & mine:
                    best = village
                    break
                cost = village + min(
                    SEA_COST[(c, d)] for d in NEIGHBOURS[c] if mine >> d & 1 and (c, d) in SEA_COST
                )
                if best < 0 or cost < best:
                    best = cost
            if best >= 0:
                reach.append((best, k))
        money = s.money[p]
        reach.sort(key=lambda x: -BOARD.continent_value[x[1]])
        for cost, k in reach[:REFILL_CONTINENTS]:
            if cost <= money:
                money -= cost
                empty.remove(k)
                total += BOARD.continent_value[k]
    return total


def empire_masks(s: WarOnTerrorState) -> list[int]:
    """Per seat, the bit mask of the countries where it has a development."""
    masks = [0] * s.n
    for c, o in enumerate(s.owner):
        if o >= 0:
            masks[o] |= 1 << c
    return masks


def _turn_to_begin(s: WarOnTerrorState) -> bool:
    """The running turn has not begun yet: its action die is still to roll (a window before
    it may be open)."""
    return s.phase == P_DIE or (s.phase in (P_ASK, P_OUT) and s.resume == RESUME_DIE)


def _hand_size(s: WarOnTerrorState, side: int) -> int:
    """Cards a side holds, plus its free cards when its turn is still to come this round."""
    held = sum(s.hand[side * K : side * K + K])
    if s.round == 0:
        return held
    n = s.n
    slot = s.terrorist_seats[0] if side == n else side
    mine = (slot - s.start_seat) % n
    now = (s.turn_seat - s.start_seat) % n
    if mine > now or (mine == now and _turn_to_begin(s)):
        held += BOARD.free_cards
    return held


def evaluate(s: WarOnTerrorState, seat: int) -> float:
    """Win probability estimate of ``seat`` in [0, 1].

    Two decisions out of turn are looked through rather than scored where they stand: a
    debtor still choosing what to remove (``P_DEBT``) is scored as if it then paid the rest by
    removing its smallest refunds first, so that removing the piece that pays at once is
    preferred to a removal that leaves the debt standing; a seat that chose to act out of turn
    (``P_OUT``) is scored by its best change of sides or dismantling when that gains it more
    than ``OUT_OF_TURN_MARGIN``, and otherwise a little below the position (``IDLE_WINDOW``),
    so that the window is opened only for a reason and skipped quickly."""
    if s.phase == GAME_OVER and s.result is not None:
        return s.result[seat]
    if s.phase == P_DEBT:
        return evaluate(_debt_paid(s), seat)
    if s.phase == P_OUT:
        return _acting_out(s, seat)
    return _static(s, seat)


def _debt_paid(s: WarOnTerrorState) -> WarOnTerrorState:
    """A copy of ``s`` with the pending debts paid, smallest refunds removed first."""
    t = s.clone()
    while t.phase == P_DEBT:
        t.apply_action(
            min(t.legal_actions(), key=lambda a: (BOARD.build_cost[t.size[a - actions.DISMANTLE]], a))
        )
    return t


def _acting_out(s: WarOnTerrorState, seat: int) -> float:
    actor = s.actor
    here = _static(s, actor)
    best, best_v = None, here + OUT_OF_TURN_MARGIN
    for a in s.legal_actions():
        if a == actions.DONE:
            continue
        child = s.clone()
        child.apply_action(a)
        v = evaluate(child, actor) if child.phase != P_OUT else _static(child, actor)
        if v > best_v:
            best, best_v = child, v
    if best is not None:
        return evaluate(best, seat) if best.phase != P_OUT else _static(best, seat)
    v = _static(s, seat)
    return max(0.0, v - IDLE_WINDOW) if seat == actor else v


def _static(s: WarOnTerrorState, seat: int) -> float:
    """The position's value for ``seat`` where it stands (the game not over)."""
    emp, tval = prospects(s)
    vals = list(emp.values()) + ([tval] if tval >= 0 else [])
    top = max(vals) if vals else 0.0
    beta = BETA * (1.0 + 2.0 * min(top, 1.0))
    w = {p: math.exp(beta * (v - top)) for p, v in emp.items()}
    tw = math.exp(beta * (tval - top)) if tval >= 0 else 0.0
    total = sum(w.values()) + tw
    # The terrorists' chance: reaching their points (a win shared by the terrorist seats), or,
    # once a single empire is left, bringing it down (the whole table shares that end, a
    # draw: rules.convert); their progress towards their points splits the two.
    t_share = tw / total
    draw = 0.0
    if len(emp) == 1 and s.terrorist_seats:
        need = BOARD.points_to_win[1]
        draw = t_share * max(0.0, 1.0 - rules.terrorist_points(s) / need)
        t_share -= draw
    draw /= s.n
    if s.terrorist[seat]:
        chance, own = t_share / len(s.terrorist_seats) + draw, tval
    elif not s.terrorist_seats:
        # the latent terrorists' share goes to the seats best placed to change sides
        best = latent_terrorists(s, list(emp))[1] if tw else []
        chance, own = w[seat] / total + (t_share / len(best) if seat in best else 0.0), emp[seat]
    else:
        chance, own = w[seat] / total + draw, emp[seat]
    # a small share of the side's own progress keeps moves apart when the softmax saturates
    # (a lone empire far ahead would otherwise see every move as a certain win)
    return (1.0 - PROGRESS_SHARE) * chance + PROGRESS_SHARE * min(1.0, max(0.0, own))
