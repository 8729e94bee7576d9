"""Expectimax: exact closed-form values, depth semantics, pruning that never changes a value."""

from __future__ import annotations

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.ai.expectimax import expectimax_action_values, expectimax_pv, expectimax_value
from realpolitik.engine.core.api import CHANCE, TERMINAL
from tests.ai.toygames import (
    Chance,
    Decision,
    Leaf,
    RaceGame,
    TreeGame,
    advance,
    block,
    race_position,
    random_positions,
)

SAFE, GAMBLE = 0, 1


def gamble_tree() -> TreeGame:
    """Seat 0: take a sure 0.5, or gamble.

    The gamble wins outright with probability 1/3; otherwise a second chance node (chained)
    gives, with probability 1/2 each, a leaf worth 0.3 or a choice for seat 1 between leaves
    worth 0.1 and 0.9 to seat 0, a node whose heuristic says 0.6.
    """
    reply = Decision(1, {0: Leaf((0.1, 0.9)), 1: Leaf((0.9, 0.1))}, (0.6, 0.4))
    second = Chance({0: (0.5, reply), 1: (0.5, Leaf((0.3, 0.7)))}, (0.45, 0.55))
    gamble = Chance({0: (1 / 3, Leaf((1.0, 0.0))), 1: (2 / 3, second)}, (0.6, 0.4))
    return TreeGame(Decision(0, {SAFE: Leaf((0.5, 0.5)), GAMBLE: gamble}, (0.5, 0.5)))


def test_expectimax_matches_the_closed_form() -> None:
    s = gamble_tree().new_initial_state()
    # depth 1: the reply node is cut and scored 0.6: 1/3 + 2/3 * (0.5 * 0.6 + 0.5 * 0.3).
    assert expectimax_action_values(s, 0, 1) == pytest.approx({SAFE: 0.5, GAMBLE: 19 / 30}, abs=1e-12)
    assert expectimax_value(s, 0, 1) == pytest.approx(19 / 30, abs=1e-12)
    # depth 2: seat 1 replies with the 0.1 leaf: 1/3 + 2/3 * (0.5 * 0.1 + 0.5 * 0.3) = 7/15 < 0.5.
    assert expectimax_action_values(s, 0, 2) == pytest.approx({SAFE: 0.5, GAMBLE: 7 / 15}, abs=1e-12)
    assert expectimax_value(s, 0, 2) == pytest.approx(0.5, abs=1e-12)
    assert expectimax_value(s, 0, 0) == 0.5
    assert make_bot("expectimax:depth=1").step(s, 0) == GAMBLE
    assert make_bot("expectimax:depth=2").step(s, 0) == SAFE


def test_chance_nodes_do_not_consume_depth() -> None:
    s = gamble_tree().new_initial_state()
    s.apply_action(GAMBLE)
    assert s.current_player() == CHANCE
    # Two chained chance nodes then one decision: depth 1 reaches the leaves.
    assert expectimax_value(s, 0, 1) == pytest.approx(7 / 15, abs=1e-12)
    assert expectimax_value(s, 0, 0) == pytest.approx(19 / 30, abs=1e-12)


def test_expectimax_in_a_race_endgame() -> None:
    # Last turn: red at 10 holds a 1, blue at 11. Advance 1: the die shows 0 (p 1/2, 10+1 = 11,
    # a shared win, 0.5) or 1-2 (win): 0.5 * 0.5 + 0.5 = 0.75. Block 1: 10 v 10, shared, 0.5.
    s = race_position([10, 11], [[1], [3, 4]], [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4], turn=19, max_turns=20)
    assert expectimax_action_values(s, 0, 1) == pytest.approx({advance(1): 0.75, block(1): 0.5}, abs=1e-12)
    assert expectimax_value(s, 0, 3) == pytest.approx(0.75, abs=1e-12)
    assert expectimax_value(s, 1, 3) == pytest.approx(0.25, abs=1e-12)


def brute(state: object, seat: int, depth: int) -> list[float]:
    """Unpruned reference: minimax on seat's value for two seats, max-n vectors for more."""
    s = state  # type: ignore[assignment]
    n = s.num_players()
    p = s.current_player()
    if p == TERMINAL:
        return list(s.returns())
    if p == CHANCE:
        acc = [0.0] * n
        for a, prob in s.chance_outcomes():
            c = s.clone()
            c.apply_action(a)
            for q, v in enumerate(brute(c, seat, depth)):
                acc[q] += prob * v
        return acc
    if depth == 0:
        return [s.evaluate(q) for q in range(n)]
    kids = []
    for a in s.legal_actions():
        c = s.clone()
        c.apply_action(a)
        kids.append(brute(c, seat, depth - 1))
    if n == 2:
        pick = max if p == seat else min
        return pick(kids, key=lambda v: v[seat])
    return max(kids, key=lambda v: v[p])


@pytest.mark.parametrize("players", [2, 3])
def test_pruning_never_changes_the_value(players: int) -> None:
    for s in random_positions(RaceGame(), 12, seed=40 + players, players=players):
        for depth in (1, 2, 3):
            assert expectimax_value(s, 0, depth) == pytest.approx(brute(s, 0, depth)[0], abs=1e-9)


def test_three_seats_use_max_n() -> None:
    # Seat 1 maximises its own value and takes B (0.4 > 0.3), which is good for seat 0 (0.6),
    # so seat 0 goes for it. A paranoid search would assume seat 1 answers with A (0.2 for
    # seat 0) and take the sure 0.3 leaf instead.
    reply = Decision(1, {0: Leaf((0.2, 0.3, 0.5)), 1: Leaf((0.6, 0.4, 0.0))}, (0.4, 0.4, 0.2))
    s = TreeGame(
        Decision(0, {0: reply, 1: Leaf((0.3, 0.3, 0.4))}, (0.3, 0.3, 0.4)), players=3
    ).new_initial_state()
    assert expectimax_value(s, 0, 2) == pytest.approx(0.6)
    assert expectimax_action_values(s, 0, 2) == pytest.approx({0: 0.6, 1: 0.3})
    assert expectimax_value(s, 2, 2) == pytest.approx(0.0)
    assert make_bot("expectimax:depth=2").step(s, 0) == 0


def test_expectimax_pv_names_the_line() -> None:
    s = gamble_tree().new_initial_state()
    assert expectimax_pv(s, 0, 2) == ["move 0"]
    s.apply_action(GAMBLE)
    # after the dice the other seat ('b') moves: its reply is marked as expected, not known
    assert expectimax_pv(s, 0, 1) == ["[outcome 1]", "[outcome 0]", "move 0 (b, expected)"]


def test_action_values_need_a_decision_node() -> None:
    s = gamble_tree().new_initial_state()
    s.apply_action(GAMBLE)
    with pytest.raises(ValueError):
        expectimax_action_values(s, 0, 1)
