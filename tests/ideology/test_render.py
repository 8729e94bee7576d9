"""What a player reads: the legend, the help, ``show``, the question with its reasons, and the
log lines ``describe_change`` writes for forced moves, conflicts, phases and turns."""

from __future__ import annotations

import pytest

from realpolitik.cli.screen import seat_name
from realpolitik.engine.ideology import render
from realpolitik.engine.ideology.state import PH_CONFLICT, PH_DIPLOMACY, PH_TRADING
from tests.ideology.helpers import at, position, seat


def _apply(s, text: str) -> tuple[list[str], object]:
    a = s.string_from_action(text)
    after = s.clone()
    after.apply_action(a)
    return [render.describe_action(s, a, None), *render.describe_change(s, a, after, None)], after


def test_every_code_on_the_board_is_in_the_legend_and_help_is_ideologys_own() -> None:
    for code in ("GI", "M 3/6", "L3", "TAC", "IND", "PAT", "TEC", "INN", "PRO", "WMD", "!", "*", "+k", "mil"):
        assert code in render.LEGEND, code
    assert "place Indonesia" in render.HELP and "coup" not in render.HELP  # not Twilight's examples


def test_a_forced_concede_is_logged_with_the_conflicts_result() -> None:
    # 5.2: the defender has no card of the type, so the engine concedes for it at once
    s = position(
        ("Fascism", "Imperialism"),
        regions={"Indonesia": {"cards": {"Imperialism": (0, 1, 0)}}},
        hands={"Fascism": (0, 3, 0)},
        advancements={},
    )
    at(s, PH_CONFLICT, "Fascism")
    lines, after = _apply(s, "attack Indonesia eco Imperialism")
    text = "\n".join(lines)
    assert lines[0].startswith("Fascism: attack Indonesia eco Imperialism +1 (penalty: distance 1)")
    assert "Imperialism: concede (the only choice)" in text
    assert "Fascism wins the economic conflict in Indonesia" in text
    assert after.cards(after.board.region("Indonesia"), 1, seat(after, "Fascism")) == 1


def test_a_cancel_is_logged_and_the_turn_end_has_headers_offers_and_consolidation() -> None:
    s = position(
        ("Fascism", "Imperialism"),
        regions={"Indonesia": {"cards": {"Imperialism": (0, 1, 0)}}},
        hands={"Fascism": (0, 3, 0), "Imperialism": (0, 1, 0)},
        advancements={},
    )
    at(s, PH_CONFLICT, "Fascism")
    _, s = _apply(s, "attack Indonesia eco Imperialism")
    lines, s = _apply(s, "cancel")
    assert "  Imperialism cancels with an economic card; both cards are discarded" in lines
    at(s, PH_DIPLOMACY, "Fascism")
    s.apply_action(s.string_from_action("war Imperialism"))
    lines, _after = _apply(s, "peace Fascism")
    text = "\n".join(lines)
    assert "offers revealed: Fas→Imp war, Imp→Fas peace" in text
    assert "diplomacy: Fas-Imp now war" in text
    assert "consolidation:" in text and "--- 8 New turn order" in text
    assert f"=== Turn {s.turn + 1} ===" in text and "--- 1 Resources" in text


def test_show_gives_names_and_effects_and_refuses_what_it_does_not_know() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (1, 2, 0)})
    c = seat(s, "Capitalism")
    assert render.show(s, c, "hand").startswith("Capitalism hand: 1 military, 2 economic, 0 cultural")
    adv = render.show(s, c, "advancements")
    assert "Propaganda (PRO): costs Tactics + Patriotism" in adv and "when placing" in adv
    sheet = render.show(s, c, "rules")
    assert "Isolationism: +1 advancement level" in sheet and "Fascism" not in sheet
    assert "Blitzkrieg" in render.show(s, c, "rules fascism")
    region = render.show(s, c, "indonesia")
    assert "next to: Southeast Asia, Philippines, Australia" in region
    assert "distance penalty for you (mil/eco/cul): placing 1/1/1" in region
    with pytest.raises(ValueError, match="nothing called 'atlantis'"):
        render.show(s, c, "atlantis")


def test_the_question_gives_trading_power_and_why_moves_are_missing() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (1, 2, 0)})
    at(s, PH_TRADING, "Capitalism")
    assert "Trading Power 1 (regions where you have cards): 1 left" in render.question(s)
    s = position(
        ("Capitalism", "Fascism"),
        hands={"Capitalism": (1, 2, 0)},
        stances={("Capitalism", "Fascism"): "peace"},
    )
    at(s, PH_CONFLICT, "Capitalism")
    assert "no military or economic conflict on Fascism: peace" in render.question(s)
    assert all(len(line) <= 80 for line in render.question(s).splitlines())


def test_a_seat_is_named_with_its_ideology() -> None:
    s = position(("Capitalism", "Fascism"))
    assert seat_name(s, seat(s, "Fascism")) == f"Player {seat(s, 'Fascism') + 1} (Fascism)"
    assert render.status(s).count("GI:") == 1
