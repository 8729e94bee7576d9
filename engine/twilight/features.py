"""Twilight Struggle evaluation terms, for an evaluator whose weights are fitted by self-play.

``terms(s, seat)`` lists, in the order of :data:`TERM_NAMES`, the quantities the hand evaluator
(``heuristics.us_advantage``) adds up, each in ``seat``'s favour (positive: good for ``seat``)
and divided by the evaluator's logistic scale, so that the hand evaluator is exactly

    evaluate(s, seat) = sigmoid(sum(HAND_WEIGHTS[i] * terms(s, seat)[i]))

(a test checks this against ``heuristics.evaluate``). One more term, ``nonbg_influence``, is
weighted zero by hand: influence in non-battleground countries where the side does not control
them (one US influence in each of seven Western European countries counts for nothing in the
hand evaluator until it controls, yet it gives presence when Europe is scored and makes each
of those countries dearer to take). A fitted weights file (``ai.fit``) gives its own weights.

Only what ``seat`` sees is read: the board, the tracks, its own hand.
"""

from __future__ import annotations

import math

from realpolitik.engine.twilight import movegen, rules
from realpolitik.engine.twilight.board import BOARD, EUROPE, US, USSR
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.heuristics import REGION_WEIGHT, SCALE
from realpolitik.engine.twilight.state import DEFCON_BRINK, PH_ACTION, WIN_VP, TSState, opp

__all__ = ["HAND_WEIGHTS", "TERM_NAMES", "terms"]

_REGION_NAMES = ("europe", "asia", "middle_east", "africa", "central_america", "south_america")

TERM_NAMES: tuple[str, ...] = (
    "vp",
    *(f"region_{name}" for name in _REGION_NAMES),
    "battleground_lead",
    "space",
    "china",
    "milops_shortfall",
    "hand_scoring",
    "hand_enemy_ops",
    "hand_own_ops",
    "defcon2",
    "nonbg_influence",
)
"""Names of the terms, in the order :func:`terms` returns them."""

HAND_WEIGHTS: tuple[float, ...] = (
    1.0,
    *REGION_WEIGHT,
    0.08,
    0.6,
    0.8,
    1.0,
    0.5,
    0.3,
    0.15,
    0.5,
    0.0,
)
"""The hand evaluator's weight of each term (``nonbg_influence`` is new: zero)."""

_MG = movegen.compiled() or movegen.pure()  # the same board terms either way (differential tests)
_BG = BOARD.bg_mask
_NONBG = [c for c in range(BOARD.n) if not BOARD.bg_mask >> c & 1]


def _nonbg_influence(inf: list[int]) -> int:
    """US minus USSR influence in non-battleground countries the side does not control (2.1.7)."""
    n = BOARD.n
    ctrl = (_MG.control(inf, USSR), _MG.control(inf, US))
    total = 0
    for c in _NONBG:
        if inf[n + c] and not ctrl[US] >> c & 1:
            total += inf[n + c]
        if inf[c] and not ctrl[USSR] >> c & 1:
            total -= inf[c]
    return total


def terms(s: TSState, seat: int) -> list[float]:
    """The evaluation terms of ``s`` for ``seat`` (see the module text), :data:`TERM_NAMES` order."""
    inf = list(s.inf)
    turns_left = max(0, 10 - s.turn) + 1
    projs, bg_lead = _MG.board_terms(inf, bool(s.perm >> Card.FORMOSAN_RESOLUTION & 1))
    regions = []
    for region in range(6):
        proj = float(projs[region])
        if region == EUROPE and abs(proj) >= WIN_VP:  # Europe control ends the game: capped as in evaluate
            proj = math.copysign(12.0, proj)
        regions.append(proj * (0.6 if turns_left > 1 else 1.0))
    milops = 0.0
    if s.phase == PH_ACTION:  # 8.2.3: unpaid military operations cost VP at the end of the turn
        for side in (USSR, US):
            short = max(0, s.defcon - s.milops[side])
            left = max(0, rules.rounds_for(s, side) - s.rounds_done[side])
            pen = short * (0.8 if left <= 1 else 0.4)
            milops += -pen if side == US else pen
    sign = 1.0 if seat == US else -1.0
    scoring = enemy = own = 0.0
    for c in s.hands[seat]:
        card = BOARD.cards[c]
        if card.scoring and c in BOARD.scoring:
            scoring += max(-8.0, min(8.0, float(projs[BOARD.scoring[c][0]])))
        elif card.side == opp(seat):
            enemy -= sign * card.ops
        else:
            own += sign * card.ops
    us_terms = [
        float(s.vp),
        *regions,
        float(bg_lead),
        float(s.space[US] - s.space[USSR]),
        1.0 if s.china == US else -1.0,
        milops,
        scoring,
        enemy,
        own,
        -sign if s.defcon == DEFCON_BRINK else 0.0,  # 8.1.5: a battleground coup at DEFCON 2 ends the game
        float(_nonbg_influence(inf)),
    ]
    k = sign / SCALE
    return [k * t + 0.0 for t in us_terms]  # + 0.0: no negative zeros
