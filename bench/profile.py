"""Profile a game's random playouts or an ISMCTS search with cProfile (the figures behind
docs/performance.md).

    python -m realpolitik.bench.profile twilight --playouts 300
    python -m realpolitik.bench.profile twilight --ismcts 6000
    python -m realpolitik.bench.profile twilight --split 200

``--split N`` is no profile: it records N seeded random games, then times (best of 3, no
profiler) the whole playout loop against replaying the same actions with ``apply_action``
only, per step, to show what the engine costs and what the generic loop adds.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.bench.common import midgame, random_playout
from realpolitik.engine import load_game
from realpolitik.engine.core.api import Game


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.profile", description=__doc__.splitlines()[0]
    )
    p.add_argument("game", nargs="?", default="twilight")
    p.add_argument("--playouts", type=int, default=300, help="random games to profile (default 300)")
    p.add_argument("--ismcts", type=int, default=0, help="profile an ISMCTS search of N iterations instead")
    p.add_argument("--rollout", type=int, default=0, help="ISMCTS rollout depth (default 0)")
    p.add_argument("--top", type=int, default=25, help="rows to print (default 25)")
    p.add_argument("--sort", default="tottime", choices=["tottime", "cumtime"])
    p.add_argument("--split", type=int, default=0, help="time N games: whole loop against apply_action only")
    a = p.parse_args(argv)
    game = load_game(a.game)
    if a.split:
        split(game, a.split)
        return
    prof = cProfile.Profile()
    if a.ismcts:
        state = midgame(game.spec.name)
        cfg = SearchConfig(iters=a.ismcts, time=None, rollout=a.rollout, workers=1)
        prof.runcall(search, state, state.current_player(), cfg, 1)
    else:

        def run() -> None:
            for seed in range(a.playouts):
                random_playout(game.new_initial_state(seed=seed), random.Random(seed))

        prof.runcall(run)
    pstats.Stats(prof).sort_stats(a.sort).print_stats(a.top)


def split(game: Game, games: int) -> None:
    """Print µs per step of the whole random-playout loop and of ``apply_action`` alone."""
    records = []
    for seed in range(games):
        s = game.new_initial_state(seed=seed)
        random_playout(s, random.Random(seed))
        records.append((seed, list(s.history)))
    steps = sum(len(acts) for _, acts in records)

    def whole() -> None:
        for seed, _ in records:
            random_playout(game.new_initial_state(seed=seed), random.Random(seed))

    def apply_only() -> None:
        for seed, acts in records:
            s = game.new_initial_state(seed=seed)
            for x in acts:
                s.apply_action(x)

    for name, fn in (("whole playout loop", whole), ("apply_action only", apply_only)):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
        print(f"{name:<20} {best / steps * 1e6:6.2f} us/step  {games / best:8.1f} games/s")


if __name__ == "__main__":
    main()
