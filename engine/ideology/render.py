"""Ideology on the terminal: turn order, diplomacy, regions by control, sectors, hands.

``render(state, seat, width=80, color=True)`` returns the whole table as text as ``seat``
sees it (its own hand and pending offers, never another seat's); ``seat=None`` is the
omniscient view for replays. Colour (ANSI, the ideologies' colours) is decoration only:
``color=False`` loses nothing. ``status`` is the one-line summary shown at prompts;
``map_view``, ``tracks`` and ``hand`` are the panes of the full screen (``cli/tui.py``);
``question``, ``choices`` and ``describe_action`` serve the CLI (``cli/screen.py``), which
reaches all of them through :class:`IdeologyPresentation` (``IdeologyGame.presentation()``);
``describe_action`` never shows another seat's simultaneous choice (a Resource-phase discard,
a diplomatic offer) before it is revealed.

Sector notation: ``M 3/6 Cap2 Fas1`` = military sector, 3 cards of a maximum of 6, two of
them Capitalist and one Fascist. ``LEGEND`` explains every abbreviation, ``HELP`` how to type
a move, ``show`` the details (hand, advancements, special rules, a region, an ideology;
``LEGEND``, ``SHOW_TOPICS`` and ``show`` live in ``details.py``), and ``describe_change`` words
what a move set off for the log and replays: forced moves, conflict answers and outcomes, phase
and turn headers, revealed offers, consolidation.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from realpolitik.engine.core.api import State
from realpolitik.engine.core.presentation import (
    SCREEN_WIDTH,
    ChoiceGroups,
    Drawing,
    Presentation,
    choices_by_verb,
)
from realpolitik.engine.ideology import actions, rules, state

# The advice hooks of the presentation live in their own module.
from realpolitik.engine.ideology.advice import explain, round_key, score_text, turn_number, why_illegal
from realpolitik.engine.ideology.board import BOARD, STANCE_NAMES, TYPE_NAMES, WAR
from realpolitik.engine.ideology.details import LEGEND, SHOW_TOPICS, show

if TYPE_CHECKING:
    from realpolitik.engine.ideology.game import IdeologyState

__all__ = [
    "HELP",
    "LEGEND",
    "PRESENTATION",
    "REDRAW_AFTER_OWN_MOVE",
    "SHOW_TOPICS",
    "IdeologyPresentation",
    "choices",
    "describe_action",
    "describe_change",
    "explain",
    "hand",
    "map_view",
    "question",
    "render",
    "result",
    "round_key",
    "score_text",
    "show",
    "status",
    "tracks",
    "turn_number",
    "why_illegal",
]

HELP = """\
Moves: type a choice number, or the move in words (a unique part is enough), e.g.
  'trade eco', 'done', 'develop Germany mil', 'buy Tactics', 'place Indonesia cul',
  'remove Mexico eco', 'attack Iraq eco Fascism', 'cancel', 'concede', 'war Fascism', 'pass'.
  A '+2' after a move is the penalty it costs: 2 more cards of that type, discarded first
  (distance: the region is not next to one you control, 4.1/5.1; advancement gap, 5.1).
  A turn: 1 Resources (hand = Global Influence), 2 Trading (swap up to your Trading Power),
  3 Development (add cards to your regions, buy advancements), 4 Foreign (a region is turned
  up; place or remove cards, one at a time), 5 Conflict (one conflict each, in turn),
  6 Diplomacy (offer peace, neutral or war to each ideology; the harsher offer holds),
  7 Consolidation, 8 New turn order. 12 Global Influence at the end of a turn wins."""
"""How to type an Ideology move (the ``help`` command shows it first)."""

REDRAW_AFTER_OWN_MOVE = True
"""The table changes with every move a player makes here, so the CLI draws it again after each."""

_ANSI = {
    "blue": "34",
    "red": "31",
    "black": "90",
    "yellow": "33",
    "green": "32",
    "white": "37",
    "purple": "35",
    "magenta": "35",
    "cyan": "36",
    "brown": "33",
    "orange": "33",
}
_SECTOR = ("M", "E", "C")


def _abbreviation(s: IdeologyState, seat: int) -> str:
    return BOARD.ideologies[s.ideo[seat]].short[:3]


def _paint(text: str, seat: int, s: IdeologyState, color: bool, bold: bool = False) -> str:
    if not color or seat < 0:
        return text
    code = _ANSI.get(BOARD.ideologies[s.ideo[seat]].colour.lower(), "37")
    return f"\x1b[{'1;' if bold else ''}{code}m{text}\x1b[0m"


def _name(s: IdeologyState, seat: int, color: bool) -> str:
    return _paint(BOARD.ideologies[s.ideo[seat]].name, seat, s, color, bold=True)


def _wrap_items(
    lines: list[str], head: str, items: list[str], sep: str, width: int, indent: str = "  "
) -> None:
    """Wrap a list of items, breaking only between items (colour codes counted as zero)."""

    def vis(x: str) -> int:
        return len(re.sub(r"\x1b\[[0-9;]*m", "", x))

    line = head
    for i, item in enumerate(items):
        piece = item if i == 0 else sep + item
        if vis(line) + vis(piece) > width and vis(line) > len(head):
            lines.append(line.rstrip())
            line = indent + item
        else:
            line += piece
    lines.append(line)


def _sectors(s: IdeologyState, r: int, color: bool) -> list[str]:
    n = s.n
    cap = rules.max_influence(s, r)
    parts = []
    for t in range(3):
        b = (r * 3 + t) * n
        cells = s.inf[b : b + n]
        who = " ".join(_paint(f"{_abbreviation(s, x)}{cells[x]}", x, s, color) for x in range(n) if cells[x])
        parts.append(f"{_SECTOR[t]} {sum(cells)}/{cap}" + (f" {who}" if who else ""))
    return parts


STATUS_WIDTH = 78  # the longest status line that keeps the full ideology names (80 columns less a margin)

PHASE_TITLES = {
    state.PH_RESOURCES: "1 Resources",
    state.PH_TRADING: "2 Trading",
    state.PH_DEVELOPMENT: "3 Development",
    state.PH_REVEAL: "4 Foreign",
    state.PH_FOREIGN: "4 Foreign",
    state.PH_CONFLICT: "5 Conflict",
    state.PH_DIPLOMACY: "6 Diplomacy",
    state.GAME_OVER: "game over",
}


def status(s: IdeologyState, seat: int | None = None, color: bool = False) -> str:
    """One line (80 columns): turn, phase, who acts, and each ideology's Global Influence
    (GI) in turn order."""
    plain = " ".join(f"{_abbreviation(s, x)} {rules.global_influence(s, x)}" for x in s.order)
    gis = " ".join(
        _paint(f"{_abbreviation(s, x)} {rules.global_influence(s, x)}", x, s, color) for x in s.order
    )
    cur = rules.current_player(s)
    for long in (True, False):
        who = ""
        if cur >= 0:
            name = BOARD.ideologies[s.ideo[cur]].name if long else _abbreviation(s, cur)
            who = f" · {name} to act"
        line = f"Turn {s.turn} · {PHASE_TITLES[s.phase]}{who} · GI: {plain}"
        if len(line) <= STATUS_WIDTH or not long:
            break
    if color and cur >= 0:
        who = f" · {_paint(name, cur, s, color, bold=True)} to act"
    return f"Turn {s.turn} · {PHASE_TITLES[s.phase]}{who} · GI: {gis}"


def result(s: IdeologyState) -> str:
    """How the game ended (empty while it runs)."""
    if s.result is None:
        return ""
    win = [x for x in range(s.n) if s.result[x] > 0]
    names = " and ".join(BOARD.ideologies[s.ideo[x]].name for x in win)
    gis = ", ".join(f"{BOARD.ideologies[s.ideo[x]].name} {rules.global_influence(s, x)}" for x in range(s.n))
    if len(win) == 1:
        return f"{names} wins ({gis})."
    return f"{names} share the world ({gis})."


def render(s: IdeologyState, seat: int | None, width: int = 80, color: bool = True) -> str:
    """The table as ``seat`` sees it.

    Args:
        s: The state.
        seat: The viewing seat, or None for everything (replays).
        width: Columns to fit.
        color: Use ANSI colours.

    Returns:
        Multi-line text.
    """
    lines: list[str] = []
    lines.append(status(s, seat, color))
    if s.phase == state.GAME_OVER:
        lines.append(result(s))
    _order_and_diplomacy(lines, s, seat, width, color)
    lines.append("")
    _region_lines(lines, s, width, color)
    _hand_lines(lines, s, seat, color, width)
    _pile_lines(lines, s, width)
    return "\n".join(lines)


def _region_lines(lines: list[str], s: IdeologyState, width: int, color: bool) -> None:
    """Each ideology's regions and advancements, the independent regions, the region deck and
    the conflict under way."""
    for x in s.order:
        regs = [r for r in range(BOARD.n) if s.owner[r] == x]
        advs = ", ".join(
            f"{BOARD.advancements[k].short}x{s.adv[x * state.NUM_ADVANCEMENTS + k]}"
            if s.adv[x * state.NUM_ADVANCEMENTS + k] > 1
            else BOARD.advancements[k].short
            for k in range(state.NUM_ADVANCEMENTS)
            if s.adv[x * state.NUM_ADVANCEMENTS + k]
        )
        lines.append(f"{_name(s, x, color)} controls {len(regs)} region(s); advancements: {advs or '-'}")
        for r in regs:
            home = "*" if r == BOARD.ideologies[s.ideo[x]].start_region else " "
            _wrap_items(
                lines,
                f" {home}{BOARD.regions[r].name:<16} L{s.dev[r]}  ",
                _sectors(s, r, color),
                " | ",
                width,
                " " * 23,
            )
    indep = [r for r in range(BOARD.n) if s.where[r] == state.IN_PLAY and s.owner[r] < 0]
    lines.append("")
    lines.append(f"Independent regions ({len(indep)}):")
    for r in indep:
        mark = "!" if r == s.revealed else " "
        _wrap_items(
            lines,
            f" {mark}{BOARD.regions[r].name:<16} L{s.dev[r]}  ",
            _sectors(s, r, color),
            " | ",
            width,
            " " * 23,
        )
    left = sum(1 for w in s.where if w == state.OFF_DECK)
    lines.append(f"Region deck: {left} tile(s) face down")
    if s.conflict is not None:
        att, dfn, r, t, stage = s.conflict
        kind = "WMD strike" if t == state.WMD_TYPE else f"{TYPE_NAMES[t]} conflict"
        step = "defender answers" if stage == 0 else "attacker decides whether to go on"
        lines.append(
            f"Conflict: {_name(s, att, color)} {kind} on {_name(s, dfn, color)} in "
            f"{BOARD.regions[r].name} ({step})"
        )


def _order_and_diplomacy(
    lines: list[str], s: IdeologyState, seat: int | None, width: int, color: bool
) -> None:
    """Turn order with Global Influence and hand sizes, the stances, the viewer's offers."""
    n = s.n
    order = [
        f"{i + 1}. {_name(s, x, color)} (GI {rules.global_influence(s, x)}, hand {s.hand_size(x)})"
        for i, x in enumerate(s.order)
    ]
    _wrap_items(lines, "Turn order: ", order, "  ", width)
    pairs = []
    for i in range(n):
        for j in range(i + 1, n):
            pairs.append(
                f"{_abbreviation(s, i)}-{_abbreviation(s, j)} {STANCE_NAMES[s.stance_between(i, j)]}"
            )
    _wrap_items(lines, "Diplomacy: ", pairs, ", ", width)
    if seat is not None:
        mine = [
            f"{_abbreviation(s, j)} {STANCE_NAMES[s.offer(seat, j)]}"
            for j in range(n)
            if s.offer(seat, j) >= 0
        ]
        if mine:
            lines.append("Your offers so far: " + ", ".join(mine))


