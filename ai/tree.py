"""Chooses the compiled search-tree code (``ai/_tree_c``) or its pure-Python reference
(``ai/_tree_py``): the reference when ``REALPOLITIK_PURE=1`` is set or the extension is not built.
Both have the same names (``Node``, ``select``, ``backpropagate``) and give the same trees."""

from __future__ import annotations

import os
from types import ModuleType

from realpolitik.ai import _tree_py


def _load() -> ModuleType:
    if os.environ.get("REALPOLITIK_PURE", "") not in ("", "0"):
        return _tree_py
    try:
        from realpolitik.ai import _tree_c  # type: ignore[attr-defined]
    except ImportError:
        return _tree_py
    return _tree_c


TREE: ModuleType = _load()
IMPL: str = TREE.IMPL


def pure() -> ModuleType:
    """The pure-Python reference."""
    return _tree_py


def compiled() -> ModuleType | None:
    """The compiled module if it is built, else None."""
    try:
        from realpolitik.ai import _tree_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _tree_c
