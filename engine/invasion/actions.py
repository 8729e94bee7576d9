"""Action ids of How to Invade a Sovereign Nation: one int per atomic decision.

A compound action of the rulebook (a purchase-and-manoeuvre box: buy units one by one, then
each movement as source, destination, troops, logistics) is a chain of these small decisions.
The id ranges below depend on the number of territories ``NT`` in the data.
"""

from __future__ import annotations

from realpolitik.engine.invasion.board import BOARD, BUILDINGS

__all__ = [
    "ASK_SUPPORT",
    "ATTACK",
    "BOX",
    "BOX_KINDS",
    "BUILD",
    "BUY_LA",
    "BUY_LL",
    "BUY_TA",
    "BUY_TL",
    "CHANCE",
    "CONTRACT",
    "DONE",
    "FROM",
    "HOME",
    "INFL",
    "JOIN",
    "K_CONSTRUCT",
    "K_MEDIA",
    "K_MONEY",
    "K_PURCHASE",
    "MAX_BUY",
    "MAX_NUM",
    "MAX_SELL",
    "MEDIA_PTS",
    "NT",
    "NUM",
    "NUM_ACTIONS",
    "PRODUCE",
    "PRODUCE_ACT",
    "REBEL_MOVE",
    "REBEL_OFFMAP",
    "REBEL_PLACE",
    "REPAIR",
    "RETREAT",
    "SELL",
    "SPEECH",
    "STRENGTHEN",
    "TARGETS",
    "TAXES",
    "TO",
    "WITHDRAW",
]

NT = BOARD.n
HOME = NT  # "TO + HOME": out of the country from the border territory
K_MEDIA, K_PURCHASE, K_CONSTRUCT, K_MONEY = 0, 1, 2, 3
BOX_KINDS = ("media", "purchase", "construction", "money")
TARGETS = ("troops", "logistics", *BUILDINGS)  # what a rebel attack may aim at
MAX_SELL = 40
MAX_NUM = 40

BOX = 0  # + kind * 4 + box (0..3)
PRODUCE_ACT = 16
TAXES = 17
SPEECH = 18
DONE = 19
ASK_SUPPORT = 20
STRENGTHEN = 21
JOIN = 22
REPAIR = 23
REBEL_OFFMAP = 24
SELL = 25  # + k, k = 1..MAX_SELL
MEDIA_PTS = SELL + MAX_SELL + 1  # + points - 1
MAX_BUY = 10  # most units one box buys
BUY_TL = MEDIA_PTS + 3 - 1  # + k: k troops by land, k = 1..MAX_BUY
BUY_LL = BUY_TL + MAX_BUY  # + k: k logistics by land
BUY_TA = BUY_LL + MAX_BUY + 1  # + territory
BUY_LA = BUY_TA + NT
FROM = BUY_LA + NT
TO = FROM + NT  # + territory, or + HOME
NUM = TO + NT + 1  # + count 0..MAX_NUM
BUILD = NUM + MAX_NUM + 1  # + kind * NT + territory
INFL = BUILD + len(BUILDINGS) * NT
CONTRACT = INFL + NT
PRODUCE = CONTRACT + 1
REBEL_PLACE = PRODUCE + NT
REBEL_MOVE = REBEL_PLACE + NT
ATTACK = REBEL_MOVE + NT  # + target * NT + territory
RETREAT = ATTACK + len(TARGETS) * NT
WITHDRAW = RETREAT + NT  # + province: withdraw 1 oil from it (# Check petrolio)
CHANCE = WITHDRAW + NT  # + outcome value 0..119
NUM_ACTIONS = CHANCE + 120
