"""What the full screen of ``play`` shows (``cli/tui.py``): the presentation's panes with
their fallbacks, the log lines, the hint, and the windows over the game (a text such as the
help, a question such as a file name, the hot-seat hand-over)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from realpolitik.ai.analysis import Analysis
from realpolitik.cli.analysis_view import wrap
from realpolitik.cli.screen import Renderer
from realpolitik.cli.session import LogEntry
from realpolitik.engine.core.api import State
from realpolitik.engine.core.presentation import Drawing

__all__ = [
    "HINT_PROMPT",
    "AskScreen",
    "Choices",
    "ConfirmScreen",
    "HandoverScreen",
    "PaneRenderer",
    "SeatScreen",
    "TextScreen",
    "entry_lines",
    "hint_text",
    "since_text",
]

HINT_PROMPT = Text("h: the computer's advice for this decision", style="dim")
"""The hint pane before a hint is asked."""


def _renderable(obj: Drawing) -> RenderableType:
    """A presentation's output as something rich draws: strings (ANSI colours allowed) become Text."""
    return Text.from_ansi(obj) if isinstance(obj, str) else obj


class PaneRenderer:
    """The panes of the full screen from the game's presentation (its generic versions where
    the game draws no pane of its own)."""

    def __init__(self, renderer: Renderer) -> None:
        self.r = renderer

    def status(self, state: State, viewer: int | None) -> Text:
        """The status line (the game's ``status``, else the generic one) as one Text."""
        obj = self.r.status(state, viewer)
        return obj if isinstance(obj, Text) else Text.from_ansi(str(obj))

    def board(self, state: State, viewer: int | None, width: int) -> RenderableType:
        """The board pane, fitted to ``width`` where the presentation can (its ``map_view``;
        generic: the line-mode board)."""
        return _renderable(self.r.presentation.map_view(state, viewer, width))

    def tracks(self, state: State, viewer: int | None, width: int) -> RenderableType | None:
        """The tracks pane, or None where the game has no ``tracks`` (its status line, always
        on screen, stands in)."""
        drawn = self.r.presentation.tracks(state, viewer, width)
        return _renderable(drawn) if drawn is not None else None

    def hand(self, state: State, viewer: int | None, width: int) -> RenderableType | None:
        """The hand pane, or None where the game has no ``hand``."""
        drawn = self.r.presentation.hand(state, viewer, width)
        return _renderable(drawn) if drawn is not None else None


@dataclass
class Choices:
    """The numbered choices on screen.

    Attributes:
        actions: Action of each number, ``actions[n - 1]`` for number ``n``.
        option_index: Index in the option list of each number's line.
        dangers: The moves that lose the game, with the reason.
    """

    actions: list[int] = field(default_factory=list)
    option_index: list[int] = field(default_factory=list)
    dangers: dict[int, str] = field(default_factory=dict)
    """The moves that lose the game, with the reason (``Renderer.marked_choices``)."""


def entry_lines(entry: LogEntry, viewer: int | None) -> list[Text]:
    """A log entry as ``viewer`` sees it: the action, then what it changed, indented."""
    lines = entry.texts.get(viewer, []) if viewer is not None else []
    if not lines:
        return []
    style = "bold" if entry.actor >= 0 and entry.actor != viewer else ""
    out = [Text(lines[0], style=style)]
    for extra in lines[1:]:
        out.append(Text("    " + extra, style="bold" if extra.startswith("GAME") else "dim"))
    return out


