"""War on Terror, the boardgame, behind the core interface (``engine.core.api``).

2-6 players, seats named by the empires' colours (the Axis of Evil points at colours). A
seat that changes sides keeps its seat: the terrorists' shared turn is decided by the
terrorist seats in rotation, and a terrorist win is shared by all of them.

The state (``WarOnTerrorState``) is flat int lists and a one-int RNG, its fields declared
once. Sides: seats ``0..n-1`` are the empires' money, hands and camps; index ``n`` is the
terrorists' shared purse, hand and training camp (the terrorist players share one turn and
its resources). Layouts (``K`` card types):

- ``hand[side * K + k]``: cards of type ``k`` held by a side;
- ``camp[side * 4 + z]``: units of size ``z`` (1..3) in a side's training camp;
- ``decks[d]``: the empire (0) and terrorist (1) decks, bottom first, top last; the bottom
  ``known[d]`` cards were played since the last shuffle (a played card goes to the bottom,
  so everyone knows their order); the rest are face down.
"""

from __future__ import annotations

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
from realpolitik.engine.waronterror import actions
from realpolitik.engine.waronterror import rules as waronterror_rules
from realpolitik.engine.waronterror.board import BOARD, CELL, CITY, MOST_ROUNDS, SIZE_NAMES, UNIT_NAMES
from realpolitik.engine.waronterror.state import GAME_OVER, P_DEBT, PHASE_NAMES

__all__ = ["GAME", "OPTIONS", "SPEC", "WarOnTerrorGame", "WarOnTerrorState"]

K = len(BOARD.cards)
N = BOARD.n
DECK_TYPES = tuple(tuple(k for k in range(K) if BOARD.cards[k].deck == d) for d in (0, 1))


OPTIONS: dict[str, Any] = {
    "max_rounds": BOARD.max_rounds,
    # Vincere il Gioco: "empty" (the rulebook: every continent free of empire developments
    # counts for the terrorists) or "cleared" (house rule: only a continent a card cleared)
    "terrorist_points": "empty",
    # house rule: the last empire neither changes sides by choice nor dismantles its last
    # development (the rulebook allows both at any time)
    "last_empire_holds": False,
    # Vincere il Gioco, when the terrorists' points are counted (the text is silent; ruling):
    # "own_turn" (in the Terrorist Player's own turn, which it plays "a partire dal regolare
    # turno successivo") or "any_time" (the moment a continent empties)
    "terrorist_win": "own_turn",
}
TERRORIST_POINTS = ("empty", "cleared")
TERRORIST_WIN = ("own_turn", "any_time")

SPEC = GameSpec(
    name="waronterror",
    title="War on Terror, the boardgame",
    seats=waronterror_rules.SEAT_NAMES,
    min_players=2,
    max_players=6,
    chance=ChanceMode.EXPLICIT_STOCHASTIC,
    information=Information.IMPERFECT,
    num_distinct_actions=actions.NUM_ACTIONS,
    max_game_length=400000,
    version="waronterror-4" if BOARD.packaged else f"waronterror-4+data-{BOARD.digest}",
    aliases=("war-on-terror", "wot", "war_on_terror"),
    options=OPTIONS,
    default_players=4,  # a table of four when no count is asked for
)

SEARCH = SearchDefaults(
    # Iteration budgets only, so a seed replays the same game on any machine. On a quiet core
    # (pure Python) easy takes about 0.05 s, normal 1.8 s and hard 5.6 s a decision
    # (`python -m realpolitik.bench.levels waronterror --positions 8 --players 4`).
    levels={
        "easy": "ismcts:iters=100",
        "normal": "ismcts:iters=2500",
        "hard": "ismcts:iters=8000",
    },
)


