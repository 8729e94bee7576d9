"""Build concrete How to Invade positions for rule tests.

Typical use::

    s = position(4)                      # 4 players, turn order Red, Blue, Green, Yellow
    s.troops[territory_index("Bassora") * s.n + 0] = 5 # edit fields by hand
    at_action(s, 0)                      # Red chooses an action now
    act(s, "purchase box 1")             # by action text (a unique prefix is enough)
"""

from __future__ import annotations

from realpolitik.engine.invasion import actions
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.game import GAME, InvasionState
from realpolitik.engine.invasion.state import S_ACTION


def territory_index(name: str) -> int:
    """Territory index by name."""
    return BOARD.territory(name)


def position(players: int = 4, phase: int = 1) -> InvasionState:
    """A game just after the turn-order roll (order = seat order), in ``phase``."""
    s = GAME.new_initial_state(players=players, seed=0)
    s.apply_action(actions.CHANCE + 0)  # identity permutation: Red, Blue, Green, ...
    s.phase = phase
    return s


def at_action(s: InvasionState, seat: int, round_: int = 0) -> None:
    """Make ``seat`` the one choosing an action."""
    s.stage = S_ACTION
    s.idx = s.order.index(seat)
    s.round = round_
    s.actor = seat
    s._legal = None


def act(s: InvasionState, text: str) -> None:
    """Apply the legal action whose text matches."""
    s.apply_action(s.string_from_action(text))


def control(s: InvasionState, name: str, seat: int, troops: int = 0, logistics: int = 0) -> int:
    """Give ``seat`` a conquered province."""
    t = territory_index(name)
    s.explored[t] = 1
    s.locals[t] = 0
    s.controller[t] = seat
    s.troops[t * s.n + seat] = troops
    s.logistics[t] = logistics
    s._legal = None
    return t


def battle(s: InvasionState, name: str, troops: dict[int, int], locals_: int) -> int:
    """Start a battle in territory ``name``: ``troops`` by seat, in the battle's order (the
    first rolls), against ``locals_`` local troops."""
    t = territory_index(name)
    s.explored[t] = 1
    s.locals[t] = locals_
    for p, k in troops.items():
        s.troops[t * s.n + p] = k
    s.battles[t] = list(troops)
    s._legal = None
    return t


def texts(s: InvasionState) -> list[str]:
    """Texts of the legal actions."""
    return [s.action_to_string(a) for a in s.legal_actions()]


def roll(s: InvasionState, value: int) -> None:
    """Apply a chance outcome (a die face or a 2d6 total)."""
    assert s.is_chance_node(), s.decision_name()
    s.apply_action(actions.CHANCE + value)
