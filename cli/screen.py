"""The game's presentation on the terminal, and the numbered, grouped, paged choice list.

A game draws itself through its presentation (``Game.presentation()``, a
:class:`~realpolitik.engine.core.presentation.Presentation`): the board, the status line, the
question, the grouped choices, the log lines, the details of ``show``, the result, the move
help and the legend, and the advice a player gets (the odds of a move with dice, a loss a move
makes certain, why a typed move is refused, a hint's one line). The base class is the generic
version of each, built on ``observation()`` and ``action_to_string()``, so every game in
``available_games()`` can be played, hinted and replayed. :class:`Renderer` calls those
methods and turns what they draw into rich renderables: a string (ANSI colours allowed)
becomes Text, so ``--no-color`` still removes the colours; what the CLI adds of its own (the
look-ahead for a move that loses, the ``[LOSES]`` marks) is here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rich.console import RenderableType
from rich.text import Text

from realpolitik.cli.lookahead import losing_chance
from realpolitik.engine.core.api import Game, State
from realpolitik.engine.core.presentation import ChoiceGroups, Drawing, Presentation, seat_name

__all__ = ["PAGE_LINES", "ChoiceList", "Renderer", "layout_choices", "match_words", "seat_name"]

PAGE_LINES = 22
"""Choice lines shown at once; the rest come with ``more``."""

WIDTH = 78
"""Usable columns for wrapped lines (80-column terminals)."""

Groups = ChoiceGroups

_CHANCE_WORDS = "with probability"
"""How a danger that is not certain says so (``Renderer.danger``)."""


class MarkedChoices(NamedTuple):
    """The choices a seat is shown, with the moves that lose marked."""

    groups: Groups
    """The grouped choices (``[LOSES]`` on a move that loses where another does not)."""
    dangers: dict[int, str]
    """The marked moves, each with why it loses (asked to confirm when chosen)."""
    all_lose: str | None
    """Said once when every move loses (then none is marked), else None."""


def _renderable(obj: Drawing) -> RenderableType:
    """What a presentation draws as something rich prints: strings (ANSI colours allowed)
    become Text."""
    if isinstance(obj, str):
        return Text.from_ansi(obj)
    return obj


STEP_SEPARATORS = (";", ",")


def split_steps(text: str) -> list[str]:
    """A typed line holding several steps of one compound move, in order (``from Border, to
    Bassora, 5 troops``): split at ``;`` or ``,`` (no move text holds either). One step when
    there is no separator."""
    for sep in STEP_SEPARATORS[1:]:
        text = text.replace(sep, STEP_SEPARATORS[0])
    return [part.strip() for part in text.split(STEP_SEPARATORS[0]) if part.strip()]


class Renderer:
    """The game's presentation as the terminal draws it, with the CLI's own advice."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.presentation: Presentation = game.presentation()

    # ----- the screen
    def board(self, state: State, viewer: int | None) -> RenderableType:
        """The whole position as ``viewer`` sees it (None: everything)."""
        return _renderable(self.presentation.board(state, viewer))

    def round_key(self, state: State) -> object | None:
        """Which round of the game ``state`` is in (any comparable value): line mode draws the
        board once per round. None when the game names no rounds."""
        return self.presentation.round_key(state)

    def status(self, state: State, viewer: int | None) -> RenderableType:
        """One line of the position, shown at every prompt."""
        return _renderable(self.presentation.status(state, viewer))

    def question(self, state: State) -> str:
        """What the player to move is asked."""
        return self.presentation.question(state)

    def choices(self, state: State, actions: list[int]) -> Groups:
        """The legal actions grouped for the numbered list."""
        return self.presentation.choices(state, actions)

    def marked_choices(self, state: State, seat: int) -> MarkedChoices:
        """The grouped choices with the odds of moves with dice and a ``[LOSES]`` mark on each
        move that loses the game where another move does not (line mode and full screen alike).
        When every move loses, none is marked: the position is said to be lost once
        (``MarkedChoices.all_lose``) and no move asks for a confirmation.
        """
        dangers: dict[int, str] = {}
        groups: Groups = []
        for title, items in self.choices(state, state.legal_actions()):
            with_odds = []
            for action, label in items:
                odds = self.odds(state, action)
                with_odds.append((action, f"{label} ({odds})" if odds else label))
                danger = self.danger(state, action, seat)
                if danger:
                    dangers[action] = danger
            groups.append((title, with_odds))
        count = sum(len(items) for _, items in groups)
        if dangers and len(dangers) == count:
            certain = {a: why for a, why in dangers.items() if _CHANCE_WORDS not in why}
            if len(certain) == count:
                reasons = sorted(set(dangers.values()))
                said = reasons[0] if len(reasons) == 1 else "loses the game at once"
                return MarkedChoices(groups, {}, f"Every move here {said}.")
            if not certain:
                return MarkedChoices(groups, {}, "Every move here risks losing the game at once.")
            dangers = certain  # every move risks the game: mark those that lose it for sure
        marked: Groups = [
            (title, [(a, f"{label} [LOSES]" if a in dangers else label) for a, label in items])
            for title, items in groups
        ]
        return MarkedChoices(marked, dangers, None)

    # ----- the log
    def describe_action(self, state: State, action: int, viewer: int | None) -> str:
        """One log line for ``action`` (state before it), as ``viewer`` may see it."""
        return self.presentation.describe_action(state, action, viewer)

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        """What ``action`` changed, one line each."""
        return self.presentation.describe_change(before, action, after, viewer)

    # ----- advice: odds, dangers, refusals, explanations
    def odds(self, state: State, action: int) -> str | None:
        """The odds of a move with dice (a coup, a space race attempt) and what else it
        changes (the presentation's ``move_odds``); None without."""
        return self.presentation.move_odds(state, action)

    def danger(self, state: State, action: int, seat: int) -> str | None:
        """Why a move loses the game, or None: the presentation's ``move_danger`` (a loss the
        game can foresee further, such as a card one would be left holding), else a look-ahead
        through dice and forced moves (``cli.lookahead.losing_chance``)."""
        said = self.presentation.move_danger(state, action)
        if said:
            return said
        try:
            p, how = losing_chance(state, action, seat, self.result)
        except Exception:  # a move the engine cannot play says so when it is chosen
            return None
        how = how.rstrip(".")
        if p >= 1.0 - 1e-9:
            return f"loses the game at once ({how})"
        if p > 0.0:
            return f"loses the game at once {_CHANCE_WORDS} {p:.0%} ({how})"
        return None

    def default_choice(self, state: State) -> tuple[int, str] | None:
        """The move Enter plays at the last step of a compound move (the presentation's
        ``default_choice``: the action and why it is the default, e.g. "all of them"), or None
        where the game names none or names a move that is not legal here."""
        found = self.presentation.default_choice(state)
        if found is None:
            return None
        action, why = found
        return (action, why) if action in state.legal_actions() else None

    def refusal(self, state: State, text: str) -> str | None:
        """Why a typed move is not legal here, citing the rule (the presentation's
        ``why_illegal``); None when the game cannot say."""
        return self.presentation.why_illegal(state, text) or None

    def explain(self, before: State, after: State, seat: int) -> str:
        """One line on what a move (and the own moves after it) gains, from the evaluator's
        terms (the presentation's ``explain``; generic: the change of the evaluation)."""
        return self.presentation.explain(before, after, seat)

    def turn_number(self, state: State) -> int | None:
        """The game's turn, for summaries; None when the game has no turns to speak of."""
        return self.presentation.turn_number(state)

    def score_text(self, state: State) -> str:
        """The score in the game's words (generic: each seat's ``scores()``)."""
        return self.presentation.score_text(state)

    # ----- details and the end
    def moves_help(self) -> str:
        """How to type a move in this game, with examples (the presentation's ``moves_help``)."""
        return self.presentation.moves_help.rstrip("\n")

    def legend(self) -> str:
        """Every abbreviation on this game's screens, explained (the presentation's ``legend``)."""
        return self.presentation.legend.rstrip("\n")

    @property
    def redraw_after_own_move(self) -> bool:
        """Whether the board is drawn again after the player's own move (otherwise only after
        the others' moves)."""
        return self.presentation.redraw_after_own_move

    @property
    def show_topics(self) -> str:
        """What ``show`` accepts."""
        return self.presentation.show_topics

    def show(self, state: State, viewer: int | None, what: str) -> RenderableType:
        """Details on request; raises ``ValueError`` naming what is accepted."""
        return _renderable(self.presentation.show(state, viewer, what))

    def result(self, state: State) -> str:
        """How the game ended."""
        return self.presentation.result(state)


