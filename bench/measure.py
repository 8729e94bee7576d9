"""The measurements behind `realpolitik bench` (one core, wall clock, repeated to a time budget).

Each figure is measured for one game object, that is for one implementation of its rules
(``HasImplementations``: for Twilight Struggle the compiled core or the pure-Python reference),
and ISMCTS with the matching tree code (``ai.tree``): the pure figures are the references all
through, search included.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from realpolitik.ai import tree
from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.bench.common import legal_actions_call, midgame, random_playout
from realpolitik.engine import load_game
from realpolitik.engine.core.api import Game, HasImplementations, HasNativePlayout

MIN_GAMES = 3  # games a rate is measured over, however short the time


def _per_call_us(fn: Callable[[], Any], seconds: float) -> float:
    n, start = 0, time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(100):
            fn()
        n += 100
        now = time.perf_counter()
        if now >= end:
            return (now - start) / n * 1e6


def playouts(g: Game, seconds: float) -> tuple[float, float]:
    """Random full games per second and steps per second."""
    games = steps = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games < MIN_GAMES:
        steps += random_playout(g.new_initial_state(seed=seed), random.Random(seed))
        games += 1
        seed += 1
    dt = time.perf_counter() - start
    return games / dt, steps / dt


def native_playouts(g: Game, seconds: float) -> float | None:
    """Full games per second of the game's own ``random_playout(seed)`` (its choices drawn
    inside the engine, no protocol calls per step), or None when its states have none."""
    if not isinstance(g.new_initial_state(seed=0), HasNativePlayout):
        return None
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < MIN_GAMES:
        state = g.new_initial_state(seed=games)
        assert isinstance(state, HasNativePlayout)
        state.random_playout(games)
        games += 1
    return games / (time.perf_counter() - start)


def ismcts_rate(g: Game, seconds: float, tree_impl: str, rollout: int = 8) -> float:
    """ISMCTS iterations per second on the fixed mid-game decision (truncated rollouts)."""
    state = midgame(g)
    cfg = SearchConfig(iters=None, time=seconds, rollout=rollout, workers=1, tree=tree_impl)
    result = search(state, state.current_player(), cfg, seed=1)
    return result.iterations / result.elapsed


def measure(g: Game, seconds: float, tree_impl: str) -> dict[str, float]:
    """All figures for the game object ``g`` and the tree code ``tree_impl`` (``seconds`` per
    figure, roughly)."""
    state = midgame(g)
    pps, sps = playouts(g, seconds)
    out = {
        "playouts_per_s": round(pps, 2),
        "steps_per_s": round(sps, 1),
        "clone_us": round(_per_call_us(state.clone, seconds / 2), 3),
        "legal_actions_us": round(_per_call_us(legal_actions_call(state), seconds / 2), 3),
        "ismcts_iters_per_s": round(ismcts_rate(g, seconds, tree_impl), 1),
    }
    native = native_playouts(g, seconds)
    if native is not None:
        out["native_playouts_per_s"] = round(native, 2)
    return out


def compare(game: str, seconds: float) -> dict[str, Any]:
    """Pure and compiled figures and compiled/pure ratios; notes when no compiled module exists."""
    g = load_game(game)
    out: dict[str, Any] = {"game": game}
    if not isinstance(g, HasImplementations):
        out["pure"] = measure(g, seconds, "pure")
        out["compiled"] = None
        out["note"] = f"{game} has no compiled hot paths; only the pure engine was measured"
        return out
    out["pure"] = measure(g.with_implementation("pure"), seconds, "pure")
    if "compiled" not in g.implementations() or tree.compiled() is None:
        out["compiled"] = None
        out["note"] = "the compiled extension is not built (pip install . with a C compiler); pure only"
        return out
    out["compiled"] = c = measure(g.with_implementation("compiled"), seconds, "compiled")
    p = out["pure"]
    ratio = {k: round(c[k] / p[k], 2) for k in RATES if k in p and k in c}
    ratio.update({k: round(p[k] / c[k], 2) for k in TIMES})
    out["ratio"] = ratio
    return out


RATES = ("native_playouts_per_s", "playouts_per_s", "steps_per_s", "ismcts_iters_per_s")
"""Figures where more is faster (ratio compiled / pure)."""

TIMES = ("clone_us", "legal_actions_us")
"""Figures where less is faster (ratio pure / compiled)."""
