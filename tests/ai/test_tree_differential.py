"""The compiled search tree (``ai/_tree_c``) against its pure-Python reference (``ai/_tree_py``):
the same searches from the same seeds give the same root statistics, to the last bit, on a
toy game with hidden cards and chance and on Twilight Struggle positions; and the two UCB1
steps agree on hand-made nodes (docs/architecture.md, 'Speed without losing the reference')."""

from __future__ import annotations

from dataclasses import replace

import pytest

from realpolitik.ai import tree
from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.engine import load_game
from tests.ai.toygames import RaceGame, random_positions
from tests.compiled import require_built

COMPILED = tree.compiled()


@pytest.fixture
def both():
    require_built(COMPILED, "the compiled search tree")

    def run(state, cfg, seed):
        out = []
        for impl in ("pure", "compiled"):
            r = search(state.clone(), state.current_player(), replace(cfg, tree=impl), seed=seed)
            out.append([(s.action, s.visits, s.total, s.sumsq) for s in r.stats])
        return out

    return run


def test_same_trees_on_a_hidden_information_toy_game(both) -> None:
    for k, state in enumerate(random_positions(RaceGame(), 12, seed=5, players=3)):
        for cfg in (SearchConfig(iters=300), SearchConfig(iters=200, rollout=4, widen=0.0, c=1.3)):
            pure, comp = both(state, cfg, seed=k)
            assert pure == comp


def test_same_trees_on_twilight_positions(both) -> None:
    game = load_game("twilight")
    for k, state in enumerate(random_positions(game, 4, seed=9)):
        pure, comp = both(state, SearchConfig(iters=400, rollout=8), seed=k)
        assert pure == comp


def test_select_matches_on_hand_made_nodes() -> None:
    require_built(COMPILED, "the compiled search tree")
    results = []
    for impl in (tree.pure(), COMPILED):
        root = impl.Node()
        for a, (visits, total, avail) in {
            3: (4, 2.5, 9),
            5: (1, 0.0, 2),
            8: (10, 7.25, 30),
            9: (4, 2.5, 9),
        }.items():
            child = root.children[a] = impl.Node()
            child.visits, child.total, child.avail = visits, total, avail
        best, best_a, untried = impl.select(root, [1, 3, 5, 8, 9, 11], 0.7)
        results.append((best_a, untried, [root.children[a].avail for a in (3, 5, 8, 9)]))
        assert best is root.children[best_a]
    assert results[0] == results[1]
    assert results[0][1] == 2 and results[0][2] == [10, 3, 31, 10]
