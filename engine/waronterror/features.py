"""War on Terror evaluation terms, for an evaluator whose weights are fitted by self-play (``ai.fit``).

The hand evaluator (``heuristics.evaluate``) is kept whole here, as its log-odds: a fit may
sharpen or flatten it. Next to it, the seat's score lead over the best other seat
(``scores()``: liberation points (a terrorist seat: the terrorists' points)).
"""

from __future__ import annotations

from realpolitik.engine.core.features import OPAQUE_HAND_WEIGHTS as HAND_WEIGHTS
from realpolitik.engine.core.features import OPAQUE_TERM_NAMES as TERM_NAMES
from realpolitik.engine.core.features import opaque_terms as terms

__all__ = ["HAND_WEIGHTS", "TERM_NAMES", "terms"]
