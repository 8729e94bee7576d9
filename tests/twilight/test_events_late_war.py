"""Late War events #81–#100, #102 (seed numbering): exact outcomes from concrete positions."""

from __future__ import annotations

from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.board import ASIA, EUROPE
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


# ---------------------------------------------------------------- #81 Solidarity
def test_solidarity_adds_three_us_in_poland():
    """#81: with #68 John Paul II in effect, 3 US influence in Poland; the card is removed."""
    s = position(turn=8, inf={"poland": (3, 1)}, perm=[68])
    fire(s, 81, US)
    assert finished(s)
    assert inf(s, "poland") == (3, 4)
    assert 81 in s.removed and 81 not in s.inplay


def test_solidarity_without_john_paul_is_discarded_for_ops():
    """#81 / 5.2: played by the USSR for ops before #68, the event does not occur; discarded."""
    s = position(turn=8, inf={"poland": (1, 0)})
    play(s, USSR, 81, "influence")
    assert "event first" not in texts(s)  # no ORDER question: the event cannot occur
    act(s, "influence Poland")
    act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (3, 0)
    assert 81 in s.discard and 81 not in s.removed


# ---------------------------------------------------------------- #82 Iranian Hostage Crisis
def test_iranian_hostage_crisis_replaces_us_in_iran():
    """#82: all US influence out of Iran, 2 USSR in; lasting flag for Terrorism."""
    s = position(turn=8, inf={"iran": (1, 3)})
    fire(s, 82, USSR)
    assert finished(s)
    assert inf(s, "iran") == (3, 0)
    assert s.perm >> 82 & 1
    assert 82 in s.removed


# ---------------------------------------------------------------- #83 The Iron Lady
def test_iron_lady_effects_and_bars_socialist_governments():
    """#83: +1 USSR Argentina, no USSR in the UK, US +1 VP, #7 can no longer be an event."""
    s = position(turn=8, vp=-3, inf={"argentina": (1, 2), "uk": (2, 5)})
    fire(s, 83, US)
    assert finished(s)
    assert inf(s, "argentina") == (2, 2)
    assert inf(s, "uk") == (0, 5)
    assert s.vp == -2
    assert s.perm >> 83 & 1
    assert rules.event_block(s, 7, USSR) != ""


# ---------------------------------------------------------------- #84 Reagan Bombs Libya
def test_reagan_bombs_libya_one_vp_per_two():
    """#84: 5 USSR influence in Libya gives the US 2 VP (rounded down)."""
    s = position(turn=8, inf={"libya": (5, 0)})
    fire(s, 84, US)
    assert finished(s)
    assert s.vp == 2
    assert inf(s, "libya") == (5, 0)


def test_reagan_bombs_libya_one_influence_no_vp():
    """#84: 1 USSR influence in Libya gives nothing; the card is still removed (5.2)."""
    s = position(turn=8, vp=1, inf={"libya": (1, 0)})
    fire(s, 84, US)
    assert finished(s)
    assert s.vp == 1
    assert 84 in s.removed


# ---------------------------------------------------------------- #85 Star Wars
def test_star_wars_us_ahead_fires_us_card_from_discard():
    """#85: US ahead on space; it takes #84 from the discard, its event occurs, both removed."""
    s = position(turn=8, space=(2, 3), inf={"libya": (4, 0)}, discard=[1, 84, 19])
    fire(s, 85, US)
    opts = texts(s)
    assert "#1 Asia Scoring: event" not in opts  # scoring cards may not be picked
    assert "#84 Reagan Bombs Libya: event" in opts
    act(s, "#84 Reagan Bombs Libya: event")
    assert finished(s)
    assert s.vp == 2
    assert 84 in s.removed and 84 not in s.discard
    assert 85 in s.removed
    assert s.inplay == []
    assert 1 in s.discard and 19 in s.discard


def test_star_wars_two_sided_card_is_the_us_event():
    """#85: a two-sided card (#92 Terrorism) taken by Star Wars is implemented by the US: the
    USSR discards; Terrorism is not starred and goes back to the discard."""
    s = position(turn=8, space=(0, 1), discard=[92], hands=([19], []))
    fire(s, 85, US)
    act(s, "#92 Terrorism: event")
    draw_card(s, 19)
    assert finished(s)
    assert s.hands[USSR] == []
    assert sorted(s.discard) == [19, 92]
    assert 85 in s.removed


