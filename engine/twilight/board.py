"""Twilight Struggle component facts, loaded once from ``data/`` and frozen for hot loops.

Countries are indexed 0..83 in ``countries.csv`` order. Sides: USSR = 0, US = 1 (the USSR
is seat 0 because it moves first). Regions are small ints; subregions are bitmasks.

A user's folder (``--data DIR``, or ``REALPOLITIK_TWILIGHT_DATA``) may replace any of
``DATA_FILES``; its values (stability, battlegrounds, adjacency, regions, card ops, sides,
periods, scoring and space race values) are honoured, but the list of countries and of cards
is the game's (card events and rules name them), and such a game runs on the pure reference:
the compiled core reads the packaged data only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from realpolitik.engine.core.datafiles import (
    DataSource,
    data_digest,
    data_env_var,
    read_sources,
    row_int,
)
from realpolitik.engine.core.mapgraph import FrozenMap, build_graph, freeze

__all__ = [
    "BOARD",
    "DATA_FILES",
    "ENV_VAR",
    "REGIONS",
    "REGION_NAMES",
    "SIDE_NAMES",
    "US",
    "USSR",
    "Board",
    "Card",
    "load_board",
]

PACKAGE = "realpolitik.engine.twilight"
DATA_FILES = ("countries.csv", "cards.csv", "scoring.csv", "space_race.csv")
ENV_VAR = data_env_var("twilight")

USSR = 0
US = 1
SIDE_NAMES = ("USSR", "US")
BOTH = 2  # a card whose event either superpower may play (its side in cards.csv: both)
CountryId = int

EUROPE, ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTH_AMERICA, AFRICA = range(6)
SOUTHEAST_ASIA = 6  # a subregion; used where events or scoring name it
REGIONS = ("europe", "asia", "middle_east", "central_america", "south_america", "africa")
REGION_NAMES = (
    "Europe",
    "Asia",
    "Middle East",
    "Central America",
    "South America",
    "Africa",
    "Southeast Asia",
)
SIDES = {"ussr": USSR, "us": US, "both": BOTH}
PERIODS = {"early": 1, "mid": 2, "late": 3}
LAST_SPACE_BOX = 8  # 6.4: the space race track's boxes are 1..8


@dataclass(frozen=True)
class Card:
    """One card of the seed's 103.

    Attributes:
        number: Card number in the seed's numbering.
        title: English title.
        ops: Printed operations value (0 for scoring cards).
        side: USSR (0), US (1) or both (2) — whose event it is.
        period: 1 Early, 2 Mid, 3 Late War.
        starred: Removed from the game when played as an event.
        scoring: A scoring card (must be played the turn it is drawn).
        persistent: Its effect lasts beyond the play (a judgement recorded in the data).
        text: The project's own paraphrase of the event text.
    """

    number: int
    title: str
    ops: int
    side: int
    period: int
    starred: bool
    scoring: bool
    persistent: bool
    text: str


class Board:
    """Every fact the rules need, as tuples and bitmasks.

    Args:
        sources: The data files (``DATA_FILES``), packaged or a user's.

    Attributes:
        packaged: True when no file came from a user's folder.
        digest: Short hash of the files, part of the game version when a user's file is read.
    """

    def __init__(self, sources: Mapping[str, DataSource]) -> None:
        self.packaged = not any(s.user for s in sources.values())
        self.digest = data_digest(sources, DATA_FILES)
        self._src = sources
        src = sources["countries.csv"]
        rows = src.rows(("id", "name", "region", "subregions", "stability", "battleground", "adjacent"))
        ids: list[str] = []
        edges: list[tuple[str, str]] = []
        self.name: list[str] = []
        self.region: list[int] = []
        self.stability: list[int] = []
        self.battleground: list[bool] = []
        adj_super = [0, 0]
        self.region_mask = [0] * 7
        sub_masks = {"western_europe": 0, "eastern_europe": 0, "southeast_asia": 0}
        for line, r in rows:
            i = len(ids)
            cid = r.get("id", "").strip()
            if not cid:
                raise src.fail(line, "id", "is empty")
            ids.append(cid)
            self.name.append(r["name"].strip())
            reg = r.get("region", "").strip()
            if reg not in REGIONS:
                raise src.fail(line, "region", f"= '{reg}' is unknown")
            self.region.append(REGIONS.index(reg))
            self.region_mask[REGIONS.index(reg)] |= 1 << i
            for s in r.get("subregions", "").split():
                if s not in sub_masks:
                    raise src.fail(line, "subregions", f"= '{s}' is unknown")
                sub_masks[s] |= 1 << i
            self.stability.append(row_int(src, line, r, "stability", 1, 5))
            self.battleground.append(row_int(src, line, r, "battleground", 0, 1) == 1)
            for a in r.get("adjacent", "").split():
                if a == "ussr":
                    adj_super[USSR] |= 1 << i
                elif a == "usa":
                    adj_super[US] |= 1 << i
                else:
                    edges.append((cid, a))
        for a, b in edges:
            if b not in ids:
                raise src.fail(rows[ids.index(a)][0], "adjacent", f"names unknown country '{b}'")
        if src.user and ids != list(_packaged_ids()):
            extra = sorted(set(ids) ^ set(_packaged_ids())) or ["the order"]
            raise src.fail(
                1,
                "id",
                f"the countries must be the game's {len(_packaged_ids())} in its order "
                f"(card events name them; differs at: {', '.join(extra[:5])})",
            )
        self.graph = build_graph(ids, edges, src.origin)
        self.map: FrozenMap = freeze(self.graph, ids)
        self.n = len(ids)
        self.ids = tuple(ids)
        self.index = dict(self.map.index)
        self.adj_mask = self.map.neighbour_mask
        self.neighbours = self.map.neighbours
        self.adj_superpower = tuple(adj_super)  # by side: countries adjacent to that superpower
        self.we_mask = sub_masks["western_europe"]
        self.ee_mask = sub_masks["eastern_europe"]
        self.sea_mask = sub_masks["southeast_asia"]
        self.region_mask[SOUTHEAST_ASIA] = self.sea_mask
        self.all_mask = (1 << self.n) - 1
        self.bg_mask = sum(1 << i for i in range(self.n) if self.battleground[i])
        self.region_of = tuple(self.region)
        self.name_to_index = {n.lower(): i for i, n in enumerate(self.name)}
        self.cards = self._cards()
        self.scoring = self._scoring()
        self.space = self._space()

    def _cards(self) -> dict[int, Card]:
        out: dict[int, Card] = {}
        src = self._src["cards.csv"]
        cols = ("number", "title", "ops", "side", "period", "starred", "scoring", "persistent")
        for line, r in src.rows(cols):
            n = row_int(src, line, r, "number", 1, 110)
            side = r.get("side", "").strip()
            period = r.get("period", "").strip()
            if side not in SIDES:
                raise src.fail(line, "side", f"= '{side}' is unknown")
            if period not in PERIODS:
                raise src.fail(line, "period", f"= '{period}' is unknown")
            if n in out:
                raise src.fail(line, "number", f"= {n} appears twice")
            out[n] = Card(
                number=n,
                title=r["title"].strip(),
                ops=row_int(src, line, r, "ops", 0, 4),
                side=SIDES[side],
                period=PERIODS[period],
                starred=row_int(src, line, r, "starred", 0, 1) == 1,
                scoring=row_int(src, line, r, "scoring", 0, 1) == 1,
                persistent=row_int(src, line, r, "persistent", 0, 1) == 1,
                text=(r.get("text") or "").strip(),
            )
        if src.user and sorted(out) != sorted(_packaged_cards()):
            diff = sorted(set(out) ^ set(_packaged_cards()))
            raise src.fail(
                1,
                "number",
                f"the cards must be the game's {len(_packaged_cards())} (each has its event "
                f"in code; differs at: {', '.join(map(str, diff[:5]))})",
            )
        return out

    def _scoring(self) -> dict[int, tuple[int, int, int, int]]:
        """card -> (region, presence, domination, control); control -1 = automatic win."""
        out: dict[int, tuple[int, int, int, int]] = {}
        src = self._src["scoring.csv"]
        for line, r in src.rows(("card", "region", "presence", "domination", "control")):
            card = row_int(src, line, r, "card", 1, 110)
            reg = r.get("region", "").strip()
            if reg not in REGIONS:
                raise src.fail(line, "region", f"= '{reg}' is unknown")
            ctrl = r.get("control", "").strip()
            c = -1 if ctrl == "win" else row_int(src, line, r, "control", 0, 20)
            out[card] = (
                REGIONS.index(reg),
                row_int(src, line, r, "presence", 0, 20),
                row_int(src, line, r, "domination", 0, 20),
                c,
            )
        return out

    def _space(self) -> list[tuple[int, int, int, int, str]]:
        """Box 1..8 -> (ops_needed, max_roll, vp_first, vp_second, ability); index 0 unused."""
        out: list[tuple[int, int, int, int, str]] = [(0, 0, 0, 0, "none")]
        src = self._src["space_race.csv"]
        cols = ("box", "ops_needed", "max_roll", "vp_first", "vp_second", "ability")
        for line, r in src.rows(cols):
            box = row_int(src, line, r, "box", 1, 8)
            if box != len(out):
                raise src.fail(line, "box", "boxes must be listed 1..8 in order")
            out.append(
                (
                    row_int(src, line, r, "ops_needed", 1, 4),
                    row_int(src, line, r, "max_roll", 1, 6),
                    row_int(src, line, r, "vp_first", 0, 10),
                    row_int(src, line, r, "vp_second", 0, 10),
                    r.get("ability", "none").strip(),
                )
            )
        if len(out) != LAST_SPACE_BOX + 1:
            raise src.fail(1, "box", "expected boxes 1..8")
        return out

    def country(self, name: str) -> int:
        """Country index by id or name (case-insensitive)."""
        key = name.strip().lower()
        if key in self.index:
            return self.index[key]
        if key in self.name_to_index:
            return self.name_to_index[key]
        raise KeyError(name)

    def mask_of(self, *names: str) -> int:
        """Bitmask of countries given by id or name."""
        m = 0
        for n in names:
            m |= 1 << self.country(n)
        return m


def _packaged_column(name: str, column: str) -> tuple[str, ...]:
    src = read_sources(PACKAGE, (name,), ENV_VAR, None)[name]
    return tuple(r[column] for _, r in src.rows((column,)))


def _packaged_ids() -> tuple[str, ...]:
    return _packaged_column("countries.csv", "id")


def _packaged_cards() -> tuple[int, ...]:
    return tuple(int(n) for n in _packaged_column("cards.csv", "number"))


def load_board(directory: str | os.PathLike[str] | None = None) -> Board:
    """Load and validate the data (package files, or a folder overriding some of them).

    Raises:
        InvalidState: naming the file, line and field of the first problem.
    """
    if directory is None:
        directory = os.environ.get(ENV_VAR) or None
    return Board(read_sources(PACKAGE, DATA_FILES, ENV_VAR, directory))


BOARD = load_board()
