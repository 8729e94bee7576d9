"""Position analysis: every root move ranked, with confidence, and its principal variation.

A searching bot's ``analyse`` (``ai.bots.analyse(state, seat, budget, bot_spec)`` builds one
from the registry) returns an :class:`Analysis`. The result is plain data (``to_dict()`` is JSON-able) for the CLI's
``hint`` command, logs and tests.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from realpolitik.ai.ismcts import SearchResult
from realpolitik.ai.stats import mean_interval
from realpolitik.engine.core.api import State, seat_label

TOP_TWO = 2  # the moves within_noise compares
TWO_PLAYERS = 2

__all__ = ["Analysis", "MoveStat", "from_search", "from_values"]


@dataclass
class MoveStat:
    """One root move in an analysis.

    Attributes:
        action: The action id.
        text: ``action_to_string`` of the move.
        visits: Search iterations that started with the move (expectimax: leaves evaluated).
        mean: Mean return for the seat (expectimax: the exact depth-limited value); None
            when the move was never tried.
        win_prob: In two-seat games the estimated probability of winning (= ``mean``);
            None otherwise.
        ci_low: Lower end of the 95% confidence interval of ``mean``.
        ci_high: Upper end of that interval.
        pv: Principal variation starting with this move, as action texts (chance outcomes
            in brackets).
    """

    action: int
    text: str
    visits: int
    mean: float | None
    win_prob: float | None
    ci_low: float
    ci_high: float
    pv: list[str] = field(default_factory=list)


@dataclass
class Analysis:
    """The ranked moves of one position for one seat.

    Attributes:
        game: Game name.
        seat: The analysed seat.
        seat_name: Its name in the game's spec.
        bot: Spec string of the bot that produced the analysis.
        iterations: Search iterations (expectimax: leaves evaluated).
        elapsed: Seconds spent.
        moves: Every legal move, best first.
    """

    game: str
    seat: int
    seat_name: str
    bot: str
    iterations: int
    elapsed: float
    moves: list[MoveStat]

    @property
    def best(self) -> MoveStat:
        """The recommended move."""
        return self.moves[0]

    @property
    def pv(self) -> list[str]:
        """The principal variation of the recommended move."""
        return self.moves[0].pv

    @property
    def within_noise(self) -> bool:
        """Whether the search cannot tell its top two moves apart: each one's mean lies inside
        the other's 95% confidence interval (never for an exact value, as expectimax's)."""
        if len(self.moves) < TOP_TWO:
            return False
        a, b = self.moves[0], self.moves[1]
        if a.mean is None or b.mean is None:
            return False
        return a.ci_low <= b.mean <= a.ci_high and b.ci_low <= a.mean <= b.ci_high and a.ci_low < a.ci_high

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (with ``within_noise``)."""
        return {**asdict(self), "within_noise": self.within_noise}


def seat_context(state: State, seat: int) -> tuple[str, str, bool]:
    """``(game name, seat name, two_seat)`` of a position, for building analyses.

    Args:
        state: The position.
        seat: The analysed seat.

    Returns:
        The game's name, the seat's name, and whether the game has exactly two seats.
    """
    return state.game().spec.name, seat_label(state, seat), state.num_players() == TWO_PLAYERS


def from_search(state: State, seat: int, bot: str, result: SearchResult) -> Analysis:
    """Build an analysis from an ``ai.ismcts.SearchResult``.

    Args:
        state: The analysed position (for move texts).
        seat: The analysed seat.
        bot: Bot spec string.
        result: The search result.

    Returns:
        Moves ranked by visits, then mean, then action id.
    """
    game, seat_name, two_seat = seat_context(state, seat)
    moves = []
    for st in result.stats:
        mean = st.total / st.visits if st.visits else None
        low, high = mean_interval(st.visits, st.total, st.sumsq)
        text = state.action_to_string(st.action)
        moves.append(
            MoveStat(
                st.action, text, st.visits, mean, mean if two_seat else None, low, high, list(st.pv) or [text]
            )
        )
    moves.sort(key=lambda m: (-m.visits, -(m.mean if m.mean is not None else -1.0), m.action))
    return Analysis(game, seat, seat_name, bot, result.iterations, result.elapsed, moves)


def from_values(
    state: State,
    seat: int,
    bot: str,
    values: dict[int, float],
    leaves: dict[int, int],
    pvs: dict[int, list[str]],
    elapsed: float,
) -> Analysis:
    """Build an analysis from exact move values (expectimax).

    Args:
        state: The analysed position.
        seat: The analysed seat.
        bot: Bot spec string.
        values: Value of each move.
        leaves: Leaves evaluated under each move.
        pvs: Principal variation of each move.
        elapsed: Seconds spent.

    Returns:
        Moves ranked by value, then action id; the interval of an exact value is the value.
    """
    game, seat_name, two_seat = seat_context(state, seat)
    moves = [
        MoveStat(
            a, state.action_to_string(a), leaves.get(a, 0), v, v if two_seat else None, v, v, pvs.get(a, [])
        )
        for a, v in values.items()
    ]
    moves.sort(key=lambda m: (-(m.mean or 0.0), m.action))
    return Analysis(game, seat, seat_name, bot, sum(leaves.values()), elapsed, moves)
