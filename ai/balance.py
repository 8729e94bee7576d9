"""Balance figures of self-play games: win share by seat, by place in the first turn order and by
role, how games end, how long they last; and two sets of games compared on paired seeds.

The games are a tournament's rows with their balance facts (``TournamentConfig.facts``; the
final position's ``HasBalanceFacts``). A game without the capability gives the seat shares and
the lengths in actions and decisions only. Nothing here knows a game: roles, end kinds and turn
order are whatever the game's facts say.

Every figure is a *line*: per game, an amount ``x`` and a count ``c`` (a seat's return and 1; a
role's returns summed over the seats dealt it and their number; 1 and 1 when a game ended a
given way), and the line's figure is ``sum(x) / sum(c)``. Shares carry Wilson's 95 % interval.
A game's own measures (``measures`` in its facts: a number per game, or one per seat, e.g. a
seat's final money) are lines too: the amount, and 1 (a number per game) or the number of
seats, so the figure is the mean per game or per seat, with a 95 % interval by the delta
method and the spread of the values. Two sets of games played from the same seeds are
compared line by line on the games both finished: the difference of the two figures with a 95 % interval from the paired games
(the delta method for a ratio of sums, so a role dealt a different number of times in the two
sets is still compared fairly).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from realpolitik.ai.stats import Z95, wilson_interval

TEENS_END = 20  # 11th to 19th end in "th" whatever their last digit
MIN_SPREAD = 2  # games a spread or an interval needs

__all__ = [
    "MIN_PAIRED",
    "Line",
    "Lines",
    "compare",
    "game_lines",
    "newcombe_interval",
    "place_name",
    "summarize_balance",
]

Line = tuple[str, ...]
"""A line's key: its section and labels, e.g. ``("seat", "Red")``, ``("role", "ideology",
"Communism")``, ``("end", "turn cap")``, ``("length", "rounds")``, ``("measure", "final
money")``; and, for a measure of each seat, ``("measure seat", name, seat)`` (not compared)."""

Lines = dict[Line, tuple[float, float]]
"""One game's lines: key -> ``(x, c)``."""

LENGTHS = ("rounds", "turns", "decisions", "actions")
"""The lengths reported, in this order (``rounds`` and ``turns`` where the game counts them)."""


def place_name(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``… (``place`` counts from 1)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < TEENS_END else place % 10, "th")
    return f"{place}{suffix}"


def game_lines(row: Mapping[str, Any], seats: Sequence[str]) -> Lines:
    """The lines of one finished game (a results row or its view: ``returns``, ``length``, and
    where present ``decisions`` and ``facts``)."""
    returns = [float(r) for r in row["returns"]]
    out: Lines = {("seat", seat): (ret, 1.0) for seat, ret in zip(seats, returns)}
    out[("length", "actions")] = (float(row["length"]), 1.0)
    if isinstance(row.get("decisions"), int):
        out[("length", "decisions")] = (float(row["decisions"]), 1.0)
    facts = row.get("facts")
    if not isinstance(facts, Mapping):
        return out
    for place, seat in enumerate(facts.get("first_order") or ()):
        out[("order", place_name(place + 1))] = (returns[seat], 1.0)
    for what, labels in (facts.get("roles") or {}).items():
        for seat, label in enumerate(labels):
            x, c = out.get(("role", what, label), (0.0, 0.0))
            out[("role", what, label)] = (x + returns[seat], c + 1.0)
    out[("end", str(facts.get("end_kind", "?")))] = (1.0, 1.0)
    for name, value in (facts.get("measures") or {}).items():
        if isinstance(value, list):
            out[("measure", name)] = (float(sum(value)), float(len(value)))
            for seat, x in zip(seats, value):
                out[("measure seat", name, seat)] = (float(x), 1.0)
        else:
            out[("measure", name)] = (float(value), 1.0)
    for name in ("rounds", "turns"):
        if isinstance(facts.get(name), int):
            out[("length", name)] = (float(facts[name]), 1.0)
    return out


def _share(x: float, c: float) -> dict[str, Any]:
    games = round(c)
    lo, hi = wilson_interval(x, games)
    return {"games": games, "wins": round(x, 6), "share": x / c if c else 0.0, "ci95": [lo, hi]}


def _spread(values: Sequence[float]) -> dict[str, Any]:
    """Median and spread of a length: the middle 80 % (10th to 90th percentile), min, max, mean."""
    vals = sorted(values)
    if len(vals) >= MIN_SPREAD:
        deciles = statistics.quantiles(vals, n=10, method="inclusive")
        p10, p90 = deciles[0], deciles[-1]
    else:
        p10 = p90 = vals[0]
    return {
        "games": len(vals),
        "median": statistics.median(vals),
        "p10": p10,
        "p90": p90,
        "min": vals[0],
        "max": vals[-1],
        "mean": statistics.fmean(vals),
    }


def _ratio_interval(pairs: Sequence[tuple[float, float]]) -> tuple[float, list[float] | None]:
    """``sum(x) / sum(c)`` over games and its 95 % interval by the delta method (None with fewer
    than two games)."""
    total = sum(c for _, c in pairs)
    mean = sum(x for x, _ in pairs) / total
    m = len(pairs)
    if m < MIN_SPREAD:
        return mean, None
    half = Z95 * math.sqrt(m / (m - 1) * sum(((x - mean * c) / total) ** 2 for x, c in pairs))
    return mean, [mean - half, mean + half]


def _measure(pairs: Sequence[tuple[float, float]], by_seat: Mapping[str, list[float]]) -> dict[str, Any]:
    """A measure's figures: its mean per game (or per seat) with the 95 % interval, the spread of
    its values (each game's, or each seat's in each game) and, for a measure of each seat, each
    seat's mean."""
    mean, ci = _ratio_interval(pairs)
    values = [x for vals in by_seat.values() for x in vals] if by_seat else [x for x, _ in pairs]
    out = {
        **_spread(values),
        "per": "seat" if by_seat else "game",
        "games": len(pairs),
        "mean": mean,
        "ci95": ci,
    }
    if by_seat:
        out["by_seat"] = {seat: statistics.fmean(vals) for seat, vals in by_seat.items()}
    return out


@dataclass
class _Tally:
    """Sums of every line over games, each length's values, and each measure's amounts per
    game and values per seat."""

    games: int = 0
    sums: dict[Line, list[float]] = field(default_factory=dict)
    lengths: dict[str, list[float]] = field(default_factory=dict)
    measures: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    by_seat: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def add(self, lines: Lines) -> None:
        self.games += 1
        for key, (x, c) in lines.items():
            if key[0] == "length":
                self.lengths.setdefault(key[1], []).append(x)
            elif key[0] == "measure":
                self.measures.setdefault(key[1], []).append((x, c))
            elif key[0] == "measure seat":
                self.by_seat.setdefault(key[1], {}).setdefault(key[2], []).append(x)
            else:
                acc = self.sums.setdefault(key, [0.0, 0.0])
                acc[0] += x
                acc[1] += c


def summarize_balance(games: Iterable[Lines], seats: Sequence[str]) -> dict[str, Any]:
    """The balance figures of a set of games (their :func:`game_lines`).

    Returns:
        ``{"games", "seats": {seat: share}, "turn_order": {place: share}, "first_player":
        {"share", "even", "advantage", "ci95"} or None, "roles": {what: {label: share}},
        "ends": {kind: share}, "length": {name: {"median", "p10", "p90", "min", "max",
        "mean", "games"}}, "measures": {name: {"per" ("game" or "seat"), "games", "mean",
        "ci95" (None with one game), "median", "p10", "p90", "min", "max", and for a measure
        of each seat "by_seat": {seat: mean}}}}``, a share being ``{"games", "wins", "share", "ci95"}`` (for an end
        kind, ``wins`` counts the games that ended so).
    """
    tally = _Tally()
    for lines in games:
        tally.add(lines)
    sums = tally.sums
    n = len(seats)
    order = {k[1]: _share(*sums[k]) for k in sums if k[0] == "order"}
    order = dict(sorted(order.items(), key=lambda kv: int("".join(ch for ch in kv[0] if ch.isdigit()))))
    first = None
    if "1st" in order and n:
        f = order["1st"]
        lo, hi = f["ci95"]
        first = {
            "share": f["share"],
            "even": 1 / n,
            "advantage": f["share"] - 1 / n,
            "ci95": [lo - 1 / n, hi - 1 / n],
        }
    roles: dict[str, dict[str, Any]] = {}
    for k in sorted(k for k in sums if k[0] == "role"):
        roles.setdefault(k[1], {})[k[2]] = _share(*sums[k])
    ends = {k[1]: _share(sums[k][0], tally.games) for k in sums if k[0] == "end"}
    ends = dict(sorted(ends.items(), key=lambda kv: (-kv[1]["games"], kv[0])))
    return {
        "games": tally.games,
        "seats": {s: _share(*sums.get(("seat", s), [0.0, 0.0])) for s in seats},
        "turn_order": order,
        "first_player": first,
        "roles": roles,
        "ends": ends,
        "length": {name: _spread(tally.lengths[name]) for name in LENGTHS if tally.lengths.get(name)},
        "measures": {
            name: _measure(pairs, tally.by_seat.get(name, {})) for name, pairs in tally.measures.items()
        },
    }


def _label(key: Line) -> str:
    """How a line is named in a comparison."""
    section, *rest = key
    if section == "seat":
        return f"seat {rest[0]}"
    if section == "order":
        return f"{rest[0]} to play"
    if section == "role":
        return f"{rest[0]}: {rest[1]}"
    if section == "end":
        return f"ends: {rest[0]}"
    if section == "measure":
        return rest[0]
    return f"mean {rest[0]}"


_SECTIONS = {"seat": 0, "order": 1, "role": 2, "end": 3, "length": 4, "measure": 5}


MIN_PAIRED = 10
"""A share counted fewer times than this in either set gets the unpaired interval
(:func:`newcombe_interval`): the paired one needs the games' spread, which a handful of
games does not show."""


def newcombe_interval(wins_a: float, games_a: int, wins_b: float, games_b: int) -> list[float]:
    """Newcombe's interval (from the two Wilson intervals, 95 %) of ``share_b - share_a`` for two
    independent sets of games."""
    pa, pb = wins_a / games_a, wins_b / games_b
    la, ua = wilson_interval(wins_a, games_a)
    lb, ub = wilson_interval(wins_b, games_b)
    d = pb - pa
    return [d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)]


