"""``realpolitik play``: the prompt, its commands, bad input, saves, undo, hot seat, failures."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import Result

from realpolitik.cli import play as play_module
from realpolitik.cli.common import make_console
from realpolitik.cli.saves import read_game_file
from realpolitik.engine import load_game
from realpolitik.engine.core.records import replay
from realpolitik.engine.twilight import actions
from realpolitik.engine.twilight.board import BOARD
from realpolitik.engine.twilight.game import CompiledTwilightState, TwilightState
from tests.cli.conftest import FAST_AI, assert_no_crash, assert_one_line_error

PLAY = ("play", "twilight", "--seed", "1", "--ai", FAST_AI)


def lines(*items: str) -> str:
    return "".join(f"{i}\n" for i in items)


def ok_output(r: Result) -> str:
    """The output of a command that ended well: exit status 0, through its own exit."""
    assert r.exit_code == 0, r.output
    assert_no_crash(r)
    return r.output


def test_play_shows_the_board_and_the_question_and_stops_at_end_of_input(cli) -> None:
    out = ok_output(cli(*PLAY, input=""))
    assert "You play USSR; the computer plays US (ismcts:iters=5,seed=1)" in out
    assert "-- Europe" in out and "-- Africa" in out  # the map, by region
    assert "*East Germany" in out  # battleground mark
    assert "DEFCON 5" in out and "VP: level" in out and "Military ops" in out and "Space race" in out
    assert "China Card: USSR, face up" in out
    assert "USSR hand (8 cards)" in out and "US hand: 8 cards" in out
    assert "USSR setup: place 1 influence" in out
    assert "1 Finland" in out
    assert "End of input. The game stands here:" in out
    assert "Not saved" in out


def test_every_screen_line_fits_80_columns(cli) -> None:
    r = cli(*PLAY, input=lines("help", "show hand", "show europe", "show #27", "show space", "hint 3"))
    assert r.exit_code == 0, r.output
    too_long = [line for line in r.output.splitlines() if len(line) > 80]
    assert not too_long


def test_moves_by_number_and_by_text(cli) -> None:
    r = cli(*PLAY, input=lines("1", "place Poland", "hungary"))
    assert r.exit_code == 0, r.output
    assert "USSR: place Finland" in r.output
    assert "Poland: USSR 0->1" in r.output
    assert "Hungary: USSR 0->1" in r.output
    assert "(3 left)" in r.output


def test_bad_input_gets_one_line_and_the_prompt_again(cli) -> None:
    script = ["foo", "99", "0", "log x", "hint x", "save", "show", "show atlantis", "show #999", "", "1"]
    out = ok_output(cli(*PLAY, input=lines(*script)))
    assert "'foo' is not a legal move here; type a choice number 1-9" in out
    assert "there is no choice 99: type a number from 1 to 9" in out
    assert "there is no choice 0" in out
    assert "usage: log [N]" in out
    assert "usage: hint [N]" in out
    assert "usage: save FILE" in out
    assert "show what?" in out
    assert "nothing called 'atlantis' to show" in out
    assert "there is no card #999" in out
    assert "Type a choice number 1-9, a move, or 'help'." in out
    assert out.count("USSR> ") == len(script)  # one prompt per line
    assert "USSR: place Finland" in out  # the game went on


def test_ambiguous_text_says_what_matches(cli) -> None:
    r = cli(*PLAY, input=lines("place"))
    assert "is ambiguous" in r.output


def test_help_lists_every_command(cli) -> None:
    r = cli(*PLAY, input=lines("help"))
    for cmd in ("hint [N]", "undo", "save FILE", "show WHAT", "log [N]", "help", "quit", "more", "map"):
        assert cmd in r.output


def test_show_country_region_card_and_piles(cli) -> None:
    script = [
        "show iran",
        "show Middle East",
        "show #27",
        "show hand",
        "show discard",
        "show removed",
        "show effects",
        "show space",
        "show map",
    ]
    r = cli(*PLAY, input=lines(*script))
    out = r.output
    assert "Iran (Middle East)" in out and "stability 2, battleground" in out and "adjacent: Iraq" in out
    assert "countries/battlegrounds controlled" in out
    assert "#27 US/Japan Mutual Defense Pact" in out and "Japan" in out
    assert "USSR hand (8 cards)" in out and "Discard pile (0 cards)" in out
    assert "Removed from the game (0 cards)" in out
    assert "Events in effect" in out and "Space race (box" in out
    assert out.count("-- Europe") == 2  # the map at the start and on request


def test_log_shows_past_moves(cli) -> None:
    r = cli(*PLAY, input=lines("1", "2", "log", "log 1", "log 0"))
    out = r.output
    assert out.count("USSR: place Austria") >= 3  # as played, in 'log', in 'log 1'
    assert "The log is empty." in out  # 'log 0'


def test_more_pages_a_long_choice_list(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "PAGE_LINES", 2)
    r = cli(*PLAY, input=lines("more", "more", "more", "choices", "9"))
    out = r.output
    assert "more lines: type 'more'" in out
    assert "That was the last page" in out
    assert "USSR: place Bulgaria" in out  # numbers stay valid across pages


def test_hint_in_play_ranks_moves_and_gives_the_line(cli) -> None:
    r = cli(*PLAY, input=lines("hint 2", "1"))
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Hint for USSR (ismcts:iters=5,seed=1" in out
    assert "visits" in out and "value" in out and "win" in out
    assert "Principal line: place" in out
    rows = [
        line
        for line in out.splitlines()
        if line.strip().split(" ")[0].isdigit() and "place" in line and "%" in line
    ]
    assert len(rows) == 2


def test_undo_goes_back_to_the_previous_decision(cli, tmp_path: Path) -> None:
    f = tmp_path / "u.json"
    r = cli(*PLAY, input=lines("undo", "1", "2", "undo", f"save {f}"))
    assert "Nothing to undo" in r.output
    assert "Undone: back to your previous decision (1 action played)" in r.output
    assert read_game_file(str(f)).state.history == [actions.country(BOARD.country("finland"))]


def test_undo_takes_back_the_ai_moves_since(cli, tmp_path: Path) -> None:
    f = tmp_path / "u.json"
    r = cli(*PLAY, input=lines("1", "1", "1", "1", "1", "1", "undo", f"save {f}"))
    assert "US: place" in r.output  # the AI placed its setup influence
    assert "USSR: choose your headline card" in r.output
    state = read_game_file(str(f)).state
    assert len(state.history) == 5  # before the USSR's 6th placement: the AI's moves are gone
    assert state.current_player() == 0


def test_save_then_load_gives_the_identical_position(cli, tmp_path: Path) -> None:
    f = tmp_path / "g.json"
    r = cli(*PLAY, input=lines("1", "place Poland", "3", f"save {f}"))
    assert f"Game saved to {f} (3 actions)" in r.output
    loaded = read_game_file(str(f), expect_game="twilight")
    game = load_game("twilight")
    direct = game.new_initial_state(seed=1)
    for a in loaded.state.history:
        direct.apply_action(a)
    assert loaded.state.to_json() == direct.to_json()
    for seat in (0, 1):
        assert loaded.state.observation(seat) == direct.observation(seat)
    assert loaded.humans == [0] and loaded.ai == "ismcts:iters=5,seed=1" and loaded.seed == 1
    r2 = cli("play", "twilight", "--load", str(f), input="")
    assert r2.exit_code == 0, r2.output
    assert f"Loaded {f}: 3 actions played." in r2.output
    assert "(3 left)" in r2.output


def test_save_flag_autosaves_after_each_move(cli, tmp_path: Path) -> None:
    f = tmp_path / "auto.json"
    r = cli(*PLAY, "--save", str(f), input=lines("1", "1"))
    assert r.exit_code == 0
    assert len(read_game_file(str(f)).state.history) == 2
    assert f"Game saved to {f} (2 actions)" in r.output  # and once more at the end of input


def test_quit_saves_with_save_flag_and_says_so_without(cli, tmp_path: Path) -> None:
    f = tmp_path / "q.json"
    r = cli(*PLAY, "--save", str(f), input=lines("1", "quit", "2"))
    assert r.exit_code == 0
    assert "Game saved to" in r.output and "Bye." in r.output
    assert len(read_game_file(str(f)).state.history) == 1  # 'quit' ended the session
    r2 = cli(*PLAY, input=lines("quit"))
    assert r2.exit_code == 0 and "Not saved" in r2.output


def test_hot_seat_shows_each_player_only_their_own_hand(cli) -> None:
    r = cli(
        "play",
        "twilight",
        "--seed",
        "2",
        "--seat",
        "USSR",
        "--seat",
        "us",
        input=lines(*["1"] * 6, "show hand"),
    )
    assert r.exit_code == 0, r.output
    out = r.output
    before, _, after = out.partition("=== Hand over to the US player ===")
    assert after, "no hand-over screen"
    assert "Hot seat: USSR, US share this terminal." in before
    assert "USSR hand (8 cards)" in before and "US hand: 8 cards" in before
    assert "US hand (8 cards)" not in before
    assert "US hand (8 cards)" in after and "USSR hand: 8 cards" in after
    assert "USSR hand (8 cards)" not in after
    assert "US setup: place 1 influence" in after


@pytest.mark.parametrize(
    "args, needle",
    [
        (("play", "chess"), "unknown game 'chess'; available: "),
        (
            ("play", "twilight", "--seat", "NATO"),
            "unknown seat 'NATO'; Twilight Struggle seats are: USSR, US",
        ),
        (("play", "twilight", "--seat", "US", "--seat", "2"), "seat 'US' given twice"),
        (("play", "twilight", "--ai", "alphazero"), "unknown bot 'alphazero'"),
        (("play", "twilight", "--ai", "ismcts:iters=zero"), "iters must be an integer"),
        (("play", "twilight", "--level", "insane"), "unknown level 'insane'; levels: easy, normal, hard"),
        (("play", "twilight", "--players", "3"), "players"),
        (("play", "twilight", "--load", "/nonexistent/x.json"), "no such file"),
    ],
)
def test_bad_options_are_one_clear_line(cli, args: tuple[str, ...], needle: str) -> None:
    assert_one_line_error(cli(*args, input=""), needle)


def test_no_color_flag_and_environment_turn_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert make_console(no_color=True).no_color
    assert not make_console(no_color=False).no_color
    monkeypatch.setenv("NO_COLOR", "1")
    assert make_console(no_color=False).no_color


def test_ai_failure_keeps_the_game_and_stops_with_one_line(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import realpolitik.ai.bots as ai_bots

    def broken(self, state, seat):
        raise RuntimeError("boom")

    monkeypatch.setattr(ai_bots.RandomBot, "step", broken)
    f = tmp_path / "rescue.json"
    r = cli("play", "twilight", "--seed", "1", "--ai", "random", "--save", str(f), input=lines(*["1"] * 6))
    assert_one_line_error(r, "the game cannot go on", "RuntimeError: boom", f"saved in {f}")
    assert len(read_game_file(str(f)).state.history) == 6


def test_engine_failure_on_a_human_move_keeps_the_prompt(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    original = TwilightState.apply_action
    bad = actions.country(BOARD.country("finland"))

    def flaky(self, action):
        if action == bad:
            raise KeyError(999)
        return original(self, action)

    for cls in (TwilightState, CompiledTwilightState):  # the compiled class binds its own
        if cls is not None:
            monkeypatch.setattr(cls, "apply_action", flaky)
    r = cli(*PLAY, input=lines("1", "2"))
    assert r.exit_code == 0
    assert_no_crash(r)
    assert "the engine cannot play that move (KeyError: 999); choose another" in r.output
    assert "USSR: place Austria" in r.output


def test_a_full_game_between_a_scripted_human_and_the_ai(cli, tmp_path: Path, stub_events: list[int]) -> None:
    """A random-ish human (small choice numbers, some invalid) plays a whole game from stdin."""
    rng = random.Random(4)
    script = [str(rng.choice((1, 1, 1, 2, 3))) for _ in range(12000)]
    f = tmp_path / "full.json"
    r = cli("play", "twilight", "--seed", "5", "--ai", FAST_AI, "--save", str(f), input=lines(*script))
    assert r.exit_code == 0, r.output[-2000:]
    assert_no_crash(r)
    assert "Game over:" in r.output
    loaded = read_game_file(str(f))
    assert loaded.state.is_terminal()
    assert replay(load_game("twilight"), loaded.state.to_json()).to_json() == loaded.state.to_json()


def test_a_game_without_a_render_module_plays_with_the_generic_screen(
    cli, toy_game: str, tmp_path: Path
) -> None:
    f = tmp_path / "toy.json"
    r = cli("play", toy_game, "--seed", "3", "--ai", "random", "--save", str(f), input=lines(*["2"] * 40))
    assert r.exit_code == 0, r.output
    assert "Toy race" in r.output and "red to move" in r.output and "leap" in r.output
    assert "chance: die" in r.output  # dice are shown
    assert "Game over:" in r.output
    assert read_game_file(str(f), expect_game=toy_game).state.is_terminal()


def test_hot_seat_with_three_players_and_an_ai(cli, toy_game: str) -> None:
    r = cli(
        "play",
        toy_game,
        "--players",
        "3",
        "--seat",
        "red",
        "--seat",
        "green",
        "--ai",
        "random",
        input=lines(*["1"] * 30),
    )
    assert r.exit_code == 0, r.output
    assert "the computer plays blue" in r.output
    assert "=== Hand over to the green player ===" in r.output
    assert "Game over:" in r.output


def test_a_forced_move_is_played_without_asking_and_undo_skips_it(
    cli, toy_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.cli import toygame

    original = toygame.ToyState.legal_actions

    def only_step_for_red(self):
        legal = original(self)
        return [toygame.STEP] if self.current_player() == 0 else legal

    monkeypatch.setattr(toygame.ToyState, "legal_actions", only_step_for_red)
    r = cli("play", toy_game, "--seed", "1", "--ai", "random", input="")
    assert r.exit_code == 0, r.output
    assert "red: step (the only choice)" in r.output
    assert "red> " not in r.output  # never asked
    assert "Game over:" in r.output


def test_undo_target_skips_forced_moves(toy_game: str) -> None:
    from realpolitik.cli.screen import Renderer
    from realpolitik.cli.session import Session

    game = load_game(toy_game)
    s = Session(game, game.new_initial_state(players=2, seed=1), [0], "random", None, 1, Renderer(game))
    s.movers = [(0, True), (1, True), (0, False), (1, True)]
    assert s.undo_target(0) == 0
    assert s.undo_target(1) == 3
    s.movers = [(0, False)]
    assert s.undo_target(0) is None


def test_a_card_play_can_be_typed_as_card_number_and_use() -> None:
    from realpolitik.cli.screen import match_words
    from realpolitik.engine.twilight import frames
    from realpolitik.engine.twilight.state import PH_ACTION

    s = load_game("twilight").new_initial_state(seed=3)
    s.stack = [(frames.ACTION, 0, None, 0)]
    s.phase, s.action_round, s.phasing = PH_ACTION, 1, 0
    card = sorted(c for c in s.hands[0] if actions.play(c, frames.M_INFLUENCE) in s.legal_actions())[0]
    assert match_words(s, f"#{card} infl") == actions.play(card, frames.M_INFLUENCE)
    assert match_words(s, "#6 influence") == actions.play(6, frames.M_INFLUENCE)  # the China Card
    assert match_words(s, f"#{card}") is None  # several uses: ambiguous
    assert match_words(s, "#999 coup") is None


INVADE = ("play", "invasion", "--players", "3", "--seed", "2", "--ai", "ismcts:iters=5,seed=1")


def test_several_steps_of_a_move_on_one_line_and_enter_for_the_default(cli) -> None:
    # a movement is four small decisions (from, to, troops, logistics): one line may hold
    # several, separated by ',' or ';'; the last step's default (all the troops) is Enter
    out = ok_output(
        cli(
            *INVADE,
            input=lines(
                "purchase box 2", "buy 3 troops by land", "done buying", "from Border, to Bassora", ""
            ),
        )
    )
    assert "Red> to Bassora  (next step of your line)" in out
    assert "Enter: 3 troops (all of them)" in out
    assert "Red moves 3 troops Border -> Bassora" in out


def test_a_step_that_cannot_be_played_drops_the_rest_of_the_line(cli) -> None:
    r = cli(
        *INVADE,
        input=lines("purchase box 2", "buy 3 troops by land", "done buying", "from Border; to Atlantis; 2"),
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Red: from Border" in out
    assert "'to Atlantis' is not a legal move here" in out
    assert "Not played: '2' ('to Atlantis' was not played)." in out
    assert "Red: manoeuvres: move to" in out.split("Not played: '2'")[1]  # the choices again
