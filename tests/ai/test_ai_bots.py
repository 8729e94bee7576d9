"""Bots: legality, no mutation, determinism, honesty about hidden information, spec parsing."""

from __future__ import annotations

import random
import sys
from importlib.metadata import entry_points

import pytest

from realpolitik.ai import bots, registry
from realpolitik.ai.bots import SearchBot, bot_names, describe_bots, make_bot, with_budget
from realpolitik.ai.ismcts import PLAN_PRIOR_VISITS
from tests.ai.toygames import (
    PASS,
    Decision,
    Leaf,
    RaceGame,
    RaceState,
    TreeGame,
    advance,
    block,
    race_position,
    random_positions,
)

ALL_SPECS = [
    "random",
    "heuristic",
    "expectimax:depth=2",
    "mcts:iters=30",
    "ismcts:iters=30",
    "ismcts:iters=30,policy=greedy,rollout=3,widen=0",
]


def snapshot(s: RaceState) -> tuple:
    """Everything in a race state, hidden parts included."""
    return (s.pos[:], [h[:] for h in s.hands], s.deck[:], s.discard[:], s.turn, s.to_move, s.history[:])


def with_other_hidden(s: RaceState, seat: int) -> RaceState:
    """The same position for ``seat`` with the unseen cards dealt differently."""
    for k in range(100):
        other = s.resample_hidden(seat, random.Random(1000 + k))
        if other.hands != s.hands and other.deck != s.deck:
            return other
    raise AssertionError("no different consistent deal found")


@pytest.mark.parametrize("players", [2, 3])
def test_bots_choose_legal_actions_and_leave_the_state_alone(players: int) -> None:
    positions = random_positions(RaceGame(), 25, seed=players, players=players)
    for spec in ALL_SPECS:
        bot = make_bot(spec)
        for s in positions:
            before = snapshot(s)
            action = bot.step(s, s.current_player())
            assert action in s.legal_actions(), (spec, action)
            assert snapshot(s) == before, spec


def test_bots_handle_a_single_legal_action() -> None:
    s = race_position([3, 4], [[], [1, 2]], [], discard=[1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4])
    assert s.legal_actions() == [PASS]
    for spec in ALL_SPECS:
        assert make_bot(spec).step(s, 0) == PASS


def test_same_seed_gives_the_same_move() -> None:
    positions = random_positions(RaceGame(), 6, seed=11)
    for spec in ["random:seed=4", "heuristic:seed=4", "ismcts:iters=150,seed=4", "mcts:iters=150,seed=4"]:
        first = [make_bot(spec).step(s, s.current_player()) for s in positions]
        again = [make_bot(spec).step(s, s.current_player()) for s in positions]
        assert first == again, spec


def test_honest_bots_decide_the_same_whatever_the_hidden_cards_are() -> None:
    for s in random_positions(RaceGame(), 6, seed=5, max_walk=12):
        seat = s.current_player()
        other = with_other_hidden(s, seat)
        for spec in ["heuristic:seed=2", "expectimax:depth=2,samples=2,seed=2", "ismcts:iters=200,seed=2"]:
            assert make_bot(spec).step(s, seat) == make_bot(spec).step(other, seat), spec


def test_heuristic_takes_the_expectation_over_the_die() -> None:
    # Last turn: red at 10 holds a 1, blue at 11. Advancing wins unless the die shows 0 (then a
    # shared win): 0.5 * 0.5 + 0.5 * 1 = 0.75. Blocking ties at 10-10 for 0.5.
    s = race_position([10, 11], [[1], [3, 4]], [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4], turn=19, max_turns=20)
    assert make_bot("heuristic").step(s, 0) == advance(1)
    assert block(1) in s.legal_actions()


def test_bot_refuses_a_seat_that_is_not_to_move() -> None:
    s = RaceGame().new_initial_state(2, seed=0)
    with pytest.raises(ValueError, match="not to move"):
        make_bot("random").step(s, 1)


