"""Late War card events #81–#100 and #102 (seed numbering; see events/__init__.py for the contract).

Texts follow the seed rulebook's card list ("LE CARTE"); rulings for ambiguous texts are in
``docs/rulings.md``. Handlers run inside search: no string formatting, no copying
beyond what a decision needs, country indices and masks computed once at import.
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.twilight import frames, rules
from realpolitik.engine.twilight.board import (
    BOARD,
    BOTH,
    EUROPE,
    MIDDLE_EAST,
    REGION_NAMES,
    SOUTH_AMERICA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import Card
from realpolitik.engine.twilight.events import event, resume
from realpolitik.engine.twilight.state import DEFCON_BRINK, TSState, opp

CARDS = BOARD.cards
POLAND = BOARD.country("poland")
IRAN = BOARD.country("iran")
IRAQ = BOARD.country("iraq")
ARGENTINA = BOARD.country("argentina")
UK = BOARD.country("uk")
LIBYA = BOARD.country("libya")
DEBT_CRISIS_DISCARD_OPS = 3  # #95: the US escapes by discarding a card of 3+ Ops
LEBANON = BOARD.country("lebanon")
SOUTH_KOREA = BOARD.country("south_korea")
NICARAGUA = BOARD.country("nicaragua")
EAST_GERMANY = BOARD.country("east_germany")

EUROPE_MASK = BOARD.region_mask[EUROPE]
ME_MASK = BOARD.region_mask[MIDDLE_EAST]
SA_MASK = BOARD.region_mask[SOUTH_AMERICA]
WE_MASK = BOARD.we_mask
NICARAGUA_ADJ = BOARD.adj_mask[NICARAGUA]
# #89 / #90: the extra use of the card's ops is influence or realignment only, and optional.
INF_OR_REALIGN = (1 << frames.M_INFLUENCE) | (1 << frames.M_REALIGN) | rules.OPTIONAL_MODES

CHERNOBYL_LABELS = tuple(REGION_NAMES[:6])  # the six scoring regions (Europe … Africa)
TDTW_LABELS = ("coup", "realign")
WARGAMES_LABELS = ("end the game", "continue")
IRAN_IRAQ_LABELS = ("Iran invades Iraq", "Iraq invades Iran")
IRAN_IRAQ_TARGET = (IRAQ, IRAN)  # the invaded country, by option index


def _condition_unmet(s: TSState, card: int) -> None:
    """An event whose "if" condition is not met: no effect, and the card is discarded rather than
    removed (5.2 example 4, Star Wars); the engine's FINISH then leaves it alone."""
    if card in s.inplay:
        s.inplay.remove(card)
        s.discard.append(card)


# ---------------------------------------------------------------- #81 Solidarity
@event(81)
def solidarity(s: TSState, side: int) -> None:
    """#81*: 3 US influence in Poland (prerequisite #68 John Paul II, checked by the engine, 5.2)."""
    s.add_inf(US, POLAND, 3)


# ---------------------------------------------------------------- #82 Iranian Hostage Crisis
@event(82)
def iranian_hostage_crisis(s: TSState, side: int) -> None:
    """#82*: remove all US influence from Iran, 2 USSR influence there; doubles Terrorism (#92)
    against the US for the rest of the game."""
    s.set_inf(US, IRAN, 0)
    s.add_inf(USSR, IRAN, 2)
    s.set_perm(Card.IRANIAN_HOSTAGE_CRISIS)


# ---------------------------------------------------------------- #83 The Iron Lady
@event(83)
def iron_lady(s: TSState, side: int) -> None:
    """#83*: 1 USSR influence in Argentina, all USSR influence out of the UK, #7 Socialist
    Governments barred (flag 83, read by the engine), US 1 VP."""
    s.add_inf(USSR, ARGENTINA, 1)
    s.set_inf(USSR, UK, 0)
    s.set_perm(Card.IRON_LADY)
    s.gain_vp(US, 1)


# ---------------------------------------------------------------- #84 Reagan Bombs Libya
@event(84)
def reagan_bombs_libya(s: TSState, side: int) -> None:
    """#84*: the US gains 1 VP per full 2 USSR influence in Libya (rounded down)."""
    vp = s.influence(USSR, LIBYA) // 2
    if vp:
        s.gain_vp(US, vp)


