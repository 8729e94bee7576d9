"""The one interface every game speaks (modelled on OpenSpiel's Game/State).

Everything outside a game package (AI, CLI, tournaments, benchmarks) talks to a game only
through :class:`Game` and :class:`State`. Nothing here knows about any particular game or
assumes two players.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

AMBIGUOUS_SHOWN = 5  # moves an ambiguous text lists

if TYPE_CHECKING:
    from realpolitik.engine.core.presentation import Presentation

__all__ = [
    "CHANCE",
    "DEFAULT_LEVELS",
    "SEED_MAX",
    "TERMINAL",
    "Action",
    "ChanceMode",
    "Game",
    "GameSpec",
    "HasBalanceFacts",
    "HasDataFiles",
    "HasEvalTerms",
    "HasImplementations",
    "HasNativePlayout",
    "HasPlan",
    "HasPlanSteps",
    "HasSeatAliases",
    "HasSeatOptions",
    "IllegalAction",
    "Information",
    "InvalidState",
    "RealpolitikError",
    "RemembersLegal",
    "SearchDefaults",
    "Seat",
    "State",
    "UnknownGame",
    "check_action",
    "check_players",
    "check_seed",
    "parse_action_text",
    "plural",
    "seat_label",
]

Action = int
"""An action is a small non-negative int below ``GameSpec.num_distinct_actions``."""

Seat = int
"""A seat index, 0-based, in the order of ``GameSpec.seats``."""

CHANCE: int = -1
"""``State.current_player()`` when nature moves (dice): pick from ``chance_outcomes()``."""

TERMINAL: int = -4
"""``State.current_player()`` once the game is over."""


SEED_MAX: int = 2**63 - 1
"""Seeds are integers in ``0..SEED_MAX``: what a record stores and every game accepts."""

DEFAULT_LEVELS: Mapping[str, str] = {
    "easy": "ismcts:iters=300",
    "normal": "ismcts:iters=2500",
    "hard": "ismcts:iters=10000",
}
"""Level -> the computer opponent's bot spec, for a game whose spec names no budgets of its own.
A level is an iteration budget and nothing else, so a seed replays the same game on any machine."""


class ChanceMode(enum.Enum):
    """How a game uses chance."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"
    """Dice are explicit chance nodes; shuffles use the state's seeded RNG."""


