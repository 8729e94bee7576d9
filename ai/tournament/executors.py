"""Where long work runs: this process, a persistent pool of spawned processes, or Ray tasks.

One executor serves every long job: a tournament's or a balance run's games
(:meth:`Executor.run`, small ``GameTask`` values from which workers build game and bots
themselves; states are never pickled), and any other list of independent work units
(:meth:`Executor.imap_unordered`: tuning's and training's games, a review's positions). Results
come back in the order they finish; callers put them back in order by index, so what they
compute does not depend on the backend or the number of workers. :func:`open_executor` is the
one way to choose and open one."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sized
from typing import Any, TypeVar

from realpolitik.ai.tournament.config import (
    RAY_INSTALL_HINT,
    GameTask,
    Outcome,
    TournamentError,
    play_task,
    play_tasks,
    resolve_game,
)

MAX_PORT = 65535

A = TypeVar("A")
R = TypeVar("R")

# --------------------------------------------------------------------------- executors


class Executor:
    """Runs game tasks somewhere; yields outcomes in batches as games finish.

    Subclasses start one call (``_call``; a list of tasks is one call) and collect calls
    (``_done``, ``_value``). Two lists per worker are out at a time, so no worker waits while
    the parent writes and fsyncs. Very short games are handed out several at a time, up to
    about ``chunk_seconds`` of play per list (judged from the games so far) and shrinking
    towards the end so that workers finish together; this keeps per-call overhead from eating
    the parallel speed-up. Games of ``chunk_seconds`` or more go one by one. A kill loses the
    games being played and those finished in the same list.
    """

    workers: int = 1
    """Games it runs at once."""

    chunk_seconds: float = 0.0
    """Play handed out per call when games are short (0: always one game per call)."""

    max_chunk: int = 16
    """Most games per call."""

    def run(self, tasks: Iterable[GameTask], total: int | None = None) -> Iterator[list[Outcome]]:
        """Play every task; each yielded batch holds the outcomes that finished together.

        Args:
            tasks: The games (consumed lazily).
            total: How many there are, when ``tasks`` has no ``len`` (sizes the last hand-outs).

        Raises:
            TournamentError: when the executor breaks (a pool process died); the batch
                finished with it is yielded first.
        """
        if total is None:
            total = len(tasks) if isinstance(tasks, Sized) else 1 << 62
        todo = iter(tasks)
        pending: dict[Any, list[int]] = {}
        played, spent, given = 0, 0.0, 0
        try:
            while True:
                while len(pending) < 2 * self.workers:
                    size = 1
                    if played and self.chunk_seconds > 0:  # guided: smaller hand-outs near the end
                        size = int(self.chunk_seconds * played / max(spent, 1e-9))
                        size = max(1, min(self.max_chunk, size, (total - given) // (2 * self.workers)))
                    chunk = list(itertools.islice(todo, size))
                    if not chunk:
                        break
                    given += len(chunk)
                    pending[self._call(play_tasks, chunk)] = [t.game_id for t in chunk]
                if not pending:
                    return
                batch: list[Outcome] = []
                broken: TournamentError | None = None
                for handle in self._done(list(pending)):
                    ids = pending.pop(handle)
                    try:
                        batch.extend(self._value(handle))
                    except TournamentError as exc:
                        broken = exc
                    except Exception as exc:
                        batch.extend(Outcome(gid, error=f"{type(exc).__name__}: {exc}") for gid in ids)
                for out in batch:
                    if out.row is not None:
                        played, spent = played + 1, spent + out.row["duration"]
                yield batch
                if broken is not None:
                    raise broken
        finally:
            for handle in pending:
                self._cancel(handle)

    def imap_unordered(self, fn: Callable[[A], R], items: Iterable[A]) -> Iterator[tuple[int, R]]:
        """Call ``fn`` on every item where the executor runs work; yield ``(index, result)`` as
        each call finishes, in any order (put the results back in order by index).

        ``fn`` must be a module-level function and the items small picklable values: a Ray
        cluster's nodes import ``fn`` by name. At most two calls per worker are out at a time,
        so items are consumed lazily. An exception raised by ``fn`` is raised here (the calls
        still out are cancelled).

        Raises:
            TournamentError: when the executor breaks (a pool process died).
        """
        todo = enumerate(items)
        pending: dict[Any, int] = {}
        try:
            while True:
                while len(pending) < 2 * self.workers:
                    nxt = next(todo, None)
                    if nxt is None:
                        break
                    pending[self._call(fn, nxt[1])] = nxt[0]
                if not pending:
                    return
                for handle in self._done(list(pending)):
                    index = pending.pop(handle)
                    yield index, self._value(handle)
        finally:
            for handle in pending:
                self._cancel(handle)

    def _call(self, fn: Callable[[Any], Any], arg: Any) -> Any:
        """Start ``fn(arg)``; return its handle."""
        raise NotImplementedError

    def _value(self, handle: Any) -> Any:
        """The finished call's return value (its exception raised)."""
        raise NotImplementedError

    def _done(self, handles: list[Any]) -> list[Any]:
        """Wait for at least one handle to finish; return every finished one."""
        raise NotImplementedError

    def _cancel(self, handle: Any) -> None:
        pass

    def close(self) -> None:
        """Release processes or the Ray connection."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InlineExecutor(Executor):
    """Plays the games (runs the work) one by one in this process: one worker, tests, debugging."""

    def run(self, tasks: Iterable[GameTask], total: int | None = None) -> Iterator[list[Outcome]]:
        for task in tasks:
            yield [play_task(task)]

    def imap_unordered(self, fn: Callable[[A], R], items: Iterable[A]) -> Iterator[tuple[int, R]]:
        for index, item in enumerate(items):
            yield index, fn(item)


def _exit_with_parent() -> None:
    """Block until the parent process is gone (even by ``kill -9``), then end this worker."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)


