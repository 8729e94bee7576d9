"""War on Terror component facts, loaded once from ``data/`` through a validator and frozen.

The rulebook (War on Terror, the boardgame, Italian rulebook, 1st edition) gives the rules,
the setup by player count, the costs and the liberation table, but not the map or the cards:
the 49 countries, their continents, borders and sea routes, the continent values, the oil
chits, the action die's faces and both decks are *reconstructed* (see ``data/PROVENANCE.md``).
A player who owns the game can replace any data file with the printed values: set
``REALPOLITIK_WARONTERROR_DATA`` to a folder holding one or more of the files in
``DATA_FILES``; files missing there come from the package. Every file is validated on load,
and a bad one raises ``InvalidState`` naming the file, line and field.

Indexing: countries 0..48 in ``countries.csv`` order, continents in ``continents.csv`` order,
cards (by key) in ``cards.csv`` order. Sizes: village 1, town 2, city 3; terrorist units:
vanguard 1, column 2, cell 3.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from typing import Any

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.core.datafiles import DataSource, TomlTable, data_env_var, read_sources
from realpolitik.engine.core.mapgraph import FrozenMap, build_graph, freeze

__all__ = [
    "BOARD",
    "CARD_KINDS",
    "CELL",
    "CITY",
    "COLUMN",
    "DATA_FILES",
    "DIE_FACES",
    "ENV_VAR",
    "MOST_ROUNDS",
    "SIZE_NAMES",
    "TOWN",
    "TWO_D6_HIGHEST",
    "TWO_D6_LOWEST",
    "UNIT_NAMES",
    "VANGUARD",
    "VILLAGE",
    "Board",
    "Card",
    "load_board",
]

DATA_FILES = (
    "continents.csv",
    "countries.csv",
    "borders.csv",
    "oil_chits.csv",
    "action_die.csv",
    "cards.csv",
    "setup.toml",
)
ENV_VAR = data_env_var("waronterror")

SIZE_NAMES = ("", "village", "town", "city")
UNIT_NAMES = ("", "vanguard", "column", "cell")
VILLAGE, TOWN, CITY = 1, 2, 3  # a development's size (Urbanizzazioni), an index of SIZE_NAMES
VANGUARD, COLUMN, CELL = 1, 2, 3  # a terrorist unit's size (Terroristi), an index of UNIT_NAMES
DIE_FACES = 6  # the action die (Turno di gioco dell'Impero)
TWO_D6_LOWEST, TWO_D6_HIGHEST = 2, 12  # the totals of two dice (combat rolls, oil numbers)
FEWEST_COUNTRIES = 2  # a map joins two countries at least
MOST_COUNTRIES = 63  # a set of countries is the bits of one int (Board.land, rules.empire_mask)
MOST_ROUNDS = 500  # the highest round limit setup.toml or the max_rounds option may set
DIE_KINDS = ("develop", "extra_card", "shuffle", "axis")
DECKS = ("empire", "terrorist")

CARD_KINDS: dict[str, bool] = {
    # kind -> needs a 2d6 roll (the card's printed number); the effect of each is in rules.py
    "war": True,
    "nuclear_weapons": True,
    "radiation_cleanup": False,
    "free_development": False,
    "explorers": False,
    "espionage": False,
    "kyoto_protocol": False,
    "oil_gush": False,
    "regime_change": True,
    "terrorist_buy_off": False,
    "whos_evil": False,
    "intelligence_leak": False,
    "terrorist_attack": True,
    "suicide_bomber": True,
    "wmds": True,
    "dirty_bomb": True,
    "oil_theft": False,
    "plane_hijack": False,
    "its_your_birthday": False,
    "terrorist_movement": False,
    "terrorist_recruitment": False,
    "terrorist_training": False,
    "video_appeal": False,
}


@dataclass(frozen=True)
class Card:
    """One card type of a deck.

    Attributes:
        deck: 0 = empire deck, 1 = terrorist deck.
        key: Short id used in action texts (``war7``).
        name: Printed title.
        kind: Effect kind (a key of ``CARD_KINDS``).
        count: Copies in the deck.
        roll: The 2d6 total the card needs (0 for cards without a roll).
    """

    deck: int
    key: str
    name: str
    kind: str
    count: int
    roll: int


@dataclass(frozen=True)
class Board:
    """Every component fact, validated.

    Attributes:
        countries: Country names, by index.
        abbr: Country abbreviations (3 letters, unique), by index.
        continent: Continent index per country.
        continents: Continent names.
        continent_abbr: Continent abbreviations.
        continent_value: Liberation points per continent.
        members: Country indices per continent.
        map: The frozen map (land and sea neighbours).
        land: Per country, the bitmask of land neighbours.
        sea_cost: ``(a, b) -> cost`` of the sea route between two countries (both orders).
        chits: The oil-chit pool (one entry per chit, 0 = blank), sorted.
        die: Action die faces as ``(kind, value)``.
        cards: Card types, in data order.
        start_villages: Per player count, villages each empire starts with.
        start_money: Per player count, starting money.
        start_cards: Per player count, empire cards dealt.
        build_cost: Cost of a village, town, city (index 1..3; index 0 unused).
        oil_revenue: Revenue of a village, town, city (index 1..3).
        card_cost: Price of an extra card.
        card_buys: Extra cards a turn.
        free_cards: Free cards a turn.
        unit_cost: Price of a vanguard, column, cell (index 1..3).
        evil_war_bonus: Money for a War card played on the Evil Empire.
        evil_free_cards: Terrorist cards an empire gets on turning evil.
        kyoto_town: Kyoto Protocol tax per town.
        kyoto_city: Kyoto Protocol tax per city.
        hijack_ransom: Plane Hijack ransom.
        birthday_gift: It's Your Birthday, from each other player.
        buy_off_per_vanguard: Terrorist Buy Off price per vanguard of the unit's worth.
        pieces: Empire pieces per colour by size (index 1..3).
        units: Terrorist units in the box by size (index 1..3).
        radiation: Radiation counters in the box.
        points_to_win: Liberation points to win by empires left (index 0..6).
        max_rounds: Default round limit (house rule).
        packaged: True when every file came from the package.
        digest: Short hash of the data (names a changed data set in the version).
    """

    countries: tuple[str, ...]
    abbr: tuple[str, ...]
    continent: tuple[int, ...]
    continents: tuple[str, ...]
    continent_abbr: tuple[str, ...]
    continent_value: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    map: FrozenMap
    land: tuple[int, ...]
    sea_cost: dict[tuple[int, int], int]
    chits: tuple[int, ...]
    die: tuple[tuple[str, int], ...]
    cards: tuple[Card, ...]
    start_villages: dict[int, int]
    start_money: dict[int, int]
    start_cards: dict[int, int]
    build_cost: tuple[int, int, int, int]
    oil_revenue: tuple[int, int, int, int]
    card_cost: int
    card_buys: int
    free_cards: int
    unit_cost: tuple[int, int, int, int]
    evil_war_bonus: int
    evil_free_cards: int
    kyoto_town: int
    kyoto_city: int
    hijack_ransom: int
    birthday_gift: int
    buy_off_per_vanguard: int
    pieces: tuple[int, int, int, int]
    units: tuple[int, int, int, int]
    radiation: int
    points_to_win: tuple[int, ...]
    max_rounds: int
    packaged: bool
    digest: str

    @property
    def n(self) -> int:
        """Number of countries."""
        return len(self.countries)

    def country(self, text: str) -> int:
        """Index of a country by name or abbreviation (case-insensitive); -1 if unknown."""
        t = text.strip().lower()
        for i, (name, ab) in enumerate(zip(self.countries, self.abbr)):
            if t in (name.lower(), ab.lower()):
                return i
        return -1

    def deck_cards(self, deck: int) -> list[int]:
        """Card indices of one deck, one entry per copy."""
        out: list[int] = []
        for k, c in enumerate(self.cards):
            if c.deck == deck:
                out.extend([k] * c.count)
        return out


# ----------------------------------------------------------------------------- reading


def _read_sources(directory: str | os.PathLike[str] | None) -> dict[str, DataSource]:
    return read_sources("realpolitik.engine.waronterror", DATA_FILES, ENV_VAR, directory)


def _continents(s: DataSource) -> tuple[list[str], list[str], list[int]]:
    """continents.csv: names, abbreviations and the terrorists' points of each continent."""
    names: list[str] = []
    abbrs: list[str] = []
    values: list[int] = []
    for line, row in s.rows(("name", "abbr", "value")):
        if not row["name"]:
            raise s.fail(line, "name", "is empty")
        if row["name"] in names:
            raise s.fail(line, "name", f"repeats '{row['name']}'")
        if not row["abbr"]:
            raise s.fail(line, "abbr", "is empty")
        names.append(row["name"])
        abbrs.append(row["abbr"])
        values.append(s.integer(line, "value", row["value"], 0, 20))
    if not names:
        raise s.fail(2, "name", "no continents")
    return names, abbrs, values


