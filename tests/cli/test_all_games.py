"""The CLI is game-agnostic: every registered game can be played, saved, hinted and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from realpolitik.cli.saves import read_game_file
from tests.cli.conftest import assert_no_crash
from tests.games import every_game


@pytest.mark.parametrize("game", every_game())
def test_every_game_plays_saves_hints_and_replays(
    cli, game: str, tmp_path: Path, stub_events: list[int]
) -> None:
    f = tmp_path / f"{game}.json"
    script = "".join(
        ["1\n"] * 25
        + ["help\n", "log 3\n", "show nothing-at-all\n", "hint 2\n", "undo\n"]
        + ["2\n", "1\n"] * 10
    )
    r = cli("play", game, "--seed", "3", "--ai", "random", "--level", "easy", "--save", str(f), input=script)
    assert r.exit_code == 0, r.output[-3000:]
    assert_no_crash(r)
    assert "> " in r.output and "Game saved to" in r.output
    # off a terminal the screen is 80 columns: status lines and messages wrap at their
    # separators and spaces (War on Terror's status line once ran to 84 and broke mid-word);
    # a line naming a file is kept whole
    too_wide = [line for line in r.output.splitlines() if len(line) > 80 and str(tmp_path) not in line]
    assert not too_wide, too_wide[:3]
    loaded = read_game_file(str(f), expect_game=game)
    assert loaded.humans == [0]
    r = cli("replay", str(f), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["total"] == len(loaded.state.history)
    if not loaded.state.is_terminal():
        r = cli("hint", game, "--load", str(f), "--iters", "20", "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.output)["moves"]
