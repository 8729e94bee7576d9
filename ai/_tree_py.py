"""Search-tree nodes and the two per-iteration tree walks of ISMCTS, in plain Python: the
reference for ``ai/_tree_c.pyx`` (same names, same arithmetic in the same order, so the same
trees from the same seeds; ``tests/ai/test_tree_differential.py`` checks it). ``ai.ismcts``
uses whichever ``ai.tree`` selects.
"""

from __future__ import annotations

import math
from typing import Any

IMPL = "pure"


class Node:
    """One tree node, reached by one action sequence from the root.

    The statistics describe the edge into this node, from the point of view of the player who
    chose that edge (for chance edges only ``visits`` is kept).
    """

    __slots__ = ("children", "visits", "avail", "total", "sumsq")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        """Child nodes by action (decisions) or ``~action`` (chance outcomes)."""
        self.visits = 0
        """Iterations that passed through this node."""
        self.avail = 1
        """Times this node's action was legal when its parent was visited (UCB1's ``N``)."""
        self.total = 0.0
        """Sum of the chooser's returns."""
        self.sumsq = 0.0
        """Sum of squared returns (kept for root children only, for confidence intervals)."""


def select(node: Node, legal: list[int], c: float) -> tuple[Node | None, int, int]:
    """The subset-armed UCB1 step at a decision node: every tried child that is legal now gets
    one more availability; returns ``(best child or None, its action or -1, untried count)``.

    The score is ``total / visits + c * sqrt(log(avail) / visits)``; ties keep the first in
    ``legal`` order.
    """
    children = node.children
    log, sqrt = math.log, math.sqrt
    best: Node | None = None
    best_a = -1
    best_score = -math.inf
    untried = 0
    for a in legal:
        child = children.get(a)
        if child is None:
            untried += 1
            continue
        child.avail += 1
        v = child.visits
        score = child.total / v + c * sqrt(log(child.avail) / v)
        if score > best_score:
            best_score, best, best_a = score, child, a
    return best, best_a, untried


def backpropagate(root: Node, path: list[tuple[Node, int]], state: Any, players: int, seat: int) -> None:
    """Add one iteration's outcome along ``path`` (``(node, mover)``; mover -1 for chance).

    The end ``state`` is scored by ``returns()`` if it is over, else by ``evaluate(p)``, asked
    once for each seat ``p`` that chose on the path. The root child also gets the square of the
    searching ``seat``'s return.
    """
    r: list[Any] = list(state.returns()) if state.is_terminal() else [None] * players
    root.visits += 1
    for child, mover in path:
        child.visits += 1
        if mover >= 0:
            x = r[mover]
            if x is None:
                x = r[mover] = state.evaluate(mover)
            child.total += x
    if path:
        x = r[seat]  # the root child was chosen by ``seat``, so this is set
        if x is not None:
            path[0][0].sumsq += x * x