def _hand_lines(lines: list[str], s: IdeologyState, seat: int | None, color: bool, width: int = 80) -> None:
    """The viewer's hand and the cards it chose to discard (every hand for ``seat=None``)."""
    if seat is not None and 0 <= seat < s.n:
        b = seat * 3
        hand = ", ".join(f"{s.hand[b + t]} {TYPE_NAMES[t]}" for t in range(3))
        _wrap_items(
            lines,
            f"Your hand ({_name(s, seat, color)}): ",
            [hand, f"Trading Power {rules.trading_power(s, seat)}"],
            "; ",
            width,
        )
        mine = [
            BOARD.advancements[k].name
            + (
                f" x{s.adv[seat * state.NUM_ADVANCEMENTS + k]}"
                if s.adv[seat * state.NUM_ADVANCEMENTS + k] > 1
                else ""
            )
            for k in range(state.NUM_ADVANCEMENTS)
            if s.adv[seat * state.NUM_ADVANCEMENTS + k]
        ]
        levels = "/".join(str(rules.advancement_level(s, seat, t)) for t in range(3))
        _wrap_items(
            lines, "Your advancements: ", (mine or ["none"]) + [f"(levels M/E/C {levels})"], ", ", width
        )
        special_rules = [r.name for r in s.board.effects_of(s.ideo[seat])]
        if special_rules:
            _wrap_items(lines, "Your special rules: ", special_rules, ", ", width)
        lines.append("('show rules', 'show advancements', 'show REGION' explain; 'help': the codes)")
        staged = sum(s.staged[b : b + 3])
        if staged:
            lines.append(
                f"  chosen to discard: {', '.join(f'{s.staged[b + t]} {TYPE_NAMES[t]}' for t in range(3))}"
            )
    elif seat is None:
        for x in range(s.n):
            b = x * 3
            lines.append(
                f"{_name(s, x, color)} hand: "
                + ", ".join(f"{s.hand[b + t]} {TYPE_NAMES[t]}" for t in range(3))
            )


