"""Twilight Struggle engine speed (pytest-benchmark). Targets (pure Python, one core):
>= 20 random full games per second, clone() <= 15 µs. Measured, never asserted as timings;
`make test` runs these once with --benchmark-disable so they keep working."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.ai.fit import packaged_weights, with_weights
from realpolitik.bench.common import legal_actions_call, midgame, random_playout
from realpolitik.engine import load_game
from realpolitik.engine.core.api import HasNativePlayout

MANY = 20  # a whole game is more decisions than this


def test_random_full_game(benchmark: Any) -> None:
    game = load_game("twilight")
    seeds = iter(range(10**9))

    def run() -> int:
        seed = next(seeds)
        return random_playout(game.new_initial_state(seed=seed), random.Random(seed))

    steps = benchmark(run)
    assert steps > MANY  # a full game is many decisions


def test_native_random_playout(benchmark: Any) -> None:
    """The engine's own random playout (choices drawn inside the engine: no protocol calls)."""
    game = load_game("twilight")
    seeds = iter(range(10**9))

    def run() -> int:
        seed = next(seeds)
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, HasNativePlayout)
        return state.random_playout(seed)

    decisions = benchmark(run)
    assert decisions > MANY


def test_clone(benchmark: Any) -> None:
    state = midgame()
    twin = benchmark(state.clone)
    assert twin.fingerprint() == state.fingerprint()


def test_legal_actions(benchmark: Any) -> None:
    state = midgame()
    legal = benchmark(legal_actions_call(state))
    assert legal == state.legal_actions() and legal


def test_apply_action(benchmark: Any) -> None:
    state = midgame()
    action = state.legal_actions()[0]

    def run() -> None:
        s = state.clone()
        s.apply_action(action)

    benchmark(run)


def test_evaluate(benchmark: Any) -> None:
    """The hand evaluator at a leaf (``eval=hand``), both seats (each from its own hand)."""
    state = midgame()
    values = benchmark(lambda: [state.evaluate(0), state.evaluate(1)])
    assert all(0.0 < v < 1.0 for v in values)


def test_fitted_evaluate(benchmark: Any) -> None:
    """The fitted evaluator at a leaf (``eval=fitted``): both seats' terms, weighed. The
    compiled core computes the terms (``_core_c.eval_terms``) where it is built."""
    state = with_weights(midgame(), packaged_weights("twilight"))

    def run() -> float:
        leaf = state.clone()  # a fresh leaf: values are kept per position until the next move
        return leaf.evaluate(0) + leaf.evaluate(1)

    assert benchmark(run) == pytest.approx(1.0)


def test_eval_terms(benchmark: Any) -> None:
    """The fitted evaluator's terms of one seat (``features.terms`` or its compiled twin)."""
    state = midgame()
    terms = benchmark(state.eval_terms, 0)
    assert len(terms) == len(state.eval_term_names())
