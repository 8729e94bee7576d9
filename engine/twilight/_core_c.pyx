# cython: language_level=3, boundscheck=False, cdivision=False, initializedcheck=False
"""Compiled Twilight Struggle core: the state as a ``cdef class`` and the rules' hot path
(legal actions, applying actions, the frame machine and the turn sequence) in typed Cython.

``rules.py`` (with ``state.TSState``) is the reference this module must match action for
action: ``tests/twilight/test_core_differential.py`` plays seeded games through both in
lockstep and compares legal actions, action texts and every field at every step. Each
function here carries the name and rule citations of its counterpart in ``rules.py``; read
that module for the prose. Card events stay in Python (``engine/twilight/events``): they run
on this state through its Python attributes (under 1% of a random game's time).

Frames are the same tuples as in ``frames.py``; kinds and modes are C constants here, checked
against ``frames.py`` at import.
"""

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.math cimport copysign, exp
from libc.stdint cimport uint64_t

from realpolitik.engine.core.api import IllegalAction, check_action
from realpolitik.engine.core import rng as _rng
from realpolitik.engine.twilight import _movegen_c
from realpolitik.engine.twilight import actions
from realpolitik.engine.twilight import frames
from realpolitik.engine.twilight import heuristics
from realpolitik.engine.twilight import rules
from realpolitik.engine.twilight.board import (
    ASIA, BOARD, CENTRAL_AMERICA, EUROPE, MIDDLE_EAST, SIDE_NAMES, SOUTH_AMERICA,
)
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import EVENTS, RESUME

IMPL = "compiled"

# ---------------------------------------------------------------- constants
cdef enum:
    USSR = 0
    US = 1
    K_SETUP = 0
    K_HEADLINE = 1
    K_ACTION = 2
    K_ORDER = 3
    K_OPSTART = 4
    K_INFLUENCE = 5
    K_REALIGN = 6
    K_REALIGN_ROLL = 7
    K_COUP = 8
    K_COUP_ROLL = 9
    K_SPACE_ROLL = 10
    K_OPSMODE = 11
    K_EVENT = 12
    K_FINISH = 13
    K_PLACE = 14
    K_REMOVE = 15
    K_CCOUNTRY = 16
    K_COPTION = 17
    K_CCARD = 18
    K_ROLL = 19
    K_RANDOM_CARD = 20
    K_CALL = 21
    K_TRAP = 22
    K_TRAP_ROLL = 23
    K_HELD = 24
    M_EVENT = 0
    M_INFLUENCE = 1
    M_REALIGN = 2
    M_COUP = 3
    M_SPACE = 4
    M_HEADLINE = 5
    AUTO = -2
    CHANCE_P = -1
    PH_SETUP = 0
    PH_HEADLINE = 1
    PH_ACTION = 2
    PH_END = 3
    GAME_OVER = 4
    COUNTRY_BASE = 900
    OPTION_BASE = 1000
    CARD_BASE = 1100
    DIE_BASE = 1250
    OPT_PASS = 0
    OPT_EVENT_FIRST = 1
    OPT_OPS_FIRST = 2
    OPT_CANCEL_CRISIS_CUBA = 3
    OPT_CANCEL_CRISIS_WGERMANY = 4
    OPT_CANCEL_CRISIS_TURKEY = 5
    OPT_RETURN = 6
    OPT_DONE = 7
    OPT_MODE_BASE = 10
    OPT_MODE_PASS = 19
    OPTIONAL_MODES = 128
    CHINA = 6
    UN_INTERVENTION = 32
    DEFECTORS = 103
    MAXC = 128
    CARD_VIETNAM_REVOLTS = 9
    CARD_DE_GAULLE_LEADS_FRANCE = 17
    CARD_NATO = 21
    CARD_CONTAINMENT = 25
    CARD_US_JAPAN_PACT = 27
    CARD_NUCLEAR_SUBS = 41
    CARD_QUAGMIRE = 42
    CARD_SALT_NEGOTIATIONS = 43
    CARD_BEAR_TRAP = 44
    CARD_KITCHEN_DEBATES = 48
    CARD_MISSILE_ENVY = 49
    CARD_BREZHNEV_DOCTRINE = 51
    CARD_WILLY_BRANDT = 55
    CARD_FLOWER_POWER = 59
    CARD_SHUTTLE_DIPLOMACY = 73
    CARD_NORTH_SEA_OIL = 86
    CARD_REFORMER = 87
    CARD_IRAN_CONTRA_SCANDAL = 93
    CARD_ALDRICH_AMES = 98
    CARD_CAMBRIDGE_FIVE = 104
    CARD_NORAD = 106
    CARD_CHE = 107
    CARD_OUR_MAN_IN_TEHRAN = 108
    CARD_YURI_AND_SAMANTHA = 109
    CARD_FORMOSAN_RESOLUTION = 101

# The reference's numbering, checked once: a renumbered frame kind or card must fail loudly here.
_KINDS = (
    (K_SETUP, frames.SETUP), (K_HEADLINE, frames.HEADLINE), (K_ACTION, frames.ACTION), (K_ORDER, frames.ORDER),
    (K_OPSTART, frames.OPSTART), (K_INFLUENCE, frames.INFLUENCE), (K_REALIGN, frames.REALIGN), (K_REALIGN_ROLL, frames.REALIGN_ROLL),
    (K_COUP, frames.COUP), (K_COUP_ROLL, frames.COUP_ROLL), (K_SPACE_ROLL, frames.SPACE_ROLL), (K_OPSMODE, frames.OPSMODE),
    (K_EVENT, frames.EVENT), (K_FINISH, frames.FINISH), (K_PLACE, frames.PLACE), (K_REMOVE, frames.REMOVE),
    (K_CCOUNTRY, frames.CCOUNTRY), (K_COPTION, frames.COPTION), (K_CCARD, frames.CCARD), (K_ROLL, frames.ROLL),
    (K_RANDOM_CARD, frames.RANDOM_CARD), (K_CALL, frames.CALL), (K_TRAP, frames.TRAP), (K_TRAP_ROLL, frames.TRAP_ROLL), (K_HELD, frames.HELD),
    (M_EVENT, frames.M_EVENT), (M_INFLUENCE, frames.M_INFLUENCE), (M_REALIGN, frames.M_REALIGN), (M_COUP, frames.M_COUP),
    (M_SPACE, frames.M_SPACE), (M_HEADLINE, frames.M_HEADLINE), (AUTO, frames.AUTO), (CHANCE_P, frames.CHANCE_P),
    (COUNTRY_BASE, actions.COUNTRY_BASE), (OPTION_BASE, actions.OPTION_BASE), (CARD_BASE, actions.CARD_BASE),
    (DIE_BASE, actions.DIE_BASE), (OPT_PASS, actions.OPT_PASS), (OPT_EVENT_FIRST, actions.OPT_EVENT_FIRST),
    (OPT_OPS_FIRST, actions.OPT_OPS_FIRST), (OPT_CANCEL_CRISIS_CUBA, actions.OPT_CANCEL_CRISIS_CUBA),
    (OPT_CANCEL_CRISIS_WGERMANY, actions.OPT_CANCEL_CRISIS_WGERMANY), (OPT_CANCEL_CRISIS_TURKEY, actions.OPT_CANCEL_CRISIS_TURKEY),
    (OPT_RETURN, actions.OPT_RETURN), (OPT_DONE, actions.OPT_DONE), (OPT_MODE_BASE, actions.OPT_MODE_BASE),
    (OPT_MODE_PASS, actions.OPT_MODE_PASS), (OPTIONAL_MODES, rules.OPTIONAL_MODES), (CHINA, rules.CHINA),
    (UN_INTERVENTION, rules.UN_INTERVENTION), (DEFECTORS, rules.DEFECTORS), (actions.PLAY_BASE, 0),
    (CARD_VIETNAM_REVOLTS, Card.VIETNAM_REVOLTS),
    (CARD_DE_GAULLE_LEADS_FRANCE, Card.DE_GAULLE_LEADS_FRANCE),
    (CARD_NATO, Card.NATO),
    (CARD_CONTAINMENT, Card.CONTAINMENT),
    (CARD_US_JAPAN_PACT, Card.US_JAPAN_PACT),
    (CARD_NUCLEAR_SUBS, Card.NUCLEAR_SUBS),
    (CARD_QUAGMIRE, Card.QUAGMIRE),
    (CARD_SALT_NEGOTIATIONS, Card.SALT_NEGOTIATIONS),
    (CARD_BEAR_TRAP, Card.BEAR_TRAP),
    (CARD_KITCHEN_DEBATES, Card.KITCHEN_DEBATES),
    (CARD_MISSILE_ENVY, Card.MISSILE_ENVY),
    (CARD_BREZHNEV_DOCTRINE, Card.BREZHNEV_DOCTRINE),
    (CARD_WILLY_BRANDT, Card.WILLY_BRANDT),
    (CARD_FLOWER_POWER, Card.FLOWER_POWER),
    (CARD_SHUTTLE_DIPLOMACY, Card.SHUTTLE_DIPLOMACY),
    (CARD_NORTH_SEA_OIL, Card.NORTH_SEA_OIL),
    (CARD_REFORMER, Card.REFORMER),
    (CARD_IRAN_CONTRA_SCANDAL, Card.IRAN_CONTRA_SCANDAL),
    (CARD_ALDRICH_AMES, Card.ALDRICH_AMES),
    (CARD_CAMBRIDGE_FIVE, Card.CAMBRIDGE_FIVE),
    (CARD_NORAD, Card.NORAD),
    (CARD_CHE, Card.CHE),
    (CARD_OUR_MAN_IN_TEHRAN, Card.OUR_MAN_IN_TEHRAN),
    (CARD_YURI_AND_SAMANTHA, Card.YURI_AND_SAMANTHA),
    (CARD_FORMOSAN_RESOLUTION, Card.FORMOSAN_RESOLUTION),
)
for _mine, _ref in _KINDS:
    if _mine != _ref:
        raise ImportError(f"_core_c constants out of step with the reference ({_mine} != {_ref})")

