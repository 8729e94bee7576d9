"""How to Invade a Sovereign Nation component facts, loaded once from ``data/`` and validated.

The rulebook (Giochix, Italian rulebook) gives the rules and a few numbers (Bassora 3 oil / 4
logistics, Karbala 1 and Baghdad 5 local troops, the 0.5$ starting price, the pacifism
penalties, the speech table, the phase-1 local-troops die); the board itself (provinces,
adjacency, tracks, combat table) is not public and is *reconstructed* (``data/PROVENANCE.md``).
A player who owns the game can replace any file: set ``REALPOLITIK_INVASION_DATA`` to a folder
holding one or more of ``territories.csv``, ``combat.csv``, ``buildings.csv``, ``tracks.toml``,
``setup.toml``; files missing there come from the package. A bad file raises ``InvalidState``
naming the file, the line and the field.

Indexing: territories in ``territories.csv`` order, the border territory first (index 0).
Money is counted in half dollars everywhere in the engine (the oil price moves by 0.5$).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.core.datafiles import DataSource as _Source
from realpolitik.engine.core.datafiles import TomlTable, data_env_var, read_sources
from realpolitik.engine.core.datafiles import row_int as _int
from realpolitik.engine.core.datafiles import rows as _rows
from realpolitik.engine.core.mapgraph import FrozenMap, build_graph, freeze

__all__ = [
    "BOARD",
    "BUILDINGS",
    "DATA_FILES",
    "ENV_VAR",
    "PIPELINE",
    "POLICE",
    "REFINERY",
    "WAREHOUSE",
    "Board",
    "Building",
    "Territory",
    "load_board",
]

DATA_FILES = ("territories.csv", "combat.csv", "buildings.csv", "tracks.toml", "setup.toml")
ENV_VAR = data_env_var("invasion")
GROUPS = ("border", "south", "east", "centre", "west", "north")
BUILDINGS = ("warehouse", "police", "pipeline", "refinery")
WAREHOUSE, POLICE, PIPELINE, REFINERY = 0, 1, 2, 3
RATIOS = ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1")
DIE_FACES = 6  # the combat table has a row per face of one die (# Come funziona la guerra)
MIN_TERRITORIES = 6  # fewer in territories.csv is no map to play on (a check of the data)
# What the rulebook states and the data must agree with:
RULEBOOK_COSTS = {WAREHOUSE: 1, REFINERY: 4}  # logistics a warehouse and a refinery cost
# its example at 4 players: the price change by sellers (all four: and the die)
RULEBOOK_MARKET_4 = {1: 0, 2: -1, 4: -3}
RULEBOOK_SPECULATION = {7: 2}  # its example: the highest pacifism 7 speculates +2


@dataclass(frozen=True)
class Territory:
    """One territory of the map.

    Attributes:
        name: Name printed on the board (also its id in action texts).
        short: Three-letter code used on screen.
        kind: ``border`` (the Border Territory) or ``province``.
        group: ``south`` (brown), ``east`` (orange), or another area (rendering only).
        oil: Oil the province produces (also its local troops, "La guerra").
        logistics: Logistics needed on it to produce.
        neighbours: Names of the adjacent territories.
    """

    name: str
    short: str
    kind: str
    group: str
    oil: int
    logistics: int
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class Building:
    """One kind of military building ("Costruire edifici militari").

    Attributes:
        name: ``warehouse``, ``police``, ``pipeline`` or ``refinery``.
        short: One-letter code on screen.
        cost: Logistics it costs (also the damage that destroys it).
        per_province: Most of this kind in one province.
        effect: One-line description.
    """

    name: str
    short: str
    cost: int
    per_province: int
    effect: str


def _read_sources(directory: str | os.PathLike[str] | None) -> dict[str, _Source]:
    return read_sources("realpolitik.engine.invasion", DATA_FILES, ENV_VAR, directory)


def band(table: tuple[tuple[int, int], ...], value: int) -> int:
    """The value of the last row whose lowest bound is at most ``value`` (0 below the first)."""
    out = 0
    for lowest, v in table:
        if value >= lowest:
            out = v
    return out


class Board:
    """Every component fact the rules need, validated.

    Attributes:
        territories: Border first, then the provinces.
        map: Adjacency as index arrays.
        oil, logistics: Per territory index.
        south, east: Indices of the brown and orange provinces.
        combat: ``combat[column][roll - 1]`` = losses inflicted by a side's one die
            (columns ``RATIOS``).
        buildings: The four building kinds (``BUILDINGS`` order).
        price_track: Oil price boxes in half dollars.
        digest: Short hash of the data, part of the game version.
        packaged: True when every file came from the package.
    """

    def __init__(self, sources: Mapping[str, _Source], packaged: bool) -> None:
        self.packaged = packaged
        self.digest = hashlib.sha256(
            "\0".join(sources[n].text for n in DATA_FILES).encode("utf-8")
        ).hexdigest()[:10]
        self._load_territories(sources["territories.csv"])
        self._load_combat(sources["combat.csv"])
        self._load_buildings(sources["buildings.csv"])
        self._load_tracks(sources["tracks.toml"])
        self._load_setup(sources["setup.toml"])

    # --- territories.csv
    def _load_territories(self, src: _Source) -> None:
        cols = ("name", "short", "kind", "group", "oil", "logistics", "neighbours")
        terr: list[Territory] = []
        lines: dict[str, int] = {}
        for line, row in _rows(src, cols):
            name = row["name"]
            if not name:
                raise src.fail(line, "name", "is empty")
            if name.lower() in lines:
                raise src.fail(line, "name", f"'{name}' appears twice")
            if not re.fullmatch(r"[A-Z]{3}", row["short"]):
                raise src.fail(line, "short", f"'{row['short']}' must be three capital letters")
            kind = row["kind"]
            if kind not in ("border", "province"):
                raise src.fail(line, "kind", f"'{kind}' must be border or province")
            if (kind == "border") != (not terr):
                raise src.fail(line, "kind", "the border territory must be the first row, and only it")
            group = row["group"]
            if group not in GROUPS:
                raise src.fail(line, "group", f"'{group}' must be one of {', '.join(GROUPS)}")
            if (group == "border") != (kind == "border"):
                raise src.fail(line, "group", "only the border territory is in group border")
            lo = 0 if kind == "border" else 1
            oil = _int(src, line, row, "oil", lo, 0 if kind == "border" else 9)
            log = _int(src, line, row, "logistics", lo, 0 if kind == "border" else 12)
            neigh = tuple(x.strip() for x in row["neighbours"].split(";") if x.strip())
            if not neigh:
                raise src.fail(line, "neighbours", "is empty")
            lines[name.lower()] = line
            terr.append(Territory(name, row["short"], kind, group, oil, log, neigh))
        if len(terr) < MIN_TERRITORIES:
            raise src.fail(1, "name", f"only {len(terr)} territories; the map needs more")
        names = [t.name for t in terr]
        edges = []
        for t in terr:
            for nb in t.neighbours:
                if nb not in names:
                    raise src.fail(lines[t.name.lower()], "neighbours", f"names unknown territory '{nb}'")
                other = terr[names.index(nb)]
                if t.name not in other.neighbours:
                    raise src.fail(
                        lines[t.name.lower()], "neighbours", f"'{nb}' does not list '{t.name}' back"
                    )
                edges.append((t.name, nb))
        graph = build_graph(names, edges, src.origin)
        import networkx as nx

        if not nx.is_connected(graph):
            raise src.fail(1, "neighbours", "the map is not connected")
        by = {t.name: t for t in terr}
        # Rulebook numbers ("La guerra", "Produzione di petrolio"): checked when present.
        known: tuple[tuple[str, int, int | None], ...] = (
            ("Bassora", 3, 4),
            ("Karbala", 1, None),
            ("Baghdad", 5, None),
        )
        for name, oil, need in known:
            if name in by:
                ter = by[name]
                if ter.oil != oil or (need is not None and ter.logistics != need):
                    raise src.fail(lines[name.lower()], "oil", f"{name} is {oil} oil in the rulebook")
        self.territories: tuple[Territory, ...] = tuple(terr)
        self.n = len(terr)
        self.graph = graph
        self.map: FrozenMap = freeze(graph, names)
        self.index = {t.name.lower(): i for i, t in enumerate(terr)}
        self.index.update({t.short.lower(): i for i, t in enumerate(terr)})
        self.neighbours = self.map.neighbours
        self.oil = tuple(t.oil for t in terr)
        self.logistics = tuple(t.logistics for t in terr)
        self.south = tuple(i for i, t in enumerate(terr) if t.group == "south")
        self.east = tuple(i for i, t in enumerate(terr) if t.group == "east")
        if not self.east:
            raise src.fail(1, "group", "no east (orange) province: the rebels start there")
        # # Logistiche: from the Territorio di Confine "per prime verranno attaccate le province
        # del Sud": the Border touches the south (brown) provinces, and only them
        if set(self.neighbours[0]) != set(self.south) or not self.south:
            raise src.fail(
                2, "neighbours", "the border territory must touch every south (brown) province and only them"
            )

    # --- combat.csv
    def _load_combat(self, src: _Source) -> None:
        rows = _rows(src, ("roll", *RATIOS))
        # # Come funziona la guerra: "si lanciano i due dadi": one die a side, so rolls 1..6
        table = [[0] * DIE_FACES for _ in RATIOS]
        seen = set()
        for line, row in rows:
            roll = _int(src, line, row, "roll", 1, DIE_FACES)
            if roll in seen:
                raise src.fail(line, "roll", f"{roll} appears twice")
            seen.add(roll)
            for c, col in enumerate(RATIOS):
                table[c][roll - 1] = _int(src, line, row, col, 0, 20)
        if len(seen) != DIE_FACES:
            raise src.fail(1, "roll", "every roll 1..6 (one die a side) needs a row")
        for c, col in enumerate(RATIOS):
            if any(table[c][i] > table[c][i + 1] for i in range(DIE_FACES - 1)):
                raise src.fail(1, col, "losses must not fall as the roll rises")
        for c in range(len(RATIOS) - 1):
            if any(table[c][i] > table[c + 1][i] for i in range(DIE_FACES)):
                raise src.fail(1, RATIOS[c + 1], "losses must not fall as the ratio improves")
        self.combat: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in table)

    # --- buildings.csv
    def _load_buildings(self, src: _Source) -> None:
        out: list[Building] = []
        for line, row in _rows(src, ("name", "short", "cost", "per_province", "effect")):
            name = row["name"]
            if len(out) >= len(BUILDINGS) or name != BUILDINGS[len(out)]:
                raise src.fail(line, "name", f"rows must be {', '.join(BUILDINGS)} in this order")
            cost = _int(src, line, row, "cost", 1, 9)
            per = _int(src, line, row, "per_province", 1, 3)
            if not re.fullmatch(r"[A-Z]", row["short"]):
                raise src.fail(line, "short", "must be one capital letter")
            out.append(Building(name, row["short"], cost, per, row["effect"]))
        if len(out) != len(BUILDINGS):
            raise src.fail(1, "name", f"rows must be {', '.join(BUILDINGS)}")
        if any(out[k].cost != cost for k, cost in RULEBOOK_COSTS.items()):
            raise src.fail(1, "cost", "a warehouse costs 1 logistics and a refinery 4 (rulebook)")
        self.buildings: tuple[Building, ...] = tuple(out)

    # --- tracks.toml
    def _load_tracks(self, src: _Source) -> None:
        doc = src.toml()
        price = TomlTable(src, doc, "oil_price")
        self.price_track = price.halves("track", 0.5, 100, (4, 40))
        if self.price_track[0] != 1 or list(self.price_track) != sorted(set(self.price_track)):
            raise src.fail(src.line_of("track"), "track", "must start at 0.5 and rise")
        market = TomlTable(src, doc, "market")
        self.market: dict[int, tuple[int, ...]] = {}
        for n in (3, 4, 5):
            row = market.ints(str(n), -9, 9, (n + 1, n + 1))
            self.market[n] = row
        if any(self.market[4][sellers] != change for sellers, change in RULEBOOK_MARKET_4.items()):
            raise src.fail(src.line_of("4"), "4", "4 players: 1 seller 0, 2 sellers -1, all -3 (rulebook)")
        spec = TomlTable(src, doc, "speculation")
        self.speculation = spec.bands("bands", 0, 9)
        if any(band(self.speculation, pac) != boxes for pac, boxes in RULEBOOK_SPECULATION.items()):
            raise src.fail(src.line_of("bands"), "bands", "pacifism 7 speculates +2 (rulebook example)")
        pac = TomlTable(src, doc, "pacifism")
        self.pacifism_max = pac.integer("max", 15, 15)
        self.penalty = pac.bands("penalty", 0, 100)
        want = {0: 0, 3: 0, 4: 1, 6: 1, 7: 3, 9: 3, 10: 5, 12: 5, 13: 10, 14: 10, 15: 15}
        if any(band(self.penalty, k) != v for k, v in want.items()):
            raise src.fail(
                src.line_of("penalty"), "penalty", "must be 1/3/5/10/15$ at 4/7/10/13/15 (rulebook)"
            )
        self.final_multiplier = pac.integer("final_multiplier", 10, 10)
        self.speech = pac.bands("speech", 0, 15)
        want = {1: 1, 3: 1, 4: 2, 7: 3, 10: 4, 13: 5, 15: 5}
        if any(band(self.speech, k) != v for k, v in want.items()):
            raise src.fail(src.line_of("speech"), "speech", "must be -1..-5 by 3-point bands (rulebook)")
        media = TomlTable(src, doc, "media")
        self.media_max = media.integer("max", 3, 40)
        self.base_troops = media.integer("base_troops", 3, 3)
        self.points_per_troop = media.integer("points_per_troop", 2, 2)
        self.media_cost = media.ints("cost", 0, 20, (3, 3))
        if self.media_cost != (0, 3, 6):
            raise src.fail(src.line_of("cost"), "cost", "media costs 0/3/6$ for 1/2/3 points (rulebook)")
        infl = TomlTable(src, doc, "influence")
        self.influence_max = infl.integer("max", 3, 40)
        self.influence_per_bonus = infl.integer("points_per_bonus", 3, 3)
        con = TomlTable(src, doc, "contracts")
        self.contracts = con.ints("value", 0, 1000, (2, 40))
        if self.contracts[0] != 0 or list(self.contracts) != sorted(self.contracts):
            raise src.fail(src.line_of("value"), "value", "must start at 0 and not fall")

    # --- setup.toml
    def _load_setup(self, src: _Source) -> None:
        doc = src.toml()
        st = TomlTable(src, doc, "setup")
        self.start_money = st.integer("money", 10, 10)
        self.last_bonus = st.integer("last_player_bonus", 2, 2)
        self.phases = st.integer("phases", 3, 3)
        self.turns_per_phase = st.integer("turns_per_phase", 4, 4)
        self.troop_limit = st.integer("troop_limit", 15, 15)
        self.cost_land = st.integer("unit_cost_land", 1, 1)
        self.cost_air = st.integer("unit_cost_air", 2, 2)
        bx = TomlTable(src, doc, "boxes")
        cols = bx.tab.get("columns")
        if not isinstance(cols, dict) or {k: cols.get(k) for k in ("3", "4", "5")} != {
            "3": 2,
            "4": 3,
            "5": 4,
        }:
            raise src.fail(src.line_of("columns"), "columns", "must be { 3 = 2, 4 = 3, 5 = 4 } (rulebook)")
        self.columns = {3: 2, 4: 3, 5: 4}
        self.media_points = bx.ints("media_points", 1, 3, (4, 4))
        self.purchase_units = bx.ints("purchase_units", 1, 20, (4, 4))
        self.purchase_moves = bx.ints("purchase_moves", 1, 5, (4, 4))
        self.construction_moves = bx.ints("construction_moves", 1, 5, (4, 4))
        if (
            self.media_points[:3] != (3, 2, 1)
            or self.purchase_units[:3] != (10, 5, 3)
            or self.purchase_moves[:3] != (3, 2, 1)
            or self.construction_moves[:3] != (3, 2, 1)
        ):
            raise src.fail(
                src.line_of("media_points"), "boxes", "the first three boxes are set by the rulebook"
            )
        self.money_box = bx.integer("money", 2, 2)
        self.repeat_cost = bx.ints("repeat_cost", 0, 20, (3, 3))
        fr = TomlTable(src, doc, "free")
        self.taxes_money = fr.integer("taxes_money", 5, 5)
        self.taxes_pacifism = fr.integer("taxes_pacifism", 1, 1)
        war = TomlTable(src, doc, "war")
        self.locals_die = war.bands("locals_die", 0, 6)
        self.market_die = war.bands("market_die", 0, 6)
        for key, tab in (("locals_die", self.locals_die), ("market_die", self.market_die)):
            if [band(tab, f) for f in range(1, 7)] != [0, 1, 1, 2, 2, 3]:
                raise src.fail(src.line_of(key), key, "must be 1:0, 2-3:1, 4-5:2, 6:3 (rulebook)")
        oil = TomlTable(src, doc, "oil")
        self.withdraw = oil.integer("withdraw", 2, 2)
        self.storage_base = oil.integer("storage_base", 1, 1)
        self.storage_per_warehouse = oil.integer("storage_per_warehouse", 4, 4)
        reb = TomlTable(src, doc, "rebels")
        self.rebel_max = reb.integer("max_strength", 4, 4)
        self.police_here = reb.integer("police_here", 3, 3)
        self.police_near = reb.integer("police_near", 1, 1)

    # --- lookups
    def territory(self, name: str) -> int:
        """Index of a territory by name or three-letter code (case-insensitive)."""
        key = name.strip().lower()
        if key not in self.index:
            raise InvalidState(f"unknown territory '{name}'")
        return self.index[key]


def load_board(directory: str | os.PathLike[str] | None = None) -> Board:
    """Load and validate the data (package files, or a folder overriding some of them)."""
    if directory is None:
        directory = os.environ.get(ENV_VAR) or None
    sources = _read_sources(directory)
    packaged = all(s.origin == s.name for s in sources.values())
    return Board(sources, packaged)


BOARD = load_board()
