"""``realpolitik review``: the computer's verdict on every move of a finished or saved game.

**What is reviewed.** A seat's move is the run of actions it takes with nothing between them
(no die, no other seat's move): a compound move such as a Twilight Struggle card played for
its Operations, placed point by point (``#34 Nuclear Test Ban: influence``, ``influence
France``, ``influence Iraq``), a setup's placements, an event's choices. Each move is reviewed
once, at its first real choice (more than one legal move), as the whole line of steps played
(:func:`positions`); a move without a real choice is not reviewed. Judging a step alone would
value it with the seat's own later steps still to search, which drags a rarely tried step's
value down. In a game whose search follows a plan (``HasPlan``), each decision is reviewed
alone: its search trees hold the plan's virtual visits below the root.

**How.** One search of each position (ISMCTS at the review's budget, seeded from the game
seed and the move number, so the review is the same with any number of workers and on any
backend), and both values are read from its tree, so from one information set, the
reviewed seat's: ``win_before`` is the value of the AI's line (the most visited move, step
after step, over as many of the seat's own steps as the played move took), ``win_after`` the
value of the played line (the searching seat's mean return over the iterations that went
through it), and ``loss`` what the move gave away. A line the search tried fewer than
:func:`min_visits` times is searched further in the same tree (each further iteration starts
with it) until it has them. Labels come from :data:`THRESHOLDS` (also in docs/play.md).

**Budget.** A review shares :data:`REVIEW_SEARCHES` searches' worth of the level's
iterations among its positions: each position gets that share, at most the level's own budget
and never fewer iterations than the ``easy`` level's (:func:`review_iterations`); ``--iters``
sets it directly.
"""

from __future__ import annotations

import contextlib
import json
import random
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from realpolitik.ai.ismcts import MAX_ITERS
from realpolitik.ai.tournament import Executor
from realpolitik.cli.common import CliError, friendly_errors, make_console, parse_seats, plural
from realpolitik.cli.jobs import (
    AddressOption,
    Backend,
    BackendOption,
    Progress,
    QuietOption,
    Work,
    workers_option,
)
from realpolitik.cli.levels import DEFAULT_LEVEL, LEVELS, level_spec
from realpolitik.cli.options import DataOption, JsonOption, NoColorOption
from realpolitik.cli.outputs import check_plot_path, plot_option, write_plot
from realpolitik.cli.saves import read_game_file
from realpolitik.cli.screen import seat_name
from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE, HasPlan, State
from realpolitik.engine.core.files import shown
from realpolitik.engine.core.records import replay as replay_record

if TYPE_CHECKING:
    from realpolitik.ai.ismcts import Node

DEFAULT_ITERS = 2000
"""The iterations of a level whose spec names none (the search's own default)."""

MOVE_WIDTH = 36
"""Columns of the move in the review's table; a longer move is cut with ``...`` and its
further steps go on below."""

__all__ = [
    "LABELS",
    "REVIEW_SEARCHES",
    "THRESHOLDS",
    "label_for",
    "min_visits",
    "positions",
    "review",
    "review_game",
    "review_iterations",
    "summarize_review",
    "worst_moves",
]

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

REVIEW_SEARCHES = 8
"""A review's whole budget, in searches of its level: the level's iterations times this,
shared by the positions reviewed (:func:`review_iterations`). Sized so that the default review
of a whole Twilight Struggle game (171 positions, 2,339 iterations each) takes under 2 minutes
on two cores busy with other work; docs/twilight-import.md has the measurement and how its
verdicts compare with a whole search at every position."""

PLAYED_MIN_VISITS = 100
"""The most iterations a review asks of the line played (and of the AI's line) before it reads
their values (:func:`min_visits`)."""


GROW_TRIES = 3
"""How many times a review searches a rarely tried line further before it reads what it has
(a step of the line may be illegal in some of the worlds the search draws)."""


