"""Evaluation terms shared by games whose evaluator is one opaque function (``evaluate``).

A game exposes its evaluation terms for a fitted evaluator (``ai.fit``) through the state
methods ``eval_term_names()`` and ``eval_terms(seat)`` (``engine.core.api.HasEvalTerms``).
A game whose hand evaluator is not split into terms can still offer two: the hand
evaluator's own log-odds, which a fit may sharpen or flatten (a calibration), and the seat's
score lead over the best other seat (``scores()``), which a fit may weigh more or less than
the hand evaluator does.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from realpolitik.engine.core.api import State

__all__ = [
    "CLIP",
    "OPAQUE_HAND_WEIGHTS",
    "OPAQUE_TERM_NAMES",
    "TermsFromModule",
    "hand_logit",
    "opaque_terms",
    "score_lead",
]

CLIP = 1e-4
"""Hand values are clipped to ``[CLIP, 1 - CLIP]`` before their log-odds are taken."""


def hand_logit(value: float) -> float:
    """The log-odds of a hand evaluator's value, clipped so that a sure value stays finite."""
    v = min(1.0 - CLIP, max(CLIP, value))
    return math.log(v / (1.0 - v))


def score_lead(state: State, seat: int, scores: Sequence[float] | None = None) -> float:
    """``seat``'s score minus the best score among the other seats (``State.scores()``, or
    ``scores`` where the caller already has them)."""
    if scores is None:
        scores = state.scores()
    others = [x for q, x in enumerate(scores) if q != seat]
    return float(scores[seat] - max(others)) if others else 0.0


OPAQUE_TERM_NAMES: tuple[str, ...] = ("hand_logit", "score_lead")
"""The two terms of a game whose hand evaluator is one opaque function, in the order
:func:`opaque_terms` returns them."""

OPAQUE_HAND_WEIGHTS: tuple[float, ...] = (1.0, 0.0)
"""Weights under which :func:`opaque_terms` give the hand evaluator's log-odds."""


def opaque_terms(state: State, seat: int) -> list[float]:
    """The hand evaluator's log-odds and the seat's score lead (:data:`OPAQUE_TERM_NAMES`)."""
    return [hand_logit(state.evaluate(seat)), score_lead(state, seat)]


class TermsFromModule:
    """The ``HasEvalTerms`` methods of a state, read from its game's ``features`` module.

    A game's state class lists this mixin and names the module in ``FEATURES``; the module
    holds ``TERM_NAMES``, ``HAND_WEIGHTS`` and ``terms(state, seat)``. It is imported on first
    use (and kept: a search asks for terms at every leaf), so a game's package can import its
    state without its features.
    """

    __slots__ = ()
    FEATURES: ClassVar[str] = ""

    def _features(self) -> Any:
        module = _MODULES.get(self.FEATURES)
        if module is None:
            module = _MODULES[self.FEATURES] = importlib.import_module(self.FEATURES)
        return module

    def eval_term_names(self) -> tuple[str, ...]:
        """Names of the evaluation terms, for a fitted evaluator (``ai.fit``)."""
        names: tuple[str, ...] = self._features().TERM_NAMES
        return names

    def eval_terms(self, seat: int) -> list[float]:
        """The evaluation terms for ``seat``, in ``eval_term_names()`` order."""
        values: list[float] = self._features().terms(self, seat)
        return values

    def eval_hand_weights(self) -> tuple[float, ...]:
        """The hand evaluator's weights of the evaluation terms."""
        weights: tuple[float, ...] = self._features().HAND_WEIGHTS
        return weights


_MODULES: dict[str, Any] = {}
"""The features modules imported so far, by name."""
