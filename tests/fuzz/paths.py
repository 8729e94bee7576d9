"""Paths a file check must refuse, shared by the fuzz tests of outputs and weights files."""

from __future__ import annotations

import os
from pathlib import Path


def special_path(tmp_path: Path, kind: str) -> Path:
    """A path of the given ``kind`` under ``tmp_path``, made ready: a device (``/dev/...``,
    returned as it is), ``fifo``, ``folder``, ``loop`` (a symbolic-link loop), ``dangling`` (a
    link to nothing), ``missing-folder`` (a file in a folder that does not exist) or ``huge``
    (a sparse file that claims a gigabyte)."""
    if kind.startswith("/dev/"):
        return Path(kind)
    p = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "folder":
        p.mkdir()
    elif kind == "loop":
        os.symlink(tmp_path / "loop2", p)
        os.symlink(p, tmp_path / "loop2")
    elif kind == "dangling":
        os.symlink(tmp_path / "nowhere" / "x", p)
    elif kind == "missing-folder":
        p = tmp_path / "no" / "such" / "file"
    elif kind == "huge":
        with open(p, "wb") as f:
            f.truncate(1 << 30)
    else:
        raise ValueError(f"no special path of kind {kind!r}")
    return p
