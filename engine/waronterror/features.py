"""War on Terror evaluation terms, for an evaluator whose weights are fitted by self-play (``ai.fit``).

The hand evaluator (``heuristics.evaluate``) is kept whole here, as its log-odds: a fit may
sharpen or flatten it. Next to it, the seat's score lead over the best other seat
(``scores()``: liberation points (a terrorist seat: the terrorists' points)).
"""

from __future__ import annotations

from realpolitik.engine.core.api import State
from realpolitik.engine.core.features import hand_logit, score_lead

__all__ = ["HAND_WEIGHTS", "TERM_NAMES", "terms"]

TERM_NAMES: tuple[str, ...] = ("hand_logit", "score_lead")
"""Names of the terms, in the order :func:`terms` returns them."""

HAND_WEIGHTS: tuple[float, ...] = (1.0, 0.0)
"""Weights under which the terms give the hand evaluator's log-odds."""


def terms(s: State, seat: int) -> list[float]:
    """The evaluation terms of ``s`` for ``seat``, in :data:`TERM_NAMES` order."""
    return [hand_logit(s.evaluate(seat)), score_lead(s, seat)]
