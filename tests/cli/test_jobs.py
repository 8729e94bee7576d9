"""What the long commands share (``cli.jobs``): the executor options, refused in one line
before any work, results that do not depend on the number of workers, and the progress bar."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

import realpolitik.cli.jobs as jobs

LONG = {
    "tournament": ["tournament", "invasion", "--bot", "random", "--bot", "random", "--bot", "random",
                   "--games", "2", "--out", "{tmp}/r.jsonl"],
    "balance": ["balance", "invasion", "--games", "2"],
    "tune": ["tune", "ideology", "--pairs", "8", "--out", "{tmp}/w.json"],
    "train": ["train", "invasion", "--games", "2", "--out", "{tmp}/w.json"],
    "review": ["review", "{tmp}/none.json"],
}  # fmt: skip


def _args(name: str, tmp: Path, *more: str) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in LONG[name]] + list(more)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens there once closed


@pytest.mark.parametrize("name", list(LONG))
def test_backend_options_are_refused_in_one_line_before_any_work(
    cli, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = [
        (["--address", "127.0.0.1:6379"], "error: --address needs --backend ray"),
        (["--backend", "ray", "--address", "nowhere"], "error: --address must be HOST:PORT of a Ray head"),
        (
            ["--backend", "ray", "--address", f"127.0.0.1:{_closed_port()}"],
            "error: no Ray cluster at 127.0.0.1:",
        ),
        (["--backend", "nonsense"], "nonsense"),
    ]
    for more, start in cases:
        res = cli(*_args(name, tmp_path, *more))
        assert res.exit_code != 0 and "Traceback" not in res.output, (more, res.output)
        assert (
            res.stderr.strip().splitlines()[-1].startswith(start)
            if start.startswith("error")
            else start in res.output
        )
    monkeypatch.setattr(jobs, "_ray_installed", lambda: False)
    res = cli(*_args(name, tmp_path, "--backend", "ray"))
    assert res.exit_code == 1 and res.stderr.strip() == f"error: {jobs.RAY_INSTALL_HINT}"
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("name", ["tune", "train", "review"])
def test_data_folders_stay_on_the_local_backend(cli, name: str, tmp_path: Path) -> None:
    res = cli(*_args(name, tmp_path, "--backend", "ray", "--data", str(tmp_path)))
    assert res.exit_code == 1 and res.stderr.strip() == (
        "error: --data works with --backend local only for this command (Ray's workers read the packaged data)"
    )


def test_train_gives_the_same_weights_with_one_worker_or_two(cli, tmp_path: Path) -> None:
    args = ("train", "invasion", "--games", "4", "--rate", "0.5", "--seed", "2", "--json")
    one = cli(*args, "--workers", "1", "--out", str(tmp_path / "1.json"))
    two = cli(*args, "--workers", "2", "--out", str(tmp_path / "2.json"))
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()


def test_balance_gives_the_same_rows_with_one_worker_or_two(cli, tmp_path: Path) -> None:
    args = (
        "balance",
        "invasion",
        "--players",
        "3",
        "--bot",
        "heuristic",
        "--games",
        "6",
        "--seed",
        "4",
        "--json",
    )
    for n in ("1", "2"):
        res = cli(*args, "--workers", n, "--out", str(tmp_path / f"{n}.jsonl"))
        assert res.exit_code == 0, res.output

    def rows(name: str) -> list[dict]:
        lines = (tmp_path / name).read_text().splitlines()
        return sorted(({k: v for k, v in json.loads(x).items() if k != "duration"} for x in lines),
                      key=lambda r: r["game_id"])  # fmt: skip

    assert len(rows("1.jsonl")) == 6 and rows("1.jsonl") == rows("2.jsonl")


def test_the_progress_bar_shows_the_time_left_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    with jobs.Progress(4, "game", True) as bar:
        for _ in range(4):
            bar.update()
        bar.postfix("a 50.0%")
    err = capsys.readouterr().err
    assert "4/4" in err and "<00:00" in err and "game/s" in err and "a 50.0%" in err
    with jobs.Progress(4, "game", False) as bar:  # off: nothing at all
        bar.update(4)
    assert capsys.readouterr().err == ""


def test_no_progress_bar_without_a_terminal_with_json_or_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    assert (
        jobs.progress_wanted()
        and not jobs.progress_wanted(as_json=True)
        and not jobs.progress_wanted(quiet=True)
    )
    monkeypatch.setattr("sys.stderr.isatty", lambda: False)
    assert not jobs.progress_wanted()
