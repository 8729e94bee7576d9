"""Shared settings of the adapter tests."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import available_games, load_game

SHORT: dict[str, dict[str, Any]] = {"ideology": {"max_turns": 1}}
"""Options that keep a whole random game short where a game has them (Ideology's turn limit);
a game not listed plays at its defaults."""


def game_counts() -> list[tuple[str, int]]:
    """Every registered game at every player count."""
    return [
        (name, n)
        for name in available_games()
        for n in range(load_game(name).spec.min_players, load_game(name).spec.max_players + 1)
    ]
