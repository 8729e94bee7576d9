"""What another bot would have won in a bot's seat, over the games of an Ideology self-play
results file (docs/ideology.md, "AI strength").

    python -m realpolitik.bench.ideology_seats ai5.jsonl --bot ismcts:iters=1000 --instead heuristic

``ai5.jsonl`` is an ``--out`` file of ``bench/ideology_balance.py``. Each game is played again
from its seed with the same bots, seats, bot seeds and chance stream, but ``--instead`` in the
seat of ``--bot`` (the first seat it held); the two bots' results are printed by that seat and
by its ideology. The replay plays the same deals only until the two bots' choices differ (each
chance outcome is drawn from the same stream in turn), so it compares the seats' plays on the
same deals, not on the same whole game.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from realpolitik.bench.ideology_balance import play_one
from realpolitik.engine.ideology.board import BOARD


def replay(task: tuple[dict[str, Any], int, str, str, int]) -> float:
    """The result of ``row``'s game with ``spec`` in seat ``seat`` (the row's variant and turn
    cap where it records them, else the ones given)."""
    row, seat, spec, variant, max_turns = task
    specs = list(row["bots"])
    specs[seat] = spec
    game = (row["seed"], len(specs), specs, row.get("variant", variant), row.get("max_turns", max_turns))
    return float(play_one(game)["returns"][seat])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m realpolitik.bench.ideology_seats", description=__doc__)
    ap.add_argument("results", help="an ideology_balance --out file (JSON lines)")
    ap.add_argument("--bot", required=True, help="the bot spec, as in the file, whose seat is replayed")
    ap.add_argument("--instead", default="heuristic", help="the spec played in its seat")
    ap.add_argument("--variant", default="reconstructed", help="for rows that do not record it")
    ap.add_argument("--max-turns", type=int, default=BOARD.max_turns, help="for rows that do not record it")
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args(argv)
    with open(a.results, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    tasks = []
    for row in rows:
        if a.bot not in row["bots"]:
            raise SystemExit(
                f"error: no bot {a.bot!r} in the game of seed {row['seed']} (bots: {', '.join(row['bots'])})"
            )
        tasks.append((row, row["bots"].index(a.bot), a.instead, a.variant, a.max_turns))
    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as ex:
            others = list(ex.map(replay, tasks))
    else:
        others = [replay(t) for t in tasks]
    tally: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for (row, seat, *_), other in zip(tasks, others):
        for key in ("all games", f"seat {seat + 1}", row["ideologies"][seat]):
            t = tally[key]
            t[0] += 1
            t[1] += row["returns"][seat]
            t[2] += other
    print(f"{a.results}: {len(rows)} games; {a.bot} replayed with {a.instead} in its seat")
    seats = sorted((k for k in tally if k.startswith("seat ")), key=lambda k: int(k.split()[1]))
    names = sorted(k for k in tally if k != "all games" and not k.startswith("seat "))
    for key in ["all games", *seats, *names]:
        n, won, won_other = tally[key]
        print(
            f"  {key:<24} {int(n):>4} games: {a.bot} won {won:g} ({won / n:.0%}), {a.instead} {won_other:g} ({won_other / n:.0%})"
        )


if __name__ == "__main__":
    main()
