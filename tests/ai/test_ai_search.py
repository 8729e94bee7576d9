"""MCTS / ISMCTS: forced wins, information-set honesty, budgets, root parallelism."""

from __future__ import annotations

import random

import pytest

from realpolitik.ai.bots import make_bot
from realpolitik.ai.evaluators import sample_chance
from realpolitik.ai.ismcts import PLAN_PRIOR_VALUE, PLAN_PRIOR_VISITS, SearchConfig, grow_tree, search
from realpolitik.ai.mcts import mcts_search
from realpolitik.engine.core.api import HasPlan
from tests.ai.toygames import (
    Chance,
    Decision,
    Leaf,
    NimGame,
    RaceGame,
    TreeGame,
    TreeState,
    advance,
    race_position,
    random_positions,
)


def forced_win_in_one() -> object:
    """Red at 12 holds 1 and 3 (goal 15): advancing 3 wins whatever the die; blue at 14 wins next."""
    return race_position([12, 14], [[1, 3], [2, 4]], [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])


def root_stats(spec: str, state: object, seat: int) -> list[tuple[int, int, float]]:
    bot = make_bot(spec)
    analysis = bot.analyse(state, seat)  # type: ignore[attr-defined]
    return sorted((m.action, m.visits, round(m.mean or 0.0, 12)) for m in analysis.moves)


@pytest.mark.parametrize("spec", ["mcts:iters=300", "ismcts:iters=300"])
def test_search_finds_a_forced_win_in_one(spec: str) -> None:
    assert make_bot(spec).step(forced_win_in_one(), 0) == advance(3)


@pytest.mark.parametrize("pile", [3, 5, 6, 7])
@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_search_finds_forced_wins_in_nim(name: str, pile: int) -> None:
    # Taking the last wins; leaving a multiple of 4 is the only winning move (pile 3: take 3
    # now; piles 5-7: leave 4, win on the next turn).
    s = NimGame().new_initial_state(2, pile=pile)
    action = make_bot(f"{name}:iters=600").step(s, 0)
    assert (pile - (action + 1)) % 4 == 0


def test_ismcts_never_reads_the_hidden_cards() -> None:
    # Same seed, two true states that differ only in what red cannot see: the whole search
    # (every root visit count and mean) must be identical.
    checked = 0
    for s in random_positions(RaceGame(), 8, seed=21, max_walk=10):
        seat = s.current_player()
        for k in range(50):
            other = s.resample_hidden(seat, random.Random(500 + k))
            if other.hands != s.hands:
                break
        else:
            continue
        assert root_stats("ismcts:iters=400,seed=9", s, seat) == root_stats(
            "ismcts:iters=400,seed=9", other, seat
        )
        checked += 1
    assert checked >= 5


def test_mcts_does_read_the_hidden_cards() -> None:
    # The same experiment has teeth: plain MCTS searches the true state, so its statistics move.
    differs = 0
    for s in random_positions(RaceGame(), 8, seed=21, max_walk=10):
        seat = s.current_player()
        other = s.resample_hidden(seat, random.Random(77))
        if other.hands != s.hands:
            differs += root_stats("mcts:iters=300,seed=9", s, seat) != root_stats(
                "mcts:iters=300,seed=9", other, seat
            )
    assert differs > 0


def test_visits_add_up_and_respect_the_budget() -> None:
    s = RaceGame().new_initial_state(3, seed=4)
    result = search(s, 0, SearchConfig(iters=250), seed=1)
    assert result.iterations == 250
    assert sum(st.visits for st in result.stats) == 250
    assert [st.action for st in result.stats] == s.legal_actions()


def test_time_budget_stops_the_search() -> None:
    s = RaceGame().new_initial_state(2, seed=4)
    result = search(s, 0, SearchConfig(iters=None, time=0.05), seed=1)
    assert result.iterations > 0
    assert result.elapsed < 1.0


def test_availability_counts_bound_the_visits() -> None:
    # Opponent actions differ between determinizations: a child's availability counts the
    # parent visits in which it was legal, so it is at least its own visit count.
    s = RaceGame().new_initial_state(2, seed=8)
    root, _ = grow_tree(s, 0, SearchConfig(iters=400, rollout=2), random.Random(3))
    stack = [root]
    seen = 0
    while stack:
        node = stack.pop()
        for key, child in node.children.items():
            stack.append(child)
            if key >= 0 and child.visits:
                assert child.avail >= child.visits
                seen += 1
    assert seen > 10


