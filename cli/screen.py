"""Per-game rendering with a generic fallback, and the numbered, grouped, paged choice list.

A game offers its presentation (``HasPresentation.presentation()``, usually its ``render``
module) defining any of ``board``, ``status``, ``question``, ``choices``, ``describe_action``,
``describe_change``, ``show``, ``result``, ``SHOW_TOPICS``, ``HELP`` (how to type a move,
with examples), ``LEGEND`` (every abbreviation on screen, explained),
``REDRAW_AFTER_OWN_MOVE`` (draw the board after the player's own moves too), and the advice hooks
``round_key``, ``move_odds``, ``move_danger``, ``why_illegal``, ``explain``, ``turn_number``
and ``score_text`` (each documented on its :class:`Renderer` method) (see
``engine/twilight/render.py`` for their meaning). In place of ``board(state, viewer)`` a module may define
``render(state, viewer, width=80, color=True) -> str`` returning text with ANSI colours; the
colours become rich styles, so ``--no-color`` still removes them. Functions may return rich
renderables or plain strings. :class:`Renderer` uses the game's function where there is one
and a generic one built on ``observation()`` and ``action_to_string()`` otherwise, so every
game in ``available_games()`` can be played, hinted and replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text

from realpolitik.cli.lookahead import losing_chance
from realpolitik.engine.core.api import CHANCE, TERMINAL, Game, HasPresentation, State, seat_label

__all__ = ["PAGE_LINES", "ChoiceList", "Renderer", "layout_choices", "match_words", "seat_name"]

GENERIC_MOVES_HELP = (
    "Moves: type a choice number, or the move in words (a unique part is enough, as long as\n"
    "  it is a whole word or the start of one)."
)
"""The move help of a game whose presentation has no ``HELP``."""

PAGE_LINES = 22
"""Choice lines shown at once; the rest come with ``more``."""

WIDTH = 78
"""Usable columns for wrapped lines (80-column terminals)."""

Groups = list[tuple[str | None, list[tuple[int, str]]]]

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


def seat_name(state: State, seat: int) -> str:
    """The name of ``seat`` (``CHANCE``/``TERMINAL`` get words too), with the name it was
    dealt at setup where the game deals one (``Player 3 (Capitalism)``)."""
    if seat == CHANCE:
        return "chance"
    if seat == TERMINAL:
        return "nobody"
    return seat_label(state, seat)


def _renderable(obj: Any) -> RenderableType:
    """A game's output as something rich prints: strings (ANSI colours allowed) become Text."""
    if isinstance(obj, str):
        return Text.from_ansi(obj)
    return obj


def _render_module(game: Game) -> Any:
    return game.presentation() if isinstance(game, HasPresentation) else None


STEP_SEPARATORS = (";", ",")


def split_steps(text: str) -> list[str]:
    """A typed line holding several steps of one compound move, in order (``from Border, to
    Bassora, 5 troops``): split at ``;`` or ``,`` (no move text holds either). One step when
    there is no separator."""
    for sep in STEP_SEPARATORS[1:]:
        text = text.replace(sep, STEP_SEPARATORS[0])
    return [part.strip() for part in text.split(STEP_SEPARATORS[0]) if part.strip()]


