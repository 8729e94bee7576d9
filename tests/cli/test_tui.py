"""The full screen of ``realpolitik play`` (``cli/tui.py``), driven by Textual's headless pilot:
whole turns of Twilight Struggle and Ideology, typed moves, undo, save, help, hint, resizing,
a game without a presentation, hot seat and an engine failure."""

from __future__ import annotations

import asyncio
import io
import random
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, Static

from realpolitik.ai.bots import make_bot
from realpolitik.cli.saves import read_game_file
from realpolitik.cli.screen import Renderer
from realpolitik.cli.session import Session
from realpolitik.cli.tui import AskScreen, FullScreen, TextScreen, intro_lines
from realpolitik.cli.tui_views import ConfirmScreen, SeatScreen
from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.records import replay
from tests.cli.conftest import FAST_AI
from tests.games import every_game

SIZE = (100, 30)
"""The smallest screen the full screen is laid out for."""


def session(game: str, seed: int, humans: list[int] | None = None, players: int | None = None) -> Session:
    g = load_game(game)
    state = g.new_initial_state(players=players, seed=seed)
    return Session(g, state, humans if humans is not None else [0], FAST_AI, None, seed, Renderer(g))


def plain(renderable: Any) -> str:
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def pane(app: FullScreen, selector: str) -> str:
    return plain(app.query_one(selector, Static).content)


def log_text(app: FullScreen) -> str:
    return "\n".join(strip.text for strip in app.query_one(RichLog).lines)


async def settle(app: FullScreen, pilot: Pilot[int]) -> None:
    """Wait until the computer has moved and a human decides (or the game is over)."""
    for _ in range(4000):
        await pilot.pause()
        if (not app.busy and (app.seat is not None or app.s.over())) or app.error is not None:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the computer did not finish moving")


async def choose(app: FullScreen, pilot: Pilot[int], n: int) -> None:
    """Type choice ``n`` by its digits and press Enter."""
    await pilot.press(*str(n), "enter")
    await settle(app, pilot)


