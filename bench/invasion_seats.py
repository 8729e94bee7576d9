"""Where a bot wins How to Invade games, by its place in the first turn order, and what
another bot would have won in its seat (docs/invasion.md).

    python -m realpolitik.bench.invasion_seats RESULTS.jsonl --bot i --instead heuristic

``RESULTS.jsonl`` is a ``realpolitik tournament invasion`` results file. For each game, the
named bot's place in the first turn order (read from the record's first action, the
turn-order roll), its result and final money; then the same game played again from its seed,
with the same seeded opponents and the same chance seed, but ``--instead`` in that bot's seat.
Both rows are printed by place, with the shares won. The replay plays the same dice only
until the two bots' choices differ (each chance outcome is drawn from the same stream in
turn), so it compares the seats' plays on the same deals, not on the same whole game.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from realpolitik.ai.tournament import replay_row, seeded_spec
from realpolitik.engine.invasion.game import GAME


def first_place(row: dict[str, Any], seat: int) -> int:
    """``seat``'s place (1 = first) in the first turn order of the row's game."""
    s = GAME.new_initial_state(players=len(row["seats"]), seed=row["seed"], **row.get("options", {}))
    s.apply_action(row["record"]["actions"][0])  # the turn-order roll
    return s.order.index(seat) + 1


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", help="a tournament results file (JSON lines)")
    ap.add_argument("--bot", required=True, help="the bot name (as in --bot NAME=SPEC) to look at")
    ap.add_argument("--instead", default="heuristic", help="the spec replayed in its seat")
    args = ap.parse_args(argv)
    tally: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
    with open(args.results, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for row in rows:
        names = [s["bot"] for s in row["seats"]]
        if args.bot not in names:
            raise SystemExit(
                f"error: no bot named {args.bot!r} in game {row['game_id']} (bots: {', '.join(names)})"
            )
        seat = names.index(args.bot)
        seats = [dict(x) for x in row["seats"]]
        seats[seat]["spec"] = seeded_spec(args.instead, row["seed"], seat)
        other = replay_row({**row, "seats": seats}, GAME)
        t = tally[first_place(row, seat)]
        t[0] += 1
        t[1] += row["returns"][seat]
        t[2] += other.returns[seat]
        t[3] += row["scores"][seat]
        t[4] += other.scores[seat]
    print(f"{args.results}: {len(rows)} games; bot {args.bot!r}, replayed with {args.instead!r} in its seat")
    for place in sorted(tally):
        n, won, won_other, money, money_other = tally[place]
        print(
            f"  place {place} in the first turn order: {int(n)} games; {args.bot} won {won:g} ({won / n:.0%}), "
            f"{args.instead} {won_other:g} ({won_other / n:.0%}); final money {money / n:.0f}$ against {money_other / n:.0f}$"
        )


if __name__ == "__main__":
    main()
