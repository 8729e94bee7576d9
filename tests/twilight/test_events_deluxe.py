"""The Deluxe edition (option ``edition=deluxe``) and its seven optional cards #104–#110:
setup, Operations values, the Aldrich Ames Remix text, and each optional event from a
concrete position."""

from __future__ import annotations

import pytest

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.twilight import actions, advice, frames, rules
from realpolitik.engine.twilight.cards import DELUXE_NUMBER, printed_number
from realpolitik.engine.twilight.game import GAME
from tests.twilight.helpers import (
    BOARD,
    US,
    USSR,
    act,
    all_cards,
    c,
    die,
    finished,
    fire,
    inf,
    play,
    position,
    texts,
)


# ---------------------------------------------------------------- the edition option
def test_deluxe_setup_adds_two_us_in_canada_and_the_optional_cards():
    for impl in GAME.implementations():
        seed = GAME.with_implementation(impl).new_initial_state(seed=4)
        deluxe = GAME.with_implementation(impl).new_initial_state(seed=4, edition="deluxe")
        assert seed.influence(US, c("canada")) == 0
        assert deluxe.influence(US, c("canada")) == 2
        assert sum(deluxe.inf[BOARD.n :]) == sum(seed.inf[BOARD.n :]) + 2
        assert deluxe.options["optional_cards"] is True and seed.options["optional_cards"] is False
        assert sorted(all_cards(deluxe)) == sorted(n for n in range(1, 111) if n != rules.CHINA)
        assert max(all_cards(seed)) == 103
        assert sorted(n for n in deluxe.box if n > 103) == [107, 108, 109, 110]  # Mid and Late War
        bare = GAME.with_implementation(impl).new_initial_state(
            seed=4, edition="deluxe", optional_cards=False
        )
        assert max(all_cards(bare)) == 103


def test_edition_options_are_checked():
    with pytest.raises(InvalidState, match="edition"):
        GAME.new_initial_state(seed=1, edition="anniversary")
    with pytest.raises(InvalidState, match="optional_cards"):
        GAME.new_initial_state(seed=1, optional_cards=True)


def test_deluxe_operations_values():
    """Red Scare/Purge 4, UN Intervention 1, Aldrich Ames Remix 3 (the seed prints 2, 2, 4)."""
    for edition, want in (("seed", [2, 2, 4]), ("deluxe", [4, 1, 3])):
        s = position(edition=edition)
        assert [rules.ops_value(s, n, USSR) for n in (31, 32, 98)] == want


def test_deluxe_numbers_of_the_three_renumbered_cards():
    assert DELUXE_NUMBER == {35: 81, 81: 101, 101: 35}
    assert printed_number(101, "deluxe") == 35 and printed_number(101, "seed") == 101
    assert printed_number(27, "deluxe") == 27


def test_deluxe_texts_show_the_deluxe_numbers():
    """Action texts, reasons and the screen name the three renumbered cards by their Deluxe
    numbers; the engine's identities (action ids) stay the seed's."""
    from rich.console import Console

    from realpolitik.engine.twilight import presentation

    for edition, shown in (("seed", ("#35", "#81", "#101")), ("deluxe", ("#81", "#101", "#35"))):
        s = position(turn=8, edition=edition, hands=([35, 81, 101, 19], [27]))
        s.stack = [frames.for_state(s, (frames.ACTION, USSR, None, 0))]
        s.touch()
        got = texts(s)
        assert f"{shown[0]} South America Scoring: event" in got
        assert f"{shown[1]} Solidarity: influence" in got
        assert f"{shown[2]} Formosan Resolution: influence" in got
        assert s.string_from_action(f"{shown[2]} Formosan Resolution: influence") == actions.play(101, 1)
        assert rules.illegal_reason(s, actions.play(81, 0)).startswith(f"{shown[1]} Solidarity cannot")
        console = Console(width=100, record=True)
        console.print(presentation.show(s, USSR, shown[2]))
        assert f"{shown[2]} Formosan Resolution" in console.export_text()


def test_aldrich_ames_remix_discards_a_us_card_and_shows_the_hand():
    """#98 (Deluxe): the US hand is shown for the turn; the USSR discards one card from it; the
    China Card stays playable."""
    s = position(turn=8, edition="deluxe", hands=([], [27, 2]), china=US)
    fire(s, 98, USSR)
    assert texts(s) == ["#2 Europe Scoring: discard", "#27 US/Japan Mutual Defense Pact: discard"]
    act(s, "#2 Europe Scoring: discard")
    assert finished(s)
    assert s.hands[US] == [27] and 2 in s.discard and s.vp == 0  # discarded, not scored
    assert s.revealed >> US & 1 and not s.ames
    assert rules.china_available(s, US)