def _countries(s: DataSource, continents: list[str]) -> tuple[list[str], list[str], list[int]]:
    """countries.csv: names, abbreviations (unique words) and continents of the countries."""
    names: list[str] = []
    abbrs: list[str] = []
    conts: list[int] = []
    for line, row in s.rows(("name", "abbr", "continent")):
        if not row["name"]:
            raise s.fail(line, "name", "is empty")
        if row["name"].lower() in (x.lower() for x in names):
            raise s.fail(line, "name", f"repeats '{row['name']}'")
        ab = row["abbr"]
        if not ab or " " in ab or ab.lower() in (x.lower() for x in abbrs):
            raise s.fail(line, "abbr", f"must be a unique word, not '{ab}'")
        if row["continent"] not in continents:
            raise s.fail(line, "continent", f"names unknown continent '{row['continent']}'")
        names.append(row["name"])
        abbrs.append(ab)
        conts.append(continents.index(row["continent"]))
    if not FEWEST_COUNTRIES <= len(names) <= MOST_COUNTRIES:
        raise s.fail(2, "name", f"needs {FEWEST_COUNTRIES}..{MOST_COUNTRIES} countries, found {len(names)}")
    for k, cont in enumerate(continents):
        if k not in conts:
            raise InvalidState(f"countries.csv: continent '{cont}' has no country")
    return names, abbrs, conts


