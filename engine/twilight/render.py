"""Twilight Struggle on the terminal: the map by region, the tracks, hands, choices and a log.

The functions of this module are what ``TwilightPresentation`` (``presentation.py``, the
CLI's way in) calls, and what tests and the advice call directly too; ``presentation.py``
also holds ``show`` (details on request) and the panes of the full screen, drawn with the
helpers here:

- ``board(state, viewer)``: the whole screen (map, tracks, hands);
- ``status(state, viewer)``: one line of tracks shown at every prompt;
- ``question(state)``: what the player to move is asked;
- ``choices(state, legal)``: the legal actions grouped for a numbered list;
- ``describe_action(state, action, viewer)``: one line for the log, in words;
- ``describe_change(before, action, after, viewer)``: what an action changed;
- ``result(state)``: how the game ended.

``viewer`` is the seat looking at the screen (it sees its own hand, never the other's unless
revealed), or None for an omniscient view (replays). Everything is ASCII and fits 80 columns;
colour (USSR red, US blue) is only decoration, so ``--no-color`` loses nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from realpolitik.engine.core.api import plural
from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.advice import scoring_lines, vp_causes
from realpolitik.engine.twilight.board import (
    AFRICA,
    ASIA,
    BOARD,
    CENTRAL_AMERICA,
    EUROPE,
    LAST_SPACE_BOX,
    MIDDLE_EAST,
    REGION_NAMES,
    SIDE_NAMES,
    SOUTH_AMERICA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import printed_number
from realpolitik.engine.twilight.state import (
    DEFCON_BRINK,
    PH_ACTION,
    PH_END,
    PH_HEADLINE,
    PH_SETUP,
    N,
    TSState,
    war_period,
)

if TYPE_CHECKING:
    from realpolitik.engine.twilight.game import TwilightState

__all__ = [
    "ABILITIES",
    "COL",
    "COLUMNS",
    "HELP",
    "LEGEND",
    "MAP_REGIONS",
    "PERIOD_NAMES",
    "SHOW_TOPICS",
    "STYLE",
    "board",
    "card_label",
    "card_lines",
    "card_side",
    "choices",
    "country_cell",
    "country_name",
    "describe_action",
    "describe_change",
    "edition",
    "hand_lines",
    "hand_visible",
    "headline_line",
    "ops_for",
    "question",
    "region_members",
    "result",
    "round_key",
    "score_text",
    "side_name",
    "status",
    "track_lines",
    "turn_number",
    "vp_text",
    "wrap",
]

HELP = """\
Moves: type a choice number, or the move in words (a unique part is enough),
  e.g. 'influence Iran', 'coup Iran', '#27 event', '#6 infl', 'done'."""
"""How to type a Twilight Struggle move (the ``help`` command shows it first)."""

LEGEND = """\
  St           a country's stability number; * before a name marks a battleground
  USSR US      each side's influence there; Ctrl: the side that controls it
  T1 AR2       turn 1, action round 2 (the headline comes before round 1)
  DEFCON       nuclear readiness, 5 (calm) to 1 (nuclear war: the phasing side loses)
  VP           victory points; a side at 20 wins at once
  MilOps 2-0   military operations this turn, USSR-US, 'of N' required by DEFCON
  Space 1-0    space race boxes reached, USSR-US
  (3 ops)      a card's operations value; scoring cards have none"""
"""Every abbreviation on the Twilight Struggle screens."""

SHOW_TOPICS = "a country (Iran), a region (europe), #N (a card), hand, discard, removed, effects, space"
"""What ``show`` accepts, for the help text."""

STYLE = ("red", "blue")
"""Colour of each side (USSR, US)."""

MAP_REGIONS = (EUROPE, ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTH_AMERICA, AFRICA)
SHORT_NAMES = {"Southeast African States": "SE African States"}
PERIOD_NAMES = {1: "Early War", 2: "Mid War", 3: "Late War"}
MODE_PHRASES = {
    frames.M_EVENT: "the event",
    frames.M_INFLUENCE: "influence",
    frames.M_REALIGN: "realignment rolls",
    frames.M_COUP: "a coup",
    frames.M_SPACE: "the space race",
    frames.M_HEADLINE: "the headline",
}
ABILITIES = {
    "two_attempts": "2 space attempts a turn",
    "headline_reveal": "sees the opponent's headline first",
    "discard_held": "may discard a held card at turn end",
    "eight_rounds": "8 action rounds",
}
COL = 39
"""Width of one country column on the map (two columns fit 80)."""


