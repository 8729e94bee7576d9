"""Ideology evaluation terms, for an evaluator whose weights are fitted by self-play (``ai.fit``).

The hand evaluator (``heuristics.evaluate``) is kept whole here, as its log-odds: a fit may
sharpen or flatten it. Next to it, the seat's Global Influence lead over the best other seat
(``scores()``: the points that end the game at 12), and that lead scaled by how near the
leader is to 12 (a lead counts more late in the game).
"""

from __future__ import annotations

from realpolitik.engine.core.api import State
from realpolitik.engine.core.features import hand_logit, score_lead
from realpolitik.engine.ideology.board import BOARD

__all__ = ["HAND_WEIGHTS", "TERM_NAMES", "terms"]

TERM_NAMES: tuple[str, ...] = ("hand_logit", "influence_lead", "late_lead")
"""Names of the terms, in the order :func:`terms` returns them."""

HAND_WEIGHTS: tuple[float, ...] = (1.0, 0.0, 0.0)
"""Weights under which the terms give the hand evaluator's log-odds."""


def terms(s: State, seat: int) -> list[float]:
    """The evaluation terms of ``s`` for ``seat``, in :data:`TERM_NAMES` order."""
    scores = s.scores()  # asked once for both terms
    lead = score_lead(s, seat, scores)
    stage = min(1.0, max(scores) / BOARD.victory)
    return [hand_logit(s.evaluate(seat)), lead, lead * stage]
