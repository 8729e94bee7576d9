"""realpolitik game engines: one package per game, all behind ``engine.core.api``.

``load_game(name)`` returns a game by name or alias; ``available_games()`` lists the
registered names. Games are imported lazily, so loading one game never imports another.
"""

from __future__ import annotations

import importlib
from typing import Any

from realpolitik.engine.core.api import Game, UnknownGame

__all__ = ["available_games", "game_specs", "load_game"]

# name -> (module, factory attribute). Aliases resolve through each spec.
_REGISTRY: dict[str, tuple[str, str]] = {
    "twilight": ("realpolitik.engine.twilight.game", "GAME"),
    "ideology": ("realpolitik.engine.ideology.game", "GAME"),
    "waronterror": ("realpolitik.engine.waronterror.game", "GAME"),
    "invasion": ("realpolitik.engine.invasion.game", "GAME"),
}
_ALIASES: dict[str, str] = {
    "ts": "twilight",
    "twilight-struggle": "twilight",
    "twilight_struggle": "twilight",
    "ideology-war-of-ideas": "ideology",
    "war-on-terror": "waronterror",
    "wot": "waronterror",
    "how-to-invade": "invasion",
}
_CACHE: dict[str, Game] = {}


def available_games() -> list[str]:
    """Registered game names, sorted."""
    return sorted(_REGISTRY)


def _canonical(name: str) -> str:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _REGISTRY:
        known = ", ".join(available_games())
        raise UnknownGame(f"unknown game '{name}'; available: {known}")
    return key


def load_game(name: str) -> Game:
    """The game registered under ``name`` (or an alias).

    Args:
        name: Game name, e.g. ``twilight`` or ``ts``.

    Returns:
        The (cached) game object.

    Raises:
        UnknownGame: listing the available games.
    """
    key = _canonical(name)
    if key not in _CACHE:
        module, attr = _REGISTRY[key]
        obj: Any = getattr(importlib.import_module(module), attr)
        _CACHE[key] = obj() if isinstance(obj, type) else obj
    return _CACHE[key]


def game_specs() -> list[Any]:
    """The ``GameSpec`` of every registered game, in name order."""
    return [load_game(n).spec for n in available_games()]
