"""Ideology: The War of Ideas behind the core interface (``engine.core.api``).

2-5 players. Seats are players; each seat is dealt an ideology at setup (at random from the
seed, the 2-player pairing table for the second seat, or the ``ideologies`` option).
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from realpolitik.engine.core.api import (
    ChanceMode,
    GameSpec,
    Information,
    InvalidState,
    SearchDefaults,
    check_players,
    check_seed,
)
from realpolitik.engine.core.base import DataFilesBase, GameBase, Rules, RulesState
from realpolitik.engine.core.features import TermsFromModule
from realpolitik.engine.core.presentation import Presentation
from realpolitik.engine.core.rng import shuffle_with
from realpolitik.engine.core.schema import Kind, SchemaFields, field, state_fields
from realpolitik.engine.ideology import actions, state
from realpolitik.engine.ideology import rules as ideology_rules
from realpolitik.engine.ideology.board import BOARD, NEUTRAL, PEACE, TYPE_NAMES, VARIANTS, WAR, Board

_SECTOR_CAP = tuple(2 * level for level in BOARD.level)
_SECTOR_CAP_PER_LANE = tuple(c for c in _SECTOR_CAP for _ in range(3))
_LANE_ADD = int.from_bytes(bytes(127 - c for c in _SECTOR_CAP_PER_LANE), "little")
_LANE_HIGH = int.from_bytes(bytes([0x80] * len(_SECTOR_CAP_PER_LANE)), "little")
_REGIONS = tuple(range(BOARD.n))
_REGION_LANES = tuple(0xFFFFFF << (24 * r) for r in range(BOARD.n))  # a region's three sectors

__all__ = ["GAME", "OPTIONS", "SPEC", "IdeologyGame", "IdeologyState"]

MAX_TURNS_LIMIT = 200  # the largest max_turns option accepted

OPTIONS: dict[str, Any] = {"ideologies": "", "max_turns": BOARD.max_turns, "variant": VARIANTS[0]}

SPEC = GameSpec(
    name="ideology",
    title="Ideology: The War of Ideas",
    seats=("Player 1", "Player 2", "Player 3", "Player 4", "Player 5"),
    min_players=2,
    max_players=5,
    chance=ChanceMode.EXPLICIT_STOCHASTIC,
    information=Information.IMPERFECT,
    num_distinct_actions=actions.NUM_ACTIONS,
    max_game_length=60000,
    version="ideology-2" if BOARD.packaged else f"ideology-2+data-{BOARD.digest}",
    aliases=("ideology-war-of-ideas",),
    options=OPTIONS,
)

SEARCH = SearchDefaults(
    # About 2.5k iterations/s on one core (pure-Python engine, compiled search tree, the
    # evaluator at the leaves): about 2 s (normal) and 8 s (hard) a decision at 3-5 players
    # (docs/ideology.md, bench/levels.py).
    levels={
        "easy": "ismcts:iters=300",
        "normal": "ismcts:iters=5000",
        "hard": "ismcts:iters=20000",
    },
    # Five seats: a win probability near 1/5 puts the moves' values about a hundredth apart,
    # under the 0.7 default's exploration term, and the visits stay nearly even
    # (docs/ideology.md, "AI strength").
    c={5: 0.2},
    # Five seats: the other seats' nodes expand first the move their own evaluator picks,
    # as the heuristic bots play (docs/ideology.md, "AI strength").
    others={5: "greedy"},
    # Five seats: an iteration passes the twenty diplomatic offers (plan_step) and reaches
    # consolidation and the next turn, so a searched decision takes 2-2.5 times longer than
    # at three players; smaller budgets keep normal at about 2 s (docs/ideology.md,
    # "Level timing").
    player_levels={5: {"normal": "ismcts:iters=2000", "hard": "ismcts:iters=8000"}},
)

DECISION_NAMES = {
    state.PH_RESOURCES: "discard down to Global Influence",
    state.PH_TRADING: "trade cards",
    state.PH_DEVELOPMENT: "develop or buy advancements",
    state.PH_REVEAL: "region tile turned up",
    state.PH_FOREIGN: "foreign action",
    state.PH_CONFLICT: "start a conflict",
    state.PH_DIPLOMACY: "diplomatic offer",
}


def _ideologies_for(options: Mapping[str, Any], players: int, seed: int) -> list[int]:
    ide = options["ideologies"].strip()
    fixed: list[int | None] = [None] * players
    if ide:
        for seat, x in enumerate(ide.split(",")):
            if x.strip() and x.strip() != "?":
                fixed[seat] = BOARD.ideology(x)
    return ideology_rules.deal_ideologies(players, seed, fixed)


@state_fields
class IdeologyState(TermsFromModule, RulesState, SchemaFields):
    """One Ideology position speaking the ``State`` protocol: its fields, declared in the order
    the fingerprint gives them, the accessors the rules read, and the protocol's game-specific
    methods. ``legal_actions``, ``apply_action``, ``clone`` and ``fingerprint`` come from the
    skeleton (``core.base.RulesState``, ``core.schema``), asking the ``rules`` module."""

    n: int = field(Kind.VALUE, "number of players", 0)
    board: Board = field(
        Kind.VALUE,
        "the data set in play (``board.Board`` of the ``variant`` option): what advancements and special rules do. Shared, never modified",
        lambda: BOARD,
        position=False,
    )
    ideo: list[int] = field(Kind.LIST, "ideology index of each seat", list)
    seat_of: list[int] = field(
        Kind.LIST, "seat of each ideology index, -1 when not in play", lambda: [-1] * len(BOARD.ideologies)
    )
    seed: int = field(Kind.VALUE, "seed of the initial state", 0)
    options: dict[str, Any] = field(
        Kind.MAPPING, "options given to ``new_initial_state``", dict, position=False
    )
    history: list[int] = field(
        Kind.LIST,
        "every action applied (forced single-choice moves are not recorded: they are replayed by the rules themselves)",
        list,
        position=False,
    )
    rng: int = field(Kind.VALUE, "SplitMix64 state for card draws", 0)
    turn: int = field(Kind.VALUE, "turn number, from 1", 0)
    phase: int = field(Kind.VALUE, "one of the ``PH_*`` codes, or ``GAME_OVER``", state.PH_RESOURCES)
    order: list[int] = field(Kind.LIST, "seats in Turn Order Chart order", list)
    idx: int = field(Kind.VALUE, "index into ``order`` of the seat acting in a sequential phase", 0)
    passes: int = field(Kind.VALUE, "consecutive passes in the Foreign or Conflict phase", 0)
    owner: list[int] = field(
        Kind.LIST, "per region, controlling seat or -1 (independent / off the table)", lambda: [-1] * BOARD.n
    )
    dev: list[int] = field(
        Kind.LIST,
        "per region, current Development Level (printed level until changed)",
        lambda: list(BOARD.level),
    )
    where: list[int] = field(
        Kind.LIST, "per region, ``OFF_DECK`` or ``IN_PLAY``", lambda: [state.OFF_DECK] * BOARD.n
    )
    inf: bytearray = field(
        Kind.LIST,
        "influence cards beside the regions (layout in the ``state`` module's docstring)",
        bytearray,
    )
    hand: list[int] = field(Kind.LIST, "cards in hand per seat and type", list)
    deck: list[int] = field(Kind.LIST, "cards in the draw deck per seat and type", list)
    discard: list[int] = field(
        Kind.LIST, "cards in the discard pile per seat and type (face up: public)", list
    )
    staged: list[int] = field(
        Kind.LIST,
        "cards a seat has chosen to discard in the simultaneous Resource phase, not yet revealed to the others",
        list,
    )
    adv: list[int] = field(Kind.LIST, "advancements owned per seat and type", list)
    supply: list[int] = field(
        Kind.LIST, "advancements left in each supply pile", lambda: [a.count for a in BOARD.advancements]
    )
    stance: list[int] = field(
        Kind.LIST, "diplomatic stance between each pair (``PEACE``/``NEUTRAL``/``WAR``)", list
    )
    offers: list[int] = field(
        Kind.LIST, "stances offered in the running Diplomacy phase (-1 = not yet), hidden", list
    )
    shown_offers: list[int] = field(
        Kind.LIST, "the offers of the last completed Diplomacy phase (public)", list
    )
    offer_to: int = field(
        Kind.VALUE, "index (0..n-2) of the opponent the acting seat is making an offer to", 0
    )
    attacked: list[int] = field(
        Kind.LIST, "per seat, bitmask of seats that started a conflict against it this turn", list
    )
    conflict: tuple[int, int, int, int, int] | None = field(
        Kind.VALUE,
        "the conflict being fought, ``(attacker, defender, region, type, stage)`` with type 0..2 or ``WMD_TYPE``; stage 0 = the defender answers an attack card on the table, 1 = the attacker decides whether to go on. None when no conflict",
        None,
    )
    traded: int = field(Kind.VALUE, "cards the acting seat has traded away so far this Trading phase", 0)
    revealed: int = field(Kind.VALUE, "region turned up this turn (-1 if none)", -1)
    result: list[float] | None = field(Kind.MAYBE_LIST, "returns per seat once the game is over, else None")
    _legal: list[int] | None = field(Kind.CACHE, "the legal actions, remembered until the next action")
    _prospects: tuple[list[int], list[float]] | None = field(
        Kind.CACHE,
        "the prospects (heuristics.prospects) with the _legal list they were computed beside: a match means the same position",
    )

    FEATURES = "realpolitik.engine.ideology.features"
    rules: ClassVar[Rules] = ideology_rules

    if TYPE_CHECKING:

        def clone(self) -> IdeologyState: ...
        def touch(self) -> None: ...

    # ----- small accessors used everywhere
    def cards(self, r: int, t: int, seat: int) -> int:
        """Cards of ``seat`` in sector ``t`` of region ``r``."""
        return self.inf[(r * 3 + t) * self.n + seat]

    def sector_total(self, r: int, t: int) -> int:
        """All cards in sector ``t`` of region ``r``."""
        b = (r * 3 + t) * self.n
        return sum(self.inf[b : b + self.n])

    def region_cards(self, r: int, seat: int) -> int:
        """Cards of ``seat`` beside region ``r`` (all three sectors)."""
        n = self.n
        b = r * 3 * n + seat
        inf = self.inf
        return inf[b] + inf[b + n] + inf[b + 2 * n]

    def hand_size(self, seat: int) -> int:
        """Cards in ``seat``'s hand (public, phase 1)."""
        b = seat * 3
        return self.hand[b] + self.hand[b + 1] + self.hand[b + 2]

    def offer(self, i: int, j: int) -> int:
        """The stance ``i`` has offered ``j`` this Diplomacy phase (-1 = none yet)."""
        return self.offers[i * self.n + j]

    def stance_between(self, i: int, j: int) -> int:
        """The diplomatic stance between seats ``i`` and ``j``."""
        return self.stance[i * self.n + j]

    # ----- protocol
    def game(self) -> IdeologyGame:
        return GAME

    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        return ideology_rules.current_player(self)

    def is_chance_node(self) -> bool:
        return self.phase == state.PH_REVEAL

    def is_terminal(self) -> bool:
        return self.phase == state.GAME_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return ideology_rules.chance_outcomes(self)

    def scores(self) -> list[float]:
        """Global Influence per seat."""
        return [float(g) for g in ideology_rules.global_influences(self)]

    def action_to_string(self, action: int) -> str:
        phase = self.phase
        target = ""
        if phase == state.PH_DIPLOMACY and actions.OFFER <= action < actions.OFFER + 3:
            c = self.order[self.idx]
            target = BOARD.ideologies[self.ideo[ideology_rules.target(self, c, self.offer_to)]].short
        extra = 0
        if phase in (state.PH_FOREIGN, state.PH_CONFLICT) and self.conflict is None:
            extra = ideology_rules.action_extra(self, action)
        return actions.to_string(
            action,
            trading=phase == state.PH_TRADING,
            sequential=phase in (state.PH_TRADING, state.PH_DEVELOPMENT),
            target=target,
            extra=extra,
        )

    def evaluate(self, seat: int) -> float:
        from realpolitik.engine.ideology.heuristics import evaluate

        return evaluate(self, seat)

    def plan_step(self, seat: int) -> int | None:
        """The searching bots' diplomatic offer at five players (``HasPlanSteps``), None for
        every other decision and player count.

        Phase 6 asks each seat one offer per opponent: twenty three-way decisions a turn at
        five players, which the evaluator does not score (a stance only matters to the next
        turn's conflicts, 5). Branching on them buries consolidation (7) and the end of the game
        under them, so ISMCTS passes through them with this offer: war on the one seat
        strictly ahead in Global Influence (its conflicts are worth allowing), neutral where
        the war-only-if-attacked rule forbids war on it, peace elsewhere (the stance is then
        the other seat's offer, 6). The ``heuristic`` bot does not use it.
        """
        if self.n < SPEC.max_players or self.phase != state.PH_DIPLOMACY or self.current_player() != seat:
            return None
        target = ideology_rules.target(self, seat, self.offer_to)
        gis = ideology_rules.global_influences(self)
        top = gis[target]
        if top < max(gis) or gis.count(top) > 1:
            return actions.OFFER + PEACE
        return (
            actions.OFFER + WAR
            if ideology_rules.may_offer_war(self, seat, target)
            else actions.OFFER + NEUTRAL
        )

    # ----- naming
    def ideology_name(self, seat: int) -> str:
        """Full ideology name of a seat."""
        return BOARD.ideologies[self.ideo[seat]].name

    def decision_name(self) -> str | None:
        """What the player to move is asked, in words (None at the end)."""
        if self.phase == state.GAME_OVER:
            return None
        if self.conflict is not None:
            t, stage = self.conflict[3], self.conflict[4]
            if t == state.WMD_TYPE:
                return "answer a WMD strike"
            return "answer the attack" if stage == 0 else "go on with the conflict or withdraw"
        if self.phase == state.PH_DIPLOMACY:
            c = self.order[self.idx]
            j = ideology_rules.target(self, c, self.offer_to)
            return f"diplomatic offer to {self.ideology_name(j)}"
        return DECISION_NAMES.get(self.phase)

    # ----- information
    def seat_aliases(self) -> dict[str, int]:
        """Other names a seat answers to where a person names seats (``--seat``): its
        ideology's full name first (the one screens show), then its short one, lower case
        (``islamic fundamentalism``, ``fundamentalism``); dealt at setup, so known per game."""
        out: dict[str, int] = {}
        for i, seat in enumerate(self.seat_of):
            if seat >= 0:
                out[BOARD.ideologies[i].name.lower()] = seat
                out.setdefault(BOARD.ideologies[i].short.lower(), seat)
        return out

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: the whole table, its own hand, its own pending offers and
        Resource-phase discards; of the others only hand, deck and staged sizes."""
        n = self.n
        fight = self.conflict
        regions: dict[str, Any] = {}
        for r in range(BOARD.n):
            if self.where[r] != state.IN_PLAY:
                continue
            b = r * 3 * n
            regions[BOARD.regions[r].name] = {
                "owner": self.owner[r],
                "level": self.dev[r],
                "max": ideology_rules.max_influence(self, r),
                "cards": [list(self.inf[b + t * n : b + t * n + n]) for t in range(3)],
            }
        conflict = None
        if fight is not None:
            att, dfn, r, t, stage = fight
            conflict = {
                "attacker": att,
                "defender": dfn,
                "region": BOARD.regions[r].name,
                "type": "wmd" if t == state.WMD_TYPE else TYPE_NAMES[t],
                "stage": "defender answers" if stage == 0 else "attacker decides",
            }
        cur = self.current_player()
        return {
            "game": "ideology",
            "seat": seat,
            "ideologies": [self.ideology_name(x) for x in range(n)],
            "turn": self.turn,
            "phase": state.PHASE_NAMES[self.phase],
            "turn_order": self.order[:],
            "global_influence": [ideology_rules.global_influence(self, x) for x in range(n)],
            "regions": regions,
            "region_deck": sorted(
                BOARD.regions[r].name for r in range(BOARD.n) if self.where[r] == state.OFF_DECK
            ),
            "revealed": BOARD.regions[self.revealed].name if self.revealed >= 0 else None,
            "hand": self.hand[seat * 3 : seat * 3 + 3],
            "hand_sizes": [self.hand_size(x) for x in range(n)],
            "deck_sizes": [sum(self.deck[x * 3 : x * 3 + 3]) for x in range(n)],
            "discards": [self.discard[x * 3 : x * 3 + 3] for x in range(n)],
            "staged": self.staged[seat * 3 : seat * 3 + 3],
            "staged_sizes": [sum(self.staged[x * 3 : x * 3 + 3]) for x in range(n)],
            "advancements": [
                self.adv[x * state.NUM_ADVANCEMENTS : x * state.NUM_ADVANCEMENTS + state.NUM_ADVANCEMENTS]
                for x in range(n)
            ],
            "supply": self.supply[:],
            "stances": [self.stance[i * n : i * n + n] for i in range(n)],
            "my_offers": {
                str(j): self.offers[seat * n + j] for j in range(n) if self.offers[seat * n + j] >= 0
            },
            "offers_made": [sum(1 for j in range(n) if self.offers[i * n + j] >= 0) for i in range(n)],
            "last_offers": [self.shown_offers[i * n : i * n + n] for i in range(n)],
            "attacked_by": self.attacked[:],
            "conflict": conflict,
            "traded": self.traded,
            "passes": self.passes,
            "to_move": cur,
            "decision": self.decision_name(),
            "result": None if self.result is None else self.result[:],
        }

    def resample_hidden(self, seat: int, rng: random.Random) -> IdeologyState:
        """A state ``seat`` cannot tell apart: the others' hands and staged discards redrawn
        from their unseen cards, their pending offers redrawn, and a fresh draw RNG."""
        s = self.clone()
        n = s.n
        for o in range(n):
            if o == seat:
                continue
            b = o * 3
            pool: list[int] = []
            for t in range(3):
                pool.extend([t] * (s.hand[b + t] + s.staged[b + t] + s.deck[b + t]))
            hand_count = s.hand_size(o)
            staged_count = sum(s.staged[b : b + 3])
            shuffle_with(pool, rng)
            for t in range(3):
                s.hand[b + t] = s.staged[b + t] = s.deck[b + t] = 0
            for i, t in enumerate(pool):
                if i < hand_count:
                    s.hand[b + t] += 1
                elif i < hand_count + staged_count:
                    s.staged[b + t] += 1
                else:
                    s.deck[b + t] += 1
            for j in range(n):
                if s.offers[o * n + j] >= 0:
                    choices = [PEACE, NEUTRAL]
                    if not s.board.isolationist[s.ideo[o]] or s.attacked[o] >> j & 1:
                        choices.append(WAR)
                    s.offers[o * n + j] = rng.choice(choices)
        s.rng = rng.getrandbits(64)
        s._legal = None
        return s

    # ----- checks
    def check_invariants(self) -> list[str]:
        """Violations of the game's invariants (empty when sound).

        A fast pass over flat lists runs at every step of the conformance suite; only when
        it finds something does the detailed pass name each problem.
        """
        n = self.n
        inf = self.inf
        seats = [inf[x::n] for x in range(n)]  # per seat: cards per (region, type)
        # Sector totals with one big-int addition (each byte lane is a sector; 5 x 45 cards
        # cannot overflow a lane), and "total > cap" for every sector at once by adding
        # 127 - cap to each lane and looking at the lanes' high bits.
        big = 0
        for row in seats:
            big += int.from_bytes(row, "little")
        totals = big.to_bytes(len(_SECTOR_CAP_PER_LANE), "little")
        held = [sum(row[t::3]) for row in seats for t in range(3)]
        if self.conflict is not None:
            att, _, _, t, stage = self.conflict
            if t != state.WMD_TYPE and stage == 0:
                held[att * 3 + t] += 1  # the attack card on the table
        piles = (self.hand, self.deck, self.discard, self.staged)
        counts = list(map(sum, zip(held, *piles)))
        owner = self.owner
        off = list(itertools.compress(_REGIONS, map(operator.not_, self.where)))  # OFF_DECK == 0
        ok = (
            not (big + _LANE_ADD) & _LANE_HIGH
            and not big & sum(map(_REGION_LANES.__getitem__, off))
            and all(o == -1 for o in map(owner.__getitem__, off))
            and min(owner) >= -1
            and max(owner) < n
            and min(self.dev) >= 1
            and max(map(operator.sub, self.dev, _SECTOR_CAP)) <= 0
            and min(min(p) for p in piles) >= 0
            and all(sum(counts[x * 3 : x * 3 + 3]) == BOARD.deck_size for x in range(n))
            and min(self.adv) >= 0
            and min(self.supply) >= 0
            and all(
                sum(self.adv[k :: state.NUM_ADVANCEMENTS]) + self.supply[k] == a.count
                for k, a in enumerate(BOARD.advancements)
            )
            and self.stance == [self.stance[j * n + i] for i in range(n) for j in range(n)]
            and min(self.stance) >= PEACE
            and max(self.stance) <= WAR
            and sorted(self.order) == list(range(n))
            and (self.result is not None) == (self.phase == state.GAME_OVER)
            and 0 <= self.passes < n
        )
        if ok:
            return []
        return self._explain_invariants(list(totals), counts)

    def _explain_invariants(self, totals: list[int], counts: list[int]) -> list[str]:
        bad: list[str] = []
        n = self.n
        for r in range(BOARD.n):
            name = BOARD.regions[r].name
            cap = 2 * BOARD.level[r]
            sect = totals[r * 3 : r * 3 + 3]
            if max(sect) > cap:
                bad.append(f"{name} holds {sect} cards, more than {cap} in a sector")
            if self.where[r] != state.IN_PLAY and (max(sect) or self.owner[r] != -1):
                bad.append(f"{name} is still in the region deck but has cards or an owner")
            if not -1 <= self.owner[r] < n:
                bad.append(f"{name} has owner {self.owner[r]}")
            if not 1 <= self.dev[r] <= cap:
                bad.append(f"{name} level {self.dev[r]} out of range")
        for x in range(n):
            if (
                min(p[x * 3 + t] for p in (self.hand, self.deck, self.discard, self.staged) for t in range(3))
                < 0
            ):
                bad.append(f"seat {x}: negative card count in a pile")
            total = sum(counts[x * 3 : x * 3 + 3])
            if total != BOARD.deck_size:
                bad.append(f"seat {x}: {total} influence cards accounted for, not {BOARD.deck_size}")
        for k, a in enumerate(BOARD.advancements):
            owned = sum(self.adv[k :: state.NUM_ADVANCEMENTS])
            if (
                self.supply[k] < 0
                or owned + self.supply[k] != a.count
                or min(self.adv[k :: state.NUM_ADVANCEMENTS]) < 0
            ):
                bad.append(f"{a.name}: {owned} owned + {self.supply[k]} in supply != {a.count}")
        for i in range(n):
            for j in range(n):
                if (
                    self.stance[i * n + j] != self.stance[j * n + i]
                    or not PEACE <= self.stance[i * n + j] <= WAR
                ):
                    bad.append(f"stance between seats {i} and {j} is broken")
        if sorted(self.order) != list(range(n)):
            bad.append(f"turn order {self.order} is not a permutation")
        if (self.result is not None) != (self.phase == state.GAME_OVER):
            bad.append("result and phase disagree")
        if not 0 <= self.passes < n:
            bad.append(f"pass count {self.passes} out of range")
        return bad

    # ----- records
    def position_summary(self) -> dict[str, Any]:
        """A few public facts stored with records to catch edited files."""
        return {
            "turn": self.turn,
            "phase": state.PHASE_NAMES[self.phase],
            "ideologies": [self.ideology_name(x) for x in range(self.n)],
            "global_influence": [ideology_rules.global_influence(self, x) for x in range(self.n)],
            "result": None if self.result is None else self.result[:],
        }

    def balance_facts(self) -> dict[str, Any]:
        """What ``realpolitik balance`` groups a finished game by: how it ended (Global
        Influence reached, or the turn cap; a shared win said so), the first turn's order (the
        Turn Order Chart, 3), each seat's ideology, and the turns played."""
        n = self.n
        gis = [ideology_rules.global_influence(self, x) for x in range(n)]
        kind = "Global Influence reached" if max(gis, default=0) >= BOARD.victory else "turn cap"
        if self.result is not None and sum(1 for r in self.result if r > 0) > 1:
            kind += ", shared win"
        return {
            "end_kind": kind if self.result is not None else "unfinished",
            "first_order": sorted(range(n), key=lambda seat: BOARD.ideologies[self.ideo[seat]].chart),
            "roles": {"ideology": [self.ideology_name(x) for x in range(n)]},
            "rounds": self.turn,
            "turns": None,
            "measures": self.distance_measures(),
        }

    def distance_measures(self) -> dict[str, float]:
        """Over the game (replayed from its record), each placement (4.1) and conflict (5.1)
        on a distant region (``rules.distant``: not adjacent to a region the player controls, and
        for a conflict not its own): how many there were, how many paid the distance penalty,
        how many an advancement waived (without the player's advancements the penalty would
        have been due) and how many a special rule waived (the rest)."""
        out = {
            f"distant {what}{part}": 0.0
            for what in ("placements", "conflicts")
            for part in ("", ": penalty paid", ": waived by advancement", ": waived by special rule")
        }
        replay = self.game().new_initial_state(players=self.n, seed=self.seed, **self.options)
        for a in self.history:
            p = replay.current_player()
            if not replay.is_chance_node() and replay.conflict is None:
                kind, r, t, _ = actions.decode(a)
                if kind in (actions.K_PLACE, actions.K_ATTACK) and ideology_rules.distant(replay, p, r):
                    attacking = kind == actions.K_ATTACK
                    what = "conflicts" if attacking else "placements"
                    bare = replay.clone()  # the same position without the player's advancements
                    bare.adv[
                        p * state.NUM_ADVANCEMENTS : p * state.NUM_ADVANCEMENTS + state.NUM_ADVANCEMENTS
                    ] = [0] * state.NUM_ADVANCEMENTS
                    if ideology_rules.distance_penalty(replay, p, r, t, attacking):
                        part = ": penalty paid"
                    elif ideology_rules.distance_penalty(bare, p, r, t, attacking):
                        part = ": waived by advancement"
                    else:
                        part = ": waived by special rule"
                    out[f"distant {what}"] += 1
                    out[f"distant {what}{part}"] += 1
            replay.apply_action(a)
        return out


