"""Bids (option ``bid``, online play's handicap): ``bid=US+2`` gives the US 2 more setup
influence, placed one point per decision in countries already holding US influence, after all
other setup (docs/rulings.md, "Twilight Struggle — bids"). Parsing and errors, the setup's
decisions in both implementations, records, the AI and the command line."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from realpolitik.ai.bots import make_bot
from realpolitik.ai.match import play_match
from realpolitik.cli.main import app
from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.state import PH_HEADLINE, PH_SETUP
from tests.cli.conftest import assert_no_crash, assert_one_line_error
from tests.twilight.helpers import BOARD, US, USSR, c


def _games():
    from realpolitik.engine.twilight.game import GAME

    return [GAME.with_implementation(impl) for impl in GAME.implementations()]


def _presence(s, side: int) -> list[int]:
    return [i for i in range(BOARD.n) if s.influence(side, i) > 0]


def _place(s, name: str) -> None:
    a = actions.COUNTRY_BASE + c(name)
    assert a in s.legal_actions(), (
        f"{name} is not offered: {[s.action_to_string(x) for x in s.legal_actions()]}"
    )
    s.apply_action(a)


def _normal_setup(s, ussr: str = "poland", us: str = "west_germany") -> None:
    """The USSR's 6 and the US's 7 (3.2, 3.3), all in one country each."""
    for _ in range(6):
        assert s.current_player() == USSR
        _place(s, ussr)
    for _ in range(7):
        assert s.current_player() == US
        _place(s, us)


# ---------------------------------------------------------------- the option's values
@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("US+2", "US+2"),
        ("us+2", "US+2"),
        ("Ussr+1", "USSR+1"),
        (" USSR + 3 ", "USSR+3"),
        ("US+9", "US+9"),
        ("none", "none"),
        ("NONE", "none"),
        ("US+0", "none"),
        ("ussr+0", "none"),
    ],
)
def test_bid_values_are_read_case_insensitively_and_kept_in_one_spelling(given: str, kept: str) -> None:
    for game in _games():
        s = game.new_initial_state(seed=1, bid=given)
        assert s.options["bid"] == kept


def test_bid_defaults_to_none_and_changes_nothing() -> None:
    for game in _games():
        plain = game.new_initial_state(seed=3)
        assert plain.options["bid"] == "none"
        assert game.new_initial_state(seed=3, bid="none").fingerprint() == plain.fingerprint()
        assert len(plain.stack) == 2  # the USSR's 6 and the US's 7, nothing more


@pytest.mark.parametrize(
    "bad", ["US+10", "US+99", "UN+2", "2", "+2", "US", "US+", "US-1", "US+2.5", "", "USA+2"]
)
def test_a_bad_bid_is_one_clear_error(bad: str) -> None:
    for game in _games():
        with pytest.raises(InvalidState, match=r"options: 'bid' must be none or SIDE\+N") as err:
            game.new_initial_state(seed=1, bid=bad)
        assert "0 to 9" in str(err.value) and repr(bad) in str(err.value)


def test_a_bid_that_is_not_text_is_refused() -> None:
    for game in _games():
        with pytest.raises(InvalidState, match="'bid' must be a string"):
            game.new_initial_state(seed=1, bid=2)


def test_parse_bid() -> None:
    assert rules.parse_bid("US+2") == (US, 2)
    assert rules.parse_bid("ussr+9") == (USSR, 9)
    assert rules.parse_bid("none")[1] == 0
    with pytest.raises(ValueError):
        rules.parse_bid("USSR+10")
    assert rules.BID_MAX == 9


# ---------------------------------------------------------------- the setup's decisions
@pytest.mark.parametrize(("bid", "side", "points"), [("US+2", US, 2), ("USSR+3", USSR, 3), ("US+9", US, 9)])
@pytest.mark.parametrize("edition", ["seed", "deluxe"])
def test_a_bid_is_placed_after_all_setup_one_point_per_decision_where_the_side_has_influence(
    bid: str, side: int, points: int, edition: str
) -> None:
    for game in _games():
        s = game.new_initial_state(seed=5, bid=bid, edition=edition)
        _normal_setup(s)  # the bid waits for both sides' normal setup, whichever side bid
        total = sum(s.inf[side * BOARD.n : (side + 1) * BOARD.n])
        for left in range(points, 0, -1):
            assert s.phase == PH_SETUP and s.current_player() == side
            assert s.stack[-1][0] == frames.SETUP and s.stack[-1][2] == left
            want = [actions.COUNTRY_BASE + i for i in _presence(s, side)]
            assert s.legal_actions() == want  # every country holding its influence, no other
            assert all(s.action_to_string(a).startswith("place ") for a in want)
            _place(s, "iran" if side == US else "iraq")  # over-control is allowed
        assert sum(s.inf[side * BOARD.n : (side + 1) * BOARD.n]) == total + points
        assert s.influence(side, c("iran" if side == US else "iraq")) == 1 + points
        assert s.phase == PH_HEADLINE and s.stack[-1][0] == frames.HEADLINE


def test_the_bid_may_go_where_the_normal_setup_just_placed() -> None:
    """'Where that side has influence' is read when the point is placed: the US's 7 in West
    Germany make it a bid country; a country it has none in (Italy, Poland) is refused."""
    for game in _games():
        s = game.new_initial_state(seed=2, bid="US+2")
        _normal_setup(s, us="west_germany")
        legal = s.legal_actions()
        assert actions.COUNTRY_BASE + c("west_germany") in legal
        assert actions.COUNTRY_BASE + c("iran") in legal
        for name in ("italy", "poland", "france"):
            assert actions.COUNTRY_BASE + c(name) not in legal
        from realpolitik.engine.twilight.advice import why_illegal

        assert "has none" in (why_illegal(s, "place Italy") or "")


def test_the_ussr_bid_sees_the_us_setup() -> None:
    """The USSR's bid comes last (after the US's 7): its countries include Eastern Europe's
    setup and the fixed setup, not the US's."""
    for game in _games():
        s = game.new_initial_state(seed=2, bid="USSR+2", edition="deluxe")
        order = []
        while s.phase == PH_SETUP:
            order.append(s.current_player())
            s.apply_action(s.legal_actions()[0])
        assert order == [USSR] * 6 + [US] * 7 + [USSR] * 2


