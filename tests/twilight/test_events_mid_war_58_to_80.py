"""Events of cards #58–#78 and #80 (module mid_war_58_to_80), each from a concrete position."""

from __future__ import annotations

import pytest

from realpolitik.engine.twilight import rules
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


def _pile_after_event(s, card):
    """Where a card goes once its event fired: removed when starred in the data (2.2.4)."""
    return s.removed if BOARD.cards[card].starred else s.discard


# ---------------------------------------------------------------- #58 Cultural Revolution
def test_58_cultural_revolution_takes_china_card_face_up():
    """#58: the US holds the China Card (face down): the USSR takes it face up, playable (9.4)."""
    s = position(china=US, china_up=False, vp=0)
    fire(s, 58, USSR)
    assert finished(s)
    assert s.china == USSR and s.china_up
    assert rules.china_available(s, USSR)
    assert s.vp == 0
    assert 58 in s.removed and 58 not in s.discard


def test_58_cultural_revolution_ussr_holds_china_gains_vp():
    """#58: the USSR already holds the China Card: it gains 1 VP, the card stays as it is."""
    s = position(china=USSR, china_up=False, vp=3)
    fire(s, 58, USSR)
    assert finished(s)
    assert s.vp == 2
    assert s.china == USSR and not s.china_up


def test_58_cultural_revolution_fires_when_us_plays_it_for_ops():
    """#58 played by the US for Ops (5.2): the USSR event still takes the US's China Card."""
    s = position(china=US, inf={"japan": (0, 1)}, phasing=US)
    play(s, US, 58, "influence")
    act(s, "event first")
    assert s.china == USSR and s.china_up
    act(s, "influence Japan")
    act(s, "influence Japan")
    act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 4)
    assert 58 in s.removed


# ---------------------------------------------------------------- #59 Flower Power
def test_59_flower_power_sets_flag_and_scores_later_war_card():
    """#59: the lasting flag is set; a later US war card played for Ops gives the USSR 2 VP."""
    s = position(vp=0)
    fire(s, 59, USSR)
    assert finished(s)
    assert s.flag(59) and s.perm >> 59 & 1
    assert 59 in s.removed
    s.stack.clear()
    play(s, US, 13, "influence")  # Arab-Israeli War, a USSR war event
    assert s.vp == -2


def test_59_flower_power_cancelled_by_an_evil_empire():
    """#59 with #97 An Evil Empire in effect (5.2): played by the US for Ops, no event, discarded."""
    s = position(perm=[97], inf={"japan": (0, 1)}, phasing=US)
    play(s, US, 59, "influence")
    for _ in range(4):
        act(s, "influence Japan")
    assert finished(s)
    assert not s.perm >> 59 & 1
    assert 59 in s.discard and 59 not in s.removed


# ---------------------------------------------------------------- #60 U2 Incident
def test_60_u2_incident_vp_and_turn_flag():
    """#60: the USSR gains 1 VP and the rest-of-turn flag for UN Intervention is set."""
    s = position(vp=1)
    fire(s, 60, USSR)
    assert finished(s)
    assert s.vp == 0
    assert s.turnfx >> 60 & 1 and not s.perm >> 60 & 1
    assert 60 in s.removed


# ---------------------------------------------------------------- #61 OPEC
def test_61_opec_counts_ussr_controlled_listed_countries():
    """#61: 1 VP per USSR-controlled Egypt, Iran, Libya, Saudi Arabia, Iraq, Gulf States, Venezuela."""
    s = position(
        inf={
            "egypt": (2, 0),  # controlled
            "iraq": (3, 0),  # controlled
            "venezuela": (4, 1),  # controlled (4 - 1 >= 2)
            "iran": (2, 1),  # not controlled
            "saudi_arabia": (2, 0),  # short of stability 3
            "syria": (2, 0),  # controlled but not on the list
        }
    )
    fire(s, 61, USSR)
    assert finished(s)
    assert s.vp == -3
    assert 61 in s.discard  # not starred