def _borders(s: DataSource, names: list[str]) -> tuple[FrozenMap, list[int], dict[tuple[int, int], int]]:
    """borders.csv: the map (connected), land borders as bitmasks and sea routes' costs."""
    index = {n: i for i, n in enumerate(names)}
    edges: list[tuple[str, str]] = []
    land = [0] * len(names)
    sea: dict[tuple[int, int], int] = {}
    seen: set[frozenset[str]] = set()
    for line, row in s.rows(("a", "b", "route", "cost")):
        for f in ("a", "b"):
            if row[f] not in index:
                raise s.fail(line, f, f"names unknown country '{row[f]}'")
        if row["a"] == row["b"]:
            raise s.fail(line, "b", "is the same country as 'a'")
        pair = frozenset((row["a"], row["b"]))
        if pair in seen:
            raise s.fail(line, "b", f"repeats the border {row['a']}-{row['b']}")
        seen.add(pair)
        a, b = index[row["a"]], index[row["b"]]
        if row["route"] == "land":
            s.integer(line, "cost", row["cost"], 0, 0)  # a land border costs nothing
            land[a] |= 1 << b
            land[b] |= 1 << a
        elif row["route"] == "sea":
            sea[(a, b)] = sea[(b, a)] = s.integer(line, "cost", row["cost"], 0, 1000)
        else:
            raise s.fail(line, "route", f"must be 'land' or 'sea', not '{row['route']}'")
        edges.append((row["a"], row["b"]))
    graph = build_graph(names, edges, "borders.csv")
    import networkx as nx

    if not nx.is_connected(graph):
        raise InvalidState("borders.csv: the map is not connected")
    return freeze(graph, names), land, sea


