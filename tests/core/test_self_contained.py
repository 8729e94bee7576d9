"""The repository stands on its own (docs/architecture.md, house style): no path of any machine,
no folder outside the repository, no work-tracking numbers, in code or docs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("engine", "ai", "cli", "bench", "docs", "tests")
TOP_FILES = ("README.md", "Makefile", "setup.py", "pyproject.toml")
SUFFIXES = {".py", ".pyx", ".md", ".toml", ".csv", ".cfg", ".txt", ".yaml", ".yml"}

FORBIDDEN = {
    "an absolute path of a machine": re.compile(r"(?<![\w.])/(?:work|home|Users|root|mnt)/\w"),
    "a folder outside the repository": re.compile(r"\.\./shared|\bshared/(?:seeds|reference)\b"),
    "a work-tracking number": re.compile(r"\b[Ii]ssue\s+#?\d+|\bISSUE\b"),
    "a document outside the repository": re.compile(r"\bDESIGN\.md\b"),
}


def _files() -> list[Path]:
    out = [ROOT / name for name in TOP_FILES if (ROOT / name).exists()]
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "golden/data" not in path.as_posix():
                out.append(path)
    return out


def test_no_machine_paths_outside_folders_or_tracking_numbers() -> None:
    me = Path(__file__).resolve()
    found = []
    for path in _files():
        if path == me:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for what, pattern in FORBIDDEN.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {what}: {line.strip()[:100]}")
    assert not found, "\n".join(found)
