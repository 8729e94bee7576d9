"""The plain Twilight Struggle state: flat int lists and bitmasks, a hand-written clone().

Sides: USSR = 0, US = 1. ``vp`` is signed: positive favours the US (10.2.1). Influence is one
flat list, ``inf[side * N + country]``. Pending decisions live on ``stack`` as tuples (see
``frames.py``): the state is a small machine whose top frame says who decides what.

``_core_c.CState`` is the compiled twin: the same fields under the same names (a ``cdef
class``), so that everything outside the core reads and writes either alike.
"""

from __future__ import annotations

from realpolitik.engine.twilight import movegen
from realpolitik.engine.twilight.board import BOARD, US, USSR

__all__ = ["N", "TSState", "opp"]

N = BOARD.n
CountryId = int
Side = int


def opp(side: Side) -> Side:
    """The other superpower."""
    return 1 - side


# Phases of the turn (4.5).
PH_SETUP = 0
PH_HEADLINE = 1
PH_ACTION = 2
PH_END = 3
PH_OVER = 4


class TSState:
    """All of one Twilight Struggle position. Fields are public for rules/events code.

    Attributes:
        inf: Influence, ``inf[side * N + c]``.
        vp: Victory points, positive = US ahead.
        defcon: DEFCON level 1..5.
        turn: Turn 1..10.
        ar: Action round within the turn (0 during the headline).
        phase: One of the PH_* constants.
        phasing: The phasing side (4.2), or -1 outside a player's round.
        milops: Military operations this turn, per side.
        space: Space race box reached, per side (0 = start).
        space_tries: Space race attempts this turn, per side.
        rounds_done: Action rounds played this turn, per side.
        hands: Card numbers in each side's hand (never the China Card).
        deck: Draw deck, top = last element.
        discard: Discard pile.
        removed: Cards removed from the game.
        box: Mid/Late War cards not yet added to the deck.
        inplay: Cards being played right now (between hand and discard).
        china: Side holding the China Card; ``china_up`` whether it is face up.
        headline: Headline card chosen per side (0 = none yet).
        perm: Bit n set = card n's lasting effect is in play for the game.
        turnfx: Bit n set = card n's effect lasts for the rest of this turn.
        red_scare: Bit s set = side s suffers Red Scare/Purge's -1 this turn.
        missile_crisis: Bit s set = side s played Cuban Missile Crisis this turn (the other side must not coup).
        death_squads: Bit s set = side s played Latin American Death Squads this turn.
        chernobyl: Region the USSR may not place influence in by operations (-1 = none).
        missile_envy: Side that must play Missile Envy for operations next round (-1 = none).
        ames: US cards in the order the USSR dictated (Aldrich Ames), first = next to play.
        revealed: Bit s set = side s's hand is shown to the opponent this turn.
        bury_you_pending: Bit 0 set = We Will Bury You awaits the US's next round.
        round_start: Per side, bitmask of countries with own influence at the start of its round.
        stack: Pending decisions (tuples), top = last.
        rng: SplitMix64 state for shuffles.
        winner: -1 while running; 0 USSR, 1 US, 2 draw.
        end_reason: Why the game ended.
        history: Every action applied.
        seed: The seed the game started from.
        options: Options the game started with.
    """

    __slots__ = (
        "inf",
        "vp",
        "defcon",
        "turn",
        "ar",
        "phase",
        "phasing",
        "milops",
        "space",
        "space_tries",
        "rounds_done",
        "hands",
        "deck",
        "discard",
        "removed",
        "box",
        "inplay",
        "china",
        "china_up",
        "headline",
        "perm",
        "turnfx",
        "red_scare",
        "missile_crisis",
        "death_squads",
        "chernobyl",
        "missile_envy",
        "ames",
        "revealed",
        "bury_you_pending",
        "round_start",
        "stack",
        "rng",
        "winner",
        "end_reason",
        "history",
        "seed",
        "options",
        "_queue",
        "_legal",
    )

    def __init__(self) -> None:
        self.inf: list[int] = [0] * (2 * N)
        self.vp = 0
        self.defcon = 5
        self.turn = 1
        self.ar = 0
        self.phase = PH_SETUP
        self.phasing = -1
        self.milops = [0, 0]
        self.space = [0, 0]
        self.space_tries = [0, 0]
        self.rounds_done = [0, 0]
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.removed: list[int] = []
        self.box: list[int] = []
        self.inplay: list[int] = []
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
        self.ames: list[int] = []
        self.revealed = 0
        self.bury_you_pending = 0
        self.round_start = [0, 0]
        self.stack: list[tuple] = []
        self.rng = 0
        self.winner = -1
        self.end_reason = ""
        self.history: list[int] = []
        self.seed = 0
        self.options: dict = {}
        self._queue: list[tuple] | None = None
        # (history length, top frame, legal ids) from the last legal_actions(): apply() checks
        # legality against it instead of generating the moves a second time (rules.apply).
        self._legal: tuple[int, tuple, list[int]] | None = None

    def touch(self) -> None:
        """Forget what was derived from the fields (the legal actions ``rules.legal_actions``
        remembers for the next ``apply``). Code that edits fields directly — test positions,
        position editors — calls this after editing; ``apply`` and ``clone`` need not.
        ``REALPOLITIK_CHECK_LEGAL=1`` makes a forgotten call fail loudly (``make test`` sets it
        for one pass)."""
        self._legal = None

    def clone(self) -> TSState:
        """An independent copy. Tuples and ints are shared (immutable); lists are copied."""
        cls = type(self)
        return self.copy_into(cls.__new__(cls))

    def copy_into(self, c: TSState) -> TSState:
        """Copy this position's fields into the empty state ``c`` (of this class, or the pure
        class when ``self`` is a compiled state: the fields have the same names in both) and
        return it; the remembered legal list and event queue start empty."""
        c.inf = self.inf[:]
        c.vp = self.vp
        c.defcon = self.defcon
        c.turn = self.turn
        c.ar = self.ar
        c.phase = self.phase
        c.phasing = self.phasing
        c.milops = self.milops[:]
        c.space = self.space[:]
        c.space_tries = self.space_tries[:]
        c.rounds_done = self.rounds_done[:]
        c.hands = [self.hands[0][:], self.hands[1][:]]
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
    def influence(self, side: Side, c: CountryId) -> int:
        """Influence of ``side`` in country ``c``."""
        return self.inf[side * N + c]

    def add_inf(self, side: Side, c: CountryId, n: int) -> None:
        """Add ``n`` influence (never below zero when ``n`` is negative)."""
        k = side * N + c
        v = self.inf[k] + n
        self.inf[k] = v if v > 0 else 0

    def remove_inf(self, side: Side, c: CountryId, n: int) -> int:
        """Remove up to ``n`` influence; returns how much was removed."""
        k = side * N + c
        have = self.inf[k]
        take = n if n < have else have
        self.inf[k] = have - take
        return take

    def set_inf(self, side: Side, c: CountryId, n: int) -> None:
        """Set influence exactly."""
        self.inf[side * N + c] = n if n > 0 else 0

    def controller(self, c: CountryId) -> int:
        """Side controlling ``c`` (2.1.7), or -1."""
        st = BOARD.stability[c]
        a = self.inf[c]
        b = self.inf[N + c]
        if a >= st and a - b >= st:
            return USSR
        if b >= st and b - a >= st:
            return US
        return -1

    def controls(self, side: Side, c: CountryId) -> bool:
        """True when ``side`` controls ``c``."""
        st = BOARD.stability[c]
        mine = self.inf[side * N + c]
        return mine >= st and mine - self.inf[(1 - side) * N + c] >= st

    def control_mask(self, side: Side) -> int:
        """Bitmask of countries ``side`` controls."""
        return _control(self.inf, side)

    def presence_mask(self, side: Side) -> int:
        """Bitmask of countries where ``side`` has any influence."""
        return _presence(self.inf, side)

    def influence_to_control(self, side: Side, c: CountryId) -> int:
        """Influence ``side`` needs in ``c`` to control it with the opponent's as it is."""
        need = self.inf[(1 - side) * N + c] + BOARD.stability[c]
        return need if need > BOARD.stability[c] else BOARD.stability[c]

    # ----- tracks -----
    def gain_vp(self, side: Side, n: int) -> None:
        """``side`` gains ``n`` VP (10.2.2); negative ``n`` means the opponent gains."""
        self.vp += n if side == US else -n

    def flag(self, card: int) -> bool:
        """True when card ``card``'s lasting effect is in play (game or turn)."""
        return bool((self.perm | self.turnfx) >> card & 1)

    def set_perm(self, card: int, on: bool = True) -> None:
        """Set or clear a game-long effect."""
        if on:
            self.perm |= 1 << card
        else:
            self.perm &= ~(1 << card)

    def set_turn(self, card: int, on: bool = True) -> None:
        """Set or clear a rest-of-turn effect."""
        if on:
            self.turnfx |= 1 << card
        else:
            self.turnfx &= ~(1 << card)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.winner >= 0

    def end(self, winner: int, reason: str) -> None:
        """End the game now (winner 0 USSR, 1 US, 2 draw)."""
        if self.winner < 0:
            self.winner = winner
            self.end_reason = reason
            self.stack.clear()
            self.phasing = -1


_MG = movegen.pure()  # the reference loops; the compiled core calls its own twin
_control = _MG.control
_presence = _MG.presence
