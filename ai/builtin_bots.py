"""The built-in bots: random, one-ply heuristic, MCTS / SO-ISMCTS and expectimax, and the
evaluator a bot scores positions with.

A bot is handed the true state but reads only what its seat may see (see ``ai.bots``); the
registry (``ai.registry``) builds these from spec strings.
"""

from __future__ import annotations

import random
from dataclasses import replace
from time import perf_counter

from realpolitik.ai.analysis import Analysis, from_search, from_values
from realpolitik.ai.evaluators import best_move, expected_value
from realpolitik.ai.expectimax import SearchTimeout, expectimax_action_values, expectimax_pv
from realpolitik.ai.ismcts import MAX_SECONDS, Progress, SearchConfig, search
from realpolitik.ai.weights import Weights, load_weights, packaged_weights, with_weights
from realpolitik.engine.core.api import HasPlan, HasPlanSteps, State

__all__ = ["HAND", "Evaluation", "ExpectimaxBot", "HeuristicBot", "RandomBot", "SearchBot"]

TIE_EPS = 1e-12
"""Values closer than this are ties (broken by the bot's RNG)."""

HEURISTIC_CHANCE_DEPTH = 3
"""Chained chance nodes the heuristic bot enumerates after its move."""


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
