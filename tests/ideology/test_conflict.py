"""Phase 5, Conflict: stances, distance and advancement-gap penalties, the attack/cancel
sequence, WMD strikes, and the reconstructed special rules that touch conflicts."""

from __future__ import annotations

from realpolitik.engine.ideology import rules
from realpolitik.engine.ideology.board import BOARD, CUL, ECO, MIL, NEUTRAL, PEACE, WAR
from realpolitik.engine.ideology.state import NUM_ADVANCEMENTS, PH_CONFLICT, PH_DIPLOMACY, WMD_TYPE
from tests.ideology.helpers import act, at, cards_in, discard, gi, hand, position, reg, seat, sound, texts


def indonesia(
    fascist_industry: int = 1, stance: str = "neutral", fascist_hand=(0, 4, 0), imperial_hand=(0, 1, 0)
):
    """The rulebook's running example: Fascism against Imperialism in Indonesia."""
    return position(
        ("Fascism", "Imperialism", "Communism"),
        regions={"Indonesia": {"cards": {"Fascism": (1, 0, 0), "Imperialism": (1, 1, 0)}}},
        hands={"Fascism": fascist_hand, "Imperialism": imperial_hand},
        advancements={
            "Fascism": {"Industry": fascist_industry} if fascist_industry else {},
            "Imperialism": {"Industry": 2},
        },
        stances={("Fascism", "Imperialism"): stance},
    )


def test_conflict_types_by_stance() -> None:
    # 5: cultural always; economic at war or neutral; military only at war
    assert rules.conflict_types(PEACE) == (CUL,)
    assert rules.conflict_types(NEUTRAL) == (ECO, CUL)
    assert rules.conflict_types(WAR) == (MIL, ECO, CUL)


def test_example_fascist_may_start_an_economic_conflict_while_neutral() -> None:
    s = indonesia()
    at(s, PH_CONFLICT, "Fascism")
    moves = texts(s)
    assert any(t.startswith("attack Indonesia eco Imperialism") for t in moves)
    assert not any(t.startswith("attack Indonesia mil") for t in moves)  # an act of war
    s = indonesia(stance="peace")
    at(s, PH_CONFLICT, "Fascism")
    assert not any(t.startswith("attack Indonesia eco") for t in texts(s))  # peace: cultural only
    s = indonesia(stance="war", fascist_hand=(2, 4, 0))
    at(s, PH_CONFLICT, "Fascism")
    # war: military too (distance 1; Blitzkrieg cancels nothing here: Imperialism has no Tactics)
    assert "attack Indonesia mil Imperialism +1" in texts(s)


def test_example_industry_gap_and_distance_cost_two_economic_cards() -> None:
    # 5.1, example: Imperialism has two Industry, Fascism one -> gap 1, plus distance 1
    s = indonesia(fascist_industry=1)
    f, i = seat(s, "Fascism"), seat(s, "Imperialism")
    assert rules.gap_penalty(s, f, i, reg("Indonesia"), ECO) == 1
    assert rules.distance_penalty(s, f, reg("Indonesia"), ECO, True) == 1
    at(s, PH_CONFLICT, "Fascism")
    assert "attack Indonesia eco Imperialism +2" in texts(s)


def test_gap_without_industry_is_two_and_no_bonus_for_a_lead() -> None:
    fascist_and_imperialist = lambda s: (seat(s, "Fascism"), seat(s, "Imperialism"))  # noqa: E731
    s = indonesia(fascist_industry=0)
    assert (
        rules.gap_penalty(s, *fascist_and_imperialist(s), reg("Indonesia"), ECO) == 2
    )  # "2 Carte Influenza Economiche"
    s = indonesia(fascist_industry=2)
    assert rules.gap_penalty(s, *fascist_and_imperialist(s), reg("Indonesia"), ECO) == 0
    s = indonesia(fascist_industry=3)
    assert (
        rules.gap_penalty(s, *fascist_and_imperialist(s), reg("Indonesia"), ECO) == 0
    )  # a lead gives no advantage


