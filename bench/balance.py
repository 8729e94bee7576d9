"""Balance of a game under one bot in every seat: win share by seat, how games end, length.

    python -m realpolitik.bench.balance waronterror --players 4 --games 2000 --bot random
    python -m realpolitik.bench.balance waronterror --players 4 --games 40 --bot heuristic

Game ``k`` uses seed ``seed + k`` for the game, the chance outcomes and the bots. Counts every
engine error (an exception out of the game) instead of stopping. How a game ended and its
length in rounds/turns come from the final position's summary when the game keeps them
(``end_reason``, ``round``, ``turns`` in ``position_summary()``), and the win share by turn
order (first to play, second, ...) when it keeps the seat that played first
(``start_seat``); the length in actions is always reported. Win shares carry 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import time
import traceback
from typing import Any

from realpolitik.ai.bots import make_bot
from realpolitik.ai.match import play_match
from realpolitik.ai.stats import wilson_interval
from realpolitik.engine import load_game
from realpolitik.engine.core.api import HasPositionSummary


def _with_seed(spec: str, seed: int) -> str:
    return f"{spec}{',' if ':' in spec else ':'}seed={seed}"


def run(game_name: str, players: int, games: int, bot: str, seed: int) -> dict[str, Any]:
    """Play ``games`` games and gather the figures (see the module docstring)."""
    game = load_game(game_name)
    wins = [0.0] * players
    ends: collections.Counter[str] = collections.Counter()
    lengths: list[int] = []
    rounds: list[int] = []
    turns: list[int] = []
    errors: list[str] = []
    by_order = [0.0] * players
    start = time.perf_counter()
    for k in range(games):
        try:
            state = game.new_initial_state(players=players, seed=seed + k)
            bots = [make_bot(_with_seed(bot, (seed + k) * 16 + p)) for p in range(players)]
            res = play_match(state, bots, random.Random(seed + k))
        except Exception as e:  # counted, the run goes on
            errors.append(f"game {k}: {type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}")
            continue
        for p, r in enumerate(res.returns):
            wins[p] += r
        lengths.append(res.length)
        end = res.state
        if isinstance(end, HasPositionSummary):
            summary = end.position_summary()
            ends[str(summary.get("end_reason", "?"))] += 1
            if "round" in summary:
                rounds.append(int(summary["round"]))
            if "turns" in summary:
                turns.append(int(summary["turns"]))
            if "start_seat" in summary:
                first = int(summary["start_seat"])
                for q, r in enumerate(res.returns):
                    by_order[(q - first) % players] += r
    played = games - len(errors)
    out: dict[str, Any] = {
        "game": game.spec.name,
        "players": players,
        "bot": bot,
        "games": games,
        "errors": len(errors),
        "seconds": round(time.perf_counter() - start, 1),
        "win_share_by_seat": [
            {"seat": game.spec.seats[p], "share": round(w / played, 3) if played else 0.0}
            | dict(zip(("low", "high"), (round(x, 3) for x in wilson_interval(w, played))))
            for p, w in enumerate(wins)
        ],
        "ends": dict(ends.most_common()),
        "actions_mean": round(statistics.mean(lengths), 1) if lengths else 0,
    }
    if any(by_order):
        out["win_share_by_turn_order"] = [round(w / played, 3) for w in by_order]
    if rounds:
        out["rounds_mean"] = round(statistics.mean(rounds), 2)
        out["rounds_max"] = max(rounds)
    if turns:
        out["turns_mean"] = round(statistics.mean(turns), 2)
    if errors:
        out["first_error"] = errors[0]
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.balance", description=__doc__.splitlines()[0]
    )
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--bot", default="random", help="bot spec for every seat (default random)")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    print(json.dumps(run(a.game, a.players, a.games, a.bot, a.seed), indent=1))


if __name__ == "__main__":
    main()