def _pile_lines(lines: list[str], s: IdeologyState, width: int) -> None:
    decks = [
        f"{_abbreviation(s, x)} deck {sum(s.deck[x * 3 : x * 3 + 3])}, discard {sum(s.discard[x * 3 : x * 3 + 3])}"
        for x in range(s.n)
    ]
    _wrap_items(lines, "Piles: ", decks, "; ", width)


def map_view(s: IdeologyState, seat: int | None, width: int = 80) -> str:
    """The regions by control, the independent ones, the region deck and the conflict under
    way (the full screen's board pane)."""
    lines: list[str] = []
    _region_lines(lines, s, width, color=True)
    return "\n".join(lines)


def tracks(s: IdeologyState, seat: int | None, width: int = 80) -> str:
    """Turn order with Global Influence, diplomacy and the piles (the full screen's tracks
    pane; the status line above it gives the turn and phase)."""
    lines: list[str] = []
    _order_and_diplomacy(lines, s, seat, width, color=True)
    _pile_lines(lines, s, width)
    return "\n".join(lines)


def hand(s: IdeologyState, seat: int | None, width: int = 80) -> str:
    """The viewer's hand (every hand for ``seat=None``; the full screen's hand pane)."""
    lines: list[str] = []
    _hand_lines(lines, s, seat, color=True, width=width)
    return "\n".join(lines)


