"""The seven optional cards of the Deluxe edition, #104–#110 (option ``optional_cards``; see
events/__init__.py for the contract).

Texts follow the Deluxe edition's optional cards; the readings chosen are in
``docs/rulings.md`` ("Twilight Struggle — the Deluxe edition").
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.core.rng import shuffle
from realpolitik.engine.twilight import frames, rules
from realpolitik.engine.twilight.board import (
    AFRICA,
    BOARD,
    CENTRAL_AMERICA,
    MIDDLE_EAST,
    SOUTH_AMERICA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import event, resume
from realpolitik.engine.twilight.state import N, TSState

UK = BOARD.country("uk")
SAUDI_ARABIA = BOARD.country("saudi_arabia")
UK_NEIGHBOURS = BOARD.adj_mask[UK]
WE_MASK = BOARD.we_mask
ME_MASK = BOARD.region_mask[MIDDLE_EAST]
CHE_MASK = (
    BOARD.region_mask[CENTRAL_AMERICA] | BOARD.region_mask[SOUTH_AMERICA] | BOARD.region_mask[AFRICA]
) & ~BOARD.bg_mask
SCORING_REGION = {n: BOARD.scoring[n][0] for n in BOARD.scoring}


# ---------------------------------------------------------------- #104 The Cambridge Five
@event(104)
def cambridge_five(s: TSState, side: int) -> None:
    """#104: the US shows the scoring cards in its hand; the USSR may place 1 Influence in one
    country of a region one of them names (Southeast Asia Scoring names Southeast Asia). Not an
    event in the Late War (``rules.event_block``)."""
    mask = 0
    for c in s.hands[US]:
        if c in SCORING_REGION:
            mask |= BOARD.region_mask[SCORING_REGION[c]]
        elif c == Card.SOUTHEAST_ASIA_SCORING:
            mask |= BOARD.sea_mask
    frames.place(s, USSR, USSR, 1, mask, card=104, optional=True)


# ---------------------------------------------------------------- #105 Special Relationship
@event(105)
def special_relationship(s: TSState, side: int) -> None:
    """#105: with the UK US-controlled: NATO in effect, 2 US Influence in one Western European
    country and 2 VP; otherwise 1 US Influence in one country adjacent to the UK."""
    if not s.controls(US, UK):
        return
    if s.perm >> Card.NATO & 1:
        s.gain_vp(US, 2)
        rules.check_vp(s)
        if s.winner < 0:
            frames.choose_country(s, US, 105, 0, WE_MASK, (2,))
    else:
        frames.choose_country(s, US, 105, 0, UK_NEIGHBOURS, (1,))


@resume(105)
def special_relationship_place(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice >= 0:
        s.add_inf(US, choice, data[0])


# ---------------------------------------------------------------- #106 NORAD
@event(106)
def norad(s: TSState, side: int) -> None:
    """#106: lasting; the engine adds the influence at the end of each action round in which
    DEFCON moved to 2 while the US controls Canada (``rules.action_step``). Quagmire cancels it."""
    s.set_perm(Card.NORAD)


# ---------------------------------------------------------------- #107 Che
@event(107)
def che(s: TSState, side: int) -> None:
    """#107: a free coup with this card's Ops in a non-battleground country of Central America,
    South America or Africa; if it removed US Influence, a second one in another such country."""
    us_before = tuple(s.inf[N + c] for c in rules.bits(CHE_MASK))
    frames.free_coup(s, USSR, 107, rules.ops_value(s, 107, USSR), CHE_MASK)
    frames.call(s, 107, 0, (us_before,))  # runs after the coup (pushes in a handler keep their order)


@resume(107)
def che_second(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    hit = -1
    for c, before in zip(rules.bits(CHE_MASK), data[0], strict=True):
        if s.inf[N + c] < before:
            hit = c
    if hit >= 0 and s.winner < 0:
        frames.free_coup(s, USSR, 107, rules.ops_value(s, 107, USSR), CHE_MASK & ~(1 << hit))


# ---------------------------------------------------------------- #108 Our Man in Tehran
@event(108)
def our_man_in_tehran(s: TSState, side: int) -> None:
    """#108: if the US controls a Middle East country, it looks at the top 5 cards of the draw
    pile, discards any of them (no events), and the rest go back and the pile is reshuffled."""
    if not s.control_mask(US) & ME_MASK:
        return
    k = min(5, len(s.deck))
    top = s.deck[len(s.deck) - k :]  # the draw pile is drawn from its end
    del s.deck[len(s.deck) - k :]
    _tehran_next(s, tuple(sorted(top)))


def _tehran_next(s: TSState, left: tuple[int, ...]) -> None:
    if left:
        frames.choose_card(s, US, 108, 0, left, "discard", allow_pass=True, data=(left,))
    else:
        s.rng = shuffle(s.deck, s.rng)


@resume(108)
def tehran_discard(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    left = data[0]
    if choice:
        s.discard.append(choice)
        _tehran_next(s, tuple(c for c in left if c != choice))
        return
    s.deck.extend(left)  # done: the rest go back and the draw pile is reshuffled
    s.rng = shuffle(s.deck, s.rng)


# ---------------------------------------------------------------- #109 Yuri and Samantha
@event(109)
def yuri_and_samantha(s: TSState, side: int) -> None:
    """#109: for the rest of the turn the USSR gains 1 VP for each US coup attempt
    (``rules.answer_coup``)."""
    s.set_turn(Card.YURI_AND_SAMANTHA)


# ---------------------------------------------------------------- #110 AWACS Sale to Saudis
@event(110)
def awacs_sale(s: TSState, side: int) -> None:
    """#110: 2 US Influence in Saudi Arabia; Muslim Revolution can no longer be played as an
    event (``rules.PROHIBITED_BY``)."""
    s.add_inf(US, SAUDI_ARABIA, 2)
    s.set_perm(Card.AWACS_SALE_TO_SAUDIS)
