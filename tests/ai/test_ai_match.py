"""play_match(): any bots in any seats, to the end, with a replayable record."""

from __future__ import annotations

import random

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.ai.match import play_match
from realpolitik.engine.core.api import CHANCE, IllegalAction
from tests.ai.toygames import NimGame, RaceGame


@pytest.mark.parametrize("players", [2, 3])
def test_match_plays_to_the_end_and_replays(players: int) -> None:
    game = RaceGame()
    start = game.new_initial_state(players, seed=9)
    specs = ["ismcts:iters=40", "heuristic", "random", "expectimax:depth=1"][:players]
    steps: list[tuple[int, int]] = []

    def on_step(state: object, player: int, action: int) -> None:
        assert action in state.legal_actions()  # type: ignore[attr-defined]
        steps.append((player, action))

    result = play_match(start, [make_bot(s) for s in specs], random.Random(1), on_step)
    assert start.history == []  # played on a clone
    assert result.state.is_terminal()
    assert sum(result.returns) == pytest.approx(1.0)
    assert result.length == len(steps) == len(result.record["actions"])
    assert result.decisions == sum(1 for p, _ in steps if p != CHANCE)
    assert result.bots == specs
    replayed = game.state_from_json(result.record)
    assert replayed.pos == result.state.pos and replayed.returns() == result.returns
    assert result.scores == [float(x) for x in result.state.pos]
    assert set(result.to_dict()) == {"record", "returns", "scores", "length", "decisions", "bots"}


def test_match_is_reproducible() -> None:
    start = RaceGame().new_initial_state(2, seed=4)
    runs = [
        play_match(start, [make_bot("ismcts:iters=30"), make_bot("random:seed=3")], random.Random(7)).record
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_search_beats_random_at_nim() -> None:
    wins = 0.0
    for seed in range(6):
        start = NimGame().new_initial_state(2, pile=13)
        seat = seed % 2
        bots = [make_bot(f"random:seed={seed}"), make_bot(f"random:seed={seed}")]
        bots[seat] = make_bot(f"mcts:iters=300,seed={seed}")
        wins += play_match(start, bots, random.Random(seed)).returns[seat]
    assert wins >= 5


def test_match_checks_the_bots() -> None:
    start = RaceGame().new_initial_state(2)
    with pytest.raises(ValueError, match="2 seats but 1 bots"):
        play_match(start, [make_bot("random")], random.Random(0))

    class Cheater:
        spec = "cheater"

        def step(self, state: object, seat: int) -> int:
            return 99

    with pytest.raises(IllegalAction, match="bot 'cheater' in seat 0 chose illegal action 99"):
        play_match(start, [Cheater(), make_bot("random")], random.Random(0))