@state_fields
class WarOnTerrorState(TermsFromModule, RulesState, SchemaFields):
    """One War on Terror position speaking the ``State`` protocol, its fields in the order the
    fingerprint gives them (``legal_actions``, ``apply_action``, ``clone`` and ``fingerprint``
    come from the skeleton, whose rules are ``rules``': see ``core.base.RulesState``)."""

    n: int = field(Kind.VALUE, "number of players (seats, clockwise)", 0)
    seed: int = field(Kind.VALUE, "seed of the initial state", 0)
    options: dict[str, Any] = field(
        Kind.MAPPING, "options given to ``new_initial_state``", dict, position=False
    )
    history: list[int] = field(
        Kind.LIST, "every action applied, chance outcomes included", list, position=False
    )
    rng: int = field(Kind.VALUE, "SplitMix64 state for card draws and shuffles (hidden information)", 0)
    max_rounds: int = field(Kind.VALUE, "round limit (house rule; see docs/rulings.md)", 0)
    phase: int = field(Kind.VALUE, "one of the phase codes (``state``: ``P_*``, ``GAME_OVER``)", 0)
    resume_phase: int = field(Kind.VALUE, "phase to return to after an Axis of Evil spin", 0)
    actor: int = field(Kind.VALUE, "the seat deciding now (also during chance nodes: whose turn it is)", 0)
    turn_seat: int = field(Kind.VALUE, "the seat whose turn slot is running", 0)
    round: int = field(
        Kind.VALUE, "round number; 0 in the preparation round, 1 = the first round (no attacks)", 0
    )
    start_seat: int = field(
        Kind.VALUE, "the seat that played the first turn (a round starts with its slot)", 0
    )
    turns: int = field(Kind.VALUE, "turns played (empire and terrorist turns)", 0)
    setup_order: list[int] = field(Kind.LIST, "seats in preparation-round order (counter-clockwise)", list)
    setup_left: int = field(Kind.VALUE, "starting villages the placing seat has left to place", 0)
    owner: list[int] = field(Kind.LIST, "per country, the empire with a development there, or -1", list)
    size: list[int] = field(
        Kind.LIST, "per country, the development's size (0 none, 1 village, 2 town, 3 city)", list
    )
    unit: list[int] = field(
        Kind.LIST, "per country, the terrorist unit (0 none, 1 vanguard, 2 column, 3 cell)", list
    )
    radiation: list[int] = field(Kind.LIST, "per country, 1 when a radiation counter lies there", list)
    chit: list[int] = field(
        Kind.LIST, "per country, its oil chit (0 = blank); hidden until ``revealed``", list
    )
    spare: list[int] = field(Kind.LIST, "the oil chits left in the box (hidden)", list)
    revealed: list[int] = field(Kind.LIST, "per country, 1 once its oil chit is face up", list)
    freed: list[int] = field(
        Kind.LIST,
        "per continent, 1 while it is freed: a card effect removed its last empire development, and no empire has developed there since (the terrorists' points under the ``cleared`` house rule; kept under either reading)",
        list,
    )
    terrorist: list[int] = field(Kind.LIST, "per seat, 1 once it plays for the terrorists", list)
    terrorist_seats: list[int] = field(Kind.LIST, "terrorist seats in the order they changed sides", list)
    terrorist_turns: int = field(Kind.VALUE, "terrorist turns played (the seats take them in rotation)", 0)
    money: list[int] = field(Kind.LIST, "per side (seats, then the terrorist purse), money in millions", list)
    hand: list[int] = field(Kind.LIST, "cards per side and type (see module docstring)", list)
    camp: list[int] = field(Kind.LIST, "training-camp units per side and size", list)
    decks: list[list[int]] = field(
        Kind.NESTED, "the two decks (see module docstring)", lambda: [[], []], rows=2
    )
    known: list[int] = field(Kind.LIST, "publicly known bottom cards of each deck", list)
    evil: int = field(Kind.VALUE, "the Evil Empire's seat, or -1", 0)
    builds: int = field(Kind.VALUE, "developments the action die still allows this turn", 0)
    free_builds: int = field(
        Kind.VALUE, "free developments (Free Development cards) still to place this turn", 0
    )
    buys: int = field(Kind.VALUE, "extra cards that may still be bought this turn", 0)
    moves: int = field(Kind.VALUE, "terrorist moves left this turn", 0)
    die: int = field(Kind.VALUE, "the action die's last face (0..5), or -1", 0)
    pending_card: int = field(Kind.VALUE, "the card type being resolved, or -1", 0)
    pending_target: int = field(Kind.VALUE, "its target (country, or seat for seat cards), or -1", 0)
    paused: int = field(
        Kind.VALUE,
        "while another seat decides out of turn (``OUT_OF_TURN`` phases: answering a card, a window, a debt), the seat whose turn it is (``actor`` is the deciding seat then); -1 otherwise",
        0,
    )
    asking: list[int] = field(
        Kind.LIST, "the seats still to be asked in the open out-of-turn window, in order", list
    )
    resume: int = field(
        Kind.VALUE, "what the open window goes back to (``RESUME_DIE`` or ``RESUME_CARD``)", 0
    )
    debts: list[int] = field(
        Kind.LIST,
        "debts still to be paid, flat triples (debtor seat, amount, creditor side or -1 for the World Bank), the first being paid now (Bancarotta)",
        list,
    )
    cleared_only: bool = field(
        Kind.VALUE,
        'option ``terrorist_points == "cleared"`` (house rule): a continent counts for the terrorists only while ``freed``; otherwise (the rulebook) every continent with no empire development counts',
        False,
    )
    last_empire_holds: bool = field(
        Kind.VALUE,
        "option ``last_empire_holds`` (house rule): the last empire neither changes sides by choice nor dismantles its last development",
        False,
    )
    terrorists_win_any_time: bool = field(
        Kind.VALUE,
        "option ``terrorist_win == \"any_time\"``: the terrorists' points are counted the moment they reach the target; otherwise (the ruling) only in the Terrorist Player's own turn",
        False,
    )
    move_from: int = field(Kind.VALUE, "the country of the unit being moved, or -1", 0)
    units_seen: int = field(
        Kind.VALUE, "1 once a terrorist unit has stood on the board (World Peace needs it)", 0
    )
    last_roll: int = field(Kind.VALUE, "the last 2d6 total (combat or oil), or 0", 0)
    result: list[float] | None = field(Kind.MAYBE_LIST, "returns per seat once the game is over, else None")
    end_reason: str = field(Kind.VALUE, "how the game ended ('' while it runs)", "")
    _legal: list[int] | None = field(Kind.CACHE, "the legal actions, remembered until the next action")

    FEATURES = "realpolitik.engine.waronterror.features"
    rules: ClassVar[Rules] = waronterror_rules

    if TYPE_CHECKING:

        def clone(self) -> WarOnTerrorState: ...
        def touch(self) -> None: ...

    def side(self, seat: int) -> int:
        """The side index of a seat: itself while an empire, ``n`` (the shared terrorist
        purse, hand and camp) once a terrorist."""
        return self.n if self.terrorist[seat] else seat

    def empires(self) -> list[int]:
        """Seats still playing as empires."""
        return [p for p in range(self.n) if not self.terrorist[p]]

    # ----- protocol
    def game(self) -> WarOnTerrorGame:
        return GAME

    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        return waronterror_rules.current_player(self)

    def is_chance_node(self) -> bool:
        return waronterror_rules.current_player(self) == -1

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return waronterror_rules.chance_outcomes(self)

    def scores(self) -> list[float]:
        """Liberation points per seat (a terrorist seat: the terrorists' points)."""
        return [
            float(
                waronterror_rules.terrorist_points(self)
                if self.terrorist[p]
                else waronterror_rules.liberation_points(self, p)
            )
            for p in range(self.n)
        ]

    def action_to_string(self, action: int) -> str:
        return waronterror_rules.describe(self, action)

    def evaluate(self, seat: int) -> float:
        from realpolitik.engine.waronterror.heuristics import evaluate

        return evaluate(self, seat)

    # ----- information
    def seat_aliases(self) -> dict[str, int]:
        """A seat answers to its colour."""
        return {waronterror_rules.SEAT_NAMES[p].lower(): p for p in range(self.n)}

    def hand_counts(self, side: int) -> tuple[int, int]:
        """Cards a side holds from the empire and the terrorist deck."""
        h = self.hand[side * K : side * K + K]
        e = sum(h[k] for k in range(K) if BOARD.cards[k].deck == 0)
        return e, sum(h) - e

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: the whole board (oil chits once revealed), money, its own
        side's hand, everyone's hand sizes by deck, deck sizes and the played cards at the
        bottom of each deck. Not seen: other hands, face-down chits, the rest of the decks."""
        n = self.n
        side = self.side(seat)
        board = {
            BOARD.abbr[c]: [
                self.owner[c],
                self.size[c],
                self.unit[c],
                self.radiation[c],
                self.chit[c] if self.revealed[c] else None,
            ]
            for c in range(N)
        }
        return {
            "game": "waronterror",
            "seat": seat,
            "phase": PHASE_NAMES[self.phase],
            "to_move": waronterror_rules.current_player(self),
            "actor": self.actor,
            "turn_seat": self.turn_seat,
            "round": self.round,
            "turns": self.turns,
            "setup_order": self.setup_order[:],
            "setup_left": self.setup_left,
            "board": board,
            "freed": self.freed[:],
            "terrorist": self.terrorist[:],
            "tseats": self.terrorist_seats[:],
            "tturns": self.terrorist_turns,
            "money": self.money[:],
            "hand": {
                BOARD.cards[k].key: self.hand[side * K + k] for k in range(K) if self.hand[side * K + k]
            },
            "hand_sizes": [list(self.hand_counts(x)) for x in range(n + 1)],
            "camps": [self.camp[x * 4 + 1 : x * 4 + 4] for x in range(n + 1)],
            "deck_sizes": [len(self.decks[0]), len(self.decks[1])],
            "deck_bottoms": [[BOARD.cards[k].key for k in self.decks[d][: self.known[d]]] for d in (0, 1)],
            "evil": self.evil,
            "builds": self.builds,
            "free_builds": self.free_builds,
            "buys": self.buys,
            "moves": self.moves,
            "die": self.die,
            "pending": [self.pending_card, self.pending_target, self.move_from, self.resume_phase],
            "paused": self.paused,
            "asking": self.asking[:],
            "debts": self.debts[:],
            "units_seen": self.units_seen,
            "last_roll": self.last_roll,
            "result": None if self.result is None else self.result[:],
            "end_reason": self.end_reason,
        }

    def resample_hidden(self, seat: int, rng: random.Random) -> WarOnTerrorState:
        """A state ``seat`` cannot tell apart: the other sides' hands and the face-down part
        of each deck redrawn from the cards ``seat`` has not seen (each side keeping its hand
        size per deck), the face-down oil chits redrawn from the unrevealed pool, and a fresh
        RNG."""
        s = self.clone()
        n = s.n
        me = s.side(seat)
        hand = s.hand
        others = [x for x in range(n + 1) if x != me]
        for d in (0, 1):
            ks = DECK_TYPES[d]
            known = s.known[d]
            pool = s.decks[d][known:]
            sizes = []
            for x in others:
                base = x * K
                size = 0
                for k in ks:
                    cnt = hand[base + k]
                    if cnt:
                        size += cnt
                        pool.extend([k] * cnt)
                        hand[base + k] = 0
                sizes.append(size)
            shuffle_with(pool, rng)
            i = 0
            for x, size in zip(others, sizes):
                base = x * K
                for k in pool[i : i + size]:
                    hand[base + k] += 1
                i += size
            s.decks[d] = s.decks[d][:known] + pool[i:]
        revealed, chit = s.revealed, s.chit
        hidden = [c for c in range(N) if not revealed[c]]
        chits = [chit[c] for c in hidden] + s.spare
        shuffle_with(chits, rng)
        for c, v in zip(hidden, chits):
            chit[c] = v
        s.spare = sorted(chits[len(hidden) :])
        s.rng = rng.getrandbits(64)
        s._legal = None
        return s

    # ----- checks
    def check_invariants(self) -> list[str]:
        """Violations of the game's invariants (empty when sound)."""
        bad: list[str] = []
        n = self.n
        for d in (0, 1):
            total = len(self.decks[d]) + sum(
                self.hand[x * K + k] for x in range(n + 1) for k in range(K) if BOARD.cards[k].deck == d
            )
            want = sum(c.count for c in BOARD.cards if c.deck == d)
            if total != want:
                bad.append(f"deck {d}: {total} cards accounted for, not {want}")
            if not 0 <= self.known[d] <= len(self.decks[d]):
                bad.append(f"deck {d}: {self.known[d]} known cards in a deck of {len(self.decks[d])}")
        if min(self.hand) < 0 or min(self.camp) < 0:
            bad.append("a negative card or camp count")
        if min(self.money) < 0:
            bad.append(f"negative money {self.money}")
        for c in range(N):
            if (self.owner[c] < 0) != (self.size[c] == 0) or not 0 <= self.size[c] <= CITY:
                bad.append(f"{BOARD.countries[c]}: owner {self.owner[c]} size {self.size[c]}")
            if self.owner[c] >= 0 and (self.terrorist[self.owner[c]] or not self.revealed[c]):
                bad.append(f"{BOARD.countries[c]}: a terrorist seat or a hidden chit under a development")
            if self.radiation[c] and self.size[c] > 1:
                bad.append(f"{BOARD.countries[c]}: bigger than a village in a radioactive country")
            if not 0 <= self.unit[c] <= CELL:
                bad.append(f"{BOARD.countries[c]}: unit {self.unit[c]}")
        for p in range(n):
            for z in (1, 2, 3):
                if waronterror_rules.pieces_used(self, p, z) > BOARD.pieces[z]:
                    bad.append(f"seat {p}: more {SIZE_NAMES[z]}s than pieces")
        if sum(self.radiation) > BOARD.radiation:
            bad.append("more radiation counters than in the box")
        for z in (1, 2, 3):
            on = sum(1 for c in range(N) if self.unit[c] == z)
            if on > BOARD.units[z]:
                bad.append(f"more {UNIT_NAMES[z]}s on the board than in the box")
        if sorted(self.chit + self.spare) != list(BOARD.chits):
            bad.append("oil chits do not match the box")
        if sorted(self.terrorist_seats) != [p for p in range(n) if self.terrorist[p]]:
            bad.append(f"terrorist seats {self.terrorist_seats} disagree with {self.terrorist}")
        if (self.result is not None) != (self.phase == GAME_OVER):
            bad.append("result and phase disagree")
        if self.result is None and self.round > 0 and not self.empires():
            bad.append("no empire left but the game goes on")
        if self.result is None and bool(self.debts) != (self.phase == P_DEBT):
            bad.append(f"debts {self.debts} outside the debt phase, or a debt phase without one")
        return bad

    def position_summary(self) -> dict[str, Any]:
        """A few public facts stored with records to catch edited files."""
        return {
            "round": self.round,
            "turns": self.turns,
            "phase": PHASE_NAMES[self.phase],
            "money": self.money[:],
            "terrorist": self.terrorist[:],
            "result": None if self.result is None else self.result[:],
            "end_reason": self.end_reason,
            "start_seat": self.start_seat,
        }

    def balance_facts(self) -> dict[str, Any]:
        """What ``realpolitik balance`` groups a finished game by: ``end_reason``, the seats
        from ``start_seat`` on, each seat's side at the end (an empire, or a terrorist once it
        changed sides), rounds and turns played."""
        n = self.n
        return {
            "end_kind": self.end_reason or "unfinished",
            "first_order": [(self.start_seat + i) % n for i in range(n)],
            "roles": {"side at the end": ["terrorist" if self.terrorist[p] else "empire" for p in range(n)]},
            "rounds": self.round,
            "turns": self.turns,
        }


