"""`realpolitik tournament`: JSON summary, table, plot, one-line errors, kill -9 and --resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.engine import available_games, load_game

RUNNER = CliRunner()
BOTS = ["--bot", "a=random", "--bot", "b=random"]


def _run(*args: str):
    return RUNNER.invoke(app, ["tournament", "twilight", *args])


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_json_summary_and_results_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    res = _run(*BOTS, "--games", "6", "--seed", "3", "--workers", "2", "--out", str(out), "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["game"] == "twilight" and summary["games"] == 6 and summary["failed"] == []
    assert set(summary["bots"]) == {"a", "b"}
    for b in summary["bots"].values():
        assert b["games"] == 6 and 0 <= b["ci95"][0] <= b["win_rate"] <= b["ci95"][1] <= 1
        assert set(b["rating"]) == {"mu", "sigma", "ordinal"}
        assert {s: v["games"] for s, v in b["by_seat"].items()} == {"USSR": 3, "US": 3}
    assert sum(b["wins"] for b in summary["bots"].values()) == pytest.approx(6)
    rows = _rows(out)
    assert sorted(r["game_id"] for r in rows) == list(range(6))
    assert {r["seed"] for r in rows} == {r["record"]["seed"] for r in rows}
    assert all(r["seats"][0]["spec"].startswith("random:seed=") for r in rows)


def test_table_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "p.png"
    res = _run(
        *BOTS, "--games", "4", "--workers", "1", "--out", str(tmp_path / "r.jsonl"), "--plot", str(png)
    )
    assert res.exit_code == 0, res.output
    for text in (
        "twilight: 4 games",
        "95% CI",
        "rating μ±σ",
        "win rate by seat",
        "USSR",
        "random",
        str(tmp_path),
    ):
        assert text in res.stdout.replace("\n", ""), text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000


MULTI = [g for g in available_games() if load_game(g).spec.max_players >= 3]


@pytest.mark.skipif(not MULTI, reason="no registered game takes 3 or more players yet")
def test_three_bots_in_a_registered_multiplayer_game(tmp_path: Path) -> None:
    game = load_game(MULTI[0]).spec
    bots = ["--bot", "a=random", "--bot", "b=random", "--bot", "c=random"]
    res = RUNNER.invoke(
        app,
        [
            "tournament",
            game.name,
            *bots,
            "--games",
            "3",
            "--workers",
            "2",
            "--out",
            str(tmp_path / "r.jsonl"),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["games"] == 3 and list(summary["seats"]) == list(game.seats_for(3))
    for b in summary["bots"].values():  # 3 games = one full rotation: each bot once per seat
        assert b["games"] == 3 and all(v["games"] == 1 for v in b["by_seat"].values())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "a=nosuch", "--bot", "b=random"], "unknown bot 'nosuch'"),
        (["--bot", "a=random", "--bot", "a=random"], "given twice"),
        (["--bot", "random", "--bot", "random"], "given twice"),
        (BOTS + ["--players", "3"], "--players 3 but 2"),
        (["--bot", "a=random"], "players"),
        (BOTS + ["--ray-address", "127.0.0.1:6379"], "--address needs --backend ray"),  # the older name
    ],
)
def test_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    res = _run(*args, "--games", "2", "--out", str(tmp_path / "r.jsonl"))
    assert res.exit_code == 1
    assert (
        message in res.stderr and len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.output
    )
    assert not (tmp_path / "r.jsonl").exists()  # refused before anything was written


def test_existing_results_need_resume(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert _run(*BOTS, "--games", "2", "--workers", "1", "--out", str(out), "--json").exit_code == 0
    res = _run(*BOTS, "--games", "2", "--out", str(out))
    assert res.exit_code == 1 and "--resume" in res.stderr
    res = _run("--bot", "a=random", "--bot", "b=heuristic", "--games", "2", "--out", str(out), "--resume")
    assert res.exit_code == 1 and "another tournament" in res.stderr


def test_missing_ray_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import realpolitik.cli.jobs as cli_jobs

    monkeypatch.setattr(cli_jobs, "_ray_installed", lambda: False)
    res = _run(*BOTS, "--games", "2", "--out", str(tmp_path / "r.jsonl"), "--backend", "ray")
    assert res.exit_code == 1
    assert (
        res.stderr.strip()
        == "error: --backend ray needs Ray, which is not installed: pip install 'realpolitik[ray]'"
    )


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 and process groups are POSIX")
def test_kill_9_then_resume_plays_exactly_the_missing_games(tmp_path: Path) -> None:
    out, games = tmp_path / "r.jsonl", 300
    cmd = [
        sys.executable,
        "-c",
        "from cli.main import app; app()",
        "tournament",
        "twilight",
        *BOTS,
        "--games",
        str(games),
        "--seed",
        "9",
        "--workers",
        "2",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 8):
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)  # the parent, mid-run: no cleanup at all
        proc.wait(10)
        deadline = time.monotonic() + 15  # its workers notice and end by themselves
        while _group_alive(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _group_alive(proc.pid), "worker processes outlived their killed parent"
    finally:
        if _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
    data = out.read_bytes()
    complete = data[: data.rfind(b"\n") + 1].splitlines()
    ids = [json.loads(line)["game_id"] for line in complete]  # every complete line is a row
    assert 8 <= len(ids) < games and len(set(ids)) == len(ids)
    # as if the kill had cut a write short, and a row were written twice: neither counts
    with out.open("ab") as f:
        f.write(complete[0] + b"\n" + complete[1][:50])
    res = subprocess.run([*cmd, "--resume", "--json"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert summary["games"] == games and all(b["games"] == games for b in summary["bots"].values())
    assert "1 repeated" in res.stderr and "cut 50 bytes" in res.stderr
    rows = _rows(out)
    assert sorted({r["game_id"] for r in rows}) == list(range(games))
    assert len(rows) == games + 1  # the one duplicate we wrote, never counted
    for b in summary["bots"].values():
        assert b["by_seat"]["USSR"]["games"] == b["by_seat"]["US"]["games"] == games // 2
