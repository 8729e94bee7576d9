"""War on Terror on the terminal: the world by continent, money, hands, the evil marker.

``render(state, seat, width=80, color=True)`` returns the table as ``seat`` sees it (its own
side's hand, never another's; ``seat=None`` shows every hand, for replays). ``status`` is the
one-line summary at prompts; ``question``, ``choices``, ``describe_action`` and
``describe_change`` serve the CLI (``cli/screen.py``), which reaches them through
:class:`WarOnTerrorPresentation` (``WarOnTerrorGame.presentation()``): every change in the
log names the card or roll that caused it, and a combat roll is shown with the total it needed.

A country cell reads ``BRA Red-t 9 V R``: abbreviation, the empire and size of its
development (v village, t town, c city), its oil number (``?`` face down, ``-`` blank), the
terrorist unit (V vanguard, C column, X cell) and ``R`` for radiation. See ``LEGEND``.
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
from realpolitik.engine.waronterror import actions, rules
from realpolitik.engine.waronterror.board import BOARD, SIZE_NAMES, UNIT_NAMES
from realpolitik.engine.waronterror.state import (
    GAME_OVER,
    OUT_OF_TURN,
    P_ASK,
    P_AXIS,
    P_COMBAT,
    P_DEBT,
    P_DIE,
    P_OIL,
    P_OUT,
    P_RESPOND,
    P_SETUP,
    PHASE_NAMES,
)

if TYPE_CHECKING:
    from realpolitik.engine.waronterror.game import WarOnTerrorState

__all__ = [
    "HELP",
    "LEGEND",
    "PRESENTATION",
    "SHOW_TOPICS",
    "WarOnTerrorPresentation",
    "choices",
    "describe_action",
    "describe_change",
    "question",
    "render",
    "result",
    "show",
    "status",
]

K = len(BOARD.cards)
N = BOARD.n
_SEAT_COLOUR_CODES = ("31", "34", "32", "33", "35", "36")
_SIZE_LETTER = " vtc"
_UNIT_LETTER = " VCX"

HELP = """\
Type a move's number from the list, or its text (a unique prefix is enough):
  end turn                    roll the oil dice and end your turn
  build village in Brazil     a development (also: build town/city in ...; skipping a size
                              counts as one development and costs both sizes)
  dismantle Brazil            remove your development for the price of its piece
  play War (7+)               play a card, then:  target Peru  (then the 2d6 is rolled)
  buy empire card             50m, up to 2 a turn (an Evil Empire may buy terrorist cards)
  buy vanguard in Peru        a terrorist vanguard straight onto the board (10m)
  buy vanguard for the camp   a unit kept in your training camp (also: buy column/cell for
                              the camp, 50m/100m)
  upgrade unit in Peru        vanguard -> column (40m), column -> cell (50m)
  place camp column in Peru   a unit from your training camp onto the board
  move unit from Peru         a terrorist move (then: target Brazil)
  become terrorist            change sides now (your turn ends)
When another player's card targets one of your developments (War, Regime Change, Nuclear
Weapons, a terrorist attack, Oil Theft), you answer before it resolves:
  dismantle Brazil            take the refund now; the card is spent on an empty country
  become terrorist            change sides now; the card is spent
  let it resolve              the card goes on (its 2d6 is rolled)
At the start of every other player's turn, and before a card makes you pay, you are asked:
  no action out of turn       go on (the usual answer)
  act out of turn             then: dismantle Brazil, become terrorist, done out of turn
When you owe more than you hold, you choose what to remove for its refund:
  dismantle Brazil            until the debt is paid (you keep the rest)
Commands: help, legend, log N, show <topic>, hint, undo, save, quit."""

LEGEND = """\
Board cells: ABR Owner-s oil unit R
  ABR       country abbreviation (see 'show countries')
  Owner-s   the empire with a development there and its size: v village, t town, c city
  oil       the country's oil number; ? face down (no one has built there yet), - blank
  unit      terrorist unit: V vanguard, C column (blocks building), X cell (blocks building
            and oil income)
  R         radiation counter (nothing bigger than a village, no oil income)
Continent heads: name (liberation points) and who holds how many of its countries;
  'free' marks a continent the terrorists score (no empire development there; under the
  'cleared' house rule only once a card cleared it).