def test_61_opec_cancelled_by_north_sea_oil():
    """#61 with #86 North Sea Oil in effect (5.2): the US plays it for Ops, the USSR gains nothing."""
    s = position(perm=[86], inf={"egypt": (2, 0), "japan": (0, 1)}, phasing=US)
    play(s, US, 61, "influence")
    for _ in range(3):
        act(s, "influence Japan")
    assert finished(s)
    assert s.vp == 0
    assert 61 in s.discard


# ---------------------------------------------------------------- #62 Lone Gunman
def test_62_lone_gunman_reveals_us_hand_and_ussr_uses_ops():
    """#62: the US hand is revealed; the USSR conducts 1 Op with the card."""
    s = position(inf={"iraq": (1, 0)})
    fire(s, 62, USSR)
    assert s.revealed == 1 << US
    assert texts(s) == ["ops: influence"]
    act(s, "ops: influence")
    act(s, "influence Jordan")
    assert finished(s)
    assert inf(s, "jordan") == (1, 0)
    assert 62 in s.removed


def test_62_lone_gunman_from_us_ops_uses_current_ussr_influence():
    """#62 fired by a US Ops play (5.2): the USSR places from where its influence is now (6.1.1)."""
    s = position(inf={"iraq": (1, 0), "japan": (0, 1)}, phasing=US)
    s.round_start[USSR] |= 1 << c("cuba")  # stale: the USSR lost Cuba since its last round
    play(s, US, 62, "influence")
    act(s, "ops first")
    act(s, "influence Japan")
    assert inf(s, "japan") == (0, 2)
    act(s, "ops: influence")
    legal = texts(s)
    assert "influence Haiti" not in legal
    assert "influence Jordan" in legal
    act(s, "influence Jordan")
    assert finished(s)
    assert s.revealed >> US & 1
    assert inf(s, "jordan") == (1, 0)


# ---------------------------------------------------------------- #63 Colonial Rear Guards
def test_63_colonial_rear_guards_four_different_countries():
    """#63: 1 US Influence in each of 4 different countries in Africa and/or Southeast Asia."""
    s = position(inf={"angola": (2, 0)})
    fire(s, 63, US)
    legal = texts(s)
    assert "place US Angola" in legal and "place US Thailand" in legal
    assert "place US Japan" not in legal and "place US Egypt" not in legal
    act(s, "place US Angola")
    assert "place US Angola" not in texts(s)
    act(s, "place US Thailand")
    act(s, "place US Zaire")
    act(s, "place US Vietnam")
    assert finished(s)
    assert inf(s, "angola") == (2, 1)
    assert [inf(s, n)[1] for n in ("thailand", "zaire", "vietnam")] == [1, 1, 1]
    assert sum(s.inf[BOARD.n :]) == 4


# ---------------------------------------------------------------- #64 Panama Canal Returned
def test_64_panama_canal_returned():
    """#64: 1 US Influence in each of Panama, Costa Rica and Venezuela."""
    s = position(inf={"panama": (1, 1)})
    fire(s, 64, US)
    assert finished(s)
    assert inf(s, "panama") == (1, 2)
    assert inf(s, "costa_rica") == (0, 1)
    assert inf(s, "venezuela") == (0, 1)
    assert 64 in s.removed


# ---------------------------------------------------------------- #65 Camp David Accords
def test_65_camp_david_accords():
    """#65: US +1 VP, 1 US Influence in Israel, Jordan, Egypt; Arab-Israeli War (#13) is barred."""
    s = position(vp=-2, inf={"egypt": (1, 0)})
    fire(s, 65, US)
    assert finished(s)
    assert s.vp == -1
    assert inf(s, "israel") == (0, 1)
    assert inf(s, "jordan") == (0, 1)
    assert inf(s, "egypt") == (1, 1)
    assert s.perm >> 65 & 1
    assert rules.event_block(s, 13, USSR)
    assert 65 in s.removed


