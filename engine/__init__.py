"""realpolitik game engines: one package per game, all behind ``engine.core.api``.

``load_game(name)`` returns a game by name or alias; ``available_games()`` lists the
registered names. Games are imported lazily: loading a game by its registry name never imports
another (an alias is read from the games' specs, so it loads them in name order until one answers).
"""

from __future__ import annotations

import importlib
from typing import Any

from realpolitik.engine.core.api import Game, UnknownGame

__all__ = ["available_games", "game_specs", "load_game"]

# name -> (module, factory attribute): where each game lives, nothing more. Aliases are listed
# once, in each game's ``GameSpec.aliases``, and read from there.
_REGISTRY: dict[str, tuple[str, str]] = {
    "twilight": ("realpolitik.engine.twilight.game", "GAME"),
    "ideology": ("realpolitik.engine.ideology.game", "GAME"),
    "waronterror": ("realpolitik.engine.waronterror.game", "GAME"),
    "invasion": ("realpolitik.engine.invasion.game", "GAME"),
}
_CACHE: dict[str, Game] = {}


def available_games() -> list[str]:
    """Registered game names, sorted."""
    return sorted(_REGISTRY)


def _canonical(name: str) -> str:
    """The registry name that ``name`` means: itself, or the game whose spec lists it as an
    alias. A registry name is resolved without importing anything; an alias loads the games
    in name order until one of them answers to it."""
    key = name.strip().lower()
    if key in _REGISTRY:
        return key
    for game in available_games():
        if key in (alias.lower() for alias in _load(game).spec.aliases):
            return game
    known = ", ".join(available_games())
    raise UnknownGame(f"unknown game '{name}'; available: {known}")


def _load(key: str) -> Game:
    if key not in _CACHE:
        module, attr = _REGISTRY[key]
        obj: Any = getattr(importlib.import_module(module), attr)
        _CACHE[key] = obj() if isinstance(obj, type) else obj
    return _CACHE[key]


def load_game(name: str) -> Game:
    """The game registered under ``name`` (or an alias).

    Args:
        name: Game name, e.g. ``twilight`` or ``ts``.

    Returns:
        The (cached) game object.

    Raises:
        UnknownGame: listing the available games.
    """
    return _load(_canonical(name))


def game_specs() -> list[Any]:
    """The ``GameSpec`` of every registered game, in name order."""
    return [load_game(n).spec for n in available_games()]