cdef int N = BOARD.n
if N > MAXC:
    raise ImportError("at most 128 countries")
cdef long STAB[MAXC]
cdef bint BATTLEGROUND[MAXC]
cdef int NB[MAXC][16]
cdef int NNB[MAXC]
for _country in range(N):
    STAB[_country] = BOARD.stability[_country]
    BATTLEGROUND[_country] = BOARD.battleground[_country]
    NNB[_country] = len(BOARD.neighbours[_country])
    if NNB[_country] > 16:
        raise ImportError("at most 16 neighbours per country")
    for _slot, _neighbour in enumerate(BOARD.neighbours[_country]):
        NB[_country][_slot] = _neighbour

cdef dict CARDS = BOARD.cards
cdef int C_OPS[MAXC]
cdef int C_SIDE[MAXC]
cdef bint C_SCORING[MAXC]
cdef bint C_STARRED[MAXC]
cdef bint C_WAR[MAXC]
cdef bint C_ON_TABLE[MAXC]
for _number in range(MAXC):
    C_OPS[_number] = 0
    C_SIDE[_number] = -1
    C_SCORING[_number] = False
    C_STARRED[_number] = False
    C_WAR[_number] = _number in rules.WAR_CARDS
    C_ON_TABLE[_number] = _number in rules.ON_TABLE
for _number, _card in CARDS.items():
    if not 0 < _number < MAXC:
        raise ImportError("card numbers must be 1..127")
    C_OPS[_number] = _card.ops
    C_SIDE[_number] = _card.side
    C_SCORING[_number] = _card.scoring
    C_STARRED[_number] = _card.starred

cdef int SP_OPS[9]
cdef int SP_ROLL[9]
cdef int SP_VP1[9]
cdef int SP_VP2[9]
for _box in range(9):
    SP_OPS[_box], SP_ROLL[_box], SP_VP1[_box], SP_VP2[_box] = BOARD.space[_box][:4]

cdef object ASIA_MASK = BOARD.region_mask[ASIA]
cdef object SEA_MASK = BOARD.sea_mask
cdef object EUROPE_MASK = BOARD.region_mask[EUROPE]
cdef object ME_MASK = BOARD.region_mask[MIDDLE_EAST]
cdef object CA_SA_MASK = BOARD.region_mask[CENTRAL_AMERICA] | BOARD.region_mask[SOUTH_AMERICA]
cdef object ADJ_SUPER0 = BOARD.adj_superpower[0]
cdef object ADJ_SUPER1 = BOARD.adj_superpower[1]
cdef object REGION_MASKS = tuple(BOARD.region_mask)
cdef dict PREREQUISITES = rules.PREREQUISITES
cdef dict PROHIBITED_BY = rules.PROHIBITED_BY
cdef int JAPAN = rules.JAPAN
cdef int FRANCE = rules.FRANCE
cdef int W_GERMANY = rules.W_GERMANY
cdef int CUBA = rules.CUBA
cdef int TURKEY = rules.TURKEY
cdef int CANADA = rules.CANADA
cdef bint C_DELUXE_OPS[MAXC]
for _n in range(MAXC):
    C_DELUXE_OPS[_n] = _n in rules.DELUXE_OPS
cdef tuple DIE_ACTIONS = rules.DIE_ACTIONS
cdef tuple DIE_OUTCOMES = rules.DIE_OUTCOMES
cdef tuple PLAY_BASE_MODES = rules.PLAY_BASE_MODES
cdef tuple FINAL_ORDER = (2, 1, 3, 37, 35, 79)
cdef bint CHECK_LEGAL = rules._CHECK_LEGAL
cdef object ONE = 1
if _rng.MASK64 != 0xFFFFFFFFFFFFFFFF:
    raise ImportError("engine.core.rng is not SplitMix64 over 64 bits")


cdef object shuffle(list items, object seed_state):
    """``engine.core.rng.shuffle`` (SplitMix64 Fisher–Yates) with C integers: the same order
    and the same returned state (tested against the reference)."""
    cdef uint64_t x = seed_state, z
    cdef Py_ssize_t i, j
    for i in range(len(items) - 1, 0, -1):
        x = x + <uint64_t>0x9E3779B97F4A7C15
        z = x
        z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
        z = z ^ (z >> 31)
        j = <Py_ssize_t>(z % <uint64_t>(i + 1))
        items[i], items[j] = items[j], items[i]
    return x


def rng_shuffle(list items, seed_state):
    """The C shuffle, for callers outside this module (the tests compare it with the reference)."""
    return shuffle(items, seed_state)


cdef inline bint bit(object mask, int i):
    return (mask >> i) & 1


cdef inline int opp(int side):
    return 1 - side


# ---------------------------------------------------------------- the state
cdef class CState:
    """The compiled twin of ``state.TSState``: the same fields under the same names, so that
    event code and everything outside the core read and write it alike (see state.py)."""

    cdef public list inf
    cdef public int vp, defcon, turn, action_round, phase, phasing
    cdef public list milops, space, space_tries, rounds_done, hands, deck, discard, removed, box, inplay
    cdef public int china
    cdef public bint china_up
    cdef public list headline
    cdef public object perm, turnfx
    cdef public int red_scare, missile_crisis, death_squads, chernobyl, missile_envy
    cdef public list ames
    cdef public int revealed, bury_you_pending
    cdef public list round_start, stack
    cdef public object rng
    cdef public int winner
    cdef public str end_reason
    cdef public list history
    cdef public object seed
    cdef public object options
    cdef public object _queue, _legal

    def __init__(self):
        self.inf = [0] * (2 * N)
        self.vp = 0
        self.defcon = 5
        self.turn = 1
        self.action_round = 0
        self.phase = PH_SETUP
        self.phasing = -1
        self.milops = [0, 0]
        self.space = [0, 0]
        self.space_tries = [0, 0]
        self.rounds_done = [0, 0]
        self.hands = [[], []]
        self.deck = []
        self.discard = []
        self.removed = []
        self.box = []
        self.inplay = []
        self.china = USSR
        self.china_up = True
        self.headline = [0, 0]
        self.perm = 0
        self.turnfx = 0
        self.red_scare = 0
        self.missile_crisis = 0
        self.death_squads = 0
        self.chernobyl = -1
        self.missile_envy = -1
        self.ames = []
        self.revealed = 0
        self.bury_you_pending = 0
        self.round_start = [0, 0]
        self.stack = []
        self.rng = 0
        self.winner = -1
        self.end_reason = ""
        self.history = []
        self.seed = 0
        self.options = {}
        self._queue = None
        self._legal = None

    def touch(self):
        """See ``TSState.touch``."""
        self._legal = None

    def clone(self):
        """An independent copy (see ``TSState.clone``)."""
        cdef CState c = type(self).__new__(type(self))
        c.inf = self.inf[:]
        c.vp = self.vp
        c.defcon = self.defcon
        c.turn = self.turn
        c.action_round = self.action_round
        c.phase = self.phase
        c.phasing = self.phasing
        c.milops = self.milops[:]
        c.space = self.space[:]
        c.space_tries = self.space_tries[:]
        c.rounds_done = self.rounds_done[:]
        c.hands = [(<list>self.hands[0])[:], (<list>self.hands[1])[:]]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.removed = self.removed[:]
        c.box = self.box[:]
        c.inplay = self.inplay[:]
        c.china = self.china
        c.china_up = self.china_up
        c.headline = self.headline[:]
        c.perm = self.perm
        c.turnfx = self.turnfx
        c.red_scare = self.red_scare
        c.missile_crisis = self.missile_crisis
        c.death_squads = self.death_squads
        c.chernobyl = self.chernobyl
        c.missile_envy = self.missile_envy
        c.ames = self.ames[:]
        c.revealed = self.revealed
        c.bury_you_pending = self.bury_you_pending
        c.round_start = self.round_start[:]
        c.stack = self.stack[:]
        c.rng = self.rng
        c.winner = self.winner
        c.end_reason = self.end_reason
        c.history = self.history[:]
        c.seed = self.seed
        c.options = self.options
        c._queue = None
        c._legal = None
        return c

    # ----- influence and control (2.1.7) -----
    def influence(self, int side, int c):
        return self.inf[side * N + c]

    def add_inf(self, int side, int c, long n):
        _add_inf(self, side, c, n)

    def remove_inf(self, int side, int c, long n):
        return _remove_inf(self, side, c, n)

    def set_inf(self, int side, int c, long n):
        self.inf[side * N + c] = n if n > 0 else 0

    def controller(self, int c):
        if _controls(self, USSR, c):
            return USSR
        if _controls(self, US, c):
            return US
        return -1

    def controls(self, int side, int c):
        return _controls(self, side, c)

    def control_mask(self, int side):
        return _movegen_c.control(self.inf, side)

    def presence_mask(self, int side):
        return _movegen_c.presence(self.inf, side)

    def influence_to_control(self, int side, int c):
        cdef long need = _inf(self, 1 - side, c) + STAB[c]
        return need if need > STAB[c] else STAB[c]

    # ----- tracks -----
    def gain_vp(self, int side, int n):
        self.vp += n if side == US else -n

    def flag(self, int card):
        return bool((self.perm | self.turnfx) >> card & 1)

    def set_perm(self, int card, bint on=True):
        if on:
            self.perm |= ONE << card
        else:
            self.perm &= ~(ONE << card)

    def set_turn(self, int card, bint on=True):
        if on:
            self.turnfx |= ONE << card
        else:
            self.turnfx &= ~(ONE << card)

    def is_over(self):
        return self.winner >= 0

    def end(self, int winner, str reason):
        _end(self, winner, reason)


