"""Small self-contained games implementing the full ``State`` protocol, for the AI tests.

- :class:`RaceGame` — a dice race for 2 or 3 seats with hidden hands, a hidden deck and
  explicit chance nodes. On your turn play a card from your hidden hand either to *advance*
  (card value + a die of 0/1/2 with probabilities 1/2, 1/4, 1/4) or to *block* (push the next
  seat back by the card value), then draw. First to ``goal`` wins; after ``max_turns`` turns the
  leaders share the win.
- :class:`NimGame` — take 1–3 from a pile, taking the last wins (deterministic, perfect
  information, an uninformative heuristic: search must find the wins).
- :class:`TreeGame` — an explicit game tree (decision, chance and leaf nodes with given
  heuristic values) for closed-form tests.

They import ``engine.core`` only, like a real game does, and take the option check, the search
defaults and the generic presentation from its ``GameBase``. What their states have in common
is :class:`ToyStateBase`, which the CLI's and the tournament's toy games share too
(``tests/cli/toygame.py``, ``tests/tournament/minigame.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from realpolitik.bench.common import positions
from realpolitik.engine.core.api import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    GameSpec,
    IllegalAction,
    Information,
    check_players,
    parse_action_text,
)
from realpolitik.engine.core.base import GameBase


class ToyGameBase(GameBase):
    """What the AI tests' toy games add to ``GameBase``: a record (their states' plain
    ``to_json``: players, seed, options, actions) is replayed as it stands."""

    def state_from_json(self, obj: Mapping[str, Any]) -> Any:
        state = self.new_initial_state(obj["players"], obj["seed"], **obj["options"])
        for a in obj["actions"]:
            state.apply_action(a)
        return state


class ToyStateBase:
    """What every toy game's state writes alike: ``game()`` and ``num_players()`` from its
    ``_game`` and ``players``, chance and the end read off ``current_player()``, moves parsed
    from their texts, scores that are the returns, the copy a game of perfect information shows
    every seat, and no position facts beyond the record's action count. A toy writes its own
    where it differs."""

    __slots__ = ()
    _game: Any
    players: int

    if TYPE_CHECKING:  # what each toy writes itself

        def current_player(self) -> int: ...

        def returns(self) -> list[float]: ...

        def clone(self) -> Any: ...

    def game(self) -> Any:
        return self._game

    def num_players(self) -> int:
        return self.players

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def scores(self) -> list[float]:
        return self.returns()

    def string_from_action(self, text: str) -> int:
        return parse_action_text(self, text)

    def resample_hidden(self, seat: int, rng: Any) -> Any:
        return self.clone()

    def position_summary(self) -> dict[str, Any]:
        return {}


# --------------------------------------------------------------------------- dice race

CARD_VALUES = (1, 2, 3, 4)
ALL_CARDS = tuple(sorted(v for v in CARD_VALUES for _ in range(4)))
HAND_SIZE = 2
ADVANCE = 0  # ADVANCE + value - 1
BLOCK = 4  # BLOCK + value - 1
PASS = 8
DIE = ((0, 0.5), (1, 0.25), (2, 0.25))


def advance(value: int) -> int:
    """Action id of advancing with a card."""
    return ADVANCE + value - 1


def block(value: int) -> int:
    """Action id of blocking with a card."""
    return BLOCK + value - 1


class RaceGame(ToyGameBase):
    """The dice race."""

    spec = GameSpec(
        name="toyrace",
        title="Toy dice race",
        seats=("red", "blue", "green"),
        min_players=2,
        max_players=3,
        chance=ChanceMode.EXPLICIT_STOCHASTIC,
        information=Information.IMPERFECT,
        num_distinct_actions=9,
        max_game_length=40,
        version="1",
        options={"goal": 15, "max_turns": 20},
    )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> RaceState:
        players = check_players(self.spec, players)
        opts = self.check_options(options, players)
        deck = list(ALL_CARDS)
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(players)]
        return RaceState(self, players, opts["goal"], opts["max_turns"], seed, [0] * players, hands, deck)


class RaceState(ToyStateBase):
    """A dice-race position."""

    __slots__ = (
        "_game",
        "players",
        "goal",
        "max_turns",
        "seed",
        "pos",
        "hands",
        "deck",
        "discard",
        "turn",
        "to_move",
        "mover",
        "pending",
        "result",
        "history",
    )

    def __init__(
        self,
        game: RaceGame,
        players: int,
        goal: int,
        max_turns: int,
        seed: int,
        pos: list[int],
        hands: list[list[int]],
        deck: list[int],
        discard: list[int] | None = None,
        turn: int = 0,
        to_move: int = 0,
    ) -> None:
        self._game = game
        self.players = players
        self.goal = goal
        self.max_turns = max_turns
        self.seed = seed
        self.pos = pos
        self.hands = hands
        self.deck = deck
        self.discard = discard or []
        self.turn = turn
        self.to_move = to_move
        self.mover = -1
        self.pending = 0
        self.result: list[float] | None = None
        self.history: list[int] = []

    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self.to_move == TERMINAL:
            return []
        if self.to_move == CHANCE:
            return [a for a, _ in DIE]
        hand = self.hands[self.to_move]
        if not hand:
            return [PASS]
        return sorted({advance(v) for v in hand} | {block(v) for v in hand})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(DIE) if self.to_move == CHANCE else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action} is not legal here")
        self.history.append(action)
        p = self.to_move
        if p == CHANCE:
            self.pos[self.mover] += self.pending + action
            self.pending = 0
            self._end_turn(self.mover)
        elif action == PASS:
            self._end_turn(p)
        elif action < BLOCK:
            value = action - ADVANCE + 1
            self.hands[p].remove(value)
            self.discard.append(value)
            self.pending, self.mover, self.to_move = value, p, CHANCE
        else:
            value = action - BLOCK + 1
            self.hands[p].remove(value)
            self.discard.append(value)
            target = (p + 1) % self.players
            self.pos[target] = max(0, self.pos[target] - value)
            self._end_turn(p)

    def _end_turn(self, m: int) -> None:
        if self.pos[m] >= self.goal:
            self.result = [1.0 if q == m else 0.0 for q in range(self.players)]
            self.to_move = TERMINAL
            return
        if self.deck:
            self.hands[m].append(self.deck.pop())
            self.hands[m].sort()
        self.turn += 1
        if self.turn >= self.max_turns:
            top = max(self.pos)
            leaders = [q for q in range(self.players) if self.pos[q] == top]
            self.result = [1.0 / len(leaders) if q in leaders else 0.0 for q in range(self.players)]
            self.to_move = TERMINAL
        else:
            self.to_move = (m + 1) % self.players

    def clone(self) -> RaceState:
        c = RaceState.__new__(RaceState)
        c._game = self._game
        c.players, c.goal, c.max_turns, c.seed = self.players, self.goal, self.max_turns, self.seed
        c.pos = self.pos[:]
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.turn, c.to_move, c.mover, c.pending = self.turn, self.to_move, self.mover, self.pending
        c.result = None if self.result is None else self.result[:]
        c.history = self.history[:]
        return c

    def returns(self) -> list[float]:
        return self.result[:] if self.result is not None else [0.0] * self.players

    def scores(self) -> list[float]:
        return [float(x) for x in self.pos]

    def action_to_string(self, action: int) -> str:
        if self.to_move == CHANCE:
            return f"roll +{action}"
        if action == PASS:
            return "pass"
        if action < BLOCK:
            return f"advance {action - ADVANCE + 1}"
        return f"block {action - BLOCK + 1}"

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "pos": self.pos[:],
            "hand": self.hands[seat][:],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": self.discard[:],
            "turn": self.turn,
            "to_move": self.to_move,
            "pending": self.pending,
        }

    def unseen(self, seat: int) -> list[int]:
        """Cards ``seat`` cannot see (others' hands and the deck), sorted."""
        pool = list(ALL_CARDS)
        for card in self.hands[seat] + self.discard:
            pool.remove(card)
        return pool

    def resample_hidden(self, seat: int, rng: Any) -> RaceState:
        pool = self.unseen(seat)
        rng.shuffle(pool)
        s = self.clone()
        for q in range(self.players):
            if q != seat:
                k = len(self.hands[q])
                s.hands[q] = sorted(pool[:k])
                del pool[:k]
        s.deck = pool
        return s

    def evaluate(self, seat: int) -> float:
        if self.result is not None:
            return self.result[seat]
        eff = [float(x) for x in self.pos]
        if self.to_move == CHANCE:
            eff[self.mover] += self.pending + 0.75
        hand = self.hands[seat]
        mine = eff[seat] + ((max(hand) - 2.5) * 0.5 if hand else -1.0)
        other = max(eff[q] for q in range(self.players) if q != seat)
        return 1.0 / (1.0 + math.exp(-(mine - other) / 3.0))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toyrace",
            "players": self.players,
            "seed": self.seed,
            "options": {"goal": self.goal, "max_turns": self.max_turns},
            "actions": self.history[:],
        }

    def position_summary(self) -> dict[str, Any]:
        return {"turn": self.turn, "pos": self.pos[:]}

    def check_invariants(self) -> list[str]:
        return [] if all(0 <= p for p in self.pos) else [f"a negative position: {self.pos}"]

    def fingerprint(self) -> tuple[Any, ...]:
        return (self.pos[:], [h[:] for h in self.hands], self.deck[:], self.discard[:], self.turn,
                self.to_move, self.mover, self.pending, self.result, self.history[:])  # fmt: skip


