"""Bots and the one registry that builds them from spec strings.

Spec grammar, used by the CLI, tournaments and tests alike::

    name[:key=value[,key=value]...]

    random            heuristic:seed=3         expectimax:depth=2
    ismcts            ismcts:iters=2000        ismcts:time=1.5,workers=4
    mcts:iters=500,c=1.0,rollout=0               openspiel-ismcts:time=0.5

``make_bot(spec)`` returns a fresh bot; an unknown bot, parameter or value raises
``ValueError`` naming what is valid. Every bot owns a ``random.Random(seed)`` (``seed=0`` by
default), so a fresh bot built from the same spec, given the same position and an iteration
budget, always makes the same move.

A bot is handed the true state but reads only what its seat may see: ``legal_actions()`` of
its own decision, ``evaluate(seat)``, and determinizations from ``resample_hidden(seat, rng)``.
The exceptions are ``mcts`` and ``openspiel-mcts``, which search the true state and so cheat
under hidden information (documented, for reference play). Bots never modify the state they are given.

The ``openspiel-*`` kinds are a plug-in: the ``interop`` extra offers them through the
:data:`PLUGIN_GROUP` entry points, and this module never imports it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint, entry_points
from time import perf_counter
from typing import Any, Protocol, runtime_checkable

from realpolitik.ai.analysis import Analysis, from_search, from_values
from realpolitik.ai.evaluators import ROLLOUT_POLICIES, best_move, expected_value
from realpolitik.ai.expectimax import SearchTimeout, expectimax_action_values, expectimax_pv
from realpolitik.ai.ismcts import (
    MAX_ITERS,
    MAX_PRIOR,
    MAX_SECONDS,
    OTHERS,
    PLAN_PRIOR_VISITS,
    Progress,
    SearchConfig,
    search,
)
from realpolitik.ai.weights import Weights, load_weights, packaged_weights, with_weights
from realpolitik.engine.core.api import SEED_MAX, HasPlan, HasPlanSteps, State

__all__ = [
    "PLUGIN_GROUP",
    "SEED_PARAM",
    "Bot",
    "BotInfo",
    "Evaluation",
    "ExpectimaxBot",
    "HeuristicBot",
    "Param",
    "RandomBot",
    "SearchBot",
    "SearchingBot",
    "analyse",
    "bot_names",
    "describe_bots",
    "format_spec",
    "make_bot",
    "parse_spec",
    "register_bot",
    "split_specs",
    "with_budget",
]

GRAMMAR = "name[:key=value[,key=value]...]"
"""The spec-string grammar, quoted in error messages."""

TIE_EPS = 1e-12
"""Values closer than this are ties (broken by the bot's RNG)."""

DEFAULT_ITERS = 2000
"""Iteration budget of mcts/ismcts when the spec gives neither ``iters`` nor ``time``."""

MAX_SAMPLES = 64
"""Most determinizations an expectimax bot averages (each is a whole search)."""

HEURISTIC_CHANCE_DEPTH = 3
"""Chained chance nodes the heuristic bot enumerates after its move."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for a seat."""

    spec: str
    """The canonical spec string this bot was built from."""

    def step(self, state: State, seat: int) -> int:
        """Choose a legal action for ``seat``, who must be to move.

        Args:
            state: The true state (not modified); read only through what ``seat`` may see.
            seat: The seat to move.

        Returns:
            An action in ``state.legal_actions()``.
        """
        ...


@runtime_checkable
class SearchingBot(Bot, Protocol):
    """A bot that can also explain its choice."""

    def analyse(self, state: State, seat: int) -> Analysis:
        """Rank every legal move of ``seat`` (see ``ai.analysis.Analysis``)."""
        ...


def _check_turn(state: State, seat: int) -> list[int]:
    """The legal actions of ``seat``, who must be to move."""
    to_move = state.current_player()
    if to_move != seat:
        raise ValueError(f"seat {seat} is not to move (current player: {to_move})")
    legal = state.legal_actions()
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    return legal


def _pick(scored: dict[int, float], rng: random.Random) -> int:
    """The highest-valued action, ties broken by ``rng``."""
    top = max(scored.values())
    best = [a for a, v in scored.items() if v >= top - TIE_EPS]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class Evaluation:
    """Which evaluator a bot scores positions with: the game's hand weights (``eval=hand``),
    the fitted weights the package ships for the game (``eval=fitted``), or a user's fitted
    weights file (``weights=PATH``, read and validated when the bot is built)."""

    def __init__(self, kind: str | None = None, path: str | None = None) -> None:
        if path is not None and kind == "hand":
            raise ValueError("weights=PATH is a fitted evaluator: drop eval=hand (or write eval=fitted)")
        self.kind = "fitted" if path is not None else kind or "hand"
        self._file: Weights | None = load_weights(path) if path is not None else None

    def wrap(self, state: State) -> State:
        """``state`` as the bot should search it: itself, or scored by the fitted weights.

        Raises:
            WeightsError: weights fitted for another game, data version or terms.
        """
        if self.kind == "hand":
            return state
        weights = self._file or packaged_weights(state.game().spec.name)
        return with_weights(state, weights)


HAND = Evaluation()
"""The hand evaluator (the default)."""


class RandomBot:
    """Uniformly random legal moves."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        self._rng = random.Random(seed)

    def step(self, state: State, seat: int) -> int:
        """A uniformly random legal action (see :meth:`Bot.step`)."""
        legal = _check_turn(state, seat)
        return legal[self._rng.randrange(len(legal))]


class HeuristicBot:
    """One-ply greedy on ``evaluate(seat)``.

    Each move is applied to one determinization of the position (``resample_hidden``, shared
    by all moves so they are compared in the same world); a move that leads to a chance node
    is scored by the expectation over its outcomes, through up to
    :data:`HEURISTIC_CHANCE_DEPTH` chained chance nodes. Ties are broken by the seeded RNG.

    A state that offers a plan (``HasPlan``: How to Invade's strategic decisions) is asked
    first; the greedy search decides what the plan leaves to it (None). Other games offer
    none and are unchanged.

    With ``follow`` > 0, a move is scored where the bot's own run of decisions ends rather than
    right after it: up to ``follow`` further decisions of the same seat (a card's operations
    point by point, an order of event and operations) are taken greedily one ply at a time,
    so that what those decisions set off (an event that ends the game, say) is seen.
    ``follow=None`` (a spec that does not set it) takes the game's
    ``SearchDefaults.heuristic_follow``.
    """

    def __init__(self, spec: str, seed: int, follow: int | None = 0, evaluation: Evaluation = HAND) -> None:
        self.spec = spec
        self._rng = random.Random(seed)
        self.follow = follow
        self.evaluation = evaluation

    def step(self, state: State, seat: int) -> int:
        """The move with the best one-ply value (see :meth:`Bot.step`)."""
        legal = _check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        follow = self.follow if self.follow is not None else state.game().search.heuristic_follow
        if isinstance(state, HasPlan):
            planned = state.plan_action(seat)
            if planned is not None:
                return planned
        world = self.evaluation.wrap(state).resample_hidden(seat, self._rng)
        scored: dict[int, float] = {}
        for action in legal:
            child = world.clone()
            child.apply_action(action)
            if follow:
                _follow_own(child, seat, follow)
            scored[action] = expected_value(child, seat, HEURISTIC_CHANCE_DEPTH)
        return _pick(scored, self._rng)


def _follow_own(state: State, seat: int, steps: int) -> None:
    """Take up to ``steps`` decisions of ``seat`` in a row on ``state`` (modified), each the
    best by one-ply expected value (the first of equals, so the walk is deterministic)."""
    while steps > 0 and state.current_player() == seat:
        legal = state.legal_actions()
        state.apply_action(
            legal[0] if len(legal) == 1 else best_move(state, legal, seat, HEURISTIC_CHANCE_DEPTH, TIE_EPS)
        )
        steps -= 1


class SearchBot:
    """MCTS (``determinize=False``, cheats under hidden information) or SO-ISMCTS."""

    def __init__(
        self,
        spec: str,
        config: SearchConfig,
        seed: int,
        evaluation: Evaluation = HAND,
        game_c: bool = False,
        game_others: bool = False,
        game_prior: bool = False,
    ) -> None:
        self.spec = spec
        self.config = config
        self.evaluation = evaluation
        self.game_c = game_c
        """True when the spec leaves ``c`` unset: a search then takes the game's
        ``SearchDefaults.c`` at the position's player count (``config.c`` where the game
        names none)."""
        self.game_others = game_others
        """True when the spec leaves ``others`` unset: a search then takes the game's
        ``SearchDefaults.others`` at the position's player count (``config.others`` where
        the game names none)."""
        self.game_prior = game_prior
        """True when the spec leaves ``prior`` unset: a search then takes the game's
        ``SearchDefaults.prior`` (``config.prior`` where the game names none)."""
        self._rng = random.Random(seed)
        self.progress: Progress | None = None
        """Called with the iterations done so far while a search runs (a progress bar); it
        never changes what the search finds."""

    def config_for(self, state: State) -> SearchConfig:
        """The search configuration used at ``state``: ``config``, with the game's exploration
        constant and model of the other seats for the state's player count, and its plan's
        virtual visits, where the spec leaves them to the game."""
        config = self.config
        search = state.game().search
        if self.game_c:
            c = search.c.get(state.num_players())
            if c is not None and c != config.c:
                config = replace(config, c=c)
        if self.game_others:
            others = search.others.get(state.num_players())
            if others is not None and others != config.others:
                config = replace(config, others=others)
        if self.game_prior:
            prior = search.prior
            if prior is not None and prior != config.prior:
                config = replace(config, prior=prior)
        return config

    def step(self, state: State, seat: int) -> int:
        """The most visited root move (see :meth:`Bot.step`)."""
        legal = _check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        if isinstance(state, HasPlanSteps):
            step = state.plan_step(seat)  # inside a chosen box: the search would only pass through it
            if step is not None:
                return step
        searched = self.evaluation.wrap(state)
        result = search(
            searched, seat, self.config_for(state), self._rng.getrandbits(63), progress=self.progress
        )
        return result.best().action

    def analyse(self, state: State, seat: int) -> Analysis:
        """Search and rank every legal move, with principal variations."""
        _check_turn(state, seat)
        result = search(
            self.evaluation.wrap(state),
            seat,
            self.config_for(state),
            self._rng.getrandbits(63),
            with_pv=True,
            progress=self.progress,
        )
        return from_search(state, seat, self.spec, result)


class ExpectimaxBot:
    """Depth-limited expectimax (see ``ai.expectimax``) on determinizations.

    The search runs on ``samples`` determinizations (``resample_hidden(seat, rng)``) and move
    values are averaged over them; in a perfect-information game a determinization is the
    position itself.

    With a time cap the search deepens one ply at a time (1, 2, … ``depth``) and plays on the
    deepest search finished in time; a search cut short is used only when none finished (then
    the moves it valued, or else a random legal move). Without one the search runs to ``depth``
    exactly, as long as :data:`MAX_SECONDS` allows.
    """

    def __init__(
        self,
        spec: str,
        depth: int,
        samples: int,
        seed: int,
        evaluation: Evaluation = HAND,
        time: float | None = None,
    ) -> None:
        self.spec = spec
        self.depth = depth
        self.samples = samples
        self.time = time
        self.evaluation = evaluation
        self._rng = random.Random(seed)

    def _values(
        self,
        state: State,
        seat: int,
        legal: list[int],
        depth: int,
        deadline: float,
        sums: dict[int, float],
        counts: dict[int, int],
        leaves: dict[int, int],
    ) -> State:
        """Add the move values of each determinization to ``sums``/``counts`` (kept when the
        deadline passes); returns the first determinization."""
        first: State | None = None
        searched = self.evaluation.wrap(state)
        for _ in range(self.samples):
            world = searched.resample_hidden(seat, self._rng)
            if first is None:
                first = world
            found: dict[int, float] = {}
            try:
                expectimax_action_values(world, seat, depth, leaves, deadline, into=found)
            finally:
                for action, v in found.items():
                    if action in sums:
                        sums[action] += v
                        counts[action] += 1
        assert first is not None
        return first

    def _search(
        self, state: State, seat: int, legal: list[int], leaves: dict[int, int]
    ) -> tuple[dict[int, float], State | None, int, float]:
        """Move values of the deepest search finished in time.

        Returns:
            The values, the first determinization (None when none was drawn), the depth
            reached and the deadline.
        """
        deadline = perf_counter() + (self.time if self.time is not None else MAX_SECONDS)
        best: tuple[dict[int, float], State | None, int] = ({}, None, 0)
        for depth in range(1, self.depth + 1) if self.time is not None else (self.depth,):
            sums = dict.fromkeys(legal, 0.0)
            counts = dict.fromkeys(legal, 0)
            found: dict[int, int] = {}
            world: State | None = None
            try:
                world = self._values(state, seat, legal, depth, deadline, sums, counts, found)
            except SearchTimeout:
                if not best[0]:  # nothing finished: what this search valued
                    best = ({a: sums[a] / counts[a] for a in legal if counts[a]}, world, depth)
                    leaves.update(found)
                break
            best = ({a: sums[a] / counts[a] for a in legal if counts[a]}, world, depth)
            leaves.clear()
            leaves.update(found)
        return best[0], best[1], best[2], deadline

    def step(self, state: State, seat: int) -> int:
        """The move with the best averaged expectimax value (see :meth:`Bot.step`)."""
        legal = _check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        values, _, _, _ = self._search(state, seat, legal, {})
        if not values:  # the time cap passed before a single move was valued
            return self._rng.choice(legal)
        return _pick(values, self._rng)

    def analyse(self, state: State, seat: int) -> Analysis:
        """Exact depth-limited value of every legal move, with principal variations."""
        start = perf_counter()
        leaves: dict[int, int] = {}
        legal = _check_turn(state, seat)
        values, world, depth, deadline = self._search(state, seat, legal, leaves)
        if not values:
            values = dict.fromkeys(legal[:1], 0.5)
        base = world if world is not None else state
        pvs: dict[int, list[str]] = {}
        for action in values:
            child = base.clone()
            child.apply_action(action)
            pvs[action] = [state.action_to_string(action)] + expectimax_pv(child, seat, depth - 1, deadline)
        return from_values(state, seat, self.spec, values, leaves, pvs, perf_counter() - start)


def _bound(x: float) -> str:
    """A bound as written: an integer in full (2^63 - 1, not 9.22e+18), a float compactly."""
    return str(x) if isinstance(x, int) else f"{x:g}"


@dataclass(frozen=True)
class Param:
    """One bot parameter.

    Attributes:
        name: Key in the spec string.
        kind: ``int``, ``float`` or ``str``.
        default: Value when omitted (None: no default, e.g. no time limit).
        help: One line for ``describe_bots``.
        low: Smallest allowed value (numbers).
        high: Largest allowed value (numbers).
        choices: Allowed values (strings).
        shown: How ``describe_bots`` shows the default (when not ``str(default)``).
    """

    name: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    shown: str = ""

    def parse(self, bot: str, text: str) -> Any:
        """Convert and check a value from a spec string.

        Raises:
            ValueError: saying what the value must be.
        """
        if self.kind is str:
            if not self.choices:
                return text
            if text not in self.choices:
                raise ValueError(
                    f"bot '{bot}': {self.name} must be one of {', '.join(self.choices)}, got '{text}'"
                )
            return text
        noun = "an integer" if self.kind is int else "a number"
        bounds = []
        if self.low is not None:
            bounds.append(f">= {_bound(self.low)}")
        if self.high is not None:
            bounds.append(f"<= {_bound(self.high)}")
        need = f"{noun}{' ' + ' and '.join(bounds) if bounds else ''}"
        try:
            val = self.kind(text)
        except ValueError:
            raise ValueError(f"bot '{bot}': {self.name} must be {need}, got '{text}'") from None
        if (
            (self.kind is float and not math.isfinite(val))
            or (self.low is not None and val < self.low)
            or (self.high is not None and val > self.high)
        ):
            raise ValueError(f"bot '{bot}': {self.name} must be {need}, got '{text}'")
        return val


@dataclass(frozen=True)
class BotInfo:
    """A registered bot.

    Attributes:
        name: Registry name.
        summary: One line on how it plays.
        params: Its parameters, in canonical order.
        factory: ``factory(spec, values) -> Bot`` with every parameter's value filled in
            (explicit or default).
    """

    name: str
    summary: str
    params: tuple[Param, ...]
    factory: Callable[[str, dict[str, Any]], Bot]


SEED_PARAM = Param("seed", int, 0, "seed of the bot's RNG", low=0, high=SEED_MAX)
"""The ``seed`` parameter every bot takes (a plug-in's bot kinds list it too)."""
_SEED = SEED_PARAM
_EVAL_PARAMS = (
    Param(
        "eval",
        str,
        None,
        "evaluator: hand (the game's hand weights) or fitted (the weights the package ships, "
        "fitted by self-play; how each plays against hand: docs/ai.md)",
        choices=("hand", "fitted"),
        shown="hand",
    ),
    Param(
        "weights",
        str,
        None,
        "a weights file made by 'realpolitik train' (implies eval=fitted)",
        shown="none",
    ),
)


def _evaluation(v: dict[str, Any]) -> Evaluation:
    """The evaluator a spec's ``eval``/``weights`` values choose."""
    return Evaluation(v["eval"], v["weights"])


_SEARCH_PARAMS = (
    Param(
        "iters",
        int,
        None,
        "iterations per move, total over workers",
        low=1,
        high=MAX_ITERS,
        shown=f"{DEFAULT_ITERS} unless time is set",
    ),
    Param(
        "time",
        float,
        None,
        "seconds per move per worker, with iters whichever ends first",
        low=1e-3,
        high=MAX_SECONDS,
        shown="none",
    ),
    _SEED,
    Param(
        "c",
        float,
        None,
        "UCB1 exploration constant",
        low=0.0,
        shown=f"the game's c at the player count, else {SearchConfig.c:g}",
    ),
    Param("rollout", int, 0, "rollout moves before evaluate() scores the position", low=0),
    Param(
        "policy",
        str,
        "random",
        f"rollout policy: {' or '.join(ROLLOUT_POLICIES)}",
        choices=tuple(ROLLOUT_POLICIES),
    ),
    Param("widen", float, 0.5, "progressive widening exponent, 0 = off", low=0.0, high=1.0),
    Param("workers", int, 1, "root-parallel processes, results merged", low=1, high=64),
    Param(
        "prior",
        int,
        None,
        "virtual visits, each worth the best return, the plan's move starts with in a game that "
        "offers a plan (How to Invade), and another seat's greedy move with others=greedy; "
        "0 = only expanded first; otherwise unused",
        low=0,
        high=MAX_PRIOR,
        shown=f"the game's prior, else {PLAN_PRIOR_VISITS}",
    ),
    Param(
        "others",
        str,
        None,
        "the other seats' nodes: search (like the searcher's) or greedy (their one-ply best "
        "by their own evaluate() expanded first)",
        choices=OTHERS,
        shown="the game's others at the player count, else search",
    ),
    *_EVAL_PARAMS,
)


def _search_factory(determinize: bool) -> Callable[[str, dict[str, Any]], Bot]:
    def build(spec: str, v: dict[str, Any]) -> Bot:
        iters = v["iters"]
        if iters is None and v["time"] is None:
            iters = DEFAULT_ITERS
        config = SearchConfig(
            iters=iters,
            time=v["time"],
            c=SearchConfig.c if v["c"] is None else v["c"],
            rollout=v["rollout"],
            policy=v["policy"],
            widen=v["widen"],
            workers=v["workers"],
            determinize=determinize,
            prior=PLAN_PRIOR_VISITS if v["prior"] is None else v["prior"],
            others=SearchConfig.others if v["others"] is None else v["others"],
        )
        return SearchBot(
            spec,
            config,
            v["seed"],
            _evaluation(v),
            game_c=v["c"] is None,
            game_others=v["others"] is None,
            game_prior=v["prior"] is None,
        )

    return build


_REGISTRY: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo("random", "uniformly random legal moves", (_SEED,), lambda s, v: RandomBot(s, v["seed"])),
        BotInfo(
            "heuristic",
            "one-ply greedy on the game's evaluate(), expectation over dice",
            (
                Param(
                    "follow",
                    int,
                    None,
                    "own decisions in a row played greedily before a move is scored",
                    low=0,
                    high=64,
                    shown="the game's heuristic_follow: 8 in twilight, 0 elsewhere",
                ),
                _SEED,
                *_EVAL_PARAMS,
            ),
            lambda s, v: HeuristicBot(s, v["seed"], v["follow"], _evaluation(v)),
        ),
        BotInfo(
            "mcts",
            "MCTS on the true state (reads hidden information: a cheating reference)",
            _SEARCH_PARAMS,
            _search_factory(determinize=False),
        ),
        BotInfo(
            "ismcts",
            "information-set MCTS over determinizations (the default computer player)",
            _SEARCH_PARAMS,
            _search_factory(determinize=True),
        ),
        BotInfo(
            "expectimax",
            "depth-limited expectimax: minimax for two seats, max-n for more; dice enumerated",
            (
                Param("depth", int, 2, "decision plies searched, chance nodes are free", low=1, high=8),
                Param("samples", int, 1, "determinizations averaged", low=1, high=MAX_SAMPLES),
                Param(
                    "time",
                    float,
                    None,
                    "seconds per move: deepen ply by ply, play the deepest search done in time",
                    low=1e-3,
                    high=MAX_SECONDS,
                    shown="none",
                ),
                _SEED,
                *_EVAL_PARAMS,
            ),
            lambda s, v: ExpectimaxBot(s, v["depth"], v["samples"], v["seed"], _evaluation(v), v["time"]),
        ),
    )
}


