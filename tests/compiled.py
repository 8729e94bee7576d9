"""What a test of a compiled module does when the module is not built."""

from __future__ import annotations

import os

import pytest


def require_built(module: object | None, what: str) -> None:
    """Skip the calling test when ``module`` (``what``, e.g. "the compiled engine") is None,
    that is not built; under CI (``CI`` set) fail instead, since the build must make it."""
    if module is not None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is not built (pip install . needs a C compiler)")
    pytest.skip(f"{what} is not built")
