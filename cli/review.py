"""``realpolitik review``: the computer's verdict on every decision of a finished or saved game.

For each decision of the reviewed seats (a position where the seat had more than one legal
move), the AI searches the position: ``win_before`` is its value with the best move, the
played move's value is ``win_after`` (the same number when the played move is the best; else
a search of the position after the move: the seat's own next decision, the other seat's in a
two-seat game (one minus its value), or, at dice or with more seats, the move's value in the
first search), and ``loss`` is what the move gave away. Labels come from :data:`THRESHOLDS`
(also in docs/play.md). Decisions are searched in parallel (every core, or a Ray cluster with
``--backend ray``); each search is seeded from the game seed and the move number, so the review
is the same with any number of workers and on any backend.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from realpolitik.ai.tournament import Executor
from realpolitik.cli.common import CliError, DataOption, friendly_errors, make_console, parse_seats, plural
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
from realpolitik.cli.levels import DEFAULT_LEVEL, LEVELS, level_spec
from realpolitik.cli.outputs import check_plot_path, write_plot
from realpolitik.cli.saves import read_game_file
from realpolitik.cli.screen import seat_name
from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE, TERMINAL, State
from realpolitik.engine.core.files import shown
from realpolitik.engine.core.records import replay as replay_record

__all__ = ["LABELS", "THRESHOLDS", "label_for", "review", "review_game", "summarize_review"]

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("good", 0.03),
    ("inaccuracy", 0.08),
    ("mistake", 0.15),
    ("blunder", 1.01),
)
"""``(label, bound)``: a move that is not the AI's best gets the first label whose bound its
loss in win probability is below (good under 0.03, inaccuracy under 0.08, mistake under 0.15,
blunder from 0.15)."""

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every label, from the best."""


def label_for(played_best: bool, loss: float) -> str:
    """The label of a move: ``best`` when it is the AI's choice, else by :data:`THRESHOLDS`."""
    if played_best:
        return "best"
    for name, bound in THRESHOLDS:
        if loss < bound:
            return name
    return "blunder"


def decisions(state_final: State, seats: list[int]) -> list[tuple[int, int, int]]:
    """``(ply, seat, action)`` of every real decision of ``seats`` in the game: ``ply`` is the
    number of actions before it."""
    game = state_final.game()
    record = state_final.to_json()
    s = replay_record(game, record, upto=0)
    out = []
    for ply, a in enumerate(record["actions"]):
        p = s.current_player()
        if p in seats and len(s.legal_actions()) > 1:
            out.append((ply, p, a))
        s.apply_action(a)
    return out


def _best_value(state: State, seat: int, spec: str) -> tuple[float, Any]:
    from realpolitik.ai.bots import analyse

    a = analyse(state, seat, None, bot_spec=spec)
    best = a.moves[0]
    return (best.mean if best.mean is not None else 0.5), a


def review_one(game_name: str, record: dict[str, Any], ply: int, seat: int, spec: str) -> dict[str, Any]:
    """Review the decision at ``ply`` (the AI's verdict, see the module text).

    Args:
        game_name: The game.
        record: The game's record.
        ply: Actions before the decision.
        seat: The seat deciding.
        spec: The searching bot's spec (with its seed).

    Returns:
        ``{"ply", "seat", "text", "best_text", "win_before", "win_after", "loss", "label"}``
        (``ply`` counted from 1, ``seat`` by name).
    """
    game = load_game(game_name)
    state = replay_record(game, record, upto=ply)
    played = int(record["actions"][ply])
    win_before, analysis = _best_value(state, seat, spec)
    best = analysis.moves[0]
    stat = next(m for m in analysis.moves if m.action == played)
    if played == best.action:
        win_after = win_before
    else:
        after = state.clone()
        after.apply_action(played)
        p = after.current_player()
        if p == TERMINAL:
            win_after = after.returns()[seat]
        elif p == seat:
            win_after, _ = _best_value(after, seat, spec)
        elif p != CHANCE and after.num_players() == 2:
            theirs, _ = _best_value(after, p, spec)
            win_after = 1.0 - theirs
        else:
            win_after = stat.mean if stat.mean is not None else after.evaluate(seat)
    loss = max(0.0, win_before - win_after)
    return {
        "ply": ply + 1,
        "seat": seat_name(state, seat),
        "text": state.action_to_string(played),
        "best_text": best.text,
        "win_before": round(win_before, 4),
        "win_after": round(win_after, 4),
        "loss": round(loss, 4),
        "label": label_for(played == best.action, loss),
    }


def _job(args: tuple[str, dict[str, Any], int, int, str]) -> dict[str, Any]:
    return review_one(*args)


def summarize_review(moves: list[dict[str, Any]], seats: list[str]) -> dict[str, dict[str, Any]]:
    """Per seat: ``accuracy`` (the percentage of its decisions labelled best or good) and the
    counts of ``blunders``, ``mistakes`` and ``inaccuracies``."""
    out = {}
    for name in seats:
        mine = [m for m in moves if m["seat"] == name]
        good = sum(1 for m in mine if m["label"] in ("best", "good"))
        out[name] = {
            "accuracy": round(100.0 * good / len(mine), 1) if mine else None,
            "blunders": sum(1 for m in mine if m["label"] == "blunder"),
            "mistakes": sum(1 for m in mine if m["label"] == "mistake"),
            "inaccuracies": sum(1 for m in mine if m["label"] == "inaccuracy"),
        }
    return out


def review_jobs(state: State, seats: list[int], spec: str) -> list[tuple[str, dict[str, Any], int, int, str]]:
    """One work unit per decision of ``seats`` to review (:func:`review_one`'s arguments)."""
    record = state.to_json()
    game_name = state.game().spec.name
    seed = int(record.get("seed", 0))
    return [
        (game_name, record, ply, seat, f"{spec},seed={(seed * 1_000_003 + ply) % 2**31}")
        for ply, seat, _ in decisions(state, seats)
    ]