def _chits(s: DataSource) -> list[int]:
    """oil_chits.csv: every chit's number (0 blank, 2..12), each as many times as its count."""
    chits: list[int] = []
    numbers: set[int] = set()
    for line, row in s.rows(("number", "count")):
        num = s.integer(line, "number", row["number"], 0, TWO_D6_HIGHEST)
        if num == 1:
            raise s.fail(line, "number", "must be 0 (blank) or 2..12, not 1")
        if num in numbers:
            raise s.fail(line, "number", f"repeats {num}")
        numbers.add(num)
        chits.extend([num] * s.integer(line, "count", row["count"], 0, 100))
    return chits


def _die(s: DataSource) -> list[tuple[str, int]]:
    """action_die.csv: the six faces in order, each a kind and its value."""
    die: list[tuple[str, int]] = []
    for line, row in s.rows(("face", "kind", "value")):
        face = s.integer(line, "face", row["face"], 1, DIE_FACES)
        if face != len(die) + 1:
            raise s.fail(line, "face", f"faces must be numbered 1..6 in order, expected {len(die) + 1}")
        if row["kind"] not in DIE_KINDS:
            raise s.fail(line, "kind", f"must be one of {', '.join(DIE_KINDS)}, not '{row['kind']}'")
        lo = 1 if row["kind"] in ("develop", "extra_card") else 0
        die.append((row["kind"], s.integer(line, "value", row["value"], lo, 6 if lo else 0)))
    if len(die) != DIE_FACES:
        raise s.fail(1, "face", f"the action die has {DIE_FACES} faces, found {len(die)}")
    return die


def _cards(s: DataSource) -> list[Card]:
    """cards.csv: both decks' card types (neither deck empty)."""
    cards: list[Card] = []
    for line, row in s.rows(("deck", "key", "name", "kind", "count", "roll")):
        if row["deck"] not in DECKS:
            raise s.fail(line, "deck", f"must be 'empire' or 'terrorist', not '{row['deck']}'")
        key = row["key"]
        if not key.isalnum() or key.lower() != key or any(c.key == key for c in cards):
            raise s.fail(line, "key", f"must be a unique lower-case word, not '{key}'")
        if not row["name"]:
            raise s.fail(line, "name", "is empty")
        if row["kind"] not in CARD_KINDS:
            raise s.fail(line, "kind", f"unknown card kind '{row['kind']}' (known: {', '.join(CARD_KINDS)})")
        count = s.integer(line, "count", row["count"], 0, 100)
        roll = s.integer(line, "roll", row["roll"], 0, TWO_D6_HIGHEST)
        if CARD_KINDS[row["kind"]] and roll < TWO_D6_LOWEST:
            raise s.fail(line, "roll", f"a {row['kind']} card needs a 2d6 number (2..12)")
        if not CARD_KINDS[row["kind"]] and roll:
            raise s.fail(line, "roll", f"a {row['kind']} card has no roll: use 0")
        cards.append(Card(DECKS.index(row["deck"]), key, row["name"], row["kind"], count, roll))
    for d in (0, 1):
        if not any(c.deck == d and c.count for c in cards):
            raise s.fail(1, "deck", f"the {DECKS[d]} deck is empty")
    return cards


