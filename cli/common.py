"""What every command shares: the console, one-line errors, game and seat lookup.

Every command body runs under :func:`friendly_errors`, so an error the program expects
(a bad file, an unknown game, a bot spec that does not parse) and even one it does not expect
reaches the user as one line on standard error and a non-zero exit — never a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console

from realpolitik.engine import data_in_use, load_game, use_data
from realpolitik.engine.core.api import (
    SEED_MAX,
    Game,
    HasSeatAliases,
    HasSeatOptions,
    RealpolitikError,
    check_players,
    plural,
)

__all__ = [
    "CliError",
    "check_budget",
    "check_seed_option",
    "chosen_game",
    "fail",
    "friendly_errors",
    "game_by_name",
    "make_console",
    "parse_seats",
    "plural",
    "seat_options",
    "stdin_is_tty",
]

F = TypeVar("F", bound=Callable[..., Any])

WIDTH = 80
"""Columns the screen is laid out for when the terminal does not say."""


class CliError(Exception):
    """An error to show the user as one line (``error: <message>``), exit status 1."""


def fail(message: str) -> None:
    """Print ``error: message`` on standard error and exit with status 1."""
    typer.echo(f"error: {_one_line(message)}", err=True)
    raise typer.Exit(1)


def _one_line(message: str) -> str:
    """The message on one line, a control character (an escape sequence in a file name) shown
    escaped rather than sent to the terminal."""
    text = " ".join(str(message).split())
    if all(c.isprintable() for c in text):
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals that stop a command the way Ctrl-C (SIGINT) does: a game is saved, a tournament
keeps every finished game."""


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise ``KeyboardInterrupt`` as SIGINT does, in
    this process only (a worker process it forks keeps the default: it just ends)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    owner = os.getpid()

    def interrupt(signum: int, frame: Any) -> None:
        if os.getpid() != owner:  # a forked worker: end as the signal says
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, interrupt) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


_OUTPUT_ERRNOS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EPIPE", "EFBIG", "EDQUOT", "EIO") if hasattr(errno, name)
)


def _os_error(exc: OSError) -> str:
    """An operating-system error as one line that says which file: the one it names, or, for a
    failed write that names none, the command's output."""
    why = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{exc.filename}: {why}"
    if exc.errno in _OUTPUT_ERRNOS:
        return f"cannot write the output (standard output): {why}"
    return why


_AT_END: list[Callable[[], object]] = []
"""What a command undoes when it ends (the data a game read before ``--data``)."""


@contextlib.contextmanager
def _restored_at_end() -> Iterator[None]:
    """Run the command, then undo what it asked to be undone (latest first), whatever the end."""
    mark = len(_AT_END)
    try:
        yield
    finally:
        while len(_AT_END) > mark:
            _AT_END.pop()()


def friendly_errors(fn: F) -> F:
    """Turn every exception raised by a command into one line and exit status 1; SIGTERM and
    SIGHUP are handled as Ctrl-C is (see :func:`stop_signals_interrupt`)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with stop_signals_interrupt(), _restored_at_end():
                return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except OSError as exc:
            fail(_os_error(exc))
        except (CliError, RealpolitikError, ValueError) as exc:
            fail(str(exc))
        except Exception as exc:
            fail(f"internal error: {type(exc).__name__}: {exc}")

    return wrapper  # type: ignore[return-value]


def check_seed_option(seed: int | None, flag: str = "--seed") -> int | None:
    """A seed given on the command line, checked against the one seed domain every game and
    record accepts (``0..SEED_MAX``), so whatever the program saves with it loads again.

    Raises:
        CliError: naming the flag and the range.
    """
    if seed is not None and not 0 <= seed <= SEED_MAX:
        raise CliError(f"{flag} must be an integer from 0 to {SEED_MAX}, not {seed}")
    return seed


def check_budget(iters: int | None, seconds: float | None) -> None:
    """A search budget from the command line, within what one search may use.

    Raises:
        CliError: for more iterations than the trees' memory allows or more seconds than a
            search may take.
    """
    from realpolitik.ai.ismcts import MAX_ITERS, MAX_SECONDS

    if iters is not None and not 1 <= iters <= MAX_ITERS:
        raise CliError(
            f"--iters must be from 1 to {MAX_ITERS} (the search trees' memory: about 0.55 KB an "
            f"iteration), not {iters}"
        )
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise CliError(f"--time must be more than 0 and at most {MAX_SECONDS:g} seconds, not {seconds:g}")


def make_console(no_color: bool = False) -> Console:
    """The console for the game screen.

    Colour is off with ``--no-color`` or the ``NO_COLOR`` environment variable; off a
    terminal the layout is 80 columns wide and plain.

    Args:
        no_color: The ``--no-color`` flag.

    Returns:
        A rich console writing to the current standard output.
    """
    plain = no_color or bool(os.environ.get("NO_COLOR"))
    tty = sys.stdout.isatty()
    return Console(
        file=sys.stdout,
        no_color=plain,
        color_system=None if plain else "auto",
        width=None if tty else WIDTH,
        highlight=False,
        emoji=False,
        markup=False,
        soft_wrap=False,
    )


def stdin_is_tty() -> bool:
    """True when a person types at a terminal (False when input is piped or scripted)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def game_by_name(name: str, data: Path | None = None) -> Game:
    """The game registered under ``name``; raises ``UnknownGame`` listing the games.

    With ``data`` (``--data DIR``), the game reads that folder's files in place of the packaged
    ones (``engine.use_data``; a bad file raises ``InvalidState`` naming file, line and field)
    until the command ends: the data the process used before comes back then.
    """
    if data is None:
        return load_game(name)
    before = data_in_use(name)
    game = use_data(name, data)
    _AT_END.append(lambda: use_data(name, before or ""))
    return game


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def game_options(game: Game, texts: Sequence[str] = (), variant: str | None = None) -> dict[str, Any]:
    """The game options a person gave as ``--option NAME=VALUE`` (repeatable) and the short form
    ``--variant NAME``, checked against the game's options (``GameSpec.options``, each value
    read as the type of its default). Every command that creates a game takes them alike.

    Args:
        game: The game.
        texts: What the user typed for each ``--option``.
        variant: What the user typed for ``--variant`` (the ``variant`` option), if anything.

    Returns:
        Options for ``new_initial_state``; the game itself checks the values it takes.

    Raises:
        CliError: for a malformed entry, an unknown name, a value of the wrong type or an option
            given twice.
    """
    known = game.spec.options
    listing = ", ".join(f"{k} (default {v!r})" for k, v in known.items()) or "none"
    given = [*texts, *([f"variant={variant}"] if variant is not None else [])]
    out: dict[str, Any] = {}
    for text in given:
        name, eq, raw = text.partition("=")
        name, raw = name.strip(), raw.strip()
        if not eq or not name:
            raise CliError(f"--option takes NAME=VALUE, not '{text}'; {game.spec.name} options: {listing}")
        if name not in known:
            if name == "variant":
                raise CliError(f"{game.spec.title} has no variants; its options: {listing}")
            raise CliError(f"{game.spec.title} has no option '{name}'; its options: {listing}")
        if name in out:
            raise CliError(f"option '{name}' is given twice")
        out[name] = _option_value(name, raw, known[name])
    return out