def race_position(
    pos: list[int],
    hands: list[list[int]],
    deck: list[int],
    *,
    discard: list[int] | None = None,
    turn: int = 0,
    to_move: int = 0,
    goal: int = 15,
    max_turns: int = 20,
) -> RaceState:
    """Build an exact race position (its history is empty, so it has no replayable record)."""
    players = len(pos)
    used = sorted(c for h in hands for c in h) + sorted(deck) + sorted(discard or [])
    assert sorted(used) == sorted(ALL_CARDS), "a position must use every card exactly once"
    return RaceState(
        RaceGame(),
        players,
        goal,
        max_turns,
        0,
        pos[:],
        [sorted(h) for h in hands],
        deck[:],
        list(discard or []),
        turn,
        to_move,
    )


def random_positions(
    game: Any, count: int, seed: int, players: int | None = None, max_walk: int = 200
) -> list[Any]:
    """Decision nodes reached by seeded random play from seeded initial states."""
    return positions(game, count, seed, players, max_walk)


# --------------------------------------------------------------------------- nim


class NimGame(ToyGameBase):
    """Take 1-3 from a pile; whoever takes the last wins."""

    spec = GameSpec(
        name="toynim",
        title="Toy Nim",
        seats=("first", "second"),
        min_players=2,
        max_players=2,
        chance=ChanceMode.DETERMINISTIC,
        information=Information.PERFECT,
        num_distinct_actions=3,
        max_game_length=64,
        version="1",
        options={"pile": 5},
    )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> NimState:
        check_players(self.spec, players)
        return NimState(self, self.check_options(options, 2)["pile"])


