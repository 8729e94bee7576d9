"""Evaluation terms shared by games whose evaluator is one opaque function (``evaluate``).

A game exposes its evaluation terms for a fitted evaluator (``ai.fit``) through the state
methods ``eval_term_names()`` and ``eval_terms(seat)`` (``engine.core.api.HasEvalTerms``).
A game whose hand evaluator is not split into terms can still offer two: the hand
evaluator's own log-odds, which a fit may sharpen or flatten (a calibration), and the seat's
score lead over the best other seat (``scores()``), which a fit may weigh more or less than
the hand evaluator does.
"""

from __future__ import annotations

import math

from realpolitik.engine.core.api import State

__all__ = ["CLIP", "hand_logit", "score_lead"]

CLIP = 1e-4
"""Hand values are clipped to ``[CLIP, 1 - CLIP]`` before their log-odds are taken."""


def hand_logit(value: float) -> float:
    """The log-odds of a hand evaluator's value, clipped so that a sure value stays finite."""
    v = min(1.0 - CLIP, max(CLIP, value))
    return math.log(v / (1.0 - v))


def score_lead(state: State, seat: int) -> float:
    """``seat``'s score minus the best score among the other seats (``State.scores()``)."""
    scores = state.scores()
    others = [x for q, x in enumerate(scores) if q != seat]
    return float(scores[seat] - max(others)) if others else 0.0
