"""Twilight Struggle rules: legal actions and transitions. Rule numbers cite the seed rulebook.

The state is a machine: ``advance`` runs bookkeeping frames and the turn sequence (4.5) until
a player or chance must act; ``legal_actions`` and ``apply`` answer the top frame.

This module is the reference. ``_core_c.pyx`` repeats its hot path in typed Cython (the same
functions with a leading underscore); a rule changed here must be changed there too, and
``tests/twilight/test_compiled_differential.py`` fails until it is (docs/performance.md).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from realpolitik.engine.core.api import IllegalAction
from realpolitik.engine.core.rng import MASK64, shuffle, splitmix64
from realpolitik.engine.twilight import actions as A
from realpolitik.engine.twilight import frames as F
from realpolitik.engine.twilight import movegen
from realpolitik.engine.twilight.board import (
    AFRICA,
    ASIA,
    BOARD,
    CENTRAL_AMERICA,
    EUROPE,
    MIDDLE_EAST,
    SIDE_NAMES,
    SOUTH_AMERICA,
    SOUTHEAST_ASIA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import DELUXE_OPS, SEED_CARDS, Card
from realpolitik.engine.twilight.events import EVENTS, RESUME
from realpolitik.engine.twilight.state import (
    PH_ACTION,
    PH_END,
    PH_HEADLINE,
    PH_OVER,
    PH_SETUP,
    N,
    TSState,
    opp,
)

CARDS = BOARD.cards
STAB = BOARD.stability
REGION_OF = BOARD.region_of
ASIA_MASK = BOARD.region_mask[ASIA]
SEA_MASK = BOARD.sea_mask
EUROPE_MASK = BOARD.region_mask[EUROPE]
CA_SA_MASK = BOARD.region_mask[CENTRAL_AMERICA] | BOARD.region_mask[SOUTH_AMERICA]
CARD_SIDE = tuple(CARDS[n].side if n in CARDS else -1 for n in range(max(CARDS) + 1))
CARD_SCORING = tuple(bool(n in CARDS and CARDS[n].scoring) for n in range(max(CARDS) + 1))
WAR_CARDS = frozenset(
    (Card.KOREAN_WAR, Card.ARAB_ISRAELI_WAR, Card.INDO_PAKISTANI_WAR, Card.BRUSH_WAR, Card.IRAN_IRAQ_WAR)
)  # 7.6
SCORING_CARDS = frozenset(n for n, c in CARDS.items() if c.scoring)
CHINA = Card.CHINA_CARD
UN_INTERVENTION = Card.UN_INTERVENTION
DEFECTORS = Card.DEFECTORS
# Events that need another card first (5.2: prerequisite) and events another card forbids.
PREREQUISITES = {
    Card.NATO: (Card.WARSAW_PACT_FORMED, Card.MARSHALL_PLAN),
    Card.SOLIDARITY: (Card.JOHN_PAUL_II,),
}
PROHIBITED_BY = {
    Card.SOCIALIST_GOVERNMENTS: Card.IRON_LADY,
    Card.ARAB_ISRAELI_WAR: Card.CAMP_DAVID_ACCORDS,
    Card.OPEC: Card.NORTH_SEA_OIL,
    Card.WILLY_BRANDT: Card.TEAR_DOWN_THIS_WALL,
    Card.FLOWER_POWER: Card.AN_EVIL_EMPIRE,
    Card.MUSLIM_REVOLUTION: Card.AWACS_SALE_TO_SAUDIS,  # card 110 (optional, Deluxe)
}
# Cards that stay face up beside the map after their event, until cancelled (2.2.5).
ON_TABLE = frozenset((Card.SHUTTLE_DIPLOMACY, Card.FORMOSAN_RESOLUTION))
JAPAN = BOARD.country("japan")
FRANCE = BOARD.country("france")
W_GERMANY = BOARD.country("west_germany")
CUBA = BOARD.country("cuba")
TURKEY = BOARD.country("turkey")
TAIWAN = BOARD.country("taiwan")
CANADA = BOARD.country("canada")
OPTIONAL_MODES = 1 << 7


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def seq(s: TSState, *frames: tuple) -> None:
    """Push frames so that they run in the order given."""
    s.stack.extend(reversed(frames))


# ---------------------------------------------------------------- setup (3.1–3.4)
USSR_SETUP = {"syria": 1, "iraq": 1, "north_korea": 3, "east_germany": 3, "finland": 1}
US_SETUP = {
    "iran": 1,
    "israel": 1,
    "japan": 1,
    "australia": 4,
    "philippines": 1,
    "south_korea": 1,
    "panama": 1,
    "south_africa": 1,
    "uk": 5,
}


DELUXE_US_SETUP = {"canada": 2}  # the Deluxe edition's US setup adds 2 in Canada


def cards_in_game(options: dict) -> list[int]:
    """The card numbers of a game with ``options``: the seed's 103, and the 7 optional cards
    (104..110) with ``optional_cards``."""
    top = max(CARDS) if options.get("optional_cards") else SEED_CARDS
    return sorted(n for n in CARDS if n <= top)


def us_setup(options: dict) -> dict[str, int]:
    """The US's fixed setup influence for the game's edition (3.3)."""
    if options.get("edition") == "deluxe":
        return {**US_SETUP, **DELUXE_US_SETUP}
    return US_SETUP


# Bids (online play's handicap, the option ``bid``): "US+2" gives the US 2 more influence at
# setup, placed one point at a time in countries already holding US influence, after all other
# setup (docs/rulings.md, "Bids").
BID_MAX = 9
BID_NONE = "none"
_BID_RE = re.compile(r"\s*(USSR|US)\s*\+\s*(\d+)\s*", re.IGNORECASE)


def parse_bid(value: object) -> tuple[int, int]:
    """The side and points of a ``bid`` option value: ``"US+2"`` is ``(US, 2)``; ``"none"`` (and
    any ``+0``) is ``(US, 0)``. Side names are case-insensitive.

    Raises:
        ValueError: a value that is not ``none`` or ``SIDE+N`` with N from 0 to ``BID_MAX``.
    """
    text = str(value)
    if text.strip().lower() == BID_NONE:
        return US, 0
    m = _BID_RE.fullmatch(text)
    if m is None or int(m.group(2)) > BID_MAX:
        raise ValueError(
            f"'bid' must be {BID_NONE} or SIDE+N, SIDE US or USSR and N from 0 to {BID_MAX} "
            f"(as in US+2), not {value!r}"
        )
    return (USSR if m.group(1).upper() == "USSR" else US), int(m.group(2))


def bid_text(value: object) -> str:
    """The ``bid`` option's value as records keep it: ``US+2``, ``USSR+1``, or ``none``."""
    side, points = parse_bid(value)
    return f"{SIDE_NAMES[side]}+{points}" if points else BID_NONE


def setup_frames(options: dict) -> tuple[tuple, ...]:
    """The setup decisions, in order (3.2, 3.3, then a bid): the USSR's 6 in Eastern Europe, the
    US's 7 in Western Europe, then the bidding side's points. A bid frame has mask 0: its
    countries are those holding that side's influence when each point is placed."""
    frames: tuple[tuple, ...] = ((F.SETUP, USSR, 6, BOARD.ee_mask), (F.SETUP, US, 7, BOARD.we_mask))
    side, points = parse_bid(options.get("bid", BID_NONE))
    if points:
        frames += ((F.SETUP, side, points, 0),)
    return frames


def new_state(seed: int, options: dict, cls: type = TSState) -> TSState:
    """A new game: decks shuffled from ``seed``, hands dealt, fixed influence placed (3.1–3.3).
    ``cls`` is the state class to create (a ``TSState`` subclass)."""
    s = cls()
    s.seed = seed
    s.options = dict(options)
    s.rng = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & ((1 << 64) - 1)
    cards = cards_in_game(s.options)
    early = [n for n in cards if CARDS[n].period == 1 and n != CHINA]
    s.box = [n for n in cards if CARDS[n].period > 1]
    s.deck = early
    s.rng = shuffle(s.deck, s.rng)
    s.china, s.china_up = USSR, True  # 3.1
    for name, n in USSR_SETUP.items():
        s.add_inf(USSR, BOARD.country(name), n)
    for name, n in us_setup(s.options).items():
        s.add_inf(US, BOARD.country(name), n)
    deal(s)
    s.phase = PH_SETUP
    # 3.2 USSR places 6 anywhere in Eastern Europe first; 3.3 then the US 7 in Western Europe;
    # then a bid's points (option ``bid``).
    seq(s, *setup_frames(s.options))
    advance(s)
    return s


