"""War on Terror's codes and constants: the phases of a turn (``P_*``), the phases in which a
seat decides out of turn, and what an out-of-turn window goes back to.

The state itself, its fields declared once with the protocol methods, is
``game.WarOnTerrorState``.
"""

from __future__ import annotations

__all__ = [
    "GAME_OVER",
    "OUT_OF_TURN",
    "PHASE_NAMES",
    "P_ASK",
    "P_AXIS",
    "P_COMBAT",
    "P_DEBT",
    "P_DIE",
    "P_EXTRA_DECK",
    "P_FIRST",
    "P_MOVE_TO",
    "P_OIL",
    "P_OUT",
    "P_PLAY",
    "P_RESPOND",
    "P_SETUP",
    "P_TARGET",
    "P_TARGET_SEAT",
    "RESUME_CARD",
    "RESUME_DIE",
]

P_FIRST = 0  # chance: 2d6 each, the highest starts the preparation round
P_SETUP = 1  # a seat places its starting villages
P_DIE = 2  # chance: the action die
P_AXIS = 3  # chance: the Axis of Evil spins
P_EXTRA_DECK = 4  # an evil empire picks the deck of its extra card
P_PLAY = 5  # the main part of a turn
P_TARGET = 6  # a played card's country target
P_TARGET_SEAT = 7  # a played card's seat target
P_COMBAT = 8  # chance: the card's 2d6
P_MOVE_TO = 9  # a terrorist move's destination
P_OIL = 10  # chance: the oil dice end the turn
GAME_OVER = 11
P_RESPOND = 12  # a seat whose development a card targets answers before it resolves
P_ASK = 13  # a seat is asked whether it acts out of turn (a window, Azioni fuori dal tuo turno)
P_OUT = 14  # a seat acts out of turn: dismantles, changes sides, or is done
P_DEBT = 15  # a debtor chooses the development to remove for its refund (Bancarotta)
# the phases in which a seat decides during another seat's turn (``paused`` is the latter)
OUT_OF_TURN = (P_RESPOND, P_ASK, P_OUT, P_DEBT)
# what an out-of-turn window goes back to once every seat asked has answered
RESUME_DIE = 0  # the start of a turn: the action die
RESUME_CARD = 1  # the pending card: its roll, or its effect

PHASE_NAMES = (
    "first player roll",
    "preparation round",
    "action die",
    "Axis of Evil",
    "extra card",
    "play",
    "card target",
    "card target",
    "combat roll",
    "terrorist move",
    "oil dice",
    "game over",
    "answer to an attack",
    "act out of turn?",
    "acting out of turn",
    "paying a debt",
)
