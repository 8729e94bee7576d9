"""Chooses the compiled hot loops (``_movegen_c``) and core (``_core_c``), or the pure-Python
reference (``_movegen_py`` with ``rules``).

``REALPOLITIK_PURE=1`` forces the reference; so does a missing compiled extension (``IMPL``
then says ``pure`` and ``realpolitik bench`` warns). Both modules have identical signatures.
"""

from __future__ import annotations

import os
from types import ModuleType

from realpolitik.engine.twilight import _movegen_py
from realpolitik.engine.twilight.board import ASIA, BOARD

COUNTRY_BASE = 900  # actions.COUNTRY_BASE (asserted there)


def _load() -> ModuleType:
    if os.environ.get("REALPOLITIK_PURE", "") not in ("", "0"):
        return _movegen_py
    try:
        from realpolitik.engine.twilight import _movegen_c  # type: ignore[attr-defined]
    except ImportError:
        return _movegen_py
    return _movegen_c


_READY: set[str] = set()


def init(mod: ModuleType) -> ModuleType:
    """Give ``mod`` the board constants (once) and return it."""
    if mod.__name__ not in _READY:
        mod.init(
            BOARD.n, BOARD.stability, BOARD.adj_mask, BOARD.region_mask[ASIA], BOARD.sea_mask, COUNTRY_BASE
        )
        by_region = {v[0]: v for v in BOARD.scoring.values()}
        regions = [(BOARD.region_mask[r],) + tuple(by_region[r][1:]) for r in range(len(by_region))]
        mod.init_scoring(regions, BOARD.bg_mask, BOARD.adj_superpower, BOARD.country("taiwan"), ASIA)
        _READY.add(mod.__name__)
    return mod


init(_movegen_py)
MG: ModuleType = init(_load())
IMPL: str = MG.IMPL


# The compiled core (``_core_c``: state class and rules hot path) when the loops in use are the
# compiled ones, else None (states are then ``TSState`` run by ``rules``). Set by ``load_core``
# once ``rules`` is importable (``game`` calls it), and by ``use``.
CORE: ModuleType | None = None


def compiled_core() -> ModuleType | None:
    """The compiled core module if it is built, else None."""
    try:
        from realpolitik.engine.twilight import _core_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _core_c


def load_core() -> ModuleType | None:
    """Select the core that matches the selected loops (called once by ``game``)."""
    global CORE
    CORE = compiled_core() if IMPL == "compiled" else None
    return CORE


def use(mod: ModuleType) -> None:
    """Switch every caller to ``mod`` (tests and bench compare the two implementations): its
    loops, and for states created from now on the matching core (compiled or ``rules``)."""
    global MG, IMPL, CORE
    MG = init(mod)
    IMPL = mod.IMPL
    CORE = compiled_core() if IMPL == "compiled" else None
    from realpolitik.engine.twilight import heuristics, rules, state

    state.bind(MG)
    rules.bind(MG)
    heuristics.bind(MG)


def pure() -> ModuleType:
    """The pure-Python reference module."""
    return _movegen_py


def compiled() -> ModuleType | None:
    """The compiled module if it is built, else None (for differential tests and bench)."""
    try:
        from realpolitik.engine.twilight import _movegen_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    return init(_movegen_c)
