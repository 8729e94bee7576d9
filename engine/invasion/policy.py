"""The plan the ``heuristic`` bot follows in How to Invade a Sovereign Nation.

One-ply greedy search on the evaluator cannot see a conquest pay: the purchase, the movement,
the battle turns, the logistics, the productions and the withdrawals are a dozen decisions
apart. ``plan_action`` decides the strategic decisions by a short plan instead, and leaves
the tactical ones (retreats, media, support, where the rebels go first) to the greedy search:

1. **Invade once, early, with the odds**: while no province is held or being fought for and
   there are at least six turns left, take a purchase box, buy by land the troops that beat
   the best reachable unexplored province (its oil plus the expected phase-1 die) at 2:1,
   move them in (*Acquisti e manovre*, *La guerra*); when the battles by the border block
   every land route, the troops go by air (2$ each, anywhere) to the best province they can
   afford, the first starting the war and the others joining it; when no free box carries an
   invasion but two small ones are free, the last seat in the turn order buys troops with the
   first, which wait on the border, and brings the rest with the second (at 5 players the
   two large boxes go to the seats before it).
2. **Hold it cheaply**: once conquered, keep one troop as guard (an unguarded province can be
   taken by any troop, *Controllo territori*) and bring the others home through the border,
   so that pacifism falls again (*Mass media e truppe in gioco*); troops that ran out of
   moves on the way go on with the next purchase box.
3. **Supply and produce**: a purchase box brings the logistics the province needs
   (*Produzione di petrolio*), the free action produces every turn it can, a construction box
   builds a warehouse with a spare logistics (storage for the end) and grants contracts.
4. **Income otherwise**: new taxes while pacifism is low, else a money box.
5. **Rebels against the leader**: once placed, they attack the provinces of the seat with the
   best prospects among the others, or move towards them (*Ribelli*).

Oil is held to the end (it is worth the last price) and sold only to pay for supplies: the
barrels that pay for them and for a phase of productions, no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.invasion import actions, rules
from realpolitik.engine.invasion.board import BOARD, band
from realpolitik.engine.invasion.prospects import prospects
from realpolitik.engine.invasion.state import (
    PHASE_GUERRILLA,
    PHASE_INVASION,
    REPEAT_CONTRACT,
    S_ACTION,
    S_BUILD,
    S_BUY,
    S_MOVE_FROM,
    S_MOVE_LOG,
    S_MOVE_TO,
    S_MOVE_TROOPS,
    S_PRODUCE,
    S_REBEL,
    S_RETREAT,
    S_WITHDRAW,
)

if TYPE_CHECKING:
    from realpolitik.engine.invasion.game import InvasionState

__all__ = ["STEP_STAGES", "invasion_target", "plan_action", "plan_step"]

MIN_TURNS_LEFT = 6  # an invasion needs this many turns after it to pay
TAX_PACIFISM = 3  # new taxes only below this pacifism (the penalty starts at 4)
LEAD = 1  # troops beyond the expected local troops an invasion brings
GATHER_BOXES = 2  # free purchase boxes a gathering needs: one buys the troops that wait, one brings the rest
SPEECH_PACIFISM = 4  # the speech to the nation from this pacifism on (the penalty starts at 4) ...
SPEECH_PACIFISM_EARLY = 7  # ... in phase 1 from this on (phase 2 is the last with a speech)
CONTRACT_MONEY = 10  # a repeated contract costs more (# Ripetizione della mossa): only from this many dollars
_DIE_MEAN = sum(band(BOARD.locals_die, f) for f in range(1, 7)) / 6


def _turns_left(s: InvasionState) -> int:
    return (BOARD.phases - s.phase) * s.turns + (s.turns - s.turn)


def _mine(s: InvasionState, p: int) -> list[int]:
    return [t for t in rules.PROVINCES if s.controller[t] == p]


def _fighting(s: InvasionState, p: int) -> list[int]:
    return [t for t in rules.PROVINCES if s.locals[t] > 0 and s.troops_at(t, p) > 0]


def _stranded(s: InvasionState, p: int) -> list[int]:
    """Territories where seat ``p`` has troops with nothing to do: neither its province nor a
    battle (they passed through on the way home and ran out of moves, or their province was
    lost). They count against the media's allowance every turn (*Mass media e truppe in
    gioco*) until they leave the country."""
    return [
        t for t in range(1, BOARD.n) if s.troops_at(t, p) > 0 and s.controller[t] != p and s.locals[t] == 0
    ]


def _deficit(s: InvasionState, p: int) -> int:
    return sum(max(0, rules.required_logistics(s, t) - s.logistics[t]) for t in _mine(s, p))


def _within(s: InvasionState, provinces: list[int], moves: int) -> bool:
    """One of ``provinces`` is within ``moves`` of the border."""
    costs = rules.move_costs(s, 0)
    return any(costs.get(t, 99) <= moves for t in provinces)


def _supplies_reach(s: InvasionState, p: int, moves: int) -> bool:
    """A province of seat ``p`` that lacks logistics is within ``moves`` of the border."""
    return _within(s, [t for t in _mine(s, p) if s.logistics[t] < rules.required_logistics(s, t)], moves)


def troops_for(s: InvasionState, t: int) -> int:
    """Troops that outnumber province ``t``'s expected local troops by ``LEAD`` (the ratio is
    rounded in the player's favour, so any lead is 2:1, where the locals' one die kills 0 to 2:
    *Come funziona la guerra*)."""
    expected = BOARD.oil[t] + (_DIE_MEAN if s.phase == PHASE_INVASION else 0)
    return int(expected + 0.999) + LEAD


def invasion_target(
    s: InvasionState, p: int, money: int, moves: int, units: int = BOARD.purchase_units[0], have: int = 0
) -> int:
    """The unexplored province within ``moves`` of the border with the most oil that ``have``
    troops already on the border and the troops ``money`` dollars buy, at most ``units`` of
    them (what a purchase box buys), can take, or -1."""
    best, best_key = -1, (0, 0)
    for t, cost in rules.move_costs(s, 0).items():
        if t == actions.HOME or t <= 0 or cost > moves or s.explored[t]:
            continue
        need = troops_for(s, t)
        if need - have > min(money, BOARD.troop_limit - s.troops_on_board(p), units):
            continue
        key = (min(BOARD.oil[t], BOARD.withdraw), BOARD.oil[t] - need)
        if key > best_key:
            best, best_key = t, key
    return best


def air_target(s: InvasionState, p: int, money: int, units: int) -> int:
    """With no province reachable by land, the unexplored province with the most oil that
    ``units`` troops bought by air (2$ each, anywhere: *Acquisti*) can take, or -1."""
    best, best_key = -1, (0, 0)
    for t in rules.PROVINCES:
        if s.explored[t]:
            continue
        need = troops_for(s, t)
        if need > units or need * BOARD.cost_air > money or need > BOARD.troop_limit - s.troops_on_board(p):
            continue
        key = (min(BOARD.oil[t], BOARD.withdraw), BOARD.oil[t] - need)
        if key > best_key:
            best, best_key = t, key
    return best


def _box(legal: list[int], kind: int) -> int | None:
    for col in range(4):
        if actions.BOX + kind * 4 + col in legal:
            return actions.BOX + kind * 4 + col
    return None


def _gather_box(s: InvasionState, p: int, legal: list[int]) -> int | None:
    """With no free purchase box that carries an invasion, the last seat in the turn order
    takes the first of two free ones for its first action and buys troops that wait on the
    border (as many as its media allow without a point of pacifism: *Mass media e truppe in
    gioco* counts the border); its second action takes the other, whose units then make up
    the invasion. At 5 players only the first two boxes carry an invasion from an empty
    border, and the seats before it take them (*Prima e seconda azione a scelta*). None
    otherwise."""
    free = [
        actions.BOX + actions.K_PURCHASE * 4 + col
        for col in range(4)
        if actions.BOX + actions.K_PURCHASE * 4 + col in legal
    ]
    if s.round != 0 or len(free) < GATHER_BOXES or not _gather(s, p):
        return None
    return free[0]


def _gather(s: InvasionState, p: int) -> int:
    """Troops seat ``p``, last in the turn order, may buy to wait on the border (none once it
    has troops there, holds or fights for a province, or too few turns are left)."""
    if s.order[-1] != p or s.troops[p] or _mine(s, p) or _fighting(s, p) or _turns_left(s) < MIN_TURNS_LEFT:
        return 0
    return max(0, min(rules.troops_allowed(s.media[p]) - s.troops_on_board(p), s.money[p] // 2))


def plan_action(s: InvasionState, p: int) -> int | None:
    """The plan's decision for seat ``p`` (to move), or None to leave it to the greedy search."""
    legal = s.legal_actions()
    st = s.stage
    handler = _STAGES.get(st)
    if handler is None:
        return None
    a = handler(s, p, legal)
    return a if a is None or a in legal else None


