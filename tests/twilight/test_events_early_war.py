"""Early War events (#4–#34, #101, #103), seed texts: exact outcomes from concrete positions."""

from __future__ import annotations

from realpolitik.engine.twilight import frames, rules
from realpolitik.engine.twilight.state import PH_HEADLINE
from tests.twilight.helpers import (
    BOARD,
    US,
    USSR,
    act,
    c,
    die,
    draw_card,
    finished,
    fire,
    inf,
    play,
    position,
    texts,
)


# ---------------------------------------------------------------- #4 Duck and Cover
def test_duck_and_cover_degrades_and_scores():
    """#4: DEFCON 5 → 4, the US gains 5 − 4 = 1 VP."""
    s = position(defcon=5, hands=([], [4]))
    fire(s, 4, US)
    assert finished(s)
    assert s.defcon == 4 and s.vp == 1
    assert 4 in s.discard


def test_duck_and_cover_at_defcon_3_gives_two_vp():
    """#4: DEFCON 3 → 2, the US gains 3 VP."""
    s = position(defcon=3, vp=-5)
    fire(s, 4, US)
    assert s.defcon == 2 and s.vp == -2


def test_duck_and_cover_played_by_ussr_at_defcon_2_ussr_loses():
    """#4 fired by a USSR play for Ops at DEFCON 2: the phasing USSR causes nuclear war (8.1.3)."""
    s = position(defcon=2)
    fire(s, 4, US, by=USSR)
    assert s.defcon == 1 and s.winner == US
    assert s.vp == 0


# ---------------------------------------------------------------- #5 Five Year Plan
def test_five_year_plan_us_event_fires_for_us():
    """#5: the random card is US/Japan Pact (US event): it occurs and, starred, is removed."""
    s = position(hands=([7, 27], [5]))
    fire(s, 5, US)
    assert s.is_chance_node()
    draw_card(s, 27)
    assert finished(s)
    assert inf(s, "japan") == (0, 4)
    assert s.flag(27)
    assert 27 in s.removed and s.hands[USSR] == [7]
    assert 5 in s.discard


def test_five_year_plan_ussr_event_discarded_without_effect():
    """#5: the random card is Socialist Governments (USSR event): discarded, no event."""
    s = position(inf={"france": (0, 3)}, hands=([7, 27], [5]))
    fire(s, 5, US)
    draw_card(s, 7)
    assert finished(s)
    assert inf(s, "france") == (0, 3)
    assert 7 in s.discard and s.hands[USSR] == [27]


def test_five_year_plan_scoring_card_discarded_unscored():
    """#5: a scoring card is a both-sides card: discarded without scoring (5.4)."""
    s = position(inf={"japan": (0, 4), "south_korea": (0, 3)}, hands=([1], [5]))
    fire(s, 5, US)
    draw_card(s, 1)
    assert finished(s)
    assert s.vp == 0 and 1 in s.discard and not s.hands[USSR]


def test_five_year_plan_empty_ussr_hand_does_nothing():
    """#5 fired off a USSR play for Ops with the USSR hand empty: nothing happens."""
    s = position(hands=([], [22]))
    fire(s, 5, US, by=USSR)
    assert finished(s)
    assert s.vp == 0 and s.hands[US] == [22] and 5 in s.discard


def test_five_year_plan_barred_us_event_is_discarded():
    """#5: NATO drawn without Marshall Plan / Warsaw Pact cannot occur (5.2): discarded, not removed."""
    s = position(hands=([21], [5]))
    fire(s, 5, US)
    draw_card(s, 21)
    assert finished(s)
    assert not s.flag(21) and 21 in s.discard


def test_five_year_plan_defectors_drawn_gives_no_vp():
    """#5 + #103: Defectors discarded at random is not 'played by the USSR': no VP."""
    s = position(hands=([103], [22]))
    fire(s, 5, US, by=USSR)
    draw_card(s, 103)
    assert finished(s)
    assert s.vp == 0 and 103 in s.discard


# ---------------------------------------------------------------- #7 Socialist Governments
def test_socialist_governments_removes_three_max_two_per_country():
    """#7: 3 US Influence from Western Europe, no more than 2 from one country."""
    s = position(inf={"france": (0, 3), "italy": (0, 2), "uk": (0, 5), "japan": (0, 2)})
    fire(s, 7, USSR)
    assert "remove US Japan" not in texts(s)
    act(s, "remove US France")
    act(s, "remove US France")
    assert "remove US France" not in texts(s)
    act(s, "remove US Italy")
    assert finished(s)
    assert inf(s, "france") == (0, 1) and inf(s, "italy") == (0, 1) and inf(s, "uk") == (0, 5)


