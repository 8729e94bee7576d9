"""Profile a game's random playouts or an ISMCTS search with cProfile (the figures behind
docs/performance.md).

    python -m bench.profile twilight --playouts 300
    python -m bench.profile twilight --ismcts 6000
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from ai.ismcts import SearchConfig, search
from bench.common import midgame, random_playout
from engine import load_game


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="twilight")
    p.add_argument("--playouts", type=int, default=300, help="random games to profile (default 300)")
    p.add_argument("--ismcts", type=int, default=0, help="profile an ISMCTS search of N iterations instead")
    p.add_argument("--rollout", type=int, default=0, help="ISMCTS rollout depth (default 0)")
    p.add_argument("--top", type=int, default=25, help="rows to print (default 25)")
    p.add_argument("--sort", default="tottime", choices=["tottime", "cumtime"])
    a = p.parse_args(argv)
    game = load_game(a.game)
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


if __name__ == "__main__":
    main()
