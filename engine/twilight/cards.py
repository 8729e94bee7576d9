"""Twilight Struggle card numbers by name, in the seed edition's numbering.

The engine keeps per-card facts as bits: ``TSState.perm`` (lasting effects: NATO, Quagmire…) and
``TSState.turnfx`` (effects for the rest of the turn: Containment, Nuclear Subs…) are indexed
by card number, so ``s.turnfx >> Card.CONTAINMENT & 1`` reads "Containment is in effect this
turn". Use these names wherever a card number means a particular card.

``Card`` is a class of plain ``int`` constants rather than an ``IntEnum``: the pure reference
and the card events (which both implementations run) read these in their hot paths, and an
enum member is several times slower to read than a class attribute. ``card_name`` gives the
name of a number; ``tests/twilight/test_cards_complete.py`` checks every name against the
titles in ``data/cards.csv``. The compiled core has C constants for the ones it reads, checked
against these at import.
"""

from __future__ import annotations

__all__ = ["DELUXE_NUMBER", "DELUXE_OPS", "SEED_CARDS", "Card", "card_name", "printed_number"]


class Card:
    """The 103 cards and the 7 optional ones, ``Card.TITLE_IN_CAPITALS = number`` (the seed edition's numbers)."""

    ASIA_SCORING = 1
    EUROPE_SCORING = 2
    MIDDLE_EAST_SCORING = 3
    DUCK_AND_COVER = 4
    FIVE_YEAR_PLAN = 5
    CHINA_CARD = 6
    SOCIALIST_GOVERNMENTS = 7
    FIDEL = 8
    VIETNAM_REVOLTS = 9
    BLOCKADE = 10
    KOREAN_WAR = 11
    ROMANIAN_ABDICATION = 12
    ARAB_ISRAELI_WAR = 13
    COMECON = 14
    NASSER = 15
    WARSAW_PACT_FORMED = 16
    DE_GAULLE_LEADS_FRANCE = 17
    CAPTURED_NAZI_SCIENTIST = 18
    TRUMAN_DOCTRINE = 19
    OLYMPIC_GAMES = 20
    NATO = 21
    INDEPENDENT_REDS = 22
    MARSHALL_PLAN = 23
    INDO_PAKISTANI_WAR = 24
    CONTAINMENT = 25
    CIA_CREATED = 26
    US_JAPAN_PACT = 27
    SUEZ_CRISIS = 28
    EAST_EUROPEAN_UNREST = 29
    DECOLONIZATION = 30
    RED_SCARE_PURGE = 31
    UN_INTERVENTION = 32
    DE_STALINIZATION = 33
    NUCLEAR_TEST_BAN = 34
    SOUTH_AMERICA_SCORING = 35
    BRUSH_WAR = 36
    CENTRAL_AMERICA_SCORING = 37
    SOUTHEAST_ASIA_SCORING = 38
    ARMS_RACE = 39
    CUBAN_MISSILE_CRISIS = 40
    NUCLEAR_SUBS = 41
    QUAGMIRE = 42
    SALT_NEGOTIATIONS = 43
    BEAR_TRAP = 44
    SUMMIT = 45
    HOW_I_LEARNED = 46
    JUNTA = 47
    KITCHEN_DEBATES = 48
    MISSILE_ENVY = 49
    WE_WILL_BURY_YOU = 50
    BREZHNEV_DOCTRINE = 51
    PORTUGUESE_EMPIRE_CRUMBLES = 52
    SOUTH_AFRICAN_UNREST = 53
    ALLENDE = 54
    WILLY_BRANDT = 55
    MUSLIM_REVOLUTION = 56
    ABM_TREATY = 57
    CULTURAL_REVOLUTION = 58
    FLOWER_POWER = 59
    U2_INCIDENT = 60
    OPEC = 61
    LONE_GUNMAN = 62
    COLONIAL_REAR_GUARDS = 63
    PANAMA_CANAL_RETURNED = 64
    CAMP_DAVID_ACCORDS = 65
    PUPPET_GOVERNMENTS = 66
    GRAIN_SALES = 67
    JOHN_PAUL_II = 68
    LATIN_AMERICAN_DEATH_SQUADS = 69
    OAS_FOUNDED = 70
    NIXON_PLAYS_CHINA_CARD = 71
    SADAT_EXPELS_SOVIETS = 72
    SHUTTLE_DIPLOMACY = 73
    VOICE_OF_AMERICA = 74
    LIBERATION_THEOLOGY = 75
    USSURI_RIVER_SKIRMISH = 76
    ASK_NOT = 77
    ALLIANCE_FOR_PROGRESS = 78
    AFRICA_SCORING = 79
    ONE_SMALL_STEP = 80
    SOLIDARITY = 81
    IRANIAN_HOSTAGE_CRISIS = 82
    IRON_LADY = 83
    REAGAN_BOMBS_LIBYA = 84
    STAR_WARS = 85
    NORTH_SEA_OIL = 86
    REFORMER = 87
    MARINE_BARRACKS_BOMBING = 88
    KAL_007 = 89
    GLASNOST = 90
    ORTEGA_ELECTED = 91
    TERRORISM = 92
    IRAN_CONTRA_SCANDAL = 93
    CHERNOBYL = 94
    LATIN_AMERICAN_DEBT_CRISIS = 95
    TEAR_DOWN_THIS_WALL = 96
    AN_EVIL_EMPIRE = 97
    ALDRICH_AMES = 98
    PERSHING_II_DEPLOYED = 99
    WARGAMES = 100
    FORMOSAN_RESOLUTION = 101
    IRAN_IRAQ_WAR = 102
    DEFECTORS = 103
    # The seven optional cards of the Deluxe edition (option ``optional_cards``), Deluxe numbers.
    CAMBRIDGE_FIVE = 104
    SPECIAL_RELATIONSHIP = 105
    NORAD = 106
    CHE = 107
    OUR_MAN_IN_TEHRAN = 108
    YURI_AND_SAMANTHA = 109
    AWACS_SALE_TO_SAUDIS = 110


SEED_CARDS = 103
"""Cards 1..103 are the seed edition's; 104..110 exist only with the option ``optional_cards``."""

DELUXE_NUMBER = {35: 81, 81: 101, 101: 35}
"""Seed number -> Deluxe printed number where they differ (the engine keeps the seed numbers
as card identities in both editions; the Deluxe edition shows the Deluxe numbers)."""

DELUXE_OPS = {31: 4, 32: 1, 98: 3}
"""Seed number -> the Deluxe edition's printed Operations value where it differs."""


def printed_number(number: int, edition: str) -> int:
    """The number printed on card ``number`` in ``edition`` (``seed`` or ``deluxe``)."""
    return DELUXE_NUMBER.get(number, number) if edition == "deluxe" else number


def card_name(number: int) -> str:
    """The ``Card`` name of a card number (``card_name(25) == "CONTAINMENT"``)."""
    return _NAMES[number]


_NAMES = {v: k for k, v in vars(Card).items() if isinstance(v, int) and not k.startswith("_")}