def compare(a: Mapping[int, Lines], b: Mapping[int, Lines]) -> dict[str, Any]:
    """Two sets of games played from the same seeds (by game id), compared line by line on the
    ids both finished.

    Returns:
        ``{"paired_games", "lines": [{"section", "line", "a", "b", "diff", "ci95", "paired"}]}``:
        for a share the two win (or game) shares, for a length or a measure the two means; ``diff`` is
        ``b - a`` with its 95 % interval (None with fewer than two paired games), from the
        paired games (``paired``) or, for a share seen fewer than ``MIN_PAIRED`` times in
        either set, Newcombe's unpaired interval.
    """
    ids = sorted(set(a) & set(b))
    m = len(ids)
    # seats, places and measures in the order seen; a seat's own measure is not compared
    seen = dict.fromkeys(k for i in ids for k in (*a[i], *b[i]) if k[0] != "measure seat")
    keys = sorted(seen, key=lambda k: (_SECTIONS.get(k[0], 9), k[1:] if k[0] in ("role", "end") else ()))
    out: list[dict[str, Any]] = []
    for key in keys:
        absent = (0.0, 1.0) if key[0] == "end" else (0.0, 0.0)  # a game that ended otherwise
        xa = [a[i].get(key, absent) for i in ids]
        xb = [b[i].get(key, absent) for i in ids]
        ca, cb = sum(c for _, c in xa), sum(c for _, c in xb)
        if not ca or not cb:
            continue
        ra = sum(x for x, _ in xa) / ca
        rb = sum(x for x, _ in xb) / cb
        share = key[0] not in ("length", "measure")
        ci: list[float] | None = None
        unpaired = share and min(ca, cb) < MIN_PAIRED
        if unpaired:
            ci = newcombe_interval(sum(x for x, _ in xa), round(ca), sum(x for x, _ in xb), round(cb))
        elif m >= MIN_SPREAD:
            # delta method for a ratio of sums, on the paired games
            resid = [(x2 - rb * c2) / cb - (x1 - ra * c1) / ca for (x1, c1), (x2, c2) in zip(xa, xb)]
            half = Z95 * math.sqrt(m / (m - 1) * sum(e * e for e in resid))
            ci = [rb - ra - half, rb - ra + half]
            if share:
                ci = [max(-1.0, ci[0]), min(1.0, ci[1])]
        out.append(
            {
                "section": key[0], "line": _label(key), "a": ra, "b": rb, "diff": rb - ra,
                "ci95": ci, "paired": ci is not None and not unpaired,
            }
        )  # fmt: skip
    return {"paired_games": m, "lines": out}
