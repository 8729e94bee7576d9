"""``realpolitik tournament``: many AI-vs-AI games in parallel, resumable, with honest statistics.

The work happens in ``ai.tournament``; this module parses options, shows a progress bar,
prints the summary (a rich table, or one JSON object with ``--json``) and draws ``--plot``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from realpolitik.ai.bots import bot_names
from realpolitik.ai.tournament import (
    MAX_GAMES,
    Outcome,
    ResultsFile,
    default_workers,
    make_config,
    resolve_game,
    run_games,
    summarize,
)
from realpolitik.ai.tournament.config import game_ref
from realpolitik.cli.common import CliError, check_seed_option, chosen_game, friendly_errors, make_console
from realpolitik.cli.jobs import Backend, BackendOption, GamesWorkersOption, QuietOption, Work
from realpolitik.cli.options import DataOption, GameOptionsOption, ResumeOption, VariantOption, json_option
from realpolitik.cli.outputs import check_plot_path, plot_option, write_plot
from realpolitik.engine import data_in_use

__all__ = ["Backend", "default_workers", "parse_bot_args", "plot_summary", "tournament_cmd"]


def parse_bot_args(entries: list[str]) -> list[tuple[str, str]]:
    """``NAME=SPEC`` entries as ``(name, spec)``; a bare ``SPEC`` is named after itself.

    ``a=ismcts:iters=200`` names the bot ``a``; ``ismcts:iters=200`` (the text before the first
    ``=`` holds a ``:``) is a bare spec.
    """
    out = []
    for entry in entries:
        name, eq, spec = entry.partition("=")
        if eq and ":" not in name and name.strip() and spec.strip():
            out.append((name.strip(), spec.strip()))
        elif entry.strip():
            out.append((entry.strip(), entry.strip()))
        else:
            raise CliError("empty --bot; expected --bot NAME=SPEC, e.g. --bot a=random")
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _show_table(summary: dict[str, Any], out: Path) -> None:
    console = make_console()
    seats = list(summary["seats"])
    table = Table(title=f"{summary['game']}: {summary['games']} games")
    table.add_column("bot")
    for col in ("spec", "games", "wins", "win rate", "95% CI", "rating μ±σ"):
        table.add_column(col, justify="left" if col == "spec" else "right")
    for name, b in summary["bots"].items():
        lo, hi = b["ci95"]
        r = b["rating"]
        table.add_row(
            name, b["spec"], str(b["games"]), f"{b['wins']:g}", _pct(b["win_rate"]),
            f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{r['mu']:.1f}±{r['sigma']:.1f}",
        )  # fmt: skip
    console.print(table)
    by_seat = Table(title="win rate by seat")
    by_seat.add_column("bot")
    for seat in seats:
        by_seat.add_column(seat, justify="right")
    for name, b in summary["bots"].items():
        by_seat.add_row(name, *(_pct(b["by_seat"][s]["win_rate"]) for s in seats))
    by_seat.add_row("(any)", *(_pct(summary["seats"][s]["win_rate"]) for s in seats), style="dim")
    console.print(by_seat)
    console.print(
        f"average length {summary['avg_length']:.1f} actions · average duration "
        f"{1000 * summary['avg_duration']:.1f} ms · results: {out}"
    )


def plot_summary(summary: dict[str, Any], path: Path) -> None:
    """A PNG of each bot's win rate with its 95% interval, overall and per seat (Agg backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    bots = list(summary["bots"])
    seats = list(summary["seats"])
    fig = Figure(figsize=(5 + 1.2 * len(bots) + 0.8 * len(seats) * len(bots) / 2, 4.2))
    FigureCanvasAgg(fig)
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, max(1, len(seats))]})

    def bars(
        ax: Any, xs: list[float], stats: list[dict[str, Any]], width: float, color: Any, label: str | None
    ) -> None:
        rates = [s["win_rate"] for s in stats]
        # A rate of 0 or 1 has an interval that ends at the rate itself; rounding may put the
        # end a hair past it, and matplotlib refuses a negative error bar.
        err = [
            [max(0.0, r - s["ci95"][0]) for r, s in zip(rates, stats)],
            [max(0.0, s["ci95"][1] - r) for r, s in zip(rates, stats)],
        ]
        ax.bar(xs, rates, width, yerr=err, capsize=4, color=color, label=label)

    colors = [f"C{i % 10}" for i in range(len(bots))]
    bars(left, list(range(len(bots))), [summary["bots"][b] for b in bots], 0.6, colors, None)
    left.set_xticks(range(len(bots)), bots)
    left.set_title("win rate (95% CI)")
    width = 0.8 / len(bots)
    for i, b in enumerate(bots):
        xs = [j - 0.4 + width * (i + 0.5) for j in range(len(seats))]
        bars(right, xs, [summary["bots"][b]["by_seat"][s] for s in seats], width, colors[i], b)
    right.set_xticks(range(len(seats)), seats)
    right.set_title("win rate by seat (95% CI)")
    right.legend(fontsize="small")
    for ax in (left, right):
        ax.set_ylim(0, 1)
        ax.axhline(1 / len(seats), color="grey", linewidth=0.8, linestyle="--")
    fig.suptitle(f"{summary['game']}: {summary['games']} games")
    fig.tight_layout()
    write_plot(fig, path)