def label_for(played_best: bool, loss: float) -> str:
    """The label of a move: ``best`` when it is the AI's choice, else by :data:`THRESHOLDS`."""
    if played_best:
        return "best"
    for name, bound in THRESHOLDS:
        if loss < bound:
            return name
    return "blunder"


def review_iterations(level_iters: int, easy_iters: int, count: int) -> int:
    """The iterations each position of a review gets: :data:`REVIEW_SEARCHES` searches of the
    level shared by ``count`` positions, at most ``level_iters`` and at least ``easy_iters``
    (or ``level_iters`` when that is smaller).

    Args:
        level_iters: The level's iteration budget (one search).
        easy_iters: The ``easy`` level's budget: the fewest a position gets.
        count: The positions reviewed.

    Returns:
        Iterations per position.
    """
    share = level_iters * REVIEW_SEARCHES // max(1, count)
    return max(min(level_iters, share), min(easy_iters, level_iters))


def min_visits(iters: int) -> int:
    """The iterations a line must have been tried in before a review reads its value: a tenth
    of the position's budget, between 1 and :data:`PLAYED_MIN_VISITS`."""
    return max(1, min(PLAYED_MIN_VISITS, iters // 10))


def positions(state_final: State, seats: list[int]) -> list[tuple[int, int, int]]:
    """``(ply, seat, steps)`` of every position a review judges in the game: the first real
    choice (more than one legal move) of each move of ``seats``, where a move is the run of
    ``steps`` actions one seat takes from ``ply`` (the number of actions before it) until a
    die or another seat's move (see the module text); in a game with a plan, each action.

    Args:
        state_final: The game's last position (its record is replayed).
        seats: The seats reviewed.

    Returns:
        The positions, in the game's order.
    """
    game = state_final.game()
    record = state_final.to_json()
    s = replay_record(game, record, upto=0)
    grouped = not isinstance(s, HasPlan)
    runs: list[tuple[int, list[tuple[int, bool]]]] = []  # (seat, [(ply, a real choice)])
    prev = CHANCE  # who took the last action (CHANCE: a die, or nobody yet)
    for ply, a in enumerate(record["actions"]):
        p = s.current_player()
        if p >= 0:
            if not (grouped and p == prev):
                runs.append((p, []))
            runs[-1][1].append((ply, len(s.legal_actions()) > 1))
        prev = p
        s.apply_action(a)
    out = []
    for seat, steps in runs:
        if seat not in seats:
            continue
        first = next((i for i, (_, choice) in enumerate(steps) if choice), None)
        if first is not None:
            out.append((steps[first][0], seat, len(steps) - first))
    return out


def _node(root: Node, line: list[int]) -> Node | None:
    node: Node | None = root
    for a in line:
        node = node.children.get(a) if node is not None else None
    return node


def _value(root: Node, line: list[int], priors: dict[int, int]) -> tuple[int, float | None]:
    """``(visits, mean return)`` of the node at the end of ``line``, the plan's virtual visits
    of a root move taken out (a line of more than one step is never in a game with a plan)."""
    node = _node(root, line)
    if node is None:
        return 0, None
    virtual = priors.get(line[0], 0) if len(line) == 1 else 0
    visits = node.visits - virtual
    return visits, ((node.total - virtual) / visits if visits > 0 else None)


def _line_value(root: Node, line: list[int], priors: dict[int, int]) -> float:
    """The mean return at the end of ``line``, or at the end of its longest beginning the search
    reached when no world it searched let the whole line be played (its first step, the seat's
    own choice at the root, is legal in every world and always searched)."""
    for end in range(len(line), 0, -1):
        mean = _value(root, line[:end], priors)[1]
        if mean is not None:
            return mean
    raise ValueError("the review's search never tried the move")


def review_one(
    game_name: str, record: dict[str, Any], ply: int, seat: int, steps: int, spec: str
) -> dict[str, Any]:
    """Review the move of ``steps`` actions at ``ply`` (the AI's verdict, see the module text).

    Args:
        game_name: The game.
        record: The game's record.
        ply: Actions before the move.
        seat: The seat deciding.
        steps: The move's actions (more than one for a compound move).
        spec: The searching bot's spec (``ismcts``, with its budget and seed).

    Returns:
        ``{"ply", "steps", "seat", "text", "best_text", "win_before", "win_after", "loss",
        "label"}`` (``ply`` counted from 1, ``seat`` by name, a compound move's texts joined
        by commas).

    Raises:
        ValueError: for a spec of a bot that does not search a tree.
    """
    from realpolitik.ai.bots import SearchBot, make_bot, parse_spec
    from realpolitik.ai.ismcts import grow_tree

    bot = make_bot(spec)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"a review searches with ismcts or mcts, not '{bot.spec}'")
    game = load_game(game_name)
    state = replay_record(game, record, upto=ply)
    played = [int(a) for a in record["actions"][ply : ply + steps]]
    searched = bot.evaluation.wrap(state)
    config = bot.config_for(state)
    rng = random.Random(int(parse_spec(spec)[1].get("seed", "0")))
    priors: dict[int, int] = {}
    root, _ = grow_tree(searched, seat, config, rng, priors=priors)
    need = min_visits(config.iters or PLAYED_MIN_VISITS)

    def grow(line: list[int]) -> None:
        for _ in range(GROW_TRIES):  # a step of the line may be illegal in a few worlds
            short = need - _value(root, line, priors)[0]
            if short <= 0:
                return
            grow_tree(
                searched,
                seat,
                replace(config, iters=short, time=None),
                rng,
                priors=priors,
                root=root,
                forced=line,
            )

    # The AI's line: the most visited move at each step while the seat is to move.
    best: list[int] = []
    walk = state.clone()
    while len(best) < steps and walk.current_player() == seat:
        node = _node(root, best)
        tried = {
            a: n.visits - (priors.get(a, 0) if not best else 0)
            for a, n in (node.children.items() if node else ())
            if a >= 0
        }
        tried = {a: v for a, v in tried.items() if v > 0}
        if not tried:
            if _value(root, best, priors)[0] >= need:
                break  # a leaf the search reached often enough: the line ends there
            grow(best)
            continue
        a = max(tried, key=lambda k: (tried[k], -k))
        if a not in walk.legal_actions():
            break
        best.append(a)
        walk.apply_action(a)
    grow(best)
    grow(played)
    win_before = _line_value(root, best, priors)
    win_after = _line_value(root, played, priors)
    is_best = played == best
    if is_best:
        win_after = win_before
    loss = max(0.0, win_before - win_after)
    return {
        "ply": ply + 1,
        "steps": steps,
        "seat": seat_name(state, seat),
        "text": _texts(state, played),
        "best_text": _texts(state, best),
        "win_before": round(win_before, 4),
        "win_after": round(win_after, 4),
        "loss": round(loss, 4),
        "label": label_for(is_best, loss),
    }


def _texts(state: State, line: list[int]) -> str:
    """The actions of ``line`` played from ``state``, as texts joined by commas; a step that
    begins with the same word as the step before it drops that word (``influence France,
    Iraq``)."""
    s = state.clone()
    out = []
    last = ""
    for a in line:
        text = s.action_to_string(a)
        word, _, rest = text.partition(" ")
        out.append(rest if word == last and rest else text)
        last = word
        s.apply_action(a)
    return ", ".join(out)


def _level_iters(level: str, game: Any, players: int) -> int:
    """The iteration budget of ``level``'s search in ``game`` at ``players`` players."""
    from realpolitik.ai.bots import parse_spec

    _, raw = parse_spec(level_spec(level, game, players))
    return int(raw.get("iters", DEFAULT_ITERS))


def _job(args: tuple[str, dict[str, Any], int, int, int, str]) -> dict[str, Any]:
    return review_one(*args)


def summarize_review(moves: list[dict[str, Any]], seats: list[str]) -> dict[str, dict[str, Any]]:
    """Per seat: ``accuracy`` (the percentage of its moves labelled best or good) and the
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


def review_jobs(
    state: State, seats: list[int], spec: str
) -> list[tuple[str, dict[str, Any], int, int, int, str]]:
    """One work unit per position of ``seats`` to review (:func:`review_one`'s arguments),
    each seeded from the record's seed and its move number."""
    record = state.to_json()
    game_name = state.game().spec.name
    seed = int(record.get("seed", 0))
    return [
        (game_name, record, ply, seat, steps, f"{spec},seed={(seed * 1_000_003 + ply) % 2**31}")
        for ply, seat, steps in positions(state, seats)
    ]


def review_game(
    state: State,
    seats: list[int],
    spec: str,
    executor: Executor | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """The review of ``seats``' moves in the game that ended (or stopped) at ``state``.

    Args:
        state: The final position (its record is replayed).
        seats: Seats to review.
        spec: The searching bot of each position (``ismcts:iters=N``), without a seed: each
            position's seed is the record's seed and the move number.
        executor: Where the positions are searched (default: one by one in this process; left
            open, the caller closes it).
        progress: Show a progress bar on standard error.

    Returns:
        ``{"game", "search", "moves": [...], "summary": {SEAT: {...}}}`` (``search``: ``spec``).
    """
    from realpolitik.ai.tournament import InlineExecutor

    jobs = review_jobs(state, seats, spec)
    results: list[dict[str, Any]] = []
    with Progress(len(jobs), "position", progress, desc="reviewing") as bar:
        for _, move in (executor or InlineExecutor()).imap_unordered(_job, jobs):
            results.append(move)
            bar.update(1)
    results.sort(key=lambda m: m["ply"])
    names = [seat_name(state, s) for s in seats]
    summary = summarize_review(results, names)
    return {"game": state.game().spec.name, "search": spec, "moves": results, "summary": summary}


WORST_SHOWN = 3
"""How many of each seat's costliest moves the plot names by their action number."""


def worst_moves(moves: list[dict[str, Any]], seat: str, count: int = WORST_SHOWN) -> list[dict[str, Any]]:
    """The ``count`` moves of ``seat`` that lost the most win probability (a loss above zero),
    the largest first (the earlier move on ties)."""
    mine = [m for m in moves if m["seat"] == seat and m["loss"] > 0]
    return sorted(mine, key=lambda m: (-m["loss"], m["ply"]))[:count]


def plot_review(review: dict[str, Any], path: Path) -> list[int]:
    """A PNG of each reviewed seat's win probability across the game (Agg backend): mistakes
    (circles) and blunders (crosses) marked, each with a line down to the value of the move
    played, and each seat's :data:`WORST_SHOWN` costliest moves named by their action number.

    Returns:
        The action numbers named, seat after seat.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 4))
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    named: list[int] = []
    for i, name in enumerate(review["summary"]):
        mine = [m for m in review["moves"] if m["seat"] == name]
        if not mine:
            continue
        color = f"C{i % 10}"
        ax.plot([m["ply"] for m in mine], [m["win_before"] for m in mine], color=color, label=name)
        for label, marker in (("mistake", "o"), ("blunder", "X")):
            bad = [m for m in mine if m["label"] == label]
            if bad:
                ax.vlines(
                    [m["ply"] for m in bad],
                    [m["win_after"] for m in bad],
                    [m["win_before"] for m in bad],
                    color=color,
                    linewidth=1.2,
                    zorder=2,
                )
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
        for rank, m in enumerate(worst_moves(review["moves"], name)):
            named.append(m["ply"])
            ax.annotate(
                str(m["ply"]),
                (m["ply"], m["win_before"]),
                xytext=(0, 7 + 9 * rank),  # the costliest lowest: close moves' numbers do not overlap
                textcoords="offset points",
                ha="center",
                fontsize="x-small",
                color=color,
                fontweight="bold",
            )
    ax.set_ylim(0, 1)
    ax.set_xlabel("action number (a costliest move is named by its number)")
    ax.set_ylabel("win probability (AI)")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.legend(fontsize="small")
    ax.set_title(f"{review['game']}: review ({review.get('search', 'ismcts')} a position)")
    fig.tight_layout()
    write_plot(fig, path)
    return named


@friendly_errors
def review(
    save: Annotated[Path, typer.Argument(help="A save or a game record (JSON).")],
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help="A seat to review (repeat for more). Default: every human seat."),
    ] = None,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            "-l",
            help=f"The AI's budget for the review: {', '.join(LEVELS)}. A review shares {REVIEW_SEARCHES} "
            "searches of the level among its positions (at most one search each, at least the easy "
            "level's): hard reviews deeper, easy faster.",
        ),
    ] = DEFAULT_LEVEL,
    iters: Annotated[
        int | None,
        typer.Option(
            "--iters",
            min=1,
            max=MAX_ITERS,
            help="Search iterations for each position, instead of the level's share.",
        ),
    ] = None,
    as_json: JsonOption = False,
    plot: Annotated[Path | None, plot_option("Write a PNG of the win probability across the game.")] = None,
    workers: Annotated[int | None, workers_option("Positions searched")] = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    no_color: NoColorOption = False,
    quiet: QuietOption = False,
    data: DataOption = None,
) -> None:
    """Review a game: for each move, the AI's value before and after, its
    best move, the win probability lost and a label (best, good, inaccuracy,
    mistake, blunder).

    One search a position; a compound move (a card's Operations placed point
    by point) is judged once, as a whole. By default (--level normal) the
    positions share 8 searches of the normal level: a whole Twilight Struggle
    game in under 2 minutes on two cores. For a deeper review: --level hard
    (its larger budget shared alike; Twilight Struggle: three times the
    iterations), or --iters N a position.

    The review is the same whatever --workers and --backend.
    """
    work = Work.check(backend, workers, address, as_json=as_json, quiet=quiet, local_data=data)
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
    count = len(positions(state, seats))
    if iters is None:
        iters = review_iterations(
            _level_iters(level, loaded.game, players), _level_iters("easy", loaded.game, players), count
        )
    spec = f"ismcts:iters={iters}"
    with contextlib.ExitStack() as stack:
        executor = stack.enter_context(work.open(todo=count)) if count else None
        result = review_game(state, seats, spec, executor, work.progress)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        if plot is not None:
            plot_review(result, plot)  # after the review is out: a failure here loses nothing
        return
    console = make_console(no_color)
    console.print(
        Text(
            f"{loaded.game.spec.title}: review of {save} ({plural(count, 'position')}, {spec} each)",
            style="bold",
        ),
        soft_wrap=True,
    )
    console.print(Text(f"{'ply':>5} {'seat':<6} {'move':<{MOVE_WIDTH}} {'win':>9} {'loss':>5}  label"))
    for m in result["moves"]:
        long, cut = len(m["text"]) > MOVE_WIDTH, MOVE_WIDTH - len("...")
        text = m["text"][:cut] + "..." if long else m["text"]
        rest = m["text"][cut:] if long else ""
        win = f"{m['win_before'] * 100:.0f}->{m['win_after'] * 100:.0f}%"
        style = "bold" if m["label"] in ("mistake", "blunder") else ""
        line = f"{m['ply']:>5} {m['seat']:<6} {text:<{MOVE_WIDTH}} {win:>9} {m['loss'] * 100:>4.0f}%  {m['label']}"
        console.print(Text(line[:79], style=style))
        while rest:  # a compound move's further steps
            console.print(Text(f"{'':>13}...{rest[:63]}", style=style))
            rest = rest[63:]
        if m["label"] != "best":
            for i, part in enumerate(textwrap.wrap(f"AI's best: {m['best_text']}", 66)):
                console.print(Text(f"{'':>13}{'  ' if i else ''}{part}", style="dim"))
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
