"""Levels are budgets: each game names its own in its spec (``GameSpec.levels``), sized to its
search speed; a game that names none gets the core's defaults."""

from __future__ import annotations

import pytest

from realpolitik.ai.bots import parse_spec
from realpolitik.cli.levels import LEVELS, ai_spec, hint_spec, level_spec
from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import DEFAULT_LEVELS

GAME_LEVELS = {name: load_game(name).spec.levels for name in available_games()}


def _iters(spec: str) -> int:
    return int(parse_spec(spec)[1]["iters"])


def test_every_game_table_names_every_level() -> None:
    for game, table in GAME_LEVELS.items():
        assert set(table) == set(LEVELS), game


def test_games_have_their_own_budgets_others_the_generic_ones() -> None:
    assert level_spec("normal", "twilight") == GAME_LEVELS["twilight"]["normal"]
    assert level_spec("normal", "ideology") == GAME_LEVELS["ideology"]["normal"]
    assert level_spec("normal") == DEFAULT_LEVELS["normal"]
    assert _iters(ai_spec(None, "normal", 7, "twilight")) == _iters(GAME_LEVELS["twilight"]["normal"])
    assert _iters(ai_spec(None, "normal", 7)) == _iters(DEFAULT_LEVELS["normal"])


def test_levels_grow_in_iterations_in_every_table() -> None:
    for table in [DEFAULT_LEVELS, *GAME_LEVELS.values()]:
        assert _iters(table["easy"]) < _iters(table["normal"]) < _iters(table["hard"])


def test_a_searcher_without_a_budget_gets_the_games_level_budget() -> None:
    spec = ai_spec("ismcts:c=1.0", "hard", 3, "twilight")
    assert _iters(spec) == _iters(GAME_LEVELS["twilight"]["hard"])
    assert parse_spec(spec)[1]["c"] == "1.0"
    assert _iters(hint_spec("random", "normal", "twilight")) == _iters(GAME_LEVELS["twilight"]["normal"])


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ai_spec(None, "brutal", 1, "twilight")