STEP_STAGES = frozenset((S_BUY, S_MOVE_FROM, S_MOVE_TO, S_MOVE_TROOPS, S_MOVE_LOG, S_PRODUCE, S_WITHDRAW))
"""Stages that carry out an action box its seat has chosen (its own purchases and movements,
productions), and the oil withdrawal of the end of the turn, whose best barrels the plan
knows (the most allowed, those that would spoil first): the plan does them move by move. Constructions are left to the search: each is
one building or contract whose worth the evaluator sees at once (a pipeline's extra barrel a
turn, a refinery's production), and the plan builds only warehouses and contracts."""


def plan_step(s: InvasionState, p: int) -> int | None:
    """The plan's move inside an action box seat ``p`` chose (buying, its own movements,
    producing), or None for a decision of its own: which box or free action, media points,
    constructions, a support manoeuvre for another seat, retreats, rebels. ISMCTS branches on those
    and lets the plan carry a chosen box out, so that the box is played the way its leaves
    value it (``heuristics.completed`` scores a box by what the plan makes of it)."""
    if s.stage not in STEP_STAGES or s.support >= 0:
        return None
    return plan_action(s, p)


def _on_action(s: InvasionState, p: int, legal: list[int]) -> int | None:
    money = s.money[p] // 2
    mine, war = _mine(s, p), _fighting(s, p)
    deficit = _deficit(s, p)
    if actions.PRODUCE_ACT in legal:
        return actions.PRODUCE_ACT
    if deficit and money < deficit and s.oil[p]:
        # Pay for supplies with the barrels that cover them and a phase of productions (one
        # logistics each a turn), no more: a barrel sold early at 0.5$ to 2$ is worth the last
        # price at the end (# Vittoria finale), and a turn with a seller is a turn the price
        # rises a box less (# Prezzo del petrolio), so a seat sells seldom.
        short = 2 * (deficit + s.turns * len(mine)) - s.money[p]
        k = min(s.oil[p], actions.MAX_SELL, -(-short // rules.price_halves(s)))
        return actions.SELL + k
    purchase = _box(legal, actions.K_PURCHASE)
    if purchase is not None:
        left = _turns_left(s)
        if not mine and not war and left >= MIN_TURNS_LEFT:
            col = (purchase - actions.BOX) % 4
            have = s.troops[p]
            if invasion_target(s, p, money, BOARD.purchase_moves[col], BOARD.purchase_units[col], have) >= 0:
                return purchase
            if not have and air_target(s, p, money, BOARD.purchase_units[col]) >= 0:
                return purchase
            small = _gather_box(s, p, legal)
            if small is not None:
                return small
        excess = s.troops_on_board(p) - len(mine) - len(war) * 99
        supply = deficit and money + s.border_log[p] >= 1
        if supply and not _supplies_reach(s, p, BOARD.purchase_moves[(purchase - actions.BOX) % 4]):
            supply = False  # this box's moves stop short of the province that lacks them
            money_box = _box(legal, actions.K_MONEY)
            if money_box is not None and not excess and not _stranded(s, p):
                return money_box  # play first next turn (# Ordine di gioco), then bring them
        if mine and (supply or excess > 0):
            return purchase
        if not war and _stranded(s, p):
            return purchase  # its moves bring the stranded troops home
    if mine and s.round == 0:
        build = _box(legal, actions.K_CONSTRUCT)
        if build is not None:
            return build
    pacifism = s.pacifism[p]
    if actions.SPEECH in legal and pacifism >= SPEECH_PACIFISM:
        if pacifism >= SPEECH_PACIFISM_EARLY or s.phase == PHASE_GUERRILLA:
            return actions.SPEECH  # once a game, phases 1-2: the bigger the pacifism the more it removes
    if actions.TAXES in legal and _taxes_free(s, p):
        return actions.TAXES
    box = _box(legal, actions.K_MONEY)
    if box is not None:
        return box
    if actions.TAXES in legal and s.pacifism[p] < TAX_PACIFISM:
        return actions.TAXES
    return None


def _taxes_free(s: InvasionState, p: int) -> bool:
    """New taxes leave this turn's pacifism penalty where it would be without them."""
    allowed = rules.troops_allowed(s.media[p])
    tr = s.troops_on_board(p)
    change = tr - allowed if tr > allowed else -((allowed - tr) // 2)
    after = max(0, min(BOARD.pacifism_max, s.pacifism[p] + change))
    taxed = max(0, min(BOARD.pacifism_max, s.pacifism[p] + 1 + change))
    return rules.penalty(taxed) == rules.penalty(after)


def _on_buy(s: InvasionState, p: int, legal: list[int]) -> int | None:
    money = s.money[p] // 2
    mine, war = _mine(s, p), _fighting(s, p)
    if not mine and not war:
        have = s.troops[p]
        t = invasion_target(s, p, money, s.moves, s.units, have)
        if t >= 0:
            k = min(troops_for(s, t) - have, s.units)
            if k <= 0:
                return actions.DONE
            if actions.BUY_TROOPS_LAND + k in legal:
                return actions.BUY_TROOPS_LAND + k
        if have == 0:
            t = air_target(s, p, money, s.units)
            if t >= 0 and actions.BUY_TROOP_AIR + t in legal:
                return actions.BUY_TROOP_AIR + t  # the first troop by air starts the war there
            k = min(_gather(s, p), s.units)
            if k and actions.BUY_TROOPS_LAND + k in legal:
                return actions.BUY_TROOPS_LAND + k  # they wait on the border for the next box
    for t in war:
        # troops by air join a battle it rolls for until they outnumber the locals by two
        if (
            s.battles[t][:1] == [p]
            and s.troops_at(t, p) < s.locals[t] + 2
            and actions.BUY_TROOP_AIR + t in legal
        ):
            return actions.BUY_TROOP_AIR + t
    want = _deficit(s, p) + (1 if mine else 0) - s.border_log[p]
    if mine and want > 0:
        k = min(want, s.units, money)
        if k > 0 and actions.BUY_LOGISTICS_LAND + k in legal:
            return actions.BUY_LOGISTICS_LAND + k
    return actions.DONE


def _on_move_from(s: InvasionState, p: int, legal: list[int]) -> int | None:
    if s.support >= 0:
        return None  # a support manoeuvre: the greedy search decides
    mine = _mine(s, p)
    if actions.FROM + 0 in legal and s.troops[p] > 0 and not _waiting(s, p):
        return actions.FROM + 0
    stranded = [t for t in _stranded(s, p) if actions.FROM + t in legal]
    if actions.FROM + 0 in legal and s.border_log[p] > 0:
        if _within(s, mine, s.moves) and (_deficit(s, p) or not stranded):
            return actions.FROM + 0  # supplies first while a province lacks them
    if stranded:
        return actions.FROM + stranded[0]  # troops left on the way home go on
    for t in mine:
        if s.troops_at(t, p) > 1 and actions.FROM + t in legal:
            return actions.FROM + t  # the guard stays, the others go home
    return actions.DONE


def _waiting(s: InvasionState, p: int) -> bool:
    """Seat ``p``'s troops on the border wait there for the next purchase box: it holds and
    fights for nothing, an invasion still pays, and they alone cannot take a province."""
    if not s.troops[p] or _mine(s, p) or _fighting(s, p) or _turns_left(s) < MIN_TURNS_LEFT:
        return False
    return invasion_target(s, p, 0, s.moves, 0, s.troops[p]) < 0


def _on_move_to(s: InvasionState, p: int, legal: list[int]) -> int | None:
    src, mine = s.mv_src, _mine(s, p)
    if src == 0:
        if s.troops[p] > 0 and not mine and not _fighting(s, p):
            t = invasion_target(s, p, 0, s.moves, 0, s.troops[p])
            if t >= 0 and actions.TO + t in legal:
                return actions.TO + t
        if s.border_log[p] > 0:
            short = [t for t in mine if s.logistics[t] < rules.required_logistics(s, t) + 1]
            for t in sorted(short or mine, key=lambda j: -BOARD.oil[j]):
                if actions.TO + t in legal:
                    return actions.TO + t
        if s.troops[p] > 0 and actions.TO + actions.HOME in legal:
            return actions.TO + actions.HOME
        return None
    if actions.TO + 0 in legal:
        return actions.TO + 0
    # Out of reach of the border this move: the nearest territory to it, its own first
    # (a guard's company), never into a battle.
    best, best_key = None, (99, 1)
    for a in legal:
        d = a - actions.TO
        if d == actions.HOME or d == 0 or not s.explored[d] or s.locals[d] > 0:
            continue
        key = (rules.move_costs(s, d).get(0, 99), 0 if s.controller[d] == p else 1)
        if key < best_key:
            best, best_key = a, key
    return best


def _on_move_troops(s: InvasionState, p: int, legal: list[int]) -> int | None:
    src, dst = s.mv_src, s.mv_dst
    have = s.troops_at(src, p)
    if src == 0 and 0 < dst < BOARD.n and s.controller[dst] == p:
        k = 1 if s.troops_at(dst, p) == 0 else 0  # logistics, and a guard if it has none
    elif src > 0 and s.controller[src] == p:
        k = have - 1  # the guard stays
    else:
        k = have  # from the border, or stranded troops: all go on
    k = min(k, have)
    if actions.MOVE_COUNT + k in legal:
        return actions.MOVE_COUNT + k
    return None


def _on_move_log(s: InvasionState, p: int, legal: list[int]) -> int | None:
    dst = s.mv_dst
    have = s.logistics_of(s.mv_src, p)
    k = have if (0 < dst < BOARD.n and s.controller[dst] == p) else 0
    if actions.MOVE_COUNT + k in legal:
        return actions.MOVE_COUNT + k
    return legal[0]


def _on_build(s: InvasionState, p: int, legal: list[int]) -> int | None:
    money = s.money[p] // 2
    for a in legal:
        if actions.BUILD <= a < actions.INFLUENCE:
            k, t = divmod(a - actions.BUILD, actions.TERRITORY_COUNT)
            if k == 0 and s.logistics[t] > rules.required_logistics(s, t) and s.buildings[t * 4] == 0:
                return a  # a warehouse with a spare logistics: oil kept for the end
    if actions.CONTRACT in legal and (s.repeats[REPEAT_CONTRACT] == 0 or money >= CONTRACT_MONEY):
        return actions.CONTRACT
    return actions.DONE


def _on_produce(s: InvasionState, p: int, legal: list[int]) -> int | None:
    for a in legal:
        if a != actions.DONE:
            return a
    return actions.DONE


def _on_retreat(s: InvasionState, p: int, legal: list[int]) -> int | None:
    return None


def _on_rebel(s: InvasionState, p: int, legal: list[int]) -> int | None:
    """# Ribelli: once placed, a seat's rebels go after the seat whose projected final money
    is the highest of the others (the game has one winner): they attack its logistics, else
    its troops, when one of its provinces is in range, else they move a step towards the
    nearest. Placing them, strengthening them, and a seat that leads itself are left to the
    greedy search. (Before, the greedy search attacked whatever was next to the rebels: the
    provinces by Wasit, two seats' first ones, were hit four to five times as often as
    Bassora, and the first seat of the turn order won 41.5 % at 4 players.)"""
    at = s.rebel_at[p]
    if at < 0 or at >= BOARD.n:
        return None  # not placed yet, or waiting outside the map
    pro = prospects(s)
    leader = max((q for q in range(s.n) if q != p), key=lambda q: pro[q])
    theirs = _mine(s, leader)
    if pro[leader] < pro[p] or not theirs:
        return None
    for k in (1, 0):  # actions.TARGETS: logistics, then troops
        for t in theirs:
            if actions.ATTACK + k * actions.TERRITORY_COUNT + t in legal:
                return actions.ATTACK + k * actions.TERRITORY_COUNT + t
    dist = _distances(theirs)
    best, best_d = None, dist.get(at, 99)
    for a in legal:
        d = (
            dist.get(a - actions.REBEL_MOVE, 99)
            if actions.REBEL_MOVE <= a < actions.REBEL_MOVE + actions.TERRITORY_COUNT
            else 99
        )
        if d < best_d:
            best, best_d = a, d
    return best


def _distances(targets: list[int]) -> dict[int, int]:
    """Steps from each territory to the nearest of ``targets`` (the Border left out)."""
    dist = dict.fromkeys(targets, 0)
    todo = list(targets)
    while todo:
        u = todo.pop(0)
        for v in rules.NEIGHBOURS[u]:
            if v > 0 and v not in dist:
                dist[v] = dist[u] + 1
                todo.append(v)
    return dist


def _on_withdraw(s: InvasionState, p: int, legal: list[int]) -> int | None:
    """# Check petrolio: the most the allowance gives, each barrel from the province whose
    oil would spoil first (the most above its storage), then the fullest."""
    best, best_key = actions.DONE, (-99, -99)
    for a in legal:
        if a == actions.DONE:
            continue
        t = a - actions.WITHDRAW
        key = (s.store[t] - rules.storage(s, t), s.store[t])
        if key > best_key:
            best, best_key = a, key
    return best


_STAGES = {
    S_ACTION: _on_action,
    S_BUY: _on_buy,
    S_MOVE_FROM: _on_move_from,
    S_MOVE_TO: _on_move_to,
    S_MOVE_TROOPS: _on_move_troops,
    S_MOVE_LOG: _on_move_log,
    S_BUILD: _on_build,
    S_PRODUCE: _on_produce,
    S_RETREAT: _on_retreat,
    S_REBEL: _on_rebel,
    S_WITHDRAW: _on_withdraw,
}
