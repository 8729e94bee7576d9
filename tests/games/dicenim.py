"""Dice Nim, the smallest game on the skeleton (``docs/architecture.md``, "Adding a game"):
a game needs only its facts, its fields and its rules. Three heaps, each filled by a die
roll (chance nodes); then the players take turns removing one to six counters from a heap,
and whoever takes the last counter wins. Action ids: ``0..5`` a die's face, ``6 + heap * 6 +
k`` takes ``k + 1`` from ``heap``. Registered by the tests only (``tests/games``), so
``realpolitik games`` never lists it.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.core.api import TERMINAL, ChanceMode, GameSpec, Information, check_players, check_seed
from realpolitik.engine.core.base import GameBase, RulesState
from realpolitik.engine.core.schema import Kind, SchemaFields, field, state_fields

HEAPS = 3
FACES = 6
TAKE = FACES  # the first action id that takes counters
SEATS = ("First", "Second")


class Rules:
    """The rules: ``RulesState`` asks them for the legal actions, a move and a refusal."""

    @staticmethod
    def generate_legal(s: DiceNimState) -> list[int]:
        if s.result is not None:
            return []
        if len(s.heaps) < HEAPS:
            return list(range(FACES))  # the next heap's die
        return [TAKE + h * FACES + k for h in range(HEAPS) for k in range(min(FACES, s.heaps[h]))]

    @staticmethod
    def play(s: DiceNimState, a: int) -> None:
        if a < TAKE:
            s.heaps.append(a + 1)
            return
        h, k = divmod(a - TAKE, FACES)
        s.heaps[h] -= k + 1
        if not any(s.heaps):  # the last counter taken: its taker wins
            s.result = [1.0 if p == s.to_move else 0.0 for p in range(len(SEATS))]
        else:
            s.to_move ^= 1

    @staticmethod
    def why_illegal(s: DiceNimState, a: int) -> str:
        if s.result is not None:
            return "the game is over"
        if a >= TAKE and len(s.heaps) == HEAPS:
            h, k = divmod(a - TAKE, FACES)
            return f"heap {h + 1} holds {s.heaps[h]}, fewer than {k + 1}"
        return f"action {a} is not legal now"


@state_fields
class DiceNimState(RulesState, SchemaFields):
    """A Dice Nim position speaking the ``State`` protocol: one class, its fields declared."""

    seed: int = field(Kind.VALUE, "seed of the initial state", 0, position=False)
    options: dict[str, Any] = field(Kind.MAPPING, "options (none)", dict, position=False)
    history: list[int] = field(Kind.LIST, "every action applied, die rolls included", list, position=False)
    heaps: list[int] = field(Kind.LIST, "counters per heap (rolled one by one at the start)", list)
    to_move: int = field(Kind.VALUE, "the seat to move once the heaps are rolled", 0)
    result: list[float] | None = field(Kind.MAYBE_LIST, "returns per seat once the game is over")
    _legal: list[int] | None = field(Kind.CACHE, "the legal actions, remembered until the next action")

    rules = Rules()

    def game(self) -> DiceNimGame:
        return GAME

    def num_players(self) -> int:
        return len(SEATS)

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return -1 if self.is_chance_node() else self.to_move

    def is_chance_node(self) -> bool:
        return self.result is None and len(self.heaps) < HEAPS

    def is_terminal(self) -> bool:
        return self.result is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / FACES) for a in range(FACES)] if self.is_chance_node() else []

    def action_to_string(self, action: int) -> str:
        if action < TAKE:
            return f"roll {action + 1}"
        h, k = divmod(action - TAKE, FACES)
        return f"take {k + 1} from heap {h + 1}"

    def observation(self, seat: int) -> dict[str, Any]:
        return {"heaps": self.heaps[:], "to_move": self.current_player(), "result": self.result}

    def evaluate(self, seat: int) -> float:
        """Perfect play's verdict, softened: the mover wins when the heaps' Grundy values
        (a heap modulo 7, where up to six may be taken) do not cancel out."""
        if self.result is not None:
            return self.result[seat]
        nim_sum = 0
        for h in self.heaps:
            nim_sum ^= h % (FACES + 1)  # the heap's Grundy value when up to six may be taken
        if self.is_chance_node():
            return 0.5
        return 0.9 if (nim_sum != 0) == (seat == self.to_move) else 0.1  # the mover wins on a non-zero sum


class DiceNimGame(GameBase):
    """Dice Nim: facts in the spec (the search's settings are ``GameBase``'s defaults)."""

    spec = GameSpec(
        name="dicenim",
        title="Dice Nim",
        seats=SEATS,
        min_players=2,
        max_players=2,
        chance=ChanceMode.EXPLICIT_STOCHASTIC,
        information=Information.PERFECT,
        num_distinct_actions=TAKE + HEAPS * FACES,
        max_game_length=HEAPS + HEAPS * FACES,
        version="dicenim-1",
    )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> DiceNimState:
        check_players(self.spec, players)
        s = DiceNimState()
        s.seed = check_seed(seed)
        s.options = self.check_options(options, len(SEATS))
        return s


GAME = DiceNimGame()
