"""Rules of How to Invade a Sovereign Nation and Become Rich (Giochix, Italian rulebook).

Every rule carries the rulebook paragraph it implements, by its Italian heading (the rulebook
has no numbered sections): ``# Acquisti e manovre``, ``# La guerra``, ``# Attentati`` ...
Ambiguities are resolved as written in ``docs/rulings.md`` (cited here as ``ruling:``).

A turn (``La Sequenza di gioco``): in turn order each seat takes a first chosen action, then
a second; then the end-of-turn checks run in order: war, rebels (from phase 2), pacifism, oil,
new turn order. Decisions are atomic: a box, then its sub-decisions one by one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from realpolitik.engine.core.api import CHANCE, TERMINAL
from realpolitik.engine.invasion import actions
from realpolitik.engine.invasion.board import BOARD, BUILDINGS, POLICE, RATIOS, REFINERY, WAREHOUSE, band
from realpolitik.engine.invasion.state import (
    ALWAYS_DAMAGES,
    ALWAYS_FOILED,
    CHANCE_STAGES,
    CHOSEN_ACTIONS,
    GAME_OVER,
    MAX_BUILDINGS,
    OFFMAP,
    PHASE_GOVERNMENT,
    PHASE_GUERRILLA,
    PHASE_INVASION,
    REPEAT_BUILDING,
    REPEAT_CONTRACT,
    REPEAT_INFLUENCE,
    S_ACTION,
    S_ATTACK_ROLL,
    S_BUILD,
    S_BUY,
    S_DEFEND,
    S_JOIN,
    S_LOCALS_DIE,
    S_MARKET_DIE,
    S_MEDIA,
    S_MOVE_FROM,
    S_MOVE_LOG,
    S_MOVE_TO,
    S_MOVE_TROOPS,
    S_ORDER,
    S_PRODUCE,
    S_REBEL,
    S_REPAIR,
    S_RETREAT,
    S_WAR_LOCALS_DIE,
    S_WAR_PLAYERS_DIE,
    S_WITHDRAW,
)

if TYPE_CHECKING:
    from realpolitik.engine.invasion.game import InvasionState

__all__ = [
    "chance_outcomes",
    "current_player",
    "dollars",
    "final_wealth",
    "generate_legal",
    "government_shares",
    "new_state",
    "oil_price_change",
    "play",
    "ratio_column",
    "to_string",
    "wealth_sources",
    "why_illegal",
]

TERRITORY_COUNT = BOARD.n
PROVINCES = tuple(range(1, TERRITORY_COUNT))
NEIGHBOURS = BOARD.neighbours
TWO_D6 = [(v, (6 - abs(7 - v)) / 36) for v in range(2, 13)]
D6 = [(f, 1 / 6) for f in range(1, 7)]
COLOURS = ("Red", "Blue", "Green", "Yellow", "Black")
StateT = TypeVar("StateT", bound="InvasionState")


def dollars(halves: int) -> str:
    """Half dollars as text: ``7`` -> ``3.5$``, ``8`` -> ``4$``."""
    sign = "-" if halves < 0 else ""
    h = abs(halves)
    return f"{sign}{h // 2}{'.5' if h % 2 else ''}$"


def seat_name(p: int) -> str:
    """A seat's colour."""
    return COLOURS[p]


def territory_name(t: int) -> str:
    """A territory's name."""
    return BOARD.territories[t].name


def price_halves(s: InvasionState) -> int:
    """The oil price now, in half dollars."""
    return BOARD.price_track[s.price]


def turn_key(s: InvasionState) -> int:
    return s.phase * 10 + s.turn


def required_logistics(s: InvasionState, t: int) -> int:
    """Logistics needed to produce in ``t`` (# Raffineria: one fewer with a refinery)."""
    return BOARD.logistics[t] - s.buildings[t * 4 + REFINERY]


def production(s: InvasionState, t: int) -> int:
    """Oil ``t`` produces (# Produzione di petrolio; # Raffineria: one more)."""
    return BOARD.oil[t] + s.buildings[t * 4 + REFINERY]


def storage(s: InvasionState, t: int) -> int:
    """Oil ``t`` can hold (# Check petrolio: 1, or 4 per warehouse)."""
    w = s.buildings[t * 4 + WAREHOUSE]
    return BOARD.storage_base if w == 0 else BOARD.storage_per_warehouse * w


def troops_allowed(media: int) -> int:
    """# Mass media e truppe in gioco: 3 troops + 1 per 2 media points."""
    return BOARD.base_troops + media // BOARD.points_per_troop


def penalty(pacifism: int) -> int:
    """# Check pacifismo: the money penalty (half dollars) for a pacifism score."""
    return 2 * band(BOARD.penalty, pacifism)


def _troops_text(k: int) -> str:
    """``1 troop``, ``3 troops``."""
    return f"{k} troop" if k == 1 else f"{k} troops"


def _log(s: InvasionState, text: str) -> None:
    s.log.append(text)


def _move_pacifism(s: InvasionState, p: int, delta: int, cause: str) -> None:
    """Move seat ``p``'s pacifism by ``delta`` (kept within the track), logging the cause."""
    before = s.pacifism[p]
    s.pacifism[p] = max(0, min(BOARD.pacifism_max, before + delta))
    if s.pacifism[p] != before:
        _log(s, f"{seat_name(p)} pacifism {before} -> {s.pacifism[p]} ({cause})")


# ============================================================================ setup


def new_state(cls: type[StateT], n: int, seed: int, options: dict[str, object]) -> StateT:
    """The position before the turn-order roll (# Informazioni per iniziare)."""
    s = cls()
    s.n = n
    s.seed = seed
    s.options = dict(options)
    s.rng = seed
    s.turns = BOARD.turns_per_phase + (1 if options.get("fifth_turn") else 0)
    s.money = [2 * BOARD.start_money] * n  # 10$ each
    s.oil = [0] * n
    s.media = [0] * n  # markers on zero
    s.pacifism = [0] * n
    s.influence = [0] * n
    s.contracts = [0] * n
    s.speech_used = [0] * n
    s.taxed = [0] * n
    s.sold = [0] * n
    s.troops = [0] * (TERRITORY_COUNT * n)
    s.border_log = [0] * n
    s.rebel_at = [-1] * n
    s.rebel_str = [1] * n
    s.rebel_out = [-1] * n
    s.explored[0] = 1  # the border territory is ours to start from
    s.price = 0  # 0.5$
    s.order = list(range(n))
    s.stage = S_ORDER  # turn order by dice: a chance node
    return s


# ============================================================================ who moves


def current_player(s: InvasionState) -> int:
    if s.stage == GAME_OVER:
        return TERMINAL
    if s.stage in CHANCE_STAGES:
        return CHANCE
    return s.actor


def chance_outcomes(s: InvasionState) -> list[tuple[int, float]]:
    stage = s.stage
    if stage == S_ORDER:
        k = math.factorial(s.n)
        return [(actions.CHANCE + i, 1 / k) for i in range(k)]
    if stage == S_ATTACK_ROLL:
        return [(actions.CHANCE + v, p) for v, p in TWO_D6]  # # Attentati: "lancia due dadi da sei"
    if stage in (S_WAR_PLAYERS_DIE, S_WAR_LOCALS_DIE, S_LOCALS_DIE, S_MARKET_DIE):
        # # Come funziona la guerra: "si lanciano i due dadi": one die for the player, the
        # white one for the locals
        return [(actions.CHANCE + f, p) for f, p in D6]
    return []


# ============================================================================ movement


def surrounded(s: InvasionState, t: int) -> bool:
    """# Acquisti e manovre: a territory whose neighbours are all occupied by players is
    crossed at no cost (ruling: the border counts as occupied)."""
    return all(j == 0 or s.controller[j] >= 0 for j in NEIGHBOURS[t])


def passable(s: InvasionState, t: int) -> bool:
    """A territory a group may cross: explored and without a battle or local troops
    (# Acquisti e manovre: no crossing a battle; entering an unexplored territory stops)."""
    return bool(s.explored[t]) and s.locals[t] == 0


