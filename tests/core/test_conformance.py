"""The conformance suite: every registered game, random games to the end with invariants at
every step, record replay, JSON round-trip and seeded determinism (docs/architecture.md)."""

from __future__ import annotations

import json
import math
import os
import random

import pytest

from realpolitik.bench.common import random_action, random_playout
from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE, TERMINAL, IllegalAction
from realpolitik.engine.core.records import replay
from tests.games import every_game

GAMES = every_game()
RANDOM_GAMES = {"twilight": 200, "invasion": 20}
"""Random games per game and player count (50 for the games not named)."""
_GAMES_ENV = os.environ.get("REALPOLITIK_CONFORMANCE_GAMES", "")
"""When set, the number of random games for every game and player count instead: ``make
wheel-check`` plays a few of each against the installed wheel (docs/reliability.md)."""


def player_counts(name: str) -> list[int]:
    spec = load_game(name).spec
    return list(range(spec.min_players, spec.max_players + 1))


def random_game(name: str, players: int, seed: int, check=None):
    game = load_game(name)
    state = game.new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps <= game.spec.max_game_length, "game did not end within max_game_length"
        if check:
            check(state)
        if state.is_chance_node():
            assert state.current_player() == CHANCE
            outcomes = state.chance_outcomes()
            assert outcomes, "chance node without outcomes"
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            assert [a for a, _ in outcomes] == state.legal_actions()
            acts, probs = zip(*outcomes)
            a = rng.choices(acts, probs)[0]
        else:
            legal = state.legal_actions()
            assert legal, "a decision node with no legal action"
            assert legal == sorted(set(legal))
            assert all(0 <= x < game.spec.num_distinct_actions for x in legal)
            p = state.current_player()
            assert 0 <= p < players
            a = rng.choice(legal)
        state.apply_action(a)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    return state


def invariants(state) -> None:
    problems = state.check_invariants()
    assert not problems, problems


SEED_CHUNK = 25
"""Seeds per test case of the random-games test, so that a failure names its game, player
count and seed chunk (and the message its seed)."""


def random_game_cases() -> list[tuple[str, int, range]]:
    """(game, players, seeds) for every registered game and player count, in seed chunks."""
    out = []
    for name in GAMES:
        n = int(_GAMES_ENV) if _GAMES_ENV else RANDOM_GAMES.get(name, 50)
        for players in player_counts(name):
            out += [(name, players, range(i, min(i + SEED_CHUNK, n))) for i in range(0, n, SEED_CHUNK)]
    return out


@pytest.mark.parametrize(
    ("name", "players", "seeds"),
    random_game_cases(),
    ids=[f"{g}-{p}p-seeds{s.start}-{s.stop - 1}" for g, p, s in random_game_cases()],
)
def test_random_games_end_with_invariants_at_every_step(name: str, players: int, seeds: range) -> None:
    for seed in seeds:
        try:
            state = random_game(name, players, seed, check=invariants)
            r = state.returns()
            assert len(r) == players
            assert math.isclose(sum(r), 1.0), r
            assert all(0.0 <= x <= 1.0 for x in r)
        except AssertionError as err:
            raise AssertionError(f"{name} {players} players, seed {seed}: {err}") from err


@pytest.mark.parametrize("name", GAMES)
def test_record_replays_to_identical_state(name: str) -> None:
    game = load_game(name)
    for players in player_counts(name):
        for seed in (1, 2, 3):
            end = random_game(name, players, seed)
            rec = json.loads(json.dumps(end.to_json()))  # JSON round-trip
            again = game.state_from_json(rec)
            assert again.history == end.history
            assert again.returns() == end.returns()
            if hasattr(end, "fingerprint"):
                assert again.fingerprint() == end.fingerprint()
            replayed = replay(game, rec)
            for seat in range(players):
                assert replayed.observation(seat) == end.observation(seat)


@pytest.mark.parametrize("name", GAMES)
def test_midgame_json_round_trip_continues_identically(name: str) -> None:
    game = load_game(name)
    players = player_counts(name)[0]
    state = game.new_initial_state(players=players, seed=7)
    random_playout(state, random.Random(7), max_steps=150)
    copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert copy.observation(seat) == state.observation(seat)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    players = player_counts(name)[0]
    a = random_game(name, players, 11)
    b = random_game(name, players, 11)
    assert a.history == b.history
    assert a.returns() == b.returns()


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state(seed=3)
    before = [state.observation(s) for s in range(state.num_players())]
    twin = state.clone()
    rng = random.Random(0)
    for _ in range(40):
        if twin.is_terminal():
            break
        if twin.is_chance_node():
            twin.apply_action(twin.chance_outcomes()[0][0])
        else:
            twin.apply_action(rng.choice(twin.legal_actions()))
    assert [state.observation(s) for s in range(state.num_players())] == before


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_is_refused_with_a_reason(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state(seed=0)
    legal = set(state.legal_actions())
    bad = next(a for a in range(game.spec.num_distinct_actions) if a not in legal)
    before = state.history[:]
    with pytest.raises(IllegalAction) as err:
        state.apply_action(bad)
    assert str(err.value)
    assert state.history == before  # nothing lost
    with pytest.raises(IllegalAction):
        state.apply_action(-5)


@pytest.mark.parametrize("name", GAMES)
def test_action_text_round_trips(name: str) -> None:
    for seed in (0, 5):
        game = load_game(name)
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            assert len({t.lower() for t in texts}) == len(texts), texts
            for a, t in zip(legal, texts):
                assert state.string_from_action(t) == a
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("name", GAMES)
def test_resample_hidden_keeps_what_the_seat_sees(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for step in range(300):
        if state.is_terminal():
            break
        if step % 25 == 0 and not state.is_chance_node():
            for seat in range(state.num_players()):
                other = state.resample_hidden(seat, random.Random(step))
                assert other.observation(seat) == state.observation(seat)
                assert other.legal_actions() == state.legal_actions() or state.current_player() != seat
        state.apply_action(random_action(state, rng))