cdef inline long _inf(CState s, int side, int c):
    return <long><object>PyList_GET_ITEM(s.inf, side * N + c)


cdef inline void _add_inf(CState s, int side, int c, long n):
    cdef long v = _inf(s, side, c) + n
    s.inf[side * N + c] = v if v > 0 else 0


cdef inline long _remove_inf(CState s, int side, int c, long n):
    cdef long have = _inf(s, side, c)
    cdef long take = n if n < have else have
    s.inf[side * N + c] = have - take
    return take


cdef inline bint _controls(CState s, int side, int c):
    cdef long stability = STAB[c]
    cdef long mine = _inf(s, side, c)
    return mine >= stability and mine - _inf(s, 1 - side, c) >= stability


cdef inline void _gain_vp(CState s, int side, int n):
    s.vp += n if side == US else -n


cdef void _end(CState s, int winner, str reason):
    if s.winner < 0:
        s.winner = winner
        s.end_reason = reason
        s.stack.clear()
        s.phasing = -1


cdef inline bint _turnfx(CState s, int card):
    return bit(s.turnfx, card)


cdef inline bint _perm(CState s, int card):
    return bit(s.perm, card)


cdef inline tuple _top(CState s):
    return <tuple>s.stack[PyList_GET_SIZE(s.stack) - 1]


cdef inline int _kind(tuple frame):
    return <int><object>PyTuple_GET_ITEM(frame, 0)


cdef inline int _frame_int(tuple frame, Py_ssize_t i):
    """Item ``i`` of ``frame``, an int (the layouts are in ``frames.py``)."""
    return <int><object>PyTuple_GET_ITEM(frame, i)


cdef inline bint _is_chance(int k):
    return k == K_REALIGN_ROLL or k == K_COUP_ROLL or k == K_SPACE_ROLL or k == K_ROLL or k == K_RANDOM_CARD or k == K_TRAP_ROLL


cdef inline bint _is_auto(int k):
    return k == K_OPSTART or k == K_EVENT or k == K_FINISH or k == K_CALL


cdef void _run_handler(CState s, object fn, tuple args):
    """``frames.run_handler``: call an event/resume handler so that its pushes land in call
    order (queued while it runs, then pushed so that the first queued is on top)."""
    outer = s._queue
    cdef list q
    s._queue = []
    try:
        fn(s, *args)
        q = s._queue
    finally:
        s._queue = outer
    if q:
        if outer is not None:
            outer.extend(q)
        else:
            s.stack.extend(reversed(q))


cdef inline void _push_two(CState s, tuple a, tuple b):
    """``rules.seq`` for two frames: ``a`` runs first, then ``b``."""
    s.stack.append(b)
    s.stack.append(a)


# ---------------------------------------------------------------- setup (3.1–3.4)
def new_state(seed, options, cls=CState):
    """``rules.new_state``: decks shuffled from ``seed``, hands dealt, fixed influence placed."""
    cdef CState s = cls()
    s.seed = seed
    s.options = dict(options)
    s.rng = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & ((1 << 64) - 1)
    cards = rules.cards_in_game(s.options)
    early = [n for n in cards if CARDS[n].period == 1 and n != CHINA]
    s.box = [n for n in cards if CARDS[n].period > 1]
    s.deck = early
    s.rng = shuffle(s.deck, s.rng)
    s.china, s.china_up = USSR, True  # 3.1
    for name, n in rules.USSR_SETUP.items():
        _add_inf(s, USSR, BOARD.country(name), n)
    for name, n in rules.us_setup(s.options).items():
        _add_inf(s, US, BOARD.country(name), n)
    _deal(s)
    s.phase = PH_SETUP
    # rules.setup_frames: the USSR's 6, the US's 7, then a bid's points (option bid)
    for frame in reversed(rules.setup_frames(s.options)):
        s.stack.append(frame)
    _advance(s)
    return s


# ---------------------------------------------------------------- cards and decks (4.3, 4.4)
cdef int _draw(CState s):
    """``rules.draw``: the Deluxe edition reshuffles as soon as a draw empties the deck."""
    cdef int card
    if not s.deck:
        if not s.discard:
            return 0
        _reshuffle(s)
    card = s.deck.pop()
    if not s.deck and s.discard and s.options.get("edition") == "deluxe":
        _reshuffle(s)
    return card


cdef void _reshuffle(CState s):
    s.deck = s.discard
    s.discard = []
    s.rng = shuffle(s.deck, s.rng)


cdef void _deal(CState s):
    cdef int target = 8 if s.turn <= 3 else 9
    cdef int side, c
    while len(s.hands[USSR]) < target or len(s.hands[US]) < target:
        for side in range(2):
            if len(s.hands[side]) < target:
                c = _draw(s)
                if not c:
                    return
                s.hands[side].append(c)


cdef void _add_period(CState s, int period):
    new = [c for c in s.box if CARDS[c].period == period]
    s.box = [c for c in s.box if CARDS[c].period != period]
    s.deck.extend(new)
    s.rng = shuffle(s.deck, s.rng)


# ---------------------------------------------------------------- ops values (7.4)
cdef inline int _card_ops(CState s, int card):
    """``rules.card_ops``: the printed Ops value in the game's edition."""
    if card == CHINA:
        return 4
    if C_DELUXE_OPS[card] and s.options.get("edition") == "deluxe":
        return rules.DELUXE_OPS[card]
    return C_OPS[card]


cdef int _ops_value(CState s, int card, int side):
    cdef int v = _card_ops(s, card)
    if v == 0:
        return 0
    cdef bint boost = (side == US and _turnfx(s, CARD_CONTAINMENT)) or (side == USSR and _turnfx(s, CARD_BREZHNEV_DOCTRINE))
    cdef bint scare = (s.red_scare >> side) & 1
    if s.options.get("edition") == "deluxe":  # Deluxe: both added, then bounded to 1..4
        return min(4, max(1, v + (1 if boost else 0) - (1 if scare else 0)))
    if boost and v < 4:
        v += 1
    if scare:
        v = v - 1 if v > 1 else 1
    return v


# ---------------------------------------------------------------- DEFCON (8.1) and VP (10.3)
cdef void _degrade_defcon(CState s, int n, int actor):
    s.defcon -= n
    if s.defcon <= 1:
        s.defcon = 1
        _end(s, opp(actor), f"DEFCON 1: nuclear war, caused by the {SIDE_NAMES[actor]}")
    elif s.defcon == 2 and _perm(s, CARD_NORAD):
        s.turnfx |= ONE << CARD_NORAD  # card 106


cdef inline void _improve_defcon(CState s, int n):
    s.defcon = min(5, s.defcon + n)


cdef inline void _check_vp(CState s):
    if s.winner < 0 and s.phase != GAME_OVER:
        if s.vp >= 20:
            _end(s, US, "US reached 20 VP")
        elif s.vp <= -20:
            _end(s, USSR, "USSR reached 20 VP")


# ---------------------------------------------------------------- space race (6.4)
cdef inline int _space_holder(CState s, int box):
    cdef bint a = <long>s.space[USSR] >= box
    cdef bint b = <long>s.space[US] >= box
    if a and not b:
        return USSR
    if b and not a:
        return US
    return -1


cdef int _space_min_ops(CState s, int side):
    cdef int box = <int>s.space[side] + 1
    if box > 8:
        return 0
    cdef int limit = 2 if _space_holder(s, 2) == side else 1
    return SP_OPS[box] if <int>s.space_tries[side] < limit else 0


cdef inline bint _space_allowed(CState s, int side, int ops):
    cdef int m = _space_min_ops(s, side)
    return m > 0 and ops >= m


cdef void _advance_space(CState s, int side, int boxes):
    cdef int i, box, vp
    for i in range(boxes):
        box = <int>s.space[side] + 1
        if box > 8:
            return
        s.space[side] = box
        vp = SP_VP1[box] if <int>s.space[opp(side)] < box else SP_VP2[box]
        _gain_vp(s, side, vp)


cdef int _rounds_for(CState s, int side):
    cdef int n = 6 if s.turn <= 3 else 7
    if _space_holder(s, 8) == side or (side == US and _turnfx(s, CARD_NORTH_SEA_OIL)):
        n = 8
    return n


# ---------------------------------------------------------------- targets
cdef object _defcon_blocked(CState s):
    m = 0
    if s.defcon <= 4:
        m |= EUROPE_MASK
    if s.defcon <= 3:
        m |= ASIA_MASK
    if s.defcon <= 2:
        m |= ME_MASK
    return m


cdef object _protected(CState s, int side):
    if side != USSR:
        return 0
    m = 0
    if _perm(s, CARD_NATO):
        nato = _movegen_c.control(s.inf, US) & EUROPE_MASK
        if _perm(s, CARD_DE_GAULLE_LEADS_FRANCE):
            nato &= ~(ONE << FRANCE)
        if _perm(s, CARD_WILLY_BRANDT):
            nato &= ~(ONE << W_GERMANY)
        m |= nato
    if _perm(s, CARD_US_JAPAN_PACT):
        m |= ONE << JAPAN
    return m


cdef object _coup_targets(CState s, int side, object free_mask):
    m = _movegen_c.presence(s.inf, 1 - side)
    if not m:
        return 0
    m &= ~_protected(s, side)
    if side == USSR and _perm(s, CARD_REFORMER):  # #87 The Reformer
        m &= ~EUROPE_MASK
    if free_mask:
        return m & free_mask  # 6.3.5
    return m & ~_defcon_blocked(s)


