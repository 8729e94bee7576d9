"""A tiny 2–4 player game for tournament tests (any player count the real games lack).

Each seat in turn bids 0–3; then a die (1, 2 or 3, equally likely) sets the target. The bids
closest to the target win, sharing the win on a tie. The ``fail`` option makes every game raise
after the first bid, to test how failing games are reported; ``die`` ends the process there.
What its state shares with the other toy games is ``ToyStateBase``'s.
"""

from __future__ import annotations

import os
from typing import Any

from realpolitik.engine.core.api import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    GameSpec,
    IllegalAction,
    Information,
    check_players,
)
from realpolitik.engine.core.base import GameBase
from realpolitik.engine.core.records import make_record
from tests.ai.toygames import ToyStateBase

BIDS = 4


class MiniGame(GameBase):
    """Closest bid wins; ``GameBase`` checks its options, loads its records and gives it the
    generic presentation."""

    spec = GameSpec(
        name="minibid",
        title="Closest bid",
        seats=("north", "east", "south", "west"),
        min_players=2,
        max_players=4,
        chance=ChanceMode.EXPLICIT_STOCHASTIC,
        information=Information.PERFECT,
        num_distinct_actions=BIDS,
        max_game_length=5,
        version="1",
        options={"fail": False, "die": False},
    )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> MiniState:
        players = check_players(self.spec, players)
        return MiniState(self, players, seed, self.check_options(options, players))


GAME = MiniGame()


class MiniState(ToyStateBase):
    """Bids so far, then the die."""

    def __init__(self, game: MiniGame, players: int, seed: int, options: dict[str, Any]) -> None:
        self._game, self.players, self.seed, self.options = game, players, seed, options
        self.history: list[int] = []

    def current_player(self) -> int:
        n = len(self.history)
        return n if n < self.players else CHANCE if n == self.players else TERMINAL

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        return [] if p == TERMINAL else [1, 2, 3] if p == CHANCE else list(range(BIDS))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / 3) for a in (1, 2, 3)]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal here")
        if self.options["fail"] and self.history:
            raise RuntimeError("this game was asked to fail")
        if self.options["die"] and self.history:
            os._exit(9)  # as if the process were killed
        self.history.append(action)

    def clone(self) -> MiniState:
        twin = MiniState(self._game, self.players, self.seed, self.options)
        twin.history = list(self.history)
        return twin

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        target = self.history[-1]
        return [-float(abs(b - target)) for b in self.history[: self.players]]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        s = self.scores()
        best = [i for i, x in enumerate(s) if x == max(s)]
        return [1 / len(best) if i in best else 0.0 for i in range(self.players)]

    def action_to_string(self, action: int) -> str:
        return f"die {action}" if self.is_chance_node() else f"bid {action}"

    def string_from_action(self, text: str) -> int:
        return int(text.split()[-1])

    def observation(self, seat: int) -> dict[str, Any]:
        return {"history": list(self.history)}

    def evaluate(self, seat: int) -> float:
        return 1 / self.players

    def to_json(self) -> dict[str, Any]:
        return make_record(
            self._game, seed=self.seed, players=self.players, options=self.options, actions=self.history
        )

    def check_invariants(self) -> list[str]:
        return [] if len(self.history) <= self.players + 1 else [f"{len(self.history)} actions"]

    def fingerprint(self) -> tuple[Any, ...]:
        return (self.players, tuple(self.history))
