"""One seed domain checked at every door, and search budgets bounded by what memory allows."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.ai import ismcts
from realpolitik.ai.bots import make_bot
from realpolitik.ai.ismcts import MAX_ITERS, SearchConfig, search
from realpolitik.ai.tournament import TournamentError, make_config
from realpolitik.cli.saves import read_game_file, write_save
from realpolitik.engine import load_game
from realpolitik.engine.core.api import SEED_MAX, InvalidState
from realpolitik.engine.core.records import load_record
from tests.cli.conftest import FAST_AI, assert_one_line_error

GAME = load_game("twilight")


@pytest.fixture
def save_file(tmp_path: Path) -> Path:
    s = GAME.new_initial_state(seed=1)
    f = tmp_path / "g.json"
    write_save(f, s, [0], FAST_AI, None, 1)
    return f


@pytest.mark.parametrize("seed", ["-5", str(SEED_MAX + 1)])
def test_play_refuses_a_seed_outside_the_domain_and_saves_nothing(cli, tmp_path: Path, seed: str) -> None:
    f = tmp_path / "s.json"
    r = cli("play", "twilight", "--seed", seed, "--ai", FAST_AI, "--save", str(f), input="1\n")
    assert_one_line_error(r, "--seed", str(SEED_MAX))
    assert not f.exists()


def test_the_largest_seed_round_trips_through_a_save(cli, tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    r = cli("play", "twilight", "--seed", str(SEED_MAX), "--ai", FAST_AI, "--save", str(f), input="1\n")
    assert r.exit_code == 0, r.output
    assert read_game_file(str(f)).seed == SEED_MAX
    r = cli("replay", str(f), "-q")
    assert r.exit_code == 0, r.output


def test_hint_and_tournament_refuse_a_negative_seed(cli, save_file: Path, tmp_path: Path) -> None:
    assert_one_line_error(cli("hint", "twilight", "--load", str(save_file), "--seed", "-1"), "--seed")
    r = cli("tournament", "twilight", "--bot", "random", "--bot", "random", "--games", "1",
            "--out", str(tmp_path / "o.jsonl"), "--seed", "-1")  # fmt: skip
    assert_one_line_error(r, "--seed")
    assert not (tmp_path / "o.jsonl").exists()
    with pytest.raises(TournamentError, match="seed"):
        make_config("twilight", [("a", "random"), ("b", "random")], 1, seed=-1)


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1])
def test_records_refuse_a_seed_outside_the_domain(seed: int) -> None:
    rec = GAME.new_initial_state(seed=1).to_json() | {"seed": seed}
    with pytest.raises(InvalidState, match="seed"):
        load_record(rec, GAME)


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (("--iters", str(10**23)), "--iters"),
        (("--time", "1e308"), "--time"),
        (("--iters", str(MAX_ITERS + 1)), "memory"),
    ],
)
def test_hint_budgets_are_bounded(cli, save_file: Path, extra: tuple[str, ...], needle: str) -> None:
    assert_one_line_error(cli("hint", "twilight", "--load", str(save_file), *extra), needle)


def test_bot_specs_and_search_configs_are_bounded() -> None:
    with pytest.raises(ValueError, match="iters"):
        make_bot(f"ismcts:iters={MAX_ITERS + 1}")
    with pytest.raises(ValueError, match="time"):
        make_bot("ismcts:time=1e308")
    with pytest.raises(ValueError, match="iters"):
        SearchConfig(iters=MAX_ITERS + 1)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_time_budget_alone_stops_at_the_iteration_cap(
    monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    monkeypatch.setattr(ismcts, "MAX_ITERS", 40)
    s = GAME.new_initial_state(seed=1)
    res = search(
        s, s.current_player(), SearchConfig(iters=None, time=600.0, workers=workers), 1, parallel=False
    )
    assert res.iterations == 40
