"""The Twilight Struggle screen (engine/twilight/render.py, presentation.py) and the generic fallback."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from realpolitik.cli.screen import Renderer, layout_choices
from realpolitik.engine import load_game
from realpolitik.engine.core.presentation import Presentation
from realpolitik.engine.twilight import actions, frames, presentation, render
from realpolitik.engine.twilight.board import BOARD, US, USSR
from realpolitik.engine.twilight.state import PH_ACTION, PH_HEADLINE

GAME = load_game("twilight")
IRAN = BOARD.country("iran")


def text_of(renderable, color: bool = False) -> str:
    buf = io.StringIO()
    console = Console(
        file=buf,
        width=80,
        no_color=not color,
        color_system="standard" if color else None,
        force_terminal=color,
        highlight=False,
        markup=False,
    )
    console.print(renderable)
    return buf.getvalue()


def action_round_state():
    s = GAME.new_initial_state(seed=3)
    s.stack = [(frames.ACTION, USSR, None, 0)]
    s.phase, s.action_round, s.phasing = PH_ACTION, 1, USSR
    return s


def test_the_board_fits_80_columns_and_shows_every_country() -> None:
    s = GAME.new_initial_state(seed=1)
    out = text_of(render.board(s, USSR))
    assert max(len(line) for line in out.splitlines()) <= 80
    for name in ("Canada", "Iran", "Panama", "Zaire", "Thailand", "SE African States"):
        assert name in out
    assert "*Iran                 2    -   1" in out  # battleground, stability, USSR, US
    assert "*East Germany         3    3   -  USSR" in out  # control
    assert "DEFCON 5: no restrictions" in out


def test_no_color_output_has_no_colour_codes_and_colour_output_has_them() -> None:
    s = GAME.new_initial_state(seed=1)
    plain = text_of(render.board(s, USSR), color=False)
    assert "\x1b[" not in plain
    coloured = text_of(render.board(s, USSR), color=True)
    assert "\x1b[31m" in coloured or "\x1b[1;31m" in coloured  # USSR red


def test_each_viewer_sees_only_its_own_hand() -> None:
    s = GAME.new_initial_state(seed=1)
    ussr, us = text_of(render.board(s, USSR)), text_of(render.board(s, US))
    everyone = text_of(render.board(s, None))
    assert "USSR hand (8 cards)" in ussr and "US hand: 8 cards" in ussr
    assert "US hand (8 cards)" in us and "USSR hand: 8 cards" in us
    assert "USSR hand (8 cards)" in everyone and "US hand (8 cards)" in everyone
    first_us_card = render.card_label(sorted(s.hands[US])[0])
    assert first_us_card.split(" ", 1)[1] not in ussr.replace("In effect", "")


def test_a_hidden_headline_is_not_announced_to_the_opponent() -> None:
    s = GAME.new_initial_state(seed=1)
    s.stack = [(frames.HEADLINE, USSR)]
    s.phase = PH_HEADLINE
    card = sorted(s.hands[USSR])[0]
    a = actions.play(card, frames.M_HEADLINE)
    assert render.describe_action(s, a, US) == "USSR chooses a headline card (face down)"
    assert render.describe_action(s, a, USSR) == f"USSR headlines {render.card_label(card)}"


def test_dice_are_described_with_what_they_decide() -> None:
    s = GAME.new_initial_state(seed=1)
    s.stack = [(frames.COUP_ROLL, frames.CHANCE_P, US, IRAN, 3, 0)]
    assert (
        render.describe_action(s, actions.die(4), USSR)
        == "US coup in Iran: die 4 + 3 ops = 7 vs 4, succeeds by 3"
    )
    assert render.describe_action(s, actions.die(1), USSR).endswith("= 4 vs 4, fails")
    s.stack = [(frames.SPACE_ROLL, frames.CHANCE_P, USSR, 20)]
    assert (
        render.describe_action(s, actions.die(2), USSR)
        == "USSR space race attempt for box 1 (needs 1-3): die 2, success"
    )


def test_a_change_is_described_in_words() -> None:
    before = GAME.new_initial_state(seed=1)
    after = before.clone()
    after.add_inf(USSR, IRAN, 3)
    after.vp = -2
    after.defcon = 4
    lines = render.describe_change(before, actions.country(IRAN), after, USSR)
    assert "Iran: USSR 0->3 (USSR controls)" in lines
    assert "USSR gains 2 VP (now USSR +2)" in lines
    assert "DEFCON 5->4 (no coups or realignments in Europe)" in lines


def test_choices_group_cards_with_their_uses_and_countries_by_region() -> None:
    s = action_round_state()
    groups = render.choices(s, s.legal_actions())
    assert all(title and title.startswith("#") for title, _ in groups)
    assert {label for _, items in groups for _, label in items} <= {
        "event",
        "influence",
        "realign",
        "coup",
        "space",
    }
    setup = GAME.new_initial_state(seed=1)
    ((title, items),) = render.choices(setup, setup.legal_actions())
    assert title == "Europe (USSR/US influence)" and ("Finland 1/0" in [label for _, label in items])
    listing = layout_choices(render.choices(s, s.legal_actions()))
    assert sorted(listing.actions) == sorted(s.legal_actions())
    assert all(len(line.plain) <= 80 for line in listing.lines)


def test_show_answers_countries_regions_cards_and_piles_and_names_what_it_accepts() -> None:
    s = GAME.new_initial_state(seed=1)
    assert "Iran (Middle East)" in text_of(presentation.show(s, USSR, "Iran"))
    assert "West Germany" in text_of(presentation.show(s, USSR, "west germany"))
    assert "Southeast Asia" in text_of(presentation.show(s, USSR, "southeast asia"))
    assert "#6 The China Card" in text_of(presentation.show(s, USSR, "#6"))
    assert "held by the USSR" in text_of(presentation.show(s, USSR, "6"))
    with pytest.raises(ValueError, match="try a country"):
        presentation.show(s, USSR, "atlantis")
    with pytest.raises(ValueError, match="there is no card #0"):
        presentation.show(s, USSR, "#0")


def test_the_status_line_and_questions_fit_80_columns() -> None:
    s = action_round_state()
    assert len(render.status(s, USSR).plain) <= 80
    assert render.question(s) == "USSR, action round 1: play a card"
    s.stack = [(frames.COUP, US, 20, 3, 0, 0, 0)]
    assert render.question(s) == "US: choose a country to coup with 3 ops"
    # the full screen's question pane holds two lines of about 34 columns at 80x24: the
    # influence question was cut after "2 ops into an"
    s.stack = [(frames.INFLUENCE, USSR, 20, 1, 0, 0)]
    assert render.question(s) == "USSR: place influence, 1 op left (2 ops where US controls)"
    assert len(render.question(s)) <= 60


def test_the_generic_renderer_serves_a_game_without_a_render_module(toy_game: str) -> None:
    game = load_game(toy_game)
    r = Renderer(game)
    assert type(r.presentation) is Presentation  # the core's generic drawing, nothing of its own
    s = game.new_initial_state(players=3, seed=1)
    assert "positions: [0,0,0]" in text_of(r.board(s, 0))
    assert r.question(s) == "red to move"
    assert r.choices(s, s.legal_actions()) == [(None, [(0, "step"), (1, "leap")])]
    assert r.describe_action(s, 1, 0) == "red: leap"
    with pytest.raises(ValueError, match="try: seat, positions"):
        r.show(s, 0, "hand")
    assert r.result(s) == "the game is not over"


def test_the_twilight_renderer_is_found_by_package() -> None:
    assert Renderer(GAME).presentation is presentation.PRESENTATION
    assert isinstance(presentation.PRESENTATION, presentation.TwilightPresentation)


def test_counts_of_one_are_singular_and_a_seat_is_not_named_twice() -> None:
    """'1 card', not '1 cards'; a War on Terror seat is 'Red', not 'Red (Red)' (its dealt name
    is its seat name)."""
    from realpolitik.engine.core.api import plural, seat_label

    assert (plural(1, "card"), plural(0, "card"), plural(2, "mistake")) == ("1 card", "0 cards", "2 mistakes")
    wot = load_game("waronterror").new_initial_state(players=4, seed=3)
    assert [seat_label(wot, i) for i in range(4)] == ["Red", "Blue", "Green", "Yellow"]
    ideology = load_game("ideology").new_initial_state(players=3, seed=3)
    assert seat_label(ideology, 0) == "Player 1 (Communism)"
    s = load_game("twilight").new_initial_state(seed=1)
    s.hands[USSR] = s.hands[USSR][:1]
    assert render.hand_lines(s, USSR)[0].plain.startswith("USSR hand (1 card)")
