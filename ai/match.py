"""Play one game to the end: any game, any bots in any seats, one loop.

Chance nodes are sampled from ``chance_outcomes()`` with the injected RNG; each seat's bot is
asked for its move and the move is checked against ``legal_actions()`` before it is applied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from realpolitik.ai.bots import Bot
from realpolitik.ai.evaluators import sample_chance
from realpolitik.engine.core.api import CHANCE, TERMINAL, IllegalAction, State

__all__ = ["MatchResult", "StepCallback", "play_match"]

StepCallback = Callable[[State, int, int], None]
"""``on_step(state, player, action)``: called before each action is applied, with the state it
was chosen in (so ``state.action_to_string(action)`` works); ``player`` is ``CHANCE`` for dice."""


@dataclass
class MatchResult:
    """The outcome of one match.

    Attributes:
        record: ``state.to_json()`` of the final state (replays to it).
        returns: ``returns()`` per seat.
        scores: ``scores()`` per seat.
        length: Actions applied during the match, chance outcomes included.
        decisions: Actions chosen by bots.
        bots: Spec string of each seat's bot.
        state: The final state (not part of ``to_dict()``).
    """

    record: dict[str, Any]
    returns: list[float]
    scores: list[float]
    length: int
    decisions: int
    bots: list[str]
    state: State

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (everything but the state)."""
        return {
            "record": self.record,
            "returns": self.returns,
            "scores": self.scores,
            "length": self.length,
            "decisions": self.decisions,
            "bots": self.bots,
        }


def play_match(
    state: State,
    bots: Sequence[Bot],
    rng: random.Random,
    on_step: StepCallback | None = None,
) -> MatchResult:
    """Play from ``state`` to the end.

    Args:
        state: The starting position (not modified; the match is played on a clone).
        bots: One bot per seat, indexed by seat.
        rng: Samples chance outcomes.
        on_step: Optional callback, see :data:`StepCallback`.

    Returns:
        The match result.

    Raises:
        ValueError: when the number of bots is not the number of seats, or the game runs
            past its spec's ``max_game_length``.
        IllegalAction: when a bot returns an illegal action (naming the bot).
    """
    players = state.num_players()
    if len(bots) != players:
        raise ValueError(f"this game has {players} seats but {len(bots)} bots were given")
    s = state.clone()
    limit = state.game().spec.max_game_length
    length = decisions = 0
    while True:
        p = s.current_player()
        if p == TERMINAL:
            break
        if length >= limit:
            raise ValueError(f"the game did not end within max_game_length={limit} actions")
        if p == CHANCE:
            action = sample_chance(s.chance_outcomes(), rng)
        else:
            bot = bots[p]
            action = bot.step(s, p)
            if action not in s.legal_actions():
                raise IllegalAction(f"bot '{bot.spec}' in seat {p} chose illegal action {action}")
            decisions += 1
        if on_step is not None:
            on_step(s, p, action)
        s.apply_action(action)
        length += 1
    return MatchResult(
        record=s.to_json(),
        returns=[float(r) for r in s.returns()],
        scores=[float(x) for x in s.scores()],
        length=length,
        decisions=decisions,
        bots=[b.spec for b in bots],
        state=s,
    )
