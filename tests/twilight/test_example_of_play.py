"""The seed rulebook's "ESEMPIO DI GIOCO" (example of play, pages 10–13), replayed through the
real engine, turns 1–4, with the VP, DEFCON, influence, military ops, space race and China Card
checked after every step.

Dice are forced to the printed results. The printed hands are set by hand (turn 1), by stacking
the deck (turn 2's deal; the 4 cards left for turn 3), and by exchanging cards between the hands
and the draw deck right after the deal (turns 3 and 4, where the deck was reshuffled or the Mid
War cards were shuffled in). Every card is always in exactly one pile.

The printed example has slips. Where it contradicts itself or the seed's rules and card texts,
the test asserts the rules-correct value and says why in a comment marked ``EXAMPLE SLIP``.
Gaps in the text are filled with a choice that agrees with the rest of the text, in a comment
marked ``GAP``. The main slips:

* Setup: no split of the 6 USSR / 7 US setup points agrees with every later sentence. We use
  USSR Poland 2, Hungary 2, Finland 2 (none in Czechoslovakia, although the setup sentence names
  it: with any USSR point there, COMECON could not "gain control" of Czechoslovakia in turn 2
  and the US could not dominate Europe in turn 3). US France 2, Italy 2, West Germany 1,
  Benelux 1, Denmark 1 (forced by Socialist Governments taking 2 from Italy and by Marshall
  Plan gaining control of France).
* Turn 1, UN Intervention is a 2-Ops card in the seed (the example uses it for 1 Op).
* Turn 1, Blockade: the US has no card worth 3+ Ops left (only Formosan Resolution), so it
  loses its influence in West Germany. The example discards East European Unrest, which the
  US does not hold (it is still in the deck, and the US draws it in turn 3).
* Turn 2, Marshall Plan places 7 influence; the example lists 8 countries.
* Turn 3, there are 4 cards left in the deck, not 5.
* Turn 3, Korean War degrades DEFCON in the seed; the example forgets it (and its 2 military
  ops), so its DEFCON is one level too high, and the USSR's coup in Egypt (Middle East) would
  be made at DEFCON 2, which rule 8.1.5 forbids. The test shows it is illegal, then puts DEFCON
  where the example has it to go on replaying the printed moves.
* Turn 3, Europe Scoring: the US controls 2 battlegrounds (France, Italy), not 3: +6, not +7.
* Turn 4, Red Scare/Purge (US, action round 1) cuts every later USSR card by 1 Op: Arms Race
  is a 2-Ops coup (with SALT's −1) and the China Card gives 4 Ops in Asia, not 5.
* Turn 4, Central America Scoring: the US controls nothing there (no presence): USSR +5.
* Turn 4, Brezhnev Doctrine reaches space box 6, which gives no VP on the seed's track.
* Turn 4, Asia Scoring: USSR domination 7 + 4 battlegrounds (Shuttle Diplomacy takes
  Pakistan away) = 11 against US presence 3 + Japan 1 = 4: net USSR +7, not +9. The USSR ends
  at 18 VP, so the printed automatic victory (20) does not happen.
"""

from __future__ import annotations

from realpolitik.engine.twilight import actions, rules
from realpolitik.engine.twilight.board import ASIA, BOARD, CENTRAL_AMERICA, EUROPE, MIDDLE_EAST, US, USSR
from realpolitik.engine.twilight.cards import SEED_CARDS
from realpolitik.engine.twilight.game import GAME
from realpolitik.engine.twilight.state import PH_ACTION, PH_HEADLINE
from tests.twilight.helpers import act, all_cards, c, die, draw_card, inf, texts

# ---------------------------------------------------------------- card numbers (seed numbering)
ASIA_SC, EUROPE_SC, MIDEAST_SC = 1, 2, 3
DUCK, FIVE_YEAR, CHINA, SOCGOV, FIDEL, VIETNAM_REVOLTS, BLOCKADE = 4, 5, 6, 7, 8, 9, 10
KOREAN_WAR, ROMANIAN, ARAB_ISRAELI, COMECON, NASSER, WARSAW = 11, 12, 13, 14, 15, 16
DE_GAULLE, NAZI_SCIENTIST, TRUMAN, OLYMPICS, NATO, INDEP_REDS = 17, 18, 19, 20, 21, 22
MARSHALL, INDO_PAK, CONTAINMENT, CIA, US_JAPAN, SUEZ, EE_UNREST = 23, 24, 25, 26, 27, 28, 29
DECOLONIZATION, RED_SCARE, UN, DESTALINIZATION, TEST_BAN = 30, 31, 32, 33, 34
CA_SC, SEA_SC, ARMS_RACE, SALT, BREZHNEV, WILLY_BRANDT, MUSLIM_REV = 37, 38, 39, 43, 51, 55, 56
LONE_GUNMAN, LADS, SHUTTLE, VOA, ONE_SMALL_STEP = 62, 69, 73, 74, 80
FORMOSAN, DEFECTORS = 101, 103

ALL_CARDS = sorted(n for n in BOARD.cards if n != CHINA and n <= SEED_CARDS)  # the seed edition

