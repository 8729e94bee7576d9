"""Output paths: every file the program writes (a save, at ``--save`` or at the prompt, a plot, a
weights file) follows one rule. It is checked before the work starts; a file that is not ours
of the same kind, a device, a FIFO, a link that leads nowhere or a missing folder is refused
with one line and left byte-identical; what is written is written atomically. A tournament's
results file is cut on ``--resume`` only where a kill cut one of its rows short."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from realpolitik.ai.fit import (
    WeightsError,
    check_weights_path,
    is_weights_bytes,
    packaged_weights,
    save_weights,
)
from realpolitik.ai.tournament import (
    InlineExecutor,
    ResultsFile,
    TournamentConfig,
    TournamentError,
    make_config,
    run_games,
)
from realpolitik.cli.common import CliError
from realpolitik.cli.main import app
from realpolitik.cli.outputs import check_plot_path, is_our_png
from realpolitik.cli.saves import build_save, check_save_path, is_save_bytes
from realpolitik.engine import load_game
from realpolitik.engine.core.files import FileRefused, check_output, shown, write_atomic
from tests.cli.conftest import assert_no_crash, assert_one_line_error
from tests.fuzz.paths import special_path

NOTES = b"my notes, not a game\n"


def _save_bytes() -> bytes:
    state = load_game("ideology").new_initial_state(seed=3)
    return (json.dumps(build_save(state, [0], "random", None, 3)) + "\n").encode()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


SPECIALS = ["/dev/null", "/dev/full", "/dev/zero", "fifo", "loop", "dangling", "missing-folder"]


# ----- the rule itself, for every kind of file and any bytes already there


KINDS: dict[str, Callable[[bytes], bool]] = {
    "save": is_save_bytes,
    "plot": is_our_png,
    "weights": is_weights_bytes,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
@given(st.binary(min_size=1, max_size=300))
def test_a_file_not_ours_is_never_replaced(
    tmp_path_factory: pytest.TempPathFactory, kind: str, raw: bytes
) -> None:
    path = tmp_path_factory.mktemp("out") / "f"
    path.write_bytes(raw)
    ours = KINDS[kind](raw)
    try:
        write_atomic(path, b"new", kind=kind, is_ours=KINDS[kind])
    except FileRefused as exc:
        assert not ours and str(exc).startswith(f"cannot write to {path}:")
        assert path.read_bytes() == raw
    else:
        assert ours and path.read_bytes() == b"new"
    assert sorted(p.name for p in path.parent.iterdir()) == ["f"]


def test_each_kind_replaces_only_its_own_kind(tmp_path: Path) -> None:
    save = _save_bytes()
    weights = (json.dumps(packaged_weights("twilight").to_json()) + "\n").encode()
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x19tEXtSoftware\x00realpolitik"
    other_png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x19tEXtSoftware\x00somebody"
    assert is_save_bytes(save) and not is_save_bytes(weights) and not is_save_bytes(png)
    assert is_weights_bytes(weights) and not is_weights_bytes(save)
    assert is_our_png(png) and not is_our_png(other_png) and not is_our_png(save)


@pytest.mark.parametrize("special", SPECIALS)
@pytest.mark.parametrize("check", [check_save_path, check_plot_path, check_weights_path])
def test_special_files_and_missing_folders_are_refused_at_once(
    tmp_path: Path, special: str, check: Callable[[Path], None]
) -> None:
    path = special_path(tmp_path, special)
    with pytest.raises((FileRefused, WeightsError, CliError)) as info:
        check(path)
    assert str(info.value).startswith("cannot ") and str(path) in str(info.value)


def test_an_empty_regular_file_may_be_written_and_force_replaces_anything(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.touch()
    check_output(empty, kind="a save", is_ours=is_save_bytes)
    notes = tmp_path / "notes.txt"
    notes.write_bytes(NOTES)
    check_output(notes, kind="a save", is_ours=is_save_bytes, force=True)
    with pytest.raises(FileRefused, match="not a save"):
        check_output(notes, kind="a save", is_ours=is_save_bytes)


def test_a_link_is_written_through_and_a_mode_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_bytes(_save_bytes())
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, _save_bytes(), kind="a save", is_ours=is_save_bytes)
    assert link.is_symlink() and (real.stat().st_mode & 0o777) == 0o600


def test_names_with_escape_sequences_are_printed_escaped() -> None:
    assert shown("a\x1b[31mred\n.json") == "a\\x1b[31mred\\n.json"
    assert shown("plain é.json") == "plain é.json"


# ----- every writer through the command line


def test_save_at_the_prompt_never_replaces_a_users_file(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "n.txt"
    notes.write_bytes(NOTES)
    r = cli("play", "ideology", "--ai", "random", "--seed", "1", input="1\nsave n.txt\nquit\n")
    assert_no_crash(r)
    assert "cannot save to n.txt: the file exists and is not a realpolitik save" in r.output
    assert notes.read_bytes() == NOTES
    r = cli("play", "ideology", "--ai", "random", "--seed", "1", input="1\nsave g.json\nsave g.json\nquit\n")
    assert r.output.count("Game saved to g.json") == 2 and is_save_bytes((tmp_path / "g.json").read_bytes())


@pytest.mark.parametrize("special", SPECIALS)
def test_play_save_to_a_special_file_is_refused_before_the_game(cli, tmp_path: Path, special: str) -> None:
    path = special_path(tmp_path, special)
    r = cli("play", "ideology", "--ai", "random", "--save", str(path), input="1\nquit\n")
    assert_one_line_error(r, "cannot save to")
    assert "Bye" not in r.output


@pytest.mark.parametrize("existing", ["notes", "save"])
def test_tournament_plot_over_another_file_is_refused_before_any_game(
    cli, tmp_path: Path, existing: str
) -> None:
    target = tmp_path / "p.png"
    target.write_bytes(NOTES if existing == "notes" else _save_bytes())
    before = _digest(target)
    out = tmp_path / "r.jsonl"
    r = cli(
        "tournament", "ideology", "--bot", "a=random", "--bot", "b=random",
        "--games", "2", "--out", str(out), "--plot", str(target),
    )  # fmt: skip
    assert_one_line_error(r, "cannot write --plot", "is not a PNG plot")
    assert _digest(target) == before and not out.exists()


def test_tournament_plot_replaces_its_own_plot(cli, tmp_path: Path) -> None:
    target = tmp_path / "p.png"
    for n in (1, 2):
        r = cli(
            "tournament", "ideology", "--bot", "a=random", "--bot", "b=random",
            "--games", "2", "--out", str(tmp_path / f"r{n}.jsonl"), "--plot", str(target),
        )  # fmt: skip
        assert r.exit_code == 0, r.output
        assert is_our_png(target.read_bytes())


@pytest.mark.parametrize("plot", ["notes", "missing-folder", "fifo"])
def test_review_plot_is_checked_before_the_review(cli, tmp_path: Path, plot: str) -> None:
    save = tmp_path / "s.json"
    save.write_bytes(_save_bytes())
    if plot == "notes":
        target = tmp_path / "notes.txt"
        target.write_bytes(NOTES)
    else:
        target = special_path(tmp_path, plot)
    r = cli("review", str(save), "--json", "--plot", str(target), "--level", "easy", "--workers", "1")
    assert_one_line_error(r, "cannot write --plot")
    assert "moves" not in r.output  # refused before the review, not after it
    if plot == "notes":
        assert target.read_bytes() == NOTES


@pytest.mark.parametrize("command", ["train", "tune"])
@pytest.mark.parametrize("out", ["notes", "save", "fifo", "missing-folder", "/dev/null"])
def test_weights_out_is_checked_before_any_game(cli, tmp_path: Path, command: str, out: str) -> None:
    if out in ("notes", "save"):
        target = tmp_path / "w.json"
        target.write_bytes(NOTES if out == "notes" else _save_bytes())
    else:
        target = special_path(tmp_path, out)
    before = _digest(target) if target.is_file() else None
    args = ["--games", "2"] if command == "train" else ["--pairs", "2", "--batch", "1"]
    r = cli(command, "twilight", *args, "--out", str(target))
    assert_one_line_error(r, "cannot write weights to")
    if before is not None:
        assert _digest(target) == before
        assert "--force" in r.output


def test_train_force_replaces_a_file_and_a_late_failure_keeps_the_weights(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "w.json"
    target.write_bytes(NOTES)
    r = cli("train", "ideology", "--games", "2", "--bot", "random", "--out", str(target), "--force")
    assert r.exit_code == 0, r.output
    assert is_weights_bytes(target.read_bytes())
    monkeypatch.chdir(tmp_path)
    import realpolitik.cli.train as train_module

    def full_disk(weights: object, path: object, force: bool = False) -> None:
        if Path(str(path)) == target:
            raise WeightsError(f"cannot write weights to {path}: No space left on device")
        save_weights(weights, path, force)  # type: ignore[arg-type]

    monkeypatch.setattr(train_module, "save_weights", full_disk)
    r = cli("train", "ideology", "--games", "2", "--bot", "random", "--out", str(target))
    assert_one_line_error(r, "No space left on device", "the weights are in")
    rescued = sorted(tmp_path.glob("w-rescue*.json"))
    assert len(rescued) == 1 and is_weights_bytes(rescued[0].read_bytes())


# ----- the results file on --resume


@pytest.fixture(scope="module")
def results_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, TournamentConfig]:
    cfg = make_config("ideology", [("a", "random"), ("b", "random")], 2, seed=5)
    path = tmp_path_factory.mktemp("results") / "r.jsonl"
    with ResultsFile(path, cfg, resume=False) as results:
        run_games(results, InlineExecutor())
    return path.read_bytes(), cfg


@given(tail=st.binary(min_size=1, max_size=60).filter(lambda b: b"\n" not in b), cut=st.integers(1, 400))
def test_resume_cuts_only_a_row_cut_short(
    tmp_path_factory: pytest.TempPathFactory,
    results_file: tuple[bytes, TournamentConfig],
    tail: bytes,
    cut: int,
) -> None:
    """An unfinished last line is removed only when it is the start of one of the tournament's
    rows (a write a kill cut short); a user's unfinished note is refused, the file unchanged."""
    data, cfg = results_file
    rows = data.splitlines(keepends=True)
    for last in (tail, rows[0][: min(cut, len(rows[0]) - 1)]):
        path = tmp_path_factory.mktemp("r") / "r.jsonl"
        path.write_bytes(data + last)
        is_row_start = rows[0].startswith(last)
        try:
            with ResultsFile(path, cfg, resume=True) as results:
                assert results.truncated == len(last)
        except TournamentError as exc:
            assert not is_row_start and "unfinished line that is not a results row" in str(exc)
            assert path.read_bytes() == data + last
        else:
            assert is_row_start and path.read_bytes() == data


