"""Memory of a tournament's parent process as its results file grows, and of ``--resume``.

Rows are built, not played (a Twilight Struggle record of ``--actions`` actions per game, with
the seed and seat rotation each game id derives), so the measure is of the results file alone::

    python -m realpolitik.bench.results_memory --games 20000 --actions 600

prints the bytes the parent holds after appending every row (``tracemalloc``, what stays
allocated) and the peak while ``ResultsFile`` opens the file again with ``resume``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import tracemalloc
from typing import Any

from realpolitik.ai.tournament import ResultsFile, game_seed, make_config, seat_order
from realpolitik.ai.tournament.config import ROW_VERSION
from realpolitik.engine import load_game
from realpolitik.engine.core.records import make_record


def _row(cfg: Any, key: str, gid: int, actions: int) -> dict[str, Any]:
    game = load_game(cfg.game)
    seats = game.spec.seats_for(cfg.players)
    order = seat_order(gid, cfg.players)
    seed = game_seed(cfg.seed, gid)
    record = make_record(game, seed=seed, players=cfg.players, options={}, actions=[gid % 50] * actions)
    return {
        "v": ROW_VERSION, "tournament": key, "game": game.spec.name, "game_id": gid, "seed": seed,
        "options": {}, "seats": [{"seat": s, "bot": cfg.bots[b][0], "spec": cfg.bots[b][1]}
                                 for s, b in zip(seats, order)],
        "returns": [1.0, 0.0], "scores": [1.0, 0.0], "length": actions, "decisions": actions // 2,
        "duration": 0.5, "record": record,
    }  # fmt: skip


def measure(games: int, actions: int) -> dict[str, float]:
    """Bytes held after appending ``games`` rows, and the peak of reopening the file."""
    cfg = make_config("twilight", [("a", "random"), ("b", "random")], games, seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "results.jsonl")
        tracemalloc.start()
        with ResultsFile(path, cfg, resume=False) as results:
            base = tracemalloc.get_traced_memory()[0]
            key = results.key
            for start in range(0, games, 100):
                results.append([_row(cfg, key, i, actions) for i in range(start, min(games, start + 100))])
            held = tracemalloc.get_traced_memory()[0] - base
        size = os.path.getsize(path)
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        with ResultsFile(path, cfg, resume=True) as results:
            assert len(results.rows) == games
            peak = tracemalloc.get_traced_memory()[1] - base
        tracemalloc.stop()
    return {"games": games, "file_mb": size / 2**20, "held_mb": held / 2**20, "resume_peak_mb": peak / 2**20}


def main() -> None:
    """Print the figures for ``--games`` and ``--actions``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--actions", type=int, default=600)
    a = ap.parse_args()
    m = measure(a.games, a.actions)
    print(
        f"{m['games']} games, results file {m['file_mb']:.1f} MB: parent holds {m['held_mb']:.1f} MB "
        f"after appending; resume peaks at {m['resume_peak_mb']:.1f} MB"
    )


if __name__ == "__main__":
    main()
