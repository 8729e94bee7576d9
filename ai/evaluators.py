"""Values and rollout policies shared by the bots, written against ``engine.core`` only.

Game knowledge reaches the AI through ``State.evaluate(seat)`` (a heuristic in [0, 1]) and
``State.returns()`` (exact, at the end). Everything here is terminal-aware: a finished game is
scored by its returns, never by the heuristic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from realpolitik.engine.core.api import CHANCE, TERMINAL, State

__all__ = [
    "ROLLOUT_POLICIES",
    "RolloutPolicy",
    "best_move",
    "expected_value",
    "greedy_policy",
    "sample_chance",
    "uniform_policy",
    "value",
]

RolloutPolicy = Callable[[State, Sequence[int], int, random.Random], int]
"""``policy(state, legal, player, rng) -> action``: picks a rollout move for ``player``."""


def value(state: State, seat: int) -> float:
    """The value of a state for one seat: its return when the game is over, else the heuristic.

    Args:
        state: Any state (decision, chance or terminal).
        seat: Whose value.

    Returns:
        A float in [0, 1].
    """
    if state.is_terminal():
        return float(state.returns()[seat])
    return state.evaluate(seat)


def expected_value(state: State, seat: int, chance_depth: int = 2) -> float:
    """Terminal-aware value that averages over chance nodes.

    At a chance node the value is the probability-weighted mean over ``chance_outcomes()``,
    recursing through chained chance nodes at most ``chance_depth`` times; past that bound the
    chance node is scored by the heuristic directly.

    Args:
        state: The state to score (not modified).
        seat: Whose value.
        chance_depth: How many chained chance nodes to enumerate.

    Returns:
        A float in [0, 1].
    """
    player = state.current_player()
    if player == TERMINAL:
        return float(state.returns()[seat])
    if player == CHANCE and chance_depth > 0:
        total = 0.0
        for action, prob in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            total += prob * expected_value(child, seat, chance_depth - 1)
        return total
    return state.evaluate(seat)


def best_move(
    state: State, actions: Sequence[int], seat: int, chance_depth: int = 0, tie: float = 0.0
) -> int:
    """The move of ``actions`` after which ``seat``'s :func:`expected_value` (through
    ``chance_depth`` chance nodes; 0 is :func:`value`) is highest: a later move replaces the best
    so far only when it is more than ``tie`` better, so the first of equals wins (``state`` is
    not modified)."""
    best, best_v = actions[0], -math.inf
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        v = expected_value(child, seat, chance_depth)
        if v > best_v + tie:
            best, best_v = action, v
    return best


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Draw one chance outcome by its probability.

    Args:
        outcomes: ``[(action, probability)]`` as returned by ``chance_outcomes()``.
        rng: The injected RNG.

    Returns:
        The sampled action (the last one absorbs rounding error).
    """
    x = rng.random()
    acc = 0.0
    for action, prob in outcomes:
        acc += prob
        if x < acc:
            return action
    return outcomes[-1][0]


def uniform_policy(state: State, legal: Sequence[int], player: int, rng: random.Random) -> int:
    """Uniformly random rollout move.

    Args:
        state: The rollout state (unused).
        legal: Legal actions there.
        player: Seat to move (unused).
        rng: The injected RNG.

    Returns:
        One of ``legal``.
    """
    return legal[int(rng.random() * len(legal))]


def greedy_policy(epsilon: float = 0.25, candidates: int = 3) -> RolloutPolicy:
    """An epsilon-greedy rollout policy on the game's heuristic.

    With probability ``epsilon`` (or when there is a single legal move) it plays uniformly at
    random; otherwise it samples ``candidates`` distinct legal moves, applies each to a clone,
    and keeps the one whose resulting state the mover values most (terminal-aware). Costs
    ``candidates`` clones and evaluations per greedy move.

    Args:
        epsilon: Probability of a uniform move.
        candidates: How many moves to compare per greedy step.

    Returns:
        A :data:`RolloutPolicy`.
    """

    def policy(state: State, legal: Sequence[int], player: int, rng: random.Random) -> int:
        n = len(legal)
        if n == 1 or rng.random() < epsilon:
            return legal[rng.randrange(n)]
        return best_move(state, rng.sample(legal, candidates) if n > candidates else legal, player)

    return policy


ROLLOUT_POLICIES: dict[str, RolloutPolicy] = {
    "random": uniform_policy,
    "greedy": greedy_policy(),
}
"""Rollout policies by the name the ``policy=`` bot parameter takes."""
