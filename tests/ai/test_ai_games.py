"""The bots on every registered real game (skipped while a game is not implemented yet)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.engine import available_games, load_game
from tests.ai.toygames import random_positions

POSITIONS = 30
SPECS = ["random", "heuristic", "ismcts:iters=20"]


def load_or_skip(name: str) -> Any:
    """The game, or a skip naming why it cannot be played yet."""
    try:
        game = load_game(name)
        game.new_initial_state(seed=0)
    except Exception as exc:  # not registered, not importable or not implemented yet
        pytest.skip(f"game '{name}' is not playable yet: {type(exc).__name__}: {exc}")
    return game


@pytest.mark.parametrize("name", available_games())
@pytest.mark.parametrize("spec", SPECS)
def test_bots_choose_legal_actions_in_real_games(name: str, spec: str) -> None:
    game = load_or_skip(name)
    positions = random_positions(game, POSITIONS, seed=2024, max_walk=300)
    assert len(positions) == POSITIONS, f"{name}: could not reach {POSITIONS} decision positions"
    bot = make_bot(spec)
    for state in positions:
        seat = state.current_player()
        legal = state.legal_actions()
        before = (list(state.history), state.to_json())
        action = bot.step(state, seat)
        assert action in legal, f"{name}: {spec} chose {action}, legal {legal}"
        assert (list(state.history), state.to_json()) == before, f"{name}: {spec} modified the state"