# ---------------------------------------------------------------- #104 The Cambridge Five
def test_cambridge_five_places_in_a_region_of_a_us_scoring_card():
    s = position(turn=2, edition="deluxe", hands=([], [3, 27]))  # Middle East Scoring
    fire(s, 104, USSR)
    assert "place USSR Iran" in texts(s) and "place USSR France" not in texts(s)
    act(s, "place USSR Iran")
    assert finished(s)
    assert inf(s, "iran") == (1, 0)


def test_cambridge_five_southeast_asia_scoring_names_southeast_asia_only():
    s = position(turn=4, edition="deluxe", hands=([], [38]))
    fire(s, 104, USSR)
    assert "place USSR Thailand" in texts(s) and "place USSR Japan" not in texts(s)
    act(s, "place USSR Thailand")
    assert finished(s) and inf(s, "thailand") == (1, 0)


def test_cambridge_five_without_us_scoring_cards_does_nothing():
    s = position(turn=2, edition="deluxe", hands=([], [27]))
    fire(s, 104, USSR)
    assert finished(s) and sum(s.inf) == 0


def test_cambridge_five_is_no_event_in_the_late_war():
    s = position(turn=8, edition="deluxe", hands=([104], [3]))
    assert rules.event_block(s, 104, USSR) == "not an event in the Late War"
    play(s, US, 104, "influence")  # the US plays it for Ops: no event question
    assert "event first" not in texts(s)


# ---------------------------------------------------------------- #105 Special Relationship
@pytest.mark.parametrize(
    ("perm", "choices", "country", "after", "vp"),
    [
        # without #21 NATO: 1 in a country next to the UK
        ((), ["choose Canada", "choose Norway", "choose Benelux", "choose France"], "Norway", (0, 1), 0),
        # with NATO: 2 in any Western European country and 2 VP
        ((21,), None, "Italy", (0, 2), 2),
    ],
    ids=["without-nato", "with-nato"],
)
def test_special_relationship_adds_us_influence(
    perm: tuple[int, ...], choices: list[str] | None, country: str, after: tuple[int, int], vp: int
) -> None:
    s = position(turn=2, edition="deluxe", inf={"uk": (0, 5)}, perm=perm)
    fire(s, 105, US)
    if choices is not None:
        assert texts(s) == choices
    act(s, f"choose {country}")
    assert finished(s)
    assert inf(s, country.lower()) == after and s.vp == vp


def test_special_relationship_needs_us_control_of_the_uk():
    s = position(turn=2, edition="deluxe", inf={"uk": (1, 5)}, perm=[21])
    fire(s, 105, US)
    assert finished(s) and s.vp == 0 and inf(s, "uk") == (1, 5)


# ---------------------------------------------------------------- #106 NORAD
def _end_round_with_defcon_drop(s):
    """The US coups a battleground from DEFCON 3 (it moves to 2) in its own action round, which
    then ends as rounds do (no test sentinel under it)."""
    s.stack = [frames.for_state(s, (frames.ACTION, US, None, 0))]
    s.touch()
    s.apply_action(actions.play(27, frames.MODE_NAMES.index("coup")))
    act(s, "coup Iran")
    die(s, 1)


def _norad_round(canada_us: int):
    """#106 NORAD in effect and ``canada_us`` US influence in Canada: the US round that moves
    DEFCON from 3 to 2 has ended (see ``_end_round_with_defcon_drop``)."""
    s = position(
        turn=4,
        defcon=3,
        edition="deluxe",
        perm=[106],
        phasing=US,
        inf={"canada": (0, canada_us), "iran": (2, 0), "japan": (0, 1)},
        hands=([19], [27]),
    )
    _end_round_with_defcon_drop(s)
    return s


def test_norad_adds_one_where_the_us_is_after_defcon_moves_to_2():
    s = _norad_round(canada_us=4)
    assert s.defcon == 2
    assert texts(s) == ["place US Canada", "place US Japan", "done"]
    act(s, "place US Japan")
    assert inf(s, "japan") == (0, 2)
    assert s.current_player() == USSR and not s.turnfx >> 106 & 1


