"""The hot loops of Twilight Struggle: the pure-Python reference (``_movegen_py``) and, when
built, the compiled twin (``_movegen_c``), with the compiled core (``_core_c``) that uses it.

Nothing here is switched at run time. ``rules``, ``state`` and ``heuristics`` (the reference)
call ``_movegen_py`` directly; ``_core_c`` calls ``_movegen_c`` directly. Which of the two a
game creates is decided by the game object (``game.TwilightGame(implementation)``): the
default is the compiled core when it is built, unless ``REALPOLITIK_PURE=1`` asks for the
reference (:data:`DEFAULT`).
"""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType

from realpolitik.engine.twilight import _movegen_py
from realpolitik.engine.twilight.board import ASIA, BOARD

__all__ = ["DEFAULT", "compiled", "compiled_core", "pure"]

COUNTRY_BASE = 900  # actions.COUNTRY_BASE (asserted there)

_READY: set[str] = set()


def _init(mod: ModuleType) -> ModuleType:
    """Give ``mod`` the board constants (once) and return it."""
    if mod.__name__ not in _READY:
        mod.init(
            BOARD.n, BOARD.stability, BOARD.adj_mask, BOARD.region_mask[ASIA], BOARD.sea_mask, COUNTRY_BASE
        )
        by_region = {v[0]: v for v in BOARD.scoring.values()}
        regions = [(BOARD.region_mask[r], *tuple(by_region[r][1:])) for r in range(len(by_region))]
        mod.init_scoring(regions, BOARD.bg_mask, BOARD.adj_superpower, BOARD.country("taiwan"), ASIA)
        _READY.add(mod.__name__)
    return mod


def pure() -> ModuleType:
    """The pure-Python reference loops."""
    return _movegen_py


def compiled() -> ModuleType | None:
    """The compiled loops if they are built, else None; None too under a user's data (the
    compiled module is one per process and holds the packaged board's constants)."""
    if not BOARD.packaged:
        return None
    try:
        from realpolitik.engine.twilight import _movegen_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _init(_movegen_c)


def compiled_core() -> ModuleType | None:
    """The compiled core (state class and rules' hot path) if it is built, else None."""
    if compiled() is None:
        return None
    try:
        from realpolitik.engine.twilight import _core_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    core: ModuleType = _core_c
    return core


_init(_movegen_py)


def _built(name: str) -> bool:
    """The compiled module ``name`` exists (found, not imported: importing ``_core_c`` here
    would import the rules while the state module is still half made, fail on the cycle and
    leave every game on the reference)."""
    try:
        return importlib.util.find_spec(f"realpolitik.engine.twilight.{name}") is not None
    except (ImportError, ValueError):
        return False


DEFAULT: str = (
    "pure"
    if os.environ.get("REALPOLITIK_PURE", "") not in ("", "0")
    or not (_built("_movegen_c") and _built("_core_c"))
    else "compiled"
)
"""The implementation a game gets unless it asks: ``compiled`` when built, ``pure`` when
``REALPOLITIK_PURE=1`` is set or the extensions are not built."""
