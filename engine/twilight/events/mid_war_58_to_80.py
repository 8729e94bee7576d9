"""Mid War card events #58–#78 and #80 (see events/__init__.py for the handler contract).

Texts follow the seed rulebook's card list; the rulings taken where it is ambiguous are in
``docs/rulings.md``.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.twilight import frames, rules
from realpolitik.engine.twilight.board import (
    AFRICA,
    ASIA,
    BOARD,
    CENTRAL_AMERICA,
    EUROPE,
    SOUTH_AMERICA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import event, resume
from realpolitik.engine.twilight.state import N, TSState, opp

OPEC_COUNTRIES = tuple(
    BOARD.country(n) for n in ("egypt", "iran", "libya", "saudi_arabia", "iraq", "gulf_states", "venezuela")
)
COLONIAL_MASK = BOARD.region_mask[AFRICA] | BOARD.sea_mask
PANAMA_CANAL = tuple(BOARD.country(n) for n in ("panama", "costa_rica", "venezuela"))
CAMP_DAVID = tuple(BOARD.country(n) for n in ("israel", "jordan", "egypt"))
POLAND = BOARD.country("poland")
EGYPT = BOARD.country("egypt")
AMERICAS_MASK = BOARD.region_mask[CENTRAL_AMERICA] | BOARD.region_mask[SOUTH_AMERICA]
AMERICAS_BG_MASK = AMERICAS_MASK & BOARD.bg_mask
OUTSIDE_EUROPE_MASK = BOARD.all_mask & ~BOARD.region_mask[EUROPE]
CA_MASK = BOARD.region_mask[CENTRAL_AMERICA]
ASIA_MASK = BOARD.region_mask[ASIA]


def _popcount(m: int) -> int:
    return bin(m).count("1")


@event(58)
def cultural_revolution(s: TSState, side: int) -> None:
    """#58: the USSR takes the China Card face up from the US (9.4), or gains 1 VP if it has it."""
    if s.china == US:
        s.china = USSR
        s.china_up = True
    else:
        s.gain_vp(USSR, 1)


@event(59)
def flower_power(s: TSState, side: int) -> None:
    """#59: 2 VP to the USSR per later US war card play (the engine scores it)."""
    s.set_perm(Card.FLOWER_POWER)


@event(60)
def u2_incident(s: TSState, side: int) -> None:
    """#60: USSR +1 VP; a UN Intervention event later this turn gives 1 more (UN's handler)."""
    s.gain_vp(USSR, 1)
    s.set_turn(Card.U2_INCIDENT)


@event(61)
def opec(s: TSState, side: int) -> None:
    """#61: USSR +1 VP per controlled Egypt, Iran, Libya, Saudi Arabia, Iraq, Gulf States, Venezuela."""
    n = 0
    for c in OPEC_COUNTRIES:
        if s.controls(USSR, c):
            n += 1
    s.gain_vp(USSR, n)


@event(62)
def lone_gunman(s: TSState, side: int) -> None:
    """#62: the US hand is revealed this turn; the USSR then uses this card's Ops."""
    s.revealed |= 1 << US
    frames.conduct_ops(s, USSR, 62)


@event(63)
def colonial_rear_guards(s: TSState, side: int) -> None:
    """#63: 1 US Influence in each of 4 different countries of Africa and/or Southeast Asia."""
    frames.place(s, US, US, 4, COLONIAL_MASK, cap=1, card=63)


@event(64)
def panama_canal_returned(s: TSState, side: int) -> None:
    """#64: 1 US Influence in each of Panama, Costa Rica and Venezuela."""
    for c in PANAMA_CANAL:
        s.add_inf(US, c, 1)


@event(65)
def camp_david_accords(s: TSState, side: int) -> None:
    """#65: US +1 VP, 1 US Influence in Israel, Jordan, Egypt; Arab-Israeli War barred."""
    s.gain_vp(US, 1)
    for c in CAMP_DAVID:
        s.add_inf(US, c, 1)
    s.set_perm(Card.CAMP_DAVID_ACCORDS)


@event(66)
def puppet_governments(s: TSState, side: int) -> None:
    """#66: 1 US Influence in each of 3 countries that hold no Influence of either side now."""
    inf = s.inf
    m = 0
    for c in range(N):
        if not inf[c] and not inf[N + c]:
            m |= 1 << c
    frames.place(s, US, US, 3, m, cap=1, card=66)


