"""The Twilight Struggle evaluator: its board terms agree with the scoring rules (10.1), it sees
only what the evaluating seat may see, and it is a probability."""

from __future__ import annotations

import random

from realpolitik.bench.common import random_action
from realpolitik.engine.twilight import movegen, rules
from realpolitik.engine.twilight.board import BOARD, US, USSR
from realpolitik.engine.twilight.heuristics import evaluate
from tests.twilight.helpers import position

REGION_CARD = {v[0]: k for k, v in BOARD.scoring.items()}


def _positions(games: int = 30, every: int = 7):
    from realpolitik.engine.twilight.game import GAME

    for seed in range(games):
        s = GAME.new_initial_state(seed=seed)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            if n % every == 0:
                yield s
            s.apply_action(random_action(s, rng))
            n += 1


def test_region_terms_equal_what_scoring_now_would_give() -> None:
    """For every region, the projection is the net VP ``score_region`` would move (10.1.1–10.1.2),
    except that Europe control (which wins the game, 10.3.1) counts as 20."""
    checked = 0
    for s in _positions():
        projs, _ = movegen.pure().board_terms(s.inf, bool(s.perm >> 101 & 1))
        for region, card in REGION_CARD.items():
            t = s.clone()
            t.perm &= ~(1 << 73)  # Shuttle Diplomacy changes a scoring, not the projection
            net = rules.score_region(t, card)
            if t.winner >= 0:
                winner = t.winner
                assert projs[region] * (1 if winner == US else -1) >= 20
                continue
            assert projs[region] == net, (region, card)
            checked += 1
    assert checked > 1000


def test_battleground_lead_is_clamped_per_country() -> None:
    s = position(inf={"france": (0, 9), "poland": (2, 0), "iran": (0, 1)})
    _, lead = movegen.pure().board_terms(s.inf, False)
    assert lead == 4 - 2 + 1  # France +9 counts +4; Poland -2; Iran +1


def test_formosan_resolution_makes_taiwan_a_us_battleground() -> None:
    s = position(inf={"taiwan": (0, 3)})
    plain, _ = movegen.pure().board_terms(s.inf, False)
    formosan, _ = movegen.pure().board_terms(s.inf, True)
    asia = BOARD.scoring[1][0]
    assert formosan[asia] == plain[asia] + 1


def test_evaluate_ignores_the_opponents_hand() -> None:
    a = position(hands=([11, 12], [19]), inf={"france": (0, 3)})
    b = position(hands=([11, 12], [26, 27, 28]), inf={"france": (0, 3)})
    assert evaluate(a, USSR) == evaluate(b, USSR)
    assert evaluate(a, US) != evaluate(b, US)  # the US sees its own hand


def test_evaluate_is_a_probability_and_symmetric() -> None:
    for s in _positions(games=5, every=11):
        u, v = evaluate(s, USSR), evaluate(s, US)
        assert 0.0 <= u <= 1.0 and 0.0 <= v <= 1.0
    won = position(vp=5)
    won.end(US, "test")
    assert evaluate(won, US) == 1.0 and evaluate(won, USSR) == 0.0
