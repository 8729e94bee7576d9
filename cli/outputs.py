"""The files commands write besides saves: plots (``--plot``) and weights (``--out``).

Each goes through the one output rule of :mod:`realpolitik.engine.core.files`: checked before
the work starts, written atomically, and an existing file replaced only when it is one of ours of
the same kind (or with ``--force`` where a command offers it). When writing fails after long
work, the work is written under a new name in the current (or temporary) folder and the name is
printed, so nothing computed is lost.
"""

from __future__ import annotations

import io
import os
from typing import Any

import typer

from realpolitik.cli.common import CliError
from realpolitik.engine.core.files import (
    FileRefused,
    check_output,
    rescue_folders,
    shown,
    write_atomic,
    write_new_file,
)

__all__ = ["PLOT_KIND", "check_plot_path", "is_our_png", "plot_option", "write_plot"]

PLOT_KIND = "a PNG plot written by realpolitik"
_PNG = b"\x89PNG\r\n\x1a\n"
_MARK = b"Software\x00realpolitik"
"""The PNG text chunk every plot carries, so a later run knows the file is its own."""


def plot_option(help: str) -> Any:
    """The ``--plot FILE`` option, ``help`` saying what the PNG shows."""
    return typer.Option("--plot", help=help, dir_okay=False)


def is_our_png(raw: bytes) -> bool:
    """Whether a file's bytes are a PNG this program wrote (another PNG is not replaced)."""
    return raw.startswith(_PNG) and _MARK in raw[:4096]


def check_plot_path(path: str | os.PathLike[str], flag: str = "--plot") -> None:
    """Refuse, before any work, a plot file that could not be written or holds something else.

    Raises:
        CliError: naming the option, the file and the problem.
    """
    try:
        check_output(path, kind=PLOT_KIND, is_ours=is_our_png, verb=f"write {flag}")
    except FileRefused as exc:
        raise CliError(str(exc)) from None


def write_plot(fig: Any, path: str | os.PathLike[str], flag: str = "--plot") -> None:
    """Write a matplotlib figure as a PNG, atomically, marked as ours.

    When the file cannot be written (it changed since it was checked, the disk is full), the
    plot is written under a new name in the current or temporary folder.

    Raises:
        CliError: naming the file, why, and where the plot is instead (if anywhere).
    """
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": "realpolitik"})
    data = buf.getvalue()
    try:
        write_atomic(path, data, kind=PLOT_KIND, is_ours=is_our_png, verb=f"write {flag}")
    except FileRefused as exc:
        stem = os.path.splitext(os.path.basename(os.fspath(path)))[0] or "plot"
        where, _ = write_new_file(
            rescue_folders(), f"{stem}-rescue", ".png", data, kind=PLOT_KIND, is_ours=is_our_png
        )
        instead = f"; the plot is in {shown(where)} instead" if where else ""
        raise CliError(f"{exc}{instead}") from None