# ---------------------------------------------------------------- small helpers
def side_name(seat: int) -> str:
    """The side's name (USSR, US), or nobody."""
    return SIDE_NAMES[seat] if seat in (USSR, US) else "nobody"


def country_name(c: int) -> str:
    """A country's name as the map shows it (short where the full name is long)."""
    n = BOARD.name[c]
    return SHORT_NAMES.get(n, n)


def card_side(n: int) -> str:
    """Whose event a card is: USSR, US or both."""
    c = BOARD.cards.get(n)
    if c is None:
        return "?"
    return ("USSR", "US", "both")[c.side]


def card_label(n: int, state: TSState | None = None) -> str:
    """``#27 US/Japan Mutual Defense Pact``, numbered as printed in ``state``'s edition."""
    return actions.card_label(n, edition(state)) if state is not None else actions.card_label(n)


def edition(state: TSState) -> str:
    """The game's edition option (``seed`` or ``deluxe``)."""
    return str(state.options.get("edition", "seed"))


def vp_text(vp: int) -> str:
    """Victory points as a person reads them (``US +3``, ``USSR +2``, ``level``)."""
    if vp > 0:
        return f"US +{vp}"
    if vp < 0:
        return f"USSR +{-vp}"
    return "level"


def _frame(state: TSState) -> Any:
    """The pending frame, named (``frames.view``), or None."""
    return frames.view(state.stack[-1]) if state.stack and state.winner < 0 else None


def _defcon_limits(defcon: int) -> str:
    banned = [REGION_NAMES[r] for r, lvl in ((EUROPE, 4), (ASIA, 3), (MIDDLE_EAST, 2)) if defcon <= lvl]
    if defcon <= 1:
        return "nuclear war"
    if not banned:
        return "no restrictions"
    return "no coups or realignments in " + ", ".join(banned)


def hand_visible(state: TSState, owner: int, viewer: int | None) -> bool:
    """Whether ``viewer`` sees ``owner``'s hand (its own, one an event revealed, or all for None)."""
    if viewer is None:
        return True
    return owner == viewer or bool(state.revealed >> owner & 1)


def ops_for(state: TSState, card: int, side: int) -> int:
    """The operations value of ``card`` for ``side`` now (the printed value where the rules cannot say)."""
    try:
        return rules.ops_value(state, card, side)
    except Exception:
        return BOARD.cards[card].ops if card in BOARD.cards else 0


def region_members(r: int) -> list[int]:
    """The countries of region ``r``, in map order."""
    mask = BOARD.region_mask[r]
    return [c for c in range(N) if mask >> c & 1]


# ---------------------------------------------------------------- the map
def country_cell(state: TSState, c: int) -> Text:
    """One country's line of the map: name, stability, influence, control."""
    a, b = state.influence(USSR, c), state.influence(US, c)
    ctrl = state.controller(c)
    t = Text()
    t.append("*" if BOARD.battleground[c] else " ")
    t.append(f"{country_name(c):<20}", style="bold" if ctrl >= 0 else "")
    t.append(f"{BOARD.stability[c]:>2}")
    t.append(f"{a if a else '-':>5}", style=STYLE[USSR] if a else "")
    t.append(f"{b if b else '-':>4}", style=STYLE[US] if b else "")
    t.append("  ")
    t.append(f"{side_name(ctrl) if ctrl >= 0 else '':<4}", style=f"bold {STYLE[ctrl]}" if ctrl >= 0 else "")
    t.pad_right(COL - len(t.plain))
    return t


def _region_block(state: TSState, r: int) -> list[Text]:
    members = region_members(r)
    blocked = rules.defcon_blocked(state) & BOARD.region_mask[r]
    ussr_ctl = sum(1 for c in members if state.controller(c) == USSR)
    us_ctl = sum(1 for c in members if state.controller(c) == US)
    head = Text(f"-- {REGION_NAMES[r]} ", style="bold")
    head.append(f"(controlled: USSR {ussr_ctl}, US {us_ctl}")
    head.append("; DEFCON bars coups/realigns" if blocked else "")
    head.append(") ")
    head.append("-" * max(0, 79 - len(head.plain)))
    lines = [head]
    half = (len(members) + 1) // 2
    left, right = members[:half], members[half:]
    for i in range(half):
        row = country_cell(state, left[i])
        if i < len(right):
            row.append("| ")
            row.append_text(country_cell(state, right[i]))
        row.rstrip()
        lines.append(row)
    return lines