# ---------------------------------------------------------------- #66 Puppet Governments
def test_66_puppet_governments_only_empty_countries():
    """#66: 1 US Influence in each of 3 countries that hold no Influence of either side."""
    s = position(inf={"chile": (1, 0), "brazil": (0, 1)})
    fire(s, 66, US)
    legal = texts(s)
    assert "place US Chile" not in legal and "place US Brazil" not in legal
    assert "place US Argentina" in legal
    act(s, "place US Argentina")
    assert "place US Argentina" not in texts(s)  # the country holds influence now: 1 each
    act(s, "place US Peru")
    act(s, "place US Sudan")
    assert finished(s)
    assert [inf(s, n) for n in ("argentina", "peru", "sudan")] == [(0, 1)] * 3
    assert inf(s, "brazil") == (0, 1) and inf(s, "chile") == (1, 0)
    assert 66 in s.removed


def test_66_puppet_governments_fewer_than_three_empty():
    """#66: with only 2 empty countries the US places in those 2 and the event ends."""
    s = position()
    for i in range(BOARD.n):
        s.set_inf(USSR, i, 1)
    s.set_inf(USSR, c("peru"), 0)
    s.set_inf(USSR, c("sudan"), 0)
    fire(s, 66, US)
    assert sorted(texts(s)) == ["place US Peru", "place US Sudan"]
    act(s, "place US Peru")
    act(s, "place US Sudan")
    assert finished(s)
    assert inf(s, "peru") == (0, 1) and inf(s, "sudan") == (0, 1)


# ---------------------------------------------------------------- #67 Grain Sales to Soviets
def test_67_grain_sales_us_plays_drawn_card_as_event():
    """#67: the US draws #64 from the USSR hand and plays its event; both cards leave play."""
    s = position(hands=([19, 64], [26]))
    fire(s, 67, US)
    assert s.is_chance_node()
    draw_card(s, 64)
    assert 64 not in s.hands[USSR] and 64 in s.inplay
    assert "return it" in texts(s)
    act(s, "#64 Panama Canal Returned: event")
    assert finished(s)
    assert inf(s, "panama") == (0, 1) and inf(s, "costa_rica") == (0, 1)
    assert 64 in s.removed
    assert 67 in s.discard
    assert s.hands[USSR] == [19]
    assert not s.inplay


def test_67_grain_sales_return_gives_grain_sales_ops():
    """#67: the US gives the card back and uses Grain Sales' 2 Ops."""
    s = position(hands=([27], [26]), inf={"japan": (0, 1)})
    fire(s, 67, US)
    draw_card(s, 27)
    assert texts(s)[-1] == "return it"
    act(s, "return it")
    assert s.hands[USSR] == [27] and 27 not in s.inplay
    act(s, "ops: influence")
    act(s, "influence Japan")
    act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 3)
    assert 67 in s.discard and 27 not in s.discard


def test_67_grain_sales_empty_ussr_hand_uses_ops():
    """#67: the USSR hand is empty: the US just uses Grain Sales' Ops."""
    s = position(hands=([], [26]), inf={"japan": (0, 1)})
    fire(s, 67, US, by=USSR)  # fired off a USSR Ops play, so the USSR hand stays empty
    assert s.hands[USSR] == []
    assert not s.is_chance_node()
    assert texts(s) == ["ops: influence"]
    act(s, "ops: influence")
    act(s, "influence Japan")
    act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 3)
    assert 67 in s.discard


def test_67_grain_sales_drawn_ussr_card_for_ops_fires_its_event():
    """#67: the US plays a drawn USSR card (#60 U2) for Ops: its event fires for the USSR (5.2)."""
    s = position(hands=([60], [26]), inf={"japan": (0, 1)}, vp=0, phasing=US)
    fire(s, 67, US)
    draw_card(s, 60)
    act(s, "#60 U2 Incident: influence")
    act(s, "event first")
    assert s.vp == -1
    for _ in range(3):
        act(s, "influence Japan")
    assert finished(s)
    assert inf(s, "japan") == (0, 4)
    assert 60 in s.removed and 67 in s.discard
    assert s.hands[USSR] == []


# ---------------------------------------------------------------- #68 John Paul II
def test_68_john_paul_ii():
    """#68: remove 2 USSR and add 1 US Influence in Poland; Solidarity (#81) may now be played."""
    s = position(inf={"poland": (3, 0)})
    assert rules.event_block(s, 81, US)
    fire(s, 68, US)
    assert finished(s)
    assert inf(s, "poland") == (1, 1)
    assert s.perm >> 68 & 1
    assert rules.event_block(s, 81, US) == ""
    assert 68 in s.removed


