"""Action ids of How to Invade a Sovereign Nation: one int per atomic decision.

A compound action of the rulebook (a purchase-and-manoeuvre box: buy units one by one, then
each movement as source, destination, troops, logistics) is a chain of these small decisions.
The id ranges below depend on the number of territories ``TERRITORY_COUNT`` in the data.
"""

from __future__ import annotations

from realpolitik.engine.invasion.board import BOARD, BUILDINGS

__all__ = [
    "ASK_SUPPORT",
    "ATTACK",
    "BOX",
    "BOX_KINDS",
    "BUILD",
    "BUY_LOGISTICS_AIR",
    "BUY_LOGISTICS_LAND",
    "BUY_TROOPS_LAND",
    "BUY_TROOP_AIR",
    "CHANCE",
    "CONTRACT",
    "DONE",
    "FROM",
    "HOME",
    "INFLUENCE",
    "JOIN",
    "K_CONSTRUCT",
    "K_MEDIA",
    "K_MONEY",
    "K_PURCHASE",
    "MAX_BUY",
    "MAX_MOVE_COUNT",
    "MAX_SELL",
    "MEDIA_POINTS",
    "MOVE_COUNT",
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
    "TERRITORY_COUNT",
    "TO",
    "WITHDRAW",
]

TERRITORY_COUNT = BOARD.n
HOME = TERRITORY_COUNT  # "TO + HOME": out of the country from the border territory
K_MEDIA, K_PURCHASE, K_CONSTRUCT, K_MONEY = 0, 1, 2, 3
BOX_KINDS = ("media", "purchase", "construction", "money")
TARGETS = ("troops", "logistics", *BUILDINGS)  # what a rebel attack may aim at
MAX_SELL = 40
MAX_MOVE_COUNT = 40

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
MEDIA_POINTS = SELL + MAX_SELL + 1  # + points - 1
MAX_BUY = 10  # most units one box buys
BUY_TROOPS_LAND = MEDIA_POINTS + 3 - 1  # + k: k troops by land, k = 1..MAX_BUY
BUY_LOGISTICS_LAND = BUY_TROOPS_LAND + MAX_BUY  # + k: k logistics by land
BUY_TROOP_AIR = BUY_LOGISTICS_LAND + MAX_BUY + 1  # + territory
BUY_LOGISTICS_AIR = BUY_TROOP_AIR + TERRITORY_COUNT
FROM = BUY_LOGISTICS_AIR + TERRITORY_COUNT
TO = FROM + TERRITORY_COUNT  # + territory, or + HOME
MOVE_COUNT = TO + TERRITORY_COUNT + 1  # + count 0..MAX_MOVE_COUNT
BUILD = MOVE_COUNT + MAX_MOVE_COUNT + 1  # + kind * TERRITORY_COUNT + territory
INFLUENCE = BUILD + len(BUILDINGS) * TERRITORY_COUNT
CONTRACT = INFLUENCE + TERRITORY_COUNT
PRODUCE = CONTRACT + 1
REBEL_PLACE = PRODUCE + TERRITORY_COUNT
REBEL_MOVE = REBEL_PLACE + TERRITORY_COUNT
ATTACK = REBEL_MOVE + TERRITORY_COUNT  # + target * TERRITORY_COUNT + territory
RETREAT = ATTACK + len(TARGETS) * TERRITORY_COUNT
WITHDRAW = RETREAT + TERRITORY_COUNT  # + province: withdraw 1 oil from it (# Check petrolio)
CHANCE = WITHDRAW + TERRITORY_COUNT  # + outcome value 0..119
NUM_ACTIONS = CHANCE + 120
