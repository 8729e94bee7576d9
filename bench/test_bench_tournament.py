"""Tournament throughput (pytest-benchmark): games per second with 1 and 2 local worker
processes and with Ray on a private local instance. Target: 2 workers >= 1.7x 1 worker
on a 2-core machine; `test_tournament_speedup_2_vs_1` alternates the two so both see the same
machine load, and prints the figures. Pools are started and warmed once per module (a persistent
pool), so a measurement is the tournament itself: the same GAMES games of
`--bot a=random --bot b=random` on twilight every round, written to a fresh results file
(fsync'd as in real runs). Measured, never asserted as timings; `make test` runs these once
with --benchmark-disable so they keep working.

    .venv/bin/python -m pytest bench/test_bench_tournament.py --benchmark-only
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterator
from pathlib import Path
from time import perf_counter
from typing import Any

import pytest

from realpolitik.ai.tournament import Executor, ProcessExecutor, ResultsFile, make_config, run_games

GAMES = 600
"""Games per measurement (a random Twilight game takes under a millisecond with the compiled
core, so 600 make about half a second)."""

BOTS = [("a", "random"), ("b", "random")]
_runs = itertools.count()


def _tournament(executor: Executor, tmp: Path, games: int = GAMES, bots: list[tuple[str, str]] = BOTS) -> int:
    cfg = make_config("twilight", bots, games, seed=2026)  # the same games every round
    with ResultsFile(tmp / f"r{next(_runs)}.jsonl", cfg, resume=False) as results:
        failures = run_games(results, executor)
        return len(results.done()) + len(failures)


def _measure(benchmark: Any, executor: Executor, tmp: Path) -> None:
    _tournament(executor, tmp, games=2 * executor.workers)  # warm: every worker has played
    played = benchmark.pedantic(_tournament, args=(executor, tmp), rounds=5, iterations=1, warmup_rounds=0)
    assert played == GAMES
    if benchmark.stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["games_per_second"] = round(GAMES / benchmark.stats.stats.mean, 1)


@pytest.fixture(scope="module")
def pool1() -> Iterator[Executor]:
    with ProcessExecutor(1, "twilight") as pool:
        yield pool


@pytest.fixture(scope="module")
def pool2() -> Iterator[Executor]:
    with ProcessExecutor(2, "twilight") as pool:
        yield pool


def test_tournament_1_worker(benchmark: Any, pool1: Executor, tmp_path: Path) -> None:
    _measure(benchmark, pool1, tmp_path)


def test_tournament_2_workers(benchmark: Any, pool2: Executor, tmp_path: Path) -> None:
    _measure(benchmark, pool2, tmp_path)


def test_tournament_ray_local_2_workers(benchmark: Any, tmp_path: Path) -> None:
    if benchmark.disabled:
        pytest.skip("measured only: tests/tournament/test_ray.py runs the same local Ray tournament")
    pytest.importorskip("ray", reason="Ray is not installed: pip install 'realpolitik[ray]'")
    from realpolitik.ai.tournament import RayExecutor

    with RayExecutor(2) as executor:
        _measure(benchmark, executor, tmp_path)


SPEEDUP_CASES = {
    # A random game takes about 0.6 ms with the compiled core: the parent's share (scheduling,
    # writing the worker-encoded line, fsync; about 0.07 ms a game) is largest here, and the
    # "1 worker" run also gets the parent's core.
    "random": (BOTS, GAMES),
    # A heuristic game takes about 0.3 s: the parent's share is negligible.
    "heuristic": ([("h", "heuristic"), ("r", "random")], 16),
}


@pytest.mark.parametrize("case", list(SPEEDUP_CASES))
def test_tournament_speedup_2_vs_1(
    benchmark: Any, pool1: Executor, pool2: Executor, tmp_path: Path, case: str
) -> None:
    """1 and 2 workers in alternation (so both see the same machine load); the median of the
    per-pair ratios is the speed-up. Timed: one pair. The figures go to the benchmark report
    (``extra_info``: ``--benchmark-json``), never to the test's output."""
    bots, games = SPEEDUP_CASES[case]
    if benchmark.disabled:  # `make test`: the code path once, on a few games (nothing is measured)
        games = 2
    _tournament(pool1, tmp_path, games=2, bots=bots)
    _tournament(pool2, tmp_path, games=4, bots=bots)
    one: list[float] = []
    two: list[float] = []

    def pair() -> None:
        for pool, times in ((pool1, one), (pool2, two)):
            start = perf_counter()
            _tournament(pool, tmp_path, games=games, bots=bots)
            times.append(perf_counter() - start)

    benchmark.pedantic(pair, rounds=5, iterations=1, warmup_rounds=0)
    ratio = statistics.median(a / b for a, b in zip(one, two))
    benchmark.extra_info.update(
        games_per_second_1=round(games / statistics.median(one), 1),
        games_per_second_2=round(games / statistics.median(two), 1),
        speedup=round(ratio, 2),
    )