COLUMNS = f"{' Country':<21}{'St':>2}{'USSR':>5}{'US':>4}  Ctrl"
"""The column header over country cells (the map and ``show REGION``)."""


def _map_lines(state: TSState) -> list[Text]:
    hdr = COLUMNS
    lines = [
        Text(f"{hdr:<{COL}}| {hdr}".rstrip(), style="dim"),
        Text("(* battleground, St stability)", style="dim"),
    ]
    for r in MAP_REGIONS:
        lines.extend(_region_block(state, r))
    return lines


# ---------------------------------------------------------------- tracks
def _round_text(state: TSState) -> str:
    if state.phase == PH_SETUP:
        return "setup"
    if state.phase == PH_HEADLINE:
        return "headline"
    if state.phase == PH_END:
        return "end of turn"
    if state.phase == PH_ACTION and state.action_round > 0:
        who = f", {side_name(state.phasing)} phasing" if state.phasing in (USSR, US) else ""
        return f"action round {state.action_round}{who}"
    return "between rounds"


def _space_text(state: TSState, side: int) -> str:
    box = state.space[side]
    nxt = box + 1
    t = f"{side_name(side)} box {box}"
    if nxt <= LAST_SPACE_BOX:
        ops_needed, max_roll = BOARD.space[nxt][0], BOARD.space[nxt][1]
        t += f" (next: {ops_needed} ops, roll 1-{max_roll})"
    else:
        t += " (finished)"
    return t


def track_lines(state: TSState) -> list[Text]:
    """The tracks: turn, DEFCON, VP, military operations, space race, China Card, effects."""
    period = PERIOD_NAMES[war_period(state.turn)]
    out = [
        Text(f"Turn {state.turn}/10 ({period}), {_round_text(state)}", style="bold"),
        Text(f"Cards: deck {len(state.deck)}, discard {len(state.discard)}, removed {len(state.removed)}"),
    ]
    d = Text("DEFCON ")
    d.append(str(state.defcon), style="bold red" if state.defcon <= DEFCON_BRINK else "bold")
    d.append(f": {_defcon_limits(state.defcon)}")
    out.append(d)
    out.append(Text(f"VP: {vp_text(state.vp)}  (a side wins at once at 20)"))
    need = state.defcon
    mil = Text("Military ops (required ")
    mil.append(f"{need}): ")
    for side in (USSR, US):
        have = state.milops[side]
        mil.append(f"{side_name(side)} {have}/{need}", style=STYLE[side] if have >= need else "")
        mil.append("   " if side == USSR else "")
    out.append(mil)
    out.append(Text(f"Space race: {_space_text(state, USSR)}; {_space_text(state, US)}"))
    abil = []
    for box in range(1, 9):
        name = BOARD.space[box][4]
        h = rules.space_holder(state, box)
        if name != "none" and h >= 0:
            abil.append(f"{side_name(h)} {ABILITIES.get(name, name)}")
    if abil:
        out.extend(Text(line) for line in _wrap_hanging("Space abilities: " + "; ".join(abil), 79, 2))
    china = f"China Card: {side_name(state.china)}, face {'up' if state.china_up else 'down'}"
    out.append(Text(china))
    effects = [n for n in range(1, 111) if state.flag(n) and n in BOARD.cards]
    text = "In effect: " + (", ".join(card_label(n, state) for n in effects) if effects else "nothing")
    out.extend(Text(line) for line in _wrap_hanging(text, 79, 2))
    return out


def hand_lines(state: TSState, side: int, verbose: bool = False) -> list[Text]:
    """``side``'s hand, one card a line (with its text when ``verbose``)."""
    hand = sorted(state.hands[side])
    title = Text(f"{side_name(side)} hand ({plural(len(hand), 'card')})", style=f"bold {STYLE[side]}")
    if state.china == side:
        title.append(f" + the China Card ({'face up' if state.china_up else 'face down'})")
    lines = [title]
    for n in hand:
        lines.extend(card_lines(state, n, side, verbose))
    return lines


