"""Ideology component facts, loaded once from ``data/`` through a validator and frozen.

The rulebook (Ideology: The War of Ideas, Italian rulebook) gives the rules but not the
components: the 43 regions, their printed levels and adjacency, each deck's split, the
advancement cards' counts and effects and the ideologies' special rules are *reconstructed*
(see ``data/PROVENANCE.md`` and ``docs/ideology.md``). A player who owns the game can replace
any data file with the printed values: set ``REALPOLITIK_IDEOLOGY_DATA`` to a folder holding
one or more of ``regions.csv``, ``ideologies.csv``, ``ideology_rules.csv``,
``advancements.csv``, ``setup.toml``; files missing there come from the package. Every file
is validated on load and a bad one raises ``InvalidState`` naming the file, line and field.

Two data sets ship (the ``variant`` option): ``reconstructed`` (the default, ``data/``) and
``rulebook`` (``data/rulebook/`` replaces the files it holds): the same map and decks, which
the game cannot do without, but only what the rulebook itself states about advancements (the
5.1 levels of Tactics, Industry and Patriotism; costs; WMD's Global Influence) and no special
rules or starting advancements. Effects are data (``effects.py``).

Indexing: regions 0..42 in ``regions.csv`` order; ideologies 0..4 in ``ideologies.csv``
order; influence types MIL = 0, ECO = 1, CUL = 2; advancements 0..6 in
``advancements.csv`` order.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass

import networkx as nx

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.core.datafiles import DataSource, TomlTable, data_env_var, read_sources, row_int
from realpolitik.engine.core.datafiles import rows as csv_rows
from realpolitik.engine.core.mapgraph import FrozenMap, build_graph, freeze
from realpolitik.engine.ideology.effects import Effect, EffectError, parse_effects

__all__ = [
    "BOARD",
    "BOARDS",
    "CUL",
    "DATA_FILES",
    "ECO",
    "ENV_VAR",
    "MIL",
    "NEUTRAL",
    "PEACE",
    "STANCE_NAMES",
    "TYPES",
    "TYPE_NAMES",
    "TYPE_SHORT",
    "VARIANTS",
    "WAR",
    "Advancement",
    "Board",
    "IdeologyCard",
    "Region",
    "SpecialRule",
    "load_board",
]

RegionId = int
IdeologyId = int
AdvId = int

MIL, ECO, CUL = 0, 1, 2
TYPES = (MIL, ECO, CUL)
TYPE_NAMES = ("military", "economic", "cultural")
TYPE_SHORT = ("mil", "eco", "cul")
PEACE, NEUTRAL, WAR = 0, 1, 2
STANCE_NAMES = ("peace", "neutral", "war")

DATA_FILES = ("regions.csv", "ideologies.csv", "ideology_rules.csv", "advancements.csv", "setup.toml")
ENV_VAR = data_env_var("ideology")

VARIANTS = ("reconstructed", "rulebook")
IDEOLOGY_COUNT = 5  # the box's ideology sheets
ADVANCEMENT_TYPES = 7  # three tier-1, three tier-2 and one tier-3 (WMD) type
ADVANCEMENT_COPIES = 85  # advancement cards in the box, all types together
WMD_TIER = 3  # the one tier-3 advancement: Weapons of Mass Destruction
SCOPES = ("home", "near-home", "controlled", "anywhere")


@dataclass(frozen=True)
class Region:
    """One region tile.

    Attributes:
        name: Name printed on the tile (also its id in data files and action texts).
        level: Printed Development Level, 1..3.
        area: Part of the world (for rendering only).
        neighbours: Names of the adjacent regions printed on the tile.
    """

    name: str
    level: int
    area: str
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class IdeologyCard:
    """One ideology sheet.

    Attributes:
        name: Full name (``Islamic Fundamentalism``).
        short: One-word name used in action texts (``Fundamentalism``).
        colour: Colour of its pieces (rendering).
        chart: Its space on the Turn Order Chart, 1 = leftmost.
        start_region: Index of its starting region.
        start_advancement: Index of the advancement it starts with, -1 for none.
        split: Military, economic and cultural cards in its 45-card deck.
        pair: In a 2-player game, the ideology dealt to the second player (rulebook table).
    """

    name: str
    short: str
    colour: str
    chart: int
    start_region: RegionId
    start_advancement: AdvId
    split: tuple[int, int, int]
    pair: IdeologyId


@dataclass(frozen=True)
class SpecialRule:
    """One of an ideology's special rules (a sheet may print any number).

    Attributes:
        ideology: Index of the ideology.
        name: The rule's name.
        effects: What it does (``effects.py``).
        text: One-line description.
    """

    ideology: IdeologyId
    name: str
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True)
class Advancement:
    """One advancement type (a supply pile).

    Attributes:
        name: Full name.
        short: Three-letter code.
        tier: 1 (bought with influence cards), 2 (with level-1s) or 3 (WMD, with level-2s).
        count: Copies in the box (the supply).
        cost_cards: Influence cards of each type it costs.
        cost_advs: Advancements it costs (returned to the supply).
        effects: What each copy does (``effects.py``).
        global_influence: Global Influence each copy adds (WMD).
        tiebreak: Points in the end-of-game tie-break.
        text: One-line description.
    """

    name: str
    short: str
    tier: int
    count: int
    cost_cards: tuple[int, int, int]
    cost_advs: tuple[AdvId, ...]
    effects: tuple[Effect, ...]
    global_influence: int
    tiebreak: int
    text: str


# ----------------------------------------------------------------------------- reading


def _read_sources(directory: str | os.PathLike[str] | None, variant: str) -> dict[str, DataSource]:
    return read_sources(
        "realpolitik.engine.ideology",
        DATA_FILES,
        ENV_VAR,
        directory,
        variant if variant != VARIANTS[0] else None,
    )


def _types(src: DataSource, line: int, row: Mapping[str, str], key: str) -> tuple[int, ...]:
    out = []
    for word in row.get(key, "").split():
        w = word.lower()
        if w not in TYPE_NAMES:
            raise src.fail(
                line, key, f"names unknown influence type '{word}' (use military, economic, cultural)"
            )
        t = TYPE_NAMES.index(w)
        if t in out:
            raise src.fail(line, key, f"repeats '{word}'")
        out.append(t)
    return tuple(out)


def _effects(src: DataSource, line: int, row: Mapping[str, str]) -> tuple[Effect, ...]:
    try:
        return parse_effects(row.get("effects", ""))
    except EffectError as exc:
        raise src.fail(line, "effects", str(exc)) from None


# ----------------------------------------------------------------------------- the board


class Board:
    """Every component fact the rules need, validated, with index arrays for hot loops.

    Attributes:
        regions: The 43 region tiles.
        ideologies: The 5 ideology sheets.
        rules: Every special rule, in file order.
        advancements: The 7 advancement types.
        graph: The adjacency graph (networkx), built once.
        map: The graph frozen to index arrays.
        level: Printed level per region index.
        neighbour_mask: Bitmask of neighbours per region index.
        victory: Global Influence that ends the game (12).
        start_level: Development Level of a starting region (3).
        start_cards: Cards per sector beside a starting region (3).
        deck_size: Influence cards per ideology (45).
        max_turns: Default turn limit (house rule, an option).
        digest: Short hash of the data, part of the game version.
        packaged: True when every file came from the package.
        variant: The data set (``reconstructed`` or ``rulebook``).
    """

    def __init__(self, sources: Mapping[str, DataSource], packaged: bool, variant: str = VARIANTS[0]) -> None:
        self.packaged = packaged
        self.variant = variant
        self.digest = hashlib.sha256(
            "\0".join(sources[n].text for n in DATA_FILES).encode("utf-8")
        ).hexdigest()[:10]
        self._load_setup(sources["setup.toml"])
        self._load_regions(sources["regions.csv"])
        self._load_advancements(sources["advancements.csv"])
        self._load_ideologies(sources["ideologies.csv"])
        self._load_rules(sources["ideology_rules.csv"])
        self._derive()

    # --- setup.toml
    def _load_setup(self, src: DataSource) -> None:
        game = TomlTable(src, src.toml(), "game")
        # The rulebook's numbers are fixed: a printed-values file must agree with them.
        self.n_regions = game.integer("regions", 43, 43)  # Contenuto: 43 Tessere Regione
        self.deck_size = game.integer("deck_size", 45, 45)  # 225 Carte Influenza, 5 ideologies
        self.start_level = game.integer("start_level", 3, 3)  # Obiettivo del gioco
        self.start_cards = game.integer("start_cards_per_sector", 3, 3)  # Preparazione del gioco
        self.victory = game.integer("victory_influence", 12, 12)  # Fine del gioco e vittoria
        self.max_turns = game.integer("max_turns", 1, 200)  # house rule
        game.only(
            (
                "regions",
                "deck_size",
                "start_level",
                "start_cards_per_sector",
                "victory_influence",
                "max_turns",
            )
        )

    # --- regions.csv
    def _load_regions(self, src: DataSource) -> None:
        rows = csv_rows(src, ("name", "level", "area", "neighbours"))
        regions: list[Region] = []
        seen: dict[str, int] = {}
        for line, row in rows:
            name = row["name"]
            if not name:
                raise src.fail(line, "name", "is empty")
            if name.lower() in seen:
                raise src.fail(line, "name", f"'{name}' repeats line {seen[name.lower()]}")
            seen[name.lower()] = line
            level = row_int(src, line, row, "level", 1, 3)
            nbs = tuple(x.strip() for x in row["neighbours"].split(";") if x.strip())
            if not nbs:
                raise src.fail(line, "neighbours", f"of '{name}' is empty (every region touches another)")
            regions.append(Region(name, level, row["area"] or "World", nbs))
        if len(regions) != self.n_regions:
            raise src.fail(
                rows[-1][0] if rows else 1,
                "name",
                f"lists {len(regions)} regions; the game has {self.n_regions}",
            )
        names = {r.name: i for i, r in enumerate(regions)}
        lines = {r.name: row_line for (row_line, _), r in zip(rows, regions)}
        edges: list[tuple[str, str]] = []
        for r in regions:
            for neighbour in r.neighbours:
                if neighbour not in names:
                    raise src.fail(
                        lines[r.name], "neighbours", f"of '{r.name}' names unknown region '{neighbour}'"
                    )
                if neighbour == r.name:
                    raise src.fail(lines[r.name], "neighbours", f"of '{r.name}' names itself")
                if r.name not in regions[names[neighbour]].neighbours:
                    raise src.fail(
                        lines[neighbour],
                        "neighbours",
                        f"of '{neighbour}' lacks '{r.name}' (adjacency must be symmetric)",
                    )
                edges.append((r.name, neighbour))
        graph = build_graph([r.name for r in regions], edges, src.origin)
        if not nx.is_connected(graph):
            parts = sorted(nx.connected_components(graph), key=len)
            cut = sorted(parts[0])[0]
            raise src.fail(lines[cut], "neighbours", f"leave '{cut}' cut off from the rest of the map")
        self.regions = tuple(regions)
        self.region_index = names
        self.region_lines = lines
        self.graph = graph
        self.map: FrozenMap = freeze(graph, [r.name for r in regions])

    # --- advancements.csv
    def _load_advancements(self, src: DataSource) -> None:
        cols = (
            "name",
            "short",
            "tier",
            "count",
            "cost",
            "effects",
            "global_influence",
            "tiebreak",
            "text",
        )
        rows = csv_rows(src, cols)
        names: dict[str, int] = {}
        parsed: list[tuple[int, dict[str, str]]] = []
        for line, row in rows:
            if not row["name"]:
                raise src.fail(line, "name", "is empty")
            if row["name"] in names:
                raise src.fail(line, "name", f"'{row['name']}' repeats")
            names[row["name"]] = len(parsed)
            parsed.append((line, row))
        if len(parsed) != ADVANCEMENT_TYPES:
            raise src.fail(
                rows[-1][0] if rows else 1,
                "name",
                f"lists {len(parsed)} advancement types; the game has {ADVANCEMENT_TYPES}",
            )
        advs: list[Advancement] = []
        for line, row in parsed:
            tier = row_int(src, line, row, "tier", 1, 3)
            count = row_int(src, line, row, "count", 1, 85)
            parts = [p.strip() for p in row["cost"].split("+") if p.strip()]
            cards = [0, 0, 0]
            cadv: list[int] = []
            for p in parts:
                if tier == 1:
                    if p.lower() not in TYPE_NAMES:
                        raise src.fail(
                            line, "cost", f"of a tier-1 advancement names '{p}', not an influence type"
                        )
                    cards[TYPE_NAMES.index(p.lower())] += 1
                else:
                    if p not in names:
                        raise src.fail(line, "cost", f"names unknown advancement '{p}'")
                    want = tier - 1
                    got = row_int(src, parsed[names[p]][0], parsed[names[p]][1], "tier", 1, 3)
                    if got != want:
                        raise src.fail(
                            line, "cost", f"'{p}' is tier {got}; a tier-{tier} card costs tier-{want} cards"
                        )
                    cadv.append(names[p])
            # 3.2: level 1 costs two influence cards, level 2 two level-1s, WMD the three level-2s.
            need = {1: 2, 2: 2, 3: 3}[tier]
            if len(parts) != need:
                raise src.fail(
                    line, "cost", f"has {len(parts)} parts; a tier-{tier} advancement costs {need}"
                )
            effects = _effects(src, line, row)
            for e in effects:
                if e.kind in ("trade", "war-only-if-attacked") or (
                    e.kind == "level" and e.where != "anywhere"
                ):
                    raise src.fail(
                        line, "effects", f"an advancement card cannot have a '{e.kind}' effect like this"
                    )
                if e.kind == "strike" and tier != WMD_TIER:
                    raise src.fail(line, "effects", "only the level-3 card (WMD) can have 'strike'")
            advs.append(
                Advancement(
                    name=row["name"],
                    short=row["short"] or row["name"][:3].upper(),
                    tier=tier,
                    count=count,
                    cost_cards=(cards[0], cards[1], cards[2]),
                    cost_advs=tuple(cadv),
                    effects=effects,
                    global_influence=row_int(src, line, row, "global_influence", 0, 1),
                    tiebreak=row_int(src, line, row, "tiebreak", 0, 2),
                    text=row["text"],
                )
            )
        total = sum(a.count for a in advs)
        if total != ADVANCEMENT_COPIES:
            raise src.fail(
                parsed[-1][0], "count", f"copies add up to {total}; the box holds {ADVANCEMENT_COPIES}"
            )
        tiers = sorted(a.tier for a in advs)
        if tiers != [1, 1, 1, 2, 2, 2, 3]:
            raise src.fail(
                parsed[-1][0], "tier", "must give three tier-1, three tier-2 and one tier-3 (WMD) types"
            )
        for (line, _), a in zip(parsed, advs):
            # 5.1: Tactics, Industry and Patriotism are the levels of the three conflict types
            if a.tier == 1 and (
                len(a.effects) != 1
                or a.effects[0]
                != Effect("level", 1, (a.cost_cards.index(2),), attacking=True, defending=True)
            ):
                raise src.fail(
                    line,
                    "effects",
                    f"'{a.name}' must be exactly 'level +1' in the one type it costs (5.1)",
                )
            if a.tier == WMD_TIER and a.global_influence != 1:
                raise src.fail(line, "global_influence", "WMD adds 1 Global Influence (phase 1)")
            if a.tier != WMD_TIER and a.global_influence:
                raise src.fail(line, "global_influence", "only WMD adds Global Influence")
        tier1 = [i for i, a in enumerate(advs) if a.tier == 1]
        if sorted(advs[i].effects[0].types[0] for i in tier1) != [0, 1, 2]:
            raise src.fail(
                parsed[tier1[-1]][0],
                "effects",
                "the three tier-1 types must be the levels of military, economic and cultural",
            )
        tier2 = [i for i, a in enumerate(advs) if a.tier == 2]  # noqa: PLR2004 (tier 2 as the data numbers it)
        if len({tuple(sorted(advs[i].cost_advs)) for i in tier2}) != len(TYPES):
            raise src.fail(parsed[tier2[-1]][0], "cost", "the three tier-2 types must cost different pairs")
        self.advancements = tuple(advs)
        self.adv_index = names
        self.adv_index.update({a.short.lower(): i for i, a in enumerate(advs)})
        self.tier1_of_type = tuple(next(i for i in tier1 if advs[i].effects[0].types[0] == t) for t in TYPES)
        self.wmd = next(i for i, a in enumerate(advs) if a.tier == WMD_TIER)
        self.strike = any(e.kind == "strike" for e in advs[self.wmd].effects)

    # --- ideologies.csv
    def _load_ideologies(self, src: DataSource) -> None:
        cols = (
            "name",
            "short",
            "colour",
            "chart",
            "start_region",
            "start_advancement",
            "military",
            "economic",
            "cultural",
            "pair_2p",
        )
        rows = csv_rows(src, cols)
        if len(rows) != IDEOLOGY_COUNT:
            raise src.fail(
                rows[-1][0] if rows else 1,
                "name",
                f"lists {len(rows)} ideologies; the game has {IDEOLOGY_COUNT}",
            )
        names: set[str] = set()
        for line, row in rows:
            if not row["name"] or not row["short"]:
                raise src.fail(line, "name" if not row["name"] else "short", "is empty")
            if " " in row["short"]:
                raise src.fail(line, "short", "must be one word (it appears in action texts)")
            for k in ("name", "short"):
                if row[k].lower() in names and not (
                    k == "short" and row["short"].lower() == row["name"].lower()
                ):
                    raise src.fail(line, k, f"'{row[k]}' repeats")
            names.add(row["name"].lower())
            names.add(row["short"].lower())
        index: dict[str, int] = {}
        for i, (_, row) in enumerate(rows):
            index[row["name"].lower()] = i
            index[row["short"].lower()] = i
        ideos: list[IdeologyCard] = []
        charts: set[int] = set()
        starts: dict[int, str] = {}
        for line, row in rows:
            chart = row_int(src, line, row, "chart", 1, 5)
            if chart in charts:
                raise src.fail(line, "chart", f"= {chart} is taken by another ideology")
            charts.add(chart)
            reg = row["start_region"]
            if reg not in self.region_index:
                raise src.fail(line, "start_region", f"names unknown region '{reg}'")
            r = self.region_index[reg]
            if r in starts:
                raise src.fail(line, "start_region", f"'{reg}' is also {starts[r]}'s starting region")
            starts[r] = row["name"]
            if self.regions[r].level != self.start_level:
                raise src.fail(
                    line,
                    "start_region",
                    f"'{reg}' has level {self.regions[r].level}; starting regions have {self.start_level}",
                )
            adv = row["start_advancement"]
            if adv and adv not in self.adv_index:
                raise src.fail(line, "start_advancement", f"names unknown advancement '{adv}'")
            split = tuple(
                row_int(src, line, row, k, self.start_cards, self.deck_size)
                for k in ("military", "economic", "cultural")
            )
            if sum(split) != self.deck_size:
                raise src.fail(
                    line, "cultural", f"military+economic+cultural = {sum(split)}, not {self.deck_size}"
                )
            pair = row["pair_2p"].lower()
            if pair not in index:
                raise src.fail(line, "pair_2p", f"names unknown ideology '{row['pair_2p']}'")
            if index[pair] == index[row["name"].lower()]:
                raise src.fail(line, "pair_2p", "cannot pair an ideology with itself")
            ideos.append(
                IdeologyCard(
                    name=row["name"],
                    short=row["short"],
                    colour=row["colour"] or "white",
                    chart=chart,
                    start_region=r,
                    start_advancement=self.adv_index[adv] if adv else -1,
                    split=(split[0], split[1], split[2]),
                    pair=index[pair],
                )
            )
        self.ideologies = tuple(ideos)
        self.ideology_index = index

    # --- ideology_rules.csv
    def _load_rules(self, src: DataSource) -> None:
        rows = csv_rows(src, ("ideology", "rule", "effects", "text"))
        rules: list[SpecialRule] = []
        for line, row in rows:
            who = row["ideology"].lower()
            if who not in self.ideology_index:
                raise src.fail(line, "ideology", f"names unknown ideology '{row['ideology']}'")
            if not row["rule"]:
                raise src.fail(line, "rule", "is empty")
            effects = _effects(src, line, row)
            if not effects:
                raise src.fail(line, "effects", f"of '{row['rule']}' is empty (a rule does something)")
            if any(e.kind == "strike" for e in effects):
                raise src.fail(line, "effects", "'strike' belongs to the level-3 advancement card")
            rules.append(SpecialRule(self.ideology_index[who], row["rule"], effects, row["text"]))
        self.rules = tuple(rules)

    # --- derived arrays
    def _derive(self) -> None:
        self.n = len(self.regions)
        self.level = tuple(r.level for r in self.regions)
        self.neighbour_mask = self.map.neighbour_mask
        # regions within 1, 2, 3 steps of each region (bitmasks), for reach effects
        balls = [tuple(1 << r for r in range(self.n))]
        for _ in range(3):
            prev = balls[-1]
            grown = []
            for r in range(self.n):
                m = prev[r]
                for x in range(self.n):
                    if prev[r] >> x & 1:
                        m |= self.neighbour_mask[x]
                grown.append(m)
            balls.append(tuple(grown))
        self.within = tuple(balls)  # within[k][r]: regions at most k steps from r
        self.names = tuple(r.name for r in self.regions)
        num_advancements = len(self.advancements)
        num_ideologies = len(self.ideologies)
        # per advancement copy: levels attacking / defending, reach per type, free masks
        self.adv_att = [[0, 0, 0] for _ in range(num_advancements)]
        self.adv_def = [[0, 0, 0] for _ in range(num_advancements)]
        self.adv_reach = [[1, 1, 1] for _ in range(num_advancements)]  # placing
        self.adv_reach_att = [[1, 1, 1] for _ in range(num_advancements)]  # attacking
        self.adv_free_place = [0] * num_advancements
        self.adv_free_att = [0] * num_advancements
        for k, a in enumerate(self.advancements):
            self._compile(
                a.effects,
                self.adv_att[k],
                [self.adv_def[k]] * 4,
                (self.adv_reach[k], self.adv_reach_att[k]),
                k,
                None,
            )
        # per ideology: the same from its special rules, defence levels by where they count
        self.rule_att = [[0, 0, 0] for _ in range(num_ideologies)]
        self.rule_def = [[[0, 0, 0] for _ in SCOPES] for _ in range(num_ideologies)]
        self.rule_reach = [[1, 1, 1] for _ in range(num_ideologies)]  # placing
        self.rule_reach_att = [[1, 1, 1] for _ in range(num_ideologies)]  # attacking
        self.rule_free_place = [0] * num_ideologies
        self.rule_free_att = [0] * num_ideologies
        self.rule_trade = [0] * num_ideologies
        self.isolationist = [False] * num_ideologies
        for rule in self.rules:
            i = rule.ideology
            self._compile(
                rule.effects,
                self.rule_att[i],
                self.rule_def[i],
                (self.rule_reach[i], self.rule_reach_att[i]),
                None,
                i,
            )

    def _compile(
        self,
        effects: tuple[Effect, ...],
        att: list[int],
        dfn: list[list[int]],
        reach: tuple[list[int], list[int]],
        adv: int | None,
        ideology: int | None,
    ) -> None:
        """Add ``effects`` to the tables of one advancement or one ideology."""
        for e in effects:
            if e.kind == "level":
                for t in e.types:
                    if e.attacking:
                        att[t] += e.amount
                    if e.defending:
                        dfn[SCOPES.index(e.where)][t] += e.amount
            elif e.kind == "reach":
                for t in e.types:
                    if e.placing:
                        reach[0][t] = max(reach[0][t], e.amount)
                    if e.attacking:
                        reach[1][t] = max(reach[1][t], e.amount)
            elif e.kind == "free":
                mask = sum(1 << t for t in e.types)
                if adv is not None:
                    if e.placing:
                        self.adv_free_place[adv] |= mask
                    if e.attacking:
                        self.adv_free_att[adv] |= mask
                elif ideology is not None:
                    if e.placing:
                        self.rule_free_place[ideology] |= mask
                    if e.attacking:
                        self.rule_free_att[ideology] |= mask
            elif e.kind == "trade" and ideology is not None:
                self.rule_trade[ideology] += e.amount
            elif e.kind == "war-only-if-attacked" and ideology is not None:
                self.isolationist[ideology] = True

    def effects_of(self, ideology: int) -> list[SpecialRule]:
        """The special rules of one ideology, in file order."""
        return [r for r in self.rules if r.ideology == ideology]

    # --- lookups
    def region(self, name: str) -> RegionId:
        """Region index by name (case-insensitive)."""
        key = name.strip().lower()
        for i, r in enumerate(self.regions):
            if r.name.lower() == key:
                return i
        raise KeyError(name)

    def ideology(self, name: str) -> IdeologyId:
        """Ideology index by full or short name (case-insensitive)."""
        return self.ideology_index[name.strip().lower()]

    def advancement(self, name: str) -> AdvId:
        """Advancement index by name or short code."""
        key = name.strip()
        if key in self.adv_index:
            return self.adv_index[key]
        return self.adv_index[key.lower()]


def load_board(directory: str | os.PathLike[str] | None = None, variant: str = VARIANTS[0]) -> Board:
    """Load and validate the data files.

    Args:
        directory: A folder whose files replace the packaged ones (any subset of
            ``DATA_FILES``); None for the packaged data only.
        variant: ``reconstructed`` (the default data set) or ``rulebook``.

    Returns:
        The validated board.

    Raises:
        InvalidState: naming the file, line and field of the first problem.
    """
    if variant not in VARIANTS:
        raise InvalidState(f"options: 'variant' must be one of {', '.join(VARIANTS)}, not {variant!r}")
    sources = _read_sources(directory, variant)
    packaged = not any(s.user for s in sources.values())
    return Board(sources, packaged, variant)


BOARDS = {v: load_board(os.environ.get(ENV_VAR) or None, v) for v in VARIANTS}
"""One board per data set: packaged data, or a user's files from ``$REALPOLITIK_IDEOLOGY_DATA``."""

BOARD = BOARDS[VARIANTS[0]]
"""The default board; everything that does not depend on the data set (map, decks, names)."""

for _variant, _board in BOARDS.items():
    if (_board.names, _board.level, _board.neighbour_mask, [i.split for i in _board.ideologies]) != (
        BOARD.names,
        BOARD.level,
        BOARD.neighbour_mask,
        [i.split for i in BOARD.ideologies],
    ) or [a.name for a in _board.advancements] != [a.name for a in BOARD.advancements]:
        raise InvalidState(f"the '{_variant}' data set must share the map, decks and advancement names")
