"""Difficulty levels as bot budgets, the AI/hint bot specs, and thinking with a progress bar.

A level is a budget, not a different program: ``ismcts`` with an iteration budget and nothing
else. Iterations are what make a seed give the same game on any machine, so each game names
its own budgets beside its spec (``Game.search``: ``SearchDefaults.levels``), sized to the
same thinking times: ``easy`` well under a second, ``normal`` about 1 s, ``hard`` a few
seconds on one core. A time cap is
opt-in (``play --time S``): it ends searches sooner on a slow machine, and then the same seed
may no longer give the same game. Decisions with one legal action are instant. The figures
are in docs/play.md with the command that measured them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from tqdm import tqdm

from realpolitik.engine import load_game
from realpolitik.engine.core.api import DEFAULT_LEVELS, Game

__all__ = [
    "DEFAULT_LEVEL",
    "EXPECTIMAX_DEPTH",
    "LEVELS",
    "IterationMeter",
    "SearchStopped",
    "ai_spec",
    "hint_spec",
    "level_spec",
    "run_with_progress",
    "spec_iters",
    "spec_time",
]

T = TypeVar("T")

LEVELS: tuple[str, ...] = tuple(DEFAULT_LEVELS)
"""The difficulty levels, easiest first."""


GameRef = Game | str | None
"""A game, its registry name, or None (the core's default budgets)."""


def level_spec(level: str, game: GameRef = None, players: int | None = None) -> str:
    """The default AI's spec for ``level`` in ``game`` at ``players`` players: the budgets the
    game's search defaults name for that count (``SearchDefaults.levels_for``: ``levels``, or
    what ``player_levels`` names instead at that count), or the core's defaults when no game
    is given."""
    if game is None:
        return DEFAULT_LEVELS[level]
    g = load_game(game) if isinstance(game, str) else game
    return g.search.levels_for(players)[level]


DEFAULT_LEVEL = "normal"

EXPECTIMAX_DEPTH = {"easy": 1, "normal": 2, "hard": 3}
"""Level -> search depth when the AI is expectimax without a depth."""

SEARCHERS = ("mcts", "ismcts")


def _level_budget(level: str, game: GameRef, players: int | None) -> dict[str, str]:
    """The level's iteration budget (a time a game's levels might name is not taken: levels are
    iterations only, so that a seed replays the same game anywhere)."""
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(level_spec(level, game, players))
    return {k: v for k, v in raw.items() if k == "iters"}


def ai_spec(
    ai: str | None,
    level: str,
    seed: int,
    game: GameRef = None,
    time: float | None = None,
    players: int | None = None,
) -> str:
    """The AI's bot spec: ``--ai`` (or the level's default), the level's iteration budget where
    the spec sets none, the time cap ``time`` when given, and the game seed where it sets no
    seed.

    Args:
        ai: ``--ai`` as typed, or None.
        level: A key of :data:`LEVELS`.
        seed: The game's seed.
        game: The game or its name (its search defaults' level budgets).
        time: ``--time``: seconds a search may take at most (mcts/ismcts), or None.
        players: The game's player count (the level's budget at that count), or None.

    Returns:
        A canonical spec string.

    Raises:
        ValueError: for a spec that does not parse or an unknown level.
    """
    from realpolitik.ai.bots import format_spec, make_bot, parse_spec

    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    if ai is None:
        name, raw = parse_spec(level_spec(level, game, players))
        raw.pop("time", None)
    else:
        name, raw = parse_spec(ai)
    if name in SEARCHERS and "iters" not in raw and "time" not in raw:
        raw.update(_level_budget(level, game, players))
    if time is not None:
        if name not in SEARCHERS:
            raise ValueError(f"--time caps a search; the bot '{name}' does not search by iterations")
        raw["time"] = repr(float(time))
    if name == "expectimax" and "depth" not in raw:
        raw["depth"] = str(EXPECTIMAX_DEPTH[level])
    raw.setdefault("seed", str(seed % (2**31)))
    spec = format_spec(name, raw)
    make_bot(spec)  # every parameter checked now, not at the first AI move
    return spec


HINT_LEVEL = "normal"
"""A hint searches at least this level's iterations, whatever the opponent's level: below it
the top moves of a hint are mostly noise."""


def hint_spec(ai: str, level: str | None, game: GameRef = None, players: int | None = None) -> str:
    """The bot that gives hints: the AI itself when it is an honest searcher (ismcts,
    expectimax), else ismcts with the AI's or the level's budget at ``players`` players (mcts
    would read the hidden cards, random and heuristic do not search). Against a level's AI
    (``level`` given) a hint searches at least the ``normal`` level's iterations
    (:data:`HINT_LEVEL`), so a hint against an ``easy`` computer is still worth reading; an AI
    given as a spec (``--ai``) lends the hint its own budget."""
    from realpolitik.ai.bots import format_spec, parse_spec

    name, raw = parse_spec(ai)
    if name == "expectimax":
        return ai
    if name == "ismcts":
        budget = dict(raw)
    else:
        budget = {k: v for k, v in raw.items() if k in ("iters", "time")} if name == "mcts" else {}
        if not budget:
            budget = _level_budget(level or HINT_LEVEL, game, players)
        if "seed" in raw:
            budget["seed"] = raw["seed"]
    floor = _level_budget(HINT_LEVEL, game, players).get("iters") if level is not None else None
    if floor is not None and "iters" in budget and int(budget["iters"]) < int(floor):
        budget["iters"] = floor
    if name == "ismcts" and budget == raw:
        return ai
    return format_spec("ismcts", budget)


def _spec_number(spec: str, key: str, kind: Callable[[str], T]) -> T | None:
    """The parameter ``key`` of a spec read by ``kind``, or None when it is absent or no number."""
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(spec)
    try:
        return kind(raw[key]) if key in raw else None
    except ValueError:
        return None


def spec_iters(spec: str) -> int | None:
    """The iteration budget in a spec, or None."""
    return _spec_number(spec, "iters", int)


def spec_time(spec: str) -> float | None:
    """The time budget in a spec (seconds), or None."""
    return _spec_number(spec, "time", float)


class SearchStopped(Exception):
    """A search stopped from outside (the program is closing): raised at its next progress
    report, so a search in a worker thread ends instead of holding the process open."""


class IterationMeter:
    """A search's progress callback that remembers the iterations done (read by the bar), and
    stops the search once told to (:meth:`stop`)."""

    def __init__(self) -> None:
        self.done = 0
        self.stopped = False

    def stop(self) -> None:
        """End the search at its next progress report (it raises :class:`SearchStopped`)."""
        self.stopped = True

    def __call__(self, iterations: int) -> None:
        if self.stopped:
            raise SearchStopped
        self.done = iterations


def run_with_progress(
    fn: Callable[[], T],
    label: str,
    seconds: float | None,
    enabled: bool,
    iters: int | None = None,
    meter: IterationMeter | None = None,
) -> T:
    """Run ``fn`` in a worker thread while a tqdm bar shows how far it has come: the
    iterations against the budget when ``meter`` counts them, else the time.

    The bar appears only after a short delay (instant moves show nothing) and only when
    ``enabled`` (a terminal). Exceptions from ``fn`` are re-raised here.

    Args:
        fn: The work (a bot's move, an analysis).
        label: The bar's description (``US thinking``).
        seconds: The time budget, or None when only an iteration budget bounds it.
        enabled: Show the bar.
        iters: The iteration budget, or None.
        meter: Counts the iterations done (the search's progress callback), or None.

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
    if worker.is_alive() and meter is not None and iters:
        with tqdm(
            total=iters,
            desc=label,
            unit="it",
            leave=False,
            dynamic_ncols=True,
            bar_format="{desc}: {bar} {n}/{total} iterations {elapsed}",
        ) as bar:
            while worker.is_alive():
                worker.join(0.1)
                bar.n = min(meter.done, iters)
                bar.refresh()
    elif worker.is_alive():
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
    return cast("T", box["value"])
