"""What every command shares: the console, one-line errors, game and seat lookup.

Every command body runs under :func:`friendly_errors`, so an error the program expects
(a bad file, an unknown game, a bot spec that does not parse) and even one it does not expect
reaches the user as one line on standard error and a non-zero exit — never a traceback.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer
from rich.console import Console

from realpolitik.engine import load_game
from realpolitik.engine.core.api import Game, HasSeatAliases, RealpolitikError

__all__ = [
    "CliError",
    "fail",
    "friendly_errors",
    "game_by_name",
    "make_console",
    "parse_seats",
    "plural",
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
    return " ".join(str(message).split())


def friendly_errors(fn: F) -> F:
    """Turn every exception raised by a command into one line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except (CliError, RealpolitikError, ValueError, OSError) as exc:
            fail(str(exc))
        except Exception as exc:
            fail(f"internal error: {type(exc).__name__}: {exc}")

    return wrapper  # type: ignore[return-value]


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


def plural(n: int, word: str) -> str:
    """``1 action``, ``2 actions``: a count with its noun (regular plurals only)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def stdin_is_tty() -> bool:
    """True when a person types at a terminal (False when input is piped or scripted)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def game_by_name(name: str) -> Game:
    """The game registered under ``name``; raises ``UnknownGame`` listing the games."""
    return load_game(name)


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
                by = ", ".join(
                    f"{a.title()} ({seats[i]})" for a, i in sorted(aliases.items(), key=lambda x: x[1])
                )
                known += f"; in this game also by name: {by}"
            raise CliError(f"unknown seat '{raw}'; {game.spec.title} seats are: {known}")
        if idx in out:
            raise CliError(f"seat '{seats[idx]}' given twice")
        out.append(idx)
    return out
