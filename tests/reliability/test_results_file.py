"""The results file: nothing in a file that is not ours changes, and memory stays flat."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from realpolitik.ai.tournament import InlineExecutor, ResultsFile, TournamentError, make_config, run_games

MINI = "tests.tournament.minigame:GAME"


def _cfg(games: int = 3, seed: int = 1):
    return make_config(MINI, [("a", "random"), ("b", "heuristic"), ("c", "random")], games, seed=seed)


@pytest.mark.parametrize(
    "content",
    [b'{"my": "notes"}', b"line one\nline two", b"line one\n", b"\x00\x01binary", b'{"v":1,"tournament":"x'],
)
def test_a_file_that_is_not_ours_is_refused_byte_identical(tmp_path: Path, content: bytes) -> None:
    out = tmp_path / "x.json"
    out.write_bytes(content)
    with pytest.raises(TournamentError, match="not a results file"):
        ResultsFile(out, _cfg(), resume=True)
    assert out.read_bytes() == content


def test_a_torn_first_line_of_our_own_is_cut(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    with ResultsFile(out, _cfg(), resume=False) as results:
        run_games(results, InlineExecutor())
    first = out.read_bytes().splitlines()[0]
    out.write_bytes(first[: len(first) // 2])  # killed while writing the very first row
    with ResultsFile(out, _cfg(), resume=True) as results:
        assert results.truncated == len(first) // 2 and not results.rows
    assert out.read_bytes() == b""


def test_a_special_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(TournamentError, match="not a regular file"):
        ResultsFile(fifo, _cfg(), resume=True)


def test_the_parent_keeps_no_row_in_memory(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    with ResultsFile(out, _cfg(games=6), resume=False) as results:
        run_games(results, InlineExecutor())
        kept = results.rows[0]
        assert isinstance(kept, tuple) and not any(isinstance(x, dict) for x in kept)
        assert [r["game_id"] for r in results.iter_done()] == list(range(6))
    with ResultsFile(out, _cfg(games=6), resume=True) as results:
        row = json.loads(out.read_bytes().splitlines()[0])
        view = results.row_view(row["game_id"])
        assert view["returns"] == row["returns"] and view["length"] == row["length"]
        assert [s["bot"] for s in view["seats"]] == [s["bot"] for s in row["seats"]]


def test_a_file_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="cannot open .*(File name too long|No such file)"):
        ResultsFile(tmp_path / ("x" * 300), _cfg(), resume=True)
    with pytest.raises(TournamentError, match="cannot open"):
        ResultsFile(tmp_path / "missing" / "r.jsonl", _cfg(), resume=True)
