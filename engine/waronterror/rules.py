"""War on Terror rules: legal actions and transitions.

Section names are those of War on Terror, the boardgame, Italian rulebook (1st edition):
"Inizio del Gioco" (setup), "Turno di gioco dell'Impero" (the empire turn), "L'Asse del Male",
"Azioni fuori dal tuo turno", "Urbanizzazioni" (developments), "Carte", "Combattimenti",
"Terroristi", "Diventare Terrorista", "Il Turno del Giocatore Terrorista", "Vincere il
Gioco". Rulings where the rulebook is silent or ambiguous are in docs/rulings.md and cited
here as ``ruling:``. Card effects (the card appendix is not in the rulebook) are
reconstructed; see data/PROVENANCE.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.api import CHANCE, TERMINAL, IllegalAction
from realpolitik.engine.core.rng import shuffle, splitmix64
from realpolitik.engine.waronterror import actions, state
from realpolitik.engine.waronterror.board import (
    BOARD,
    CELL,
    CITY,
    COLUMN,
    DIE_FACES,
    SIZE_NAMES,
    TOWN,
    UNIT_NAMES,
    VANGUARD,
    VILLAGE,
)

if TYPE_CHECKING:
    from realpolitik.engine.waronterror.game import WarOnTerrorState

N = BOARD.n
K = len(BOARD.cards)
NEIGHBOURS = BOARD.map.neighbours
NEIGHBOUR_MASK = BOARD.map.neighbour_mask
LAND_MASK = BOARD.land
SEA_COST = BOARD.sea_cost
CARDS = BOARD.cards
CARD_KIND = tuple(c.kind for c in CARDS)
EMPIRE, TERROR = 0, 1

# 2d6 totals and their probabilities (chance nodes)
TWO_D6 = tuple((t, (6 - abs(t - 7)) / 36) for t in range(2, 13))

# Combattimenti: cards whose play is an attack (none in the first round)
ATTACKS = frozenset(
    {"war", "nuclear_weapons", "regime_change", "terrorist_attack", "suicide_bomber", "wmds", "dirty_bomb"}
)
COUNTRY_TARGET = frozenset(
    {
        "war",
        "nuclear_weapons",
        "radiation_cleanup",
        "explorers",
        "oil_gush",
        "regime_change",
        "terrorist_buy_off",
        "terrorist_attack",
        "suicide_bomber",
        "wmds",
        "dirty_bomb",
        "oil_theft",
        "terrorist_recruitment",
        "terrorist_training",
    }
)
SEAT_TARGET = frozenset({"espionage", "kyoto_protocol", "plane_hijack"})
# Azioni fuori dal tuo turno: the cards aimed at another empire's development, which its
# owner may answer (dismantle it, change sides) before the card resolves
HOSTILE = ATTACKS | {"oil_theft"}
# cards that make a targeted empire pay: it may act out of turn before (a window)
PAYING = frozenset({"kyoto_protocol", "plane_hijack"})
BIT = tuple(1 << c for c in range(N))
# per country, the bit mask of the countries across one of its sea routes (Explorers)
SEA_MASK = tuple(sum(1 << d for d in NEIGHBOURS[c] if (c, d) in SEA_COST) for c in range(N))


# ----------------------------------------------------------------------------- setup


def new_state(cls: type[WarOnTerrorState], n: int, seed: int, options: dict[str, Any]) -> WarOnTerrorState:
    """The initial state: decks shuffled, oil chits laid face down, starting cards dealt
    (Inizio del Gioco: Preparazione), the first-player roll to come."""
    s = object.__new__(cls)
    s.n = n
    s.seed = seed
    s.options = dict(options)
    s.history = []
    s.rng = seed ^ 0x5EED_0F_7E44
    s.max_rounds = options["max_rounds"]
    s.phase = state.P_FIRST
    s.resume_phase = -1
    s.actor = 0
    s.turn_seat = 0
    s.round = 0
    s.start_seat = 0
    s.turns = 0
    s.setup_order = []
    s.setup_left = 0
    s.owner = [-1] * N
    s.size = [0] * N
    s.unit = [0] * N
    s.radiation = [0] * N
    # "Prendete 49 segnalini petrolio a caso, mescolateli a faccia in giù": N chits drawn
    # at random from the box, one per country; the rest stay in the box (hidden).
    pool = list(BOARD.chits)
    s.rng = shuffle(pool, s.rng)
    s.chit = pool[:N]
    s.spare = sorted(pool[N:])
    s.revealed = [0] * N
    s.freed = [0] * len(BOARD.continents)
    s.terrorist = [0] * n
    s.terrorist_seats = []
    s.terrorist_turns = 0
    s.money = [BOARD.start_money[n]] * n + [0]
    s.hand = [0] * ((n + 1) * K)
    s.camp = [0] * ((n + 1) * 4)
    s.decks = [BOARD.deck_cards(EMPIRE), BOARD.deck_cards(TERROR)]
    s.rng = shuffle(s.decks[0], s.rng)
    s.rng = shuffle(s.decks[1], s.rng)
    s.known = [0, 0]
    s.evil = -1
    s.builds = s.free_builds = s.buys = s.moves = 0
    s.die = -1
    s.pending_card = s.pending_target = s.move_from = -1
    s.paused = -1
    s.asking = []
    s.resume = state.RESUME_DIE
    s.debts = []
    s.cleared_only = options["terrorist_points"] == "cleared"
    s.last_empire_holds = bool(options["last_empire_holds"])
    s.terrorists_win_any_time = options["terrorist_win"] == "any_time"
    s.units_seen = 0
    s.last_roll = 0
    s.result = None
    s.end_reason = ""
    s._legal = None
    for p in range(n):
        draw(s, p, EMPIRE, BOARD.start_cards[n])
    return s


# ----------------------------------------------------------------------------- helpers


def current_player(s: WarOnTerrorState) -> int:
    """The seat to decide, or CHANCE / TERMINAL."""
    if s.phase == state.GAME_OVER:
        return TERMINAL
    if s.phase in (state.P_FIRST, state.P_DIE, state.P_AXIS, state.P_COMBAT, state.P_OIL):
        return CHANCE
    return s.actor


def draw(s: WarOnTerrorState, side: int, deck: int, count: int) -> int:
    """Draw ``count`` cards from the top of a deck into a side's hand; returns how many (an
    empty deck gives nothing; ruling: no reshuffle of hands)."""
    d = s.decks[deck]
    got = 0
    for _ in range(count):
        if not d:
            break
        k = d.pop()
        s.hand[side * K + k] += 1
        got += 1
    if s.known[deck] > len(d):
        s.known[deck] = len(d)
    return got


def discard(s: WarOnTerrorState, k: int) -> None:
    """Carte: a played card goes to the bottom of its deck (face up knowledge: known)."""
    s.decks[CARDS[k].deck].insert(0, k)
    s.known[CARDS[k].deck] += 1


def shuffle_deck(s: WarOnTerrorState, deck: int) -> None:
    """Action die symbol: shuffle a deck (the bottom order is no longer known)."""
    s.rng = shuffle(s.decks[deck], s.rng)
    s.known[deck] = 0


def developments(s: WarOnTerrorState, seat: int) -> list[int]:
    """Countries where ``seat`` has a development."""
    return [c for c in range(N) if s.owner[c] == seat]


def empire_mask(s: WarOnTerrorState, seat: int) -> int:
    """Bit mask of the countries where ``seat`` has a development."""
    m = 0
    for c, o in enumerate(s.owner):
        if o == seat:
            m |= BIT[c]
    return m


def pieces_used(s: WarOnTerrorState, seat: int, z: int) -> int:
    return sum(1 for c in range(N) if s.owner[c] == seat and s.size[c] == z)


def units_used(s: WarOnTerrorState, z: int) -> int:
    return sum(1 for c in range(N) if s.unit[c] == z) + sum(s.camp[x * 4 + z] for x in range(s.n + 1))


def radiation_left(s: WarOnTerrorState) -> int:
    return BOARD.radiation - sum(s.radiation)


def oil_revenue(s: WarOnTerrorState, c: int) -> int:
    """What the development in ``c`` earns when its number is rolled (Lancio dei Dadi
    Petrolio: 50/100/200m by size; ruling: the table, not the example's 90m); 0 when blocked
    by radiation or a cell (Terroristi), or without a development or number."""
    if s.owner[c] < 0 or not s.chit[c] or s.radiation[c] or s.unit[c] == CELL:
        return 0
    return BOARD.oil_revenue[s.size[c]]


def liberation_points(s: WarOnTerrorState, seat: int) -> int:
    """Vincere il Gioco: an empire's points from whole continents plus one per city."""
    owner = s.owner
    pts = 0
    for c in range(N):
        if owner[c] == seat and s.size[c] == CITY:
            pts += 1
    for k, mem in enumerate(BOARD.members):
        for c in mem:
            if owner[c] != seat:
                break
        else:
            pts += BOARD.continent_value[k]
    return pts


def terrorist_points(s: WarOnTerrorState) -> int:
    """Vincere il Gioco (terroristi): "i Terroristi prendono punti per ogni continente
    completamente libero da urbanizzazioni Imperiali" -- every continent with no empire
    development counts, however it got empty (the example: the Americas hold no developments,
    5 points). Under the ``cleared`` house rule (option ``terrorist_points``) a continent
    counts only once a card's effect removed its last development, until an empire builds
    there again (``freed``)."""
    if s.cleared_only:
        return sum(BOARD.continent_value[k] for k in range(len(BOARD.members)) if s.freed[k])
    held = settled_continents(s)
    return sum(BOARD.continent_value[k] for k in range(len(BOARD.members)) if k not in held)


def settled_continents(s: WarOnTerrorState) -> set[int]:
    return {BOARD.continent[c] for c in range(N) if s.owner[c] >= 0}


def points_to_win(s: WarOnTerrorState) -> int:
    """Vincere il Gioco: the table by empires left (6:12 ... 1:7)."""
    return BOARD.points_to_win[len(s.empires())]


def reveal(s: WarOnTerrorState, c: int) -> None:
    """Segnalini Petrolio: the chit turns face up when a country is first built in."""
    s.revealed[c] = 1


def place_development(s: WarOnTerrorState, seat: int, c: int, z: int) -> None:
    s.freed[BOARD.continent[c]] = 0
    s.owner[c] = seat
    s.size[c] = z
    reveal(s, c)


def remove_development(s: WarOnTerrorState, c: int) -> int:
    """Remove the development in ``c``; returns its former owner."""
    who = s.owner[c]
    s.owner[c] = -1
    s.size[c] = 0
    return who


def dismantle(s: WarOnTerrorState, seat: int, c: int) -> None:
    """Azioni fuori dal tuo turno: ``seat`` removes its development in ``c`` for the price of
    the piece (Urbanizzazioni: a town gives 50m); without a development left it changes sides.
    A continent it leaves empty may give the terrorists their points (Vincere il Gioco)."""
    s.money[seat] += BOARD.build_cost[s.size[c]]
    remove_development(s, c)
    check_wiped(s, seat)
    check_end(s)


def may_dismantle(s: WarOnTerrorState, developments: int) -> bool:
    """Whether a seat holding ``developments`` may dismantle one (Azioni fuori dal tuo turno:
    "qualsiasi quantità di proprie costruzioni"). Under the ``last_empire_holds`` house rule the
    last empire cannot dismantle its last development (that would be changing sides by
    choice)."""
    return developments > 1 or (developments == 1 and (not s.last_empire_holds or len(s.empires()) > 1))


def may_become(s: WarOnTerrorState, seat: int) -> bool:
    """Diventare Terrorista (3): an empire may change sides by choice at any time ("in ogni
    momento", "sì, persino al primo turno"); under the ``last_empire_holds`` house rule not the
    last empire."""
    return not s.terrorist[seat] and s.round > 0 and (not s.last_empire_holds or len(s.empires()) > 1)


def check_wiped(s: WarOnTerrorState, seat: int) -> None:
    """Diventare Terrorista (1): an empire with every development destroyed turns terrorist."""
    if seat >= 0 and not s.terrorist[seat] and s.round > 0 and not any(o == seat for o in s.owner):
        convert(s, seat)


def convert(s: WarOnTerrorState, seat: int) -> None:
    """Diventare Terrorista: developments become equivalent units in the training camp,
    empire cards are swapped for as many terrorist cards, money and camp are kept (ruling:
    pooled with the terrorists' shared purse, hand and camp); a voluntary change ends the
    turn (only the oil dice are left)."""
    n = s.n
    own_turn = (
        seat == s.actor
        and s.phase not in (state.P_OIL, state.GAME_OVER, *state.OUT_OF_TURN)
        and not terrorist_turn(s)
    )
    last = s.empires() == [seat]
    for c in range(N):
        if s.owner[c] == seat:
            z = s.size[c]
            remove_development(s, c)
            if units_used(s, z) < BOARD.units[z]:
                s.camp[n * 4 + z] += 1
    swapped = 0
    for k in range(K):
        cnt = s.hand[seat * K + k]
        if not cnt:
            continue
        s.hand[seat * K + k] = 0
        if CARDS[k].deck == EMPIRE:
            for _ in range(cnt):
                discard(s, k)
            swapped += cnt
        else:
            s.hand[n * K + k] += cnt
    draw(s, n, TERROR, swapped)
    for z in (1, 2, 3):
        s.camp[n * 4 + z] += s.camp[seat * 4 + z]
        s.camp[seat * 4 + z] = 0
    s.money[n] += s.money[seat]
    s.money[seat] = 0
    s.terrorist[seat] = 1
    s.terrorist_seats.append(seat)
    if s.evil == seat:
        s.evil = -1
    if own_turn:
        # the seat's own empire turn ends here (bankrupt, wiped out or by choice)
        s.phase = state.P_OIL
        s.pending_card = s.pending_target = s.move_from = -1
    if last and s.round > 0:
        # Vincere il Gioco, ruling: the last empire has fallen, so every seat now belongs to
        # the Terrorist Player ("si uniranno a te nella fazione terrorista") and the world is
        # free of empires: the terrorists' common win is shared by the whole table, the
        # fallen empire included (a draw: bringing the last empire down earns no more than
        # being it)
        finish(s, list(range(s.n)), "no empire left")
        return
    check_end(s)


def terrorist_turn(s: WarOnTerrorState) -> bool:
    """True while the running turn is the terrorists' shared turn."""
    return bool(s.terrorist_seats) and s.turn_seat == s.terrorist_seats[0] and s.round > 0


def actor_side(s: WarOnTerrorState) -> int:
    """The side the deciding seat plays for: the terrorists' pool in their turn, except for an
    empire deciding out of turn in it (answering a card, a window, a debt)."""
    if s.phase in state.OUT_OF_TURN:
        return s.actor
    return s.n if terrorist_turn(s) else s.actor


def turn_actor(s: WarOnTerrorState) -> int:
    """The seat whose turn is being played (``paused`` while another seat decides)."""
    return s.paused if s.phase in state.OUT_OF_TURN else s.actor


def pay(s: WarOnTerrorState, payer: int, amount: int, payee: int) -> None:
    """A side owes ``amount`` to ``payee`` (a side, or -1 for the World Bank) and pays it now,
    or, short of money, chooses what to remove first (``settle``)."""
    owe(s, payer, amount, payee)
    settle(s)


def owe(s: WarOnTerrorState, payer: int, amount: int, payee: int) -> None:
    """Queue a debt (paid by ``settle``, in the order owed)."""
    if amount > 0:
        s.debts += [payer, amount, payee]


def _transfer(s: WarOnTerrorState, payer: int, amount: int, payee: int) -> None:
    s.money[payer] -= amount
    if payee >= 0:
        s.money[payee] += amount


def settle(s: WarOnTerrorState) -> None:
    """Pay the queued debts in order (Bancarotta).

    An empire with the money pays. One short of money removes developments of its choice for
    their refund ("dopo aver rimosso le costruzioni"): the debtor decides which, one at a time
    (phase ``state.P_DEBT``), and pays as soon as it can; it keeps the rest. Only when even every
    development would not cover the debt is it bankrupt: everything is removed for its refund,
    all it has goes to the creditor, and it turns terrorist with nothing left to bring (no
    choice is asked then: whatever the order, all goes). The terrorists' purse pays what it
    holds (ruling: terrorists cannot go bankrupt).
    """
    debts = s.debts
    while debts and s.phase != state.GAME_OVER:
        payer, amount, payee = debts[0], debts[1], debts[2]
        if payer == s.n or s.terrorist[payer]:
            del debts[:3]
            _transfer(s, s.n, min(amount, s.money[s.n]), payee)
            continue
        if s.money[payer] >= amount:
            del debts[:3]
            _transfer(s, payer, amount, payee)
            check_wiped(s, payer)  # paid with its last development: Diventare Terrorista (1)
            continue
        mine = developments(s, payer)
        if s.money[payer] + sum(BOARD.build_cost[s.size[c]] for c in mine) >= amount:
            if s.phase != state.P_DEBT:
                s.paused = s.actor
                s.phase = state.P_DEBT
            s.actor = payer
            return
        del debts[:3]
        before = settled_continents(s)
        for c in mine:
            s.money[payer] += BOARD.build_cost[s.size[c]]
            remove_development(s, c)
        _mark_cleared(s, before)
        _transfer(s, payer, s.money[payer], payee)
        convert(s, payer)
    debts.clear()
    if s.phase == state.P_DEBT:
        s.actor = s.paused
        s.paused = -1
        s.phase = state.P_PLAY


def debt_dismantle(s: WarOnTerrorState, c: int) -> None:
    """The debtor removes its development in ``c`` for its refund, then pays if it can."""
    before = settled_continents(s)
    s.money[s.actor] += BOARD.build_cost[s.size[c]]
    remove_development(s, c)
    _mark_cleared(s, before)  # removed by a card's effect (the debt it set)
    settle(s)
    check_end(s)


def _mark_cleared(s: WarOnTerrorState, before: set[int]) -> None:
    """A card's effect emptied these continents (``freed``, the ``cleared`` house rule)."""
    for k in before - settled_continents(s):
        s.freed[k] = 1


# ----------------------------------------------------------------------------- out of turn


def may_act_out(s: WarOnTerrorState, seat: int) -> bool:
    """Whether ``seat`` has anything to do out of turn (Azioni fuori dal tuo turno: remove its
    developments, change sides): an empire that may change sides or dismantle."""
    return not s.terrorist[seat] and (may_become(s, seat) or may_dismantle(s, s.owner.count(seat)))


def open_window(s: WarOnTerrorState, seats: list[int], resume: int) -> bool:
    """Azioni fuori dal tuo turno ("ad ogni tappa del gioco"): ask ``seats`` in order whether
    they act out of turn (one quick decision each: ``state.P_ASK``), then go on with ``resume``.
    Ruling: the moments are the start of every turn (every other empire) and just before a
    card makes an empire pay (its debtors); an attack on a development is answered in
    ``state.P_RESPOND``. Returns False when nobody has anything to do (the caller goes on)."""
    asking = [q for q in seats if may_act_out(s, q)]
    if not asking:
        return False
    s.asking = asking
    s.resume = resume
    s.paused = s.actor
    _ask_next(s)
    return True


def _ask_next(s: WarOnTerrorState) -> None:
    """The next seat of the window that still may act, or, once all have been asked, what the
    window interrupted (the action die, or the pending card)."""
    while s.asking:
        q = s.asking.pop(0)
        if may_act_out(s, q):
            s.actor = q
            s.phase = state.P_ASK
            return
    s.actor = s.paused
    s.paused = -1
    if s.resume == state.RESUME_DIE:
        s.phase = state.P_DIE
    else:
        s.phase = state.P_PLAY
        after_answer(s)


def out_actions(s: WarOnTerrorState) -> list[int]:
    """What a seat acting out of turn may do: change sides, dismantle a development, or stop."""
    seat = s.actor
    out = [actions.DONE]
    if may_become(s, seat):
        out.append(actions.BECOME)
    mine = developments(s, seat)
    if may_dismantle(s, len(mine)):
        out.extend(actions.DISMANTLE + c for c in mine)
    return sorted(out)


def act_out(s: WarOnTerrorState, a: int) -> None:
    """Apply a window decision (``state.P_ASK`` or ``state.P_OUT``)."""
    seat = s.actor
    if a == actions.ACT:
        s.phase = state.P_OUT
        return
    if a == actions.BECOME:
        convert(s, seat)
    elif actions.DISMANTLE <= a < actions.BUY_UNIT:
        dismantle(s, seat, a - actions.DISMANTLE)
        if s.phase != state.GAME_OVER and not s.terrorist[seat]:
            return  # it may go on acting (DONE ends its part in the window)
    if s.phase != state.GAME_OVER:
        _ask_next(s)


# ----------------------------------------------------------------------------- developments


def build_cost(
    s: WarOnTerrorState, seat: int, c: int, z: int, mine: int, used: list[int] | None = None
) -> int:
    """Cost of developing ``c`` up to size ``z`` for ``seat``, or -1 when not allowed.

    Urbanizzazioni: one development per country, only in your countries or unoccupied ones
    bordering your empire (sea routes count, at their printed cost); village -> town -> city,
    a skipped size counts as one development and costs both sizes; nothing where a column or
    cell stands; nothing bigger than a village in a radioactive country.
    """
    cur = s.size[c]
    if z <= cur or s.unit[c] >= COLUMN or (s.radiation[c] and z > VILLAGE):
        return -1
    if (used[z] if used is not None else pieces_used(s, seat, z)) >= BOARD.pieces[z]:
        return -1
    cost = sum(BOARD.build_cost[x] for x in range(cur + 1, z + 1))
    if s.owner[c] == seat:
        return cost
    if s.owner[c] >= 0:
        return -1
    if LAND_MASK[c] & mine:
        return cost
    if not NEIGHBOUR_MASK[c] & mine:
        return -1
    return cost + min(SEA_COST[(c, d)] for d in NEIGHBOURS[c] if mine >> d & 1 and (c, d) in SEA_COST)


def do_build(s: WarOnTerrorState, seat: int, c: int, z: int) -> None:
    mine = empire_mask(s, seat)
    cost = build_cost(s, seat, c, z, mine)
    single = z - s.size[c] == 1
    if single and s.free_builds > 0:
        # Free Development: the pieces are free, a sea route is still paid
        s.free_builds -= 1
        cost -= BOARD.build_cost[z]
    else:
        s.builds -= 1
    s.money[seat] -= cost
    place_development(s, seat, c, z)


# ----------------------------------------------------------------------------- cards


def card_targets(s: WarOnTerrorState, k: int, side: int, seat: int) -> list[int]:
    """Countries (or seats, for seat cards) a card of type ``k`` may target when ``seat``
    (playing for ``side``) plays it; empty when it cannot be played now."""
    kind = CARD_KIND[k]
    n = s.n
    if kind in ATTACKS and s.round <= 1:
        return []  # Inizio del Gioco: no attacks in the first round
    mine = empire_mask(s, seat) if side < n and kind in ("war", "regime_change", "explorers") else 0
    near = 0
    if kind in ("war", "regime_change"):
        near = mine
        for c in range(N):
            if mine >> c & 1:
                near |= NEIGHBOUR_MASK[c]
    if kind == "war":
        return [
            c
            for c in range(N)
            if near >> c & 1 and ((s.owner[c] >= 0 and s.owner[c] != seat) or (s.owner[c] < 0 and s.unit[c]))
        ]
    if kind == "regime_change":
        if side == n:
            return []
        used = [0, 0, 0, 0]
        for c in range(N):
            if s.owner[c] == seat:
                used[s.size[c]] += 1
        return [
            c
            for c in range(N)
            if near >> c & 1
            and s.owner[c] >= 0
            and s.owner[c] != seat
            and used[s.size[c]] < BOARD.pieces[s.size[c]]
        ]
    if kind == "nuclear_weapons":
        return [c for c in range(N) if s.owner[c] != seat and (s.owner[c] >= 0 or s.unit[c])]
    if kind == "radiation_cleanup":
        return [c for c in range(N) if s.radiation[c]]
    if kind == "explorers":
        if side == n or pieces_used(s, seat, VILLAGE) >= BOARD.pieces[VILLAGE]:
            return []
        out = []
        for c in range(N):
            if s.owner[c] < 0 and s.unit[c] < COLUMN and SEA_MASK[c] & mine:
                out.append(c)
        return out
    if kind == "oil_gush":
        return [c for c in range(N) if s.owner[c] == seat and oil_revenue(s, c)]
    if kind == "terrorist_buy_off":
        per = BOARD.buy_off_per_vanguard
        return [c for c in range(N) if s.unit[c] and s.money[side] >= per * _worth(s.unit[c])]
    if kind in ("terrorist_attack", "suicide_bomber", "dirty_bomb"):
        return [c for c in range(N) if s.unit[c] and s.owner[c] >= 0 and s.owner[c] != seat]
    if kind == "wmds":
        return [c for c in range(N) if s.unit[c] and s.owner[c] != seat]
    if kind == "oil_theft":
        return [c for c in range(N) if s.unit[c] and s.owner[c] >= 0 and s.owner[c] != seat and s.chit[c]]
    if kind == "terrorist_recruitment":
        if units_used(s, VANGUARD) >= BOARD.units[VANGUARD]:
            return []
        return [c for c in range(N) if not s.unit[c]]
    if kind == "terrorist_training":
        room = [0] + [BOARD.units[z] - units_used(s, z) for z in (1, 2, 3)]
        return [c for c in range(N) if 0 < s.unit[c] < CELL and room[s.unit[c] + 1] > 0]
    if kind == "espionage":
        return [p for p in _other_sides(s, seat) if sum(s.hand[s.side(p) * K : s.side(p) * K + K])]
    if kind == "kyoto_protocol":
        taxed = {o for o, z in zip(s.owner, s.size) if z >= TOWN}  # Kyoto Protocol taxes towns and cities
        return [p for p in s.empires() if p != seat and p in taxed]
    if kind == "plane_hijack":
        return [p for p in s.empires() if p != seat and s.side(seat) != p]
    raise AssertionError(kind)


def _other_sides(s: WarOnTerrorState, seat: int) -> list[int]:
    """One seat per other side: every other empire, and the terrorists once (their first seat)."""
    out = [p for p in s.empires() if p != seat]
    if s.terrorist_seats and not s.terrorist[seat]:
        out.append(s.terrorist_seats[0])
    return sorted(out)


def _worth(z: int) -> int:
    """Vanguards a unit of size ``z`` is worth (Terroristi: column 5x, cell 2x)."""
    return BOARD.unit_cost[z] // BOARD.unit_cost[VANGUARD]


def card_playable(s: WarOnTerrorState, k: int, side: int, seat: int) -> bool:
    """Carte: any card in hand may be played, where it has an effect (a target)."""
    kind = CARD_KIND[k]
    if kind in COUNTRY_TARGET or kind in SEAT_TARGET:
        return bool(card_targets(s, k, side, seat))
    if kind == "free_development":
        return side < s.n
    if kind == "terrorist_movement":
        return any(s.unit)
    if kind == "video_appeal":
        return len(s.decks[TERROR]) > s.known[TERROR]  # face-down cards to draw (see resolve)
    return True  # whos_evil, intelligence_leak, its_your_birthday


def play_card(s: WarOnTerrorState, k: int) -> None:
    side = actor_side(s)
    s.hand[side * K + k] -= 1
    discard(s, k)
    kind = CARD_KIND[k]
    s.pending_card = k
    if kind in COUNTRY_TARGET:
        s.phase = state.P_TARGET
    elif kind in SEAT_TARGET:
        s.phase = state.P_TARGET_SEAT
    elif kind == "its_your_birthday" and open_window(s, _clockwise_empires(s, s.actor), state.RESUME_CARD):
        return  # every other empire pays: each may act out of turn first
    else:
        resolve(s, None)


def _clockwise_empires(s: WarOnTerrorState, seat: int) -> list[int]:
    """The empires other than ``seat``, clockwise from the seat after it."""
    n = s.n
    return [q for q in ((seat + i) % n for i in range(1, n)) if not s.terrorist[q]]


def choose_target(s: WarOnTerrorState, t: int) -> None:
    k = s.pending_card
    s.pending_target = t
    if CARD_KIND[k] == "war":
        # L'Asse del Male: 25m for each War card played on the Evil Empire
        if s.evil >= 0 and s.owner[t] == s.evil:
            s.money[actor_side(s)] += BOARD.evil_war_bonus
    if CARD_KIND[k] in HOSTILE and s.owner[t] >= 0 and s.owner[t] != s.actor:
        defender = s.owner[t]
        if len(response_options(s, defender, t)) > 1:
            # Azioni fuori dal tuo turno: the targeted empire may answer before the roll
            s.paused = s.actor
            s.actor = defender
            s.phase = state.P_RESPOND
            return
    elif CARD_KIND[k] in PAYING and open_window(s, [t], state.RESUME_CARD):
        return  # the seat made to pay may act out of turn first
    after_answer(s)


def response_options(s: WarOnTerrorState, seat: int, t: int) -> list[int]:
    """What ``seat`` may do when a card targets its development in ``t`` (Azioni fuori dal
    tuo turno: remove your developments or change sides at any moment). Ruling: the window
    opens when a hostile card is aimed at one of its developments, before the roll; it may
    dismantle that development for its refund (the card is then spent on an empty country),
    change sides (the same), or let the card resolve. Under the ``last_empire_holds`` house
    rule the last empire may do neither (as on its own turn)."""
    out = [actions.LET]
    if may_become(s, seat):
        out.append(actions.BECOME)
    if may_dismantle(s, s.owner.count(seat)):
        out.append(actions.DISMANTLE + t)
    return sorted(out)


def answer(s: WarOnTerrorState, a: int) -> None:
    """The targeted seat's answer; then the card goes on in the attacker's turn."""
    seat, t = s.actor, s.pending_target
    if a == actions.BECOME:
        convert(s, seat)
    elif a != actions.LET:
        dismantle(s, seat, t)
    s.actor = s.paused
    s.paused = -1
    if s.phase == state.GAME_OVER:
        return
    s.phase = state.P_PLAY
    if a == actions.LET:
        after_answer(s)
    else:
        # ruling: the card was aimed at a development that is gone: it is spent, no roll
        s.pending_card = s.pending_target = -1
        check_end(s)


def after_answer(s: WarOnTerrorState) -> None:
    """A targeted card goes on: its roll (combat cards), or its effect."""
    if CARDS[s.pending_card].roll:
        s.phase = state.P_COMBAT
    else:
        resolve(s, None)


def combat_need(s: WarOnTerrorState, k: int, c: int) -> int:
    """The 2d6 total a combat card needs against ``c`` (Combattimenti; reconstructed: the
    card's number, plus 1 for a town and 2 for a city defending, plus the same for a unit
    attacked by War, minus 1 for a column and 2 for a cell making a terrorist attack)."""
    kind = CARD_KIND[k]
    need = CARDS[k].roll
    if kind in ("war", "regime_change", "suicide_bomber"):
        if s.owner[c] >= 0 and s.owner[c] != s.actor:
            need += s.size[c] - 1
        elif kind == "war":
            need += s.unit[c] - 1
    elif kind == "terrorist_attack":
        need += (s.size[c] - 1) - (s.unit[c] - 1)
    return need


def resolve(s: WarOnTerrorState, roll: int | None) -> None:
    """Apply the pending card's effect (after its roll, for combat cards)."""
    k, t = s.pending_card, s.pending_target
    kind = CARD_KIND[k]
    seat = s.actor
    side = actor_side(s)
    s.pending_card = s.pending_target = -1
    s.phase = state.P_PLAY
    settled = settled_continents(s)
    hit = roll is not None and roll >= combat_need(s, k, t) if CARDS[k].roll else True
    if kind == "war":
        if hit:
            if s.owner[t] >= 0 and s.owner[t] != seat:
                loser = remove_development(s, t)
                # the attacker expands into the country when it may build there
                if s.unit[t] < COLUMN and pieces_used(s, seat, VILLAGE) < BOARD.pieces[VILLAGE]:
                    place_development(s, seat, t, VILLAGE)
                check_wiped(s, loser)
            else:
                s.unit[t] = 0
    elif kind == "regime_change":
        if hit:
            loser = s.owner[t]
            s.owner[t] = seat
            check_wiped(s, loser)
    elif kind in ("nuclear_weapons", "wmds"):
        if hit:
            loser = remove_development(s, t) if s.owner[t] >= 0 else -1
            s.unit[t] = 0
            if radiation_left(s) > 0:
                s.radiation[t] = 1
            check_wiped(s, loser)
    elif kind == "radiation_cleanup":
        s.radiation[t] = 0
    elif kind == "free_development":
        s.free_builds += 1
    elif kind == "explorers":
        place_development(s, seat, t, VILLAGE)
    elif kind == "espionage":
        victim = s.side(t)
        pool = [x for x in range(K) for _ in range(s.hand[victim * K + x])]
        s.rng, r = splitmix64(s.rng)
        x = pool[r % len(pool)]
        s.hand[victim * K + x] -= 1
        s.hand[side * K + x] += 1
    elif kind == "kyoto_protocol":
        tax = sum(
            BOARD.kyoto_town if s.size[c] == TOWN else BOARD.kyoto_city
            for c in range(N)
            if s.owner[c] == t and s.size[c] >= TOWN
        )
        owe(s, t, tax, -1)
    elif kind == "oil_gush":
        s.money[side] += oil_revenue(s, t)
    elif kind == "terrorist_buy_off":
        cost = BOARD.buy_off_per_vanguard * _worth(s.unit[t])
        s.money[side] -= cost
        s.unit[t] = 0
    elif kind == "whos_evil":
        s.resume_phase = state.P_PLAY
        s.phase = state.P_AXIS
    elif kind == "intelligence_leak":
        pass  # reveals secret messages: out of scope (open information model), a no-op
    elif kind == "terrorist_attack":
        if hit:
            loser = s.owner[t]
            s.size[t] -= 1
            if s.size[t] == 0:
                remove_development(s, t)
            check_wiped(s, loser)
    elif kind == "suicide_bomber":
        s.unit[t] = 0
        if hit:
            check_wiped(s, remove_development(s, t))
    elif kind == "dirty_bomb":
        if hit:
            # a village is destroyed; a bigger development is cut down to a village, the
            # most a radioactive country may hold (Segnalini Radiazioni)
            loser = s.owner[t]
            if s.size[t] == 1:
                remove_development(s, t)
            else:
                s.size[t] = 1
            if radiation_left(s) > 0:
                s.radiation[t] = 1
            check_wiped(s, loser)
    elif kind == "oil_theft":
        # reconstructed: the development's oil revenue, taken from its owner's cash (never
        # more than it holds: a theft, not a debt)
        victim = s.owner[t]
        got = min(BOARD.oil_revenue[s.size[t]], s.money[victim])
        s.money[victim] -= got
        s.money[side] += got
    elif kind == "plane_hijack":
        if not s.terrorist[t]:  # ruling: a target that changed sides first owes nothing
            owe(s, t, BOARD.hijack_ransom, side)
    elif kind == "its_your_birthday":
        for p in _other_sides(s, seat):
            owe(s, s.side(p), BOARD.birthday_gift, side)
    elif kind == "terrorist_movement":
        s.moves += 2
    elif kind == "terrorist_recruitment":
        s.unit[t] = 1
        s.units_seen = 1
    elif kind == "terrorist_training":
        s.unit[t] += 1
    elif kind == "video_appeal":
        # reconstructed: 2 terrorist cards from the face-down part of the deck, never the
        # played cards at its bottom (drawing those back, Video Appeal and It's Your Birthday
        # replayed each other without end once the rest of the deck was in hands)
        draw(s, side, TERROR, min(2, len(s.decks[TERROR]) - s.known[TERROR]))
    else:  # pragma: no cover - the loader refuses unknown kinds
        raise AssertionError(kind)
    _mark_cleared(s, settled)  # the card cleared the continent's last development
    settle(s)  # what the card made someone pay (a debtor short of money decides: state.P_DEBT)
    check_end(s)


# ----------------------------------------------------------------------------- turns


def start_turn(s: WarOnTerrorState) -> None:
    """Turno di gioco: roll the action die to begin (empire or terrorist turn)."""
    s.turns += 1
    s.builds = s.free_builds = s.moves = 0
    s.buys = BOARD.card_buys
    s.die = -1
    s.pending_card = s.pending_target = s.move_from = -1
    if terrorist_turn(s):
        # Il Turno del Giocatore Terrorista: one shared turn; ruling: its decisions are taken
        # by the terrorist seats in rotation
        s.actor = s.terrorist_seats[s.terrorist_turns % len(s.terrorist_seats)]
        s.terrorist_turns += 1
    else:
        s.actor = s.turn_seat
    s.phase = state.P_DIE
    if s.terrorist_seats and not s.terrorists_win_any_time and terrorist_turn(s):
        # Vincere il Gioco (ruling): the terrorists' turn begins with their points counted
        check_end(s)
        if s.phase == state.GAME_OVER:
            return
    # Azioni fuori dal tuo turno: every other empire may act before the turn begins
    n = s.n
    open_window(
        s, [q for q in ((s.turn_seat + i) % n for i in range(1, n)) if not s.terrorist[q]], state.RESUME_DIE
    )


def after_die(s: WarOnTerrorState) -> None:
    """Step 2: the free cards (2 empire cards; an Evil Empire 2 from each deck; the
    terrorists 2 terrorist cards), then play."""
    side = actor_side(s)
    if terrorist_turn(s):
        draw(s, side, TERROR, BOARD.free_cards)
    else:
        draw(s, side, EMPIRE, BOARD.free_cards)
        if s.evil == s.actor:
            draw(s, side, TERROR, BOARD.free_cards)
    s.phase = state.P_PLAY


def apply_die(s: WarOnTerrorState, face: int) -> None:
    kind, value = BOARD.die[face]
    s.die = face
    terrorists_play = terrorist_turn(s)
    if kind == "develop":
        if terrorists_play:
            s.moves = value
        else:
            s.builds = value
    elif kind == "extra_card":
        if not terrorists_play and s.evil == s.actor:
            s.phase = state.P_EXTRA_DECK
            s.resume_phase = value
            return
        draw(s, actor_side(s), TERROR if terrorists_play else EMPIRE, value)
    elif kind == "shuffle":
        shuffle_deck(s, TERROR if terrorists_play else EMPIRE)
    elif kind == "axis":
        s.resume_phase = state.P_DIE
        s.phase = state.P_AXIS
        return
    after_die(s)


def spin_axis(s: WarOnTerrorState, colour: int) -> None:
    """L'Asse del Male: the spinner points at a colour; an empire of that colour in play turns
    evil (2 free terrorist cards) until the next spin; otherwise nobody is evil."""
    if colour < s.n and not s.terrorist[colour]:
        s.evil = colour
        draw(s, colour, TERROR, BOARD.evil_free_cards)
    else:
        s.evil = -1
    if s.resume_phase == state.P_DIE:
        after_die(s)
    else:
        s.phase = state.P_PLAY
    s.resume_phase = -1


def oil_roll(s: WarOnTerrorState, total: int) -> None:
    """Lancio dei Dadi Petrolio: every empire with an unblocked development on the rolled
    number earns its revenue; then the next turn (clockwise)."""
    s.last_roll = total
    for c in range(N):
        if s.owner[c] >= 0 and s.chit[c] == total:
            s.money[s.owner[c]] += oil_revenue(s, c)
    # La pace nel Mondo (ruling: checked at the end of each turn, once units have been seen)
    if s.units_seen and not any(s.unit):
        finish(s, s.empires(), "world peace")
        return
    next_turn(s)


def next_turn(s: WarOnTerrorState) -> None:
    """The next slot clockwise: an empire's turn, or the terrorists' shared turn in the slot
    of the first seat that changed sides (the other terrorist seats' slots are skipped)."""
    n = s.n
    p = s.turn_seat
    while True:
        p = (p + 1) % n
        if p == s.start_seat:
            s.round += 1
        if not s.terrorist[p] or p == s.terrorist_seats[0]:
            break
        if p == s.turn_seat:  # pragma: no cover - every seat terrorist ends the game first
            break
    s.turn_seat = p
    if s.round > s.max_rounds:
        end_by_limit(s)
        return
    start_turn(s)


def finish(s: WarOnTerrorState, winners: list[int], reason: str) -> None:
    s.result = [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]
    s.end_reason = reason
    s.phase = state.GAME_OVER


def terrorists_count(s: WarOnTerrorState) -> bool:
    """Whether the terrorists' points are counted now (Vincere il Gioco; the text does not say
    when). Ruling: in the Terrorist Player's own turn -- the seat that changes sides plays as
    a terrorist "a partire dal regolare turno successivo", and the terrorists "take" their
    continents in their turn -- so that the empires have until then to settle an empty
    continent again. Under ``terrorist_win=any_time`` they count at every moment."""
    return s.terrorists_win_any_time or terrorist_turn(s)


def check_end(s: WarOnTerrorState) -> None:
    """Vincere il Gioco: an empire with enough liberation points wins; the terrorists win
    together with enough freed continents, counted in their own turn (``terrorists_count``),
    or once no empire is left."""
    if s.phase == state.GAME_OVER or s.round == 0:
        return
    emp = s.empires()
    if not emp:
        finish(s, list(range(s.n)), "no empire left")
        return
    need = BOARD.points_to_win[len(emp)]
    best = [p for p in emp if liberation_points(s, p) >= need]
    if s.terrorist_seats and terrorists_count(s) and terrorist_points(s) >= need:
        finish(s, s.terrorist_seats[:], "terrorist victory")
    elif best:
        top = max(liberation_points(s, p) for p in best)
        finish(s, [p for p in best if liberation_points(s, p) == top], "empire victory")


def end_by_limit(s: WarOnTerrorState) -> None:
    """Ruling (house rule): after ``max_rounds`` rounds the side nearest its target wins
    (liberation points over the points needed; ties share)."""
    emp = s.empires()
    need = BOARD.points_to_win[len(emp)] if emp else 1
    score: dict[int, float] = {p: liberation_points(s, p) / need for p in emp}
    tval = terrorist_points(s) / need if s.terrorist_seats else -1.0
    top = max(list(score.values()) + [tval])
    winners = [p for p, v in score.items() if v == top]
    if s.terrorist_seats and tval == top:
        winners += s.terrorist_seats
    finish(s, sorted(winners), "round limit")


# ----------------------------------------------------------------------------- legal / apply


def generate_legal(s: WarOnTerrorState) -> list[int]:
    """The legal actions, a fresh list (the state remembers them: ``RulesState``)."""
    phase = s.phase
    if phase == state.GAME_OVER:
        return []
    if current_player(s) == CHANCE:
        return [a for a, _ in chance_outcomes(s)]
    if phase == state.P_SETUP:
        return [actions.SETUP + c for c in range(N) if s.owner[c] < 0]
    if phase == state.P_EXTRA_DECK:
        return [a for a, d in ((actions.DECK_E, EMPIRE), (actions.DECK_T, TERROR)) if s.decks[d]] or [
            actions.END
        ]
    if phase == state.P_TARGET:
        return [actions.TARGET + c for c in card_targets(s, s.pending_card, actor_side(s), s.actor)]
    if phase == state.P_TARGET_SEAT:
        return [actions.TARGET_SEAT + p for p in card_targets(s, s.pending_card, actor_side(s), s.actor)]
    if phase == state.P_MOVE_TO:
        return [actions.TARGET + d for d in NEIGHBOURS[s.move_from] if not s.unit[d]]
    if phase == state.P_RESPOND:
        return response_options(s, s.actor, s.pending_target)
    if phase == state.P_ASK:
        return [actions.PASS, actions.ACT]
    if phase == state.P_OUT:
        return out_actions(s)
    if phase == state.P_DEBT:
        return [actions.DISMANTLE + c for c in range(N) if s.owner[c] == s.actor]
    return _play_actions(s)


def _play_actions(s: WarOnTerrorState) -> list[int]:
    seat = s.actor
    side = actor_side(s)
    n = s.n
    terrorists_play = side == n
    money = s.money[side]
    out = [actions.END]
    if not terrorists_play and may_become(s, seat):
        # Diventare Terrorista (3): by choice, at any time (not the last empire under the
        # last_empire_holds house rule)
        out.append(actions.BECOME)
    if s.buys > 0 and money >= BOARD.card_cost:
        if not terrorists_play and s.decks[EMPIRE]:
            out.append(actions.BUY_CARD_E)
        # L'Asse del Male: an Evil Empire buys from either deck
        if (terrorists_play or s.evil == seat) and s.decks[TERROR]:
            out.append(actions.BUY_CARD_T)
    vanguard_cost = BOARD.unit_cost[VANGUARD]
    on_board = [0, 0, 0, 0]
    for u in s.unit:
        on_board[u] += 1
    camps = s.camp
    in_camps = [0, 0, 0, 0]
    for i in range(len(camps)):
        in_camps[i & 3] += camps[i]
    free_units = [BOARD.units[z] - on_board[z] - in_camps[z] for z in range(4)]
    van_free = free_units[1] > 0
    # Terroristi: any terrorists may be bought and kept off the board, in the training camp
    # ("Acquistare un qualsiasi numero di terroristi ... o tenerli fuori da esso")
    for z in (1, 2, 3):
        if money >= BOARD.unit_cost[z] and free_units[z] > 0:
            out.append(actions.BUY_CAMP + z - 1)
    playable: dict[str, bool] = {}  # by kind: a card's targets do not depend on its number
    for k in range(K):
        if s.hand[side * K + k]:
            kind = CARD_KIND[k]
            ok = playable.get(kind)
            if ok is None:
                ok = playable[kind] = card_playable(s, k, side, seat)
            if ok:
                out.append(actions.PLAY + k)
    if not terrorists_play and (s.builds > 0 or s.free_builds > 0):
        mine = 0
        used = [0, 0, 0, 0]
        for c, o in enumerate(s.owner):
            if o == seat:
                mine |= BIT[c]
                used[s.size[c]] += 1
        near = mine
        for c in range(N):
            if mine & BIT[c]:
                near |= NEIGHBOUR_MASK[c]
        for c in range(N):
            if not near & BIT[c] or s.unit[c] >= COLUMN or (s.owner[c] >= 0 and s.owner[c] != seat):
                continue  # build_cost refuses these (Urbanizzazioni)
            for z in (1, 2, 3):
                if s.builds <= 0 and z - s.size[c] != 1:
                    continue
                cost = build_cost(s, seat, c, z, mine, used)
                if cost < 0:
                    continue
                if s.free_builds > 0 and z - s.size[c] == 1:
                    cost -= BOARD.build_cost[z]
                if cost <= money:
                    out.append(actions.BUILD + 3 * c + z - 1)
    if not terrorists_play:
        # Azioni fuori dal tuo turno: remove your own developments at any time for a refund
        mine_now = [c for c in range(N) if s.owner[c] == seat]
        if may_dismantle(s, len(mine_now)):
            out.extend(actions.DISMANTLE + c for c in mine_now)
    camp = side * 4
    placeable = [z - 1 for z in (1, 2, 3) if s.camp[camp + z]]
    buy = money >= vanguard_cost and van_free
    can_up = [False] + [
        money >= BOARD.unit_cost[u + 1] - BOARD.unit_cost[u] and free_units[u + 1] > 0 for u in (1, 2)
    ]
    for c, u in enumerate(s.unit):
        if not u:
            if buy:
                out.append(actions.BUY_UNIT + c)
            for z in placeable:
                out.append(actions.PLACE + 3 * c + z)
        elif u < CELL and can_up[u]:
            out.append(actions.UPGRADE + c)
    if s.moves > 0:
        occupied = 0
        for c in range(N):
            if s.unit[c]:
                occupied |= 1 << c
        out.extend(actions.MOVE_FROM + c for c in range(N) if s.unit[c] and NEIGHBOUR_MASK[c] & ~occupied)
    out.sort()
    return out


def chance_outcomes(s: WarOnTerrorState) -> list[tuple[int, float]]:
    phase = s.phase
    if phase == state.P_FIRST:
        return [(actions.CHANCE_OUTCOME + p, 1.0 / s.n) for p in range(s.n)]
    if phase == state.P_DIE:
        return [(actions.CHANCE_OUTCOME + f, 1.0 / DIE_FACES) for f in range(DIE_FACES)]
    if phase == state.P_AXIS:  # L'Asse del Male: the spinner points at one of the seats' colours
        colours = len(SEAT_NAMES)
        return [(actions.CHANCE_OUTCOME + f, 1.0 / colours) for f in range(colours)]
    if phase in (state.P_COMBAT, state.P_OIL):
        return [(actions.CHANCE_OUTCOME + t, p) for t, p in TWO_D6]
    return []


def play(s: WarOnTerrorState, a: int) -> None:
    """Carry out legal action ``a`` (``RulesState.apply_action`` checked it and recorded it)."""
    phase = s.phase
    if phase == state.P_FIRST:
        # Round di preparazione: 2d6 each, the highest starts (ties rolled again: uniform);
        # villages are placed counter-clockwise from there
        first = a - actions.CHANCE_OUTCOME
        s.setup_order = [(first - i) % s.n for i in range(s.n)]
        s.actor = s.setup_order[0]
        s.setup_left = BOARD.start_villages[s.n]
        s.phase = state.P_SETUP
    elif phase == state.P_SETUP:
        c = a - actions.SETUP
        place_development(s, s.actor, c, VILLAGE)
        s.setup_left -= 1
        if s.setup_left == 0:
            i = s.setup_order.index(s.actor) + 1
            if i < s.n:
                s.actor = s.setup_order[i]
                s.setup_left = BOARD.start_villages[s.n]
            else:
                # the last placer plays the first turn; then clockwise
                s.turn_seat = s.start_seat = s.actor
                s.round = 1
                start_turn(s)
    elif phase == state.P_DIE:
        apply_die(s, a - actions.CHANCE_OUTCOME)
    elif phase == state.P_AXIS:
        spin_axis(s, a - actions.CHANCE_OUTCOME)
    elif phase == state.P_COMBAT:
        s.last_roll = a - actions.CHANCE_OUTCOME
        resolve(s, a - actions.CHANCE_OUTCOME)
    elif phase == state.P_OIL:
        oil_roll(s, a - actions.CHANCE_OUTCOME)
    elif phase == state.P_EXTRA_DECK:
        if a != actions.END:
            draw(s, s.actor, EMPIRE if a == actions.DECK_E else TERROR, s.resume_phase)
        s.resume_phase = -1
        after_die(s)
    elif phase == state.P_RESPOND:
        answer(s, a)
    elif phase in (state.P_ASK, state.P_OUT):
        act_out(s, a)
    elif phase == state.P_DEBT:
        debt_dismantle(s, a - actions.DISMANTLE)
    elif phase in (state.P_TARGET, state.P_TARGET_SEAT):
        choose_target(s, a - (actions.TARGET if phase == state.P_TARGET else actions.TARGET_SEAT))
    elif phase == state.P_MOVE_TO:
        d = a - actions.TARGET
        s.unit[d] = s.unit[s.move_from]
        s.unit[s.move_from] = 0
        s.move_from = -1
        s.moves -= 1
        s.phase = state.P_PLAY
    else:
        _apply_play(s, a)


def _apply_play(s: WarOnTerrorState, a: int) -> None:
    seat = s.actor
    side = actor_side(s)
    if a == actions.END:
        s.phase = state.P_OIL
    elif a == actions.BECOME:
        convert(s, seat)
    elif a in (actions.BUY_CARD_E, actions.BUY_CARD_T):
        s.money[side] -= BOARD.card_cost
        s.buys -= 1
        draw(s, side, EMPIRE if a == actions.BUY_CARD_E else TERROR, 1)
    elif actions.BUY_CAMP <= a < actions.BUY_CAMP + 3:
        z = a - actions.BUY_CAMP + 1
        s.money[side] -= BOARD.unit_cost[z]
        s.camp[side * 4 + z] += 1
    elif actions.PLAY <= a < actions.TARGET:
        play_card(s, a - actions.PLAY)
    elif actions.BUILD <= a < actions.DISMANTLE:
        c, z = divmod(a - actions.BUILD, 3)
        do_build(s, seat, c, z + 1)
        check_end(s)
    elif actions.DISMANTLE <= a < actions.BUY_UNIT:
        dismantle(s, seat, a - actions.DISMANTLE)
    elif actions.BUY_UNIT <= a < actions.UPGRADE:
        c = a - actions.BUY_UNIT
        s.money[side] -= BOARD.unit_cost[VANGUARD]
        s.unit[c] = 1
        s.units_seen = 1
    elif actions.UPGRADE <= a < actions.PLACE:
        c = a - actions.UPGRADE
        u = s.unit[c]
        # Terroristi: upgrade by adding units (a vanguard plus 4 vanguards is a column)
        s.money[side] -= BOARD.unit_cost[u + 1] - BOARD.unit_cost[u]
        s.unit[c] = u + 1
    elif actions.PLACE <= a < actions.MOVE_FROM:
        c, z = divmod(a - actions.PLACE, 3)
        s.camp[side * 4 + z + 1] -= 1
        s.unit[c] = z + 1
        s.units_seen = 1
    elif actions.MOVE_FROM <= a < actions.SETUP:
        s.move_from = a - actions.MOVE_FROM
        s.phase = state.P_MOVE_TO
    else:  # pragma: no cover - legal_actions guards this
        raise IllegalAction(f"action {a} has no meaning here")


def why_illegal(s: WarOnTerrorState, a: int) -> str:
    """Why ``a`` is refused here."""
    if s.phase == state.GAME_OVER:
        return "the game is over"
    return f"'{describe(s, a)}' is not legal now ({state.PHASE_NAMES[s.phase]})"


# ----------------------------------------------------------------------------- texts

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Orange", "Purple")
# the actions with one id per country (see ``actions``): the first id and the text
_PER_COUNTRY = (
    (actions.TARGET, "target {}"),
    (actions.DISMANTLE, "dismantle {}"),
    (actions.BUY_UNIT, "buy vanguard in {}"),
    (actions.UPGRADE, "upgrade unit in {}"),
    (actions.MOVE_FROM, "move unit from {}"),
    (actions.SETUP, "place village in {}"),
)
# ...and those with three per country, one a size (1 to 3): the first id, the text, the sizes' names
_PER_COUNTRY_AND_SIZE = (
    (actions.BUILD, "build {} in {}", SIZE_NAMES),
    (actions.PLACE, "place camp {} in {}", UNIT_NAMES),
)


def describe(s: WarOnTerrorState, a: int) -> str:
    """Short text of an action (``action_to_string``)."""
    phase = s.phase
    if actions.CHANCE_OUTCOME <= a < actions.NUM_ACTIONS:
        v = a - actions.CHANCE_OUTCOME
        if phase == state.P_FIRST:
            return f"first player: {SEAT_NAMES[v] if v < len(SEAT_NAMES) else v}"
        if phase == state.P_DIE:
            kind, value = BOARD.die[v] if v < DIE_FACES else ("?", 0)
            terrorists_play = terrorist_turn(s)
            if kind == "develop":
                return f"action die: {value} {'moves' if terrorists_play else 'developments'}"
            if kind == "extra_card":
                return "action die: extra card"
            if kind == "shuffle":
                return f"action die: shuffle the {'terrorist' if terrorists_play else 'empire'} deck"
            return "action die: spin the Axis of Evil"
        if phase == state.P_AXIS:
            return f"Axis of Evil points at {SEAT_NAMES[v] if v < len(SEAT_NAMES) else v}"
        if phase == state.P_COMBAT:
            return f"2d6: {v}"
        return f"oil dice: {v}"
    if a in actions.FIXED:
        return actions.FIXED[a]
    if actions.PLAY <= a < actions.TARGET:
        return f"play {CARDS[a - actions.PLAY].name}"
    if actions.TARGET_SEAT <= a < actions.BUILD:
        return f"target {SEAT_NAMES[a - actions.TARGET_SEAT]}"
    for base, text in _PER_COUNTRY:
        if base <= a < base + N:
            return text.format(BOARD.countries[a - base])
    for base, text, names in _PER_COUNTRY_AND_SIZE:
        if base <= a < base + 3 * N:
            c, z = divmod(a - base, 3)
            return text.format(names[z + 1], BOARD.countries[c])
    return f"action {a}"
