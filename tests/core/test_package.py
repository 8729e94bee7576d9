"""The installed package: everything lives under ``realpolitik``; no generic top-level name
(``engine``, ``ai``, ``cli``, ``bench``, ``interop``) is importable or imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GENERIC = ("engine", "ai", "cli", "bench", "interop")

PROBE = """
import importlib.util, sys
import realpolitik.cli.main, realpolitik.bench.measure
from realpolitik.engine import available_games, load_game
for name in available_games():
    load_game(name).new_initial_state(seed=1)
generic = {GENERIC!r}
print("imported:", sorted(m for m in sys.modules if m.split(".")[0] in generic))
print("findable:", sorted(n for n in generic if importlib.util.find_spec(n) is not None))
"""


def test_no_generic_top_level_package_is_importable_or_imported(tmp_path: Path) -> None:
    """Run from an empty folder, so the repository is not on ``sys.path``: what imports is the
    installed package (editable or wheel)."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE.replace("{GENERIC!r}", repr(GENERIC))],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "imported: []" in out
    assert "findable: []" in out


def test_the_console_script_is_installed_under_the_package_name() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "realpolitik"]
    assert script.value == "realpolitik.cli.main:app"