PLUGIN_GROUP = "realpolitik.bots"
"""Entry-point group through which an installed package adds bot kinds: each entry is named
after the kind and points at its :class:`BotInfo` (the ``interop`` extra's OpenSpiel bots come
in this way, so the AI never names the adapters). An entry is loaded the first time its kind is
asked for, or when every bot is described."""


def register_bot(info: BotInfo) -> None:
    """Add a bot kind to the registry (a plug-in's, or a test's).

    Raises:
        ValueError: when another kind is registered under the same name.
    """
    known = _REGISTRY.get(info.name)
    if known is not None and known is not info:
        raise ValueError(f"bot '{info.name}' is registered already")
    _REGISTRY[info.name] = info


def _plugins() -> dict[str, EntryPoint]:
    """Bot kinds installed packages offer and that are not loaded yet, by name (sorted)."""
    found = {ep.name: ep for ep in entry_points(group=PLUGIN_GROUP) if ep.name not in _REGISTRY}
    return dict(sorted(found.items()))


def _load_plugin(ep: EntryPoint) -> BotInfo:
    try:
        info = ep.load()
    except ImportError as exc:
        raise ValueError(f"bot '{ep.name}' ({ep.value}) does not load: {exc}") from None
    if not isinstance(info, BotInfo) or info.name != ep.name:
        raise ValueError(f"bot '{ep.name}' ({ep.value}) is not a bot kind named '{ep.name}'")
    register_bot(info)
    return info


