"""Ideology's details on request (``show WHAT``): a hand, the advancements, an ideology's
special rules, a region, the regions, the discards, the revealed offers, and ``LEGEND``, every
abbreviation of the screens (``render.py``, which the presentation draws with, re-exports all
three names).
"""

from __future__ import annotations

import textwrap
from typing import Any

from realpolitik.engine.core.api import plural
from realpolitik.engine.ideology import rules
from realpolitik.engine.ideology.board import BOARD, STANCE_NAMES, TYPE_NAMES
from realpolitik.engine.ideology.effects import describe as describe_effect
from realpolitik.engine.ideology.state import IN_PLAY, NUM_ADVANCEMENTS

__all__ = ["LEGEND", "SHOW_TOPICS", "show"]

LEGEND = """\
  GI              Global Influence: levels of the regions you control, +1 per WMD; 12 wins
  M E C           the military, economic and cultural sectors beside a region
  M 3/6 Cap2 Fas1 3 military cards of a maximum of 6: 2 Capitalist, 1 Fascist
  L3              a region's Development Level (its value in Global Influence)
  * before a name that ideology's starting region;  ! the region turned up this turn
  TAC IND PAT     Tactics, Industry, Patriotism: level-1 advancements (+1 level in
                  military / economic / cultural conflicts, 5.1)
  TEC INN PRO     Technological Supremacy, Innovation, Propaganda: level-2 advancements
  WMD             Weapons of Mass Destruction: +1 GI, may strike (an act of war)
  x2              two copies of an advancement
  +k              a move's penalty: k more cards of its type (distance, advancement gap)
  mil eco cul     military, economic, cultural cards in move texts
  Trading Power   regions where you have any card: cards you may swap in phase 2"""
"""Every abbreviation on the Ideology screens."""

SHOW_TOPICS = (
    "hand, advancements, rules (your special rules), rules IDEOLOGY, ideology NAME, a region "
    "(Indonesia), regions, discard, offers, legend"
)
"""What ``show`` accepts, for the help text."""


def _adv_lines(s: Any, seat: int | None) -> list[str]:
    out = []
    for k, a in enumerate(BOARD.advancements):
        in_play = s.board.advancements[k]
        cost = (
            " + ".join(f"{a.cost_cards[t]} {TYPE_NAMES[t]}" for t in range(3) if a.cost_cards[t])
            if a.tier == 1
            else " + ".join(BOARD.advancements[c].name for c in a.cost_advs)
        )
        owned = (
            f", you own {s.adv[seat * NUM_ADVANCEMENTS + k]}"
            if seat is not None and s.adv[seat * NUM_ADVANCEMENTS + k]
            else ""
        )
        out.append(f"{a.name} ({a.short}): costs {cost}; {s.supply[k]} left{owned}")
        effects = [describe_effect(e) for e in in_play.effects]
        if in_play.global_influence:
            effects.insert(0, f"+{in_play.global_influence} Global Influence")
        effects.append(f"tie-break {in_play.tiebreak}")
        out.extend(textwrap.wrap("; ".join(effects), 76, initial_indent="    ", subsequent_indent="    "))
    return out


def _rules_lines(s: Any, ideology: int) -> list[str]:
    card = BOARD.ideologies[ideology]
    start = s.board.ideologies[ideology].start_advancement
    out = [
        f"{card.name}: starts in {BOARD.regions[card.start_region].name}"
        + (f" with {BOARD.advancements[start].name}" if start >= 0 else "")
        + f"; deck {card.split[0]} military, {card.split[1]} economic, {card.split[2]} cultural"
    ]
    special_rules = s.board.effects_of(ideology)
    if not special_rules:
        out.append(f"  no special rules in the '{s.board.variant}' data set")
    for rule in special_rules:
        text = f"{rule.name}: " + "; ".join(describe_effect(e) for e in rule.effects)
        out.extend(textwrap.wrap(text, 76, initial_indent="  ", subsequent_indent="    "))
    return out


