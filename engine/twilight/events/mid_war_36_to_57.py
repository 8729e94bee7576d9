"""Mid War card events, group A: #36, #39–#57 without the scoring cards #37 and #38.

The seed rulebook's card texts are the authority (see events/__init__.py for the handler
contract and docs/rulings.md for the readings chosen where the seed is unclear).
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
    MIDDLE_EAST,
    SOUTH_AMERICA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import event, resume
from realpolitik.engine.twilight.state import BURY_YOU_AWAITED, DEFCON_MAX, N, TSState, opp

CARDS = BOARD.cards

# #36 Brush War: any country of stability 1 or 2; a modified 3–6 wins.
BRUSH_WAR_MAX_STABILITY = 2
BRUSH_WAR_WIN_ROLL = 3
STAB_1_2 = sum(1 << c for c in range(N) if BOARD.stability[c] <= BRUSH_WAR_MAX_STABILITY)
# #56 Muslim Revolution: all US influence goes from two of its eight countries.
MUSLIM_REVOLUTION_TARGETS = 2
# #45 Summit: the six scoring regions and their battleground counts.
SUMMIT_REGIONS = tuple(
    (r, bin(BOARD.region_mask[r] & BOARD.bg_mask).count("1"))
    for r in (EUROPE, ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTH_AMERICA, AFRICA)
)
TAIWAN = BOARD.country("taiwan")
CA_SA = BOARD.region_mask[CENTRAL_AMERICA] | BOARD.region_mask[SOUTH_AMERICA]
SOUTH_AFRICA = BOARD.country("south_africa")
SE_AFRICAN_STATES = BOARD.country("se_african_states")
ANGOLA = BOARD.country("angola")
CHILE = BOARD.country("chile")
W_GERMANY = BOARD.country("west_germany")
MUSLIM_COUNTRIES = BOARD.mask_of("sudan", "iran", "iraq", "egypt", "libya", "saudi_arabia", "syria", "jordan")

SUMMIT_DEFCON = ("DEFCON up", "DEFCON down", "DEFCON unchanged")
SUMMIT_DEFCON_AT_5 = ("DEFCON down", "DEFCON unchanged")  # 8.1.2: no "up" at 5
HOW_I_LEARNED = ("DEFCON 1", "DEFCON 2", "DEFCON 3", "DEFCON 4", "DEFCON 5")
SA_UNREST = ("2 in South Africa", "1 in South Africa, 2 adjacent")


# ---------------------------------------------------------------- #36 Brush War
@event(36)
def brush_war(s: TSState, side: int) -> None:
    """#36: attack a stability 1–2 country (not a NATO-protected one for the USSR)."""
    frames.choose_country(s, side, 36, 0, STAB_1_2 & ~rules.protected(s, side), (side,))


@resume(36)
def brush_war_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    side = data[0]
    if step == 0:
        if choice >= 0:
            frames.roll(s, 36, 1, (side, choice))
        return
    c = data[1]
    o = opp(side)
    mod = 0
    for n in BOARD.neighbours[c]:
        if s.controls(o, n):
            mod += 1
    s.milops[side] = min(5, s.milops[side] + 3)  # 7.6, 8.2.3: win or lose
    if choice - mod >= BRUSH_WAR_WIN_ROLL:
        s.gain_vp(side, 1)
        k = s.influence(o, c)
        s.set_inf(o, c, 0)
        s.add_inf(side, c, k)


# ---------------------------------------------------------------- #39 Arms Race
@event(39)
def arms_race(s: TSState, side: int) -> None:
    """#39: more Military Ops than the opponent: 1 VP, or 3 VP if the required amount is met."""
    mine = s.milops[side]
    if mine > s.milops[opp(side)]:
        s.gain_vp(side, 3 if mine >= s.defcon else 1)


# ---------------------------------------------------------------- #40 Cuban Missile Crisis
@event(40)
def cuban_missile_crisis(s: TSState, side: int) -> None:
    """#40: DEFCON to 2; the opponent loses on any coup this turn unless it cancels (engine)."""
    rules.set_defcon(s, 2, s.phasing)
    s.missile_crisis |= 1 << side