def chosen_game(
    name: str, data: Path | None, texts: Sequence[str] | None, variant: str | None
) -> tuple[Game, dict[str, Any]]:
    """The game a command that plays new games was asked for (``GAME``, ``--data``) and the
    options it was given (``--option``, ``--variant``), both checked (:func:`game_by_name`,
    :func:`game_options`).

    Returns:
        The game and its options for ``new_initial_state``.
    """
    game = game_by_name(name, data)
    return game, game_options(game, texts or (), variant)


def _option_value(name: str, raw: str, default: Any) -> Any:
    """``raw`` read as the type of the option's default (bool, int, float or text)."""
    if isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise CliError(f"option '{name}' is true or false, not '{raw}'")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise CliError(f"option '{name}' is a whole number, not '{raw}'") from None
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            raise CliError(f"option '{name}' is a number, not '{raw}'") from None
    return raw


def seat_options(game: Game, players: int | None, names: Sequence[str]) -> dict[str, Any]:
    """Options under which the seat names a person typed exist, where the game deals seat
    names at setup (``--seat Communism`` in Ideology: Communism is dealt to that seat).

    Args:
        game: The game.
        players: Player count asked for (None: the game's default).
        names: What the user typed for ``--seat``.

    Returns:
        Options for ``new_initial_state`` (empty for games that do not deal seat names).
    """
    if not names or not isinstance(game, HasSeatOptions):
        return {}
    n = players if players is not None else check_players(game.spec, None)
    return game.options_for_seats(list(names), n)


def parse_seats(game: Game, players: int, names: Sequence[str], state: Any = None) -> list[int]:
    """Seat indices from seat names or 1-based numbers, case-insensitive; with ``state``, also
    from the names its ``seat_aliases()`` gives, where the game has them (an Ideology seat by
    its ideology: ``Capitalism``).

    Args:
        game: The game.
        players: Player count in use.
        names: What the user typed (``USSR``, ``us``, ``2``, ``capitalism``).
        state: The game's position, for seat names dealt at setup.

    Returns:
        Seat indices, in the order given, without repeats.

    Raises:
        CliError: for an unknown or repeated seat.
    """
    seats = list(game.spec.seats_for(players))
    aliases: dict[str, int] = {}
    if isinstance(state, HasSeatAliases):
        aliases = state.seat_aliases()
    out: list[int] = []
    for raw in names:
        key = raw.strip().lower()
        idx: int | None = None
        for i, s in enumerate(seats):
            if s.lower() == key:
                idx = i
        if idx is None and key.isdigit() and 1 <= int(key) <= len(seats):
            idx = int(key) - 1
        if idx is None:
            idx = aliases.get(key)
        if idx is None:
            known = ", ".join(seats)
            if aliases:
                first = {i: a for a, i in reversed(list(aliases.items()))}  # a seat's first name
                by = ", ".join(f"{first[i].title()} ({seats[i]})" for i in sorted(first))
                known += f"; in this game also by name: {by}"
            if isinstance(game, HasSeatOptions):
                known += f"; a new game deals the one you name: {', '.join(game.seat_names_dealt())}"
            raise CliError(f"unknown seat '{raw}'; {game.spec.title} seats are: {known}")
        if idx in out:
            raise CliError(f"seat '{seats[idx]}' given twice")
        out.append(idx)
    return out