class Renderer:
    """The game's render functions, each falling back to a generic one."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.module = _render_module(game)

    def _fn(self, name: str) -> Callable[..., Any] | None:
        fn = getattr(self.module, name, None) if self.module is not None else None
        return fn if callable(fn) else None

    # ----- the screen
    def board(self, state: State, viewer: int | None) -> RenderableType:
        """The whole position as ``viewer`` sees it (None: everything)."""
        fn = self._fn("board")
        if fn is not None:
            return _renderable(fn(state, viewer))
        fn = self._fn("render")
        if fn is not None:
            return _renderable(fn(state, viewer, width=WIDTH + 2, color=True))
        obs = state.observation(viewer if viewer is not None else max(0, state.current_player()))
        lines = [Text(f"{state.game().spec.title}", style="bold")]
        for key, val in obs.items():
            text = json.dumps(val, separators=(",", ":")) if not isinstance(val, str) else val
            line = f"  {key}: {text}"
            lines.append(Text(line if len(line) <= WIDTH else line[: WIDTH - 3] + "..."))
        return Group(*lines)

    def round_key(self, state: State) -> object | None:
        """Which round of the game ``state`` is in (any comparable value), from the
        presentation's ``round_key``: line mode draws the board once per round. None when the
        game names no rounds."""
        fn = self._fn("round_key")
        return fn(state) if fn is not None else None

    def status(self, state: State, viewer: int | None) -> RenderableType:
        """One line of the position, shown at every prompt."""
        fn = self._fn("status")
        if fn is not None:
            return _renderable(fn(state, viewer))
        scores = ", ".join(f"{seat_name(state, i)} {s:g}" for i, s in enumerate(state.scores()))
        return Text(f"{len(state.history)} actions played | scores: {scores}")

    def question(self, state: State) -> str:
        """What the player to move is asked."""
        fn = self._fn("question")
        if fn is not None:
            return str(fn(state))
        return f"{seat_name(state, state.current_player())} to move"

    def choices(self, state: State, actions: list[int]) -> Groups:
        """The legal actions grouped for the numbered list."""
        fn = self._fn("choices")
        if fn is not None:
            return list(fn(state, actions))
        return [(None, [(a, state.action_to_string(a)) for a in actions])]

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
        fn = self._fn("describe_action")
        if fn is not None:
            return str(fn(state, action, viewer))
        who = seat_name(state, state.current_player())
        return f"{who}: {state.action_to_string(action)}"

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        """What ``action`` changed, one line each."""
        fn = self._fn("describe_change")
        if fn is not None:
            return list(fn(before, action, after, viewer))
        out = []
        if before.scores() != after.scores():
            out.append("scores: " + ", ".join(f"{s:g}" for s in after.scores()))
        if after.is_terminal() and not before.is_terminal():
            out.append(f"GAME OVER: {self.result(after)}")
        return out

    # ----- advice: odds, dangers, refusals, explanations
    def odds(self, state: State, action: int) -> str | None:
        """The odds of a move with dice (a coup, a space race attempt) and what else it
        changes, from the presentation's ``move_odds(state, action)``; None without."""
        fn = self._fn("move_odds")
        return fn(state, action) if fn is not None else None

    def danger(self, state: State, action: int, seat: int) -> str | None:
        """Why a move loses the game, or None: the presentation's ``move_danger(state,
        action)`` (a loss the game can foresee further, such as a card one would be left
        holding), else a look-ahead through dice and forced moves
        (``cli.lookahead.losing_chance``)."""
        fn = self._fn("move_danger")
        if fn is not None:
            said = fn(state, action)
            if said:
                return str(said)
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
        ``default_choice(state)``: the action and why it is the default, e.g. "all of them"),
        or None where the game names none."""
        fn = self._fn("default_choice")
        if fn is None:
            return None
        found = fn(state)
        if found is None:
            return None
        action, why = found
        return (int(action), str(why)) if int(action) in state.legal_actions() else None

    def refusal(self, state: State, text: str) -> str | None:
        """Why a typed move is not legal here, citing the rule (the presentation's
        ``why_illegal(state, text)``); None when the game cannot say."""
        fn = self._fn("why_illegal")
        if fn is None:
            return None
        said = fn(state, text)
        return str(said) if said else None

    def explain(self, before: State, after: State, seat: int) -> str:
        """One line on what a move (and the own moves after it) gains, from the evaluator's
        terms (the presentation's ``explain(before, after, seat)``), else the change of the
        evaluation itself."""
        fn = self._fn("explain")
        if fn is not None:
            return str(fn(before, after, seat))
        v0, v1 = before.evaluate(seat), after.evaluate(seat)
        return f"the evaluation for {seat_name(before, seat)} goes {v0:.2f} -> {v1:.2f}"

    def turn_number(self, state: State) -> int | None:
        """The game's turn (the presentation's ``turn_number``), for summaries; None when the
        game has no turns to speak of."""
        fn = self._fn("turn_number")
        return int(fn(state)) if fn is not None else None

    def score_text(self, state: State) -> str:
        """The score in the game's words (the presentation's ``score_text``), else each seat's
        ``scores()``."""
        fn = self._fn("score_text")
        if fn is not None:
            return str(fn(state))
        return ", ".join(f"{seat_name(state, i)} {v:g}" for i, v in enumerate(state.scores()))

    # ----- details and the end
    def moves_help(self) -> str:
        """How to type a move in this game, with examples (the presentation's ``HELP``)."""
        text = getattr(self.module, "HELP", None) if self.module is not None else None
        return str(text).rstrip("\n") if text else GENERIC_MOVES_HELP

    def legend(self) -> str:
        """Every abbreviation on this game's screens, explained (the presentation's ``LEGEND``)."""
        text = getattr(self.module, "LEGEND", None) if self.module is not None else None
        return str(text).rstrip("\n") if text else ""

    @property
    def redraw_after_own_move(self) -> bool:
        """Whether the board is drawn again after the player's own move (the presentation's
        ``REDRAW_AFTER_OWN_MOVE``; otherwise only after the others' moves)."""
        return (
            bool(getattr(self.module, "REDRAW_AFTER_OWN_MOVE", False)) if self.module is not None else False
        )

    @property
    def show_topics(self) -> str:
        """What ``show`` accepts."""
        topics = getattr(self.module, "SHOW_TOPICS", None) if self.module is not None else None
        return str(topics) if topics else "a key of the observation"

    def show(self, state: State, viewer: int | None, what: str) -> RenderableType:
        """Details on request; raises ``ValueError`` naming what is accepted."""
        fn = self._fn("show")
        if fn is not None:
            return _renderable(fn(state, viewer, what))
        obs = state.observation(viewer if viewer is not None else max(0, state.current_player()))
        key = what.strip()
        if key not in obs:
            raise ValueError(f"nothing called '{key}' to show; try: {', '.join(obs)}")
        return Text(f"{key}: {json.dumps(obs[key], indent=1)}")

    def result(self, state: State) -> str:
        """How the game ended."""
        fn = self._fn("result")
        if fn is not None:
            return str(fn(state))
        if not state.is_terminal():
            return "the game is not over"
        rets = state.returns()
        best = max(rets)
        winners = [seat_name(state, i) for i, r in enumerate(rets) if r == best]
        if len(winners) == len(rets):
            return "a draw"
        return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}"


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
        cur = Text("    ")
        for action, label in items:
            actions.append(action)
            cell = f"{len(actions)} {label}"
            if len(cur.plain) > 4 and len(cur.plain) + 3 + len(cell) > width:
                lines.append(cur)
                cur = Text("    ")
            if len(cur.plain) > 4:
                cur.append("   ")
            cur.append(str(len(actions)), style="bold")
            cur.append(f" {label}")
        if len(cur.plain) > 4:
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
