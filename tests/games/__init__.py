"""Games kept with the tests, written against the skeleton; ``register()`` makes them loadable
by name for the suites that run every game (they are never listed by ``available_games()``)."""

from __future__ import annotations

from realpolitik.engine import register_game

TEST_GAMES = ("dicenim",)
"""The test games' registry names."""


def register() -> None:
    """Make the test games loadable by name (idempotent)."""
    register_game("dicenim", "tests.games.dicenim", "GAME", listed=False)


def every_game() -> list[str]:
    """The registered games and the test games (registered here), for the suites that run
    every game: conformance, fuzz and the CLI's."""
    from realpolitik.engine import available_games

    register()
    return [*available_games(), *TEST_GAMES]
