"""Seeded random games at 3, 4 and 5 players end without an engine error, invariants checked at
every step. The 2,000-game figure is measured by ``python -m realpolitik.bench.random_games
invasion --games 2000`` (docs/invasion.md); the suite plays a quick sample of it."""

from __future__ import annotations

import random

from realpolitik.bench.common import random_playout
from realpolitik.bench.random_games import play_one
from realpolitik.engine.invasion.game import GAME


def test_random_games_at_every_player_count_end_cleanly() -> None:
    for k in range(30):
        players = 3 + k % 3
        steps = play_one("invasion", players, 5000 + k)
        assert steps > 50


def test_a_random_game_ends_with_a_winner_and_final_wealth() -> None:
    s = GAME.new_initial_state(players=4, seed=9)
    random_playout(s, random.Random(9))
    assert s.wealth is not None and abs(sum(s.returns()) - 1.0) < 1e-9
    assert s.scores() == [w / 2 for w in s.wealth]
    assert any(line.startswith("-- end of the game") for line in s.log)
