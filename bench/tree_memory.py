"""How much memory a search tree takes an iteration (what ``ai.ismcts.MAX_ITERS`` is sized by)::

    python -m realpolitik.bench.tree_memory --iters 40000

searches a Twilight Struggle position a few random decisions in and prints how far the
process's peak resident memory grew, in all and per iteration. The growth depends on the
position (how wide and deep the tree gets), so quote it with the command.
"""

from __future__ import annotations

import argparse
import random
import resource

from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.engine import load_game


def main() -> None:
    """Print the peak memory growth of one search of ``--iters`` iterations."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    s = load_game("twilight").new_initial_state(seed=a.seed)
    rng = random.Random(a.seed)
    for _ in range(12):
        s.apply_action(rng.choice(s.legal_actions()))
    seat = s.current_player()
    search(s, seat, SearchConfig(iters=200), a.seed)  # imports and caches warmed up
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    res = search(s, seat, SearchConfig(iters=a.iters), a.seed)
    grew_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before  # KB on Linux
    print(
        f"{res.iterations} iterations: peak memory grew {grew_kb / 1024:.1f} MB, "
        f"{grew_kb / res.iterations:.2f} KB an iteration"
    )


if __name__ == "__main__":
    main()
