"""``realpolitik play`` in a real pseudo-terminal: the interactive prompts, a few moves, quit."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from realpolitik.cli.saves import read_game_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """A child process on a pseudo-terminal of 80x24, read with timeouts."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(
            args,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        self.raw = b""
        self.rc: int | None = None
        """The exit status, once closed at the end of a ``with`` block."""

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """Read until ``pattern`` (a regex) appears in the colour-stripped output."""
        deadline = time.monotonic() + timeout
        while True:
            text = ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")
            if re.search(pattern, text):
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; got:\n{text[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk and self.proc.poll() is not None:
                    raise AssertionError(f"the program ended before {pattern!r}; got:\n{text[-3000:]}")
                self.raw += chunk

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def mark(self) -> int:
        return len(self.raw)

    def quit_without_saving(self) -> str:
        """Type ``quit``, answer the save question with Enter and read to the goodbye."""
        self.send("quit")
        self.expect(r"Save the game\?")
        self.send("")
        return self.expect(r"Bye\.")

    def bye_saved_to(self, path: Path) -> None:
        """Read to the goodbye, which says the game was saved to ``path``."""
        assert f"Game saved to {path}" in self.expect(r"Bye\.")

    def close(self) -> int:
        try:
            rc = self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            os.close(self.master)
        return rc

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        """The program's exit status is ``rc`` once it has ended (killed if it does not)."""
        self.rc = self.close()


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update({"TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}, **extra)
    return env


def _play(*args: str) -> list[str]:
    """``play twilight`` in the line mode (``--plain``: a terminal otherwise gets the full screen)."""
    return [sys.executable, "-c", "from cli.main import main; main()", "play", "twilight", "--plain", *args]


def test_play_in_a_real_terminal_asks_moves_undoes_and_saves_on_quit(tmp_path: Path) -> None:
    save = tmp_path / "pty.json"
    with Terminal(_play("--seed", "4", "--ai", "ismcts:iters=5", "--no-color"), _env()) as t:
        t.expect(r"Which side do you play\? 1 USSR, 2 US \[1\]: ")
        t.send("")  # Enter: the first seat
        t.expect(r"USSR setup: place 1 influence.*\(6 left\)(.|\n)*USSR> ")
        m = t.mark()
        t.send("1")
        t.expect(r"\(5 left\)(.|\n)*USSR> ")
        t.send("place Poland")
        t.expect(r"Poland: USSR 0->1(.|\n)*USSR> ")
        t.send("show iran")
        t.expect(r"Iran \(Middle East\)(.|\n)*USSR> ")
        t.send("bogus")
        t.expect(r"'bogus' is not a legal move here(.|\n)*USSR> ")
        t.send("undo")
        t.expect(r"Undone: back to your previous decision \(1 action played\)(.|\n)*\(5 left\)(.|\n)*USSR> ")
        t.send("quit")
        t.expect(r"Save the game\? File name \(Enter: quit without saving\): ")
        t.send(str(save))
        t.bye_saved_to(save)
        coloured = t.raw[m:].decode("utf-8", "replace")
        assert "\x1b[31m" not in coloured and "\x1b[34m" not in coloured  # --no-color
    assert t.rc == 0
    state = read_game_file(str(save)).state
    assert len(state.history) == 1


def test_play_in_a_real_terminal_uses_colour_unless_told_not_to(tmp_path: Path) -> None:
    with Terminal(_play("--seed", "4", "--seat", "US", "--ai", "random"), _env()) as t:
        t.expect(r"US setup: place 1 influence(.|\n)*US> ")
        assert re.search(rb"\x1b\[[0-9;]*3[14]m", t.raw)  # red or blue
        assert "Not saved." in t.quit_without_saving()
    assert t.rc == 0


def test_no_color_environment_variable_in_a_real_terminal() -> None:
    with Terminal(_play("--seed", "4", "--seat", "US", "--ai", "random"), _env(NO_COLOR="1")) as t:
        t.expect(r"US setup: place 1 influence(.|\n)*US> ")
        assert not re.search(rb"\x1b\[[0-9;]*3[14]m", t.raw)
        t.quit_without_saving()
    assert t.rc == 0


def test_a_progress_bar_shows_while_the_ai_thinks() -> None:
    with Terminal(_play("--seed", "4", "--seat", "US", "--ai", "ismcts:time=0.5,iters=500000"), _env()) as t:
        text = t.expect(r"US setup: place 1 influence(.|\n)*US> ", timeout=60)
        assert re.search(r"USSR thinking: .* \d+/500000 iterations", text)  # iterations done, of the budget
        t.quit_without_saving()
    assert t.rc == 0


def test_at_a_terminal_play_opens_the_full_screen_and_quits_cleanly(tmp_path: Path) -> None:
    """Without --plain a terminal gets the full screen (``cli/tui.py``): it draws its panes,
    takes a choice by its number, saves on 's' to --save and quits on 'q'."""
    save = tmp_path / "full.json"
    args = [sys.executable, "-c", "from cli.main import main; main()", "play", "twilight"]
    with Terminal(
        [*args, "--seed", "4", "--seat", "USSR", "--ai", "random", "--save", str(save)], _env()
    ) as t:
        t.expect(r"Tracks(.|\n)*Board(.|\n)*USSR setup: place 1 influence")
        os.write(t.master, b"1\r")
        t.expect(r"USSR: place")
        os.write(t.master, b"q")
        t.bye_saved_to(save)
    assert t.rc == 0
    assert len(read_game_file(str(save)).state.history) == 1


def test_at_a_terminal_without_a_seat_the_full_screen_asks_the_side(tmp_path: Path) -> None:
    """No --seat: the side is asked inside the full screen, not in line mode before it opens."""
    save = tmp_path / "side.json"
    args = [sys.executable, "-c", "from cli.main import main; main()", "play", "twilight"]
    with Terminal([*args, "--seed", "4", "--ai", "random", "--save", str(save)], _env()) as t:
        text = t.expect(r"Which side do you play\?(.|\n)*2 US")
        assert "[1]:" not in text  # not the line mode's question
        os.write(t.master, b"2")
        t.expect(r"US setup")
        os.write(t.master, b"q")
        t.expect(r"Bye\.")
    assert t.rc == 0
    assert read_game_file(str(save)).humans == [1]
