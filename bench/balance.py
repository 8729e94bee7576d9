"""Balance of a game under one bot in every seat: a thin wrapper over ``realpolitik balance``.

    python -m realpolitik.bench.balance waronterror --players 4 --games 40 --bot heuristic

Kept for the scripts and tests that call :func:`run`; new work uses the command, which adds the
turn order, the roles, paired comparisons, a worker pool, a resumable results file and a plot
(``docs/balance.md``). The games are the command's (its seeds and seat rotation, in this
process); the figures are its figures in this module's older shape.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from realpolitik.ai.balance import game_lines, summarize_balance
from realpolitik.ai.tournament import make_config, make_task, play_task
from realpolitik.engine import load_game


def run(game_name: str, players: int, games: int, bot: str, seed: int) -> dict[str, Any]:
    """Play ``games`` games with ``bot`` in every seat and gather the figures: win share by seat
    (95 % Wilson intervals), by place in the first turn order, how games ended, the mean length
    in actions, rounds and turns where the game counts them, and the engine errors (counted, the
    run goes on)."""
    game = load_game(game_name)
    seats = list(game.spec.seats_for(players))
    bots = [(f"{bot}#{i + 1}", bot) for i in range(players)]
    cfg = make_config(game.spec.name, bots, games, seed=seed, options={}, facts=True)
    key = cfg.key(game)
    lines, errors = [], []
    for i in range(games):
        outcome = play_task(make_task(cfg, i, key))
        if outcome.row is None:
            errors.append(f"game {i}: {outcome.error}")
        else:
            lines.append(game_lines(outcome.row, seats))
    s = summarize_balance(lines, seats)
    length = s["length"]
    out: dict[str, Any] = {
        "game": game.spec.name,
        "players": players,
        "bot": bot,
        "games": games,
        "errors": len(errors),
        "win_share_by_seat": [
            {
                "seat": seat,
                "share": round(v["share"], 3),
                "low": round(v["ci95"][0], 3),
                "high": round(v["ci95"][1], 3),
            }
            for seat, v in s["seats"].items()
        ],
        "ends": {kind: round(v["wins"]) for kind, v in s["ends"].items()},
        "actions_mean": round(length["actions"]["mean"], 1) if "actions" in length else 0,
    }
    if s["turn_order"]:
        out["win_share_by_turn_order"] = [round(v["share"], 3) for v in s["turn_order"].values()]
    if "rounds" in length:
        out["rounds_mean"] = round(length["rounds"]["mean"], 2)
        out["rounds_max"] = round(length["rounds"]["max"])
    if "turns" in length:
        out["turns_mean"] = round(length["turns"]["mean"], 2)
    if errors:
        out["first_error"] = errors[0]
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.balance",
        description="Balance of a game under one bot in every seat (see: realpolitik balance --help).",
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
