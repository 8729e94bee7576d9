"""War on Terror presentation (board, log lines naming their cause, legend) and the balance tool."""

from __future__ import annotations

from realpolitik.bench.balance import run
from realpolitik.engine.waronterror import render
from realpolitik.engine.waronterror.board import BOARD
from tests.waronterror.test_rules import BLUE, RED, act, blank, give, put, roll, war_on_blue_town


def test_board_shows_owner_size_oil_units_radiation_and_evil() -> None:
    s = blank()
    put(s, RED, "Canada", 2, chit=8)
    s.unit[BOARD.country("Canada")] = 2
    s.radiation[BOARD.country("Alaska")] = 1
    s.evil = BLUE
    give(s, RED, "war7")
    text = render.render(s, RED, color=False)
    assert "CAN Red-t 8 C" in text and "ALK ? R" in text
    assert "EVIL" in text and "Your hand: War (7+)" in text
    assert "Blue EVIL: 300m, hand 0E 0T" in text
    for word in ("v village", "t town", "c city", "V vanguard", "C column", "X cell", "radiation", "?"):
        assert word in render.LEGEND
    assert "build village in" in render.HELP


def test_log_names_the_card_and_the_roll_with_its_target() -> None:
    s = blank()
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    put(s, BLUE, "France")
    give(s, RED, "war7")
    act(s, "play War (7+)")
    act(s, "target USA West")
    # Blue answers first (Azioni fuori dal tuo turno): the prompt says what and why
    assert render.question(s) == (
        "Blue: Red plays War (7+) on your village in USA West (dismantle it for 25m, change "
        "sides, or let it resolve)"
    )
    assert "Red's turn" in render.status(s) and "Blue answers War (7+)" in render.status(s)
    let = s.string_from_action("let it resolve")
    assert render.describe_action(s, let, None) == "Blue answers War (7+): let it resolve"
    s.apply_action(let)
    before = s.clone()
    line = render.describe_action(s, s.legal_actions()[5], None)
    assert line == "War (7+) on USA West: 2d6 7, needs 7: hit"
    roll(s, 7)
    changes = render.describe_change(before, before.legal_actions()[5], s, None)
    assert "  USA West: Blue village -> Red village (War (7+), 2d6 7)" in changes


def test_log_names_the_attack_a_dismantle_answers() -> None:
    s = war_on_blue_town()
    before = s.clone()
    act(s, "dismantle USA West")
    changes = render.describe_change(before, before.string_from_action("dismantle USA West"), s, None)
    assert "  USA West: Blue town -> nothing (dismantled in answer to War (7+))" in changes
    assert "  Blue +50m (dismantled in answer to War (7+))" in changes


def test_balance_tool_counts_games_and_endings() -> None:
    out = run("waronterror", players=2, games=3, bot="random", seed=0)
    assert out["errors"] == 0
    assert abs(sum(x["share"] for x in out["win_share_by_seat"]) - 1.0) < 0.01
    assert sum(out["ends"].values()) == 3 and out["turns_mean"] > 0
