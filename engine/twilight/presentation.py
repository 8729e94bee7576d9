"""Twilight Struggle's presentation (``TwilightGame.presentation()``), what the CLI
(``cli/screen.py``, ``cli/tui_views.py``) draws with, and what it shows besides the line
mode's screen (``render.py``):

- ``show(state, viewer, what)``: details on request (``show Iran``, ``show #27``, ``show hand``);
- ``map_view``, ``tracks``, ``hand`` (each ``(state, viewer, width)``): the panes of the full
  screen (``cli/tui.py``): the map fitted to the width, the tracks, the viewer's hand.

:class:`TwilightPresentation`'s methods are these functions, ``render.py``'s and the advice's
(``advice.py``), typed for the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.console import Group
from rich.text import Text

from realpolitik.engine.core.api import State, plural
from realpolitik.engine.core.presentation import ChoiceGroups, Drawing, Presentation
from realpolitik.engine.twilight import rules
from realpolitik.engine.twilight.advice import explain, move_danger, move_odds, why_illegal
from realpolitik.engine.twilight.board import (
    BOARD,
    CENTRAL_AMERICA,
    MIDDLE_EAST,
    REGION_NAMES,
    SOUTH_AMERICA,
    SOUTHEAST_ASIA,
    US,
    USSR,
)
from realpolitik.engine.twilight.cards import printed_number
from realpolitik.engine.twilight.render import (
    ABILITIES,
    COL,
    COLUMNS,
    HELP,
    LEGEND,
    MAP_REGIONS,
    PERIOD_NAMES,
    SHOW_TOPICS,
    STYLE,
    board,
    card_label,
    card_lines,
    card_side,
    choices,
    country_cell,
    country_name,
    describe_action,
    describe_change,
    edition,
    hand_lines,
    hand_visible,
    headline_line,
    ops_for,
    question,
    region_members,
    result,
    round_key,
    score_text,
    side_name,
    status,
    track_lines,
    turn_number,
    wrap,
)
from realpolitik.engine.twilight.state import N, TSState

if TYPE_CHECKING:
    from realpolitik.engine.twilight.game import TwilightState

__all__ = ["PRESENTATION", "TwilightPresentation", "hand", "map_view", "show", "tracks"]


def _country_query(text: str) -> int | None:
    key = " ".join(text.strip().lower().replace("_", " ").split())
    if not key:
        return None
    for i in range(N):
        if key in (BOARD.ids[i].replace("_", " "), BOARD.name[i].lower(), country_name(i).lower()):
            return i
    pref = [i for i in range(N) if BOARD.name[i].lower().startswith(key)]
    return pref[0] if len(pref) == 1 else None


_MIN_PREFIX = 4  # a region's name may be shortened to its first 4 letters or more


def _region_query(text: str) -> int | None:
    key = " ".join(text.strip().lower().replace("_", " ").split())
    for r, name in enumerate(REGION_NAMES):
        if key == name.lower() or (len(key) >= _MIN_PREFIX and name.lower().startswith(key)):
            return r
    return {"me": MIDDLE_EAST, "ca": CENTRAL_AMERICA, "sa": SOUTH_AMERICA, "sea": SOUTHEAST_ASIA}.get(key)


# ---------------------------------------------------------------- details on request
def show(state: TSState, viewer: int | None, what: str) -> Group:
    """Details on request: a country, a region, a card (#N), hand, discard, removed, effects, space.

    Raises:
        ValueError: naming what is accepted.
    """
    key = what.strip().lower()
    if key in ("hand", "cards"):
        sides = (USSR, US) if viewer is None else (viewer,)
        lines: list[Text] = []
        for s in sides:
            lines.extend(hand_lines(state, s, verbose=True))
        return Group(*lines)
    if key in ("discard", "discards", "removed"):
        pile = state.removed if key == "removed" else state.discard
        title = "Removed from the game" if key == "removed" else "Discard pile"
        lines = [Text(f"{title} ({plural(len(pile), 'card')})", style="bold")]
        lines.extend(t for n in sorted(pile) for t in card_lines(state, n, None, False))
        return Group(*lines)
    if key in ("effects", "persistent"):
        effects = [n for n in range(1, 111) if state.flag(n) and n in BOARD.cards]
        lines = [Text("Events in effect", style="bold")]
        if not effects:
            lines.append(Text("  none"))
        lines.extend(t for n in effects for t in card_lines(state, n, None, True))
        return Group(*lines)
    if key in ("space", "space race"):
        lines = [Text("Space race (box: ops needed, roll needed, VP first/second, ability)", style="bold")]
        for box in range(1, 9):
            ops_n, roll, v1, v2, ab = BOARD.space[box]
            here = [side_name(s) for s in (USSR, US) if state.space[s] == box]
            mark = f"  <- {', '.join(here)}" if here else ""
            ab_txt = ABILITIES.get(ab, "") if ab != "none" else ""
            lines.append(Text(f"  {box}: {ops_n} ops, 1-{roll}, {v1}/{v2} VP {ab_txt}".rstrip() + mark))
        return Group(*lines)
    num = key[1:] if key.startswith("#") else key
    if num.isdigit():
        printed = {printed_number(n, edition(state)): n for n in BOARD.cards}  # as printed
        return _show_card(state, viewer, printed.get(int(num), int(num)))
    r = _region_query(key)
    if r is not None:
        return _show_region(state, r)
    c = _country_query(key)
    if c is not None:
        return _show_country(state, c)
    raise ValueError(f"nothing called '{what.strip()}' to show; try {SHOW_TOPICS}")


def _show_card(state: TSState, viewer: int | None, n: int) -> Group:
    c = BOARD.cards.get(n)
    if c is None:
        raise ValueError(f"there is no card #{n} (cards are numbered 1-{max(BOARD.cards)})")
    where = "in the deck or an unseen hand"
    for side in (USSR, US):
        if n in state.hands[side] and hand_visible(state, side, viewer):
            where = f"in the {side_name(side)} hand"
    if n in state.discard:
        where = "in the discard pile"
    elif n in state.removed:
        where = "removed from the game"
    elif n in state.inplay:
        where = "on the table"
    elif n in state.box:
        where = "not yet in the deck (later war period)"
    elif n == rules.CHINA:
        where = f"held by the {side_name(state.china)}"
    kind = "scoring card" if c.scoring else f"{c.ops} ops"
    lines = [
        Text(f"{card_label(n, state)}", style=f"bold {STYLE[c.side]}" if c.side in (USSR, US) else "bold"),
        Text(
            f"  {kind}, {card_side(n)} event, {PERIOD_NAMES[c.period]}"
            + (", removed after its event (*)" if c.starred else "")
            + (", lasting effect" if c.persistent else "")
        ),
        Text(f"  {where}" + ("; its effect is in play" if state.flag(n) else "")),
    ]
    lines.extend(Text("  " + line) for line in wrap(c.text, 74))
    return Group(*lines)


def _show_region(state: TSState, r: int) -> Group:
    lines = [Text(f"{REGION_NAMES[r]}", style="bold")]
    mask = rules.defcon_blocked(state) & BOARD.region_mask[r]
    if mask:
        lines.append(Text(f"  DEFCON {state.defcon}: no coups or realignments here"))
    tally = rules.region_tally(state, r) if r != SOUTHEAST_ASIA else None
    if tally is not None:
        lines.append(
            Text(
                f"  countries/battlegrounds controlled: USSR {tally[0][0]}/{tally[0][1]}, US {tally[1][0]}/{tally[1][1]}"
            )
        )
    lines.append(Text(COLUMNS, style="dim"))
    for c in region_members(r):
        lines.append(country_cell(state, c))
    return Group(*lines)


def _show_country(state: TSState, c: int) -> Group:
    ctrl = state.controller(c)
    nb = ", ".join(country_name(n) for n in BOARD.neighbours[c])
    sup = [side_name(s) for s in (USSR, US) if BOARD.adj_superpower[s] >> c & 1]
    lines = [
        Text(f"{BOARD.name[c]} ({REGION_NAMES[BOARD.region_of[c]]})", style="bold"),
        Text(f"  stability {BOARD.stability[c]}{', battleground' if BOARD.battleground[c] else ''}"),
        Text(
            f"  influence USSR {state.influence(USSR, c)}, US {state.influence(US, c)}; "
            f"{'controlled by the ' + side_name(ctrl) if ctrl >= 0 else 'uncontrolled'}"
        ),
        Text(
            f"  to control: USSR needs {state.influence_to_control(USSR, c)}, US needs {state.influence_to_control(US, c)}"
        ),
        Text(f"  adjacent: {nb or 'none'}" + (f"; next to the {' and '.join(sup)}" if sup else "")),
    ]
    if rules.defcon_blocked(state) >> c & 1:
        lines.append(Text(f"  DEFCON {state.defcon}: no coups or realignments here"))
    return Group(*lines)


# ---------------------------------------------------------------- panes of the full screen
def map_view(state: TSState, viewer: int | None, width: int = 80) -> Group:
    """The map alone, by region, in as many country columns as ``width`` holds (the full
    screen's board pane; ``board`` is the whole line-mode screen)."""
    cols = max(1, (width + 2) // (COL + 2))
    hdr = f"{' Country':<21}{'St':>2}{'USSR':>5}{'US':>4}  Ctrl"
    lines = [Text(" | ".join([f"{hdr:<{COL - 1}}"] * cols).rstrip(), style="dim")]
    for r in MAP_REGIONS:
        members = region_members(r)
        ussr_ctl = sum(1 for c in members if state.controller(c) == USSR)
        us_ctl = sum(1 for c in members if state.controller(c) == US)
        head = Text(f"-- {REGION_NAMES[r]} ", style="bold")
        head.append(f"(controlled: USSR {ussr_ctl}, US {us_ctl})")
        if rules.defcon_blocked(state) & BOARD.region_mask[r]:
            head.append(" no coups/realigns (DEFCON)", style="bold red")
        lines.append(head)
        rows = (len(members) + cols - 1) // cols
        for i in range(rows):
            row = Text()
            for j in range(cols):
                k = j * rows + i
                if k >= len(members):
                    break
                if j:
                    row.append("| ")
                row.append_text(country_cell(state, members[k]))
            row.rstrip()
            lines.append(row)
    lines.append(Text("* battleground, St stability, Ctrl the side in control", style="dim"))
    return Group(*lines)


def tracks(state: TSState, viewer: int | None, width: int = 80) -> Group:
    """Turn, DEFCON, VP, military operations, space race, China Card and events in effect
    (the full screen's tracks pane)."""
    lines = track_lines(state)
    hl = headline_line(state, viewer)
    if hl is not None:
        lines.append(hl)
    return Group(*lines)


def hand(state: TSState, viewer: int | None, width: int = 80) -> Group:
    """The viewer's hand, one card a line fitted to ``width``, and the opponent's hand size
    (its cards when an event revealed them; both hands for ``viewer=None``)."""
    sides = (USSR, US) if viewer is None else (viewer, 1 - viewer)
    lines: list[Text] = []
    for side in sides:
        china = f" + China ({'up' if state.china_up else 'down'})" if state.china == side else ""
        if not hand_visible(state, side, viewer):
            lines.append(
                Text(
                    f"{side_name(side)} hand: {plural(len(state.hands[side]), 'card')}{china}",
                    style=STYLE[side],
                )
            )
            continue
        cards = sorted(state.hands[side])
        lines.append(
            Text(f"{side_name(side)} hand ({plural(len(cards), 'card')}){china}", style=f"bold {STYLE[side]}")
        )
        room = max(8, width - 21)
        for n in cards:
            c = BOARD.cards.get(n)
            if c is None:
                lines.append(Text(f" #{n}"))
                continue
            title = c.title if len(c.title) <= room else c.title[: room - 1] + "~"
            t = Text(f" #{printed_number(n, edition(state)):<3} ")
            t.append(f"{title:<{room}}", style=STYLE[c.side] if c.side in (USSR, US) else "")
            t.append(" score" if c.scoring else f" {ops_for(state, n, side)} ops")
            t.append(f" {card_side(n):<4} {'*' if c.starred else ''}")
            t.rstrip()
            lines.append(t)
    return Group(*lines)


# ---------------------------------------------------------------- the presentation
def _ts(state: State) -> TSState:
    """A state of this game as the functions above read it (every state the game makes is one)."""
    return cast("TSState", state)


def _tw(state: State) -> TwilightState:
    """A state of this game as the question and log functions read it."""
    return cast("TwilightState", state)


class TwilightPresentation(Presentation):
    """Twilight Struggle's presentation: the functions of this module, typed for the CLI."""

    moves_help = HELP
    legend = LEGEND
    show_topics = SHOW_TOPICS

    def board(self, state: State, viewer: int | None) -> Drawing:
        return board(_ts(state), viewer)

    def map_view(self, state: State, viewer: int | None, width: int) -> Drawing:
        return map_view(_ts(state), viewer, width)

    def tracks(self, state: State, viewer: int | None, width: int) -> Drawing | None:
        return tracks(_ts(state), viewer, width)

    def hand(self, state: State, viewer: int | None, width: int) -> Drawing | None:
        return hand(_ts(state), viewer, width)

    def status(self, state: State, viewer: int | None) -> Drawing:
        return status(_ts(state), viewer)

    def round_key(self, state: State) -> object | None:
        return round_key(_ts(state))

    def question(self, state: State) -> str:
        return question(_tw(state))

    def choices(self, state: State, actions: list[int]) -> ChoiceGroups:
        return choices(_tw(state), actions)

    def describe_action(self, state: State, action: int, viewer: int | None) -> str:
        return describe_action(_tw(state), action, viewer)

    def describe_change(self, before: State, action: int, after: State, viewer: int | None) -> list[str]:
        return describe_change(_ts(before), action, _ts(after), viewer)

    def move_odds(self, state: State, action: int) -> str | None:
        return move_odds(_ts(state), action)

    def move_danger(self, state: State, action: int) -> str | None:
        return move_danger(_ts(state), action)

    def why_illegal(self, state: State, text: str) -> str | None:
        return why_illegal(_ts(state), text)

    def explain(self, before: State, after: State, seat: int) -> str:
        return explain(before, after, seat)

    def turn_number(self, state: State) -> int | None:
        return turn_number(_ts(state))

    def score_text(self, state: State) -> str:
        return score_text(_ts(state))

    def show(self, state: State, viewer: int | None, what: str) -> Drawing:
        return show(_ts(state), viewer, what)

    def result(self, state: State) -> str:
        return result(_ts(state))


PRESENTATION = TwilightPresentation()
"""The one presentation of the game (``TwilightGame.presentation()``)."""