def test_star_wars_ussr_card_is_implemented_by_the_ussr():
    """#85: a USSR card (#99 Pershing II) picked by the US fires for the USSR (the USSR removes)."""
    s = position(turn=8, space=(0, 2), discard=[99], inf={"italy": (0, 2), "france": (0, 1)})
    fire(s, 85, US)
    act(s, "#99 Pershing II Deployed: event")
    assert s.current_player() == USSR
    act(s, "remove US Italy")
    act(s, "remove US France")
    assert finished(s)
    assert s.vp == -1
    assert inf(s, "italy") == (0, 1) and inf(s, "france") == (0, 0)
    assert 99 in s.removed


def test_star_wars_excludes_cards_whose_event_is_barred():
    """#85 / 5.2: a card whose event is prohibited (#55 after #96) or lacks its prerequisite
    (#21 NATO) may not be picked."""
    s = position(turn=8, space=(1, 3), discard=[55, 21, 19], perm=[96])
    fire(s, 85, US)
    assert texts(s) == ["#19 Truman Doctrine: event"]


def test_star_wars_not_ahead_no_effect_and_discarded():
    """#85 / 5.2 example 4: US level on space, no effect; Star Wars goes to the discard pile."""
    s = position(turn=8, space=(3, 3), discard=[84], inf={"libya": (4, 0)})
    fire(s, 85, US)
    assert finished(s)
    assert s.vp == 0
    assert 85 in s.discard and 85 not in s.removed
    assert 84 in s.discard


def test_star_wars_played_by_ussr_for_ops_when_us_behind():
    """#85 / 5.2 example 4: the USSR plays Star Wars for ops with the US behind: no effect, the
    card is discarded, not removed."""
    s = position(turn=8, space=(4, 1), inf={"poland": (1, 0)})
    play(s, USSR, 85, "influence")
    act(s, "event first")
    act(s, "influence Poland")
    act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (3, 0)
    assert 85 in s.discard and 85 not in s.removed


# ---------------------------------------------------------------- #86 North Sea Oil
def test_north_sea_oil_bars_opec_and_gives_eight_rounds():
    """#86: OPEC (#61) barred for the game; the US has 8 action rounds this turn, the USSR 7."""
    s = position(turn=8)
    fire(s, 86, US)
    assert finished(s)
    assert s.perm >> 86 & 1 and s.turnfx >> 86 & 1
    assert rules.event_block(s, 61, USSR) != ""
    assert rules.rounds_for(s, US) == 8
    assert rules.rounds_for(s, USSR) == 7


# ---------------------------------------------------------------- #87 The Reformer
def test_reformer_four_influence_max_two_per_country():
    """#87: VP level, 4 USSR influence in Europe, at most 2 per country; no USSR coups in Europe."""
    s = position(turn=8, vp=0, inf={"italy": (0, 2)})
    fire(s, 87, USSR)
    act(s, "place USSR Italy")
    act(s, "place USSR Italy")
    assert "place USSR Italy" not in texts(s)
    assert "place USSR Asia" not in texts(s)
    act(s, "place USSR France")
    act(s, "place USSR Poland")
    assert finished(s)
    assert inf(s, "italy") == (2, 2)
    assert inf(s, "france") == (1, 0)
    assert inf(s, "poland") == (1, 0)
    assert s.perm >> 87 & 1
    assert rules.coup_targets(s, USSR, BOARD.region_mask[EUROPE]) == 0


def test_reformer_six_influence_when_ussr_leads():
    """#87: the USSR leads on VP (vp < 0): 6 influence instead of 4."""
    s = position(turn=8, vp=-1)
    fire(s, 87, USSR)
    for name in ("Italy", "Italy", "France", "France", "Poland", "Poland"):
        act(s, "place USSR " + name)
    assert finished(s)
    assert inf(s, "italy") == (2, 0) and inf(s, "france") == (2, 0) and inf(s, "poland") == (2, 0)