class NimState(ToyStateBase):
    """A Nim position; action ``a`` takes ``a + 1``."""

    players = 2

    def __init__(self, game: NimGame, pile: int) -> None:
        self._game = game
        self.start = pile
        self.pile = pile
        self.to_move = 0 if pile > 0 else TERMINAL
        self.winner = -1
        self.history: list[int] = []

    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(min(3, self.pile)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot take {action + 1} from {self.pile}")
        self.history.append(action)
        self.pile -= action + 1
        if self.pile == 0:
            self.winner, self.to_move = self.to_move, TERMINAL
        else:
            self.to_move ^= 1

    def clone(self) -> NimState:
        c = NimState(self._game, self.start)
        c.pile, c.to_move, c.winner, c.history = self.pile, self.to_move, self.winner, self.history[:]
        return c

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if q == self.winner else 0.0 for q in range(2)]

    def action_to_string(self, action: int) -> str:
        return f"take {action + 1}"

    def observation(self, seat: int) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move}

    def evaluate(self, seat: int) -> float:
        return self.returns()[seat] if self.is_terminal() else 0.5

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toynim",
            "players": 2,
            "seed": 0,
            "options": {"pile": self.start},
            "actions": self.history[:],
        }

    def position_summary(self) -> dict[str, Any]:
        return {"pile": self.pile}

    def check_invariants(self) -> list[str]:
        return [] if 0 <= self.pile <= self.start else [f"pile {self.pile} outside 0..{self.start}"]

    def fingerprint(self) -> tuple[Any, ...]:
        return (self.start, self.pile, self.to_move, self.winner, tuple(self.history))


