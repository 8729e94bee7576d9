"""Play many seeded random games of one game and count engine errors (a robustness figure).

    python -m realpolitik.bench.random_games invasion --games 2000

Games are spread over the game's player counts (seed ``k`` plays ``k``-th count in turn);
chance outcomes are drawn by their probabilities, decisions uniformly, from a
``random.Random(seed)``. Every step checks the state's invariants. Prints the
games played, the errors (with the first few seeds) and the time.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback

from realpolitik.bench.common import random_action
from realpolitik.engine import load_game


def play_one(name: str, players: int, seed: int, check: bool = True) -> int:
    """One random game to the end; returns its length; raises on an engine error or a broken
    invariant."""
    game = load_game(name)
    state = game.new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
        steps += 1
        if steps > game.spec.max_game_length:
            raise RuntimeError(f"seed {seed}: no end within {game.spec.max_game_length} actions")
        if check:
            bad = state.check_invariants()
            if bad:
                raise RuntimeError(f"seed {seed}: {bad}")
    return steps


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m realpolitik.bench.random_games", description=__doc__.splitlines()[0]
    )
    p.add_argument("game")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--no-check", action="store_true", help="skip the invariants (faster)")
    a = p.parse_args(argv)
    spec = load_game(a.game).spec
    counts = list(range(spec.min_players, spec.max_players + 1))
    errors: list[str] = []
    steps = 0
    start = time.perf_counter()
    for k in range(a.games):
        seed = a.first_seed + k
        players = counts[k % len(counts)]
        try:
            steps += play_one(spec.name, players, seed, check=not a.no_check)
        except Exception as exc:
            errors.append(f"seed {seed}, {players} players: {exc!r}")
            if len(errors) == 1:
                traceback.print_exc()
    took = time.perf_counter() - start
    print(f"{spec.name}: {a.games} random games, {steps} actions, {len(errors)} engine errors, {took:.1f} s")
    for e in errors[:5]:
        print("  " + e)


if __name__ == "__main__":
    main()
