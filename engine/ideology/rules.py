"""Ideology rules: setup, the eight phases of the turn, legal actions and transitions.

Section references are to the seed rulebook, Ideology: The War of Ideas, Italian rulebook
(the translation of the Z-Man Games 2003 rulebook): "Preparazione del gioco", phases 1-8,
"Fine del gioco e vittoria", "Ideology per due giocatori". Where the rulebook is silent the reconstructed data in ``data/`` decides (see
``docs/ideology.md``); the few rulings the engine itself makes are marked ``# ruling:``.

A state always rests at a real decision (two or more legal actions), a chance node or the
end: a decision with a single legal action (a forced pass, a defender with no card to
cancel with) is applied at once by ``settle`` and not recorded in the history — replaying
the history repeats it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.api import CHANCE, TERMINAL, InvalidState
from realpolitik.engine.core.rng import MASK64, splitmix64
from realpolitik.engine.ideology import actions
from realpolitik.engine.ideology.board import BOARD, BOARDS, CUL, ECO, MIL, NEUTRAL, PEACE, VARIANTS, WAR
from realpolitik.engine.ideology.state import (
    GAME_OVER,
    IN_PLAY,
    NUM_ADVANCEMENTS,
    OFF_DECK,
    PH_CONFLICT,
    PH_DEVELOPMENT,
    PH_DIPLOMACY,
    PH_FOREIGN,
    PH_RESOURCES,
    PH_REVEAL,
    PH_TRADING,
    PHASE_NAMES,
    WMD_TYPE,
)

if TYPE_CHECKING:
    from realpolitik.engine.ideology.game import IdeologyState

__all__ = [
    "action_extra",
    "advancement_level",
    "attack_level",
    "begin_turn",
    "chance_outcomes",
    "conflict_types",
    "consolidate",
    "controlled_mask",
    "current_player",
    "deal_ideologies",
    "defense_level",
    "distance_penalty",
    "distant",
    "draw",
    "free_mask",
    "gap_penalty",
    "generate_legal",
    "global_influence",
    "global_influences",
    "max_influence",
    "may_offer_war",
    "new_state",
    "new_turn_order",
    "play",
    "reach",
    "settle",
    "tiebreak_points",
    "trading_power",
    "why_illegal",
]

NUM_REGIONS = BOARD.n
WMD_ADVANCEMENT = BOARD.wmd
INFLUENCE_PER_WMD = BOARD.advancements[WMD_ADVANCEMENT].global_influence  # Global Influence a WMD card adds
PRINTED_LEVEL = BOARD.level
NEIGHBOUR_MASK = BOARD.neighbour_mask
WITHIN = BOARD.within  # WITHIN[k][r]: regions at most k steps from r
HOME, NEAR_HOME, CONTROLLED, ANYWHERE = 0, 1, 2, 3  # indices of board.SCOPES
PAIRED_PLAYERS = 2  # Ideology per due giocatori: the second sheet comes from the pairing table


# =============================================================================== queries


def global_influence(s: IdeologyState, seat: int) -> int:
    """Global Influence: the Development Levels of the regions ``seat`` controls, +1 per
    WMD owned (phase 1, "Fase delle risorse")."""
    return global_influences(s)[seat]


def global_influences(s: IdeologyState) -> list[int]:
    """Every seat's Global Influence (:func:`global_influence`), in one pass over the regions."""
    gis = [0] * s.n
    for o, d in zip(s.owner, s.dev):
        if o >= 0:
            gis[o] += d
    adv = s.adv
    for x in range(s.n):
        w = adv[x * NUM_ADVANCEMENTS + WMD_ADVANCEMENT]
        if w:
            gis[x] += w * INFLUENCE_PER_WMD
    return gis


def may_offer_war(s: IdeologyState, seat: int, target: int) -> bool:
    """Whether ``seat`` may offer war to ``target`` (6): always, unless its sheet prints a
    'war-only-if-attacked' rule and ``target`` did not attack it this turn."""
    return not s.board.isolationist[s.ideo[seat]] or bool(s.attacked[seat] >> target & 1)


def controlled_mask(s: IdeologyState, seat: int) -> int:
    """Bitmask of the regions ``seat`` controls."""
    m = 0
    for r, o in enumerate(s.owner):
        if o == seat:
            m |= 1 << r
    return m


