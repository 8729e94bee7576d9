"""The plain state of How to Invade a Sovereign Nation: flat int lists, declared in :data:`SCHEMA`.

Layouts (``n`` = players, ``NT`` = territories, border first):

- ``troops[t * n + p]``: troops of seat ``p`` on territory ``t``;
- ``logistics[t]``: logistics on province ``t`` (they belong to its controller); on the
  border (``t == 0``) logistics belong to whoever bought or moved them, so ``border_log[p]``;
- ``buildings[t * 4 + k]``: buildings of kind ``k`` (warehouse, police, pipeline, refinery);
- money is counted in half dollars (the oil price moves by 0.5$).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.base import RulesState
from realpolitik.engine.core.schema import (
    CACHE,
    LIST,
    MAPPING,
    MAYBE_LIST,
    NESTED,
    VALUE,
    SchemaFields,
    field,
    state_fields,
)
from realpolitik.engine.invasion.board import BOARD

__all__ = [
    "OFFMAP",
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
    "S_OVER",
    "S_PRODUCE",
    "S_REBEL",
    "S_REPAIR",
    "S_RETREAT",
    "S_WAR_L",
    "S_WAR_P",
    "S_WITHDRAW",
    "InvState",
]

OFFMAP = -2  # rebels waiting outside the map (every east province is controlled)

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
S_WAR_P = 12  # chance: the players' die
S_WAR_L = 13  # chance: the locals' die (the white one)
S_REBEL = 14
S_JOIN = 15
S_ATTACK_ROLL = 16  # chance: the defender's 2d6
S_REPAIR = 17
S_MARKET_DIE = 18  # chance: the all-sellers die
S_WITHDRAW = 19  # a seat withdraws oil from its provinces, one barrel at a time
S_DEFEND = 20  # a seat lends its police stations to the defender of a rebel attack
S_OVER = 99
CHANCE_STAGES = frozenset((S_ORDER, S_LOCALS_DIE, S_WAR_P, S_WAR_L, S_ATTACK_ROLL, S_MARKET_DIE))

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
    S_WAR_P: "war: players roll",
    S_WAR_L: "war: locals roll",
    S_REBEL: "rebels",
    S_JOIN: "join a rebel attack",
    S_ATTACK_ROLL: "attack: defence roll",
    S_REPAIR: "repair a damaged building",
    S_MARKET_DIE: "oil market die",
    S_WITHDRAW: "withdraw oil",
    S_DEFEND: "lend police stations against an attack",
    S_OVER: "game over",
}


def _per_territory(value: int) -> Callable[[], list[int]]:
    return lambda: [value] * BOARD.n


@state_fields
class InvState(RulesState, SchemaFields):
    """One position, its fields in the order the fingerprint gives them; ``legal_actions``,
    ``apply_action``, ``clone`` and ``fingerprint`` come from the skeleton, the rest of the
    protocol from ``game.InvasionState``, which binds the rules."""

    n: int = field(VALUE, "number of players", 0)
    seed: int = field(VALUE, "seed of the initial state", 0)
    rng: int = field(
        VALUE, "SplitMix64 state (reserved for determinizations; dice are chance nodes)", 0, position=False
    )
    phase: int = field(VALUE, "1 Invasion, 2 Guerrilla, 3 Provisional Government", 1)
    turn: int = field(VALUE, "turn within the phase, from 1", 1)
    turns: int = field(VALUE, "turns per phase (4, or 5 with the option)", lambda: BOARD.turns_per_phase)
    stage: int = field(VALUE, "one of the S_* codes: what is being decided", S_ORDER)
    idx: int = field(VALUE, "index into order of the seat acting (actions, rebels, retreats, joins)", 0)
    round: int = field(VALUE, "0 for the first chosen action of the turn, 1 for the second", 0)
    price: int = field(VALUE, "index on the oil price track", 0)
    gov_oil: int = field(VALUE, "oil held by the Provisional Government", 0)
    box: int = field(VALUE, "the action box being carried out (kind * 4 + column), -1 none", -1)
    units: int = field(VALUE, "units still to buy in a purchase box", 0)
    moves: int = field(VALUE, "movement points (purchases) or construction moves left", 0)
    asked: int = field(VALUE, "1 when the mover asked for a support manoeuvre this action", 0)
    support: int = field(VALUE, "the seat that asked for support while allies answer, -1 otherwise", -1)
    helper: int = field(VALUE, "index (into order) of the ally answering a support request", 0)
    mv_src: int = field(VALUE, "the movement being chosen: from", -1)
    mv_dst: int = field(VALUE, "the movement being chosen: to", -1)
    mv_troops: int = field(VALUE, "the movement being chosen: troops", 0)
    battle: int = field(VALUE, "the territory whose battle is being fought, -1 none", -1)
    roll_p: int = field(VALUE, "the players' roll in that battle", 0)
    attack: tuple[int, int, int, int] | None = field(
        VALUE, "the rebel attack being resolved, (attacker, territory, target, strength)"
    )
    repair: tuple[int, int, int, int] | None = field(
        VALUE, "a partial damage awaiting repair, (seat, territory, building, damage)"
    )
    actor: int = field(VALUE, "the seat deciding now (every decision stage sets it)", -1)
    result: list[float] | None = field(MAYBE_LIST, "returns per seat once the game is over, else None")
    wealth: list[int] | None = field(
        MAYBE_LIST, "final money per seat in half dollars once the game is over, else None"
    )
    resume_stage: int = field(VALUE, "the stage to return to after a phase-1 local troops die", S_ACTION)
    order: list[int] = field(LIST, "seats in turn order", list)
    money: list[int] = field(LIST, "half dollars per seat", list)
    oil: list[int] = field(LIST, "oil in hand per seat", list)
    media: list[int] = field(LIST, "media track position per seat", list)
    pacifism: list[int] = field(LIST, "pacifism track position per seat", list)
    influence: list[int] = field(LIST, "influence track position per seat", list)
    contracts: list[int] = field(LIST, "contracts track position per seat", list)
    speech_used: list[int] = field(LIST, "1 once a seat has made its speech to the nation", list)
    taxed: list[int] = field(LIST, "1 once a seat has used the Taxes box this turn", list)
    sold: list[int] = field(LIST, "1 when a seat sold oil this turn (the market counts sellers)", list)
    boxes: list[int] = field(
        LIST, "per action box (kind * 4 + column), the seat on it or -1", lambda: [-1] * 16
    )
    money_takers: list[int] = field(
        LIST, "seats that took the money boxes, by box (-1 none): next turn's order", lambda: [-1] * 4
    )
    explored: list[int] = field(LIST, "per territory, 1 once entered", _per_territory(0))
    locals: list[int] = field(LIST, "local troops per territory", _per_territory(0))
    controller: list[int] = field(LIST, "controlling seat per territory, -1 none", _per_territory(-1))
    troops: list[int] = field(LIST, "troops[t * n + p]: troops of seat p on territory t", list)
    logistics: list[int] = field(
        LIST, "logistics per province (they belong to its controller)", _per_territory(0)
    )
    border_log: list[int] = field(LIST, "logistics per seat on the Border Territory", list)
    buildings: list[int] = field(
        LIST, "buildings[t * 4 + k]: buildings of kind k on province t", lambda: [0] * (BOARD.n * 4)
    )
    store: list[int] = field(LIST, "oil stored per province", _per_territory(0))
    rebel_at: list[int] = field(
        LIST, "territory of each seat's rebels; -1 not on the map, OFFMAP waiting outside", list
    )
    rebel_str: list[int] = field(LIST, "attack strength of each seat's rebels (1..4)", list)
    rebel_out: list[int] = field(
        LIST,
        "the turn (phase * 10 + turn) a seat's rebels attacked (back the turn after), -1 otherwise",
        list,
    )
    repeats: list[int] = field(
        LIST, "construction moves of each kind (building, influence, contract) this action", lambda: [0, 0, 0]
    )
    battles: list[list[int]] = field(
        NESTED,
        "per territory, the seats that entered its battle, in order (the first rolls)",
        lambda: [[] for _ in range(BOARD.n)],
    )
    retreaters: list[int] = field(
        LIST, "seats that retreated from the battle being fought, in the order they did", list
    )
    joiners: list[int] = field(LIST, "seats whose rebels joined the attack being resolved", list)
    defenders: list[int] = field(
        LIST, "seats that lent their police stations to the defender of that attack", list
    )
    drawn: list[int] = field(
        LIST, "provinces the seat withdrawing oil has taken a barrel from this turn, in order", list
    )
    gov_share: list[int] = field(LIST, "government oil each seat received at the end (empty before)", list)
    options: dict[str, Any] = field(MAPPING, "options given to new_initial_state", dict, position=False)
    history: list[int] = field(LIST, "every action applied, chance outcomes included", list, position=False)
    log: list[str] = field(
        LIST, "what happened, one line per effect, each naming its cause", list, position=False
    )
    _legal: list[int] | None = field(CACHE, "the legal actions, remembered until the next action")
    _eval: tuple[int, list[float]] | None = field(
        CACHE, "the evaluator's values with the key they were computed for"
    )

    if TYPE_CHECKING:

        def clone(self) -> InvState: ...
        def touch(self) -> None: ...

    # ----- small accessors
    def troops_at(self, t: int, p: int) -> int:
        """Troops of seat ``p`` on territory ``t``."""
        return self.troops[t * self.n + p]

    def all_troops(self, t: int) -> int:
        """Troops of every seat on territory ``t``."""
        n = self.n
        return sum(self.troops[t * n : t * n + n])

    def troops_on_board(self, p: int) -> int:
        """Every troop of seat ``p`` on the board, border included."""
        return sum(self.troops[p :: self.n])

    def building(self, t: int, k: int) -> int:
        """Buildings of kind ``k`` on province ``t``."""
        return self.buildings[t * 4 + k]

    def provinces_of(self, p: int) -> int:
        """Provinces controlled by seat ``p`` (the Border Territory is not a province and has
        no controller)."""
        return self.controller.count(p) - (self.controller[0] == p)

    def logistics_of(self, t: int, p: int) -> int:
        """Logistics seat ``p`` may use on territory ``t`` (its own on the border)."""
        if t == 0:
            return self.border_log[p]
        return self.logistics[t] if self.controller[t] == p else 0

    def at_war(self, t: int) -> bool:
        """A battle is going on in ``t`` (local troops and players' troops together)."""
        return self.locals[t] > 0 and self.all_troops(t) > 0

    def acting(self) -> int:
        """The seat in turn order at ``idx``."""
        return self.order[self.idx]
