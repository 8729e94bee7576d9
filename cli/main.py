"""Root Typer app: one sub-app or command per verb group."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from realpolitik.cli.balance import balance_cmd
from realpolitik.cli.bench import bench_cmd
from realpolitik.cli.common import friendly_errors
from realpolitik.cli.data import data_cmd
from realpolitik.cli.hint import hint
from realpolitik.cli.importer import import_cmd
from realpolitik.cli.play import play
from realpolitik.cli.replay import replay
from realpolitik.cli.review import review
from realpolitik.cli.tournament import tournament_cmd
from realpolitik.cli.train import train_cmd
from realpolitik.cli.tune import tune_cmd
from realpolitik.engine import game_specs


def _hide_flag_types() -> None:
    """A plain flag (``--json``, ``--no-color``, ``--help``) takes no value, so its help row
    shows no value type; this Typer release prints ``<bool>`` there, which reads as if the flag
    wanted one. Options with values keep their ``<int>``, ``<path>``, ..."""
    from typer.core import TyperOption

    if getattr(TyperOption.display_type_rich, "_flags_hidden", False):
        return
    shown = TyperOption.display_type_rich

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag and not self.count:
            return None
        return shown(self, ctx)

    display_type_rich._flags_hidden = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_hide_flag_types()


class _OneLineErrors(typer.Typer):
    """The root app: a usage error (an option that does not parse, a bad value, a missing
    argument) is one ``error:`` line on standard error and exit status 2, not a box."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().__call__(*args, **kwargs)
        try:
            rv = super().__call__(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as exc:  # click's usage errors, as Typer vendors them
            ctx = getattr(exc, "ctx", None)
            where = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
            fmt = getattr(exc, "format_message", None)
            message = " ".join((fmt() if fmt is not None else str(exc)).split()).rstrip(".")
            typer.echo(f"error: {message}{where}", err=True)
            sys.exit(getattr(exc, "exit_code", 2))
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = _OneLineErrors(
    name="realpolitik",
    help="Geopolitical board games against a strong computer opponent.",
    no_args_is_help=True,
    add_completion=False,
)


def package_version() -> str:
    """The installed package's version (``unknown`` when it is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("realpolitik")
    except PackageNotFoundError:
        return "unknown"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"realpolitik {package_version()}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """realpolitik: play, get hints, run tournaments and benchmark the search."""


@app.command("games")
@friendly_errors
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List every game with its title, player counts and seat names (with --json, also its
    options and their defaults, set with --option NAME=VALUE)."""
    rows = [
        {
            "name": sp.name,
            "title": sp.title,
            "min_players": sp.min_players,
            "max_players": sp.max_players,
            "seats": list(sp.seats),
            "options": dict(sp.options),
        }
        for sp in game_specs()
    ]
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    name_w = max(len(r["name"]) for r in rows)
    title_w = max(len(r["title"]) for r in rows)
    for r in rows:
        players = (
            str(r["min_players"])
            if r["min_players"] == r["max_players"]
            else f"{r['min_players']}-{r['max_players']}"
        )
        typer.echo(
            f"{r['name']:<{name_w}}  {r['title']:<{title_w}}  {players:>3} players  "
            f"seats: {', '.join(r['seats'])}"
        )


app.command("play")(play)
app.command("hint")(hint)
app.command("replay")(replay)
app.command("review")(review)
app.command("import")(import_cmd)


app.command("bench")(bench_cmd)
app.command("tournament")(tournament_cmd)
app.command("balance")(balance_cmd)
app.command("train")(train_cmd)
app.command("tune")(tune_cmd)
app.command("data")(data_cmd)


def main() -> None:
    """Entry point."""
    app()