class _Progress:
    """The progress bar with win rates so far (off without a terminal, with --json or --quiet)."""

    def __init__(self, work: Work, total: int, rows: Iterable[dict[str, Any]], bots: list[str]) -> None:
        self.wins = dict.fromkeys(bots, 0.0)
        self.games = 0
        for row in rows:
            self._count(row)
        self.bar = work.bar(total, "game", initial=self.games)
        self._postfix()

    def _count(self, row: dict[str, Any]) -> None:
        self.games += 1
        for seat, ret in zip(row["seats"], row["returns"]):
            self.wins[seat["bot"]] += ret

    def _postfix(self) -> None:
        if self.games:
            self.bar.postfix(" ".join(f"{b} {_pct(w / self.games)}" for b, w in self.wins.items()))

    def __call__(self, row: dict[str, Any]) -> None:
        self._count(row)
        self.bar.update(1)
        self._postfix()

    def close(self) -> None:
        self.bar.close()


@friendly_errors
def tournament_cmd(
    game: Annotated[str, typer.Argument(help="The game, e.g. twilight (see `realpolitik games`).")],
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            help=f"NAME=SPEC, once per player, e.g. --bot a=ismcts:iters=500 ({', '.join(bot_names())}).",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", min=1, help=f"Games to play in all (at most {MAX_GAMES:,}).")
    ],
    out: Annotated[
        Path, typer.Option("--out", help="Results file, one JSON line per finished game.", dir_okay=False)
    ],
    players: Annotated[
        int | None, typer.Option("--players", min=1, help="Players (default: the number of --bot).")
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Tournament seed; every game's seed derives from it.")
    ] = 0,
    workers: GamesWorkersOption = None,
    backend: BackendOption = Backend.local,
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            "--ray-address",
            metavar="HOST:PORT",
            help="A running Ray cluster's head (ray start --head), with --backend ray (default: a "
            "private local Ray); --ray-address is the older name.",
        ),
    ] = None,
    resume: ResumeOption = False,
    variant: VariantOption = None,
    option: GameOptionsOption = None,
    data: DataOption = None,
    as_json: Annotated[bool, json_option("one JSON object instead of a table")] = False,
    plot: Annotated[Path | None, plot_option("Write a PNG of win rates with 95% intervals.")] = None,
    quiet: QuietOption = False,
) -> None:
    """Play GAME many times between bots, rotating seats; rate and compare them.

    Each finished game is appended to OUT at once, so a killed run loses only the games in flight: run the same command again with --resume to finish it.
    """
    check_seed_option(seed)
    work = Work.check(backend, workers, address, as_json=as_json, quiet=quiet)
    if plot is not None:
        check_plot_path(plot)
    g, options = chosen_game(game, data, option, variant)
    ref = game_ref(g.spec.name, data_in_use(g.spec.name) if data is not None else None)
    cfg = make_config(ref, parse_bot_args(bot), games, seed=seed, players=players, options=options)
    if options:  # the game checks the values at the door, not in the first game
        g.new_initial_state(players=cfg.players, seed=cfg.seed, **options)
    seats = list(resolve_game(cfg.game).spec.seats_for(cfg.players))
    with ResultsFile(out, cfg, resume=resume) as results:
        if results.invalid_count or results.duplicates or results.truncated:
            typer.echo(
                f"note: {out}: skipped {results.invalid_count} invalid and {results.duplicates} repeated "
                f"lines, cut {results.truncated} bytes of an unfinished last line",
                err=True,
            )
        todo = cfg.games - results.done_count()
        failures: list[Outcome] = []
        if todo:
            progress = _Progress(work, cfg.games, results.iter_done(), [name for name, _ in cfg.bots])
            try:
                with work.open(todo=todo, game=cfg.game) as executor:
                    failures = run_games(results, executor, progress)
            finally:
                progress.close()
        summary = summarize(results.iter_done(), cfg.bots, seats, cfg.game)
    summary["seed"] = cfg.seed
    summary["failed"] = [{"game_id": f.game_id, "error": f.error} for f in failures]
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        _show_table(summary, out)
    if plot is not None:
        plot_summary(summary, plot)
    if failures:
        first = failures[0]
        raise CliError(
            f"{len(failures)} of {cfg.games} games failed (first: game {first.game_id}: {first.error}); "
            "they are not in the results — --resume retries them"
        )