def describe(s: IdeologyState) -> dict[str, Any]:
    """A small summary (for logs): turn, phase, Global Influence by ideology."""
    return {
        "turn": s.turn,
        "phase": state.PHASE_NAMES[s.phase],
        "global_influence": {
            BOARD.ideologies[s.ideo[x]].name: rules.global_influence(s, x) for x in range(s.n)
        },
    }


def question(s: Any) -> str:
    """What the player to move is asked (``s`` is an ``IdeologyState``), with what limits the
    choices: Trading Power left, and why a kind of move is missing."""
    cur = rules.current_player(s)
    if cur < 0:
        return "chance" if s.phase != state.GAME_OVER else "the game is over"
    text = f"{BOARD.ideologies[s.ideo[cur]].name}: {s.decision_name()}"
    notes = missing(s)
    return text + ("\n  " + "\n  ".join(notes) if notes else "")


def missing(s: Any) -> list[str]:
    """Short reasons for the moves a player might look for and not find (empty if none)."""
    cur = rules.current_player(s)
    if cur < 0:
        return []
    out: list[str] = []
    b = cur * 3
    hand = s.hand[b : b + 3]
    phase = s.phase
    if s.conflict is not None:
        _att, dfn, _r, t, stage = s.conflict
        if t == state.WMD_TYPE:
            if cur == dfn and not s.adv[dfn * state.NUM_ADVANCEMENTS + BOARD.wmd]:
                out.append("no 'retaliate': you have no WMD to cancel the strike with")
        elif stage == 0 and not hand[t]:
            out.append(f"no 'cancel': you have no {TYPE_NAMES[t]} card")
        elif stage == 1 and not hand[t]:
            out.append(f"no 'continue': you have no {TYPE_NAMES[t]} card left")
        return out
    if phase == state.PH_TRADING:
        power = rules.trading_power(s, cur)
        out.append(f"Trading Power {power} (regions where you have cards): {power - s.traded} left")
    elif phase == state.PH_DEVELOPMENT:
        if not any(s.owner[r] == cur for r in range(BOARD.n)):
            out.append("no 'develop': you control no region")
        cant = ", ".join(
            BOARD.advancements[k].short for k in range(state.NUM_ADVANCEMENTS) if not rules.can_buy(s, cur, k)
        )
        if cant:
            out.append(f"cannot buy now (cost or empty pile; 'show advancements'): {cant}")
    elif phase == state.PH_FOREIGN:
        if not any(hand):
            out.append("no 'place': your hand is empty")
        else:
            out.append("a distant region (not next to one you control) costs 1 more card (+1)")
    elif phase == state.PH_CONFLICT:
        n = s.n
        for d in range(n):
            if d == cur:
                continue
            stance = s.stance[cur * n + d]
            if stance != WAR:
                banned = "military" if stance != 0 else "military or economic"
                out.append(
                    f"no {banned} conflict on {BOARD.ideologies[s.ideo[d]].name}: "
                    f"{STANCE_NAMES[stance]} (military needs war, 5)"
                )
        if not any(hand):
            out.append("no conflict: your hand is empty")
        else:
            out.append("a conflict costs 1 card + its penalty (+k), where the target has cards")
    elif phase == state.PH_DIPLOMACY:
        c = s.order[s.idx]
        j = rules.target(s, c, s.offer_to)
        if s.board.isolationist[s.ideo[c]] and not s.attacked[c] >> j & 1:
            out.append(
                f"no 'war': your sheet allows it only on an attacker (not {BOARD.ideologies[s.ideo[j]].name})"
            )
    return out