def move_costs(s: InvasionState, src: int) -> dict[int, int]:
    """Least movement points to end a movement in each territory from ``src`` (``actions.HOME``
    for leaving the country from the border). The destination costs 1, each crossed territory
    1 unless surrounded by occupied territories (then 0)."""
    through = {src: 0}  # cost of having crossed a territory
    dest: dict[int, int] = {}
    frontier = [src]
    while frontier:
        frontier.sort(key=through.__getitem__)
        u = frontier.pop(0)
        cost_here = through[u]
        if u == 0:
            dest[actions.HOME] = min(
                dest.get(actions.HOME, 99), cost_here + 1
            )  # out of the country from the border
        for v in NEIGHBOURS[u]:
            if v != src and cost_here + 1 < dest.get(v, 99):
                dest[v] = cost_here + 1
            if v != src and passable(s, v):
                cost_next = cost_here + (0 if surrounded(s, v) else 1)
                if cost_next < through.get(v, 99):
                    through[v] = cost_next
                    frontier.append(v)
    return dest


def _destinations(s: InvasionState, p: int, src: int) -> list[int]:
    """Where seat ``p`` may move a group from ``src`` now."""
    has_troops = s.troops_at(src, p) > 0
    out = []
    for d, c in move_costs(s, src).items():
        if c > s.moves:
            continue
        if d != actions.HOME and not has_troops and (not s.explored[d] or s.locals[d] > 0):
            continue  # ruling: logistics alone never enter a fight
        if s.support >= 0:
            # # Manovra di supporto: the free movement must add troops to the asker's battle
            if d == actions.HOME or not has_troops or not s.at_war(d) or s.troops_at(d, s.support) == 0:
                continue
        out.append(d)
    return sorted(out)


def _sources(s: InvasionState, p: int) -> list[int]:
    n = s.n
    troops = s.troops
    support = s.support >= 0
    out = []
    for t in range(TERRITORY_COUNT):
        if s.locals[t] > 0:
            continue  # # Ritirata: troops in a battle leave only by retreating
        has_troops = troops[t * n + p] > 0
        if not has_troops and (support or s.logistics_of(t, p) == 0):
            continue
        if (has_troops and not support) or (t == 0 and not support):
            out.append(t)  # any neighbour (or home from the border) is one move away
        elif _destinations(s, p, t):
            out.append(t)
    return out


# ============================================================================ legal actions