# ---------------------------------------------------------------- cards and decks (4.3, 4.4)
def hand_size(s: TSState) -> int:
    """4.5 B: 8 cards in turns 1–3, 9 from turn 4."""
    return 8 if s.turn <= 3 else 9


def draw(s: TSState) -> int:
    """Top card of the deck, reshuffling the discards when it is empty (4.3); 0 if none.

    In the Deluxe edition the discards are reshuffled as soon as a draw empties the deck, as
    online Deluxe play does (a deal that takes the last card reshuffles before the turn's
    plays are discarded); the seed reshuffles at the next draw."""
    if not s.deck:
        if not s.discard:
            return 0
        reshuffle(s)
    card = s.deck.pop()
    if not s.deck and s.discard and s.options.get("edition") == "deluxe":
        reshuffle(s)
    return card


def reshuffle(s: TSState) -> None:
    """4.3: the discard pile, shuffled, becomes the draw deck."""
    s.deck = s.discard
    s.discard = []
    s.rng = shuffle(s.deck, s.rng)


def deal(s: TSState) -> None:
    """4.5 B: deal one card at a time, USSR first, until both hands are full (4.3.1)."""
    target = hand_size(s)
    while len(s.hands[USSR]) < target or len(s.hands[US]) < target:
        for side in (USSR, US):
            if len(s.hands[side]) < target:
                c = draw(s)
                if not c:
                    return
                s.hands[side].append(c)


def add_period(s: TSState, period: int) -> None:
    """4.4: add the Mid/Late War cards to the draw deck (not the discards) and reshuffle."""
    new = [c for c in s.box if CARDS[c].period == period]
    s.box = [c for c in s.box if CARDS[c].period != period]
    s.deck.extend(new)
    s.rng = shuffle(s.deck, s.rng)


def take_card(s: TSState, card: int) -> None:
    """Take ``card`` out of wherever it is (not the China Card)."""
    for pile in (s.hands[0], s.hands[1], s.inplay, s.discard, s.deck, s.removed, s.box):
        if card in pile:
            pile.remove(card)
            return


# ---------------------------------------------------------------- ops values (7.4)
def card_ops(s: TSState, card: int) -> int:
    """The printed Operations value of ``card`` in the game's edition (the China Card: 4)."""
    if card == CHINA:
        return 4
    if card in DELUXE_OPS and s.options.get("edition") == "deluxe":
        return DELUXE_OPS[card]
    return CARDS[card].ops


def ops_value(s: TSState, card: int, side: int) -> int:
    """Operations value of ``card`` for ``side`` with the modifiers in effect (7.4, 7.4.1).

    Containment / Brezhnev Doctrine add 1 up to 4; Red Scare/Purge subtracts 1 down to 1. The
    seed applies the +1 first (a 4-Ops card under both is worth 3); the Deluxe edition adds
    both, then bounds the value to 1..4 (a 4-Ops card under both is worth 4, a 1-Ops card 1),
    as online Deluxe play does.
    Area bonuses (China Card in Asia, Vietnam Revolts in Southeast Asia) are added where the
    points are spent, not here.
    """
    v = card_ops(s, card)
    if v == 0:
        return 0
    boost = (side == US and s.turnfx >> Card.CONTAINMENT & 1) or (
        side == USSR and s.turnfx >> Card.BREZHNEV_DOCTRINE & 1
    )
    scare = s.red_scare >> side & 1
    if s.options.get("edition") == "deluxe":
        return min(4, max(1, v + (1 if boost else 0) - scare))
    if boost and v < 4:
        v += 1
    if scare:
        v = v - 1 if v > 1 else 1
    return v


# ---------------------------------------------------------------- DEFCON (8.1) and VP (10.3)
def degrade_defcon(s: TSState, n: int, actor: int) -> None:
    """Worsen DEFCON by ``n``; at 1 the game ends and ``actor`` loses (8.1.3)."""
    s.defcon -= n
    if s.defcon <= 1:
        s.defcon = 1
        s.end(opp(actor), f"DEFCON 1: nuclear war, caused by the {SIDE_NAMES[actor]}")
    elif s.defcon == 2 and s.perm >> Card.NORAD & 1:
        s.turnfx |= 1 << Card.NORAD  # card 106: DEFCON moved to 2 during this round


def improve_defcon(s: TSState, n: int) -> None:
    """Improve DEFCON by ``n``, never above 5 (8.1.2)."""
    s.defcon = min(5, s.defcon + n)


def set_defcon(s: TSState, level: int, actor: int) -> None:
    """Set DEFCON to ``level`` (an event's 'set to'); reaching 1 ends the game (8.1.3)."""
    if level < s.defcon:
        degrade_defcon(s, s.defcon - level, actor)
    else:
        s.defcon = min(5, level)


def check_vp(s: TSState) -> None:
    """10.3.1: 20 VP wins at once (not during final scoring)."""
    if s.winner < 0 and s.phase != PH_OVER:
        if s.vp >= 20:
            s.end(US, "US reached 20 VP")
        elif s.vp <= -20:
            s.end(USSR, "USSR reached 20 VP")


# ---------------------------------------------------------------- space race (6.4)
def space_holder(s: TSState, box: int) -> int:
    """Side holding the special ability of ``box`` (first there, opponent not yet), or -1 (6.4.4)."""
    a, b = s.space[USSR] >= box, s.space[US] >= box
    if a and not b:
        return USSR
    if b and not a:
        return US
    return -1


def space_allowed(s: TSState, side: int, ops: int) -> bool:
    """6.4.1–6.4.2, 6.4.6: a card of ``ops`` may be used for a space attempt now."""
    need = space_min_ops(s, side)
    return 0 < need <= ops


def space_min_ops(s: TSState, side: int) -> int:
    """The least ops value a card needs for ``side``'s space attempt now (6.4.1: the next box's
    requirement), 0 when no attempt is allowed (6.4.2 one a turn, two with box 2; 6.4.6 box 8
    is the last)."""
    box = s.space[side] + 1
    if box > 8:
        return 0
    limit = 2 if space_holder(s, 2) == side else 1
    return BOARD.space[box][0] if s.space_tries[side] < limit else 0


def advance_space(s: TSState, side: int, boxes: int, vp_last_only: bool = False) -> None:
    """Move ``side``'s space marker; first/second VP per box (6.4.3)."""
    for i in range(boxes):
        box = s.space[side] + 1
        if box > 8:
            return
        s.space[side] = box
        first = s.space[opp(side)] < box
        vp = BOARD.space[box][2] if first else BOARD.space[box][3]
        if not vp_last_only or i == boxes - 1:
            s.gain_vp(side, vp)


def rounds_for(s: TSState, side: int) -> int:
    """Action rounds this turn (4.5 D): 6 or 7; 8 with space box 8 or North Sea Oil."""
    n = 6 if s.turn <= 3 else 7
    if space_holder(s, 8) == side or (side == US and s.turnfx >> Card.NORTH_SEA_OIL & 1):
        n = 8
    return n


# ---------------------------------------------------------------- targets
def defcon_blocked(s: TSState) -> int:
    """Countries where coups and realignments are barred by DEFCON (8.1.5)."""
    m = 0
    if s.defcon <= 4:
        m |= EUROPE_MASK
    if s.defcon <= 3:
        m |= ASIA_MASK
    if s.defcon <= 2:
        m |= BOARD.region_mask[MIDDLE_EAST]
    return m