cdef object _realign_targets(CState s, int side, object free_mask):
    m = _movegen_c.presence(s.inf, 1 - side)
    if not m:
        return 0
    m &= ~_protected(s, side)
    if free_mask:
        return m & free_mask
    return m & ~_defcon_blocked(s)


cdef object _placement_mask(CState s, int side):
    m = _movegen_c.spread(s.round_start[side]) | (ADJ_SUPER1 if side else ADJ_SUPER0)
    if side == USSR and s.chernobyl >= 0:  # #94 Chernobyl
        m &= ~REGION_MASKS[s.chernobyl]
    return m


# ---------------------------------------------------------------- event playability (5.2, 7.5)
cdef bint _event_blocked(CState s, int card):
    need = PREREQUISITES.get(card)
    if need:
        for n in need:
            if _perm(s, n):
                break
        else:
            return True
    bar = PROHIBITED_BY.get(card)
    if bar and _perm(s, bar):
        return True
    if card == CARD_CAMBRIDGE_FIVE and s.turn >= 8:  # card 104
        return True
    if (card == CARD_KITCHEN_DEBATES or card == CARD_OUR_MAN_IN_TEHRAN) and rules.deluxe_condition_unmet(s, card):
        return True  # cards 48 and 108 in the Deluxe edition
    return False


cdef bint _can_play_event(CState s, int card, int side):
    if card == CHINA or C_SIDE[card] == opp(side):
        return False
    if _event_blocked(s, card):
        return False
    cdef int o, x
    if card == UN_INTERVENTION:
        o = opp(side)
        for x in s.hands[side]:
            if x != card and C_SIDE[x] == o and not C_SCORING[x]:
                return True
        return False
    return True


cdef inline bint _china_available(CState s, int side):
    return s.china == side and s.china_up and not (side == US and _turnfx(s, CARD_ALDRICH_AMES))


# ---------------------------------------------------------------- scoring (10.1)
cdef object BG_MASK = BOARD.bg_mask
cdef int TAIWAN = rules.TAIWAN
cdef dict SCORING = BOARD.scoring
cdef int REGION_CARD[MAXC]  # card -> region for the six region scoring cards, else -1
for _n in range(MAXC):
    REGION_CARD[_n] = -1
for _n, _v in BOARD.scoring.items():
    REGION_CARD[_n] = _v[0]


cdef int _score_region(CState s, int card):
    """``rules.score_region`` (10.1.1–10.1.2, #73, #101): the net VP to the US."""
    cdef int region, pres, dom, ctrl, side, total_bg, base, net
    region, pres, dom, ctrl = SCORING[card]
    cdef int t[2][3]
    cdef int vp[2]
    cdef int level[2]
    mask = REGION_MASKS[region]
    cdef bint formosan = _perm(s, CARD_FORMOSAN_RESOLUTION)
    for side in range(2):  # rules.region_tally
        controlled = _movegen_c.control(s.inf, side) & mask
        battlegrounds = BG_MASK
        if region == ASIA and formosan and side == US and bit(controlled, TAIWAN):
            battlegrounds = battlegrounds | (ONE << TAIWAN)
        t[side][0] = controlled.bit_count()
        t[side][1] = (controlled & battlegrounds).bit_count()
        t[side][2] = (controlled & (ADJ_SUPER1 if side == USSR else ADJ_SUPER0)).bit_count()
    total_bg = (mask & BG_MASK).bit_count()
    if region == ASIA and formosan and _controls(s, US, TAIWAN):
        total_bg += 1
    if (region == ASIA or region == MIDDLE_EAST) and _perm(s, CARD_SHUTTLE_DIPLOMACY):  # #73 Shuttle Diplomacy
        if t[USSR][1] > 0:
            t[USSR][1] -= 1
            t[USSR][0] -= 1
        s.perm &= ~(ONE << CARD_SHUTTLE_DIPLOMACY)
        if CARD_SHUTTLE_DIPLOMACY in s.inplay:
            s.inplay.remove(CARD_SHUTTLE_DIPLOMACY)
            s.discard.append(CARD_SHUTTLE_DIPLOMACY)
    for side in range(2):
        vp[side] = 0
        level[side] = 0
        if t[side][0] == 0:
            continue
        if t[side][1] == total_bg and t[side][0] > t[1 - side][0]:
            level[side] = 3
        elif (t[side][0] > t[1 - side][0] and t[side][1] > t[1 - side][1] and t[side][1] > 0
              and t[side][0] - t[side][1] > 0):
            level[side] = 2
        else:
            level[side] = 1
        base = pres if level[side] == 1 else (dom if level[side] == 2 else ctrl)
        vp[side] = (base if base > 0 else 0) + t[side][1] + t[side][2]
    for side in range(2):
        if level[side] == 3 and ctrl < 0:  # Europe control: automatic victory (10.3.1)
            _end(s, side, f"{SIDE_NAMES[side]} controls Europe at Europe Scoring")
            return 0
    net = vp[US] - vp[USSR]
    s.vp += net  # 10.2.3
    return net


cdef void _final_scoring(CState s):
    """10.3.2 (``rules.final_scoring``)."""
    _gain_vp(s, s.china, 1)
    s.phase = GAME_OVER
    for card in FINAL_ORDER:
        _score_region(s, card)
        if s.winner >= 0:
            return
    if s.vp > 0:
        _end(s, US, f"final scoring: US ahead by {s.vp} VP")
    elif s.vp < 0:
        _end(s, USSR, f"final scoring: USSR ahead by {-s.vp} VP")
    else:
        _end(s, 2, "final scoring: VP level, a draw")


# ---------------------------------------------------------------- the turn sequence (4.5)
cdef void _begin_turn(CState s):
    if s.turn > 1:
        _improve_defcon(s, 1)  # 8.1.6
    if s.turn == 4:
        _add_period(s, 2)
    elif s.turn == 8:
        _add_period(s, 3)
    _deal(s)
    s.phase = PH_HEADLINE
    s.headline = [0, 0]
    s.action_round = 0
    s.phasing = -1


cdef void _headline_step(CState s):
    cdef int h, first, side, i, c
    cdef bint any_ok
    if s.action_round == 0:
        h = _space_holder(s, 4)
        first = opp(h) if h >= 0 else USSR
        for i in range(2):
            side = first if i == 0 else opp(first)
            if <int>s.headline[side] == 0:
                any_ok = False
                for c in s.hands[side]:
                    if c != UN_INTERVENTION:
                        any_ok = True
                        break
                if any_ok:
                    s.stack.append((K_HEADLINE, side))
                    return
                s.headline[side] = -1
        _resolve_headline(s)
        return
    s.phase = PH_ACTION
    s.action_round = 0
    s.phasing = US


cdef inline int _headline_ops(CState s, int c):
    """The ops value that orders the headlines (4.5 C): -1 for no card or a cancelled one."""
    return -1 if c <= 0 else _card_ops(s, c)


cdef void _resolve_headline(CState s):
    """4.5 C (``rules.resolve_headline``)."""
    s.action_round = -1
    cdef list h = s.headline[:]
    s.headline = [0, 0]
    cdef int side, c, owner, eside
    for side in range(2):
        if <int>h[side] > 0:
            s.inplay.append(h[side])
    if <int>h[US] == DEFECTORS and <int>h[USSR] > 0:
        s.inplay.remove(h[USSR])
        s.discard.append(h[USSR])
        h[USSR] = -1
    order = (US, USSR) if _headline_ops(s, h[US]) >= _headline_ops(s, h[USSR]) else (USSR, US)
    headlines = []
    for side in order:
        c = h[side]
        if c > 0:
            _flower_power_check(s, c, side)
            owner = C_SIDE[c]
            eside = side if owner == 2 else owner
            headlines.append((K_EVENT, AUTO, c, eside, side))
    s.stack.extend(reversed(headlines))


cdef void _start_round(CState s, int side):
    s.phasing = side
    s.rounds_done[side] = <int>s.rounds_done[side] + 1
    s.round_start[side] = _movegen_c.presence(s.inf, side)
    if side == US and s.bury_you_pending & 1:
        s.bury_you_pending = 3
    cdef int trap = CARD_QUAGMIRE if side == US else CARD_BEAR_TRAP
    if _perm(s, trap):
        s.stack.append((K_TRAP, side, trap))
    else:
        s.stack.append((K_ACTION, side, None, 0))


cdef inline bint _can_take_round(CState s, int side):
    return bool(s.hands[side]) or _china_available(s, side)


cdef void _action_step(CState s):
    cdef int side, r0, r1
    if s.bury_you_pending == 3:
        s.bury_you_pending = 0
        _gain_vp(s, USSR, 3)  # #50
        _check_vp(s)
        if s.winner >= 0:
            return
    if _turnfx(s, CARD_NORAD):  # card 106 (rules.action_step)
        s.turnfx &= ~(ONE << CARD_NORAD)
        if s.action_round >= 1 and _perm(s, CARD_NORAD) and _controls(s, US, CANADA):
            frames.place(s, US, US, 1, s.presence_mask(US), card=CARD_NORAD, optional=True)
            return
    while True:
        if s.phasing == USSR:
            side = US
        else:
            side = USSR
            s.action_round += 1
        s.phasing = side
        r0 = _rounds_for(s, USSR)
        r1 = _rounds_for(s, US)
        if s.action_round > (r0 if r0 > r1 else r1):
            s.phase = PH_END
            s.action_round = 0
            s.phasing = -1
            return
        if s.action_round <= (r1 if side else r0) and _can_take_round(s, side):
            _start_round(s, side)
            return