def test_socialist_governments_with_little_us_influence():
    """#7: only 1 US Influence in Western Europe: it is removed and the event ends."""
    s = position(inf={"italy": (0, 1)})
    fire(s, 7, USSR)
    act(s, "remove US Italy")
    assert finished(s)
    assert inf(s, "italy") == (0, 0)


def test_socialist_governments_cancelled_by_iron_lady_when_us_plays_it():
    """#7 played by the US for Ops under The Iron Lady (#83): no event, no order question (5.2)."""
    s = position(inf={"france": (0, 3), "uk": (0, 5)}, perm=[83], hands=([19], []))
    play(s, US, 7, "influence")
    assert s.stack[-1][0] == frames.INFLUENCE
    for _ in range(3):
        act(s, "influence Canada")
    assert finished(s)
    assert inf(s, "france") == (0, 3) and inf(s, "uk") == (0, 5) and inf(s, "canada") == (0, 3)
    assert 7 in s.discard


# ---------------------------------------------------------------- #8 Fidel
def test_fidel_replaces_us_influence_in_cuba():
    """#8: Cuba (1 USSR, 2 US) → US 0, USSR just enough to control (3)."""
    s = position(inf={"cuba": (1, 2)})
    fire(s, 8, USSR)
    assert finished(s)
    assert inf(s, "cuba") == (3, 0)
    assert 8 in s.removed


def test_fidel_keeps_existing_ussr_surplus():
    """#8: USSR already at 5 in Cuba: US removed, nothing added."""
    s = position(inf={"cuba": (5, 1)})
    fire(s, 8, USSR)
    assert inf(s, "cuba") == (5, 0)


# ---------------------------------------------------------------- #9 Vietnam Revolts
def test_vietnam_revolts_adds_two_and_sets_turn_flag():
    """#9: 2 USSR Influence in Vietnam; the Southeast Asia bonus lasts this turn."""
    s = position(inf={"vietnam": (1, 0)})
    fire(s, 9, USSR)
    assert finished(s)
    assert inf(s, "vietnam") == (3, 0)
    assert s.turnfx >> 9 & 1 and not s.perm >> 9 & 1
    assert 9 in s.removed


# ---------------------------------------------------------------- #10 Blockade
def test_blockade_us_discards_three_ops_card():
    """#10: the US discards Marshall Plan (4 Ops): West Germany keeps its US Influence."""
    s = position(inf={"west_germany": (0, 4)}, hands=([], [23, 26]))
    fire(s, 10, USSR)
    assert texts(s) == ["pass", "#23 Marshall Plan: discard"]
    act(s, "#23 Marshall Plan: discard")
    assert finished(s)
    assert inf(s, "west_germany") == (0, 4)
    assert 23 in s.discard and s.hands[US] == [26]
    assert not s.flag(23)


def test_blockade_us_passes_loses_west_germany():
    """#10: the US declines to discard: all US Influence leaves West Germany."""
    s = position(inf={"west_germany": (1, 4)}, hands=([], [23]))
    fire(s, 10, USSR)
    act(s, "pass")
    assert finished(s)
    assert inf(s, "west_germany") == (1, 0) and s.hands[US] == [23]


def test_blockade_without_three_ops_card_removes_at_once():
    """#10: the US holds only 1- and 2-Ops cards: no question, West Germany is cleared."""
    s = position(inf={"west_germany": (0, 3)}, hands=([], [26, 22]))
    fire(s, 10, USSR)
    assert finished(s)
    assert inf(s, "west_germany") == (0, 0) and sorted(s.hands[US]) == [22, 26]


def test_blockade_uses_modified_ops_value():
    """#10: under Containment (#25) a 2-Ops US card is worth 3 and may be discarded."""
    s = position(inf={"west_germany": (0, 3)}, hands=([], [22]), turnfx=[25])
    fire(s, 10, USSR)
    act(s, "#22 Independent Reds: discard")
    assert finished(s)
    assert inf(s, "west_germany") == (0, 3) and 22 in s.discard


# ---------------------------------------------------------------- #11 Korean War
def test_korean_war_win():
    """#11 (seed): DEFCON −1, USSR +2 Military Ops; roll 5 − 1 (US controls Japan) = 4 wins."""
    s = position(defcon=5, inf={"south_korea": (0, 2), "japan": (0, 4)})
    fire(s, 11, USSR)
    assert s.defcon == 4 and s.milops == [2, 0]
    die(s, 5)
    assert finished(s)
    assert s.vp == -2
    assert inf(s, "south_korea") == (2, 0)
    assert 11 in s.removed


