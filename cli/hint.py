"""``realpolitik hint``: the computer's advice on a saved position."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from realpolitik.cli.analysis_view import explain_top, print_analysis
from realpolitik.cli.common import CliError, check_budget, check_seed_option, friendly_errors, make_console
from realpolitik.cli.levels import (
    DEFAULT_LEVEL,
    IterationMeter,
    level_spec,
    run_with_progress,
    spec_iters,
)
from realpolitik.cli.options import DataOption, JsonOption, NoColorOption
from realpolitik.cli.saves import read_game_file
from realpolitik.cli.screen import Renderer, layout_choices
from realpolitik.engine.core.api import CHANCE, TERMINAL

__all__ = ["analysis_json", "hint"]


def analysis_json(
    analysis: Any, top: int, numbers: dict[int, int] | None = None, explanation: str | None = None
) -> dict[str, Any]:
    """The JSON ``hint --json`` prints: ``{"moves": [{"choice", "action", "text", "visits",
    "value", "win_prob", "ci", "pv"}, ...], "pv": [...], "explanation", "game", "seat",
    "seat_name", "bot", "iterations", "elapsed"}``; ``choice`` is the number ``play`` shows for
    the move."""
    numbers = numbers or {}
    moves = [
        {
            "choice": numbers.get(m.action),
            "action": m.action,
            "text": m.text,
            "visits": m.visits,
            "value": m.mean,
            "win_prob": m.win_prob,
            "ci": [m.ci_low, m.ci_high],
            "pv": list(m.pv),
        }
        for m in analysis.moves[:top]
    ]
    return {
        "game": analysis.game,
        "seat": analysis.seat,
        "seat_name": analysis.seat_name,
        "bot": analysis.bot,
        "iterations": analysis.iterations,
        "elapsed": analysis.elapsed,
        "moves": moves,
        "pv": list(analysis.pv),
        "explanation": explanation,
    }


@friendly_errors
def hint(
    game: Annotated[str, typer.Argument(help="The game of the save, e.g. twilight.")],
    load: Annotated[Path, typer.Option("--load", help="The save (or game record) to analyse.")],
    top: Annotated[int, typer.Option("--top", help="How many moves to list.", min=1)] = 5,
    iters: Annotated[int | None, typer.Option("--iters", help="Search iterations.", min=1)] = None,
    time: Annotated[float | None, typer.Option("--time", help="Search seconds.", min=0.001)] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the search.")] = 0,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            help="The searching bot's spec (default: ismcts at the normal level's budget), e.g. "
            "expectimax:depth=3 or openspiel-ismcts:time=1; --iters/--time replace its budget.",
        ),
    ] = None,
    as_json: JsonOption = False,
    no_color: NoColorOption = False,
    data: DataOption = None,
) -> None:
    """Analyse the position in a save: ranked moves with visits, value and win chance, and the line."""
    if iters is not None and time is not None:
        raise CliError("give --iters or --time, not both")
    check_budget(iters, time)
    check_seed_option(seed)
    loaded = read_game_file(str(load), expect_game=game, data=data)
    state = loaded.state
    p = state.current_player()
    if p == TERMINAL:
        raise CliError(f"{load}: the game is over ({Renderer(loaded.game).result(state)}); nothing to hint")
    if p == CHANCE:
        raise CliError(f"{load}: the dice are to be rolled, not a player's decision; nothing to hint")
    from realpolitik.ai.bots import analyse, format_spec, parse_spec, with_budget

    if bot is None:
        _, raw = parse_spec(level_spec(DEFAULT_LEVEL, loaded.game, state.num_players()))
        budget: dict[str, Any] = dict(raw)
        if iters is not None:
            budget = {"iters": iters}
        elif time is not None:
            budget = {"time": time}
        budget["seed"] = seed
        spec = format_spec("ismcts", budget)
    else:
        name, raw = parse_spec(with_budget(bot, float(time) if time is not None else iters))
        raw.setdefault("seed", str(seed))
        spec = format_spec(name, raw)
    _, chosen = parse_spec(spec)
    seconds = float(chosen["time"]) if "time" in chosen else None
    meter = IterationMeter()
    analysis = run_with_progress(
        lambda: analyse(state, p, None, bot_spec=spec, progress=meter),
        "analysing",
        seconds,
        sys.stderr.isatty() and not as_json,
        iters=spec_iters(spec),
        meter=meter,
    )
    r = Renderer(loaded.game)
    listing = layout_choices(r.choices(state, state.legal_actions()))
    numbers = {a: i + 1 for i, a in enumerate(listing.actions)}  # the numbers 'play' shows
    why = explain_top(r, state, analysis)
    if as_json:
        typer.echo(json.dumps(analysis_json(analysis, top, numbers, why), indent=1))
        return
    console = make_console(no_color)
    console.print(r.status(state, p))
    console.print(Text(r.question(state), style="bold"))
    print_analysis(console, analysis, top, numbers, why)
