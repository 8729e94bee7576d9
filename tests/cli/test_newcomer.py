"""The small things a newcomer hits first, each a defect once: a plot at 0 %/100 %, seat and
setup prompts, quitting right after a save, ``replay --to``, player counts, flag help, the
version, plurals, the region table's header, the games table's columns, and a benchmark that
talked in a test run."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from realpolitik.ai.stats import wilson_interval
from realpolitik.cli.tournament import plot_summary
from realpolitik.engine import load_game
from realpolitik.engine.core.api import InvalidState, check_players
from tests.cli.conftest import FAST_AI
from tests.cli.test_pty import Terminal, _env, _play

ROOT = Path(__file__).resolve().parents[2]
PLAY = ("play", "twilight", "--seed", "1", "--ai", FAST_AI)


def lines(*items: str) -> str:
    return "".join(f"{i}\n" for i in items)


def _rate(wins: int, games: int) -> dict:
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "ci95": list(wilson_interval(wins, games)),
    }


def test_plot_draws_rates_of_0_and_100_percent(tmp_path: Path) -> None:
    seats = {"USSR": _rate(7, 7), "US": _rate(0, 7)}
    summary = {
        "game": "twilight",
        "games": 14,
        "bots": {
            "a": {**_rate(14, 14), "by_seat": {"USSR": _rate(7, 7), "US": _rate(7, 7)}},
            "b": {**_rate(0, 14), "by_seat": {"USSR": _rate(0, 7), "US": _rate(0, 7)}},
        },
        "seats": seats,
    }
    out = tmp_path / "p.png"
    plot_summary(summary, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_make_play_names_the_seat_the_readme_promises() -> None:
    make = (ROOT / "Makefile").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "(you are the USSR)" in readme
    assert "realpolitik play twilight --seat USSR" in make


def test_a_seat_given_on_the_command_line_is_not_asked_again_at_a_terminal() -> None:
    t = Terminal(_play("--seed", "4", "--seat", "USSR", "--ai", FAST_AI, "--no-color"), _env())
    try:
        text = t.expect(r"USSR setup: place 1 influence in Eastern Europe(.|\n)*USSR> ")
        assert "Which side" not in text
        t.quit_without_saving()
    finally:
        rc = t.close()
    assert rc == 0


def test_quit_right_after_save_does_not_ask_for_a_file_again(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    t = Terminal(_play("--seed", "4", "--seat", "USSR", "--ai", FAST_AI, "--no-color"), _env())
    try:
        t.expect(r"USSR> ")
        t.send(f"save {save}")
        t.expect(r"Game saved to .*\(0 actions\)(.|\n)*USSR> ")
        t.send("quit")
        text = t.expect(r"Bye\.")
        assert "Already saved to" in text
        assert "Save the game?" not in text
    finally:
        rc = t.close()
    assert rc == 0


def test_quit_after_a_move_following_a_save_still_offers_to_save(cli, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = cli(*PLAY, input=lines(f"save {save}", "quit"))
    assert "Already saved to" in r.output
    r = cli(*PLAY, input=lines(f"save {save}", "1", "quit"))
    assert "Already saved to" not in r.output and "Not saved" in r.output


def test_replay_to_stops_there(cli, tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    cli(*PLAY, "--save", str(save), input=lines(*["1"] * 10))
    total = len(json.loads(save.read_text())["record"]["actions"])
    r = cli("replay", str(save), "--to", "3", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.rstrip().splitlines()[-1] == (
        f"Stopped after 3 of {total} actions (without --to, the replay goes on to the end)."
    )
    assert "Result:" not in r.output and "Not finished:" not in r.output
    assert "    4. " not in r.output  # no action after the third


def test_a_fixed_player_count_is_said_once() -> None:
    with pytest.raises(InvalidState, match=r"Twilight Struggle takes 2 players, not 3$"):
        check_players(load_game("twilight").spec, 3)
    with pytest.raises(InvalidState, match=r"Ideology: The War of Ideas takes 2–5 players, not 6$"):
        check_players(load_game("ideology").spec, 6)


def test_plain_flags_show_no_value_type_in_help(cli) -> None:
    for cmd in (("play", "--help"), ("tournament", "--help"), ("hint", "--help"), ("replay", "--help")):
        r = cli(*cmd, env={"COLUMNS": "120"})
        assert r.exit_code == 0
        assert "<bool>" not in r.output
    assert "<int>" in cli("play", "--help", env={"COLUMNS": "120"}).output  # values keep theirs


def test_version(cli) -> None:
    from importlib.metadata import version

    r = cli("--version")
    assert r.exit_code == 0
    assert r.output.strip() == f"realpolitik {version('realpolitik')}"


def test_counts_take_the_singular_for_one(cli) -> None:
    r = cli(*PLAY, input=lines("1", "undo"))
    assert "Undone: back to your previous decision (0 actions played)." in r.output
    r = cli(*PLAY, input=lines("1", "2", "undo"))
    assert "Undone: back to your previous decision (1 action played)." in r.output


def test_setup_prompts_name_each_side_s_own_region(cli) -> None:
    r = cli(*PLAY, input="")
    assert "USSR setup: place 1 influence in Eastern Europe (6 left)" in r.output
    r = cli("play", "twilight", "--seed", "1", "--seat", "US", "--ai", FAST_AI, input="")
    assert "US setup: place 1 influence in Western Europe (7 left)" in r.output


def test_show_region_has_a_column_header(cli) -> None:
    r = cli(*PLAY, "--no-color", input=lines("show europe"))
    out = r.output
    start = out.index("countries/battlegrounds controlled")
    table = out[start:].splitlines()
    assert table[1].split() == ["Country", "St", "USSR", "US", "Ctrl"]


def test_the_tournament_benchmark_reports_its_figures_and_prints_nothing() -> None:
    source = (ROOT / "bench" / "test_bench_tournament.py").read_text()
    assert "print(" not in source and "target >=" not in source
    assert "extra_info.update(" in source and "speedup=" in source


def test_the_game_a_player_gets_is_the_compiled_one_when_it_is_built() -> None:
    """Importing the command line first (as ``realpolitik play`` does) once left Twilight
    Struggle on the pure reference: the default was decided inside an import cycle."""
    import os
    import subprocess
    import sys

    from realpolitik.engine.twilight.game import CompiledTwilightState

    code = (
        "import realpolitik.cli.main\n"
        "from realpolitik.engine import load_game\n"
        "print(load_game('twilight').implementation)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REALPOLITIK_PURE"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("compiled" if CompiledTwilightState is not None else "pure")
    env["REALPOLITIK_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.stdout.strip() == "pure"


def test_games_table_lines_up_every_column(cli) -> None:
    # The longest title (How to Invade's) once pushed its row's player count and seats out of line.
    result = cli("games")
    assert result.exit_code == 0
    rows = result.output.splitlines()
    assert len(rows) == 4
    assert len({row.index(" players  seats:") for row in rows}) == 1
    titles = {row.split("  ")[0].strip(): row for row in rows}
    assert "How to Invade a Sovereign Nation and Become Rich" in titles["invasion"]


def test_every_commands_help_wraps_whole_paragraphs_at_80_columns(cli) -> None:
    """No command's description breaks a line mid-sentence (Typer keeps a docstring's own line
    breaks; train's once ended lines after 'sampled positions' and 'the games')."""
    for command in (
        "play",
        "hint",
        "replay",
        "review",
        "tournament",
        "bench",
        "train",
        "tune",
        "games",
        "data",
    ):
        r = cli(command, "--help", env={"COLUMNS": "80", "TERM": "dumb"})
        assert r.exit_code == 0, command
        head = r.output.split("╭")[0]
        lines = [line.rstrip() for line in head.splitlines()[2:]]
        for line, after in itertools.pairwise(lines):
            if line and after and not line.endswith((".", ":", ")")):
                assert len(line) > 60, (command, line)