def test_korean_war_loss():
    """#11: roll 4 − 1 = 3 loses: no VP, South Korea unchanged, Military Ops still count."""
    s = position(defcon=4, inf={"south_korea": (1, 2), "japan": (0, 4)}, milops=(4, 0))
    fire(s, 11, USSR)
    die(s, 4)
    assert finished(s)
    assert s.vp == 0 and inf(s, "south_korea") == (1, 2)
    assert s.defcon == 3 and s.milops == [5, 0]


def test_korean_war_played_by_us_at_defcon_2_us_loses():
    """#11 fired by a US play for Ops at DEFCON 2: the phasing US degrades to 1 and loses."""
    s = position(defcon=2, inf={"south_korea": (0, 2)})
    fire(s, 11, USSR, by=US)
    assert s.winner == USSR and s.defcon == 1
    assert s.milops == [0, 0]


# ---------------------------------------------------------------- #12 Romanian Abdication
def test_romanian_abdication():
    """#12: Romania (1 USSR, 2 US) → (3, 0)."""
    s = position(inf={"romania": (1, 2)})
    fire(s, 12, USSR)
    assert finished(s)
    assert inf(s, "romania") == (3, 0)
    assert 12 in s.removed


# ---------------------------------------------------------------- #13 Arab-Israeli War
def test_arab_israeli_war_win_counts_only_neighbours():
    """#13 (seed): Israel US-controlled gives no −1; Jordan US-controlled gives −1: 5 − 1 = 4 wins."""
    s = position(inf={"israel": (0, 4), "jordan": (0, 2)})
    fire(s, 13, USSR)
    assert s.milops == [2, 0]
    die(s, 5)
    assert finished(s)
    assert s.vp == -2 and inf(s, "israel") == (4, 0)
    assert 13 in s.discard  # not starred
    assert s.defcon == 5


def test_arab_israeli_war_loss():
    """#13: roll 4 − 1 (Jordan) = 3 loses."""
    s = position(inf={"israel": (0, 4), "jordan": (0, 2)})
    fire(s, 13, USSR)
    die(s, 4)
    assert finished(s)
    assert s.vp == 0 and inf(s, "israel") == (0, 4) and s.milops == [2, 0]


def test_arab_israeli_war_barred_by_camp_david():
    """#13 under Camp David Accords (#65): the event does not occur (5.2)."""
    s = position(inf={"israel": (0, 4)}, perm=[65])
    fire(s, 13, USSR)
    assert finished(s)
    assert s.milops == [0, 0] and s.vp == 0 and inf(s, "israel") == (0, 4)
    assert 13 in s.discard


# ---------------------------------------------------------------- #14 COMECON
def test_comecon_one_each_in_four_not_us_controlled():
    """#14: 4 different Eastern European countries, not US-controlled (Hungary is)."""
    s = position(inf={"hungary": (0, 3)})
    fire(s, 14, USSR)
    assert "place USSR Hungary" not in texts(s)
    assert "place USSR France" not in texts(s)
    act(s, "place USSR Poland")
    assert "place USSR Poland" not in texts(s)
    act(s, "place USSR Romania")
    act(s, "place USSR Bulgaria")
    act(s, "place USSR Finland")
    assert finished(s)
    for name in ("poland", "romania", "bulgaria", "finland"):
        assert inf(s, name) == (1, 0)
    assert inf(s, "hungary") == (0, 3)
    assert 14 in s.removed


# ---------------------------------------------------------------- #15 Nasser
def test_nasser_halves_us_rounded_up():
    """#15: Egypt (0, 3) → USSR +2, US loses 2 (half of 3 rounded up)."""
    s = position(inf={"egypt": (0, 3)})
    fire(s, 15, USSR)
    assert finished(s)
    assert inf(s, "egypt") == (2, 1)


def test_nasser_without_us_influence():
    """#15: Egypt (1, 0) → (3, 0)."""
    s = position(inf={"egypt": (1, 0)})
    fire(s, 15, USSR)
    assert inf(s, "egypt") == (3, 0)


# ---------------------------------------------------------------- #16 Warsaw Pact Formed
def test_warsaw_pact_remove_branch_four_countries():
    """#16: remove all US Influence from 4 Eastern European countries; allows NATO."""
    ee = {"poland": (0, 1), "hungary": (0, 2), "romania": (1, 1), "bulgaria": (0, 1)}
    s = position(inf={**ee, "czechoslovakia": (0, 1), "france": (0, 2)})
    fire(s, 16, USSR)
    assert s.flag(16)
    assert texts(s) == ["remove US", "add USSR"]
    act(s, "remove US")
    assert "choose France" not in texts(s)
    for name in ("Poland", "Hungary", "Romania", "Bulgaria"):
        act(s, f"choose {name}")
    assert finished(s)
    assert inf(s, "poland") == (0, 0) and inf(s, "hungary") == (0, 0)
    assert inf(s, "romania") == (1, 0) and inf(s, "bulgaria") == (0, 0)
    assert inf(s, "czechoslovakia") == (0, 1) and inf(s, "france") == (0, 2)
    assert 16 in s.removed


