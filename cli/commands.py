"""The commands a player types at ``play``'s prompt besides a move (``hint``, ``undo``, ``save``,
``show``, …): each is ``fn(loop, seat, rest)`` and returns an ``Outcome`` to leave the prompt,
or None to ask again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from realpolitik.cli.analysis_view import explain_top, print_analysis, wrap
from realpolitik.cli.common import CliError, plural
from realpolitik.cli.levels import IterationMeter, hint_spec, run_with_progress, spec_iters, spec_time
from realpolitik.cli.screen import PAGE_LINES

if TYPE_CHECKING:
    from realpolitik.cli.play import PlayLoop

__all__ = ["COMMANDS", "HELP", "Outcome"]


@dataclass
class Outcome:
    """How a decision prompt ended."""

    kind: str  # "moved", "quit", "eof"


HELP = """\
Commands:
  hint [N]     the computer's advice: the N best moves (default 5), the line
  undo         take back your previous decision (and the moves since)
  save FILE    save the game; 'save' alone uses --save
  show WHAT    details on {topics}
  map          the whole board again
  log [N]      the last N log entries (default: all)
  more         the next page of choices ('choices': the list again)
  help         this text
  quit         stop (offers to save)
Several steps of one move may go on one line, separated by ',' or ';' (each
  is played in turn while the decision stays yours); Enter alone plays the
  default where the question offers one ('Enter: ...')."""


def _cmd_help(loop: PlayLoop, seat: int, rest: str) -> None:
    """The game's own move help, the commands, then the game's legend of abbreviations."""
    text = loop.r.moves_help() + "\n" + HELP.format(topics=loop.r.show_topics)
    legend = loop.r.legend()
    if legend:
        text += "\nOn screen:\n" + legend
    for line in text.splitlines():
        for chunk in wrap(line, 78, indent=15):
            loop.say(chunk)


def _cmd_quit(loop: PlayLoop, seat: int, rest: str) -> Outcome:
    loop.quit()
    return Outcome("quit")


def _cmd_more(loop: PlayLoop, seat: int, rest: str) -> None:
    assert loop.choices is not None
    pages = loop.choices.pages(PAGE_LINES)
    if loop.page >= len(pages) - 1:
        loop.say("That was the last page; 'choices' shows the list from the start.")
        return
    loop.page += 1
    loop._print_page()


def _cmd_choices(loop: PlayLoop, seat: int, rest: str) -> None:
    loop.page = 0
    loop.show_choices(seat)


def _cmd_map(loop: PlayLoop, seat: int, rest: str) -> None:
    loop.draw_board(seat)


def _cmd_show(loop: PlayLoop, seat: int, rest: str) -> None:
    if not rest:
        loop.say(f"show what? {loop.r.show_topics}; map")
        return
    if rest.lower() in ("map", "board"):
        _cmd_map(loop, seat, rest)
        return
    loop.console.print(loop.r.show(loop.s.state, seat, rest))


def _cmd_log(loop: PlayLoop, seat: int, rest: str) -> None:
    entries = [e for e in loop.s.log if e.texts.get(seat)]
    if rest:
        if not rest.isdigit():
            raise CliError("usage: log [N] (N a number of lines)")
        entries = entries[-int(rest) :] if int(rest) else []
    if not entries:
        loop.say("The log is empty.")
    for e in entries:
        loop._print_entry(e, seat)


def _cmd_save(loop: PlayLoop, seat: int, rest: str) -> None:
    path = rest or loop.save_path
    if not path:
        raise CliError("usage: save FILE")
    loop.save(path)


def _cmd_undo(loop: PlayLoop, seat: int, rest: str) -> Outcome | None:
    if not loop.s.undo(seat):
        loop.say("Nothing to undo: you have made no decision yet in this game.")
        return None
    for h in loop.seen:
        loop.seen[h] = min(loop.seen[h], len(loop.s.log))
    loop.say(
        f"Undone: back to your previous decision ({plural(len(loop.s.state.history), 'action')} played)."
    )
    loop.need_board[seat] = True
    loop.autosave()
    return Outcome("moved")  # the position changed: present it again


def _cmd_hint(loop: PlayLoop, seat: int, rest: str) -> None:
    top = 5
    if rest:
        if not rest.isdigit() or int(rest) < 1:
            raise CliError("usage: hint [N] (N = how many moves to show, 1 or more)")
        top = int(rest)
    from realpolitik.ai.bots import analyse

    spec = hint_spec(loop.s.ai, loop.s.level, loop.s.game, loop.s.state.num_players())
    st = loop.s.state
    meter = IterationMeter()
    analysis = run_with_progress(
        lambda: analyse(st, seat, None, bot_spec=spec, progress=meter),
        "thinking about a hint",
        spec_time(spec),
        loop.progress,
        iters=spec_iters(spec),
        meter=meter,
    )
    numbers = {a: i + 1 for i, a in enumerate(loop.choices.actions)} if loop.choices else {}
    print_analysis(loop.console, analysis, top, numbers, explain_top(loop.r, st, analysis))


COMMANDS = {
    "help": _cmd_help,
    "?": _cmd_help,
    "quit": _cmd_quit,
    "exit": _cmd_quit,
    "more": _cmd_more,
    "choices": _cmd_choices,
    "list": _cmd_choices,
    "map": _cmd_map,
    "board": _cmd_map,
    "show": _cmd_show,
    "log": _cmd_log,
    "save": _cmd_save,
    "undo": _cmd_undo,
    "hint": _cmd_hint,
}
