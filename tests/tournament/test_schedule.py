"""Seat rotation and seeds: every bot plays every seat equally often; seeds derive from --seed."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from realpolitik.ai.tournament import game_seed, make_config, make_task, seat_order, seeded_spec

MINI = "tests.tournament.minigame:GAME"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_block_of_n_games_seats_each_bot_once_per_seat(n: int) -> None:
    for block in range(math.factorial(n) // n + 2):
        orders = [seat_order(block * n + k, n) for k in range(n)]
        for order in orders:
            assert sorted(order) == list(range(n))  # a permutation: one bot per seat
        for seat in range(n):
            assert sorted(o[seat] for o in orders) == list(range(n))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_n_factorial_games_run_through_every_seat_permutation_once(n: int) -> None:
    orders = [seat_order(i, n) for i in range(math.factorial(n))]
    assert sorted(orders) == sorted(itertools.permutations(range(n)))
    assert [seat_order(i + math.factorial(n), n) for i in range(n)] == orders[:n]  # then it repeats


def test_two_players_alternate_seats() -> None:
    assert [seat_order(i, 2) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_three_player_tasks_are_balanced_over_seats() -> None:
    cfg = make_config(MINI, [("a", "random"), ("b", "heuristic"), ("c", "random:seed=5")], games=12)
    tasks = [make_task(cfg, i, "k") for i in range(cfg.games)]
    count = Counter((seat, bot) for t in tasks for seat, bot in enumerate(t.bots))
    assert set(count.values()) == {4} and len(count) == 9  # 3 bots x 3 seats, 4 games each
    for t in tasks:
        assert sorted(t.bots) == ["a", "b", "c"]
        # specs follow their bots; a spec with its own seed keeps it, the others get the game's
        for bot, spec in zip(t.bots, t.specs):
            assert spec == "random:seed=5" if bot == "c" else spec.startswith(dict(cfg.bots)[bot] + ":seed=")


def test_game_seeds_derive_from_the_tournament_seed_only() -> None:
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert game_seed(8, 0) != seeds[0]
    assert seeded_spec("random", 1, 0) != seeded_spec("random", 1, 1)  # two copies differ
    assert seeded_spec("random:seed=3", 1, 0) == "random:seed=3"


def test_config_checks_bots_and_players() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_config("twilight", [("a", "nosuchbot"), ("b", "random")], games=1)
    with pytest.raises(Exception, match="given twice"):
        make_config("twilight", [("a", "random"), ("a", "random")], games=1)
    with pytest.raises(Exception, match="--players 3 but 2"):
        make_config("twilight", [("a", "random"), ("b", "random")], games=1, players=3)
    with pytest.raises(Exception, match="players"):
        make_config("twilight", [("a", "random"), ("b", "random"), ("c", "random")], games=1)
    cfg = make_config("ts", [("a", "ismcts:iters=5"), ("b", "random")], games=2)
    assert cfg.game == "twilight" and cfg.bots[0] == ("a", "ismcts:iters=5")