def test_warsaw_pact_remove_branch_fewer_than_four():
    """#16: only 2 Eastern European countries hold US Influence: both cleared, then done."""
    s = position(inf={"poland": (0, 1), "hungary": (0, 2)})
    fire(s, 16, USSR)
    act(s, "remove US")
    act(s, "choose Hungary")
    act(s, "choose Poland")
    assert finished(s)
    assert inf(s, "poland") == (0, 0) and inf(s, "hungary") == (0, 0)


def test_warsaw_pact_add_branch_five_max_two():
    """#16: add 5 USSR Influence in Eastern Europe, no more than 2 per country."""
    s = position()
    fire(s, 16, USSR)
    act(s, "add USSR")
    act(s, "place USSR Poland")
    act(s, "place USSR Poland")
    assert "place USSR Poland" not in texts(s)
    assert "place USSR France" not in texts(s)
    act(s, "place USSR Hungary")
    act(s, "place USSR Hungary")
    act(s, "place USSR Austria")
    assert finished(s)
    assert inf(s, "poland") == (2, 0) and inf(s, "hungary") == (2, 0) and inf(s, "austria") == (1, 0)
    assert s.flag(16)


# ---------------------------------------------------------------- #17 De Gaulle Leads France
def test_de_gaulle_and_nato_exemption():
    """#17: France −2 US, +1 USSR; NATO (#21) no longer protects France."""
    s = position(inf={"france": (0, 6), "italy": (0, 2)}, perm=[21])
    assert rules.protected(s, USSR) >> c("france") & 1
    fire(s, 17, USSR)
    assert finished(s)
    assert inf(s, "france") == (1, 4)
    assert s.flag(17)
    assert s.controls(US, c("france"))
    assert not rules.protected(s, USSR) >> c("france") & 1
    assert rules.protected(s, USSR) >> c("italy") & 1
    assert 17 in s.removed


# ---------------------------------------------------------------- #18 Captured Nazi Scientist
def test_captured_nazi_scientist_advances_player_space():
    """#18: the US player's marker moves to box 1, first there: 2 VP; no attempt used."""
    s = position()
    fire(s, 18, US)
    assert finished(s)
    assert s.space == [0, 1] and s.vp == 2 and s.space_tries == [0, 0]
    assert 18 in s.removed


def test_captured_nazi_scientist_second_to_box():
    """#18 for the USSR reaching box 1 after the US: 1 VP (second)."""
    s = position(space=(0, 1))
    fire(s, 18, USSR)
    assert s.space == [1, 1] and s.vp == -1


def test_captured_nazi_scientist_at_box_8_nothing():
    """#18: at box 8 the marker cannot move."""
    s = position(space=(8, 0))
    fire(s, 18, USSR)
    assert s.space == [8, 0] and s.vp == 0


# ---------------------------------------------------------------- #19 Truman Doctrine
def test_truman_doctrine_uncontrolled_european_country():
    """#19: only uncontrolled European countries with USSR Influence; all of it goes."""
    s = position(inf={"west_germany": (2, 0), "east_germany": (3, 0), "italy": (1, 1), "iraq": (1, 0)})
    fire(s, 19, US)
    assert texts(s) == ["choose Italy", "choose West Germany"]
    act(s, "choose West Germany")
    assert finished(s)
    assert inf(s, "west_germany") == (0, 0) and inf(s, "east_germany") == (3, 0)
    assert 19 in s.removed


def test_truman_doctrine_no_target():
    """#19: no uncontrolled European country holds USSR Influence: nothing happens."""
    s = position(inf={"east_germany": (3, 0)})
    fire(s, 19, US)
    assert finished(s)
    assert inf(s, "east_germany") == (3, 0)


# ---------------------------------------------------------------- #20 Olympic Games
def test_olympic_games_boycott_degrades_and_gives_four_ops():
    """#20: the USSR boycotts the US Olympics: DEFCON −1, the US conducts 4 Ops."""
    s = position(defcon=4, inf={"japan": (0, 1)})
    fire(s, 20, US)
    assert s.current_player() == USSR
    act(s, "boycott")
    assert s.defcon == 3
    assert texts(s) == ["ops: influence", "decline"]
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 5) and s.vp == 0
    assert 20 in s.discard


def test_olympic_games_boycott_ops_may_be_declined():
    """#20: 'may instead use 4 Ops': the host may decline."""
    s = position(defcon=5)
    fire(s, 20, USSR)
    act(s, "boycott")
    act(s, "decline")
    assert finished(s)
    assert s.defcon == 4 and s.vp == 0


