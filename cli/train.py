"""``realpolitik train``: fit a game's evaluator weights by self-play (``ai.fit``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from realpolitik.ai.bots import make_bot
from realpolitik.ai.fit import (
    Weights,
    WeightsError,
    check_weights_path,
    reliability_figure,
    restriction,
    save_weights,
    save_weights_elsewhere,
    train,
)
from realpolitik.cli.common import CliError, check_seed_option, friendly_errors, game_by_name
from realpolitik.cli.jobs import AddressOption, Backend, BackendOption, GamesWorkersOption, QuietOption, Work
from realpolitik.cli.options import DataOption, ForceWeightsOption, WeightsOutOption, json_option
from realpolitik.cli.outputs import check_plot_path, plot_option, write_plot
from realpolitik.engine.core.api import HasEvalTerms
from realpolitik.engine.core.files import shown

__all__ = ["train_cmd", "write_weights"]


def _table(rows: list[dict[str, Any]]) -> list[str]:
    return [
        f"  {r['low']:.1f}-{r['high']:.1f}  {r['count']:>6}  {r['predicted']:.3f}  {r['observed']:.3f}"
        for r in rows
    ]


def write_weights(weights: Weights, out: Path, force: bool) -> None:
    """Write weights at the end of long work; when ``out`` cannot take them after all, write
    them under a new name and say where, so the work is never lost.

    Raises:
        CliError: naming the file, why, and where the weights are instead.
    """
    try:
        save_weights(weights, out, force=force)
    except WeightsError as exc:
        where = save_weights_elsewhere(weights, out)
        instead = (
            f"; the weights are in {shown(where)} instead" if where else "; they could not be saved anywhere"
        )
        raise CliError(f"{exc}{instead}") from None


@friendly_errors
def train_cmd(
    game: Annotated[str, typer.Argument(help="The game, e.g. twilight (see `realpolitik games`).")],
    games: Annotated[int, typer.Option("--games", min=2, help="Self-play games (a quarter are held out).")],
    out: WeightsOutOption,
    players: Annotated[
        int | None, typer.Option("--players", min=1, help="Players (default: the game's).")
    ] = None,
    workers: GamesWorkersOption = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    bot: Annotated[str, typer.Option("--bot", help="The bot every seat plays, a spec.")] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help="Every self-play game's seed derives from it.")] = 0,
    rate: Annotated[
        float, typer.Option("--rate", min=0.001, max=1.0, help="Share of decision positions recorded.")
    ] = 0.25,
    plot: Annotated[Path | None, plot_option("Write a reliability plot (PNG).")] = None,
    free: Annotated[
        str | None,
        typer.Option(
            "--free",
            metavar="TERM[,TERM...]",
            help="Fit only these terms' weights; the others keep the hand evaluator's "
            "proportions under one fitted scale (default: every term free).",
        ),
    ] = None,
    scale_only: Annotated[
        bool,
        typer.Option(
            "--scale-only",
            help="Fit one scale of the hand weights (and the intercept) only: the hand "
            "evaluator, calibrated.",
        ),
    ] = False,
    as_json: Annotated[bool, json_option("the report as JSON")] = False,
    force: ForceWeightsOption = False,
    quiet: QuietOption = False,
    data: DataOption = None,
) -> None:
    """Fit GAME's evaluator weights by self-play and report their calibration.

    Plays GAMES games of BOT against itself, records the evaluation terms at sampled positions with each seat's final result, fits a logistic regression on three quarters of the games and compares the fitted and hand evaluators on the rest (Brier score, reliability table).

    Use the file with a bot's weights=OUT parameter, e.g. ismcts:weights=OUT. The weights are the same for a seed whatever --workers and --backend.
    """
    check_seed_option(seed)
    work = Work.check(backend, workers, address, as_json=as_json, quiet=quiet, local_data=data)
    g = game_by_name(game, data)
    probe = g.new_initial_state(players=players) if players is not None else g.new_initial_state()
    if scale_only and free is not None:
        raise CliError("--scale-only and --free exclude each other (--scale-only is --free with no terms)")
    free_terms = [t.strip() for t in free.split(",")] if free is not None else None
    if scale_only:
        free_terms = []
    if free_terms and isinstance(probe, HasEvalTerms):  # a game without terms: train says so
        try:
            restriction(probe.eval_term_names(), probe.eval_hand_weights(), free_terms)
        except ValueError as exc:
            raise CliError(f"--free: {exc}") from None
    make_bot(bot)  # a bad spec: one clear line before any game is played
    check_weights_path(out, force=force)  # before any game: a bad --out loses no training
    if plot is not None:
        check_plot_path(plot)
    with (
        work.bar(games, "game") as bar,
        work.open(todo=games, game=g.spec.name) as executor,
    ):
        weights, report = train(
            g.spec.name,
            games,
            players=players,
            bot_spec=bot,
            seed=seed,
            rate=rate,
            on_game=bar.update,
            free=free_terms,
            executor=executor,
        )
    write_weights(weights, out, force)
    if plot is not None:
        write_plot(reliability_figure(report, f"{g.spec.title}: held-out games"), plot)
    if as_json:
        typer.echo(json.dumps({"out": str(out), **weights.to_json()}))
        return
    typer.echo(
        f"{g.spec.title}: {report['games']} games of {bot} ({report['held_out_games']} held out), "
        f"{report['training_positions']} training and {report['held_out_positions']} held-out positions"
    )
    typer.echo(
        f"held-out Brier score: fitted {report['brier_fitted']:.4f}, hand {report['brier_hand']:.4f} (lower is better)"
    )
    if free_terms == []:
        typer.echo("restricted fit: one scale of the hand weights")
    elif free_terms is not None:
        typer.echo(
            f"restricted fit: {', '.join(free_terms)} free; the other terms share one scale "
            "of their hand weights"
        )
    typer.echo("weights (hand -> fitted terms, per unit of each term):")
    for name, w in zip(weights.term_names, weights.weights, strict=True):
        typer.echo(f"  {name:<24} {w:+.4f}")
    typer.echo(f"  {'intercept':<24} {weights.intercept:+.4f}")
    for key, label in (("reliability_fitted", "fitted"), ("reliability_hand", "hand")):
        typer.echo(f"reliability ({label}): bin, positions, mean predicted, mean observed")
        for line in _table(report[key]):
            typer.echo(line)
    typer.echo(f"wrote {out}")