def choices(s: Any, legal: list[int]) -> ChoiceGroups:
    """The legal actions grouped by verb (``place``, ``remove``, ``attack`` ...), the
    pass/done/answers first, untitled."""
    return choices_by_verb(
        s, legal, ("place", "remove", "attack", "wmd", "develop", "buy", "trade", "discard")
    )


def describe_action(s: Any, action: int, viewer: int | None) -> str:
    """One log line for ``action`` (state before it), as ``viewer`` may see it."""
    cur = rules.current_player(s)
    if cur < 0:
        chance: str = s.action_to_string(action)
        return chance
    who = BOARD.ideologies[s.ideo[cur]].name
    if viewer is not None and viewer != cur:
        if s.phase == state.PH_RESOURCES:
            return f"{who} discards a card (revealed when everyone has discarded)"
        if s.phase == state.PH_DIPLOMACY:
            c = s.order[s.idx]
            j = rules.target(s, c, s.offer_to)
            return f"{who} makes an offer to {BOARD.ideologies[s.ideo[j]].name} (shown when all have offered)"
    return f"{who}: {_words(s, action)}"


def _words(s: Any, action: int) -> str:
    """The action's text, with what its penalty is for (``+2``: distance 1, gap 1)."""
    text: str = s.action_to_string(action)
    kind, r, t, v = actions.decode(action)
    if s.conflict is None and kind in (actions.K_PLACE, actions.K_ATTACK):
        cur = rules.current_player(s)
        dist = rules.distance_penalty(s, cur, r, t, kind == actions.K_ATTACK)
        gap = rules.gap_penalty(s, cur, s.seat_of[v], r, t) if kind == actions.K_ATTACK else 0
        why = [w for w, k in (("distance", dist), ("advancement gap", gap)) if k]
        if why:
            text += (
                f" (penalty: {' + '.join(f'{w} {k}' for w, k in zip(why, [k for k in (dist, gap) if k]))})"
            )
    return text


