"""Plain MCTS: the ISMCTS search run on the true state, without determinization.

This is the same tree search as :mod:`ai.ismcts` (UCB1, chance sampling, progressive widening,
evaluator-cut rollouts, root parallelism) with ``determinize=False``: every iteration starts
from ``state.clone()``. In a perfect-information game it is exactly right. Under hidden
information it **cheats**: it sees the opponents' hands and the deck order of the true state.
Use it as a reference opponent and for perfect-information games, never as a fair player.
"""

from __future__ import annotations

from dataclasses import replace

from realpolitik.ai.ismcts import SearchConfig, SearchResult, search
from realpolitik.engine.core.api import State

__all__ = ["mcts_search"]


def mcts_search(
    state: State, seat: int, config: SearchConfig, seed: int, with_pv: bool = False
) -> SearchResult:
    """Search the true state (reading hidden information) for ``seat``.

    Args:
        state: The position, ``seat`` to move (not modified).
        seat: The searching seat.
        config: Budget and parameters; ``determinize`` is forced off.
        seed: Seed of this search.
        with_pv: Also compute principal variations.

    Returns:
        The root statistics.
    """
    return search(state, seat, replace(config, determinize=False), seed, with_pv=with_pv)
