"""Shared positions and playout loops for the benchmarks (bench/ and `realpolitik bench`)."""

from __future__ import annotations

import random
from typing import Any

from realpolitik.engine import load_game
from realpolitik.engine.core.api import RemembersLegal

MIN_CHOICES = 5  # a benched position offers at least this many legal actions


def random_action(state: Any, rng: random.Random) -> int:
    """A random move of ``state`` (not over): a chance outcome drawn by its odds, else a legal
    action chosen uniformly. The one draw of every seeded random walk, so a seed walks the
    same game wherever it is used."""
    if state.is_chance_node():
        acts, probs = zip(*state.chance_outcomes())
        return int(rng.choices(acts, probs)[0])
    return int(rng.choice(state.legal_actions()))


def random_playout(state: Any, rng: random.Random, max_steps: int | None = None) -> int:
    """Play random moves (:func:`random_action`) to the end, or for at most ``max_steps``;
    returns the steps played."""
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply_action(random_action(state, rng))
        steps += 1
    return steps


def midgame(game: Any = "twilight", seed: int = 2026, steps: int = 120) -> Any:
    """A reproducible mid-game decision point with several legal moves: random play from
    ``seed`` for ``steps`` actions, then on to the next decision with at least 5 choices (the
    next seed is tried if a random game ends first). ``game``: a game or its name."""
    g = load_game(game) if isinstance(game, str) else game
    for s in range(seed, seed + 1000):
        state = g.new_initial_state(seed=s)
        rng = random.Random(s)
        n = 0
        while not state.is_terminal():
            if not state.is_chance_node() and n >= steps and len(state.legal_actions()) >= MIN_CHOICES:
                return state
            state.apply_action(random_action(state, rng))
            n += 1
    raise RuntimeError("no mid-game position found")


def legal_actions_call(state: Any) -> Any:
    """A callable that generates ``state``'s legal actions afresh each time.

    A game may remember its last answer (Twilight Struggle keeps it for the next
    ``apply_action``); timing repeated calls would then time a cache hit, so the memory is
    forgotten (``touch()``) before each call where the state has it.
    """
    legal = state.legal_actions
    if not isinstance(state, RemembersLegal):
        return legal
    touch = state.touch

    def fresh() -> Any:
        touch()
        return legal()

    return fresh


def positions(
    game: Any,
    count: int,
    seed: int = 3,
    players: int | None = None,
    max_walk: int = 200,
    min_legal: int = 1,
    tries: int = 20,
) -> list[Any]:
    """``count`` decision points reached by seeded random play from seeded initial states
    (``game``: a game or its name), each with at least ``min_legal`` legal moves; at most
    ``count * tries`` games are tried."""
    if isinstance(game, str):
        game = load_game(game)
    rng = random.Random(seed)
    out: list[Any] = []
    for _ in range(count * tries):
        if len(out) == count:
            break
        s = game.new_initial_state(players, seed=rng.randrange(10**6))
        walk = rng.randrange(min(max_walk, game.spec.max_game_length))
        steps = 0
        while not s.is_terminal() and (
            steps < walk or s.is_chance_node() or len(s.legal_actions()) < min_legal
        ):
            s.apply_action(random_action(s, rng))
            steps += 1
        if not s.is_terminal():
            out.append(s)
    return out