# --------------------------------------------------------------------------- explicit trees


@dataclass
class Leaf:
    """A terminal node with its returns."""

    returns: tuple[float, ...]


@dataclass
class Decision:
    """``player`` chooses among ``children``; ``values`` is the heuristic per seat."""

    player: int
    children: dict[int, TreeNode]
    values: tuple[float, ...]


@dataclass
class Chance:
    """Nature picks ``action`` with probability ``p`` from ``outcomes[action] = (p, child)``."""

    outcomes: dict[int, tuple[float, TreeNode]]
    values: tuple[float, ...]


TreeNode = Leaf | Decision | Chance


@dataclass
class TreeGame(ToyGameBase):
    """A game given as an explicit tree."""

    root: TreeNode
    players: int = 2
    spec: GameSpec = field(init=False)

    def __post_init__(self) -> None:
        self.spec = GameSpec(
            name="toytree",
            title="Toy tree",
            seats=("a", "b", "c", "d")[: self.players],
            min_players=self.players,
            max_players=self.players,
            chance=ChanceMode.EXPLICIT_STOCHASTIC,
            information=Information.PERFECT,
            num_distinct_actions=16,
            max_game_length=32,
            version="1",
        )

    def new_initial_state(self, players: int | None = None, seed: int = 0, **options: Any) -> TreeState:
        return TreeState(self, self.root, [])


class TreeState(ToyStateBase):
    """A node of an explicit tree."""

    def __init__(self, game: TreeGame, node: TreeNode, history: list[int]) -> None:
        self._game = game
        self.node = node
        self.history = history

    def num_players(self) -> int:
        return self._game.players

    def current_player(self) -> int:
        n = self.node
        return n.player if isinstance(n, Decision) else CHANCE if isinstance(n, Chance) else TERMINAL

    def legal_actions(self) -> list[int]:
        n = self.node
        if isinstance(n, Decision):
            return sorted(n.children)
        if isinstance(n, Chance):
            return sorted(n.outcomes)
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.node
        return [(a, p) for a, (p, _) in sorted(n.outcomes.items())] if isinstance(n, Chance) else []

    def apply_action(self, action: int) -> None:
        n = self.node
        if isinstance(n, Decision) and action in n.children:
            self.node = n.children[action]
        elif isinstance(n, Chance) and action in n.outcomes:
            self.node = n.outcomes[action][1]
        else:
            raise IllegalAction(f"action {action} is not legal here")
        self.history.append(action)

    def clone(self) -> TreeState:
        return TreeState(self._game, self.node, self.history[:])

    def returns(self) -> list[float]:
        n = self.node
        return list(n.returns) if isinstance(n, Leaf) else [0.0] * self.num_players()

    def action_to_string(self, action: int) -> str:
        return f"{'outcome' if self.is_chance_node() else 'move'} {action}"

    def observation(self, seat: int) -> dict[str, Any]:
        return {"history": self.history[:]}

    def evaluate(self, seat: int) -> float:
        n = self.node
        return n.returns[seat] if isinstance(n, Leaf) else n.values[seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toytree",
            "players": self.num_players(),
            "seed": 0,
            "options": {},
            "actions": self.history[:],
        }

    def check_invariants(self) -> list[str]:
        return []  # a node of a tree given whole: nothing can drift

    def fingerprint(self) -> tuple[Any, ...]:
        return (id(self.node), tuple(self.history))
