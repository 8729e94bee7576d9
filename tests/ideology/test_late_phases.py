"""Phases 6-8 (Diplomacy, Consolidation, New turn order) and the end of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.engine.ideology import rules
from realpolitik.engine.ideology.board import NEUTRAL, PEACE, WAR, Board, load_board
from realpolitik.engine.ideology.state import GAME_OVER, IN_PLAY, PH_DIPLOMACY, PH_RESOURCES, PH_TRADING
from tests.ideology.helpers import act, at, gi, position, reg, seat, sound, texts

# ----------------------------------------------------------------------------- 6. diplomacy


def test_diplomacy_example_the_most_critical_stance_holds() -> None:
    # 6, example: Capitalism offers peace, Fascism declares war -> war
    s = position(("Capitalism", "Fascism"))
    c, f = seat(s, "Capitalism"), seat(s, "Fascism")
    at(s, PH_DIPLOMACY, "Capitalism")
    # every stance may be offered (6); Isolationism does not restrict it
    assert sorted(texts(s)) == ["neutral Fascism", "peace Fascism", "war Fascism"]
    act(s, "peace Fascism")
    assert sorted(texts(s)) == ["neutral Capitalism", "peace Capitalism", "war Capitalism"]
    act(s, "war Capitalism")
    assert s.stance_between(c, f) == WAR
    assert s.observation(c)["last_offers"][c][f] == PEACE
    assert s.observation(c)["last_offers"][f][c] == WAR
    assert s.phase in (PH_RESOURCES, PH_TRADING) and s.turn == 2  # on to the next turn
    sound(s)


def test_diplomacy_peace_needs_both_and_neutral_beats_peace() -> None:
    s = position(("Fascism", "Imperialism"))
    at(s, PH_DIPLOMACY, "Fascism")
    act(s, "peace Imperialism")
    act(s, "neutral Fascism")
    assert s.stance_between(0, 1) == NEUTRAL
    s = position(("Fascism", "Imperialism"))
    at(s, PH_DIPLOMACY, "Fascism")
    act(s, "peace Imperialism")
    act(s, "peace Fascism")
    assert s.stance_between(0, 1) == PEACE


def test_diplomacy_offers_are_hidden_until_revealed() -> None:
    views = []
    for offer in ("peace", "war"):
        s = position(("Fascism", "Imperialism", "Communism"))
        at(s, PH_DIPLOMACY, "Communism")  # Communism offers first (turn order)
        act(s, f"{offer} Fascism")
        views.append((s.observation(seat(s, "Fascism")), s.observation(seat(s, "Imperialism"))))
        assert s.observation(seat(s, "Communism"))["my_offers"] == {
            str(seat(s, "Fascism")): ["peace", "neutral", "war"].index(offer)
        }
    assert views[0] == views[1]  # the others cannot tell the offers apart


def war_only_if_attacked_board(tmp_path: Path) -> Board:
    """A user's data set whose Capitalism sheet prints a 'war-only-if-attacked' rule."""
    (tmp_path / "ideology_rules.csv").write_text(
        "ideology,rule,effects,text\nCapitalism,Pacifism,war-only-if-attacked,printed\n", encoding="utf-8"
    )
    return load_board(tmp_path)


def test_a_printed_war_only_if_attacked_rule_allows_war_only_on_an_attacker(tmp_path: Path) -> None:
    s = position(("Capitalism", "Fascism", "Imperialism"))
    s.board = war_only_if_attacked_board(tmp_path)
    at(s, PH_DIPLOMACY, "Capitalism")
    assert not any(t.startswith("war") for t in texts(s))
    s.attacked[seat(s, "Capitalism")] |= 1 << seat(s, "Fascism")
    s._legal = None
    assert "war Fascism" in texts(s)
    act(s, "war Fascism")
    assert not any(t.startswith("war") for t in texts(s))  # Imperialism did not attack


def test_everyone_starts_neutral() -> None:
    s = position(("Capitalism", "Fascism", "Imperialism", "Communism"))
    assert all(s.stance_between(i, j) == NEUTRAL for i in range(4) for j in range(4) if i != j)


# ----------------------------------------------------------------------------- 7. consolidation