def card_lines(state: TSState, n: int, side: int | None, verbose: bool) -> list[Text]:
    """A card's line (and its text when ``verbose``) as ``side`` would play it."""
    c = BOARD.cards.get(n)
    if c is None:
        return [Text(f"  #{n}")]
    ops = ops_for(state, n, side) if side is not None and not c.scoring else rules.card_ops(state, n)
    flags = []
    if c.scoring:
        flags.append("scoring")
    if c.starred:
        flags.append("* removed after event")
    t = Text(f"  #{printed_number(n, edition(state)):<3} ")
    t.append(f"{c.title:<36}", style=STYLE[c.side] if c.side in (USSR, US) else "")
    t.append(f" {ops} ops  {card_side(n):<4}")
    if flags:
        t.append("  " + ", ".join(flags))
    t.rstrip()
    out = [t]
    if verbose and c.text:
        out.extend(Text("        " + line) for line in wrap(c.text, 70))
    return out


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def _wrap_hanging(text: str, width: int, indent: int) -> list[str]:
    lines = wrap(text, width)
    if len(lines) <= 1:
        return lines
    rest = wrap(" ".join(lines[1:]), width - indent)
    return [lines[0]] + [" " * indent + line for line in rest]


def headline_line(state: TSState, viewer: int | None) -> Text | None:
    """The headline cards chosen so far, as ``viewer`` may see them; None outside the headline."""
    if state.phase != PH_HEADLINE or not any(state.headline):
        return None
    parts = []
    for side in (USSR, US):
        h = state.headline[side]
        if h > 0:
            seen = viewer is None or state.headline_visible(side, viewer)  # type: ignore[attr-defined]
            parts.append(f"{side_name(side)} {card_label(h, state) if seen else '(hidden)'}")
        elif h < 0:
            parts.append(f"{side_name(side)} none")
    return Text("Headline chosen: " + ", ".join(parts))


def board(state: TSState, viewer: int | None) -> Group:
    """The full screen for ``viewer``: map, tracks, own hand, opponent's hand size."""
    lines = _map_lines(state)
    lines.append(Text("-" * 79))
    lines.extend(track_lines(state))
    hl = headline_line(state, viewer)
    if hl is not None:
        lines.append(hl)
    sides = (USSR, US) if viewer is None else (viewer, 1 - viewer)
    for side in sides:
        if hand_visible(state, side, viewer):
            lines.extend(hand_lines(state, side))
        else:
            t = Text(f"{side_name(side)} hand: {plural(len(state.hands[side]), 'card')}", style=STYLE[side])
            if state.china == side:
                t.append(f" + the China Card ({'face up' if state.china_up else 'face down'})")
            lines.append(t)
    return Group(*lines)


def turn_number(state: TSState) -> int:
    """The turn, for the game-over summary."""
    return int(state.turn)


def score_text(state: TSState) -> str:
    """The VP track in words, for the game-over summary."""
    return f"VP {vp_text(state.vp)}"


def round_key(state: TSState) -> tuple[int, int, int]:
    """The round a position is in (turn, phase, action round): the line mode draws the board
    once per round."""
    return (state.turn, state.phase, state.action_round if state.phase == PH_ACTION else 0)


def status(state: TSState, viewer: int | None) -> Text:
    """One line of tracks (under 80 columns), shown at every prompt."""
    if state.phase == PH_ACTION and state.action_round > 0:
        rnd = f"AR{state.action_round}" + (
            f" {side_name(state.phasing)}" if state.phasing in (USSR, US) else ""
        )
    else:
        rnd = _round_text(state)
    t = Text(f"T{state.turn} {rnd} | DEFCON {state.defcon} | VP {vp_text(state.vp)} | ")
    t.append(f"MilOps {state.milops[USSR]}-{state.milops[US]} of {state.defcon} | ")
    t.append(f"Space {state.space[USSR]}-{state.space[US]} | China {side_name(state.china)}")
    t.append("" if state.china_up else " (down)")
    return t


