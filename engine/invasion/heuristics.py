"""Evaluation of How to Invade a Sovereign Nation positions for the AI.

``evaluate(state, seat)`` is a value in [0, 1] (1 = ``seat`` surely ends richest), from each
seat's projected final money (``prospects.py``: the model and its reasons). A position in the
middle of an action box (buying, moving, building, producing) is scored after the heuristic
bot's plan (``policy.py``) carries the box out (``completed``), so a box is worth what it leads
to rather than its first atomic step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.invasion import actions
from realpolitik.engine.invasion.policy import plan_action
from realpolitik.engine.invasion.prospects import MARGIN_SCALE, MARGIN_WEIGHT, prospects, softmax
from realpolitik.engine.invasion.state import (
    S_BUILD,
    S_BUY,
    S_LOCALS_DIE,
    S_MEDIA,
    S_MOVE_FROM,
    S_MOVE_LOG,
    S_MOVE_TO,
    S_MOVE_TROOPS,
    S_PRODUCE,
)

if TYPE_CHECKING:
    from realpolitik.engine.invasion.game import InvasionState

__all__ = ["completed", "evaluate"]


_CHAIN = frozenset((S_MEDIA, S_BUY, S_MOVE_FROM, S_MOVE_TO, S_MOVE_TROOPS, S_MOVE_LOG, S_BUILD, S_PRODUCE))
_CHAIN_STEPS = 60  # at most this many of the actor's decisions completed before scoring


def completed(s: InvasionState) -> InvasionState:
    """``s`` itself, or, while a seat is in the middle of an action box (buying, moving,
    building, producing), a copy where the heuristic bot's plan (``policy.plan_action``; else
    the box's "done", else its first choice) carries the box out: an action box is scored by
    what it leads to, not by its first atomic step. A phase-1 invasion's local-troops die is
    taken at its 4 (+2 local troops, a little above the mean)."""
    if s.stage not in _CHAIN or s.actor < 0:
        return s
    c = s.clone()
    for _ in range(_CHAIN_STEPS):
        stage = c.stage
        if stage == S_LOCALS_DIE:
            c.apply_action(actions.CHANCE + 4)
            continue
        if stage not in _CHAIN or c.actor < 0:
            break
        a = plan_action(c, c.actor)
        if a is None:
            legal = c.legal_actions()
            a = actions.DONE if actions.DONE in legal else legal[0]
        c.apply_action(a)
    return c


def evaluate(s: InvasionState, seat: int) -> float:
    """Value of ``seat`` in [0, 1] for ``completed(s)``: the win chance, blended with a much
    wider softmax of the same prospects, so that a seat far behind or far ahead still sees
    which move gains it money (a sharp softmax alone is flat there); the values of all seats
    sum to 1. Remembered per position: the search asks every seat."""
    key = len(s.history)
    if s._eval is None or s._eval[0] != key:
        c = completed(s)
        if c.result is not None:
            s._eval = (key, c.result[:])
        else:
            pro = prospects(c)
            sharp, wide = softmax(c, pro), softmax(c, pro, MARGIN_SCALE)
            values = [(1 - MARGIN_WEIGHT) * a + MARGIN_WEIGHT * b for a, b in zip(sharp, wide, strict=True)]
            s._eval = (key, values)
    return s._eval[1][seat]
