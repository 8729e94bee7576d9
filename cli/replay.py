"""``realpolitik replay``: step through a saved game or record, action by action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from realpolitik.cli.common import CliError, friendly_errors, make_console
from realpolitik.cli.options import DataOption, JsonOption, NoColorOption
from realpolitik.cli.saves import read_game_file
from realpolitik.cli.screen import Renderer, seat_name
from realpolitik.engine.core.records import replay as replay_record

__all__ = ["replay"]


@friendly_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A save or a game record (JSON).")],
    to: Annotated[
        int | None, typer.Option("--to", help="Stop after N actions and show the position.")
    ] = None,
    as_json: JsonOption = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Only the result and position, not each action.")
    ] = False,
    no_color: NoColorOption = False,
    data: DataOption = None,
) -> None:
    """Step through a game: each action in words (dice included), then the position at --to."""
    loaded = read_game_file(str(file), data=data)
    game, final = loaded.game, loaded.state
    record = final.to_json()
    total = len(record["actions"])
    if to is not None and not 0 <= to <= total:
        raise CliError(f"--to {to} is outside the game: it has {total} actions (0-{total})")
    upto = total if to is None else to
    r = Renderer(game)
    state = replay_record(game, record, upto=0)
    steps: list[dict[str, Any]] = []
    console = None if as_json else make_console(no_color)
    if console is not None:
        console.print(
            Text(f"{game.spec.title}: {file} ({total} actions, seed {record.get('seed')})", style="bold"),
            soft_wrap=True,
        )
    for i, action in enumerate(record["actions"][:upto]):
        who = state.current_player()
        text = state.action_to_string(action)
        words = r.describe_action(state, action, None)
        after = state.clone()
        after.apply_action(action)
        changes = r.describe_change(state, action, after, None)
        steps.append(
            {
                "index": i + 1,
                "player": seat_name(state, who),
                "action": action,
                "text": text,
                "words": words,
                "changes": changes,
            }
        )
        if console is not None and not quiet:
            console.print(Text(f"{i + 1:>5}. {words}"))
            for c in changes:
                console.print(Text(f"         {c}", style="dim"))
        state = after
    if as_json:
        out = {
            "game": game.spec.name,
            "seed": record.get("seed"),
            "total": total,
            "to": upto,
            "steps": steps,
            "terminal": state.is_terminal(),
            "returns": state.returns() if state.is_terminal() else None,
            "scores": state.scores(),
            "to_move": seat_name(state, state.current_player()),
            "result": r.result(state),
        }
        typer.echo(json.dumps(out, indent=1))
        return
    assert console is not None
    if to is not None:
        console.print(Text(f"Position after {upto} of {total} actions:", style="bold"))
        console.print(r.board(state, None))
        console.print(r.status(state, None))
        if not state.is_terminal():
            console.print(Text(f"{seat_name(state, state.current_player())} to move: {r.question(state)}"))
    if upto < total:  # stopped inside the record: what follows is not shown
        console.print(
            Text(f"Stopped after {upto} of {total} actions (without --to, the replay goes on to the end).")
        )
        return
    console.print(
        Text(
            f"Result: {r.result(final)}" if final.is_terminal() else f"Not finished: {r.question(final)}",
            style="bold",
        )
    )
