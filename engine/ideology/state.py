"""The plain Ideology state: flat int lists, a one-int RNG, a hand-written ``clone()``.

Influence cards of one type are interchangeable in play, so hands, decks, discard piles and
the sectors beside each region are *counts* per type. A deck is a multiset: drawing takes a
uniformly random card from it with the state's SplitMix64 RNG, which is the same in law as
drawing the top card of a shuffled deck (and needs no hidden order to store).

Layouts (``n`` = players, ``T`` = 3 influence types, ``NA`` = 7 advancement types):

- ``inf[(r * 3 + t) * n + seat]``: cards of ``seat`` in sector ``t`` beside region ``r`` (a
  ``bytearray``: cheap to copy, and a count can never go negative unnoticed);
- ``hand/deck/discard/staged[seat * 3 + t]``;
- ``adv[seat * NA + k]``: copies of advancement ``k`` owned;
- ``stance/offers/shown_offers[i * n + j]``.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.ideology.board import BOARD

__all__ = [
    "IN_PLAY",
    "NA",
    "OFF_DECK",
    "PHASE_NAMES",
    "PH_CONFLICT",
    "PH_DEVELOPMENT",
    "PH_DIPLOMACY",
    "PH_FOREIGN",
    "PH_OVER",
    "PH_RESOURCES",
    "PH_REVEAL",
    "PH_TRADING",
    "WMD_TYPE",
    "IdeoState",
]

NA = len(BOARD.advancements)

# Phase codes follow the rulebook's numbering (phases 7 and 8 run without decisions).
PH_RESOURCES = 1
PH_TRADING = 2
PH_DEVELOPMENT = 3
PH_FOREIGN = 4
PH_CONFLICT = 5
PH_DIPLOMACY = 6
PH_REVEAL = 40  # phase 4 opening: a region tile is turned face up (chance node)
PH_OVER = 99
PHASE_NAMES = {
    PH_RESOURCES: "resources",
    PH_TRADING: "trading",
    PH_DEVELOPMENT: "development",
    PH_REVEAL: "foreign (reveal)",
    PH_FOREIGN: "foreign",
    PH_CONFLICT: "conflict",
    PH_DIPLOMACY: "diplomacy",
    PH_OVER: "game over",
}

OFF_DECK = 0  # region tile still in the face-down region deck (0: game.check_invariants relies on it)
IN_PLAY = 1  # region tile face up: controlled (owner >= 0) or independent (owner == -1)

WMD_TYPE = 3  # conflict "type" of a Weapons of Mass Destruction strike


class IdeoState:
    """One Ideology position (the protocol methods live in ``game.IdeologyState``).

    Attributes:
        n: Number of players.
        fx: The data set in play (``board.Board`` of the ``variant`` option): what advancements
            and special rules do. Shared, never modified.
        ideo: Ideology index of each seat.
        seat_of: Seat of each ideology index, -1 when not in play.
        seed: Seed of the initial state.
        options: Options given to ``new_initial_state``.
        history: Every action applied (forced single-choice moves are not recorded: they
            are replayed by the rules themselves).
        rng: SplitMix64 state for card draws.
        turn: Turn number, from 1.
        phase: One of the ``PH_*`` codes.
        order: Seats in Turn Order Chart order.
        idx: Index into ``order`` of the seat acting in a sequential phase.
        passes: Consecutive passes in the Foreign or Conflict phase.
        owner: Per region, controlling seat or -1 (independent / off the table).
        dev: Per region, current Development Level (printed level until changed).
        where: Per region, ``OFF_DECK`` or ``IN_PLAY``.
        inf: Influence cards beside the regions (see module docstring).
        hand: Cards in hand per seat and type.
        deck: Cards in the draw deck per seat and type.
        discard: Cards in the discard pile per seat and type (face up: public).
        staged: Cards a seat has chosen to discard in the simultaneous Resource phase, not
            yet revealed to the others.
        adv: Advancements owned per seat and type.
        supply: Advancements left in each supply pile.
        stance: Diplomatic stance between each pair (``PEACE``/``NEUTRAL``/``WAR``).
        offers: Stances offered in the running Diplomacy phase (-1 = not yet), hidden.
        shown_offers: The offers of the last completed Diplomacy phase (public).
        dip: Index (0..n-2) of the opponent the acting seat is making an offer to.
        attacked: Per seat, bitmask of seats that started a conflict against it this turn.
        conflict: The conflict being fought, ``(attacker, defender, region, type, stage)``
            with type 0..2 or ``WMD_TYPE``; stage 0 = the defender answers an attack card
            on the table, 1 = the attacker decides whether to go on. None when no conflict.
        traded: Cards the acting seat has traded away so far this Trading phase.
        revealed: Region turned up this turn (-1 if none).
        result: Returns per seat once the game is over, else None.
    """

    __slots__ = (
        "n",
        "fx",
        "ideo",
        "seat_of",
        "seed",
        "options",
        "history",
        "rng",
        "turn",
        "phase",
        "order",
        "idx",
        "passes",
        "owner",
        "dev",
        "where",
        "inf",
        "hand",
        "deck",
        "discard",
        "staged",
        "adv",
        "supply",
        "stance",
        "offers",
        "shown_offers",
        "dip",
        "attacked",
        "conflict",
        "traded",
        "revealed",
        "result",
        "_legal",
        "_pros",
    )

    def __init__(self) -> None:
        self.n = 0
        self.fx = BOARD
        self.ideo: list[int] = []
        self.seat_of: list[int] = [-1] * len(BOARD.ideologies)
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.history: list[int] = []
        self.rng = 0
        self.turn = 0
        self.phase = PH_RESOURCES
        self.order: list[int] = []
        self.idx = 0
        self.passes = 0
        self.owner: list[int] = [-1] * BOARD.n
        self.dev: list[int] = list(BOARD.level)
        self.where: list[int] = [OFF_DECK] * BOARD.n
        self.inf = bytearray()
        self.hand: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.staged: list[int] = []
        self.adv: list[int] = []
        self.supply: list[int] = [a.count for a in BOARD.advancements]
        self.stance: list[int] = []
        self.offers: list[int] = []
        self.shown_offers: list[int] = []
        self.dip = 0
        self.attacked: list[int] = []
        self.conflict: tuple[int, int, int, int, int] | None = None
        self.traded = 0
        self.revealed = -1
        self.result: list[float] | None = None
        self._legal: list[int] | None = None
        # (the _legal list they were computed beside, heuristics.prospects): rules.apply and
        # settle give every position a new _legal list, so a match means the same position
        self._pros: tuple[list[int], list[float]] | None = None

    def clone(self) -> IdeoState:
        """An independent copy (lists copied, immutable fields shared)."""
        s = self.__class__.__new__(self.__class__)
        s.n = self.n
        s.fx = self.fx
        s.ideo = self.ideo[:]
        s.seat_of = self.seat_of[:]
        s.seed = self.seed
        s.options = dict(self.options)
        s.history = self.history[:]
        s.rng = self.rng
        s.turn = self.turn
        s.phase = self.phase
        s.order = self.order[:]
        s.idx = self.idx
        s.passes = self.passes
        s.owner = self.owner[:]
        s.dev = self.dev[:]
        s.where = self.where[:]
        s.inf = self.inf[:]
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.staged = self.staged[:]
        s.adv = self.adv[:]
        s.supply = self.supply[:]
        s.stance = self.stance[:]
        s.offers = self.offers[:]
        s.shown_offers = self.shown_offers[:]
        s.dip = self.dip
        s.attacked = self.attacked[:]
        s.conflict = self.conflict
        s.traded = self.traded
        s.revealed = self.revealed
        s.result = None if self.result is None else self.result[:]
        s._legal = None if self._legal is None else self._legal[:]
        s._pros = None
        return s

    # ----- small accessors used everywhere
    def cards(self, r: int, t: int, seat: int) -> int:
        """Cards of ``seat`` in sector ``t`` of region ``r``."""
        return self.inf[(r * 3 + t) * self.n + seat]

    def sector_total(self, r: int, t: int) -> int:
        """All cards in sector ``t`` of region ``r``."""
        b = (r * 3 + t) * self.n
        return sum(self.inf[b : b + self.n])

    def region_cards(self, r: int, seat: int) -> int:
        """Cards of ``seat`` beside region ``r`` (all three sectors)."""
        n = self.n
        b = r * 3 * n + seat
        inf = self.inf
        return inf[b] + inf[b + n] + inf[b + 2 * n]

    def hand_size(self, seat: int) -> int:
        """Cards in ``seat``'s hand (public, phase 1)."""
        b = seat * 3
        return self.hand[b] + self.hand[b + 1] + self.hand[b + 2]

    def offer(self, i: int, j: int) -> int:
        """The stance ``i`` has offered ``j`` this Diplomacy phase (-1 = none yet)."""
        return self.offers[i * self.n + j]

    def stance_between(self, i: int, j: int) -> int:
        """The diplomatic stance between seats ``i`` and ``j``."""
        return self.stance[i * self.n + j]