def test_registry_lists_every_bot() -> None:
    assert bot_names() == [
        "random",
        "heuristic",
        "mcts",
        "ismcts",
        "expectimax",
        "openspiel-ismcts",
        "openspiel-mcts",
    ]
    described = describe_bots()
    assert list(described) == bot_names()
    assert "iters" in described["ismcts"] and "depth" in described["expectimax"]


def test_spec_is_normalised_and_defaults_apply() -> None:
    bot = make_bot(" ISMCTS : iters=200 , seed=3 ")
    assert bot.spec == "ismcts:iters=200,seed=3"
    assert isinstance(bot, SearchBot)
    assert bot.config.iters == 200 and bot.config.determinize
    assert make_bot("ismcts").config.iters == 2000
    timed = make_bot("ismcts:time=1.5")
    assert timed.config.iters is None and timed.config.time == 1.5
    assert not make_bot("mcts:iters=5").config.determinize
    assert make_bot("expectimax").spec == "expectimax"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'; valid bots: random, heuristic, mcts, ismcts, expectimax"),
        ("", "empty bot spec"),
        ("ismcts:iter=5", "no parameter 'iter'; valid parameters: iters, time, seed, c, rollout"),
        ("random:depth=2", "bot 'random' has no parameter 'depth'; valid parameters: seed"),
        ("ismcts:iters=abc", "iters must be an integer >= 1 and <= 500000, got 'abc'"),
        ("ismcts:iters=0", "iters must be an integer >= 1"),
        ("ismcts:iters=2.5", "iters must be an integer"),
        ("ismcts:time=-1", "time must be a number"),
        ("ismcts:c=nan", "c must be a number >= 0"),
        ("ismcts:widen=2", "widen must be a number >= 0 and <= 1"),
        ("ismcts:policy=smart", "policy must be one of random, greedy"),
        ("ismcts:iters", "expected name[:key=value[,key=value]...]"),
        ("ismcts:iters=5,iters=6", "given twice"),
        ("expectimax:depth=0", "depth must be an integer >= 1"),
    ],
)
def test_bad_specs_raise_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        make_bot(spec)
    assert message in str(info.value)


def test_with_budget_replaces_the_budget() -> None:
    assert with_budget("ismcts:time=2,seed=1", 300) == "ismcts:iters=300,seed=1"
    assert with_budget("mcts:iters=10", 0.5) == "mcts:time=0.5"
    assert with_budget("expectimax", 3) == "expectimax:depth=3"
    assert with_budget("ismcts:iters=7", None) == "ismcts:iters=7"
    assert with_budget("expectimax:depth=4", 1.5) == "expectimax:depth=4,time=1.5"
    with pytest.raises(ValueError, match="no time budget"):
        with_budget("heuristic", 1.0)


def _trap_tree() -> TreeGame:
    """Seat 0 picks 1 (looks good, 0.9, but seat 0 must then choose again and both choices
    lose) or 2 (0.6, seat 1 to move, ends 0.6)."""
    trap = Decision(0, {3: Leaf((0.0, 1.0)), 4: Leaf((0.1, 0.9))}, (0.9, 0.1))
    safe = Decision(1, {5: Leaf((0.6, 0.4))}, (0.6, 0.4))
    return TreeGame(Decision(0, {1: trap, 2: safe}, (0.5, 0.5)))


def test_heuristic_follow_sees_the_end_of_its_own_run_of_decisions() -> None:
    s = _trap_tree().new_initial_state()
    assert make_bot("heuristic").step(s, 0) == 1  # one ply: the trap looks best
    assert make_bot("heuristic:follow=1").step(s, 0) == 2  # one more own decision: it is a trap
    assert s.history == []  # the walk works on copies


def test_heuristic_follow_stops_at_the_opponents_decision_and_at_its_budget() -> None:
    from realpolitik.ai.builtin_bots import _follow_own

    s = _trap_tree().new_initial_state()
    s.apply_action(2)  # seat 1 to move: nothing to follow for seat 0
    _follow_own(s, 0, 8)
    assert s.history == [2]
    chain = TreeGame(
        Decision(
            0, {1: Decision(0, {2: Decision(0, {3: Leaf((1.0, 0.0))}, (0.5, 0.5))}, (0.5, 0.5))}, (0.5, 0.5)
        )
    )
    t = chain.new_initial_state()
    _follow_own(t, 0, 2)
    assert t.history == [1, 2]  # two own decisions, then the budget is spent


