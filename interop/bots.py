"""OpenSpiel's own Python search bots as realpolitik bots: ``openspiel-ismcts`` and
``openspiel-mcts``.

The registry (``ai.bots``) builds them from spec strings like any other bot
(``openspiel-ismcts:iters=500,seed=2``), so they play in tournaments, ``play --ai`` and
``hint``. Each decision wraps the position in the OpenSpiel adapter
(``interop.openspiel.wrap``) and asks the OpenSpiel bot for its move:

- ``openspiel-ismcts`` is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (Cowling, Powley
  and Whitehouse's information-set MCTS): a determinization per simulation through the
  adapter's ``resample_from_infostate``, tree nodes keyed by information-state strings, UCT
  selection, the most visited move.
- ``openspiel-mcts`` is ``open_spiel.python.algorithms.mcts.MCTSBot`` on the true state: like
  realpolitik's own ``mcts`` it reads hidden information (a cheating reference).

Parameters: ``iters`` (simulations), ``time`` (seconds; with ``iters``, whichever ends first),
``seed`` (the bot's NumPy generator, its determinizations and its rollouts), ``c`` (the UCT
constant, on returns in [0, 1] as realpolitik's bots use) and ``leaf``: ``rollout`` scores a
leaf by one uniformly random game to the end (OpenSpiel's default evaluator,
``RandomRolloutEvaluator``, played inside the engine for speed: the same moves, sampled the
same way), ``heuristic`` by the game's ``evaluate()`` as realpolitik's search does.

OpenSpiel's bots have no time budget; here a search past its time stops between two
simulations and answers from the tree it has (at least two simulations run).
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from realpolitik.ai.analysis import Analysis, MoveStat, seat_context
from realpolitik.ai.evaluators import sample_chance, value
from realpolitik.ai.stats import mean_interval
from realpolitik.engine.core.api import HasNativePlayout, Information, State
from realpolitik.interop.openspiel import RealpolitikState, game_for, wrap

MIN_VISITS = 2  # visits of the root before a time limit may stop the search

__all__ = ["LEAVES", "LeafEvaluator", "OpenSpielBot"]

LEAVES = ("rollout", "heuristic")
"""How an ``openspiel-*`` bot scores a leaf."""

UNLIMITED = 10**9
"""Simulation budget standing for "until the time runs out"."""


class _OutOfTime(Exception):
    """Raised between two simulations when a timed search is over."""


class LeafEvaluator(mcts.Evaluator):
    """OpenSpiel's evaluator protocol (``evaluate``, ``prior``) for realpolitik states.

    Args:
        leaf: ``rollout`` (one uniformly random game to the end) or ``heuristic``
            (``evaluate(seat)`` for every seat; returns once the game is over).
        seed: Seeds the rollouts.
    """

    def __init__(self, leaf: str, seed: int) -> None:
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        self.leaf = leaf
        self._rng = random.Random(seed)

    def evaluate(self, state: RealpolitikState) -> np.ndarray:
        """The value of a leaf for every seat."""
        s = state.engine_state
        seats = range(s.num_players())
        if self.leaf == "heuristic" or s.is_terminal():
            return np.array([value(s, seat) for seat in seats])
        world = s.clone()
        if isinstance(world, HasNativePlayout):
            world.random_playout(self._rng.getrandbits(63))
        else:
            limit = world.game().spec.max_game_length
            while not world.is_terminal() and limit > 0:
                if world.is_chance_node():
                    world.apply_action(sample_chance(world.chance_outcomes(), self._rng))
                else:
                    legal = world.legal_actions()
                    world.apply_action(legal[self._rng.randrange(len(legal))])
                limit -= 1
        return np.array([value(world, seat) for seat in seats])

    def prior(self, state: RealpolitikState) -> list[tuple[int, float]]:
        """Uniform over the legal moves; the chance probabilities at a chance node."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class _TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with a time budget and a seeded determinization stream."""

    def __init__(self, game: Any, evaluator: LeafEvaluator, c: float, iters: int, seed: int) -> None:
        super().__init__(
            game,
            evaluator,
            c,
            iters,
            random_state=np.random.RandomState(seed % 2**32),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        draws = random.Random(seed)
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random))
        self.time_limit: float | None = None
        self._deadline = math.inf
        self.simulations = 0

    def run_search(self, state: Any) -> Any:
        self._deadline = perf_counter() + self.time_limit if self.time_limit else math.inf
        self.simulations = 0
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state: Any) -> Any:
        if perf_counter() > self._deadline and self._root_node.total_visits > 0:
            raise _OutOfTime
        self.simulations += 1
        return super().sample_root_state(state)