cdef void _end_step(CState s):
    """4.5 E–J (``rules.end_step``)."""
    cdef int side, short0, short1, box6_holder
    if s.action_round == 0:
        s.action_round = 1
        short0 = s.defcon - <int>s.milops[USSR]
        short1 = s.defcon - <int>s.milops[US]
        _gain_vp(s, US, short0 if short0 > 0 else 0)
        _gain_vp(s, USSR, short1 if short1 > 0 else 0)
        _check_vp(s)
        if s.winner >= 0:
            return
        if s.options.get("tournament"):
            s.revealed = 3
            held = [any(c in rules.SCORING_CARDS for c in s.hands[x]) for x in (USSR, US)]
            if held[USSR] and held[US]:
                _end(s, 2, "both sides held a scoring card (11.1.2)")
                return
            for side in range(2):
                if held[side]:
                    _end(s, opp(side), f"{SIDE_NAMES[side]} held a scoring card (11.1.2)")
                    return
        box6_holder = _space_holder(s, 6)
        if box6_holder >= 0 and s.hands[box6_holder]:
            s.stack.append((K_HELD, box6_holder))
        return
    s.china_up = True
    s.turnfx = 0
    s.red_scare = 0
    s.missile_crisis = 0
    s.death_squads = 0
    s.chernobyl = -1
    s.revealed = 0
    s.ames = []
    s.milops = [0, 0]
    s.space_tries = [0, 0]
    s.rounds_done = [0, 0]
    if s.turn >= 10:
        _final_scoring(s)
        return
    s.turn += 1
    _begin_turn(s)


cdef void _phase_step(CState s):
    if s.phase == PH_SETUP:
        _begin_turn(s)
    elif s.phase == PH_HEADLINE:
        _headline_step(s)
    elif s.phase == PH_ACTION:
        _action_step(s)
    elif s.phase == PH_END:
        _end_step(s)


# ---------------------------------------------------------------- automatic frames
cdef inline void _flower_power_check(CState s, int card, int side):
    if side == US and C_WAR[card] and _perm(s, CARD_FLOWER_POWER):
        if s.options.get("edition") == "deluxe" and rules.war_prohibited(s, card):
            return  # ``rules.flower_power_check``: Deluxe, a prohibited war card
        _gain_vp(s, USSR, 2)


# A region scoring card's handler is the one events/scoring.py registers (checked here, so that
# a card given another event is run by its own handler).
cdef bint SCORING_EVENT[MAXC]
import realpolitik.engine.twilight.events.scoring as _scoring_events
for _n in range(MAXC):
    SCORING_EVENT[_n] = (_n in EVENTS and getattr(EVENTS[_n], "__module__", "") == _scoring_events.__name__
                         and _n in BOARD.scoring)


def compiled_events():
    """Card numbers whose event this module runs itself instead of calling the handler."""
    return [n for n in range(MAXC) if REGION_CARD[n] >= 0 and SCORING_EVENT[n]]


cdef void _unfire(CState s, int card):
    """``rules.unfire``: the card's pending FINISH frame marked as not fired."""
    cdef Py_ssize_t i
    cdef tuple frame
    for i in range(len(s.stack) - 1, -1, -1):
        frame = <tuple>s.stack[i]
        if _frame_int(frame, 0) == K_FINISH and _frame_int(frame, 2) == card:
            s.stack[i] = (frame[0], frame[1], frame[2], frame[3], False)
            return


cdef void _run_event(CState s, int card, int side, int finisher):
    cdef bint blocked = _event_blocked(s, card)
    if finisher >= 0:
        s.stack.append((K_FINISH, AUTO, card, finisher, not blocked))
    if blocked:
        if finisher < 0:
            _unfire(s, card)
        return
    if s.phase == PH_HEADLINE:
        s.phasing = side
    if REGION_CARD[card] >= 0 and SCORING_EVENT[card]:
        _score_region(s, card)  # events/scoring.py: the region cards only score
        return
    _run_handler(s, EVENTS[card], (side,))


cdef void _finish(CState s, int card, int side, bint fired):
    if card == CHINA:
        s.china = opp(side)
        s.china_up = False
        if side == US and _perm(s, CARD_FORMOSAN_RESOLUTION):
            s.perm &= ~(ONE << CARD_FORMOSAN_RESOLUTION)
            if 101 in s.inplay:
                s.inplay.remove(101)
                s.discard.append(101)
        return
    if card not in s.inplay:
        return
    if fired and C_ON_TABLE[card] and _perm(s, card):
        return
    s.inplay.remove(card)
    if fired and C_STARRED[card]:
        s.removed.append(card)  # 2.2.4
    else:
        s.discard.append(card)


cdef void _open_ops(CState s, int side, int card, int mode, int fixed):
    cdef int ops = fixed if fixed else _ops_value(s, card, side)
    cdef int asia_b = 1 if card == CHINA and not fixed else 0  # 9.6
    cdef int sea_b = 1 if side == USSR and _turnfx(s, CARD_VIETNAM_REVOLTS) else 0  # #9
    if s.phase == PH_HEADLINE or side != s.phasing:
        s.round_start[side] = _movegen_c.presence(s.inf, side)  # 6.1.1
    if mode == M_INFLUENCE:
        s.stack.append((K_INFLUENCE, side, card, ops + asia_b + sea_b, asia_b, sea_b))
    elif mode == M_REALIGN:
        s.stack.append((K_REALIGN, side, card, ops + asia_b + sea_b, asia_b, sea_b, 0))
    elif mode == M_COUP:
        s.stack.append((K_COUP, side, card, ops, asia_b, sea_b, 0))
    elif mode == M_SPACE:
        s.space_tries[side] = <int>s.space_tries[side] + 1
        s.stack.append((K_SPACE_ROLL, CHANCE_P, side, card))


cdef void _process_auto(CState s, tuple frame):
    cdef int k = _kind(frame)
    cdef Py_ssize_t n = PyTuple_GET_SIZE(frame)
    if k == K_EVENT:
        _run_event(s, _frame_int(frame, 2), _frame_int(frame, 3), _frame_int(frame, 4) if n > 4 else -1)
    elif k == K_FINISH:
        _finish(s, _frame_int(frame, 2), _frame_int(frame, 3), frame[4])
    elif k == K_OPSTART:
        _open_ops(s, _frame_int(frame, 2), _frame_int(frame, 3), _frame_int(frame, 4), _frame_int(frame, 5) if n > 5 else 0)
    elif k == K_CALL:
        _run_handler(s, RESUME[frame[2]], (frame[3], 0, frame[4]))


cdef void _advance(CState s):
    """``rules.advance``: run bookkeeping until a decision, a chance node or the end."""
    cdef list stack = s.stack
    cdef tuple frame
    cdef int k
    while s.winner < 0:
        _check_vp(s)
        if s.winner >= 0:
            break
        stack = s.stack
        if not stack:
            _phase_step(s)
            continue
        frame = <tuple>stack[PyList_GET_SIZE(stack) - 1]
        k = _kind(frame)
        if _is_auto(k):
            stack.pop()
            _process_auto(s, frame)
            continue
        if k == K_RANDOM_CARD:
            if not s.hands[_frame_int(frame, 4)]:
                stack.pop()
                _run_handler(s, RESUME[frame[2]], (frame[3], 0, frame[5]))
                continue
            break
        if _is_chance(k) or k == K_ACTION:
            break
        if not _legal(s):
            stack.pop()
            if k == K_CCOUNTRY:
                _run_handler(s, RESUME[frame[2]], (frame[3], -1, frame[5]))
            elif k == K_CCARD:
                _run_handler(s, RESUME[frame[2]], (frame[3], 0, frame[7]))
            continue
        break


def advance(CState s):
    """``rules.advance`` (tests that build positions by hand run the machine with it)."""
    _advance(s)


# ---------------------------------------------------------------- legal actions
def current_player(CState s):
    if s.winner >= 0:
        return -4
    cdef tuple frame = _top(s)
    return -1 if _is_chance(_kind(frame)) else _frame_int(frame, 1)


def is_chance_node(CState s):
    """``TwilightState.is_chance_node``."""
    return s.winner < 0 and _is_chance(_kind(_top(s)))


def chance_outcomes_or_none(CState s):
    """``TwilightState.chance_outcomes``: the outcomes at a chance node, else ``[]``."""
    if s.winner >= 0 or not _is_chance(_kind(_top(s))):
        return []
    return chance_outcomes(s)


def is_terminal(CState s):
    """``TwilightState.is_terminal``."""
    return s.winner >= 0


def resample_hidden(CState self, int seat, rng):
    """``TwilightState.resample_hidden``, statement for statement (the same worlds from the
    same ``rng``)."""
    cdef CState s = self.clone()
    cdef int o = opp(seat)
    cdef list pool = list(s.deck)
    cdef bint hide_hand = not (o == seat or (s.revealed >> o) & 1)
    cdef int h, i, k
    if hide_hand:
        pool.extend(s.hands[o])
    cdef bint hide_head = False
    if <int>s.headline[o] > 0:
        # TwilightState.headline_visible: one's own, outside the headline choice, or the
        # space box 4 holder who saw the opponent's first (6.4.4)
        if not (o == seat or s.phase != PH_HEADLINE or s.action_round != 0):
            hide_head = _space_holder(s, 4) != seat
    if hide_head:
        pool.append(s.headline[o])
    pool.sort()
    shuffle(pool, rng.getrandbits(64))
    if hide_head:
        for i in range(len(pool)):
            if <int>pool[i] != UN_INTERVENTION:
                s.headline[o] = pool.pop(i)
                break
    if hide_hand:
        k = len(s.hands[o])
        s.hands[o] = pool[:k]
        pool = pool[k:]
    s.deck = pool
    s.rng = rng.getrandbits(64)
    return s


