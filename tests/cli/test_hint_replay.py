"""``realpolitik hint`` and ``realpolitik replay``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from realpolitik.cli.saves import write_save
from realpolitik.engine import load_game
from tests.cli.conftest import FAST_AI, assert_no_crash, assert_one_line_error, write_json

GAME = load_game("twilight")


@pytest.fixture
def setup_save(tmp_path: Path) -> Path:
    """A save in the USSR's setup placements (no card events needed to search it)."""
    s = GAME.new_initial_state(seed=2)
    s.apply_action(s.legal_actions()[0])
    f = tmp_path / "setup.json"
    write_save(f, s, [0], FAST_AI, None, 2)
    return f


@pytest.fixture(scope="module")
def finished_game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game played through ``play`` (scripted human against the AI), once per module."""
    from typer.testing import CliRunner

    from realpolitik.cli.main import app
    from realpolitik.engine.twilight.events import EVENTS
    from realpolitik.engine.twilight.game import missing_events

    f = tmp_path_factory.mktemp("finished") / "finished.json"
    rng = random.Random(11)
    script = "".join(f"{rng.choice((1, 1, 2))}\n" for _ in range(12000))
    with pytest.MonkeyPatch.context() as mp:
        for n in missing_events():  # as the stub_events fixture does
            mp.setitem(EVENTS, n, lambda s, side: None)
        r = CliRunner().invoke(
            app, ["play", "twilight", "--seed", "8", "--ai", FAST_AI, "--save", str(f)], input=script
        )
    assert r.exit_code == 0 and "Game over:" in r.output, r.output[-2000:]
    return f


@pytest.fixture
def finished_save(finished_game_file: Path, stub_events: list[int]) -> Path:
    """The finished game, with the same event stubs active while a test replays it."""
    return finished_game_file


def test_hint_prints_ranked_moves_with_visits_value_win_chance_and_the_line(cli, setup_save: Path) -> None:
    r = cli("hint", "twilight", "--load", str(setup_save), "--iters", "60", "--top", "3")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "USSR setup: place 1 influence" in out
    assert "Hint for USSR (ismcts:iters=60,seed=0, 60 iterations" in out
    assert "visits" in out and "value" in out and "win" in out
    assert len([line for line in out.splitlines() if "place " in line and "%" in line]) == 3
    assert "Principal line: place" in out


def test_hint_json(cli, setup_save: Path) -> None:
    r = cli("hint", "ts", "--load", str(setup_save), "--iters", "40", "--top", "2", "--json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.output)
    assert len(obj["moves"]) == 2
    for m in obj["moves"]:
        assert set(m) >= {"action", "text", "visits", "value", "win_prob", "pv"}
        assert isinstance(m["action"], int) and m["text"].startswith("place ")
    assert obj["moves"][0]["visits"] >= obj["moves"][1]["visits"]
    assert obj["seat_name"] == "USSR" and obj["iterations"] == 40 and obj["pv"]


def test_hint_with_a_time_budget_is_deterministic_in_shape(cli, setup_save: Path) -> None:
    r = cli("hint", "twilight", "--load", str(setup_save), "--time", "0.2", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["moves"]


def test_hint_with_another_searching_bot_takes_its_spec_and_the_budget(cli, setup_save: Path) -> None:
    r = cli("hint", "twilight", "--load", str(setup_save), "--bot", "expectimax", "--iters", "1", "--json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.output)
    assert obj["bot"] == "expectimax:depth=1,seed=0"
    assert obj["moves"][0]["text"].startswith("place ")


@pytest.mark.parametrize(
    "extra, needle",
    [
        (("--iters", "10", "--time", "1"), "give --iters or --time, not both"),
        (("--bot", "random"), "does not search"),
        (("--bot", "chess-engine"), "unknown bot 'chess-engine'"),
        (("--bot", "heuristic", "--time", "1"), "takes no time budget"),
    ],
)
def test_hint_option_errors(cli, setup_save: Path, extra: tuple[str, ...], needle: str) -> None:
    assert_one_line_error(cli("hint", "twilight", "--load", str(setup_save), *extra), needle)


def test_hint_refuses_missing_and_broken_files(cli, tmp_path: Path) -> None:
    assert_one_line_error(cli("hint", "twilight", "--load", str(tmp_path / "none.json")), "no such file")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert_one_line_error(cli("hint", "twilight", "--load", str(bad)), "not valid JSON")
    assert_one_line_error(cli("hint", "chess", "--load", str(bad)), "unknown game 'chess'")


def test_hint_on_a_finished_game_says_there_is_nothing_to_hint(cli, finished_save: Path) -> None:
    assert_one_line_error(cli("hint", "twilight", "--load", str(finished_save)), "the game is over")


def test_replay_of_a_finished_game_steps_through_every_action(cli, finished_save: Path) -> None:
    total = len(json.loads(finished_save.read_text())["record"]["actions"])
    r = cli("replay", str(finished_save))
    assert r.exit_code == 0, r.output
    assert_no_crash(r)
    out = r.output
    assert f"({total} actions, seed 8)" in out
    assert "    1. USSR: place" in out
    assert f"{total:>5}. " in out
    assert "Result: the " in out
    assert "die " in out  # dice are shown in words


def test_replay_to_n_shows_the_position_there(cli, finished_save: Path) -> None:
    r = cli("replay", str(finished_save), "--to", "13")
    assert r.exit_code == 0, r.output
    assert "   13. US: place" in r.output and "   14. " not in r.output
    assert "Position after 13 of" in r.output
    assert "-- Europe" in r.output and "USSR hand (8 cards)" in r.output and "US hand (8 cards)" in r.output
    assert "USSR to move: USSR: choose your headline card" in r.output


def test_replay_json(cli, finished_save: Path) -> None:
    r = cli("replay", str(finished_save), "--json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.output)
    assert obj["game"] == "twilight" and obj["terminal"] is True
    assert obj["to"] == obj["total"] == len(obj["steps"])
    assert obj["steps"][0]["player"] == "USSR" and obj["steps"][0]["text"].startswith("place ")
    assert sorted(obj["returns"]) in ([0.0, 1.0], [0.5, 0.5])
    part = json.loads(cli("replay", str(finished_save), "--json", "--to", "5").output)
    assert part["to"] == 5 and len(part["steps"]) == 5 and part["terminal"] is False


def test_replay_errors(cli, finished_save: Path, tmp_path: Path) -> None:
    assert_one_line_error(cli("replay", str(finished_save), "--to", "-1"), "--to -1 is outside the game")
    assert_one_line_error(cli("replay", str(finished_save), "--to", "999999"), "is outside the game")
    assert_one_line_error(cli("replay", str(tmp_path / "none.json")), "no such file")
    obj = json.loads(finished_save.read_text())
    obj["record"]["actions"][3] = 1256
    bad = tmp_path / "bad.json"
    write_json(bad, obj)
    assert_one_line_error(cli("replay", str(bad)), "actions[3] = 1256 does not apply")


def test_replay_of_a_bare_record(cli, tmp_path: Path) -> None:
    s = GAME.new_initial_state(seed=4)
    for _ in range(5):
        s.apply_action(s.legal_actions()[-1])
    f = tmp_path / "rec.json"
    write_json(f, s.to_json())
    r = cli("replay", str(f), "--quiet")
    assert r.exit_code == 0, r.output
    assert "    1." not in r.output and "Not finished:" in r.output


def test_hint_and_replay_for_a_game_without_a_render_module(cli, toy_game: str, tmp_path: Path) -> None:
    f = tmp_path / "toy.json"
    r = cli("play", toy_game, "--seed", "2", "--ai", "random", "--save", str(f), input="1\n" * 40)
    assert r.exit_code == 0 and "Game over" in r.output
    r = cli("replay", str(f), "--to", "3")
    assert r.exit_code == 0, r.output
    assert "    1. red: step" in r.output and "positions" in r.output
    mid = tmp_path / "mid.json"
    write_save(mid, load_game(toy_game).new_initial_state(players=2, seed=1), [0], "random", None, 1)
    r = cli("hint", toy_game, "--load", str(mid), "--iters", "30", "--json")
    assert r.exit_code == 0, r.output
    assert {m["text"] for m in json.loads(r.output)["moves"]} == {"step", "leap"}