def test_progressive_widening_limits_children_below_the_root() -> None:
    # An explicit tree with 20 equal moves at every node.
    def wide(depth: int) -> object:
        if depth == 0:
            return Leaf((0.5, 0.5))
        return Decision(depth % 2, {a: wide(depth - 1) for a in range(20)}, (0.5, 0.5))

    s = TreeGame(wide(3)).new_initial_state()  # type: ignore[arg-type]
    root, _ = grow_tree(s, 1, SearchConfig(iters=300, widen=0.5), random.Random(0))
    assert len(root.children) == 20  # the root is always fully expanded
    assert all(len(child.children) < 20 for child in root.children.values())
    root_off, _ = grow_tree(s, 1, SearchConfig(iters=2000, widen=0.0), random.Random(0))
    assert max(len(child.children) for child in root_off.children.values()) == 20


def test_widening_expands_at_a_node_reached_for_the_first_time() -> None:
    # Below a chance node the child decision node is new (no visits yet) and has many moves:
    # it must still expand one rather than find nothing to select.
    def wide(depth: int) -> object:
        if depth == 0:
            return Leaf((0.5, 0.5))
        return Decision(depth % 2, {a: wide(depth - 1) for a in range(12)}, (0.5, 0.5))

    root = Decision(0, {a: Chance({0: (1.0, wide(2))}, (0.5, 0.5)) for a in range(2)}, (0.5, 0.5))
    s = TreeGame(root).new_initial_state()  # type: ignore[arg-type]
    tree, iterations = grow_tree(s, 0, SearchConfig(iters=50), random.Random(0))
    assert iterations == 50 and sum(c.visits for c in tree.children.values()) == 50


def test_same_seed_same_search() -> None:
    s = RaceGame().new_initial_state(2, seed=2)
    assert root_stats("ismcts:iters=300,seed=3", s, 0) == root_stats("ismcts:iters=300,seed=3", s, 0)


def test_root_parallel_workers_are_deterministic() -> None:
    s = RaceGame().new_initial_state(2, seed=6)
    config = SearchConfig(iters=400, workers=2)
    forked = search(s, 0, config, seed=12, with_pv=True)
    again = search(s, 0, config, seed=12, with_pv=True)
    in_process = search(s, 0, config, seed=12, with_pv=True, parallel=False)
    for other in (again, in_process):
        assert [(x.action, x.visits, x.total, x.sumsq, x.pv) for x in forked.stats] == [
            (x.action, x.visits, x.total, x.sumsq, x.pv) for x in other.stats
        ]
    assert forked.iterations == 400
    assert make_bot("ismcts:iters=200,workers=2,seed=1").step(s, 0) == make_bot(
        "ismcts:iters=200,workers=2,seed=1"
    ).step(s, 0)


def test_mcts_search_forces_the_true_state() -> None:
    s = forced_win_in_one()
    result = mcts_search(s, 0, SearchConfig(iters=200), seed=0)
    assert result.best().action == advance(3)


def test_search_refuses_a_seat_that_is_not_to_move() -> None:
    with pytest.raises(ValueError, match="not to move"):
        search(RaceGame().new_initial_state(2), 1, SearchConfig(iters=5), seed=0)


def test_sample_chance_follows_the_probabilities() -> None:
    rng = random.Random(0)
    draws = [sample_chance([(0, 0.5), (1, 0.25), (2, 0.25)], rng) for _ in range(4000)]
    assert abs(draws.count(0) / 4000 - 0.5) < 0.03
    assert abs(draws.count(2) / 4000 - 0.25) < 0.03


class _PlannedState(TreeState):
    """A toy tree whose plan always plays move 2 where it is legal (the ``HasPlan`` capability)."""

    def plan_action(self, seat: int) -> int | None:
        return 2 if 2 in self.legal_actions() else None

    def clone(self) -> _PlannedState:
        return _PlannedState(self._game, self.node, self.history[:])


def _plan_tree(plan_value: float, best_value: float) -> Decision:
    def below(v: float) -> Decision:
        return Decision(1, {a: Leaf((v, 1 - v)) for a in range(4)}, (v, 1 - v))

    moves = {0: below(best_value), 1: below(0.1), 2: below(plan_value), 3: below(0.1)}
    return Decision(0, moves, (0.5, 0.5))  # type: ignore[arg-type]


