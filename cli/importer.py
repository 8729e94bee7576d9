"""``realpolitik import twilight LOG --out RECORD``: a real online game's text log as a record.

The record (``engine/core/records.py``, with the ``known_cards`` the log shows) is what
``replay``, ``review`` and ``hint`` read. A log the import cannot follow to its end stops at
``line N: why``: what was imported is written all the same, and the exit status is 1.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from realpolitik.cli.common import CliError, friendly_errors, game_by_name
from realpolitik.cli.options import DataOption
from realpolitik.engine.core.files import FileRefused, check_output, read_bounded, shown, write_atomic
from realpolitik.engine.core.records import RECORD_FORMAT, dumps

__all__ = ["RECORD_KIND", "import_cmd", "is_record_bytes"]

RECORD_KIND = "a realpolitik game record"
LOG_LIMIT = 4 * 1024 * 1024


def is_record_bytes(raw: bytes) -> bool:
    """Whether a file's bytes are a game record (then ``import`` may replace it)."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(obj, dict) and obj.get("format") == RECORD_FORMAT


_RECORD_RULE: dict[str, Any] = {
    "kind": RECORD_KIND,
    "is_ours": is_record_bytes,
    "verb": "write --out",
    "force_hint": ", or give --force",
}
"""How the output rule names and recognises a record (the check before the import and the
write after it alike)."""


@friendly_errors
def import_cmd(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game of the log: twilight (ts).")],
    log: Annotated[Path, typer.Argument(help="The text log of an online game.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The record to write (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a summary object.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace --out even if it is not a record.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="The seed of the deals the log does not show.")] = 0,
    data_folder: DataOption = None,
) -> None:
    """Import a real game's log: the record holds its setup, bid, every logged decision and
    die, and the cards each side is shown to hold; the deals the log leaves out are the
    engine's, kept consistent with it. Stops at the first line it cannot follow (exit 1)."""
    game = game_by_name(game_name, data_folder)
    if game.spec.name != "twilight":
        raise CliError(f"import reads Twilight Struggle logs only, not {game.spec.title}")
    try:
        check_output(out, force=force, **_RECORD_RULE)
    except FileRefused as exc:
        raise CliError(str(exc)) from None
    try:
        raw = read_bounded(log, LOG_LIMIT, kind="a log", verb="read")
    except FileRefused as exc:
        raise CliError(str(exc)) from None
    text = raw.decode("utf-8", errors="replace")

    from realpolitik.engine.twilight.importlog import import_log

    result = import_log(text, game=game, seed=seed)  # type: ignore[arg-type]
    data = (dumps(result.record) + "\n").encode("utf-8")
    try:
        write_atomic(out, data, force=force, **_RECORD_RULE)
    except FileRefused as exc:
        raise CliError(str(exc)) from None
    summary = result.summary() | {"out": os.fspath(out)}
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        state = "complete" if result.complete else "stopped"
        typer.echo(
            f"{shown(log)}: {result.imported} of {result.decisions} log blocks imported ({state}); "
            f"turn {summary['turn']}, VP {summary['vp']:+d}, DEFCON {summary['defcon']}; record in {shown(out)}"
        )
    if result.error:
        typer.echo(f"{shown(log)}: {result.error}", err=True)
        raise typer.Exit(1)