def test_example_the_whole_indonesia_conflict() -> None:
    # 5.2, example: pay 2 penalties, attack; Imperialism cancels; Fascism goes on; Imperialism
    # cannot cancel again; the Fascist's last card replaces an Imperialist economic card
    s = indonesia(fascist_industry=1, fascist_hand=(0, 4, 0), imperial_hand=(0, 1, 0))
    f, i = seat(s, "Fascism"), seat(s, "Imperialism")
    at(s, PH_CONFLICT, "Fascism")
    act(s, "attack Indonesia eco Imperialism")
    assert hand(s, "Fascism") == (0, 1, 0) and discard(s, "Fascism") == (0, 2, 0)
    assert s.conflict == (f, i, reg("Indonesia"), ECO, 0)
    assert s.current_player() == i and sorted(texts(s)) == ["cancel", "concede"]
    assert s.attacked[i] >> f & 1
    sound(s)
    act(s, "cancel")  # both cards are discarded
    assert discard(s, "Imperialism") == (0, 1, 0) and discard(s, "Fascism") == (0, 3, 0)
    assert s.current_player() == f and sorted(texts(s)) == ["continue", "withdraw"]
    sound(s)
    act(s, "continue")  # no penalties again within the same conflict
    # the Imperialist has no economic card left: conceding is forced (and automatic)
    assert s.conflict is None
    assert cards_in(s, "Indonesia", "Fascism") == (1, 1, 0)
    assert cards_in(s, "Indonesia", "Imperialism") == (1, 0, 0)
    assert discard(s, "Imperialism") == (0, 2, 0)  # the replaced card is discarded
    assert hand(s, "Fascism") == (0, 0, 0)
    sound(s)


def test_attacker_may_withdraw_and_a_new_conflict_pays_penalties_again() -> None:
    s = indonesia(fascist_industry=1, fascist_hand=(0, 7, 0), imperial_hand=(0, 3, 0))
    f = seat(s, "Fascism")
    at(s, PH_CONFLICT, "Fascism")
    act(s, "attack Indonesia eco Imperialism")
    act(s, "cancel")
    act(s, "withdraw")
    assert s.conflict is None and hand(s, "Fascism") == (0, 4, 0)
    assert s.current_player() != f  # the next seat acts before the Fascist may attack again
    while s.current_player() != f:
        act(s, "pass")
    assert "attack Indonesia eco Imperialism +2" in texts(s)  # penalties paid again
    act(s, "attack Indonesia eco Imperialism")
    assert hand(s, "Fascism") == (0, 1, 0)


def test_defender_may_concede_while_holding_cards() -> None:
    s = indonesia(fascist_hand=(0, 3, 0), imperial_hand=(0, 2, 0))
    at(s, PH_CONFLICT, "Fascism")
    act(s, "attack Indonesia eco Imperialism")
    act(s, "concede")
    assert cards_in(s, "Indonesia", "Fascism") == (1, 1, 0)
    assert hand(s, "Imperialism") == (0, 2, 0)


def test_no_distance_penalty_in_the_attackers_own_region() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "United States": {"owner": "Capitalism", "cards": {"Capitalism": (3, 3, 3), "Fascism": (0, 0, 1)}}
        },
        hands={"Capitalism": (0, 0, 1)},
        advancements={},
    )
    c, _f = seat(s, "Capitalism"), seat(s, "Fascism")
    assert rules.distance_penalty(s, c, reg("United States"), CUL, True) == 0
    at(s, PH_CONFLICT, "Capitalism")
    assert "attack United States cul Fascism" in texts(s)


def test_a_conflict_needs_the_defenders_cards_of_that_type_in_the_region() -> None:
    s = indonesia(fascist_hand=(0, 4, 4))
    at(s, PH_CONFLICT, "Fascism")
    assert not any(t.startswith("attack Indonesia cul") for t in texts(s))


def test_a_level_two_advancement_keeps_one_of_the_two_levels_it_cost() -> None:
    # reconstructed: Technological Supremacy (Tactics + Industry) is +1 military only; the
    # rulebook data set gives level-2 cards no level at all
    s = position(("Fascism", "Imperialism"), advancements={"Imperialism": {"Technological Supremacy": 1}})
    _f, i = seat(s, "Fascism"), seat(s, "Imperialism")
    assert rules.advancement_level(s, i, MIL) == 1 and rules.advancement_level(s, i, ECO) == 0
    assert rules.advancement_level(s, i, CUL) == 0
    s = position(
        ("Fascism", "Imperialism"),
        advancements={"Imperialism": {"Technological Supremacy": 1}},
        variant="rulebook",
    )
    assert [rules.advancement_level(s, i, t) for t in (MIL, ECO, CUL)] == [0, 0, 0]


