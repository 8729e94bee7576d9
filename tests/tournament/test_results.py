"""The results file: one line per finished game, validated on load, safe to resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from realpolitik.ai.tournament import (
    InlineExecutor,
    ResultsFile,
    TournamentError,
    make_config,
    run_games,
)

MINI = "tests.tournament.minigame:GAME"


def _cfg(games: int = 6, seed: int = 1, bots: tuple[str, ...] = ("random", "heuristic", "random")):
    return make_config(MINI, [(f"b{i}", s) for i, s in enumerate(bots)], games, seed=seed)


def _play(path: Path, cfg, resume: bool = False):
    with ResultsFile(path, cfg, resume=resume) as results:
        failures = run_games(results, InlineExecutor())
        return results.done(), failures


def _ids(path: Path) -> list[int]:
    return [json.loads(line)["game_id"] for line in path.read_text().splitlines()]


def test_each_game_is_one_line_and_resume_plays_only_the_missing(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    rows, failures = _play(out, _cfg(games=4))
    assert not failures and [r["game_id"] for r in rows] == [0, 1, 2, 3]
    assert sorted(_ids(out)) == [0, 1, 2, 3]
    first = out.read_text()
    rows, _ = _play(out, _cfg(games=7), resume=True)  # extend the same tournament
    assert [r["game_id"] for r in rows] == list(range(7))
    assert out.read_text().startswith(first) and sorted(_ids(out)) == list(range(7))
    rows, _ = _play(out, _cfg(games=7), resume=True)  # nothing left to play
    assert len(out.read_text().splitlines()) == 7


def test_load_cuts_a_torn_last_line_skips_bad_lines_and_dedupes(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    _play(out, _cfg(games=3))
    lines = out.read_text().splitlines()
    bad_row = json.loads(lines[0]) | {"returns": [1.0]}  # wrong length
    text = "\n".join([lines[0], lines[1], "not json", json.dumps(bad_row), lines[1], lines[2]]) + "\n"
    out.write_text(text + lines[2][:40])  # a write cut short by kill -9
    with ResultsFile(out, _cfg(games=3), resume=True) as results:
        assert sorted(results.rows) == [0, 1, 2]
        assert results.duplicates == 1 and len(results.invalid) == 2 and results.truncated == 40
        assert "returns" in results.invalid[1]
    assert out.read_text() == text  # the torn tail is gone, nothing was added
    rows, _ = _play(out, _cfg(games=5), resume=True)
    assert [r["game_id"] for r in rows] == [0, 1, 2, 3, 4]
    assert all(line.endswith("}") for line in out.read_text().splitlines() if line.startswith("{"))


def test_rows_are_validated_against_the_tournament(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    _play(out, _cfg(games=2))
    row = json.loads(out.read_text().splitlines()[0])
    for change in (
        {"seed": row["seed"] + 1},
        {"length": row["length"] + 1},
        {"game_id": -1},
        {"seats": row["seats"][::-1]},
        {"record": {"format": "x"}},
        {"duration": "1"},
    ):
        (tmp_path / "x.jsonl").write_text(json.dumps(row | change) + "\n" + out.read_text())
        with ResultsFile(tmp_path / "x.jsonl", _cfg(games=2), resume=True) as results:
            assert len(results.invalid) == 1 and sorted(results.rows) == [0, 1], change


def test_refuses_to_mix_tournaments_or_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    _play(out, _cfg(games=2))
    with pytest.raises(TournamentError, match="--resume"):
        ResultsFile(out, _cfg(games=2), resume=False)
    with pytest.raises(TournamentError, match="holds 2 games of another tournament"):
        ResultsFile(out, _cfg(games=2, seed=2), resume=True)
    with pytest.raises(TournamentError, match="another tournament"):
        ResultsFile(out, _cfg(games=2, bots=("random", "random", "random")), resume=True)
    one = tmp_path / "one.jsonl"
    one.write_text(out.read_text().splitlines(keepends=True)[0])
    with pytest.raises(TournamentError, match="holds 1 game of another tournament .*game version"):
        ResultsFile(one, _cfg(games=2, seed=2), resume=True)
    other = tmp_path / "notes.txt"
    other.write_text("hello\n")
    with pytest.raises(TournamentError, match="not a results file"):
        ResultsFile(other, _cfg(), resume=True)
    assert other.read_text() == "hello\n"
    with ResultsFile(out, _cfg(games=2), resume=True):
        with pytest.raises(TournamentError, match="being written"):
            ResultsFile(out, _cfg(games=2), resume=True)


def test_failing_games_are_reported_and_not_written(tmp_path: Path) -> None:
    cfg = make_config(MINI, [("a", "random"), ("b", "random")], 3, options={"fail": True})
    out = tmp_path / "r.jsonl"
    rows, failures = _play(out, cfg)
    assert rows == [] and [f.game_id for f in failures] == [0, 1, 2]
    assert "RuntimeError: this game was asked to fail" in failures[0].error
    assert out.read_text() == ""


def test_a_dying_worker_stops_the_run_with_a_clear_error(tmp_path: Path) -> None:
    from realpolitik.ai.tournament import ProcessExecutor

    cfg = make_config(MINI, [("a", "random"), ("b", "random")], 4, options={"die": True})
    with (
        ProcessExecutor(2, cfg.game) as pool,
        ResultsFile(tmp_path / "r.jsonl", cfg, resume=False) as results,
    ):
        with pytest.raises(TournamentError, match="worker process died.*--resume"):
            run_games(results, pool)
    assert (tmp_path / "r.jsonl").read_text() == ""
