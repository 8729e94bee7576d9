"""analyse(): every move ranked, confidence intervals, principal variations, JSON."""

from __future__ import annotations

import json

import pytest

from realpolitik.ai.analysis import Analysis
from realpolitik.ai.bots import analyse
from realpolitik.ai.expectimax import expectimax_action_values
from realpolitik.ai.stats import mean_interval as confidence_interval
from tests.ai.toygames import RaceGame, advance, race_position


def check_shape(a: Analysis, state: object, two_seat: bool) -> None:
    legal = state.legal_actions()  # type: ignore[attr-defined]
    assert sorted(m.action for m in a.moves) == legal
    assert a.best is a.moves[0] and a.pv == a.moves[0].pv
    for m in a.moves:
        assert m.text == state.action_to_string(m.action)  # type: ignore[attr-defined]
        assert 0.0 <= m.ci_low <= m.ci_high <= 1.0
        if m.mean is not None:
            assert m.ci_low <= m.mean <= m.ci_high
            assert m.pv and m.pv[0] == m.text
        assert (m.win_prob == m.mean) if two_seat else m.win_prob is None
    data = a.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"game", "seat", "seat_name", "bot", "iterations", "elapsed", "moves", "within_noise"}
    assert set(data["moves"][0]) == {
        "action",
        "text",
        "visits",
        "mean",
        "win_prob",
        "ci_low",
        "ci_high",
        "pv",
    }


@pytest.mark.parametrize("players", [2, 3])
def test_analyse_ranks_every_move(players: int) -> None:
    s = RaceGame().new_initial_state(players, seed=3)
    a = analyse(s, 0, 400)
    check_shape(a, s, players == 2)
    assert a.game == "toyrace" and a.seat_name == "red" and a.bot == "ismcts:iters=400"
    assert a.iterations == 400 == sum(m.visits for m in a.moves)
    visits = [m.visits for m in a.moves]
    assert visits == sorted(visits, reverse=True)


def test_analyse_finds_the_winning_line() -> None:
    s = race_position([12, 14], [[1, 3], [2, 4]], [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    a = analyse(s, 0, 400, "mcts")
    assert a.best.action == advance(3)
    assert a.best.mean == 1.0 and a.best.ci_low == 1.0
    assert a.pv[0] == "advance 3" and a.pv[1].startswith("[roll")


def test_analyse_with_a_time_budget_and_other_bots() -> None:
    s = RaceGame().new_initial_state(2, seed=5)
    timed = analyse(s, 0, 0.05, "ismcts:seed=2")
    assert timed.iterations > 0 and timed.bot.startswith("ismcts:time=0.05")
    exact = analyse(s, 0, 2, "expectimax")
    check_shape(exact, s, True)
    values = expectimax_action_values(s, 0, 2)
    assert {m.action: m.mean for m in exact.moves} == pytest.approx(values)
    assert all(m.ci_low == m.ci_high == m.mean for m in exact.moves)
    assert exact.best.mean == max(values.values())


def test_analyse_needs_a_searching_bot() -> None:
    s = RaceGame().new_initial_state(2)
    with pytest.raises(ValueError, match="does not search"):
        analyse(s, 0, None, "heuristic")


def test_confidence_interval_normal_approximation() -> None:
    # Samples 0, 1, 1, 1: mean 0.75, sample variance 0.25, half-width 1.96 * 0.5 / 2.
    low, high = confidence_interval(4, 3.0, 3.0)
    assert low == pytest.approx(0.75 - 0.48999, abs=1e-4)
    assert high == 1.0  # clipped
    assert confidence_interval(1, 1.0, 1.0) == (0.0, 1.0)
    assert confidence_interval(10, 5.0, 2.5) == (0.5, 0.5)