def protected(s: TSState, side: int) -> int:
    """Countries ``side`` may not coup or realign because of NATO / US-Japan Pact (#21, #27)."""
    if side != USSR:
        return 0
    m = 0
    if s.perm >> Card.NATO & 1:
        nato = s.control_mask(US) & EUROPE_MASK
        if s.perm >> Card.DE_GAULLE_LEADS_FRANCE & 1:
            nato &= ~(1 << FRANCE)
        if s.perm >> Card.WILLY_BRANDT & 1:
            nato &= ~(1 << W_GERMANY)
        m |= nato
    if s.perm >> Card.US_JAPAN_PACT & 1:
        m |= 1 << JAPAN
    return m


def _opponent_presence(s: TSState, side: int) -> int:
    return _presence(s.inf, 1 - side)


def coup_targets(s: TSState, side: int, free_mask: int = 0) -> int:
    """6.3.1: countries with opponent influence ``side`` may coup now."""
    m = _opponent_presence(s, side)
    if not m:
        return 0
    m &= ~protected(s, side)
    if side == USSR and s.perm >> Card.REFORMER & 1:  # #87 The Reformer: no USSR coups in Europe
        m &= ~EUROPE_MASK
    if free_mask:
        return m & free_mask  # 6.3.5: free coups ignore DEFCON limits
    return m & ~defcon_blocked(s)


def realign_targets(s: TSState, side: int, free_mask: int = 0) -> int:
    """6.2.1: countries with opponent influence ``side`` may realign now."""
    m = _opponent_presence(s, side)
    if not m:
        return 0
    m &= ~protected(s, side)
    if free_mask:
        return m & free_mask
    return m & ~defcon_blocked(s)


def placement_mask(s: TSState, side: int) -> int:
    """6.1.1, 6.1.4: countries where ``side`` may place influence by operations this round."""
    m = _spread(s.round_start[side]) | BOARD.adj_superpower[side]
    if side == USSR and s.chernobyl >= 0:  # #94 Chernobyl
        m &= ~BOARD.region_mask[s.chernobyl]
    return m


def label(s: TSState, card: int) -> str:
    """``#27 US/Japan Mutual Defense Pact``, numbered as printed in the game's edition."""
    return A.card_label(card, s.options.get("edition", "seed"))


# ---------------------------------------------------------------- event playability (5.2, 7.5)
def event_block(s: TSState, card: int, side: int) -> str:
    """Why ``card``'s event cannot occur for ``side`` now ('' = it can)."""
    need = PREREQUISITES.get(card)
    if need and not any(s.perm >> n & 1 for n in need):
        names = " or ".join(label(s, n) for n in need)
        return f"needs {names} first"
    bar = PROHIBITED_BY.get(card)
    if bar and s.perm >> bar & 1:
        return f"cancelled by {label(s, bar)}"
    if card == Card.CAMBRIDGE_FIVE and s.turn >= 8:  # card 104: no event in the Late War (4.1)
        return "not an event in the Late War"
    if card in DELUXE_CONDITIONS and deluxe_condition_unmet(s, card):
        return DELUXE_CONDITIONS[card]
    return ""


# Deluxe events whose "if ..." is a prerequisite (5.2), as online Deluxe play treats them: unmet,
# the event cannot be played and a card played for Operations is discarded, not removed. The
# seed fires them with no effect (a starred card is then removed).
DELUXE_CONDITIONS = {
    Card.KITCHEN_DEBATES: "the US does not control more battlegrounds than the USSR",
    Card.OUR_MAN_IN_TEHRAN: "the US controls no Middle East country",
}


def deluxe_condition_unmet(s: TSState, card: int) -> bool:
    """Whether ``card``'s Deluxe prerequisite (``DELUXE_CONDITIONS``) is unmet now."""
    if s.options.get("edition") != "deluxe":
        return False
    if card == Card.KITCHEN_DEBATES:  # #48: more US-controlled battlegrounds
        bg = BOARD.bg_mask
        return (s.control_mask(US) & bg).bit_count() <= (s.control_mask(USSR) & bg).bit_count()
    if card == Card.OUR_MAN_IN_TEHRAN:  # card 108: a US-controlled Middle East country
        return not s.control_mask(US) & BOARD.region_mask[MIDDLE_EAST]
    return False


def un_targets(s: TSState, side: int) -> list[int]:
    """Cards in ``side``'s hand UN Intervention can go with (opponent's events, 32)."""
    o = opp(side)
    return [c for c in s.hands[side] if CARDS[c].side == o and not CARDS[c].scoring]


def can_play_event(s: TSState, card: int, side: int) -> bool:
    """May ``side`` play ``card`` as its own event in an action round (7.1)?"""
    c = CARDS[card]
    if card == CHINA or c.side == opp(side):
        return False
    if event_block(s, card, side):
        return False
    if card == UN_INTERVENTION and not any(x != card for x in un_targets(s, side)):
        return False
    return True


# ---------------------------------------------------------------- scoring (10.1)
def region_tally(s: TSState, region: int) -> list[list[int]]:
    """Per side: [countries controlled, battlegrounds controlled, adjacent-to-enemy controlled]."""
    mask = BOARD.region_mask[region]
    out = [[0, 0, 0], [0, 0, 0]]
    for side in (USSR, US):
        cm = s.control_mask(side) & mask
        bg = BOARD.bg_mask
        if region == ASIA and s.perm >> Card.FORMOSAN_RESOLUTION & 1 and side == US and cm >> TAIWAN & 1:
            bg |= 1 << TAIWAN  # #101 Formosan Resolution
        out[side][0] = bin(cm).count("1")
        out[side][1] = bin(cm & bg).count("1")
        out[side][2] = bin(cm & BOARD.adj_superpower[opp(side)]).count("1")
    return out


def score_region(s: TSState, card: int, final: bool = False) -> int:
    """Score a region card (10.1.1–10.1.2); returns the net VP to the US. Europe control wins."""
    region, pres, dom, ctrl = BOARD.scoring[card]
    t = region_tally(s, region)
    total_bg = bin(BOARD.region_mask[region] & BOARD.bg_mask).count("1")
    if region == ASIA and s.perm >> Card.FORMOSAN_RESOLUTION & 1 and s.controls(US, TAIWAN):
        total_bg += 1
    if region in (ASIA, MIDDLE_EAST) and s.perm >> Card.SHUTTLE_DIPLOMACY & 1:
        # #73 Shuttle Diplomacy: one USSR battleground is not counted, then the card is discarded.
        if t[USSR][1] > 0:
            t[USSR][1] -= 1
            t[USSR][0] -= 1
        s.set_perm(Card.SHUTTLE_DIPLOMACY, False)
        if Card.SHUTTLE_DIPLOMACY in s.inplay:
            s.inplay.remove(Card.SHUTTLE_DIPLOMACY)
            s.discard.append(Card.SHUTTLE_DIPLOMACY)
    vp = [0, 0]
    level = [0, 0]
    for side in (USSR, US):
        mine, other = t[side], t[opp(side)]
        if mine[0] == 0:
            continue
        nonbg = mine[0] - mine[1]
        if mine[1] == total_bg and mine[0] > other[0]:
            level[side] = 3
        elif mine[0] > other[0] and mine[1] > other[1] and mine[1] > 0 and nonbg > 0:
            level[side] = 2
        else:
            level[side] = 1
        base = (0, pres, dom, ctrl)[level[side]]
        vp[side] = (base if base > 0 else 0) + mine[1] + mine[2]
    for side in (USSR, US):
        if level[side] == 3 and ctrl < 0:  # Europe control: automatic victory (10.3.1)
            s.end(side, f"{SIDE_NAMES[side]} controls Europe at Europe Scoring")
            return 0
    net = vp[US] - vp[USSR]
    s.vp += net  # 10.2.3: only the difference moves the marker
    return net


SEA_SCORING = tuple(
    (BOARD.country(n), v)
    for n, v in (
        ("burma", 1),
        ("laos_cambodia", 1),
        ("vietnam", 1),
        ("malaysia", 1),
        ("indonesia", 1),
        ("philippines", 1),
        ("thailand", 2),
    )
)


def score_southeast_asia(s: TSState) -> int:
    """#38 Southeast Asia Scoring: 1 VP per country controlled, 2 for Thailand; net to the US."""
    net = 0
    for c, v in SEA_SCORING:
        who = s.controller(c)
        if who == US:
            net += v
        elif who == USSR:
            net -= v
    s.vp += net
    return net