def test_norad_needs_canada_and_is_cancelled_by_quagmire():
    s = _norad_round(canada_us=1)
    assert "place US Japan" not in texts(s) and s.current_player() == USSR
    s = position(turn=4, edition="deluxe", perm=[106])
    fire(s, 42, USSR)
    assert not s.perm >> 106 & 1 and s.perm >> 42 & 1


# ---------------------------------------------------------------- #107 Che
@pytest.mark.parametrize("impl", GAME.implementations())
def test_che_second_coup_after_removing_us_influence(impl: str) -> None:
    s = position(
        turn=4,
        edition="deluxe",
        inf={"bolivia": (0, 1), "ecuador": (0, 1), "brazil": (0, 2)},
        implementation=impl,
    )
    fire(s, 107, USSR)
    assert texts(s) == ["coup Ecuador", "coup Bolivia", "pass"]  # battleground Brazil is out
    bolivia = next(a for a in s.legal_actions() if s.action_to_string(a) == "coup Bolivia")
    assert advice.move_odds(s, bolivia).endswith("DEFCON stays, mil ops +3")
    act(s, "coup Bolivia")
    die(s, 3)  # 3 + 3 Ops - 2 x stability 2 = 2: removes the 1 US, adds 1 USSR
    assert inf(s, "bolivia") == (1, 0) and s.milops[USSR] == 3
    assert texts(s) == ["coup Ecuador", "pass"]  # a second one, elsewhere
    act(s, "coup Ecuador")
    die(s, 1)  # 1 + 3 - 4 = 0: nothing
    assert finished(s)
    assert inf(s, "ecuador") == (0, 1)
    # not free coups (8.2.5): each adds its 3 Ops to the USSR's military operations, as online
    # Deluxe play logs them ("USSR Military Ops to 3", "... to 5"), to at most 5
    assert s.milops[USSR] == 5


def test_che_no_second_coup_when_the_first_fails():
    s = position(turn=4, edition="deluxe", inf={"bolivia": (0, 1), "ecuador": (0, 1)})
    fire(s, 107, USSR)
    act(s, "coup Bolivia")
    die(s, 1)
    assert finished(s) and inf(s, "bolivia") == (0, 1)


# ---------------------------------------------------------------- #108 Our Man in Tehran
def test_our_man_in_tehran_discards_from_the_top_five():
    s = position(turn=4, edition="deluxe", inf={"iran": (0, 2)}, hands=([19], []))
    s.deck = [n for n in s.deck if n not in (10, 11, 12, 13, 14)] + [10, 11, 12, 13, 14]
    fire(s, 108, US)
    rest = set(s.deck)
    assert not rest & {10, 11, 12, 13, 14}  # the top five are out, in the US's view
    assert texts(s) == ["pass"] + [f"{actions.card_label(n)}: discard" for n in (10, 11, 12, 13, 14)]
    act(s, "#11 Korean War: discard")
    act(s, "#13 Arab-Israeli War: discard")
    act(s, "pass")
    assert finished(s)
    assert s.discard == [11, 13] and set(s.deck) == rest | {10, 12, 14}
    assert 108 in s.removed


def test_our_man_in_tehran_needs_a_us_controlled_middle_east_country():
    s = position(turn=4, edition="deluxe", inf={"iran": (0, 1)}, hands=([19], []))
    deck = list(s.deck)
    fire(s, 108, US)
    # the condition is a prerequisite (5.2, rulings.md): no event, the card is discarded
    assert finished(s) and s.deck == [n for n in deck if n != 108] and s.discard == [108]


# ---------------------------------------------------------------- #109 Yuri and Samantha
def test_yuri_and_samantha_gives_the_ussr_a_vp_per_us_coup():
    s = position(turn=8, edition="deluxe", inf={"iran": (2, 0)}, hands=([19], [27]))
    fire(s, 109, USSR)
    assert finished(s) and s.turnfx >> 109 & 1 and 109 in s.removed
    s.stack.pop()
    play(s, US, 27, "coup")
    act(s, "coup Iran")
    assert s.vp == -1  # the USSR gains 1 VP


# ---------------------------------------------------------------- #110 AWACS Sale to Saudis
def test_awacs_adds_two_in_saudi_arabia_and_bars_muslim_revolution():
    s = position(turn=8, edition="deluxe", inf={"saudi_arabia": (1, 0)})
    fire(s, 110, US)
    assert finished(s)
    assert inf(s, "saudi_arabia") == (1, 2) and 110 in s.removed
    assert rules.event_block(s, 56, USSR).startswith("cancelled by")
