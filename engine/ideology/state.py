"""The plain Ideology state: flat int lists, a one-int RNG, its fields declared once.

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

from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.base import RulesState
from realpolitik.engine.core.schema import (
    CACHE,
    LIST,
    MAPPING,
    MAYBE_LIST,
    VALUE,
    SchemaFields,
    field,
    state_fields,
)
from realpolitik.engine.ideology.board import BOARD, Board

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


@state_fields
class IdeoState(RulesState, SchemaFields):
    """One Ideology position, its fields in the order the fingerprint gives them
    (``legal_actions``, ``apply_action``, ``clone`` and ``fingerprint`` come from the skeleton,
    the rest of the protocol from ``game.IdeologyState``, which binds the rules)."""

    n: int = field(VALUE, "number of players", 0)
    board: Board = field(
        VALUE,
        "the data set in play (``board.Board`` of the ``variant`` option): what advancements and special rules do. Shared, never modified",
        lambda: BOARD,
        position=False,
    )
    ideo: list[int] = field(LIST, "ideology index of each seat", list)
    seat_of: list[int] = field(
        LIST, "seat of each ideology index, -1 when not in play", lambda: [-1] * len(BOARD.ideologies)
    )
    seed: int = field(VALUE, "seed of the initial state", 0)
    options: dict[str, Any] = field(MAPPING, "options given to ``new_initial_state``", dict, position=False)
    history: list[int] = field(
        LIST,
        "every action applied (forced single-choice moves are not recorded: they are replayed by the rules themselves)",
        list,
        position=False,
    )
    rng: int = field(VALUE, "SplitMix64 state for card draws", 0)
    turn: int = field(VALUE, "turn number, from 1", 0)
    phase: int = field(VALUE, "one of the ``PH_*`` codes", PH_RESOURCES)
    order: list[int] = field(LIST, "seats in Turn Order Chart order", list)
    idx: int = field(VALUE, "index into ``order`` of the seat acting in a sequential phase", 0)
    passes: int = field(VALUE, "consecutive passes in the Foreign or Conflict phase", 0)
    owner: list[int] = field(
        LIST, "per region, controlling seat or -1 (independent / off the table)", lambda: [-1] * BOARD.n
    )
    dev: list[int] = field(
        LIST, "per region, current Development Level (printed level until changed)", lambda: list(BOARD.level)
    )
    where: list[int] = field(LIST, "per region, ``OFF_DECK`` or ``IN_PLAY``", lambda: [OFF_DECK] * BOARD.n)
    inf: bytearray = field(LIST, "influence cards beside the regions (see module docstring)", bytearray)
    hand: list[int] = field(LIST, "cards in hand per seat and type", list)
    deck: list[int] = field(LIST, "cards in the draw deck per seat and type", list)
    discard: list[int] = field(LIST, "cards in the discard pile per seat and type (face up: public)", list)
    staged: list[int] = field(
        LIST,
        "cards a seat has chosen to discard in the simultaneous Resource phase, not yet revealed to the others",
        list,
    )
    adv: list[int] = field(LIST, "advancements owned per seat and type", list)
    supply: list[int] = field(
        LIST, "advancements left in each supply pile", lambda: [a.count for a in BOARD.advancements]
    )
    stance: list[int] = field(
        LIST, "diplomatic stance between each pair (``PEACE``/``NEUTRAL``/``WAR``)", list
    )
    offers: list[int] = field(
        LIST, "stances offered in the running Diplomacy phase (-1 = not yet), hidden", list
    )
    shown_offers: list[int] = field(LIST, "the offers of the last completed Diplomacy phase (public)", list)
    offer_to: int = field(VALUE, "index (0..n-2) of the opponent the acting seat is making an offer to", 0)
    attacked: list[int] = field(
        LIST, "per seat, bitmask of seats that started a conflict against it this turn", list
    )
    conflict: tuple[int, int, int, int, int] | None = field(
        VALUE,
        "the conflict being fought, ``(attacker, defender, region, type, stage)`` with type 0..2 or ``WMD_TYPE``; stage 0 = the defender answers an attack card on the table, 1 = the attacker decides whether to go on. None when no conflict",
        None,
    )
    traded: int = field(VALUE, "cards the acting seat has traded away so far this Trading phase", 0)
    revealed: int = field(VALUE, "region turned up this turn (-1 if none)", -1)
    result: list[float] | None = field(MAYBE_LIST, "returns per seat once the game is over, else None")
    _legal: list[int] | None = field(CACHE, "the legal actions, remembered until the next action")
    _prospects: tuple[list[int], list[float]] | None = field(
        CACHE,
        "the prospects (heuristics.prospects) with the _legal list they were computed beside: a match means the same position",
    )

    if TYPE_CHECKING:

        def clone(self) -> IdeoState: ...
        def touch(self) -> None: ...

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