def run(app: FullScreen, script: Callable[[FullScreen, Pilot[int]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await script(app, pilot)

    asyncio.run(main())


def test_a_whole_twilight_turn_at_100x30(tmp_path: Path) -> None:
    app = FullScreen(session("twilight", 1), str(tmp_path / "auto.json"))
    rng = random.Random(2)

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        assert "USSR setup: place 1 influence" in pane(app, "#question")
        board = pane(app, "#board-text")
        assert "-- Europe" in board and "-- Africa" in board and "*East Germany" in board
        assert "St" in board and "Ctrl" in board  # stability and control columns
        assert "DEFCON 5" in pane(app, "#tracks-text") and "Space race" in pane(app, "#tracks-text")
        assert "USSR hand (8 cards)" in pane(app, "#hand-text")
        assert "US hand: 8 cards" in pane(app, "#hand-text")  # the opponent's cards stay hidden
        assert "T1" in pane(app, "#statusbar") and "DEFCON 5" in pane(app, "#statusbar")
        decisions = 0
        while app.s.state.turn == 1 and not app.s.over():
            assert app.choices.actions, pane(app, "#question")
            before = len(app.s.state.history)
            await choose(app, pilot, rng.randint(1, min(3, len(app.choices.actions))))
            assert len(app.s.state.history) > before
            decisions += 1
        assert app.s.state.turn == 2, log_text(app)[-2000:]
        assert decisions >= 10
        text = log_text(app)
        assert "USSR: place" in text and "US plays" in text and "--- turn 2 begins" in text
        log = app.query_one(RichLog)
        assert log.scroll_y == log.max_scroll_y  # the newest line is in view
        assert log.max_scroll_x == 0  # long lines wrap within the pane
        saved = read_game_file(str(tmp_path / "auto.json")).state  # autosaved after each move of ours
        assert 0 < len(saved.history) <= len(app.s.state.history)
        assert saved.history == app.s.state.history[: len(saved.history)]

    run(app, script)


def test_an_ideology_turn_at_100x30() -> None:
    app = FullScreen(session("ideology", 3, players=3))
    rng = random.Random(5)

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        assert "Independent regions" in pane(app, "#board-text")  # the presentation's board
        assert "Turn order" in pane(app, "#tracks-text") and "Diplomacy" in pane(app, "#tracks-text")
        assert "Your hand" in pane(app, "#hand-text")
        start = app.s.state.turn
        decisions = 0
        while app.s.state.turn == start and not app.s.over():
            await choose(app, pilot, rng.randint(1, len(app.choices.actions)))
            decisions += 1
        assert app.s.state.turn == start + 1
        assert decisions >= 2
        assert f"Turn {start + 1}" in pane(app, "#statusbar")

    run(app, script)


def test_undo_takes_back_a_decision_and_the_moves_since() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await pilot.press("u")
        assert "Nothing to undo" in pane(app, "#notice")
        await choose(app, pilot, 1)
        await choose(app, pilot, 2)
        assert len(app.s.state.history) == 2
        await pilot.press("u")
        await settle(app, pilot)
        assert len(app.s.state.history) == 1
        assert "Undone: back to your previous decision (1 actions played)" in " ".join(log_text(app).split())
        assert "(5 left)" in pane(app, "#question")

    run(app, script)


def test_undo_works_after_the_game_has_ended(toy_game: str) -> None:
    app = FullScreen(session(toy_game, 3))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        while not app.s.over():
            await choose(app, pilot, 2)
        assert "Game over:" in pane(app, "#question") and not app.choices.actions
        played = len(app.s.state.history)
        await pilot.press("u")
        await settle(app, pilot)
        assert not app.s.over() and len(app.s.state.history) < played
        assert app.choices.actions and app.seat == 0

    run(app, script)


def test_save_asks_for_a_file_name_and_writes_a_loadable_save(tmp_path: Path) -> None:
    app = FullScreen(session("twilight", 1))
    target = tmp_path / "mine.json"

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await choose(app, pilot, 3)
        await pilot.press("s")
        await pilot.pause()
        field = app.screen.query_one("#answer")
        field.value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert f"Game saved to {target} (1 actions)." in pane(app, "#notice")

    run(app, script)
    loaded = read_game_file(str(target))
    assert len(loaded.state.history) == 1 and loaded.humans == [0] and loaded.ai == FAST_AI
    assert replay(load_game("twilight"), loaded.state.to_json()).to_json() == loaded.state.to_json()


def test_save_goes_to_the_save_flag_and_quit_says_so(tmp_path: Path) -> None:
    target = tmp_path / "flag.json"
    app = FullScreen(session("twilight", 1), str(target))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await choose(app, pilot, 1)
        await pilot.press("s")
        assert f"Game saved to {target}" in pane(app, "#notice")
        await pilot.press("q")

    run(app, script)
    assert app.return_code == 0
    assert app.farewell[-1] == "Bye." and any(str(target) in line for line in app.farewell)
    assert len(read_game_file(str(target)).state.history) == 1


def test_quit_without_a_save_flag_asks_and_may_not_save() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("escape")  # back to the game
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("enter")  # empty: quit without saving

    run(app, script)
    assert app.farewell == ["Not saved.", "Bye."]


def test_help_shows_the_games_help_the_keys_and_the_legend() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        text = plain(app.screen.query_one("#text", Static).content)
        assert "'influence Iran'" in text  # the game's HELP
        assert "h           the computer's advice" in text  # the keys
        assert "DEFCON       nuclear readiness" in text  # the game's LEGEND
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)

    run(app, script)


def test_typed_moves_commands_and_refusals() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await pilot.press("colon", *"place Poland", "enter")
        await settle(app, pilot)
        assert "Poland: USSR 0->1" in log_text(app)
        await pilot.press("colon", *"bogus", "enter")
        assert "bogus" in pane(app, "#notice") and "'?' for help" in pane(app, "#notice")
        await pilot.press("9", "9")
        assert "choice 9: Enter plays it" in pane(app, "#notice")  # no choice 99: 9 again
        assert app.query_one(OptionList).highlighted == app.choices.option_index[8]
        await pilot.press("colon", *"show iran", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "Iran (Middle East)" in plain(app.screen.query_one("#text", Static).content)
        await pilot.press("escape")
        await pilot.press("colon", *"show atlantis", "enter")
        assert "nothing called 'atlantis'" in pane(app, "#notice")
        assert len(app.s.state.history) == 1

    run(app, script)


def test_a_hint_fills_the_hint_pane_with_choice_numbers() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await pilot.press("h")
        await settle(app, pilot)
        text = pane(app, "#hint-text")
        assert "USSR: 5 iterations" in text and "visits" in text and "Line: " in text
        rows = [line.split() for line in text.splitlines()[2:] if line.strip()[:1].isdigit()]
        assert rows and all(1 <= int(r[0]) <= len(app.choices.actions) and r[1].endswith("%") for r in rows)
        first = rows[0]
        assert " ".join(first[3:]) == app.s.state.action_to_string(app.choices.actions[int(first[0]) - 1])
        assert "h again: every move" in text
        await pilot.press("h")  # the same hint again: all of it in a window
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == "hint"
        whole = plain(app.screen.query_one("#text", Static).content)
        assert len([r for r in whole.splitlines() if r.strip()[:1].isdigit()]) >= len(rows)
        await pilot.press("escape")
        await pilot.pause()
        await choose(app, pilot, 1)
        assert "h: the computer's advice" in pane(app, "#hint-text")  # an old hint does not linger

    run(app, script)


def test_resizing_refits_the_board() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        header = pane(app, "#board-text").splitlines()[0]
        assert header.count("Country") == 1  # one column of countries at 100 columns
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        await pilot.pause()
        assert pane(app, "#board-text").splitlines()[0].count("Country") == 2
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert pane(app, "#board-text").splitlines()[0].count("Country") == 1

    run(app, script)


def test_a_game_without_a_presentation_gets_the_generic_panes(toy_game: str) -> None:
    app = FullScreen(session(toy_game, 3))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        assert "Toy race" in pane(app, "#board-text")
        assert "scores:" in pane(app, "#statusbar")  # the generic status line
        assert not app.query_one("#tracks").display and not app.query_one("#hand").display
        while not app.s.over():
            await choose(app, pilot, 2)
        assert "Game over:" in pane(app, "#question")
        assert "chance: die" in log_text(app)

    run(app, script)


def test_hot_seat_hands_over_between_players(toy_game: str) -> None:
    app = FullScreen(session(toy_game, 1, humans=[0, 1]))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        assert app.seat == 0
        await choose(app, pilot, 1)
        assert app.seat == 1 and app.viewer == 1
        assert "Hand over to the" in plain(app.screen.query_one(Static).content)
        await pilot.press("enter")
        await pilot.pause()
        await choose(app, pilot, 1)
        assert app.viewer == 0

    run(app, script)


def test_an_engine_failure_saves_the_game_and_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = session("twilight", 1)
    target = tmp_path / "rescue.json"

    def broken(*args: Any) -> int:
        raise RuntimeError("boom")

    app = FullScreen(s, str(target))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for bot in app.s.bots.values():
            monkeypatch.setattr(bot, "step", broken)
        for _ in range(6):  # the USSR setup; then the US (the computer) fails at once
            await choose(app, pilot, 1)
        for _ in range(400):
            if app.error is not None:
                break
            await pilot.pause(0.01)
        assert app.return_code == 1  # the screen closes with status 1

    run(app, script)
    assert app.error is not None and "RuntimeError: boom" in app.error and str(target) in app.error
    assert read_game_file(str(target)).state.to_json() == s.state.to_json()


def test_intro_names_the_seats_and_the_ai() -> None:
    lines = intro_lines(session("twilight", 7))
    assert lines[0] == "Twilight Struggle, seed 7."
    assert lines[1] == f"You play USSR; the computer plays US ({FAST_AI})."


def test_the_game_screen_updates_under_a_window_and_ctrl_c_asks_to_save() -> None:
    app = FullScreen(session("twilight", 1))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await choose(app, pilot, 1)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        app.add_entry(app.s.log[-1])  # what the computer's moves do while help is open
        app.refresh_panes()
        await pilot.press("5")  # digits do nothing under a window
        await pilot.press("escape", "ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)  # quit: save before quitting?
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and len(app.s.state.history) == 1

    run(app, script)


@pytest.mark.parametrize("game", every_game())
def test_every_game_gets_a_working_full_screen(game: str, tmp_path: Path) -> None:
    """No game is a special case: every registered one draws its panes, takes choices, a
    hint, an undo, help and a save in the full screen."""
    app = FullScreen(session(game, 3), str(tmp_path / "every.json"))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        assert pane(app, "#board-text").strip() and pane(app, "#statusbar").strip()
        for _ in range(4):
            if app.s.over():
                break
            assert app.choices.actions and pane(app, "#question").strip()
            await choose(app, pilot, 1)
        await pilot.press("h")
        await settle(app, pilot)
        assert app.s.over() or "iterations" in pane(app, "#hint-text")
        await pilot.press("u")
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape", "s")
        await pilot.pause()
        assert "Game saved to" in pane(app, "#notice")

    run(app, script)
    assert (
        read_game_file(str(tmp_path / "every.json"), expect_game=game).state.to_json()
        == app.s.state.to_json()
    )


def test_quitting_while_the_computer_thinks_saves_and_ends_cleanly(tmp_path: Path) -> None:
    s = session("twilight", 1)
    s.bots = {1: make_bot("ismcts:iters=500000,time=0.5,seed=1")}
    target = tmp_path / "mid.json"
    app = FullScreen(s, str(target))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for _ in range(6):  # the USSR setup; then the US thinks for half a second
            await pilot.press("1", "enter")
            await pilot.pause()
        assert app.busy
        await pilot.press("q")

    started = time.monotonic()
    run(app, script)
    assert time.monotonic() - started < 30
    assert app.farewell[-1] == "Bye." and app.error is None
    assert len(read_game_file(str(target)).state.history) >= 6


def test_a_losing_move_is_marked_and_needs_a_yes() -> None:
    from realpolitik.engine.twilight.game import GAME
    from tests.twilight.helpers import USSR, position
    from tests.twilight.helpers import play as play_card

    s = position(defcon=2, inf={"angola": (0, 1), "cameroon": (0, 1)})
    play_card(s, USSR, 7, "coup")
    s.history = []  # a position set up by hand: no record behind it
    app = FullScreen(Session(GAME, s, [USSR], FAST_AI, None, 1, Renderer(GAME)))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        angola = s.string_from_action("coup Angola")
        n = app.choices.actions.index(angola) + 1
        labels = [
            plain(app.query_one(OptionList).get_option_at_index(i).prompt) for i in app.choices.option_index
        ]
        assert "Angola 0/1 (succeeds 100%, up to 7, DEFCON 2->1, mil ops +3) [LOSES]" in labels[n - 1]
        assert sum("[LOSES]" in label for label in labels) == len(app.choices.dangers) >= 1
        cameroon = app.choices.actions.index(s.string_from_action("coup Cameroon"))
        assert "[LOSES]" not in labels[cameroon]
        await pilot.press(*str(n), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = plain(app.screen.query_one("#confirm", Static).content)
        assert "Careful: 'coup Angola' loses the game at once (the US wins" in question
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and "Not played" in pane(app, "#notice")
        assert app.s.state.history == [] and not app.s.over()
        await pilot.press("colon", *"coup Angola", "enter")  # typed: the same window
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(app, pilot)
        assert app.s.over() and app.s.state.returns() == [0.0, 1.0]
        assert "Game over:" in pane(app, "#question")

    run(app, script)


def test_the_computer_shows_its_iterations_while_it_thinks(tmp_path: Path) -> None:
    s = session("twilight", 1)
    s.bots = {1: make_bot("ismcts:iters=500000,time=1.5,seed=1")}
    app = FullScreen(s, str(tmp_path / "think.json"))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for _ in range(6):  # the USSR setup; then the US thinks
            await pilot.press("1", "enter")
            await pilot.pause()
        for _ in range(300):
            if app.busy and app.meter is not None and app.meter.done > 0:
                break
            await pilot.pause(0.01)
        app._tick()
        text = pane(app, "#question")
        assert re.search(r"US thinking\.\.\. [\d,]+ of 500,000 iterations, \d+\.\ds of 1\.5s", text), text
        await pilot.press("q")

    run(app, script)
    assert app.error is None


def test_a_hint_explains_its_top_move_and_marks_expected_replies() -> None:
    app = FullScreen(session("twilight", 1))
    app.s.ai = "ismcts:iters=400,seed=1"  # the hint's budget (the computer keeps its small one)

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for _ in range(7):  # the USSR setup and the headline
            await choose(app, pilot, 1)
        await pilot.press("h")
        for _ in range(50):
            if app.meter is not None and app.meter.done > 0:
                app._tick()
                assert "of 400 iterations" in pane(app, "#question")  # the hint's progress
                break
            await pilot.pause(0.01)
        await settle(app, pilot)
        content = app.query_one("#hint-text", Static).content
        assert isinstance(content, Text)
        text = plain(content)
        top = text.splitlines()[2].split(maxsplit=3)[3]
        assert re.search(rf"^Why {re.escape(top[:10])}.*: \S", text, re.M), text
        line = text[text.index("Line: ") :]
        assert "(US, expected)" in line and "(USSR, expected)" not in line
        dimmed = [content.plain[sp.start : sp.end] for sp in content.spans if "dim" in str(sp.style)]
        assert any(t.endswith("(US, expected)") for t in dimmed)

    run(app, script)


def test_without_a_seat_the_side_is_asked_in_the_full_screen() -> None:
    app = FullScreen(session("twilight", 1), intro=["placeholder"], ask_seat=True)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SeatScreen) and app.seat is None
            assert "USSR" not in pane(app, "#hand-text")  # no hand is shown before the choice
            options = app.screen.query_one(OptionList)
            assert [plain(options.get_option_at_index(i).prompt).strip() for i in range(2)] == [
                "1 USSR",
                "2 US",
            ]
            await pilot.press("2")
            await settle(app, pilot)
            assert not isinstance(app.screen, SeatScreen)
            assert app.s.humans == [1] and app.seat == 1 and set(app.s.bots) == {0}
            assert "You play US; the computer plays USSR" in log_text(app)
            assert "placeholder" not in log_text(app)
            assert "US hand (8 cards)" in pane(app, "#hand-text")

    asyncio.run(main())


def test_the_log_opens_whole_or_its_last_entries_newest_in_view() -> None:
    """`l` and `:log N` show the log in a window that scrolls, the newest entry in view
    (before, `:log 5` was refused as 'not a legal move' although the help lists it)."""
    app = FullScreen(session("waronterror", 3, players=4))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for _ in range(3):
            await choose(app, pilot, 1)
        entries = [e for e in app.s.log if e.texts.get(app.viewer)]
        assert len(entries) >= 3
        await pilot.press("colon", *"log 2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert app.screen.title_text == "log: the last 2 entries"
        shown = plain(app.screen.query_one("#text", Static).content)
        assert entries[-1].texts[app.viewer][0] in shown
        assert entries[-3].texts[app.viewer][0] not in shown or entries[-3].texts == entries[-1].texts
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == "log: the whole game"
        scroll = app.screen.query_one("VerticalScroll")
        assert scroll.scroll_y == scroll.max_scroll_y  # the newest lines in view
        await pilot.press("escape")
        await pilot.press("colon", *"log x", "enter")
        await pilot.pause()
        assert "usage: log [N]" in pane(app, "#notice")

    run(app, script)


@pytest.mark.parametrize("game", sorted(available_games()))
def test_every_game_keeps_its_choices_and_status_in_view_from_120x40_down_to_80x24(game: str) -> None:
    """At 120x40, 100x30 and 80x24 the question, at least three choices and the whole status
    line are on screen (at 80x24 Ideology once showed not one choice, and the status line was
    cut); below 80x24 the screen says how large it must be instead of cutting content."""
    app = FullScreen(session(game, 5, players=4 if game != "twilight" else None))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        for width, height in ((120, 40), (100, 30), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.pause()
            choices = app.query_one("#choices", OptionList)
            question = app.query_one("#question", Static)
            main = app.query_one("#main").region  # what is outside it is cut off
            shown = choices.region.intersection(main)
            assert shown.height >= min(3, choices.option_count), (width, height, choices.region, main)
            assert question.region.intersection(main).height >= 1, (width, height)
            bar = app.query_one("#statusbar", Static)
            status = pane(app, "#statusbar").strip().replace("\n", " ")
            assert len(status) <= 2 * (width - 2) and bar.region.height >= 1, (width, height, status)
            assert not app.has_class("tiny")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.has_class("tiny")
        assert "needs at least 80x24" in pane(app, "#toosmall")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.has_class("tiny")

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await script(app, pilot)

    asyncio.run(main())


def test_the_panes_show_the_position_while_the_computer_thinks() -> None:
    """Playing the US, the USSR's setup is the computer's: the board, tracks and hand were empty
    while it thought (about 20 s at the normal level) and then lagged behind the log ("US: place
    France" with France empty). Now, while the computer thinks, every pane shows the position
    it thinks about: here its second placement, with the first one on the board."""
    import threading

    from realpolitik.ai.bots import Bot

    g = load_game("twilight")
    s = Session(g, g.new_initial_state(seed=11), [1], FAST_AI, None, 11, Renderer(g))
    go, thinking, release = threading.Event(), threading.Event(), threading.Event()
    fast = make_bot(FAST_AI)

    class Slow(Bot):
        """Starts when the screen has settled; thinks over its second move until released."""

        spec = FAST_AI

        def __init__(self) -> None:
            self.calls = 0

        def step(self, state: Any, seat: int) -> int:
            self.calls += 1
            if self.calls == 1:
                go.wait(30)
            if self.calls == 2:
                thinking.set()
                release.wait(30)
            return fast.step(state, seat)

    s.bots = {0: Slow()}
    app = FullScreen(s)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(5):  # the layout settles (and draws the panes once)
                await pilot.pause()
            go.set()
            for _ in range(400):
                await pilot.pause()
                if thinking.is_set():
                    break
                await asyncio.sleep(0.01)
            assert thinking.is_set() and app.busy
            st, v = app.s.state, app.viewer
            assert len(st.history) == 1  # the first USSR placement is made
            board = plain(app.panes.board(st, v, app._width("#board-text", 60)))
            assert pane(app, "#board-text") == board
            assert pane(app, "#hand-text").strip() and pane(app, "#tracks-text").strip()
            release.set()
            await settle(app, pilot)

    try:
        asyncio.run(main())
    finally:
        go.set()
        release.set()


def test_every_key_gets_an_answer_while_the_computer_thinks_and_enter_plays_after_tab() -> None:
    """While the computer thinks, u and digits say to wait (the hidden move line held the
    keys and dropped them); after Tab moves the focus off the choices, Enter still plays the
    highlighted one."""
    s = session("twilight", 11, humans=[1])
    s.bots = {0: make_bot("ismcts:iters=500000,time=2,seed=1")}
    app = FullScreen(s)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                await pilot.pause()
                if app.busy and app.meter is not None:
                    break
                await asyncio.sleep(0.01)
            assert app.busy
            for key in ("u", "5"):
                app.say("")
                await pilot.press(key)
                await pilot.pause()
                assert pane(app, "#notice").startswith("wait: USSR thinking"), key
            s.bots = {0: make_bot(FAST_AI)}  # the setup's other placements go quickly
            await settle(app, pilot)
            assert app.seat == 1
            before = len(app.s.state.history)
            await pilot.press("2", "tab")
            await pilot.pause()
            assert not isinstance(app.focused, OptionList)
            await pilot.press("enter")
            await settle(app, pilot)
            assert len(app.s.state.history) > before

    asyncio.run(main())


def test_what_the_computer_did_since_your_last_decision_is_in_view_grouped_by_seat() -> None:
    """When the player decides, the Hint pane lists every action of the others and the dice
    since the player's last decision, grouped by who did it (before, they scrolled out of the
    seven-line log and only `replay` showed them)."""
    app = FullScreen(session("waronterror", 3, players=4))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        others: list[Any] = []
        for _ in range(30):  # until the others have moved between two decisions of the player
            await choose(app, pilot, 1)
            others = [e for e in app.s.log[app.decided_at[0] :] if e.actor != 0 and e.texts.get(0)]
            if others:
                break
        assert others, "the computer made no move between two decisions"
        shown = pane(app, "#hint-text")
        assert shown.startswith("Since your last decision")
        for e in others:
            who = app.s.seat_name(e.actor) if e.actor >= 0 else "dice"
            assert f"{who} (" in shown
            assert e.texts[0][0].removeprefix(f"{who}: ") in shown
        await pilot.press("h")
        await settle(app, pilot)
        assert "iterations" in pane(app, "#hint-text")  # a hint replaces it

    run(app, script)


def test_typing_a_move_narrows_the_choice_list_and_plays_a_unique_match() -> None:
    """War on Terror's setup offers dozens of places: typed words narrow the list to the moves
    that hold them (numbers unchanged); Enter on a unique match plays it; Esc shows all again."""
    app = FullScreen(session("waronterror", 3, players=4))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        ol = app.query_one("#choices", OptionList)
        total = ol.option_count
        labels = [str(o.prompt).strip() for o in app.all_options if o.id]
        target = next(label for label in labels if "Algeria" in label)
        await pilot.press("colon", *"alger")
        await pilot.pause()
        assert ol.option_count == 1 and str(ol.get_option_at_index(0).prompt).strip() == target
        await pilot.press("escape")
        await pilot.pause()
        assert ol.option_count == total
        before = len(app.s.state.history)
        await pilot.press("colon", *"alger", "enter")
        await settle(app, pilot)
        assert len(app.s.state.history) > before, pane(app, "#notice")
        assert app.s.state.action_to_string(app.s.state.history[before]).endswith("Algeria")

    run(app, script)


def test_a_long_move_in_the_hint_pane_goes_on_under_itself_instead_of_being_cut() -> None:
    """Move names were cut to the pane (`headli~`); now they wrap under the move column."""
    from realpolitik.ai.analysis import Analysis, MoveStat
    from realpolitik.cli.tui_views import hint_text

    long = "#27 US/Japan Mutual Defense Pact: headline"
    a = Analysis("twilight", 0, "USSR", "ismcts:iters=9", 9, 0.1, [MoveStat(4, long, 9, 0.5, 0.5, 0.4, 0.6)])
    text = hint_text(a, {4: 2}, 34).plain
    assert "~" not in text
    rows = [part.strip() for part in text.split("visits  move\n", 1)[1].splitlines() if part.strip()]
    assert " ".join(rows).endswith("#27 US/Japan Mutual Defense Pact: headline") and len(rows) >= 2


def test_several_steps_on_one_line_and_the_default_last_step_highlighted() -> None:
    """How to Invade's movement is four small decisions: one typed line may hold several
    (',' or ';' between them); the last step's default (all the troops) is highlighted, so
    Enter plays it."""
    app = FullScreen(session("invasion", 2, players=3))

    async def typed(pilot: Pilot[int], text: str) -> None:
        """The line as a paste: one change of the entry (typing it key by key, each key
        narrowing the choices, is another test's)."""
        await pilot.press("colon")
        app.query_one("#entry", Input).value = text
        await pilot.press("enter")
        await settle(app, pilot)

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        await typed(pilot, "purchase box 2")
        await typed(pilot, "buy 3 troops by land")
        await typed(pilot, "done buying")
        await typed(pilot, "from Border, to Bassora")
        for _ in range(50):  # the queued step is played once the screen is ready again
            await pilot.pause()
            if not app.queued:
                break
        await settle(app, pilot)
        st = app.s.state
        assert st.action_to_string(st.history[-1]) == "to Bassora", pane(app, "#notice")
        assert "(highlighted: 3 troops, all of them)" in pane(app, "#question")
        ol = app.query_one("#choices", OptionList)
        assert str(ol.get_option_at_index(ol.highlighted or 0).prompt).strip().endswith("3 troops")
        await pilot.press("enter")
        await settle(app, pilot)
        assert any("Red moves 3 troops Border -> Bassora" in line for line in log_text(app).splitlines())

    run(app, script)


def test_since_your_last_decision_puts_the_moves_with_changes_first() -> None:
    """At 80x24 the pane holds a few lines: a seat's moves whose log shows changes come first,
    with them; the others follow, a repeated one once with its count (two skipped windows
    hid a change of sides); the seat's name is not repeated on every line."""
    from realpolitik.cli.session import LogEntry
    from realpolitik.cli.tui_views import since_text

    entries = [
        LogEntry(0, 1, {0: ["Blue (out of turn): no action out of turn"]}),
        LogEntry(1, 1, {0: ["Blue (out of turn): no action out of turn"]}),
        LogEntry(2, 1, {0: ["Blue: become terrorist", "Blue's 3 villages leave the board"]}),
    ]
    text = plain(since_text(entries, 0, lambda p: ["Red", "Blue"][p])).splitlines()
    assert text[:5] == [
        "Since your last decision",
        "Blue (3):",
        "  become terrorist",
        "    Blue's 3 villages leave the board",
        "  no action out of turn (x2)",
    ]
    named = [LogEntry(0, 1, {0: ["Imperialism: develop Great Britain cul"]})]
    shown = plain(since_text(named, 0, lambda p: "Player 2 (Imperialism)")).splitlines()
    assert shown[1:3] == ["Player 2 (Imperialism) (1):", "  develop Great Britain cul"]


def test_a_stop_signal_saves_then_ends_the_process_even_if_the_screen_cannot_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A closed terminal window (SIGHUP) could leave the process asleep for ever in Textual's
    shutdown (its output queue full, the terminal gone): after saving, a stop signal arms a
    deadline that ends the process whatever the screen does."""
    from realpolitik.cli import tui as tui_module

    armed: list[tuple[float, Any, tuple[Any, ...]]] = []

    class FakeTimer:
        def __init__(self, delay: float, fn: Any, args: tuple[Any, ...] = ()) -> None:
            armed.append((delay, fn, args))
            self.daemon = False

        def start(self) -> None:
            assert self.daemon  # never keeps the process alive by itself

    monkeypatch.setattr(tui_module.threading, "Timer", FakeTimer)
    save = tmp_path / "g.json"
    app = FullScreen(session("ideology", 2, players=3), save_path=str(save))

    async def script(app: FullScreen, pilot: Pilot[int]) -> None:
        app.stop_on_signal()
        await pilot.pause()

    run(app, script)
    assert armed == [(tui_module.STOP_GRACE, tui_module.os._exit, (130,))]
    assert read_game_file(str(save)).is_save
