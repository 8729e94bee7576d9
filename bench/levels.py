"""Time the CLI levels' default AI per decision (the figures in docs/play.md).

    python -m realpolitik.bench.levels twilight --positions 8
    python -m realpolitik.bench.levels ideology --positions 8 --players 3

Positions are decision points reached by seeded random play (``bench.common.positions``);
each level's bot (the game's budgets, ``SearchDefaults.levels_for``) decides once in each, on
one core. Both the wall time and the processor time of each decision are reported: on a
machine shared with other work the processor time is what the decision costs one free core.
Where some decisions are
answered by the game's plan without a search (``HasPlanSteps``: How to Invade's chosen boxes,
Ideology's five-player offers), a second line times only the searched ones.
"""

from __future__ import annotations

import argparse
import statistics
import time

from realpolitik.ai.bots import make_bot
from realpolitik.bench.common import positions
from realpolitik.engine import load_game
from realpolitik.engine.core.api import DEFAULT_LEVELS, HasPlanSteps


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.levels", description=__doc__.splitlines()[0]
    )
    p.add_argument("game", nargs="?", default="twilight")
    p.add_argument("--positions", type=int, default=8, help="decision points to time (default 8)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--levels", default=",".join(DEFAULT_LEVELS), help="comma-separated levels")
    a = p.parse_args(argv)
    game = load_game(a.game)
    name = game.spec.name
    states = positions(game, a.positions, seed=3, players=a.players, min_legal=2, tries=50)
    movers = [(s, s.current_player()) for s in states]
    planned = [isinstance(s, HasPlanSteps) and s.plan_step(seat) is not None for s, seat in movers]
    for level in a.levels.split(","):
        spec = game.search.levels_for(states[0].num_players() if states else a.players)[level]
        times = []
        cpu = []
        for k, s in enumerate(states):
            bot = make_bot(f"{spec},seed={k}")
            start, start_cpu = time.perf_counter(), time.process_time()
            bot.step(s.clone(), s.current_player())
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        print(
            f"{name} {level:<7} {spec:<26} processor median {statistics.median(cpu):.2f} s, "
            f"max {max(cpu):.2f} s; wall median {statistics.median(times):.2f} s "
            f"over {len(times)} decisions",
            flush=True,
        )
        searched = [c for c, skip in zip(cpu, planned, strict=True) if not skip]
        if searched and len(searched) < len(cpu):
            print(
                f"{name} {level:<7} {spec:<26} searched decisions only: processor median "
                f"{statistics.median(searched):.2f} s, max {max(searched):.2f} s over {len(searched)} "
                f"(the other {len(cpu) - len(searched)} the plan answers without a search)",
                flush=True,
            )


if __name__ == "__main__":
    main()
