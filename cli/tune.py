"""``realpolitik tune``: tune a game's evaluator weights by the games they win (``ai.tune``)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer

from realpolitik.ai.fit import check_weights_path, load_weights
from realpolitik.ai.tune import TuneConfig, tune
from realpolitik.cli.common import CliError, DataOption, check_seed_option, friendly_errors, game_by_name
from realpolitik.cli.jobs import (
    AddressOption,
    Backend,
    BackendOption,
    Progress,
    QuietOption,
    check_backend,
    check_data_backend,
    open_work,
    progress_wanted,
    workers_option,
)
from realpolitik.cli.train import write_weights
from realpolitik.engine.core.api import HasEvalTerms

__all__ = ["tune_cmd"]


def _groups(text: str | None, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    if text is None:
        return tuple((n,) for n in names)
    groups = tuple(tuple(t.strip() for t in g.split("+")) for g in text.split(","))
    if any(not t for g in groups for t in g):
        raise CliError("--terms: an empty term name (write TERM[+TERM...][,TERM...])")
    return groups


@friendly_errors
def tune_cmd(
    game: Annotated[str, typer.Argument(help="A two-player game, e.g. twilight.")],
    pairs: Annotated[
        int, typer.Option("--pairs", min=2, help="Pairs of games (seats swapped) to play, 2 games each.")
    ],
    out: Annotated[Path, typer.Option("--out", help="Weights file to write (JSON).", dir_okay=False)],
    bot: Annotated[
        str, typer.Option("--bot", help="The search both sides play, without weights or seed.")
    ] = "ismcts:iters=300",
    terms: Annotated[
        str | None,
        typer.Option(
            "--terms",
            metavar="TERM[+TERM...][,...]",
            help="The tuned groups: terms joined by + share one parameter (default: every "
            "term on its own). Terms not named keep their start weights.",
        ),
    ] = None,
    start: Annotated[
        Path | None,
        typer.Option(
            "--start", help="Start from this weights file (default: the hand weights).", dir_okay=False
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Every perturbation and game derives from it.")] = 0,
    workers: Annotated[int | None, workers_option("Games")] = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    step: Annotated[
        float, typer.Option("--step", min=0.0, help="Perturbation of a weighted group, as log of a factor.")
    ] = 0.4,
    step_zero: Annotated[
        float,
        typer.Option("--step-zero", min=0.0, help="Perturbation of a group weighted zero at the start."),
    ] = 0.15,
    rate: Annotated[float, typer.Option("--rate", min=0.0, help="Step size of the first update.")] = 0.08,
    batch: Annotated[int, typer.Option("--batch", min=1, help="Pairs played between updates.")] = 4,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the result as JSON; no progress bar.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace OUT even when it is not a weights file.")
    ] = False,
    quiet: QuietOption = False,
    data: DataOption = None,
) -> None:
    """Tune GAME's evaluator weights by the games they win (SPSA, docs/ai.md).

    Each update plays BATCH pairs of games between two copies of BOT whose
    tuned weights moved in opposite random directions, seats swapped within a
    pair, and moves every tuned group toward the side that won more. The
    weights written are the average over the second half of the updates.
    Use them with a bot's weights=OUT parameter, e.g. ismcts:weights=OUT.

    The weights are the same for a seed whatever --workers and --backend.
    """
    check_seed_option(seed)
    check_backend(backend, address)
    check_data_backend(backend, data)
    g = game_by_name(game, data)
    probe = g.new_initial_state(players=2) if g.spec.min_players <= 2 <= g.spec.max_players else None
    names = tuple(probe.eval_term_names()) if isinstance(probe, HasEvalTerms) else ()
    check_weights_path(out, force=force)  # before any game: a bad --out loses no tuning
    config = TuneConfig(
        game=g.spec.name,
        bot=bot,
        groups=_groups(terms, names),
        pairs=pairs,
        seed=seed,
        start=load_weights(start) if start is not None else None,
        step=step,
        step_zero=step_zero,
        rate=rate,
        batch=batch,
    )
    games = 2 * (pairs // batch) * batch
    try:
        with (
            Progress(games, "game", progress_wanted(as_json, quiet)) as bar,
            open_work(backend, workers, address, todo=2 * batch, game=g.spec.name) as executor,
        ):
            weights, _ = tune(config, executor=executor, on_game=bar.update)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    write_weights(weights, out, force)
    if as_json:
        typer.echo(json.dumps({"out": str(out), **weights.to_json()}))
        return
    theta = weights.training["theta"]
    typer.echo(f"{g.spec.title}: {weights.training['updates']} updates of {batch} pairs of {bot}")
    typer.echo("tuned groups (average over the second half of the updates):")
    for group, t, add in zip(config.groups, theta, weights.training["additive"], strict=True):
        change = f"{t:+.3f} added" if add else f"x{math.exp(t):.3f}"
        typer.echo(f"  {'+'.join(group):<40} {change}")
    typer.echo(f"wrote {out}")
