"""`realpolitik bench`: engine and search speed, pure against compiled."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from realpolitik.engine import load_game
from realpolitik.engine.core.api import RealpolitikError

MIN_SECONDS_PER_FIGURE = 0.1
"""The shortest ``--seconds``."""
MAX_SECONDS_PER_FIGURE = 600.0
"""The longest ``--seconds`` (each of about a dozen figures takes about that long)."""


def bench_cmd(
    game: Annotated[str, typer.Argument(help="Game to measure.")] = "twilight",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", help=f"Time per figure, {MIN_SECONDS_PER_FIGURE:g} to {MAX_SECONDS_PER_FIGURE:g}."
        ),
    ] = 2.0,
) -> None:
    """Measure random playouts (the engine's own where it has them, and through the State
    protocol), steps, clone(), legal_actions() and ISMCTS iterations per second for the pure
    and the compiled engine on one core, with compiled/pure ratios."""
    from realpolitik.bench.measure import compare

    if not MIN_SECONDS_PER_FIGURE <= seconds <= MAX_SECONDS_PER_FIGURE:  # also refuses nan and inf
        typer.echo(
            f"error: --seconds must be from {MIN_SECONDS_PER_FIGURE:g} to {MAX_SECONDS_PER_FIGURE:g}, "
            f"not {seconds:g}",
            err=True,
        )
        raise typer.Exit(2)
    try:
        name = load_game(game).spec.name
    except RealpolitikError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    result = compare(name, seconds)
    if as_json:
        typer.echo(json.dumps(result))
        return
    if result.get("note"):
        typer.echo(f"warning: {result['note']}", err=True)
    keys = ["playouts_per_s", "steps_per_s", "clone_us", "legal_actions_us", "ismcts_iters_per_s"]
    if "native_playouts_per_s" in result["pure"]:
        keys.insert(0, "native_playouts_per_s")
    typer.echo(f"{name}: {seconds:g} s per figure, one core")
    typer.echo(f"{'figure':<22}{'pure':>14}{'compiled':>14}{'ratio':>9}")
    for k in keys:
        p = result["pure"][k]
        c = result["compiled"][k] if result.get("compiled") else None
        r = result.get("ratio", {}).get(k)
        typer.echo(
            f"{k:<22}{p:>14,.2f}{(f'{c:,.2f}' if c is not None else '-'):>14}{(f'{r:.2f}x' if r else '-'):>9}"
        )
