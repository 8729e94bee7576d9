"""The line mode as a player meets it: the newest events last above the prompt, moves that
lose marked and confirmed, refusals with their rule, undo after the end, the game-over
summary, and hints that explain themselves and mark expected replies."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from realpolitik.cli.play import PlayLoop
from realpolitik.cli.screen import Renderer
from realpolitik.cli.session import Session
from realpolitik.engine import load_game
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


class _EveryMoveLoses(Renderer):
    """A renderer whose look-ahead finds that every move loses (or, with ``risky``, that one
    move loses for sure and the other with some probability)."""

    def __init__(self, game, risky: bool = False) -> None:
        super().__init__(game)
        self.risky = risky

    def danger(self, state, action: int, seat: int) -> str | None:
        if self.risky and action == 1:
            return "loses the game at once with probability 50% (blue wins)"
        return "loses the game at once (blue wins)"


def test_when_every_move_loses_none_is_marked_and_none_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost position says so once and plays the chosen move without a confirmation
    (before, every move was marked [LOSES] and each needed a 'yes', so a lost game asked for
    ever)."""
    from tests.cli import toygame

    state = toygame.GAME.new_initial_state(players=2, seed=1)
    r = _EveryMoveLoses(toygame.GAME)
    marked = r.marked_choices(state, 0)
    assert marked.dangers == {}
    assert marked.all_lose == "Every move here loses the game at once (blue wins)."
    assert all("[LOSES]" not in label for _, items in marked.groups for _, label in items)

    out = io.StringIO()
    console = Console(file=out, width=80, no_color=True, highlight=False, markup=False, emoji=False)
    session = Session(toygame.GAME, state, [0], "random", None, 1, r)
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines("1")))
    loop = PlayLoop(session, console, None, tty=False, progress=False)
    loop.present(0)
    assert loop.decide(0).kind == "moved"
    text = out.getvalue()
    assert text.count("Every move here loses the game at once (blue wins).") == 1
    assert "Careful" not in text and "Play it anyway" not in text


def test_a_sure_loss_beside_a_risky_move_is_still_marked() -> None:
    """Where every move risks the game, the moves that lose it for sure keep their mark."""
    from tests.cli import toygame

    state = toygame.GAME.new_initial_state(players=2, seed=1)
    marked = _EveryMoveLoses(toygame.GAME, risky=True).marked_choices(state, 0)
    assert list(marked.dangers) == [0]
    assert marked.all_lose is None
    labels = dict(item for _, items in marked.groups for item in items)
    assert labels[0].endswith("[LOSES]") and not labels[1].endswith("[LOSES]")


def test_a_losing_move_names_its_ending_without_doubled_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ending inside the warning keeps one full stop of its own, not '12).).'."""
    from tests.cli import toygame

    monkeypatch.setattr(Renderer, "result", lambda self, state: "Blue wins (red 7, blue 8).")
    state = toygame.GAME.new_initial_state(players=2, seed=1)
    state.pos = [7, 7]
    state.turn = 1
    r = Renderer(toygame.GAME)
    assert r.danger(state, toygame.STEP, 1) is None  # blue steps to 8 and wins
    assert r.danger(state, toygame.STEP, 0) == "loses the game at once (Blue wins (red 7, blue 8))"


def test_decisive_moments_come_from_different_turns() -> None:
    """The summary names at most one moment a turn: three setup placements of the same turn,
    each '+11 points', once filled it."""
    from realpolitik.cli.advice import summarize_game
    from realpolitik.engine.core.records import replay

    g = load_game("ideology")
    s = g.new_initial_state(players=3, seed=0)  # two of the three were in turn 29
    rng = random.Random(0)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    summary = summarize_game(g, replay(g, s.to_json()))
    turns = [turn for _, turn, _, _ in summary.moments]
    assert len(summary.moments) == 3 and len(set(turns)) == 3, summary.moments