def generate_legal(s: InvasionState) -> list[int]:
    """The legal actions, a fresh list (the state remembers them: ``RulesState``)."""
    stage = s.stage
    if stage == GAME_OVER:
        return []
    if stage in CHANCE_STAGES:
        return [a for a, _ in chance_outcomes(s)]
    p = s.actor
    out: list[int] = []
    if stage == S_ACTION:
        cols = BOARD.columns[s.n]
        for kind in range(4):
            for col in range(cols):
                b = kind * 4 + col
                if s.boxes[b] >= 0:
                    continue  # # Prima e seconda azione: each box taken once
                if kind == actions.K_MEDIA and s.media[p] >= BOARD.media_max:
                    continue
                out.append(actions.BOX + b)
        if any(_can_produce(s, p, t) for t in PROVINCES):
            out.append(actions.PRODUCE_ACT)
        if not s.taxed[p]:
            out.append(actions.TAXES)
            if (
                s.phase <= PHASE_GUERRILLA and not s.speech_used[p] and s.pacifism[p] > 0
            ):  # # Discorso alla nazione
                out.append(actions.SPEECH)
        for k in range(1, min(s.oil[p], actions.MAX_SELL) + 1):
            out.append(actions.SELL + k)
    elif stage == S_MEDIA:
        col = s.box % 4
        room = BOARD.media_max - s.media[p]
        for k in range(1, min(BOARD.media_points[col], room) + 1):
            if 2 * BOARD.media_cost[k - 1] <= s.money[p]:
                out.append(actions.MEDIA_POINTS + k - 1)
    elif stage == S_BUY:
        out.append(actions.DONE)
        if s.units > 0:
            land, air = 2 * BOARD.cost_land, 2 * BOARD.cost_air
            troop_room = BOARD.troop_limit - s.troops_on_board(p)
            most = min(s.units, s.money[p] // land)
            out.extend(actions.BUY_TROOPS_LAND + k for k in range(1, min(most, troop_room) + 1))
            out.extend(actions.BUY_LOGISTICS_LAND + k for k in range(1, most + 1))
            if s.money[p] >= air:
                if troop_room > 0:
                    out.extend(actions.BUY_TROOP_AIR + t for t in PROVINCES)
                out.extend(actions.BUY_LOGISTICS_AIR + t for t in PROVINCES if s.controller[t] == p)
    elif stage == S_MOVE_FROM:
        out.append(actions.DONE)
        if s.moves > 0:
            if s.support < 0 and not s.asked and s.moves == BOARD.purchase_moves[s.box % 4]:
                out.append(actions.ASK_SUPPORT)
            out.extend(actions.FROM + t for t in _sources(s, p))
    elif stage == S_MOVE_TO:
        out.extend(actions.TO + d for d in _destinations(s, p, s.mv_src))
    elif stage == S_MOVE_TROOPS:
        have = s.troops_at(s.mv_src, p)
        need = _needs_troops(s, s.mv_dst) or s.support >= 0 or s.logistics_of(s.mv_src, p) == 0
        out.extend(
            actions.MOVE_COUNT + k for k in range(1 if need else 0, min(have, actions.MAX_MOVE_COUNT) + 1)
        )
    elif stage == S_MOVE_LOG:
        have = s.logistics_of(s.mv_src, p)
        out.extend(
            actions.MOVE_COUNT + k
            for k in range(0 if s.mv_troops else 1, min(have, actions.MAX_MOVE_COUNT) + 1)
        )
    elif stage == S_BUILD:
        out.append(actions.DONE)
        if s.moves > 0:
            out.extend(_construction_moves(s, p))
    elif stage == S_PRODUCE:
        out.append(actions.DONE)
        out.extend(actions.PRODUCE + t for t in PROVINCES if _can_produce(s, p, t) and not s.units >> t & 1)
    elif stage == S_RETREAT:
        out.append(actions.DONE)
        out.extend(actions.RETREAT + t for t in _retreat_targets(s, s.battle))
    elif stage == S_REBEL:
        out.extend(_rebel_moves(s, p))
    elif stage in (S_JOIN, S_DEFEND):
        out.extend((actions.DONE, actions.JOIN))
    elif stage == S_WITHDRAW:
        out.append(actions.DONE)
        out.extend(actions.WITHDRAW + t for t in _withdrawable(s, p))
    elif stage == S_REPAIR:
        out.extend((actions.DONE, actions.REPAIR))
    return sorted(out)


def _needs_troops(s: InvasionState, d: int) -> bool:
    return d != actions.HOME and (not s.explored[d] or s.locals[d] > 0)


def _can_produce(s: InvasionState, p: int, t: int) -> bool:
    """# Produzione di petrolio: control and the required logistics on the province."""
    return s.controller[t] == p and s.logistics[t] >= required_logistics(s, t)


def repeat_cost(s: InvasionState, kind: int) -> int:
    """Half dollars the next construction move of ``kind`` costs (# Ripetizione della mossa;
    ruling: 0$, then 3$, then 3$ more: the double repetition costs 6$ in all)."""
    r = s.repeats[kind]
    if r == 0:
        return 0
    r = min(r, len(BOARD.repeat_cost) - 1)
    return 2 * (BOARD.repeat_cost[r] - BOARD.repeat_cost[r - 1])


def _construction_moves(s: InvasionState, p: int) -> list[int]:
    out = []
    money = s.money[p]
    if repeat_cost(s, REPEAT_BUILDING) <= money:
        for t in PROVINCES:
            if s.controller[t] != p:
                continue
            total = sum(s.buildings[t * 4 : t * 4 + 4])
            if total >= MAX_BUILDINGS:
                continue  # # Costruire edifici militari: 3 buildings at most per province
            for k, b in enumerate(BOARD.buildings):
                if s.buildings[t * 4 + k] < b.per_province and s.logistics[t] >= b.cost:
                    out.append(actions.BUILD + k * TERRITORY_COUNT + t)
    if repeat_cost(s, REPEAT_INFLUENCE) <= money and s.influence[p] < BOARD.influence_max:
        out.extend(actions.INFLUENCE + t for t in PROVINCES if s.controller[t] == p and s.logistics[t] > 0)
    if (
        repeat_cost(s, REPEAT_CONTRACT) <= money
        and s.provinces_of(p) > 0
        and s.contracts[p] < len(BOARD.contracts) - 1
    ):
        out.append(actions.CONTRACT)  # # Appalti: needs at least one controlled province
    return out


def _retreat_targets(s: InvasionState, t: int) -> list[int]:
    """# Ritirata: towards a province controlled by a player (ruling: adjacent, not at war)."""
    return [j for j in NEIGHBOURS[t] if j > 0 and s.controller[j] >= 0 and s.locals[j] == 0]


def _rebel_moves(s: InvasionState, p: int) -> list[int]:
    """# Ribelli: place, or move / strengthen / attack (or wait)."""
    at = s.rebel_at[p]
    if at == -1:
        free = [t for t in BOARD.east if s.controller[t] < 0]
        return [actions.REBEL_PLACE + t for t in free] if free else [actions.REBEL_OFFMAP]
    out = [actions.DONE]
    if s.rebel_str[p] < BOARD.rebel_max:
        out.append(actions.STRENGTHEN)
    if at == OFFMAP:
        out.extend(actions.REBEL_MOVE + t for t in BOARD.east)
        return out
    out.extend(actions.REBEL_MOVE + t for t in NEIGHBOURS[at] if t > 0)
    for t in (at, *NEIGHBOURS[at]):
        d = s.controller[t] if t > 0 else -1
        if d < 0 or d == p:
            continue  # not against one's own provinces
        for k in range(len(actions.TARGETS)):
            if _target_present(s, t, k):
                out.append(actions.ATTACK + k * TERRITORY_COUNT + t)
    return out


def _target_present(s: InvasionState, t: int, k: int) -> bool:
    if k == 0:
        return s.troops_at(t, s.controller[t]) > 0
    if k == 1:
        return s.logistics[t] > 0
    return s.buildings[t * 4 + k - 2] > 0


# ============================================================================ applying


def play(s: InvasionState, a: int) -> None:
    """Carry out legal action ``a`` (``RulesState.apply_action`` checked it and recorded it)."""
    _HANDLERS[s.stage](s, a)


def why_illegal(s: InvasionState, a: int) -> str:
    """Why ``a`` is refused here."""
    if s.stage == GAME_OVER:
        return "the game is over"
    return f"action {a} is not legal now ({_stage_label(s)})"


def _stage_label(s: InvasionState) -> str:
    from realpolitik.engine.invasion.state import STAGE_NAMES

    return STAGE_NAMES.get(s.stage, "?")


# ----- setup roll


def _on_order(s: InvasionState, a: int) -> None:
    perm = list(itertools.permutations(range(s.n)))[a - actions.CHANCE]
    s.order = list(perm)
    last = s.order[-1]
    s.money[last] += 2 * BOARD.last_bonus  # the last player gets 2$
    _log(s, "turn order by dice: " + ", ".join(seat_name(p) for p in s.order))
    _log(s, f"{seat_name(last)} +{BOARD.last_bonus}$ (last in turn order)")
    _start_turn(s)


def _start_turn(s: InvasionState) -> None:
    s.stage = S_ACTION
    s.idx = 0
    s.round = 0
    s.actor = s.order[0]
    _log(s, f"-- phase {s.phase}, turn {s.turn}")


# ----- the chosen actions (# Prima e seconda azione a scelta)


def _on_action(s: InvasionState, a: int) -> None:
    p = s.actor
    if actions.SELL < a <= actions.SELL + actions.MAX_SELL:
        # # Altre azioni: selling oil is not an action
        k = a - actions.SELL
        gain = k * price_halves(s)
        s.oil[p] -= k
        s.money[p] += gain
        s.sold[p] = 1
        _log(s, f"{seat_name(p)} sells {k} oil at {dollars(price_halves(s))}: +{dollars(gain)}")
        return
    if a == actions.TAXES:
        # # Nuove tasse: +5$ and +1 pacifism, once a turn
        s.taxed[p] = 1
        s.money[p] += 2 * BOARD.taxes_money
        _log(s, f"{seat_name(p)} raises new taxes: +{BOARD.taxes_money}$")
        _move_pacifism(s, p, BOARD.taxes_pacifism, "new taxes")
        _end_action(s)
        return
    if a == actions.SPEECH:
        # # Discorso alla nazione: once a game, phases 1-2, on the Taxes action
        s.taxed[p] = 1
        s.speech_used[p] = 1
        _move_pacifism(s, p, -band(BOARD.speech, s.pacifism[p]), "speech to the nation")
        _end_action(s)
        return
    if a == actions.PRODUCE_ACT:
        s.stage = S_PRODUCE
        s.units = 0  # provinces produced in this action (bitmask)
        return
    b = a - actions.BOX
    kind, col = divmod(b, 4)
    s.boxes[b] = p
    s.box = b
    if kind == actions.K_MEDIA:
        s.stage = S_MEDIA
    elif kind == actions.K_PURCHASE:
        s.stage = S_BUY
        s.units = BOARD.purchase_units[col]
        s.moves = BOARD.purchase_moves[col]
        s.asked = 0
    elif kind == actions.K_CONSTRUCT:
        s.stage = S_BUILD
        s.moves = BOARD.construction_moves[col]
        s.repeats = [0, 0, 0]
    else:
        # # Denaro: 2$; the first taker plays first next turn, and so on
        s.money[p] += 2 * BOARD.money_box
        s.money_takers[col] = p
        _log(s, f"{seat_name(p)} takes money box {col + 1}: +{BOARD.money_box}$, plays {col + 1}. next turn")
        _end_action(s)


def _end_action(s: InvasionState) -> None:
    s.box = -1
    s.support = -1
    s.idx += 1
    if s.idx == s.n:
        s.idx = 0
        s.round += 1
        if s.round == CHOSEN_ACTIONS:
            _end_of_turn(s)
            return
    s.stage = S_ACTION
    s.actor = s.order[s.idx]


def _on_media(s: InvasionState, a: int) -> None:
    # # Corruzione dei mass-media: +1 free, +2 for 3$, +3 for 6$
    p = s.actor
    k = a - actions.MEDIA_POINTS + 1
    cost = 2 * BOARD.media_cost[k - 1]
    s.money[p] -= cost
    s.media[p] += k
    _log(s, f"{seat_name(p)} corrupts the media: +{k} (media {s.media[p]}) for {dollars(cost)}")
    _end_action(s)


def _on_buy(s: InvasionState, a: int) -> None:
    # # Acquisti: by land 1$ to the border territory, by air 2$ anywhere
    p = s.actor
    if a == actions.DONE:
        s.stage = S_MOVE_FROM
        _check_moves_left(s)
        return
    if a < actions.BUY_TROOP_AIR:
        troops = a < actions.BUY_LOGISTICS_LAND + 1
        k = a - (actions.BUY_TROOPS_LAND if troops else actions.BUY_LOGISTICS_LAND)
        s.units -= k
        s.money[p] -= 2 * BOARD.cost_land * k
        if troops:
            s.troops[p] += k  # territory 0, the border
        else:
            s.border_log[p] += k
        what = "troops" if troops else "logistics"
        _log(s, f"{seat_name(p)} buys {k} {what} by land ({k * BOARD.cost_land}$) to the Border")
        return
    s.units -= 1
    s.money[p] -= 2 * BOARD.cost_air
    if a >= actions.BUY_LOGISTICS_AIR:
        t = a - actions.BUY_LOGISTICS_AIR
        s.logistics[t] += 1
        _log(s, f"{seat_name(p)} buys 1 logistics by air (2$) to {territory_name(t)}")
        return
    t = a - actions.BUY_TROOP_AIR
    s.troops[t * s.n + p] += 1
    _log(s, f"{seat_name(p)} buys 1 troop by air (2$) to {territory_name(t)}")
    _arrive(s, p, t, 1, S_BUY)


def _arrive(s: InvasionState, p: int, t: int, troops: int, back: int) -> None:
    """Troops of ``p`` arrive in ``t``: a war starts in an unexplored territory, they join a
    battle, or they take an abandoned province (# Controllo territori)."""
    if troops and not s.explored[t]:
        # # La guerra: local troops = the province's oil production (+ a die in phase 1)
        s.explored[t] = 1
        s.locals[t] = BOARD.oil[t]
        s.battles[t] = [p]
        _log(s, f"{seat_name(p)} invades {territory_name(t)}: war against {s.locals[t]} local troops")
        if s.phase == PHASE_INVASION:
            s.resume_stage = back
            s.stage = S_LOCALS_DIE
            return
    elif troops and s.locals[t] > 0:
        if p not in s.battles[t]:
            s.battles[t].append(p)
            _log(s, f"{seat_name(p)} joins the battle in {territory_name(t)}")
    elif troops and t > 0 and s.controller[t] != p:
        # # Controllo territori: a province is controlled; the Territorio di Confine is where
        # purchases by land arrive (# Acquisti), no province, and nobody controls it
        c = s.controller[t]
        if c < 0 or s.troops_at(t, c) == 0:
            s.controller[t] = p
            if c >= 0:
                _log(s, f"{seat_name(p)} takes {territory_name(t)} from {seat_name(c)} (left without troops)")
    s.stage = back
    if back == S_MOVE_FROM:
        _check_moves_left(s)


def _on_locals_die(s: InvasionState, a: int) -> None:
    face = a - actions.CHANCE
    extra = band(BOARD.locals_die, face)
    t = s.mv_dst if s.resume_stage == S_MOVE_FROM else _last_air_target(s)
    s.locals[t] += extra
    _log(s, f"die {face}: +{extra} local troops in {territory_name(t)} (phase 1), {s.locals[t]} in all")
    s.stage = s.resume_stage
    if s.resume_stage == S_MOVE_FROM:
        _check_moves_left(s)


def _last_air_target(s: InvasionState) -> int:
    a = s.history[-2]
    return a - actions.BUY_TROOP_AIR


def _check_moves_left(s: InvasionState) -> None:
    """Out of movement points: the action ends (or the allies answer a support request)."""
    if s.stage == S_MOVE_FROM and s.moves == 0:
        _after_moves(s)


def _after_moves(s: InvasionState) -> None:
    if s.support >= 0:
        s.helper += 1
        _next_helper(s)
    elif s.asked:
        s.support = s.actor
        s.helper = 0
        _next_helper(s)
    else:
        _end_action(s)


def _next_helper(s: InvasionState) -> None:
    """# Manovra di supporto: each other seat in turn order may make 1 free movement of 1
    group that adds troops to a battle of the seat who asked."""
    asker = s.support
    while s.helper < s.n:
        q = s.order[s.helper]
        if q != asker:
            s.moves = 1
            s.actor = q
            if _sources(s, q):
                s.stage = S_MOVE_FROM
                return
        s.helper += 1
    s.actor = asker
    s.moves = 0
    _end_action(s)


def _on_move_from(s: InvasionState, a: int) -> None:
    if a == actions.DONE:
        if s.support >= 0:
            s.helper += 1
            _next_helper(s)
        else:
            _after_moves(s)
        return
    if a == actions.ASK_SUPPORT:
        s.asked = 1
        _log(s, f"{seat_name(s.actor)} asks the others for a support manoeuvre")
        return
    s.mv_src = a - actions.FROM
    s.stage = S_MOVE_TO


def _on_move_to(s: InvasionState, a: int) -> None:
    s.mv_dst = a - actions.TO
    s.stage = S_MOVE_TROOPS


def _on_move_troops(s: InvasionState, a: int) -> None:
    s.mv_troops = a - actions.MOVE_COUNT
    p = s.actor
    if s.logistics_of(s.mv_src, p) > 0 and s.support < 0:
        s.stage = S_MOVE_LOG
    else:
        _do_move(s, 0)


def _on_move_log(s: InvasionState, a: int) -> None:
    _do_move(s, a - actions.MOVE_COUNT)


def _do_move(s: InvasionState, logs: int) -> None:
    p, src, dst, tr = s.actor, s.mv_src, s.mv_dst, s.mv_troops
    cost = move_costs(s, src)[dst]
    n = s.n
    s.troops[src * n + p] -= tr
    if src == 0:
        s.border_log[p] -= logs
    else:
        s.logistics[src] -= logs
    s.moves -= cost
    what = " and ".join(
        x for x in (f"{_troops_text(tr)}" if tr else "", f"{logs} logistics" if logs else "") if x
    )
    if dst == actions.HOME:
        _log(s, f"{seat_name(p)} brings {what} home from the Border ({cost} move)")
        s.stage = S_MOVE_FROM
        _check_moves_left(s)
        return
    s.troops[dst * n + p] += tr
    if dst == 0:
        s.border_log[p] += logs
    else:
        s.logistics[dst] += logs
    label = "support manoeuvre" if s.support >= 0 else f"{cost} move{'s' if cost > 1 else ''}"
    _log(s, f"{seat_name(p)} moves {what} {territory_name(src)} -> {territory_name(dst)} ({label})")
    if s.support >= 0:
        s.moves = 0
    _arrive(s, p, dst, tr, S_MOVE_FROM)


def _on_build(s: InvasionState, a: int) -> None:
    p = s.actor
    if a == actions.DONE:
        _end_action(s)
        return
    if a == actions.CONTRACT:
        kind = REPEAT_CONTRACT
    elif a >= actions.INFLUENCE:
        kind = REPEAT_INFLUENCE
    else:
        kind = REPEAT_BUILDING
    cost = repeat_cost(s, kind)
    s.money[p] -= cost
    s.repeats[kind] += 1
    s.moves -= 1
    paid = f" (repetition: {dollars(cost)})" if cost else ""
    if kind == REPEAT_CONTRACT:
        # # Appalti: +1 on the contracts track, free
        s.contracts[p] += 1
        _log(s, f"{seat_name(p)} grants a contract: contracts {s.contracts[p]}{paid}")
    elif kind == REPEAT_INFLUENCE:
        # # Punti influenza: 1 logistics -> 1 influence point
        t = a - actions.INFLUENCE
        s.logistics[t] -= 1
        s.influence[p] += 1
        _log(s, f"{seat_name(p)} aids the people of {territory_name(t)}: influence {s.influence[p]}{paid}")
    else:
        # # Costruire edifici militari: logistics converted into a building
        k, t = divmod(a - actions.BUILD, TERRITORY_COUNT)
        b = BOARD.buildings[k]
        s.logistics[t] -= b.cost
        s.buildings[t * 4 + k] += 1
        _log(s, f"{seat_name(p)} builds a {b.name} in {territory_name(t)} ({b.cost} logistics){paid}")
    if s.moves == 0:
        _end_action(s)


def _on_produce(s: InvasionState, a: int) -> None:
    p = s.actor
    if a == actions.DONE:
        _end_action(s)
        return
    t = a - actions.PRODUCE
    _produce(s, t)
    s.units |= 1 << t
    _log(s, f"{seat_name(p)} produces {production(s, t)} oil in {territory_name(t)} (1 logistics used)")


def _produce(s: InvasionState, t: int) -> int:
    """# Produzione di petrolio: the oil goes on the province, 1 logistics is used up."""
    amount = production(s, t)
    s.store[t] += amount
    s.logistics[t] -= 1
    return amount


# ============================================================================ end of turn


def _end_of_turn(s: InvasionState) -> None:
    """# Controlli di fine turno: war, rebels, pacifism, oil, turn order."""
    s.battle = 0
    _next_battle(s)


def _next_battle(s: InvasionState) -> None:
    # # Guerra: the battles are fought, one round each turn
    t = s.battle + 1
    while t < TERRITORY_COUNT and not s.at_war(t):
        t += 1
    if t >= TERRITORY_COUNT:
        s.battle = -1
        _start_rebels(s)
        return
    s.battle = t
    s.retreaters = []
    s.idx = 0
    _next_retreat(s)


def _side(s: InvasionState, t: int) -> int:
    return s.all_troops(t)


def retreat_order(s: InvasionState, t: int) -> list[int]:
    """Seats asked whether they retreat from the battle in ``t``: the battle's order first (the
    seat that controls the die, then the others as they came in), then any other seat."""
    return [*s.battles[t], *(p for p in s.order if p not in s.battles[t])]


def _next_retreat(s: InvasionState) -> None:
    """# Ritirata: troops in an unfavourable battle (ruling: outnumbered) may retreat. The
    seat that controls the die is asked first: when several retreat, "perderà la truppa chi
    aveva il controllo del dado in battaglia" (ruling: if it stays, the first seat after it in
    the battle's order that retreats loses the troop)."""
    t = s.battle
    seq = retreat_order(s, t)
    while s.idx < len(seq):
        p = seq[s.idx]
        if s.troops_at(t, p) > 0 and _side(s, t) < s.locals[t] and _retreat_targets(s, t):
            s.stage = S_RETREAT
            s.actor = p
            return
        s.idx += 1
    s.battles[t] = [p for p in s.battles[t] if p not in s.retreaters]
    if _side(s, t) == 0:
        _battle_over(s, t, fought=False)
        _next_battle(s)
        return
    s.stage = S_WAR_PLAYERS_DIE


def _on_retreat(s: InvasionState, a: int) -> None:
    p, t = s.actor, s.battle
    if a != actions.DONE:
        dst = a - actions.RETREAT
        n = s.n
        tr = s.troops[t * n + p]
        s.troops[t * n + p] = 0
        # # Ritirata: one troop is lost, by the die's controller (asked first) or else by the
        # first in the battle's order to retreat; every retreating seat takes 1 pacifism
        lose = 0 if s.retreaters else 1
        s.troops[dst * n + p] += tr - lose
        s.retreaters.append(p)
        _log(
            s,
            f"{seat_name(p)} retreats {_troops_text(tr - lose)} {territory_name(t)} -> {territory_name(dst)}"
            + (" (1 lost)" if lose else ""),
        )
        _move_pacifism(s, p, 1, f"retreat from {territory_name(t)}")
        if tr - lose > 0:
            _arrive(s, p, dst, tr - lose, S_RETREAT)
    s.idx += 1
    _next_retreat(s)


def _table_note(table: int, actual: int) -> str:
    return f" (table {table}, no more to kill)" if table > actual else ""


def ratio_column(players: int, locals_: int) -> int:
    """Column of the combat table for the players' side (# Come funziona la guerra: the
    ratio, when not whole, is rounded in the player's favour). The locals use ``6 - column``."""
    if players >= locals_:
        k = min(4, -(-players // locals_))
        return 2 + k
    k = min(4, locals_ // players)
    return 4 - k


def _on_war_players_die(s: InvasionState, a: int) -> None:
    s.roll_p = a - actions.CHANCE
    s.stage = S_WAR_LOCALS_DIE


def _on_war_locals_die(s: InvasionState, a: int) -> None:
    """# Come funziona la guerra: each side rolls one die ("Dado Bianco rappresenta i locali")
    on the combat table at its own ratio."""
    t = s.battle
    locals_roll = a - actions.CHANCE
    players, locals_ = _side(s, t), s.locals[t]
    col = ratio_column(players, locals_)
    locals_hit = BOARD.combat[col][s.roll_p - 1]
    players_hit = BOARD.combat[6 - col][locals_roll - 1]
    locals_hit_in_table = locals_hit
    locals_hit = min(locals_hit, locals_)
    s.locals[t] -= locals_hit
    # # Combattimento in alleanza: the one who rolls takes the losses first, then the others
    # in the order they came in.
    order = [p for p in s.battles[t] if s.troops_at(t, p) > 0]
    order += [p for p in range(s.n) if s.troops_at(t, p) > 0 and p not in order]
    left = min(players_hit, players)
    losses = []
    for p in order:
        k = min(left, s.troops_at(t, p))
        if k:
            s.troops[t * s.n + p] -= k
            left -= k
            losses.append((p, k))
    locals_dead = locals_ - s.locals[t]
    players_dead = sum(k for _, k in losses)
    _log(
        s,
        f"war in {territory_name(t)}: players {players} vs locals {locals_}, ratio {RATIOS[col]}; players roll {s.roll_p}"
        f" -> {locals_dead} locals killed{_table_note(locals_hit_in_table, locals_dead)}; locals roll {locals_roll} at"
        f" {RATIOS[6 - col]} -> {_troops_text(players_dead)} killed{_table_note(players_hit, players_dead)}",
    )
    for p, k in losses:
        _move_pacifism(s, p, k, f"{_troops_text(k)} killed in {territory_name(t)}")
    _battle_over(s, t, fought=True)
    _next_battle(s)


def _battle_over(s: InvasionState, t: int, fought: bool) -> None:
    """# Risultato della battaglia."""
    players, locals_ = _side(s, t), s.locals[t]
    if players > 0 and locals_ > 0:
        return  # the battle goes on next turn
    if players > 0:
        holder = next((p for p in s.battles[t] if s.troops_at(t, p) > 0), -1)
        if holder < 0:
            holder = next(p for p in range(s.n) if s.troops_at(t, p) > 0)
        s.controller[t] = holder
        _log(s, f"{seat_name(holder)} conquers {territory_name(t)} ({s.logistics[t]} logistics there)")
    elif locals_ > 0:
        if s.logistics[t]:
            _log(s, f"the locals hold {territory_name(t)}: {s.logistics[t]} logistics destroyed")
        s.logistics[t] = 0
    elif fought:
        s.locals[t] = 1
        _log(
            s,
            f"mutual destruction in {territory_name(t)}: 1 local troop guards its {s.logistics[t]} logistics",
        )
    s.battles[t] = []


# ----- rebels (# Ribelli)


def _start_rebels(s: InvasionState) -> None:
    if s.phase < PHASE_GUERRILLA:  # # Ribelli: from the second phase
        _pacifism_check(s)
        return
    s.idx = 0
    _next_rebel(s)


def _next_rebel(s: InvasionState) -> None:
    key = turn_key(s)
    while s.idx < s.n:
        p = s.order[s.idx]
        if s.rebel_out[p] != key:  # rebels used in an attack come back next turn
            s.stage = S_REBEL
            s.actor = p
            return
        s.idx += 1
    _pacifism_check(s)


def _on_rebel(s: InvasionState, a: int) -> None:
    p = s.actor
    if a == actions.DONE:
        pass
    elif a == actions.REBEL_OFFMAP:
        s.rebel_at[p] = OFFMAP
        s.rebel_str[p] = 1
        _log(s, f"{seat_name(p)}'s rebels wait outside the map (every east province is controlled)")
    elif actions.REBEL_PLACE <= a < actions.REBEL_PLACE + TERRITORY_COUNT:
        t = a - actions.REBEL_PLACE
        s.rebel_at[p] = t
        s.rebel_str[p] = 1
        _log(s, f"{seat_name(p)} places rebels (strength 1) in {territory_name(t)}")
    elif a == actions.STRENGTHEN:
        s.rebel_str[p] += 1
        _log(s, f"{seat_name(p)} strengthens its rebels to {s.rebel_str[p]}")
    elif actions.REBEL_MOVE <= a < actions.REBEL_MOVE + TERRITORY_COUNT:
        t = a - actions.REBEL_MOVE
        s.rebel_at[p] = t
        if s.rebel_str[p] > 1:
            s.rebel_str[p] -= 1  # moving costs a point of strength above 1
        _log(s, f"{seat_name(p)} moves its rebels to {territory_name(t)} (strength {s.rebel_str[p]})")
    else:
        k, t = divmod(a - actions.ATTACK, TERRITORY_COUNT)
        s.attack = (p, t, k, s.rebel_str[p])
        s.joiners = []
        s.helper = 0
        _next_joiner(s)
        return
    s.idx += 1
    _next_rebel(s)


def _can_join(s: InvasionState, q: int) -> bool:
    assert s.attack is not None
    p, t, _, _ = s.attack
    at = s.rebel_at[q]
    return (
        q != p
        and q != s.controller[t]
        and at > 0
        and s.rebel_out[q] != turn_key(s)
        and (at == t or t in NEIGHBOURS[at])
    )


def _next_joiner(s: InvasionState) -> None:
    """# Alleanza di giocatori negli attentati: others may add their rebels' strength."""
    while s.helper < s.n:
        q = s.order[s.helper]
        if _can_join(s, q):
            s.stage = S_JOIN
            s.actor = q
            return
        s.helper += 1
    s.helper = 0
    s.defenders = []
    _next_defender(s)


def _on_join(s: InvasionState, a: int) -> None:
    if a == actions.JOIN:
        s.joiners.append(s.actor)
    s.helper += 1
    _next_joiner(s)


def police_in_range(s: InvasionState, q: int, t: int) -> bool:
    """Seat ``q`` has a police station in ``t`` or next to it (# Stazione di polizia)."""
    return any(j > 0 and s.controller[j] == q and s.buildings[j * 4 + POLICE] for j in (t, *NEIGHBOURS[t]))


def _next_defender(s: InvasionState) -> None:
    """# Alleanza di giocatori negli attentati: "i giocatori possono aiutarsi per difendersi da
    un attentato e applicare il bonus dell'edificio dell'alleato come se fosse il proprio".
    Each other seat in turn order, not among the attackers, with a police station in range,
    decides whether to lend it (ruling)."""
    assert s.attack is not None
    p, t, _, _ = s.attack
    d = s.controller[t]
    while s.helper < s.n:
        q = s.order[s.helper]
        if q not in (p, d) and q not in s.joiners and police_in_range(s, q, t):
            s.stage = S_DEFEND
            s.actor = q
            return
        s.helper += 1
    s.stage = S_ATTACK_ROLL


def _on_defend(s: InvasionState, a: int) -> None:
    if a == actions.JOIN:
        s.defenders.append(s.actor)
        assert s.attack is not None
        _log(s, f"{seat_name(s.actor)} lends its police stations to {seat_name(s.controller[s.attack[1]])}")
    s.helper += 1
    _next_defender(s)


def attack_threshold(
    s: InvasionState, d: int, t: int, strength: int, allies: Sequence[int] = ()
) -> tuple[int, str]:
    """# Attentati: the defender foils the attack rolling at most this on 2d6. Troops of
    ``d`` in ``t`` and its neighbours (not those in a battle), -1 per rebel strength, police
    +3 here and +1 next door, +1 per 3 influence. The police stations of ``allies`` count as
    the defender's own (# Alleanza di giocatori negli attentati)."""
    near = [j for j in (t, *NEIGHBOURS[t]) if not s.at_war(j)]
    troops = sum(s.troops_at(j, d) for j in near)
    police = 0
    owners = (d, *allies)
    for j in (t, *NEIGHBOURS[t]):
        if j > 0 and s.controller[j] in owners and s.buildings[j * 4 + POLICE]:
            police += BOARD.police_here if j == t else BOARD.police_near
    infl = s.influence[d] // BOARD.influence_per_bonus
    total = troops + police + infl - strength
    text = f"{_troops_text(troops)} + {police} police + {infl} influence - {strength} strength = {total}"
    return total, text


def _on_attack_roll(s: InvasionState, a: int) -> None:
    assert s.attack is not None
    roll = a - actions.CHANCE
    p, t, k, strength = s.attack
    strength += sum(s.rebel_str[q] for q in s.joiners)
    d = s.controller[t]
    threshold, how = attack_threshold(s, d, t, strength, s.defenders)
    attackers = [p, *s.joiners]
    names = " and ".join(seat_name(x) for x in attackers)
    head = f"{names}'s rebels attack {actions.TARGETS[k]} in {territory_name(t)} ({seat_name(d)}): threshold {how}; {seat_name(d)} rolls {roll}"
    key = turn_key(s)
    for x in attackers:
        s.rebel_at[x] = -1  # the die used in an attack is removed
        s.rebel_str[x] = 1
        s.rebel_out[x] = key
    s.attack = None
    s.defenders = []
    if roll <= ALWAYS_FOILED:
        damage = 0
    elif roll > threshold:
        damage = roll - threshold
    elif roll >= ALWAYS_DAMAGES:
        damage = -1  # some damage anyway
    else:
        damage = 0
    if damage == 0:
        _log(s, head + " -> foiled")
        _move_pacifism(s, d, -1, "attack foiled")
    else:
        _log(s, head + (" -> 11-12: damage anyway" if damage < 0 else f" -> {damage} damage"))
        _damage(s, d, t, k, damage)
        if s.stage == S_REPAIR:
            return
    s.idx += 1
    _next_rebel(s)


def _damage(s: InvasionState, d: int, t: int, k: int, damage: int) -> None:
    """# Danni and # Effetti sul pacifismo."""
    if k == 0:
        lost = 1 if damage < 0 else min(damage, s.troops_at(t, d))
        s.troops[t * s.n + d] -= lost
        _log(s, f"{_troops_text(lost)} of {seat_name(d)} killed in {territory_name(t)}")
        _move_pacifism(s, d, 2 * lost, f"{_troops_text(lost)} killed by rebels")
    elif k == 1:
        lost = 1 if damage < 0 else min(damage, s.logistics[t])
        s.logistics[t] -= lost
        _log(s, f"{lost} logistics destroyed in {territory_name(t)}")
        _move_pacifism(s, d, lost, f"{lost} logistics lost to rebels")
    else:
        b = k - 2
        cost = BOARD.buildings[b].cost
        if damage < 0 or damage >= cost:
            _destroy(s, d, t, b)
        elif s.money[d] >= 2 * damage:
            s.repair = (d, t, b, damage)
            s.stage = S_REPAIR
            s.actor = d
        else:
            _log(s, f"{seat_name(d)} cannot pay {damage}$ of repairs")
            _destroy(s, d, t, b)


def _destroy(s: InvasionState, d: int, t: int, b: int) -> None:
    build = BOARD.buildings[b]
    s.buildings[t * 4 + b] -= 1
    _log(s, f"the {build.name} in {territory_name(t)} is destroyed")
    if b == WAREHOUSE:
        lost = min(s.store[t], BOARD.storage_per_warehouse)
        if lost:
            s.store[t] -= lost
            _log(s, f"{lost} oil stored in it is lost")
    _move_pacifism(s, d, build.cost, f"{build.name} destroyed by rebels")


def _on_repair(s: InvasionState, a: int) -> None:
    assert s.repair is not None
    d, t, b, damage = s.repair
    s.repair = None
    if a == actions.REPAIR:
        # # Danni: partial damage is repaired at 1$ per damage point, else the building falls
        s.money[d] -= 2 * damage
        _log(s, f"{seat_name(d)} repairs the {BOARD.buildings[b].name} in {territory_name(t)} for {damage}$")
    else:
        _destroy(s, d, t, b)
    s.idx += 1
    _next_rebel(s)


# ----- pacifism (# Check pacifismo)


def _pacifism_check(s: InvasionState) -> None:
    for p in s.order:
        allowed = troops_allowed(s.media[p])
        tr = s.troops_on_board(p)
        if tr > allowed:
            _move_pacifism(s, p, tr - allowed, f"{_troops_text(tr)}, {allowed} allowed by media {s.media[p]}")
        elif (allowed - tr) // 2:
            _move_pacifism(
                s, p, -((allowed - tr) // 2), f"{_troops_text(tr)}, {allowed} allowed by media {s.media[p]}"
            )
        due = penalty(s.pacifism[p])
        if due:
            _pay_penalty(s, p, due)
    _oil_check(s)


def _pay_penalty(s: InvasionState, p: int, due: int) -> None:
    """Pay ``due`` half dollars; short of money, sell oil, then remove 1 troop per dollar
    (ruling: automatic, oil first, then troops from the border and the largest stacks)."""
    paid = min(due, s.money[p])
    s.money[p] -= paid
    left = due - paid
    price = price_halves(s)
    sold = 0
    while left > 0 and s.oil[p] > 0:
        s.oil[p] -= 1
        sold += 1
        if price >= left:
            s.money[p] += price - left  # the rest of the sale stays in hand
            left = 0
        else:
            left -= price
    removed = 0
    while left > 0 and s.troops_on_board(p) > 0:
        t = max(range(TERRITORY_COUNT), key=lambda j: (j == 0 and s.troops_at(0, p) > 0, s.troops_at(j, p)))
        s.troops[t * s.n + p] -= 1
        removed += 1
        left -= 2
    paid_in_all = due - max(left, 0)
    if paid_in_all == 0:
        _log(s, f"{seat_name(p)} cannot pay its {dollars(due)} pacifism penalty (pacifism {s.pacifism[p]})")
        return
    text = f"{seat_name(p)} pays {dollars(paid_in_all)} pacifism penalty (pacifism {s.pacifism[p]})"
    if sold:
        text += f", selling {sold} oil"
    if removed:
        text += f", removing {_troops_text(removed)}"
    _log(s, text)


# ----- oil (# Check petrolio, # Prezzo del petrolio)


def oil_price_change(n: int, sellers: int, highest_pacifism: int, die: int = 0) -> int:
    """Boxes the price moves: market availability by sellers (all sellers: the die too), then
    speculation by the highest pacifism when the market does not fall."""
    market = BOARD.market[n][sellers]
    if sellers == n:
        market -= band(BOARD.market_die, die)
    spec = band(BOARD.speculation, highest_pacifism) if market >= 0 else 0
    return market + spec


def _oil_check(s: InvasionState) -> None:
    sellers = sum(s.sold)
    if sellers == s.n:
        s.stage = S_MARKET_DIE
        return
    _move_price(s, oil_price_change(s.n, sellers, max(s.pacifism)), sellers, None)
    _oil_after_price(s)


def _on_market_die(s: InvasionState, a: int) -> None:
    face = a - actions.CHANCE
    _move_price(s, oil_price_change(s.n, s.n, max(s.pacifism), face), s.n, face)
    _oil_after_price(s)


def _move_price(s: InvasionState, change: int, sellers: int, die: int | None) -> None:
    before = s.price
    s.price = max(0, min(len(BOARD.price_track) - 1, s.price + change))
    extra = f", die {die}" if die is not None else ""
    _log(
        s,
        f"oil price {dollars(BOARD.price_track[before])} -> {dollars(price_halves(s))}"
        f" ({sellers} sellers{extra}, highest pacifism {max(s.pacifism)}: {change:+d} boxes)",
    )


def _oil_after_price(s: InvasionState) -> None:
    if s.phase == PHASE_GOVERNMENT:  # # Petrolio e governo provvisorio
        _government_production(s)
    s.idx = 0
    s.drawn = []
    _next_withdrawal(s)


def _next_withdrawal(s: InvasionState) -> None:
    """# Check petrolio: in turn order, each seat withdraws the oil it chooses (ruling: in turn
    order, one barrel a decision, and a seat may stop before its allowance)."""
    while s.idx < s.n:
        p = s.order[s.idx]
        if _withdrawable(s, p):
            s.stage = S_WITHDRAW
            s.actor = p
            return
        _end_withdrawal(s, p)
    _spoil_and_next_turn(s)


def _end_withdrawal(s: InvasionState, p: int) -> None:
    if s.drawn:
        _log(
            s,
            f"{seat_name(p)} withdraws {len(s.drawn)} oil ({', '.join(territory_name(t) for t in s.drawn)})",
        )
    s.drawn = []
    s.idx += 1


def _on_withdraw(s: InvasionState, a: int) -> None:
    p = s.actor
    if a == actions.DONE:
        _end_withdrawal(s, p)
    else:
        t = a - actions.WITHDRAW
        s.store[t] -= 1
        s.oil[p] += 1
        s.drawn.append(t)
        if not _withdrawable(s, p):
            _end_withdrawal(s, p)
    _next_withdrawal(s)


def _pipelines(s: InvasionState, p: int) -> list[tuple[int, ...]]:
    """For each pipeline of seat ``p``, the provinces its extra barrel may come from: its own
    and its neighbours that ``p`` controls (# Oleodotto)."""
    out = []
    for province in PROVINCES:
        if s.controller[province] == p and s.buildings[province * 4 + 2]:
            out.append(tuple(j for j in (province, *NEIGHBOURS[province]) if j > 0 and s.controller[j] == p))
    return out


def _allowance_fits(drawn: Sequence[int], pipelines: Sequence[tuple[int, ...]]) -> bool:
    """The barrels ``drawn`` (one province each) fit the allowance: 2 from any province, and
    one more per pipeline from the provinces it serves (a bipartite matching, by augmenting
    paths: the barrels the 2 do not cover must each have a pipeline of their own)."""
    match: dict[int, int] = {}  # pipeline -> index of the barrel it carries

    def augment(i: int, seen: set[int]) -> bool:
        for k, served in enumerate(pipelines):
            if drawn[i] in served and k not in seen:
                seen.add(k)
                if k not in match or augment(match[k], seen):
                    match[k] = i
                    return True
        return False

    carried = sum(1 for i in range(len(drawn)) if augment(i, set()))
    return len(drawn) - carried <= BOARD.withdraw


def _withdrawable(s: InvasionState, p: int) -> list[int]:
    """Provinces seat ``p`` may take one more barrel from now (# Check petrolio: "fino a 2
    petroli ... in totale per tutte le province"; # Oleodotto: 1 more from its province or
    the next ones)."""
    pipes = _pipelines(s, p)
    return [
        t
        for t in PROVINCES
        if s.controller[t] == p and s.store[t] > 0 and _allowance_fits([*s.drawn, t], pipes)
    ]


def _spoil_and_next_turn(s: InvasionState) -> None:
    n = s.n
    for t in PROVINCES:
        cap = storage(s, t)
        if s.store[t] > cap:
            _log(s, f"{s.store[t] - cap} oil spoils in {territory_name(t)} (storage {cap})")
            s.store[t] = cap
    s.sold = [0] * n
    _new_order(s)


def _government_production(s: InvasionState) -> None:
    """# Petrolio e governo provvisorio: every controlled province produces again; half,
    rounded up, goes to the Government and the same to the player; a province that cannot
    produce costs its controller 1 influence (else 4$, else 1 oil)."""
    for t in PROVINCES:
        p = s.controller[t]
        if p < 0:
            continue
        if s.logistics[t] >= required_logistics(s, t):
            amount = production(s, t)
            half = -(-amount // 2)
            s.gov_oil += half
            s.store[t] += half
            s.logistics[t] -= 1
            _log(
                s,
                f"{territory_name(t)} produces {amount} (government): {half} to the Government, {half} to {seat_name(p)}",
            )
        elif s.influence[p] > 0:
            s.influence[p] -= 1
            _log(s, f"{seat_name(p)} loses 1 influence ({territory_name(t)} did not produce)")
        elif s.money[p] > 0:
            paid = min(8, s.money[p])  # ruling: what money there is, up to 4$
            s.money[p] -= paid
            _log(s, f"{seat_name(p)} pays {dollars(paid)} ({territory_name(t)} did not produce)")
        elif s.oil[p] > 0:
            s.oil[p] -= 1
            _log(s, f"{seat_name(p)} pays 1 oil ({territory_name(t)} did not produce)")
        else:
            j = next((j for j in PROVINCES if s.controller[j] == p and s.store[j] > 0), -1)
            if j >= 0:
                s.store[j] -= 1
                _log(
                    s,
                    f"{seat_name(p)} pays 1 oil from {territory_name(j)} ({territory_name(t)} did not produce)",
                )


def order_after_money(s: InvasionState) -> list[int]:
    """# Ordine di gioco: next turn's order from the money boxes taken so far, their takers
    first, by box, the others shifted down."""
    takers: list[int] = []
    for p in s.money_takers:
        if p >= 0 and p not in takers:
            takers.append(p)  # a seat on two money boxes plays at the better place
    return takers + [p for p in s.order if p not in takers]


def _new_order(s: InvasionState) -> None:
    s.order = order_after_money(s)
    s.boxes = [-1] * 16
    s.money_takers = [-1] * 4
    s.taxed = [0] * s.n
    s.turn += 1
    if s.turn > s.turns:
        s.turn = 1
        s.phase += 1
    if s.phase > BOARD.phases:
        s.phase = BOARD.phases
        s.turn = s.turns
        _finish(s)
        return
    _start_turn(s)


# ============================================================================ the end


def government_shares(gov_oil: int, keys: Sequence[float]) -> list[int]:
    """# Assegnazione del petrolio governativo: 2/3 of the oil to the top three of the
    Government ranking (1st half, 3rd a quarter, 2nd their average, all rounded down); tied
    seats add up their positions' shares and split them equally (ruling: rounded down).

    Args:
        gov_oil: Oil held by the Government.
        keys: Ranking score per seat (higher is better).

    Returns:
        Oil per seat.
    """
    dist = gov_oil * 2 // 3
    first = dist // 2
    third = dist // 4
    second = (first + third) // 2
    shares = [first, second, third]
    out = [0] * len(keys)
    ranked = sorted(set(keys), reverse=True)
    pos = 0
    for key in ranked:
        group = [p for p, k in enumerate(keys) if k == key]
        pool = sum(shares[pos + i] for i in range(len(group)) if pos + i < len(shares))
        for p in group:
            out[p] = pool // len(group)
        pos += len(group)
    return out


def wealth_sources(s: InvasionState, p: int) -> dict[str, float]:
    """Where seat ``p``'s final money comes from, in dollars (after the end of the game)."""
    price = price_halves(s)
    gov = s.gov_share[p] if s.gov_share else 0
    return {
        "money": s.money[p] / 2,
        "oil": (s.oil[p] - gov) * price / 2,
        "government oil": gov * price / 2,
        "contracts": float(BOARD.contracts[s.contracts[p]]),
        "pacifism": -BOARD.final_multiplier * penalty(s.pacifism[p]) / 2,
    }


def final_wealth(s: InvasionState, p: int) -> int:
    """# Vittoria finale: money + oil sold at the last price + contracts - 10x pacifism penalty."""
    return (
        s.money[p]
        + s.oil[p] * price_halves(s)
        + 2 * BOARD.contracts[s.contracts[p]]
        - BOARD.final_multiplier * penalty(s.pacifism[p])
    )


def _finish(s: InvasionState) -> None:
    _log(s, "-- end of the game")
    for t in PROVINCES:
        p = s.controller[t]
        if p >= 0 and s.store[t]:
            s.oil[p] += s.store[t]
            _log(s, f"{seat_name(p)} collects {s.store[t]} oil from {territory_name(t)}")
            s.store[t] = 0
    keys = [2 * s.influence[p] + 5 * s.provinces_of(p) for p in range(s.n)]  # influence + 2.5/province
    shares = government_shares(s.gov_oil, keys)
    s.gov_share = shares[:]
    for p in range(s.n):
        if shares[p]:
            s.oil[p] += shares[p]
            _log(s, f"{seat_name(p)} receives {shares[p]} government oil (ranking {keys[p] / 2:g})")
    wealth = [final_wealth(s, p) for p in range(s.n)]
    s.wealth = wealth
    for p in range(s.n):
        _log(
            s,
            f"{seat_name(p)}: {dollars(s.money[p])} + {s.oil[p]} oil x {dollars(price_halves(s))}"
            f" + contracts {BOARD.contracts[s.contracts[p]]}$ - pacifism {BOARD.final_multiplier}"
            f" x {dollars(penalty(s.pacifism[p]))} = {dollars(wealth[p])}",
        )
    best = max((wealth[p], s.contracts[p], s.provinces_of(p)) for p in range(s.n))
    winners = [p for p in range(s.n) if (wealth[p], s.contracts[p], s.provinces_of(p)) == best]
    s.result = [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]
    s.stage = GAME_OVER
    s.actor = -1


# ============================================================================ texts


def to_string(s: InvasionState, a: int) -> str:
    """Short, unambiguous text of an action legal in ``s``."""
    stage = s.stage
    if stage in CHANCE_STAGES:
        v = a - actions.CHANCE
        if stage == S_ORDER:
            perm = list(itertools.permutations(range(s.n)))[v]
            return "order " + " ".join(seat_name(p) for p in perm)
        if stage == S_LOCALS_DIE:
            return f"die {v}: +{band(BOARD.locals_die, v)} locals"
        if stage == S_MARKET_DIE:
            return f"die {v}: -{band(BOARD.market_die, v)} boxes"
        return f"roll {v}"
    if a == actions.DONE:
        return {
            S_BUY: "done buying",
            S_MOVE_FROM: "no support" if s.support >= 0 else "done moving",
            S_BUILD: "done building",
            S_PRODUCE: "done producing",
            S_RETREAT: "fight on",
            S_REBEL: "rebels wait",
            S_JOIN: "decline",
            S_DEFEND: "keep them out",
            S_WITHDRAW: "done withdrawing",
            S_REPAIR: "let it fall",
        }.get(stage, "done")
    if actions.BOX <= a < actions.BOX + 16:
        kind, col = divmod(a - actions.BOX, 4)
        return f"{actions.BOX_KINDS[kind]} box {col + 1}"
    if a == actions.PRODUCE_ACT:
        return "produce oil"
    if a == actions.TAXES:
        return "new taxes"
    if a == actions.SPEECH:
        return "speech to the nation"
    if a == actions.ASK_SUPPORT:
        return "ask for support"
    if a == actions.STRENGTHEN:
        return "strengthen rebels"
    if a == actions.JOIN:
        return "lend police stations" if stage == S_DEFEND else "join the attack"
    if a == actions.REPAIR:
        return "repair"
    if a == actions.REBEL_OFFMAP:
        return "rebels off the map"
    if actions.SELL < a <= actions.SELL + actions.MAX_SELL:
        return f"sell {a - actions.SELL} oil"
    if actions.MEDIA_POINTS <= a < actions.MEDIA_POINTS + 3:
        k = a - actions.MEDIA_POINTS
        cost = BOARD.media_cost[k]
        return f"media +{k + 1} ({f'{cost}$' if cost else 'free'})"
    if actions.BUY_TROOPS_LAND < a <= actions.BUY_TROOPS_LAND + actions.MAX_BUY:
        return f"buy {_troops_text(a - actions.BUY_TROOPS_LAND)} by land ({(a - actions.BUY_TROOPS_LAND) * BOARD.cost_land}$)"
    if actions.BUY_LOGISTICS_LAND < a <= actions.BUY_LOGISTICS_LAND + actions.MAX_BUY:
        return f"buy {a - actions.BUY_LOGISTICS_LAND} logistics by land ({(a - actions.BUY_LOGISTICS_LAND) * BOARD.cost_land}$)"
    if actions.TO <= a < actions.MOVE_COUNT:
        d = a - actions.TO
        return "to home" if d == actions.HOME else f"to {territory_name(d)}"
    if actions.MOVE_COUNT <= a < actions.BUILD:
        return (
            _troops_text(a - actions.MOVE_COUNT)
            if stage == S_MOVE_TROOPS
            else f"{a - actions.MOVE_COUNT} logistics"
        )
    if actions.BUILD <= a < actions.INFLUENCE:
        k, t = divmod(a - actions.BUILD, TERRITORY_COUNT)
        return f"build {BUILDINGS[k]} in {territory_name(t)}"
    if a == actions.CONTRACT:
        return "contract"
    if actions.ATTACK <= a < actions.RETREAT:
        k, t = divmod(a - actions.ATTACK, TERRITORY_COUNT)
        return f"attack {actions.TARGETS[k]} in {territory_name(t)}"
    for first, end, text in _TERRITORY_TEXTS:
        if first <= a < end:
            return text.format(territory_name(a - first))
    return f"action {a}"


_TERRITORY_TEXTS = (
    (actions.BUY_TROOP_AIR, actions.BUY_LOGISTICS_AIR, "buy troop by air to {}"),
    (actions.BUY_LOGISTICS_AIR, actions.FROM, "buy logistics by air to {}"),
    (actions.FROM, actions.TO, "from {}"),
    (actions.INFLUENCE, actions.CONTRACT, "influence in {}"),
    (actions.PRODUCE, actions.REBEL_PLACE, "produce in {}"),
    (actions.REBEL_PLACE, actions.REBEL_MOVE, "place rebels in {}"),
    (actions.REBEL_MOVE, actions.ATTACK, "rebels to {}"),
    (actions.RETREAT, actions.WITHDRAW, "retreat to {}"),
    (actions.WITHDRAW, actions.CHANCE, "withdraw 1 oil from {}"),
)
"""The actions that name one territory (``first + territory``, below ``end``): their texts."""


_HANDLERS = {
    S_ORDER: _on_order,
    S_ACTION: _on_action,
    S_MEDIA: _on_media,
    S_BUY: _on_buy,
    S_MOVE_FROM: _on_move_from,
    S_MOVE_TO: _on_move_to,
    S_MOVE_TROOPS: _on_move_troops,
    S_MOVE_LOG: _on_move_log,
    S_LOCALS_DIE: _on_locals_die,
    S_BUILD: _on_build,
    S_PRODUCE: _on_produce,
    S_RETREAT: _on_retreat,
    S_WAR_PLAYERS_DIE: _on_war_players_die,
    S_WAR_LOCALS_DIE: _on_war_locals_die,
    S_REBEL: _on_rebel,
    S_JOIN: _on_join,
    S_ATTACK_ROLL: _on_attack_roll,
    S_REPAIR: _on_repair,
    S_MARKET_DIE: _on_market_die,
    S_WITHDRAW: _on_withdraw,
    S_DEFEND: _on_defend,
}
