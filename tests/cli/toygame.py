"""A tiny game for the game-agnostic CLI tests: a race for 2 or 3 seats with dice.

On your turn *step* (move 1) or *leap* (move 2, then a die adds 0 or 1). The first to reach
``goal`` wins. Its presentation is the core's base ``Presentation``, so the CLI draws it with
the generic versions; what its state shares with the other toy games is ``ToyStateBase``'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from realpolitik.engine.core.api import CHANCE, TERMINAL, IllegalAction, Information, check_players
from realpolitik.engine.core.base import GameBase
from realpolitik.engine.core.records import make_record, position_of
from tests.ai.toygames import RaceGame, ToyStateBase

STEP, LEAP, DIE0, DIE1 = range(4)
NAMES = ("step", "leap", "die 0", "die 1")


class ToyRace(GameBase):
    """The race (registered as ``toyrace`` by the tests); ``GameBase`` checks its options,
    loads its records and gives it the generic presentation."""

    spec = replace(
        RaceGame.spec,  # the AI tests' race under the same name: its seats and player counts
        title="Toy race",
        information=Information.PERFECT,
        num_distinct_actions=4,
        max_game_length=200,
        options={"goal": 8},
    )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> ToyState:
        n = check_players(self.spec, players)
        return ToyState(n, seed, self.check_options(options, n))


GAME = ToyRace()


class ToyState(ToyStateBase):
    """A position of the race."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.pos = [0] * players
        self.turn = 0
        self.rolling = False
        self.history: list[int] = []

    def game(self) -> ToyRace:
        return GAME

    def _winner(self) -> int:
        for i, p in enumerate(self.pos):
            if p >= self.options["goal"]:
                return i
        return -1

    def current_player(self) -> int:
        if self._winner() >= 0:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p == TERMINAL:
            return []
        return [DIE0, DIE1] if p == CHANCE else [STEP, LEAP]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(DIE0, 0.5), (DIE1, 0.5)] if self.is_chance_node() else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action} is not legal now")
        self.history.append(action)
        if action == STEP:
            self.pos[self.turn] += 1
            self._next()
        elif action == LEAP:
            self.pos[self.turn] += 2
            self.rolling = self._winner() < 0
            if not self.rolling:
                self._next()
        else:
            self.pos[self.turn] += action - DIE0
            self.rolling = False
            self._next()

    def _next(self) -> None:
        self.turn = (self.turn + 1) % self.players

    def clone(self) -> ToyState:
        c = ToyState(self.players, self.seed, self.options)
        c.pos = self.pos[:]
        c.turn = self.turn
        c.rolling = self.rolling
        c.history = self.history[:]
        return c

    def returns(self) -> list[float]:
        w = self._winner()
        return [1.0 if i == w else 0.0 for i in range(self.players)] if w >= 0 else [0.0] * self.players

    def scores(self) -> list[float]:
        return [float(p) for p in self.pos]

    def action_to_string(self, action: int) -> str:
        return NAMES[action]

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "positions": list(self.pos),
            "goal": self.options["goal"],
            "to_move": self.current_player(),
        }

    def evaluate(self, seat: int) -> float:
        return min(1.0, self.pos[seat] / self.options["goal"])

    def to_json(self) -> dict[str, Any]:
        rec = make_record(
            GAME, seed=self.seed, players=self.players, options=self.options, actions=self.history
        )
        rec["position"] = position_of(self)  # how many actions: a dropped one is caught
        return rec

    def check_invariants(self) -> list[str]:
        return [] if 0 <= self.turn < self.players else [f"turn {self.turn} is no seat"]

    def fingerprint(self) -> tuple[Any, ...]:
        return (tuple(self.pos), self.turn, self.rolling, tuple(self.history))