@dataclass
class ChoiceList:
    """The numbered choices of one decision.

    Attributes:
        actions: Action of each number, ``actions[n - 1]`` for number ``n``.
        lines: The display lines (group titles and numbered items).
    """

    actions: list[int]
    lines: list[Text]

    def pages(self, size: int = PAGE_LINES) -> list[list[Text]]:
        """The lines cut into pages."""
        if not self.lines:
            return [[]]
        return [self.lines[i : i + size] for i in range(0, len(self.lines), size)]


PACK_INDENT = "    "
"""What a titled group's packed line of choices starts with."""
PACK_GAP = "   "
"""What stands between two choices on a packed line."""


def layout_choices(groups: Groups, width: int = WIDTH) -> ChoiceList:
    """Number the grouped choices in display order and lay them out within ``width``.

    A group with a title gets a title line and its items packed on indented lines
    (``  1 event   2 influence``); untitled items get one line each.

    Args:
        groups: ``[(title or None, [(action, label), ...]), ...]``.
        width: Columns available.

    Returns:
        The numbering and the lines.
    """
    actions: list[int] = []
    lines: list[Text] = []
    for title, items in groups:
        if title is None:
            for action, label in items:
                actions.append(action)
                lines.append(Text(f"  {len(actions):>3}  {label}"))
            continue
        lines.append(Text(title, style="bold"))
        cur = Text(PACK_INDENT)
        for action, label in items:
            actions.append(action)
            cell = f"{len(actions)} {label}"
            if len(cur.plain) > len(PACK_INDENT) and len(cur.plain) + len(PACK_GAP) + len(cell) > width:
                lines.append(cur)
                cur = Text(PACK_INDENT)
            if len(cur.plain) > len(PACK_INDENT):
                cur.append(PACK_GAP)
            cur.append(str(len(actions)), style="bold")
            cur.append(f" {label}")
        if len(cur.plain) > len(PACK_INDENT):
            lines.append(cur)
    return ChoiceList(actions, lines)


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