def test_bid_question_and_log_line_name_the_bid() -> None:
    from realpolitik.engine.twilight import render

    for game in _games():
        s = game.new_initial_state(seed=2, bid="US+2")
        _normal_setup(s)
        assert render.question(s) == "US bid: place 1 influence in a country with US influence (2 left)"
        a = actions.COUNTRY_BASE + c("iran")
        assert render.describe_action(s, a, None) == "US bid: place Iran"


def test_a_bid_game_records_its_option_and_replays_in_both_implementations() -> None:
    games = _games()
    s = games[0].new_initial_state(seed=8, bid="us+3", edition="deluxe")
    rng = random.Random(8)
    while len(s.history) < 60:
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    record = s.to_json()
    assert record["options"]["bid"] == "US+3"
    for game in games:
        again = game.state_from_json(record)
        assert again.fingerprint() == s.fingerprint() and again.history == s.history
    record["options"]["bid"] = "none"  # the same moves without the bid's decisions are refused
    with pytest.raises(InvalidState, match="does not apply"):
        games[0].state_from_json(record)


# ---------------------------------------------------------------- the AI
@pytest.mark.parametrize("bid", ["US+2", "USSR+2"])
def test_the_ai_completes_a_bid_game(bid: str) -> None:
    from realpolitik.engine.twilight.game import GAME

    s = GAME.new_initial_state(seed=11, bid=bid, edition="deluxe")
    bots = [make_bot("heuristic:follow=0,seed=1"), make_bot("ismcts:iters=30,seed=2")]
    result = play_match(s, bots, random.Random(11))
    assert sorted(result.returns) in ([0.0, 1.0], [0.5, 0.5])


def test_the_ai_places_its_bid_where_it_has_influence() -> None:
    from realpolitik.engine.twilight.game import GAME

    for spec in ("heuristic:seed=1", "ismcts:iters=300,seed=1"):
        s = GAME.new_initial_state(seed=4, bid="US+2")
        bot = make_bot(spec)
        while s.phase == PH_SETUP:
            bid_point = s.stack[-1][3] == 0
            before = _presence(s, s.current_player())
            a = bot.step(s, s.current_player())
            if bid_point:
                assert a - actions.COUNTRY_BASE in before
            s.apply_action(a)
        assert s.phase == PH_HEADLINE
        for seat in (USSR, US):
            assert 0.0 <= s.evaluate(seat) <= 1.0


# ---------------------------------------------------------------- the command line
def test_play_with_a_bid_and_the_deluxe_edition_starts() -> None:
    """``play twilight --option bid=US+2 --option edition=deluxe``, piped (the line mode): the
    US's 7 setup points, then the two bid points, typed by name."""
    script = ["1"] * 7 + ["place Poland", "place Iran", "place iran", "quit"]
    r = CliRunner().invoke(
        app,
        [
            "play",
            "twilight",
            "--option",
            "bid=US+2",
            "--option",
            "edition=deluxe",
            "--seat",
            "US",
            "--ai",
            "random",
            "--seed",
            "1",
        ],
        input="\n".join(script) + "\n",
    )
    assert r.exit_code == 0, r.output
    assert_no_crash(r)
    assert "US bid: place 1 influence in a country with US influence (2 left)" in r.output
    assert "a bid is placed where the US has influence; Poland" in r.output
    assert "Iran: US 1->2 (US controls)" in r.output and "Iran: US 2->3" in r.output


def test_play_refuses_a_bad_bid_in_one_line() -> None:
    r = CliRunner().invoke(app, ["play", "twilight", "--option", "bid=US+12"], input="")
    assert_one_line_error(r, "'bid' must be none or SIDE+N", "'US+12'")
