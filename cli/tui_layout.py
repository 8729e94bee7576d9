"""The full screen's layout and drawing (``cli/tui.py`` is the game's flow on it): the
widgets and their sizes on any terminal, the status line and panes, the log, the question and
the numbered choices.

Nothing here moves the game on; :class:`~realpolitik.cli.tui.FullScreen` builds on
:class:`ScreenLayout` with the moves, the computer's thinking, the keys and the commands.
"""

from __future__ import annotations

import time
from typing import TypeVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from realpolitik.cli.session import LogEntry, Session
from realpolitik.cli.tui_views import HINT_PROMPT, Choices, PaneRenderer, entry_lines

__all__ = ["PANES_EVERY", "Pane", "ScreenLayout"]

W = TypeVar("W", bound=Widget)

PANES_EVERY = 0.15
"""Seconds between redraws of the panes while the computer's moves come in a burst."""


class Pane(VerticalScroll):
    """A scrolling pane that asks the screen to redraw the panes when its size changes (a
    board fitted to its width)."""

    def on_resize(self, event: Resize) -> None:
        app = self.app
        if isinstance(app, ScreenLayout):
            app.refit()


def _text_key(content: RenderableType) -> tuple[object, ...] | None:
    """What makes two texts (or groups of texts) show the same (Rich's ``Text ==`` leaves out the
    base style); None for other renderables, which are always drawn again."""
    if isinstance(content, Group):
        keys = tuple(_text_key(part) for part in content.renderables)
        return None if None in keys else keys
    if not isinstance(content, Text):
        return None
    return (content.plain, tuple(content.spans), str(content.style), content.justify, content.no_wrap,
            content.overflow, content.end)  # fmt: skip


