"""The line mode as a player meets it: the newest events last above the prompt, moves that
lose marked and confirmed, refusals with their rule, undo after the end, the game-over
summary, and hints that explain themselves and mark expected replies."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from realpolitik.cli.play import PlayLoop
from realpolitik.cli.screen import Renderer
from realpolitik.cli.session import Session
from realpolitik.engine.twilight.game import GAME
from tests.cli.conftest import FAST_AI
from tests.twilight.helpers import USSR, c, play, position

PLAY = ("play", "twilight", "--seed", "1", "--ai", FAST_AI)


def lines(*items: str) -> str:
    return "".join(f"{i}\n" for i in items)


def _loop(state, monkeypatch: pytest.MonkeyPatch, typed: str) -> tuple[PlayLoop, io.StringIO]:
    state.history = []  # a position set up by hand: no record behind it (nothing to undo)
    out = io.StringIO()
    console = Console(file=out, width=80, no_color=True, highlight=False, markup=False, emoji=False)
    session = Session(GAME, state, [USSR], "random", None, 1, Renderer(GAME))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return PlayLoop(session, console, None, tty=False, progress=False), out


def test_a_losing_coup_is_marked_and_needs_a_yes(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(defcon=2, inf={"angola": (0, 1), "cameroon": (0, 1)})
    play(s, USSR, 7, "coup")
    loop, out = _loop(s, monkeypatch, lines("coup Angola", "no", "coup Angola", "yes"))
    loop.present(USSR)
    listing = out.getvalue()
    assert re.search(r"Angola 0/1 \(succeeds 100%, up to 7, DEFCON 2->1, mil ops \+3\) \[LOSES\]", listing)
    assert "Cameroon 0/1 (succeeds 100%, up to 7, DEFCON stays, mil ops +3)" in listing
    assert "[LOSES]" not in listing.split("Cameroon")[1]
    assert loop.decide(USSR).kind == "moved"
    text = out.getvalue()
    assert "Careful: 'coup Angola' loses the game at once (the US wins" in text
    assert text.count("Play it anyway? (yes/no)") == 2
    assert "Not played; choose again." in text
    assert loop.s.state.is_terminal() and loop.s.state.returns() == [0.0, 1.0]


def test_a_refused_move_says_why_with_its_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(inf={"east_germany": (3, 0)})
    play(s, USSR, 7, "influence")
    loop, out = _loop(s, monkeypatch, lines("place France", "influence Poland"))
    loop.present(USSR)
    loop.decide(USSR)
    assert "'place France' is not legal: no adjacent influence (6.1.1)" in out.getvalue()
    assert loop.s.state.influence(USSR, c("poland")) == 1


def test_newest_events_are_the_last_lines_above_the_prompt(cli) -> None:
    r = cli(*PLAY, "--no-color", input=lines(*["1"] * 14))
    out = r.output
    assert out.count("Since your last decision:") >= 2
    for block in out.split("Since your last decision:")[1:]:
        after = block.split("USSR> ")[0].splitlines()[1:]
        assert after and all(line.startswith("  ") for line in after), after  # log lines only
    # the board once per round: far fewer maps than prompts
    assert out.count("-- Europe") < out.count("USSR> ") / 2


def _game_to_the_end(cli, tmp_path: Path, extra: list[str]) -> tuple[str, int]:
    save = tmp_path / "g.json"
    r = cli("play", "twilight", "--seed", "3", "--ai", "random", "--no-color", input=lines(*["1"] * 2000))
    prompts = r.output.count("USSR> ")
    r = cli(
        "play", "twilight", "--seed", "3", "--ai", "random", "--no-color", "--save", str(save),
        input=lines(*(["1"] * prompts + extra)),
    )  # fmt: skip
    return r.output, prompts


def test_game_over_summary_and_undo_after_the_end(cli, tmp_path: Path) -> None:
    out, _ = _game_to_the_end(cli, tmp_path, ["undo", "1"])
    end = out.index("Game over: ")
    summary = out[end:]
    assert re.search(r"By turn: T1 VP [^;]+; T2 VP", summary)
    assert "Decisive moments (the winner's chances by the evaluator):" in summary
    assert len(re.findall(r"^  turn \d+, action \d+: ", summary, re.M)) == 3
    assert "Type 'undo' to take back your last decision, or Enter to leave: undo" in summary
    assert "Undone: back to your last decision" in summary
    assert summary.count("USSR> ") >= 1  # the game went on from there


def test_hint_explains_its_move_and_marks_expected_replies(cli, tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    cli(*PLAY, "--save", str(save), input=lines(*["1"] * 6, "1"))
    r = cli("hint", "twilight", "--load", str(save), "--iters", "400", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    listing = cli("hint", "twilight", "--load", str(save), "--iters", "400", "--no-color").output
    first = data["moves"][0]
    assert isinstance(first["choice"], int) and first["choice"] >= 1
    assert re.search(rf"^\s+{first['choice']}\s+{re.escape(first['text'][:30])}", listing, re.M)
    assert data["explanation"]
    assert f"Why {first['text']}: {data['explanation']}"[:60] in listing.replace("\n    ", " ")
    line = [t for m in data["moves"] for t in m["pv"]]
    assert any(t.endswith("(US, expected)") for t in line)  # the opponent's replies, marked
    assert not any("(USSR, expected)" in t for t in line)  # the hinted seat's own are not


def test_play_odds_are_listed_for_space_race_choices(cli) -> None:
    r = cli(*PLAY, "--no-color", input=lines(*["1"] * 6, "1"))
    assert re.search(r"\d+ space \(box 1 on 1-3: 50%\)", r.output)
