"""Saves: versioned JSON, atomic writes, and every kind of bad file refused untouched."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from realpolitik.cli.common import CliError
from realpolitik.cli.saves import SAVE_FORMAT, build_save, digest_of, read_game_file, write_save
from realpolitik.engine import load_game
from realpolitik.engine.core.api import State
from tests.cli.conftest import assert_one_line_error, read_json, write_json

GAME = load_game("twilight")


def position(moves: int = 9, seed: int = 1) -> State:
    """A Twilight Struggle position a few setup decisions in (first legal choice each time)."""
    s = GAME.new_initial_state(seed=seed)
    for _ in range(moves):
        s.apply_action(s.legal_actions()[0])
    return s


@pytest.fixture
def save_file(tmp_path: Path) -> Path:
    f = tmp_path / "game.json"
    write_save(f, position(), [0], "ismcts:iters=5,seed=1", "easy", 1)
    return f


def test_a_save_is_versioned_json_with_the_record_and_the_seats(save_file: Path) -> None:
    obj = read_json(save_file)
    assert obj["format"] == SAVE_FORMAT and obj["save_version"] == 1
    assert obj["game"] == "twilight" and obj["humans"] == ["USSR"]
    assert obj["ai"] == "ismcts:iters=5,seed=1" and obj["level"] == "easy" and obj["seed"] == 1
    assert obj["record"] == position().to_json()
    assert obj["digest"] == digest_of(obj)


def test_save_then_load_is_the_identical_position(save_file: Path) -> None:
    loaded = read_game_file(str(save_file), expect_game="ts")
    original = position()
    assert loaded.is_save and loaded.game is GAME
    assert loaded.state.to_json() == original.to_json()
    assert loaded.state.legal_actions() == original.legal_actions()
    for seat in (0, 1):
        assert loaded.state.observation(seat) == original.observation(seat)
    assert (loaded.humans, loaded.ai, loaded.level, loaded.seed) == ([0], "ismcts:iters=5,seed=1", "easy", 1)


def test_a_bare_game_record_is_accepted_too(tmp_path: Path) -> None:
    f = tmp_path / "record.json"
    write_json(f, position().to_json())
    loaded = read_game_file(str(f))
    assert not loaded.is_save and loaded.state.to_json() == position().to_json()


def test_writing_is_atomic_and_leaves_no_temporary_files(tmp_path: Path, save_file: Path) -> None:
    write_save(save_file, position(3), [1], "random", None, 9)  # replaces the old save
    assert read_game_file(str(save_file)).humans == [1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file_untouched(
    save_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = save_file.read_bytes()

    def crash(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(CliError, match="cannot save to .*No space left on device"):
        write_save(save_file, position(2), [0], "random", None, 1)
    assert save_file.read_bytes() == before
    assert [p.name for p in save_file.parent.iterdir()] == ["game.json"]


def test_saving_into_a_missing_directory_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CliError, match="cannot save to"):
        write_save(tmp_path / "no" / "such" / "dir.json", position(1), [0], "random", None, 1)


def _edit(
    fn: Callable[[dict[str, Any]], None], redigest: bool = True
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def apply(obj: dict[str, Any]) -> dict[str, Any]:
        fn(obj)
        if redigest:
            obj["digest"] = digest_of(obj)
        return obj

    return apply


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def fn(obj: dict[str, Any]) -> None:
        target = obj
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value

    return fn


def _action(i: int, value: int) -> Callable[[dict[str, Any]], None]:
    def fn(obj: dict[str, Any]) -> None:
        obj["record"]["actions"][i] = value

    return fn


def _del(key: str) -> Callable[[dict[str, Any]], None]:
    def fn(obj: dict[str, Any]) -> None:
        del obj[key]

    return fn


EDITS = {
    "wrong format": (_edit(_set("format", "chess-save")), "not a realpolitik save"),
    "wrong save_version": (_edit(_set("save_version", 2)), "save_version 2 is not supported"),
    "save_version not an int": (
        _edit(_set("save_version", "1")),
        "'save_version' is missing or not an integer",
    ),
    "missing field": (_edit(_del("humans")), "field 'humans' is missing"),
    "unknown field": (_edit(_set("cheat", True)), "unknown field 'cheat'"),
    "wrong type": (_edit(_set("seed", "seven")), "field 'seed' has the wrong type"),
    "other game": (_edit(_set("game", "chess")), "unknown game 'chess'"),
    "record of another game": (_edit(_set("record.game", "chess")), "the record is of game 'chess'"),
    "other game version": (_edit(_set("record.game_version", "ts-0")), "game_version"),
    "action id changed": (_edit(_action(0, 1256)), "actions[0] = 1256 does not apply"),
    "action out of range": (_edit(_action(2, 99999)), "actions[2] = 99999 is out of range"),
    "position summary edited": (_edit(_set("record.position.vp", 7)), "position.vp"),
    "unknown seat": (_edit(_set("humans", ["NATO"])), "humans[0] = 'NATO' is not a seat"),
    "no human": (_edit(_set("humans", [])), "names no seat"),
    "bad bot": (_edit(_set("ai", "alphazero")), "field 'ai': unknown bot 'alphazero'"),
    "bad level": (_edit(_set("level", "insane")), "field 'level' = 'insane'"),
    "legal edit, digest not updated": (
        _edit(_set("humans", ["US"]), redigest=False),
        "digest does not match",
    ),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_a_tampered_save_is_refused_and_left_untouched(save_file: Path, name: str, cli) -> None:
    edit, needle = EDITS[name]
    write_json(save_file, edit(read_json(save_file)))
    before = save_file.read_bytes()
    with pytest.raises(CliError, match="cannot load"):
        read_game_file(str(save_file))
    r = cli("play", "twilight", "--load", str(save_file), "--save", str(save_file), input="1\n")
    assert_one_line_error(r, needle)
    assert save_file.read_bytes() == before


@pytest.mark.parametrize(
    "content, needle",
    [
        (b"", "the file is empty"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b"[1, 2, 3]", "expected a JSON object"),
        (
            b'{"format": "realpolitik-save", "save_version": 1, "game": "twi',
            "not valid JSON (truncated or damaged?)",
        ),
    ],
)
def test_a_damaged_file_is_refused(tmp_path: Path, content: bytes, needle: str, cli) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    r = cli("play", "twilight", "--load", str(f), input="")
    assert_one_line_error(r, needle)
    assert f.read_bytes() == content


def test_a_truncated_save_is_refused_untouched(save_file: Path, cli) -> None:
    data = save_file.read_bytes()
    save_file.write_bytes(data[: len(data) // 2])
    r = cli("play", "twilight", "--load", str(save_file), input="")
    assert_one_line_error(r, "not valid JSON")
    assert save_file.read_bytes() == data[: len(data) // 2]


def test_a_save_of_another_game_is_refused(tmp_path: Path, toy_game: str, cli) -> None:
    toy = load_game(toy_game)
    f = tmp_path / "toy.json"
    write_json(f, build_save(toy.new_initial_state(players=2, seed=1), [0], "random", None, 1))
    assert read_game_file(str(f)).game is toy
    assert_one_line_error(
        cli("play", "twilight", "--load", str(f), input=""), "it is a game of 'toyrace', not 'twilight'"
    )
    assert_one_line_error(cli("hint", "twilight", "--load", str(f)), "not 'twilight'")


def test_a_directory_is_not_a_save(tmp_path: Path, cli) -> None:
    assert_one_line_error(cli("play", "twilight", "--load", str(tmp_path), input=""), "is a directory")


def test_a_loaded_save_saves_back_to_its_file(cli: Callable[..., Any], save_file: Path) -> None:
    """`play --load FILE` without --save goes on saving to FILE: a move and then quit leave the
    file further on, with no question for a file name (before, quitting asked for
    one, even right after loading). A bare record is not overwritten with a save."""
    before = len(read_json(save_file)["record"]["actions"])
    r = cli("play", "twilight", "--load", str(save_file), input="1\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"Saving back to {save_file} after every move." in r.output
    assert "File name" not in r.output
    assert len(read_json(save_file)["record"]["actions"]) > before  # the move and the replies

    record = save_file.parent / "record.json"
    write_json(record, position().to_json())
    r = cli("play", "twilight", "--load", str(record), "--ai", "random", input="1\nquit\n")
    assert "Saving back" not in r.output
    assert read_json(record) == position().to_json()
