"""What the command line tells a player beyond the rules, for any game: the line a hint
follows and the game-over summary (a move that loses at once is ``cli.lookahead``'s).

Each works on the ``State`` interface alone; a game's presentation can say more through the
hooks :class:`~realpolitik.cli.screen.Renderer` reaches (``move_danger``, ``move_odds``,
``why_illegal``, ``explain``, ``turn_number``, ``score_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from realpolitik.engine.core.api import CHANCE, Game, State
from realpolitik.engine.core.records import replay

__all__ = ["GameSummary", "own_line", "summarize_game"]


def own_line(state: State, seat: int, pv: list[str]) -> State:
    """The position after a principal line's first moves that are ``seat``'s own (and the dice
    and forced moves between them), up to the first decision of another seat.

    Args:
        state: The position the line starts from (not modified).
        seat: The seat the line is for.
        pv: The line as action texts (dice in brackets).

    Returns:
        A new state.
    """
    s = state.clone()
    for text in pv:
        who = s.current_player()
        if s.is_terminal() or (who != seat and who != CHANCE):
            break
        try:
            a = s.string_from_action(text.strip("[]"))
        except Exception:
            break
        if a not in s.legal_actions():
            break
        s.apply_action(a)
    return s


@dataclass
class GameSummary:
    """How a finished game went.

    Attributes:
        result: The winner and the reason, in words.
        by_turn: ``(turn, score text)`` at the end of each turn.
        moments: ``(action index, turn, text, swing)``: the actions that moved the winner's
            evaluation most, in game order; ``swing`` is the change in its win estimate.
    """

    result: str
    by_turn: list[tuple[int, str]] = field(default_factory=list)
    moments: list[tuple[int, int | None, str, float]] = field(default_factory=list)


def summarize_game(game: Game, final: State, moments: int = 3) -> GameSummary:
    """Replay a finished (or stopped) game to sum it up: the score at the end of each turn and
    the actions that moved the evaluation most for the winner (the first seat on a draw), one
    a turn while the game has turns enough.

    Args:
        game: The game.
        final: The position at the end.
        moments: How many decisive moments to name.

    Returns:
        The summary.
    """
    from realpolitik.cli.screen import Renderer

    r = Renderer(game)
    record = final.to_json()
    rets = final.returns() if final.is_terminal() else [0.0] * final.num_players()
    hero = max(range(len(rets)), key=lambda i: (rets[i], -i))
    s = replay(game, record, upto=0)
    by_turn: list[tuple[int, str]] = []
    swings: list[tuple[float, int, int | None, str]] = []
    value = s.evaluate(hero)
    turn = r.turn_number(s)
    for i, a in enumerate(record["actions"]):
        text = r.describe_action(s, a, None)
        s.apply_action(a)
        new_turn = r.turn_number(s)
        if turn is not None and new_turn != turn:
            by_turn.append((turn, r.score_text(s)))
        new_value = s.evaluate(hero)
        swings.append((new_value - value, i, turn, text))
        value, turn = new_value, new_turn
    if turn is not None and (not by_turn or by_turn[-1][0] != turn):
        by_turn.append((turn, r.score_text(s)))
    ranked = sorted(swings, key=lambda x: (-abs(x[0]), x[1]))  # largest first
    top: list[tuple[float, int, int | None, str]] = []
    turns_named: set[int] = set()
    for swing in ranked:  # one moment a turn: not three influence placements of one setup
        if len(top) < moments and (swing[2] is None or swing[2] not in turns_named):
            top.append(swing)
            if swing[2] is not None:
                turns_named.add(swing[2])
    top += [x for x in ranked if x not in top][: moments - len(top)]  # a game of fewer turns
    picked = sorted(top, key=lambda x: x[1])
    return GameSummary(
        r.result(final),
        by_turn,
        [(i, t, text, sw) for sw, i, t, text in picked],
    )