def _region_detail(s: Any, r: int, viewer: int | None) -> list[str]:
    reg = BOARD.regions[r]
    n = s.n
    if s.where[r] != IN_PLAY:
        state = "still face down in the region deck"
    elif s.owner[r] >= 0:
        state = f"controlled by {BOARD.ideologies[s.ideo[s.owner[r]]].name}"
    else:
        state = "independent"
    out = [
        f"{reg.name} ({reg.area}): printed level {reg.level}, now L{s.dev[r]}, {state}; "
        f"at most {plural(rules.max_influence(s, r), 'card')} a sector",
        f"  next to: {', '.join(reg.neighbours)}",
    ]
    for t in range(3):
        cells = [
            f"{BOARD.ideologies[s.ideo[x]].name} {s.cards(r, t, x)}" for x in range(n) if s.cards(r, t, x)
        ]
        out.append(f"  {TYPE_NAMES[t]}: {s.sector_total(r, t)} ({', '.join(cells) or 'empty'})")
    if viewer is not None and 0 <= viewer < n and s.owner[r] != viewer:
        place = [rules.distance_penalty(s, viewer, r, t, False) for t in range(3)]
        att = [rules.distance_penalty(s, viewer, r, t, True) for t in range(3)]
        out.append(
            "  distance penalty for you (mil/eco/cul): placing "
            + "/".join(map(str, place))
            + ", attacking "
            + "/".join(map(str, att))
        )
    return out


def show(s: Any, viewer: int | None, what: str) -> str:
    """Details on request, as ``viewer`` may see them (see :data:`SHOW_TOPICS`).

    Raises:
        ValueError: naming what is accepted.
    """
    key = what.strip().lower()
    seats = list(range(s.n)) if viewer is None else [viewer]
    if key in ("hand", "cards"):
        return "\n".join(
            f"{BOARD.ideologies[s.ideo[x]].name} hand: "
            + ", ".join(f"{s.hand[x * 3 + t]} {TYPE_NAMES[t]}" for t in range(3))
            + f" (deck {sum(s.deck[x * 3 : x * 3 + 3])}, discard {sum(s.discard[x * 3 : x * 3 + 3])})"
            for x in seats
        )
    if key in ("advancements", "advancement", "adv"):
        lines = _adv_lines(s, viewer)
        for x in range(s.n):
            owned = [
                f"{BOARD.advancements[k].name} x{s.adv[x * NUM_ADVANCEMENTS + k]}"
                for k in range(NUM_ADVANCEMENTS)
                if s.adv[x * NUM_ADVANCEMENTS + k]
            ]
            lines.append(f"{BOARD.ideologies[s.ideo[x]].name} owns: {', '.join(owned) or 'nothing'}")
        return "\n".join(lines)
    if key in ("rules", "rule", "special rules", "sheet") or key.startswith(("rules ", "ideology ")):
        name = key.split(" ", 1)[1] if " " in key else ""
        if name:
            if name not in BOARD.ideology_index:
                known = ", ".join(i.short for i in BOARD.ideologies)
                raise ValueError(f"no ideology called '{name}'; ideologies: {known}")
            ids = [BOARD.ideology_index[name]]
        else:
            ids = [s.ideo[x] for x in seats]
        return "\n".join(line for i in ids for line in _rules_lines(s, i))
    if key == "regions":
        return "\n".join(
            line for r in range(BOARD.n) if s.where[r] == IN_PLAY for line in _region_detail(s, r, viewer)[:1]
        )
    if key in ("discard", "discards"):
        return "\n".join(
            f"{BOARD.ideologies[s.ideo[x]].name} discard: "
            + ", ".join(f"{s.discard[x * 3 + t]} {TYPE_NAMES[t]}" for t in range(3))
            for x in range(s.n)
        )
    if key in ("offers", "diplomacy"):
        n = s.n
        lines = ["last Diplomacy phase's offers:"]
        for i in range(n):
            for j in range(n):
                if i != j and s.shown_offers[i * n + j] >= 0:
                    lines.append(
                        f"  {BOARD.ideologies[s.ideo[i]].name} offered {BOARD.ideologies[s.ideo[j]].name} "
                        f"{STANCE_NAMES[s.shown_offers[i * n + j]]}"
                    )
        return "\n".join(lines if len(lines) > 1 else ["no offers revealed yet"])
    if key == "legend":
        return LEGEND
    try:
        r = BOARD.region(key)
    except KeyError:
        raise ValueError(f"nothing called '{what.strip()}' to show; try: {SHOW_TOPICS}") from None
    return "\n".join(_region_detail(s, r, viewer))