def _setup(s: DataSource, countries: int, chits: list[int], cards: list[Card]) -> dict[str, Any]:
    """setup.toml: starting pieces, money and cards by player count, costs, the pieces in the
    box and the victory points, checked against the other files; the ``Board`` fields."""
    doc = s.toml()
    st, co, pi, vi = (TomlTable(s, doc, name) for name in ("start", "costs", "pieces", "victory"))
    seats = (2, 3, 4, 5, 6)
    villages = st.by_count("villages", 1, 10, seats)
    ncards = st.by_count("cards", 0, 10, seats)
    points = vi.by_count("points", 1, 100, (1, *seats))
    n_chits = pi.integer("oil_chits", 1, 1000)
    if n_chits != len(chits):
        raise InvalidState(
            f"oil_chits.csv: {len(chits)} chits, but setup.toml pieces.oil_chits says {n_chits}"
        )
    if len(chits) < countries:
        raise InvalidState(f"oil_chits.csv: {len(chits)} chits for {countries} countries")
    for d in (0, 1):
        total = sum(c.count for c in cards if c.deck == d)
        need = max(ncards.values()) * 6 if d == 0 else 0
        if total < need:
            raise InvalidState(
                f"cards.csv: the {DECKS[d]} deck has {total} cards, fewer than the {need} dealt"
            )
    vmax = pi.integer("villages", 1, 100)
    if max(villages.values()) > vmax:
        raise s.fail(s.line_of("villages"), "villages", "more starting villages than pieces")
    # Terroristi: a column is "5x" vanguards, a cell "2x" columns
    van = co.integer("vanguard", 0, 1000)
    col = van * co.integer("column", 1, 100)
    return {
        "start_villages": villages,
        "start_money": st.by_count("money", 0, 10000, seats),
        "start_cards": ncards,
        "build_cost": (0, *co.ints("build", 0, 100000, (3, 3))),
        "oil_revenue": (0, *co.ints("oil", 0, 100000, (3, 3))),
        "card_cost": co.integer("card", 0, 1000),
        "card_buys": co.integer("card_buys", 0, 10),
        "free_cards": co.integer("free_cards", 0, 10),
        "unit_cost": (0, van, col, col * co.integer("cell", 1, 100)),
        "evil_war_bonus": co.integer("evil_war_bonus", 0, 1000),
        "evil_free_cards": co.integer("evil_free_cards", 0, 10),
        "kyoto_town": co.integer("kyoto_town", 0, 1000),
        "kyoto_city": co.integer("kyoto_city", 0, 1000),
        "hijack_ransom": co.integer("hijack_ransom", 0, 1000),
        "birthday_gift": co.integer("birthday_gift", 0, 1000),
        "buy_off_per_vanguard": co.integer("buy_off_per_vanguard", 0, 1000),
        "pieces": (0, vmax, pi.integer("towns", 0, 100), pi.integer("cities", 0, 100)),
        "units": (0, *(pi.integer(k, 0, 200) for k in ("vanguards", "columns", "cells"))),
        "radiation": pi.integer("radiation", 0, 100),
        "points_to_win": (points[1], *(points[k] for k in (1, *seats))),
        "max_rounds": vi.integer("max_rounds", 1, MOST_ROUNDS),
    }


def load_board(directory: str | os.PathLike[str] | None = None) -> Board:
    """Read and validate the data files, one function a file, in their reading order.

    Args:
        directory: A folder whose files replace the packaged ones (default: the
            ``REALPOLITIK_WARONTERROR_DATA`` environment variable, else none).

    Returns:
        The frozen board.

    Raises:
        InvalidState: naming the file, line and field of the first problem.
    """
    if directory is None:
        directory = os.environ.get(ENV_VAR) or None
    src = _read_sources(directory)
    cont_names, cont_abbr, cont_val = _continents(src["continents.csv"])
    names, abbrs, conts = _countries(src["countries.csv"], cont_names)
    fmap, land, sea = _borders(src["borders.csv"], names)
    chits = _chits(src["oil_chits.csv"])
    cards = _cards(src["cards.csv"])
    return Board(
        countries=tuple(names),
        abbr=tuple(abbrs),
        continent=tuple(conts),
        continents=tuple(cont_names),
        continent_abbr=tuple(cont_abbr),
        continent_value=tuple(cont_val),
        members=tuple(tuple(i for i, c in enumerate(conts) if c == k) for k in range(len(cont_names))),
        map=fmap,
        land=tuple(land),
        sea_cost=sea,
        chits=tuple(sorted(chits)),
        die=tuple(_die(src["action_die.csv"])),
        cards=tuple(cards),
        **_setup(src["setup.toml"], len(names), chits, cards),
        packaged=all(s.origin == s.name for s in src.values()),
        digest=hashlib.sha256("".join(src[n].text for n in DATA_FILES).encode()).hexdigest()[:8],
    )


BOARD: Board = load_board()
"""The board every state uses (the packaged data, or the folder in the environment variable)."""