# ---------------------------------------------------------------- #41 Nuclear Subs
@event(41)
def nuclear_subs(s: TSState, side: int) -> None:
    """#41: US coups in battlegrounds do not degrade DEFCON this turn (engine reads the flag)."""
    s.set_turn(Card.NUCLEAR_SUBS)


# ---------------------------------------------------------------- #42 Quagmire, #44 Bear Trap
@event(42)
def quagmire(s: TSState, side: int) -> None:
    """#42: the US is trapped until it discards a 2+ Ops card and rolls 1–4 (engine).
    It cancels NORAD (card 106, an optional card of the Deluxe edition)."""
    s.set_perm(Card.QUAGMIRE)
    s.set_perm(Card.NORAD, False)


@event(44)
def bear_trap(s: TSState, side: int) -> None:
    """#44: the USSR is trapped until it discards a 2+ Ops card and rolls 1–4 (engine)."""
    s.set_perm(Card.BEAR_TRAP)


# ---------------------------------------------------------------- #43 SALT Negotiations
@event(43)
def salt_negotiations(s: TSState, side: int) -> None:
    """#43: DEFCON +2, coups −1 this turn, may take a non-scoring card from the discards."""
    rules.improve_defcon(s, 2)
    s.set_turn(Card.SALT_NEGOTIATIONS)
    scoring = rules.SCORING_CARDS
    cards = tuple(c for c in s.discard if c not in scoring)
    if cards:
        frames.choose_card(s, side, 43, 0, cards, "take", allow_pass=True, data=(side,))


@resume(43)
def salt_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice and choice in s.discard:
        s.discard.remove(choice)
        s.hands[data[0]].append(choice)  # shown to the opponent (public: it left the discards)


# ---------------------------------------------------------------- #45 Summit
def summit_bonus(s: TSState, side: int) -> int:
    """Regions (of the six) that ``side`` dominates or controls (10.1.1 via rules.region_tally)."""
    o = opp(side)
    n = 0
    formosan = s.perm >> Card.FORMOSAN_RESOLUTION & 1 and s.controls(US, TAIWAN)
    for region, total_bg in SUMMIT_REGIONS:
        t = rules.region_tally(s, region)
        if formosan and region == ASIA:
            t[US][1] -= 1  # #101: Taiwan is a battleground only for Asia Scoring
        mine, other = t[side], t[o]
        if mine[0] == 0 or mine[0] <= other[0]:
            continue
        if mine[1] == total_bg:
            n += 1  # control
        elif mine[1] > other[1] and mine[1] > 0 and mine[0] > mine[1]:
            n += 1  # domination
    return n


@event(45)
def summit(s: TSState, side: int) -> None:
    """#45: both roll (USSR first), +1 per region dominated or controlled; higher: 2 VP, DEFCON ±1."""
    frames.roll(s, 45, 0)


@resume(45)
def summit_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if step == 0:
        frames.roll(s, 45, 1, (choice,))
        return
    if step == 1:
        r_ussr = data[0] + summit_bonus(s, USSR)
        r_us = choice + summit_bonus(s, US)
        if r_ussr == r_us:
            return  # tie: nothing happens
        winner = USSR if r_ussr > r_us else US
        s.gain_vp(winner, 2)
        if s.defcon >= DEFCON_MAX:
            frames.choose_option(s, winner, 45, 2, SUMMIT_DEFCON_AT_5, (winner, 1))
        else:
            frames.choose_option(s, winner, 45, 2, SUMMIT_DEFCON, (winner, 0))
        return
    choice += data[1]
    if choice == 0:
        rules.improve_defcon(s, 1)
    elif choice == 1:
        rules.degrade_defcon(s, 1, data[0])