# ----------------------------------------------------------------------------- the log


def _forced_line(s: Any, action: int, viewer: int | None) -> str:
    return describe_action(s, action, viewer) + " (the only choice)"


def _conflict_line(x: Any, action: int) -> str | None:
    """What an answer in a conflict did (5.2), or None for another action."""
    if x.conflict is None or x.phase != state.PH_CONFLICT:
        return None
    att, dfn, r, t, _stage = x.conflict
    a_name = BOARD.ideologies[x.ideo[att]].name
    d_name = BOARD.ideologies[x.ideo[dfn]].name
    region = BOARD.regions[r].name
    if t == state.WMD_TYPE:
        if action == actions.RETALIATE:
            return f"  {d_name} spends its own WMD: the strike on {region} is cancelled"
        return f"  the WMD strike discards every {d_name} card beside {region}"
    kind = TYPE_NAMES[t]
    if action == actions.CANCEL:
        art = "an" if kind[0] in "aeiou" else "a"
        return f"  {d_name} cancels with {art} {kind} card; both cards are discarded"
    if action == actions.CONCEDE:
        return f"  {a_name} wins the {kind} conflict in {region}: its card replaces one of {d_name}'s"
    if action == actions.CONTINUE:
        return f"  {a_name} plays another {kind} card"
    if action == actions.WITHDRAW:
        return f"  {a_name} withdraws; the {kind} conflict in {region} ends"
    return None


def _between(x: Any, y: Any, viewer: int | None) -> list[str]:
    """Lines for what happened between two settled positions without a decision: the end of
    a turn (offers, consolidation, new order, draws) and phase changes."""
    out: list[str] = []
    n = x.n
    if y.turn != x.turn or (y.phase == state.GAME_OVER and x.phase != state.GAME_OVER):
        shown = y.shown_offers
        offers = []
        for i in range(n):
            for j in range(n):
                if i != j and shown[i * n + j] >= 0:
                    offers.append(
                        f"{_abbreviation(x, i)}→{_abbreviation(x, j)} {STANCE_NAMES[shown[i * n + j]]}"
                    )
        if offers:
            out.append("offers revealed: " + ", ".join(offers))
        stances = []
        for i in range(n):
            for j in range(i + 1, n):
                if y.stance_between(i, j) != x.stance_between(i, j):
                    stances.append(
                        f"{_abbreviation(x, i)}-{_abbreviation(x, j)} now {STANCE_NAMES[y.stance_between(i, j)]}"
                    )
        if stances:
            out.append("diplomacy: " + ", ".join(stances))
        out.append("--- 7 Consolidation ---")
        changes = []
        for r in range(BOARD.n):
            name = BOARD.regions[r].name
            if x.owner[r] != y.owner[r]:
                if y.owner[r] >= 0:
                    changes.append(f"{BOARD.ideologies[y.ideo[y.owner[r]]].name} takes {name} (L{y.dev[r]})")
                else:
                    changes.append(f"{BOARD.ideologies[x.ideo[x.owner[r]]].name} loses {name}")
            elif y.owner[r] >= 0 and x.dev[r] != y.dev[r]:
                changes.append(f"{name} level {x.dev[r]} → {y.dev[r]}")
        out.append("consolidation: " + ("; ".join(changes) if changes else "no change"))
        order = " ".join(f"{_abbreviation(y, z)} {rules.global_influence(y, z)}" for z in y.order)
        out.append(f"--- 8 New turn order (by GI): {order} ---")
        if y.phase == state.GAME_OVER:
            out.append(f"GAME OVER: {result(y)}")
            return out
        out.append(f"=== Turn {y.turn} ===")
        draws = [
            f"{_abbreviation(y, z)} {y.hand_size(z) + sum(y.staged[z * 3 : z * 3 + 3])}" for z in y.order
        ]
        out.append("--- 1 Resources: hands drawn up to GI: " + ", ".join(draws) + " ---")
    if y.phase != x.phase and PHASE_TITLES[y.phase] != PHASE_TITLES[x.phase] and y.phase != state.GAME_OVER:
        if not (y.turn != x.turn and y.phase == state.PH_RESOURCES):
            out.append(f"--- {PHASE_TITLES[y.phase]} ---")
    if x.phase == state.PH_RESOURCES and y.phase != state.PH_RESOURCES and y.turn == x.turn:
        shown = []
        for z in range(n):
            got = [y.discard[z * 3 + t] - x.discard[z * 3 + t] for t in range(3)]
            if sum(got):
                shown.append(
                    f"{_abbreviation(y, z)} "
                    + ", ".join(f"{got[t]} {TYPE_SHORT_WORDS[t]}" for t in range(3) if got[t])
                )
        if shown:
            out.append("discards revealed: " + "; ".join(shown))
    return out