class WarOnTerrorGame(DataFilesBase, GameBase):
    """War on Terror, the boardgame, 2-6 players."""

    spec = SPEC
    search = SEARCH

    data_package = "realpolitik.engine.waronterror"
    data_descriptions: ClassVar[dict[str, str]] = {
        "continents.csv": "the continents, their abbreviations and values",
        "countries.csv": "the countries and their continent",
        "borders.csv": "borders between countries: land or sea route and its cost",
        "oil_chits.csv": "the oil chits: number on the chit, how many",
        "action_die.csv": "the action die's faces",
        "cards.csv": "the empire and terrorist decks: kind, count, roll",
        "setup.toml": "starting villages, money and cards by player count; building, oil, card and unit costs",
    }

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        out = super().check_options(options, players)
        max_rounds = out["max_rounds"]
        if not 1 <= max_rounds <= MOST_ROUNDS:
            raise InvalidState(
                f"options: 'max_rounds' must be an integer in 1..{MOST_ROUNDS}, not {max_rounds!r}"
            )
        if out["terrorist_points"] not in TERRORIST_POINTS:
            raise InvalidState(
                f"options: 'terrorist_points' must be one of {', '.join(TERRORIST_POINTS)}, "
                f"not {out['terrorist_points']!r}"
            )
        if out["terrorist_win"] not in TERRORIST_WIN:
            raise InvalidState(
                f"options: 'terrorist_win' must be one of {', '.join(TERRORIST_WIN)}, "
                f"not {out['terrorist_win']!r}"
            )
        return out

    def presentation(self) -> Presentation:
        from realpolitik.engine.waronterror.render import PRESENTATION

        return PRESENTATION

    def new_initial_state(
        self, players: int | None = None, seed: int = 0, **options: Any
    ) -> WarOnTerrorState:
        n = check_players(SPEC, players)
        check_seed(seed)
        opts = self.check_options(options, n)
        return waronterror_rules.new_state(WarOnTerrorState, n, seed, opts)


GAME = WarOnTerrorGame()