_STOP_SIGNALS = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals held back while the pool starts processes (a process interrupted half-spawned
prints a traceback), and that the parent alone answers."""


def _init_worker(game_ref: str | None) -> None:
    """Set up a pool process: never outlive the parent; import the engine, bots and game once.

    Ctrl-C reaches every process of the terminal's group; the parent alone answers it (it ends
    the workers), so a worker ignores SIGINT rather than print a traceback. SIGTERM and SIGHUP
    keep their default: a worker signalled on its own ends."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)  # held back while it started
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, daemon=True, name="exit-with-parent").start()
    if game_ref is None:
        return
    try:
        resolve_game(game_ref)
    except Exception:
        pass


class ProcessExecutor(Executor):
    """A persistent pool of ``workers`` spawned processes (reused across runs).

    A worker that dies (killed, out of memory) stops the run with a :class:`TournamentError`
    once the games that did finish are handed back. Workers end with the parent, even after
    ``kill -9``.
    """

    def __init__(self, workers: int, game: str | None = None, start_method: str = "spawn") -> None:
        if workers < 1:
            raise TournamentError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self.chunk_seconds = 0.02
        self._pool = cf.ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context(start_method),
            initializer=_init_worker,
            initargs=(game,),
        )

    def _call(self, fn: Callable[[Any], Any], arg: Any) -> Any:
        # Submitting may start processes: a stop signal waits until they are started (it is
        # delivered, and raises, right after).
        if not hasattr(signal, "pthread_sigmask"):
            return self._pool.submit(fn, arg)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            return self._pool.submit(fn, arg)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def _done(self, handles: list[Any]) -> list[Any]:
        return list(cf.wait(handles, return_when=cf.FIRST_COMPLETED).done)

    def _value(self, handle: Any) -> Any:
        try:
            return handle.result()
        except cf.process.BrokenProcessPool:
            raise TournamentError(
                "a worker process died (killed or out of memory); the finished games are saved — "
                "run again with --resume to carry on"
            ) from None

    def _cancel(self, handle: Any) -> None:
        handle.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __exit__(self, *exc: object) -> None:
        exc_type = exc[0] if exc else None
        if isinstance(exc_type, type) and issubclass(exc_type, KeyboardInterrupt):
            # Interrupted (Ctrl-C, SIGTERM, SIGHUP): the games in flight are abandoned (a later
            # --resume plays them), so end the workers now rather than wait for them.
            with _quiet_abandoned_futures():
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()
                self.close()
            return
        self.close()


