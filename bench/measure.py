"""The measurements behind `realpolitik bench` (one core, wall clock, repeated to a time budget).

Each figure is measured for the implementation currently selected by the game's ``movegen``
(for Twilight Struggle: the compiled core and loops, or the pure-Python reference) and, for
ISMCTS, by ``ai.tree`` (``compare`` selects the pure tree for the pure figures).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from realpolitik.ai import tree
from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.bench.common import legal_actions_call, midgame, random_playout
from realpolitik.engine import load_game


def movegen_of(game: str) -> ModuleType | None:
    """The game's ``movegen`` selector module, if the game has compiled hot paths."""
    try:
        return importlib.import_module(f"realpolitik.engine.{game}.movegen")
    except ImportError:
        return None


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


def playouts(game: str, seconds: float) -> tuple[float, float]:
    """Random full games per second and steps per second."""
    g = load_game(game)
    games = steps = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games < 3:
        steps += random_playout(g.new_initial_state(seed=seed), random.Random(seed))
        games += 1
        seed += 1
    dt = time.perf_counter() - start
    return games / dt, steps / dt


def native_playouts(game: str, seconds: float) -> float | None:
    """Full games per second of the game's own ``random_playout(seed)`` (its choices drawn
    inside the engine, no protocol calls per step), or None when its states have none."""
    g = load_game(game)
    if not hasattr(g.new_initial_state(seed=0), "random_playout"):
        return None
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        g.new_initial_state(seed=games).random_playout(games)
        games += 1
    return games / (time.perf_counter() - start)


def ismcts_rate(game: str, seconds: float, rollout: int = 8) -> float:
    """ISMCTS iterations per second on the fixed mid-game decision (truncated rollouts)."""
    state = midgame(game)
    cfg = SearchConfig(iters=None, time=seconds, rollout=rollout, workers=1)
    result = search(state, state.current_player(), cfg, seed=1)
    return result.iterations / result.elapsed


def measure(game: str, seconds: float) -> dict[str, float]:
    """All figures for the current implementation (``seconds`` per figure, roughly)."""
    state = midgame(game)
    pps, sps = playouts(game, seconds)
    out = {
        "playouts_per_s": round(pps, 2),
        "steps_per_s": round(sps, 1),
        "clone_us": round(_per_call_us(state.clone, seconds / 2), 3),
        "legal_actions_us": round(_per_call_us(legal_actions_call(state), seconds / 2), 3),
        "ismcts_iters_per_s": round(ismcts_rate(game, seconds), 1),
    }
    native = native_playouts(game, seconds)
    if native is not None:
        out["native_playouts_per_s"] = round(native, 2)
    return out


def compare(game: str, seconds: float) -> dict[str, Any]:
    """Pure and compiled figures and compiled/pure ratios; notes when no compiled module exists."""
    mg = movegen_of(game)
    out: dict[str, Any] = {"game": game}
    if mg is None:
        out["pure"] = measure(game, seconds)
        out["compiled"] = None
        out["note"] = f"{game} has no compiled hot paths; only the pure engine was measured"
        return out
    before = mg.MG
    tree_before = tree.TREE
    try:
        mg.use(mg.pure())
        tree.TREE = tree.pure()  # the pure figures are the references all through, search included
        out["pure"] = measure(game, seconds)
        tree.TREE = tree.compiled() or tree.pure()
        comp = mg.compiled()
        if comp is None:
            out["compiled"] = None
            out["note"] = "the compiled extension is not built (pip install . with a C compiler); pure only"
        else:
            mg.use(comp)
            out["compiled"] = measure(game, seconds)
            p, c = out["pure"], out["compiled"]
            out["ratio"] = {
                **(
                    {
                        "native_playouts_per_s": round(
                            c["native_playouts_per_s"] / p["native_playouts_per_s"], 2
                        )
                    }
                    if "native_playouts_per_s" in p and "native_playouts_per_s" in c
                    else {}
                ),
                "playouts_per_s": round(c["playouts_per_s"] / p["playouts_per_s"], 2),
                "steps_per_s": round(c["steps_per_s"] / p["steps_per_s"], 2),
                "clone_us": round(p["clone_us"] / c["clone_us"], 2),
                "legal_actions_us": round(p["legal_actions_us"] / c["legal_actions_us"], 2),
                "ismcts_iters_per_s": round(c["ismcts_iters_per_s"] / p["ismcts_iters_per_s"], 2),
            }
    finally:
        mg.use(before)
        tree.TREE = tree_before
    return out