def test_68_john_paul_ii_little_ussr_influence():
    """#68: with only 1 USSR Influence in Poland, it is removed (no negative influence)."""
    s = position(inf={"poland": (1, 2)})
    fire(s, 68, US)
    assert inf(s, "poland") == (0, 3)


# ---------------------------------------------------------------- #69 Latin American Death Squads
def test_69_death_squads_for_us():
    """#69 played by the US: US coups in C./S. America +1, USSR's -1 this turn; none elsewhere."""
    s = position()
    fire(s, 69, US)
    assert finished(s)
    assert s.death_squads == 1 << US
    assert rules.coup_modifier(s, US, c("panama")) == 1
    assert rules.coup_modifier(s, USSR, c("chile")) == -1
    assert rules.coup_modifier(s, US, c("iran")) == 0
    assert 69 in s.discard


def test_69_death_squads_for_ussr_coup_result():
    """#69 played by the USSR: its coup in Chile gets +1 on the die (6.3.2)."""
    s = position(inf={"chile": (0, 2)}, defcon=4)
    fire(s, 69, USSR)
    assert s.death_squads == 1 << USSR
    s.stack.clear()
    play(s, USSR, 75, "coup")  # 2 Ops
    act(s, "coup Chile")
    assert s.defcon == 3  # Chile is a battleground (6.3.4)
    die(s, 5)  # 5 + 2 + 1 - 2*3 = 2 (1 without Death Squads)
    assert inf(s, "chile") == (0, 0)
    assert s.milops[USSR] == 2


# ---------------------------------------------------------------- #70 OAS Founded
def test_70_oas_founded_two_in_the_americas():
    """#70: 2 US Influence in Central and/or South America, both may go to one country."""
    s = position()
    fire(s, 70, US)
    legal = texts(s)
    assert "place US Brazil" in legal and "place US Mexico" in legal
    assert "place US France" not in legal
    act(s, "place US Mexico")
    act(s, "place US Mexico")
    assert finished(s)
    assert inf(s, "mexico") == (0, 2)
    assert 70 in s.removed


# ---------------------------------------------------------------- #71 Nixon Plays the China Card
def test_71_nixon_us_holds_china_gains_2vp():
    """#71: the US holds the China Card: +2 VP, the card stays as it is."""
    s = position(china=US, china_up=False, vp=0)
    fire(s, 71, US)
    assert finished(s)
    assert s.vp == 2
    assert s.china == US and not s.china_up


def test_71_nixon_takes_china_face_down():
    """#71: the USSR holds it: the US takes it face down, not playable this turn."""
    s = position(china=USSR, china_up=True, vp=0)
    fire(s, 71, US)
    assert finished(s)
    assert s.vp == 0
    assert s.china == US and not s.china_up
    assert not rules.china_available(s, US)
    assert 71 in s.removed


# ---------------------------------------------------------------- #72 Sadat Expels Soviets
def test_72_sadat_expels_soviets():
    """#72: all USSR Influence leaves Egypt and the US adds 1."""
    s = position(inf={"egypt": (4, 1)})
    fire(s, 72, US)
    assert finished(s)
    assert inf(s, "egypt") == (0, 2)
    assert 72 in s.removed


# ---------------------------------------------------------------- #73 Shuttle Diplomacy
def test_73_shuttle_diplomacy_stays_on_table_until_scoring():
    """#73: the card stays in front of the US; Middle East Scoring uses it and discards it."""
    s = position(inf={"iraq": (3, 0), "libya": (2, 0), "iran": (0, 2)}, vp=0)
    fire(s, 73, US)
    assert finished(s)
    assert s.perm >> 73 & 1
    assert 73 in s.inplay and 73 not in s.discard
    s.stack.clear()
    fire(s, 3, USSR)  # Middle East Scoring
    assert not s.perm >> 73 & 1
    assert 73 in s.discard and 73 not in s.inplay
    # USSR counts 1 battleground (of 2): presence 3 + 1; US presence 3 + 1 (Iran): net 0.
    assert s.vp == 0