def trading_power(s: IdeologyState, seat: int) -> int:
    """Regions where ``seat`` has any influence, controlled or not (phase 2), plus an
    ideology's ``trade_bonus`` rule."""
    k = 0
    for r in range(NUM_REGIONS):
        if s.where[r] == IN_PLAY and s.region_cards(r, seat):
            k += 1
    return k + s.board.rule_trade[s.ideo[seat]]


def max_influence(s: IdeologyState, r: int) -> int:
    """Maximum Influence Level of a region: twice the printed level when controlled, the
    current Development Level when independent (3.1, 4.1)."""
    return 2 * PRINTED_LEVEL[r] if s.owner[r] >= 0 else s.dev[r]


def reach(s: IdeologyState, seat: int, attacking: bool = False) -> list[int]:
    """Per influence type, how many steps from a controlled region a region may be and not
    count as distant, when placing (4.1) or attacking (5.1): 1 by the rules, more with
    ``reach`` effects."""
    board = s.board
    out = (board.rule_reach_att if attacking else board.rule_reach)[s.ideo[seat]][:]
    table = board.adv_reach_att if attacking else board.adv_reach
    base = seat * NUM_ADVANCEMENTS
    for k in range(NUM_ADVANCEMENTS):
        if s.adv[base + k]:
            adv_reach = table[k]
            for t in range(3):
                if adv_reach[t] > out[t]:
                    out[t] = adv_reach[t]
    return out


def free_mask(s: IdeologyState, seat: int, attacking: bool) -> int:
    """Types (bits) in which ``seat`` pays no distance penalty at all (``free`` effects)."""
    board = s.board
    m = (board.rule_free_att if attacking else board.rule_free_place)[s.ideo[seat]]
    table = board.adv_free_att if attacking else board.adv_free_place
    base = seat * NUM_ADVANCEMENTS
    for k in range(NUM_ADVANCEMENTS):
        if s.adv[base + k]:
            m |= table[k]
    return m


def distance_penalty(
    s: IdeologyState, seat: int, r: int, t: int, attacking: bool, ctrl: int | None = None
) -> int:
    """Cards of type ``t`` paid because ``r`` is distant: not adjacent to a region ``seat``
    controls (4.1) and, for a conflict, not controlled by ``seat`` itself (5.1). Advancements
    and special rules may widen "adjacent" (``reach``) or waive it (``free``)."""
    if attacking and s.owner[r] == seat:
        return 0
    if free_mask(s, seat, attacking) >> t & 1:
        return 0
    if ctrl is None:
        ctrl = controlled_mask(s, seat)
    return 0 if WITHIN[reach(s, seat, attacking)[t]][r] & ctrl else 1


def distant(s: IdeologyState, seat: int, r: int) -> bool:
    """Whether ``r`` is distant for ``seat`` by the rules alone (not adjacent to a region it
    controls, and not its own), before any advancement or special rule."""
    return s.owner[r] != seat and not NEIGHBOUR_MASK[r] & controlled_mask(s, seat)


def advancement_level(s: IdeologyState, seat: int, t: int, attacking: bool = False) -> int:
    """``seat``'s advancement level in type ``t`` from its advancement cards (5.1): one per
    Tactics (mil), Industry (eco) or Patriotism (cul) card, and whatever ``level`` effects
    other cards print."""
    table = s.board.adv_att if attacking else s.board.adv_def
    level = 0
    base = seat * NUM_ADVANCEMENTS
    for k in range(NUM_ADVANCEMENTS):
        c = s.adv[base + k]
        if c:
            level += c * table[k][t]
    return level


def defense_level(s: IdeologyState, seat: int, t: int, r: int) -> int:
    """Advancement level of a defender in region ``r`` (with defending special rules)."""
    i = s.ideo[seat]
    d = s.board.rule_def[i]
    level = advancement_level(s, seat, t) + d[ANYWHERE][t]
    if s.owner[r] == seat:
        level += d[CONTROLLED][t]
    home = BOARD.ideologies[i].start_region
    if r == home:
        level += d[HOME][t] + d[NEAR_HOME][t]
    elif NEIGHBOUR_MASK[home] >> r & 1:
        level += d[NEAR_HOME][t]
    return level


def attack_level(s: IdeologyState, seat: int, t: int) -> int:
    """Advancement level of an attacker (with attacking special rules)."""
    return advancement_level(s, seat, t, attacking=True) + s.board.rule_att[s.ideo[seat]][t]