# ---------------------------------------------------------------- #88 Marine Barracks Bombing
def test_marine_barracks_lebanon_and_two_more():
    """#88: all US out of Lebanon, then the USSR removes 2 more US influence in the Middle East."""
    s = position(turn=8, inf={"lebanon": (0, 2), "israel": (0, 3), "iran": (0, 1), "italy": (0, 2)})
    fire(s, 88, USSR)
    assert "remove US Italy" not in texts(s)
    act(s, "remove US Israel")
    act(s, "remove US Iran")
    assert finished(s)
    assert inf(s, "lebanon") == (0, 0)
    assert inf(s, "israel") == (0, 2)
    assert inf(s, "iran") == (0, 0)
    assert inf(s, "italy") == (0, 2)


def test_marine_barracks_nothing_else_to_remove():
    """#88: with no other US influence in the Middle East only Lebanon is cleared."""
    s = position(turn=8, inf={"lebanon": (1, 2)})
    fire(s, 88, USSR)
    assert finished(s)
    assert inf(s, "lebanon") == (1, 0)
    assert 88 in s.removed


# ---------------------------------------------------------------- #89 Soviets Shoot Down KAL-007
def test_kal007_with_south_korea_gives_influence_ops():
    """#89: DEFCON −1, US +2 VP, US controls South Korea: it places the card's 4 ops."""
    s = position(turn=8, defcon=4, inf={"south_korea": (0, 3)}, phasing=US)
    fire(s, 89, US)
    assert s.defcon == 3 and s.vp == 2
    assert texts(s) == ["ops: influence", "decline"]  # no realign targets, no coup, no space
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Taiwan")
    assert finished(s)
    assert inf(s, "taiwan") == (0, 4)
    assert 89 in s.removed


def test_kal007_realign_offered_and_declinable():
    """#89: the extra use is optional and may be realignment (never coup or space)."""
    s = position(turn=8, defcon=5, inf={"south_korea": (0, 3), "north_korea": (3, 0)})
    fire(s, 89, US)
    assert texts(s) == ["ops: influence", "ops: realign", "decline"]
    act(s, "decline")
    assert finished(s)
    assert s.defcon == 4 and s.vp == 2


def test_kal007_without_south_korea_no_ops():
    """#89: South Korea not US-controlled: only DEFCON and VP."""
    s = position(turn=8, defcon=3, inf={"south_korea": (1, 3)})
    fire(s, 89, US)
    assert finished(s)
    assert s.defcon == 2 and s.vp == 2


def test_kal007_played_by_ussr_for_ops_gives_no_extra_ops():
    """#89 / 5.2: the USSR plays KAL-007 for ops; the US event occurs (DEFCON, VP) but the US
    does not also use the card's ops."""
    s = position(turn=8, defcon=4, inf={"south_korea": (0, 3), "poland": (1, 0)})
    play(s, USSR, 89, "influence")
    act(s, "event first")
    assert s.defcon == 3 and s.vp == 2
    assert s.current_player() == USSR
    assert "influence Poland" in texts(s)
    for _ in range(4):
        act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (5, 0)
    assert 89 in s.removed


def test_kal007_at_defcon_2_phasing_player_loses():
    """#89 / 8.1.3: at DEFCON 2 the degrade brings nuclear war; the phasing USSR (who played it
    for ops) loses."""
    s = position(turn=8, defcon=2, inf={"poland": (1, 0)})
    play(s, USSR, 89, "influence")
    act(s, "event first")
    assert s.winner == US
    assert s.defcon == 1


# ---------------------------------------------------------------- #90 Glasnost
def test_glasnost_without_reformer():
    """#90: USSR +2 VP, DEFCON +1, nothing more without #87."""
    s = position(turn=8, defcon=3, vp=1)
    fire(s, 90, USSR)
    assert finished(s)
    assert s.vp == -1 and s.defcon == 4
    assert 90 in s.removed


def test_glasnost_after_reformer_gives_ops():
    """#90: after #87 the USSR may also use the 4 ops for influence (here in Poland)."""
    s = position(turn=8, defcon=5, inf={"poland": (1, 0)}, perm=[87])
    fire(s, 90, USSR)
    assert s.defcon == 5 and s.vp == -2
    assert texts(s) == ["ops: influence", "decline"]
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Poland")
    assert finished(s)
    assert inf(s, "poland") == (5, 0)