def final_scoring(s: TSState) -> None:
    """10.3.2: after turn 10 every region scores; 20 VP does not win; Europe control does."""
    s.gain_vp(s.china, 1)  # card #6: +1 VP to its holder at the end of turn 10
    s.phase = PH_OVER
    for card in (2, 1, 3, 37, 35, 79):  # Europe, Asia, Middle East, C. America, S. America, Africa
        score_region(s, card, final=True)
        if s.winner >= 0:
            return
    if s.vp > 0:
        s.end(US, f"final scoring: US ahead by {s.vp} VP")
    elif s.vp < 0:
        s.end(USSR, f"final scoring: USSR ahead by {-s.vp} VP")
    else:
        s.end(2, "final scoring: VP level, a draw")


# ---------------------------------------------------------------- the turn sequence (4.5)
def begin_turn(s: TSState) -> None:
    """4.5 A–C: improve DEFCON, add new war periods, deal, then the headline."""
    if s.turn > 1:
        improve_defcon(s, 1)  # 8.1.6
    if s.turn == 4:
        add_period(s, 2)
    elif s.turn == 8:
        add_period(s, 3)
    deal(s)
    s.phase = PH_HEADLINE
    s.headline = [0, 0]
    s.ar = 0
    s.phasing = -1


def headline_order(s: TSState) -> tuple[int, int]:
    """Who picks the headline first: the opponent of a space-box-4 holder, else the USSR (6.4.4)."""
    h = space_holder(s, 4)
    first = opp(h) if h >= 0 else USSR
    return first, opp(first)


def headline_step(s: TSState) -> None:
    if s.ar == 0:
        for side in headline_order(s):
            if s.headline[side] == 0:
                if any(c != UN_INTERVENTION for c in s.hands[side]):
                    s.stack.append((F.HEADLINE, side))
                    return
                s.headline[side] = -1
        resolve_headline(s)
        return
    # ar == -1: the headlines have been resolved.
    s.phase = PH_ACTION
    s.ar = 0
    s.phasing = US  # so that the USSR takes action round 1 (4.5 D)


def resolve_headline(s: TSState) -> None:
    """4.5 C: higher ops first, US first on ties, scoring cards count 0; #103 Defectors."""
    s.ar = -1
    h = s.headline[:]
    s.headline = [0, 0]  # the cards are now face up on the table (s.inplay)
    for side in (USSR, US):
        if h[side] > 0:
            s.inplay.append(h[side])
    if h[US] == DEFECTORS and h[USSR] > 0:
        # #103: the USSR headline is cancelled and discarded (not removed).
        s.inplay.remove(h[USSR])
        s.discard.append(h[USSR])
        h[USSR] = -1

    def val(c: int) -> int:
        return -1 if c <= 0 else card_ops(s, c)

    order = (US, USSR) if val(h[US]) >= val(h[USSR]) else (USSR, US)
    frames = []
    for side in order:
        c = h[side]
        if c > 0:
            flower_power_check(s, c, side)
            owner = CARDS[c].side
            eside = side if owner == 2 else owner
            frames.append((F.EVENT, F.AUTO, c, eside, side))
    seq(s, *frames)


def start_round(s: TSState, side: int) -> None:
    """Begin ``side``'s action round."""
    s.phasing = side
    s.rounds_done[side] += 1
    s.round_start[side] = s.presence_mask(side)
    if side == US and s.bury_you_pending & 1:
        s.bury_you_pending = 3  # #50: this is the US round that may answer with UN Intervention
    trap = Card.QUAGMIRE if side == US else Card.BEAR_TRAP
    if s.perm >> trap & 1:
        s.stack.append((F.TRAP, side, trap))
    else:
        s.stack.append((F.ACTION, side, None, 0))


def china_available(s: TSState, side: int) -> bool:
    """The China Card may be played by ``side`` now (9.3, #98)."""
    return s.china == side and s.china_up and not (side == US and s.turnfx >> Card.ALDRICH_AMES & 1)


def can_take_round(s: TSState, side: int) -> bool:
    return bool(s.hands[side]) or china_available(s, side)


def action_step(s: TSState) -> None:
    if s.bury_you_pending == 3:
        s.bury_you_pending = 0
        s.gain_vp(USSR, 3)  # #50 We Will Bury You: no UN Intervention came
        check_vp(s)
        if s.winner >= 0:
            return
    if s.turnfx >> Card.NORAD & 1:
        s.turnfx &= ~(1 << Card.NORAD)
        # card 106 NORAD: at the end of an action round in which DEFCON moved to 2, the US
        # may add 1 Influence to a country already holding US Influence, if it controls Canada.
        if s.ar >= 1 and s.perm >> Card.NORAD & 1 and s.controls(US, CANADA):
            F.place(s, US, US, 1, s.presence_mask(US), card=Card.NORAD, optional=True)
            return
    while True:
        if s.phasing == USSR:
            side = US
        else:
            side = USSR
            s.ar += 1
        s.phasing = side
        if s.ar > max(rounds_for(s, USSR), rounds_for(s, US)):
            s.phase = PH_END
            s.ar = 0
            s.phasing = -1
            return
        if s.ar <= rounds_for(s, side) and can_take_round(s, side):
            start_round(s, side)
            return


def end_step(s: TSState) -> None:
    """4.5 E–J."""
    if s.ar == 0:
        s.ar = 1
        # E. 8.2.1: each side short of military operations gives the opponent 1 VP per point.
        short = [max(0, s.defcon - s.milops[side]) for side in (USSR, US)]
        s.gain_vp(US, short[USSR])
        s.gain_vp(USSR, short[US])
        check_vp(s)
        if s.winner >= 0:
            return
        if s.options.get("tournament"):
            # 11.1: held cards are revealed; holding a scoring card loses at once.
            s.revealed = 3
            held = [any(c in SCORING_CARDS for c in s.hands[side]) for side in (USSR, US)]
            if held[USSR] and held[US]:
                s.end(2, "both sides held a scoring card (11.1.2)")
                return
            for side in (USSR, US):
                if held[side]:
                    s.end(opp(side), f"{SIDE_NAMES[side]} held a scoring card (11.1.2)")
                    return
        h6 = space_holder(s, 6)
        if h6 >= 0 and s.hands[h6]:
            s.stack.append((F.HELD, h6))  # 6.4.4 box 6: may discard the held card
        return
    # G/H. flip the China Card face up; clear this turn's effects.
    s.china_up = True
    s.turnfx = 0
    s.red_scare = 0
    s.missile_crisis = 0
    s.death_squads = 0
    s.chernobyl = -1
    s.revealed = 0
    s.ames = []
    s.milops = [0, 0]
    s.space_tries = [0, 0]
    s.rounds_done = [0, 0]
    if s.turn >= 10:
        final_scoring(s)  # J
        return
    s.turn += 1  # I
    begin_turn(s)


def phase_step(s: TSState) -> None:
    """Run the turn sequence when no decision is pending."""
    if s.phase == PH_SETUP:
        begin_turn(s)
    elif s.phase == PH_HEADLINE:
        headline_step(s)
    elif s.phase == PH_ACTION:
        action_step(s)
    elif s.phase == PH_END:
        end_step(s)


# ---------------------------------------------------------------- automatic frames
def flower_power_check(s: TSState, card: int, side: int) -> None:
    """#59 Flower Power: 2 VP to the USSR for each war card the US plays (not for space). In
    the Deluxe edition not a war card whose event another card prohibits (Arab-Israeli War
    under Camp David Accords), as online Deluxe play has it."""
    if side == US and card in WAR_CARDS and s.perm >> Card.FLOWER_POWER & 1:
        if s.options.get("edition") == "deluxe" and war_prohibited(s, card):
            return
        s.gain_vp(USSR, 2)


def war_prohibited(s: TSState, card: int) -> bool:
    """Whether another card in effect prohibits war card ``card``'s event (7.5)."""
    bar = PROHIBITED_BY.get(card)
    return bool(bar and s.perm >> bar & 1)