def test_olympic_games_boycott_at_defcon_2_host_loses():
    """#20: boycott at DEFCON 2: the phasing host loses (8.1.3 example)."""
    s = position(defcon=2)
    fire(s, 20, USSR)
    act(s, "boycott")
    assert s.winner == US and s.defcon == 1


def test_olympic_games_participate_host_wins_with_bonus():
    """#20: host US rolls 3 (+2 = 5), USSR rolls 4: the US gains 2 VP."""
    s = position()
    fire(s, 20, US)
    act(s, "participate")
    die(s, 3)
    die(s, 4)
    assert finished(s)
    assert s.vp == 2 and s.defcon == 5


def test_olympic_games_tie_rerolled_then_opponent_wins():
    """#20: 3+2 vs 5 ties and is rerolled; then 1+2 vs 4: the USSR (guest) gains 2 VP."""
    s = position()
    fire(s, 20, US)
    act(s, "participate")
    die(s, 3)
    die(s, 5)
    assert not finished(s) and s.vp == 0
    die(s, 1)
    die(s, 4)
    assert finished(s)
    assert s.vp == -2


# ---------------------------------------------------------------- #21 NATO
def test_nato_after_marshall_plan_protects_us_controlled_europe():
    """#21: with Marshall Plan in effect, US-controlled European countries are protected."""
    s = position(inf={"italy": (0, 2), "france": (0, 1)}, perm=[23])
    fire(s, 21, US)
    assert finished(s)
    assert s.flag(21)
    assert rules.protected(s, USSR) == 1 << c("italy")
    assert 21 in s.removed


def test_nato_without_prerequisite_does_not_occur():
    """#21 with neither Marshall Plan nor Warsaw Pact: no event, discarded (5.2)."""
    s = position(inf={"italy": (0, 2)})
    fire(s, 21, US)
    assert finished(s)
    assert not s.flag(21) and rules.protected(s, USSR) == 0
    assert 21 in s.discard


# ---------------------------------------------------------------- #22 Independent Reds
def test_independent_reds_matches_ussr_influence():
    """#22: one of the five countries where the USSR leads; the US equals it."""
    s = position(inf={"romania": (3, 0), "hungary": (1, 1), "yugoslavia": (2, 1), "poland": (4, 0)})
    fire(s, 22, US)
    assert texts(s) == ["choose Yugoslavia", "choose Romania"]
    act(s, "choose Romania")
    assert finished(s)
    assert inf(s, "romania") == (3, 3) and inf(s, "yugoslavia") == (2, 1)
    assert 22 in s.removed


def test_independent_reds_no_target():
    """#22: no listed country where the USSR leads: nothing happens."""
    s = position(inf={"poland": (4, 0)})
    fire(s, 22, US)
    assert finished(s)
    assert inf(s, "poland") == (4, 0)


# ---------------------------------------------------------------- #23 Marshall Plan
def test_marshall_plan_seven_not_ussr_controlled():
    """#23: 1 US Influence in each of 7 Western European countries not USSR-controlled."""
    s = position(inf={"italy": (2, 0)})
    fire(s, 23, US)
    assert s.flag(23)
    assert "place US Italy" not in texts(s)
    names = ["Canada", "United Kingdom", "Norway", "Sweden", "Finland", "Denmark", "Benelux"]
    act(s, f"place US {names[0]}")
    assert f"place US {names[0]}" not in texts(s)
    for n in names[1:]:
        act(s, f"place US {n}")
    assert finished(s)
    for n in ("canada", "uk", "norway", "sweden", "finland", "denmark", "benelux"):
        assert inf(s, n) == (0, 1)
    assert inf(s, "italy") == (2, 0)
    assert 23 in s.removed


# ---------------------------------------------------------------- #24 Indo-Pakistani War
def test_indo_pakistani_war_win():
    """#24: the US invades Pakistan; Afghanistan USSR-controlled: 5 − 1 = 4 wins."""
    s = position(inf={"pakistan": (2, 0), "afghanistan": (2, 0)})
    fire(s, 24, US)
    assert texts(s) == ["choose Pakistan", "choose India"]
    act(s, "choose Pakistan")
    assert s.milops == [0, 2]
    die(s, 5)
    assert finished(s)
    assert s.vp == 2 and inf(s, "pakistan") == (0, 2)
    assert 24 in s.discard


def test_indo_pakistani_war_loss():
    """#24: the USSR invades India; roll 3: loses, Military Ops still +2."""
    s = position(inf={"india": (0, 3)}, milops=(1, 0))
    fire(s, 24, USSR)
    act(s, "choose India")
    die(s, 3)
    assert finished(s)
    assert s.vp == 0 and inf(s, "india") == (0, 3) and s.milops == [3, 0]