# ---------------------------------------------------------------- the question and choices
def question(state: TwilightState) -> str:
    """What the player to move is asked, in a sentence."""
    frame = _frame(state)
    if frame is None:
        return result(state) if state.winner >= 0 else "nothing to decide"
    k, who = frame.kind, frame.player
    side = side_name(who) if who in (USSR, US) else ""
    if k == frames.SETUP:
        if not frame.mask:  # a bid's point (option bid): where the side has influence
            return (
                f"{side} bid: place 1 influence in a country with {side} influence ({frame.remaining} left)"
            )
        where = "Eastern Europe" if who == USSR else "Western Europe"  # 3.2, 3.3
        return f"{side} setup: place 1 influence in {where} ({frame.remaining} left)"
    if k == frames.HEADLINE:
        return f"{side}: choose your headline card"
    if k == frames.ACTION:
        if frame.only is not None:
            return f"{side}: play {', '.join(card_label(c, state) for c in frame.only)} or return it"
        return f"{side}, action round {state.action_round}: play a card"
    if k == frames.ORDER:
        return f"{side}: {card_label(frame.card, state)} is the opponent's event; does it happen before or after your operations?"
    if k == frames.INFLUENCE:
        other = "US" if side == "USSR" else "USSR"
        left = "1 op" if frame.remaining == 1 else f"{frame.remaining} ops"
        return f"{side}: place influence, {left} left (2 ops where {other} controls)"
    if k == frames.REALIGN:
        return f"{side}: choose a realignment target ({frame.remaining} rolls left)"
    if k == frames.COUP:
        extra = " (free coup; you may pass)" if frame.free_mask else ""
        return f"{side}: choose a country to coup with {frame.ops} ops{extra}"
    if k == frames.OPSMODE:
        ops = frame.ops_override or ops_for(state, frame.card, who)
        return f"{side}: use the {ops} ops of {card_label(frame.card, state)} for"
    if k in (frames.PLACE, frames.REMOVE):
        verb = "place" if k == frames.PLACE else "remove"
        upto = "up to " if frame.optional else ""
        return f"{side}, {card_label(frame.card, state)}: {verb} {upto}{frame.remaining} {side_name(frame.target_side)} influence, one at a time"
    if k == frames.CCOUNTRY:
        return f"{side}, {card_label(frame.card, state)}: choose a country"
    if k == frames.COPTION:
        return f"{side}, {card_label(frame.card, state)}: choose"
    if k == frames.CCARD:
        return f"{side}, {card_label(frame.card, state)}: choose a card to {frame.verb}"
    if k == frames.TRAP:
        return f"{side}, {card_label(frame.card, state)}: discard a card of 2+ ops, then roll 1-4 to get free (or play a scoring card)"
    if k == frames.HELD:
        return f"{side}: space race box 6 lets you discard one held card (or pass)"
    return f"{side}: {frames.KIND_NAMES[k]}"


def choices(state: TwilightState, legal: list[int]) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """Legal actions in groups for a numbered list: by card, by region, or one plain list."""
    frame = _frame(state)
    who = frame.player if frame else -1
    plays = [a for a in legal if actions.decode(a).kind == "play"]
    countries = [a for a in legal if actions.decode(a).kind == "country"]
    others = [a for a in legal if a not in plays and a not in countries]
    groups: list[tuple[str | None, list[tuple[int, str]]]] = []
    if plays and frame is not None and frame.kind == frames.HEADLINE:
        items = []
        for a in plays:
            card = actions.decode(a).value
            c = BOARD.cards.get(card)
            ops = "scoring" if c is None or c.scoring else f"{c.ops} ops"
            items.append((a, f"{card_label(card, state)} ({ops}, {card_side(card)})"))
        groups.append((None, items))
        plays = []
    if plays:
        by_card: dict[int, list[tuple[int, str]]] = {}
        for a in plays:
            d = actions.decode(a)
            by_card.setdefault(d.value, []).append((a, frames.MODE_NAMES[d.mode]))
        for card, items in by_card.items():
            c = BOARD.cards.get(card)
            if c is None:
                groups.append((card_label(card, state), items))
                continue
            bits = [f"{ops_for(state, card, who) if not c.scoring else 0} ops", card_side(card)]
            if c.scoring:
                bits.append("scoring")
            if c.starred:
                bits.append("*")
            groups.append((f"{card_label(card, state)} ({', '.join(bits)})", items))
    if countries:
        by_region: dict[int, list[tuple[int, str]]] = {}
        for a in countries:
            cid = actions.decode(a).value
            label = f"{country_name(cid)} {state.influence(USSR, cid)}/{state.influence(US, cid)}"
            by_region.setdefault(BOARD.region_of[cid], []).append((a, label))
        for r in sorted(by_region):
            groups.append((f"{REGION_NAMES[r]} (USSR/US influence)", by_region[r]))
    if others:
        groups.append((None, [(a, state.action_to_string(a)) for a in others]))
    return groups