class Information(enum.Enum):
    """What the seats can see."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class RealpolitikError(Exception):
    """Base of every error the engine raises on purpose (the CLI prints these in one line)."""


class IllegalAction(RealpolitikError):
    """An action that is not legal in the state it was applied to; the message says why."""


class InvalidState(RealpolitikError):
    """A serialized state or record that is malformed or inconsistent; names the field."""


class UnknownGame(RealpolitikError):
    """A game name that no registered game answers to."""


@dataclass(frozen=True)
class SearchDefaults:
    """How the computer plays a game where a bot spec leaves it open: the difficulty levels'
    budgets and the search's settings. Beside the game's :class:`GameSpec` (``Game.search``),
    which says what the game is; these say how it is best searched, and change when search
    speed or strength is re-measured.
    """

    levels: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_LEVELS))
    """Difficulty level (``easy``, ``normal``, ``hard``) -> the computer opponent's bot spec:
    an iteration budget (never a time: the same seed must give the same game on any machine)
    sized to this game's speed (about 1 s a decision at ``normal`` and 4 s at ``hard`` on one
    core, measured by ``bench/levels.py``)."""

    player_levels: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    """Player count -> level -> bot spec, replacing ``levels`` at that count for the levels it
    names (:meth:`levels_for`); a count not listed plays ``levels``. A game whose decisions
    cost more iterations' time at some player count (longer turns between two of the
    searcher's own decisions) names smaller budgets there, so that a level keeps its thinking
    time."""

    heuristic_follow: int = 0
    """What the ``heuristic`` bot's ``follow`` parameter is when a spec does not set it: the
    own decisions in a row it plays greedily before scoring a move (0: plain one-ply greedy).
    A game whose turns are long runs of one seat's decisions (Twilight Struggle's operations
    point by point) plays far better with it."""

    c: Mapping[int, float] = field(default_factory=dict)
    """Player count -> the UCB1 exploration constant of the ``mcts``/``ismcts`` bots when a
    spec does not set ``c``; a count not listed keeps the search's own default. A game whose
    evaluator spreads returns thinly at some player count (a five-seat win probability near
    1/5, its moves a hundredth apart) searches better with a smaller constant there."""

    others: Mapping[int, str] = field(default_factory=dict)
    """Player count -> how the ``mcts``/``ismcts`` bots grow the other seats' nodes when a
    spec does not set ``others``: ``search`` (like the searching seat's, the default) or
    ``greedy`` (their one-ply best by their own ``evaluate`` expanded first, as the
    ``heuristic`` bot plays)."""

    prior: int | None = None
    """The virtual visits the ``mcts``/``ismcts`` bots give the plan's move (``HasPlan``) and
    another seat's greedy move (``others="greedy"``) when a spec does not set ``prior``; None
    keeps the search's own default. A game whose plan beats the search's departures from it
    at small budgets keeps the search closer to the plan with more."""

    def levels_for(self, players: int | None) -> dict[str, str]:
        """Level -> bot spec at a player count: ``levels`` with what ``player_levels`` names
        for that count (``levels`` itself when ``players`` is None or not listed).

        Args:
            players: Number of players, or None for the game's general budgets.

        Returns:
            A new dict naming every level of ``levels``.
        """
        table = dict(self.levels)
        if players is not None:
            table.update(self.player_levels.get(players, {}))
        return table


@dataclass(frozen=True)
class GameSpec:
    """What a game is, as data: capabilities are facts, not code paths. How the computer
    plays it is apart, in the game's :class:`SearchDefaults` (``Game.search``).

    Attributes:
        name: Registry name (``twilight``).
        title: Human title (``Twilight Struggle``).
        seats: Seat names for the maximum player count, in seat order.
        min_players: Fewest players the game supports.
        max_players: Most players the game supports.
        chance: How chance enters the game.
        information: Perfect or imperfect information.
        num_distinct_actions: Every action id is in ``range(num_distinct_actions)``.
        max_game_length: An upper bound on the number of actions in one game.
        version: Rules/data version; records from another version are refused.
        aliases: Other names ``load_game`` accepts.
        options: Option names ``new_initial_state`` accepts, with their defaults.
        default_players: The player count when none is asked for (None: ``min_players``).
    """

    name: str
    title: str
    seats: tuple[str, ...]
    min_players: int
    max_players: int
    chance: ChanceMode
    information: Information
    num_distinct_actions: int
    max_game_length: int
    version: str
    aliases: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    default_players: int | None = None

    def seats_for(self, players: int) -> tuple[str, ...]:
        """Seat names in use at a given player count.

        Args:
            players: Number of players.

        Returns:
            The first ``players`` seat names.
        """
        return self.seats[:players]


@runtime_checkable
class State(Protocol):
    """One position of one game. Mutable: ``apply_action`` changes it in place."""

    history: list[int]
    """Every action applied since the initial state (chance outcomes included)."""

    def game(self) -> Game:
        """The game this state belongs to."""

    def num_players(self) -> int:
        """Players in this game."""

    def current_player(self) -> int:
        """The seat to decide, or ``CHANCE`` or ``TERMINAL``."""

    def is_chance_node(self) -> bool:
        """True when nature moves next."""

    def is_terminal(self) -> bool:
        """True once the game has ended."""

    def legal_actions(self) -> list[int]:
        """Sorted legal action ids for the current decision (chance outcomes at chance nodes)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance node; probabilities sum to 1."""

    def apply_action(self, action: int) -> None:
        """Apply one action; raises ``IllegalAction`` naming the reason."""

    def clone(self) -> State:
        """An independent copy (no shared mutable parts)."""

    def returns(self) -> list[float]:
        """One float per seat at the end: win 1, loss 0, shared wins split."""

    def scores(self) -> list[float]:
        """The game's own score per seat (VP, influence, money), for analysis."""

    def action_to_string(self, action: int) -> str:
        """Short, human, unambiguous text for an action legal in this state."""

    def string_from_action(self, text: str) -> int:
        """Parse what ``action_to_string`` produces (or a unique prefix); raises ``IllegalAction``."""

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` can see, as plain JSON-able data."""

    def resample_hidden(self, seat: int, rng: Any) -> State:
        """A full state consistent with what ``seat`` knows (unseen cards redrawn)."""

    def evaluate(self, seat: int) -> float:
        """The game's heuristic value in [0, 1] of this state for ``seat`` (1 = surely wins)."""

    def to_json(self) -> dict[str, Any]:
        """The record (game, version, options, seed, seats, actions) as JSON-able data."""

    def position_summary(self) -> dict[str, Any]:
        """A few public facts of the position (turn, score, …) as JSON-able data, stored in
        records so that an edited action list that still replays is caught
        (``engine.core.records.check_position``); may be empty (``StateBase``'s default)."""

    def check_invariants(self) -> list[str]:
        """Violations of the game's invariants, one message each (empty when sound); the
        conformance and fuzz suites call it at every step."""

    def fingerprint(self) -> tuple[Any, ...]:
        """Every field of the position, hidden ones included, as comparable values
        (determinism, the lockstep differential, golden hashes)."""


class Game(Protocol):
    """A game: its spec, its search defaults, how to start or restore a state and how it is
    drawn on the terminal."""

    spec: GameSpec
    """What the game is."""

    search: SearchDefaults
    """How the computer plays it where a bot spec leaves it open (levels, search settings)."""

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> State:
        """A new game. ``players`` may be omitted for a fixed-count game.

        Raises:
            InvalidState: for an unsupported player count or unknown option.
        """

    def state_from_json(self, obj: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_json()`` output, validating it.

        Raises:
            InvalidState: naming the field that is wrong.
        """

    def presentation(self) -> Presentation:
        """How the game draws itself for the terminal (``engine.core.presentation``): the
        game's subclass of :class:`~realpolitik.engine.core.presentation.Presentation`, or the
        base itself, whose generic drawing serves a game that has none of its own."""


# ----- optional capabilities -----------------------------------------------------------------
# A game or state may offer more than the protocol asks. Callers test for a capability with
# ``isinstance(obj, HasX)`` (never by attribute name) and work without it.


@runtime_checkable
class HasBalanceFacts(Protocol):
    """A finished game's facts that a balance study groups games by (``realpolitik balance``):
    how it ended, who played first, the roles the seats were dealt, how long it lasted."""

    def balance_facts(self) -> dict[str, Any]:
        """Of a finished game, JSON-able: ``end_kind`` (how it ended, in the game's words),
        ``first_order`` (the seats in the first turn's order), ``roles`` (``{what: [label per
        seat]}``, e.g. ``{"ideology": [...]}``; empty where the game deals none), ``rounds`` and
        ``turns`` (counts in the game's own terms, or None where it has no such count); and
        optionally ``measures``, the game's own figures a designer follows: ``{name: number}``
        for a figure of the whole game, ``{name: [number per seat]}`` for one of each seat (the
        command reports each as a mean with its interval and spread, and compares it)."""


@runtime_checkable
class HasEvalTerms(Protocol):
    """A state whose evaluator is split into named terms, so that ``ai.fit`` can fit their
    weights by self-play (each game's ``features`` module)."""

    def eval_term_names(self) -> tuple[str, ...]:
        """Names of the terms, in the order ``eval_terms`` returns them (the same for every
        position of the game)."""

    def eval_terms(self, seat: int) -> list[float]:
        """The terms for ``seat``, each in its favour, from what ``seat`` may see."""

    def eval_hand_weights(self) -> tuple[float, ...]:
        """The weights under which ``sigmoid(weights · eval_terms(seat))`` is the hand
        evaluator's value (a fit starts from them and is drawn back towards them)."""


@runtime_checkable
class HasSeatAliases(Protocol):
    """A state whose seats also answer to names dealt at setup (an Ideology seat by its ideology)."""

    def seat_aliases(self) -> dict[str, int]:
        """Lower-case name -> seat index."""


def seat_label(state: State, seat: int, dealt_only: bool = False) -> str:
    """How a seat is named to a person: its seat name, with the name it was dealt at setup
    where the game deals one (``Player 3 (Capitalism)``; with ``dealt_only`` just
    ``Capitalism``). A number outside the seats is ``seat N`` (1-based)."""
    names = state.game().spec.seats_for(state.num_players())
    name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    if isinstance(state, HasSeatAliases):
        dealt = [alias for alias, s in state.seat_aliases().items() if s == seat and alias != name.lower()]
        if dealt:
            return dealt[0].title() if dealt_only else f"{name} ({dealt[0].title()})"
    return name


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``: a count with its noun (regular plurals only)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@runtime_checkable
class HasSeatOptions(Protocol):
    """A game that can deal a seat name a person asks for (``--seat Communism`` in Ideology,
    where seat names are dealt at setup)."""

    def options_for_seats(self, names: list[str], players: int) -> dict[str, Any]:
        """Options for ``new_initial_state`` under which every name in ``names`` is a seat."""

    def seat_names_dealt(self) -> list[str]:
        """Every name a seat can be dealt (and a person can ask for), in the game's order."""


@runtime_checkable
class HasNativePlayout(Protocol):
    """A state that plays random games inside the engine (no protocol call per step)."""

    def random_playout(self, seed: int, max_decisions: int = -1) -> int:
        """Play uniformly random moves from a stream seeded by ``seed`` to the end, or for
        ``max_decisions`` decisions; returns the decisions played."""


@runtime_checkable
class HasPlan(Protocol):
    """A state whose game gives the ``heuristic`` bot a plan for decisions one-ply greedy
    search cannot see pay off (a chain of many decisions)."""

    def plan_action(self, seat: int) -> int | None:
        """A legal action for ``seat`` (to move) chosen by the plan, or None to leave the
        decision to the greedy search."""


@runtime_checkable
class HasPlanSteps(Protocol):
    """A state whose plan also carries out a strategic choice once it is made (an action box
    bought, moved and built move by move): the search branches on the choices and takes these
    steps without branching on them."""

    def plan_step(self, seat: int) -> int | None:
        """The plan's move for ``seat`` (to move) when the decision only carries out a choice
        already made, or None when it is a choice of its own (the search branches on it)."""


@runtime_checkable
class RemembersLegal(Protocol):
    """A state that remembers its legal actions between calls; ``touch()`` forgets them (after
    fields were edited by hand, or to time a fresh generation)."""

    def touch(self) -> None:
        """Forget remembered derived data."""


@runtime_checkable
class HasImplementations(Protocol):
    """A game with more than one implementation of its rules (a pure-Python reference and a
    compiled core) that play identical games.

    ``implementation`` names the one this game object's states use; ``with_implementation``
    gives the same game with states of another. Nothing is switched process-wide: states of
    both kinds live side by side.
    """

    implementation: str

    def implementations(self) -> tuple[str, ...]:
        """The implementations available here, the reference (``pure``) first."""

    def with_implementation(self, name: str) -> Game:
        """This game with states of implementation ``name``; raises ``UnknownGame`` when it is
        not available (not built)."""


@runtime_checkable
class HasDataFiles(Protocol):
    """A game whose component facts are data files a user may replace (``--data DIR``:
    ``engine.use_data``; ``realpolitik data GAME --export DIR`` writes the packaged ones)."""

    def data_files(self) -> dict[str, str]:
        """The files the game reads, each with one line on what it holds."""

    def packaged_data(self, variant: str | None = None) -> dict[str, str]:
        """The packaged files' texts by name (a packaged variant's own where it has one)."""


def check_seed(seed: object) -> int:
    """A seed as every game and record accepts it: an integer in ``0..SEED_MAX``.

    Raises:
        InvalidState: naming what was given instead.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidState(f"seed: expected an integer, got {seed!r}")
    if not 0 <= seed <= SEED_MAX:
        raise InvalidState(f"seed: must be between 0 and {SEED_MAX}, not {seed}")
    return seed


def check_players(spec: GameSpec, players: int | None) -> int:
    """Validate a requested player count against a spec.

    Args:
        spec: The game's spec.
        players: Requested count, or None for the game's default (``spec.default_players``,
            else the minimum).

    Returns:
        The player count to use.

    Raises:
        InvalidState: if the count is out of range.
    """
    if players is None:
        return spec.min_players if spec.default_players is None else spec.default_players
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidState(f"players: expected an integer, got {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        takes = (
            f"{spec.min_players}"
            if spec.min_players == spec.max_players
            else f"{spec.min_players}–{spec.max_players}"
        )
        raise InvalidState(f"players: {spec.title} takes {takes} players, not {players}")
    return players


def check_action(action: object) -> int:
    """An action as ``apply_action`` receives it must be a plain int (not a bool, str, …).

    Raises:
        IllegalAction: naming what was given instead.
    """
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalAction(f"an action is an integer, not {action!r}")
    return action


def _words(text: str) -> set[str]:
    """The words of an action's text, split at spaces and punctuation (``#27``, ``poland``)."""
    return set(text.replace(":", " ").replace(",", " ").replace("(", " ").replace(")", " ").split())


def parse_action_text(state: State, text: str, legal: Sequence[int] | None = None) -> int:
    """Match text against the legal actions' strings (exact, then unique prefix, then unique
    substring, case-insensitive); a bare number that is a legal action id is that action. A
    prefix or substring counts only when the text holds at least one whole word of the
    action's text, so a stray letter (``l``) never plays a move.

    Args:
        state: The state whose legal actions are candidates.
        text: What a person typed.
        legal: The candidates (default: ``state.legal_actions()``).

    Returns:
        The matching action id.

    Raises:
        IllegalAction: when nothing or more than one action matches.
    """
    want = " ".join(text.strip().lower().split())
    if not want:
        raise IllegalAction("empty move")
    cands = list(state.legal_actions() if legal is None else legal)
    if want.isdigit() and int(want) in cands:
        return int(want)
    names = [(a, " ".join(state.action_to_string(a).lower().split())) for a in cands]
    exact = [a for a, n in names if n == want]
    if len(exact) == 1:
        return exact[0]
    typed = want.split()
    names = [(a, n) for a, n in names if any(w in _words(n) for w in typed)]
    pref = [a for a, n in names if n.startswith(want)]
    if len(pref) == 1:
        return pref[0]
    sub = [a for a, n in names if want in n]
    if len(sub) == 1:
        return sub[0]
    if not pref and not sub:
        raise IllegalAction(f"'{text.strip()}' is not a legal move here")
    many = pref or sub
    shown = ", ".join(state.action_to_string(a) for a in many[:AMBIGUOUS_SHOWN])
    raise IllegalAction(
        f"'{text.strip()}' is ambiguous: {shown}{' …' if len(many) > AMBIGUOUS_SHOWN else ''}"
    )
