"""Balance figures for How to Invade a Sovereign Nation (docs/invasion.md).

    python -m realpolitik.bench.invasion_balance --games 1000 --players 4 --bot random

Plays seeded games with the same bot in every seat and prints: the win rate by first-turn
order position (with 95% Wilson intervals), the final money (mean, spread between the richest and
the poorest), and which source of money decides games: for each game, the source (money in
hand, oil sold at the end, government oil, contracts, pacifism penalty) whose difference
between the winner and the runner-up is largest. Then how games end: every game lasts the
rulebook's 3 phases of 4 turns, so the kinds of victory (*Vittoria finale*: the most money,
else the most contracts, else the most provinces, else a shared win) and the length in
decisions and in actions (chance outcomes included).

With ``--against-income``, one seat (rotating) plays the bot and the others the pure income
strategy (a money box and new taxes every turn, never a troop: 10$ + 12 x 7$ = 94$ at 4
players): it shows whether invading pays against players who never invade.

    python -m realpolitik.bench.invasion_balance --games 100 --players 4 --bot heuristic --against-income
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from realpolitik.ai.bots import make_bot
from realpolitik.ai.stats import wilson_interval
from realpolitik.engine.invasion import actions as A
from realpolitik.engine.invasion import rules as R
from realpolitik.engine.invasion.game import GAME, InvasionState


def income_action(s: InvasionState) -> int:
    """The pure income strategy: a money box, else new taxes; elsewhere the first choice (the
    rebels' first placement or move, "done" in a box it never takes)."""
    legal = s.legal_actions()
    for a in legal:
        if A.BOX + A.K_MONEY * 4 <= a < A.BOX + A.K_MONEY * 4 + 4:
            return a
    if A.TAXES in legal:
        return A.TAXES
    return A.DONE if A.DONE in legal else legal[0]


def play(
    players: int, seed: int, spec: str, income: frozenset[int] = frozenset(), fifth_turn: bool = False
) -> InvasionState:
    s = GAME.new_initial_state(players=players, seed=seed, fifth_turn=fifth_turn)
    bots = [make_bot(f"{spec}{',' if ':' in spec else ':'}seed={seed * 10 + p}") for p in range(players)]
    rng = random.Random(seed)
    while not s.is_terminal():
        p = s.current_player()
        if p < 0:
            acts, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(acts, probs)[0])
        elif p in income:
            s.apply_action(income_action(s))
        else:
            s.apply_action(bots[p].step(s, p))
    return s


def victory_kind(s: InvasionState) -> str:
    """How the game was won (*Vittoria finale*): by money, by contracts or provinces among the
    richest, or shared."""
    assert s.wealth is not None and s.result is not None
    winners = [p for p in range(s.n) if s.result[p] > 0]
    if len(winners) > 1:
        return "shared win (tied on money, contracts and provinces)"
    richest = [p for p in range(s.n) if s.wealth[p] == max(s.wealth)]
    if len(richest) == 1:
        return "the most money"
    top = max(s.contracts[p] for p in richest)
    if sum(1 for p in richest if s.contracts[p] == top) == 1:
        return "tied on money, the most contracts"
    return "tied on money and contracts, the most provinces"


def _decisions(s: InvasionState) -> int:
    """Actions of the seats (chance outcomes left out), replayed from the record."""
    t = GAME.new_initial_state(players=s.n, seed=s.seed, **s.options)
    count = 0
    for a in s.history:
        if not t.is_chance_node():
            count += 1
        t.apply_action(a)
    return count


def against_income(games: int, n: int, spec: str, first_seed: int) -> None:
    """One seat (rotating) plays ``spec``, the others the income strategy."""
    wins = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    for k in range(games):
        seat = k % n
        s = play(n, first_seed + k, spec, frozenset(q for q in range(n) if q != seat))
        assert s.wealth is not None and s.result is not None
        wins += s.result[seat]
        mine.append(s.wealth[seat] / 2)
        theirs.append(max(s.wealth[q] for q in range(n) if q != seat) / 2)
    lo, hi = wilson_interval(wins, games)
    print(f"invasion against income: {games} games, {n} players, bot {spec} in one seat (rotating)")
    print(f"  {spec} wins {wins / games:.1%} [{lo:.1%}, {hi:.1%}]")
    print(
        f"  final money: {spec} mean {statistics.mean(mine):.1f}$ (min {min(mine):.1f}$),"
        f" best income seat mean {statistics.mean(theirs):.1f}$"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.invasion_balance", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument(
        "--fifth-turn",
        action="store_true",
        help="the rulebook's optional fifth turn a phase (Le fasi di gioco: useful with 3 players)",
    )
    ap.add_argument(
        "--against-income",
        action="store_true",
        help="one seat plays the bot, the others take money and taxes",
    )
    a = ap.parse_args(argv)
    n = a.players
    if a.against_income:
        against_income(a.games, n, a.bot, a.first_seed)
        return
    wins_by_pos = [0.0] * n
    spreads: list[float] = []
    means: list[float] = []
    deciders: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    turns: Counter[int] = Counter()
    decisions: list[int] = []
    lengths: list[int] = []
    for k in range(a.games):
        s = play(n, a.first_seed + k, a.bot, fifth_turn=a.fifth_turn)
        kinds[victory_kind(s)] += 1
        turns[sum(1 for line in s.log if line.startswith("-- phase"))] += 1
        lengths.append(len(s.history))
        decisions.append(_decisions(s))
        first_order = s.log[0].split(": ", 1)[1].split(", ")
        assert s.wealth is not None and s.result is not None
        for pos, name in enumerate(first_order):
            wins_by_pos[pos] += s.result[R.COLOURS.index(name)]
        wealth = s.wealth
        w = [x / 2 for x in wealth]
        means.append(statistics.mean(w))
        spreads.append(max(w) - min(w))
        ranked = sorted(range(n), key=lambda p: wealth[p], reverse=True)
        if wealth[ranked[0]] == wealth[ranked[1]]:
            deciders["tie on money"] += 1
            continue
        top, second = R.wealth_sources(s, ranked[0]), R.wealth_sources(s, ranked[1])
        deciders[max(top, key=lambda key: top[key] - second[key])] += 1
    print(
        f"invasion balance: {a.games} games, {n} players, bot {a.bot}"
        + (", fifth turn" if a.fifth_turn else "")
    )
    for pos in range(n):
        lo, hi = wilson_interval(wins_by_pos[pos], a.games)
        print(
            f"  seat {pos + 1} in the first turn order: wins {wins_by_pos[pos] / a.games:.1%} [{lo:.1%}, {hi:.1%}]"
        )
    print(
        f"  final money: mean {statistics.mean(means):.1f}$, richest - poorest {statistics.mean(spreads):.1f}$ on average"
    )
    print("  largest source of the winner's lead over the runner-up:")
    for key, c in deciders.most_common():
        print(f"    {key}: {c / a.games:.1%}")
    print("  how games end (Vittoria finale):")
    for key, c in kinds.most_common():
        print(f"    {key}: {c / a.games:.1%}")
    print(
        "  length: "
        + ", ".join(f"{t} turns in {c} games" for t, c in sorted(turns.items()))
        + f"; {statistics.mean(decisions):.0f} decisions and {statistics.mean(lengths):.0f} actions a game"
        f" (min {min(lengths)}, max {max(lengths)})"
    )


if __name__ == "__main__":
    main()