# ---------------------------------------------------------------- the log
def describe_action(state: TwilightState, action: int, viewer: int | None) -> str:
    """One line for the log, in words, as ``viewer`` may see it (``state`` is before the action)."""
    frame = _frame(state)
    if frame is None:
        return state.action_to_string(action)
    k = frame.kind
    d = actions.decode(action)
    if k in frames.CHANCE_KINDS:
        return _describe_chance(state, frame, d)
    side = side_name(frame.player)
    if k == frames.HEADLINE:
        if viewer is None or viewer == frame.player:
            return f"{side} headlines {card_label(d.value, state)}"
        return f"{side} chooses a headline card (face down)"
    if k == frames.SETUP and not frame.mask and d.kind == "country":
        return f"{side} bid: {state.action_to_string(action)}"
    if d.kind == "play":
        ops = ops_for(state, d.value, frame.player)
        card = BOARD.cards.get(d.value)
        ops_txt = "" if card is None or card.scoring else f" ({ops} ops)"
        return f"{side} plays {card_label(d.value, state)}{ops_txt} for {MODE_PHRASES.get(d.mode, frames.MODE_NAMES[d.mode])}"
    return f"{side}: {state.action_to_string(action)}"


def _describe_chance(state: TSState, frame: Any, d: actions.Decoded) -> str:
    k = frame.kind
    v = d.value
    if k == frames.COUP_ROLL:
        side, c, ops = frame.side, frame.country, frame.ops
        mod = rules.coup_modifier(state, side, c)
        total = v + ops + mod
        need = 2 * BOARD.stability[c]
        mod_txt = f" {mod:+d}" if mod else ""
        outcome = f"succeeds by {total - need}" if total > need else "fails"
        return f"{side_name(side)} coup in {country_name(c)}: die {v} + {ops} ops{mod_txt} = {total} vs {need}, {outcome}"
    if k == frames.REALIGN_ROLL:
        side, c, first = frame.side, frame.country, frame.ussr_die
        if not first:
            return f"realignment in {country_name(c)} by {side_name(side)}: USSR die {v}"
        ru = first + rules.realign_modifier(state, USSR, c)
        ra = v + rules.realign_modifier(state, US, c)
        who = "USSR" if ru > ra else "US" if ra > ru else "neither"
        return f"realignment in {country_name(c)}: US die {v}; modified USSR {ru} vs US {ra}, {who} wins"
    if k == frames.SPACE_ROLL:
        side = frame.side
        box = state.space[side] + 1
        if box > LAST_SPACE_BOX:
            return f"{side_name(side)} space race: die {v}"
        need = BOARD.space[box][1]
        ok = "success" if v <= need else "failure"
        return f"{side_name(side)} space race attempt for box {box} (needs 1-{need}): die {v}, {ok}"
    if k == frames.ROLL:
        return f"{card_label(frame.card, state)}: die {v}"
    if k == frames.RANDOM_CARD:
        return f"{card_label(frame.card, state)}: random card from the {side_name(frame.from_side)} hand is {card_label(v, state)}"
    if k == frames.TRAP_ROLL:
        side = frame.side
        freed = "free" if v < rules.TRAP_ESCAPE_BELOW else "still trapped"
        return f"{side_name(side)} {card_label(frame.card, state)} roll: die {v}, {freed}"
    return f"chance: {d.kind} {v}"


