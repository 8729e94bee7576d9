"""How to Invade a Sovereign Nation and Become Rich behind the core interface (``engine.core.api``).

3-5 players, seats named by colour. Dice are chance nodes (the turn-order roll, the phase-1
local troops, the combat dice (one a side), the defence roll against rebels, the all-sellers market
die). Money and oil in hand may be kept behind a screen at the table, but every change to them is
public, so the engine treats the game as one of perfect information (``docs/rulings.md``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from realpolitik.engine.core.api import (
    ChanceMode,
    GameSpec,
    Information,
    SearchDefaults,
    check_players,
    check_seed,
)
from realpolitik.engine.core.base import DataFilesBase, GameBase, Rules, RulesState
from realpolitik.engine.core.features import TermsFromModule
from realpolitik.engine.core.presentation import Presentation
from realpolitik.engine.core.schema import Kind, SchemaFields, field, state_fields
from realpolitik.engine.invasion import actions
from realpolitik.engine.invasion import rules as invasion_rules
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.state import (
    CHANCE_STAGES,
    GAME_OVER,
    MAX_BUILDINGS,
    S_ACTION,
    S_ATTACK_ROLL,
    S_DEFEND,
    S_JOIN,
    S_ORDER,
    S_RETREAT,
    S_WAR_LOCALS_DIE,
    S_WAR_PLAYERS_DIE,
    STAGE_NAMES,
)

__all__ = ["GAME", "OPTIONS", "SPEC", "InvasionGame", "InvasionState"]

OPTIONS: dict[str, Any] = {"fifth_turn": False}

SPEC = GameSpec(
    name="invasion",
    title="How to Invade a Sovereign Nation and Become Rich",
    seats=invasion_rules.COLOURS,
    min_players=3,
    max_players=5,
    chance=ChanceMode.EXPLICIT_STOCHASTIC,
    information=Information.PERFECT,
    num_distinct_actions=actions.NUM_ACTIONS,
    max_game_length=40000,
    version="invasion-4" if BOARD.packaged else f"invasion-4+data-{BOARD.digest}",
    aliases=("how-to-invade",),
    options=OPTIONS,
)

SEARCH = SearchDefaults(
    # Iteration budgets only, so a seed replays the same game on any machine. Processor time
    # a decision (pure Python; the evaluator carries an action box out with the plan): easy
    # about 0.1 s, normal 2 s, hard 6 s
    # (`python -m realpolitik.bench.levels invasion --positions 8 --players 4`).
    levels={
        "easy": "ismcts:iters=300",
        "normal": "ismcts:iters=5000",
        "hard": "ismcts:iters=20000",
    },
    # The plan's move starts with 100 virtual visits, not the search's 10: at 1,000 iterations
    # the search's departures from the plan lost more than they won (docs/invasion.md,
    # "On `invasion-4`").
    prior=100,
)


def _per_territory(value: int) -> Callable[[], list[int]]:
    return lambda: [value] * BOARD.n


@state_fields
class InvasionState(TermsFromModule, RulesState, SchemaFields):
    """One position speaking the ``State`` protocol, its fields in the order the fingerprint
    gives them; ``legal_actions``, ``apply_action``, ``clone`` and ``fingerprint`` come from
    the skeleton (``core.base.RulesState``, ``core.schema``), which asks ``rules`` for the
    legal actions and the moves.

    Layouts (``n`` = players, territories numbered from the border, ``0``):

    - ``troops[t * n + p]``: troops of seat ``p`` on territory ``t``;
    - ``logistics[t]``: logistics on province ``t`` (they belong to its controller); on the
      border (``t == 0``) logistics belong to whoever bought or moved them, so ``border_log[p]``;
    - ``buildings[t * 4 + k]``: buildings of kind ``k`` (warehouse, police, pipeline, refinery);
    - money is counted in half dollars (the oil price moves by 0.5$).
    """

    n: int = field(Kind.VALUE, "number of players", 0)
    seed: int = field(Kind.VALUE, "seed of the initial state", 0)
    rng: int = field(
        Kind.VALUE,
        "SplitMix64 state (reserved for determinizations; dice are chance nodes)",
        0,
        position=False,
    )
    phase: int = field(Kind.VALUE, "1 Invasion, 2 Guerrilla, 3 Provisional Government", 1)
    turn: int = field(Kind.VALUE, "turn within the phase, from 1", 1)
    turns: int = field(Kind.VALUE, "turns per phase (4, or 5 with the option)", lambda: BOARD.turns_per_phase)
    stage: int = field(Kind.VALUE, "one of the S_* codes: what is being decided", S_ORDER)
    idx: int = field(Kind.VALUE, "index into order of the seat acting (actions, rebels, retreats, joins)", 0)
    round: int = field(Kind.VALUE, "0 for the first chosen action of the turn, 1 for the second", 0)
    price: int = field(Kind.VALUE, "index on the oil price track", 0)
    gov_oil: int = field(Kind.VALUE, "oil held by the Provisional Government", 0)
    box: int = field(Kind.VALUE, "the action box being carried out (kind * 4 + column), -1 none", -1)
    units: int = field(Kind.VALUE, "units still to buy in a purchase box", 0)
    moves: int = field(Kind.VALUE, "movement points (purchases) or construction moves left", 0)
    asked: int = field(Kind.VALUE, "1 when the mover asked for a support manoeuvre this action", 0)
    support: int = field(Kind.VALUE, "the seat that asked for support while allies answer, -1 otherwise", -1)
    helper: int = field(Kind.VALUE, "index (into order) of the ally answering a support request", 0)
    mv_src: int = field(Kind.VALUE, "the movement being chosen: from", -1)
    mv_dst: int = field(Kind.VALUE, "the movement being chosen: to", -1)
    mv_troops: int = field(Kind.VALUE, "the movement being chosen: troops", 0)
    battle: int = field(Kind.VALUE, "the territory whose battle is being fought, -1 none", -1)
    roll_p: int = field(Kind.VALUE, "the players' roll in that battle", 0)
    attack: tuple[int, int, int, int] | None = field(
        Kind.VALUE, "the rebel attack being resolved, (attacker, territory, target, strength)"
    )
    repair: tuple[int, int, int, int] | None = field(
        Kind.VALUE, "a partial damage awaiting repair, (seat, territory, building, damage)"
    )
    actor: int = field(Kind.VALUE, "the seat deciding now (every decision stage sets it)", -1)
    result: list[float] | None = field(Kind.MAYBE_LIST, "returns per seat once the game is over, else None")
    wealth: list[int] | None = field(
        Kind.MAYBE_LIST, "final money per seat in half dollars once the game is over, else None"
    )
    resume_stage: int = field(Kind.VALUE, "the stage to return to after a phase-1 local troops die", S_ACTION)
    order: list[int] = field(Kind.LIST, "seats in turn order", list)
    money: list[int] = field(Kind.LIST, "half dollars per seat", list)
    oil: list[int] = field(Kind.LIST, "oil in hand per seat", list)
    media: list[int] = field(Kind.LIST, "media track position per seat", list)
    pacifism: list[int] = field(Kind.LIST, "pacifism track position per seat", list)
    influence: list[int] = field(Kind.LIST, "influence track position per seat", list)
    contracts: list[int] = field(Kind.LIST, "contracts track position per seat", list)
    speech_used: list[int] = field(Kind.LIST, "1 once a seat has made its speech to the nation", list)
    taxed: list[int] = field(Kind.LIST, "1 once a seat has used the Taxes box this turn", list)
    sold: list[int] = field(Kind.LIST, "1 when a seat sold oil this turn (the market counts sellers)", list)
    boxes: list[int] = field(
        Kind.LIST, "per action box (kind * 4 + column), the seat on it or -1", lambda: [-1] * 16
    )
    money_takers: list[int] = field(
        Kind.LIST, "seats that took the money boxes, by box (-1 none): next turn's order", lambda: [-1] * 4
    )
    explored: list[int] = field(Kind.LIST, "per territory, 1 once entered", _per_territory(0))
    locals: list[int] = field(Kind.LIST, "local troops per territory", _per_territory(0))
    controller: list[int] = field(Kind.LIST, "controlling seat per territory, -1 none", _per_territory(-1))
    troops: list[int] = field(Kind.LIST, "troops[t * n + p]: troops of seat p on territory t", list)
    logistics: list[int] = field(
        Kind.LIST, "logistics per province (they belong to its controller)", _per_territory(0)
    )
    border_log: list[int] = field(Kind.LIST, "logistics per seat on the Border Territory", list)
    buildings: list[int] = field(
        Kind.LIST, "buildings[t * 4 + k]: buildings of kind k on province t", lambda: [0] * (BOARD.n * 4)
    )
    store: list[int] = field(Kind.LIST, "oil stored per province", _per_territory(0))
    rebel_at: list[int] = field(
        Kind.LIST, "territory of each seat's rebels; -1 not on the map, OFFMAP waiting outside", list
    )
    rebel_str: list[int] = field(Kind.LIST, "attack strength of each seat's rebels (1..4)", list)
    rebel_out: list[int] = field(
        Kind.LIST,
        "the turn (phase * 10 + turn) a seat's rebels attacked (back the turn after), -1 otherwise",
        list,
    )
    repeats: list[int] = field(
        Kind.LIST,
        "construction moves of each kind (building, influence, contract) this action",
        lambda: [0, 0, 0],
    )
    battles: list[list[int]] = field(
        Kind.NESTED,
        "per territory, the seats that entered its battle, in order (the first rolls)",
        lambda: [[] for _ in range(BOARD.n)],
    )
    retreaters: list[int] = field(
        Kind.LIST, "seats that retreated from the battle being fought, in the order they did", list
    )
    joiners: list[int] = field(Kind.LIST, "seats whose rebels joined the attack being resolved", list)
    defenders: list[int] = field(
        Kind.LIST, "seats that lent their police stations to the defender of that attack", list
    )
    drawn: list[int] = field(
        Kind.LIST, "provinces the seat withdrawing oil has taken a barrel from this turn, in order", list
    )
    gov_share: list[int] = field(
        Kind.LIST, "government oil each seat received at the end (empty before)", list
    )
    options: dict[str, Any] = field(Kind.MAPPING, "options given to new_initial_state", dict, position=False)
    history: list[int] = field(
        Kind.LIST, "every action applied, chance outcomes included", list, position=False
    )
    log: list[str] = field(
        Kind.LIST, "what happened, one line per effect, each naming its cause", list, position=False
    )
    _legal: list[int] | None = field(Kind.CACHE, "the legal actions, remembered until the next action")
    _eval: tuple[int, list[float]] | None = field(
        Kind.CACHE, "the evaluator's values with the key they were computed for"
    )

    FEATURES = "realpolitik.engine.invasion.features"
    rules: ClassVar[Rules] = invasion_rules

    if TYPE_CHECKING:

        def clone(self) -> InvasionState: ...
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

    # ----- the State protocol
    def game(self) -> InvasionGame:
        return GAME

    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        return invasion_rules.current_player(self)

    def is_chance_node(self) -> bool:
        return self.stage in CHANCE_STAGES

    def is_terminal(self) -> bool:
        return self.stage == GAME_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return invasion_rules.chance_outcomes(self)

    def scores(self) -> list[float]:
        """Money in dollars: the final wealth at the end, money plus oil at today's price before."""
        if self.wealth is not None:
            return [w / 2 for w in self.wealth]
        return [(self.money[p] + self.oil[p] * invasion_rules.price_halves(self)) / 2 for p in range(self.n)]

    def action_to_string(self, action: int) -> str:
        return invasion_rules.to_string(self, action)

    def evaluate(self, seat: int) -> float:
        from realpolitik.engine.invasion.heuristics import evaluate

        return evaluate(self, seat)

    def plan_action(self, seat: int) -> int | None:
        """The ``heuristic`` bot's plan (``policy.plan_action``): None leaves the decision to
        its greedy search."""
        from realpolitik.engine.invasion.policy import plan_action

        return plan_action(self, seat)

    def plan_step(self, seat: int) -> int | None:
        """The plan's move inside an action box the seat chose (``policy.plan_step``), None
        for a choice of its own."""
        from realpolitik.engine.invasion.policy import plan_step

        return plan_step(self, seat)

    def decision_name(self) -> str | None:
        """What the player to move is asked, in words (None at the end)."""
        if self.stage == GAME_OVER:
            return None
        if self.stage == S_ACTION:
            return f"{'first' if self.round == 0 else 'second'} action"
        if self.stage in (S_WAR_PLAYERS_DIE, S_WAR_LOCALS_DIE, S_RETREAT) and self.battle > 0:
            return f"{STAGE_NAMES[self.stage]} in {BOARD.territories[self.battle].name}"
        if self.stage in (S_JOIN, S_ATTACK_ROLL, S_DEFEND) and self.attack is not None:
            return f"{STAGE_NAMES[self.stage]} in {BOARD.territories[self.attack[1]].name}"
        return STAGE_NAMES[self.stage]

    # ----- information
    def observation(self, seat: int) -> dict[str, Any]:
        """The whole table (perfect information: see the module docstring)."""
        n = self.n
        terr = {}
        for t, info in enumerate(BOARD.territories):
            terr[info.name] = {
                "explored": self.explored[t],
                "controller": self.controller[t],
                "locals": self.locals[t],
                "troops": self.troops[t * n : t * n + n],
                "logistics": self.border_log[:] if t == 0 else self.logistics[t],
                "buildings": self.buildings[t * 4 : t * 4 + 4],
                "oil": self.store[t],
                "battle": self.battles[t][:],
            }
        return {
            "game": "invasion",
            "seat": seat,
            "phase": self.phase,
            "turn": self.turn,
            "stage": STAGE_NAMES[self.stage],
            "order": self.order[:],
            "round": self.round,
            "money": [m / 2 for m in self.money],
            "oil": self.oil[:],
            "media": self.media[:],
            "pacifism": self.pacifism[:],
            "influence": self.influence[:],
            "contracts": self.contracts[:],
            "speech_used": self.speech_used[:],
            "boxes": self.boxes[:],
            "oil_price": invasion_rules.price_halves(self) / 2,
            "government_oil": self.gov_oil,
            "rebels": [[self.rebel_at[p], self.rebel_str[p]] for p in range(n)],
            "territories": terr,
            "to_move": self.current_player(),
            "decision": self.decision_name(),
            "result": None if self.result is None else self.result[:],
        }

    def resample_hidden(self, seat: int, rng: random.Random) -> InvasionState:
        """Nothing is hidden: a copy (with a fresh generator state for search)."""
        s = self.clone()
        s.rng = rng.getrandbits(64)
        return s

    # ----- checks
    def check_invariants(self) -> list[str]:
        """Violations of the game's invariants (empty when sound)."""
        bad: list[str] = []
        n = self.n
        if min(self.troops) < 0 or min(self.logistics) < 0 or min(self.border_log) < 0:
            bad.append("a negative troop or logistics count")
        if min(self.money) < 0 or min(self.oil) < 0 or min(self.store) < 0:
            bad.append("negative money or oil")
        for p in range(n):
            if self.troops_on_board(p) > BOARD.troop_limit:
                bad.append(f"{invasion_rules.seat_name(p)} has more than {BOARD.troop_limit} troops")
            if not 0 <= self.pacifism[p] <= BOARD.pacifism_max:
                bad.append(f"{invasion_rules.seat_name(p)} pacifism {self.pacifism[p]} off the track")
            if not 0 <= self.media[p] <= BOARD.media_max:
                bad.append(f"{invasion_rules.seat_name(p)} media {self.media[p]} off the track")
            if not 0 <= self.contracts[p] < len(BOARD.contracts):
                bad.append(f"{invasion_rules.seat_name(p)} contracts off the track")
            if not 0 <= self.influence[p] <= BOARD.influence_max:
                bad.append(f"{invasion_rules.seat_name(p)} influence off the track")
            if not 1 <= self.rebel_str[p] <= BOARD.rebel_max:
                bad.append(f"{invasion_rules.seat_name(p)} rebels strength {self.rebel_str[p]}")
        if self.controller[0] != -1:
            bad.append("the Border Territory has a controller (it is no province)")
        for t in range(1, BOARD.n):
            name = BOARD.territories[t].name
            if self.controller[t] >= 0 and self.locals[t] > 0:
                bad.append(f"{name} is controlled but still has local troops")
            if not self.explored[t] and (self.all_troops(t) or self.logistics[t] or self.controller[t] >= 0):
                bad.append(f"{name} is unexplored but occupied")
            if sum(self.buildings[t * 4 : t * 4 + 4]) > MAX_BUILDINGS:
                bad.append(f"{name} has more than {MAX_BUILDINGS} buildings")
            if sum(self.buildings[t * 4 : t * 4 + 4]) and self.controller[t] < 0:
                bad.append(f"{name} has buildings and no controller")
        if self.stage != GAME_OVER and self.stage not in CHANCE_STAGES and not 0 <= self.actor < n:
            bad.append(f"decision stage {self.stage} without a seat to act")
        if sorted(self.order) != list(range(n)):
            bad.append(f"turn order {self.order} is not a permutation")
        if (self.result is not None) != (self.stage == GAME_OVER):
            bad.append("result and stage disagree")
        return bad

    def position_summary(self) -> dict[str, Any]:
        """A few public facts stored with records to catch edited files."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "money": self.money[:],
            "oil_price": invasion_rules.price_halves(self),
            "result": None if self.result is None else self.result[:],
        }

    def balance_facts(self) -> dict[str, Any]:
        """What ``realpolitik balance`` groups a finished game by: how it was won (*Vittoria
        finale*: the most money, else contracts, else provinces, else shared), the first
        turn's order and each seat's first province (both found by replaying the game: the
        order is the first action's roll), and the turns played."""
        n = self.n
        kind = "unfinished"
        if self.result is not None and self.wealth is not None:
            richest = [p for p in range(n) if self.wealth[p] == max(self.wealth)]
            top = max(self.contracts[p] for p in richest)
            if sum(1 for r in self.result if r > 0) > 1:
                kind = "shared win"
            elif len(richest) == 1:
                kind = "the most money"
            elif sum(1 for p in richest if self.contracts[p] == top) == 1:
                kind = "tied on money, the most contracts"
            else:
                kind = "tied on money and contracts, the most provinces"
        replay = self.game().new_initial_state(players=n, seed=self.seed, **self.options)
        first_order: list[int] = []
        first: list[str] = ["none"] * n
        for a in self.history:
            before = replay.controller[:]
            replay.apply_action(a)
            if not first_order and replay.order:
                first_order = replay.order[:]
            for t in range(1, len(before)):
                p = replay.controller[t]
                if p >= 0 and p != before[t] and first[p] == "none":
                    first[p] = BOARD.territories[t].name
        return {
            "end_kind": kind,
            "first_order": first_order,
            "roles": {"first province": first},
            "rounds": (self.phase - 1) * self.turns + self.turn,
            "turns": None,
            "measures": self.money_measures(),
        }

    def money_measures(self) -> dict[str, float | list[float]]:
        """Of a finished game (*Vittoria finale*), in dollars: each seat's final money and its
        sources (``rules.wealth_sources``: money in hand, oil sold at the last price, government
        oil, contracts, the pacifism penalty); the richest seat's lead over the poorest; and its
        lead over the second richest (who wins on money), in all and from each source (the
        sources' leads add up to it). Empty for an unfinished game."""
        wealth = self.wealth
        if wealth is None:
            return {}
        n = self.n
        sources = [invasion_rules.wealth_sources(self, p) for p in range(n)]
        names = {"money": "in hand", "oil": "oil sold", "government oil": "government oil",
                 "contracts": "contracts", "pacifism": "pacifism penalty"}  # fmt: skip
        out: dict[str, float | list[float]] = {"final money": [w / 2 for w in wealth]}
        for key, name in names.items():
            out[f"final money: {name}"] = [sources[p][key] for p in range(n)]
        ranked = sorted(range(n), key=lambda p: wealth[p], reverse=True)
        top, second = ranked[0], ranked[1]
        out["richest - poorest"] = (wealth[top] - wealth[ranked[-1]]) / 2
        out["richest - second"] = (wealth[top] - wealth[second]) / 2
        for key, name in names.items():
            out[f"richest - second: {name}"] = sources[top][key] - sources[second][key]
        return out


class InvasionGame(DataFilesBase, GameBase):
    """How to Invade a Sovereign Nation and Become Rich, 3-5 players."""

    spec = SPEC
    search = SEARCH

    data_package = "realpolitik.engine.invasion"
    data_descriptions: ClassVar[dict[str, str]] = {
        "territories.csv": "the Border and the provinces: group, oil, logistics, neighbours (';'-separated)",
        "combat.csv": "losses one die inflicts, by roll and force ratio",
        "buildings.csv": "the four buildings: cost in logistics, how many a province holds",
        "tracks.toml": "oil price track, market, speculation, pacifism, media, influence, contracts",
        "setup.toml": "starting money, phases and turns, action boxes, war and oil settings",
    }

    def presentation(self) -> Presentation:
        from realpolitik.engine.invasion.render import PRESENTATION

        return PRESENTATION

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> InvasionState:
        n = check_players(SPEC, players)
        check_seed(seed)
        opts = self.check_options(options, n)
        return invasion_rules.new_state(InvasionState, n, seed, opts)


GAME = InvasionGame()