def run_event(s: TSState, card: int, side: int, finisher: int) -> None:
    block = event_block(s, card, side)
    if finisher >= 0:
        s.stack.append((F.FINISH, F.AUTO, card, finisher, not block))
    if block:
        if finisher < 0:
            unfire(s, card)
        return
    if s.phase == PH_HEADLINE:
        s.phasing = side  # 4.5 C note: the side implementing a headline event is phasing
    F.run_handler(s, EVENTS[card], side)


def unfire(s: TSState, card: int) -> None:
    """An opponent's event that cannot occur when its turn comes after the Operations (a Deluxe
    prerequisite the Operations undid, 5.2) leaves its card to be discarded, not removed: the
    card's pending FINISH frame is marked as not fired."""
    for i in range(len(s.stack) - 1, -1, -1):
        fr = s.stack[i]
        if fr[0] == F.FINISH and fr[2] == card:
            s.stack[i] = (*fr[:4], False)
            return


def finish(s: TSState, card: int, side: int, fired: bool) -> None:
    """Move a played card on: China Card to the opponent face down (9.3), else discard/remove."""
    if card == CHINA:
        s.china = opp(side)
        s.china_up = False
        if (
            side == US and s.perm >> Card.FORMOSAN_RESOLUTION & 1
        ):  # #101 ends when the US plays the China Card
            s.set_perm(Card.FORMOSAN_RESOLUTION, False)
            if Card.FORMOSAN_RESOLUTION in s.inplay:
                s.inplay.remove(Card.FORMOSAN_RESOLUTION)
                s.discard.append(Card.FORMOSAN_RESOLUTION)
        return
    if card not in s.inplay:
        return  # the event moved it already (Missile Envy, Grain Sales …)
    if fired and card in ON_TABLE and s.perm >> card & 1:
        return
    s.inplay.remove(card)
    if fired and CARDS[card].starred:
        s.removed.append(card)  # 2.2.4
    else:
        s.discard.append(card)


def open_ops(s: TSState, side: int, card: int, mode: int, fixed: int = 0) -> None:
    """Open the operations frame for ``card`` used as ``mode``."""
    ops = fixed or ops_value(s, card, side)
    asia_b = 1 if card == CHINA and not fixed else 0  # 9.6
    sea_b = 1 if side == USSR and s.turnfx >> Card.VIETNAM_REVOLTS & 1 else 0  # #9 Vietnam Revolts
    if s.phase == PH_HEADLINE or side != s.phasing:
        # 6.1.1 counts influence present when the round began; ops outside one's own round
        # (headline events, an opponent's event triggered by ops) count influence as it stands.
        s.round_start[side] = s.presence_mask(side)
    if mode == F.M_INFLUENCE:
        s.stack.append((F.INFLUENCE, side, card, ops + asia_b + sea_b, asia_b, sea_b))
    elif mode == F.M_REALIGN:
        s.stack.append((F.REALIGN, side, card, ops + asia_b + sea_b, asia_b, sea_b, 0))
    elif mode == F.M_COUP:
        s.stack.append((F.COUP, side, card, ops, asia_b, sea_b, 0))
    elif mode == F.M_SPACE:
        s.space_tries[side] += 1
        s.stack.append((F.SPACE_ROLL, F.CHANCE_P, side, card))


def process_auto(s: TSState, fr: tuple) -> None:
    k = fr[0]
    if k == F.EVENT:
        run_event(s, fr[2], fr[3], fr[4] if len(fr) > 4 else -1)
    elif k == F.FINISH:
        finish(s, fr[2], fr[3], fr[4])
    elif k == F.OPSTART:
        open_ops(s, fr[2], fr[3], fr[4], fr[5] if len(fr) > 5 else 0)
    elif k == F.CALL:
        F.run_handler(s, RESUME[fr[2]], fr[3], 0, fr[4])


def advance(s: TSState, trace: Callable[[tuple | None, TSState], None] | None = None) -> None:
    """Run bookkeeping until a decision, a chance node or the end.

    ``trace`` (for the log's account of causes, never the game itself) is called after each
    bookkeeping step with the frame run (None for a phase step) and the state.
    """
    stack = s.stack
    while s.winner < 0:
        check_vp(s)
        if s.winner >= 0:
            break
        if not stack:
            phase_step(s)
            if trace is not None:
                trace(None, s)
            continue
        fr = stack[-1]
        k = fr[0]
        if k in F.AUTO_KINDS:
            stack.pop()
            process_auto(s, fr)
            if trace is not None:
                trace(fr, s)
            continue
        if k == F.RANDOM_CARD:
            if not s.hands[fr[4]]:
                stack.pop()
                F.run_handler(s, RESUME[fr[2]], fr[3], 0, fr[5])
                continue
            break
        if k in F.CHANCE_KINDS or k == F.ACTION:
            # An action round always offers a move: every card may be played for influence
            # (a scoring card as its event), and an empty hand may pass (action_legal).
            break
        if not legal_actions(s):
            stack.pop()
            if k == F.CCOUNTRY:
                F.run_handler(s, RESUME[fr[2]], fr[3], -1, fr[5])
            elif k == F.CCARD:
                F.run_handler(s, RESUME[fr[2]], fr[3], 0, fr[7])
            continue
        break


# ---------------------------------------------------------------- legal actions
def current_player(s: TSState) -> int:
    """Side to decide, -1 for chance (CHANCE), -4 when over (TERMINAL)."""
    if s.winner >= 0:
        return -4
    fr = s.stack[-1]
    return -1 if fr[0] in F.CHANCE_KINDS else fr[1]


def chance_outcomes(s: TSState) -> list[tuple[int, float]]:
    """Dice faces 1..6 at 1/6, or the cards of a hand at equal odds."""
    fr = s.stack[-1]
    if fr[0] == F.RANDOM_CARD:
        hand = sorted(s.hands[fr[4]])
        p = 1.0 / len(hand)
        return [(A.card_choice(c), p) for c in hand]
    return list(DIE_OUTCOMES)


DIE_ACTIONS = tuple(A.die(v) for v in range(1, 7))
DIE_OUTCOMES = tuple((a, 1.0 / 6.0) for a in DIE_ACTIONS)


def play_modes(
    s: TSState, side: int, card: int, can_realign: bool | None = None, can_coup: bool | None = None
) -> list[int]:
    """Modes in which ``side`` may play ``card`` in an action round (5.1, 6.0).

    ``can_realign`` / ``can_coup`` may be passed when already known (they do not depend on
    the card), so that a whole hand costs one target scan.
    """
    c = CARDS[card] if card != CHINA else None
    if c is not None and c.scoring:
        return [F.M_EVENT]
    out = []
    if c is not None and can_play_event(s, card, side):
        out.append(F.M_EVENT)
    out.append(F.M_INFLUENCE)
    if can_realign if can_realign is not None else realign_targets(s, side):
        out.append(F.M_REALIGN)
    if can_coup if can_coup is not None else coup_targets(s, side):
        out.append(F.M_COUP)
    if space_allowed(s, side, ops_value(s, card, side)):
        out.append(F.M_SPACE)
    return out


# Influence (always), then realign and coup when they have targets: by (can_realign | can_coup << 1).
PLAY_BASE_MODES = (
    (F.M_INFLUENCE,),
    (F.M_INFLUENCE, F.M_REALIGN),
    (F.M_INFLUENCE, F.M_COUP),
    (F.M_INFLUENCE, F.M_REALIGN, F.M_COUP),
)


def scoring_forced(s: TSState, side: int, n_scoring: int) -> bool:
    """4.5 D without the tournament option: ``side``, holding ``n_scoring`` scoring cards, has no
    more action rounds left (this one included) than scoring cards, so it must play one now.

    With the tournament option (11.1) nothing is enforced: a held scoring card loses instead.
    """
    if not n_scoring or s.options.get("tournament"):
        return False
    return n_scoring >= rounds_for(s, side) - s.rounds_done[side] + 1


