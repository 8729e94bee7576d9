"""Twilight Struggle behind the core interface (``engine.core.api``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from realpolitik.engine.core.api import (
    ChanceMode,
    GameSpec,
    Information,
    InvalidState,
    SearchDefaults,
    UnknownGame,
    check_action,
    check_seed,
)
from realpolitik.engine.core.base import DataFilesBase, GameBase, StateBase
from realpolitik.engine.core.features import TermsFromModule
from realpolitik.engine.core.presentation import Presentation
from realpolitik.engine.core.rng import shuffle
from realpolitik.engine.twilight import actions, frames, movegen, rules
from realpolitik.engine.twilight.board import BOARD, LAST_SPACE_BOX, SIDE_NAMES, US, USSR
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import EVENTS, load_all
from realpolitik.engine.twilight.state import DEFCON_MAX, DRAW, PH_HEADLINE, WIN_VP, TSState, opp

load_all()

OPTIONS = {"tournament": False, "edition": "seed", "optional_cards": False, "bid": rules.BID_NONE}
EDITIONS = ("seed", "deluxe")  # option edition: the seed printing's data, or the Deluxe printing's

SPEC = GameSpec(
    name="twilight",
    title="Twilight Struggle",
    seats=("USSR", "US"),
    min_players=2,
    max_players=2,
    chance=ChanceMode.EXPLICIT_STOCHASTIC,
    information=Information.IMPERFECT,
    num_distinct_actions=actions.NUM_ACTIONS,
    max_game_length=6000,
    version="ts-seed-1" if BOARD.packaged else f"ts-seed-1+data-{BOARD.digest}",
    aliases=("ts", "twilight-struggle", "twilight_struggle"),
    options=OPTIONS,
)

SEARCH = SearchDefaults(
    # The compiled engine and search tree run about 40k iterations/s on one core at the
    # levels' rollout 0; the budgets give about 1 s (normal) and 4 s (hard) a decision.
    levels={
        "easy": "ismcts:iters=300",
        "normal": "ismcts:iters=50000",
        "hard": "ismcts:iters=150000",
    },
    # heuristic:follow=8 beats plain one-ply greedy by a wide margin here (docs/ai.md).
    heuristic_follow=8,
)


if TYPE_CHECKING:
    _Fields = TSState  # both bases have TSState's fields under the same names
else:
    _Fields = object


class TwilightState(StateBase, TermsFromModule, _Fields):
    """A Twilight Struggle position speaking the ``State`` protocol.

    The protocol lives here once; a state's fields and rules come from one of two bases (see
    ``movegen``): :class:`PureTwilightState` (``state.TSState`` run by ``rules``, the
    reference) or :class:`CompiledTwilightState` (``_core_c.CState`` run by ``_core_c``).
    """

    __slots__ = ()
    FEATURES = "realpolitik.engine.twilight.features"
    _core: Any = rules  # the module with current_player / legal_actions / apply / chance_outcomes
    implementation: str = "pure"  # the game implementation this class belongs to

    if TYPE_CHECKING:

        def clone(self) -> TwilightState: ...  # the base's clone keeps the class

    # ----- protocol -----
    def game(self) -> TwilightGame:
        return _game(self.implementation)

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self._core.current_player(self)

    def is_chance_node(self) -> bool:
        # a pure state's frames are named; the compiled class has its own is_chance_node
        return self.winner < 0 and self.stack[-1].kind in frames.CHANCE_KINDS

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def legal_actions(self) -> list[int]:
        return self._core.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return self._core.chance_outcomes(self)

    def apply_action(self, action: int) -> None:
        self._core.apply(self, action if type(action) is int else check_action(action))

    def random_playout(self, seed: int, max_decisions: int = -1) -> int:
        """Play on with uniformly random moves from a SplitMix64 stream seeded by ``seed``,
        to the end or for ``max_decisions`` decisions; returns the decisions played (see
        ``rules.random_playout``; compiled states play the same game, faster)."""
        return int(self._core.random_playout(self, seed, max_decisions))

    def returns(self) -> list[float]:
        if self.winner == USSR:
            return [1.0, 0.0]
        if self.winner == US:
            return [0.0, 1.0]
        if self.winner == DRAW:
            return [0.5, 0.5]
        return [0.0, 0.0]

    def scores(self) -> list[float]:
        """VP from each side's point of view (USSR positive when it leads)."""
        return [float(-self.vp), float(self.vp)]

    def top(self) -> Any:
        """The pending frame (a named tuple of ``frames``, whichever implementation), or None."""
        return frames.view(self.stack[-1]) if self.stack and self.winner < 0 else None

    def action_to_string(self, action: int) -> str:
        return actions.to_string(self.top(), action, self.options.get("edition", "seed"))

    def evaluate(self, seat: int) -> float:
        from realpolitik.engine.twilight.heuristics import evaluate

        return evaluate(self, seat)

    # ----- information -----
    def hand_visible(self, owner: int, viewer: int) -> bool:
        """May ``viewer`` see ``owner``'s hand now?"""
        return owner == viewer or bool(self.revealed >> owner & 1)

    def headline_visible(self, owner: int, viewer: int) -> bool:
        """May ``viewer`` see the headline card ``owner`` chose (simultaneous choice, 4.5 C)?"""
        if owner == viewer or self.phase != PH_HEADLINE or self.action_round != 0:
            return True
        h = rules.space_holder(self, 4)
        return h == viewer  # 6.4.4 box 4: the opponent chose first and revealed it

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: the board, its own hand, public piles, revealed cards."""
        o = opp(seat)
        frame = self.top()
        return {
            "game": "twilight",
            "seat": seat,
            "turn": self.turn,
            "action_round": self.action_round,
            "phase": self.phase,
            "phasing": self.phasing,
            "defcon": self.defcon,
            "vp": self.vp,
            "milops": list(self.milops),
            "space": list(self.space),
            "influence": {
                BOARD.ids[c]: [self.inf[c], self.inf[BOARD.n + c]]
                for c in range(BOARD.n)
                if self.inf[c] or self.inf[BOARD.n + c]
            },
            "china": {"holder": SIDE_NAMES[self.china], "face_up": self.china_up},
            "hand": sorted(self.hands[seat]),
            "opponent_hand_size": len(self.hands[o]),
            "opponent_hand": sorted(self.hands[o]) if self.hand_visible(o, seat) else None,
            "headline": {
                SIDE_NAMES[s]: (self.headline[s] if self.headline_visible(s, seat) else "hidden")
                for s in (USSR, US)
                if self.headline[s]
            },
            "deck_size": len(self.deck),
            "discard": sorted(self.discard),
            "removed": sorted(self.removed),
            "on_table": sorted(self.inplay),
            "effects": [n for n in range(1, 111) if self.flag(n)],
            "to_move": self.current_player(),
            "decision": frames.KIND_NAMES[frame.kind] if frame else None,
            "winner": self.winner,
        }

    def resample_hidden(self, seat: int, rng: random.Random) -> TwilightState:
        """A state ``seat`` cannot tell apart: unseen cards (opponent hand, deck order,
        a hidden headline) redrawn with ``rng``; everything public kept. (Compiled states use
        ``_core_c.resample_hidden``, the same statements.)"""
        s = self.clone()
        o = opp(seat)
        pool = list(s.deck)
        hide_hand = not s.hand_visible(o, seat)
        if hide_hand:
            pool.extend(s.hands[o])
        hide_head = s.headline[o] > 0 and not s.headline_visible(o, seat)
        if hide_head:
            pool.append(s.headline[o])
        pool.sort()
        # One draw from the caller's rng seeds the engine's own shuffle: the compiled twin
        # (_core_c.resample_hidden) makes the same worlds from the same rng.
        shuffle(pool, rng.getrandbits(64))
        if hide_head:
            # the hidden headline is any card the opponent could have headlined
            for i, c in enumerate(pool):
                if c != rules.UN_INTERVENTION:
                    s.headline[o] = pool.pop(i)
                    break
        if hide_hand:
            k = len(s.hands[o])
            s.hands[o] = pool[:k]
            pool = pool[k:]
        s.deck = pool
        s.rng = rng.getrandbits(64)
        s.touch()  # the hands changed: the legal actions the clone kept are the true hand's
        return s

    # ----- checks -----
    def fingerprint(self) -> tuple[tuple[str, Any], ...]:
        """Every field of the position (``TSState``'s declaration; a compiled state has the
        same fields under the same names)."""
        return TSState.SCHEMA.fingerprint(self)

    def check_invariants(self) -> list[str]:
        """Violations of the game's invariants (empty when sound)."""
        bad: list[str] = []
        places = self.hands[0] + self.hands[1] + self.deck + self.discard + self.removed
        places += self.box + self.inplay + [h for h in self.headline if h > 0]
        for frame in map(
            frames.view, self.stack
        ):  # card 108 Our Man in Tehran: the drawn cards, being looked at
            if frame.kind == frames.CCARD and frame.card == Card.OUR_MAN_IN_TEHRAN:
                places += list(frame.cards)
        want = [n for n in rules.cards_in_game(self.options) if n != rules.CHINA]
        if sorted(places) != want:
            from collections import Counter

            cnt = Counter(places)
            dup = sorted(n for n, k in cnt.items() if k > 1)
            lost = sorted(set(want) - set(places))
            bad.append(f"cards not in exactly one place: duplicated {dup}, missing {lost}")
        if any(v < 0 for v in self.inf):
            bad.append("negative influence")
        if not 1 <= self.defcon <= DEFCON_MAX:
            bad.append(f"DEFCON {self.defcon} out of 1..{DEFCON_MAX}")
        if self.winner < 0 and not -WIN_VP < self.vp < WIN_VP:
            bad.append(f"VP {self.vp} at or beyond {WIN_VP} while the game runs")
        if self.china not in (USSR, US):
            bad.append("China Card has no holder")
        if not all(0 <= x <= LAST_SPACE_BOX for x in self.space):
            bad.append("space race marker off the track")
        return bad

    # ----- records -----
    def position_summary(self) -> dict[str, Any]:
        """A few public facts of the position, stored with records to catch edited files."""
        return {"turn": self.turn, "vp": self.vp, "defcon": self.defcon, "winner": self.winner}

    def balance_facts(self) -> dict[str, Any]:
        """What ``realpolitik balance`` groups a finished game by: how it ended (from
        ``end_reason``), the USSR's first turn order (it plays first in every action round),
        each seat's side, and the game turns played."""
        reason = self.end_reason
        kinds = (
            ("DEFCON", "DEFCON 1"),
            ("20 VP", "20 VP"),
            ("controls Europe", "Europe control"),
            ("final scoring", "final scoring"),
            ("scoring card", "scoring card held"),
            ("Cuban Missile", "Cuban Missile Crisis"),
            ("Wargames", "Wargames"),
        )
        kind = next((k for key, k in kinds if key in reason), reason or "unfinished")
        return {
            "end_kind": kind,
            "first_order": [USSR, US],
            "roles": {"side": [SIDE_NAMES[USSR], SIDE_NAMES[US]]},
            "rounds": self.turn,
            "turns": None,
        }

    def pin_card(self, seat: int, card: int, out: int) -> None:
        """A record's ``known_cards`` entry (a game imported from a log that shows no deals):
        ``seat`` holds the unseen ``card``, exchanged with ``out`` from its hand, which goes
        where ``card`` was (the draw deck or the other hand). ``InvalidState`` says why not."""
        if seat not in (USSR, US):
            raise InvalidState(f"seat {seat} is neither 0 (USSR) nor 1 (US)")
        hand = self.hands[seat]
        who = SIDE_NAMES[seat]
        if card in hand:
            raise InvalidState(f"card #{card} is already in the {who} hand")
        if out not in hand:
            raise InvalidState(f"card #{out} is not in the {who} hand")
        for place in (self.deck, self.hands[opp(seat)]):
            if card in place:
                place[place.index(card)] = out
                hand[hand.index(out)] = card
                self.touch()
                return
        raise InvalidState(f"card #{card} is neither in the draw deck nor in the other hand")

    def use_known_cards(self, known: list[list[int]], strict: bool) -> None:
        """An imported game's ``known_cards``: this state becomes its class's pinned twin
        (``_Pinned``), which pins each entry as soon as play reaches its index (those of the
        present index now) and writes them into its record. ``strict`` (loading a record): an
        entry that does not apply is ``InvalidState`` naming it; otherwise it is passed over."""
        pinned: Any = self  # the slots are the concrete classes'
        pinned.__class__ = _PINNED[type(self).implementation]
        pinned.known_cards = [list(e) for e in known]
        n = len(self.history)
        pinned.known_next = next((i for i, e in enumerate(pinned.known_cards) if e[0] >= n), len(known))
        pinned.known_strict = strict
        _pin_due(pinned)

    def to_json(self) -> dict[str, Any]:
        """The record, with an imported game's ``known_cards`` up to this position."""
        rec = super().to_json()
        known = getattr(self, "known_cards", None)
        if known:
            n = len(self.history)
            rec["known_cards"] = [list(e) for e in known if e[0] <= n]
        return rec

    def pure_copy(self) -> TSState:
        """A copy of this position run by the pure-Python reference, whichever implementation
        runs this one (the fields have the same names in both), for tracing the reference
        rules."""
        if isinstance(self, PureTwilightState):
            return self.clone()
        copy = TSState.copy_into(self, PureTwilightState.__new__(PureTwilightState))
        copy.stack = [frames.view(f) for f in copy.stack]  # the reference reads its frames by name
        return copy


