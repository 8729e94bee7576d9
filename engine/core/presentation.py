"""How a game draws itself for the terminal: one typed :class:`Presentation`.

Every game's ``presentation()`` (``engine.core.api.Game``) returns an instance of a subclass
of :class:`Presentation` (``engine/<game>/render.py``). The CLI (``cli/screen.py``, the full
screen's panes in ``cli/tui_views.py``) calls its methods and never looks a hook up by name.
Each method here is the generic version built on the ``State`` interface alone
(``observation()``, ``action_to_string()``, ``scores()``, ``returns()``), so a game that
overrides nothing (a test's toy game) can still be played, hinted and replayed; the hooks that
only some games have (the odds of a move, why a move is refused, the panes of the full screen)
answer None here, and the CLI then does without them or uses its own fallback (the look-ahead
for a losing move in ``cli/lookahead.py``).

What a presentation draws is a :data:`Drawing`: a string (ANSI colours allowed; the CLI turns
them into styles, so ``--no-color`` still removes them) or an object that draws itself on the
terminal library's console (Twilight Struggle's ``rich`` groups). The core imports no terminal
library: :class:`Drawable` names that library's console protocol structurally.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any, Protocol, TypeAlias, runtime_checkable

from realpolitik.engine.core.api import CHANCE, TERMINAL, State, seat_label

__all__ = [
    "GENERIC_MOVES_HELP",
    "LINE_WIDTH",
    "SCREEN_WIDTH",
    "ChoiceGroups",
    "Drawable",
    "Drawing",
    "Presentation",
    "choices_by_verb",
    "seat_name",
]

SCREEN_WIDTH = 80
"""Columns of the line-mode board (80-column terminals)."""

LINE_WIDTH = SCREEN_WIDTH - 2
"""Usable columns of a generic line (the generic board cuts longer lines)."""

GENERIC_MOVES_HELP = (
    "Moves: type a choice number, or the move in words (a unique part is enough, as long as\n"
    "  it is a whole word or the start of one)."
)
"""The move help of a game whose presentation says nothing of its own."""


@runtime_checkable
class Drawable(Protocol):
    """An object that draws itself on the terminal library's console (``rich``'s console
    protocol, ``__rich_console__``), named here without importing the library."""

    def __rich_console__(self, console: Any, options: Any) -> Any:
        """The segments or renderables that draw this object on ``console``."""


Drawing: TypeAlias = str | Drawable
"""What a presentation draws: text (ANSI colours allowed) or a :class:`Drawable`."""

ChoiceGroups: TypeAlias = list[tuple[str | None, list[tuple[int, str]]]]
"""Legal actions grouped for a numbered list: ``[(title or None, [(action, label), ...]), ...]``."""


def choices_by_verb(state: State, actions: list[int], verbs: Collection[str]) -> ChoiceGroups:
    """The legal ``actions`` grouped for the numbered list by the first word of their text:
    one group per word of ``verbs``, titled with it and in alphabetical order, after one
    untitled group of the others (passing, ending, answers).

    Args:
        state: The position (its ``action_to_string`` gives the texts).
        actions: The legal actions, in the order each group keeps.
        verbs: The first words that get a group of their own.
    """
    groups: dict[str | None, list[tuple[int, str]]] = {}
    for a in actions:
        text = state.action_to_string(a)
        verb = text.split(" ", 1)[0]
        groups.setdefault(verb if verb in verbs else None, []).append((a, text))
    ordered: ChoiceGroups = [(None, groups.pop(None))] if None in groups else []
    return ordered + sorted(groups.items(), key=lambda kv: str(kv[0]))


def seat_name(state: State, seat: int) -> str:
    """The name of ``seat`` (``CHANCE``/``TERMINAL`` get words too), with the name it was
    dealt at setup where the game deals one (``Player 3 (Capitalism)``)."""
    if seat == CHANCE:
        return "chance"
    if seat == TERMINAL:
        return "nobody"
    return seat_label(state, seat)


def _observer(state: State, viewer: int | None) -> int:
    """The seat whose observation a generic view shows: ``viewer``, else the seat to move."""
    return viewer if viewer is not None else max(0, state.current_player())


class Presentation:
    """A game's terminal presentation; this base is the generic one every game may refine.

    ``viewer`` is the seat looking at the screen (it sees what that seat may see), or None for
    an omniscient view (replays). A game's subclass overrides what it draws better and keeps
    the rest.
    """

    moves_help: str = GENERIC_MOVES_HELP
    """How to type a move in this game, with examples (the help screen and ``help``)."""

    legend: str = ""
    """Every abbreviation on this game's screens, explained (empty: nothing to explain)."""

    show_topics: str = "a key of the observation"
    """What :meth:`show` accepts, in words (the help and the error of an unknown topic)."""

    redraw_after_own_move: bool = False
    """Whether line mode draws the board again after the player's own move too (otherwise only
    after the others' moves)."""

    # ----- the screen
    def board(self, state: State, viewer: int | None) -> Drawing:
        """The whole position as ``viewer`` sees it (line mode, ``SCREEN_WIDTH`` columns).

        The generic board is the game's title and the viewer's observation, one key a line.
        """
        obs = state.observation(_observer(state, viewer))
        lines = [f"\x1b[1m{state.game().spec.title}\x1b[0m"]
        for key, val in obs.items():
            text = json.dumps(val, separators=(",", ":")) if not isinstance(val, str) else val
            line = f"  {key}: {text}"
            lines.append(line if len(line) <= LINE_WIDTH else line[: LINE_WIDTH - 3] + "...")
        return "\n".join(lines)

    def map_view(self, state: State, viewer: int | None, width: int) -> Drawing:
        """The board pane of the full screen, fitted to ``width`` columns where the game can
        (generic: :meth:`board`)."""
        return self.board(state, viewer)

    def tracks(self, state: State, viewer: int | None, width: int) -> Drawing | None:
        """The tracks pane of the full screen, or None where the game has none (its status
        line, always on screen, stands in)."""
        return None

    def hand(self, state: State, viewer: int | None, width: int) -> Drawing | None:
        """The hand pane of the full screen (``viewer``'s cards), or None where the game has
        none."""
        return None

    def status(self, state: State, viewer: int | None) -> Drawing:
        """One line of the position, shown at every prompt (generic: actions played and
        scores)."""
        scores = ", ".join(f"{seat_name(state, i)} {s:g}" for i, s in enumerate(state.scores()))
        return f"{len(state.history)} actions played | scores: {scores}"

    def round_key(self, state: State) -> object | None:
        """Which round of the game ``state`` is in (any value compared with ``==``): line mode
        draws the board once per round. None when the game names no rounds."""
        return None

    def question(self, state: State) -> str:
        """What the player to move is asked."""
        return f"{seat_name(state, state.current_player())} to move"

    def choices(self, state: State, actions: list[int]) -> ChoiceGroups:
        """The legal ``actions`` grouped for the numbered list (generic: one untitled group of
        the actions' texts)."""
        return [(None, [(a, state.action_to_string(a)) for a in actions])]

    def default_choice(self, state: State) -> tuple[int, str] | None:
        """The move Enter plays at the last step of a compound move, with why it is the
        default (``"all of them"``), or None where the game names none."""
        return None

    # ----- the log
    def describe_action(self, state: State, action: int, viewer: int | None) -> str:
        """One log line for ``action`` (``state`` is before it), as ``viewer`` may see it."""
        who = seat_name(state, state.current_player())
        return f"{who}: {state.action_to_string(action)}"

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        """What ``action`` changed from ``before`` to ``after``, one line each, as ``viewer``
        may see it (generic: the scores when they change, and the end)."""
        out = []
        if before.scores() != after.scores():
            out.append("scores: " + ", ".join(f"{s:g}" for s in after.scores()))
        if after.is_terminal() and not before.is_terminal():
            out.append(f"GAME OVER: {self.result(after)}")
        return out

    # ----- advice: odds, dangers, refusals, explanations
    def move_odds(self, state: State, action: int) -> str | None:
        """The odds of a move with dice (a coup, a space race attempt) and what else it
        changes, or None for a move without dice or a game that does not say."""
        return None

    def move_danger(self, state: State, action: int) -> str | None:
        """Why ``action`` loses the game where the game can foresee it beyond the CLI's
        look-ahead through dice and forced moves (a card one would be left holding), or None."""
        return None

    def why_illegal(self, state: State, text: str) -> str | None:
        """Why the typed move ``text`` is not legal here, citing the rule, or None when the
        game cannot say."""
        return None

    def explain(self, before: State, after: State, seat: int) -> str:
        """One line on what a move (and the own moves after it) gains for ``seat`` (generic:
        the change of the evaluation)."""
        v0, v1 = before.evaluate(seat), after.evaluate(seat)
        return f"the evaluation for {seat_name(before, seat)} goes {v0:.2f} -> {v1:.2f}"

    def turn_number(self, state: State) -> int | None:
        """The game's turn, for summaries; None when the game has no turns to speak of."""
        return None

    def score_text(self, state: State) -> str:
        """The score in the game's words (generic: each seat's ``scores()``)."""
        return ", ".join(f"{seat_name(state, i)} {v:g}" for i, v in enumerate(state.scores()))

    # ----- details and the end
    def show(self, state: State, viewer: int | None, what: str) -> Drawing:
        """Details on request, as ``viewer`` may see them (generic: one key of the
        observation).

        Raises:
            ValueError: for a topic the game does not know, naming what it accepts.
        """
        obs = state.observation(_observer(state, viewer))
        key = what.strip()
        if key not in obs:
            raise ValueError(f"nothing called '{key}' to show; try: {', '.join(obs)}")
        return f"{key}: {json.dumps(obs[key], indent=1)}"

    def result(self, state: State) -> str:
        """How the game ended (generic: the seats with the best return, or a draw)."""
        if not state.is_terminal():
            return "the game is not over"
        rets = state.returns()
        best = max(rets)
        winners = [seat_name(state, i) for i, r in enumerate(rets) if r == best]
        if len(winners) == len(rets):
            return "a draw"
        return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}"
