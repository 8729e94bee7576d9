"""The codes and constants of How to Invade a Sovereign Nation's state: what is being decided
(the stage codes ``S_*`` with their names, which of them are chance nodes, ``GAME_OVER``),
the phases, where rebels wait off the map, and the rulebook's fixed numbers the rules and the
plan share. The state's fields are declared with the protocol in ``game.InvasionState``; the
rules, the plan and the evaluator read these codes without importing it.
"""

from __future__ import annotations

__all__ = [
    "ALWAYS_DAMAGES",
    "ALWAYS_FOILED",
    "CHANCE_STAGES",
    "CHOSEN_ACTIONS",
    "GAME_OVER",
    "MAX_BUILDINGS",
    "OFFMAP",
    "PHASE_GOVERNMENT",
    "PHASE_GUERRILLA",
    "PHASE_INVASION",
    "REPEAT_BUILDING",
    "REPEAT_CONTRACT",
    "REPEAT_INFLUENCE",
    "STAGE_NAMES",
    "S_ACTION",
    "S_ATTACK_ROLL",
    "S_BUILD",
    "S_BUY",
    "S_DEFEND",
    "S_JOIN",
    "S_LOCALS_DIE",
    "S_MARKET_DIE",
    "S_MEDIA",
    "S_MOVE_FROM",
    "S_MOVE_LOG",
    "S_MOVE_TO",
    "S_MOVE_TROOPS",
    "S_ORDER",
    "S_PRODUCE",
    "S_REBEL",
    "S_REPAIR",
    "S_RETREAT",
    "S_WAR_LOCALS_DIE",
    "S_WAR_PLAYERS_DIE",
    "S_WITHDRAW",
]

OFFMAP = -2  # rebels waiting outside the map (every east province is controlled)

PHASE_INVASION, PHASE_GUERRILLA, PHASE_GOVERNMENT = 1, 2, 3  # Invasion, Guerrilla, Provisional Government
CHOSEN_ACTIONS = 2  # each seat chooses two actions a turn (# Prima e seconda azione a scelta)
MAX_BUILDINGS = 3  # the most buildings on one province (# Costruire edifici militari)
# the construction moves whose repetition costs (# Ripetizione della mossa), as indices of ``repeats``
REPEAT_BUILDING, REPEAT_INFLUENCE, REPEAT_CONTRACT = 0, 1, 2
ALWAYS_FOILED = 3  # a defence roll of 2 or 3 always foils a rebel attack (# Attentati)
ALWAYS_DAMAGES = 11  # a defence roll of 11 or 12 always does some damage (# Attentati)

S_ORDER = 0  # chance: turn order of the first turn
S_ACTION = 1
S_MEDIA = 2
S_BUY = 3
S_MOVE_FROM = 4
S_MOVE_TO = 5
S_MOVE_TROOPS = 6
S_MOVE_LOG = 7
S_LOCALS_DIE = 8  # chance: phase-1 extra local troops
S_BUILD = 9
S_PRODUCE = 10
S_RETREAT = 11
S_WAR_PLAYERS_DIE = 12  # chance: the players' die
S_WAR_LOCALS_DIE = 13  # chance: the locals' die (the white one)
S_REBEL = 14
S_JOIN = 15
S_ATTACK_ROLL = 16  # chance: the defender's 2d6
S_REPAIR = 17
S_MARKET_DIE = 18  # chance: the all-sellers die
S_WITHDRAW = 19  # a seat withdraws oil from its provinces, one barrel at a time
S_DEFEND = 20  # a seat lends its police stations to the defender of a rebel attack
GAME_OVER = 99
CHANCE_STAGES = frozenset(
    (S_ORDER, S_LOCALS_DIE, S_WAR_PLAYERS_DIE, S_WAR_LOCALS_DIE, S_ATTACK_ROLL, S_MARKET_DIE)
)

STAGE_NAMES = {
    S_ORDER: "turn order roll",
    S_ACTION: "choose an action",
    S_MEDIA: "media corruption",
    S_BUY: "purchases",
    S_MOVE_FROM: "manoeuvres: move from",
    S_MOVE_TO: "manoeuvres: move to",
    S_MOVE_TROOPS: "manoeuvres: troops to move",
    S_MOVE_LOG: "manoeuvres: logistics to move",
    S_LOCALS_DIE: "local troops die",
    S_BUILD: "constructions",
    S_PRODUCE: "oil production",
    S_RETREAT: "retreat or fight",
    S_WAR_PLAYERS_DIE: "war: players roll",
    S_WAR_LOCALS_DIE: "war: locals roll",
    S_REBEL: "rebels",
    S_JOIN: "join a rebel attack",
    S_ATTACK_ROLL: "attack: defence roll",
    S_REPAIR: "repair a damaged building",
    S_MARKET_DIE: "oil market die",
    S_WITHDRAW: "withdraw oil",
    S_DEFEND: "lend police stations against an attack",
    GAME_OVER: "game over",
}