def test_a_full_disk_during_a_tournament_names_the_results_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, results_file: tuple[bytes, TournamentConfig]
) -> None:
    _, cfg = results_file
    path = tmp_path / "r.jsonl"

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    with ResultsFile(path, cfg, resume=False) as results:
        monkeypatch.setattr(os, "fsync", full)
        with pytest.raises(TournamentError, match=f"cannot write to {path}: No space left on device"):
            run_games(results, InlineExecutor())


@given(name=st.text(st.characters(min_codepoint=1, max_codepoint=0x9F), min_size=1, max_size=12))
def test_a_file_name_is_printed_without_its_control_characters(name: str) -> None:
    """A name holding an escape sequence or a newline is shown escaped in the one error line."""
    name = name.replace("/", "_").replace("\x00", "_")
    r = CliRunner().invoke(app, ["replay", f"missing-{name}.json"])
    assert r.exit_code == 1
    line = r.output.strip()
    assert line.startswith("error: ") and "\n" not in line
    assert all(c.isprintable() for c in line), repr(line)


@pytest.mark.parametrize("args", [("games",), ("games", "--json"), ("replay", "RECORD", "--json")])
def test_output_to_a_full_device_is_one_line_naming_it(tmp_path: Path, args: tuple[str, ...]) -> None:
    save = tmp_path / "s.json"
    save.write_bytes(_save_bytes())
    cmd = [sys.executable, "-c", "from realpolitik.cli.main import app; app()"]
    cmd += [str(save) if a == "RECORD" else a for a in args]
    with open("/dev/full", "wb") as full:
        r = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr == "error: cannot write the output (standard output): No space left on device\n"