TYPE_SHORT_WORDS = ("mil", "eco", "cul")


def describe_change(before: Any, action: int, after: Any, viewer: int | None) -> list[str]:
    """What ``action`` set off that ``viewer`` may see, one line each: the conflict answer's
    outcome, every forced move the engine then made (replayed here step by step, as
    ``rules.settle`` does), phase and turn headers, revealed offers and discards,
    consolidation, the new turn order and the end of the game."""
    out: list[str] = []
    x = before.clone()
    line = _conflict_line(x, action)
    if line:
        out.append(line)
    rules._carry_out(x, action)  # the action itself, then each forced move as settle() makes them
    prev = before
    while True:
        out.extend(_between(prev, x, viewer))
        legal = rules.generate_legal(x)
        if len(legal) != 1 or x.phase in (state.PH_REVEAL, state.GAME_OVER):
            break
        forced = legal[0]
        out.append(_forced_line(x, forced, viewer))
        line = _conflict_line(x, forced)
        if line:
            out.append(line)
        prev = x.clone()
        rules._carry_out(x, forced)
    return out


# ---------------------------------------------------------------- the presentation
def _ideology_state(position: State) -> IdeologyState:
    """A state of this game as the functions above read it (every state the game makes is one)."""
    return cast("IdeologyState", position)


class IdeologyPresentation(Presentation):
    """Ideology's presentation: the functions of this module and of ``advice``, typed for the
    CLI; the line-mode board is :func:`render` in colour."""

    moves_help = HELP
    legend = LEGEND
    show_topics = SHOW_TOPICS
    redraw_after_own_move = REDRAW_AFTER_OWN_MOVE

    def board(self, position: State, viewer: int | None) -> Drawing:
        return render(_ideology_state(position), viewer, width=SCREEN_WIDTH, color=True)

    def map_view(self, position: State, viewer: int | None, width: int) -> Drawing:
        return map_view(_ideology_state(position), viewer, width)

    def tracks(self, position: State, viewer: int | None, width: int) -> Drawing | None:
        return tracks(_ideology_state(position), viewer, width)

    def hand(self, position: State, viewer: int | None, width: int) -> Drawing | None:
        return hand(_ideology_state(position), viewer, width)

    def status(self, position: State, viewer: int | None) -> Drawing:
        return status(_ideology_state(position), viewer)

    def round_key(self, position: State) -> object | None:
        return round_key(_ideology_state(position))

    def question(self, position: State) -> str:
        return question(position)

    def choices(self, position: State, legal: list[int]) -> ChoiceGroups:
        return choices(position, legal)

    def describe_action(self, position: State, action: int, viewer: int | None) -> str:
        return describe_action(position, action, viewer)

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        return describe_change(before, action, after, viewer)

    def why_illegal(self, position: State, text: str) -> str | None:
        return why_illegal(_ideology_state(position), text)

    def explain(self, before: State, after: State, seat: int) -> str:
        return explain(before, after, seat)

    def turn_number(self, position: State) -> int | None:
        return turn_number(_ideology_state(position))

    def score_text(self, position: State) -> str:
        return score_text(_ideology_state(position))

    def show(self, position: State, viewer: int | None, what: str) -> Drawing:
        return show(position, viewer, what)

    def result(self, position: State) -> str:
        return result(_ideology_state(position))


PRESENTATION = IdeologyPresentation()
"""The one presentation of the game (``IdeologyGame.presentation()``)."""