# ---------------------------------------------------------------- #46 How I Learned to Stop Worrying
@event(46)
def how_i_learned(s: TSState, side: int) -> None:
    """#46: set DEFCON to any level; the player's Military Ops become 5."""
    s.milops[side] = 5
    frames.choose_option(s, side, 46, 0, HOW_I_LEARNED, (side,))


@resume(46)
def how_i_learned_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    rules.set_defcon(s, choice + 1, data[0])


# ---------------------------------------------------------------- #47 Junta
JUNTA_LABELS = ("free coup", "realignment rolls")


@event(47)
def junta(s: TSState, side: int) -> None:
    """#47: 2 Influence in one Central/South American country, then a free coup there (6.3.5);
    the Deluxe printing offers realignment rolls there instead, with the card's Ops."""
    frames.choose_country(s, side, 47, 0, CA_SA, (side,))


@resume(47)
def junta_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    side = data[0]
    if step == 0:
        if choice >= 0:
            s.add_inf(side, choice, 2)
        if s.options.get("edition") == "deluxe":
            frames.choose_option(s, side, 47, 1, JUNTA_LABELS, (side,))
            return
    if step == 1 and choice == 1:
        frames.free_realign(s, side, 47, rules.ops_value(s, 47, side), CA_SA)
        return
    frames.free_coup(s, side, 47, rules.ops_value(s, 47, side), CA_SA)


# ---------------------------------------------------------------- #48 Kitchen Debates
@event(48)
def kitchen_debates(s: TSState, side: int) -> None:
    """#48: the US gains 2 VP if it controls more battlegrounds than the USSR."""
    battlegrounds = BOARD.bg_mask
    if bin(s.control_mask(US) & battlegrounds).count("1") > bin(s.control_mask(USSR) & battlegrounds).count(
        "1"
    ):
        s.gain_vp(US, 2)


# ---------------------------------------------------------------- #49 Missile Envy
@event(49)
def missile_envy(s: TSState, side: int) -> None:
    """#49: swap with the opponent's highest-Ops card (opponent breaks ties) and use it at once.

    The seed compares the printed values; the Deluxe edition the values the cards have for
    the opponent now (``rules.ops_value``: Brezhnev Doctrine, Containment, Red Scare/Purge), as
    online Deluxe play does (under Brezhnev Doctrine a 3-Ops and a 4-Ops USSR card are both
    worth 4, and the USSR gives the 3)."""
    o = opp(side)
    deluxe = s.options.get("edition") == "deluxe"
    best = 0
    tied: list[int] = []
    for c in s.hands[o]:
        card = CARDS[c]
        if card.scoring:
            continue
        ops = rules.ops_value(s, c, o) if deluxe else rules.card_ops(s, c)
        if ops > best:
            best = ops
            tied = [c]
        elif ops == best:
            tied.append(c)
    if not tied:
        return  # no Operations card to take: no effect
    if len(tied) == 1:
        envy_take(s, side, tied[0])
    else:
        frames.choose_card(s, o, 49, 0, tuple(tied), "give", data=(side,))


@resume(49)
def missile_envy_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice:
        envy_take(s, data[0], choice)


def envy_take(s: TSState, side: int, card: int) -> None:
    """Missile Envy's exchange: ``side`` gets ``card`` and resolves it; #49 goes to the opponent."""
    o = opp(side)
    s.hands[o].remove(card)
    if s.ames and card in s.ames:
        s.ames.remove(card)  # #98: the card left the US hand; the rest keep their order
    if Card.MISSILE_ENVY in s.inplay:
        s.inplay.remove(Card.MISSILE_ENVY)
        s.hands[o].append(Card.MISSILE_ENVY)
        s.missile_envy = o
    s.inplay.append(card)
    rules.flower_power_check(s, card, side)
    if CARDS[card].side != o and rules.can_play_event(s, card, side):
        frames.fire_event(s, card, side)
        frames.finish_card(s, card, side, True)
    else:
        # the card's Operations: the Deluxe edition also offers the space race, as online
        # Deluxe play does (game-059: the USSR sends Five Year Plan's Ops to the space race)
        space = 1 << frames.M_SPACE if s.options.get("edition") == "deluxe" else 0
        frames.conduct_ops(s, side, card, frames.MODE_BITS_OPS | space)
        frames.finish_card(s, card, side, False)