# ---------------------------------------------------------------- #25 Containment
def test_containment_adds_one_capped_at_four():
    """#25: for this turn US cards +1 Ops (max 4); USSR cards unchanged."""
    s = position()
    fire(s, 25, US)
    assert finished(s)
    assert s.turnfx >> 25 & 1
    assert rules.ops_value(s, 26, US) == 2 and rules.ops_value(s, 23, US) == 4
    assert rules.ops_value(s, 7, USSR) == 3
    assert 25 in s.removed


# ---------------------------------------------------------------- #26 CIA Created
def test_cia_created_reveals_and_us_conducts_one_op():
    """#26: the USSR hand is revealed; the US uses the card's 1 Op."""
    s = position(inf={"japan": (0, 1)})
    fire(s, 26, US)
    assert s.revealed & 1 << USSR
    assert texts(s) == ["ops: influence"]
    act(s, "ops: influence")
    act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 2)
    assert 26 in s.removed


def test_cia_created_played_by_ussr_us_gets_ops():
    """#26 fired by a USSR play for Ops: the US still conducts 1 Op, from its current Influence."""
    s = position(inf={"thailand": (0, 1)})
    s.round_start[US] = 0
    fire(s, 26, US, by=USSR)
    assert s.revealed & 1 << USSR
    assert s.current_player() == US
    act(s, "ops: influence")
    assert "influence Vietnam" in texts(s)  # next to Thailand, where the US has Influence now
    act(s, "influence Vietnam")
    assert finished(s)
    assert inf(s, "vietnam") == (0, 1)


# ---------------------------------------------------------------- #27 US/Japan Mutual Defense Pact
def test_us_japan_pact_controls_japan_and_protects_it():
    """#27: Japan (1, 1) → US 5 (1 + stability 4); Japan protected from USSR coups."""
    s = position(inf={"japan": (1, 1)})
    fire(s, 27, US)
    assert finished(s)
    assert inf(s, "japan") == (1, 5) and s.controls(US, c("japan"))
    assert s.flag(27) and rules.protected(s, USSR) == 1 << c("japan")
    assert 27 in s.removed


# ---------------------------------------------------------------- #28 Suez Crisis
def test_suez_crisis_four_max_two_each():
    """#28: 4 US Influence from France, the UK and Israel, at most 2 each."""
    s = position(inf={"france": (0, 3), "uk": (0, 5), "israel": (0, 1), "italy": (0, 2)})
    fire(s, 28, USSR)
    assert "remove US Italy" not in texts(s)
    act(s, "remove US France")
    act(s, "remove US France")
    assert "remove US France" not in texts(s)
    act(s, "remove US United Kingdom")
    act(s, "remove US Israel")
    assert finished(s)
    assert inf(s, "france") == (0, 1) and inf(s, "uk") == (0, 4) and inf(s, "israel") == (0, 0)
    assert 28 in s.removed


def test_suez_crisis_less_available():
    """#28: only 2 US Influence in the three countries: both go, then the event ends."""
    s = position(inf={"france": (0, 1), "israel": (0, 1)})
    fire(s, 28, USSR)
    act(s, "remove US France")
    act(s, "remove US Israel")
    assert finished(s)
    assert inf(s, "france") == (0, 0) and inf(s, "israel") == (0, 0)


# ---------------------------------------------------------------- #29 East European Unrest
def test_east_european_unrest_early_one_each_from_three():
    """#29 (turn 2): 1 USSR Influence from each of 3 different Eastern European countries."""
    s = position(turn=2, inf={"poland": (3, 0), "hungary": (2, 0), "romania": (1, 0), "bulgaria": (2, 0)})
    fire(s, 29, US)
    act(s, "choose Poland")
    assert "choose Poland" not in texts(s)
    act(s, "choose Hungary")
    act(s, "choose Romania")
    assert finished(s)
    assert inf(s, "poland") == (2, 0) and inf(s, "hungary") == (1, 0)
    assert inf(s, "romania") == (0, 0) and inf(s, "bulgaria") == (2, 0)
    assert 29 in s.discard


def test_east_european_unrest_late_two_each():
    """#29 (turn 8, Late War): 2 per country."""
    s = position(turn=8, inf={"poland": (3, 0), "hungary": (2, 0), "romania": (1, 0), "bulgaria": (2, 0)})
    fire(s, 29, US)
    act(s, "choose Poland")
    act(s, "choose Romania")
    act(s, "choose Hungary")
    assert finished(s)
    assert inf(s, "poland") == (1, 0) and inf(s, "romania") == (0, 0)
    assert inf(s, "hungary") == (0, 0) and inf(s, "bulgaria") == (2, 0)


