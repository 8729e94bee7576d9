"""Ideology's state codes and constants: the phase codes, where a region tile is, the WMD
conflict type, and the layout of the flat int lists the state holds (its fields are declared
once, with the protocol, in ``game.IdeologyState``; the RNG is one int).

Influence cards of one type are interchangeable in play, so hands, decks, discard piles and
the sectors beside each region are *counts* per type. A deck is a multiset: drawing takes a
uniformly random card from it with the state's SplitMix64 RNG, which is the same in law as
drawing the top card of a shuffled deck (and needs no hidden order to store).

Layouts (``n`` = players, ``T`` = 3 influence types, ``NUM_ADVANCEMENTS`` = 7 advancement types):

- ``inf[(r * 3 + t) * n + seat]``: cards of ``seat`` in sector ``t`` beside region ``r`` (a
  ``bytearray``: cheap to copy, and a count can never go negative unnoticed);
- ``hand/deck/discard/staged[seat * 3 + t]``;
- ``adv[seat * NUM_ADVANCEMENTS + k]``: copies of advancement ``k`` owned;
- ``stance/offers/shown_offers[i * n + j]``.
"""

from __future__ import annotations

from realpolitik.engine.ideology.board import BOARD

__all__ = [
    "GAME_OVER",
    "IN_PLAY",
    "NUM_ADVANCEMENTS",
    "OFF_DECK",
    "PHASE_NAMES",
    "PH_CONFLICT",
    "PH_DEVELOPMENT",
    "PH_DIPLOMACY",
    "PH_FOREIGN",
    "PH_RESOURCES",
    "PH_REVEAL",
    "PH_TRADING",
    "WMD_TYPE",
]

NUM_ADVANCEMENTS = len(BOARD.advancements)

# Phase codes follow the rulebook's numbering (phases 7 and 8 run without decisions).
PH_RESOURCES = 1
PH_TRADING = 2
PH_DEVELOPMENT = 3
PH_FOREIGN = 4
PH_CONFLICT = 5
PH_DIPLOMACY = 6
PH_REVEAL = 40  # phase 4 opening: a region tile is turned face up (chance node)
GAME_OVER = 99
PHASE_NAMES = {
    PH_RESOURCES: "resources",
    PH_TRADING: "trading",
    PH_DEVELOPMENT: "development",
    PH_REVEAL: "foreign (reveal)",
    PH_FOREIGN: "foreign",
    PH_CONFLICT: "conflict",
    PH_DIPLOMACY: "diplomacy",
    GAME_OVER: "game over",
}

OFF_DECK = 0  # region tile still in the face-down region deck (0: game.check_invariants relies on it)
IN_PLAY = 1  # region tile face up: controlled (owner >= 0) or independent (owner == -1)

WMD_TYPE = 3  # conflict "type" of a Weapons of Mass Destruction strike
