"""Early War card events (#4–#34, #101, #103), from the seed's card texts ("LE CARTE").

See ``events/__init__.py`` for the handler contract. Each handler reads top to bottom like
the card; questions are pushed with ``engine.twilight.frames`` and continue in ``@resume``.
Rulings on ambiguous texts are in ``docs/rulings.md``.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.twilight import frames, rules
from realpolitik.engine.twilight.board import AFRICA, BOARD, EUROPE, US, USSR
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import event, resume
from realpolitik.engine.twilight.state import (
    BURY_YOU_ANSWERABLE,
    DEFCON_BRINK,
    FIRST_LATE_WAR_TURN,
    PH_ACTION,
    N,
    TSState,
    opp,
)

BLOCKADE_DISCARD_OPS = 3  # #10: the US escapes Blockade by discarding a card of 3+ Ops

CARDS = BOARD.cards
EUROPE_MASK = BOARD.region_mask[EUROPE]
WE_MASK = BOARD.we_mask
EE_MASK = BOARD.ee_mask
AFRICA_SEA_MASK = BOARD.region_mask[AFRICA] | BOARD.sea_mask
CUBA = BOARD.country("cuba")
VIETNAM = BOARD.country("vietnam")
WEST_GERMANY = BOARD.country("west_germany")
SOUTH_KOREA = BOARD.country("south_korea")
ROMANIA = BOARD.country("romania")
ISRAEL = BOARD.country("israel")
EGYPT = BOARD.country("egypt")
FRANCE = BOARD.country("france")
JAPAN = BOARD.country("japan")
INDIA_PAKISTAN = BOARD.mask_of("india", "pakistan")
SUEZ_MASK = BOARD.mask_of("france", "uk", "israel")
INDEPENDENT_REDS = BOARD.mask_of("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia")

OLYMPIC_LABELS = ("boycott", "participate")
WARSAW_LABELS = ("remove US", "add USSR")


# ---------------------------------------------------------------- shared pieces
def _adjacent_controlled(s: TSState, side: int, c: int) -> int:
    """Countries next to ``c`` that ``side`` controls (the war cards' die modifier, 7.6)."""
    n = 0
    for x in BOARD.neighbours[c]:
        if s.controls(side, x):
            n += 1
    return n


def _war_outcome(s: TSState, side: int, target: int, face: int) -> None:
    """7.6: ``side`` wins on a modified 4–6: 2 VP and the opponent's Influence becomes its own."""
    if face - _adjacent_controlled(s, opp(side), target) >= rules.WAR_WIN_ROLL:
        s.gain_vp(side, 2)
        moved = s.remove_inf(opp(side), target, s.influence(opp(side), target))
        s.add_inf(side, target, moved)


def _take_control(s: TSState, side: int, c: int) -> None:
    """Remove all opponent Influence from ``c``, then add just enough to control it (#8, #12)."""
    s.set_inf(opp(side), c, 0)
    need = s.influence_to_control(side, c)
    if s.influence(side, c) < need:
        s.set_inf(side, c, need)


def _add_milops(s: TSState, side: int, n: int) -> None:
    s.milops[side] = min(5, s.milops[side] + n)


def _presence(s: TSState, side: int, mask: int) -> int:
    """Countries of ``mask`` where ``side`` has Influence."""
    base = side * N
    inf = s.inf
    m = 0
    for c in rules.bits(mask):
        if inf[base + c]:
            m |= 1 << c
    return m


# ---------------------------------------------------------------- #4 Duck and Cover
@event(4)
def duck_and_cover(s: TSState, side: int) -> None:
    """#4: degrade DEFCON by 1 (the phasing player is responsible, 8.1.3); the US gains
    5 − DEFCON VP."""
    rules.degrade_defcon(s, 1, s.phasing)
    if s.winner >= 0:
        return
    s.gain_vp(US, 5 - s.defcon)


# ---------------------------------------------------------------- #5 Five Year Plan
@event(5)
def five_year_plan(s: TSState, side: int) -> None:
    """#5: the USSR discards a random card; a US event on it occurs (the US implements it)."""
    frames.random_card(s, 5, 0, USSR)


@resume(5)
def _five_year_plan(s: TSState, step: int, card: int, data: tuple[Any, ...]) -> None:
    if not card:
        return  # the USSR hand was empty
    s.hands[USSR].remove(card)
    c = CARDS[card]
    if c.side == US and not c.scoring and not rules.event_block(s, card, US):
        s.inplay.append(card)
        frames.fire_event(s, card, US)
        frames.finish_card(s, card, US, True)
    else:
        s.discard.append(card)  # 5.4: USSR, both-sides (scoring included) or barred: no event


# ---------------------------------------------------------------- #7 Socialist Governments
@event(7)
def socialist_governments(s: TSState, side: int) -> None:
    """#7: remove 3 US Influence from Western Europe, at most 2 per country."""
    frames.remove(s, USSR, US, 3, WE_MASK, cap=2, card=7)


# ---------------------------------------------------------------- #8 Fidel
@event(8)
def fidel(s: TSState, side: int) -> None:
    """#8: all US Influence leaves Cuba; the USSR adds just enough to control it."""
    _take_control(s, USSR, CUBA)


# ---------------------------------------------------------------- #9 Vietnam Revolts
@event(9)
def vietnam_revolts(s: TSState, side: int) -> None:
    """#9: 2 USSR Influence in Vietnam; +1 Ops in Southeast Asia for the rest of the turn."""
    s.add_inf(USSR, VIETNAM, 2)
    s.set_turn(Card.VIETNAM_REVOLTS)


# ---------------------------------------------------------------- #10 Blockade
@event(10)
def blockade(s: TSState, side: int) -> None:
    """#10: unless the US discards a card worth 3+ Ops (modified value), all US Influence
    leaves West Germany."""
    ok = tuple(c for c in s.hands[US] if rules.ops_value(s, c, US) >= BLOCKADE_DISCARD_OPS)
    if ok:
        frames.choose_card(s, US, 10, 0, ok, "discard", allow_pass=True)
    else:
        s.set_inf(US, WEST_GERMANY, 0)


@resume(10)
def _blockade(s: TSState, step: int, card: int, data: tuple[Any, ...]) -> None:
    if card:
        s.hands[US].remove(card)
        s.discard.append(card)  # 5.4: its event does not occur
    else:
        s.set_inf(US, WEST_GERMANY, 0)


# ---------------------------------------------------------------- #11 Korean War
@event(11)
def korean_war(s: TSState, side: int) -> None:
    """#11 (seed): degrade DEFCON by 1; the USSR takes 2 Military Ops and rolls (4–6 wins,
    −1 per US-controlled neighbour of South Korea). The Deluxe printing has no DEFCON drop."""
    if s.options.get("edition") != "deluxe":
        rules.degrade_defcon(s, 1, s.phasing)
        if s.winner >= 0:
            return
    _add_milops(s, USSR, 2)
    frames.roll(s, 11, 0)


@resume(11)
def _korean_war(s: TSState, step: int, face: int, data: tuple[Any, ...]) -> None:
    _war_outcome(s, USSR, SOUTH_KOREA, face)


# ---------------------------------------------------------------- #12 Romanian Abdication
@event(12)
def romanian_abdication(s: TSState, side: int) -> None:
    """#12: all US Influence leaves Romania; the USSR adds just enough to control it."""
    _take_control(s, USSR, ROMANIA)


# ---------------------------------------------------------------- #13 Arab-Israeli War
@event(13)
def arab_israeli_war(s: TSState, side: int) -> None:
    """#13: the USSR takes 2 Military Ops and rolls (4–6 wins, −1 per US-controlled
    neighbour of Israel; the seed does not count Israel itself, the Deluxe printing does)."""
    _add_milops(s, USSR, 2)
    frames.roll(s, 13, 0)


@resume(13)
def _arab_israeli_war(s: TSState, step: int, face: int, data: tuple[Any, ...]) -> None:
    if s.options.get("edition") == "deluxe" and s.controls(US, ISRAEL):
        face -= 1  # the Deluxe printing also subtracts for US control of Israel itself
    _war_outcome(s, USSR, ISRAEL, face)


# ---------------------------------------------------------------- #14 COMECON
@event(14)
def comecon(s: TSState, side: int) -> None:
    """#14: 1 USSR Influence in each of 4 Eastern European countries not US-controlled."""
    frames.place(s, USSR, USSR, 4, EE_MASK & ~s.control_mask(US), cap=1, card=14)


# ---------------------------------------------------------------- #15 Nasser
@event(15)
def nasser(s: TSState, side: int) -> None:
    """#15: 2 USSR Influence in Egypt; the US loses half its Influence there, rounded up."""
    s.add_inf(USSR, EGYPT, 2)
    s.remove_inf(US, EGYPT, (s.influence(US, EGYPT) + 1) // 2)


# ---------------------------------------------------------------- #16 Warsaw Pact Formed
@event(16)
def warsaw_pact(s: TSState, side: int) -> None:
    """#16: allows NATO; the USSR removes all US Influence from 4 Eastern European countries
    or adds 5 USSR Influence there (at most 2 per country)."""
    s.set_perm(Card.WARSAW_PACT_FORMED)
    frames.choose_option(s, USSR, 16, 0, WARSAW_LABELS)


@resume(16)
def _warsaw_pact(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if step == 0:
        if choice == 0:
            frames.choose_country(s, USSR, 16, 1, _presence(s, US, EE_MASK), (4,))
        else:
            frames.place(s, USSR, USSR, 5, EE_MASK, cap=2, card=16)
        return
    if choice < 0:
        return  # no more Eastern European countries hold US Influence
    s.set_inf(US, choice, 0)
    left = data[0] - 1
    if left > 0:
        frames.choose_country(s, USSR, 16, 1, _presence(s, US, EE_MASK), (left,))


# ---------------------------------------------------------------- #17 De Gaulle Leads France
@event(17)
def de_gaulle(s: TSState, side: int) -> None:
    """#17: remove 2 US Influence from France, add 1 USSR; NATO no longer covers France."""
    s.remove_inf(US, FRANCE, 2)
    s.add_inf(USSR, FRANCE, 1)
    s.set_perm(Card.DE_GAULLE_LEADS_FRANCE)


# ---------------------------------------------------------------- #18 Captured Nazi Scientist
@event(18)
def captured_nazi_scientist(s: TSState, side: int) -> None:
    """#18: the player's Space Race marker advances one box (VP as usual; no attempt used)."""
    rules.advance_space(s, side, 1)


# ---------------------------------------------------------------- #19 Truman Doctrine
@event(19)
def truman_doctrine(s: TSState, side: int) -> None:
    """#19: remove all USSR Influence from one uncontrolled country in Europe."""
    m = 0
    for c in rules.bits(_presence(s, USSR, EUROPE_MASK)):
        if s.controller(c) < 0:
            m |= 1 << c
    frames.choose_country(s, US, 19, 0, m)


@resume(19)
def _truman_doctrine(s: TSState, step: int, c: int, data: tuple[Any, ...]) -> None:
    if c >= 0:
        s.set_inf(USSR, c, 0)


# ---------------------------------------------------------------- #20 Olympic Games
@event(20)
def olympic_games(s: TSState, side: int) -> None:
    """#20: the player hosts; the opponent boycotts or participates."""
    frames.choose_option(s, opp(side), 20, 0, OLYMPIC_LABELS, (side,))


@resume(20)
def _olympic_games(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    host = data[0]
    if step == 0:
        if choice == 0:  # boycott: DEFCON −1, the host may conduct 4 Ops instead
            rules.degrade_defcon(s, 1, s.phasing)
            if s.winner >= 0:
                return
            frames.conduct_ops(s, host, 20, frames.MODE_BITS_OPS | rules.OPTIONAL_MODES, ops=4)
        else:
            frames.roll(s, 20, 1, (host,))
    elif step == 1:  # the host's die
        frames.roll(s, 20, 2, (host, choice + 2))
    else:  # the opponent's die; ties are rerolled
        mine = data[1]
        if mine > choice:
            s.gain_vp(host, 2)
        elif choice > mine:
            s.gain_vp(opp(host), 2)
        else:
            frames.roll(s, 20, 1, (host,))


# ---------------------------------------------------------------- #21 NATO
@event(21)
def nato(s: TSState, side: int) -> None:
    """#21: from now on no USSR coups/realignments against US-controlled Europe (engine reads
    the flag); the prerequisite (#16 or #23) is checked by the engine (5.2)."""
    s.set_perm(Card.NATO)


# ---------------------------------------------------------------- #22 Independent Reds
@event(22)
def independent_reds(s: TSState, side: int) -> None:
    """#22: in one of Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia the US adds
    Influence until it equals the USSR's."""
    m = 0
    for c in rules.bits(INDEPENDENT_REDS):
        if s.influence(USSR, c) > s.influence(US, c):
            m |= 1 << c
    frames.choose_country(s, US, 22, 0, m)


@resume(22)
def _independent_reds(s: TSState, step: int, c: int, data: tuple[Any, ...]) -> None:
    if c >= 0:
        s.set_inf(US, c, max(s.influence(US, c), s.influence(USSR, c)))


# ---------------------------------------------------------------- #23 Marshall Plan
@event(23)
def marshall_plan(s: TSState, side: int) -> None:
    """#23: allows NATO; 1 US Influence in each of 7 Western European countries not
    USSR-controlled."""
    s.set_perm(Card.MARSHALL_PLAN)
    frames.place(s, US, US, 7, WE_MASK & ~s.control_mask(USSR), cap=1, card=23)


# ---------------------------------------------------------------- #24 Indo-Pakistani War
@event(24)
def indo_pakistani_war(s: TSState, side: int) -> None:
    """#24: the player picks the invaded country (India or Pakistan), takes 2 Military Ops
    and rolls (4–6 wins, −1 per opponent-controlled neighbour of the target)."""
    frames.choose_country(s, side, 24, 0, INDIA_PAKISTAN, (side,))


@resume(24)
def _indo_pakistani_war(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    side = data[0]
    if step == 0:
        _add_milops(s, side, 2)
        frames.roll(s, 24, 1, (side, choice))
    else:
        _war_outcome(s, side, data[1], choice)


# ---------------------------------------------------------------- #25 Containment
@event(25)
def containment(s: TSState, side: int) -> None:
    """#25: the US's other cards get +1 Ops (max 4) for the rest of the turn (rules.ops_value)."""
    s.set_turn(Card.CONTAINMENT)


# ---------------------------------------------------------------- #26 CIA Created
@event(26)
def cia_created(s: TSState, side: int) -> None:
    """#26: the USSR shows its hand for this turn; the US conducts Operations with this card."""
    s.revealed |= 1 << USSR
    frames.conduct_ops(s, US, 26)


# ---------------------------------------------------------------- #27 US/Japan Pact
@event(27)
def us_japan_pact(s: TSState, side: int) -> None:
    """#27: the US adds just enough Influence to control Japan; no USSR coups/realignments
    there from now on (engine reads the flag)."""
    need = s.influence_to_control(US, JAPAN)
    if s.influence(US, JAPAN) < need:
        s.set_inf(US, JAPAN, need)
    s.set_perm(Card.US_JAPAN_PACT)


# ---------------------------------------------------------------- #28 Suez Crisis
@event(28)
def suez_crisis(s: TSState, side: int) -> None:
    """#28: remove 4 US Influence from France, the UK and Israel, at most 2 per country."""
    frames.remove(s, USSR, US, 4, SUEZ_MASK, cap=2, card=28)


# ---------------------------------------------------------------- #29 East European Unrest
@event(29)
def east_european_unrest(s: TSState, side: int) -> None:
    """#29: remove 1 USSR Influence (2 in Late War, turn 8+) from each of 3 Eastern European
    countries."""
    per = 2 if s.turn >= FIRST_LATE_WAR_TURN else 1
    frames.choose_country(s, US, 29, 0, _presence(s, USSR, EE_MASK), (3, per, 0))


@resume(29)
def _east_european_unrest(s: TSState, step: int, c: int, data: tuple[Any, ...]) -> None:
    if c < 0:
        return  # no (more) Eastern European country holds USSR Influence
    left, per, chosen = data
    s.remove_inf(USSR, c, per)
    chosen |= 1 << c
    if left > 1:  # each of the 3 must be a different country
        frames.choose_country(s, US, 29, 0, _presence(s, USSR, EE_MASK) & ~chosen, (left - 1, per, chosen))


# ---------------------------------------------------------------- #30 Decolonization
@event(30)
def decolonization(s: TSState, side: int) -> None:
    """#30: 1 USSR Influence in each of 4 countries in Africa and/or Southeast Asia."""
    frames.place(s, USSR, USSR, 4, AFRICA_SEA_MASK, cap=1, card=30)


# ---------------------------------------------------------------- #31 Red Scare/Purge
@event(31)
def red_scare_purge(s: TSState, side: int) -> None:
    """#31: the opponent's cards are worth 1 Ops less (minimum 1) for the rest of the turn."""
    s.red_scare |= 1 << opp(side)


# ---------------------------------------------------------------- #32 UN Intervention
@event(32)
def un_intervention(s: TSState, side: int) -> None:
    """#32: played with a card of the player's hand carrying the opponent's event: that event
    is cancelled, the card discarded, and the player conducts Operations with its value."""
    frames.choose_card(s, side, 32, 0, tuple(rules.un_targets(s, side)), "cancel with UN", data=(side,))


@resume(32)
def _un_intervention(s: TSState, step: int, card: int, data: tuple[Any, ...]) -> None:
    if not card:
        return  # no card carrying the opponent's event: nothing to pair it with
    side = data[0]
    s.hands[side].remove(card)
    s.inplay.append(card)
    rules.flower_power_check(s, card, side)  # #59: the US plays a war card for Operations
    if s.flag(Card.U2_INCIDENT):
        s.gain_vp(USSR, 1)  # #60 U2 Incident
    if side == US and s.bury_you_pending == BURY_YOU_ANSWERABLE:
        s.bury_you_pending = 0  # #50 We Will Bury You answered
    frames.conduct_ops(s, side, card)
    frames.finish_card(s, card, side, False)  # cancelled: discarded even when starred


# ---------------------------------------------------------------- #33 De-Stalinization
@event(33)
def de_stalinization(s: TSState, side: int) -> None:
    """#33: the USSR may take up to 4 of its Influence off the map, then puts the same amount
    into countries not US-controlled, at most 2 per country."""
    frames.remove(s, USSR, USSR, 4, s.presence_mask(USSR), card=33, optional=True)
    frames.call(s, 33, 0, (sum(s.inf[:N]),))


@resume(33)
def _de_stalinization(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    moved = data[0] - sum(s.inf[:N])
    frames.place(s, USSR, USSR, moved, BOARD.all_mask & ~s.control_mask(US), cap=2, card=33)


# ---------------------------------------------------------------- #34 Nuclear Test Ban
@event(34)
def nuclear_test_ban(s: TSState, side: int) -> None:
    """#34: the player gains DEFCON − 2 VP, then DEFCON improves by 2."""
    if s.defcon > DEFCON_BRINK:
        s.gain_vp(side, s.defcon - 2)
    rules.improve_defcon(s, 2)


# ---------------------------------------------------------------- #101 Formosan Resolution
@event(101)
def formosan_resolution(s: TSState, side: int) -> None:
    """#101: Taiwan counts as a battleground in Asia scoring while the US controls it; the card
    stays on the table until the US plays the China Card (engine)."""
    s.set_perm(Card.FORMOSAN_RESOLUTION)


# ---------------------------------------------------------------- #103 Defectors
@event(103)
def defectors(s: TSState, side: int) -> None:
    """#103: the headline cancellation is done by the engine. When the USSR plays the card in
    its own action round, the US gains 1 VP (not when it is only discarded, e.g. by #5)."""
    if s.phase != PH_ACTION or s.phasing != USSR:
        return
    for frame in map(frames.view, s.stack):  # a compiled state's frames are plain tuples
        if frame.kind == frames.FINISH and frame.card == Card.DEFECTORS and frame.side == USSR:
            s.gain_vp(US, 1)
            return
