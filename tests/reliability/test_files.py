"""What a user owns is never lost: saves at bad paths, links and modes, special files, and one
clear line for every file problem."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.cli import play as play_module
from realpolitik.cli import saves
from realpolitik.cli.common import CliError
from realpolitik.cli.main import app
from realpolitik.cli.saves import read_game_file, write_save
from realpolitik.engine import load_game
from tests.cli.conftest import FAST_AI, assert_one_line_error

GAME = load_game("twilight")
PLAY = ("play", "twilight", "--seed", "1", "--ai", FAST_AI)


def lines(*items: str) -> str:
    return "".join(f"{i}\n" for i in items)


@pytest.fixture
def save_file(tmp_path: Path) -> Path:
    f = tmp_path / "g.json"
    write_save(f, GAME.new_initial_state(seed=1), [0], FAST_AI, None, 1)
    return f


# ----- an unwritable --save


def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(cli, tmp_path: Path) -> None:
    r = cli(*PLAY, "--save", str(tmp_path / "missing" / "g.json"), input=lines("1"))
    assert_one_line_error(r, "cannot save to", "no folder")
    assert "New game" not in r.output


def test_a_save_path_holding_another_file_is_refused_and_left_alone(cli, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my notes\n")
    assert_one_line_error(cli(*PLAY, "--save", str(notes), input=lines("1")), "not a realpolitik save")
    assert notes.read_bytes() == b"my notes\n"


@pytest.mark.parametrize("how", ["quit", "eof"])
def test_a_failed_save_at_the_end_keeps_the_game_elsewhere_and_exits_non_zero(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    target = tmp_path / "g.json"
    real = play_module.write_save

    def failing(path, *args):  # the disk fills up after the game started
        if Path(path) == target:
            raise CliError(f"cannot save to {path}: No space left on device")
        return real(path, *args)

    monkeypatch.setattr(play_module, "write_save", failing)
    monkeypatch.chdir(tmp_path)
    r = cli(*PLAY, "--save", str(target), input=lines("1", "quit") if how == "quit" else lines("1"))
    assert r.exit_code == 1, r.output
    rescued = sorted(tmp_path.glob("twilight-rescue-*.json"))
    assert len(rescued) == 1 and f"saved in {rescued[0]}" in r.output
    assert len(read_game_file(str(rescued[0])).state.history) == 1
    assert "Bye." not in r.output or how == "quit"


def test_a_rescue_never_overwrites_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s = GAME.new_initial_state(seed=1)
    first, _ = saves.write_rescue(s, [0], FAST_AI, None, 1)
    second, _ = saves.write_rescue(s, [0], FAST_AI, None, 1)
    assert first and second and first != second


def test_save_at_the_prompt_into_a_missing_folder_is_one_line(cli, tmp_path: Path) -> None:
    r = cli(*PLAY, input=lines(f"save {tmp_path / 'nope' / 'g.json'}", f"save {'x' * 300}.json", "1"))
    assert r.exit_code == 0 and "Traceback" not in r.output
    assert "there is no folder" in r.output and "File name too long" in r.output


# ----- links and modes


def test_saving_over_a_symlink_writes_through_it_and_keeps_the_mode(save_file: Path, tmp_path: Path) -> None:
    os.chmod(save_file, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(save_file)
    s = GAME.new_initial_state(seed=1)
    s.apply_action(s.legal_actions()[0])
    write_save(link, s, [0], FAST_AI, None, 1)
    assert link.is_symlink() and os.readlink(link) == str(save_file)
    assert stat.S_IMODE(save_file.stat().st_mode) == 0o640
    assert len(read_game_file(str(save_file)).state.history) == 1


def test_a_new_save_gets_the_usual_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_save(tmp_path / "new.json", GAME.new_initial_state(seed=1), [0], FAST_AI, None, 1)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_a_save_never_replaces_a_special_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(CliError, match="not a regular file"):
        write_save(fifo, GAME.new_initial_state(seed=1), [0], FAST_AI, None, 1)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


# ----- special and odd files


def test_replay_refuses_devices_and_fifos_without_reading_them(cli, tmp_path: Path) -> None:
    assert_one_line_error(cli("replay", "/dev/zero"), "not a regular file")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert_one_line_error(cli("replay", str(fifo)), "not a regular file")  # returns: no hang


def test_the_read_is_bounded_whatever_the_size_claims(
    cli, save_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "MAX_BYTES", 100)
    real = os.fstat

    def lying(fd: int) -> os.stat_result:  # a file that says it is empty (as /proc files do)
        st = list(real(fd))
        st[stat.ST_SIZE] = 0
        return os.stat_result(st)

    monkeypatch.setattr(saves.os, "fstat", lying)
    assert_one_line_error(cli("replay", str(save_file)), "too large")


def test_odd_files_are_one_line(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"format": ' + "1" * 5000 + "}")
    assert_one_line_error(cli("replay", str(big)), "too many digits")
    assert_one_line_error(cli("replay", "a" * 300 + ".json"), "File name too long")
    assert_one_line_error(cli("hint", "twilight", "--load", "a" * 300 + ".json"), "File name too long")
    real_open = os.open

    def denied(path, *args, **kwargs):  # as an unreadable file or an unsearchable folder (not root)
        if "locked" in str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(saves.os, "open", denied)
    assert_one_line_error(
        cli("replay", str(tmp_path / "locked" / "x.json")), "Permission denied", "cannot load"
    )


def test_usage_errors_are_one_line_not_a_box(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["play", "twilight", "--seed", "1" * 5000], ["play"], ["hint", "twilight", "--iters", "0"]):
        with pytest.raises(SystemExit) as exc:
            app(args)
        assert exc.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("error: ") and "--help" in err[0], err


def test_a_closed_stdin_ends_the_game_cleanly(tmp_path: Path) -> None:
    code = "from realpolitik.cli.main import app; app()"
    cmd = f"exec '{sys.executable}' -c '{code}' play twilight --seed 1 --ai {FAST_AI} <&-"
    r = subprocess.run(["sh", "-c", cmd], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "End of input" in r.stdout and "internal error" not in r.stderr + r.stdout


def test_at_a_terminal_a_failed_save_at_quit_offers_another_file(tmp_path: Path) -> None:
    import shutil

    from tests.cli.test_pty import Terminal, _env, _play

    folder = tmp_path / "games"
    folder.mkdir()
    other = tmp_path / "other.json"
    with Terminal(
        _play("--seed", "4", "--seat", "USSR", "--ai", FAST_AI, "--save", str(folder / "g.json")), _env()
    ) as t:
        t.expect(r"USSR> ")
        t.send("1")
        t.expect(r"\(5 left\)(.|\n)*USSR> ")
        shutil.rmtree(folder)  # the folder goes away under the game
        t.send("quit")
        t.expect(r"Save it elsewhere\? File name \(Enter: quit without saving\): ")
        t.send(str(other))
        t.bye_saved_to(other)
    assert t.rc == 0
    assert len(read_game_file(str(other)).state.history) == 1
