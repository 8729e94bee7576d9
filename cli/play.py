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

from realpolitik.ai.bots import Bot, bot_names
from realpolitik.cli.analysis_view import wrap
from realpolitik.cli.commands import COMMANDS, HELP, Outcome
from realpolitik.cli.common import (
    CliError,
    check_seed_option,
    friendly_errors,
    make_console,
    parse_seats,
    stdin_is_tty,
)
from realpolitik.cli.levels import DEFAULT_LEVEL, LEVELS, ai_spec, run_with_progress, spec_time
from realpolitik.cli.saves import check_save_path, read_game_file, write_rescue, write_save
from realpolitik.cli.screen import PAGE_LINES, ChoiceList, Renderer, layout_choices
from realpolitik.cli.session import EngineFailure, LogEntry, Session
from realpolitik.engine.core.api import HasSeatAliases, IllegalAction, State

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
        self.last_seat: int | None = None
        self.choices: ChoiceList | None = None
        self.page = 0
        self.status = 0
        """The exit status: 1 once a save the player asked for could not be written."""

    # ----- output helpers
    def say(self, text: str, style: str = "") -> None:
        """One message; never broken inside (a file name stays whole)."""
        self.console.print(Text(text, style=style), soft_wrap=True)

    def flush_log(self, viewer: int) -> None:
        """Print the log entries ``viewer`` has not seen yet."""
        start = self.seen.get(viewer, 0)
        for entry in self.s.log[start:]:
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
            if entry.actor >= 0 and entry.actor != h:
                self.need_board[h] = True
        if len(self.s.humans) == 1:
            self.flush_log(self.s.humans[0])

    # ----- thinking
    def think(self, bot: Bot, state: State, seat: int) -> int:
        label = f"{self.s.seat_name(seat)} thinking"
        return run_with_progress(lambda: bot.step(state, seat), label, spec_time(bot.spec), self.progress)

    # ----- saving
    def save(self, path: str) -> bool:
        try:
            write_save(path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
        except CliError as exc:
            self.say(f"error: {exc}", "bold red")
            return False
        self.say(f"Game saved to {path} ({len(self.s.state.history)} actions).")
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
                    return self.finish()
                seat = self.s.human_to_move()
                assert seat is not None
                legal = self.s.state.legal_actions()
                if len(legal) == 1:  # nothing to decide: play it and say so
                    self.make_move(seat, legal[0], forced=True)
                    continue
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

    def present(self, seat: int) -> None:
        """Everything the player to move needs: log, board, status, question, choices."""
        if len(self.s.humans) > 1 and self.last_seat is not None and self.last_seat != seat:
            self.handover(seat)
        self.last_seat = seat
        self.flush_log(seat)
        if self.need_board[seat]:
            self.console.print(self.r.board(self.s.state, seat))
            self.need_board[seat] = False
        self.show_choices(seat, first=True)

    def show_choices(self, seat: int, first: bool = False) -> None:
        st = self.s.state
        if first or self.choices is None:
            self.choices = layout_choices(self.r.choices(st, st.legal_actions()))
            self.page = 0
        self.console.print(self.r.status(st, seat))
        self.say(self.r.question(st), "bold")
        self._print_page()

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
            line = self.input.ask(f"{name}> ")
            if line is None:
                return self.end_of_input()
            text = line.strip()
            if not text:
                self.say(
                    f"Type a choice number 1-{len(self.choices.actions) if self.choices else 0}, a move, or 'help'."
                )
                continue
            word, _, rest = text.partition(" ")
            cmd = word.lower()
            rest = rest.strip()
            try:
                if text.isdigit():
                    action = self.by_number(int(text))
                elif cmd in COMMANDS:
                    result = COMMANDS[cmd](self, seat, rest)
                    if result is not None:
                        return result
                    continue
                else:
                    action = self.by_text(text)
            except (IllegalAction, CliError, ValueError) as exc:
                self.say(str(exc))
                continue
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                self.say(f"'{cmd}' failed: {type(exc).__name__}: {exc}")
                continue
            if self.make_move(seat, action):
                return Outcome("moved")

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
        if len(self.s.humans) > 1:
            self.flush_log(seat)
        self.autosave()
        return True

    # ----- endings
    def finish(self) -> int:
        st = self.s.state
        for h in self.s.humans:
            if len(self.s.humans) > 1:
                self.say(f"--- what the {self.s.seat_name(h)} saw last ---")
            self.flush_log(h)
        self.console.print(self.r.board(st, None if len(self.s.humans) > 1 else self.s.humans[0]))
        self.say(f"Game over: {self.r.result(st)}", "bold")
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
            while True:
                try:
                    name = self.input.ask("Save it elsewhere? File name (Enter: quit without saving): ")
                except KeyboardInterrupt:
                    name = None
                if not name or not name.strip():
                    self.say("Not saved.")
                    self.status = 1
                    return
                if self.save(name.strip()):
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

    def where_it_stands(self) -> None:
        st = self.s.state
        self.console.print(self.r.status(st, self.last_seat))
        p = st.current_player()
        self.say(f"{len(st.history)} actions played; {self.s.seat_name(p)} to move:")
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

    def quit(self) -> None:
        if self.save_path:
            self.keep(self.save_path)
        elif self.tty:
            while True:
                try:
                    name = self.input.ask("Save the game? File name (Enter: quit without saving): ")
                except KeyboardInterrupt:
                    name = None
                if not name or not name.strip():
                    self.say("Not saved.")
                    break
                if self.save(name.strip()):
                    break
        else:
            self.say("Not saved (use 'save FILE' before 'quit', or --save FILE).")
        self.where_it_stands()
        self.say("Bye.")


def match_words(state: State, text: str) -> int | None:
    """The one legal action whose text has every typed word: ``#27 coup`` finds
    ``#27 US/Japan Mutual Defense Pact: coup``. ``#N`` must be a whole word, other words may
    be the start of one, and at least one typed word must be whole. None when no action or
    several match."""
    want = text.lower().split()
    if not want:
        return None
    hits = []
    for a in state.legal_actions():
        words = state.action_to_string(a).lower().replace(":", " ").replace(",", " ").split()
        if any(w in words for w in want) and all(  # a whole word at least: 'l' alone plays nothing
            (w in words) if w.startswith("#") else any(x.startswith(w) for x in words) for w in want
        ):
            hits.append(a)
    return hits[0] if len(hits) == 1 else None


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
    load: Annotated[Path | None, typer.Option("--load", help="Continue a saved game.")] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Save here after every move and at the end.")
    ] = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colour (also: NO_COLOR=1).")] = False,
) -> None:
    """Play a game against the computer (or hot seat) in the terminal."""
    from realpolitik.engine import load_game

    g = load_game(game)
    check_seed_option(seed)
    if save is not None:
        check_save_path(save)
    if level is not None and level not in LEVELS:
        raise CliError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    console = make_console(no_color)
    tty = stdin_is_tty()
    renderer = Renderer(g)
    if load is not None:
        if players is not None:
            raise CliError("--players cannot be combined with --load (the save fixes it)")
        loaded = read_game_file(str(load), expect_game=game)
        state = loaded.state
        nplayers = state.num_players()
        humans = parse_seats(g, nplayers, seat, state) if seat else (loaded.humans or [0])
        the_seed = seed if seed is not None else loaded.seed
        lvl = level if level is not None else (loaded.level or DEFAULT_LEVEL)
        if ai is not None or level is not None or not loaded.ai:
            spec = ai_spec(ai, lvl, the_seed, g)
            stored_level: str | None = lvl if ai is None else level
        else:
            spec, stored_level = loaded.ai, loaded.level
        intro = f"Loaded {load}: {len(state.history)} actions played."
    else:
        the_seed = seed if seed is not None else secrets.randbelow(10**6)
        state = g.new_initial_state(players=players, seed=the_seed)
        nplayers = state.num_players()
        seats_all = list(g.spec.seats_for(nplayers))
        if seat:
            humans = parse_seats(g, nplayers, seat, state)
        elif tty and sys.stdout.isatty():
            humans = _ask_seat(console, seats_all)
        else:
            humans = [0]
        lvl = level or DEFAULT_LEVEL
        spec = ai_spec(ai, lvl, the_seed, g)
        stored_level = lvl if ai is None else level
        intro = f"New game, seed {the_seed}."
    if len(humans) > nplayers:
        raise CliError(f"{len(humans)} human seats but only {nplayers} players")
    session = Session(g, state, humans, spec, stored_level, the_seed, renderer)
    aliases = (
        {seat: alias.title() for alias, seat in state.seat_aliases().items()}
        if isinstance(state, HasSeatAliases)
        else {}
    )

    def intro_name(seat: int) -> str:  # "Player 2 (Capitalism)" where the game deals seat names
        name = session.seat_name(seat)
        return f"{name} ({aliases[seat]})" if seat in aliases else name

    names = [intro_name(h) for h in humans]
    ais = [intro_name(i) for i in range(nplayers) if i not in humans]
    console.print(Text(f"{g.spec.title}. {intro}", style="bold"), soft_wrap=True)
    if ais:
        console.print(Text(f"You play {', '.join(names)}; the computer plays {', '.join(ais)} ({spec})."))
    else:
        console.print(Text(f"Hot seat: {', '.join(names)} share this terminal."))
    console.print(Text("Type a choice number or a move; 'help' lists the commands."))
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
