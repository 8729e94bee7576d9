"""Difficulty levels as bot budgets, the AI/hint bot specs, and thinking with a progress bar.

A level is a budget, not a different program: ``ismcts`` with an iteration budget and a time
cap (whichever ends first). Iterations are what make a seed give the same move on any
machine, so each game that searches much faster than the rest has its own budgets
(:data:`GAME_LEVELS`) sized to the same thinking times: ``easy`` well under a second,
``normal`` about 1 s, ``hard`` a few seconds (the time cap ends searches on slower machines).
Decisions with one legal action are instant. The figures are in docs/play.md with the command
that measured them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from tqdm import tqdm

__all__ = [
    "DEFAULT_LEVEL",
    "EXPECTIMAX_DEPTH",
    "GAME_LEVELS",
    "LEVELS",
    "ai_spec",
    "hint_spec",
    "level_spec",
    "run_with_progress",
    "spec_time",
]

T = TypeVar("T")

LEVELS: dict[str, str] = {
    "easy": "ismcts:iters=300,time=0.5",
    "normal": "ismcts:iters=2500,time=2.0",
    "hard": "ismcts:iters=10000,time=6.0",
}
"""Level -> the default AI's spec (games without their own entry in :data:`GAME_LEVELS`)."""

GAME_LEVELS: dict[str, dict[str, str]] = {
    # The compiled engine and search tree run about 40k iterations/s here at the levels'
    # rollout 0 (issue 6).
    "twilight": {
        "easy": "ismcts:iters=300,time=0.5",
        "normal": "ismcts:iters=50000,time=2.0",
        "hard": "ismcts:iters=150000,time=6.0",
    },
    # About 5k iterations/s here (pure-Python engine, compiled search tree).
    "ideology": {
        "easy": "ismcts:iters=300,time=0.5",
        "normal": "ismcts:iters=5000,time=2.0",
        "hard": "ismcts:iters=20000,time=6.0",
    },
}
"""Game -> level -> the default AI's spec, where a game's budgets differ from :data:`LEVELS`."""


def level_spec(level: str, game: str | None = None) -> str:
    """The default AI's spec for ``level`` in ``game`` (``GAME_LEVELS``, else ``LEVELS``)."""
    return GAME_LEVELS.get(game or "", LEVELS)[level]


DEFAULT_LEVEL = "normal"

EXPECTIMAX_DEPTH = {"easy": 1, "normal": 2, "hard": 3}
"""Level -> search depth when the AI is expectimax without a depth."""

SEARCHERS = ("mcts", "ismcts")


def _level_budget(level: str, game: str | None) -> dict[str, str]:
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(level_spec(level, game))
    return {k: v for k, v in raw.items() if k in ("iters", "time")}


def ai_spec(ai: str | None, level: str, seed: int, game: str | None = None) -> str:
    """The AI's bot spec: ``--ai`` (or the level's default), the level's budget where the
    spec sets none, and the game seed where it sets no seed.

    Args:
        ai: ``--ai`` as typed, or None.
        level: A key of :data:`LEVELS`.
        seed: The game's seed.
        game: The game's name (its own level budgets, if any).

    Returns:
        A canonical spec string.

    Raises:
        ValueError: for a spec that does not parse or an unknown level.
    """
    from realpolitik.ai.bots import format_spec, make_bot, parse_spec

    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    name, raw = parse_spec(ai if ai is not None else level_spec(level, game))
    if name in SEARCHERS and "iters" not in raw and "time" not in raw:
        raw.update(_level_budget(level, game))
    if name == "expectimax" and "depth" not in raw:
        raw["depth"] = str(EXPECTIMAX_DEPTH[level])
    raw.setdefault("seed", str(seed % (2**31)))
    spec = format_spec(name, raw)
    make_bot(spec)  # every parameter checked now, not at the first AI move
    return spec


def hint_spec(ai: str, level: str | None, game: str | None = None) -> str:
    """The bot that gives hints: the AI itself when it is an honest searcher (ismcts,
    expectimax), else ismcts with the AI's or the level's budget (mcts would read the
    hidden cards, random and heuristic do not search)."""
    from realpolitik.ai.bots import format_spec, parse_spec

    name, raw = parse_spec(ai)
    if name in ("ismcts", "expectimax"):
        return ai
    budget = {k: v for k, v in raw.items() if k in ("iters", "time")} if name == "mcts" else {}
    if not budget:
        budget = _level_budget(level or "easy", game)
    if "seed" in raw:
        budget["seed"] = raw["seed"]
    return format_spec("ismcts", budget)


def spec_time(spec: str) -> float | None:
    """The time budget in a spec (seconds), or None."""
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(spec)
    try:
        return float(raw["time"]) if "time" in raw else None
    except ValueError:
        return None


def run_with_progress(fn: Callable[[], T], label: str, seconds: float | None, enabled: bool) -> T:
    """Run ``fn`` in a worker thread while a tqdm bar shows the time against the budget.

    The bar appears only after a short delay (instant moves show nothing) and only when
    ``enabled`` (a terminal). Exceptions from ``fn`` are re-raised here.

    Args:
        fn: The work (a bot's move, an analysis).
        label: The bar's description (``US thinking``).
        seconds: The time budget, or None when only an iteration budget bounds it.
        enabled: Show the bar.

    Returns:
        What ``fn`` returned.
    """
    if not enabled:
        return fn()
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc

    worker = threading.Thread(target=work, name="realpolitik-think", daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(0.25)
    if worker.is_alive():
        total = round(seconds, 1) if seconds else None
        with tqdm(
            total=total,
            desc=label,
            unit="s",
            leave=False,
            dynamic_ncols=True,
            bar_format="{desc}: {bar} {n:.1f}/{total:.1f}s" if total else "{desc}: {elapsed}",
        ) as bar:
            while worker.is_alive():
                worker.join(0.1)
                el = time.monotonic() - start
                bar.n = min(el, total) if total else el
                bar.refresh()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