# Starting hands as printed.
USSR_T1 = [DESTALINIZATION, DECOLONIZATION, DE_GAULLE, NAZI_SCIENTIST, SOCGOV, UN, TRUMAN, RED_SCARE]
US_T1 = [TEST_BAN, INDO_PAK, FIVE_YEAR, US_JAPAN, OLYMPICS, NATO, BLOCKADE, FORMOSAN]
# Turn 2 deals (the USSR holds nothing, the US holds Formosan Resolution).
USSR_T2 = [COMECON, INDEP_REDS, SUEZ, MIDEAST_SC, EUROPE_SC, WARSAW, DEFECTORS, DUCK]
US_T2 = [MARSHALL, CONTAINMENT, CIA, VIETNAM_REVOLTS, ROMANIAN, ASIA_SC, NASSER]
# The 4 Early War cards still in the deck after turn 2's deal, in dealing order (USSR, US, ...).
T3_FIRST = [KOREAN_WAR, EE_UNREST, FIDEL, ARAB_ISRAELI]
# GAP: the example lists 7 cards per hand for turn 3 (the USSR's headline, Korean War, is not
# listed; the US list is one short: that card is held into turn 4, where the US list is one
# short of 9). We give the US Nuclear Test Ban (from the reshuffled discards), held to the end.
US_HELD_T3 = TEST_BAN
USSR_T3 = [NATO, OLYMPICS, VIETNAM_REVOLTS, INDO_PAK, MIDEAST_SC, FIDEL, DEFECTORS, KOREAN_WAR]
US_T3 = [EUROPE_SC, EE_UNREST, SOCGOV, FORMOSAN, DESTALINIZATION, ARAB_ISRAELI, NASSER, US_HELD_T3]
# GAP: the USSR's turn-4 list has 8 cards, one short of 9; it never plays the 9th. We give it
# Decolonization (from the deck).
USSR_HELD_T4 = DECOLONIZATION
USSR_T4 = [LONE_GUNMAN, SEA_SC, CA_SC, DEFECTORS, VOA, ARMS_RACE, WILLY_BRANDT, UN, USSR_HELD_T4]
US_T4 = [ONE_SMALL_STEP, RED_SCARE, SALT, MUSLIM_REV, BREZHNEV, SHUTTLE, LADS, ASIA_SC, US_HELD_T3]


# ---------------------------------------------------------------- helpers
def label(card: int, use: str) -> str:
    return f"{actions.card_label(card)}: {use}"


def play(s, card: int, use: str) -> None:
    """Play ``card`` in the current action round (use: event/influence/realign/coup/space)."""
    act(s, label(card, use))


def headline(s, ussr_card: int, us_card: int) -> None:
    """Both headline choices, in the order the engine asks for them."""
    assert s.phase == PH_HEADLINE
    for _ in range(2):
        side = s.current_player()
        act(s, label(ussr_card if side == USSR else us_card, "headline"))


def many(s, verb: str, *names: str) -> None:
    for n in names:
        act(s, f"{verb} {n}")


def check_inf(s, expected: dict[str, tuple[int, int]]) -> None:
    got = {name: inf(s, name) for name in expected}
    assert got == expected


def check_piles(s) -> None:
    """Every card (but the China Card) in exactly one pile."""
    assert sorted(all_cards(s)) == ALL_CARDS


def check(s, *, vp: int, defcon: int, milops: tuple[int, int] | None = None, space=None) -> None:
    """VP (positive = US ahead), DEFCON, and optionally military ops / space boxes (USSR, US)."""
    assert s.winner < 0, s.end_reason
    assert (s.vp, s.defcon) == (vp, defcon)
    if milops is not None:
        assert tuple(s.milops) == milops
    if space is not None:
        assert tuple(s.space) == space
    check_piles(s)


def controlled(s, side: int, region: int) -> set[str]:
    """Ids of the countries of ``region`` that ``side`` controls."""
    m = s.control_mask(side) & BOARD.region_mask[region]
    return {BOARD.ids[i] for i in rules.bits(m)}


def at_round(s, turn: int, action_round: int, side: int) -> None:
    """The engine waits for ``side``'s action round ``action_round`` of ``turn``."""
    assert (s.turn, s.phase, s.action_round, s.current_player()) == (turn, PH_ACTION, action_round, side)


def set_hands(s, ussr: list[int], us: list[int]) -> None:
    """Right after a deal: give each side the printed hand by swapping cards with the deck."""
    want = set(ussr) | set(us)
    pool = set(s.hands[USSR]) | set(s.hands[US]) | set(s.deck)
    assert want <= pool, sorted(want - pool)
    back = [x for x in s.hands[USSR] + s.hands[US] if x not in want]
    s.deck = [x for x in s.deck if x not in want] + back
    assert len(ussr) == len(s.hands[USSR]) and len(us) == len(s.hands[US])
    s.hands = [list(ussr), list(us)]
    s.touch()
    check_piles(s)


def new_game():
    """The printed starting hands; the deck stacked for turn 2's deal and turn 3's first cards."""
    s = GAME.new_initial_state(seed=1)
    s.hands = [list(USSR_T1), list(US_T1)]
    s.touch()
    # Turn 2's deal: one card at a time, USSR first, until both hands hold 8 (rules.deal).
    order = []
    for i in range(8):
        order.append(USSR_T2[i])
        if i < len(US_T2):
            order.append(US_T2[i])
    # The deck's top is its last element.
    s.deck = list(reversed(T3_FIRST)) + list(reversed(order))
    rest = set(ALL_CARDS) - set(USSR_T1) - set(US_T1) - set(s.deck) - set(s.box)
    assert not rest and not s.discard and not s.removed
    check_piles(s)
    return s


