"""Position analysis: every root move ranked, with confidence, and its principal variation.

``analyse(state, seat, budget, bot_spec)`` builds a searching bot from the registry and asks it
for an :class:`Analysis`. The result is plain data (``to_dict()`` is JSON-able) for the CLI's
``hint`` command, logs and tests.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from realpolitik.ai.ismcts import SearchResult
from realpolitik.engine.core.api import State

__all__ = ["Z95", "Analysis", "MoveStat", "analyse", "confidence_interval", "from_search", "from_values"]

Z95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""


def confidence_interval(visits: int, total: float, sumsq: float) -> tuple[float, float]:
    """95% normal-approximation interval of a mean return, clipped to [0, 1].

    Uses the sample variance (``n - 1`` denominator); with fewer than two samples the
    interval is the whole range.

    Args:
        visits: Number of samples.
        total: Their sum.
        sumsq: The sum of their squares.

    Returns:
        ``(low, high)``.
    """
    if visits < 2:
        return 0.0, 1.0
    mean = total / visits
    var = max(0.0, (sumsq - visits * mean * mean) / (visits - 1))
    half = Z95 * math.sqrt(var / visits)
    return max(0.0, mean - half), min(1.0, mean + half)


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

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return asdict(self)


def seat_context(state: State, seat: int) -> tuple[str, str, bool]:
    """``(game name, seat name, two_seat)`` of a position, for building analyses.

    Args:
        state: The position.
        seat: The analysed seat.

    Returns:
        The game's name, the seat's name, and whether the game has exactly two seats.
    """
    spec = state.game().spec
    players = state.num_players()
    names = spec.seats_for(players)
    name = names[seat] if 0 <= seat < len(names) else str(seat)
    return spec.name, name, players == 2


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
        low, high = confidence_interval(st.visits, st.total, st.sumsq)
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


def analyse(state: State, seat: int, budget: int | float | None = None, bot_spec: str = "ismcts") -> Analysis:
    """Analyse a position for ``seat`` (who must be to move).

    Args:
        state: The position (not modified).
        seat: The seat to advise.
        budget: An int is an iteration budget (for expectimax: the depth); a float is a time
            budget in seconds (mcts/ismcts only); None keeps the spec's own budget.
        bot_spec: A searching bot's spec string (``ismcts``, ``mcts:c=1``, ``expectimax``).

    Returns:
        The analysis.

    Raises:
        ValueError: for a bot that does not search, or a bad spec or budget.
    """
    from realpolitik.ai.bots import make_bot, with_budget  # ai.bots imports this module

    bot = make_bot(with_budget(bot_spec, budget))
    analyse_fn = getattr(bot, "analyse", None)
    if analyse_fn is None:
        raise ValueError(f"bot '{bot.spec}' does not search; analyse needs one of: mcts, ismcts, expectimax")
    result: Analysis = analyse_fn(state, seat)
    return result
