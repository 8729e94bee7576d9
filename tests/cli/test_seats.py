"""Naming seats at the command line (`--seat`): by name, by number, and, where a game deals
seat names at setup, by those (an Ideology seat by its ideology)."""

from __future__ import annotations

import pytest

from realpolitik.cli.common import CliError, parse_seats
from realpolitik.engine import load_game


def test_seats_by_name_and_number_case_insensitive() -> None:
    g = load_game("twilight")
    assert parse_seats(g, 2, ["us"]) == [1]
    assert parse_seats(g, 2, ["2", "USSR"]) == [1, 0]


def test_an_ideology_seat_answers_to_the_ideology_it_was_dealt() -> None:
    g = load_game("ideology")
    s = g.new_initial_state(players=3, seed=4)
    aliases = s.seat_aliases()
    assert sorted(aliases.values()) == [0, 1, 2]
    for name, seat in aliases.items():
        assert parse_seats(g, 3, [name.upper()], s) == [seat]
        assert s.ideology_name(seat).lower().startswith(name) or name in s.ideology_name(seat).lower()


def test_an_ideology_not_in_play_is_refused_with_the_ones_that_are() -> None:
    g = load_game("ideology")
    s = g.new_initial_state(players=3, seed=4)
    absent = "monarchy"
    assert absent not in s.seat_aliases()
    with pytest.raises(CliError) as err:
        parse_seats(g, 3, [absent], s)
    msg = str(err.value)
    assert "unknown seat 'monarchy'" in msg and "Player 1" in msg
    for name in s.seat_aliases():
        assert name.title() in msg


def test_a_seat_named_twice_is_refused() -> None:
    g = load_game("ideology")
    s = g.new_initial_state(players=3, seed=4)
    name, seat = next(iter(s.seat_aliases().items()))
    with pytest.raises(CliError, match="given twice"):
        parse_seats(g, 3, [name, str(seat + 1)], s)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_play_deals_the_ideology_asked_for_to_the_players_seat(cli, seed: int) -> None:
    # whatever the seed would deal, --seat Communism plays Communism (dealt to Player 1)
    r = cli(
        "play",
        "ideology",
        "--players",
        "3",
        "--seed",
        str(seed),
        "--seat",
        "Communism",
        "--no-color",
        "--ai",
        "random",
        input="quit\n",
    )
    assert r.exit_code == 0, r.output
    assert "You play Player 1 (Communism); the computer plays" in r.output


def test_ideology_play_redraws_the_board_after_the_players_move_and_keeps_the_variant(cli, tmp_path) -> None:
    save = tmp_path / "g.json"
    r = cli(
        "play",
        "ideology",
        "--players",
        "2",
        "--seed",
        "3",
        "--seat",
        "Fascism",
        "--variant",
        "rulebook",
        "--no-color",
        "--ai",
        "random",
        "--save",
        str(save),
        input="done\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "Player 1 (Fascism)> done" in r.output
    after = r.output.split("Player 1 (Fascism)> done", 1)[1]
    assert "Turn order:" in after  # the table again after the player's own move
    r = cli("play", "ideology", "--load", str(save), "--variant", "rulebook", input="quit\n")
    assert r.exit_code != 0 and "cannot be combined with --load" in r.output
    r = cli("play", "twilight", "--variant", "rulebook", input="quit\n")
    assert r.exit_code != 0 and "has no variants" in r.output


def test_a_seat_is_named_by_its_full_ideology_and_the_refusal_lists_every_one() -> None:
    """Islamic Fundamentalism is that everywhere (it was 'Fundamentalism' in seat labels and
    hints only), and answers to its short name too; an unknown --seat lists every ideology a new
    game can deal, not only the ones dealt in this one."""
    from realpolitik.engine.core.api import seat_label
    from realpolitik.engine.ideology.board import BOARD

    g = load_game("ideology")
    s = next(
        st
        for st in (g.new_initial_state(players=3, seed=k) for k in range(50))
        if "islamic fundamentalism" in st.seat_aliases()
    )
    seat = s.seat_aliases()["islamic fundamentalism"]
    assert seat_label(s, seat) == f"Player {seat + 1} (Islamic Fundamentalism)"
    from realpolitik.engine.ideology.render import render

    board = render(s, seat, width=80, color=False)
    assert "Your hand (Islamic Fundamentalism)" in board and "(Fundamentalism)" not in board
    assert parse_seats(g, 3, ["Fundamentalism"], s) == [seat]
    with pytest.raises(CliError) as err:
        parse_seats(g, 3, ["monarchy"], s)
    msg = str(err.value)
    assert f"Islamic Fundamentalism (Player {seat + 1})" in msg
    assert msg.endswith("a new game deals the one you name: " + ", ".join(i.name for i in BOARD.ideologies))
