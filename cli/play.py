"""``realpolitik play``: a game against the computer (or hot seat) at the terminal.

At a terminal the loop prompts; when standard input is not a terminal it reads the same
commands line by line, echoes each after its prompt (so a transcript reads naturally), and
stops cleanly at the end of input, saving to ``--save`` if given.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from realpolitik.ai.bots import Bot, SearchBot, bot_names
from realpolitik.cli.analysis_view import wrap
from realpolitik.cli.commands import COMMANDS, HELP, Outcome
from realpolitik.cli.common import (
    CliError,
    check_seed_option,
    friendly_errors,
    game_by_name,
    game_options,
    make_console,
    parse_seats,
    plural,
    seat_options,
    stdin_is_tty,
)
from realpolitik.cli.levels import (
    DEFAULT_LEVEL,
    LEVELS,
    IterationMeter,
    ai_spec,
    run_with_progress,
    spec_iters,
    spec_time,
)
from realpolitik.cli.options import DataOption, GameOptionsOption, NoColorOption, VariantOption
from realpolitik.cli.saves import check_save_path, read_game_file, write_rescue, write_save
from realpolitik.cli.screen import (
    PAGE_LINES,
    ChoiceList,
    Groups,
    Renderer,
    layout_choices,
    match_words,
    split_steps,
)
from realpolitik.cli.session import EngineFailure, LogEntry, Session
from realpolitik.engine.core.api import IllegalAction, State

__all__ = ["HELP", "PlayLoop", "play"]


class InputSource:
    """Lines from the keyboard (with a prompt) or from piped standard input (echoed)."""

    def __init__(self, console: Console, tty: bool) -> None:
        self.console = console
        self.tty = tty
        if tty:
            try:
                import readline  # noqa: F401 — line editing and history for input()
            except ImportError:
                pass

    def ask(self, prompt: str) -> str | None:
        """One line, without its newline; None at the end of input."""
        if self.tty:
            try:
                return input(prompt)
            except EOFError:
                return None
        try:
            line = sys.stdin.readline()
        except (AttributeError, ValueError, OSError):  # no standard input at all, or it is closed
            return None
        if not line:
            return None
        line = line.rstrip("\r\n")
        self.console.print(Text(prompt + line))
        return line


class PlayLoop:
    """The interactive loop around a :class:`Session`."""

    def __init__(
        self,
        session: Session,
        console: Console,
        save_path: str | None,
        tty: bool,
        progress: bool,
    ) -> None:
        self.s = session
        self.console = console
        self.save_path = save_path
        self.tty = tty
        self.progress = progress
        self.input = InputSource(console, tty)
        self.r = session.renderer
        self.seen: dict[int, int] = dict.fromkeys(session.humans, 0)
        self.need_board: dict[int, bool] = dict.fromkeys(session.humans, True)
        self.board_key: dict[int, object] = {}
        """Per human seat, the round (``Renderer.round_key``) its board was last drawn in."""
        self.last_seat: int | None = None
        self.choices: ChoiceList | None = None
        self.page = 0
        self.status = 0
        """The exit status: 1 once a save the player asked for could not be written."""
        self.dangers: dict[int, str] = {}
        """Moves of the current choice list that lose the game, with the reason."""
        self.all_lose: str | None = None
        """Said with the choices when every move loses (then none asks to be confirmed)."""
        self.saved_at: tuple[str, int, tuple[int, ...]] | None = None
        """(file, history length, last action) of the last save, to know it is up to date."""
        self.queued: list[str] = []
        """The steps still to play of a line typed with several (``from Border, to Bassora``),
        while the decisions stay with ``queued_seat``."""
        self.queued_seat: int | None = None

    # ----- output helpers
    def say(self, text: str, style: str = "", fold: bool = False) -> None:
        """One message; never broken inside (a file name stays whole). With ``fold`` (a
        question, a note) it is wrapped at spaces to the screen's width instead of letting the
        terminal break it inside a word."""
        if not fold:
            self.console.print(Text(text, style=style), soft_wrap=True)
            return
        for chunk in wrap(text, max(40, self.console.width - 1), indent=2):
            self.console.print(Text(chunk, style=style), soft_wrap=True)

    def print_status(self, seat: int | None) -> None:
        """The status line, wrapped at its ' | ' or ' · ' separators where it is wider than the
        screen (a terminal wrapped it inside a word)."""
        status = self.r.status(self.s.state, seat)
        if not isinstance(status, Text) or status.cell_len < self.console.width:
            self.console.print(status)
            return
        plain = status.plain
        sep = " | " if " | " in plain else " · "
        line, out = "", []
        for part in plain.split(sep):
            if line and len(line) + len(sep) + len(part) >= self.console.width:
                out.append(line + sep.rstrip())
                line = "  " + part
            else:
                line = f"{line}{sep}{part}" if line else part
        out.append(line)
        for row in out:
            self.console.print(Text(row, style=status.style), soft_wrap=True)

    def flush_log(self, viewer: int, account: bool = False) -> None:
        """Print the log entries ``viewer`` has not seen yet, oldest first (the newest is the
        last line printed).

        Args:
            viewer: The human seat.
            account: Head the entries with a line saying they happened since the viewer's
                last decision, when others (the computer, the dice) made any of them.
        """
        start = self.seen.get(viewer, 0)
        new = [e for e in self.s.log[start:] if e.texts.get(viewer)]
        if account and any(e.actor != viewer for e in new):
            self.say("Since your last decision:", "bold")
        for entry in new:
            self._print_entry(entry, viewer)
        self.seen[viewer] = len(self.s.log)

    def _print_entry(self, entry: LogEntry, viewer: int) -> None:
        lines = entry.texts.get(viewer, [])
        if not lines:
            return
        style = "bold" if entry.actor >= 0 and entry.actor != viewer else ""
        for chunk in wrap(f"  {lines[0]}", 79, indent=6):
            self.console.print(Text(chunk, style=style), soft_wrap=True)
        for extra in lines[1:]:
            for chunk in wrap(f"      {extra}", 79, indent=8):
                self.console.print(
                    Text(chunk, style="bold" if extra.startswith("GAME") else "dim"), soft_wrap=True
                )

    def _note(self, entry: LogEntry) -> None:
        for h in self.s.humans:
            if entry.actor >= 0 and (entry.actor != h or self.r.redraw_after_own_move):
                self.need_board[h] = True

    def board_due(self, seat: int) -> bool:
        """The board is drawn once per round of the game (its presentation's ``round_key``),
        or, for a game that names no rounds, when another seat has moved; ``map`` draws it
        on request."""
        key = self.r.round_key(self.s.state)
        if key is None:
            return self.need_board[seat]
        return self.need_board[seat] and self.board_key.get(seat) != key

    def draw_board(self, seat: int | None) -> None:
        """The whole board as ``seat`` sees it (None: everything)."""
        self.console.print(self.r.board(self.s.state, seat))
        if seat is not None:
            self.need_board[seat] = False
            self.board_key[seat] = self.r.round_key(self.s.state)

    # ----- thinking
    def think(self, bot: Bot, state: State, seat: int) -> int:
        label = f"{self.s.seat_name(seat)} thinking"
        meter = IterationMeter() if isinstance(bot, SearchBot) else None
        if isinstance(bot, SearchBot):
            bot.progress = meter
        return run_with_progress(
            lambda: bot.step(state, seat),
            label,
            spec_time(bot.spec),
            self.progress,
            iters=spec_iters(bot.spec),
            meter=meter,
        )

    # ----- saving
    def save(self, path: str) -> bool:
        try:
            write_save(path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
        except CliError as exc:
            self.say(f"error: {exc}", "bold red")
            return False
        self.say(f"Game saved to {path} ({plural(len(self.s.state.history), 'action')}).")
        self.saved_at = (path, len(self.s.state.history), tuple(self.s.state.history[-1:]))
        return True

    def autosave(self) -> None:
        if self.save_path:
            try:
                write_save(self.save_path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
            except CliError as exc:
                self.say(f"warning: autosave failed: {exc}", "bold red")

    # ----- the loop
    def run(self) -> int:
        """Play until the game ends, the player quits or input ends.

        Returns:
            The exit status.
        """
        try:
            while True:
                while self.s.human_to_move() is None and not self.s.over():
                    entry = self.s.step(self.think)
                    if entry is not None:
                        self._note(entry)
                if self.s.over():
                    code = self.finish()
                    if self.undo_after_end():
                        continue
                    return code
                seat = self.s.human_to_move()
                assert seat is not None
                legal = self.s.state.legal_actions()
                if len(legal) == 1:  # nothing to decide: play it and say so
                    self.make_move(seat, legal[0], forced=True)
                    continue
                if self.queued and self.queued_seat != seat:
                    self.drop_queue("the decision is no longer yours")
                if not self.queued:
                    self.present(seat)
                outcome = self.decide(seat)
                if outcome.kind != "moved":
                    return self.status
        except EngineFailure as exc:
            return self.rescue(str(exc))
        except KeyboardInterrupt:
            self.say("")
            self.say("Interrupted.")
            self.quit()
            return 130

    def rescue(self, message: str) -> int:
        """The engine failed: keep the game (the position before the failure) and stop."""
        where = ""
        try:
            if not self.save_path:
                raise CliError("no --save file")
            write_save(self.save_path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
            where = f"; the game so far is saved in {self.save_path}"
        except CliError as exc:
            path, why = write_rescue(self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
            where = (
                f"; the game so far is saved in {path}" if path else f"; saving it failed too: {exc}; {why}"
            )
        typer.echo(f"error: the game cannot go on: {message}{where}", err=True)
        return 1

    def handover(self, seat: int) -> None:
        name = self.s.seat_name(seat)
        if self.tty:
            self.console.clear()
            self.say(f"=== Hand over to the {name} player ===", "bold")
            self.input.ask(f"{name}: press Enter when the other player is not looking ")
            self.console.clear()
        else:
            self.say(f"=== Hand over to the {name} player ===", "bold")
        self.need_board[seat] = True
        self.board_key.pop(seat, None)  # after a hand-over the board is drawn again

    def present(self, seat: int) -> None:
        """Everything the player to move needs: the board (once per round), the status, the
        question and the choices, then what happened since the player's last decision, so
        that the newest events are the last lines above the prompt."""
        if len(self.s.humans) > 1 and self.last_seat is not None and self.last_seat != seat:
            self.handover(seat)
        self.last_seat = seat
        if self.board_due(seat):
            self.draw_board(seat)
        self.show_choices(seat, first=True)
        self.flush_log(seat, account=True)

    def show_choices(self, seat: int, first: bool = False) -> None:
        st = self.s.state
        if first or self.choices is None:
            self.choices = layout_choices(self.annotated_choices(seat))
            self.page = 0
        self.print_status(seat)
        self.say(self.r.question(st), "bold", fold=True)
        if self.all_lose:
            self.say(self.all_lose, fold=True)
        self._print_page()
        default = self.r.default_choice(st)
        if default is not None:
            self.say(f"  Enter: {st.action_to_string(default[0])} ({default[1]})", fold=True)

    def annotated_choices(self, seat: int) -> Groups:
        """The game's grouped choices with the odds of moves with dice and a mark on each
        move that loses the game where another does not (remembered in ``dangers`` for the
        confirmation; ``all_lose`` says when every move loses)."""
        groups, self.dangers, self.all_lose = self.r.marked_choices(self.s.state, seat)
        return groups

    def confirm_danger(self, seat: int, action: int) -> bool:
        """A move that loses needs a 'yes'; anything else keeps the position."""
        text = self.s.state.action_to_string(action)
        self.say(f"Careful: '{text}' {self.dangers[action]}.", "bold", fold=True)
        answer = self.input.ask("Play it anyway? (yes/no) ")
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            return True
        self.say("Not played; choose again.")
        return False

    def _print_page(self) -> None:
        assert self.choices is not None
        pages = self.choices.pages(PAGE_LINES)
        self.page = min(self.page, len(pages) - 1)
        for line in pages[self.page]:
            self.console.print(line)
        if self.page < len(pages) - 1:
            left = sum(len(p) for p in pages[self.page + 1 :])
            self.say(f"  ... {left} more lines: type 'more' (or a number, a move, 'help')")

    def decide(self, seat: int) -> Outcome:
        """Read input until a move is made (or the player quits / input ends)."""
        name = self.s.seat_name(seat)
        while True:
            from_queue = bool(self.queued)
            line: str | None
            if from_queue:
                # the next step of a line typed with several: the choices as they are now
                line = self.queued.pop(0)
                self.choices = layout_choices(self.annotated_choices(seat))
                self.say(f"{name}> {line}  (next step of your line)", "dim")
            else:
                line = self.input.ask(f"{name}> ")
                if line is None:
                    return self.end_of_input()
            text = line.strip()
            default = None if text else self.r.default_choice(self.s.state)
            if not text and default is None:
                self.say(
                    f"Type a choice number 1-{len(self.choices.actions) if self.choices else 0}, a move, or 'help'."
                )
                continue
            word, _, rest = text.partition(" ")
            cmd = word.lower()
            rest = rest.strip()
            if cmd not in COMMANDS:
                steps = split_steps(text)
                if len(steps) > 1:
                    text, self.queued, self.queued_seat = steps[0], steps[1:], seat
                    word, _, rest = text.partition(" ")
                    cmd, rest = word.lower(), rest.strip()
            try:
                if default is not None:
                    action = default[0]
                elif text.isdigit():
                    action = self.by_number(int(text))
                elif cmd in COMMANDS:
                    result = COMMANDS[cmd](self, seat, rest)
                    if result is not None:
                        return result
                    continue
                else:
                    action = self.by_text(text)
            except (IllegalAction, CliError, ValueError) as exc:
                self.say(str(exc), fold=True)
                self.drop_queue(f"'{text}' was not played")
                if from_queue:
                    self.show_choices(seat, first=True)
                continue
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                self.say(f"'{cmd}' failed: {type(exc).__name__}: {exc}")
                continue
            if action in self.dangers and not self.confirm_danger(seat, action):
                self.drop_queue("the step before them was not played")
                continue
            if self.make_move(seat, action):
                return Outcome("moved")
            self.drop_queue("the step before them was not played")

    def drop_queue(self, why: str) -> None:
        """Forget the steps still to play of a line typed with several, saying so."""
        if self.queued:
            left = ", ".join(f"'{x}'" for x in self.queued)
            self.say(f"Not played: {left} ({why}).", fold=True)
            self.queued = []
            self.queued_seat = None

    def by_number(self, n: int) -> int:
        assert self.choices is not None
        count = len(self.choices.actions)
        if not 1 <= n <= count:
            raise CliError(f"there is no choice {n}: type a number from 1 to {count}, a move, or 'help'")
        return self.choices.actions[n - 1]

    def by_text(self, text: str) -> int:
        st = self.s.state
        try:
            action = st.string_from_action(text)
        except IllegalAction as exc:
            found = match_words(st, text)
            if found is None:
                reason = self.r.refusal(st, text)
                if reason:
                    raise CliError(f"'{text}' is not legal: {reason}") from None
                count = len(self.choices.actions) if self.choices else 0
                raise CliError(
                    f"{exc}; type a choice number 1-{count}, a move as listed, or 'help'"
                ) from None
            action = found
        if action not in st.legal_actions():
            raise CliError(f"'{text}' is not a legal move here; type 'choices' to see them")
        return action

    def make_move(self, seat: int, action: int, forced: bool = False) -> bool:
        """Apply a human's move; on failure say why and keep the position.

        Args:
            seat: The human seat.
            action: The move.
            forced: It is the only legal move (played without asking).

        Returns:
            True when the move was made.

        Raises:
            EngineFailure: when a forced move fails (there is nothing else to choose).
        """
        try:
            entry = self.s.apply(action)
        except Exception as exc:
            if forced:
                raise EngineFailure(f"the only legal move: {type(exc).__name__}: {exc}") from exc
            if isinstance(exc, IllegalAction):
                self.say(f"not legal: {exc}")
            else:
                self.say(f"the engine cannot play that move ({type(exc).__name__}: {exc}); choose another")
            return False
        if forced:
            for texts in entry.texts.values():
                if texts:
                    texts[0] += " (the only choice)"
        self._note(entry)
        self.flush_log(seat)  # the player's own move at once; the others' before the next prompt
        self.autosave()
        return True

    # ----- endings
    def finish(self) -> int:
        st = self.s.state
        self.draw_board(None if len(self.s.humans) > 1 else self.s.humans[0])
        for h in self.s.humans:
            if len(self.s.humans) > 1:
                self.say(f"--- what the {self.s.seat_name(h)} saw last ---")
            self.flush_log(h, account=True)
        self.say(f"Game over: {self.r.result(st)}", "bold")
        self.print_summary()
        if self.save_path:
            self.keep(self.save_path)
        return self.status

    def keep(self, path: str) -> None:
        """Save at the end (quit, end of input, game over); when that fails, ask for another file
        at a terminal, or, piped, write the game under a new name that overwrites nothing and say
        where; the exit status becomes 1 unless the game was saved where the player chose."""
        if self.save(path):
            return
        if self.tty:
            if not self.save_asking("Save it elsewhere?"):
                self.status = 1
            return
        self.status = 1
        where, why = write_rescue(self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
        if where:
            self.say(f"The game is saved in {where} instead ({len(self.s.state.history)} actions).", "bold")
            typer.echo(f"error: could not save to {path}; the game is saved in {where} instead", err=True)
        else:
            typer.echo(
                f"error: could not save to {path}, nor anywhere else ({why}); the game is lost", err=True
            )

    def save_asking(self, question: str) -> bool:
        """At a terminal: ask for a file name after ``question`` until the game is saved there;
        Enter (or Ctrl-C) gives up and says so.

        Returns:
            True when the game was saved.
        """
        while True:
            try:
                name = self.input.ask(f"{question} File name (Enter: quit without saving): ")
            except KeyboardInterrupt:
                name = None
            if not name or not name.strip():
                self.say("Not saved.")
                return False
            if self.save(name.strip()):
                return True

    def print_summary(self) -> None:
        """The game-over summary: the score at the end of each turn and the decisive moments
        (the actions that moved the winner's evaluation most)."""
        from realpolitik.cli.advice import summarize_game

        summary = summarize_game(self.s.game, self.s.state)
        if summary.by_turn:
            line = "By turn: " + "; ".join(f"T{t} {text}" for t, text in summary.by_turn)
            for chunk in wrap(line, 79, indent=4):
                self.say(chunk)
        if summary.moments:
            self.say("Decisive moments (the winner's chances by the evaluator):")
            for index, turn, text, swing in summary.moments:
                when = f"turn {turn}, " if turn is not None else ""
                for chunk in wrap(f"  {when}action {index + 1}: {text} ({swing * 100:+.0f} points)", 79, 6):
                    self.say(chunk)

    def undo_after_end(self) -> bool:
        """After the end: 'undo' takes back the player's last decision and the game goes on;
        anything else (or the end of input) leaves.

        Returns:
            True when a decision was taken back.
        """
        movers = [h for h in self.s.humans if self.s.undo_target(h) is not None]
        if not movers:
            return False
        answer = self.input.ask("Type 'undo' to take back your last decision, or Enter to leave: ")
        if answer is None or answer.strip().lower() != "undo":
            return False
        seat = self.last_seat if self.last_seat in movers else movers[0]
        target = self.s.undo_target(seat)
        assert target is not None
        self.s.undo(seat)
        for h in self.seen:
            self.seen[h] = min(self.seen[h], len(self.s.log))
        self.need_board[seat] = True
        self.board_key.pop(seat, None)
        self.say(
            f"Undone: back to your last decision ({plural(len(self.s.state.history), 'action')} played)."
        )
        self.autosave()
        return True

    def where_it_stands(self) -> None:
        st = self.s.state
        self.print_status(self.last_seat)
        p = st.current_player()
        self.say(f"{plural(len(st.history), 'action')} played; {self.s.seat_name(p)} to move:")
        self.say(f"  {self.r.question(st)}")

    def end_of_input(self) -> Outcome:
        if self.tty:
            self.say("")
            self.quit()
            return Outcome("quit")
        self.say("End of input. The game stands here:")
        self.where_it_stands()
        if self.save_path:
            self.keep(self.save_path)
        else:
            self.say("Not saved (use --save FILE or the 'save FILE' command).")
        return Outcome("eof")

    def saved_now(self) -> str | None:
        """The file the position as it stands was last saved to, or None."""
        h = self.s.state.history
        if self.saved_at is not None and self.saved_at[1:] == (len(h), tuple(h[-1:])):
            return self.saved_at[0]
        return None

    def quit(self) -> None:
        if self.save_path:
            self.keep(self.save_path)
        elif self.saved_now():
            self.say(f"Already saved to {self.saved_now()}.")
        elif self.tty:
            self.save_asking("Save the game?")
        else:
            self.say("Not saved (use 'save FILE' before 'quit', or --save FILE).")
        self.where_it_stands()
        self.say("Bye.")


def _ask_seat(console: Console, seats: list[str]) -> list[int]:
    """At a terminal without --seat: ask which seat to play (Enter: the first)."""
    options = ", ".join(f"{i + 1} {s}" for i, s in enumerate(seats))
    while True:
        try:
            ans = input(f"Which side do you play? {options} [1]: ").strip().lower()
        except EOFError:
            ans = ""
        if not ans:
            return [0]
        for i, s in enumerate(seats):
            if ans in (str(i + 1), s.lower()):
                return [i]
        console.print(Text(f"Type a number 1-{len(seats)} or a seat name ({', '.join(seats)})."))


@friendly_errors
def play(
    game: Annotated[str, typer.Argument(help="The game, e.g. twilight (see 'realpolitik games').")],
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help="A seat you play (repeat for hot seat). Default: the first seat."),
    ] = None,
    ai: Annotated[
        str | None,
        typer.Option("--ai", help=f"The AI's bot spec, e.g. ismcts:iters=500 ({', '.join(bot_names())})."),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option("--level", "-l", help=f"AI strength: {', '.join(LEVELS)} (default {DEFAULT_LEVEL})."),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players (games that vary).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deck, dice and AI (default: random).")
    ] = None,
    variant: VariantOption = None,
    option: GameOptionsOption = None,
    data: DataOption = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a saved game.")] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Save here after every move and at the end (with --load: default, the loaded save).",
        ),
    ] = None,
    time: Annotated[
        float | None,
        typer.Option(
            "--time",
            min=0.001,
            help="Cap each AI decision at this many seconds (then a seed may not replay the same game).",
        ),
    ] = None,
    no_color: NoColorOption = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="The line mode at a terminal too (no full screen).")
    ] = False,
) -> None:
    """Play a game against the computer (or hot seat) in the terminal."""
    g = game_by_name(game, data)
    check_seed_option(seed)
    if save is not None:
        check_save_path(save)
    if level is not None and level not in LEVELS:
        raise CliError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    console = make_console(no_color)
    tty = stdin_is_tty()
    full = tty and sys.stdout.isatty() and not plain
    ask_in_screen = False  # the full screen asks the side itself
    renderer = Renderer(g)
    if load is not None:
        if players is not None or variant is not None or option:
            raise CliError(
                "--players, --variant and --option cannot be combined with --load (the save fixes them)"
            )
        loaded = read_game_file(str(load), expect_game=game)
        state = loaded.state
        nplayers = state.num_players()
        humans = parse_seats(g, nplayers, seat, state) if seat else (loaded.humans or [0])
        the_seed = seed if seed is not None else loaded.seed
        lvl = level if level is not None else (loaded.level or DEFAULT_LEVEL)
        if ai is not None or level is not None or time is not None or not loaded.ai:
            spec = ai_spec(ai, lvl, the_seed, g, time, nplayers)
            stored_level: str | None = lvl if ai is None else level
        else:
            spec, stored_level = loaded.ai, loaded.level
        intro = f"Loaded {load}: {plural(len(state.history), 'action')} played."
        if save is None and loaded.is_save:  # a loaded save goes on saving where it came from
            save = load
            intro += f" Saving back to {load} after every move."
    else:
        the_seed = seed if seed is not None else secrets.randbelow(10**6)
        options = {**game_options(g, option or (), variant), **seat_options(g, players, seat or [])}
        state = g.new_initial_state(players=players, seed=the_seed, **options)
        nplayers = state.num_players()
        seats_all = list(g.spec.seats_for(nplayers))
        if seat:
            humans = parse_seats(g, nplayers, seat, state)
        elif full:
            humans, ask_in_screen = [0], True
        elif tty and sys.stdout.isatty():
            humans = _ask_seat(console, seats_all)
        else:
            humans = [0]
        lvl = level or DEFAULT_LEVEL
        spec = ai_spec(ai, lvl, the_seed, g, time, nplayers)
        stored_level = lvl if ai is None else level
        intro = f"New game, seed {the_seed}."
    if data is not None:
        intro += f" Data from {data} ({g.spec.version})."
    if len(humans) > nplayers:
        raise CliError(f"{len(humans)} human seats but only {nplayers} players")
    session = Session(g, state, humans, spec, stored_level, the_seed, renderer)
    # "Player 2 (Capitalism)" where the game deals seat names (screen.seat_name)
    names = [session.seat_name(h) for h in humans]
    ais = [session.seat_name(i) for i in range(nplayers) if i not in humans]
    if not ask_in_screen:  # else the side is not known yet: the full screen's log says it
        console.print(Text(f"{g.spec.title}. {intro}", style="bold"), soft_wrap=True)
        if ais:
            console.print(Text(f"You play {', '.join(names)}; the computer plays {', '.join(ais)} ({spec})."))
        else:
            console.print(Text(f"Hot seat: {', '.join(names)} share this terminal."))
        console.print(Text("Type a choice number or a move; 'help' lists the commands."))
    if full:
        from realpolitik.cli.tui import run_full_screen  # Textual loads only for the full screen

        code = run_full_screen(session, str(save) if save is not None else None, console, ask_in_screen)
        if code:
            raise typer.Exit(code)
        return
    loop = PlayLoop(
        session,
        console,
        str(save) if save is not None else None,
        tty=tty,
        progress=sys.stderr.isatty(),
    )
    code = loop.run()
    if code:
        raise typer.Exit(code)
