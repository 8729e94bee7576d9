"""Twilight Struggle component facts, loaded once from ``data/`` and frozen for hot loops.

Countries are indexed 0..83 in ``countries.csv`` order. Sides: USSR = 0, US = 1 (the USSR
is seat 0 because it moves first). Regions are small ints; subregions are bitmasks.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.core.mapgraph import FrozenMap, build_graph, freeze

__all__ = ["BOARD", "REGIONS", "REGION_NAMES", "SIDE_NAMES", "US", "USSR", "Board", "Card"]

USSR = 0
US = 1
SIDE_NAMES = ("USSR", "US")
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
SIDES = {"ussr": USSR, "us": US, "both": 2}
PERIODS = {"early": 1, "mid": 2, "late": 3}


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


def _read(name: str) -> list[dict[str, str]]:
    raw = (
        resources.files("realpolitik.engine.twilight")
        .joinpath("data")
        .joinpath(name)
        .read_text(encoding="utf-8")
    )
    return list(csv.DictReader(io.StringIO(raw)))


def _int(row: dict[str, str], key: str, source: str, line: int, lo: int, hi: int) -> int:
    try:
        v = int(row[key])
    except (KeyError, TypeError, ValueError):
        raise InvalidState(f"{source} line {line}: field '{key}' must be an integer") from None
    if not lo <= v <= hi:
        raise InvalidState(f"{source} line {line}: field '{key}' = {v} is outside {lo}..{hi}")
    return v


class Board:
    """Every fact the rules need, as tuples and bitmasks."""

    def __init__(self) -> None:
        rows = _read("countries.csv")
        ids: list[str] = []
        edges: list[tuple[str, str]] = []
        self.name: list[str] = []
        self.region: list[int] = []
        self.stability: list[int] = []
        self.battleground: list[bool] = []
        adj_super = [0, 0]
        self.region_mask = [0] * 7
        sub_masks = {"western_europe": 0, "eastern_europe": 0, "southeast_asia": 0}
        for line, r in enumerate(rows, start=2):
            i = len(ids)
            cid = r.get("id", "").strip()
            if not cid:
                raise InvalidState(f"countries.csv line {line}: field 'id' is empty")
            ids.append(cid)
            self.name.append(r["name"].strip())
            reg = r.get("region", "").strip()
            if reg not in REGIONS:
                raise InvalidState(f"countries.csv line {line}: field 'region' = '{reg}' is unknown")
            self.region.append(REGIONS.index(reg))
            self.region_mask[REGIONS.index(reg)] |= 1 << i
            for s in r.get("subregions", "").split():
                if s not in sub_masks:
                    raise InvalidState(f"countries.csv line {line}: field 'subregions' = '{s}' is unknown")
                sub_masks[s] |= 1 << i
            self.stability.append(_int(r, "stability", "countries.csv", line, 1, 5))
            self.battleground.append(_int(r, "battleground", "countries.csv", line, 0, 1) == 1)
            for a in r.get("adjacent", "").split():
                if a == "ussr":
                    adj_super[USSR] |= 1 << i
                elif a == "usa":
                    adj_super[US] |= 1 << i
                else:
                    edges.append((cid, a))
        self.graph = build_graph(ids, edges, "countries.csv")
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
        for line, r in enumerate(_read("cards.csv"), start=2):
            n = _int(r, "number", "cards.csv", line, 1, 110)
            side = r.get("side", "").strip()
            period = r.get("period", "").strip()
            if side not in SIDES:
                raise InvalidState(f"cards.csv line {line}: field 'side' = '{side}' is unknown")
            if period not in PERIODS:
                raise InvalidState(f"cards.csv line {line}: field 'period' = '{period}' is unknown")
            if n in out:
                raise InvalidState(f"cards.csv line {line}: card number {n} appears twice")
            out[n] = Card(
                number=n,
                title=r["title"].strip(),
                ops=_int(r, "ops", "cards.csv", line, 0, 4),
                side=SIDES[side],
                period=PERIODS[period],
                starred=_int(r, "starred", "cards.csv", line, 0, 1) == 1,
                scoring=_int(r, "scoring", "cards.csv", line, 0, 1) == 1,
                persistent=_int(r, "persistent", "cards.csv", line, 0, 1) == 1,
                text=(r.get("text") or "").strip(),
            )
        return out

    def _scoring(self) -> dict[int, tuple[int, int, int, int]]:
        """card -> (region, presence, domination, control); control -1 = automatic win."""
        out: dict[int, tuple[int, int, int, int]] = {}
        for line, r in enumerate(_read("scoring.csv"), start=2):
            card = _int(r, "card", "scoring.csv", line, 1, 110)
            reg = r.get("region", "").strip()
            if reg not in REGIONS:
                raise InvalidState(f"scoring.csv line {line}: field 'region' = '{reg}' is unknown")
            ctrl = r.get("control", "").strip()
            c = -1 if ctrl == "win" else _int(r, "control", "scoring.csv", line, 0, 20)
            out[card] = (
                REGIONS.index(reg),
                _int(r, "presence", "scoring.csv", line, 0, 20),
                _int(r, "domination", "scoring.csv", line, 0, 20),
                c,
            )
        return out

    def _space(self) -> list[tuple[int, int, int, int, str]]:
        """Box 1..8 -> (ops_needed, max_roll, vp_first, vp_second, ability); index 0 unused."""
        out: list[tuple[int, int, int, int, str]] = [(0, 0, 0, 0, "none")]
        for line, r in enumerate(_read("space_race.csv"), start=2):
            box = _int(r, "box", "space_race.csv", line, 1, 8)
            if box != len(out):
                raise InvalidState(f"space_race.csv line {line}: boxes must be listed 1..8 in order")
            out.append(
                (
                    _int(r, "ops_needed", "space_race.csv", line, 1, 4),
                    _int(r, "max_roll", "space_race.csv", line, 1, 6),
                    _int(r, "vp_first", "space_race.csv", line, 0, 10),
                    _int(r, "vp_second", "space_race.csv", line, 0, 10),
                    r.get("ability", "none").strip(),
                )
            )
        if len(out) != 9:
            raise InvalidState("space_race.csv: expected boxes 1..8")
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


BOARD = Board()