def gap_penalty(s: IdeologyState, attacker: int, defender: int, r: int, t: int) -> int:
    """Cards of type ``t`` the attacker pays for the defender's advancement lead (5.1); a
    lead of the attacker's gives nothing."""
    return max(0, defense_level(s, defender, t, r) - attack_level(s, attacker, t))


def conflict_types(stance: int) -> tuple[int, ...]:
    """Conflict types allowed at a stance (5): cultural always, economic at war or
    neutral, military only at war."""
    if stance == WAR:
        return (MIL, ECO, CUL)
    if stance == NEUTRAL:
        return (ECO, CUL)
    return (CUL,)


def tiebreak_points(s: IdeologyState, seat: int) -> int:
    """End-of-game tie-break: 1 per level-1 advancement, 2 per level-2, WMD excluded."""
    base = seat * NUM_ADVANCEMENTS
    return sum(s.adv[base + k] * BOARD.advancements[k].tiebreak for k in range(NUM_ADVANCEMENTS))


def can_buy(s: IdeologyState, seat: int, k: int) -> bool:
    """Whether ``seat`` can pay for advancement ``k`` now and the supply has one (3.2)."""
    if s.supply[k] <= 0:
        return False
    a = BOARD.advancements[k]
    b = seat * 3
    for t in range(3):
        if a.cost_cards[t] and s.hand[b + t] < a.cost_cards[t]:
            return False
    base = seat * NUM_ADVANCEMENTS
    for c in a.cost_advs:
        if s.adv[base + c] < 1:
            return False
    return True


def targets(s: IdeologyState, seat: int) -> list[int]:
    """The opponents ``seat`` makes diplomatic offers to, in turn order."""
    return [j for j in s.order if j != seat]


def target(s: IdeologyState, seat: int, k: int) -> int:
    """``targets(s, seat)[k]`` without building the list: the opponent ``seat`` makes its
    ``k``-th diplomatic offer to (6)."""
    order = s.order
    return order[k] if k < order.index(seat) else order[k + 1]