def test_special_rules_offense_and_defense() -> None:
    s = position(
        ("Communism", "Islamic Fundamentalism", "Fascism"),
        advancements={},
        regions={"Iraq": {"owner": "Communism", "cards": {"Communism": (2, 2, 2)}}},
    )
    c, u, f = seat(s, "Communism"), seat(s, "Islamic Fundamentalism"), seat(s, "Fascism")
    iraq = reg("Iraq")
    assert rules.defense_level(s, c, ECO, iraq) == 1  # Iron Curtain in a Communist region
    assert rules.defense_level(s, c, ECO, reg("Mexico")) == 0
    assert rules.defense_level(s, u, CUL, reg("Mexico")) == 0  # Faith: Iran and next to it
    assert (
        rules.defense_level(s, u, CUL, reg("Iran")) == 1 and rules.defense_level(s, u, CUL, reg("Iraq")) == 1
    )
    assert rules.attack_level(s, f, MIL) == 1  # Blitzkrieg
    assert rules.defense_level(s, f, MIL, reg("Germany")) == 1  # Militarism in a Fascist region
    assert rules.defense_level(s, f, ECO, reg("Germany")) == 0
    assert rules.gap_penalty(s, f, c, iraq, CUL) == 1  # Iron Curtain (cultural too)
    # the rulebook data set: no special rules
    s = position(
        ("Communism", "Islamic Fundamentalism", "Fascism"),
        advancements={},
        regions={"Iraq": {"owner": "Communism", "cards": {"Communism": (2, 2, 2)}}},
        variant="rulebook",
    )
    assert rules.defense_level(s, c, ECO, iraq) == 0 and rules.attack_level(s, f, MIL) == 0


def test_isolationism_defends_the_united_states_and_its_neighbours() -> None:
    s = position(("Capitalism", "Fascism"), advancements={})
    c = seat(s, "Capitalism")
    for name in ("United States", "Mexico", "Canada", "Great Britain"):
        assert [rules.defense_level(s, c, t, reg(name)) for t in (MIL, ECO, CUL)][1:] == [1, 1], name
    assert rules.defense_level(s, c, ECO, reg("Brazil")) == 0  # two steps away
    assert rules.defense_level(s, c, MIL, reg("United States")) == 2  # with Arsenal of Democracy


def test_wmd_strike_is_an_act_of_war_and_wipes_the_defenders_cards() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={"Mexico": {"cards": {"Capitalism": (1, 0, 0), "Fascism": (0, 1, 1)}}},
        advancements={"Capitalism": {"Weapons of Mass Destruction": 1}},
        stances={("Capitalism", "Fascism"): "neutral"},
    )
    _c, _f = seat(s, "Capitalism"), seat(s, "Fascism")
    at(s, PH_CONFLICT, "Capitalism")
    assert not any(t.startswith("wmd") for t in texts(s))  # neutral: no act of war
    s.stance = [WAR] * 4
    at(s, PH_CONFLICT, "Capitalism")
    assert "wmd Mexico Fascism" in texts(s) and "wmd Germany Fascism" in texts(s)
    assert gi(s, "Capitalism") == 4
    act(s, "wmd Mexico Fascism")
    # the defender has no WMD: conceding is forced
    assert s.conflict is None
    assert cards_in(s, "Mexico", "Fascism") == (0, 0, 0) and cards_in(s, "Mexico", "Capitalism") == (1, 0, 0)
    assert discard(s, "Fascism") == (0, 1, 1)
    assert gi(s, "Capitalism") == 3  # the WMD is spent: back to the supply
    assert s.supply[BOARD.wmd] == BOARD.advancements[BOARD.wmd].count
    sound(s)


def test_wmd_strike_can_be_cancelled_by_the_defenders_own_wmd() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={"Mexico": {"cards": {"Fascism": (0, 1, 1)}}},
        advancements={
            "Capitalism": {"Weapons of Mass Destruction": 1},
            "Fascism": {"Weapons of Mass Destruction": 1},
        },
        stances={("Capitalism", "Fascism"): "war"},
    )
    c, f = seat(s, "Capitalism"), seat(s, "Fascism")
    at(s, PH_CONFLICT, "Capitalism")
    act(s, "wmd Mexico Fascism")
    assert s.conflict == (c, f, reg("Mexico"), WMD_TYPE, 0)
    assert sorted(texts(s)) == ["concede", "retaliate"]
    act(s, "retaliate")
    assert cards_in(s, "Mexico", "Fascism") == (0, 1, 1)
    assert s.adv[c * NUM_ADVANCEMENTS + BOARD.wmd] == 0 and s.adv[f * NUM_ADVANCEMENTS + BOARD.wmd] == 0
    sound(s)


def test_conflict_phase_ends_when_all_pass_in_a_row() -> None:
    s = indonesia(fascist_hand=(0, 4, 0), imperial_hand=(0, 0, 1))
    at(s, PH_CONFLICT, "Fascism")
    assert [s.ideology_name(x) for x in s.order] == ["Communism", "Fascism", "Imperialism"]
    act(s, "pass")
    # Imperialism cannot pay for any conflict and Communism has no cards: their passes are
    # forced (automatic), and three passes in a row end the phase
    assert s.phase == PH_DIPLOMACY