@event(67)
def grain_sales(s: TSState, side: int) -> None:
    """#67: a random USSR card: the US plays it, or returns it and uses Grain Sales' Ops."""
    frames.random_card(s, 67, 0, USSR)


@resume(67)
def grain_sales_drawn(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if not choice:  # the USSR hand is empty: Grain Sales' own Ops
        frames.conduct_ops(s, US, 67)
        return
    s.hands[USSR].remove(choice)
    s.inplay.append(choice)
    frames.push(s, frames.Action(frames.ACTION, US, (choice,), 67))


@event(68)
def john_paul_ii(s: TSState, side: int) -> None:
    """#68: remove 2 USSR and add 1 US Influence in Poland; allows Solidarity."""
    s.remove_inf(USSR, POLAND, 2)
    s.add_inf(US, POLAND, 1)
    s.set_perm(Card.JOHN_PAUL_II)


@event(69)
def latin_american_death_squads(s: TSState, side: int) -> None:
    """#69: this turn the player's coups in C./S. America get +1, the opponent's -1."""
    s.death_squads |= 1 << side


@event(70)
def oas_founded(s: TSState, side: int) -> None:
    """#70: 2 US Influence in Central and/or South America."""
    frames.place(s, US, US, 2, AMERICAS_MASK, card=70)


@event(71)
def nixon_china_card(s: TSState, side: int) -> None:
    """#71: US +2 VP if it holds the China Card, else it takes the card face down."""
    if s.china == US:
        s.gain_vp(US, 2)
    else:
        s.china = US
        s.china_up = False


@event(72)
def sadat_expels_soviets(s: TSState, side: int) -> None:
    """#72: remove all USSR Influence from Egypt and add 1 US Influence."""
    s.set_inf(USSR, EGYPT, 0)
    s.add_inf(US, EGYPT, 1)


@event(73)
def shuttle_diplomacy(s: TSState, side: int) -> None:
    """#73: the card stays before the US until the next Asia or Middle East scoring."""
    s.set_perm(Card.SHUTTLE_DIPLOMACY)


@event(74)
def voice_of_america(s: TSState, side: int) -> None:
    """#74: remove 4 USSR Influence outside Europe, at most 2 per country."""
    frames.remove(s, US, USSR, 4, OUTSIDE_EUROPE_MASK, cap=2, card=74)


@event(75)
def liberation_theology(s: TSState, side: int) -> None:
    """#75: 3 USSR Influence in Central America, at most 2 per country."""
    frames.place(s, USSR, USSR, 3, CA_MASK, cap=2, card=75)


@event(76)
def ussuri_river(s: TSState, side: int) -> None:
    """#76: the US takes the China Card face up from the USSR, or with it places 4 in Asia (max 2 each)."""
    if s.china == USSR:
        s.china = US
        s.china_up = True
    else:
        frames.place(s, US, US, 4, ASIA_MASK, cap=2, card=76)


@event(77)
def ask_not(s: TSState, side: int) -> None:
    """#77: the US discards any number of cards one at a time, then draws as many."""
    if s.hands[US]:
        frames.choose_card(s, US, 77, 0, tuple(s.hands[US]), "discard", allow_pass=True, data=(0,))


@resume(77)
def ask_not_discard(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    n = data[0]
    hand = s.hands[US]
    if choice:
        hand.remove(choice)
        s.discard.append(choice)  # 5.4: its event does not occur
        n += 1
        if hand:
            frames.choose_card(s, US, 77, 0, tuple(hand), "discard", allow_pass=True, data=(n,))
            return
    for _ in range(n):
        card = rules.draw(s)
        if not card:
            break
        hand.append(card)


@event(78)
def alliance_for_progress(s: TSState, side: int) -> None:
    """#78: US +1 VP per US-controlled battleground in Central and South America."""
    s.gain_vp(US, _popcount(s.control_mask(US) & AMERICAS_BG_MASK))


@event(80)
def one_small_step(s: TSState, side: int) -> None:
    """#80: behind on the Space Race, advance 2 boxes, VP for the second box only."""
    if s.space[side] < s.space[opp(side)]:
        rules.advance_space(s, side, 2, vp_last_only=True)
