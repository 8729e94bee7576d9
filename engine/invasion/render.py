"""How to Invade a Sovereign Nation on the terminal: tracks, action boxes, the map by territory.

``render(state, seat, width=80, color=True)`` returns the whole table as text (the game has
no hidden information, so every seat sees the same). Colour (ANSI, the seats' colours) is
decoration only: ``color=False`` loses nothing. ``status`` is the one-line summary at prompts;
``question``, ``choices``, ``describe_action`` and ``describe_change`` serve the CLI, which
reaches them through :class:`InvasionPresentation` (``InvasionGame.presentation()``); the
change lines are the engine's log, where every effect names its cause (wars and rebel attacks
show the ratio or threshold, the rolls and the table's result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from realpolitik.engine.core.api import State
from realpolitik.engine.core.presentation import (
    SCREEN_WIDTH,
    ChoiceGroups,
    Drawing,
    Presentation,
    choices_by_verb,
)
from realpolitik.engine.invasion import actions, rules
from realpolitik.engine.invasion.board import BOARD
from realpolitik.engine.invasion.state import (
    GAME_OVER,
    OFFMAP,
    S_ACTION,
    S_BUILD,
    S_BUY,
    S_MOVE_FROM,
    S_MOVE_LOG,
    S_MOVE_TROOPS,
)

if TYPE_CHECKING:
    from realpolitik.engine.invasion.game import InvasionState

__all__ = [
    "HELP",
    "LEGEND",
    "PRESENTATION",
    "SHOW_TOPICS",
    "InvasionPresentation",
    "choices",
    "default_choice",
    "describe_action",
    "describe_change",
    "question",
    "render",
    "result",
    "show",
    "status",
]

HELP = """\
Moves: type a choice number, or the move in words (a unique part will do).
  Each turn every player takes two actions, in turn order:
    'media box 1', 'purchase box 2', 'construction box 1', 'money box 1'
    (each box once a turn; later boxes do less), 'produce oil',
    'new taxes', 'speech to the nation'.
  Selling is not an action: 'sell 3 oil' whenever you choose an action.
  Purchases: 'buy 5 troops by land' (1$ each, to the Border),
    'buy troop by air to Baghdad' (2$), then 'done buying'.
  Movements: 'from Border', 'to Bassora', '5 troops', '2 logistics', or
    on one line: 'from Border, to Bassora, 5' (Enter: all the troops);
    'ask for support' first lets the others join your battles.
  Constructions: 'build warehouse in Bassora', 'influence in Bassora',
    'contract', 'done building'.
  End of turn: 'fight on' or 'retreat to X' when outnumbered; rebels
    (phase 2 on): 'place rebels in Diyala', 'rebels to Baghdad',
    'strengthen rebels', 'attack troops in Baghdad', 'rebels wait'."""
"""How to type a move (the ``help`` command shows it first)."""

LEGEND = """\
  Red Blu Grn Yel Blk  the seats; R B G Y K in the troops column
  $ oil        money (dollars) and oil barrels in hand
  med pac      media and pacifism tracks
  inf con      influence and contracts tracks
  prov         provinces controlled
  trp 5/8      troops on the board (Border too) / allowed by media
  reb D2 @DIY  rebels of strength 2 in Diyala; out: off the board,
               wait: outside the map (east all controlled)
  ctl          controller; ? unexplored; war: a battle goes on;
               - the locals hold it (explored, nobody controls it)
  loc log      local troops; logistics (on the Border: each seat's)
  bld W P L R  warehouse, police station, pipeline, refinery
  oil 3/4      oil stored / storage of the province
  prod 3/4     produces 3 oil with 4 logistics on it
  S E          south (brown) and east (orange) provinces
  BRD          the Border territory, where land purchases arrive
  gov          oil of the Provisional Government (phase 3)
  boxes        who took each action box; . free"""
"""Every abbreviation on the screens."""

SHOW_TOPICS = "a territory (Bassora, BAS), log"
"""What ``show`` accepts."""

_ANSI = ("31", "34", "32", "33", "90")
_ABBR = ("Red", "Blu", "Grn", "Yel", "Blk")
_LETTER = "RBGYK"
PHASES = {1: "Invasion", 2: "Guerrilla", 3: "Provisional Government"}


def _paint(text: str, p: int, color: bool) -> str:
    if not color or p < 0:
        return text
    return f"\x1b[{_ANSI[p]}m{text}\x1b[0m"


def _who(p: int, color: bool = False) -> str:
    return _paint(rules.seat_name(p), p, color)


def status(s: InvasionState, seat: int | None = None, color: bool = False) -> str:
    """One line: phase, turn, price, each seat's money."""
    if s.stage == GAME_OVER:
        return "game over: " + result(s)
    money = ", ".join(f"{_paint(_ABBR[p], p, color)} {rules.dollars(s.money[p])}" for p in range(s.n))
    return (
        f"phase {s.phase} {PHASES[s.phase]}, turn {s.turn}/{s.turns} | oil {rules.dollars(rules.price_halves(s))}"
        f" | {money}"
    )


def result(s: InvasionState) -> str:
    """Who won, with the final money."""
    if s.result is None or s.wealth is None:
        return "the game is not over"
    best = max(s.result)
    win = [rules.seat_name(p) for p in range(s.n) if s.result[p] == best]
    money = ", ".join(f"{rules.seat_name(p)} {rules.dollars(s.wealth[p])}" for p in range(s.n))
    verb = "wins" if len(win) == 1 else "share the win"
    return f"{' and '.join(win)} {verb} ({money})"


def _rebels(s: InvasionState, p: int) -> str:
    at = s.rebel_at[p]
    if at == -1:
        return "out"
    if at == OFFMAP:
        return f"wait D{s.rebel_str[p]}"
    return f"D{s.rebel_str[p]} @{BOARD.territories[at].short}"


NARROW = 66
"""Below this width (the full screen's board pane at 80x24) the tables drop their padding,
the territories their long names, and the rebels go under the seat table."""


def render(s: InvasionState, seat: int | None, width: int = 80, color: bool = True) -> str:
    """The whole table as text, fitted to ``width`` (compact below ``NARROW`` columns)."""
    n = s.n
    narrow = width < NARROW
    order = " > ".join(_who(p, color) for p in s.order)
    price = f"oil price {rules.dollars(rules.price_halves(s))}   gov {s.gov_oil} oil"
    lines = (
        [f"phase {s.phase} {PHASES[s.phase]}, turn {s.turn}/{s.turns}", price, f"order: {order}", ""]
        if narrow
        else [
            f"How to Invade a Sovereign Nation — phase {s.phase} {PHASES[s.phase]}, turn {s.turn}/{s.turns}",
            f"{price}   order: {order}",
            "",
        ]
    )
    lines += [
        "seat       $ oil med pac inf con prov trp"
        if narrow
        else "seat        $  oil med pac inf con prov trp    reb",
    ]
    for p in range(n):
        allowed = rules.troops_allowed(s.media[p])
        trp = f"{s.troops_on_board(p)}/{allowed}"
        money = (
            f"{rules.dollars(s.money[p]):>6} {s.oil[p]:>3}"
            if narrow
            else f"{rules.dollars(s.money[p]):>8} {s.oil[p]:>4}"
        )
        row = (
            f"{_paint(_ABBR[p], p, color)}  {money} {s.media[p]:>3}"
            f" {s.pacifism[p]:>3} {s.influence[p]:>3} {s.contracts[p]:>3} {s.provinces_of(p):>4}"
            f" {trp:>5}"
        )
        lines.append(row if narrow else f"{row}  {_rebels(s, p)}")
    if narrow:
        # the rebels column under the table, as many seats a line as the width holds
        label = "reb"
        line, used = label, len(label)
        for p in range(n):
            piece = f"{_ABBR[p]} {_rebels(s, p)}"
            if used + 2 + len(piece) > width and used > len(label):  # a line holds one seat at least
                lines.append(line)
                line, used = " " * len(label), len(label)
            line += "  " + f"{_paint(_ABBR[p], p, color)} {_rebels(s, p)}"
            used += 2 + len(piece)
        lines.append(line)
    cols = BOARD.columns[n]
    lines.append("")
    lines.append("boxes         1   2   3   4")
    for kind in range(4):
        cells = []
        for col in range(4):
            if col >= cols:
                cells.append("   ")
            else:
                q = s.boxes[kind * 4 + col]
                cells.append(_paint(_ABBR[q], q, color) if q >= 0 else " . ")
        lines.append(f"{actions.BOX_KINDS[kind]:<12} " + " ".join(cells))
    lines.append("")
    lines.append(
        "ter   ctl  troops     loc log bld  oil prod"
        if narrow
        else "territory            ctl  troops        loc log bld   oil   prod"
    )
    for t, info in enumerate(BOARD.territories):
        troops = " ".join(f"{_LETTER[p]}{s.troops_at(t, p)}" for p in range(n) if s.troops_at(t, p))
        if t == 0:
            log = " ".join(f"{_LETTER[p]}{s.border_log[p]}" for p in range(n) if s.border_log[p])
            if narrow:
                lines.append(f"BRD   {'':<4} {troops:<10} {'':>3} {log}")
            else:
                lines.append(f"{'BRD Border':<20} {'':<4} {troops:<13} {'':>3} {log}")
            continue
        c = s.controller[t]
        if not s.explored[t]:
            ctl = "?"
        elif s.at_war(t):
            ctl = "war"
        else:
            ctl = _ABBR[c] if c >= 0 else "-"
        ctl = _paint(f"{ctl:<4}", c, color) if c >= 0 else f"{ctl:<4}"
        bld = "".join(BOARD.buildings[k].short * s.buildings[t * 4 + k] for k in range(4)) or "-"
        grp = {"south": "S", "east": "E"}.get(info.group, " ")
        name = f"{info.short} {info.name}"[:17]
        oil = f"{s.store[t]}/{rules.storage(s, t)}" if c >= 0 else "-"
        prod = f"{rules.production(s, t)}/{rules.required_logistics(s, t)}"
        if narrow:
            lines.append(
                f"{info.short} {grp} {ctl} {troops:<10} {s.locals[t] or '':>3} {s.logistics[t] or '':>3}"
                f" {bld:<3} {oil:>4} {prod:>4}"
            )
            continue
        lines.append(
            f"{name:<17} {grp}  {ctl} {troops:<13} {s.locals[t] or '':>3} {s.logistics[t] or '':>3}"
            f" {bld:<4} {oil:>5} {prod:>6}"
        )
    return "\n".join(lines)


def question(s: Any) -> str:
    """What the player to move is asked."""
    if s.stage == GAME_OVER:
        return "the game is over"
    cur = rules.current_player(s)
    if cur < 0:
        return f"chance: {s.decision_name()}"
    extra = ""
    if s.stage == S_ACTION:
        extra = f" ({rules.dollars(s.money[cur])}, {s.oil[cur]} oil)"
    elif s.moves and s.stage in (S_MOVE_FROM, S_BUILD):
        extra = f" ({s.moves} left)"
    elif s.stage == S_BUY:
        extra = f" ({s.units} units left, {rules.dollars(s.money[cur])})"
    return f"{rules.seat_name(cur)}: {s.decision_name()}{extra}"


def default_choice(s: Any) -> tuple[int, str] | None:
    """The last steps of a movement (how many troops, how many logistics): Enter moves all
    of them, the most the list offers."""
    if s.stage not in (S_MOVE_TROOPS, S_MOVE_LOG) or rules.current_player(s) < 0:
        return None
    counts = [a for a in s.legal_actions() if actions.MOVE_COUNT <= a < actions.BUILD]
    return (max(counts), "all of them") if counts else None


def choices(s: Any, legal: list[int]) -> ChoiceGroups:
    """The legal actions grouped by their first word (``sell``, ``buy``, ``build`` ...)."""
    return choices_by_verb(s, legal, ("sell", "buy", "build", "attack", "influence", "produce", "from", "to"))


def describe_action(s: Any, action: int, viewer: int | None) -> str:
    """One log line for ``action`` (state before it)."""
    cur = rules.current_player(s)
    if cur < 0:
        return f"{s.decision_name()}: {s.action_to_string(action)}"
    return f"{rules.seat_name(cur)}: {s.action_to_string(action)}"


def describe_change(before: Any, action: int, after: Any, viewer: int | None) -> list[str]:
    """What the action caused: the engine's log lines it added (each names its cause)."""
    out = list(after.log[len(before.log) :])
    if after.stage == GAME_OVER and before.stage != GAME_OVER:
        out.append(f"GAME OVER: {result(after)}")
    return out


def show(s: Any, viewer: int | None, what: str) -> str:
    """A territory in detail, or the whole log."""
    key = what.strip().lower()
    if key == "log":
        return "\n".join(s.log) or "(nothing yet)"
    try:
        t = BOARD.territory(key)
    except Exception:
        raise ValueError(f"nothing called '{what}' to show; try: {SHOW_TOPICS}") from None
    info = BOARD.territories[t]
    nb = ", ".join(BOARD.territories[j].name for j in BOARD.neighbours[t])
    lines = [f"{info.name} ({info.short}, {info.kind}, {info.group}); neighbours: {nb}"]
    if t > 0:
        c = s.controller[t]
        lines.append(
            f"  controller {rules.seat_name(c) if c >= 0 else 'none'}, explored {bool(s.explored[t])},"
            f" locals {s.locals[t]}, logistics {s.logistics[t]}, oil {s.store[t]}"
        )
        lines.append(
            f"  produces {rules.production(s, t)} oil with {rules.required_logistics(s, t)} logistics"
        )
        for k, b in enumerate(BOARD.buildings):
            if s.buildings[t * 4 + k]:
                lines.append(f"  {s.buildings[t * 4 + k]} {b.name}: {b.effect}")
    for p in range(s.n):
        if s.troops_at(t, p):
            lines.append(f"  {rules.seat_name(p)}: {s.troops_at(t, p)} troops")
    return "\n".join(lines)


# ---------------------------------------------------------------- the presentation
def _invasion_state(state: State) -> InvasionState:
    """A state of this game as the functions above read it (every state the game makes is one)."""
    return cast("InvasionState", state)


class InvasionPresentation(Presentation):
    """How to Invade's presentation: the functions of this module, typed for the CLI; the
    board (in line mode and in the full screen's pane) is :func:`render` in colour."""

    moves_help = HELP
    legend = LEGEND
    show_topics = SHOW_TOPICS

    def board(self, state: State, viewer: int | None) -> Drawing:
        return render(_invasion_state(state), viewer, width=SCREEN_WIDTH, color=True)

    def map_view(self, state: State, viewer: int | None, width: int) -> Drawing:
        return render(_invasion_state(state), viewer, width=width, color=True)

    def status(self, state: State, viewer: int | None) -> Drawing:
        return status(_invasion_state(state), viewer)

    def question(self, state: State) -> str:
        return question(state)

    def choices(self, state: State, legal: list[int]) -> ChoiceGroups:
        return choices(state, legal)

    def default_choice(self, state: State) -> tuple[int, str] | None:
        return default_choice(state)

    def describe_action(self, state: State, action: int, viewer: int | None) -> str:
        return describe_action(state, action, viewer)

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        return describe_change(before, action, after, viewer)

    def show(self, state: State, viewer: int | None, what: str) -> Drawing:
        return show(state, viewer, what)

    def result(self, state: State) -> str:
        return result(_invasion_state(state))


PRESENTATION = InvasionPresentation()
"""The one presentation of the game (``InvasionGame.presentation()``)."""