def current_player(s: IdeologyState) -> int:
    """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
    phase = s.phase
    if phase == GAME_OVER:
        return TERMINAL
    if phase == PH_REVEAL:
        return CHANCE
    if phase == PH_CONFLICT and s.conflict is not None:
        att, dfn, _, _, stage = s.conflict
        return dfn if stage == 0 else att
    return s.order[s.idx]


# =============================================================================== setup


def deal_ideologies(players: int, seed: int, fixed: list[int | None] | None = None) -> list[int]:
    """Deal ideology sheets at random (Preparazione del gioco); in a 2-player game the
    second ideology comes from the pairing table (Ideology per due giocatori).

    Args:
        players: 2..5.
        seed: The game's seed.
        fixed: Per seat, an ideology a player asked for (None: dealt). The named ones are
            set aside first, the rest are dealt at random from the seed; in a 2-player game a
            single named ideology fixes the other by the pairing table.

    Returns:
        Ideology index per seat.
    """
    want = list(fixed) if fixed is not None else []
    want += [None] * (players - len(want))
    x = (seed * 0x2545F4914F6CDD1D + 0x1D) & MASK64
    if players == PAIRED_PLAYERS and (want[0] is None) != (want[1] is None):
        if want[0] is not None:
            return [want[0], BOARD.ideologies[want[0]].pair]
        second = want[1]
        assert second is not None
        return [next(i for i, card in enumerate(BOARD.ideologies) if card.pair == second), second]
    pool = [i for i in range(len(BOARD.ideologies)) if i not in want]
    dealt: list[int] = []
    for seat in range(players if players != PAIRED_PLAYERS or want[0] is not None else 1):
        w = want[seat]
        if w is not None:
            dealt.append(w)
            continue
        x, r = splitmix64(x)
        dealt.append(pool.pop(r % len(pool)))
    if len(dealt) < players:
        dealt.append(BOARD.ideologies[dealt[0]].pair)
    return dealt


def new_state(
    cls: type[IdeologyState], players: int, seed: int, ideologies: list[int], options: dict[str, Any]
) -> IdeologyState:
    """The position at the start of turn 1, settled at its first decision.

    Args:
        cls: The state class to build.
        players: 2..5.
        seed: Seed for card draws.
        ideologies: Ideology index per seat.
        options: Validated options (kept in the state and records).

    Returns:
        The state.
    """
    if len(set(ideologies)) != players:
        raise InvalidState("options: 'ideologies' must name each ideology at most once")
    s = cls()
    board = BOARDS[options.get("variant", VARIANTS[0])]
    s.board = board
    n = players
    s.n = n
    s.seed = seed
    s.options = dict(options)
    s.ideo = list(ideologies)
    s.seat_of = [-1] * len(BOARD.ideologies)
    for seat, i in enumerate(ideologies):
        s.seat_of[i] = seat
    s.rng = splitmix64((seed ^ 0x1DE0_106E) & MASK64)[1]
    s.inf = bytearray(NUM_REGIONS * 3 * n)
    s.hand = [0] * (3 * n)
    s.deck = [0] * (3 * n)
    s.discard = [0] * (3 * n)
    s.staged = [0] * (3 * n)
    s.adv = [0] * (NUM_ADVANCEMENTS * n)
    s.stance = [NEUTRAL] * (n * n)  # 6: everyone starts neutral (the owl)
    s.offers = [-1] * (n * n)
    s.shown_offers = [-1] * (n * n)
    s.attacked = [0] * n
    for seat, i in enumerate(ideologies):
        card = BOARD.ideologies[i]
        r = card.start_region
        s.where[r] = IN_PLAY
        s.owner[r] = seat
        s.dev[r] = BOARD.start_level  # Obiettivo del gioco: starting regions are level 3
        for t in range(3):
            # Preparazione: 3 military, 3 economic and 3 cultural cards beside the start region
            s.inf[(r * 3 + t) * n + seat] = BOARD.start_cards
            s.deck[seat * 3 + t] = card.split[t] - BOARD.start_cards
        if board.ideologies[i].start_advancement >= 0:  # as printed on the sheet, if any
            s.adv[seat * NUM_ADVANCEMENTS + board.ideologies[i].start_advancement] += 1
            s.supply[board.ideologies[i].start_advancement] -= 1
    # Turn Order Chart: markers on their colour's space, shifted left to close the gaps.
    s.order = sorted(range(n), key=lambda seat: BOARD.ideologies[ideologies[seat]].chart)
    begin_turn(s)
    settle(s)
    return s


# =============================================================================== cards


def draw(s: IdeologyState, seat: int, k: int) -> int:
    """Draw ``k`` cards into ``seat``'s hand; an empty deck is replaced by the shuffled
    discard pile at once (phase 1). Returns the cards drawn (fewer when both run out)."""
    b = seat * 3
    deck = s.deck
    got = 0
    for _ in range(k):
        tot = deck[b] + deck[b + 1] + deck[b + 2]
        if tot == 0:
            for t in range(3):
                deck[b + t] += s.discard[b + t]
                s.discard[b + t] = 0
            tot = deck[b] + deck[b + 1] + deck[b + 2]
            if tot == 0:
                break
        s.rng, x = splitmix64(s.rng)
        p = x % tot
        t = 0 if p < deck[b] else (1 if p < deck[b] + deck[b + 1] else 2)
        deck[b + t] -= 1
        s.hand[b + t] += 1
        got += 1
    return got


# =============================================================================== phases


def begin_turn(s: IdeologyState) -> None:
    """Start the next turn: phase 1 draws, then the Resource-phase discards if any."""
    s.turn += 1
    s.attacked = [0] * s.n
    s.revealed = -1
    # 1. Resources: simultaneously draw (or discard) to a hand equal to Global Influence.
    gis = global_influences(s)
    for seat in s.order:
        short = gis[seat] - s.hand_size(seat)
        if short > 0:
            draw(s, seat, short)
    s.phase = PH_RESOURCES
    s.idx = 0
    _next_resources(s)


def _excess(s: IdeologyState, seat: int) -> int:
    return s.hand_size(seat) - global_influence(s, seat)


def _next_resources(s: IdeologyState) -> None:
    gis = global_influences(s)  # the discards do not change it
    while s.idx < s.n and s.hand_size(s.order[s.idx]) - gis[s.order[s.idx]] <= 0:
        s.idx += 1
    if s.idx >= s.n:
        # the simultaneous discards are revealed together
        for i in range(3 * s.n):
            s.discard[i] += s.staged[i]
            s.staged[i] = 0
        s.phase = PH_TRADING  # 2. Trading, one seat at a time in turn order
        s.idx = 0
        s.traded = 0


def _finish_trade(s: IdeologyState) -> None:
    # 2: after discarding, draw as many new cards
    draw(s, s.order[s.idx], s.traded)
    s.traded = 0
    s.idx += 1
    if s.idx >= s.n:
        s.phase = PH_DEVELOPMENT  # 3. Development, one seat at a time, each completing
        s.idx = 0


def _start_foreign(s: IdeologyState) -> None:
    # 4: the top region tile is turned face up as a new independent region
    if any(w == OFF_DECK for w in s.where):
        s.phase = PH_REVEAL
    else:
        # ruling: with the region deck exhausted the phase goes on without a new region
        s.phase = PH_FOREIGN
        s.idx = 0
        s.passes = 0


def _rotate(s: IdeologyState, passed: bool) -> None:
    """Next seat in a one-action-at-a-time phase (4, 5); all passing in a row ends it."""
    s.passes = s.passes + 1 if passed else 0
    if s.passes >= s.n:
        s.passes = 0
        s.idx = 0
        if s.phase == PH_FOREIGN:
            s.phase = PH_CONFLICT  # 5. Conflict
            s.conflict = None
        else:
            s.phase = PH_DIPLOMACY  # 6. Diplomacy
            s.offer_to = 0
            s.offers = [-1] * (s.n * s.n)
        return
    s.idx = (s.idx + 1) % s.n


def _end_diplomacy(s: IdeologyState) -> None:
    """6: offers revealed; where two disagree the more critical holds (war > neutral > peace)."""
    n = s.n
    for i in range(n):
        for j in range(i + 1, n):
            stance = max(s.offers[i * n + j], s.offers[j * n + i])
            s.stance[i * n + j] = s.stance[j * n + i] = stance
    s.shown_offers = s.offers
    s.offers = [-1] * (n * n)
    consolidate(s)  # 7
    new_turn_order(s)  # 8
    gis = global_influences(s)
    # Fine del gioco: 12 or more at the end of phase 8 ends the game (not earlier).
    if max(gis) >= BOARD.victory or s.turn >= s.options.get("max_turns", BOARD.max_turns):
        _finish(s, gis)
    else:
        begin_turn(s)


def consolidate(s: IdeologyState) -> None:
    """7. Consolidation: new levels (7.1), loss of control (7.2), new control (7.3)."""
    n = s.n
    inf = s.inf
    # 7.1: a controlled region's level = cards in its weakest sector, at least 1
    for r in range(NUM_REGIONS):
        if s.owner[r] >= 0:
            b = r * 3 * n
            low = min(sum(inf[b + t * n : b + t * n + n]) for t in range(3))
            s.dev[r] = max(1, low)
    # 7.2: keep control only with more cards than every single other ideology
    for r in range(NUM_REGIONS):
        o = s.owner[r]
        if o >= 0:
            mine = s.region_cards(r, o)
            if any(s.region_cards(r, x) >= mine for x in range(n) if x != o):
                s.owner[r] = -1
    # 7.3: an independent region full in all three sectors goes to a single plurality
    for r in range(NUM_REGIONS):
        if s.where[r] != IN_PLAY or s.owner[r] >= 0:
            continue
        cap = s.dev[r]
        if all(s.sector_total(r, t) >= cap for t in range(3)):
            counts = [s.region_cards(r, x) for x in range(n)]
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                s.owner[r] = counts.index(best)


def new_turn_order(s: IdeologyState) -> None:
    """8. New turn order: descending Global Influence; ties keep their order (stable sort)."""
    gis = global_influences(s)
    s.order.sort(key=lambda seat: -gis[seat])


def _finish(s: IdeologyState, gis: list[int]) -> None:
    """Fine del gioco e vittoria: most Global Influence; ties by advancement points
    (WMD excluded); a further tie shares the win."""
    best = max(gis)
    tied = [x for x in range(s.n) if gis[x] == best]
    if len(tied) > 1:
        pts = {x: tiebreak_points(s, x) for x in tied}
        top = max(pts.values())
        tied = [x for x in tied if pts[x] == top]
    share = 1.0 / len(tied)
    s.result = [share if x in tied else 0.0 for x in range(s.n)]
    s.phase = GAME_OVER


# =============================================================================== legal


def _generate(s: IdeologyState) -> list[int]:
    phase = s.phase
    n = s.n
    if phase == GAME_OVER:
        return []
    if phase == PH_REVEAL:
        return [actions.REVEAL + r for r in range(NUM_REGIONS) if s.where[r] == OFF_DECK]
    if phase == PH_DIPLOMACY:
        c = s.order[s.idx]
        j = target(s, c, s.offer_to)
        out = [actions.OFFER + PEACE, actions.OFFER + NEUTRAL]
        if may_offer_war(s, c, j):  # a printed 'war-only-if-attacked' rule: only on an attacker
            out.append(actions.OFFER + WAR)
        return out
    if phase == PH_CONFLICT and s.conflict is not None:
        att, dfn, r, t, stage = s.conflict
        if t == WMD_TYPE:
            out = [actions.CONCEDE]
            if s.adv[dfn * NUM_ADVANCEMENTS + WMD_ADVANCEMENT] > 0:
                out.append(actions.RETALIATE)
            return out
        if stage == 0:
            return [actions.CANCEL, actions.CONCEDE] if s.hand[dfn * 3 + t] > 0 else [actions.CONCEDE]
        return [actions.CONTINUE, actions.WITHDRAW] if s.hand[att * 3 + t] > 0 else [actions.WITHDRAW]
    seat = s.order[s.idx]
    hand_base = seat * 3
    hand = s.hand
    if phase == PH_RESOURCES:
        return [actions.DISCARD + t for t in range(3) if hand[hand_base + t] > 0]
    out = [actions.PASS]
    if phase == PH_TRADING:
        if s.traded < trading_power(s, seat):
            out.extend(actions.DISCARD + t for t in range(3) if hand[hand_base + t] > 0)
        return out
    if phase == PH_DEVELOPMENT:
        for r in range(NUM_REGIONS):
            if s.owner[r] == seat:
                cap = 2 * PRINTED_LEVEL[r]  # 3.1: twice the printed level for a controlled region
                for t in range(3):
                    if hand[hand_base + t] and s.sector_total(r, t) < cap:
                        out.append(actions.DEVELOP + r * 3 + t)
        for k in range(NUM_ADVANCEMENTS):
            if can_buy(s, seat, k):
                out.append(actions.BUY + k)
        out.sort()
        return out
    ctrl = controlled_mask(s, seat)
    reach_by_type = reach(s, seat, phase == PH_CONFLICT)
    if phase == PH_FOREIGN:
        free = free_mask(s, seat, False)
        inf = s.inf
        where = s.where
        owner = s.owner
        own_hand = hand[hand_base : hand_base + 3]
        any_hand = own_hand[0] or own_hand[1] or own_hand[2]
        places: list[int] = []
        removes: list[int] = []
        for r in range(NUM_REGIONS):
            if where[r] != IN_PLAY:
                continue
            o = owner[r]
            if o == seat:
                continue
            b = r * 3 * n
            if o < 0 and any_hand:
                cap = s.dev[r]  # 4.1: an independent region holds its current level per sector
                for t in range(3):
                    h = own_hand[t]
                    far = 0 if free >> t & 1 or WITHIN[reach_by_type[t]][r] & ctrl else 1
                    if h and h > far:
                        sector_base = b + t * n
                        if sum(inf[sector_base : sector_base + n]) < cap:
                            places.append(actions.PLACE + r * 3 + t)
            # 4.2: remove one's own card from an independent or an opponent's region
            for t in range(3):
                if inf[b + t * n + seat]:
                    removes.append(actions.REMOVE + r * 3 + t)
        return out + places + removes
    # PH_CONFLICT, no conflict running: declare one, or pass
    has_wmd = s.board.strike and s.adv[seat * NUM_ADVANCEMENTS + WMD_ADVANCEMENT] > 0
    free = free_mask(s, seat, True)
    if not (hand[hand_base] or hand[hand_base + 1] or hand[hand_base + 2] or has_wmd):
        return out
    att_lv = [attack_level(s, seat, t) for t in range(3)]
    for d in range(n):
        if d == seat:
            continue
        stance = s.stance[seat * n + d]
        types = [t for t in conflict_types(stance) if hand[hand_base + t]]
        defender_ideology = s.ideo[d]
        war_wmd = has_wmd and stance == WAR  # 5: a WMD is always an act of war
        if not types and not war_wmd:
            continue
        def_adv = [advancement_level(s, d, t) for t in range(3)]
        defender_rules = s.board.rule_def[defender_ideology]
        home = BOARD.ideologies[defender_ideology].start_region
        for r in range(NUM_REGIONS):
            if s.where[r] != IN_PLAY:
                continue
            base = r * 3 * n + d
            any_here = False
            for t in types:
                if s.inf[base + t * n] == 0:
                    continue
                any_here = True
                defense = def_adv[t] + defender_rules[ANYWHERE][t]
                if s.owner[r] == d:
                    defense += defender_rules[CONTROLLED][t]
                if r == home:
                    defense += defender_rules[HOME][t] + defender_rules[NEAR_HOME][t]
                elif NEIGHBOUR_MASK[home] >> r & 1:
                    defense += defender_rules[NEAR_HOME][t]
                cost = 1 + max(0, defense - att_lv[t])
                if not (free >> t & 1) and s.owner[r] != seat and not WITHIN[reach_by_type[t]][r] & ctrl:
                    cost += 1
                if hand[hand_base + t] >= cost:
                    out.append(actions.ATTACK + (r * 3 + t) * actions.NUM_IDEOLOGIES + defender_ideology)
            if war_wmd and (any_here or s.inf[base] or s.inf[base + n] or s.inf[base + 2 * n]):
                out.append(actions.WMD + r * actions.NUM_IDEOLOGIES + defender_ideology)
    out.sort()
    return out


def generate_legal(s: IdeologyState) -> list[int]:
    """Sorted legal action ids (chance outcomes at the reveal), a fresh list (the state
    remembers them: ``RulesState``)."""
    return _generate(s)


def chance_outcomes(s: IdeologyState) -> list[tuple[int, float]]:
    """Region tiles that may be turned up, each equally likely (4)."""
    if s.phase != PH_REVEAL:
        return []
    acts = s.legal_actions()
    p = 1.0 / len(acts)
    return [(a, p) for a in acts]


def action_extra(s: IdeologyState, a: int) -> int:
    """Extra cards (distance + advancement gap) an action costs its player now."""
    kind, r, t, v = actions.decode(a)
    seat = s.order[s.idx] if s.phase not in (GAME_OVER, PH_REVEAL) else -1
    if kind == actions.K_PLACE:
        return distance_penalty(s, seat, r, t, False)
    if kind == actions.K_ATTACK:
        d = s.seat_of[v]
        return distance_penalty(s, seat, r, t, True) + gap_penalty(s, seat, d, r, t)
    return 0


# =============================================================================== apply


def settle(s: IdeologyState) -> None:
    """Apply forced single-choice decisions until a real decision, chance or the end."""
    while True:
        legal = _generate(s)
        if len(legal) == 1 and s.phase != PH_REVEAL:
            _carry_out(s, legal[0])
            continue
        s._legal = legal
        return


def play(s: IdeologyState, a: int) -> None:
    """Carry out legal action ``a`` (``RulesState.apply_action`` checked it and recorded it)
    and settle the forced moves that follow."""
    _carry_out(s, a)
    settle(s)


def why_illegal(s: IdeologyState, a: int) -> str:
    """Why ``a`` is refused here."""
    if s.phase == GAME_OVER:
        return "the game is over"
    try:
        text = actions.to_string(a)
    except ValueError:
        return f"{a} is not an Ideology action id"
    who = current_player(s)
    whom = "chance" if who == CHANCE else BOARD.ideologies[s.ideo[who]].name
    return f"'{text}' is not legal now ({PHASE_NAMES[s.phase]} phase, {whom} to decide)"


def _carry_out(s: IdeologyState, a: int) -> None:
    s._legal = None
    phase = s.phase
    n = s.n
    if phase == PH_REVEAL:
        r = a - actions.REVEAL
        s.where[r] = IN_PLAY
        s.owner[r] = -1
        s.revealed = r
        s.phase = PH_FOREIGN
        s.idx = 0
        s.passes = 0
        return
    if phase == PH_DIPLOMACY:
        c = s.order[s.idx]
        j = target(s, c, s.offer_to)
        s.offers[c * n + j] = a - actions.OFFER
        s.offer_to += 1
        if s.offer_to >= n - 1:
            s.offer_to = 0
            s.idx += 1
            if s.idx >= n:
                _end_diplomacy(s)
        return
    if phase == PH_CONFLICT and s.conflict is not None:
        _answer(s, a)
        return
    seat = s.order[s.idx]
    hand_base = seat * 3
    if phase == PH_RESOURCES:
        t = a - actions.DISCARD
        s.hand[hand_base + t] -= 1
        s.staged[hand_base + t] += 1  # hidden from the others until everyone has discarded
        if _excess(s, seat) <= 0:
            s.idx += 1
            _next_resources(s)
        return
    if phase == PH_TRADING:
        if a == actions.PASS:
            _finish_trade(s)
            return
        t = a - actions.DISCARD
        s.hand[hand_base + t] -= 1
        s.discard[hand_base + t] += 1
        s.traded += 1
        if s.traded >= trading_power(s, seat):
            _finish_trade(s)
        return
    if phase == PH_DEVELOPMENT:
        if a == actions.PASS:
            s.idx += 1
            if s.idx >= n:
                _start_foreign(s)
            return
        if a >= actions.DEVELOP:
            x = a - actions.DEVELOP
            r, t = divmod(x, 3)
            s.hand[hand_base + t] -= 1
            s.inf[(r * 3 + t) * n + seat] += 1
            return
        k = a - actions.BUY
        adv = BOARD.advancements[k]
        for t in range(3):
            c = adv.cost_cards[t]
            if c:
                s.hand[hand_base + t] -= c
                s.discard[hand_base + t] += c
        for c in adv.cost_advs:  # 3.2: spent advancements go back to their piles
            s.adv[seat * NUM_ADVANCEMENTS + c] -= 1
            s.supply[c] += 1
        s.adv[seat * NUM_ADVANCEMENTS + k] += 1
        s.supply[k] -= 1
        return
    if phase == PH_FOREIGN:
        if a == actions.PASS:
            _rotate(s, True)
            return
        if a < actions.REMOVE:
            r, t = divmod(a - actions.PLACE, 3)
            pen = distance_penalty(s, seat, r, t, False)  # 4.1: one more card of the type if distant
            s.hand[hand_base + t] -= 1 + pen
            s.discard[hand_base + t] += pen
            s.inf[(r * 3 + t) * n + seat] += 1
        else:
            r, t = divmod(a - actions.REMOVE, 3)
            s.inf[(r * 3 + t) * n + seat] -= 1  # 4.2: the removed card is discarded
            s.discard[hand_base + t] += 1
        _rotate(s, False)
        return
    # PH_CONFLICT: declare or pass
    if a == actions.PASS:
        _rotate(s, True)
        return
    kind, r, t, defender_ideology = actions.decode(a)
    d = s.seat_of[defender_ideology]
    s.attacked[d] |= 1 << seat
    if kind == actions.K_WMD:
        s.adv[seat * NUM_ADVANCEMENTS + WMD_ADVANCEMENT] -= 1
        s.supply[WMD_ADVANCEMENT] += 1
        s.conflict = (seat, d, r, WMD_TYPE, 0)
        return
    # 5.1: distance and advancement-gap penalties, then 5.2: the first attack card
    pen = distance_penalty(s, seat, r, t, True) + gap_penalty(s, seat, d, r, t)
    s.hand[hand_base + t] -= pen + 1
    s.discard[hand_base + t] += pen
    s.conflict = (seat, d, r, t, 0)


def _answer(s: IdeologyState, a: int) -> None:
    """5.2: the attack/cancel sequence (and a WMD strike's answer)."""
    assert s.conflict is not None
    att, dfn, r, t, _stage = s.conflict
    n = s.n
    if t == WMD_TYPE:
        if a == actions.RETALIATE:
            # the defender spends its own WMD: both are spent, the strike is cancelled
            s.adv[dfn * NUM_ADVANCEMENTS + WMD_ADVANCEMENT] -= 1
            s.supply[WMD_ADVANCEMENT] += 1
        else:
            for sector in range(3):
                i = (r * 3 + sector) * n + dfn
                s.discard[dfn * 3 + sector] += s.inf[i]
                s.inf[i] = 0
        s.conflict = None
        _rotate(s, False)
        return
    if a == actions.CANCEL:
        s.hand[dfn * 3 + t] -= 1
        s.discard[dfn * 3 + t] += 1
        s.discard[att * 3 + t] += 1  # both cards are discarded
        s.conflict = (att, dfn, r, t, 1)
    elif a == actions.CONCEDE:
        # the attacker's last card replaces one of the defender's; the defender's is discarded
        s.inf[(r * 3 + t) * n + dfn] -= 1
        s.discard[dfn * 3 + t] += 1
        s.inf[(r * 3 + t) * n + att] += 1
        s.conflict = None
        _rotate(s, False)
    elif a == actions.CONTINUE:
        s.hand[att * 3 + t] -= 1  # no penalties again within the same conflict
        s.conflict = (att, dfn, r, t, 0)
    else:  # WITHDRAW
        s.conflict = None
        _rotate(s, False)