def test_the_plan_move_starts_with_virtual_visits_at_every_node() -> None:
    g = TreeGame(_plan_tree(0.5, 0.5))
    s = _PlannedState(g, g.root, [])
    assert isinstance(s, HasPlan)
    priors: dict[int, int] = {}
    root, _ = grow_tree(s, 0, SearchConfig(iters=4), random.Random(0), priors=priors)
    assert priors == {2: PLAN_PRIOR_VISITS}  # only root children are listed
    plan = root.children[2]
    assert plan.visits == PLAN_PRIOR_VISITS + 1
    assert plan.total == PLAN_PRIOR_VISITS * PLAN_PRIOR_VALUE + 0.5
    assert all(root.children[a].visits == 1 for a in (0, 1, 3))
    root, _ = grow_tree(s, 0, SearchConfig(iters=200), random.Random(0))
    below = root.children[2].children[2]  # the other seat's plan move, one level down
    assert below.visits > PLAN_PRIOR_VISITS and below.total >= PLAN_PRIOR_VISITS * PLAN_PRIOR_VALUE


def test_prior_sets_the_plan_moves_virtual_visits() -> None:
    g = TreeGame(_plan_tree(0.5, 0.5))
    s = _PlannedState(g, g.root, [])
    for prior in (0, 3):
        priors: dict[int, int] = {}
        root, _ = grow_tree(s, 0, SearchConfig(iters=4, prior=prior), random.Random(0), priors=priors)
        assert priors == {2: prior}
        assert root.children[2].visits == prior + 1  # expanded first all the same
        assert root.children[2].total == prior * PLAN_PRIOR_VALUE + 0.5
    assert make_bot("ismcts:prior=3").spec == "ismcts:prior=3"
    with pytest.raises(ValueError, match="prior must be"):
        SearchConfig(prior=-1)


def test_the_search_keeps_to_the_plan_unless_it_finds_better() -> None:
    config = SearchConfig(iters=100)
    g = TreeGame(_plan_tree(0.5, 0.5))  # moves 0 and 2 are worth the same
    plain = search(TreeState(g, g.root, []), 0, config, seed=1)
    planned = search(_PlannedState(g, g.root, []), 0, config, seed=1)
    assert sum(st.visits for st in planned.stats) == 100  # virtual visits are not reported
    assert planned.stats[2].visits > plain.stats[2].visits
    assert planned.best().action == 2
    g = TreeGame(_plan_tree(0.5, 0.9))  # move 0 is much better than the plan's
    assert search(_PlannedState(g, g.root, []), 0, config, seed=1).best().action == 0


def test_a_game_without_a_plan_gets_no_virtual_visits() -> None:
    g = TreeGame(_plan_tree(0.5, 0.5))
    priors: dict[int, int] = {}
    root, _ = grow_tree(TreeState(g, g.root, []), 0, SearchConfig(iters=4), random.Random(0), priors=priors)
    assert priors == {}
    assert all(child.visits == 1 for child in root.children.values())


def test_a_forced_line_grows_the_same_tree_through_it() -> None:
    """``grow_tree(root=..., forced=...)``, as ``realpolitik review`` uses it: every further
    iteration goes through the forced line of the seat's own moves, the tree grown before keeps
    its statistics, and a step that is not legal in a world ends the forced part there."""
    line = Decision(0, {0: Leaf((0.9, 0.1)), 1: Leaf((0.2, 0.8))}, (0.5, 0.5))
    tree = Decision(0, {a: line if a == 5 else Leaf((0.6, 0.4)) for a in range(6)}, (0.5, 0.5))
    s = TreeGame(tree).new_initial_state()  # type: ignore[arg-type]
    root, done = grow_tree(s, 0, SearchConfig(iters=40), random.Random(0))
    before = {a: (c.visits, c.total) for a, c in root.children.items() if a != 5}
    seen = root.children[5].visits
    again, done = grow_tree(s, 0, SearchConfig(iters=30), random.Random(1), root=root, forced=[5, 1])
    assert again is root and done == 30 and root.visits == 70
    assert root.children[5].visits == seen + 30 and root.children[5].children[1].visits >= 30
    assert root.children[5].children[1].total == pytest.approx(0.2 * root.children[5].children[1].visits)
    assert {a: (c.visits, c.total) for a, c in root.children.items() if a != 5} == before
    # a step that is not legal there (7): the iteration goes on from where the line stopped
    grow_tree(s, 0, SearchConfig(iters=10), random.Random(2), root=root, forced=[5, 7])
    assert root.children[5].visits == seen + 40 and 7 not in root.children[5].children
