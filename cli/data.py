"""``realpolitik data``: a game's data files, and a copy of them to edit for ``--data DIR``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from realpolitik.cli.common import CliError, friendly_errors, game_by_name
from realpolitik.cli.options import DataOption, VariantOption
from realpolitik.engine.core.api import Game, HasDataFiles
from realpolitik.engine.core.files import check_output, write_atomic

__all__ = ["data_cmd", "readme_text"]

README = "README.txt"


def readme_text(game: Game, notes: dict[str, str], variant: str | None) -> str:
    """The README written beside the exported files: what each holds and how to use them."""
    name = game.spec.name
    width = max(len(f) for f in notes)
    lines = [
        f"{game.spec.title}: its data files as packaged"
        + (f" (variant {variant})" if variant else "")
        + f", game version {game.spec.version}.",
        "",
        "Edit any of them, then give this folder to any command that creates a game:",
        f"  realpolitik play {name} --data DIR",
        f"  realpolitik balance {name} --data DIR --against-data OTHER_DIR --games 100",
        "A file removed from the folder is read from the package. Every file is validated when",
        "the game loads: a bad value is refused with its file, line and field. Games, records and",
        "saves made with edited files carry their digest in the game version (+data-DIGEST); a",
        "record is replayed with the same folder (--data DIR).",
        "",
        *(f"{f.ljust(width)}  {note}" for f, note in notes.items()),
        "",
    ]
    return "\n".join(lines)


@friendly_errors
def data_cmd(
    game: Annotated[str, typer.Argument(help="The game, e.g. invasion (see `realpolitik games`).")],
    export: Annotated[
        Path | None,
        typer.Option(
            "--export",
            file_okay=False,
            help="Write the packaged data files (and a README.txt) into this folder, made if missing.",
        ),
    ] = None,
    variant: VariantOption = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace files of the same names already in the folder.")
    ] = False,
    data: DataOption = None,
) -> None:
    """List GAME's data files and what each holds, or write the packaged ones with --export DIR as a starting point for --data DIR.

    Any command that creates a game takes --data DIR: files in DIR replace the packaged ones of the same name, each validated (a mistake names its file, line and field), and the game version carries the data's digest.
    """
    g = game_by_name(game, data)
    if not isinstance(g, HasDataFiles):
        raise CliError(f"{g.spec.title} has no data files")
    if variant is not None:
        if "variant" not in g.spec.options:
            raise CliError(f"{g.spec.title} has no variants of its data")
        g.new_initial_state(seed=0, variant=variant)  # the game checks the name
    notes = g.data_files()
    if export is None:
        typer.echo(f"{g.spec.title} ({g.spec.version}) reads:")
        width = max(len(f) for f in notes)
        for f, note in notes.items():
            typer.echo(f"  {f.ljust(width)}  {note}")
        typer.echo(f"Write them to edit with: realpolitik data {g.spec.name} --export DIR")
        return
    texts = g.packaged_data(variant)
    files = {**texts, README: readme_text(g, notes, variant)}
    if export.exists() and not export.is_dir():
        raise CliError(f"cannot export to {export}: it is not a folder")
    export.mkdir(parents=True, exist_ok=True)
    there = sorted(f for f in files if (export / f).exists())
    if there and not force:
        raise CliError(
            f"{export} already holds {', '.join(there)}; give --force to replace them (nothing was written)"
        )
    for f in files:  # every path checked before the first is written
        check_output(export / f, kind="a data file", is_ours=lambda _b: False, force=True)
    for f, text in files.items():
        write_atomic(
            export / f, text.encode("utf-8"), kind="a data file", is_ours=lambda _b: False, force=True
        )
    typer.echo(f"wrote {len(texts)} data files and {README} to {export}")