# ---------------------------------------------------------------- #74 The Voice of America
def test_74_voice_of_america_outside_europe_max_two():
    """#74: remove 4 USSR Influence outside Europe, at most 2 from any one country."""
    s = position(inf={"iraq": (3, 0), "cuba": (3, 0), "poland": (4, 0)})
    fire(s, 74, US)
    legal = texts(s)
    assert "remove USSR Poland" not in legal
    assert sorted(legal) == ["remove USSR Cuba", "remove USSR Iraq"]
    act(s, "remove USSR Iraq")
    act(s, "remove USSR Iraq")
    assert texts(s) == ["remove USSR Cuba"]
    act(s, "remove USSR Cuba")
    act(s, "remove USSR Cuba")
    assert finished(s)
    assert inf(s, "iraq") == (1, 0) and inf(s, "cuba") == (1, 0) and inf(s, "poland") == (4, 0)


def test_74_voice_of_america_less_than_four_available():
    """#74: only 1 USSR Influence outside Europe: it is removed and the event ends."""
    s = position(inf={"syria": (1, 0), "poland": (3, 0)})
    fire(s, 74, US)
    act(s, "remove USSR Syria")
    assert finished(s)
    assert inf(s, "syria") == (0, 0) and inf(s, "poland") == (3, 0)


# ---------------------------------------------------------------- #75 Liberation Theology
def test_75_liberation_theology_central_america_max_two():
    """#75: 3 USSR Influence in Central America, at most 2 per country."""
    s = position()
    fire(s, 75, USSR)
    legal = texts(s)
    assert "place USSR Cuba" in legal and "place USSR Brazil" not in legal
    act(s, "place USSR Cuba")
    act(s, "place USSR Cuba")
    assert "place USSR Cuba" not in texts(s)
    act(s, "place USSR Nicaragua")
    assert finished(s)
    assert inf(s, "cuba") == (2, 0) and inf(s, "nicaragua") == (1, 0)
    assert 75 in s.discard


# ---------------------------------------------------------------- #76 Ussuri River Skirmish
def test_76_ussuri_us_takes_china_face_up():
    """#76: the USSR holds the China Card: the US takes it face up and may play it."""
    s = position(china=USSR, china_up=False)
    fire(s, 76, US)
    assert finished(s)
    assert s.china == US and s.china_up
    assert rules.china_available(s, US)
    assert sum(s.inf[BOARD.n :]) == 0
    assert 76 in s.removed


def test_76_ussuri_us_holds_china_places_four_in_asia():
    """#76: the US holds it: 4 US Influence in Asia (Southeast Asia included), at most 2 each."""
    s = position(china=US, china_up=True)
    fire(s, 76, US)
    legal = texts(s)
    assert "place US Thailand" in legal and "place US Iran" not in legal
    act(s, "place US Pakistan")
    act(s, "place US Pakistan")
    assert "place US Pakistan" not in texts(s)
    act(s, "place US Thailand")
    act(s, "place US India")
    assert finished(s)
    assert inf(s, "pakistan") == (0, 2) and inf(s, "thailand") == (0, 1) and inf(s, "india") == (0, 1)
    assert s.china == US and s.china_up


# ---------------------------------------------------------------- #77 Ask Not…
def test_77_ask_not_discard_two_draw_two():
    """#77: the US discards 2 cards (one a scoring card, not scored) and draws 2 from the deck."""
    s = position(hands=([19], [2, 7, 26]), vp=0)
    s.deck = [40, 41, 42]
    fire(s, 77, US)
    assert "pass" in texts(s)
    act(s, "#2 Europe Scoring: discard")
    act(s, "#7 Socialist Governments: discard")
    act(s, "pass")
    assert finished(s)
    assert s.vp == 0
    assert s.discard[:2] == [2, 7]
    assert sorted(s.hands[US]) == [26, 41, 42]
    assert s.deck == [40]
    assert 77 in _pile_after_event(s, 77)


