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
from collections.abc import Callable, Mapping
from typing import Any

from realpolitik.engine.core.api import IllegalAction
from realpolitik.engine.core.rng import MASK64, shuffle, splitmix64
from realpolitik.engine.twilight import _movegen_py, actions, frames, movegen
from realpolitik.engine.twilight.board import (
    AFRICA,
    ASIA,
    BOARD,
    BOTH,
    CENTRAL_AMERICA,
    EUROPE,
    LAST_SPACE_BOX,
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
    BURY_YOU_ANSWERABLE,
    DEFCON_BRINK,
    FIRST_LATE_WAR_TURN,
    FIRST_MID_WAR_TURN,
    GAME_OVER,
    LAST_EARLY_WAR_TURN,
    LAST_TURN,
    PH_ACTION,
    PH_END,
    PH_HEADLINE,
    PH_SETUP,
    WIN_VP,
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
WAR_WIN_ROLL = 4  # 7.6: a war card's die, less the adjacent enemy-controlled countries, wins on 4–6
MAX_HAND_SIZE = 9  # 4.5 B: from turn 4
MAX_OPS = 4  # 5.2: no card's Ops value goes above 4 by modifiers
TRAP_MIN_OPS = 2  # #42 Quagmire / #44 Bear Trap: the discard must be of 2 Ops or more
TRAP_ESCAPE_BELOW = 5  # #42 / #44: a roll of 1-4 ends the trap
CRISIS_CANCEL_INFLUENCE = 2  # #40 Cuban Missile Crisis: the influence removed to cancel it
# Region scoring levels (10.1.1): none, presence, domination, control.
LEVEL_NONE, LEVEL_PRESENCE, LEVEL_DOMINATION, LEVEL_CONTROL = range(4)


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def seq(s: TSState, *pending: tuple[Any, ...]) -> None:
    """Push frames so that they run in the order given."""
    s.stack.extend(reversed(pending))


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


def cards_in_game(options: Mapping[str, Any]) -> list[int]:
    """The card numbers of a game with ``options``: the seed's 103, and the 7 optional cards
    (104..110) with ``optional_cards``."""
    top = max(CARDS) if options.get("optional_cards") else SEED_CARDS
    return sorted(n for n in CARDS if n <= top)


def us_setup(options: Mapping[str, Any]) -> dict[str, int]:
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


def setup_frames(options: Mapping[str, Any]) -> tuple[tuple[int, int, int, int], ...]:
    """The setup decisions, in order (3.2, 3.3, then a bid): the USSR's 6 in Eastern Europe, the
    US's 7 in Western Europe, then the bidding side's points. A bid frame has mask 0: its
    countries are those holding that side's influence when each point is placed. Plain tuples:
    the compiled core pushes them as they are (``new_state`` makes them ``frames.Setup``)."""
    setup: tuple[tuple[int, int, int, int], ...] = (
        (frames.SETUP, USSR, 6, BOARD.ee_mask),
        (frames.SETUP, US, 7, BOARD.we_mask),
    )
    side, points = parse_bid(options.get("bid", BID_NONE))
    if points:
        setup += ((frames.SETUP, side, points, 0),)
    return setup


def new_state(seed: int, options: Mapping[str, Any], cls: type[TSState] = TSState) -> TSState:
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
    seq(s, *map(frames.view, setup_frames(s.options)))
    advance(s)
    return s


# ---------------------------------------------------------------- cards and decks (4.3, 4.4)
def hand_size(s: TSState) -> int:
    """4.5 B: 8 cards in turns 1–3, 9 from turn 4."""
    return 8 if s.turn <= LAST_EARLY_WAR_TURN else 9


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
        return min(MAX_OPS, max(1, v + (1 if boost else 0) - scare))
    if boost and v < MAX_OPS:
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
    elif s.defcon == DEFCON_BRINK and s.perm >> Card.NORAD & 1:
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
    if s.winner < 0 and s.phase != GAME_OVER:
        if s.vp >= WIN_VP:
            s.end(US, "US reached 20 VP")
        elif s.vp <= -WIN_VP:
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
    if box > LAST_SPACE_BOX:
        return 0
    limit = 2 if space_holder(s, 2) == side else 1
    return BOARD.space[box][0] if s.space_tries[side] < limit else 0


def advance_space(s: TSState, side: int, boxes: int, vp_last_only: bool = False) -> None:
    """Move ``side``'s space marker; first/second VP per box (6.4.3)."""
    for i in range(boxes):
        box = s.space[side] + 1
        if box > LAST_SPACE_BOX:
            return
        s.space[side] = box
        first = s.space[opp(side)] < box
        vp = BOARD.space[box][2] if first else BOARD.space[box][3]
        if not vp_last_only or i == boxes - 1:
            s.gain_vp(side, vp)


def rounds_for(s: TSState, side: int) -> int:
    """Action rounds this turn (4.5 D): 6 or 7; 8 with space box 8 or North Sea Oil."""
    n = 6 if s.turn <= LAST_EARLY_WAR_TURN else 7
    if space_holder(s, 8) == side or (side == US and s.turnfx >> Card.NORTH_SEA_OIL & 1):
        n = 8
    return n


# ---------------------------------------------------------------- targets
def defcon_blocked(s: TSState) -> int:
    """Countries where coups and realignments are barred by DEFCON (8.1.5)."""
    m = 0
    if s.defcon <= 4:  # noqa: PLR2004 - 8.1.5: the DEFCON levels as the rule names them
        m |= EUROPE_MASK
    if s.defcon <= 3:  # noqa: PLR2004
        m |= ASIA_MASK
    if s.defcon <= 2:  # noqa: PLR2004
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
    return actions.card_label(card, s.options.get("edition", "seed"))


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
    if (
        card == Card.CAMBRIDGE_FIVE and s.turn >= FIRST_LATE_WAR_TURN
    ):  # card 104: no event in the Late War (4.1)
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
        battlegrounds = BOARD.bg_mask
        return (s.control_mask(US) & battlegrounds).bit_count() <= (
            s.control_mask(USSR) & battlegrounds
        ).bit_count()
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
        controlled = s.control_mask(side) & mask
        battlegrounds = BOARD.bg_mask
        if (
            region == ASIA
            and s.perm >> Card.FORMOSAN_RESOLUTION & 1
            and side == US
            and controlled >> TAIWAN & 1
        ):
            battlegrounds |= 1 << TAIWAN  # #101 Formosan Resolution
        out[side][0] = bin(controlled).count("1")
        out[side][1] = bin(controlled & battlegrounds).count("1")
        out[side][2] = bin(controlled & BOARD.adj_superpower[opp(side)]).count("1")
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
            level[side] = LEVEL_CONTROL
        elif mine[0] > other[0] and mine[1] > other[1] and mine[1] > 0 and nonbg > 0:
            level[side] = LEVEL_DOMINATION
        else:
            level[side] = LEVEL_PRESENCE
        base = (0, pres, dom, ctrl)[level[side]]
        vp[side] = (base if base > 0 else 0) + mine[1] + mine[2]
    for side in (USSR, US):
        if level[side] == LEVEL_CONTROL and ctrl < 0:  # Europe control: automatic victory (10.3.1)
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
    s.phase = GAME_OVER
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
    if s.turn == FIRST_MID_WAR_TURN:
        add_period(s, 2)
    elif s.turn == FIRST_LATE_WAR_TURN:
        add_period(s, 3)
    deal(s)
    s.phase = PH_HEADLINE
    s.headline = [0, 0]
    s.action_round = 0
    s.phasing = -1


def headline_order(s: TSState) -> tuple[int, int]:
    """Who picks the headline first: the opponent of a space-box-4 holder, else the USSR (6.4.4)."""
    h = space_holder(s, 4)
    first = opp(h) if h >= 0 else USSR
    return first, opp(first)


def headline_step(s: TSState) -> None:
    if s.action_round == 0:
        for side in headline_order(s):
            if s.headline[side] == 0:
                if any(c != UN_INTERVENTION for c in s.hands[side]):
                    s.stack.append(frames.Headline(frames.HEADLINE, side))
                    return
                s.headline[side] = -1
        resolve_headline(s)
        return
    # action_round == -1: the headlines have been resolved.
    s.phase = PH_ACTION
    s.action_round = 0
    s.phasing = US  # so that the USSR takes action round 1 (4.5 D)


def resolve_headline(s: TSState) -> None:
    """4.5 C: higher ops first, US first on ties, scoring cards count 0; #103 Defectors."""
    s.action_round = -1
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
    headlines = []
    for side in order:
        c = h[side]
        if c > 0:
            flower_power_check(s, c, side)
            owner = CARDS[c].side
            eside = side if owner == BOTH else owner
            headlines.append(frames.Event(frames.EVENT, frames.AUTO, c, eside, side))
    seq(s, *headlines)


def start_round(s: TSState, side: int) -> None:
    """Begin ``side``'s action round."""
    s.phasing = side
    s.rounds_done[side] += 1
    s.round_start[side] = s.presence_mask(side)
    if side == US and s.bury_you_pending & 1:
        s.bury_you_pending = (
            BURY_YOU_ANSWERABLE  # #50: this is the US round that may answer with UN Intervention
        )
    trap = Card.QUAGMIRE if side == US else Card.BEAR_TRAP
    if s.perm >> trap & 1:
        s.stack.append(frames.Trap(frames.TRAP, side, trap))
    else:
        s.stack.append(frames.Action(frames.ACTION, side, None, 0))


def china_available(s: TSState, side: int) -> bool:
    """The China Card may be played by ``side`` now (9.3, #98)."""
    return s.china == side and s.china_up and not (side == US and s.turnfx >> Card.ALDRICH_AMES & 1)


def can_take_round(s: TSState, side: int) -> bool:
    return bool(s.hands[side]) or china_available(s, side)


def action_step(s: TSState) -> None:
    if s.bury_you_pending == BURY_YOU_ANSWERABLE:
        s.bury_you_pending = 0
        s.gain_vp(USSR, 3)  # #50 We Will Bury You: no UN Intervention came
        check_vp(s)
        if s.winner >= 0:
            return
    if s.turnfx >> Card.NORAD & 1:
        s.turnfx &= ~(1 << Card.NORAD)
        # card 106 NORAD: at the end of an action round in which DEFCON moved to 2, the US
        # may add 1 Influence to a country already holding US Influence, if it controls Canada.
        if s.action_round >= 1 and s.perm >> Card.NORAD & 1 and s.controls(US, CANADA):
            frames.place(s, US, US, 1, s.presence_mask(US), card=Card.NORAD, optional=True)
            return
    while True:
        if s.phasing == USSR:
            side = US
        else:
            side = USSR
            s.action_round += 1
        s.phasing = side
        if s.action_round > max(rounds_for(s, USSR), rounds_for(s, US)):
            s.phase = PH_END
            s.action_round = 0
            s.phasing = -1
            return
        if s.action_round <= rounds_for(s, side) and can_take_round(s, side):
            start_round(s, side)
            return


def end_step(s: TSState) -> None:
    """4.5 E–J."""
    if s.action_round == 0:
        s.action_round = 1
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
        box6_holder = space_holder(s, 6)
        if box6_holder >= 0 and s.hands[box6_holder]:
            s.stack.append(frames.Held(frames.HELD, box6_holder))  # 6.4.4 box 6: may discard the held card
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
    if s.turn >= LAST_TURN:
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
        s.stack.append(frames.Finish(frames.FINISH, frames.AUTO, card, finisher, not block))
    if block:
        if finisher < 0:
            unfire(s, card)
        return
    if s.phase == PH_HEADLINE:
        s.phasing = side  # 4.5 C note: the side implementing a headline event is phasing
    frames.run_handler(s, EVENTS[card], side)


def unfire(s: TSState, card: int) -> None:
    """An opponent's event that cannot occur when its turn comes after the Operations (a Deluxe
    prerequisite the Operations undid, 5.2) leaves its card to be discarded, not removed: the
    card's pending FINISH frame is marked as not fired."""
    for i in range(len(s.stack) - 1, -1, -1):
        frame = s.stack[i]
        if frame.kind == frames.FINISH and frame.card == card:
            s.stack[i] = frame._replace(fired=False)
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
    if mode == frames.M_INFLUENCE:
        s.stack.append(frames.Influence(frames.INFLUENCE, side, card, ops + asia_b + sea_b, asia_b, sea_b))
    elif mode == frames.M_REALIGN:
        s.stack.append(frames.Realign(frames.REALIGN, side, card, ops + asia_b + sea_b, asia_b, sea_b, 0))
    elif mode == frames.M_COUP:
        s.stack.append(frames.Coup(frames.COUP, side, card, ops, asia_b, sea_b, 0))
    elif mode == frames.M_SPACE:
        s.space_tries[side] += 1
        s.stack.append(frames.SpaceRoll(frames.SPACE_ROLL, frames.CHANCE_P, side, card))


def process_auto(s: TSState, frame: Any) -> None:
    """Run a bookkeeping frame (EVENT, FINISH, OPSTART or CALL)."""
    k = frame.kind
    if k == frames.EVENT:
        run_event(s, frame.card, frame.side, frame.finisher if type(frame) is frames.Event else -1)
    elif k == frames.FINISH:
        finish(s, frame.card, frame.side, frame.fired)
    elif k == frames.OPSTART:
        open_ops(s, frame.side, frame.card, frame.mode)
    elif k == frames.CALL:
        frames.run_handler(s, RESUME[frame.card], frame.step, 0, frame.data)


def advance(s: TSState, trace: Callable[[Any, TSState], None] | None = None) -> None:
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
        frame = stack[-1]
        k = frame.kind
        if k in frames.AUTO_KINDS:
            stack.pop()
            process_auto(s, frame)
            if trace is not None:
                trace(frame, s)
            continue
        if k == frames.RANDOM_CARD:
            if not s.hands[frame.from_side]:
                stack.pop()
                frames.run_handler(s, RESUME[frame.card], frame.step, 0, frame.data)
                continue
            break
        if k in frames.CHANCE_KINDS or k == frames.ACTION:
            # An action round always offers a move: every card may be played for influence
            # (a scoring card as its event), and an empty hand may pass (action_legal).
            break
        if not legal_actions(s):
            stack.pop()
            if k == frames.CCOUNTRY:
                frames.run_handler(s, RESUME[frame.card], frame.step, -1, frame.data)
            elif k == frames.CCARD:
                frames.run_handler(s, RESUME[frame.card], frame.step, 0, frame.data)
            continue
        break


# ---------------------------------------------------------------- legal actions
def current_player(s: TSState) -> int:
    """Side to decide, -1 for chance (CHANCE), -4 when over (TERMINAL)."""
    if s.winner >= 0:
        return -4
    frame = s.stack[-1]
    return -1 if frame.kind in frames.CHANCE_KINDS else frame.player


def chance_outcomes(s: TSState) -> list[tuple[int, float]]:
    """Dice faces 1..6 at 1/6, or the cards of a hand at equal odds."""
    frame = s.stack[-1]
    if frame.kind == frames.RANDOM_CARD:
        hand = sorted(s.hands[frame.from_side])
        p = 1.0 / len(hand)
        return [(actions.card_choice(c), p) for c in hand]
    return list(DIE_OUTCOMES)


DIE_ACTIONS = tuple(actions.die(v) for v in range(1, 7))
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
        return [frames.M_EVENT]
    out = []
    if c is not None and can_play_event(s, card, side):
        out.append(frames.M_EVENT)
    out.append(frames.M_INFLUENCE)
    if can_realign if can_realign is not None else realign_targets(s, side):
        out.append(frames.M_REALIGN)
    if can_coup if can_coup is not None else coup_targets(s, side):
        out.append(frames.M_COUP)
    if space_allowed(s, side, ops_value(s, card, side)):
        out.append(frames.M_SPACE)
    return out


# Influence (always), then realign and coup when they have targets: by (can_realign | can_coup << 1).
PLAY_BASE_MODES = (
    (frames.M_INFLUENCE,),
    (frames.M_INFLUENCE, frames.M_REALIGN),
    (frames.M_INFLUENCE, frames.M_COUP),
    (frames.M_INFLUENCE, frames.M_REALIGN, frames.M_COUP),
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
    scoring = sorted(actions.play(c, frames.M_EVENT) for c in hand if c in SCORING_CARDS)
    if scoring_forced(s, side, len(scoring)):
        return scoring
    out = [
        actions.card_choice(c)
        for c in hand
        if c not in SCORING_CARDS and ops_value(s, c, side) >= TRAP_MIN_OPS
    ]
    out.extend(scoring)
    return sorted(out) if out else [actions.option(actions.OPT_PASS)]


def action_legal(s: TSState, frame: frames.Action) -> list[int]:
    side = frame.player
    only = frame.only
    out: list[int] = []
    if only is not None:
        for card in only:
            out.extend(actions.play(card, m) for m in play_modes(s, side, card))
        out.append(actions.option(actions.OPT_RETURN))
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
                out.append(card * 8 + frames.M_EVENT)
                continue
            if (
                CARD_SIDE[card] != o
                and not (s.missile_envy == side and card == Card.MISSILE_ENVY)
                and can_play_event(s, card, side)
            ):
                out.append(card * 8 + frames.M_EVENT)
        k = card * 8
        for m in base:
            out.append(k + m)
        if space_min and ops_value(s, card, side) >= space_min:
            out.append(k + frames.M_SPACE)
    if s.missile_crisis >> o & 1:  # #40: the threatened side may cancel the crisis
        if side == USSR and s.influence(USSR, CUBA) >= CRISIS_CANCEL_INFLUENCE:
            out.append(actions.option(actions.OPT_CANCEL_CRISIS_CUBA))
        if side == US and s.influence(US, W_GERMANY) >= CRISIS_CANCEL_INFLUENCE:
            out.append(actions.option(actions.OPT_CANCEL_CRISIS_WGERMANY))
        if side == US and s.influence(US, TURKEY) >= CRISIS_CANCEL_INFLUENCE:
            out.append(actions.option(actions.OPT_CANCEL_CRISIS_TURKEY))
    if not hand or (s.action_round > (6 if s.turn <= LAST_EARLY_WAR_TURN else 7) and not forced):
        # 9.8 China never forced; the box-8 round is optional (6.4.4), but not while it is the
        # last chance to play a scoring card (4.5 D: scoring cards may not be held).
        out.append(actions.option(actions.OPT_PASS))
    out.sort()
    return out


def influence_legal(s: TSState, frame: frames.Influence) -> list[int]:
    """6.1.2: cost 2 in enemy-controlled countries; forfeited area bonuses cost 1 more."""
    side = frame.player
    return _influence_moves(
        s.inf, side, placement_mask(s, side), frame.remaining, frame.asia_bonus, frame.sea_bonus
    )


def realign_legal(s: TSState, frame: frames.Realign) -> list[int]:
    """6.2.2: one point per roll; forfeited area bonuses cost 1 more."""
    return _realign_moves(
        realign_targets(s, frame.player, frame.free_mask), frame.remaining, frame.asia_bonus, frame.sea_bonus
    )


_CHECK_LEGAL = os.environ.get("REALPOLITIK_CHECK_LEGAL", "") not in ("", "0")


def legal_actions(s: TSState) -> list[int]:
    """Sorted legal action ids for the top frame (a fresh list the caller may keep).

    The result is remembered with the history length and the top frame, so that the
    ``apply`` that usually follows checks legality without generating the moves again.
    """
    if s.winner >= 0 or not s.stack:
        return []
    frame = s.stack[-1]
    known = s._legal
    if known is not None and known[0] == len(s.history) and known[1] is frame:
        if _CHECK_LEGAL:
            fresh = _legal_actions(s, frame)
            assert fresh == known[2], ("stale legal-action cache", fresh, known[2])
        return known[2][:]
    out = _legal_actions(s, frame)
    s._legal = (len(s.history), frame, out[:])
    return out


def _legal_actions(s: TSState, frame: Any) -> list[int]:
    k = frame.kind
    if k in frames.CHANCE_KINDS:
        if k == frames.RANDOM_CARD:
            return [a for a, _ in chance_outcomes(s)]
        return list(DIE_ACTIONS)
    if k == frames.ACTION:
        return action_legal(s, frame)
    if k == frames.INFLUENCE:
        return influence_legal(s, frame)
    if k == frames.REALIGN:
        return realign_legal(s, frame)
    if k == frames.COUP:
        out = _mask_moves(coup_targets(s, frame.player, frame.free_mask))
        if frame.free_mask and out:
            out.insert(0, actions.option(actions.OPT_PASS))  # a free coup may be declined
        return sorted(out)
    if k == frames.HEADLINE:
        return sorted(
            actions.play(c, frames.M_HEADLINE) for c in s.hands[frame.player] if c != UN_INTERVENTION
        )
    if k == frames.SETUP:  # mask 0: a bid's point, where the side has influence now
        return _mask_moves(frame.mask or _presence(s.inf, frame.player))
    if k == frames.ORDER:
        return [actions.option(actions.OPT_EVENT_FIRST), actions.option(actions.OPT_OPS_FIRST)]
    if k == frames.PLACE or k == frames.REMOVE:
        side_t, mask, cap = frame.target_side, frame.mask, frame.cap
        done = frame.placed if k == frames.PLACE else frame.removed
        if cap:
            for c in set(done):
                if done.count(c) >= cap:
                    mask &= ~(1 << c)
        if k == frames.REMOVE:
            mask &= _presence(s.inf, side_t)
        out = _mask_moves(mask)  # ascending, below the OPTION ids
        if out and frame.optional:
            out.append(actions.option(actions.OPT_DONE))
        return out
    if k == frames.CCOUNTRY:
        return _mask_moves(frame.mask)
    if k == frames.COPTION:
        return [actions.option(i) for i in range(len(frame.labels))]
    if k == frames.CCARD:
        out = sorted(actions.card_choice(c) for c in set(frame.cards))
        if frame.allow_pass:
            out.insert(0, actions.option(actions.OPT_PASS))
        return sorted(out)
    if k == frames.OPSMODE:
        side, card, modes = frame.player, frame.card, frame.modes
        out = []
        for m in (frames.M_INFLUENCE, frames.M_REALIGN, frames.M_COUP, frames.M_SPACE):
            if not modes >> m & 1:
                continue
            if m == frames.M_REALIGN and not realign_targets(s, side):
                continue
            if m == frames.M_COUP and not coup_targets(s, side):
                continue
            if m == frames.M_SPACE and not space_allowed(
                s, side, frame.ops_override or ops_value(s, card, side)
            ):
                continue
            out.append(actions.option(actions.OPT_MODE_BASE + m))
        if modes & OPTIONAL_MODES:
            out.append(actions.option(actions.OPT_MODE_PASS))
        return sorted(out)
    if k == frames.TRAP:
        return trap_legal(s, frame.player)
    if k == frames.HELD:
        return sorted(
            [actions.option(actions.OPT_PASS)] + [actions.card_choice(c) for c in s.hands[frame.player]]
        )
    return []


# ---------------------------------------------------------------- applying actions
def apply(s: TSState, a: int) -> None:
    """Apply action ``a`` (must be legal) and advance to the next decision."""
    if s.winner >= 0:
        raise IllegalAction("the game is over")
    frame = s.stack[-1] if s.stack else None
    known = s._legal
    if known is not None and known[0] == len(s.history) and known[1] is frame and not _CHECK_LEGAL:
        legal = known[2]  # remembered from the caller's own legal_actions(); not copied
    else:
        legal = legal_actions(s)
    s._legal = None
    if a not in legal:
        raise IllegalAction(illegal_reason(s, a))
    frame = s.stack.pop()
    s.history.append(a)
    d = actions.decode(a)
    handler = ANSWERS[frame.kind]
    handler(s, frame, d)
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
        chance = s.stack[-1].kind in frames.CHANCE_KINDS
        if not chance and decisions == max_decisions:
            break
        legal = legal_actions(s)
        x, r = splitmix64(x)
        apply(s, legal[r % len(legal)])
        if not chance:
            decisions += 1
    return decisions


def illegal_reason(s: TSState, a: int) -> str:
    """A sentence saying why ``a`` is not legal now (the compiled core asks it too)."""
    frame = frames.view(s.stack[-1]) if s.stack else None
    if not 0 <= a < actions.NUM_ACTIONS:
        return f"action {a} is out of range"
    d = actions.decode(a)
    # current_player's answer, read off the named frame (a compiled state's is a plain tuple)
    if s.winner >= 0 or frame is None:
        who = -4
    else:
        who = -1 if frame.kind in frames.CHANCE_KINDS else frame.player
    what = frames.KIND_NAMES[frame.kind] if frame else "nothing"
    if who == -1:
        return f"action {a} is not a possible chance outcome here ({what})"
    side = SIDE_NAMES[who] if who in (0, 1) else "nobody"
    if d.kind == "play":
        card = d.value
        if card not in CARDS:
            return f"there is no card #{card}"
        if d.mode >= len(frames.MODE_NAMES):  # the encoding leaves room for uses no card has
            return f"action {a} is no use of a card"
        if frame and frame.kind in (frames.ACTION, frames.HEADLINE):
            only = frame.only if frame.kind == frames.ACTION else None  # a headline frame has no card list
            if card != CHINA and card not in s.hands[who] and card not in (only or ()):
                return f"{label(s, card)} is not in the {side} hand"
            if card == CHINA and not china_available(s, who):
                return "the China Card is not available to play now (9.3, 9.5)"
            if frame.kind == frames.ACTION and d.mode == frames.M_EVENT:
                block = event_block(s, card, who) or (
                    "it is the opponent's event" if CARDS[card].side == opp(who) else ""
                )
                if block:
                    return f"{label(s, card)} cannot be played as an event: {block}"
            return f"{label(s, card)} cannot be played for {frames.MODE_NAMES[d.mode]} now"
        return f"the {side} must answer '{what}', not play a card"
    if d.kind == "country" and 0 <= d.value < N:
        return f"{BOARD.name[d.value]} is not a legal choice for '{what}' now"
    return f"action {a} does not answer '{what}' for the {side}"


def answer_setup(s: TSState, frame: frames.Setup, d: actions.Decoded) -> None:
    s.add_inf(frame.player, d.value, 1)
    if frame.remaining > 1:
        s.stack.append(frames.Setup(frames.SETUP, frame.player, frame.remaining - 1, frame.mask))


def answer_headline(s: TSState, frame: frames.Headline, d: actions.Decoded) -> None:
    s.hands[frame.player].remove(d.value)
    s.headline[frame.player] = d.value


def answer_action(s: TSState, frame: frames.Action, d: actions.Decoded) -> None:
    side = frame.player
    if d.kind == "option":
        k = d.value
        if k == actions.OPT_PASS:
            return
        if k == actions.OPT_RETURN:  # #67 Grain Sales: the card goes back, Grain Sales gives ops
            only = frame.only
            assert only is not None  # a card is returned only where the frame names it
            card = only[0]
            s.inplay.remove(card)
            s.hands[USSR].append(card)
            s.stack.append(frames.OpsMode(frames.OPSMODE, side, frame.return_card, frames.MODE_BITS_OPS, 0))
            return
        if k == actions.OPT_CANCEL_CRISIS_CUBA:
            s.remove_inf(USSR, CUBA, 2)
        elif k == actions.OPT_CANCEL_CRISIS_WGERMANY:
            s.remove_inf(US, W_GERMANY, 2)
        elif k == actions.OPT_CANCEL_CRISIS_TURKEY:
            s.remove_inf(US, TURKEY, 2)
        s.missile_crisis &= ~(1 << opp(side))
        s.stack.append(frame)  # the round goes on
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
    if mode != frames.M_SPACE:
        flower_power_check(s, card, side)
    if mode == frames.M_EVENT:
        owner = CARDS[card].side
        seq(s, frames.Event(frames.EVENT, frames.AUTO, card, side if owner == BOTH else owner, side))
        return
    if mode == frames.M_SPACE:
        seq(
            s,
            frames.OpStart(frames.OPSTART, frames.AUTO, side, card, mode),
            frames.Finish(frames.FINISH, frames.AUTO, card, side, False),
        )  # 6.4.5
        return
    if card != CHINA and CARDS[card].side == opp(side):
        if not event_block(s, card, opp(side)):
            s.stack.append(
                frames.Order(frames.ORDER, side, card, mode)
            )  # 5.2: phasing player picks the order
            return
    seq(
        s,
        frames.OpStart(frames.OPSTART, frames.AUTO, side, card, mode),
        frames.Finish(frames.FINISH, frames.AUTO, card, side, False),
    )


def answer_order(s: TSState, frame: frames.Order, d: actions.Decoded) -> None:
    side, card, mode = frame.player, frame.card, frame.mode
    ev = frames.Event(frames.EVENT, frames.AUTO, card, opp(side), -1)
    ops = frames.OpStart(frames.OPSTART, frames.AUTO, side, card, mode)
    fin = frames.Finish(frames.FINISH, frames.AUTO, card, side, True)
    if d.value == actions.OPT_EVENT_FIRST:
        seq(s, ev, ops, fin)
    else:
        seq(s, ops, ev, fin)


def answer_influence(s: TSState, frame: frames.Influence, d: actions.Decoded) -> None:
    side, remaining, asia_b, sea_b = frame.player, frame.remaining, frame.asia_bonus, frame.sea_bonus
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
        s.stack.append(frames.Influence(frames.INFLUENCE, side, frame.card, remaining, asia_b, sea_b))


def answer_realign(s: TSState, frame: frames.Realign, d: actions.Decoded) -> None:
    side, remaining, asia_b, sea_b = frame.player, frame.remaining, frame.asia_bonus, frame.sea_bonus
    c = d.value
    if asia_b and not ASIA_MASK >> c & 1:
        remaining -= 1
        asia_b = 0
    if sea_b and not SEA_MASK >> c & 1:
        remaining -= 1
        sea_b = 0
    remaining -= 1
    if remaining > 0:
        s.stack.append(
            frames.Realign(frames.REALIGN, side, frame.card, remaining, asia_b, sea_b, frame.free_mask)
        )
    s.stack.append(frames.RealignRoll(frames.REALIGN_ROLL, frames.CHANCE_P, side, c, 0))


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


def answer_realign_roll(s: TSState, frame: frames.RealignRoll, d: actions.Decoded) -> None:
    side, c, first = frame.side, frame.country, frame.ussr_die
    if not first:
        s.stack.append(frames.RealignRoll(frames.REALIGN_ROLL, frames.CHANCE_P, side, c, d.value))
        return
    r_ussr = first + realign_modifier(s, USSR, c)
    r_us = d.value + realign_modifier(s, US, c)
    if r_ussr > r_us:
        s.remove_inf(US, c, r_ussr - r_us)
    elif r_us > r_ussr:
        s.remove_inf(USSR, c, r_us - r_ussr)


def answer_coup(s: TSState, frame: frames.Coup, d: actions.Decoded) -> None:
    side, ops, asia_b, sea_b, free_mask = (
        frame.player,
        frame.ops,
        frame.asia_bonus,
        frame.sea_bonus,
        frame.free_mask,
    )
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
    if coup_adds_milops(frame.card, free_mask):
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
    s.stack.append(frames.CoupRoll(frames.COUP_ROLL, frames.CHANCE_P, side, c, ops, 1 if free_mask else 0))


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


def answer_coup_roll(s: TSState, frame: frames.CoupRoll, d: actions.Decoded) -> None:
    side, c, ops = frame.side, frame.country, frame.ops
    result = d.value + ops + coup_modifier(s, side, c) - 2 * STAB[c]  # 6.3.2
    if result > 0:
        removed = s.remove_inf(opp(side), c, result)
        s.add_inf(side, c, result - removed)
    if s.options.get("edition") == "deluxe" and coup_degrades_defcon(s, side, c):
        degrade_defcon(s, 1, side)  # 6.3.4, after the result in the Deluxe edition


def answer_space_roll(s: TSState, frame: frames.SpaceRoll, d: actions.Decoded) -> None:
    side = frame.side
    box = s.space[side] + 1
    if box <= LAST_SPACE_BOX and d.value <= BOARD.space[box][1]:  # 6.4.1
        advance_space(s, side, 1)


def answer_ops_mode(s: TSState, frame: frames.OpsMode, d: actions.Decoded) -> None:
    if d.value == actions.OPT_MODE_PASS:
        return
    mode = d.value - actions.OPT_MODE_BASE
    open_ops(s, frame.player, frame.card, mode, frame.ops_override)


def answer_place_remove(s: TSState, frame: frames.Place | frames.Remove, d: actions.Decoded) -> None:
    if d.kind == "option":
        return  # done early ("up to")
    c = d.value
    side_t, left = frame.target_side, frame.remaining - 1
    if isinstance(frame, frames.Place):
        s.add_inf(side_t, c, 1)
        done = frame.placed
    else:
        s.remove_inf(side_t, c, 1)
        done = frame.removed
    if left:  # the same frame, one point fewer to go and this country noted
        s.stack.append(
            type(frame)(
                frame.kind,
                frame.player,
                frame.card,
                side_t,
                left,
                frame.mask,
                frame.cap,
                done + (c,),
                frame.optional,
            )
        )


def answer_choose_country(s: TSState, frame: frames.ChooseCountry, d: actions.Decoded) -> None:
    frames.run_handler(s, RESUME[frame.card], frame.step, d.value, frame.data)


def answer_choose_option(s: TSState, frame: frames.ChooseOption, d: actions.Decoded) -> None:
    frames.run_handler(s, RESUME[frame.card], frame.step, d.value, frame.data)


def answer_choose_card(s: TSState, frame: frames.ChooseCard, d: actions.Decoded) -> None:
    choice = 0 if d.kind == "option" else d.value
    frames.run_handler(s, RESUME[frame.card], frame.step, choice, frame.data)


def answer_roll(s: TSState, frame: frames.Roll, d: actions.Decoded) -> None:
    frames.run_handler(s, RESUME[frame.card], frame.step, d.value, frame.data)


def answer_random_card(s: TSState, frame: frames.RandomCard, d: actions.Decoded) -> None:
    frames.run_handler(s, RESUME[frame.card], frame.step, d.value, frame.data)


def answer_trap(s: TSState, frame: frames.Trap, d: actions.Decoded) -> None:
    side, trap = frame.player, frame.card
    if d.kind == "play":
        play_card(s, side, d.value, frames.M_EVENT)
        return
    if d.kind == "option":
        return
    s.hands[side].remove(d.value)
    s.discard.append(d.value)  # 5.4: the discarded card's event does not occur
    s.stack.append(frames.TrapRoll(frames.TRAP_ROLL, frames.CHANCE_P, side, trap))


def answer_trap_roll(s: TSState, frame: frames.TrapRoll, d: actions.Decoded) -> None:
    if d.value < TRAP_ESCAPE_BELOW:
        s.set_perm(frame.card, False)


def answer_held(s: TSState, frame: frames.Held, d: actions.Decoded) -> None:
    if d.kind == "card":
        s.hands[frame.player].remove(d.value)
        s.discard.append(d.value)


# What answering each kind of frame does: handler(state, top frame, decoded action).
ANSWERS: dict[int, Callable[[TSState, Any, actions.Decoded], None]] = {
    frames.SETUP: answer_setup,
    frames.HEADLINE: answer_headline,
    frames.ACTION: answer_action,
    frames.ORDER: answer_order,
    frames.INFLUENCE: answer_influence,
    frames.REALIGN: answer_realign,
    frames.REALIGN_ROLL: answer_realign_roll,
    frames.COUP: answer_coup,
    frames.COUP_ROLL: answer_coup_roll,
    frames.SPACE_ROLL: answer_space_roll,
    frames.OPSMODE: answer_ops_mode,
    frames.PLACE: answer_place_remove,
    frames.REMOVE: answer_place_remove,
    frames.CCOUNTRY: answer_choose_country,
    frames.COPTION: answer_choose_option,
    frames.CCARD: answer_choose_card,
    frames.ROLL: answer_roll,
    frames.RANDOM_CARD: answer_random_card,
    frames.TRAP: answer_trap,
    frames.TRAP_ROLL: answer_trap_roll,
    frames.HELD: answer_held,
}

REGION_IDS = (EUROPE, ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTH_AMERICA, AFRICA, SOUTHEAST_ASIA)


assert (
    movegen.pure() is _movegen_py
)  # the reference loops (movegen gave them the board); the compiled core calls its own twin
_presence = _movegen_py.presence
_spread = _movegen_py.spread
_mask_moves = _movegen_py.mask_moves
_influence_moves = _movegen_py.influence_moves
_realign_moves = _movegen_py.realign_moves
