"""Signals: SIGTERM and SIGHUP stop a command the way Ctrl-C (SIGINT) does. A game is saved
(even one where the computer is still thinking over its first move), a tournament keeps its
finished games; no traceback, no warning from the process pool."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from realpolitik.cli.saves import read_game_file

SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


def _as_in_a_terminal() -> None:
    """The stop signals' default disposition, as a command typed at a terminal has it: a test run
    started in the background by a script inherits SIGINT ignored (POSIX shells ignore it for
    asynchronous commands), and the command under test would then never see its Ctrl-C."""
    for sig in SIGNALS:
        signal.signal(sig, signal.SIG_DFL)


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    code = "from realpolitik.cli.main import app; app()"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,  # kept open: the program waits on the computer, not on input
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
        preexec_fn=_as_in_a_terminal,
    )


def _wait_for(proc: subprocess.Popen[str], needle: str) -> list[str]:
    """Standard output's lines up to the first holding ``needle`` (the command is running)."""
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if needle in line:
            return seen
    raise AssertionError(f"the command ended before printing {needle!r}: {''.join(seen)}")


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_while_the_computer_thinks_saves_the_game(tmp_path: Path, sig: int) -> None:
    save = tmp_path / "g.json"
    proc = _start(
        [
            "play",
            "twilight",
            "--seat",
            "US",
            "--seed",
            "3",
            "--ai",
            "ismcts:iters=400000",
            "--save",
            str(save),
        ],
        tmp_path,
    )
    try:
        _wait_for(proc, "Type a choice number")
        time.sleep(1)  # past the last line of the introduction: the computer is thinking
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in out + err and "Interrupted." in out
    loaded = read_game_file(str(save))
    assert loaded.is_save and loaded.humans == [1]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_ends_a_tournament_cleanly(tmp_path: Path, sig: int) -> None:
    out_file = tmp_path / "r.jsonl"
    proc = _start(
        ["tournament", "twilight", "--bot", "a=ismcts:iters=3000", "--bot", "b=random",
         "--games", "50", "--workers", "2", "--out", str(out_file)],
        tmp_path,
    )  # fmt: skip
    try:
        # Standard error stays quiet without a terminal; the results file appears at the start.
        for _ in range(600):
            if out_file.exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        time.sleep(1)  # the pool is starting its workers or they are playing
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in out + err and "leaked" not in err, err
    assert "interrupted" in err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_in_the_full_screen_saves_the_game(tmp_path: Path, sig: int) -> None:
    """The full screen takes Ctrl-C as a key; a stop signal closes it and saves to --save."""
    from tests.cli.test_pty import Terminal, _env

    save = tmp_path / "full.json"
    args = [sys.executable, "-c", "from realpolitik.cli.main import app; app()", "play", "twilight"]
    t = Terminal(
        [*args, "--seed", "4", "--seat", "US", "--ai", "ismcts:iters=400000", "--save", str(save)], _env()
    )
    try:
        t.expect(r"Tracks(.|\n)*Board")
        time.sleep(1)  # the computer is thinking over the USSR's first move
        t.proc.send_signal(sig)
        text = t.expect(r"Interrupted\.")
        assert f"Game saved to {save}" in text and "Traceback" not in text
    finally:
        rc = t.close()
    assert rc == 130
    assert read_game_file(str(save)).humans == [1]