def test_consolidation_example_russia_new_development_level() -> None:
    # 7.1, example: 5 military, 5 economic, 4 cultural -> level 4
    s = position(
        ("Communism", "Fascism"),
        regions={"Russia": {"owner": "Communism", "cards": {"Communism": (5, 5, 4)}}},
    )
    rules.consolidate(s)
    assert s.dev[reg("Russia")] == 4
    assert gi(s, "Communism") == 3 + 4


def test_consolidation_level_is_at_least_one_and_counts_every_card_in_the_sector() -> None:
    s = position(
        ("Communism", "Fascism"),
        regions={
            "Russia": {"owner": "Communism", "cards": {"Communism": (3, 3, 0)}},
            "China": {"owner": "Communism", "cards": {"Communism": (3, 2, 3), "Fascism": (0, 1, 0)}},
        },
    )
    rules.consolidate(s)
    assert s.dev[reg("Russia")] == 1
    assert s.dev[reg("China")] == 3


def test_consolidation_independent_levels_do_not_change() -> None:
    s = position(("Communism", "Fascism"), regions={"Japan": {"cards": {"Fascism": (1, 1, 1)}}})
    rules.consolidate(s)
    assert s.dev[reg("Japan")] == 3


@pytest.mark.parametrize(
    ("cards", "owner"),
    [
        # 7.2: a majority over each other ideology, not over their combined cards
        ({"Capitalism": (2, 1, 1), "Fascism": (1, 1, 1), "Imperialism": (1, 1, 1)}, "Capitalism"),
        # 7.2: control lost on a tie, and the region becomes independent
        ({"Capitalism": (1, 1, 1), "Fascism": (1, 1, 1)}, None),
        # 7.3: "anche se la regione è appena stata resa indipendente da un avversario": level 2
        # (7.1, weakest sector 2), Capitalism loses it (7.2), full at level 2 -> Fascism (7.3)
        ({"Capitalism": (1, 0, 0), "Fascism": (1, 2, 2)}, "Fascism"),
    ],
    ids=["kept-over-each-other-ideology", "lost-on-a-tie", "just-lost-taken-at-once"],
)
def test_consolidation_control_of_a_controlled_level_2_region(
    cards: dict[str, tuple[int, int, int]], owner: str | None
) -> None:
    s = position(tuple(cards), regions={"Mexico": {"owner": "Capitalism", "level": 2, "cards": cards}})
    rules.consolidate(s)
    r = reg("Mexico")
    assert s.owner[r] == (-1 if owner is None else seat(s, owner))
    assert s.where[r] == IN_PLAY
    for name, counts in cards.items():  # the cards stay with the tile
        assert [s.cards(r, t, seat(s, name)) for t in range(3)] == list(counts)


def test_consolidation_example_australia_control() -> None:
    # 7.3, example: level 2, two cards of each type; Imperialism 3, Fascism 2, Communism 1
    s = position(
        ("Imperialism", "Fascism", "Communism"),
        regions={
            "Australia": {"cards": {"Imperialism": (1, 1, 1), "Fascism": (1, 0, 1), "Communism": (0, 1, 0)}}
        },
    )
    before = gi(s, "Imperialism")
    rules.consolidate(s)
    assert s.owner[reg("Australia")] == seat(s, "Imperialism")
    assert gi(s, "Imperialism") == before + 2
    sound(s)


def test_consolidation_independent_stays_when_not_full_or_no_single_plurality() -> None:
    s = position(
        ("Imperialism", "Fascism"),
        regions={
            "Australia": {"cards": {"Imperialism": (1, 1, 1), "Fascism": (1, 1, 0)}},
            "Canada": {"cards": {"Imperialism": (1, 1, 1), "Fascism": (1, 1, 1)}},
        },
    )
    rules.consolidate(s)
    assert s.owner[reg("Australia")] == -1  # cultural sector not full
    assert s.owner[reg("Canada")] == -1  # full, but 3 against 3


# ----------------------------------------------------------------------------- 8. turn order


def test_new_turn_order_descending_global_influence_ties_keep_their_order() -> None:
    s = position(
        ("Capitalism", "Communism", "Fascism", "Imperialism"),
        regions={
            "Mexico": {"owner": "Imperialism", "cards": {"Imperialism": (2, 2, 2)}},
            "Cuba": {"owner": "Fascism", "cards": {"Fascism": (1, 1, 1)}},
        },
    )
    assert [s.ideology_name(x) for x in s.order] == ["Capitalism", "Communism", "Fascism", "Imperialism"]
    rules.new_turn_order(s)
    # Imperialism 5, Fascism 4, then Capitalism and Communism (3 each) in their old order
    assert [s.ideology_name(x) for x in s.order] == ["Imperialism", "Fascism", "Capitalism", "Communism"]