def chance_outcomes(CState s):
    cdef tuple frame = _top(s)
    if _kind(frame) == K_RANDOM_CARD:
        hand = sorted(s.hands[_frame_int(frame, 4)])
        p = 1.0 / len(hand)
        return [(CARD_BASE + c, p) for c in hand]
    return list(DIE_OUTCOMES)


cdef list _play_modes(CState s, int side, int card):
    """``rules.play_modes`` (5.1, 6.0), without the precomputed-target shortcut."""
    if card != CHINA and C_SCORING[card]:
        return [M_EVENT]
    cdef list out = []
    if card != CHINA and _can_play_event(s, card, side):
        out.append(M_EVENT)
    out.append(M_INFLUENCE)
    if _realign_targets(s, side, 0):
        out.append(M_REALIGN)
    if _coup_targets(s, side, 0):
        out.append(M_COUP)
    if _space_allowed(s, side, _ops_value(s, card, side)):
        out.append(M_SPACE)
    return out


cdef bint _scoring_forced(CState s, int side, int n_scoring):
    """``rules.scoring_forced``: 4.5 D, without the tournament option."""
    if not n_scoring or s.options.get("tournament"):
        return False
    return n_scoring >= _rounds_for(s, side) - <int>s.rounds_done[side] + 1


cdef list _trap_legal(CState s, int side):
    """``rules.trap_legal``: #42 / #44 discards, and scoring cards beside them (10.1.5)."""
    cdef list hand = s.hands[side]
    cdef list scoring = sorted(c * 8 + M_EVENT for c in hand if C_SCORING[<int>c])
    if _scoring_forced(s, side, len(scoring)):
        return scoring
    cdef list out = [CARD_BASE + c for c in hand if not C_SCORING[<int>c] and _ops_value(s, c, side) >= 2]
    out.extend(scoring)
    if not out:
        return [OPTION_BASE + OPT_PASS]
    out.sort()
    return out


cdef list _action_legal(CState s, tuple frame):
    cdef int side = _frame_int(frame, 1)
    cdef object only = frame[2]
    cdef list out = []
    cdef int card, m, k, o, space_min, nscoring
    if only is not None:
        for card in only:
            for m in _play_modes(s, side, card):
                out.append(card * 8 + m)
        out.append(OPTION_BASE + OPT_RETURN)
        out.sort()
        return out
    cdef list hand = s.hands[side]
    cdef list cards = list(hand)
    if _china_available(s, side):
        cards.append(CHINA)
    nscoring = 0
    for card in hand:
        if C_SCORING[card]:
            nscoring += 1
    cdef bint forced = _scoring_forced(s, side, nscoring)
    if forced:
        cards = [c for c in hand if C_SCORING[<int>c]]  # 4.5 D
    elif s.missile_envy == side and CARD_MISSILE_ENVY in hand:
        cards = [CARD_MISSILE_ENVY]  # #49
    elif side == US and s.ames and _turnfx(s, CARD_ALDRICH_AMES):
        nxt = next((x for x in s.ames if x in hand), None)
        cards = [nxt] if nxt else list(hand)
    cdef tuple base = <tuple>PLAY_BASE_MODES[(1 if _realign_targets(s, side, 0) else 0)
                                              | (2 if _coup_targets(s, side, 0) else 0)]
    space_min = _space_min_ops(s, side)
    o = 1 - side
    for card in cards:
        if card != CHINA:
            if C_SCORING[card]:
                out.append(card * 8 + M_EVENT)
                continue
            if (C_SIDE[card] != o and not (s.missile_envy == side and card == CARD_MISSILE_ENVY)
                    and _can_play_event(s, card, side)):
                out.append(card * 8 + M_EVENT)
        k = card * 8
        for m in base:
            out.append(k + m)
        if space_min and _ops_value(s, card, side) >= space_min:
            out.append(k + M_SPACE)
    if (s.missile_crisis >> o) & 1:  # #40
        if side == USSR and _inf(s, USSR, CUBA) >= 2:
            out.append(OPTION_BASE + OPT_CANCEL_CRISIS_CUBA)
        if side == US and _inf(s, US, W_GERMANY) >= 2:
            out.append(OPTION_BASE + OPT_CANCEL_CRISIS_WGERMANY)
        if side == US and _inf(s, US, TURKEY) >= 2:
            out.append(OPTION_BASE + OPT_CANCEL_CRISIS_TURKEY)
    if not hand or (s.action_round > (6 if s.turn <= 3 else 7) and not forced):
        out.append(OPTION_BASE + OPT_PASS)  # 9.8; 6.4.4 box 8 optional unless 4.5 D forces
    out.sort()
    return out


cdef list _legal_actions(CState s, tuple frame):
    cdef int k = _kind(frame)
    cdef int side, card, modes, m, ops
    cdef list out
    if _is_chance(k):
        if k == K_RANDOM_CARD:
            return [a for a, _ in chance_outcomes(s)]
        return list(DIE_ACTIONS)
    if k == K_ACTION:
        return _action_legal(s, frame)
    if k == K_INFLUENCE:
        side = _frame_int(frame, 1)
        return _movegen_c.influence_moves(s.inf, side, _placement_mask(s, side), frame[3], frame[4], frame[5])
    if k == K_REALIGN:
        return _movegen_c.realign_moves(_realign_targets(s, _frame_int(frame, 1), frame[6]), frame[3], frame[4], frame[5])
    if k == K_COUP:
        out = _movegen_c.mask_moves(_coup_targets(s, _frame_int(frame, 1), frame[6]))
        if frame[6] and out:
            out.insert(0, OPTION_BASE + OPT_PASS)
        out.sort()
        return out
    if k == K_HEADLINE:
        out = [c * 8 + M_HEADLINE for c in s.hands[_frame_int(frame, 1)] if c != UN_INTERVENTION]
        out.sort()
        return out
    if k == K_SETUP:  # mask 0: a bid's point, where the side has influence now
        mask = frame[3]
        if not mask:
            mask = _movegen_c.presence(s.inf, _frame_int(frame, 1))
        return _movegen_c.mask_moves(mask)
    if k == K_ORDER:
        return [OPTION_BASE + OPT_EVENT_FIRST, OPTION_BASE + OPT_OPS_FIRST]
    if k == K_PLACE or k == K_REMOVE:
        mask = frame[5]
        cap = frame[6]
        done = frame[7]
        if cap:
            for c in set(done):
                if done.count(c) >= cap:
                    mask &= ~(ONE << c)
        if k == K_REMOVE:
            mask &= _movegen_c.presence(s.inf, frame[3])
        out = _movegen_c.mask_moves(mask)
        if out and frame[8]:
            out.append(OPTION_BASE + OPT_DONE)
        return out
    if k == K_CCOUNTRY:
        return _movegen_c.mask_moves(frame[4])
    if k == K_COPTION:
        return [OPTION_BASE + i for i in range(len(frame[4]))]
    if k == K_CCARD:
        out = sorted(CARD_BASE + c for c in set(frame[4]))
        if frame[6]:
            out.insert(0, OPTION_BASE + OPT_PASS)
        out.sort()
        return out
    if k == K_OPSMODE:
        side = _frame_int(frame, 1)
        card = _frame_int(frame, 2)
        modes = _frame_int(frame, 3)
        out = []
        for m in (M_INFLUENCE, M_REALIGN, M_COUP, M_SPACE):
            if not (modes >> m) & 1:
                continue
            if m == M_REALIGN and not _realign_targets(s, side, 0):
                continue
            if m == M_COUP and not _coup_targets(s, side, 0):
                continue
            if m == M_SPACE:
                ops = _frame_int(frame, 4)
                if not _space_allowed(s, side, ops if ops else _ops_value(s, card, side)):
                    continue
            out.append(OPTION_BASE + OPT_MODE_BASE + m)
        if modes & OPTIONAL_MODES:
            out.append(OPTION_BASE + OPT_MODE_PASS)
        out.sort()
        return out
    if k == K_TRAP:
        return _trap_legal(s, _frame_int(frame, 1))
    if k == K_HELD:
        return sorted([OPTION_BASE + OPT_PASS] + [CARD_BASE + c for c in s.hands[_frame_int(frame, 1)]])
    return []


cdef list _legal(CState s):
    """``rules.legal_actions``: remembered with the history length and the top frame."""
    if s.winner >= 0 or not s.stack:
        return []
    cdef tuple frame = _top(s)
    known = s._legal
    cdef list fresh
    if known is not None and (<tuple>known)[0] == len(s.history) and (<tuple>known)[1] is frame:
        if CHECK_LEGAL:
            fresh = _legal_actions(s, frame)
            assert fresh == (<tuple>known)[2], ("stale legal-action cache", fresh, known[2])
        return (<list>(<tuple>known)[2])[:]
    cdef list out = _legal_actions(s, frame)
    s._legal = (len(s.history), frame, out[:])
    return out


def legal_actions(CState s):
    """Sorted legal action ids for the top frame (a fresh list the caller may keep)."""
    return _legal(s)


# ---------------------------------------------------------------- applying actions
def apply_action(CState s, action):
    """``TwilightState.apply_action``: ``engine.core.api.check_action``, then ``apply``."""
    apply(s, action if type(action) is int else check_action(action))


def apply(CState s, a):
    """``rules.apply``: apply action ``a`` (must be legal) and advance to the next decision."""
    if s.winner >= 0:
        raise IllegalAction("the game is over")
    cdef tuple frame = _top(s) if s.stack else None
    known = s._legal
    cdef list legal
    if known is not None and known[0] == len(s.history) and known[1] is frame and not CHECK_LEGAL:
        legal = known[2]
    else:
        legal = _legal(s)
    s._legal = None
    if a not in legal:
        raise IllegalAction(rules.illegal_reason(s, a))
    cdef int act = a
    frame = s.stack.pop()
    s.history.append(a)
    _dispatch(s, frame, act)
    _advance(s)