def test_east_european_unrest_fewer_countries():
    """#29: only one Eastern European country holds USSR Influence."""
    s = position(turn=5, inf={"east_germany": (3, 0), "iraq": (1, 0)})
    fire(s, 29, US)
    assert texts(s) == ["choose East Germany"]
    act(s, "choose East Germany")
    assert finished(s)
    assert inf(s, "east_germany") == (2, 0) and inf(s, "iraq") == (1, 0)


# ---------------------------------------------------------------- #30 Decolonization
def test_decolonization_four_in_africa_or_southeast_asia():
    """#30: 1 USSR Influence in each of 4 countries of Africa and/or Southeast Asia."""
    s = position()
    fire(s, 30, USSR)
    assert "place USSR Egypt" not in texts(s) and "place USSR India" not in texts(s)
    act(s, "place USSR Angola")
    assert "place USSR Angola" not in texts(s)
    act(s, "place USSR Zaire")
    act(s, "place USSR Vietnam")
    act(s, "place USSR Indonesia")
    assert finished(s)
    for n in ("angola", "zaire", "vietnam", "indonesia"):
        assert inf(s, n) == (1, 0)
    assert 30 in s.discard


# ---------------------------------------------------------------- #31 Red Scare/Purge
def test_red_scare_purge_hits_opponent_only():
    """#31 by the USSR: US cards −1 Ops (minimum 1) this turn; USSR cards unchanged."""
    s = position()
    fire(s, 31, USSR)
    assert finished(s)
    assert s.red_scare == 1 << US
    assert rules.ops_value(s, 23, US) == 3 and rules.ops_value(s, 26, US) == 1
    assert rules.ops_value(s, rules.CHINA, US) == 3
    assert rules.ops_value(s, 7, USSR) == 3
    assert 31 in s.discard


def test_red_scare_purge_by_us():
    """#31 by the US: the USSR is purged."""
    s = position()
    fire(s, 31, US)
    assert s.red_scare == 1 << USSR and rules.ops_value(s, 7, USSR) == 2


# ---------------------------------------------------------------- #32 UN Intervention
def test_un_intervention_cancels_and_uses_ops():
    """#32: the US pairs UN with Korean War: no war, Korean War discarded (not removed), 2 Ops;
    Flower Power (#59) +2 to the USSR, U2 Incident (#60) +1, We Will Bury You answered."""
    s = position(inf={"japan": (0, 1), "south_korea": (0, 2)}, hands=([19], [11, 22]), perm=[59], turnfx=[60])
    s.bury_you_pending = 3
    play(s, US, 32, "event")
    assert texts(s) == ["#11 Korean War: cancel with UN"]
    act(s, "#11 Korean War: cancel with UN")
    assert texts(s) == ["ops: influence"]  # not the Space Race
    act(s, "ops: influence")
    act(s, "influence Japan")
    act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 3) and inf(s, "south_korea") == (0, 2)
    assert s.vp == -3 and s.bury_you_pending == 0
    assert s.defcon == 5 and s.milops == [0, 0]
    assert 11 in s.discard and 32 in s.discard and s.hands[US] == [22]
    assert not s.inplay


def test_un_intervention_by_ussr_uses_modified_ops():
    """#32: the USSR pairs UN with US/Japan Pact (4 Ops) under Red Scare: 3 Ops; no US event."""
    s = position(inf={"poland": (1, 0)}, hands=([27], [19]))
    s.red_scare = 1 << USSR
    s.bury_you_pending = 3
    play(s, USSR, 32, "event")
    act(s, "#27 US/Japan Mutual Defense Pact: cancel with UN")
    act(s, "ops: influence")
    assert s.stack[-1][0] == frames.INFLUENCE and s.stack[-1][3] == 3
    for _ in range(3):
        act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (4, 0) and inf(s, "japan") == (0, 0)
    assert not s.flag(27) and s.bury_you_pending == 3 and s.vp == 0
    assert 27 in s.discard and 32 in s.discard


def test_un_intervention_without_target_does_nothing():
    """#32 fired with no opponent card in hand (not a normal play): nothing happens."""
    s = position(hands=([7], [22]), turnfx=[60])
    fire(s, 32, US)
    assert finished(s)
    assert s.vp == 0 and s.hands[US] == [22] and 32 in s.discard