# ---------------------------------------------------------------- #91 Ortega Elected in Nicaragua
def test_ortega_clears_nicaragua_and_free_coup_in_costa_rica():
    """#91: US out of Nicaragua; free coup (2 ops) next to Nicaragua: no military ops."""
    board = {"nicaragua": (0, 2), "costa_rica": (0, 1), "cuba": (0, 1), "panama": (0, 1)}
    s = position(turn=8, defcon=3, inf=board)
    fire(s, 91, USSR)
    assert inf(s, "nicaragua") == (0, 0)
    assert texts(s) == ["coup Costa Rica", "coup Cuba", "pass"]
    act(s, "coup Costa Rica")
    die(s, 6)  # 6 + 2 − 2×3 = 2: remove the 1 US, add 1 USSR
    assert finished(s)
    assert inf(s, "costa_rica") == (1, 0)
    assert s.milops == [0, 0] and s.defcon == 3


def test_ortega_coup_in_cuba_degrades_defcon():
    """#91 / 6.3.5: a free coup in a battleground (Cuba) still degrades DEFCON."""
    s = position(turn=8, defcon=4, inf={"cuba": (0, 2)})
    fire(s, 91, USSR)
    act(s, "coup Cuba")
    assert s.defcon == 3
    die(s, 2)  # 2 + 2 − 6 < 1: fails
    assert finished(s)
    assert inf(s, "cuba") == (0, 2)


def test_ortega_no_target_just_clears_nicaragua():
    """#91: no US influence next to Nicaragua: no coup question."""
    s = position(turn=8, inf={"nicaragua": (1, 3)})
    fire(s, 91, USSR)
    assert finished(s)
    assert inf(s, "nicaragua") == (1, 0)


# ---------------------------------------------------------------- #92 Terrorism
def test_terrorism_by_ussr_us_discards_one():
    """#92: the US discards one card at random; its event does not occur (5.4)."""
    s = position(turn=8, vp=0, hands=([], [19, 26, 27]))
    fire(s, 92, USSR)
    draw_card(s, 26)
    assert finished(s)
    assert sorted(s.hands[US]) == [19, 27]
    assert 26 in s.discard and 92 in s.discard
    assert s.vp == 0


def test_terrorism_with_hostage_crisis_us_discards_two():
    """#92 + #82: played by the USSR while the Iranian Hostage Crisis is in effect: two cards."""
    s = position(turn=8, hands=([], [19, 26, 27]), perm=[82])
    fire(s, 92, USSR)
    draw_card(s, 27)
    draw_card(s, 19)
    assert finished(s)
    assert s.hands[US] == [26]
    assert 19 in s.discard and 27 in s.discard


def test_terrorism_by_us_with_hostage_crisis_only_one():
    """#92: played by the US, #82 does not double it: the USSR discards one."""
    s = position(turn=8, hands=([7, 61], [19]), perm=[82])
    fire(s, 92, US)
    draw_card(s, 61)
    assert finished(s)
    assert s.hands[USSR] == [7]
    assert s.hands[US] == [19]
    assert 61 in s.discard


def test_terrorism_empty_hand_no_effect():
    """#92: an opponent with an empty hand discards nothing."""
    s = position(turn=8, hands=([], [19]), perm=[82])
    fire(s, 92, USSR)  # the helper gives the US a filler card for its sentinel round
    assert s.is_chance_node()
    s.hands[US] = []  # empty the hand before the draw
    s._core.advance(s)
    assert finished(s)
    assert s.hands[US] == [] and s.discard == [92]


# ---------------------------------------------------------------- #93 Iran-Contra Scandal
def test_iran_contra_us_realign_minus_one():
    """#93: for the rest of the turn US realignment rolls get −1."""
    s = position(turn=8, inf={"iran": (1, 1)})
    before = rules.realign_modifier(s, US, c("iran"))
    fire(s, 93, USSR)
    assert finished(s)
    assert s.turnfx >> 93 & 1
    assert rules.realign_modifier(s, US, c("iran")) == before - 1
    assert 93 in s.removed