def trap_legal(s: TSState, side: int) -> list[int]:
    """#42 Quagmire / #44 Bear Trap: discard a card of 2+ Ops (then roll), or, with none left,
    play only scoring cards; with neither, the round passes.

    10.1.5: an event cannot force a player to hold a scoring card, so a trapped side may play a
    scoring card as its event instead of discarding (the trap stays), and must when 4.5 D
    requires it (as many scoring cards as rounds left, without the tournament option).
    """
    hand = s.hands[side]
    scoring = sorted(A.play(c, F.M_EVENT) for c in hand if c in SCORING_CARDS)
    if scoring_forced(s, side, len(scoring)):
        return scoring
    out = [A.card_choice(c) for c in hand if c not in SCORING_CARDS and ops_value(s, c, side) >= 2]
    out.extend(scoring)
    return sorted(out) if out else [A.option(A.OPT_PASS)]


def action_legal(s: TSState, fr: tuple) -> list[int]:
    side = fr[1]
    only = fr[2]
    out: list[int] = []
    if only is not None:
        for card in only:
            out.extend(A.play(card, m) for m in play_modes(s, side, card))
        out.append(A.option(A.OPT_RETURN))
        return sorted(out)
    hand = s.hands[side]
    cards = list(hand)
    if china_available(s, side):
        cards.append(CHINA)
    scoring = [c for c in hand if c in SCORING_CARDS]
    forced = scoring_forced(s, side, len(scoring))
    if forced:
        cards = scoring  # 4.5 D: scoring cards may not be held
    elif s.missile_envy == side and Card.MISSILE_ENVY in hand:
        cards = [Card.MISSILE_ENVY]  # #49: the card must be used for operations this round
    elif side == US and s.ames and s.turnfx >> Card.ALDRICH_AMES & 1:
        # #98: the next card of the USSR's order still in the hand (others may have left it)
        nxt = next((x for x in s.ames if x in hand), None)
        cards = [nxt] if nxt else list(hand)
    # What play_modes asks per card, asked once for the round: the ops modes other than
    # influence and space do not depend on the card, space only on its ops value.
    base = PLAY_BASE_MODES[(1 if realign_targets(s, side) else 0) | (2 if coup_targets(s, side) else 0)]
    space_min = space_min_ops(s, side)
    o = 1 - side
    for card in cards:
        if card != CHINA:
            if CARD_SCORING[card]:
                out.append(card * 8 + F.M_EVENT)
                continue
            if (
                CARD_SIDE[card] != o
                and not (s.missile_envy == side and card == Card.MISSILE_ENVY)
                and can_play_event(s, card, side)
            ):
                out.append(card * 8 + F.M_EVENT)
        k = card * 8
        for m in base:
            out.append(k + m)
        if space_min and ops_value(s, card, side) >= space_min:
            out.append(k + F.M_SPACE)
    if s.missile_crisis >> o & 1:  # #40: the threatened side may cancel the crisis
        if side == USSR and s.influence(USSR, CUBA) >= 2:
            out.append(A.option(A.OPT_CANCEL_CRISIS_CUBA))
        if side == US and s.influence(US, W_GERMANY) >= 2:
            out.append(A.option(A.OPT_CANCEL_CRISIS_WGERMANY))
        if side == US and s.influence(US, TURKEY) >= 2:
            out.append(A.option(A.OPT_CANCEL_CRISIS_TURKEY))
    if not hand or (s.ar > (6 if s.turn <= 3 else 7) and not forced):
        # 9.8 China never forced; the box-8 round is optional (6.4.4), but not while it is the
        # last chance to play a scoring card (4.5 D: scoring cards may not be held).
        out.append(A.option(A.OPT_PASS))
    out.sort()
    return out


def influence_legal(s: TSState, fr: tuple) -> list[int]:
    """6.1.2: cost 2 in enemy-controlled countries; forfeited area bonuses cost 1 more."""
    side = fr[1]
    return _influence_moves(s.inf, side, placement_mask(s, side), fr[3], fr[4], fr[5])


def realign_legal(s: TSState, fr: tuple) -> list[int]:
    """6.2.2: one point per roll; forfeited area bonuses cost 1 more."""
    return _realign_moves(realign_targets(s, fr[1], fr[6]), fr[3], fr[4], fr[5])


_CHECK_LEGAL = os.environ.get("REALPOLITIK_CHECK_LEGAL", "") not in ("", "0")


def legal_actions(s: TSState) -> list[int]:
    """Sorted legal action ids for the top frame (a fresh list the caller may keep).

    The result is remembered with the history length and the top frame, so that the
    ``apply`` that usually follows checks legality without generating the moves again.
    """
    if s.winner >= 0 or not s.stack:
        return []
    fr = s.stack[-1]
    known = s._legal
    if known is not None and known[0] == len(s.history) and known[1] is fr:
        if _CHECK_LEGAL:
            fresh = _legal_actions(s, fr)
            assert fresh == known[2], ("stale legal-action cache", fresh, known[2])
        return known[2][:]
    out = _legal_actions(s, fr)
    s._legal = (len(s.history), fr, out[:])
    return out


def _legal_actions(s: TSState, fr: tuple) -> list[int]:
    k = fr[0]
    if k in F.CHANCE_KINDS:
        if k == F.RANDOM_CARD:
            return [a for a, _ in chance_outcomes(s)]
        return list(DIE_ACTIONS)
    if k == F.ACTION:
        return action_legal(s, fr)
    if k == F.INFLUENCE:
        return influence_legal(s, fr)
    if k == F.REALIGN:
        return realign_legal(s, fr)
    if k == F.COUP:
        out = _mask_moves(coup_targets(s, fr[1], fr[6]))
        if fr[6] and out:
            out.insert(0, A.option(A.OPT_PASS))  # a free coup may be declined
        return sorted(out)
    if k == F.HEADLINE:
        return sorted(A.play(c, F.M_HEADLINE) for c in s.hands[fr[1]] if c != UN_INTERVENTION)
    if k == F.SETUP:  # mask 0: a bid's point, where the side has influence now
        return _mask_moves(fr[3] or _presence(s.inf, fr[1]))
    if k == F.ORDER:
        return [A.option(A.OPT_EVENT_FIRST), A.option(A.OPT_OPS_FIRST)]
    if k == F.PLACE or k == F.REMOVE:
        side_t, mask, cap, done = fr[3], fr[5], fr[6], fr[7]
        if cap:
            for c in set(done):
                if done.count(c) >= cap:
                    mask &= ~(1 << c)
        if k == F.REMOVE:
            mask &= _presence(s.inf, side_t)
        out = _mask_moves(mask)  # ascending, below the OPTION ids
        if out and fr[8]:
            out.append(A.option(A.OPT_DONE))
        return out
    if k == F.CCOUNTRY:
        return _mask_moves(fr[4])
    if k == F.COPTION:
        return [A.option(i) for i in range(len(fr[4]))]
    if k == F.CCARD:
        out = sorted(A.card_choice(c) for c in set(fr[4]))
        if fr[6]:
            out.insert(0, A.option(A.OPT_PASS))
        return sorted(out)
    if k == F.OPSMODE:
        side, card, modes = fr[1], fr[2], fr[3]
        out = []
        for m in (F.M_INFLUENCE, F.M_REALIGN, F.M_COUP, F.M_SPACE):
            if not modes >> m & 1:
                continue
            if m == F.M_REALIGN and not realign_targets(s, side):
                continue
            if m == F.M_COUP and not coup_targets(s, side):
                continue
            if m == F.M_SPACE and not space_allowed(s, side, fr[4] or ops_value(s, card, side)):
                continue
            out.append(A.option(A.OPT_MODE_BASE + m))
        if modes & OPTIONAL_MODES:
            out.append(A.option(A.OPT_MODE_PASS))
        return sorted(out)
    if k == F.TRAP:
        return trap_legal(s, fr[1])
    if k == F.HELD:
        return sorted([A.option(A.OPT_PASS)] + [A.card_choice(c) for c in s.hands[fr[1]]])
    return []


# ---------------------------------------------------------------- applying actions
def apply(s: TSState, a: int) -> None:
    """Apply action ``a`` (must be legal) and advance to the next decision."""
    if s.winner >= 0:
        raise IllegalAction("the game is over")
    fr = s.stack[-1] if s.stack else None
    known = s._legal
    if known is not None and known[0] == len(s.history) and known[1] is fr and not _CHECK_LEGAL:
        legal = known[2]  # remembered from the caller's own legal_actions(); not copied
    else:
        legal = legal_actions(s)
    s._legal = None
    if a not in legal:
        raise IllegalAction(illegal_reason(s, a))
    fr = s.stack.pop()
    s.history.append(a)
    d = A.decode(a)
    k = fr[0]
    handler = _APPLY[k]
    handler(s, fr, d)
    advance(s)