def describe_change(before: TSState, action: int, after: TSState, viewer: int | None) -> list[str]:
    """What ``action`` changed that ``viewer`` may see, one short line each."""
    out: list[str] = []
    d = actions.decode(action)
    frame = _frame(before)
    # headlines revealed
    if frame is not None and frame.kind == frames.HEADLINE and before.phase == PH_HEADLINE:
        chosen = before.headline[:]
        chosen[frame.player] = d.value
        if after.headline == [0, 0] or after.phase != PH_HEADLINE:
            shown = [f"{side_name(s)} {card_label(chosen[s], after)}" for s in (USSR, US) if chosen[s] > 0]
            if shown:
                out.append("headlines revealed: " + ", ".join(shown))
    for c in range(N):
        a0, b0 = before.influence(USSR, c), before.influence(US, c)
        a1, b1 = after.influence(USSR, c), after.influence(US, c)
        if (a0, b0) == (a1, b1):
            continue
        parts = []
        if a0 != a1:
            parts.append(f"USSR {a0}->{a1}")
        if b0 != b1:
            parts.append(f"US {b0}->{b1}")
        line = f"{country_name(c)}: {', '.join(parts)}"
        c0, c1 = before.controller(c), after.controller(c)
        if c0 != c1:
            line += f" ({side_name(c1)} controls)" if c1 >= 0 else " (uncontrolled)"
        out.append(line)
    causes = vp_causes(before, action, after)
    scored = (
        {d.value: before} if d.kind == "play" and frame is not None and frame.kind == frames.ACTION else {}
    )
    for cause, _, at in causes:  # a scoring card resolved in this step, on the board it saw
        if cause.startswith("#"):
            scored.setdefault(int(cause[1:].split()[0]), at)
    for card, at in scored.items():
        if card in rules.SCORING_CARDS:
            out.extend(f"{card_label(card, after)}: {line}" for line in scoring_lines(at, card))
    if before.vp != after.vp:
        gain = after.vp - before.vp
        who = "US" if gain > 0 else "USSR"
        if causes:  # each step that moved the marker, named
            for cause, net, _ in causes:
                out.append(f"{'US' if net > 0 else 'USSR'} gains {abs(net)} VP from {cause}")
            out.append(f"VP now {vp_text(after.vp)}")
        else:
            out.append(f"{who} gains {abs(gain)} VP (now {vp_text(after.vp)})")
    for side in (USSR, US):
        now_shown = bool(after.revealed >> side & 1) and not before.revealed >> side & 1
        if now_shown and viewer != side and after.winner < 0:
            cards = ", ".join(card_label(n, after) for n in sorted(after.hands[side])) or "no cards"
            out.append(f"{side_name(side)} hand revealed: {cards}")
    if before.defcon != after.defcon:
        out.append(f"DEFCON {before.defcon}->{after.defcon} ({_defcon_limits(after.defcon)})")
    for side in (USSR, US):
        if before.milops[side] != after.milops[side] and after.turn == before.turn:
            out.append(f"{side_name(side)} military ops {before.milops[side]}->{after.milops[side]}")
        if before.space[side] != after.space[side]:
            out.append(f"{side_name(side)} space race box {before.space[side]}->{after.space[side]}")
    if before.china != after.china or before.china_up != after.china_up:
        out.append(f"China Card: {side_name(after.china)}, face {'up' if after.china_up else 'down'}")
    played = {d.value} if d.kind == "play" else set()
    for pile, name in ((after.removed, "removed from the game"), (after.discard, "discarded")):
        old = before.removed if pile is after.removed else before.discard
        new = [n for n in pile if n not in old and n not in played]
        if new:
            out.append(", ".join(card_label(n, after) for n in new) + f": {name}")
    if len(after.discard) < len(before.discard) and len(after.deck) > len(before.deck):
        out.append("the discard pile is reshuffled into the deck")
    eff0 = {n for n in range(1, 111) if before.flag(n)}
    eff1 = {n for n in range(1, 111) if after.flag(n)}
    if after.turn == before.turn:
        for n in sorted(eff1 - eff0):
            out.append(f"{card_label(n, after)} is now in effect")
        for n in sorted(eff0 - eff1):
            out.append(f"{card_label(n, after)} no longer in effect")
    if after.turn != before.turn:
        out.append(f"--- turn {after.turn} begins ({PERIOD_NAMES[war_period(after.turn)]}) ---")
    if viewer is not None:
        new_cards = [n for n in after.hands[viewer] if n not in before.hands[viewer]]
        if new_cards and len(new_cards) <= rules.MAX_HAND_SIZE:
            out.append("you receive " + ", ".join(card_label(n, after) for n in sorted(new_cards)))
    if after.winner >= 0 and before.winner < 0:
        out.append(f"GAME OVER: {result(after)}")
    return out


def result(state: TSState) -> str:
    """How the game ended (or that it has not)."""
    if state.winner < 0:
        return "the game is not over"
    who = {USSR: "the USSR wins", US: "the US wins", 2: "a draw"}[state.winner]
    return f"{who}: {state.end_reason} (turn {state.turn}, VP {vp_text(state.vp)})"