def test_a_game_without_its_own_c_keeps_the_searchs_own_exploration_constant() -> None:
    s = RaceGame().new_initial_state(players=3, seed=1)
    assert not RaceGame.search.c
    for spec in ("ismcts:iters=5", "mcts:iters=5"):
        bot = make_bot(spec)
        assert isinstance(bot, SearchBot) and bot.game_c
        assert bot.config_for(s) is bot.config and bot.config.c == 0.7
    explicit = make_bot("ismcts:iters=5,c=0.3")
    assert isinstance(explicit, SearchBot) and not explicit.game_c
    assert explicit.config_for(s).c == 0.3 and explicit.spec == "ismcts:iters=5,c=0.3"


def test_a_game_without_its_own_prior_keeps_the_searchs_virtual_visits() -> None:
    s = RaceGame().new_initial_state(players=3, seed=1)
    assert RaceGame.search.prior is None
    bot = make_bot("ismcts:iters=5")
    assert isinstance(bot, SearchBot) and bot.game_prior
    assert bot.config_for(s) is bot.config and bot.config.prior == PLAN_PRIOR_VISITS
    explicit = make_bot("ismcts:iters=5,prior=3")
    assert isinstance(explicit, SearchBot) and not explicit.game_prior
    assert explicit.config_for(s).prior == 3 and explicit.spec == "ismcts:iters=5,prior=3"


def test_a_registered_bot_kind_is_listed_parsed_and_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    info = bots.BotInfo(
        "first-move",
        "always the first legal move",
        (bots.SEED_PARAM,),
        lambda s, v: bots.RandomBot(s, v["seed"]),
    )
    bots.register_bot(info)
    bots.register_bot(info)  # the same kind again is no change
    assert "first-move" in bot_names() and "first-move" in describe_bots()
    assert make_bot("first-move:seed=4").spec == "first-move:seed=4"
    with pytest.raises(ValueError, match="registered already"):
        bots.register_bot(bots.BotInfo("first-move", "another", (), info.factory))


def test_openspiel_bots_come_from_the_interop_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI names no adapter: the extra's entry points offer its bot kinds, listed without
    being loaded, and a missing OpenSpiel is one clear line when such a bot is built."""
    offered = {ep.name: ep.value for ep in entry_points(group=bots.PLUGIN_GROUP)}
    assert offered == {
        "openspiel-ismcts": "realpolitik.interop.kinds:OPENSPIEL_ISMCTS",
        "openspiel-mcts": "realpolitik.interop.kinds:OPENSPIEL_MCTS",
    }
    monkeypatch.setattr(
        registry, "_REGISTRY", {k: v for k, v in registry._REGISTRY.items() if k not in offered}
    )
    monkeypatch.setitem(sys.modules, "realpolitik.interop.bots", None)  # import -> ImportError
    import realpolitik.interop as interop_package  # an earlier test may have imported the adapters

    monkeypatch.delattr(interop_package, "bots", raising=False)
    assert bot_names()[-2:] == ["openspiel-ismcts", "openspiel-mcts"]
    assert "openspiel-ismcts" not in registry._REGISTRY
    with pytest.raises(ValueError, match=r"needs OpenSpiel: pip install 'realpolitik\[interop\]'"):
        make_bot("openspiel-ismcts:iters=10")
    assert registry._REGISTRY["openspiel-ismcts"].params[-1].name == "leaf"


def test_bot_list_keeps_each_specs_parameters() -> None:
    assert bots.split_specs("ismcts:iters=1000,c=0.3,weights=w.json,heuristic,random") == [
        "ismcts:iters=1000,c=0.3,weights=w.json",
        "heuristic",
        "random",
    ]
    assert bots.split_specs("heuristic") == ["heuristic"]
    assert bots.split_specs("heuristic:follow=8,ismcts:iters=10, heuristic,") == [
        "heuristic:follow=8",
        "ismcts:iters=10",
        "heuristic",
    ]