def random_playout(s: TSState, seed: int, max_decisions: int = -1) -> int:
    """Play on from ``s`` (modified) with uniformly random legal moves, chance outcomes by
    their odds (every Twilight chance node is uniform: a die, or a card from a hand), until the
    end or ``max_decisions`` decisions (-1: no limit); returns the decisions played.

    The choices come from a SplitMix64 stream started at ``seed`` (one draw per choice,
    taken modulo the number of choices), so ``_core_c.random_playout`` plays the same game.
    """
    x = seed & MASK64
    decisions = 0
    while s.winner < 0:
        fr = s.stack[-1]
        chance = fr[0] in F.CHANCE_KINDS
        if not chance and decisions == max_decisions:
            break
        legal = legal_actions(s)
        x, r = splitmix64(x)
        apply(s, legal[r % len(legal)])
        if not chance:
            decisions += 1
    return decisions


def illegal_reason(s: TSState, a: int) -> str:
    """A sentence saying why ``a`` is not legal now."""
    fr = s.stack[-1] if s.stack else None
    if not 0 <= a < A.NUM_ACTIONS:
        return f"action {a} is out of range"
    d = A.decode(a)
    who = current_player(s)
    what = F.KIND_NAMES[fr[0]] if fr else "nothing"
    if who == -1:
        return f"action {a} is not a possible chance outcome here ({what})"
    side = SIDE_NAMES[who] if who in (0, 1) else "nobody"
    if d.kind == "play":
        card = d.value
        if card not in CARDS:
            return f"there is no card #{card}"
        if d.mode >= len(F.MODE_NAMES):  # the encoding leaves room for uses no card has
            return f"action {a} is no use of a card"
        if fr and fr[0] in (F.ACTION, F.HEADLINE):
            only = fr[2] if fr[0] == F.ACTION else None  # a headline frame is (k, p): no card list
            if card != CHINA and card not in s.hands[who] and card not in (only or ()):
                return f"{label(s, card)} is not in the {side} hand"
            if card == CHINA and not china_available(s, who):
                return "the China Card is not available to play now (9.3, 9.5)"
            if fr[0] == F.ACTION and d.mode == F.M_EVENT:
                block = event_block(s, card, who) or (
                    "it is the opponent's event" if CARDS[card].side == opp(who) else ""
                )
                if block:
                    return f"{label(s, card)} cannot be played as an event: {block}"
            return f"{label(s, card)} cannot be played for {F.MODE_NAMES[d.mode]} now"
        return f"the {side} must answer '{what}', not play a card"
    if d.kind == "country" and 0 <= d.value < N:
        return f"{BOARD.name[d.value]} is not a legal choice for '{what}' now"
    return f"action {a} does not answer '{what}' for the {side}"


def ap_setup(s: TSState, fr: tuple, d: A.Decoded) -> None:
    s.add_inf(fr[1], d.value, 1)
    if fr[2] > 1:
        s.stack.append((F.SETUP, fr[1], fr[2] - 1, fr[3]))


def ap_headline(s: TSState, fr: tuple, d: A.Decoded) -> None:
    s.hands[fr[1]].remove(d.value)
    s.headline[fr[1]] = d.value


def ap_action(s: TSState, fr: tuple, d: A.Decoded) -> None:
    side = fr[1]
    if d.kind == "option":
        k = d.value
        if k == A.OPT_PASS:
            return
        if k == A.OPT_RETURN:  # #67 Grain Sales: the card goes back, Grain Sales gives ops
            card = fr[2][0]
            s.inplay.remove(card)
            s.hands[USSR].append(card)
            s.stack.append((F.OPSMODE, side, fr[3], F.MODE_BITS_OPS, 0))
            return
        if k == A.OPT_CANCEL_CRISIS_CUBA:
            s.remove_inf(USSR, CUBA, 2)
        elif k == A.OPT_CANCEL_CRISIS_WGERMANY:
            s.remove_inf(US, W_GERMANY, 2)
        elif k == A.OPT_CANCEL_CRISIS_TURKEY:
            s.remove_inf(US, TURKEY, 2)
        s.missile_crisis &= ~(1 << opp(side))
        s.stack.append(fr)  # the round goes on
        return
    card, mode = d.value, d.mode
    play_card(s, side, card, mode)


def play_card(s: TSState, side: int, card: int, mode: int) -> None:
    """``side`` plays ``card`` in ``mode`` (5.1, 5.2, 6.0)."""
    if card != CHINA:
        if card in s.hands[side]:
            s.hands[side].remove(card)
            s.inplay.append(card)
        elif card not in s.inplay:
            s.inplay.append(card)
    if s.missile_envy == side and card == Card.MISSILE_ENVY:
        s.missile_envy = -1
    if side == US and card in s.ames:
        s.ames.remove(card)
    if mode != F.M_SPACE:
        flower_power_check(s, card, side)
    if mode == F.M_EVENT:
        owner = CARDS[card].side
        seq(s, (F.EVENT, F.AUTO, card, side if owner == 2 else owner, side))
        return
    if mode == F.M_SPACE:
        seq(s, (F.OPSTART, F.AUTO, side, card, mode), (F.FINISH, F.AUTO, card, side, False))  # 6.4.5
        return
    if card != CHINA and CARDS[card].side == opp(side):
        if not event_block(s, card, opp(side)):
            s.stack.append((F.ORDER, side, card, mode))  # 5.2: phasing player picks the order
            return
    seq(s, (F.OPSTART, F.AUTO, side, card, mode), (F.FINISH, F.AUTO, card, side, False))


def ap_order(s: TSState, fr: tuple, d: A.Decoded) -> None:
    side, card, mode = fr[1], fr[2], fr[3]
    ev = (F.EVENT, F.AUTO, card, opp(side), -1)
    ops = (F.OPSTART, F.AUTO, side, card, mode)
    fin = (F.FINISH, F.AUTO, card, side, True)
    if d.value == A.OPT_EVENT_FIRST:
        seq(s, ev, ops, fin)
    else:
        seq(s, ops, ev, fin)


def ap_influence(s: TSState, fr: tuple, d: A.Decoded) -> None:
    _, side, card, remaining, asia_b, sea_b = fr
    c = d.value
    cost = 2 if s.controls(opp(side), c) else 1  # 6.1.2: cost as control stands now
    if asia_b and not ASIA_MASK >> c & 1:
        remaining -= 1
        asia_b = 0
    if sea_b and not SEA_MASK >> c & 1:
        remaining -= 1
        sea_b = 0
    remaining -= cost
    s.add_inf(side, c, 1)
    if remaining > 0:
        s.stack.append((F.INFLUENCE, side, card, remaining, asia_b, sea_b))


def ap_realign(s: TSState, fr: tuple, d: A.Decoded) -> None:
    _, side, card, remaining, asia_b, sea_b, free_mask = fr
    c = d.value
    if asia_b and not ASIA_MASK >> c & 1:
        remaining -= 1
        asia_b = 0
    if sea_b and not SEA_MASK >> c & 1:
        remaining -= 1
        sea_b = 0
    remaining -= 1
    if remaining > 0:
        s.stack.append((F.REALIGN, side, card, remaining, asia_b, sea_b, free_mask))
    s.stack.append((F.REALIGN_ROLL, F.CHANCE_P, side, c, 0))


def realign_modifier(s: TSState, side: int, c: int) -> int:
    """6.2.2: +1 per adjacent controlled country, +1 for more influence, +1 superpower adjacent."""
    mod = 0
    for n in BOARD.neighbours[c]:
        if s.controls(side, n):
            mod += 1
    if s.inf[side * N + c] > s.inf[opp(side) * N + c]:
        mod += 1
    if BOARD.adj_superpower[side] >> c & 1:
        mod += 1
    if side == US and s.turnfx >> Card.IRAN_CONTRA_SCANDAL & 1:  # #93 Iran-Contra Scandal
        mod -= 1
    return mod


