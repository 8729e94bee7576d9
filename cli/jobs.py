"""What every long command (``tournament``, ``balance``, ``tune``, ``train``, ``review``) shares:
where its work runs (``--workers``, ``--backend local|ray``, ``--address HOST:PORT``) and its
progress bar (tqdm on standard error with the rate and the time left; off without a terminal,
with ``--json`` or with ``--quiet``). A command declares the options with the aliases below
and checks them once, before any work, into a :class:`Work` it passes down. The executors
themselves are ``ai.tournament``'s.
"""

from __future__ import annotations

import enum
import importlib.util
import os
import sys
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from realpolitik.ai.tournament import RAY_INSTALL_HINT, Executor, check_address, open_executor
from realpolitik.cli.common import CliError

__all__ = [
    "AddressOption",
    "Backend",
    "BackendOption",
    "GamesWorkersOption",
    "Progress",
    "QuietOption",
    "Work",
    "check_backend",
    "check_data_backend",
    "open_work",
    "progress_wanted",
    "workers_option",
]


class Backend(enum.StrEnum):
    """Where the work runs."""

    local = "local"
    ray = "ray"


def workers_option(what: str) -> Any:
    """The ``--workers`` option, ``what`` naming the work units (``Games``, ``Positions``)."""
    return typer.Option(
        "--workers",
        min=1,
        help=f"{what} at once (default: every core; with --backend ray: the cluster's CPUs).",
    )


GamesWorkersOption = Annotated[int | None, workers_option("Games")]
"""``--workers`` of the commands whose work units are games."""

BackendOption = Annotated[
    Backend,
    typer.Option(
        "--backend",
        help="local: processes on this machine; ray: Ray tasks (a private local Ray, or the cluster at --address).",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="HOST:PORT",
        help="A running Ray cluster's head (ray start --head), with --backend ray (default: a private local Ray).",
    ),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


def _ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def check_backend(backend: Backend, address: str | None) -> None:
    """The backend options, checked before any work: an address needs the Ray backend, the
    Ray backend needs Ray, and a cluster must answer at the address.

    Raises:
        CliError: one line saying which.
    """
    if address and backend is not Backend.ray:
        raise CliError("--address needs --backend ray")
    if backend is Backend.ray and not _ray_installed():
        raise CliError(RAY_INSTALL_HINT)
    if address:
        check_address(address)


def check_data_backend(backend: Backend, data: object | None) -> None:
    """``--data`` reaches a command's local processes (through the environment they inherit),
    not Ray's workers, which read the packaged files: ``tune``, ``train`` and ``review`` refuse
    the two together rather than compute with other data than asked. (``tournament`` and
    ``balance`` name the folder in each game, so theirs go to Ray too.)

    Raises:
        CliError: ``--data`` with ``--backend ray``.
    """
    if data is not None and backend is Backend.ray:
        raise CliError(
            "--data works with --backend local only for this command (Ray's workers read the packaged data)"
        )


def open_work(
    backend: Backend, workers: int | None, address: str | None, *, todo: int, game: str | None = None
) -> Executor:
    """The executor the options ask for (see :func:`ai.tournament.open_executor`); close it
    (``with``) when the work is done. The command has checked the options with
    :func:`check_backend` before any work (the executor probes a cluster's address itself)."""
    return open_executor(backend.value, workers, address, todo=todo, game=game)


def progress_wanted(as_json: bool = False, quiet: bool = False) -> bool:
    """A progress bar is drawn only on a terminal, and never with ``--json`` or ``--quiet``."""
    return not (as_json or quiet) and sys.stderr.isatty()


class Progress:
    """A tqdm bar on standard error: done, total, rate and the time left (nothing when not
    ``enabled``, or when nothing is left to do)."""

    def __init__(
        self, total: int, unit: str, enabled: bool, *, initial: int = 0, desc: str | None = None
    ) -> None:
        self.bar: Any = None
        if enabled and initial < total:
            from tqdm import tqdm

            try:  # a terminal that reports no width (some ptys) gets a fixed one
                wide = os.get_terminal_size(sys.stderr.fileno()).columns > 0
            except OSError:
                wide = False
            size: dict[str, Any] = {"dynamic_ncols": True} if wide else {"ncols": 100, "nrows": 24}
            self.bar = tqdm(total=total, initial=initial, unit=unit, desc=desc, file=sys.stderr, **size)

    def update(self, n: int = 1) -> None:
        """``n`` more units done."""
        if self.bar is not None and n:
            self.bar.update(n)

    def postfix(self, text: str) -> None:
        """Text after the bar (win rates so far, errors)."""
        if self.bar is not None:
            self.bar.set_postfix_str(text)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class Work:
    """Where a long command's work runs and whether it draws a progress bar: its options,
    checked once before any work (:meth:`check`) and passed down as one object."""

    backend: Backend
    """``--backend``."""
    workers: int | None
    """``--workers`` (None: every core; with the Ray backend, the cluster's CPUs)."""
    address: str | None
    """``--address``: a running Ray cluster's head, with the Ray backend."""
    progress: bool
    """Whether a progress bar is drawn (:func:`progress_wanted`)."""

    @classmethod
    def check(
        cls,
        backend: Backend,
        workers: int | None,
        address: str | None,
        *,
        as_json: bool = False,
        quiet: bool = False,
        local_data: object | None = None,
    ) -> Work:
        """The work options, checked (:func:`check_backend`; with ``local_data``, the command's
        ``--data`` that only this machine's processes read, :func:`check_data_backend`).

        Raises:
            CliError: one line saying which option is wrong.
        """
        check_backend(backend, address)
        check_data_backend(backend, local_data)
        return cls(backend, workers, address, progress_wanted(as_json, quiet))

    def open(self, *, todo: int, game: str | None = None) -> Executor:
        """The executor (:func:`open_work`); close it (``with``) when the work is done."""
        return open_work(self.backend, self.workers, self.address, todo=todo, game=game)

    def bar(self, total: int, unit: str, *, initial: int = 0) -> Progress:
        """A progress bar of ``total`` units (drawn only when :attr:`progress` says so)."""
        return Progress(total, unit, self.progress, initial=initial)
