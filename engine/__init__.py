"""realpolitik game engines: one package per game, all behind ``engine.core.api``.

``load_game(name)`` returns a game by name or alias; ``available_games()`` lists the
registered names. Games are imported lazily: loading a game by its registry name never imports
another (an alias is read from the games' specs, so it loads them in name order until one answers).

A game's component data is read once, when its modules are imported, and the modules compute
their tables from it. ``use_data(name, folder)`` gives the game reading a user's folder (files
there replace the packaged ones, name by name): it imports the game's Python modules afresh
with that folder (the set already imported is kept aside and comes back when asked for again),
and sets the game's environment variable (``REALPOLITIK_<GAME>_DATA``) so that the processes
this one starts (tournament workers) read the same folder. The data a process uses is one per
game at a time; states made under other data must not be used after a switch.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from realpolitik.engine.core.api import Game, HasDataFiles, InvalidState, UnknownGame
from realpolitik.engine.core.datafiles import data_env_var, unknown_files

__all__ = ["available_games", "data_in_use", "game_specs", "load_game", "register_game", "use_data"]

# name -> (module, factory attribute): where each game lives, nothing more. Aliases are listed
# once, in each game's ``GameSpec.aliases``, and read from there.
_REGISTRY: dict[str, tuple[str, str]] = {
    "twilight": ("realpolitik.engine.twilight.game", "GAME"),
    "ideology": ("realpolitik.engine.ideology.game", "GAME"),
    "waronterror": ("realpolitik.engine.waronterror.game", "GAME"),
    "invasion": ("realpolitik.engine.invasion.game", "GAME"),
}
_UNLISTED: set[str] = set()
"""Games loadable by name that ``available_games()`` does not list (the tests' own games)."""

_CACHE: dict[str, Game] = {}


def register_game(name: str, module: str, attr: str = "GAME", *, listed: bool = True) -> None:
    """Register a game: ``load_game(name)`` imports ``module`` and takes its ``attr`` (a game
    object or its class). ``listed=False`` keeps it out of ``available_games()`` (and so out
    of ``realpolitik games``): the tests register their own games so.

    Raises:
        InvalidState: ``name`` is taken by another game.
    """
    key = name.strip().lower()
    if _REGISTRY.get(key, (module, attr)) != (module, attr):
        raise InvalidState(f"a game named '{key}' is registered already")
    _REGISTRY[key] = (module, attr)
    if not listed:
        _UNLISTED.add(key)


def available_games() -> list[str]:
    """Registered game names, sorted (those registered with ``listed=False`` left out)."""
    return sorted(k for k in _REGISTRY if k not in _UNLISTED)


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


_ENV0 = {k: os.environ.get(k) for k in os.environ if k.startswith("REALPOLITIK_") and k.endswith("_DATA")}
"""The data folders set in the environment when the process started: a game's default data."""
_DATA: dict[str, str | None] = {}
"""Per game: the folder its imported modules read (None: the packaged files)."""
_SETS: dict[tuple[str, str | None], tuple[dict[str, ModuleType], Game | None, tuple[Any, ...]]] = {}
"""Module sets kept aside: (game, folder) -> (its Python modules, its game object, the folder's
files when they were read: a set whose files changed since is imported afresh)."""
_STAMPS: dict[tuple[str, str | None], tuple[Any, ...]] = {}


def _stamp(folder: str | None) -> tuple[Any, ...]:
    """What a folder's files were (name, size, modification time), to notice an edit."""
    if folder is None or not Path(folder).is_dir():
        return ()
    return tuple(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in Path(folder).iterdir()))


def _default_folder(key: str) -> str | None:
    raw = _ENV0.get(data_env_var(key))
    return str(Path(raw).resolve()) if raw else None


def data_in_use(name: str) -> str | None:
    """The user's folder the game ``name`` reads now (None: the packaged files)."""
    key = _canonical(name)
    return _DATA.get(key, _default_folder(key))


def _package(key: str) -> str:
    return _REGISTRY[key][0].rpartition(".")[0]


def _python_modules(package: str) -> dict[str, ModuleType]:
    """The package's imported modules, compiled extensions left out (they cannot be imported
    twice; a game whose compiled core reads its data leaves it to the packaged data)."""
    out: dict[str, ModuleType] = {}
    for name, mod in list(sys.modules.items()):
        if mod is None or not (name == package or name.startswith(package + ".")):
            continue
        if str(getattr(mod, "__file__", "") or "").endswith((".so", ".pyd")):
            continue
        out[name] = mod
    return out


def _install(key: str, folder: str | None) -> None:
    """Make ``folder``'s module set the one imported for game ``key`` (lazily: a set never
    imported is imported by the next ``load_game``)."""
    package = _package(key)
    current = data_in_use(key)
    mods = _python_modules(package)
    if mods:
        _SETS[(key, current)] = (mods, _CACHE.get(key), _STAMPS.get((key, current), ()))
        for name in mods:
            del sys.modules[name]
    _CACHE.pop(key, None)
    env = data_env_var(key)
    if folder is None:
        os.environ.pop(env, None)
    else:
        os.environ[env] = folder
    _DATA[key] = folder
    kept = _SETS.pop((key, folder), None)
    if kept is not None and kept[2] != _stamp(folder):
        kept = None
    _STAMPS[(key, folder)] = _stamp(folder)
    if kept is not None:
        sys.modules.update(kept[0])
        if kept[1] is not None:
            _CACHE[key] = kept[1]
    parent, _, leaf = package.rpartition(".")
    pkg = sys.modules.get(package)
    if pkg is not None:
        setattr(sys.modules[parent], leaf, pkg)


def use_data(name: str, folder: str | os.PathLike[str] | None) -> Game:
    """The game ``name`` reading its data from a user's ``folder`` (files there replace the
    packaged ones of the same name); the packaged files alone for ``""``; the process's default
    data (the folder its environment variable named at start, else the packaged files) for None.

    Raises:
        UnknownGame: for an unknown name.
        InvalidState: the folder is missing, holds a data-like file the game does not read,
            or a file does not validate (one line naming the file, line and field).
    """
    key = _canonical(name)
    if folder is None:
        want = _default_folder(key)
    elif str(folder) == "":
        want = None
    else:
        want = str(Path(folder).resolve())
    if want is not None and folder is not None and not Path(want).is_dir():
        raise InvalidState(f"--data: '{folder}' is not a folder")
    previous = data_in_use(key)
    if want == previous and (want is None or _STAMPS.get((key, want)) == _stamp(want)):
        return _load(key)
    _install(key, want)
    try:
        game = _load(key)
    except Exception:  # drop the half-imported set, bring the previous one back
        for mod in _python_modules(_package(key)):
            del sys.modules[mod]
        _install(key, previous)
        raise
    if want is not None and isinstance(game, HasDataFiles):
        files = list(game.data_files())
        stray = unknown_files(want, files)
        if stray:
            _install(key, previous)
            raise InvalidState(
                f"--data: {', '.join(stray)} in '{folder}' is not a file {game.spec.name} reads "
                f"(its files: {', '.join(files)})"
            )
    return game
