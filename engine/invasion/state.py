"""The plain state of How to Invade a Sovereign Nation: flat int lists and a hand-written clone.

Layouts (``n`` = players, ``NT`` = territories, border first):

- ``troops[t * n + p]``: troops of seat ``p`` on territory ``t``;
- ``logistics[t]``: logistics on province ``t`` (they belong to its controller); on the
  border (``t == 0``) logistics belong to whoever bought or moved them, so ``border_log[p]``;
- ``buildings[t * 4 + k]``: buildings of kind ``k`` (warehouse, police, pipeline, refinery);
- money is counted in half dollars (the oil price moves by 0.5$).
"""

from __future__ import annotations

from typing import Any

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

_LISTS = (
    "order",
    "money",
    "oil",
    "media",
    "pacifism",
    "influence",
    "contracts",
    "speech_used",
    "taxed",
    "sold",
    "boxes",
    "money_takers",
    "explored",
    "locals",
    "controller",
    "troops",
    "logistics",
    "border_log",
    "buildings",
    "store",
    "rebel_at",
    "rebel_str",
    "rebel_out",
    "repeats",
    "battles",
    "retreaters",
    "joiners",
    "defenders",
    "drawn",
    "gov_share",
)
_SCALARS = (
    "n",
    "seed",
    "rng",
    "phase",
    "turn",
    "turns",
    "stage",
    "idx",
    "round",
    "price",
    "gov_oil",
    "box",
    "units",
    "moves",
    "asked",
    "support",
    "helper",
    "mv_src",
    "mv_dst",
    "mv_troops",
    "battle",
    "roll_p",
    "attack",
    "repair",
    "actor",
    "result",
    "wealth",
    "ret",
)


