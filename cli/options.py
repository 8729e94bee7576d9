"""The options several commands take alike, declared once as ``Annotated`` aliases (a command
writes ``data: DataOption = None``). An option whose help differs from command to command
stays with its command; the long commands' work options (``--workers``, ``--backend``,
``--address``, ``--quiet``) are ``cli.jobs``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

__all__ = [
    "DataOption",
    "ForceWeightsOption",
    "GameOptionsOption",
    "JsonOption",
    "NoColorOption",
    "ResumeOption",
    "VariantOption",
    "WeightsOutOption",
    "json_option",
]

DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="A folder of data files replacing the packaged ones of the same name "
        "(`realpolitik data GAME --export DIR` writes them to start from).",
        file_okay=False,
    ),
]
"""``--data DIR`` in every command that creates a game (``common.game_by_name``)."""

VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant", help="The game's data set, where it has several (ideology: reconstructed, rulebook)."
    ),
]
"""``--variant NAME``: the short form of ``--option variant=NAME`` (``common.game_options``)."""

GameOptionsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option NAME=VALUE (repeatable; `realpolitik games --json` lists each game's).",
    ),
]
"""``--option NAME=VALUE``, repeatable, in every command that creates a game."""

NoColorOption = Annotated[bool, typer.Option("--no-color", help="No colour (also: NO_COLOR=1).")]
"""``--no-color`` in every command that draws the game (``common.make_console``)."""

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
"""``--json`` of the commands that print one JSON document and nothing else to say about it
(``hint``, ``replay``, ``review``)."""


def json_option(what: str) -> Any:
    """The ``--json`` option of a long command, ``what`` naming what it prints instead of its
    tables (``the report as JSON``); it also turns the progress bar off."""
    return typer.Option("--json", help=f"Print {what}; no progress bar.")


ResumeOption = Annotated[
    bool, typer.Option("--resume", help="Continue OUT, skipping the games it already holds.")
]
"""``--resume`` of the commands that append games to a results file (``tournament``,
``balance``)."""

WeightsOutOption = Annotated[
    Path, typer.Option("--out", help="Weights file to write (JSON).", dir_okay=False)
]
"""``--out`` of the commands that make evaluator weights (``train``, ``tune``)."""

ForceWeightsOption = Annotated[
    bool, typer.Option("--force", help="Replace OUT even when it is not a weights file.")
]
"""``--force`` of the commands that make evaluator weights (``train``, ``tune``)."""