# ---------------------------------------------------------------- #94 Chernobyl
def test_chernobyl_names_asia():
    """#94: the US names Asia; the USSR may not place influence there by ops this turn."""
    s = position(turn=8, inf={"north_korea": (3, 0), "poland": (1, 0)})
    fire(s, 94, US)
    assert texts(s) == ["Europe", "Asia", "Middle East", "Central America", "South America", "Africa"]
    act(s, "Asia")
    assert finished(s)
    assert s.chernobyl == ASIA
    m = rules.placement_mask(s, USSR)
    assert not m >> c("north_korea") & 1 and not m >> c("south_korea") & 1
    assert m >> c("poland") & 1


# ---------------------------------------------------------------- #95 Latin American Debt Crisis
def test_debt_crisis_us_discards_three_ops_card():
    """#95: the US discards a 3+ ops card (#25, #27 qualify; #19 does not): no doubling."""
    s = position(turn=8, inf={"brazil": (2, 0)}, hands=([], [19, 25, 27]))
    fire(s, 95, USSR)
    assert texts(s) == ["pass", "#25 Containment: discard", "#27 US/Japan Mutual Defense Pact: discard"]
    act(s, "#25 Containment: discard")
    assert finished(s)
    assert inf(s, "brazil") == (2, 0)
    assert sorted(s.hands[US]) == [19, 27]
    assert 25 in s.discard
    assert not s.turnfx >> 25 & 1  # 5.4: the discarded event did not occur


def test_debt_crisis_us_passes_ussr_doubles_two():
    """#95: the US declines; the USSR doubles its influence in two South American countries."""
    s = position(turn=8, inf={"brazil": (2, 1), "venezuela": (3, 0), "chile": (1, 0)}, hands=([], [25]))
    fire(s, 95, USSR)
    act(s, "pass")
    assert texts(s) == ["choose Venezuela", "choose Chile", "choose Brazil"]
    act(s, "choose Venezuela")
    assert "choose Venezuela" not in texts(s)
    act(s, "choose Brazil")
    assert finished(s)
    assert inf(s, "venezuela") == (6, 0)
    assert inf(s, "brazil") == (4, 1)
    assert inf(s, "chile") == (1, 0)
    assert s.hands[US] == [25]


def test_debt_crisis_red_scare_makes_three_a_two():
    """#95 / 7.4.2: under Red Scare/Purge the US's 3-ops card is worth 2 and cannot be used."""
    s = position(turn=8, inf={"brazil": (1, 0)}, hands=([], [25]))
    s.red_scare = 1 << US
    fire(s, 95, USSR)
    assert texts(s) == ["choose Brazil"]
    act(s, "choose Brazil")
    assert finished(s)
    assert inf(s, "brazil") == (2, 0)


# ---------------------------------------------------------------- #96 Tear Down This Wall
def test_tear_down_this_wall_cancels_brandt_and_free_coup():
    """#96: cancels #55, 3 US in East Germany, free coup in Europe (DEFCON 3: limits ignored)."""
    s = position(turn=8, defcon=3, inf={"east_germany": (4, 0), "italy": (1, 0)}, perm=[55])
    fire(s, 96, US)
    assert not s.perm >> 55 & 1 and s.perm >> 96 & 1
    assert inf(s, "east_germany") == (4, 3)
    assert texts(s) == ["coup", "realign"]
    act(s, "coup")
    assert sorted(texts(s)) == ["coup East Germany", "coup Italy", "pass"]
    act(s, "coup Italy")
    assert s.defcon == 2  # Italy is a battleground (6.3.5)
    die(s, 3)  # 3 + 3 − 2×2 = 2: remove 1 USSR, add 1 US
    assert finished(s)
    assert inf(s, "italy") == (0, 1)
    assert s.milops == [0, 0]
    assert rules.event_block(s, 55, USSR) != ""