def ap_realign_roll(s: TSState, fr: tuple, d: A.Decoded) -> None:
    _, _, side, c, first = fr
    if not first:
        s.stack.append((F.REALIGN_ROLL, F.CHANCE_P, side, c, d.value))
        return
    r_ussr = first + realign_modifier(s, USSR, c)
    r_us = d.value + realign_modifier(s, US, c)
    if r_ussr > r_us:
        s.remove_inf(US, c, r_ussr - r_us)
    elif r_us > r_ussr:
        s.remove_inf(USSR, c, r_us - r_ussr)


def ap_coup(s: TSState, fr: tuple, d: A.Decoded) -> None:
    _, side, _card, ops, asia_b, sea_b, free_mask = fr
    if d.kind == "option":
        return  # free coup declined
    c = d.value
    if ASIA_MASK >> c & 1:
        ops += asia_b
    if SEA_MASK >> c & 1:
        ops += sea_b
    if s.missile_crisis >> opp(side) & 1:  # #40 Cuban Missile Crisis
        s.end(opp(side), f"{SIDE_NAMES[side]} attempted a coup during the Cuban Missile Crisis")
        return
    if coup_adds_milops(_card, free_mask):
        s.milops[side] = min(5, s.milops[side] + ops)  # 6.3.3, 8.2.3 (free coups: 8.2.5)
    if side == US and s.turnfx >> Card.YURI_AND_SAMANTHA & 1:  # card 109: 1 VP per US coup
        s.gain_vp(USSR, 1)
        check_vp(s)
        if s.winner >= 0:
            return
    if coup_degrades_defcon(s, side, c) and s.options.get("edition") != "deluxe":
        degrade_defcon(s, 1, side)  # the seed: as the coup is made, before its roll
        if s.winner >= 0:
            return
    s.stack.append((F.COUP_ROLL, F.CHANCE_P, side, c, ops, 1 if free_mask else 0))


def coup_degrades_defcon(s: TSState, side: int, c: int) -> bool:
    """6.3.4: a coup in a battleground degrades DEFCON by 1 (not a US coup under #41 Nuclear
    Subs). The seed degrades it as the coup is made; the Deluxe edition after its roll and
    result, as online Deluxe play does (its logs give the roll, the influence removed and the
    military operations, then ``DEFCON degrades``): a coup that takes DEFCON to 1 still has its
    result before the game ends."""
    return bool(BOARD.battleground[c]) and not (side == US and s.turnfx >> Card.NUCLEAR_SUBS & 1)


def coup_adds_milops(card: int | None, free_mask: int) -> bool:
    """Whether a coup adds its Ops to the side's military operations (6.3.3, 8.2.3): not a
    free coup (8.2.5), except card 107 Che's (an optional card of the Deluxe edition): its text
    makes "a Coup attempt using this card's Operations value" where Junta, Ortega and Tear Down
    This Wall give a free coup, and online Deluxe play logs their military operations."""
    return not free_mask or card == Card.CHE


def coup_modifier(s: TSState, side: int, c: int) -> int:
    """Die modifiers on a coup: #43 SALT −1; #69 Latin American Death Squads ±1."""
    mod = -1 if s.turnfx >> Card.SALT_NEGOTIATIONS & 1 else 0
    if CA_SA_MASK >> c & 1:
        if s.death_squads >> side & 1:
            mod += 1
        if s.death_squads >> opp(side) & 1:
            mod -= 1
    return mod


def ap_coup_roll(s: TSState, fr: tuple, d: A.Decoded) -> None:
    _, _, side, c, ops, _free = fr
    result = d.value + ops + coup_modifier(s, side, c) - 2 * STAB[c]  # 6.3.2
    if result > 0:
        removed = s.remove_inf(opp(side), c, result)
        s.add_inf(side, c, result - removed)
    if s.options.get("edition") == "deluxe" and coup_degrades_defcon(s, side, c):
        degrade_defcon(s, 1, side)  # 6.3.4, after the result in the Deluxe edition


def ap_space_roll(s: TSState, fr: tuple, d: A.Decoded) -> None:
    side = fr[2]
    box = s.space[side] + 1
    if box <= 8 and d.value <= BOARD.space[box][1]:  # 6.4.1
        advance_space(s, side, 1)


def ap_opsmode(s: TSState, fr: tuple, d: A.Decoded) -> None:
    if d.value == A.OPT_MODE_PASS:
        return
    mode = d.value - A.OPT_MODE_BASE
    open_ops(s, fr[1], fr[2], mode, fr[4])


def ap_place_remove(s: TSState, fr: tuple, d: A.Decoded) -> None:
    k, chooser, card, side_t, n, mask, cap, done, optional = fr
    if d.kind == "option":
        return  # done early ("up to")
    c = d.value
    if k == F.PLACE:
        s.add_inf(side_t, c, 1)
    else:
        s.remove_inf(side_t, c, 1)
    if n > 1:
        s.stack.append((k, chooser, card, side_t, n - 1, mask, cap, done + (c,), optional))


def ap_ccountry(s: TSState, fr: tuple, d: A.Decoded) -> None:
    F.run_handler(s, RESUME[fr[2]], fr[3], d.value, fr[5])


def ap_coption(s: TSState, fr: tuple, d: A.Decoded) -> None:
    F.run_handler(s, RESUME[fr[2]], fr[3], d.value, fr[5])


def ap_ccard(s: TSState, fr: tuple, d: A.Decoded) -> None:
    choice = 0 if d.kind == "option" else d.value
    F.run_handler(s, RESUME[fr[2]], fr[3], choice, fr[7])


def ap_roll(s: TSState, fr: tuple, d: A.Decoded) -> None:
    F.run_handler(s, RESUME[fr[2]], fr[3], d.value, fr[4])


def ap_random_card(s: TSState, fr: tuple, d: A.Decoded) -> None:
    F.run_handler(s, RESUME[fr[2]], fr[3], d.value, fr[5])


def ap_trap(s: TSState, fr: tuple, d: A.Decoded) -> None:
    side, trap = fr[1], fr[2]
    if d.kind == "play":
        play_card(s, side, d.value, F.M_EVENT)
        return
    if d.kind == "option":
        return
    s.hands[side].remove(d.value)
    s.discard.append(d.value)  # 5.4: the discarded card's event does not occur
    s.stack.append((F.TRAP_ROLL, F.CHANCE_P, side, trap))


def ap_trap_roll(s: TSState, fr: tuple, d: A.Decoded) -> None:
    if d.value < 5:  # #42 / #44: a roll under 5 ends the trap
        s.set_perm(fr[3], False)


def ap_held(s: TSState, fr: tuple, d: A.Decoded) -> None:
    if d.kind == "card":
        s.hands[fr[1]].remove(d.value)
        s.discard.append(d.value)


_APPLY = {
    F.SETUP: ap_setup,
    F.HEADLINE: ap_headline,
    F.ACTION: ap_action,
    F.ORDER: ap_order,
    F.INFLUENCE: ap_influence,
    F.REALIGN: ap_realign,
    F.REALIGN_ROLL: ap_realign_roll,
    F.COUP: ap_coup,
    F.COUP_ROLL: ap_coup_roll,
    F.SPACE_ROLL: ap_space_roll,
    F.OPSMODE: ap_opsmode,
    F.PLACE: ap_place_remove,
    F.REMOVE: ap_place_remove,
    F.CCOUNTRY: ap_ccountry,
    F.COPTION: ap_coption,
    F.CCARD: ap_ccard,
    F.ROLL: ap_roll,
    F.RANDOM_CARD: ap_random_card,
    F.TRAP: ap_trap,
    F.TRAP_ROLL: ap_trap_roll,
    F.HELD: ap_held,
}

REGION_IDS = (EUROPE, ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTH_AMERICA, AFRICA, SOUTHEAST_ASIA)


_MG = movegen.pure()  # the reference loops; the compiled core calls its own twin
_presence = _MG.presence
_spread = _MG.spread
_mask_moves = _MG.mask_moves
_influence_moves = _MG.influence_moves
_realign_moves = _MG.realign_moves
