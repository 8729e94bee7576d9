"""Ideology on the terminal: turn order, diplomacy, regions by control, sectors, hands.

``render(state, seat, width=80, color=True)`` returns the whole table as text as ``seat``
sees it (its own hand and pending offers, never another seat's); ``seat=None`` is the
omniscient view for replays. Colour (ANSI, the ideologies' colours) is decoration only:
``color=False`` loses nothing. ``status`` is the one-line summary shown at prompts;
``question``, ``choices`` and ``describe_action`` serve the CLI (``cli/screen.py``), and
``describe_action`` never shows another seat's simultaneous choice (a Resource-phase discard,
a diplomatic offer) before it is revealed.

Sector notation: ``M 3/6 Cap2 Fas1`` = military sector, 3 cards of a maximum of 6, two of
them Capitalist and one Fascist.
"""

from __future__ import annotations

import re
from typing import Any

from realpolitik.engine.ideology import rules as R

# The advice hooks of the presentation live in their own module.
from realpolitik.engine.ideology.advice import explain, round_key, score_text, turn_number, why_illegal
from realpolitik.engine.ideology.board import BOARD, STANCE_NAMES, TYPE_NAMES
from realpolitik.engine.ideology.state import (
    IN_PLAY,
    NA,
    OFF_DECK,
    PH_DIPLOMACY,
    PH_OVER,
    PH_RESOURCES,
    PHASE_NAMES,
    WMD_TYPE,
    IdeoState,
)

__all__ = [
    "choices",
    "describe_action",
    "explain",
    "question",
    "render",
    "result",
    "round_key",
    "score_text",
    "status",
    "turn_number",
    "why_illegal",
]

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


def _abbr(s: IdeoState, seat: int) -> str:
    return BOARD.ideologies[s.ideo[seat]].short[:3]


def _paint(text: str, seat: int, s: IdeoState, color: bool, bold: bool = False) -> str:
    if not color or seat < 0:
        return text
    code = _ANSI.get(BOARD.ideologies[s.ideo[seat]].colour.lower(), "37")
    return f"\x1b[{'1;' if bold else ''}{code}m{text}\x1b[0m"


def _name(s: IdeoState, seat: int, color: bool) -> str:
    return _paint(BOARD.ideologies[s.ideo[seat]].short, seat, s, color, bold=True)


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


def _sectors(s: IdeoState, r: int, color: bool) -> list[str]:
    n = s.n
    cap = R.max_influence(s, r)
    parts = []
    for t in range(3):
        b = (r * 3 + t) * n
        cells = s.inf[b : b + n]
        who = " ".join(_paint(f"{_abbr(s, x)}{cells[x]}", x, s, color) for x in range(n) if cells[x])
        parts.append(f"{_SECTOR[t]} {sum(cells)}/{cap}" + (f" {who}" if who else ""))
    return parts


def status(s: IdeoState, seat: int | None = None, color: bool = False) -> str:
    """One line: turn, phase, and each ideology's Global Influence in turn order."""
    gis = " ".join(_paint(f"{_abbr(s, x)} {R.global_influence(s, x)}", x, s, color) for x in s.order)
    who = ""
    cur = R.current_player(s)
    if cur >= 0:
        who = f", {_name(s, cur, color)} to act"
    return f"Turn {s.turn} · {PHASE_NAMES[s.phase]}{who} · GI: {gis}"


def result(s: IdeoState) -> str:
    """How the game ended (empty while it runs)."""
    if s.result is None:
        return ""
    win = [x for x in range(s.n) if s.result[x] > 0]
    names = " and ".join(BOARD.ideologies[s.ideo[x]].name for x in win)
    gis = ", ".join(f"{BOARD.ideologies[s.ideo[x]].short} {R.global_influence(s, x)}" for x in range(s.n))
    if len(win) == 1:
        return f"{names} wins ({gis})."
    return f"{names} share the world ({gis})."