def test_tear_down_this_wall_realignment_rolls():
    """#96: realignment instead: the card's 3 ops as rolls in Europe, DEFCON 2 limits ignored."""
    s = position(turn=8, defcon=2, inf={"east_germany": (1, 0), "austria": (2, 0)})
    fire(s, 96, US)
    act(s, "realign")
    assert sorted(texts(s)) == ["realign Austria", "realign East Germany"]
    act(s, "realign Austria")
    die(s, 1)  # USSR 1 + 1 (more influence) = 2
    die(s, 6)  # US 6 + 0 = 6: the USSR loses 4, all it has
    assert inf(s, "austria") == (0, 0)
    act(s, "realign East Germany")
    die(s, 1)  # USSR 1 + 0 = 1
    die(s, 1)  # US 1 + 1 (more influence) = 2: the USSR loses 1
    assert finished(s)  # a third roll has no target left
    assert inf(s, "east_germany") == (0, 3)
    assert s.defcon == 2 and s.milops == [0, 0]


def test_tear_down_this_wall_no_ussr_in_europe():
    """#96: no USSR influence in Europe: no coup/realign question."""
    s = position(turn=8)
    fire(s, 96, US)
    assert finished(s)
    assert inf(s, "east_germany") == (0, 3)
    assert 96 in s.removed


# ---------------------------------------------------------------- #97 An Evil Empire
def test_evil_empire_cancels_flower_power():
    """#97: cancels #59, US +1 VP; starred in the data (PROVENANCE ruling), so removed."""
    s = position(turn=8, vp=-5, perm=[59])
    fire(s, 97, US)
    assert finished(s)
    assert not s.perm >> 59 & 1 and s.perm >> 97 & 1
    assert s.vp == -4
    assert rules.event_block(s, 59, USSR) != ""
    assert 97 in s.removed


# ---------------------------------------------------------------- #98 Aldrich Ames
def test_aldrich_ames_orders_us_hand():
    """#98: US hand revealed; the USSR orders it; the US must follow it and may not play China."""
    s = position(turn=8, hands=([], [19, 26, 27]), china=US)
    fire(s, 98, USSR)
    assert s.revealed >> US & 1
    assert s.current_player() == USSR
    act(s, "#27 US/Japan Mutual Defense Pact: play next")
    assert texts(s) == ["#19 Truman Doctrine: play next", "#26 CIA Created: play next"]
    act(s, "#19 Truman Doctrine: play next")
    assert finished(s)
    assert s.ames == [27, 19, 26]
    assert s.turnfx >> 98 & 1
    assert not rules.china_available(s, US)
    played = {actions.decode(a).value for a in s.legal_actions() if actions.decode(a).kind == "play"}
    assert played == {27}


def test_aldrich_ames_single_card_no_question():
    """#98: one card in the US hand is ordered without a question."""
    s = position(turn=8, hands=([], [19]))
    fire(s, 98, USSR)
    assert finished(s)
    assert s.ames == [19]
    assert 98 in s.removed


# ---------------------------------------------------------------- #99 Pershing II Deployed
def test_pershing_ii_removes_one_from_three_countries():
    """#99: USSR +1 VP; 1 US influence from each of 3 Western European countries."""
    s = position(
        turn=8,
        vp=2,
        inf={"italy": (0, 3), "france": (0, 1), "uk": (0, 5), "turkey": (0, 2), "poland": (0, 1)},
    )
    fire(s, 99, USSR)
    assert "remove US Poland" not in texts(s)
    act(s, "remove US Italy")
    assert "remove US Italy" not in texts(s)
    act(s, "remove US France")
    act(s, "remove US Turkey")
    assert finished(s)
    assert s.vp == 1
    assert inf(s, "italy") == (0, 2)
    assert inf(s, "france") == (0, 0)
    assert inf(s, "turkey") == (0, 1)
    assert inf(s, "uk") == (0, 5)
    assert inf(s, "poland") == (0, 1)


def test_pershing_ii_fewer_countries():
    """#99: "up to 3": with US influence in one Western European country only one is removed."""
    s = position(turn=8, inf={"italy": (0, 3)})
    fire(s, 99, USSR)
    act(s, "remove US Italy")
    assert finished(s)
    assert inf(s, "italy") == (0, 2) and s.vp == -1


