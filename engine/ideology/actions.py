"""Ideology actions: small ints <-> (kind, region, type, ideology) and short texts.

Every decision is one small choice (docs/architecture.md): one card traded, one card placed, one
advancement bought, one conflict declared, one stance offered, and so on. Ids:

====================  =======================================  ==========================
id range              action                                   text
====================  =======================================  ==========================
0                     pass (phases 4, 5) / done (phases 2, 3)  ``pass`` / ``done``
1..3                  discard one card of a type (1, 2)        ``discard mil``/``trade eco``
4..8                  conflict answers (5.2)                   ``cancel``, ``concede``,
                                                               ``continue``, ``withdraw``,
                                                               ``retaliate``
10..12                offer a stance to the next opponent (6)  ``war Fascism``
16..22                buy advancement k (3.2)                  ``buy Tactics``
32 + r*3 + t          develop a controlled region (3.1)        ``develop Russia cul``
161 + r*3 + t         place on an independent region (4.1)     ``place Indonesia mil +1``
290 + r*3 + t         remove an own card (4.2)                 ``remove Indonesia mil``
419 + (r*3+t)*5 + i   declare a conflict on ideology i (5)     ``attack Iraq eco Fascism +1``
1064 + r*5 + i        use a WMD on ideology i in r (5)         ``wmd Iraq Fascism``
1279 + r              chance: region tile turned up (4)        ``reveal Indonesia``
====================  =======================================  ==========================

A ``+k`` suffix shows the extra cards the action costs (distance and advancement-gap
penalties); typing the text without it still matches (unique prefix).
"""

from __future__ import annotations

from realpolitik.engine.ideology.board import BOARD, STANCE_NAMES, TYPE_SHORT

__all__ = [
    "ATTACK",
    "BUY",
    "CANCEL",
    "CONCEDE",
    "CONTINUE",
    "DEVELOP",
    "DISCARD",
    "NUM_ACTIONS",
    "OFFER",
    "PASS",
    "PLACE",
    "REMOVE",
    "RETALIATE",
    "REVEAL",
    "WITHDRAW",
    "WMD",
    "attack_action",
    "decode",
    "sector_action",
    "to_string",
    "wmd_action",
]

NUM_REGIONS = BOARD.n  # 43 (the validator insists)
NUM_IDEOLOGIES = len(BOARD.ideologies)  # 5

PASS = 0
DISCARD = 1  # + type
CANCEL = 4
CONCEDE = 5
CONTINUE = 6
WITHDRAW = 7
RETALIATE = 8
OFFER = 10  # + stance
BUY = 16  # + advancement
DEVELOP = 32  # + r*3 + t
PLACE = DEVELOP + NUM_REGIONS * 3
REMOVE = PLACE + NUM_REGIONS * 3
ATTACK = REMOVE + NUM_REGIONS * 3
WMD = ATTACK + NUM_REGIONS * 3 * NUM_IDEOLOGIES
REVEAL = WMD + NUM_REGIONS * NUM_IDEOLOGIES
NUM_ACTIONS = REVEAL + NUM_REGIONS

# kinds returned by decode()
K_PASS, K_DISCARD, K_ANSWER, K_OFFER, K_BUY, K_DEVELOP, K_PLACE, K_REMOVE, K_ATTACK, K_WMD, K_REVEAL = range(
    11
)
ANSWER_NAMES = {
    CANCEL: "cancel",
    CONCEDE: "concede",
    CONTINUE: "continue",
    WITHDRAW: "withdraw",
    RETALIATE: "retaliate",
}


def sector_action(base: int, r: int, t: int) -> int:
    """The id of a develop/place/remove action on sector ``t`` of region ``r``."""
    return base + r * 3 + t


def attack_action(r: int, t: int, ideology: int) -> int:
    """The id of a conflict of type ``t`` in region ``r`` against ``ideology``."""
    return ATTACK + (r * 3 + t) * NUM_IDEOLOGIES + ideology


def wmd_action(r: int, ideology: int) -> int:
    """The id of a WMD strike in region ``r`` against ``ideology``."""
    return WMD + r * NUM_IDEOLOGIES + ideology


def decode(a: int) -> tuple[int, int, int, int]:
    """Split an action id into ``(kind, region, type, value)``.

    ``value`` is the ideology (attack, wmd), stance (offer), advancement (buy) or the
    answer id (cancel ... retaliate); unused fields are -1.

    Raises:
        ValueError: if the id is outside ``range(NUM_ACTIONS)`` or unused.
    """
    if a == PASS:
        return K_PASS, -1, -1, -1
    if DISCARD <= a < DISCARD + 3:
        return K_DISCARD, -1, a - DISCARD, -1
    if a in ANSWER_NAMES:
        return K_ANSWER, -1, -1, a
    if OFFER <= a < OFFER + 3:
        return K_OFFER, -1, -1, a - OFFER
    if BUY <= a < BUY + len(BOARD.advancements):
        return K_BUY, -1, -1, a - BUY
    if DEVELOP <= a < PLACE:
        x = a - DEVELOP
        return K_DEVELOP, x // 3, x % 3, -1
    if PLACE <= a < REMOVE:
        x = a - PLACE
        return K_PLACE, x // 3, x % 3, -1
    if REMOVE <= a < ATTACK:
        x = a - REMOVE
        return K_REMOVE, x // 3, x % 3, -1
    if ATTACK <= a < WMD:
        x, i = divmod(a - ATTACK, NUM_IDEOLOGIES)
        return K_ATTACK, x // 3, x % 3, i
    if WMD <= a < REVEAL:
        r, i = divmod(a - WMD, NUM_IDEOLOGIES)
        return K_WMD, r, -1, i
    if REVEAL <= a < NUM_ACTIONS:
        return K_REVEAL, a - REVEAL, -1, -1
    raise ValueError(f"{a} is not an Ideology action id")


def to_string(
    a: int, *, trading: bool = False, sequential: bool = False, target: str = "", extra: int = 0
) -> str:
    """Short text for an action.

    Args:
        a: The action id.
        trading: The Trading phase (``trade mil`` rather than ``discard mil``).
        sequential: Phases 2-3, where passing is ``done`` rather than ``pass``.
        target: Short name of the ideology a stance is offered to.
        extra: Extra cards the action costs (penalties), shown as ``+k``.

    Returns:
        The text.
    """
    kind, r, t, v = decode(a)
    plus = f" +{extra}" if extra else ""
    if kind == K_PASS:
        return "done" if sequential else "pass"
    if kind == K_DISCARD:
        return f"{'trade' if trading else 'discard'} {TYPE_SHORT[t]}"
    if kind == K_ANSWER:
        return ANSWER_NAMES[v]
    if kind == K_OFFER:
        return f"{STANCE_NAMES[v]} {target}".strip()
    if kind == K_BUY:
        return f"buy {BOARD.advancements[v].name}"
    name = BOARD.regions[r].name
    if kind == K_DEVELOP:
        return f"develop {name} {TYPE_SHORT[t]}"
    if kind == K_PLACE:
        return f"place {name} {TYPE_SHORT[t]}{plus}"
    if kind == K_REMOVE:
        return f"remove {name} {TYPE_SHORT[t]}"
    if kind == K_ATTACK:
        return f"attack {name} {TYPE_SHORT[t]} {BOARD.ideologies[v].short}{plus}"
    if kind == K_WMD:
        return f"wmd {name} {BOARD.ideologies[v].short}"
    return f"reveal {name}"