def render(s: IdeoState, seat: int | None, width: int = 80, color: bool = True) -> str:
    """The table as ``seat`` sees it.

    Args:
        s: The state.
        seat: The viewing seat, or None for everything (replays).
        width: Columns to fit.
        color: Use ANSI colours.

    Returns:
        Multi-line text.
    """
    n = s.n
    lines: list[str] = []
    lines.append(status(s, seat, color))
    if s.phase == PH_OVER:
        lines.append(result(s))
    order = [
        f"{i + 1}. {_name(s, x, color)} (GI {R.global_influence(s, x)}, hand {s.hand_size(x)})"
        for i, x in enumerate(s.order)
    ]
    _wrap_items(lines, "Turn order: ", order, "  ", width)
    pairs = []
    for i in range(n):
        for j in range(i + 1, n):
            pairs.append(f"{_abbr(s, i)}-{_abbr(s, j)} {STANCE_NAMES[s.stance_between(i, j)]}")
    _wrap_items(lines, "Diplomacy: ", pairs, ", ", width)
    if seat is not None:
        mine = [f"{_abbr(s, j)} {STANCE_NAMES[s.offer(seat, j)]}" for j in range(n) if s.offer(seat, j) >= 0]
        if mine:
            lines.append("Your offers so far: " + ", ".join(mine))
    lines.append("")
    for x in s.order:
        regs = [r for r in range(BOARD.n) if s.owner[r] == x]
        advs = ", ".join(
            f"{BOARD.advancements[k].short}x{s.adv[x * NA + k]}"
            if s.adv[x * NA + k] > 1
            else BOARD.advancements[k].short
            for k in range(NA)
            if s.adv[x * NA + k]
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
    indep = [r for r in range(BOARD.n) if s.where[r] == IN_PLAY and s.owner[r] < 0]
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
    left = sum(1 for w in s.where if w == OFF_DECK)
    lines.append(f"Region deck: {left} tile(s) face down")
    if s.conflict is not None:
        att, dfn, r, t, stage = s.conflict
        kind = "WMD strike" if t == WMD_TYPE else f"{TYPE_NAMES[t]} conflict"
        step = "defender answers" if stage == 0 else "attacker decides whether to go on"
        lines.append(
            f"Conflict: {_name(s, att, color)} {kind} on {_name(s, dfn, color)} in "
            f"{BOARD.regions[r].name} ({step})"
        )
    if seat is not None and 0 <= seat < n:
        b = seat * 3
        hand = ", ".join(f"{s.hand[b + t]} {TYPE_NAMES[t]}" for t in range(3))
        lines.append(f"Your hand ({_name(s, seat, color)}): {hand}")
        staged = sum(s.staged[b : b + 3])
        if staged:
            lines.append(
                f"  chosen to discard: {', '.join(f'{s.staged[b + t]} {TYPE_NAMES[t]}' for t in range(3))}"
            )
    elif seat is None:
        for x in range(n):
            b = x * 3
            lines.append(
                f"{_name(s, x, color)} hand: "
                + ", ".join(f"{s.hand[b + t]} {TYPE_NAMES[t]}" for t in range(3))
            )
    decks = [
        f"{_abbr(s, x)} deck {sum(s.deck[x * 3 : x * 3 + 3])}, discard {sum(s.discard[x * 3 : x * 3 + 3])}"
        for x in range(n)
    ]
    _wrap_items(lines, "Piles: ", decks, "; ", width)
    return "\n".join(lines)


def describe(s: IdeoState) -> dict[str, Any]:
    """A small summary (for logs): turn, phase, Global Influence by ideology."""
    return {
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "global_influence": {BOARD.ideologies[s.ideo[x]].short: R.global_influence(s, x) for x in range(s.n)},
    }


def question(s: Any) -> str:
    """What the player to move is asked (``s`` is an ``IdeologyState``)."""
    cur = R.current_player(s)
    if cur < 0:
        return "chance" if s.phase != PH_OVER else "the game is over"
    return f"{BOARD.ideologies[s.ideo[cur]].name}: {s.decision_name()}"


def choices(s: Any, actions: list[int]) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """The legal actions grouped by verb (``place``, ``remove``, ``attack`` ...), the
    pass/done/answers first, untitled."""
    groups: dict[str | None, list[tuple[int, str]]] = {}
    for a in actions:
        text = s.action_to_string(a)
        verb = text.split(" ", 1)[0]
        key = (
            verb
            if verb in ("place", "remove", "attack", "wmd", "develop", "buy", "trade", "discard")
            else None
        )
        groups.setdefault(key, []).append((a, text))
    ordered = [(None, groups.pop(None))] if None in groups else []
    return ordered + sorted(groups.items(), key=lambda kv: str(kv[0]))


def describe_action(s: Any, action: int, viewer: int | None) -> str:
    """One log line for ``action`` (state before it), as ``viewer`` may see it."""
    cur = R.current_player(s)
    if cur < 0:
        return s.action_to_string(action)
    who = BOARD.ideologies[s.ideo[cur]].name
    if viewer is not None and viewer != cur:
        if s.phase == PH_RESOURCES:
            return f"{who} discards a card (revealed when everyone has discarded)"
        if s.phase == PH_DIPLOMACY:
            c = s.order[s.idx]
            j = R.targets(s, c)[s.dip]
            return f"{who} makes an offer to {BOARD.ideologies[s.ideo[j]].name} (revealed at the end)"
    return f"{who}: {s.action_to_string(action)}"
