"""Twilight Struggle evaluation for AI cut-offs: game knowledge lives here, not in ``ai/``.

``evaluate(state, seat)`` returns a value in [0, 1] (1 = ``seat`` surely wins) from what that
seat can see: the board, the tracks, its own hand and the public piles — never the
opponent's hidden hand or the deck order.
"""

from __future__ import annotations

import math

from realpolitik.engine.twilight import _movegen_py, movegen, rules
from realpolitik.engine.twilight.board import BOARD, EUROPE, US, USSR
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.state import DEFCON_BRINK, DRAW, PH_ACTION, WIN_VP, TSState, opp

REGION_WEIGHT = (1.0, 0.9, 0.8, 0.5, 0.5, 0.5)
SCALE = 7.0


def us_advantage(s: TSState, seat: int) -> float:
    """A VP-like estimate of the US lead, using only what ``seat`` sees.

    ``_core_c._us_advantage`` computes the same terms in the same order for compiled states;
    change both (the compiled differential compares the values to the last bit)."""
    x = float(s.vp)
    turns_left = max(0, 10 - s.turn) + 1
    # What scoring each region would give now (10.1, Europe control as 20), and battleground
    # presence short of control: the reference loops' board_terms.
    projs, bg_lead = _board_terms(s.inf, bool(s.perm >> Card.FORMOSAN_RESOLUTION & 1))
    for region in range(6):
        proj: float = projs[region]
        if region == EUROPE and abs(proj) >= WIN_VP:  # Europe control (10.3.1), projected as 20
            proj = math.copysign(12.0, proj)
        x += REGION_WEIGHT[region] * proj * (0.6 if turns_left > 1 else 1.0)
    x += 0.08 * bg_lead
    x += 0.6 * (s.space[US] - s.space[USSR])
    x += 0.8 if s.china == US else -0.8
    if s.phase == PH_ACTION:  # action rounds: unpaid military ops will cost VP at the end of turn
        for side in (USSR, US):
            short = max(0, s.defcon - s.milops[side])
            left = max(0, rules.rounds_for(s, side) - s.rounds_done[side])
            pen = short * (0.8 if left <= 1 else 0.4)
            x += -pen if side == US else pen
    # own hand: scoring cards for regions where we lead, ops in hand
    hand = s.hands[seat]
    sign = 1.0 if seat == US else -1.0
    for c in hand:
        card = BOARD.cards[c]
        if card.scoring and c in BOARD.scoring:
            proj = projs[BOARD.scoring[c][0]]
            x += 0.5 * max(-8.0, min(8.0, proj))
        elif card.side == opp(seat):
            x -= sign * 0.3 * card.ops
        else:
            x += sign * 0.15 * card.ops
    if s.defcon == DEFCON_BRINK:
        x -= sign * 0.5  # any battleground coup by the phasing side now ends the game
    return x


def evaluate(s: TSState, seat: int) -> float:
    """Value in [0, 1] of ``s`` for ``seat``."""
    if s.winner >= 0:
        if s.winner == DRAW:
            return 0.5
        return 1.0 if s.winner == seat else 0.0
    x = us_advantage(s, seat)
    v = 1.0 / (1.0 + math.exp(-x / SCALE))
    return v if seat == US else 1.0 - v


assert (
    movegen.pure() is _movegen_py
)  # the reference loops (movegen gave them the board); the compiled core calls its own twin
_board_terms = _movegen_py.board_terms
