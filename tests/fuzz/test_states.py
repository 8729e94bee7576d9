"""Stateful fuzzing of every game at every player count: random legal and illegal actions,
clone, undo (replay of a shorter record), and JSON round-trips at any point, with the
invariants after every step; and every kind of illegal action in every kind of question."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from realpolitik.cli.screen import Renderer
from realpolitik.engine import load_game
from realpolitik.engine.core.api import (
    CHANCE,
    SEED_MAX,
    TERMINAL,
    HasImplementations,
    IllegalAction,
    State,
)
from realpolitik.engine.core.records import replay
from tests.games import every_game

COUNTS = [
    (name, n)
    for name in every_game()
    for n in range(load_game(name).spec.min_players, load_game(name).spec.max_players + 1)
]


def implementations(name: str) -> tuple[str, ...]:
    game = load_game(name)
    return game.implementations() if isinstance(game, HasImplementations) else ("default",)


IMPLS = [(name, n, impl) for name, n in COUNTS for impl in implementations(name)]
"""Every game and player count in each implementation of its rules (pure and compiled)."""

NOT_ACTIONS = st.one_of(
    st.booleans(), st.none(), st.text(max_size=5), st.floats(), st.just(1.0), st.just("1")
)


def snapshot(s: State) -> tuple[Any, ...]:
    """Everything observable of a position (its record, who moves, the legal actions, fields)."""
    return (
        json.dumps(s.to_json(), sort_keys=True),
        s.current_player(),
        tuple(s.legal_actions()),
        s.fingerprint(),
    )


def bare(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its position summary (to replay a prefix of its actions)."""
    return {k: v for k, v in record.items() if k != "position"}


class GameMachine(RuleBasedStateMachine):
    """One game at one player count; subclasses set ``name`` and ``players``."""

    name = ""
    players = 0

    def __init__(self) -> None:
        super().__init__()
        self.game = load_game(self.name)
        self.state: State = self.game.new_initial_state(players=self.players, seed=0)

    @initialize(seed=st.integers(0, SEED_MAX))
    def start(self, seed: int) -> None:
        self.state = self.game.new_initial_state(players=self.players, seed=seed)

    @rule(pick=st.integers(0, 2**16))
    def play_legal(self, pick: int) -> None:
        if not self.state.is_terminal():
            legal = self.state.legal_actions()
            self.state.apply_action(legal[pick % len(legal)])

    @rule(steps=st.integers(1, 60), seed=st.integers(0, 2**32))
    def play_ahead(self, steps: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_terminal():
                return
            self.state.apply_action(rng.choice(self.state.legal_actions()))

    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        n = self.game.spec.num_distinct_actions
        legal = set(self.state.legal_actions())
        a = data.draw(st.one_of(st.integers(-3, n + 3), st.integers(), NOT_ACTIONS))
        if isinstance(a, int) and not isinstance(a, bool) and a in legal:
            return
        before = snapshot(self.state)
        with pytest.raises(IllegalAction):
            self.state.apply_action(a)
        assert snapshot(self.state) == before

    @rule(pick=st.integers(0, 2**16))
    def clone_is_independent(self, pick: int) -> None:
        before = snapshot(self.state)
        c = self.state.clone()
        assert snapshot(c) == before
        if not c.is_terminal():
            legal = c.legal_actions()
            c.apply_action(legal[pick % len(legal)])
        assert snapshot(self.state) == before

    @rule(back=st.integers(1, 8), keep=st.booleans())
    def undo(self, back: int, keep: bool) -> None:
        record = self.state.to_json()
        n = len(record["actions"])
        earlier = replay(self.game, bare(record), upto=max(0, n - back))
        assert earlier.history == record["actions"][: max(0, n - back)]
        again = earlier.clone()
        for a in record["actions"][len(earlier.history) :]:
            again.apply_action(a)
        assert snapshot(again) == snapshot(self.state)
        if keep:
            self.state = earlier

    @rule()
    def json_round_trip(self) -> None:
        text = json.dumps(self.state.to_json())
        restored = self.game.state_from_json(json.loads(text))
        assert snapshot(restored) == snapshot(self.state)
        self.state = restored

    @invariant()
    def sound(self) -> None:
        s = self.state
        assert not s.check_invariants(), s.check_invariants()
        p = s.current_player()
        legal = s.legal_actions()
        if p == TERMINAL:
            assert legal == [] and len(s.returns()) == self.players
        else:
            assert legal and legal == sorted(set(legal))
            assert all(0 <= a < self.game.spec.num_distinct_actions for a in legal)
            assert p == CHANCE or 0 <= p < self.players


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_random_play_with_illegal_actions_clones_undo_and_round_trips(name: str, players: int) -> None:
    machine = type(f"Machine_{name}_{players}", (GameMachine,), {"name": name, "players": players})
    run_state_machine_as_test(machine)


def question_kind(r: Renderer, s: State) -> str:
    """The kind of question a position asks (its text without numbers and names of cards)."""
    return re.sub(r"[0-9]+", "N", r.question(s).split(":")[0])


@pytest.mark.parametrize(("name", "players", "impl"), IMPLS)
def test_every_illegal_action_in_every_kind_of_question_is_illegal_action(
    name: str, players: int, impl: str
) -> None:
    game = load_game(name)
    if isinstance(game, HasImplementations):
        game = game.with_implementation(impl)
    r = Renderer(game)
    n = game.spec.num_distinct_actions
    seen: set[tuple[int, str]] = set()
    for seed in range(3):
        rng = random.Random(f"{name}/{players}/{seed}")
        s = game.new_initial_state(players=players, seed=seed)
        while not s.is_terminal():
            kind = (s.current_player() == CHANCE, question_kind(r, s))
            if kind not in seen:
                seen.add(kind)
                legal = set(s.legal_actions())
                before = snapshot(s)
                for a in [*range(-2, n + 2), 2**63, -(2**63)]:
                    if a not in legal:
                        with pytest.raises(IllegalAction):
                            s.apply_action(a)
                assert snapshot(s) == before, kind
            s.apply_action(rng.choice(s.legal_actions()))
    assert len(seen) >= 3  # the chance node and both seats at least (Dice Nim has no more)


@pytest.mark.parametrize(("name", "players", "impl"), IMPLS)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 60), junk=NOT_ACTIONS)
def test_action_to_string_of_an_id_no_action_has_is_illegal_action(
    name: str, players: int, impl: str, seed: int, steps: int, junk: Any
) -> None:
    """Out of range, negative, a bool or no integer at all: ``IllegalAction``, never another
    error and never text; an id in range gives text or ``IllegalAction``."""
    game = load_game(name)
    if isinstance(game, HasImplementations):
        game = game.with_implementation(impl)
    s = game.new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    n = game.spec.num_distinct_actions
    for a in (-1, -2, n, n + 1, 2**63, -(2**63), True, False, junk):
        with pytest.raises(IllegalAction):
            s.action_to_string(a)
    for a in range(n):
        try:
            assert isinstance(s.action_to_string(a), str)
        except IllegalAction:
            pass
