"""Ideology self-play figures: win share per ideology, turn-cap games, distance penalties.

    python -m realpolitik.bench.ideology_balance --players 5 --games 400 --workers 2
    python -m realpolitik.bench.ideology_balance --players 3 --games 30 \\
        --bots ismcts:iters=1000,heuristic,heuristic --rotate

Every game's seed is ``--seed + i``; ideologies are dealt from it as in any game. With
``--rotate`` the bot list is rotated by the game number, so each bot plays every seat.
Reported: each ideology's share of the wins (a shared win split) with its 95 % Wilson
interval; each bot's share; how many games reached the turn cap (``max_turns``, a house
rule); and, over every placement (4.1) and conflict (5.1) on a distant region (not adjacent
to a region the player controls, and for a conflict not its own), how many paid the distance
penalty, how many an advancement waived (``reach``/``free``: without the player's
advancements the penalty would have been due), and how many of the others paid it (the
rest were waived by a special rule).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from realpolitik.ai.bots import make_bot, split_specs
from realpolitik.ai.stats import wilson_interval
from realpolitik.engine.core.api import CHANCE
from realpolitik.engine.ideology import actions as A
from realpolitik.engine.ideology import rules as R
from realpolitik.engine.ideology.board import BOARD
from realpolitik.engine.ideology.game import GAME
from realpolitik.engine.ideology.state import NA


def play_one(task: tuple[int, int, list[str], str, int]) -> dict[str, Any]:
    """One game; returns its result and distance-penalty counts."""
    seed, players, specs, variant, max_turns = task
    s = GAME.new_initial_state(players=players, seed=seed, variant=variant, max_turns=max_turns)
    bots = [
        make_bot(f"{spec}{',' if ':' in spec else ':'}seed={seed * 10 + i}") for i, spec in enumerate(specs)
    ]
    rng = random.Random(seed)
    dist: Counter[str] = Counter()
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            outs = s.chance_outcomes()
            a = rng.choices([x for x, _ in outs], [w for _, w in outs])[0]
        else:
            a = bots[p].step(s, p)
            kind, r, t, _v = A.decode(a)
            if kind in (A.K_PLACE, A.K_ATTACK) and s.conflict is None and R.distant(s, p, r):
                what = "place" if kind == A.K_PLACE else "attack"
                paid = R.distance_penalty(s, p, r, t, kind == A.K_ATTACK)
                bare = s.clone()  # the same position without the player's advancements
                bare.adv[p * NA : p * NA + NA] = [0] * NA
                by_adv = not paid and R.distance_penalty(bare, p, r, t, kind == A.K_ATTACK) == 1
                dist[f"{what}_distant"] += 1
                dist[f"{what}_paid"] += paid
                dist[f"{what}_by_advancement"] += by_adv
                dist[f"{what}_no_advancement"] += not by_adv
                dist[f"{what}_no_advancement_paid"] += paid and not by_adv
        s.apply_action(a)
    return {
        "seed": seed,
        "ideologies": [s.ideology_name(x) for x in range(players)],
        "bots": specs,
        "variant": variant,
        "max_turns": max_turns,
        "returns": s.returns(),
        "turns": s.turn,
        "capped": max(R.global_influence(s, x) for x in range(players)) < BOARD.victory,
        "dist": dict(dist),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m realpolitik.bench.ideology_balance", description=__doc__)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots",
        default="heuristic",
        help="comma-separated bot per seat (one: all seats); a spec keeps its own parameters, "
        "e.g. ismcts:iters=1000,c=0.3,heuristic,heuristic",
    )
    p.add_argument("--rotate", action="store_true", help="rotate the bots over the seats game by game")
    p.add_argument("--variant", default="reconstructed")
    p.add_argument("--max-turns", type=int, default=BOARD.max_turns)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--out", help="append one JSON line per finished game to this file (resumable)")
    p.add_argument("--summary-only", action="store_true", help="summarise --out without playing")
    a = p.parse_args(argv)
    base = split_specs(a.bots)
    specs = base * a.players if len(base) == 1 else base
    if len(specs) != a.players:
        sys.exit(f"--bots names {len(specs)} bots for {a.players} players")
    tasks = []
    for i in range(a.games):
        k = i % a.players if a.rotate else 0
        tasks.append((a.seed + i, a.players, specs[k:] + specs[:k], a.variant, a.max_turns))
    rows: list[dict[str, Any]] = []
    if a.out:
        try:
            with open(a.out, encoding="utf-8") as fh:
                rows = [json.loads(line) for line in fh if line.strip()]
        except FileNotFoundError:
            rows = []
        done = {r["seed"] for r in rows}
        tasks = [t for t in tasks if t[0] not in done]
    if a.summary_only:
        tasks = []
    sink = open(a.out, "a", encoding="utf-8") if a.out else None
    try:
        if a.workers > 1 and tasks:
            with ProcessPoolExecutor(a.workers) as ex:
                for row in ex.map(play_one, tasks):
                    rows.append(row)
                    if sink:
                        sink.write(json.dumps(row) + "\n")
                        sink.flush()
        else:
            for t in tasks:
                row = play_one(t)
                rows.append(row)
                if sink:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
    finally:
        if sink:
            sink.close()
    if not rows:
        sys.exit("no games to summarise")
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    bot_games: Counter[str] = Counter()
    dist: Counter[str] = Counter()
    for row in rows:
        for x, name in enumerate(row["ideologies"]):
            wins[name] += row["returns"][x]
            seats[name] += 1
            bot_wins[row["bots"][x]] += row["returns"][x]
            bot_games[row["bots"][x]] += 1
        dist.update(row["dist"])
    capped = sum(r["capped"] for r in rows)
    out = {
        "games": len(rows),
        "players": a.players,
        "variant": a.variant,
        "ideologies": {
            k: {
                "games": seats[k],
                "wins": round(wins[k], 2),
                "share": wins[k] / seats[k],
                "wilson95": wilson_interval(wins[k], seats[k]),
            }
            for k in sorted(seats)
        },
        "bots": {
            k: {
                "seats": bot_games[k],
                "wins": round(bot_wins[k], 2),
                "share": bot_wins[k] / bot_games[k],
                "wilson95": wilson_interval(bot_wins[k], bot_games[k]),
            }
            for k in sorted(bot_games)
        },
        "turn_cap_games": capped,
        "turn_cap_wilson95": wilson_interval(capped, len(rows)),
        "mean_turns": sum(r["turns"] for r in rows) / len(rows),
        "distance": dict(dist),
    }
    if a.json:
        print(json.dumps(out))
        return
    print(
        f"{out['games']} games, {a.players} players, bots {specs}{' rotated' if a.rotate else ''}, {a.variant}"
    )
    for k, v in out["ideologies"].items():
        lo, hi = v["wilson95"]
        print(f"  {k:<24} {v['share']:6.1%} of {v['games']:>4} [{lo:.1%}, {hi:.1%}]")
    for k, v in out["bots"].items():
        lo, hi = v["wilson95"]
        print(f"  bot {k:<20} {v['share']:6.1%} of {v['seats']:>4} seats [{lo:.1%}, {hi:.1%}]")
    lo, hi = out["turn_cap_wilson95"]
    print(
        f"  turn cap reached: {capped} of {len(rows)} [{lo:.1%}, {hi:.1%}]; mean turns {out['mean_turns']:.1f}"
    )
    for what in ("place", "attack"):
        n = dist[f"{what}_distant"]
        if n:
            m = dist[f"{what}_no_advancement"]
            k = dist[f"{what}_no_advancement_paid"]
            print(
                f"  distant {what}: {n}, penalty paid {dist[f'{what}_paid']} ({dist[f'{what}_paid'] / n:.0%}); "
                f"waived by an advancement {dist[f'{what}_by_advancement']}; where no advancement "
                f"applies ({m}) paid {k} ({k / max(1, m):.0%}), the rest waived by a special rule"
            )


if __name__ == "__main__":
    main()