# ----------------------------------------------------------------------------- end


def _to_end_of_turn(s) -> None:
    first = s.ideology_name(s.order[0])
    at(s, PH_DIPLOMACY, first)
    while s.phase == PH_DIPLOMACY:
        act(s, next(t for t in texts(s) if t.startswith("neutral")))


def test_game_ends_at_twelve_at_the_end_of_the_turn() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "United States": {"owner": "Capitalism", "cards": {"Capitalism": (6, 6, 6)}},
            "Japan": {"owner": "Capitalism", "cards": {"Capitalism": (3, 3, 3)}},
            "Canada": {"owner": "Capitalism", "cards": {"Capitalism": (3, 3, 3)}},
        },
    )
    # before consolidation the levels are still 3 + 3 + 2 = 8
    assert gi(s, "Capitalism") == 8
    _to_end_of_turn(s)
    assert s.phase == GAME_OVER and s.is_terminal()
    assert gi(s, "Capitalism") == 6 + 3 + 3
    assert s.returns() == [1.0, 0.0]
    assert s.legal_actions() == []
    sound(s)


def test_twelve_during_the_turn_is_not_enough() -> None:
    # GI 12 now, but the Fascist ties Japan: at 7.2 Capitalism loses it and drops below 12
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "United States": {"owner": "Capitalism", "level": 6, "cards": {"Capitalism": (6, 6, 6)}},
            "Japan": {
                "owner": "Capitalism",
                "level": 3,
                "cards": {"Capitalism": (1, 1, 1), "Fascism": (2, 1, 0)},
            },
            "Canada": {"owner": "Capitalism", "level": 3, "cards": {"Capitalism": (2, 2, 2)}},
        },
    )
    assert gi(s, "Capitalism") == 12
    _to_end_of_turn(s)
    assert not s.is_terminal() and s.turn == 2


_TIED_AT_TWELVE = {
    "United States": {"owner": "Capitalism", "cards": {"Capitalism": (6, 6, 6)}},
    "Canada": {"owner": "Capitalism", "cards": {"Capitalism": (3, 3, 3)}},
    "Mexico": {"owner": "Capitalism", "cards": {"Capitalism": (2, 2, 2)}},
    "Germany": {"owner": "Fascism", "cards": {"Fascism": (6, 6, 6)}},
    "Italy": {"owner": "Fascism", "cards": {"Fascism": (2, 2, 2)}},
    "Iberia": {"owner": "Fascism", "cards": {"Fascism": (2, 2, 2)}},
    "Balkans": {"owner": "Fascism", "cards": {"Fascism": (1, 1, 1)}},
    "North Africa": {"owner": "Fascism", "cards": {"Fascism": (1, 1, 0)}},
}
"""Capitalism 6 + 3 + 2 + 1 WMD = 12, Fascism 6 + 2 + 2 + 1 + 1 = 12 (with Tactics, tie-break 1)."""


@pytest.mark.parametrize(
    ("capitalist_extra", "returns"),
    [
        ({}, [0.0, 1.0]),  # Capitalism's tie-break 0: WMD excluded
        ({"Innovation": 1}, [1.0, 0.0]),  # level-2 advancements are worth two points
        ({"Industry": 1}, [0.5, 0.5]),  # a further tie shares the world
    ],
    ids=["wmd-excluded", "level-2-worth-two", "further-tie-shared"],
)
def test_tie_broken_by_advancements_without_wmd(
    capitalist_extra: dict[str, int], returns: list[float]
) -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions=_TIED_AT_TWELVE,
        advancements={
            "Capitalism": {"Weapons of Mass Destruction": 1, **capitalist_extra},
            "Fascism": {"Tactics": 1},
        },
    )
    _to_end_of_turn(s)
    assert s.is_terminal() and s.returns() == returns


def test_turn_limit_option_ends_the_game_with_the_normal_scoring() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        max_turns=1,
        regions={"Mexico": {"owner": "Fascism", "cards": {"Fascism": (2, 2, 2)}}},
    )
    _to_end_of_turn(s)
    assert s.is_terminal() and s.returns() == [0.0, 1.0]
    assert s.scores() == [3.0, 5.0]
