"""The War on Terror evaluator and heuristic bot: they play the empires' race, and change
sides only when it pays."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE
from realpolitik.engine.waronterror import actions, heuristics, rules
from realpolitik.engine.waronterror.board import BOARD
from realpolitik.engine.waronterror.game import WarOnTerrorState
from realpolitik.engine.waronterror.state import P_ASK, P_PLAY, RESUME_DIE

GAME = load_game("waronterror")
AS_PLAYED = {"terrorist_points": "cleared", "last_empire_holds": True}


def _first_rounds(s: WarOnTerrorState, seed: int, rounds: int = 2) -> Iterator[tuple[int, int]]:
    """Play ``s`` (modified) with heuristic bots for its first ``rounds`` rounds, chance
    sampled; yields each decision (seat, action) before it is applied."""
    rng = random.Random(seed)
    bot = make_bot(f"heuristic:seed={seed}")
    while s.round <= rounds and not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            outs = s.chance_outcomes()
            a = rng.choices([x for x, _ in outs], [w for _, w in outs])[0]
        else:
            a = bot.step(s, p)
            yield p, a
        s.apply_action(a)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_heuristic_plays_its_first_turns_as_an_empire(seed: int) -> None:
    # under the house rules (docs/rulings.md): no seat turns terrorist while it still has its
    # starting money and is not beaten (it builds first); at most one of the four, beaten in
    # the race, changes sides in the first two rounds
    s = GAME.new_initial_state(players=4, seed=seed, **AS_PLAYED)
    built = 0
    for p, a in _first_rounds(s, seed):
        if a == actions.BECOME:
            # ...unless it is beaten: fewer developments than the leader's
            most = max(len(rules.developments(s, q)) for q in s.empires())
            beaten = len(rules.developments(s, p)) < most
            assert s.money[p] < 300 or beaten, f"seat {p} changed sides with {s.money[p]}m"
        built += actions.BUILD <= a < actions.DISMANTLE
    assert len(s.terrorist_seats) <= 1 and built > 0


def test_a_lone_empire_counts_its_fall_as_a_draw() -> None:
    # with one empire left and the terrorists far from their points, bringing the empire
    # down is a draw of the whole table, so the empire's value keeps that share
    s = GAME.new_initial_state(players=4, seed=1, **AS_PLAYED)
    s.phase = P_PLAY
    s.round = 5
    rules.convert(s, 1)
    rules.convert(s, 2)
    rules.convert(s, 3)
    x = BOARD.country("Canada")
    s.owner[x], s.size[x] = 0, 1
    s.touch()
    assert s.empires() == [0] and rules.terrorist_points(s) == 0
    emp, tval = heuristics.prospects(s)
    assert tval > emp[0]  # the terrorists' pooled means look stronger than one village...
    floor = (1 - heuristics.PROGRESS_SHARE) / 4 * 0.5
    assert heuristics.evaluate(s, 0) > floor  # ...but their win would mostly be a draw
    total = sum(heuristics.evaluate(s, p) for p in range(4))
    assert total == pytest.approx(1.0, abs=0.2)


def _debt_position() -> WarOnTerrorState:
    """Blue (40m, a town in France, villages in Spain, Peru, Argentina and Brazil; Red in
    Italy, Canada and India) owes Red 80m (the house rules: by the rulebook's reading, on this
    empty world, changing sides would win at once)."""
    s = GAME.new_initial_state(players=4, seed=1, **AS_PLAYED)
    s.phase = P_PLAY
    s.round = 3
    for seat, name, size in (
        (1, "France", 2),
        (1, "Spain", 1),
        (1, "Peru", 1),
        (1, "Argentina", 1),
        (1, "Brazil", 1),
        (0, "Italy", 1),
        (0, "Canada", 1),
        (0, "India", 1),
    ):
        x = BOARD.country(name)
        s.owner[x], s.size[x], s.revealed[x] = seat, size, 1
    s.money[1] = 40
    s.touch()
    rules.pay(s, 1, 80, 0)
    return s


def test_a_debtor_pays_and_keeps_its_empire() -> None:
    # Bancarotta: the debtor chooses what to remove and stops once the debt is paid; the
    # heuristic's choice keeps its empire (removing the town pays at once; a village first
    # costs one more village, projected by the evaluator)
    for seed in (1, 2, 3):
        s = _debt_position()
        bot = make_bot(f"heuristic:seed={seed}")
        removed = 0
        while s.current_player() == 1:
            s.apply_action(bot.step(s, 1))
            removed += 1
        assert not s.terrorist[1] and not s.debts and s.money[0] == 380
        assert removed <= 2 and len(rules.developments(s, 1)) >= 3


def test_the_heuristic_skips_a_window_unless_acting_pays() -> None:
    # Azioni fuori dal tuo turno: in the empires' race (the house rules) the windows are
    # passed at once, nearly always
    s = GAME.new_initial_state(players=4, seed=2, **AS_PLAYED)
    asked = acted = 0
    for _, a in _first_rounds(s, 2, rounds=3):
        if s.phase == P_ASK:
            asked += 1
            acted += a == actions.ACT
    assert asked >= 20 and acted <= asked // 10
    # ...and where changing sides wins at once (the rulebook's reading: the continents it
    # leaves are empty), a seat asked takes it
    s = GAME.new_initial_state(players=3, seed=1)
    s.phase = P_PLAY
    s.round = 2
    for seat, names in ((0, ("Canada", "France", "India")), (1, ("Brazil",)), (2, ("Egypt",))):
        for name in names:
            x = BOARD.country(name)
            s.owner[x], s.size[x], s.revealed[x] = seat, 1, 1
    s.touch()
    assert rules.open_window(s, [0], RESUME_DIE) and s.current_player() == 0
    bot = make_bot("heuristic:seed=1")
    a = bot.step(s, 0)
    assert a == actions.ACT
    s.apply_action(a)
    # changing sides at once, or after dismantling a development first (both win: the
    # bot's value ties them and it picks one with its seed)
    for _ in range(3):
        if s.is_terminal() or s.current_player() != 0:
            break
        s.apply_action(bot.step(s, 0))
    assert s.is_terminal() and s.returns()[0] == 1.0


def test_the_terrorists_prospect_counts_what_the_empires_can_settle_before_their_turn() -> None:
    # ruling (docs/rulings.md): the terrorists' points count in their own turn, so an empty
    # continent an empire playing before that turn can settle again is not yet theirs
    s = GAME.new_initial_state(players=4, seed=1)
    s.round, s.phase = 2, P_PLAY
    s.actor = s.turn_seat = s.start_seat = 0  # Red's turn; Green (2) changes sides
    for seat, name in ((0, "France"), (1, "Spain"), (2, "Nowhere"), (3, "Italy")):
        x = BOARD.country(name)
        s.owner[x], s.size[x] = seat, 1
    s.touch()
    rules.convert(s, 2)
    assert s.terrorist_seats == [2] and not rules.terrorists_count(s)
    settle = heuristics.refill(s, 2)
    assert settle > 0  # Red and Blue border Africa and Asia with money to build
    _, tval = heuristics.prospects(s)
    need = rules.points_to_win(s)
    assert tval < rules.terrorist_points(s) / need
    broke = s.clone()
    broke.money[0] = broke.money[1] = 0
    assert heuristics.refill(broke, 2) == 0  # nobody can pay for a village
    own = s.clone()
    own.actor = own.turn_seat = 2  # the terrorists' own turn: nothing is taken off
    assert rules.terrorists_count(own)
    assert heuristics.prospects(own)[1] > tval