def _bot_info(name: str) -> BotInfo | None:
    """The kind registered as ``name``, loading an installed plug-in's on first use."""
    info = _REGISTRY.get(name)
    if info is None and (ep := _plugins().get(name)) is not None:
        info = _load_plugin(ep)
    return info


def bot_names() -> list[str]:
    """Bot names: the registered ones in registry order, then those installed plug-ins offer
    (named without loading them)."""
    return [*_REGISTRY, *_plugins()]


def describe_bots() -> dict[str, str]:
    """One line per bot: what it does and its parameters with defaults.

    Returns:
        ``{name: description}`` in registry order.
    """
    for ep in _plugins().values():
        _load_plugin(ep)
    out = {}
    for info in _REGISTRY.values():
        params = "; ".join(f"{p.name}={p.shown or p.default} ({p.help})" for p in info.params)
        out[info.name] = f"{info.summary}. Parameters: {params}."
    return out


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list (``--bots``). Commas separate the bots and also
    a spec's own parameters (``ismcts:iters=1000,c=0.3``): an item that names a parameter
    (``key=value``) and no bot (no ``:``) belongs to the spec before it."""
    specs: list[str] = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item.split("=", 1)[0] and specs and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec string into its bot name and raw parameter texts.

    Args:
        spec: ``name[:key=value[,key=value]...]``.

    Returns:
        ``(name, {key: text})``; the name is lower-cased.

    Raises:
        ValueError: for an empty or malformed spec, an unknown bot or parameter, or a
            repeated parameter.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"empty bot spec; expected {GRAMMAR} with name one of: {', '.join(bot_names())}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    info = _bot_info(name)
    if info is None:
        raise ValueError(f"unknown bot '{name}'; valid bots: {', '.join(bot_names())}")
    valid = [p.name for p in info.params]
    raw: dict[str, str] = {}
    for part in rest.split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, text = part.partition("=")
        key, text = key.strip().lower(), text.strip()
        if not eq or not key or not text:
            raise ValueError(f"bad parameter '{part}' in bot spec '{spec}'; expected {GRAMMAR}")
        if key not in valid:
            raise ValueError(f"bot '{name}' has no parameter '{key}'; valid parameters: {', '.join(valid)}")
        if key in raw:
            raise ValueError(f"parameter '{key}' given twice in bot spec '{spec}'")
        raw[key] = text
    return name, raw


def format_spec(name: str, params: dict[str, Any]) -> str:
    """The canonical spec string: parameters in the bot's own order.

    Args:
        name: A registered bot name.
        params: Parameter values (or their texts).

    Returns:
        ``name`` or ``name:key=value,...``.
    """
    order = [p.name for p in _REGISTRY[name].params]
    parts = [f"{k}={params[k]}" for k in order if k in params]
    return f"{name}:{','.join(parts)}" if parts else name


def with_budget(spec: str, budget: int | float | None) -> str:
    """A spec with its budget replaced.

    Args:
        spec: A bot spec.
        budget: None keeps the spec; an int sets ``iters`` (``depth`` for expectimax) and
            drops ``time``; a float sets ``time`` and drops ``iters`` (mcts/ismcts only).

    Returns:
        The new spec string.

    Raises:
        ValueError: for a budget the bot does not take.
    """
    name, raw = parse_spec(spec)
    if budget is None:
        return format_spec(name, raw)
    keys = {p.name for p in _REGISTRY[name].params}
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise ValueError(f"budget must be an int (iterations) or a float (seconds), got {budget!r}")
    if isinstance(budget, int) and "depth" in keys:
        raw["depth"] = str(budget)
    elif isinstance(budget, int) and "iters" in keys:
        raw["iters"] = str(budget)
        raw.pop("time", None)
    elif isinstance(budget, float) and "time" in keys:
        raw["time"] = repr(budget)
        raw.pop("iters", None)
    else:
        kind = "iteration" if isinstance(budget, int) else "time"
        raise ValueError(f"bot '{name}' takes no {kind} budget")
    return format_spec(name, raw)


def make_bot(spec: str) -> Bot:
    """Build a fresh bot from a spec string.

    Args:
        spec: ``name[:key=value[,key=value]...]``, e.g. ``ismcts:iters=2000,seed=1``.

    Returns:
        The bot; its ``spec`` attribute is the canonical spec string.

    Raises:
        ValueError: for an unknown bot, parameter or value, listing the valid ones.
    """
    name, raw = parse_spec(spec)
    info = _REGISTRY[name]
    values = {p.name: p.default for p in info.params}
    canonical: dict[str, Any] = {}
    for p in info.params:
        if p.name in raw:
            values[p.name] = canonical[p.name] = p.parse(name, raw[p.name])
    return info.factory(format_spec(name, canonical), values)


def analyse(
    state: State,
    seat: int,
    budget: int | float | None = None,
    bot_spec: str = "ismcts",
    progress: Progress | None = None,
) -> Analysis:
    """Analyse a position for ``seat`` (who must be to move).

    Args:
        state: The position (not modified).
        seat: The seat to advise.
        budget: An int is an iteration budget (for expectimax: the depth); a float is a time
            budget in seconds (mcts/ismcts only); None keeps the spec's own budget.
        bot_spec: A searching bot's spec string (``ismcts``, ``mcts:c=1``, ``expectimax``).
        progress: For mcts/ismcts, called with the iterations done so far.

    Returns:
        The analysis.

    Raises:
        ValueError: for a bot that does not search, or a bad spec or budget.
    """
    bot = make_bot(with_budget(bot_spec, budget))
    if not isinstance(bot, SearchingBot):
        raise ValueError(
            f"bot '{bot.spec}' does not search; analyse needs one of: "
            "mcts, ismcts, expectimax, openspiel-ismcts, openspiel-mcts"
        )
    if isinstance(bot, SearchBot):
        bot.progress = progress
    return bot.analyse(state, seat)