# ---------------------------------------------------------------- #85 Star Wars
@event(85)
def star_wars(s: TSState, side: int) -> None:
    """#85*: if the US is strictly ahead on the space race it picks a non-scoring card from the
    discard pile whose event can occur (5.2) and that event happens at once, implemented by the
    card's owner (the US for a two-sided card). Not ahead: no effect, Star Wars is discarded."""
    if s.space[US] <= s.space[USSR]:
        _condition_unmet(s, 85)  # 5.2 example 4: no effect, the card goes to the discard pile
        return
    cards = []
    for c in s.discard:
        card = CARDS[c]
        if card.scoring:
            continue
        owner = US if card.side == BOTH else card.side
        if rules.event_block(s, c, owner):
            continue
        cards.append(c)
    if cards:
        frames.choose_card(s, US, 85, 0, tuple(cards), "event")


@resume(85)
def star_wars_pick(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if not choice or choice not in s.discard:
        return
    s.discard.remove(choice)
    s.inplay.append(choice)
    if s.options.get("edition") == "deluxe":
        # the US plays the picked card's event: a war card counts for #59 Flower Power in the
        # Deluxe edition, as online Deluxe play has it (game-038, game-072: Brush War)
        rules.flower_power_check(s, choice, US)
    owner = CARDS[choice].side
    frames.fire_event(s, choice, US if owner == BOTH else owner)
    frames.finish_card(s, choice, US, True)


# ---------------------------------------------------------------- #86 North Sea Oil
@event(86)
def north_sea_oil(s: TSState, side: int) -> None:
    """#86*: #61 OPEC barred for the game (perm 86); the US has 8 action rounds this turn (turn 86)."""
    s.set_perm(Card.NORTH_SEA_OIL)
    s.set_turn(Card.NORTH_SEA_OIL)


# ---------------------------------------------------------------- #87 The Reformer
@event(87)
def the_reformer(s: TSState, side: int) -> None:
    """#87*: 4 USSR influence in Europe, at most 2 per country; 6 if the USSR leads on VP.
    From now on no USSR coups in Europe (perm 87, read by the engine); improves #90."""
    n = 6 if s.vp < 0 else 4
    s.set_perm(Card.REFORMER)
    frames.place(s, USSR, USSR, n, EUROPE_MASK, cap=2, card=87)


# ---------------------------------------------------------------- #88 Marine Barracks Bombing
@event(88)
def marine_barracks_bombing(s: TSState, side: int) -> None:
    """#88*: all US influence out of Lebanon, then the USSR removes 2 more US influence
    anywhere in the Middle East (split freely)."""
    s.set_inf(US, LEBANON, 0)
    frames.remove(s, USSR, US, 2, ME_MASK, card=88)


# ---------------------------------------------------------------- #89 Soviets Shoot Down KAL-007
@event(89)
def kal_007(s: TSState, side: int) -> None:
    """#89*: DEFCON −1 (the phasing player is responsible, 8.1.3), US 2 VP; if South Korea is
    US-controlled and the US played the card (it is phasing), the US may also use the card's ops
    to place influence or for realignment rolls."""
    rules.degrade_defcon(s, 1, s.phasing)
    if s.winner >= 0:
        return
    s.gain_vp(US, 2)
    if s.phasing == US and s.controls(US, SOUTH_KOREA):
        frames.conduct_ops(s, US, 89, modes=INF_OR_REALIGN)


# ---------------------------------------------------------------- #90 Glasnost
@event(90)
def glasnost(s: TSState, side: int) -> None:
    """#90*: USSR 2 VP, DEFCON +1; after #87 The Reformer the USSR (when it played the card) may
    also use the card's ops to place influence or for realignment rolls."""
    s.gain_vp(USSR, 2)
    rules.improve_defcon(s, 1)
    if s.phasing == USSR and s.perm >> Card.REFORMER & 1:
        frames.conduct_ops(s, USSR, 90, modes=INF_OR_REALIGN)


# ---------------------------------------------------------------- #91 Ortega Elected in Nicaragua
@event(91)
def ortega(s: TSState, side: int) -> None:
    """#91*: all US influence out of Nicaragua, then a free coup (6.3.5) with this card's ops in
    a country adjacent to Nicaragua (Honduras, Costa Rica, Cuba)."""
    s.set_inf(US, NICARAGUA, 0)
    frames.free_coup(s, USSR, 91, rules.ops_value(s, 91, USSR), NICARAGUA_ADJ)


# ---------------------------------------------------------------- #92 Terrorism
@event(92)
def terrorism(s: TSState, side: int) -> None:
    """#92: the opponent discards a card at random (its event does not occur, 5.4); two when
    the USSR plays it with #82 Iranian Hostage Crisis in effect."""
    o = opp(side)
    n = 2 if side == USSR and s.perm >> Card.IRANIAN_HOSTAGE_CRISIS & 1 else 1
    frames.random_card(s, 92, 0, o, (o, n))


@resume(92)
def terrorism_discard(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if not choice:
        return  # empty hand
    o, n = data
    s.hands[o].remove(choice)
    s.discard.append(choice)
    if n > 1:
        frames.random_card(s, 92, 0, o, (o, n - 1))


# ---------------------------------------------------------------- #93 Iran-Contra Scandal
@event(93)
def iran_contra(s: TSState, side: int) -> None:
    """#93*: US realignment rolls −1 for the rest of the turn (turn flag read by the engine)."""
    s.set_turn(Card.IRAN_CONTRA_SCANDAL)


# ---------------------------------------------------------------- #94 Chernobyl
@event(94)
def chernobyl(s: TSState, side: int) -> None:
    """#94*: the US names a region; for the rest of the turn the USSR may not add influence
    there with operations points (s.chernobyl, read by the engine)."""
    frames.choose_option(s, US, 94, 0, CHERNOBYL_LABELS)


@resume(94)
def chernobyl_region(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    s.chernobyl = choice
    s.set_turn(Card.CHERNOBYL)


# ---------------------------------------------------------------- #95 Latin American Debt Crisis
@event(95)
def latin_american_debt_crisis(s: TSState, side: int) -> None:
    """#95: unless the US discards a card worth 3+ ops (its modified value, 5.3, 7.4.2), the
    USSR doubles its influence in two South American countries."""
    cards = [c for c in s.hands[US] if rules.ops_value(s, c, US) >= DEBT_CRISIS_DISCARD_OPS]
    if cards:
        frames.choose_card(s, US, 95, 0, tuple(cards), "discard", allow_pass=True)
    else:
        _debt_double_first(s)


def _debt_double_first(s: TSState) -> None:
    mask = 0
    for c in rules.bits(SA_MASK):
        if s.influence(USSR, c):
            mask |= 1 << c
    if mask:
        frames.choose_country(s, USSR, 95, 1, mask, (mask,))


@resume(95)
def debt_crisis_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if step == 0:
        if choice:
            s.hands[US].remove(choice)
            s.discard.append(choice)  # 5.4: its event does not occur
            return
        _debt_double_first(s)
        return
    if choice < 0:
        return
    s.add_inf(USSR, choice, s.influence(USSR, choice))
    if step == 1:
        rest = data[0] & ~(1 << choice)
        if rest:
            frames.choose_country(s, USSR, 95, 2, rest, ())


# ---------------------------------------------------------------- #96 Tear Down This Wall
@event(96)
def tear_down_this_wall(s: TSState, side: int) -> None:
    """#96*: cancels / prevents #55 Willy Brandt; 3 US influence in East Germany; then a free
    coup or free realignment rolls in Europe with this card's ops (both ignore DEFCON limits)."""
    s.set_perm(Card.WILLY_BRANDT, False)
    s.set_perm(Card.TEAR_DOWN_THIS_WALL)
    s.add_inf(US, EAST_GERMANY, 3)
    if rules.coup_targets(s, US, EUROPE_MASK) or rules.realign_targets(s, US, EUROPE_MASK):
        frames.choose_option(s, US, 96, 0, TDTW_LABELS)


@resume(96)
def tear_down_choice(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    ops = rules.ops_value(s, 96, US)
    if choice == 0:
        frames.free_coup(s, US, 96, ops, EUROPE_MASK)
    else:
        frames.free_realign(s, US, 96, ops, EUROPE_MASK)


# ---------------------------------------------------------------- #97 An Evil Empire
@event(97)
def an_evil_empire(s: TSState, side: int) -> None:
    """#97: cancels / prevents #59 Flower Power; US 1 VP."""
    s.set_perm(Card.FLOWER_POWER, False)
    s.set_perm(Card.AN_EVIL_EMPIRE)
    s.gain_vp(US, 1)


# ---------------------------------------------------------------- #98 Aldrich Ames
@event(98)
def aldrich_ames(s: TSState, side: int) -> None:
    """#98* (seed text): the US shows its hand; the USSR puts the US cards in an order that the US
    must play them in; the US may not play the China Card for the rest of the turn.

    Deluxe edition (Aldrich Ames Remix, 3 Ops): the US hand is shown for the rest of the turn and
    the USSR discards one card of its choice from it (a scoring card discarded is not scored)."""
    s.revealed |= 1 << US
    if s.options.get("edition") == "deluxe":
        if s.hands[US]:
            frames.choose_card(s, USSR, 98, 1, tuple(sorted(s.hands[US])), "discard")
        return
    s.set_turn(Card.ALDRICH_AMES)
    s.ames = []
    _ames_next(s)


def _ames_next(s: TSState) -> None:
    rest = [c for c in s.hands[US] if c not in s.ames]
    if len(rest) > 1:
        frames.choose_card(s, USSR, 98, 0, tuple(rest), "play next")
    elif rest:
        s.ames.append(rest[0])


@resume(98)
def ames_order(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if step == 1:  # Deluxe: the card the USSR discards from the US hand
        if choice in s.hands[US]:
            s.hands[US].remove(choice)
            s.discard.append(choice)
        return
    if choice:
        s.ames.append(choice)
        _ames_next(s)


# ---------------------------------------------------------------- #99 Pershing II Deployed
@event(99)
def pershing_ii(s: TSState, side: int) -> None:
    """#99*: USSR 1 VP; remove 1 US influence from each of up to 3 Western European countries."""
    s.gain_vp(USSR, 1)
    frames.remove(s, USSR, US, 3, WE_MASK, cap=1, card=99)


# ---------------------------------------------------------------- #100 Wargames
@event(100)
def wargames(s: TSState, side: int) -> None:
    """#100*: only at DEFCON 2, the player may end the game at once after giving the opponent
    6 VP; the VP as they then stand decide (no final scoring). At another DEFCON level: no
    effect, and the card is discarded (as Star Wars, 5.2 example 4)."""
    if s.defcon == DEFCON_BRINK:
        frames.choose_option(s, side, 100, 0, WARGAMES_LABELS, (side,))
    else:
        _condition_unmet(s, 100)  # as Star Wars in 5.2 example 4


@resume(100)
def wargames_choice(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    if choice != 0:
        return
    s.gain_vp(opp(data[0]), 6)
    if s.vp > 0:
        s.end(US, "Wargames: the game ends, the US leads on VP")
    elif s.vp < 0:
        s.end(USSR, "Wargames: the game ends, the USSR leads on VP")
    else:
        s.end(2, "Wargames: the game ends with VP level, a draw")


# ---------------------------------------------------------------- #102 Iran-Iraq War
@event(102)
def iran_iraq_war(s: TSState, side: int) -> None:
    """#102* war (7.6): the player picks who invades; 2 military ops whatever the result;
    a die −1 per opponent-controlled country adjacent to the invaded one wins on 4–6:
    2 VP and the opponent's influence there is replaced by the player's."""
    s.milops[side] = min(5, s.milops[side] + 2)
    frames.choose_option(s, side, 102, 0, IRAN_IRAQ_LABELS, (side,))


@resume(102)
def iran_iraq_resume(s: TSState, step: int, choice: int, data: tuple[Any, ...]) -> None:
    side = data[0]
    if step == 0:
        frames.roll(s, 102, 1, (side, IRAN_IRAQ_TARGET[choice]))
        return
    target = data[1]
    o = opp(side)
    roll = choice
    for n in BOARD.neighbours[target]:
        if s.controls(o, n):
            roll -= 1
    if roll >= rules.WAR_WIN_ROLL:
        s.gain_vp(side, 2)
        moved = s.influence(o, target)
        s.set_inf(o, target, 0)
        s.add_inf(side, target, moved)
