"""The War on Terror evaluator and heuristic bot: they play the empires' race, and change
sides only when it pays."""

from __future__ import annotations

import random

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE
from realpolitik.engine.waronterror import actions as A
from realpolitik.engine.waronterror import heuristics as H
from realpolitik.engine.waronterror import rules as R
from realpolitik.engine.waronterror.state import P_PLAY

GAME = load_game("waronterror")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_heuristic_plays_its_first_turns_as_an_empire(seed: int) -> None:
    # no seat turns terrorist while it still has its starting money (it builds first); at
    # most one of the four, beaten in the race, changes sides in the first two rounds
    s = GAME.new_initial_state(players=4, seed=seed)
    rng = random.Random(seed)
    bot = make_bot(f"heuristic:seed={seed}")
    built = 0
    while s.round < 3 and not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            outs = s.chance_outcomes()
            a = rng.choices([x for x, _ in outs], [w for _, w in outs])[0]
        else:
            a = bot.step(s, p)
            if a == A.BECOME:
                assert s.money[p] < 300, f"seat {p} changed sides with {s.money[p]}m"
            built += A.BUILD <= a < A.DISMANTLE
        s.apply_action(a)
    assert len(s.tseats) <= 1 and built > 0


def test_a_lone_empire_counts_its_fall_as_a_draw() -> None:
    # with one empire left and the terrorists far from their points, bringing the empire
    # down is a draw of the whole table, so the empire's value keeps that share
    s = GAME.new_initial_state(players=4, seed=1)
    s.phase = P_PLAY
    s.round = 5
    R.convert(s, 1)
    R.convert(s, 2)
    R.convert(s, 3)
    x = R.BOARD.country("Canada")
    s.owner[x], s.size[x] = 0, 1
    s.touch()
    assert s.empires() == [0] and R.terrorist_points(s) == 0
    emp, tval = H.prospects(s)
    assert tval > emp[0]  # the terrorists' pooled means look stronger than one village...
    floor = (1 - H.PROGRESS_SHARE) / 4 * 0.5
    assert H.evaluate(s, 0) > floor  # ...but their win would mostly be a draw
    total = sum(H.evaluate(s, p) for p in range(4))
    assert total == pytest.approx(1.0, abs=0.2)
