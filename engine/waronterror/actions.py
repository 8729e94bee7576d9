"""War on Terror action ids <-> meaning.

Every decision is atomic (docs/architecture.md): a card is played (``play War (7+)``), then
its target is chosen (``target Brazil``), then its 2d6 is rolled (a chance node). A terrorist
move picks the unit (``move unit from Peru``), then the destination (``target Brazil``).

Layout (``N`` countries, ``K`` card types, both from the data files):

=========================  =========================================
``END`` .. ``DONE``        fixed verbs (end turn, become terrorist, buy cards, ...)
``BUY_CAMP + z - 1``       buy a unit of size ``z`` for the training camp
``PLAY + k``               play a card of type ``k``
``TARGET + c``             choose country ``c`` (card target, move destination)
``TARGET_SEAT + p``        choose seat ``p`` (card target)
``BUILD + 3c + z - 1``     develop country ``c`` up to size ``z`` (village 1, town 2, city 3)
``DISMANTLE + c``          remove your development in ``c`` for a refund
``BUY_UNIT + c``           buy a vanguard straight onto ``c``
``UPGRADE + c``            upgrade the terrorist unit in ``c`` one size
``PLACE + 3c + z - 1``     place a unit of size ``z`` from the training camp in ``c``
``MOVE_FROM + c``          terrorist move: the unit in ``c`` (the destination follows)
``SETUP + c``              preparation round: a starting village in ``c``
``CHANCE_OUTCOME + v``     chance outcome ``v`` (die face, 2d6 total, spinner colour, seat)
=========================  =========================================
"""

from __future__ import annotations

from realpolitik.engine.waronterror.board import BOARD

__all__ = [
    "ACT",
    "BECOME",
    "BUILD",
    "BUY_CAMP",
    "BUY_CARD_E",
    "BUY_CARD_T",
    "BUY_UNIT",
    "CHANCE_OUTCOME",
    "DECK_E",
    "DECK_T",
    "DISMANTLE",
    "DONE",
    "END",
    "LET",
    "MOVE_FROM",
    "NUM_ACTIONS",
    "PASS",
    "PLACE",
    "PLAY",
    "SETUP",
    "TARGET",
    "TARGET_SEAT",
    "UPGRADE",
]

N = BOARD.n
K = len(BOARD.cards)

END = 0
BECOME = 1
BUY_CARD_E = 2
BUY_CARD_T = 3
DECK_E = 4
DECK_T = 5
LET = 6  # a targeted seat lets the card resolve (Azioni fuori dal tuo turno)
PASS = 7  # a seat asked in an out-of-turn window does nothing
ACT = 8  # ... or acts out of turn (dismantle, change sides)
DONE = 9  # a seat acting out of turn is done
BUY_CAMP = 10  # + size - 1: a vanguard, column or cell for the training camp (Terroristi)
PLAY = 16
TARGET = PLAY + K
TARGET_SEAT = TARGET + N
BUILD = TARGET_SEAT + 6
DISMANTLE = BUILD + 3 * N
BUY_UNIT = DISMANTLE + N
UPGRADE = BUY_UNIT + N
PLACE = UPGRADE + N
MOVE_FROM = PLACE + 3 * N
SETUP = MOVE_FROM + N
CHANCE_OUTCOME = SETUP + N
NUM_ACTIONS = CHANCE_OUTCOME + 13

FIXED = {
    END: "end turn",
    BECOME: "become terrorist",
    BUY_CARD_E: "buy empire card",
    BUY_CARD_T: "buy terrorist card",
    BUY_CAMP: "buy vanguard for the camp",
    BUY_CAMP + 1: "buy column for the camp",
    BUY_CAMP + 2: "buy cell for the camp",
    DECK_E: "draw from the empire deck",
    DECK_T: "draw from the terrorist deck",
    LET: "let it resolve",
    PASS: "no action out of turn",
    ACT: "act out of turn",
    DONE: "done out of turn",
}
