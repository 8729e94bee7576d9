"""Levels are budgets: each game names its own beside its spec (``Game.search``: ``SearchDefaults.levels``), sized to its
search speed; a game that names none gets the core's defaults."""

from __future__ import annotations

import pytest

from realpolitik.ai.bots import parse_spec
from realpolitik.cli.levels import LEVELS, ai_spec, hint_spec, level_spec
from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import DEFAULT_LEVELS

GAME_LEVELS = {name: load_game(name).search.levels for name in available_games()}


def _iters(spec: str) -> int:
    return int(parse_spec(spec)[1]["iters"])


def test_every_game_table_names_every_level() -> None:
    for game, table in GAME_LEVELS.items():
        assert set(table) == set(LEVELS), game


def test_games_have_their_own_budgets_others_the_generic_ones() -> None:
    assert level_spec("normal", "twilight") == GAME_LEVELS["twilight"]["normal"]
    assert level_spec("normal", "ideology") == GAME_LEVELS["ideology"]["normal"]
    assert level_spec("normal") == DEFAULT_LEVELS["normal"]
    assert _iters(ai_spec(None, "normal", 7, "twilight")) == _iters(GAME_LEVELS["twilight"]["normal"])
    assert _iters(ai_spec(None, "normal", 7)) == _iters(DEFAULT_LEVELS["normal"])


def test_levels_grow_in_iterations_in_every_table() -> None:
    for table in [DEFAULT_LEVELS, *GAME_LEVELS.values()]:
        assert _iters(table["easy"]) < _iters(table["normal"]) < _iters(table["hard"])


def test_a_searcher_without_a_budget_gets_the_games_level_budget() -> None:
    spec = ai_spec("ismcts:c=1.0", "hard", 3, "twilight")
    assert _iters(spec) == _iters(GAME_LEVELS["twilight"]["hard"])
    assert parse_spec(spec)[1]["c"] == "1.0"
    assert _iters(hint_spec("random", "normal", "twilight")) == _iters(GAME_LEVELS["twilight"]["normal"])


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ai_spec(None, "brutal", 1, "twilight")


def test_the_same_seed_and_input_replay_the_same_game_in_two_processes(tmp_path) -> None:
    """A level is an iteration budget only: two runs (separate processes, different hash
    seeds, so nothing rides on dict order or timing) print the same game, character for
    character."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = "".join(f"{x}\n" for x in ["1"] * 6 + ["1", "2", "1", "1", "1", "1", "log 6"])
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        env.pop("NO_COLOR", None)
        run = subprocess.run(
            [sys.executable, "-c", "from cli.main import main; main()", "play", "twilight"]
            + ["--seed", "11", "--level", "easy", "--no-color"],
            input=script,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=300,
        )
        assert run.returncode == 0, run.stderr
        outs.append(run.stdout)
    assert "US plays" in outs[0] or "US headlines" in outs[0] or "US chooses" in outs[0]  # the AI moved
    assert outs[0] == outs[1]


def test_levels_are_iteration_budgets_and_time_is_opt_in() -> None:
    for name in available_games():
        for level, spec in load_game(name).search.levels.items():
            _, raw = parse_spec(spec)
            assert "iters" in raw and "time" not in raw, (name, level)
            made = ai_spec(None, level, 5, name)
            assert "time=" not in made and "iters=" in made
            assert "time=1.5" in ai_spec(None, level, 5, name, time=1.5)
    with pytest.raises(ValueError, match="--time caps a search"):
        ai_spec("random", "easy", 5, "twilight", time=1.0)


def test_a_game_may_name_smaller_budgets_at_a_player_count() -> None:
    """``SearchDefaults.player_levels``: Ideology's five-player ``normal`` and ``hard`` are smaller
    (an iteration reaches further there); every other count and every other game plays
    ``levels`` unchanged, wherever a level is resolved (AI, hint)."""
    spec = load_game("ideology").search
    five = spec.levels_for(5)
    assert _iters(five["easy"]) == _iters(spec.levels["easy"])
    assert _iters(five["normal"]) < _iters(spec.levels["normal"])
    assert _iters(five["hard"]) < _iters(spec.levels["hard"])
    assert _iters(five["easy"]) < _iters(five["normal"]) < _iters(five["hard"])
    for players in (None, 2, 3, 4):
        assert spec.levels_for(players) == dict(spec.levels), players
    assert level_spec("normal", "ideology", 5) == five["normal"]
    assert level_spec("normal", "ideology", 3) == GAME_LEVELS["ideology"]["normal"]
    assert _iters(ai_spec(None, "hard", 7, "ideology", players=5)) == _iters(five["hard"])
    assert _iters(ai_spec("ismcts:c=0.5", "normal", 7, "ideology", players=5)) == _iters(five["normal"])
    assert _iters(ai_spec(None, "normal", 7, "ideology", players=4)) == _iters(spec.levels["normal"])
    assert _iters(hint_spec("random", "normal", "ideology", 5)) == _iters(five["normal"])
    for name in available_games():
        game = load_game(name)
        g = game.search
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            table = g.levels_for(players)
            assert set(table) == set(LEVELS), (name, players)
            if players not in g.player_levels:  # a count not listed plays the general budgets
                assert table == dict(g.levels), (name, players)
            else:
                assert _iters(table["easy"]) < _iters(table["normal"]) < _iters(table["hard"])


def test_a_hint_searches_at_least_the_normal_budget_whatever_the_opponents_level() -> None:
    """Against an easy computer a hint was the easy search (34/34/34 visits in Twilight): a
    hint's budget is now its own, at least the normal level's; a bigger one is kept, and so
    are the AI's other settings (seed, evaluator)."""
    for name in available_games():
        normal = _iters(level_spec("normal", name))
        easy_ai = ai_spec(None, "easy", 7, name)
        assert _iters(hint_spec(easy_ai, "easy", name)) == normal, name
        assert parse_spec(hint_spec(easy_ai, "easy", name))[1]["seed"] == "7"
        hard_ai = ai_spec(None, "hard", 7, name)
        assert hint_spec(hard_ai, "hard", name) == hard_ai
    fitted = "ismcts:eval=fitted,iters=5,seed=3"
    got = parse_spec(hint_spec(fitted, "easy", "twilight"))[1]
    assert got["eval"] == "fitted" and _iters(hint_spec(fitted, "easy", "twilight")) > 5
    assert hint_spec(fitted, None, "twilight") == fitted  # an --ai spec lends its own budget
    assert hint_spec("ismcts:time=0.5,seed=3", "easy", "twilight") == "ismcts:time=0.5,seed=3"


def test_a_hint_whose_top_moves_the_search_cannot_separate_says_so() -> None:
    from realpolitik.ai.analysis import Analysis, MoveStat

    def analysis(second_mean: float, half_width: float) -> Analysis:
        moves = [
            MoveStat(1, "a", 47, 0.375, 0.375, 0.375 - half_width, 0.375 + half_width),
            MoveStat(
                2, "b", 40, second_mean, second_mean, second_mean - half_width, second_mean + half_width
            ),
        ]
        return Analysis("twilight", 0, "USSR", "ismcts:iters=300", 300, 0.1, moves)

    assert analysis(0.356, 0.14).within_noise  # the README's old example: 47 against 40 visits
    assert not analysis(0.2, 0.05).within_noise
    assert not analysis(0.356, 0.0).within_noise  # exact values (expectimax) are never noise
    assert analysis(0.356, 0.14).to_dict()["within_noise"] is True