class PureTwilightState(TwilightState, TSState):
    """A position run by the pure-Python reference (``rules``)."""

    __slots__ = ("known_cards", "known_next", "known_strict")  # an imported game's (``use_known_cards``)
    _core = rules
    implementation = "pure"


# The compiled core builds its tables from the packaged data when it is first imported, and a
# compiled module cannot be imported again: a user's data runs on the pure reference.
_CORE_C: Any = movegen.compiled_core() if BOARD.packaged else None
if _CORE_C is not None:

    class CompiledTwilightState(TwilightState, _CORE_C.CState):
        """A position run by the compiled core (``_core_c``)."""

        __slots__ = ("known_cards", "known_next", "known_strict")
        _core = _CORE_C
        implementation = "compiled"
        # The hot protocol calls go straight to the compiled functions (no Python frame).
        apply_action = _CORE_C.apply_action
        current_player = _CORE_C.current_player
        legal_actions = _CORE_C.legal_actions
        is_chance_node = _CORE_C.is_chance_node
        is_terminal = _CORE_C.is_terminal
        chance_outcomes = _CORE_C.chance_outcomes_or_none
        evaluate = _CORE_C.evaluate
        resample_hidden = _CORE_C.resample_hidden
        eval_terms = _CORE_C.eval_terms  # features.terms' compiled twin (the fitted evaluator's)