class IdeologyGame(DataFilesBase, GameBase):
    """Ideology: The War of Ideas, 2-5 players."""

    spec = SPEC
    search = SEARCH

    data_package = "realpolitik.engine.ideology"
    data_descriptions: ClassVar[dict[str, str]] = {
        "regions.csv": "the 43 regions: Development Level, area, neighbours (';'-separated)",
        "ideologies.csv": "the five ideologies: chart space, start region and advancement, deck split",
        "ideology_rules.csv": "each ideology's special rules, as effects",
        "advancements.csv": "the advancements: tier, count, cost, effects, Global Influence",
        "setup.toml": "region and deck counts, starting level and cards, victory influence, turn limit",
    }
    data_variants = VARIANTS

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        out = super().check_options(options, players)
        max_turns = out["max_turns"]
        if (
            not isinstance(max_turns, int)
            or isinstance(max_turns, bool)
            or not 1 <= max_turns <= MAX_TURNS_LIMIT
        ):
            raise InvalidState(
                f"options: 'max_turns' must be an integer in 1..{MAX_TURNS_LIMIT}, not {max_turns!r}"
            )
        if out["variant"] not in VARIANTS:
            raise InvalidState(
                f"options: 'variant' must be one of {', '.join(VARIANTS)}, not {out['variant']!r}"
            )
        ide = out["ideologies"]
        if not isinstance(ide, str):
            raise InvalidState("options: 'ideologies' must be a comma-separated string of ideology names")
        if ide.strip():
            # One entry per seat from the first; a blank or '?' entry (and every seat past the
            # list) is dealt at random from the seed.
            names = [x.strip() for x in ide.split(",")]
            if len(names) > players:
                raise InvalidState(
                    f"options: 'ideologies' names {len(names)} ideologies for {players} players"
                )
            seen: set[int] = set()
            for x in names:
                if not x or x == "?":
                    continue
                if x.lower() not in BOARD.ideology_index:
                    known = ", ".join(i.short for i in BOARD.ideologies)
                    raise InvalidState(f"options: 'ideologies' names unknown ideology '{x}' (known: {known})")
                i = BOARD.ideology_index[x.lower()]
                if i in seen:
                    raise InvalidState("options: 'ideologies' must name each ideology at most once")
                seen.add(i)
        return out

    def seat_names_dealt(self) -> list[str]:
        """Every ideology a seat can be dealt, as ``--seat`` takes it."""
        return [ideology.name for ideology in BOARD.ideologies]

    def options_for_seats(self, names: list[str], players: int) -> dict[str, Any]:
        """Options that deal the ideologies a person asked to play (``--seat Communism``).

        Each name that is an ideology goes to the lowest seat not otherwise named (by number
        or ``Player k``); the other seats are dealt at random from the seed as usual.

        Args:
            names: What the person typed for their seats.
            players: The player count in use.

        Returns:
            ``{"ideologies": ...}``, or no options when no name is an ideology.
        """
        seats = [x.lower() for x in self.spec.seats_for(players)]
        taken: set[int] = set()
        wanted: list[int] = []
        for raw in names:
            key = raw.strip().lower()
            if key in seats:
                taken.add(seats.index(key))
            elif key.isdigit() and 1 <= int(key) <= players:
                taken.add(int(key) - 1)
            elif key in BOARD.ideology_index:
                wanted.append(BOARD.ideology_index[key])
        if not wanted:
            return {}
        per: list[str] = [""] * players
        free = (x for x in range(players) if x not in taken)
        for i in wanted:
            seat = next(free, None)
            if seat is None:
                raise InvalidState(f"options: no seat left for {BOARD.ideologies[i].name}")
            per[seat] = BOARD.ideologies[i].short
        while per and not per[-1]:
            per.pop()
        return {"ideologies": ",".join(per)}

    def presentation(self) -> Presentation:
        from realpolitik.engine.ideology.render import PRESENTATION

        return PRESENTATION

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> IdeologyState:
        n = check_players(SPEC, players)
        check_seed(seed)
        opts = self.check_options(options, n)
        ideos = _ideologies_for(opts, n, seed)
        return ideology_rules.new_state(IdeologyState, n, seed, ideos, opts)


GAME = IdeologyGame()
