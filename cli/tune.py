"""``realpolitik tune``: tune a game's evaluator weights by the games they win (``ai.tune``)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer

from realpolitik.ai.fit import check_weights_path, load_weights
from realpolitik.ai.tune import TuneConfig, tune
from realpolitik.cli.common import CliError, check_seed_option, friendly_errors, game_by_name
from realpolitik.cli.jobs import AddressOption, Backend, BackendOption, GamesWorkersOption, QuietOption, Work
from realpolitik.cli.options import DataOption, ForceWeightsOption, WeightsOutOption, json_option
from realpolitik.cli.train import write_weights
from realpolitik.engine.core.api import HasEvalTerms

__all__ = ["tune_cmd"]

PLAYERS = 2
"""Tuning plays two-player games (two copies of the bot, seats swapped within a pair)."""


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
    out: WeightsOutOption,
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
    workers: GamesWorkersOption = None,
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
    as_json: Annotated[bool, json_option("the result as JSON")] = False,
    force: ForceWeightsOption = False,
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
    work = Work.check(backend, workers, address, as_json=as_json, quiet=quiet, local_data=data)
    g = game_by_name(game, data)
    fits = g.spec.min_players <= PLAYERS <= g.spec.max_players
    probe = g.new_initial_state(players=PLAYERS) if fits else None
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
            work.bar(games, "game") as bar,
            work.open(todo=2 * batch, game=g.spec.name) as executor,
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