else:
    CompiledTwilightState = None  # type: ignore[assignment,misc]


def _pin_due(pinned: Any) -> None:
    """Pin the ``known_cards`` entries whose index is the number of actions played."""
    known = getattr(pinned, "known_cards", None)
    if not known:
        return
    i = getattr(pinned, "known_next", len(known))
    k = len(pinned.history)
    while i < len(known) and known[i][0] <= k:
        if known[i][0] == k:
            try:
                pinned.pin_card(known[i][1], known[i][2], known[i][3])
            except InvalidState as exc:
                if pinned.known_strict:
                    raise InvalidState(f"record: known_cards[{i}] does not apply: {exc}") from None
        i += 1
    pinned.known_next = i


class _Pinned:
    """An imported game's state, as a record replays it: as soon as play reaches the index of
    one of the record's ``known_cards`` entries it is pinned (in a copy whose hidden cards lie
    elsewhere, an entry that cannot apply is passed over). Its copies keep the entries; the
    worlds a search draws (``resample_hidden``) are plain states, at full speed: what they play
    is the search's, not the record's."""

    __slots__ = ()

    def apply_action(self, action: int) -> None:
        super().apply_action(action)  # type: ignore[misc]
        _pin_due(self)

    def clone(self) -> Any:
        c = super().clone()  # type: ignore[misc]
        c.known_cards = self.known_cards  # type: ignore[attr-defined]
        c.known_next = self.known_next  # type: ignore[attr-defined]
        c.known_strict = False
        return c

    def resample_hidden(self, seat: int, rng: random.Random) -> Any:
        w = super().resample_hidden(seat, rng)  # type: ignore[misc]
        w.__class__ = type(self).__mro__[2]  # the plain class the pinned twin derives from
        w.known_cards = self.known_cards  # type: ignore[attr-defined]
        w.known_next = len(self.known_cards)  # type: ignore[attr-defined]
        w.known_strict = False
        return w