class TextScreen(ModalScreen[None]):
    """A window of text over the game (the help); Esc, Enter, ``q`` or ``?`` close it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,question_mark", "close", "close"),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; padding: 0 1;
                                  background: $surface; }
    """

    def __init__(self, title: str, body: RenderableType, at_end: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.at_end = at_end
        """Open scrolled to the end (a log: the newest lines in view)."""

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(Static(self.body, id="text"))
        scroll.border_title = self.title_text
        scroll.border_subtitle = "arrows, Page Up/Down and the mouse scroll; Esc closes"
        yield scroll

    def on_mount(self) -> None:
        if self.at_end:
            self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class AskScreen(ModalScreen[str | None]):
    """One line asked of the player (a file name); Enter gives it, Esc gives None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "back")]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen > Vertical { width: 80%; height: auto; border: round $accent; padding: 0 1;
                           background: $surface; }
    AskScreen Static { height: auto; }
    """

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question), id="question")
            yield Input(value=self.value, id="answer")
            yield Static(Text("Enter: confirm   Esc: back", style="dim"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no window over the game (a move that loses the game): ``y`` gives True; ``n``,
    Esc or Enter give False (keeping the position is the default)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n,escape,enter", "answer(False)", "no"),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static { width: 80%; height: auto; border: round $error; padding: 1 2;
                             background: $surface; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        text = Text(self.question, style="bold")
        text.append("\n\ny: play it anyway   n, Esc: keep the position and choose again", style="")
        yield Static(text, id="confirm")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SeatScreen(ModalScreen[int]):
    """Which side the player takes, asked in the full screen before the game starts (``play``
    at a terminal without ``--seat``): a digit or Enter on a side; Esc takes the first."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "first", "the first side")]
    DEFAULT_CSS = """
    SeatScreen { align: center middle; background: $background; }
    SeatScreen > Vertical { width: 60%; height: auto; border: round $accent; padding: 0 1;
                            background: $surface; }
    SeatScreen Static { height: auto; }
    SeatScreen OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, seats: list[str]) -> None:
        super().__init__()
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Which side do you play?", style="bold"))
            yield OptionList(
                *(Option(Text(f"{i + 1} {name}"), id=f"seat-{i}") for i, name in enumerate(self.seats)),
                id="seats",
            )
            yield Static(Text("a number or Enter chooses; Esc: the first", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#seats", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int((event.option.id or "seat-0").removeprefix("seat-")))

    def on_key(self, event: Key) -> None:
        ch = event.character
        if ch and ch.isdigit() and 1 <= int(ch) <= len(self.seats):
            event.stop()
            self.dismiss(int(ch) - 1)

    def action_first(self) -> None:
        self.dismiss(0)


class HandoverScreen(ModalScreen[None]):
    """Hot seat: hides the table until the next player presses Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", "ready")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background; }
    HandoverScreen > Static { width: auto; height: auto; border: round $accent; padding: 1 2; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.seat_label = name

    def compose(self) -> ComposeResult:
        yield Static(
            Text(f"Hand over to the {self.seat_label} player.\n{self.seat_label}: press Enter when ready.")
        )

    def action_go(self) -> None:
        self.dismiss(None)


def _without_seat(line: str, who: str) -> str:
    """A log line without its leading seat name when the group's title already names it
    (``Imperialism: develop ...`` under ``Player 3 (Imperialism)``)."""
    head, sep, rest = line.partition(": ")
    if sep and head and (head == who or f"({head})" in who or head.startswith(f"{who} (")):
        return rest
    return line


def since_text(entries: list[LogEntry], viewer: int, name: Callable[[int], str]) -> Text:
    """What changed since ``viewer``'s last decision, grouped by who did it (each seat in the
    order it first acted, the dice as ``dice``): every action with what it changed, so the
    player sees the computer's moves when asked to decide.

    Args:
        entries: The log entries since the viewer's last decision, oldest first.
        viewer: The deciding seat (its own entries are left out).
        name: A seat's name (``Session.seat_name``).

    Returns:
        The text for the hint pane, ending with how to ask for a hint.
    """
    groups: dict[int, list[LogEntry]] = {}
    for e in entries:
        if e.actor != viewer and e.texts.get(viewer):
            groups.setdefault(e.actor, []).append(e)
    out = Text("Since your last decision\n", style="bold")
    for actor, items in groups.items():
        who = name(actor) if actor >= 0 else "dice"
        out.append(f"{who} ({len(items)}):\n", style="bold")
        # the moves the log shows changes for first (a change of sides before the windows a
        # seat skipped), then the others, a repeated one once with its count
        quiet: dict[str, int] = {}
        for e in items:
            lines = e.texts[viewer]
            said = _without_seat(lines[0], who)
            if len(lines) == 1:
                quiet[said] = quiet.get(said, 0) + 1
                continue
            out.append(f"  {said}\n")
            for extra in lines[1:]:
                out.append(f"    {extra}\n", style="dim")
        for said, n in quiet.items():
            out.append(f"  {said}" + (f" (x{n})" if n > 1 else "") + "\n")
    out.append_text(HINT_PROMPT)
    return out


def hint_text(
    analysis: Analysis, numbers: dict[int, int], width: int, top: int = 5, explanation: str | None = None
) -> Text:
    """A hint fitted to the hint pane: the best moves with their choice numbers, win chances
    and visits, why the top move (``analysis_view.explain_top``), then the principal line,
    where the other seats' moves are expected replies from sampled hands (the search marks
    them ``(US, expected)``; the pane also shows them dimmed).

    Args:
        analysis: The search's ranking of the moves.
        numbers: Choice number of each action on screen.
        width: Columns of the pane.
        top: How many moves to list.
        explanation: The one-line reason for the top move, or None.

    Returns:
        The pane's text.
    """
    a = analysis
    out = Text(f"{a.seat_name}: {a.iterations} iterations, {a.elapsed:.1f}s ({a.bot})\n", style="bold")
    out.append(f"{'#':>3} {'win':>4} {'visits':>6}  move\n", style="dim")
    room = max(10, width - 17)
    for m in a.moves[:top]:
        num = numbers.get(m.action)
        win = f"{m.win_prob * 100:.0f}%" if m.win_prob is not None else "-"
        lines = wrap(m.text, room, indent=1)  # a long move goes on under itself, never cut
        out.append(f"{num if num else '':>3} {win:>4} {m.visits:>6}  {lines[0]}\n")
        for more in lines[1:]:
            out.append(f"{'':>16}{more}\n")
    if a.within_noise:
        out.append("The top two are within the search's noise: either may be best.\n", style="bold")
    if explanation and a.moves:
        out.append(f"Why {a.moves[0].text}: {explanation}\n", style="italic")
    if a.pv:
        out.append("Line: ")
        for i, step in enumerate(a.pv):
            if i:
                out.append(" -> ")
            out.append(step, style="dim italic" if step.endswith(", expected)") else "")
    return out
