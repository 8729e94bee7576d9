"""The search tree's code: compiled (``ai/_tree_c``) or its pure-Python reference
(``ai/_tree_py``). Both have the same names (``Node``, ``select``, ``backpropagate``) and give
the same trees.

A search names the one it uses (``SearchConfig.tree``); :data:`DEFAULT` is the reference when
``REALPOLITIK_PURE=1`` is set or the extension is not built, else the compiled one. Nothing is
switched process-wide.
"""

from __future__ import annotations

import os
from types import ModuleType

from realpolitik.ai import _tree_py

__all__ = ["DEFAULT", "compiled", "module", "pure"]


def pure() -> ModuleType:
    """The pure-Python reference."""
    return _tree_py


def compiled() -> ModuleType | None:
    """The compiled module if it is built, else None."""
    try:
        from realpolitik.ai import _tree_c  # type: ignore[attr-defined]
    except ImportError:
        return None
    mod: ModuleType = _tree_c
    return mod


DEFAULT: str = (
    "pure" if os.environ.get("REALPOLITIK_PURE", "") not in ("", "0") or compiled() is None else "compiled"
)
"""The tree code a search uses unless its config names one."""


def module(name: str | None = None) -> ModuleType:
    """The tree code called ``name`` (``pure`` or ``compiled``; None: :data:`DEFAULT`).

    Raises:
        ValueError: for an unknown name or a compiled tree that is not built.
    """
    name = name or DEFAULT
    if name == "pure":
        return _tree_py
    if name == "compiled":
        mod = compiled()
        if mod is None:
            raise ValueError("the compiled search tree is not built (pip install . with a C compiler)")
        return mod
    raise ValueError(f"unknown tree implementation '{name}'; known: pure, compiled")
