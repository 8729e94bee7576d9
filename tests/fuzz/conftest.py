"""Hypothesis profiles for the fuzz suite.

``fast`` (the default, what ``make test`` runs): a few hundred examples over the whole suite,
seeded by the test's name (derandomized), so a run is repeatable and quick. ``fuzz`` (``make
fuzz``, or ``REALPOLITIK_FUZZ=1``): many more examples, fresh randomness every run, for the
nightly kind of run. See docs/reliability.md.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests.cli.conftest import cli, runner

__all__ = ["cli", "runner"]

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile(
    "fast", max_examples=20, stateful_step_count=25, deadline=None, derandomize=True,
    suppress_health_check=_SLOW_OK, print_blob=True,
)  # fmt: skip
settings.register_profile(
    "fuzz", max_examples=400, stateful_step_count=80, deadline=None, derandomize=False,
    suppress_health_check=_SLOW_OK, print_blob=True,
)  # fmt: skip
settings.load_profile("fuzz" if os.environ.get("REALPOLITIK_FUZZ") else "fast")