# ---------------------------------------------------------------- #33 De-Stalinization
def test_de_stalinization_relocates_up_to_four():
    """#33: take 3 USSR Influence off, put it in countries not US-controlled, max 2 each."""
    s = position(inf={"east_germany": (3, 0), "syria": (1, 0), "italy": (0, 2)})
    fire(s, 33, USSR)
    act(s, "remove USSR East Germany")
    act(s, "remove USSR East Germany")
    act(s, "remove USSR Syria")
    act(s, "done")
    assert "place USSR Italy" not in texts(s)
    act(s, "place USSR Cuba")
    act(s, "place USSR Cuba")
    assert "place USSR Cuba" not in texts(s)
    act(s, "place USSR Mexico")
    assert finished(s)
    assert inf(s, "east_germany") == (1, 0) and inf(s, "syria") == (0, 0)
    assert inf(s, "cuba") == (2, 0) and inf(s, "mexico") == (1, 0) and inf(s, "italy") == (0, 2)
    assert sum(s.inf[: BOARD.n]) == 4
    assert 33 in s.removed


def test_de_stalinization_four_maximum():
    """#33: after 4 removals the USSR must place all 4."""
    s = position(inf={"poland": (5, 0)})
    fire(s, 33, USSR)
    for _ in range(4):
        act(s, "remove USSR Poland")
    assert s.stack[-1][0] == frames.PLACE and s.stack[-1][4] == 4
    for n in ("Iraq", "Iraq", "Syria", "Syria"):
        act(s, f"place USSR {n}")
    assert finished(s)
    assert inf(s, "poland") == (1, 0) and inf(s, "iraq") == (2, 0) and inf(s, "syria") == (2, 0)


def test_de_stalinization_may_move_nothing():
    """#33: 'up to': the USSR stops at once; nothing moves."""
    s = position(inf={"poland": (2, 0)})
    fire(s, 33, USSR)
    act(s, "done")
    assert finished(s)
    assert inf(s, "poland") == (2, 0)


# ---------------------------------------------------------------- #34 Nuclear Test Ban
def test_nuclear_test_ban_vp_then_improve():
    """#34 for the US at DEFCON 4: 2 VP, DEFCON 5 (capped)."""
    s = position(defcon=4)
    fire(s, 34, US)
    assert finished(s)
    assert s.vp == 2 and s.defcon == 5
    assert 34 in s.discard


def test_nuclear_test_ban_ussr_at_defcon_3():
    """#34 for the USSR at DEFCON 3: 1 VP to the USSR, DEFCON 5."""
    s = position(defcon=3)
    fire(s, 34, USSR)
    assert s.vp == -1 and s.defcon == 5


def test_nuclear_test_ban_at_defcon_2_no_vp():
    """#34 at DEFCON 2: 0 VP, DEFCON 4."""
    s = position(defcon=2)
    fire(s, 34, US)
    assert s.vp == 0 and s.defcon == 4


# ---------------------------------------------------------------- #101 Formosan Resolution
def test_formosan_resolution_stays_on_table_until_china_card():
    """#101: the flag is set and the card stays in play; the US playing the China Card discards it."""
    s = position(inf={"taiwan": (0, 3)})
    fire(s, 101, US)
    assert finished(s)
    assert s.flag(101)
    assert 101 in s.inplay and 101 not in s.removed and 101 not in s.discard
    t = rules.region_tally(s, 1)  # Asia
    assert t[US][1] == 1
    rules.finish(s, rules.CHINA, US, False)
    assert not s.flag(101) and 101 in s.discard and 101 not in s.inplay


# ---------------------------------------------------------------- #103 Defectors
def test_defectors_played_by_ussr_for_ops_gives_us_vp():
    """#103: the USSR plays Defectors for Ops in its action round: the US gains 1 VP."""
    s = position(inf={"poland": (1, 0)}, hands=([103], [22]))
    play(s, USSR, 103, "influence")
    act(s, "event first")
    assert s.vp == 1
    act(s, "influence Poland")
    act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (3, 0) and s.vp == 1
    assert 103 in s.discard


def test_defectors_played_by_us_in_action_round_does_nothing():
    """#103 played by the US as an event in an action round: no effect."""
    s = position(hands=([19], [103]))
    play(s, US, 103, "event")
    assert finished(s)
    assert s.vp == 0 and 103 in s.discard


def test_defectors_ussr_space_race_no_vp():
    """#103 used by the USSR for the Space Race: no event, no VP."""
    s = position(hands=([103], [22]))
    play(s, USSR, 103, "space")
    die(s, 6)
    assert finished(s)
    assert s.vp == 0 and 103 in s.discard


def test_defectors_headline_cancels_ussr_headline():
    """#103 headlined by the US: the USSR's Fidel is cancelled and discarded; no VP."""
    s = position(inf={"cuba": (0, 2)}, hands=([7], [22]))
    rules.take_card(s, 8)
    rules.take_card(s, 103)
    s.phase = PH_HEADLINE
    s.phasing = -1
    s.action_round = 0
    s.headline = [8, 103]
    rules.resolve_headline(s)
    s._core.advance(s)
    assert inf(s, "cuba") == (0, 2) and s.vp == 0
    assert 8 in s.discard and 103 in s.discard