class PinnedPureTwilightState(_Pinned, PureTwilightState):
    __slots__ = ()


_PINNED: dict[str, type] = {"pure": PinnedPureTwilightState}
if CompiledTwilightState is not None:

    class PinnedCompiledTwilightState(_Pinned, CompiledTwilightState):
        __slots__ = ()

    _PINNED["compiled"] = PinnedCompiledTwilightState


class TwilightGame(DataFilesBase, GameBase):
    """Twilight Struggle (seed edition): 2 players, USSR seat 0, US seat 1.

    Args:
        implementation: ``pure`` (states run by ``rules``, the reference) or ``compiled``
            (states run by ``_core_c``); both play identical games.
    """

    spec = SPEC
    search = SEARCH

    data_package = "realpolitik.engine.twilight"
    data_descriptions: ClassVar[dict[str, str]] = {
        "countries.csv": "the 84 countries: region, subregions, stability, battleground, adjacency",
        "cards.csv": "the cards: title, ops, side, period, starred, scoring, persistent",
        "scoring.csv": "each scoring card's region and presence/domination/control VP",
        "space_race.csv": "the space race boxes: ops needed, highest roll, VP, ability",
    }

    def __init__(self, implementation: str = "pure") -> None:
        if implementation not in ("pure", "compiled"):
            raise UnknownGame(f"unknown implementation '{implementation}'; known: pure, compiled")
        if implementation == "compiled" and CompiledTwilightState is None:
            raise UnknownGame(
                "the compiled Twilight Struggle core is not built (pip install . with a C compiler)"
            )
        self.implementation = implementation

    def implementations(self) -> tuple[str, ...]:
        return ("pure", "compiled") if CompiledTwilightState is not None else ("pure",)

    def with_implementation(self, name: str) -> TwilightGame:
        return _game(name)

    def presentation(self) -> Presentation:
        from realpolitik.engine.twilight.presentation import PRESENTATION

        return PRESENTATION

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> TwilightState:
        if players not in (None, 2):
            raise InvalidState(f"players: Twilight Struggle is for 2 players, not {players}")
        opts = self.check_options(options, 2)
        if opts["edition"] not in EDITIONS:
            raise InvalidState(
                f"options: 'edition' must be one of {', '.join(EDITIONS)}, not {opts['edition']!r}"
            )
        if "optional_cards" not in options:
            opts["optional_cards"] = opts["edition"] == "deluxe"  # on with Deluxe, off with the seed
        elif opts["optional_cards"] and opts["edition"] != "deluxe":
            raise InvalidState("options: 'optional_cards' are Deluxe cards; use them with edition=deluxe")
        try:  # a bid: "US+2", "ussr+1", "none" (kept as the record writes it: US+2, USSR+1, none)
            opts["bid"] = rules.bid_text(opts["bid"])
        except ValueError as err:
            raise InvalidState(f"options: {err}") from None
        if self.implementation == "pure":
            state: TwilightState = rules.new_state(check_seed(seed), opts, PureTwilightState)  # type: ignore[assignment]
            return state
        return _CORE_C.new_state(check_seed(seed), opts, CompiledTwilightState)


_GAMES: dict[str, TwilightGame] = {}


def _game(implementation: str) -> TwilightGame:
    """The game object whose states use ``implementation`` (one per implementation)."""
    if implementation not in _GAMES:
        _GAMES[implementation] = TwilightGame(implementation)
    return _GAMES[implementation]


def missing_events() -> list[int]:
    """Card numbers in the data with no event handler (must be empty).

    The China Card (#6) is the one card without an event: it is never played as an event or
    headlined (9.5); the engine never offers it.
    """
    return sorted(n for n in BOARD.cards if n not in EVENTS and n != rules.CHINA)


GAME = _game(movegen.DEFAULT if CompiledTwilightState is not None else "pure")
"""Twilight Struggle with the default implementation (``movegen.DEFAULT``)."""