# ---------------------------------------------------------------- #100 Wargames
def test_wargames_end_game_us_wins_on_vp():
    """#100: DEFCON 2, the US (vp +8) gives the USSR 6 VP and ends the game: US wins at +2."""
    s = position(turn=8, defcon=2, vp=8)
    fire(s, 100, US)
    assert texts(s) == ["end the game", "continue"]
    act(s, "end the game")
    assert s.vp == 2
    assert s.winner == US
    assert s.is_terminal()


def test_wargames_end_game_draw_and_ussr():
    """#100: VP level after the 6 VP: a draw; the USSR ending it at −7 wins at −1."""
    s = position(turn=8, defcon=2, vp=6)
    fire(s, 100, US)
    act(s, "end the game")
    assert s.vp == 0 and s.winner == 2
    s = position(turn=8, defcon=2, vp=-7)
    fire(s, 100, USSR)
    act(s, "end the game")
    assert s.vp == -1 and s.winner == USSR


def test_wargames_continue():
    """#100: the player may decline; the game goes on and the card is removed."""
    s = position(turn=8, defcon=2, vp=3)
    fire(s, 100, USSR)
    act(s, "continue")
    assert finished(s) and s.winner == -1
    assert s.vp == 3
    assert 100 in s.removed


def test_wargames_not_defcon_2_no_effect():
    """#100: at DEFCON 3 nothing happens; the card is discarded (as Star Wars, 5.2 ex. 4)."""
    s = position(turn=8, defcon=3, vp=3)
    fire(s, 100, US)
    assert finished(s) and s.winner == -1
    assert s.vp == 3
    assert 100 in s.discard and 100 not in s.removed


# ---------------------------------------------------------------- #102 Iran-Iraq War
def test_iran_iraq_war_win():
    """#102: USSR, Iraq invades Iran; US controls Pakistan (−1); roll 5 → 4 wins: 2 VP, the US
    influence in Iran becomes USSR influence; 2 military ops."""
    s = position(turn=8, inf={"iran": (1, 2), "pakistan": (0, 2), "iraq": (0, 1)})
    fire(s, 102, USSR)
    assert s.milops[USSR] == 2
    assert texts(s) == ["Iran invades Iraq", "Iraq invades Iran"]
    act(s, "Iraq invades Iran")
    die(s, 5)
    assert finished(s)
    assert s.vp == -2
    assert inf(s, "iran") == (3, 0)
    assert 102 in s.removed


def test_iran_iraq_war_loss_still_milops():
    """#102 / 7.6: a loss (roll 4 − 1 = 3) changes nothing but the military ops."""
    s = position(turn=8, milops=(0, 4), inf={"iraq": (2, 0), "saudi_arabia": (3, 0)})
    fire(s, 102, US)
    act(s, "Iran invades Iraq")
    die(s, 4)
    assert finished(s)
    assert s.vp == 0
    assert inf(s, "iraq") == (2, 0)
    assert s.milops == [0, 5]


def test_iran_iraq_war_us_win_no_influence():
    """#102 / 7.6: the US wins with nothing at stake: still 2 VP."""
    s = position(turn=8)
    fire(s, 102, US)
    act(s, "Iran invades Iraq")
    die(s, 4)
    assert finished(s)
    assert s.vp == 2
    assert inf(s, "iraq") == (0, 0)
    assert s.milops == [0, 2]


def test_iran_iraq_war_flower_power_on_us_play():
    """#102 / #59: the US playing the war card as an event with Flower Power in effect: USSR +2."""
    s = position(turn=8, perm=[59], phasing=US)
    play(s, US, 102, "event")
    act(s, "Iran invades Iraq")
    die(s, 6)
    assert s.vp == 0  # +2 for the win, −2 for Flower Power
    assert s.milops[US] == 2


def test_late_frames_are_tuples_of_ints_or_strings():
    """Contract: frames pushed by late events carry only ints / strings / tuples (cloneable)."""
    s = position(turn=8, inf={"brazil": (2, 0)}, hands=([], [25]))
    fire(s, 95, USSR)
    frame = s.stack[-1]
    assert frame[0] == frames.CCARD
    for item in frame:
        assert isinstance(item, (int, str, tuple, bool))