class ScreenLayout(App[int]):
    """The widgets of the full screen and what draws them, for a game in progress.

    Args:
        session: The game in progress (its renderer words the log and the choices).
        intro: Lines that open the log.
        seat_pending: The side is still to be chosen (the panes stay empty until then).
    """

    TITLE = "realpolitik"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #statusbar { height: auto; max-height: 2; padding: 0 1; background: $panel; text-style: bold; }
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 2fr; min-width: 34; }
    #tracks { height: auto; max-height: 6; border-top: solid $primary; }
    #board { height: 1fr; border-top: solid $primary; }
    #hand { height: auto; max-height: 11; border-top: solid $primary; }
    #question { height: auto; max-height: 4; border-top: solid $primary; padding: 0 1;
                text-style: bold; }
    #choices { height: 1fr; min-height: 3; border: none; padding: 0; }
    #notice { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    #bottom { height: 8; }
    #log { width: 3fr; border-top: solid $primary; padding: 0 1; }
    #hint { width: 2fr; border-top: solid $primary; }
    #entry { display: none; }
    #entry.open { display: block; }
    #toosmall { display: none; height: 1fr; content-align: center middle; padding: 1 2;
                text-style: bold; }
    .short #bottom { height: 5; }
    .short #hand { max-height: 5; }
    .short #tracks { max-height: 4; }
    .short #question { max-height: 3; }
    .tiny #main, .tiny #bottom { display: none; }
    .tiny #toosmall { display: block; }
    """
    MIN_SIZE = (80, 24)
    """The smallest terminal the full screen is laid out for; below it, it says so."""
    SHORT_HEIGHT = 30
    """Below this many rows the log, hand and tracks panes shrink so the choices stay in view."""

    def __init__(self, session: Session, intro: list[str] | None, seat_pending: bool) -> None:
        super().__init__()
        self.seat_pending = seat_pending
        """The side is still to be chosen: the panes show nothing yet (no seat's hand)."""
        self.s = session
        self.intro = list(intro or [])
        self.panes = PaneRenderer(session.renderer)
        self.viewer: int | None = session.humans[0] if session.humans else None
        self.seat: int | None = None  # the human deciding now
        self.choices = Choices()
        self.digits = ""
        self.all_options: list[Option] = []
        """Every line of the choice list (a typed move shows only those that match it)."""
        self.panes_drawn = 0.0
        """When the panes were last drawn (``time.monotonic``)."""
        self.shown: dict[str, tuple[object, ...] | None] = {}
        """Per text pane, what it shows now (:func:`_text_key`), so the same text again is not
        sent: every update of a pane lays the whole screen out again."""
        self.refit_pending = False

    # ----- layout
    def compose(self) -> ComposeResult:
        yield Static(id="statusbar")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Pane(id="tracks"):
                    yield Static(id="tracks-text")
                with Pane(id="board"):
                    yield Static(id="board-text")
            with Vertical(id="right"):
                with Pane(id="hand"):
                    yield Static(id="hand-text")
                yield Static(id="question")
                yield OptionList(id="choices")
                yield Static(id="notice")
        yield Static(id="toosmall")
        with Horizontal(id="bottom"):
            yield RichLog(
                id="log",
                wrap=True,
                min_width=20,
                markup=False,
                highlight=False,
                auto_scroll=True,
                max_lines=5000,
            )
            with VerticalScroll(id="hint"):
                yield Static(HINT_PROMPT, id="hint-text")
        yield Input(  # disabled while closed, so that it never holds the keys unseen
            id="entry",
            placeholder="a move in words, or: show WHAT, save FILE, log N, hint, undo, help, quit",
            disabled=True,
        )
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        self.fit_layout(event.size.width, event.size.height)

    def fit_layout(self, width: int, height: int) -> None:
        """Shrink the side panes on a short terminal (the choices always in view) and, below
        :attr:`MIN_SIZE`, say how large the terminal must be instead of cutting content."""
        min_w, min_h = self.MIN_SIZE
        tiny = width < min_w or height < min_h
        self.set_class(height < self.SHORT_HEIGHT, "short")
        self.set_class(tiny, "tiny")
        if tiny:
            self._q("#toosmall", Static).update(
                Text(
                    f"This terminal is {width}x{height}; the full screen needs at least {min_w}x{min_h}.\n"
                    "Enlarge it, or quit (q) and play with --plain (the line mode fits any width).",
                    justify="center",
                )
            )

    # ----- drawing
    def _q(self, selector: str, kind: type[W]) -> W:
        """A widget of the game's screen, also while a window (help, save) is over it."""
        return self.screen_stack[0].query_one(selector, kind)

    def _set(self, selector: str, content: RenderableType) -> None:
        """Show ``content`` in a text pane, unless it shows that text already."""
        key = _text_key(content)
        if key is not None and self.shown.get(selector) == key:
            return
        self.shown[selector] = key
        self._q(selector, Static).update(content)

    def _width(self, selector: str, fallback: int) -> int:
        """Columns of a pane's text (the width the presentation fits its lines to)."""
        w = self._q(selector, Widget).content_region.width
        return max(20, w) if w else fallback

    def refresh_panes(self) -> None:
        """Draw the status line, tracks, board and hand for the viewer."""
        if self.seat_pending:
            return
        self.panes_drawn = time.monotonic()
        st = self.s.state
        v = self.viewer
        bar = Text(f"{self.s.game.spec.title} | ")
        bar.append_text(self.panes.status(st, v))
        self._set("#statusbar", bar)
        tracks = self.panes.tracks(st, v, self._width("#tracks-text", 60))
        if tracks is not None:
            self._set("#tracks-text", tracks)
        self._set("#board-text", self.panes.board(st, v, self._width("#board-text", 60)))
        hand = self.panes.hand(st, v, self._width("#hand-text", 40))
        if hand is not None:
            self._set("#hand-text", hand)

    def rebuild_log(self) -> None:
        """The whole log again for the viewer (after an undo, or a hand-over)."""
        log = self._q("#log", RichLog)
        log.clear()
        for line in self.intro:
            log.write(Text(line, style="bold"))
        for entry in self.s.log:
            for text in entry_lines(entry, self.viewer):
                log.write(text)

    def add_entry(self, entry: LogEntry) -> None:
        """A new log entry; the panes follow it (at most every :data:`PANES_EVERY` seconds in
        a burst of moves: the computer's next search and the player's decision redraw them
        anyway). Called on the screen's thread while the worker waits, so the state is still."""
        log = self._q("#log", RichLog)
        for line in entry_lines(entry, self.viewer):
            log.write(line)
        if time.monotonic() - self.panes_drawn >= PANES_EVERY:
            self.refresh_panes()

    def say(self, text: str) -> None:
        """A message under the choices (why a move was refused, where the game was saved)."""
        self._set("#notice", Text(text))

    def show_choices(self) -> None:
        """The question and the numbered choices of the decision now."""
        st = self.s.state
        options: list[Option] = []
        self.choices = Choices()
        self.digits = ""
        if self.s.over():
            self._set("#question", Text(f"Game over: {self.s.renderer.result(st)}"))
            options.append(
                Option(Text("u: undo your last decision   s: save   q: quit", style="dim"), disabled=True)
            )
        elif self.seat is not None:
            groups, self.choices.dangers, all_lose = self.s.renderer.marked_choices(st, self.seat)
            asked = self.s.renderer.question(st)
            default = self.s.renderer.default_choice(st)
            if default is not None:
                asked += f"  (highlighted: {st.action_to_string(default[0])}, {default[1]})"
            self._set("#question", Text(f"{asked}\n{all_lose}" if all_lose else asked))
            for title, items in groups:
                if title is not None:
                    options.append(Option(Text(title, style="bold"), disabled=True))
                for action, label in items:
                    self.choices.actions.append(action)
                    self.choices.option_index.append(len(options))
                    n = len(self.choices.actions)
                    style = "bold red" if action in self.choices.dangers else ""
                    options.append(Option(Text(f"{n:>3} {label}", style=style), id=f"choice-{n}"))
        self.all_options = options
        ol = self._q("#choices", OptionList)
        ol.clear_options()
        ol.add_options(options)
        if self.choices.actions:
            first = 0
            if self.seat is not None and not self.s.over():
                default = self.s.renderer.default_choice(st)
                if default is not None and default[0] in self.choices.actions:
                    first = self.choices.actions.index(default[0])
            ol.highlighted = self.choices.option_index[first]
        entry = self._q("#entry", Input)
        if not entry.has_class("open"):
            ol.focus()
        elif entry.value.strip():
            self.filter_choices(entry.value)

    def filter_choices(self, text: str) -> int:
        """While a move is typed, the choice list shows only the moves whose text holds every
        typed word (their numbers unchanged); an empty line shows them all again.

        Returns:
            How many choices match.
        """
        ol = self._q("#choices", OptionList)
        words = text.lower().split()
        if not words:
            ol.clear_options()
            ol.add_options(self.all_options)
            return len(self.choices.actions)
        shown = [
            o
            for o in self.all_options
            if o.id and all(w in str(o.prompt).strip().lower().split(" ", 1)[-1] for w in words)
        ]
        ol.clear_options()
        if shown:
            ol.add_options(shown)
            ol.highlighted = 0
        else:
            ol.add_option(
                Option(Text("no listed move matches (Esc: the whole list)", style="dim"), disabled=True)
            )
        return len(shown)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "entry" and event.input.has_class("open"):
            self.filter_choices(event.value)

    def refit(self) -> None:
        """Draw the panes again at their new sizes (once, after the layout has settled)."""
        if not self.refit_pending:
            self.refit_pending = True
            self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        self.refit_pending = False
        self.refresh_panes()