def review_game(
    state: State,
    seats: list[int],
    spec: str,
    executor: Executor | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """The review of ``seats``' decisions in the game that ended (or stopped) at ``state``.

    Args:
        state: The final position (its record is replayed).
        seats: Seats to review.
        spec: The searching bot (``ismcts:iters=N``), without a seed: each decision's seed is
            the record's seed and the move number.
        executor: Where the positions are searched (default: one by one in this process; left
            open, the caller closes it).
        progress: Show a progress bar on standard error.

    Returns:
        ``{"game", "moves": [...], "summary": {SEAT: {...}}}``.
    """
    from realpolitik.ai.tournament import InlineExecutor

    jobs = review_jobs(state, seats, spec)
    results: list[dict[str, Any]] = []
    with Progress(len(jobs), "decision", progress, desc="reviewing") as bar:
        for _, move in (executor or InlineExecutor()).imap_unordered(_job, jobs):
            results.append(move)
            bar.update(1)
    results.sort(key=lambda m: m["ply"])
    names = [seat_name(state, s) for s in seats]
    return {"game": state.game().spec.name, "moves": results, "summary": summarize_review(results, names)}


def plot_review(review: dict[str, Any], path: Path) -> None:
    """A PNG of each reviewed seat's win probability across the game, mistakes and blunders
    marked (Agg backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 4))
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    for i, name in enumerate(review["summary"]):
        mine = [m for m in review["moves"] if m["seat"] == name]
        if not mine:
            continue
        color = f"C{i % 10}"
        ax.plot([m["ply"] for m in mine], [m["win_before"] for m in mine], color=color, label=name)
        for label, marker in (("mistake", "o"), ("blunder", "X")):
            bad = [m for m in mine if m["label"] == label]
            if bad:
                ax.scatter(
                    [m["ply"] for m in bad],
                    [m["win_before"] for m in bad],
                    marker=marker,
                    s=50,
                    color=color,
                    edgecolors="black",
                    label=f"{name} {label}s",
                    zorder=3,
                )
    ax.set_ylim(0, 1)
    ax.set_xlabel("action number")
    ax.set_ylabel("win probability (AI)")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.legend(fontsize="small")
    ax.set_title(f"{review['game']}: review")
    fig.tight_layout()
    write_plot(fig, path)


@friendly_errors
def review(
    save: Annotated[Path, typer.Argument(help="A save or a game record (JSON).")],
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help="A seat to review (repeat for more). Default: every human seat."),
    ] = None,
    level: Annotated[
        str, typer.Option("--level", "-l", help=f"The AI's budget for the review: {', '.join(LEVELS)}.")
    ] = DEFAULT_LEVEL,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Write a PNG of the win probability across the game.", dir_okay=False),
    ] = None,
    workers: Annotated[int | None, workers_option("Positions searched")] = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colour (also: NO_COLOR=1).")] = False,
    quiet: QuietOption = False,
    data: DataOption = None,
) -> None:
    """Review a game: for each decision, the AI's value before and after, its best move, the
    win probability lost and a label (best, good, inaccuracy, mistake, blunder).

    The review is the same whatever --workers and --backend."""
    check_backend(backend, address)
    check_data_backend(backend, data)
    if level not in LEVELS:
        raise CliError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    if plot is not None:
        check_plot_path(plot)
    loaded = read_game_file(str(save), data=data)
    state = loaded.state
    players = state.num_players()
    if seat:
        seats = parse_seats(loaded.game, players, seat, state)
    elif loaded.is_save and loaded.humans:
        seats = list(loaded.humans)
    else:
        seats = list(range(players))
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(level_spec(level, loaded.game, players))
    spec = f"ismcts:iters={raw.get('iters', 2000)}"
    jobs = review_jobs(state, seats, spec)
    with contextlib.ExitStack() as stack:
        executor = stack.enter_context(open_work(backend, workers, address, todo=len(jobs))) if jobs else None
        result = review_game(state, seats, spec, executor, progress_wanted(as_json, quiet))
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        if plot is not None:
            plot_review(result, plot)  # after the review is out: a failure here loses nothing
        return
    console = make_console(no_color)
    console.print(Text(f"{loaded.game.spec.title}: review of {save} ({spec})", style="bold"), soft_wrap=True)
    console.print(Text(f"{'ply':>5} {'seat':<6} {'move':<36} {'win':>9} {'loss':>5}  label"))
    for m in result["moves"]:
        text = m["text"] if len(m["text"]) <= 36 else m["text"][:33] + "..."
        win = f"{m['win_before'] * 100:.0f}->{m['win_after'] * 100:.0f}%"
        style = "bold" if m["label"] in ("mistake", "blunder") else ""
        line = f"{m['ply']:>5} {m['seat']:<6} {text:<36} {win:>9} {m['loss'] * 100:>4.0f}%  {m['label']}"
        console.print(Text(line[:79], style=style))
        if m["label"] != "best":
            console.print(Text(f"{'':>13}AI's best: {m['best_text']}"[:79], style="dim"))
    for name, s in result["summary"].items():
        acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.1f}%"
        console.print(
            Text(
                f"{name}: accuracy {acc}, "
                f"{s['inaccuracies']} {'inaccuracy' if s['inaccuracies'] == 1 else 'inaccuracies'}, "
                f"{plural(s['mistakes'], 'mistake')}, {plural(s['blunders'], 'blunder')}",
                style="bold",
            )
        )
    if plot is not None:
        plot_review(result, plot)
        console.print(Text(f"Plot written to {shown(plot)}."))