def random_playout(CState s, seed, int max_decisions=-1):
    """``rules.random_playout``: the same SplitMix64 stream, the same choices, the same game."""
    cdef uint64_t x = seed & 0xFFFFFFFFFFFFFFFF, z
    cdef int decisions = 0
    cdef bint chance
    cdef list legal
    cdef Py_ssize_t n
    cdef tuple frame
    while s.winner < 0:
        frame = _top(s)
        chance = _is_chance(_kind(frame))
        if not chance and decisions == max_decisions:
            break
        legal = _legal(s)
        x = x + <uint64_t>0x9E3779B97F4A7C15
        z = x
        z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
        z = z ^ (z >> 31)
        n = len(legal)
        apply(s, legal[<Py_ssize_t>(z % <uint64_t>n)])
        if not chance:
            decisions += 1
    return decisions


cdef void _dispatch(CState s, tuple frame, int a):
    cdef int k = _kind(frame)
    if k == K_SETUP:
        _add_inf(s, _frame_int(frame, 1), a - COUNTRY_BASE, 1)
        if _frame_int(frame, 2) > 1:
            s.stack.append((K_SETUP, frame[1], _frame_int(frame, 2) - 1, frame[3]))
    elif k == K_HEADLINE:
        s.hands[_frame_int(frame, 1)].remove(a // 8)
        s.headline[_frame_int(frame, 1)] = a // 8
    elif k == K_ACTION:
        _answer_action(s, frame, a)
    elif k == K_ORDER:
        _answer_order(s, frame, a)
    elif k == K_INFLUENCE:
        _answer_influence(s, frame, a - COUNTRY_BASE)
    elif k == K_REALIGN:
        _answer_realign(s, frame, a - COUNTRY_BASE)
    elif k == K_REALIGN_ROLL:
        _answer_realign_roll(s, frame, a - DIE_BASE)
    elif k == K_COUP:
        if a >= COUNTRY_BASE and a < OPTION_BASE:
            _answer_coup(s, frame, a - COUNTRY_BASE)
    elif k == K_COUP_ROLL:
        _answer_coup_roll(s, frame, a - DIE_BASE)
    elif k == K_SPACE_ROLL:
        _answer_space_roll(s, _frame_int(frame, 2), a - DIE_BASE)
    elif k == K_OPSMODE:
        if a - OPTION_BASE != OPT_MODE_PASS:
            _open_ops(s, _frame_int(frame, 1), _frame_int(frame, 2), a - OPTION_BASE - OPT_MODE_BASE, _frame_int(frame, 4))
    elif k == K_PLACE or k == K_REMOVE:
        _answer_place_remove(s, frame, a)
    elif k == K_CCOUNTRY:
        _run_handler(s, RESUME[frame[2]], (frame[3], a - COUNTRY_BASE, frame[5]))
    elif k == K_COPTION:
        _run_handler(s, RESUME[frame[2]], (frame[3], a - OPTION_BASE, frame[5]))
    elif k == K_CCARD:
        _run_handler(s, RESUME[frame[2]], (frame[3], 0 if a < CARD_BASE else a - CARD_BASE, frame[7]))
    elif k == K_ROLL:
        _run_handler(s, RESUME[frame[2]], (frame[3], a - DIE_BASE, frame[4]))
    elif k == K_RANDOM_CARD:
        _run_handler(s, RESUME[frame[2]], (frame[3], a - CARD_BASE, frame[5]))
    elif k == K_TRAP:
        _answer_trap(s, frame, a)
    elif k == K_TRAP_ROLL:
        if a - DIE_BASE < 5:  # #42 / #44
            s.perm &= ~(ONE << _frame_int(frame, 3))
    elif k == K_HELD:
        if a >= CARD_BASE:
            s.hands[_frame_int(frame, 1)].remove(a - CARD_BASE)
            s.discard.append(a - CARD_BASE)
    else:
        raise IllegalAction(f"no handler for frame kind {k}")


cdef void _answer_action(CState s, tuple frame, int a):
    cdef int side = _frame_int(frame, 1)
    cdef int k, card
    if a >= OPTION_BASE:
        k = a - OPTION_BASE
        if k == OPT_PASS:
            return
        if k == OPT_RETURN:  # #67 Grain Sales
            card = frame[2][0]
            s.inplay.remove(card)
            s.hands[USSR].append(card)
            s.stack.append((K_OPSMODE, side, frame[3], frames.MODE_BITS_OPS, 0))
            return
        if k == OPT_CANCEL_CRISIS_CUBA:
            _remove_inf(s, USSR, CUBA, 2)
        elif k == OPT_CANCEL_CRISIS_WGERMANY:
            _remove_inf(s, US, W_GERMANY, 2)
        elif k == OPT_CANCEL_CRISIS_TURKEY:
            _remove_inf(s, US, TURKEY, 2)
        s.missile_crisis &= ~(1 << opp(side))
        s.stack.append(frame)
        return
    _play_card(s, side, a // 8, a % 8)


cdef void _play_card(CState s, int side, int card, int mode):
    """``rules.play_card`` (5.1, 5.2, 6.0)."""
    cdef int owner
    cdef list hand
    if card != CHINA:
        hand = s.hands[side]
        if card in hand:
            hand.remove(card)
            s.inplay.append(card)
        elif card not in s.inplay:
            s.inplay.append(card)
    if s.missile_envy == side and card == CARD_MISSILE_ENVY:
        s.missile_envy = -1
    if side == US and card in s.ames:
        s.ames.remove(card)
    if mode != M_SPACE:
        _flower_power_check(s, card, side)
    if mode == M_EVENT:
        owner = C_SIDE[card]
        s.stack.append((K_EVENT, AUTO, card, side if owner == 2 else owner, side))
        return
    if mode == M_SPACE:
        _push_two(s, (K_OPSTART, AUTO, side, card, mode), (K_FINISH, AUTO, card, side, False))  # 6.4.5
        return
    if card != CHINA and C_SIDE[card] == opp(side):
        if not _event_blocked(s, card):
            s.stack.append((K_ORDER, side, card, mode))  # 5.2
            return
    _push_two(s, (K_OPSTART, AUTO, side, card, mode), (K_FINISH, AUTO, card, side, False))


cdef void _answer_order(CState s, tuple frame, int a):
    cdef int side = _frame_int(frame, 1)
    card, mode = frame[2], frame[3]
    ev = (K_EVENT, AUTO, card, opp(side), -1)
    ops = (K_OPSTART, AUTO, side, card, mode)
    fin = (K_FINISH, AUTO, card, side, True)
    if a - OPTION_BASE == OPT_EVENT_FIRST:
        s.stack.extend((fin, ops, ev))
    else:
        s.stack.extend((fin, ev, ops))


cdef void _answer_influence(CState s, tuple frame, int c):
    cdef int side = _frame_int(frame, 1)
    cdef int remaining = _frame_int(frame, 3), asia_b = _frame_int(frame, 4), sea_b = _frame_int(frame, 5)
    cdef int cost = 2 if _controls(s, opp(side), c) else 1  # 6.1.2
    if asia_b and not bit(ASIA_MASK, c):
        remaining -= 1
        asia_b = 0
    if sea_b and not bit(SEA_MASK, c):
        remaining -= 1
        sea_b = 0
    remaining -= cost
    _add_inf(s, side, c, 1)
    if remaining > 0:
        s.stack.append((K_INFLUENCE, side, frame[2], remaining, asia_b, sea_b))


cdef void _answer_realign(CState s, tuple frame, int c):
    cdef int side = _frame_int(frame, 1)
    cdef int remaining = _frame_int(frame, 3), asia_b = _frame_int(frame, 4), sea_b = _frame_int(frame, 5)
    if asia_b and not bit(ASIA_MASK, c):
        remaining -= 1
        asia_b = 0
    if sea_b and not bit(SEA_MASK, c):
        remaining -= 1
        sea_b = 0
    remaining -= 1
    if remaining > 0:
        s.stack.append((K_REALIGN, side, frame[2], remaining, asia_b, sea_b, frame[6]))
    s.stack.append((K_REALIGN_ROLL, CHANCE_P, side, c, 0))


cdef int _realign_modifier(CState s, int side, int c):
    """6.2.2 (``rules.realign_modifier``)."""
    cdef int mod = 0, i
    for i in range(NNB[c]):
        if _controls(s, side, NB[c][i]):
            mod += 1
    if _inf(s, side, c) > _inf(s, opp(side), c):
        mod += 1
    if bit(ADJ_SUPER1 if side else ADJ_SUPER0, c):
        mod += 1
    if side == US and _turnfx(s, CARD_IRAN_CONTRA_SCANDAL):  # #93
        mod -= 1
    return mod


cdef void _answer_realign_roll(CState s, tuple frame, int die):
    cdef int side = _frame_int(frame, 2), c = _frame_int(frame, 3), first = _frame_int(frame, 4)
    if not first:
        s.stack.append((K_REALIGN_ROLL, CHANCE_P, side, c, die))
        return
    cdef int r_ussr = first + _realign_modifier(s, USSR, c)
    cdef int r_us = die + _realign_modifier(s, US, c)
    if r_ussr > r_us:
        _remove_inf(s, US, c, r_ussr - r_us)
    elif r_us > r_ussr:
        _remove_inf(s, USSR, c, r_us - r_ussr)


cdef void _answer_coup(CState s, tuple frame, int c):
    cdef int side = _frame_int(frame, 1), ops = _frame_int(frame, 3), asia_b = _frame_int(frame, 4), sea_b = _frame_int(frame, 5)
    free_mask = frame[6]
    if bit(ASIA_MASK, c):
        ops += asia_b
    if bit(SEA_MASK, c):
        ops += sea_b
    if (s.missile_crisis >> opp(side)) & 1:  # #40
        _end(s, opp(side), f"{SIDE_NAMES[side]} attempted a coup during the Cuban Missile Crisis")
        return
    cdef int mo
    if not free_mask or _frame_int(frame, 2) == CARD_CHE:  # rules.coup_adds_milops: card 107's coups count
        mo = <int>s.milops[side] + ops
        s.milops[side] = mo if mo < 5 else 5  # 6.3.3, 8.2.3
    if side == US and _turnfx(s, CARD_YURI_AND_SAMANTHA):  # card 109
        _gain_vp(s, USSR, 1)
        _check_vp(s)
        if s.winner >= 0:
            return
    if _coup_degrades_defcon(s, side, c) and s.options.get("edition") != "deluxe":
        _degrade_defcon(s, 1, side)  # the seed: before the roll
        if s.winner >= 0:
            return
    s.stack.append((K_COUP_ROLL, CHANCE_P, side, c, ops, 1 if free_mask else 0))


cdef inline bint _coup_degrades_defcon(CState s, int side, int c):
    """``rules.coup_degrades_defcon``: 6.3.4; #41."""
    return BATTLEGROUND[c] and not (side == US and _turnfx(s, CARD_NUCLEAR_SUBS))


cdef int _coup_modifier(CState s, int side, int c):
    cdef int mod = -1 if _turnfx(s, CARD_SALT_NEGOTIATIONS) else 0
    if bit(CA_SA_MASK, c):
        if (s.death_squads >> side) & 1:
            mod += 1
        if (s.death_squads >> opp(side)) & 1:
            mod -= 1
    return mod


cdef void _answer_coup_roll(CState s, tuple frame, int die):
    cdef int side = _frame_int(frame, 2), c = _frame_int(frame, 3), ops = _frame_int(frame, 4)
    cdef long result = die + ops + _coup_modifier(s, side, c) - 2 * STAB[c]  # 6.3.2
    cdef long removed
    if result > 0:
        removed = _remove_inf(s, opp(side), c, result)
        _add_inf(s, side, c, result - removed)
    if s.options.get("edition") == "deluxe" and _coup_degrades_defcon(s, side, c):
        _degrade_defcon(s, 1, side)  # 6.3.4, after the result in the Deluxe edition


cdef void _answer_space_roll(CState s, int side, int die):
    cdef int box = <int>s.space[side] + 1
    if box <= 8 and die <= SP_ROLL[box]:  # 6.4.1
        _advance_space(s, side, 1)


cdef void _answer_place_remove(CState s, tuple frame, int a):
    if a >= OPTION_BASE:
        return  # done early ("up to")
    cdef int k = _kind(frame), side_t = _frame_int(frame, 3), n = _frame_int(frame, 4)
    cdef int c = a - COUNTRY_BASE
    if k == K_PLACE:
        _add_inf(s, side_t, c, 1)
    else:
        _remove_inf(s, side_t, c, 1)
    if n > 1:
        s.stack.append((k, frame[1], frame[2], side_t, n - 1, frame[5], frame[6], frame[7] + (c,), frame[8]))


cdef void _answer_trap(CState s, tuple frame, int a):
    cdef int side = _frame_int(frame, 1), trap = _frame_int(frame, 2)
    if a < COUNTRY_BASE:
        _play_card(s, side, a // 8, M_EVENT)
        return
    if a < CARD_BASE:
        return
    s.hands[side].remove(a - CARD_BASE)
    s.discard.append(a - CARD_BASE)  # 5.4
    s.stack.append((K_TRAP_ROLL, CHANCE_P, side, trap))


# ---------------------------------------------------------------- evaluation (heuristics.py)
cdef double REGION_WEIGHT[6]
for _i in range(6):
    REGION_WEIGHT[_i] = heuristics.REGION_WEIGHT[_i]
cdef double SCALE = heuristics.SCALE
cdef int SCORING_REGION[MAXC]
for _n in range(MAXC):
    SCORING_REGION[_n] = -1
for _n, _v in BOARD.scoring.items():
    SCORING_REGION[_n] = _v[0]


cdef double _milops_penalty(CState s, int side):
    """The VP ``side``'s unpaid military operations are expected to cost (8.2.3): the shortfall
    against DEFCON, dearer when at most one action round is left."""
    cdef int short = s.defcon - <int>s.milops[side]
    cdef int left = _rounds_for(s, side) - <int>s.rounds_done[side]
    if short < 0:
        short = 0
    if left < 0:
        left = 0
    return short * (0.8 if left <= 1 else 0.4)


cdef double _us_advantage(CState s, int seat):
    """``heuristics.us_advantage``, term by term in the same order (so the same doubles)."""
    cdef double x = s.vp
    cdef int turns_left = (10 - s.turn if s.turn < 10 else 0) + 1
    cdef int region, side, c
    cdef double proj, pen, sign
    projs, bg_lead = _movegen_c.board_terms(s.inf, bool(bit(s.perm, CARD_FORMOSAN_RESOLUTION)))
    for region in range(6):
        proj = <long>projs[region]
        if region == EUROPE and (proj >= 20 or proj <= -20):
            proj = copysign(12.0, proj)
        x += REGION_WEIGHT[region] * proj * (0.6 if turns_left > 1 else 1.0)
    x += 0.08 * <long>bg_lead
    x += 0.6 * (<long>s.space[US] - <long>s.space[USSR])
    x += 0.8 if s.china == US else -0.8
    if s.phase == PH_ACTION:
        for side in range(2):
            pen = _milops_penalty(s, side)
            x += -pen if side == US else pen
    sign = 1.0 if seat == US else -1.0
    for c in s.hands[seat]:
        if C_SCORING[c] and SCORING_REGION[c] >= 0:
            proj = <long>projs[SCORING_REGION[c]]
            x += 0.5 * (-8.0 if proj < -8.0 else (8.0 if proj > 8.0 else proj))
        elif C_SIDE[c] == opp(seat):
            x -= sign * 0.3 * C_OPS[c]
        else:
            x += sign * 0.15 * C_OPS[c]
    if s.defcon == 2:
        x -= sign * 0.5
    return x


def evaluate(CState s, int seat):
    """``heuristics.evaluate``: value in [0, 1] of ``s`` for ``seat``."""
    if s.winner >= 0:
        if s.winner == 2:
            return 0.5
        return 1.0 if s.winner == seat else 0.0
    cdef double v = 1.0 / (1.0 + exp(-_us_advantage(s, seat) / SCALE))
    return v if seat == US else 1.0 - v


# ---------------------------------------------------------------- evaluation terms (features.py)
cdef list NONBG_COUNTRIES = [c for c in range(BOARD.n) if not BOARD.bg_mask >> c & 1]
cdef int N_COUNTRIES = BOARD.n


def eval_terms(CState s, int seat):
    """``features.terms``: the fitted evaluator's terms for ``seat``, computed in the same order
    with the same arithmetic (so the same doubles; the differential tests compare them)."""
    cdef int turns_left = (10 - s.turn if s.turn < 10 else 0) + 1
    cdef int region, side, c, n = N_COUNTRIES
    cdef long nonbg = 0
    cdef double proj, pen, milops = 0.0, scoring = 0.0, enemy = 0.0, own = 0.0
    cdef double sign = 1.0 if seat == US else -1.0
    cdef double k = sign / SCALE
    cdef list inf = s.inf
    projs, bg_lead = _movegen_c.board_terms(inf, bool(bit(s.perm, CARD_FORMOSAN_RESOLUTION)))
    out = [k * <double>s.vp + 0.0]
    for region in range(6):
        proj = <long>projs[region]
        if region == EUROPE and (proj >= 20 or proj <= -20):  # Europe control: capped as in evaluate
            proj = copysign(12.0, proj)
        out.append(k * (proj * (0.6 if turns_left > 1 else 1.0)) + 0.0)
    out.append(k * <double><long>bg_lead + 0.0)
    out.append(k * <double>(<long>s.space[US] - <long>s.space[USSR]) + 0.0)
    out.append(k * (1.0 if s.china == US else -1.0) + 0.0)
    if s.phase == PH_ACTION:  # 8.2.3: unpaid military operations cost VP at the end of the turn
        for side in range(2):
            pen = _milops_penalty(s, side)
            milops += -pen if side == US else pen
    out.append(k * milops + 0.0)
    for c in s.hands[seat]:
        if C_SCORING[c] and SCORING_REGION[c] >= 0:
            proj = <long>projs[SCORING_REGION[c]]
            scoring += -8.0 if proj < -8.0 else (8.0 if proj > 8.0 else proj)
        elif C_SIDE[c] == opp(seat):
            enemy -= sign * C_OPS[c]
        else:
            own += sign * C_OPS[c]
    out.append(k * scoring + 0.0)
    out.append(k * enemy + 0.0)
    out.append(k * own + 0.0)
    out.append(k * (-sign if s.defcon == 2 else 0.0) + 0.0)  # 8.1.5
    ctrl_ussr = _movegen_c.control(inf, USSR)
    ctrl_us = _movegen_c.control(inf, US)
    for c in NONBG_COUNTRIES:  # 2.1.7: influence short of control in non-battlegrounds
        if <long>inf[n + c] and not (ctrl_us >> c) & 1:
            nonbg += <long>inf[n + c]
        if <long>inf[c] and not (ctrl_ussr >> c) & 1:
            nonbg -= <long>inf[c]
    out.append(k * <double>nonbg + 0.0)
    return out