def test_77_ask_not_discard_whole_hand():
    """#77: discarding the last card ends the choices; the same number of cards is drawn."""
    s = position(hands=([19], [5, 7]))
    s.deck = [40, 41, 42]
    fire(s, 77, US)
    act(s, "#5 Five Year Plan: discard")
    act(s, "#7 Socialist Governments: discard")
    assert finished(s)
    assert sorted(s.hands[US]) == [41, 42]
    assert 5 in s.discard and 7 in s.discard


def test_77_ask_not_keep_everything():
    """#77: passing at once changes nothing."""
    s = position(hands=([19], [5, 7]))
    fire(s, 77, US)
    deck = list(s.deck)
    act(s, "pass")
    assert finished(s)
    assert sorted(s.hands[US]) == [5, 7]
    assert s.deck == deck


def test_77_ask_not_reshuffles_when_deck_runs_out():
    """#77: drawing past the deck's end reshuffles the discards (4.3)."""
    s = position(hands=([19], [5, 7]))
    s.deck = [40]
    s.discard = []
    fire(s, 77, US)
    act(s, "#5 Five Year Plan: discard")
    act(s, "#7 Socialist Governments: discard")
    assert finished(s)
    hand = s.hands[US]
    assert len(hand) == 2 and 40 in hand
    assert sorted(hand + s.deck) == [5, 7, 40]
    assert len(s.deck) == 1
    assert 77 in _pile_after_event(s, 77) and 5 not in s.discard and 7 not in s.discard


def test_77_ask_not_empty_hand():
    """#77: with no cards in hand nothing is asked."""
    s = position(hands=([19], []))
    deck = [n for n in s.deck if n != 77]
    fire(s, 77, US)
    assert finished(s)
    assert s.hands[US] == []
    assert s.deck == deck
    assert 77 in _pile_after_event(s, 77)


# ---------------------------------------------------------------- #78 Alliance for Progress
def test_78_alliance_for_progress():
    """#78: 1 VP per US-controlled battleground in Central and South America."""
    s = position(
        vp=0,
        inf={
            "mexico": (0, 2),  # BG, controlled
            "panama": (1, 3),  # BG, controlled
            "venezuela": (0, 2),  # BG, controlled
            "chile": (1, 3),  # BG, not controlled (3 - 1 < 3)
            "colombia": (0, 1),  # controlled, not a battleground
            "iran": (0, 2),  # BG outside the Americas
        },
    )
    fire(s, 78, US)
    assert finished(s)
    assert s.vp == 3
    assert 78 in s.removed


def test_78_alliance_for_progress_no_battleground():
    """#78 played by the USSR for Ops with no US battleground: no VP, still removed (5.2 ex. 3)."""
    s = position(vp=0, inf={"iraq": (1, 0)}, phasing=USSR)
    play(s, USSR, 78, "influence")
    act(s, "event first")
    for _ in range(3):
        act(s, "influence Iraq")
    assert finished(s)
    assert s.vp == 0
    assert 78 in s.removed


# ---------------------------------------------------------------- #80 One Small Step
@pytest.mark.parametrize(
    ("space", "side", "after", "vp"),
    [
        # the US at box 3, the USSR at 4: the US moves to 5 and gains box 5's first-place 3 VP only
        ((4, 3), US, [4, 5], 3),
        # the USSR at 3, the US at 5: the USSR moves to 5 and gains box 5's second-place 1 VP
        ((3, 5), USSR, [5, 5], -1),
        # level on the track: nothing happens (the event still counts as played)
        ((2, 2), US, [2, 2], 0),
        # at box 7 behind box 8 only one box remains: the marker stops at 8
        ((8, 7), US, [8, 8], 0),
    ],
    ids=["us-behind-first-place-vp", "ussr-behind-second-place-vp", "not-behind", "from-box-seven"],
)
def test_80_one_small_step(space: tuple[int, int], side: int, after: list[int], vp: int) -> None:
    """#80: the side behind on the space race moves two boxes, up to the box ahead of it, and
    gains that box's VP (first or second place); the card is discarded."""
    s = position(space=space, vp=0)
    fire(s, 80, side)
    assert finished(s)
    assert s.space == after
    assert s.vp == vp
    assert 80 in s.discard