# ---------------------------------------------------------------- the example
def test_example_of_play_turns_1_to_4():
    s = new_game()
    assert s.china == USSR and s.china_up  # "L'URSS inizia con la Carta della Cina"

    # ---------------- Setup (3.2, 3.3)
    # GAP: the split of the 6 USSR / 7 US points (see the module docstring).
    many(s, "place", "Poland", "Poland", "Hungary", "Hungary", "Finland", "Finland")
    many(s, "place", "France", "France", "Italy", "Italy", "West Germany", "Benelux", "Denmark")
    assert (s.turn, s.phase) == (1, PH_HEADLINE)
    check(s, vp=0, defcon=5, milops=(0, 0), space=(0, 0))
    check_inf(
        s,
        {
            "poland": (2, 0),
            "hungary": (2, 0),
            "finland": (3, 0),
            "east_germany": (3, 0),
            "czechoslovakia": (0, 0),
            "syria": (1, 0),
            "iraq": (1, 0),
            "north_korea": (3, 0),
            "france": (0, 2),
            "italy": (0, 2),
            "west_germany": (0, 1),
            "benelux": (0, 1),
            "denmark": (0, 1),
            "uk": (0, 5),
            "iran": (0, 1),
            "israel": (0, 1),
            "japan": (0, 1),
        },
    )

    # ================================================================ TURN 1
    # Headline: US US/Japan Pact (4 Ops) resolves before USSR Red Scare/Purge (2 Ops).
    headline(s, RED_SCARE, US_JAPAN)
    at_round(s, 1, 1, USSR)
    check(s, vp=0, defcon=5)
    check_inf(s, {"japan": (0, 4)})
    assert s.red_scare == 1 << US  # the US's cards are worth 1 Op less this turn
    assert US_JAPAN in s.removed and RED_SCARE in s.discard

    # USSR 1: De-Stalinization for 3 Ops: 2 in Iraq (control), 1 in Lebanon.
    play(s, DESTALINIZATION, "influence")
    many(s, "influence", "Iraq", "Iraq", "Lebanon")
    check_inf(s, {"iraq": (3, 0), "lebanon": (1, 0)})
    assert s.controls(USSR, c("iraq"))
    assert DESTALINIZATION in s.discard  # played for Ops: discarded, not removed
    check(s, vp=0, defcon=5, milops=(0, 0))

    # US 1: Nuclear Test Ban for 3 Ops (4 − 1, Red Scare): 1 in Iran, 2 in Egypt.
    at_round(s, 1, 1, US)
    play(s, TEST_BAN, "influence")
    many(s, "influence", "Iran", "Egypt", "Egypt")
    check_inf(s, {"iran": (0, 2), "egypt": (0, 2)})
    check(s, vp=0, defcon=5)

    # USSR 2: Decolonization: Laos (control), Vietnam (control), Malaysia, Thailand.
    play(s, DECOLONIZATION, "event")
    many(s, "place USSR", "Laos/Cambodia", "Vietnam", "Malaysia", "Thailand")
    check_inf(s, {"laos_cambodia": (1, 0), "vietnam": (1, 0), "malaysia": (1, 0), "thailand": (1, 0)})
    assert s.controls(USSR, c("laos_cambodia")) and s.controls(USSR, c("vietnam"))
    check(s, vp=0, defcon=5)

    # US 2: Indo-Pakistani War: needs a 4, rolls a 4: 2 VP and 2 military ops.
    # GAP: the invaded country is not named; no one has influence in either. We take Pakistan.
    play(s, INDO_PAK, "event")
    act(s, "choose Pakistan")
    die(s, 4)
    check(s, vp=2, defcon=5, milops=(0, 2))
    check_inf(s, {"pakistan": (0, 0), "india": (0, 0)})

    # USSR 3: De Gaulle Leads France for 3 Ops, coup in Italy: needs 4, rolls 1: no effect.
    # DEFCON 4 (Italy is a battleground); 3 military ops. No more coups in Europe.
    play(s, DE_GAULLE, "coup")
    act(s, "coup Italy")
    die(s, 1)
    check(s, vp=2, defcon=4, milops=(3, 2))
    check_inf(s, {"italy": (0, 2), "france": (0, 2)})
    assert not rules.coup_targets(s, USSR) & BOARD.region_mask[EUROPE]  # barred at DEFCON 4

    # US 3: Five Year Plan: the USSR's random card is Truman Doctrine, a US event: it occurs;
    # the US removes all USSR influence from Finland.
    play(s, FIVE_YEAR, "event")
    draw_card(s, TRUMAN)
    act(s, "choose Finland")
    check_inf(s, {"finland": (0, 0)})
    assert TRUMAN in s.removed and FIVE_YEAR in s.discard
    assert sorted(s.hands[USSR]) == sorted([NAZI_SCIENTIST, SOCGOV, UN])
    check(s, vp=2, defcon=4, milops=(3, 2))

    # USSR 4: Captured Nazi Scientist: space box 1 (Sputnik), USSR +2 VP.
    play(s, NAZI_SCIENTIST, "event")
    check(s, vp=0, defcon=4, space=(1, 0))

    # US 4: Olympic Games: the US hosts, rolls 6 + 2 = 8, unbeatable: US +2 VP.
    # GAP: the USSR takes part; its roll is not given (any roll loses).
    play(s, OLYMPICS, "event")
    act(s, "participate")
    die(s, 6)  # host
    die(s, 3)  # USSR
    check(s, vp=2, defcon=4)

    # USSR 5: Socialist Governments: removes 1 US from West Germany, 2 from Italy.
    play(s, SOCGOV, "event")
    many(s, "remove US", "West Germany", "Italy", "Italy")
    check_inf(s, {"west_germany": (0, 0), "italy": (0, 0)})
    check(s, vp=2, defcon=4)

    # US 5: NATO for 3 Ops (4 − 1): 2 in West Germany, 1 in Italy.
    play(s, NATO, "influence")
    many(s, "influence", "West Germany", "West Germany", "Italy")
    check_inf(s, {"west_germany": (0, 2), "italy": (0, 1)})
    assert NATO in s.discard and not s.flag(NATO)
    check(s, vp=2, defcon=4)

    # USSR 6: UN Intervention for Ops: 1 in Thailand.
    # EXAMPLE SLIP: UN Intervention is a 2-Ops card in the seed. GAP: the second point goes to
    # Malaysia (this is what makes Southeast Asia Scoring give the USSR 5 VP in turn 4).
    play(s, UN, "influence")
    many(s, "influence", "Thailand", "Malaysia")
    check_inf(s, {"thailand": (2, 0), "malaysia": (2, 0)})
    assert s.controls(USSR, c("thailand"))
    check(s, vp=2, defcon=4, milops=(3, 2))
    assert s.hands[USSR] == []  # "Carte tenute: ... URSS nessuna"

    # US 6: Blockade for 1 Op, Ops first: 1 in Italy. Then the Blockade event.
    # EXAMPLE SLIP: the US is said to discard East European Unrest, but its only card is
    # Formosan Resolution (2 Ops, 1 under Red Scare): no card worth 3+, so all US influence
    # leaves West Germany.
    assert s.hands[US] == [BLOCKADE, FORMOSAN]
    play(s, BLOCKADE, "influence")
    act(s, "ops first")
    # Military ops before the end of the turn: USSR 3, US 2, DEFCON 4.
    assert tuple(s.milops) == (3, 2)
    act(s, "influence Italy")
    # The turn is over: USSR 1 short gives the US 1 VP, the US 2 short gives the USSR 2:
    # net 1 VP to the USSR (2 → 1).
    check_inf(s, {"italy": (0, 2), "west_germany": (0, 0)})
    assert BLOCKADE in s.removed
    assert sorted(s.removed) == sorted([US_JAPAN, TRUMAN, NAZI_SCIENTIST, BLOCKADE])

    # ================================================================ TURN 2
    # DEFCON back to 5; the deal gives the printed hands; the US keeps Formosan Resolution.
    assert (s.turn, s.phase) == (2, PH_HEADLINE)
    check(s, vp=1, defcon=5, milops=(0, 0), space=(1, 0))
    assert sorted(s.hands[USSR]) == sorted(USSR_T2)
    assert sorted(s.hands[US]) == sorted(US_T2 + [FORMOSAN])
    assert sorted(s.deck) == sorted(T3_FIRST)
    assert s.china == USSR and s.china_up

    # Headline: US Marshall Plan (4) before USSR Warsaw Pact (3).
    # EXAMPLE SLIP: Marshall Plan places 7 influence; the example names 8 countries. GAP: we
    # leave out Greece (Turkey is needed: Nasser's Op gains control of it in turn 3).
    # Warsaw Pact: the USSR adds 5: 2 Czechoslovakia, 2 Bulgaria, 1 Austria.
    headline(s, WARSAW, MARSHALL)
    many(
        s,
        "place US",
        "France",
        "Spain/Portugal",
        "Italy",
        "West Germany",
        "Benelux",
        "Denmark",
        "Turkey",
    )
    act(s, "add USSR")
    many(s, "place USSR", "Czechoslovakia", "Czechoslovakia", "Bulgaria", "Bulgaria", "Austria")
    at_round(s, 2, 1, USSR)
    check(s, vp=1, defcon=5)
    check_inf(
        s,
        {
            "france": (0, 3),
            "spain_portugal": (0, 1),
            "italy": (0, 3),
            "west_germany": (0, 1),
            "benelux": (0, 2),
            "denmark": (0, 2),
            "turkey": (0, 1),
            "greece": (0, 0),
            "czechoslovakia": (2, 0),
            "bulgaria": (2, 0),
            "austria": (1, 0),
        },
    )
    assert s.controls(US, c("france"))
    assert s.flag(MARSHALL) and s.flag(WARSAW)

    # USSR 1: COMECON: 1 each in Czechoslovakia (control), Bulgaria (control), Austria, Finland.
    play(s, COMECON, "event")
    many(s, "place USSR", "Czechoslovakia", "Bulgaria", "Austria", "Finland")
    check_inf(s, {"czechoslovakia": (3, 0), "bulgaria": (3, 0), "austria": (2, 0), "finland": (1, 0)})
    assert s.controls(USSR, c("czechoslovakia")) and s.controls(USSR, c("bulgaria"))
    check(s, vp=1, defcon=5)

    # US 1: Containment: the US's cards get +1 Op this turn.
    play(s, CONTAINMENT, "event")
    assert s.flag(CONTAINMENT) and rules.ops_value(s, CIA, US) == 2
    check(s, vp=1, defcon=5)

    # USSR 2: Duck and Cover for the space race: rolls 2: box 2 (two attempts per turn).
    play(s, DUCK, "space")
    die(s, 2)
    check(s, vp=1, defcon=5, space=(2, 0))
    assert rules.space_holder(s, 2) == USSR

    # US 2: CIA Created: the USSR shows its hand; 2 Ops (1 + Containment): 2 in Libya.
    play(s, CIA, "event")
    act(s, "ops: influence")
    many(s, "influence", "Libya", "Libya")
    check_inf(s, {"libya": (0, 2)})
    assert s.revealed & 1 << USSR
    assert s.controls(US, c("libya"))
    check(s, vp=1, defcon=5, space=(2, 0))

    # USSR 3: Independent Reds for the space race (its second attempt): rolls 1: box 3, 2 VP.
    play(s, INDEP_REDS, "space")
    die(s, 1)
    check(s, vp=-1, defcon=5, space=(3, 0))

    # US 3: Vietnam Revolts for the space race (3 Ops with Containment): box 1, second: 1 VP.
    # GAP: the roll is not given; box 1 needs 1–3.
    play(s, VIETNAM_REVOLTS, "space")
    die(s, 2)
    check(s, vp=0, defcon=5, space=(3, 1))
    assert VIETNAM_REVOLTS in s.discard and not s.flag(VIETNAM_REVOLTS)

    # USSR 4: Suez Crisis, coup in Libya: 5 + 3 = 8 against 4: +4: 2 US removed, 2 USSR added
    # (control). DEFCON 4; 3 military ops.
    play(s, SUEZ, "coup")
    act(s, "coup Libya")
    die(s, 5)
    check(s, vp=0, defcon=4, milops=(3, 0))
    check_inf(s, {"libya": (2, 0)})
    assert s.controls(USSR, c("libya"))

    # US 4: Formosan Resolution for 3 Ops (2 + Containment): 3 in Israel (control).
    play(s, FORMOSAN, "influence")
    many(s, "influence", "Israel", "Israel", "Israel")
    check_inf(s, {"israel": (0, 4)})
    assert s.controls(US, c("israel")) and not s.flag(FORMOSAN)
    check(s, vp=0, defcon=4, milops=(3, 0))
    assert controlled(s, USSR, MIDDLE_EAST) == {"iraq", "libya", "lebanon"}
    assert controlled(s, US, MIDDLE_EAST) == {"israel", "iran", "egypt"}

    # USSR 5: Middle East Scoring: both presence; US battlegrounds Israel, Iran, Egypt against
    # USSR Iraq, Libya: net US +1.
    play(s, MIDEAST_SC, "event")
    check(s, vp=1, defcon=4)

    # US 5: Romanian Abdication for 2 Ops (1 + Containment): 2 in South Korea (control). The
    # USSR event occurs: 3 USSR in Romania (control).
    # GAP: the order is not given; Ops first.
    play(s, ROMANIAN, "influence")
    act(s, "ops first")
    many(s, "influence", "South Korea", "South Korea")
    check_inf(s, {"south_korea": (0, 3), "romania": (3, 0)})
    assert s.controls(US, c("south_korea")) and s.controls(USSR, c("romania"))
    assert ROMANIAN in s.removed
    check(s, vp=1, defcon=4)
    assert controlled(s, USSR, EUROPE) == {"east_germany", "czechoslovakia", "bulgaria", "romania"}
    assert controlled(s, US, EUROPE) == {"uk", "france", "italy"}

    # USSR 6: Europe Scoring: both presence, no domination; US battlegrounds France, Italy
    # against USSR East Germany: US +1.
    play(s, EUROPE_SC, "event")
    check(s, vp=2, defcon=4)

    # US 6: Asia Scoring: a complete tie (USSR North Korea, Thailand; US Japan, South Korea).
    # Military ops before the end of the turn: USSR 3 (Suez Crisis), US 0, DEFCON 4.
    assert tuple(s.milops) == (3, 0)
    assert controlled(s, USSR, ASIA) == {"north_korea", "thailand", "laos_cambodia", "vietnam", "malaysia"}
    assert controlled(s, US, ASIA) == {"japan", "south_korea", "australia"}
    assert s.hands[USSR] == [DEFECTORS] and sorted(s.hands[US]) == sorted([ASIA_SC, NASSER])
    play(s, ASIA_SC, "event")
    # End of turn 2: the US is 4 short (USSR +4), the USSR 1 short (US +1): net USSR +3.
    # Held: US Nasser, USSR Defectors.

    # ================================================================ TURN 3
    # DEFCON back to 5. The 4 cards left are dealt (USSR Korean War, US East European Unrest,
    # USSR Fidel, US Arab-Israeli War), then the discards are reshuffled and dealt.
    # EXAMPLE SLIP: the example says 5 cards were left; 35 − 16 − 15 = 4.
    assert (s.turn, s.phase) == (3, PH_HEADLINE)
    check(s, vp=-1, defcon=5, milops=(0, 0), space=(3, 1))
    assert {KOREAN_WAR, FIDEL, DEFECTORS} <= set(s.hands[USSR])
    assert {EE_UNREST, ARAB_ISRAELI, NASSER} <= set(s.hands[US])
    set_hands(s, USSR_T3, US_T3)

    # Headline: US East European Unrest (3) before USSR Korean War (2).
    # EEU: the USSR loses 1 in East Germany, Poland and Czechoslovakia.
    # Korean War: a 6 (−1 for US-controlled Japan next to South Korea) wins: USSR +2 VP, the US
    # influence in South Korea becomes USSR influence.
    # EXAMPLE SLIP: the seed's Korean War also degrades DEFCON by 1 and gives the USSR 2
    # military ops; the example leaves both out (its DEFCON stays one level higher all turn).
    headline(s, KOREAN_WAR, EE_UNREST)
    many(s, "choose", "East Germany", "Poland", "Czechoslovakia")
    die(s, 6)
    at_round(s, 3, 1, USSR)
    check(s, vp=-3, defcon=4, milops=(2, 0))
    check_inf(
        s,
        {"east_germany": (2, 0), "poland": (1, 0), "czechoslovakia": (2, 0), "south_korea": (3, 0)},
    )
    assert KOREAN_WAR in s.removed and EE_UNREST in s.discard

    # USSR 1: NATO for the space race: rolls 2: box 4 (Gagarin; no VP on the seed's track).
    play(s, NATO, "space")
    die(s, 2)
    check(s, vp=-3, defcon=4, space=(4, 1))
    assert not s.flag(NATO)

    # US 1: Europe Scoring. The US dominates (UK, France, Italy against USSR Bulgaria, Romania):
    # 7 + 2 battlegrounds = 9; the USSR has presence only: 3. Net US +6.
    # EXAMPLE SLIP: the example says the USSR controls Romania only (it also controls
    # Bulgaria) and that the US controls 3 battlegrounds (West Germany is not US-controlled:
    # no setup split makes it so) and nets +7.
    assert controlled(s, USSR, EUROPE) == {"bulgaria", "romania"}
    assert controlled(s, US, EUROPE) == {"uk", "france", "italy"}
    play(s, EUROPE_SC, "event")
    check(s, vp=3, defcon=4)

    # USSR 2: Olympic Games: the USSR hosts: 4 + 2 = 6 against the US's 3: USSR +2 VP.
    play(s, OLYMPICS, "event")
    act(s, "participate")
    die(s, 4)  # host (USSR)
    die(s, 3)  # US
    check(s, vp=1, defcon=4)

    # US 2: Socialist Governments for the space race: rolls 6: failure (its event does not occur).
    play(s, SOCGOV, "space")
    die(s, 6)
    check(s, vp=1, defcon=4, space=(4, 1))
    check_inf(s, {"italy": (0, 3), "west_germany": (0, 1)})

    # USSR 3: Vietnam Revolts, coup in Iran: 4 + 2 = 6 against 4: both US influence removed,
    # Iran is no longer controlled. DEFCON −1 (example: 5 → 4; here 4 → 3). Military ops +2
    # (example: 2; here 4 with Korean War's 2).
    play(s, VIETNAM_REVOLTS, "coup")
    act(s, "coup Iran")
    die(s, 4)
    check(s, vp=1, defcon=3, milops=(4, 0))
    check_inf(s, {"iran": (0, 0)})
    assert not s.flag(VIETNAM_REVOLTS)

    # US 3: Formosan Resolution, coup in Libya: 2 + 2 = 4 against 4: no effect. DEFCON −1
    # (example: 4 → 3; here 3 → 2). US military ops 2.
    play(s, FORMOSAN, "coup")
    act(s, "coup Libya")
    die(s, 2)
    check(s, vp=1, defcon=2, milops=(4, 2))
    check_inf(s, {"libya": (2, 0)})

    # USSR 4: Indo-Pakistani War, coup in Egypt.
    # EXAMPLE SLIP: at DEFCON 2 no coup is allowed in the Middle East (8.1.5); the example is at
    # DEFCON 3 here only because it forgot Korean War's DEFCON drop.
    t = s.clone()
    play(t, INDO_PAK, "coup")
    assert "coup Egypt" not in texts(t)
    assert not rules.coup_targets(s, USSR) & BOARD.region_mask[MIDDLE_EAST]
    # To go on replaying the printed moves we put DEFCON where the example has it. From the
    # coup on, the example's DEFCON and the rules' agree again (2).
    s.defcon = 3
    # 6 + 2 = 8 against 4: the 2 US influence are removed and 2 USSR added. DEFCON 2. USSR
    # military ops 4 + 2, capped at 5 (example: 4).
    play(s, INDO_PAK, "coup")
    act(s, "coup Egypt")
    die(s, 6)
    check(s, vp=1, defcon=2, milops=(5, 2))
    check_inf(s, {"egypt": (2, 0)})
    assert s.controls(USSR, c("egypt"))

    # US 4: De-Stalinization for 3 Ops: 3 in Taiwan (control). Then the USSR event: the USSR
    # moves 4 influence: 2 to Iran (control) and 2 to Pakistan (control).
    # GAP: the order (Ops first: the text tells the Ops first) and where the 4 points come
    # from ("from controlled countries": we take 2 from Romania and 2 from Bulgaria).
    play(s, DESTALINIZATION, "influence")
    act(s, "ops first")
    many(s, "influence", "Taiwan", "Taiwan", "Taiwan")
    check_inf(s, {"taiwan": (0, 3)})
    many(s, "remove USSR", "Romania", "Romania", "Bulgaria", "Bulgaria")
    many(s, "place USSR", "Iran", "Iran", "Pakistan", "Pakistan")
    check_inf(s, {"iran": (2, 0), "pakistan": (2, 0), "romania": (1, 0), "bulgaria": (1, 0)})
    assert s.controls(US, c("taiwan")) and s.controls(USSR, c("iran"))
    assert s.controls(USSR, c("pakistan"))
    assert DESTALINIZATION in s.removed
    check(s, vp=1, defcon=2)

    # USSR 5: Middle East Scoring: the USSR dominates (Egypt, Libya, Iran, Iraq; Lebanon):
    # 5 + 4 = 9; the US has presence and Israel: 3 + 1 = 4. Net USSR +5.
    assert controlled(s, USSR, MIDDLE_EAST) == {"egypt", "libya", "iran", "iraq", "lebanon"}
    assert controlled(s, US, MIDDLE_EAST) == {"israel"}
    play(s, MIDEAST_SC, "event")
    check(s, vp=-4, defcon=2)

    # US 5: Arab-Israeli War for Ops, Ops first: 2 in Jordan (control). The war: a 4, −1 for
    # US-controlled Jordan next to Israel = 3: no Arab victory. The USSR still takes 2 military
    # ops (8.2.4), capped at 5.
    play(s, ARAB_ISRAELI, "influence")
    act(s, "ops first")
    many(s, "influence", "Jordan", "Jordan")
    die(s, 4)
    check(s, vp=-4, defcon=2, milops=(5, 2))
    check_inf(s, {"jordan": (0, 2), "israel": (0, 4)})
    assert ARAB_ISRAELI in s.discard

    # USSR 6: Fidel: 3 USSR in Cuba (control).
    play(s, FIDEL, "event")
    check_inf(s, {"cuba": (3, 0)})
    assert s.controls(USSR, c("cuba"))
    check(s, vp=-4, defcon=2, milops=(5, 2))
    assert s.hands[USSR] == [DEFECTORS] and sorted(s.hands[US]) == sorted([NASSER, US_HELD_T3])

    # US 6: Nasser for 1 Op: 1 in Turkey (control); the event gives the USSR 2 in Egypt.
    # GAP: the order; Ops first (the text tells the Ops first).
    play(s, NASSER, "influence")
    act(s, "ops first")
    act(s, "influence Turkey")
    # End of turn 3, DEFCON 2: both sides have their military ops (USSR 5, US 2): no VP.

    # ================================================================ TURN 4
    # DEFCON up to 3. The Mid War cards are shuffled into the deck (not the discards); hands of 9.
    assert (s.turn, s.phase) == (4, PH_HEADLINE)
    check(s, vp=-4, defcon=3, milops=(0, 0), space=(4, 1))
    check_inf(s, {"turkey": (0, 2), "egypt": (4, 0)})
    assert s.controls(US, c("turkey"))
    assert NASSER in s.removed and EE_UNREST in s.discard  # 4.4: discards stay out
    assert s.hands[USSR] and s.hands[US] and len(s.hands[USSR]) == len(s.hands[US]) == 9
    assert s.china == USSR and s.china_up
    assert rules.hand_size(s) == 9 and rules.rounds_for(s, USSR) == rules.rounds_for(s, US) == 7
    set_hands(s, USSR_T4, US_T4)

    # Headline: the USSR holds space box 4, so the US chooses first (6.4.4).
    # US One Small Step (2) before USSR Southeast Asia Scoring (0).
    # One Small Step: the US is behind: 2 boxes (1 → 3), no VP (box 3 is the USSR's already).
    # Southeast Asia Scoring: Laos 1, Vietnam 1, Malaysia 1, Thailand 2: USSR +5.
    assert s.current_player() == US
    headline(s, SEA_SC, ONE_SMALL_STEP)
    at_round(s, 4, 1, USSR)
    check(s, vp=-9, defcon=3, space=(4, 3))
    assert SEA_SC in s.removed and ONE_SMALL_STEP in s.discard
    assert rules.space_holder(s, 4) == USSR

    # USSR 1: Lone Gunman: the US reveals its hand; the USSR then conducts 1 Op.
    # GAP: the text does not say what the Op does; 1 in India (this is what lets the US coup in
    # India in US 4, and what makes India USSR-controlled after the China Card in USSR 7).
    play(s, LONE_GUNMAN, "event")
    assert s.revealed & 1 << US
    act(s, "ops: influence")
    act(s, "influence India")
    check_inf(s, {"india": (1, 0)})
    assert LONE_GUNMAN in s.removed
    check(s, vp=-9, defcon=3)

    # US 1: Red Scare/Purge: every USSR card is worth 1 Op less this turn.
    play(s, RED_SCARE, "event")
    assert s.red_scare == 1 << USSR
    check(s, vp=-9, defcon=3)

    # USSR 2: Defectors for 1 Op (2 − 1): 1 in Malaysia. The US gains 1 VP for the event.
    play(s, DEFECTORS, "influence")
    act(s, "ops first")
    act(s, "influence Malaysia")
    check(s, vp=-8, defcon=3)
    check_inf(s, {"malaysia": (3, 0)})

    # US 2: SALT Negotiations: DEFCON +2 (3 → 5); the US takes One Small Step from the discards.
    play(s, SALT, "event")
    act(s, label(ONE_SMALL_STEP, "take"))
    check(s, vp=-8, defcon=5)
    assert ONE_SMALL_STEP in s.hands[US] and SALT in s.removed

    # USSR 3: Voice of America with UN Intervention: the event is cancelled; its Ops (2 − 1)
    # place 1 in Nicaragua (control).
    play(s, UN, "event")
    act(s, label(VOA, "cancel with UN"))
    act(s, "ops: influence")
    act(s, "influence Nicaragua")
    check(s, vp=-8, defcon=5)
    check_inf(s, {"nicaragua": (1, 0)})
    assert s.controls(USSR, c("nicaragua"))
    assert VOA in s.discard and UN in s.discard

    # US 3: One Small Step: behind (3 < 4): 2 boxes (3 → 5), box 5 first: US +3 VP.
    play(s, ONE_SMALL_STEP, "event")
    check(s, vp=-5, defcon=5, space=(4, 5))

    # USSR 4: Central America Scoring: the USSR dominates (Cuba, Nicaragua): 3 + Cuba
    # (battleground) + Cuba (next to the US) = 5.
    # EXAMPLE SLIP: the example gives the US presence (−1); the US controls no country there
    # (Panama 1 < stability 2). Net USSR +5, not +4.
    assert controlled(s, USSR, CENTRAL_AMERICA) == {"cuba", "nicaragua"}
    assert controlled(s, US, CENTRAL_AMERICA) == set()
    play(s, CA_SC, "event")
    check(s, vp=-10, defcon=5)

    # US 4: Muslim Revolution for 4 Ops, coup in India: 2 + 4 − 1 (SALT) = 5 against 6: no
    # effect (the example forgets SALT: 6 against 6, no effect either). DEFCON 4; US military
    # ops 4. The USSR event: all US influence leaves Jordan (the only listed country with US
    # influence).
    play(s, MUSLIM_REV, "coup")
    act(s, "ops first")
    act(s, "coup India")
    die(s, 2)
    check(s, vp=-10, defcon=4, milops=(0, 4))
    check_inf(s, {"india": (1, 0), "jordan": (0, 0)})

    # USSR 5: Arms Race, coup in Panama. DEFCON 3.
    # EXAMPLE SLIP: Arms Race is worth 2 Ops under Red Scare, and SALT gives −1: 5 + 2 − 1 = 6
    # against 4: +2: the US's 1 is removed and 1 USSR added (no control); 2 military ops.
    # (The example: 5 + 3 = 8, +4, 3 USSR, control.)
    play(s, ARMS_RACE, "coup")
    act(s, "coup Panama")
    die(s, 5)
    check(s, vp=-10, defcon=3, milops=(2, 4))
    check_inf(s, {"panama": (1, 0)})

    # US 5: Brezhnev Doctrine for the space race: rolls 4: box 6.
    # EXAMPLE SLIP: box 6 gives no VP on the seed's track (the example gives the US 1 VP).
    play(s, BREZHNEV, "space")
    die(s, 4)
    check(s, vp=-10, defcon=3, space=(4, 6))
    assert not s.flag(BREZHNEV)

    # USSR 6: Willy Brandt: USSR +1 VP ("now 11 VP USSR") and 2 in West Germany.
    play(s, WILLY_BRANDT, "event")
    check(s, vp=-11, defcon=3)
    check_inf(s, {"west_germany": (2, 1)})

    # US 6: Shuttle Diplomacy: the next Middle East or Asia scoring counts one USSR
    # battleground fewer.
    play(s, SHUTTLE, "event")
    assert s.flag(SHUTTLE) and SHUTTLE in s.inplay
    check(s, vp=-11, defcon=3)

    # USSR 7: the China Card.
    # EXAMPLE SLIP: under Red Scare the China Card is worth 4 − 1 + 1 (all in Asia) = 4, not 5.
    # GAP: 2 in India, 2 in Burma (both controlled); Indonesia (printed 1) gets nothing.
    at_round(s, 4, 7, USSR)
    play(s, CHINA, "influence")
    many(s, "influence", "India", "India", "Burma", "Burma")
    check_inf(s, {"india": (3, 0), "burma": (2, 0), "indonesia": (0, 0)})
    assert s.controls(USSR, c("india")) and s.controls(USSR, c("burma"))
    assert s.china == US and not s.china_up
    check(s, vp=-11, defcon=3, milops=(2, 4))

    # US 7: Asia Scoring. The USSR controls North Korea, South Korea, Pakistan, India, Thailand
    # (battlegrounds) and Laos, Vietnam, Malaysia, Burma; Shuttle Diplomacy takes one
    # battleground away: domination 7 + 4 = 11. The US controls Japan, Taiwan (not a
    # battleground: Formosan Resolution was never played as an event) and Australia: presence
    # 3 + Japan 1 = 4. Net USSR +7.
    # EXAMPLE SLIP: the example says +9 and an automatic USSR victory at 20; the USSR has 18.
    # Before the end of the turn: USSR military ops 2 (Panama), US 4, DEFCON 3.
    assert controlled(s, USSR, ASIA) == {
        "north_korea",
        "south_korea",
        "pakistan",
        "india",
        "thailand",
        "laos_cambodia",
        "vietnam",
        "malaysia",
        "burma",
    }
    assert controlled(s, US, ASIA) == {"japan", "taiwan", "australia"}
    assert s.hands[USSR] == [USSR_HELD_T4]
    assert sorted(s.hands[US]) == sorted([ASIA_SC, LADS, US_HELD_T3])
    play(s, ASIA_SC, "event")
    assert SHUTTLE in s.discard and not s.flag(SHUTTLE)
    # The game goes on. End of turn 4: the USSR is 1 military op short: US +1 (−18 → −17).
    # The US holds space box 6 (Space Walk) and may discard a held card (6.4.4); it keeps them.
    assert s.winner < 0
    assert (s.turn, s.current_player()) == (4, US)
    assert sorted(texts(s)) == sorted(
        ["pass", label(LADS, "discard held card"), label(US_HELD_T3, "discard held card")]
    )
    act(s, "pass")
    assert (s.turn, s.phase) == (5, PH_HEADLINE)
    check(s, vp=-17, defcon=4, milops=(0, 0), space=(4, 6))
    # Held at the end of turn 4: US Latin American Death Squads and Nuclear Test Ban (the
    # unlisted card, GAP), USSR Decolonization (GAP).
    assert s.china == US and s.china_up