Money is in millions (m). LP = liberation points, 'need' = points to win now.
Hands: E empire cards, T terrorist cards. EVIL marks the Evil Empire (Axis of Evil).
Camp: units in a training camp, V/C/X as on the board."""

SHOW_TOPICS = "countries, cards, hand"


def _paint(text: str, seat: int, color: bool) -> str:
    if not color or seat < 0:
        return text
    return f"\x1b[{_SEAT_COLOUR_CODES[seat]}m{text}\x1b[0m"


def _seat(s: WarOnTerrorState, p: int, color: bool = False) -> str:
    name = rules.SEAT_NAMES[p]
    return _paint(name, p, color)


def _visible_length(x: str) -> int:
    return len(re.sub(r"\x1b\[[0-9;]*m", "", x))


def cell(s: WarOnTerrorState, c: int, color: bool = False) -> str:
    """One country as ``ABR Owner-s oil unit R``."""
    parts = [BOARD.abbr[c]]
    if s.owner[c] >= 0:
        parts.append(_paint(f"{rules.SEAT_NAMES[s.owner[c]]}-{_SIZE_LETTER[s.size[c]]}", s.owner[c], color))
    parts.append(("-" if not s.chit[c] else str(s.chit[c])) if s.revealed[c] else "?")
    if s.unit[c]:
        parts.append(_UNIT_LETTER[s.unit[c]])
    if s.radiation[c]:
        parts.append("R")
    return " ".join(parts)


def _side_name(s: WarOnTerrorState, p: int) -> str:
    return "Terrorists" if s.terrorist[p] else rules.SEAT_NAMES[p]


def status(s: WarOnTerrorState, seat: int | None = None, color: bool = False) -> str:
    """One line: round, whose turn, what the action die allowed, money."""
    if s.phase == GAME_OVER:
        return f"Game over after round {s.round}: {result(s)}"
    if s.phase in (P_SETUP,) or s.round == 0:
        who = _seat(s, s.actor, color) if s.setup_order else "-"
        return f"Preparation round · {who} places {s.setup_left} village(s)"
    terrorists_play = rules.terrorist_turn(s)
    turn = rules.turn_actor(s)
    whose = "Terrorists" + f" ({_seat(s, turn, color)} decides)" if terrorists_play else _seat(s, turn, color)
    left = (
        f"moves {s.moves}"
        if terrorists_play
        else f"builds {s.builds}" + (f"+{s.free_builds} free" if s.free_builds else "")
    )
    money = " ".join(f"{_seat(s, p, color)} {s.money[p]}m" for p in s.empires()) + (
        f" Terrorists {s.money[s.n]}m" if s.terrorist_seats else ""
    )
    evil = f" · EVIL {rules.SEAT_NAMES[s.evil]}" if s.evil >= 0 else ""
    if s.phase == P_RESPOND:
        evil += f" · {_seat(s, s.actor, color)} answers {BOARD.cards[s.pending_card].name}"
    elif s.phase in (P_ASK, P_OUT):
        evil += f" · {_seat(s, s.actor, color)} out of turn"
    elif s.phase == P_DEBT:
        evil += f" · {_seat(s, s.actor, color)} owes {s.debts[1]}m"
    return f"Round {s.round} · {whose}'s turn · {left}, card buys {s.buys}{evil} · {money}"


def render(s: WarOnTerrorState, seat: int | None, width: int = 80, color: bool = True) -> str:
    """The table as ``seat`` sees it (None: everything, for replays)."""
    lines = [status(s, seat, color)]
    if s.phase == GAME_OVER:
        lines.append(result(s))
    emp = s.empires()
    need = BOARD.points_to_win[len(emp)] if emp else 0
    empire_points_text = ", ".join(f"{_seat(s, p, color)} {rules.liberation_points(s, p)}" for p in emp)
    terrorist_points_text = f", Terrorists {rules.terrorist_points(s)}" if s.terrorist_seats else ""
    lines.append(f"LP (need {need}): {empire_points_text}{terrorist_points_text}")
    for k, mem in enumerate(BOARD.members):
        holders: dict[int, int] = {}
        for c in mem:
            if s.owner[c] >= 0:
                holders[s.owner[c]] = holders.get(s.owner[c], 0) + 1
        held = " ".join(f"{_seat(s, p, color)} {v}/{len(mem)}" for p, v in sorted(holders.items()))
        freed = " free" if not holders and (s.freed[k] or not s.cleared_only) else ""
        lines.append(f"{BOARD.continents[k]} ({BOARD.continent_value[k]} LP){freed}: {held or 'empty'}")
        line = "  "
        for c in mem:
            piece = cell(s, c, color)
            if _visible_length(line) + _visible_length(piece) + 3 > width and line.strip():
                lines.append(line.rstrip(" |"))
                line = "  "
            line += piece + " | "
        lines.append(line.rstrip(" |"))
    for p in range(s.n):
        side = s.side(p)
        if s.terrorist[p] and p != s.terrorist_seats[0]:
            continue
        name = (
            "Terrorists (" + ", ".join(rules.SEAT_NAMES[x] for x in s.terrorist_seats) + ")"
            if s.terrorist[p]
            else rules.SEAT_NAMES[p]
        )
        e, t = _counts(s, side)
        camp = "".join(f"{s.camp[side * 4 + z]}{_UNIT_LETTER[z]}" for z in (1, 2, 3) if s.camp[side * 4 + z])
        evil = " EVIL" if s.evil == p else ""
        lines.append(
            f"{_paint(name, -1 if s.terrorist[p] else p, color)}{evil}: {s.money[side]}m, hand {e}E {t}T"
            + (f", camp {camp}" if camp else "")
        )
    if seat is not None:
        lines.append(f"Your hand: {_hand_text(s, s.side(seat)) or 'no cards'}")
    else:
        for x in range(s.n + 1):
            if x == s.n and not s.terrorist_seats:
                continue
            if x < s.n and s.terrorist[x]:
                continue
            who = "Terrorists" if x == s.n else rules.SEAT_NAMES[x]
            lines.append(f"{who} hand: {_hand_text(s, x) or '-'}")
    lines.append(
        f"Decks: empire {len(s.decks[0])}, terrorist {len(s.decks[1])}; radiation counters left "
        f"{rules.radiation_left(s)}"
    )
    return "\n".join(lines)


def _counts(s: WarOnTerrorState, side: int) -> tuple[int, int]:
    h = s.hand[side * K : side * K + K]
    e = sum(h[k] for k in range(K) if BOARD.cards[k].deck == 0)
    return e, sum(h) - e


def _hand_text(s: WarOnTerrorState, side: int) -> str:
    return ", ".join(
        f"{BOARD.cards[k].name}" + (f" x{s.hand[side * K + k]}" if s.hand[side * K + k] > 1 else "")
        for k in range(K)
        if s.hand[side * K + k]
    )


def result(s: WarOnTerrorState) -> str:
    """How the game ended (empty while it runs)."""
    if s.result is None:
        return ""
    win = [p for p in range(s.n) if s.result[p] > 0]
    names = " and ".join(rules.SEAT_NAMES[p] for p in win)
    why = {
        "empire victory": "liberation points",
        "terrorist victory": "the terrorists freed enough continents",
        "world peace": "World Peace: no terrorist left on the board",
        "no empire left": "the last empire fell: the whole table shares the terrorists' win",
        "round limit": "the round limit (nearest to its target)",
    }.get(s.end_reason, s.end_reason)
    return f"{names} {'wins' if len(win) == 1 else 'share the win'} ({why})."


def question(s: Any) -> str:
    """What the player to move is asked."""
    cur = rules.current_player(s)
    if cur < 0:
        return "the game is over" if s.phase == GAME_OVER else "chance"
    who = rules.SEAT_NAMES[cur] + (" for the terrorists" if s.terrorist[cur] else "")
    if s.phase == P_RESPOND:
        t = s.pending_target
        return (
            f"{who}: {rules.SEAT_NAMES[s.paused]} plays {BOARD.cards[s.pending_card].name} on your "
            f"{SIZE_NAMES[s.size[t]]} in {BOARD.countries[t]} (dismantle it for "
            f"{BOARD.build_cost[s.size[t]]}m, change sides, or let it resolve)"
        )
    if s.phase in (P_ASK, P_OUT):
        before = (
            f"{rules.SEAT_NAMES[s.paused]} plays {BOARD.cards[s.pending_card].name}"
            if s.pending_card >= 0
            else f"{_side_name(s, s.paused)}'s turn begins"
        )
        if s.phase == P_ASK:
            return f"{who}, out of turn: {before}. Act out of turn (dismantle, change sides)?"
        return f"{who}, acting out of turn: {before}. Dismantle, change sides, or done"
    if s.phase == P_DEBT:
        return (
            f"{who}, in debt: you owe {s.debts[1]}m and hold {s.money[cur]}m; choose a "
            "development to dismantle for its refund"
        )
    return f"{who}: {PHASE_NAMES[s.phase]}"


def choices(s: Any, legal: list[int]) -> ChoiceGroups:
    """The legal actions grouped by verb; end turn and the answers first, untitled."""
    return choices_by_verb(s, legal, ("play", "build", "dismantle", "buy", "upgrade", "place", "move"))


def describe_action(s: Any, action: int, viewer: int | None) -> str:
    """One log line for ``action`` (state before it), as ``viewer`` may see it."""
    cur = rules.current_player(s)
    text: str = s.action_to_string(action)
    if cur < 0:
        if s.phase == P_COMBAT:
            k, t = s.pending_card, s.pending_target
            need = rules.combat_need(s, k, t)
            verdict = "hit" if action - actions.CHANCE_OUTCOME >= need else "miss"
            return f"{BOARD.cards[k].name} on {BOARD.countries[t]}: 2d6 {action - actions.CHANCE_OUTCOME}, needs {need}: {verdict}"
        if s.phase == P_OIL:
            return f"oil dice: {action - actions.CHANCE_OUTCOME} (ends {_side_name(s, s.actor)}'s turn)"
        if s.phase == P_DIE:
            return f"{_side_name(s, s.actor)} rolls the {text}"
        return text
    if s.phase == P_RESPOND:
        return f"{rules.SEAT_NAMES[cur]} answers {BOARD.cards[s.pending_card].name}: {text}"
    if s.phase in (P_ASK, P_OUT, P_DEBT):
        return f"{rules.SEAT_NAMES[cur]} (out of turn): {text}"
    who = rules.SEAT_NAMES[cur] + (" (terrorists)" if rules.terrorist_turn(s) else "")
    return f"{who}: {text}"


def describe_change(before: Any, action: int, after: Any, viewer: int | None) -> list[str]:
    """What ``action`` changed, one line each, naming the card or roll that caused it."""
    b, a = before, after
    why = _cause(b, action)
    cause = f" ({why})" if why else ""
    out: list[str] = []
    for c in range(N):
        if (b.owner[c], b.size[c]) != (a.owner[c], a.size[c]):
            was = f"{rules.SEAT_NAMES[b.owner[c]]} {SIZE_NAMES[b.size[c]]}" if b.owner[c] >= 0 else "nothing"
            now = f"{rules.SEAT_NAMES[a.owner[c]]} {SIZE_NAMES[a.size[c]]}" if a.owner[c] >= 0 else "nothing"
            out.append(f"  {BOARD.countries[c]}: {was} -> {now}{cause}")
        if b.unit[c] != a.unit[c]:
            was = UNIT_NAMES[b.unit[c]] or "no unit"
            now = UNIT_NAMES[a.unit[c]] or "no unit"
            out.append(f"  {BOARD.countries[c]}: {was} -> {now}{cause}")
        if b.radiation[c] != a.radiation[c]:
            out.append(
                f"  {BOARD.countries[c]}: radiation {'placed' if a.radiation[c] else 'removed'}{cause}"
            )
        if not b.revealed[c] and a.revealed[c]:
            num = a.chit[c] or "blank"
            out.append(f"  {BOARD.countries[c]}: oil chit turned up: {num}")
    for x in range(a.n + 1):
        d = a.money[x] - b.money[x]
        if d and not (x < a.n and (a.terrorist[x] != b.terrorist[x])):
            who = "Terrorists" if x == a.n else rules.SEAT_NAMES[x]
            out.append(f"  {who} {'+' if d > 0 else ''}{d}m{cause}")
    for p in range(a.n):
        if a.terrorist[p] and not b.terrorist[p]:
            out.append(f"  {rules.SEAT_NAMES[p]} becomes a terrorist{cause}")
    if a.evil != b.evil:
        out.append(f"  Evil Empire: {rules.SEAT_NAMES[a.evil] if a.evil >= 0 else 'nobody'}{cause}")
    if a.phase == GAME_OVER and b.phase != GAME_OVER:
        out.append(f"GAME OVER: {result(a)}")
    return out


def _cause(b: Any, action: int) -> str:
    if b.phase == P_COMBAT:
        return f"{BOARD.cards[b.pending_card].name}, 2d6 {action - actions.CHANCE_OUTCOME}"
    if b.phase == P_OIL:
        return f"oil dice {action - actions.CHANCE_OUTCOME}"
    if b.phase == P_AXIS:
        return "Axis of Evil spin"
    if b.phase == P_DIE:
        return "action die"
    if b.phase == P_RESPOND:
        verb = "changed sides" if action == actions.BECOME else "dismantled"
        return f"{verb} in answer to {BOARD.cards[b.pending_card].name}"
    if b.phase == P_DEBT:
        return f"dismantled to pay a debt of {b.debts[1]}m"
    if b.phase in OUT_OF_TURN:
        return "changed sides out of turn" if action == actions.BECOME else "out of turn"
    if b.pending_card >= 0:
        name: str = BOARD.cards[b.pending_card].name
        return name
    if actions.PLAY <= action < actions.TARGET:
        return BOARD.cards[action - actions.PLAY].name
    if action in (actions.BECOME,):
        return "changed sides"
    return ""


def show(s: Any, viewer: int | None, what: str) -> str:
    """Details: ``countries`` (names, continents, borders), ``cards`` (every card type),
    ``hand`` (your cards)."""
    key = what.strip().lower()
    if key == "countries":
        lines = []
        for c in range(N):
            near = ", ".join(
                BOARD.abbr[d] + (f"~{BOARD.sea_cost[(c, d)]}m" if (c, d) in BOARD.sea_cost else "")
                for d in BOARD.map.neighbours[c]
            )
            lines.append(
                f"{BOARD.abbr[c]:4} {BOARD.countries[c]:16} {BOARD.continent_abbr[BOARD.continent[c]]:5} {near}"
            )
        return "\n".join(lines + ["(~Nm: a sea route and its cost)"])
    if key == "cards":
        return "\n".join(
            f"{c.name:28} {('empire', 'terrorist')[c.deck]:9} x{c.count:<2} "
            + (f"needs {c.roll}+ " if c.roll else "")
            + c.kind.replace("_", " ")
            for c in BOARD.cards
        )
    if key == "hand":
        side = s.side(viewer) if viewer is not None else s.n
        return _hand_text(s, side) or "no cards"
    raise ValueError(f"nothing called '{what.strip()}' to show; try: {SHOW_TOPICS}")


# ---------------------------------------------------------------- the presentation
def _as_waronterror_state(state: State) -> WarOnTerrorState:
    """A state of this game as the functions above read it (every state the game makes is one)."""
    return cast("WarOnTerrorState", state)


class WarOnTerrorPresentation(Presentation):
    """War on Terror's presentation: the functions of this module, typed for the CLI; the
    board (in line mode and in the full screen's pane) is :func:`render` in colour."""

    moves_help = HELP
    legend = LEGEND
    show_topics = SHOW_TOPICS

    def board(self, state: State, viewer: int | None) -> Drawing:
        return render(_as_waronterror_state(state), viewer, width=SCREEN_WIDTH, color=True)

    def map_view(self, state: State, viewer: int | None, width: int) -> Drawing:
        return render(_as_waronterror_state(state), viewer, width=width, color=True)

    def status(self, state: State, viewer: int | None) -> Drawing:
        return status(_as_waronterror_state(state), viewer)

    def question(self, state: State) -> str:
        return question(state)

    def choices(self, state: State, legal: list[int]) -> ChoiceGroups:
        return choices(state, legal)

    def describe_action(self, state: State, action: int, viewer: int | None) -> str:
        return describe_action(state, action, viewer)

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        return describe_change(before, action, after, viewer)

    def show(self, state: State, viewer: int | None, what: str) -> Drawing:
        return show(state, viewer, what)

    def result(self, state: State) -> str:
        return result(_as_waronterror_state(state))


PRESENTATION = WarOnTerrorPresentation()
"""The one presentation of the game (``WarOnTerrorGame.presentation()``)."""