@contextlib.contextmanager
def _quiet_abandoned_futures() -> Iterator[None]:
    """While an interrupted pool is taken down: the pool's manager thread, finding its workers
    gone, sets an error on every pending future, and Python 3.11 raises ``InvalidStateError``
    there for a future the shutdown already cancelled; the thread's traceback would reach the
    player's screen (seen once in a tournament stopped by SIGTERM). Those futures are abandoned
    on purpose, so that one error is not shown; any other is."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not None and issubclass(args.exc_type, cf.InvalidStateError):
            return
        previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TournamentError(RAY_INSTALL_HINT) from None
    return ray


class RayExecutor(Executor):
    """Ray tasks, one CPU each: a private local Ray instance, or an existing cluster.

    Without ``address`` Ray starts on this machine with ``num_cpus=workers``, no dashboard, and
    every server bound to the loopback interface. With ``address`` (``HOST:PORT`` of a head
    started by ``ray start --head``) the games run on the whole cluster; every node needs this
    package installed. ``workers`` then caps the games in flight (default: the cluster's CPUs).
    """

    def __init__(self, workers: int | None, address: str | None = None) -> None:
        envs, saved = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "RAY_USAGE_STATS_ENABLED"), dict(os.environ)
        if not address:
            # Keep Ray on loopback: otherwise it resolves 127.0.0.1 to the machine's public
            # address and its gRPC servers listen on every interface (read at import time).
            # And a private instance reports no usage statistics.
            os.environ.update(dict.fromkeys(envs, "0"))
            if (consts := sys.modules.get("ray._private.ray_constants")) is not None:
                setattr(consts, "ENABLE_RAY_CLUSTER", False)  # noqa: B010 — an attribute Ray reads
        try:
            ray = self._ray = _import_ray()
            self._owned = not ray.is_initialized()
            quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
            if self._owned and address:
                check_address(address)
                try:
                    ray.init(address=address, **quiet)
                except (ConnectionError, RuntimeError, ValueError) as exc:  # refused by the head
                    why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                    raise TournamentError(
                        f"cannot join the Ray cluster at {address}: {why} (a cluster with token "
                        "authentication needs RAY_AUTH_MODE=token and its token: docs/cluster.md)"
                    ) from None
            elif self._owned:
                ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                         _node_ip_address="127.0.0.1", **quiet)  # fmt: skip
        finally:
            for env in envs:
                os.environ.pop(env, None)
                os.environ.update({env: saved[env]} if env in saved else {})
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        self.workers = min(workers, cpus) if workers else cpus
        self.chunk_seconds = 0.2
        self._remote: dict[Callable[[Any], Any], Any] = {}

    def _call(self, fn: Callable[[Any], Any], arg: Any) -> Any:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(num_cpus=1)(fn)
        return remote.remote(arg)

    def _done(self, handles: list[Any]) -> list[Any]:
        self._ray.wait(handles, num_returns=1)
        return list(self._ray.wait(handles, num_returns=len(handles), timeout=0)[0])

    def _value(self, handle: Any) -> Any:
        try:
            return self._ray.get(handle)
        except self._ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)  # the work's own exception, as it was raised
            if isinstance(cause, BaseException):
                raise cause from None
            raise

    def _cancel(self, handle: Any) -> None:
        try:
            self._ray.cancel(handle, force=True)
        except Exception:
            pass

    def close(self) -> None:
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()


def check_address(address: str, timeout: float = 5.0) -> None:
    """``HOST:PORT`` of a Ray head that answers: Ray itself waits minutes for an address that
    does not, so the head's port is tried first.

    Raises:
        TournamentError: a malformed address, or nothing listening there.
    """
    host, colon, port = address.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) <= MAX_PORT:
        raise TournamentError(
            f"--address must be HOST:PORT of a Ray head (ray start --head), not '{address}'"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise TournamentError(
            f"no Ray cluster at {address} ({reason.lower()}): start one with ray start --head --port "
            f"{port}, or leave out --address for a private local Ray"
        ) from None


def open_executor(
    backend: str, workers: int | None, address: str | None, *, todo: int, game: str | None = None
) -> Executor:
    """The executor a long job's options ask for (every command opens it here).

    Args:
        backend: ``local`` (this process with one worker, else a process pool) or ``ray``.
        workers: Work units at once; None: every core (local) or the cluster's CPUs (Ray).
        address: ``HOST:PORT`` of a running Ray cluster (Ray only; None: a private local Ray).
        todo: How many work units there are (no more local workers than that).
        game: A game reference the pool's processes import at start (None: none).

    Raises:
        TournamentError: an address without the Ray backend, Ray not installed, no cluster at
            the address, an unknown backend.
    """
    if backend not in ("local", "ray"):
        raise TournamentError(f"--backend must be local or ray, not '{backend}'")
    if address and backend != "ray":
        raise TournamentError("--address needs --backend ray")
    if backend == "ray":
        return RayExecutor(workers, address)
    n = max(1, min(workers or default_workers(), todo))
    return InlineExecutor() if n == 1 else ProcessExecutor(n, game)


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
