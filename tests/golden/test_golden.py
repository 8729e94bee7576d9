"""The golden data (``tests/golden/generate.py``): every registered game and player count has
its perft table and recorded games, every implementation of a game reproduces them, and
``docs/transcript.md`` replays to the same screens.

A failure here means behaviour changed. If the change is intended, regenerate
(``python -m tests.golden.generate``) and say in the commit message which golden files changed
and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.records import load_record, replay
from tests.golden.generate import (
    DATA,
    FORMAT,
    FORMAT_VERSION,
    TRANSCRIPT,
    comparable,
    data_path,
    expected_files,
    implementations,
    perft,
    reach,
    replay_transcript,
    state_hash,
)

REGENERATE = "python -m tests.golden.generate"
CASES = [(name, n) for kind, name, n in expected_files() if kind == "perft"]


def _load(kind: str, name: str, players: int) -> dict[str, Any]:
    path = data_path(kind, name, players)
    if not path.exists():
        pytest.fail(f"{path.name} is missing: a game or player count without golden data; run {REGENERATE}")
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = load_game(name)
    assert doc["format"] == FORMAT and doc["format_version"] == FORMAT_VERSION
    assert (doc["kind"], doc["game"], doc["players"]) == (kind, name, players)
    if doc["game_version"] != game.spec.version:
        pytest.fail(
            f"{path.name} is for {name} version {doc['game_version']}, not {game.spec.version}; run {REGENERATE}"
        )
    return doc


def _ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def test_every_data_file_belongs_to_a_registered_game() -> None:
    """No stale file: each one is of a registered game at a player count it allows."""
    wanted = {data_path(*f).name for f in expected_files()}
    present = {p.name for p in DATA.glob("*.json")}
    assert present <= wanted, f"stale golden files: {sorted(present - wanted)}"
    assert {name for _, name, _ in expected_files()} == set(available_games())


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_perft_counts(case: tuple[str, int]) -> None:
    """Each seeded position is reached with the same hash and has the same number of legal
    actions at each depth, in every implementation of the game."""
    name, players = case
    doc = _load("perft", name, players)
    assert doc["positions"], "no positions"
    for game in implementations(load_game(name)):
        for i, pos in enumerate(doc["positions"]):
            where = f"{name} {players}p position {i} (seed {pos['seed']}, {len(pos['actions'])} actions)"
            state = reach(game, players, pos["seed"], pos["actions"])
            assert state_hash(state) == pos["hash"], f"{where}: the position differs"
            got = perft(state, len(pos["perft"]))
            assert got == pos["perft"], f"{where}: perft {got} != {pos['perft']}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_recorded_games_replay_to_the_same_end(case: tuple[str, int]) -> None:
    """Each recorded game replays (through the record loader) to the same final position and
    returns, in every implementation of the game."""
    name, players = case
    doc = _load("games", name, players)
    assert doc["games"], "no games"
    for game in implementations(load_game(name)):
        for g in doc["games"]:
            record = load_record(g["record"], game)
            where = f"{name} {players}p seed {record['seed']}"
            state = replay(game, record)
            assert state.is_terminal(), f"{where}: the game does not end"
            assert state_hash(state) == g["final_hash"], f"{where}: the final position differs"
            assert state.returns() == g["returns"], f"{where}: the returns differ"


def test_transcript_replays(tmp_path: Path) -> None:
    """docs/transcript.md: each command, run again, prints what the page shows (maps after
    the first abbreviated, thinking times masked)."""
    text = TRANSCRIPT.read_text(encoding="utf-8")
    blocks = replay_transcript(text, tmp_path)
    assert blocks, "the transcript has no commands"
    for start, _end, expected, actual in blocks:
        assert comparable(actual) == comparable(expected), (
            f"docs/transcript.md block at line {start}: the session prints something else; "
            f"if intended, run {REGENERATE}"
        )