class InvState:
    """One position (the protocol methods live in ``game.InvasionState``).

    Attributes:
        n: Number of players.
        seed: Seed of the initial state.
        options: Options given to ``new_initial_state``.
        history: Every action applied, chance outcomes included.
        log: What happened, one line per effect, each naming its cause.
        rng: SplitMix64 state (reserved for determinizations; dice are chance nodes).
        phase: 1 Invasion, 2 Guerrilla, 3 Provisional Government.
        turn: Turn within the phase, from 1.
        turns: Turns per phase (4, or 5 with the option).
        stage: One of the ``S_*`` codes: what is being decided.
        order: Seats in turn order.
        idx: Index into ``order`` of the seat acting (actions, rebels, retreats, joins).
        round: 0 for the first chosen action of the turn, 1 for the second.
        money: Half dollars per seat.
        oil: Oil in hand per seat.
        media, pacifism, influence, contracts: Track positions per seat.
        speech_used: 1 once a seat has made its speech to the nation.
        taxed: 1 once a seat has used the Taxes box this turn.
        sold: 1 when a seat sold oil this turn (the market counts sellers).
        boxes: Per action box (kind * 4 + column), the seat on it or -1.
        money_takers: Seats that took the money boxes, by box (-1 none): next turn's order.
        explored: Per territory, 1 once entered.
        locals: Local troops per territory.
        controller: Controlling seat per territory, -1 none.
        troops, logistics, border_log, buildings: See the module docstring.
        store: Oil stored per province.
        rebel_at: Territory of each seat's rebels; -1 not on the map, ``OFFMAP`` waiting outside.
        rebel_str: Attack strength of each seat's rebels (1..4).
        rebel_out: The turn number (phase * 10 + turn) a seat's rebels attacked (they come
            back the turn after), -1 otherwise.
        repeats: Construction moves of each kind (building, influence, contract) this action.
        battles: Per territory, the seats that entered its battle, in order (the first rolls).
        retreaters: Seats that retreated from the battle being fought, in the order they did.
        joiners: Seats whose rebels joined the attack being resolved.
        defenders: Seats that lent their police stations to the defender of that attack.
        drawn: Provinces the seat withdrawing oil has taken a barrel from this turn, in order.
        gov_share: Government oil each seat received at the end (empty before).
        price: Index on the oil price track.
        gov_oil: Oil held by the Provisional Government.
        box: The action box being carried out (kind * 4 + column), -1 none.
        units: Units still to buy in a purchase box.
        moves: Movement points (purchases) or construction moves left.
        asked: 1 when the mover asked for a support manoeuvre this action.
        support: The seat that asked for support while allies answer, -1 otherwise.
        helper: Index (into order) of the ally answering a support request.
        mv_src, mv_dst, mv_troops: The movement being chosen.
        battle: The territory whose battle is being fought, -1 none.
        roll_p: The players' roll in that battle.
        attack: The rebel attack being resolved, ``(attacker, territory, target, strength)``.
        repair: A partial damage awaiting repair, ``(seat, territory, building, damage)``.
        actor: The seat deciding now (every decision stage sets it).
        ret: The stage to return to after a phase-1 local troops die.
        result: Returns per seat once the game is over, else None.
        wealth: Final money per seat in half dollars once the game is over.
    """

    __slots__ = (*_LISTS, *_SCALARS, "options", "history", "log", "_legal", "_eval")

    def __init__(self) -> None:
        self.n = 0
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.history: list[int] = []
        self.log: list[str] = []
        self.rng = 0
        self.phase = 1
        self.turn = 1
        self.turns = BOARD.turns_per_phase
        self.stage = S_ORDER
        self.idx = 0
        self.round = 0
        self.price = 0
        self.gov_oil = 0
        self.box = -1
        self.units = 0
        self.moves = 0
        self.asked = 0
        self.support = -1
        self.helper = 0
        self.mv_src = -1
        self.mv_dst = -1
        self.mv_troops = 0
        self.battle = -1
        self.roll_p = 0
        self.attack: tuple[int, int, int, int] | None = None
        self.repair: tuple[int, int, int, int] | None = None
        self.actor = -1
        self.result: list[float] | None = None
        self.wealth: list[int] | None = None
        self.ret = S_ACTION
        self.order: list[int] = []
        self.money: list[int] = []
        self.oil: list[int] = []
        self.media: list[int] = []
        self.pacifism: list[int] = []
        self.influence: list[int] = []
        self.contracts: list[int] = []
        self.speech_used: list[int] = []
        self.taxed: list[int] = []
        self.sold: list[int] = []
        self.boxes: list[int] = [-1] * 16
        self.money_takers: list[int] = [-1] * 4
        self.explored: list[int] = [0] * BOARD.n
        self.locals: list[int] = [0] * BOARD.n
        self.controller: list[int] = [-1] * BOARD.n
        self.troops: list[int] = []
        self.logistics: list[int] = [0] * BOARD.n
        self.border_log: list[int] = []
        self.buildings: list[int] = [0] * (BOARD.n * 4)
        self.store: list[int] = [0] * BOARD.n
        self.rebel_at: list[int] = []
        self.rebel_str: list[int] = []
        self.rebel_out: list[int] = []
        self.repeats: list[int] = [0, 0, 0]
        self.battles: list[list[int]] = [[] for _ in range(BOARD.n)]
        self.retreaters: list[int] = []
        self.joiners: list[int] = []
        self.defenders: list[int] = []
        self.drawn: list[int] = []
        self.gov_share: list[int] = []
        self._legal: list[int] | None = None
        self._eval: tuple[int, list[float]] | None = None

    def clone(self) -> InvState:
        """An independent copy (lists copied, immutable fields shared)."""
        s = self.__class__.__new__(self.__class__)
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        for name in _LISTS:
            setattr(s, name, getattr(self, name)[:])
        s.battles = [b[:] for b in self.battles]
        s.result = None if self.result is None else self.result[:]
        s.wealth = None if self.wealth is None else self.wealth[:]
        s.options = dict(self.options)
        s.history = self.history[:]
        s.log = self.log[:]
        s._legal = None if self._legal is None else self._legal[:]
        s._eval = self._eval
        return s

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