class _TimedMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTS with a time budget."""

    def __init__(self, game: Any, evaluator: LeafEvaluator, c: float, iters: int, seed: int) -> None:
        super().__init__(
            game, c, iters, evaluator, solve=True, random_state=np.random.RandomState(seed % 2**32)
        )
        self.time_limit: float | None = None
        self._deadline = math.inf
        self._root: Any = None

    def mcts_search(self, state: Any) -> Any:
        self._deadline = perf_counter() + self.time_limit if self.time_limit else math.inf
        self._root = None
        try:
            return super().mcts_search(state)
        except _OutOfTime:
            return self._root

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self._root = root
        if perf_counter() > self._deadline and root.explore_count >= MIN_VISITS:
            raise _OutOfTime
        return super()._apply_tree_policy(root, state)


class OpenSpielBot:
    """A realpolitik bot that asks an OpenSpiel search bot for each move.

    Args:
        spec: The canonical spec string.
        kind: ``ismcts`` or ``mcts``.
        iters: Simulations per move (None: until ``time`` runs out).
        time: Seconds per move (None: no time limit).
        seed: Seeds the OpenSpiel bot and its evaluator.
        c: UCT exploration constant.
        leaf: How a leaf is scored (see :data:`LEAVES`).
    """

    def __init__(
        self, spec: str, kind: str, iters: int | None, time: float | None, seed: int, c: float, leaf: str
    ) -> None:
        if kind not in ("ismcts", "mcts"):
            raise ValueError(f"unknown OpenSpiel bot kind {kind!r}")
        if iters is None and time is None:
            raise ValueError(f"bot '{spec}': give iters, time or both")
        self.spec = spec
        self.kind = kind
        self.iters = iters if iters is not None else UNLIMITED
        self.time = time
        self.seed = seed
        self.c = c
        self.leaf = leaf
        self._rng = random.Random(seed)

    def _searcher(self, state: State) -> Any:
        """A fresh OpenSpiel bot for this decision (seeded from the bot's own stream)."""
        game = game_for(state)
        seed = self._rng.getrandbits(63)
        evaluator = LeafEvaluator(self.leaf, seed)
        if self.kind == "ismcts":
            if state.game().spec.information is Information.PERFECT:
                raise ValueError("openspiel-ismcts needs an imperfect-information game; use openspiel-mcts")
            bot: Any = _TimedISMCTS(game, evaluator, self.c, self.iters, seed)
        else:
            bot = _TimedMCTS(game, evaluator, self.c, self.iters, seed)
        bot.time_limit = self.time
        return bot

    def _check_turn(self, state: State, seat: int) -> list[int]:
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move (current player: {state.current_player()})")
        legal = state.legal_actions()
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        return legal

    def step(self, state: State, seat: int) -> int:
        """The OpenSpiel bot's move (see ``ai.bots.Bot.step``)."""
        legal = self._check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        action = int(self._searcher(state).step(wrap(state)))
        if action not in legal:
            raise ValueError(f"bot '{self.spec}' returned {action}, not a legal action")
        return action

    def analyse(self, state: State, seat: int) -> Analysis:
        """Every legal move with the search's visits and mean return.

        The interval treats returns as in [0, 1] with the largest variance such a mean allows
        (OpenSpiel's nodes keep no sum of squares); the principal variation is the move alone
        (OpenSpiel's trees do not give one).
        """
        legal = self._check_turn(state, seat)
        start = perf_counter()
        bot = self._searcher(state)
        root = wrap(state)
        stats: dict[int, tuple[int, float]] = {}
        if self.kind == "ismcts":
            bot.run_search(root)
            for action, child in bot._root_node.child_info.items():
                stats[int(action)] = (int(child.visits), float(child.return_sum))
            iterations = bot.simulations
        else:
            tree = bot.mcts_search(root)
            for child in tree.children:
                stats[int(child.action)] = (int(child.explore_count), float(child.total_reward))
            iterations = int(tree.explore_count)
        game, seat_name, two_seat = seat_context(state, seat)
        moves = []
        for action in legal:
            visits, total = stats.get(action, (0, 0.0))
            mean = total / visits if visits else None
            low, high = mean_interval(visits, total, total)
            text = state.action_to_string(action)
            moves.append(MoveStat(action, text, visits, mean, mean if two_seat else None, low, high, [text]))
        moves.sort(key=lambda m: (-m.visits, -(m.mean if m.mean is not None else -1.0), m.action))
        return Analysis(game, seat, seat_name, self.spec, iterations, perf_counter() - start, moves)
