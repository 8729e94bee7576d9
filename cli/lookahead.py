"""A move that loses at once, for any game: the move followed through dice and forced moves to
the next real decision, on the ``State`` interface alone. The screen warns with it
(``Renderer.danger``) where a game's presentation cannot foresee the loss itself.
"""

from __future__ import annotations

from collections.abc import Callable

from realpolitik.engine.core.api import CHANCE, State

__all__ = ["LOOKAHEAD_NODES", "losing_chance"]

LOOKAHEAD_NODES = 64
"""Positions the look-ahead of :func:`losing_chance` visits at most for one move."""


def losing_chance(
    state: State, action: int, seat: int, ending: Callable[[State], str], budget: int = LOOKAHEAD_NODES
) -> tuple[float, str]:
    """The probability that ``action`` makes ``seat`` lose before anyone decides anything
    again: the move is followed through dice (every outcome, by its probability) and forced
    moves (a single legal action) until a real decision or the end.

    Args:
        state: The position (not modified); ``seat`` is to move.
        action: A legal action.
        seat: The seat that would play it.
        ending: How a finished game ended, in words (the screen's ``Renderer.result``).
        budget: Positions visited at most; beyond it the rest counts as not lost (so the
            figure is a lower bound).

    Returns:
        ``(probability, how the game ends)``: the second is the ending of the likeliest losing
        line (empty when the probability is 0).
    """
    first = state.clone()
    first.apply_action(action)
    todo: list[tuple[float, State]] = [(1.0, first)]
    lost = 0.0
    worst: tuple[float, str] = (0.0, "")
    seen = 0
    while todo and seen < budget:
        p, s = todo.pop()
        seen += 1
        if s.is_terminal():
            rets = s.returns()
            if rets[seat] < max(rets):
                lost += p
                if p > worst[0]:
                    worst = (p, ending(s))
            continue
        who = s.current_player()
        if who == CHANCE:
            for a, q in s.chance_outcomes():
                child = s.clone()
                child.apply_action(a)
                todo.append((p * q, child))
            continue
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply_action(legal[0])
            todo.append((p, s))
    return lost, worst[1]
