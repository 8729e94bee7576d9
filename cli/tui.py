"""The full-screen view of ``realpolitik play``, built with Textual.

At a terminal ``play`` opens this view; ``--plain``, or standard input that is not a terminal,
keeps the line mode of ``cli/play.py``. The view drives the same I/O-free
:class:`~realpolitik.cli.session.Session` and draws only through the game's presentation
(``Game.presentation()``, reached through :class:`~realpolitik.cli.screen.Renderer`), so every
game gets a working full screen with no special case. Besides what the line mode uses, a
presentation may offer three pane functions, each ``fn(state, viewer, width)`` returning text
(ANSI colours allowed) or a rich renderable:

- ``map_view``: the board pane; without it the pane shows ``render(state, viewer, width=...)``,
  else ``board(state, viewer)``, else the generic view of ``cli/screen.py``;
- ``tracks``: the tracks pane; without it the pane is hidden (the status line stays);
- ``hand``: the viewer's hand; without it the pane is hidden.

The screen: a status line; the tracks and the board (scrolling) on the left; the hand, the
question and its numbered choices on the right; the log (its newest line always in view) and
the hint pane below; the keys in the footer. Digits pick a choice (Enter plays it; arrows and
the mouse work too), ``:`` types a move or a command as in the line mode, ``h`` asks for a
hint, ``u`` undoes, ``s`` saves, ``?`` shows the help, ``q`` quits. The computer thinks in a
worker thread, so the screen stays live and counts the seconds.

This module is the game's flow on the screen; the widgets, their layout and the drawing of the
panes, the log and the choices are ``cli/tui_layout.py``'s, the windows and texts
``cli/tui_views.py``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console, Group
from rich.text import Text
from textual import work
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Key
from textual.widget import Widget
from textual.widgets import Input, OptionList, RichLog

from realpolitik.ai.analysis import Analysis
from realpolitik.ai.bots import Bot, SearchBot
from realpolitik.cli.analysis_view import explain_top
from realpolitik.cli.common import STOP_SIGNALS, CliError
from realpolitik.cli.levels import IterationMeter, hint_spec, spec_iters, spec_time
from realpolitik.cli.saves import write_rescue, write_save
from realpolitik.cli.screen import match_words, split_steps
from realpolitik.cli.session import EngineFailure, Session
from realpolitik.cli.tui_layout import ScreenLayout
from realpolitik.cli.tui_views import (
    HINT_PROMPT,
    AskScreen,
    ConfirmScreen,
    HandoverScreen,
    SeatScreen,
    TextScreen,
    entry_lines,
    hint_text,
    since_text,
)
from realpolitik.engine.core.api import IllegalAction, State

__all__ = ["KEYS_HELP", "FullScreen", "intro_lines", "run_full_screen"]

KEYS_HELP = """\
Keys:
  1-9, 0      pick a choice by its number (type several digits for 10 and up),
              then Enter plays it; arrows, Page Up/Down and the mouse move too
  :           type a move in words (as the examples above; the list narrows to the moves
              that hold them, and Enter plays the one left) or a command: show WHAT,
              save FILE, log N, hint, undo, help, quit
  h           the computer's advice for this decision (the hint pane)
  u           take back your previous decision (also after the game has ended)
  l           the whole log, in a window that scrolls (':log N' shows the last N entries)
  s           save the game (to --save, or asks for a file name)
  ?           this help
  q           quit (saves to --save, or asks whether to save)
  Esc         close a window, or leave the move line"""
"""The keys of the full screen (its help window shows them with the game's own help)."""

NUMBER_PAUSE = 1.2
"""Seconds within which typed digits make one choice number (``1`` then ``2``: choice 12)."""


class FullScreen(ScreenLayout):
    """``realpolitik play`` as a full-screen Textual application.

    Args:
        session: The game in progress (its renderer words the log).
        save_path: ``--save``: saved after every move of a human, at the end and at quit.
        intro: Lines that open the log (the game, the seed, who plays what).
        ask_seat: Ask first which side the player takes (a terminal without ``--seat``); the
            session's one human seat becomes the chosen one, and the intro is written anew.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "hint"),
        Binding("u", "undo", "undo"),
        Binding("s", "save", "save"),
        Binding("l", "log", "log"),
        Binding("colon", "type_move", "type a move"),
        Binding("question_mark", "help", "help"),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+q,ctrl+c", "quit_game", "quit", show=False, priority=True),
        Binding("escape", "close_entry", "", show=False),
    ]

    def __init__(
        self,
        session: Session,
        save_path: str | None = None,
        intro: list[str] | None = None,
        ask_seat: bool = False,
    ) -> None:
        super().__init__(session, intro, seat_pending=ask_seat)
        self.ask_seat = ask_seat
        self.save_path = save_path
        self.queued: list[str] = []  # steps still to play of a line typed with several
        self.queued_seat: int | None = None
        self.last_seat: int | None = None  # the human who decided last (undo after the end)
        self.busy = False
        self.busy_label = ""
        self.busy_since = 0.0
        self.busy_budget: float | None = None
        self.meter: IterationMeter | None = None
        """Counts the iterations of the search running now (the computer's move, a hint)."""
        self.searches: list[IterationMeter] = []
        """Every search started (its meter), so a stop signal can end the one running."""
        self.meter_total: int | None = None
        """That search's iteration budget."""
        self.digits_at = 0.0
        self.hint_shown: tuple[tuple[int, ...], Analysis, str] | None = None
        """(history, analysis, explanation) of the hint on screen (``h`` again opens it)."""
        self.decided_at: dict[int, int] = {}
        """Per human seat, the log's length right after its last decision."""
        self.saved_at_end = False
        self.closing = False
        self.farewell: list[str] = []
        self.error: str | None = None

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:  # SIGTERM, SIGHUP: close as 'q' does, saving (Ctrl-C is a key)
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.stop_on_signal)
        self.fit_layout(self.size.width, self.size.height)
        title = self.s.game.spec.title
        self.title = title
        for pane, name in (("#tracks", "Tracks"), ("#board", "Board"), ("#hand", "Hand")):
            self._q(pane, Widget).border_title = name
        self._q("#log", Widget).border_title = "Log"
        self._q("#hint", Widget).border_title = "Hint"
        self._q("#tracks", Widget).display = self.panes.tracks(self.s.state, self.viewer, 60) is not None
        self._q("#hand", Widget).display = self.panes.hand(self.s.state, self.viewer, 40) is not None
        self.rebuild_log()
        self.set_interval(0.2, self._tick)
        if self.ask_seat:
            seats = [self.s.seat_name(i) for i in range(self.s.state.num_players())]
            self.push_screen(SeatScreen(seats), self.seat_chosen)
        else:
            self.advance()

    def seat_chosen(self, seat: int | None) -> None:
        """The side asked at the start: the computer takes the others; the game begins."""
        old = self.s
        chosen = seat if seat is not None else 0
        self.seat_pending = False
        self.s = Session(old.game, old.state, [chosen], old.ai, old.level, old.seed, old.renderer)
        self.viewer = chosen
        self.intro = intro_lines(self.s)
        self.rebuild_log()
        self.advance()

    # ----- thinking (worker threads)
    def _tick(self) -> None:
        if not self.busy:
            return
        self._set("#question", Text(self.busy_text()))

    def busy_text(self) -> str:
        """What the computer is doing: the iterations done of the budget (the search's progress
        callback, as the line mode's bar shows them), then the seconds."""
        el = time.monotonic() - self.busy_since
        budget = f" of {self.busy_budget:g}s" if self.busy_budget else ""
        iters = ""
        if self.meter is not None:
            total = f" of {self.meter_total:,}" if self.meter_total else ""
            iters = f" {self.meter.done:,}{total} iterations,"
        return f"{self.busy_label}...{iters} {el:.1f}s{budget}"

    def _set_busy(
        self, label: str, budget: float | None, meter: IterationMeter | None = None, iters: int | None = None
    ) -> None:
        self.busy = True
        self.busy_label = label
        self.busy_since = time.monotonic()
        self.busy_budget = budget
        self.meter, self.meter_total = meter, iters
        self._tick()

    def _post(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the screen's thread, from a worker; nothing once the screen has
        closed (the player quit while the computer was thinking)."""
        if self.closing or not self.is_running:
            return
        try:
            self.call_from_thread(fn, *args)
        except RuntimeError:
            if self.is_running:
                raise

    def _think(self, bot: Bot, state: State, seat: int) -> int:
        meter = IterationMeter() if isinstance(bot, SearchBot) else None
        if isinstance(bot, SearchBot):
            bot.progress = meter
            self.searches.append(meter)  # type: ignore[arg-type]
        self._post(self.refresh_panes)  # the position the computer thinks about, in view
        self._post(
            self._set_busy,
            f"{self.s.seat_name(seat)} thinking",
            spec_time(bot.spec),
            meter,
            spec_iters(bot.spec) if meter is not None else None,
        )
        return bot.step(state, seat)

    def advance(self) -> None:
        """Move the game on (dice, the computer, forced moves) to the next human decision."""
        self.busy = True
        self.busy_label = "moving on"
        self.busy_since = time.monotonic()
        self.busy_budget = None
        self.meter = self.meter_total = None
        self.seat = None
        self._advance()

    @work(thread=True, exclusive=True, group="game")
    def _advance(self) -> None:
        s = self.s
        try:
            while not s.over() and not self.closing:
                seat = s.human_to_move()
                if seat is None:
                    entry = s.step(self._think)
                    if entry is not None:
                        self._post(self.add_entry, entry)
                    continue
                legal = s.state.legal_actions()
                if len(legal) != 1:
                    break
                try:  # nothing to decide: play it and say so
                    entry = s.apply(legal[0])
                except Exception as exc:
                    raise EngineFailure(f"the only legal move: {type(exc).__name__}: {exc}") from exc
                for texts in entry.texts.values():
                    if texts:
                        texts[0] += " (the only choice)"
                self._post(self.add_entry, entry)
                self._post(self.autosave)
        except EngineFailure as exc:
            self._post(self.engine_failed, str(exc))
            return
        self._post(self.ready)

    def ready(self) -> None:
        """A human decides now (or the game is over): show the position and the choices."""
        self.busy = False
        seat = self.s.human_to_move()
        if (
            seat is not None
            and len(self.s.humans) > 1
            and self.last_seat is not None
            and seat != self.last_seat
        ):
            self.viewer = seat
            self.rebuild_log()
            self.push_screen(HandoverScreen(self.s.seat_name(seat)))
        elif seat is not None:
            self.viewer = seat
        elif self.s.over() and len(self.s.humans) > 1:
            self.viewer = None
        self.seat = seat
        self.refresh_panes()
        self.show_choices()
        self.show_since(seat)
        if self.queued:
            self.call_later(self.next_step)
        if self.s.over() and not self.saved_at_end:
            self.saved_at_end = True
            if self.save_path:
                self.save(self.save_path)

    def show_since(self, seat: int | None) -> None:
        """Under the Hint title, what the others and the dice did since ``seat``'s last
        decision, grouped by who did it (until a hint is asked for)."""
        if seat is None:
            return
        new = [e for e in self.s.log[self.decided_at.get(seat, 0) :] if e.actor != seat and e.texts.get(seat)]
        if not new:
            return
        self._set("#hint-text", since_text(new, seat, self.s.seat_name))
        self._q("#hint", VerticalScroll).scroll_home(animate=False)

    def engine_failed(self, message: str) -> None:
        """The engine or a bot failed: keep the position before the failure and stop."""
        if self.closing:  # a search stopped as the screen closes: nothing failed
            return
        try:
            if not self.save_path:
                raise CliError("no --save file")
            self._write(self.save_path)
            where = f"; the game so far is saved in {self.save_path}"
        except CliError as exc:  # under a new name that overwrites nothing
            path, why = write_rescue(self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)
            where = (
                f"; the game so far is saved in {path}" if path else f"; saving it failed too: {exc}; {why}"
            )
        self.error = f"the game cannot go on: {message}{where}"
        self.closing = True
        self.exit(1, return_code=1)

    # ----- moves
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("choice-"):
            self.play_number(int(oid.removeprefix("choice-")))

    def play_number(self, n: int) -> None:
        """Play choice ``n`` (1-based)."""
        count = len(self.choices.actions)
        if not 1 <= n <= count:
            self.say(f"there is no choice {n}: choose 1 to {count}")
            return
        self.play(self.choices.actions[n - 1])

    def play(self, action: int, confirmed: bool = False) -> None:
        """Apply the deciding human's move, then move the game on; a move that loses the game
        at once asks for a confirmation first."""
        if self.busy or self.seat is None:
            self.say(self.wait_message())
            return
        danger = self.choices.dangers.get(action)
        if danger and not confirmed:
            text = self.s.state.action_to_string(action)
            asked_at = list(self.s.state.history)

            def answered(yes: bool | None) -> None:
                if yes and self.s.state.history == asked_at:  # not after an undo meanwhile
                    self.play(action, confirmed=True)
                else:
                    self.say("Not played; choose again.")
                    self.drop_queue("the step before them was not played")

            self.push_screen(ConfirmScreen(f"Careful: '{text}' {danger}.\nPlay it anyway?"), answered)
            return
        try:
            self.s.apply(action)
        except IllegalAction as exc:
            self.say(f"not legal: {exc}")
            return
        except Exception as exc:
            self.say(f"the engine cannot play that move ({type(exc).__name__}: {exc}); choose another")
            return
        self.last_seat = self.seat
        self.add_entry(self.s.log[-1])
        self.decided_at[self.seat] = len(self.s.log)
        self.say("")
        self._set("#hint-text", HINT_PROMPT)
        self.autosave()
        self.advance()

    def on_key(self, event: Key) -> None:
        """Digits pick a choice by its number (Enter plays it); while the computer thinks they
        say so. Enter plays the highlighted choice wherever the focus is (after Tab too)."""
        if len(self.screen_stack) > 1 or isinstance(self.focused, Input):
            return
        if event.key == "enter" and not isinstance(self.focused, OptionList):
            event.stop()
            ol = self._q("#choices", OptionList)
            if self.busy or self.seat is None:
                self.say(self.wait_message())
            elif ol.highlighted is not None and ol.highlighted in self.choices.option_index:
                self.play_number(self.choices.option_index.index(ol.highlighted) + 1)
            return
        if not event.character or not event.character.isdigit():
            return
        if self.busy or self.seat is None:
            event.stop()
            self.say(self.wait_message())
            return
        event.stop()
        now = time.monotonic()
        digits = self.digits + event.character if now - self.digits_at < NUMBER_PAUSE else event.character
        if not digits.lstrip("0") or int(digits) > len(self.choices.actions):
            digits = event.character
        self.digits, self.digits_at = digits, now
        n = int(digits) if digits.lstrip("0") else 0
        if 1 <= n <= len(self.choices.actions):
            ol = self._q("#choices", OptionList)
            ol.highlighted = self.choices.option_index[n - 1]
            ol.focus()
            self.say(f"choice {n}: Enter plays it")
        else:
            self.say(f"there is no choice {digits}: choose 1 to {len(self.choices.actions)}")

    # ----- the move line
    def action_type_move(self) -> None:
        entry = self._q("#entry", Input)
        entry.disabled = False
        entry.add_class("open")
        entry.value = ""
        entry.focus()

    def action_close_entry(self) -> None:
        entry = self._q("#entry", Input)
        if entry.has_class("open"):
            entry.remove_class("open")
            entry.disabled = True
            self.filter_choices("")
            ol = self._q("#choices", OptionList)
            if self.choices.actions:
                ol.highlighted = self.choices.option_index[0]
            ol.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "entry":
            return
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        self.action_close_entry()
        if text:
            self.command(text)

    def command(self, text: str) -> None:
        """What the move line accepts: a number, a command as in the line mode, or a move."""
        word, _, rest = text.partition(" ")
        cmd, rest = word.lower(), rest.strip()
        simple: dict[str, Callable[[], None]] = {
            "hint": self.action_hint,
            "undo": self.action_undo,
            "help": self.action_help,
            "?": self.action_help,
            "quit": self.action_quit_game,
            "exit": self.action_quit_game,
        }
        if text.isdigit():
            self.play_number(int(text))
        elif cmd in simple and not rest:
            simple[cmd]()
        elif cmd == "save":
            self.action_save(rest or None)
        elif cmd == "show":
            self.show(rest)
        elif cmd == "log":
            self.show_log(rest)
        else:
            steps = split_steps(text)
            if len(steps) > 1:
                # several steps of one compound move: the rest wait for this seat's next decisions
                self.queued, self.queued_seat = steps[1:], self.seat
            self.play_text(steps[0] if steps else text)

    def drop_queue(self, why: str) -> None:
        """Forget the steps still to play of a line typed with several, saying so."""
        if self.queued:
            left = ", ".join(f"'{x}'" for x in self.queued)
            self.queued, self.queued_seat = [], None
            self.say(f"Not played: {left} ({why})")

    def next_step(self) -> None:
        """The next step of a line typed with several, when the decision is still that seat's."""
        if not self.queued:
            return
        if self.seat is None or self.seat != self.queued_seat or self.s.over():
            self.drop_queue("the decision is no longer yours")
            return
        self.play_text(self.queued.pop(0))

    def action_log(self) -> None:
        self.show_log("")

    def show_log(self, rest: str) -> None:
        """The whole log (or its last N entries, ``log N``) in a window that scrolls, newest at
        the bottom and in view; the same command as the line mode's ``log [N]``."""
        if rest and not rest.isdigit():
            self.say("usage: log [N] (N a number of entries; without it, the whole log)")
            return
        entries = [e for e in self.s.log if entry_lines(e, self.viewer)]
        if rest:
            entries = entries[-int(rest) :] if int(rest) else []
        if not entries:
            self.say("The log is empty.")
            return
        lines = [line for e in entries for line in entry_lines(e, self.viewer)]
        count = f"{len(entries)} {'entry' if len(entries) == 1 else 'entries'}"
        title = f"log: the last {count}" if rest else "log: the whole game"
        self.push_screen(TextScreen(title, Group(*lines), at_end=True))

    def play_text(self, text: str) -> None:
        """A move typed in words (a unique part of a listed move is enough); a step that
        cannot be played drops the steps typed after it."""
        if not self._play_text(text):
            self.drop_queue(f"'{text}' was not played")

    def _play_text(self, text: str) -> bool:
        if self.busy or self.seat is None:
            self.say("there is nothing to decide now")
            return False
        st = self.s.state
        try:
            action = st.string_from_action(text)
        except IllegalAction as exc:
            found = match_words(st, text)
            many = self.filter_choices(text)
            if found is None and many == 1:  # the one listed move holding what was typed
                chosen = self._q("#choices", OptionList).get_option_at_index(0).id or ""
                found = self.choices.actions[int(chosen.removeprefix("choice-")) - 1]
            self.filter_choices("")
            if found is None:
                if many > 1:
                    self.say(f"{many} listed moves hold '{text}': type more of it (':' again), or its number")
                else:
                    self.say(f"{exc}; type a choice number, a move as listed, or '?' for help")
                return False
            action = found
        if action not in st.legal_actions():
            self.say(f"'{text}' is not a legal move here")
            return False
        self.play(action)
        return True

    def show(self, what: str) -> None:
        r = self.s.renderer
        if not what:
            self.say(f"show what? {r.show_topics}")
            return
        try:
            body = r.show(self.s.state, self.viewer, what)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.push_screen(TextScreen(f"show {what}", body))

    # ----- keys
    def action_hint(self) -> None:
        if self.busy or self.seat is None:
            self.say("a hint is for a decision of yours")
            return
        shown = self.hint_shown
        if shown is not None and shown[0] == tuple(self.s.state.history):
            numbers = {a: i + 1 for i, a in enumerate(self.choices.actions)}  # h again: all of it
            body = hint_text(shown[1], numbers, 200, top=len(shown[1].moves), explanation=shown[2])
            self.push_screen(TextScreen("hint", body))
            return
        spec = hint_spec(self.s.ai, self.s.level, self.s.game, self.s.state.num_players())
        meter = IterationMeter()
        self.searches.append(meter)
        self._set_busy("thinking about a hint", spec_time(spec), meter, spec_iters(spec))
        self._set("#hint-text", Text("thinking...", style="dim"))
        self._hint(spec, self.seat, meter)

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, spec: str, seat: int, meter: IterationMeter) -> None:
        from realpolitik.ai.bots import analyse

        state = self.s.state
        try:
            analysis = analyse(state, seat, None, bot_spec=spec, progress=meter)
            why = explain_top(self.s.renderer, state, analysis)
        except Exception as exc:
            self._post(self._hint_failed, f"the hint failed: {type(exc).__name__}: {exc}")
            return
        self._post(self._show_hint, analysis, why)

    def _hint_failed(self, message: str) -> None:
        self.ready()
        self._set("#hint-text", Text(message))

    def _show_hint(self, analysis: Analysis, explanation: str) -> None:
        numbers = {a: i + 1 for i, a in enumerate(self.choices.actions)}
        self.busy = False
        self.meter = self.meter_total = None
        self._set("#question", Text(self.s.renderer.question(self.s.state)))
        self.hint_shown = (tuple(self.s.state.history), analysis, explanation)
        text = hint_text(analysis, numbers, self._width("#hint-text", 40), explanation=explanation)
        text.append("\nh again: every move and the whole line in a window", style="dim")
        self._set("#hint-text", text)

    def wait_message(self) -> str:
        """Why a move or an undo is not taken now."""
        if self.busy:
            return f"wait: {self.busy_label}"
        return "the game is over: u undoes your last decision, q quits"

    def action_undo(self) -> None:
        if self.busy:
            self.say(self.wait_message())
            return
        self.queued, self.queued_seat = [], None
        seat = self.seat if self.seat is not None else self.last_seat
        if seat is None or not self.s.undo(seat):
            self.say("Nothing to undo: you have made no decision yet in this game.")
            return
        self.saved_at_end = False
        self.last_seat = seat
        self.viewer = seat
        self.rebuild_log()
        self._q("#log", RichLog).write(
            Text(f"Undone: back to your previous decision ({len(self.s.state.history)} actions played).")
        )
        self.say("")
        self.autosave()
        self.advance()

    def action_save(self, path: str | None = None) -> None:
        target = path or self.save_path
        if target:
            self.save(target)
            return

        def done(name: str | None) -> None:
            if name:
                self.save(name)

        self.push_screen(
            AskScreen("Save the game to which file?", f"{self.s.game.spec.name}-save.json"), done
        )

    def action_help(self) -> None:
        r = self.s.renderer
        text = r.moves_help() + "\n\n" + KEYS_HELP
        legend = r.legend()
        if legend:
            text += "\n\nOn screen:\n" + legend
        self.push_screen(TextScreen(f"{self.s.game.spec.title}: help", Text(text)))

    def action_quit_game(self) -> None:
        if self.save_path:
            self.finish(self.save(self.save_path))
            return

        def done(name: str | None) -> None:
            if name is None:
                return
            if not name:
                self.farewell.append("Not saved.")
                self.finish(True)
            elif self.save(name):
                self.finish(True)

        self.push_screen(
            AskScreen("Save the game before quitting? File name (empty: quit without saving; Esc: back):"),
            done,
        )

    def stop_on_signal(self) -> None:
        """A stop signal: end any search, save the game (to ``--save``, else under a new name
        nobody can be asked for one) and close with status 130.

        When the terminal itself is gone (a closed window: SIGHUP), Textual's shutdown can wait
        for ever on its output queue (seen about one time in three, the process left asleep);
        the game being saved, the process ends at the latest ``STOP_GRACE`` seconds later."""
        self.closing = True  # first: the search stopped below reports to no one
        for meter in self.searches:  # a search in a worker thread would keep the process open
            meter.stop()
        self.farewell.append(_keep_on_stop(self.s, self.save_path))
        deadline = threading.Timer(STOP_GRACE, os._exit, args=(130,))
        deadline.daemon = True
        deadline.start()
        self.exit(130, return_code=130)

    def finish(self, ok: bool) -> None:
        if ok:
            self.farewell.append("Bye.")
            self.closing = True
            self.exit(0)

    # ----- saving
    def _write(self, path: str) -> None:
        write_save(path, self.s.state, self.s.humans, self.s.ai, self.s.level, self.s.seed)

    def save(self, path: str) -> bool:
        """Save to ``path``; says where (or why not)."""
        try:
            self._write(path)
        except CliError as exc:
            self.say(f"error: {exc}")
            return False
        msg = f"Game saved to {path} ({len(self.s.state.history)} actions)."
        self.say(msg)
        self.farewell.append(msg)
        return True

    def autosave(self) -> None:
        if self.save_path:
            try:
                self._write(self.save_path)
            except CliError as exc:
                self.say(f"warning: autosave failed: {exc}")


def intro_lines(session: Session) -> list[str]:
    """The first lines of the log: the game, the seed, who plays what, the keys."""
    humans = [session.seat_name(h) for h in session.humans]
    ais = [session.seat_name(i) for i in range(session.state.num_players()) if i not in session.humans]
    lines = [f"{session.game.spec.title}, seed {session.seed}."]
    if ais:
        lines.append(f"You play {', '.join(humans)}; the computer plays {', '.join(ais)} ({session.ai}).")
    else:
        lines.append(f"Hot seat: {', '.join(humans)} share this terminal.")
    lines.append("Digits and Enter choose; ':' types a move; h hint, u undo, s save, ? help, q quit.")
    return lines


STOP_GRACE = 5.0
"""Seconds a full screen stopped by a signal has to close before the process ends anyway."""


def _keep_on_stop(session: Session, save_path: str | None) -> str:
    """Save the game of a full screen stopped by a signal: to ``--save``, else (no one can be
    asked) under a new name that overwrites nothing. Returns what to tell the player."""
    s = session
    if save_path:
        try:
            write_save(save_path, s.state, s.humans, s.ai, s.level, s.seed)
            return f"Interrupted. Game saved to {save_path} ({len(s.state.history)} actions)."
        except CliError:
            pass
    path, why = write_rescue(s.state, s.humans, s.ai, s.level, s.seed)
    if path:
        return f"Interrupted. The game is saved in {path} ({len(s.state.history)} actions)."
    return f"Interrupted. The game could not be saved ({why})."


def run_full_screen(session: Session, save_path: str | None, console: Console, ask_seat: bool = False) -> int:
    """Play ``session`` in the full screen until the player quits.

    Args:
        session: The game.
        save_path: ``--save``, or None.
        console: Where the last words go once the screen is closed.
        ask_seat: Ask which side the player takes first (no ``--seat`` given).

    Returns:
        The exit status (1 when the engine failed; the game is then saved).
    """
    app = FullScreen(session, save_path, intro_lines(session), ask_seat)
    code = app.run()
    for line in app.farewell:
        console.print(Text(line), soft_wrap=True)
    if app.error:
        import typer

        typer.echo(f"error: {app.error}", err=True)
        return 1
    return code if isinstance(code, int) else 0
