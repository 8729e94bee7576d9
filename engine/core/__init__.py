"""The game-agnostic core: the interface, map graphs and records."""

from realpolitik.engine.core.api import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    Game,
    GameSpec,
    IllegalAction,
    Information,
    InvalidState,
    RealpolitikError,
    State,
    UnknownGame,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ChanceMode",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Information",
    "InvalidState",
    "RealpolitikError",
    "State",
    "UnknownGame",
]
