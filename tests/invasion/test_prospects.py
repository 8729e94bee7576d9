"""The projection of each seat's final money (engine/invasion/prospects.py): where the oil price
is heading (# Prezzo del petrolio) and what that makes of oil sold now or held to the end."""

from __future__ import annotations

from realpolitik.engine.invasion import actions
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.game import InvasionState
from realpolitik.engine.invasion.prospects import end_price, prospects, turns_left

from .helpers import at_action, control, position


def _four_holders(phase: int = 2, price: float = 3.0) -> InvasionState:
    """Phase ``phase``, turn 1, each seat holding a south province with a guard; the highest
    pacifism 5 (speculation +1 box a turn), the price at ``price`` dollars, Red to act."""
    s = position(4, phase=phase)
    control(s, "Bassora", 0, troops=1, logistics=4)
    control(s, "Dhi Qar", 1, troops=1, logistics=3)
    control(s, "Maysan", 2, troops=1, logistics=3)
    control(s, "Muthanna", 3, troops=1, logistics=2)
    s.pacifism[1] = 5
    s.price = BOARD.price_track.index(round(2 * price))
    at_action(s, 0)
    return s


def test_the_price_heads_up_when_the_holders_seldom_sell() -> None:
    """Prezzo del petrolio: a turn without sellers moves the price up a box (+1 for speculation
    at pacifism 4 or more), one seller moves it only by the speculation. The heuristic plan
    sells only for missing logistics (0.4 sellers a turn with four holders in 100 target
    games, 97 of which ended at 9$ or 10$), so with four holders in phase 2 the projection
    heads for the top of the track. Before, it assumed half the holders sold every turn (-1
    box a turn, no speculation) and headed for 0.5$ from 3$."""
    s = _four_holders()
    assert turns_left(s) == 7
    assert end_price(s, turns_left(s)) == BOARD.price_track[-1] / 2


def test_a_sale_this_turn_lowers_the_projected_price() -> None:
    """Prezzo del petrolio: the seats that sold this turn count in this turn's market change.
    On the last turn, at 3$, with no sale the price is expected 1.5 boxes up (half a seller
    expected: +1 or 0, +1 speculation); once Red sold, one seller: +1 box (0 + speculation)."""
    s = _four_holders(phase=BOARD.phases, price=3.0)
    s.turn = s.turns
    assert turns_left(s) == 0
    before = end_price(s, 0)
    assert before == 3.75  # halfway between 3.5$ and 4$
    s.oil[0] = 2
    s.apply_action(actions.SELL + 1)
    assert s.sold[0] == 1
    assert end_price(s, 0) == 3.5


def test_oil_held_in_phase_two_is_worth_more_than_sold_at_todays_price() -> None:
    """Vittoria finale: oil held to the end is sold at the last price. In phase 2 at 3$, with
    the price heading for 10$, Red's 6 barrels held project more money than sold now (before,
    with the price heading for 0.5$, selling projected more)."""
    s = _four_holders()
    s.oil[0] = 6
    held = prospects(s)[0]
    s.apply_action(actions.SELL + 6)
    assert s.oil[0] == 0
    sold = prospects(s)[0]
    assert held > sold + 20
