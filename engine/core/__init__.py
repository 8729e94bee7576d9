"""The game-agnostic core: the interface, its presentation, map graphs and records."""

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
from realpolitik.engine.core.presentation import Presentation

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ChanceMode",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Information",
    "InvalidState",
    "Presentation",
    "RealpolitikError",
    "State",
    "UnknownGame",
]
