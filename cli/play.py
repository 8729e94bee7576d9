"""``realpolitik play``: a game against the computer (or hot seat) at the terminal.

At a terminal the loop prompts; when standard input is not a terminal it reads the same
commands line by line, echoes each after its prompt (so a transcript reads naturally), and
stops cleanly at the end of input, saving to ``--save`` if given.
"""

from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from realpolitik.ai.bots import Bot, bot_names
from realpolitik.cli.common import CliError, friendly_errors, make_console, parse_seats, stdin_is_tty
from realpolitik.cli.levels import DEFAULT_LEVEL, LEVELS, ai_spec, hint_spec, run_with_progress, spec_time
from realpolitik.cli.saves import read_game_file, write_save
from realpolitik.cli.screen import PAGE_LINES, ChoiceList, Renderer, layout_choices
from realpolitik.cli.session import EngineFailure, LogEntry, Session
from realpolitik.engine.core.api import HasSeatAliases, IllegalAction, State

__all__ = ["HELP", "PlayLoop", "play"]

HELP = """\
Moves: type a choice number, or the move in words (a unique part is enough),
  e.g. 'influence Iran', 'coup Iran', '#27 event', '#6 infl', 'done'.
Commands:
  hint [N]     the computer's advice: the N best moves (default 5), the line
  undo         take back your previous decision (and the moves since)
  save FILE    save the game; 'save' alone uses --save
  show WHAT    details on {topics}
  map          the whole board again
  log [N]      the last N log entries (default: all)
  more         the next page of choices ('choices': the list again)
  help         this text
  quit         stop (offers to save)"""


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
        line = sys.stdin.readline()
        if not line:
            return None
        line = line.rstrip("\r\n")
        self.console.print(Text(prompt + line))
        return line


@dataclass
class Outcome:
    """How a decision prompt ended."""

    kind: str  # "moved", "quit", "eof"


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
        for chunk in _wrap(f"  {lines[0]}", 79, indent=6):
            self.console.print(Text(chunk, style=style), soft_wrap=True)
        for extra in lines[1:]:
            for chunk in _wrap(f"      {extra}", 79, indent=8):
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
                    return 0
        except EngineFailure as exc:
            return self.rescue(str(exc))
        except KeyboardInterrupt:
            self.say("")
            self.say("Interrupted.")
            self.quit()
            return 130

    def rescue(self, message: str) -> int:
        """The engine failed: keep the game (the position before the failure) and stop."""
        path = self.save_path or f"{self.s.game.spec.name}-rescue.json"
        where = ""
        try:
            write_save(path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
            where = f"; the game so far is saved in {path}"
        except CliError as exc:
            where = f"; saving it failed too: {exc}"
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
            self.save(self.save_path)
        return 0

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
            self.save(self.save_path)
        else:
            self.say("Not saved (use --save FILE or the 'save FILE' command).")
        return Outcome("eof")

    def quit(self) -> None:
        if self.save_path:
            self.save(self.save_path)
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
    be the start of one. None when no action or several match."""
    want = text.lower().split()
    if not want:
        return None
    hits = []
    for a in state.legal_actions():
        words = state.action_to_string(a).lower().replace(":", " ").replace(",", " ").split()
        if all((w in words) if w.startswith("#") else any(x.startswith(w) for x in words) for w in want):
            hits.append(a)
    return hits[0] if len(hits) == 1 else None


# ----- prompt commands: fn(loop, seat, rest) -> Outcome to leave the prompt, or None
def _cmd_help(loop: PlayLoop, seat: int, rest: str) -> None:
    for line in HELP.format(topics=loop.r.show_topics).splitlines():
        for chunk in _wrap(line, 78, indent=15):
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
    loop.console.print(loop.r.board(loop.s.state, seat))


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
    loop.say(f"Undone: back to your previous decision ({len(loop.s.state.history)} actions played).")
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

    spec = hint_spec(loop.s.ai, loop.s.level, loop.s.game)
    st = loop.s.state
    analysis = run_with_progress(
        lambda: analyse(st, seat, None, bot_spec=spec),
        "thinking about a hint",
        spec_time(spec),
        loop.progress,
    )
    numbers = {a: i + 1 for i, a in enumerate(loop.choices.actions)} if loop.choices else {}
    print_analysis(loop.console, analysis, top, numbers)


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


def print_analysis(
    console: Console, analysis: object, top: int, numbers: dict[int, int] | None = None
) -> None:
    """Print ranked moves (visits, value, win chance) and the principal line."""
    a = analysis
    moves = a.moves[:top]  # type: ignore[attr-defined]
    console.print(
        Text(
            f"Hint for {a.seat_name} ({a.bot}, {a.iterations} iterations, {a.elapsed:.1f}s):",  # type: ignore[attr-defined]
            style="bold",
        )
    )
    console.print(Text(f"  {'#':>3}  {'move':<44} {'visits':>6} {'value':>6} {'win':>5}"))
    for m in moves:
        num = numbers.get(m.action) if numbers else None
        value = f"{m.mean:.3f}" if m.mean is not None else "-"
        win = f"{m.win_prob * 100:.0f}%" if m.win_prob is not None else "-"
        text = m.text if len(m.text) <= 44 else m.text[:41] + "..."
        console.print(Text(f"  {num if num else '':>3}  {text:<44} {m.visits:>6} {value:>6} {win:>5}"))
    pv = a.pv  # type: ignore[attr-defined]
    if pv:
        line = "Principal line: " + " -> ".join(pv)
        for chunk in _wrap(line, 78):
            console.print(Text(chunk))


def _wrap(text: str, width: int, indent: int = 4) -> list[str]:
    """Wrap at spaces; continuation lines are indented by ``indent``."""
    if len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    words = text.strip(" ").split(" ")
    out: list[str] = []
    cur = " " * lead
    for w in words:
        if cur.strip() and len(cur) + 1 + len(w) > width:
            out.append(cur)
            cur = " " * indent + w
        else:
            cur = f"{cur} {w}" if cur.strip() else cur + w
    if cur.strip():
        out.append(cur)
    return out


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