# ---------------------------------------------------------------- #50 We Will Bury You
@event(50)
def we_will_bury_you(s: TSState, side: int) -> None:
    """#50: DEFCON −1; 3 VP to the USSR after the US's next round unless it plays UN Intervention."""
    s.bury_you_pending = BURY_YOU_AWAITED
    rules.degrade_defcon(s, 1, s.phasing)


# ---------------------------------------------------------------- #51 Brezhnev Doctrine
@event(51)
def brezhnev_doctrine(s: TSState, side: int) -> None:
    """#51: USSR cards played for Ops get +1 (max 4) this turn (rules.ops_value reads the flag)."""
    s.set_turn(Card.BREZHNEV_DOCTRINE)


# ---------------------------------------------------------------- #52 Portuguese Empire Crumbles
@event(52)
def portuguese_empire_crumbles(s: TSState, side: int) -> None:
    """#52: 2 USSR Influence in SE African States and 2 in Angola."""
    s.add_inf(USSR, SE_AFRICAN_STATES, 2)
    s.add_inf(USSR, ANGOLA, 2)


# ---------------------------------------------------------------- #53 South African Unrest
@event(53)
def south_african_unrest(s: TSState, side: int) -> None:
    """#53: the USSR adds 2 in South Africa, or 1 there and 2 in adjacent countries."""
    frames.choose_option(s, USSR, 53, 0, SA_UNREST)


@resume(53)
def south_african_unrest_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice == 0:
        s.add_inf(USSR, SOUTH_AFRICA, 2)
    else:
        s.add_inf(USSR, SOUTH_AFRICA, 1)
        frames.place(s, USSR, USSR, 2, BOARD.adj_mask[SOUTH_AFRICA], card=53)


# ---------------------------------------------------------------- #54 Allende
@event(54)
def allende(s: TSState, side: int) -> None:
    """#54: 2 USSR Influence in Chile."""
    s.add_inf(USSR, CHILE, 2)


# ---------------------------------------------------------------- #55 Willy Brandt
@event(55)
def willy_brandt(s: TSState, side: int) -> None:
    """#55: the USSR gains 1 VP and 2 Influence in West Germany (the Deluxe printing: 1); NATO
    no longer covers it."""
    s.gain_vp(USSR, 1)
    s.add_inf(USSR, W_GERMANY, 1 if s.options.get("edition") == "deluxe" else 2)
    s.set_perm(Card.WILLY_BRANDT)


# ---------------------------------------------------------------- #56 Muslim Revolution
def _us_presence(s: TSState, mask: int) -> int:
    m = 0
    for c in rules.bits(mask):
        if s.inf[N + c]:
            m |= 1 << c
    return m


@event(56)
def muslim_revolution(s: TSState, side: int) -> None:
    """#56: remove all US Influence from two of the eight listed countries."""
    m = _us_presence(s, MUSLIM_COUNTRIES)
    if bin(m).count("1") <= MUSLIM_REVOLUTION_TARGETS:
        for c in rules.bits(m):
            s.set_inf(US, c, 0)  # no choice to make
        return
    frames.choose_country(s, USSR, 56, 0, m)


@resume(56)
def muslim_revolution_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice < 0:
        return
    s.set_inf(US, choice, 0)
    if step == 0:
        frames.choose_country(s, USSR, 56, 1, _us_presence(s, MUSLIM_COUNTRIES))


# ---------------------------------------------------------------- #57 ABM Treaty
@event(57)
def abm_treaty(s: TSState, side: int) -> None:
    """#57: DEFCON +1, then conduct Operations with this card."""
    rules.improve_defcon(s, 1)
    frames.conduct_ops(s, side, 57)
